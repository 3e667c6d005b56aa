//! Customer accounts over HTTP: create an account, sign in and out, the anti-forgery token,
//! one account per email under concurrency, and nothing personal in the event store in clear.

use serde_json::{json, Value};

use crate::common::*;
use command::accounts::password;
use command::routes::accounts::{CAPTCHA_FAILED, CAPTCHA_NEEDED, EMAIL_TAKEN, INVALID_LOGIN};

async fn call(client: &mut Client, path: &str, body: Value) -> Answer {
    client.post_with_token(path, body).await
}

fn form(email: &str, password: &str) -> Value {
    json!({
        "firstName": "Jane",
        "lastName": "Doe",
        "emailAddress": email,
        "password": password,
        "phoneNumber": phone_of(email),
        "saveLogin": false
    })
}

/// A new env where Jane (jane@example.com, Password1) has just made her account.
async fn jane_registered() -> (TestEnv, Client, Answer) {
    let env = spawn_env().await;
    let mut jane = Client::new(&env);
    let made = call(
        &mut jane,
        "/account/register",
        form("jane@example.com", "Password1"),
    )
    .await;
    assert_eq!(made.json()["success"], true, "{}", made.body);
    (env, jane, made)
}

fn sign_in(email: &str, password: &str) -> Value {
    json!({"userName": email, "password": password, "saveLogin": true})
}

fn session_cookie(answer: &Answer) -> Option<String> {
    answer
        .headers
        .get_all("set-cookie")
        .iter()
        .map(|v| v.to_str().unwrap().to_string())
        .find(|c| c.starts_with("sf_session="))
}

async fn customers(env: &TestEnv) -> i64 {
    count(&env.pool, "SELECT count(*) FROM customers").await
}

#[tokio::test]
async fn token_header_calls_refuse_a_missing_or_wrong_token_and_change_nothing() {
    let env = spawn_env().await;
    let mut shopper = Client::new(&env);
    let mut other = shopper.other();
    let others_token = other.anti_forgery_token().await;
    for path in ["/account/register", "/account/authenticate"] {
        let body = if path.ends_with("register") {
            form("jane@example.com", "Password1")
        } else {
            sign_in("jane@example.com", "Password1")
        };
        for header in [None, Some("nonsense"), Some(others_token.as_str())] {
            let headers: Vec<(&str, &str)> = header
                .map(|t| vec![("requestverificationtoken", t)])
                .unwrap_or_default();
            let answer = shopper
                .send_with(
                    "POST",
                    path,
                    Some("application/json"),
                    body.to_string(),
                    &headers,
                )
                .await;
            assert_eq!(answer.status, 403, "{path} {header:?}: {}", answer.body);
            assert_eq!(answer.json()["code"], "AntiForgeryTokenInvalid");
        }
    }
    assert_eq!(customers(&env).await, 0);
    assert_eq!(count(&env.pool, "SELECT count(*) FROM events").await, 0);
}

#[tokio::test]
async fn an_account_is_made_once_per_email_with_the_spec_password_rules() {
    let env = spawn_env().await;
    let mut jane = Client::new(&env);
    for (weak, message) in [
        ("PASSWORD1", password::NEEDS_LOWERCASE),
        ("password1", password::NEEDS_UPPERCASE),
        ("Pass1", password::TOO_SHORT),
        ("Password", password::NEEDS_NUMBER),
    ] {
        let answer = call(
            &mut jane,
            "/account/register",
            form("jane@example.com", weak),
        )
        .await;
        assert_eq!(answer.status, 200);
        let body = answer.json();
        assert_eq!(body["success"], false);
        assert_eq!(body["errorMessage"], message);
        assert_eq!(body["reasonCode"], 6);
        assert!(session_cookie(&answer).is_none());
    }
    let bad_phone = json!({"phoneNumber": "555-1234"});
    let mut with_bad_phone = form("jane@example.com", "Password1");
    with_bad_phone["phoneNumber"] = bad_phone["phoneNumber"].clone();
    let answer = call(&mut jane, "/account/register", with_bad_phone).await;
    assert_eq!(
        answer.json()["errorMessage"],
        "Please enter a valid phone number."
    );
    assert_eq!(customers(&env).await, 0);

    let made = call(
        &mut jane,
        "/account/register",
        form("jane@example.com", "Password1"),
    )
    .await;
    assert_eq!(made.status, 200);
    assert_eq!(made.json()["success"], true, "{}", made.body);
    let cookie = session_cookie(&made).expect("signed in");
    assert!(cookie.contains("HttpOnly") && cookie.contains("SameSite=Lax"));
    assert!(
        !cookie.contains("Max-Age"),
        "without save login: a browser session"
    );
    assert_eq!(customers(&env).await, 1);

    let mut someone = jane.other();
    let again = call(
        &mut someone,
        "/account/register",
        form(" JANE@example.com", "Password2"),
    )
    .await;
    assert_eq!(again.json()["success"], false);
    assert_eq!(again.json()["errorMessage"], EMAIL_TAKEN);
    assert!(session_cookie(&again).is_none());
    assert_eq!(customers(&env).await, 1);
}

#[tokio::test]
async fn twenty_registrations_of_one_email_at_once_make_one_account() {
    let env = spawn_env().await;
    let first = Client::new(&env);
    let tries = (0..20).map(|i| {
        let mut client = first.other();
        async move {
            let answer = call(
                &mut client,
                "/account/register",
                form("race@example.com", &format!("Password{i}")),
            )
            .await;
            assert_eq!(answer.status, 200, "{}", answer.body);
            answer.json()["success"] == true
        }
    });
    let made = futures::future::join_all(tries)
        .await
        .into_iter()
        .filter(|made| *made)
        .count();
    assert_eq!(made, 1);
    assert_eq!(customers(&env).await, 1);
    assert_eq!(
        count(
            &env.pool,
            "SELECT count(*) FROM events WHERE aggregate_type = 'Customer'"
        )
        .await,
        1
    );
}

#[tokio::test]
async fn sign_in_rotates_the_session_and_asks_for_a_captcha_after_three_wrong_passwords() {
    let (env, mut jane, made) = jane_registered().await;
    let first = session_cookie(&made).unwrap();

    // Signing in again in the same browser: a new session id, the old session ended.
    let again = call(
        &mut jane,
        "/account/authenticate",
        sign_in("Jane@Example.com", "Password1"),
    )
    .await;
    let body = again.json();
    assert_eq!(body["success"], true, "{}", again.body);
    assert_eq!(body["passwordChangeRequired"], false);
    assert_eq!(body["captchaRequired"], false);
    let second = session_cookie(&again).unwrap();
    assert_ne!(first, second);
    assert!(second.contains("Max-Age=2592000"), "save login: 30 days");
    assert_eq!(
        count(
            &env.pool,
            "SELECT count(*) FROM customer_sessions WHERE ended_at IS NULL"
        )
        .await,
        1
    );
    assert_eq!(
        count(
            &env.pool,
            "SELECT count(*) FROM customer_sessions WHERE end_reason = 'SignedOut'"
        )
        .await,
        1
    );

    // Unknown addresses and wrong passwords get the same answer.
    let mut stranger = jane.other();
    let unknown = call(
        &mut stranger,
        "/account/authenticate",
        sign_in("nobody@example.com", "Password1"),
    )
    .await;
    assert_eq!(unknown.json()["errorMessage"], INVALID_LOGIN);
    assert_eq!(unknown.json()["success"], false);
    for attempt in 1..=3 {
        let wrong = call(
            &mut stranger,
            "/account/authenticate",
            sign_in("jane@example.com", "Wrong1234"),
        )
        .await;
        let body = wrong.json();
        assert_eq!(body["success"], false);
        assert!(session_cookie(&wrong).is_none());
        let captcha = attempt >= 3;
        assert_eq!(body["captchaRequired"], captcha, "attempt {attempt}");
        assert_eq!(
            body["errorMessage"],
            if captcha {
                CAPTCHA_NEEDED
            } else {
                INVALID_LOGIN
            }
        );
    }
    // Now the right password alone is not enough: the captcha first.
    let right = call(
        &mut stranger,
        "/account/authenticate",
        sign_in("jane@example.com", "Password1"),
    )
    .await;
    assert_eq!(right.json()["success"], false);
    assert_eq!(right.json()["captchaRequired"], true);
    assert_eq!(right.json()["errorMessage"], CAPTCHA_NEEDED);
    let with_captcha = |captcha: &str| {
        let mut body = sign_in("jane@example.com", "Password1");
        body["hasCaptcha"] = json!(true);
        body["captcha"] = json!(captcha);
        body
    };
    let challenge = stranger.get("/account/captcha").await.json();
    assert_eq!(challenge["kind"], "proofOfWork");
    let (challenge, difficulty) = (
        challenge["challenge"].as_str().unwrap().to_string(),
        challenge["difficulty"].as_u64().unwrap() as u8,
    );
    let failed = call(
        &mut stranger,
        "/account/authenticate",
        with_captcha(&format!("{challenge}:not-a-solution")),
    )
    .await;
    assert_eq!(failed.json()["success"], false);
    assert_eq!(failed.json()["captchaFailed"], true);
    assert_eq!(failed.json()["errorMessage"], CAPTCHA_FAILED);
    let solved = command::accounts::captcha::solve(&challenge, difficulty);
    let right = call(
        &mut stranger,
        "/account/authenticate",
        with_captcha(&solved),
    )
    .await;
    assert_eq!(right.json()["success"], true, "{}", right.body);
    assert_eq!(
        count(&env.pool, "SELECT failed_logins::bigint FROM customers").await,
        0,
        "a success clears the count"
    );
    // And the captcha with it.
    let plain = call(
        &mut stranger,
        "/account/authenticate",
        sign_in("jane@example.com", "Password1"),
    )
    .await;
    assert_eq!(plain.json()["success"], true);
}

#[tokio::test]
async fn sign_out_ends_the_session_and_goes_only_to_local_urls() {
    let (env, mut jane, _) = jane_registered().await;
    for (ref_url, to) in [
        ("%2Forders%2F%3Fx%3D1", "/orders/?x=1"),
        ("%2F%2Fevil.example", "/"),
        ("%2F%5Cevil.example", "/"),
        ("%2F%09%2Fevil.example", "/"),
        ("https%3A%2F%2Fevil.example", "/"),
        ("%252F%252Fevil", "/"),
    ] {
        let answer = jane
            .get(&format!("/account/logout/?refUrl={ref_url}"))
            .await;
        assert_eq!(answer.status, 303, "{ref_url}");
        assert_eq!(answer.headers["location"], to, "{ref_url}");
    }
    assert_eq!(
        count(
            &env.pool,
            "SELECT count(*) FROM customer_sessions WHERE ended_at IS NULL"
        )
        .await,
        0
    );
    let plain = jane.get("/account/logout/").await;
    assert_eq!(plain.headers["location"], "/");
    assert!(session_cookie(&plain).is_none(), "nothing to end");
}

#[tokio::test]
async fn nothing_personal_or_secret_enters_the_event_store_in_clear() {
    let env = spawn_env().await;
    let mut jane = Client::new(&env);
    call(
        &mut jane,
        "/account/register",
        form("jane.doe@example.com", "Sesame-Open1"),
    )
    .await;
    call(
        &mut jane,
        "/account/authenticate",
        sign_in("jane.doe@example.com", "Sesame-Open1"),
    )
    .await;
    let stored: Vec<(String,)> =
        sqlx::query_as("SELECT payload::text || metadata::text || aggregate_id FROM events")
            .fetch_all(&env.pool)
            .await
            .unwrap();
    assert!(stored.len() >= 4);
    for (text,) in stored {
        for secret in [
            "jane.doe",
            "Jane",
            "Doe",
            "5552345678",
            "234-5678",
            "Sesame",
            "$argon2",
        ] {
            assert!(!text.contains(secret), "{secret} in {text}");
        }
    }
}

#[tokio::test]
async fn forgetting_the_email_closes_the_account_and_frees_the_address() {
    let (env, jane, made) = jane_registered().await;
    assert_eq!(made.json()["success"], true);
    let report = storefront::privacy::forget_email(&env.pool, "Jane@example.com")
        .await
        .unwrap();
    assert!(report.account_closed && report.key_destroyed && report.recorded);
    assert_eq!(customers(&env).await, 0);
    assert_eq!(
        count(
            &env.pool,
            "SELECT count(*) FROM customer_sessions WHERE ended_at IS NULL"
        )
        .await,
        0
    );
    let signed_in = call(
        &mut jane.other(),
        "/account/authenticate",
        sign_in("jane@example.com", "Password1"),
    )
    .await;
    assert_eq!(
        signed_in.json()["success"],
        false,
        "the old password opens nothing"
    );
    let again = call(
        &mut jane.other(),
        "/account/register",
        form("jane@example.com", "Password2"),
    )
    .await;
    assert_eq!(again.json()["success"], true, "{}", again.body);
    assert_eq!(customers(&env).await, 1);
}

#[tokio::test]
async fn a_customer_sees_their_devices_and_ending_one_signs_that_browser_out() {
    let (env, mut laptop, _) = jane_registered().await;
    let mut phone = laptop.other();
    let signed_in = call(
        &mut phone,
        "/account/authenticate",
        sign_in("jane@example.com", "Password1"),
    )
    .await;
    assert_eq!(signed_in.json()["success"], true);
    // Someone else's sessions are not Jane's to see or end.
    let mut bob = laptop.other();
    let bob_form = json!({"firstName": "Bob", "lastName": "Roe", "emailAddress": "bob@example.com",
        "password": "Password1", "phoneNumber": "555 234 9999"});
    call(&mut bob, "/account/register", bob_form).await;

    let listed = laptop.get("/api/account/sessions").await;
    assert_eq!(listed.status, 200, "{}", listed.body);
    let sessions = listed.json()["sessions"].as_array().unwrap().clone();
    assert_eq!(sessions.len(), 2, "{sessions:?}");
    let current: Vec<_> = sessions.iter().filter(|s| s["current"] == true).collect();
    assert_eq!(current.len(), 1);
    let other = sessions.iter().find(|s| s["current"] == false).unwrap();
    assert!(other["device"].as_str().unwrap().contains(" on "));

    let bobs = bob.get("/api/account/sessions").await.json()["sessions"][0]["id"].clone();
    let refused = call(
        &mut laptop,
        "/api/account/sessions/end",
        json!({"id": bobs}),
    )
    .await;
    assert_eq!(refused.json()["success"], false);
    assert_eq!(
        bob.get("/api/account/sessions").await.status,
        200,
        "Bob stays signed in"
    );

    let ended = call(
        &mut laptop,
        "/api/account/sessions/end",
        json!({"id": other["id"]}),
    )
    .await;
    assert_eq!(ended.json()["success"], true, "{}", ended.body);
    let phone_after = phone.get("/api/account/sessions").await;
    assert_eq!(phone_after.status, 401, "the phone is signed out");
    assert_eq!(phone_after.json()["code"], "NotSignedIn");
    assert_eq!(
        laptop.get("/api/account/sessions").await.json()["sessions"]
            .as_array()
            .unwrap()
            .len(),
        1
    );
    assert_eq!(
        count(
            &env.pool,
            "SELECT count(*) FROM customer_sessions WHERE end_reason = 'EndedFromDeviceList'"
        )
        .await,
        1
    );
    let signed_out = laptop.other().get("/api/account/sessions").await;
    assert_eq!(signed_out.status, 401);
}

#[tokio::test]
async fn the_header_greets_the_signed_in_customer_by_first_name() {
    let (_env, mut jane, _) = jane_registered().await;
    let header = jane
        .get("/globalresource/header/?deptMenu=omit")
        .await
        .json();
    assert_eq!(header["loggedIn"], true);
    assert_eq!(header["greeting"], "Hi, Jane");
    assert_eq!(header["customer"]["firstName"], "Jane");
    assert_eq!(header["customer"]["customerHasRegistries"], false);
    // Another browser is a guest.
    let mut guest = jane.other();
    let header = guest
        .get("/globalresource/header/?deptMenu=omit")
        .await
        .json();
    assert_eq!(header["loggedIn"], false);
    assert_eq!(header["greeting"], Value::Null);
    assert_eq!(header["customer"], Value::Null);
    // Signed out, Jane's browser is a guest again.
    jane.get("/account/logout/").await;
    let header = jane
        .get("/globalresource/header/?deptMenu=omit")
        .await
        .json();
    assert_eq!(header["loggedIn"], false);
    assert_eq!(header["customer"], Value::Null);
}

#[tokio::test]
async fn a_replayed_idempotency_key_never_hands_over_another_browsers_session() {
    let (_env, jane, _) = jane_registered().await;
    let key = "5d0c4a8e-2f4b-4b7e-9a55-0d6f3c1e7a21";
    let body = sign_in("jane@example.com", "Password1").to_string();
    let mut laptop = jane.other();
    let token = laptop.anti_forgery_token().await;
    let first = laptop
        .send_with(
            "POST",
            "/account/authenticate",
            Some("application/json"),
            body.clone(),
            &[
                ("idempotency-key", key),
                ("requestverificationtoken", &token),
            ],
        )
        .await;
    assert_eq!(first.json()["success"], true);
    assert!(session_cookie(&first).is_some());
    // Someone who learnt the key sends it again, with their own token.
    let mut other = jane.other();
    let token = other.anti_forgery_token().await;
    let replay = other
        .send_with(
            "POST",
            "/account/authenticate",
            Some("application/json"),
            String::new() + "{\"userName\":\"jane@example.com\",\"password\":\"nope\"}",
            &[
                ("idempotency-key", key),
                ("requestverificationtoken", &token),
            ],
        )
        .await;
    assert!(replay.headers.get("idempotent-replayed").is_none());
    assert!(session_cookie(&replay).is_none());
    assert_eq!(replay.json()["success"], false);
    assert_eq!(other.get("/api/account/sessions").await.status, 401);
}
