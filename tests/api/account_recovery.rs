//! Getting back into an account over HTTP: recover mails a link (the same answer for any
//! address), the link sets a new password once and ends the account's other sessions;
//! verifyPassword; and the account calls' limits per address and per account, which hold
//! across two app instances on one database (two replicas).

use std::net::SocketAddr;
use std::time::Duration;

use axum::extract::connect_info::MockConnectInfo;
use serde_json::{json, Value};

use crate::common::*;
use command::accounts::password;
use command::routes::accounts::recovery::{RECOVER_MESSAGE, RESET_LINK_INVALID, WRONG_PASSWORD};
use command::routes::accounts::INVALID_LOGIN;

fn form(email: &str) -> Value {
    json!({
        "firstName": "Jane",
        "lastName": "Doe",
        "emailAddress": email,
        "password": "Password1",
        "phoneNumber": phone_of(email),
    })
}

fn sign_in(email: &str, password: &str) -> Value {
    json!({"userName": email, "password": password})
}

/// An app on `env`'s database with the test cookie keys (so two of them are two replicas),
/// whose requests come from `peer`.
fn replica(env: &TestEnv, peer: Option<&str>) -> Client {
    let mut state = storefront::app::AppParts::ephemeral(
        env.pool.clone(),
        env.bus.clone(),
        std::env::temp_dir().join("no-web-dir"),
    );
    state.cookies = kernel::identity::CookieSettings::new(
        kernel::secrets::Keyring::parse(TEST_COOKIE_KEYS).unwrap(),
    );
    let mut app = storefront::app::router(state, &storefront::Roles::all());
    if let Some(peer) = peer {
        let peer: SocketAddr = format!("{peer}:40000").parse().unwrap();
        app = app.layer(MockConnectInfo(peer));
    }
    Client {
        app,
        cookies: Default::default(),
    }
}

/// A solved proof-of-work captcha from `browser`'s store.
async fn solved_captcha(browser: &mut Client) -> String {
    let challenge = browser.get("/account/captcha").await.json();
    command::accounts::captcha::solve(
        challenge["challenge"].as_str().unwrap(),
        challenge["difficulty"].as_u64().unwrap() as u8,
    )
}

/// The text of the mail whose key starts with `password-reset:` for `subject`, waiting for it
/// (recover sends after answering).
async fn reset_mail(env: &TestEnv, subject: &str, tries: u32) -> Option<String> {
    for _ in 0..tries {
        let body: Option<String> = sqlx::query_scalar(
            "SELECT body FROM notifications WHERE subject = $1 AND key LIKE 'password-reset:%' \
             ORDER BY created_at DESC LIMIT 1",
        )
        .bind(subject)
        .fetch_optional(&env.pool)
        .await
        .unwrap();
        if body.is_some() {
            return body;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    None
}

async fn mails(env: &TestEnv) -> i64 {
    count(&env.pool, "SELECT count(*) FROM notifications").await
}

fn subject(email: &str) -> String {
    command::privacy::keys().unwrap().subject_for_email(email)
}

/// The `bid` and `at` of the link in a reset mail.
fn link_of(mail: &str) -> (String, String) {
    let url = mail
        .split_whitespace()
        .find(|w| w.contains("/account/reset-password/?"))
        .expect("the mail holds the link");
    assert!(
        url.starts_with("http://127.0.0.1:8080/account/reset-password/?bid="),
        "{url}"
    );
    let query = url.split_once('?').unwrap().1;
    let pairs: std::collections::HashMap<_, _> =
        query.split('&').filter_map(|p| p.split_once('=')).collect();
    (pairs["bid"].to_string(), pairs["at"].to_string())
}

#[tokio::test]
async fn recover_mails_a_link_that_sets_a_new_password_once_and_signs_everyone_else_out() {
    let env = spawn_env().await;
    let mut jane = Client::new(&env);
    let made = jane
        .post_with_token("/account/register", form("jane@example.com"))
        .await;
    assert_eq!(made.json()["success"], true, "{}", made.body);
    // Jane is also signed in on her phone.
    let mut phone = jane.other();
    let signed = phone
        .post_with_token(
            "/account/authenticate",
            sign_in("jane@example.com", "Password1"),
        )
        .await;
    assert_eq!(signed.json()["success"], true);
    assert_eq!(phone.get("/api/account/sessions").await.status, 200);

    // The same words for an address without an account, and no mail.
    let mut stranger = Client::new(&env);
    let answer = stranger
        .post_with_token(
            "/account/recover",
            json!({"emailAddress": "nobody@example.com"}),
        )
        .await;
    assert_eq!(answer.status, 200);
    assert_eq!(answer.json()["success"], true);
    assert_eq!(answer.json()["message"], RECOVER_MESSAGE);
    let mut forgetful = Client::new(&env);
    let answer = forgetful
        .post_with_token(
            "/account/recover",
            json!({"emailAddress": "JANE@example.com"}),
        )
        .await;
    assert_eq!(answer.json()["message"], RECOVER_MESSAGE);
    let mail = reset_mail(&env, &subject("jane@example.com"), 100)
        .await
        .expect("Jane gets a reset mail");
    // Asked first, so done by now; a little longer to be sure.
    assert_eq!(
        reset_mail(&env, &subject("nobody@example.com"), 10).await,
        None
    );
    assert_eq!(mails(&env).await, 1);
    let (bid, at) = link_of(&mail);

    // The link's token is in no event (only its hash).
    let events: Vec<String> = sqlx::query_scalar("SELECT payload::text FROM events")
        .fetch_all(&env.pool)
        .await
        .unwrap();
    assert!(events.iter().all(|e| !e.contains(&at)));

    let reset = |password: &str, at: &str| json!({"bid": bid, "at": at, "newPassword": password, "rememberMe": false});
    let weak = forgetful
        .post_with_token("/account/reset", reset("password1", &at))
        .await;
    assert_eq!(weak.json()["success"], false);
    assert_eq!(weak.json()["errorMessage"], password::NEEDS_UPPERCASE);
    assert_eq!(weak.json()["reasonCode"], 6);
    let wrong = forgetful
        .post_with_token("/account/reset", reset("NewPassword2", "0123abcd"))
        .await;
    assert_eq!(wrong.json()["errorMessage"], RESET_LINK_INVALID);

    let done = forgetful
        .post_with_token("/account/reset", reset("NewPassword2", &at))
        .await;
    assert_eq!(done.json()["success"], true, "{}", done.body);
    // The browser that reset is signed in; the others are not.
    assert_eq!(forgetful.get("/api/account/sessions").await.status, 200);
    assert_eq!(phone.get("/api/account/sessions").await.status, 401);
    assert_eq!(jane.get("/api/account/sessions").await.status, 401);
    assert_eq!(
        count(
            &env.pool,
            "SELECT count(*) FROM customer_sessions WHERE end_reason = 'PasswordChanged'"
        )
        .await,
        2
    );

    // Used once: the same link again is refused and changes nothing.
    let again = stranger
        .post_with_token("/account/reset", reset("Another3Password", &at))
        .await;
    assert_eq!(again.json()["success"], false);
    assert_eq!(again.json()["errorMessage"], RESET_LINK_INVALID);
    assert_eq!(stranger.get("/api/account/sessions").await.status, 401);

    let old = stranger
        .post_with_token(
            "/account/authenticate",
            sign_in("jane@example.com", "Password1"),
        )
        .await;
    assert_eq!(old.json()["errorMessage"], INVALID_LOGIN);
    let new = stranger
        .post_with_token(
            "/account/authenticate",
            sign_in("jane@example.com", "NewPassword2"),
        )
        .await;
    assert_eq!(new.json()["success"], true);
}

#[tokio::test]
async fn verify_password_wants_the_signed_in_customers_own_password() {
    let env = spawn_env().await;
    let mut guest = Client::new(&env);
    let answer = guest
        .post_with_token("/account/verifyPassword", json!({"password": "Password1"}))
        .await;
    assert_eq!(answer.status, 401);
    assert_eq!(answer.json()["code"], "NotSignedIn");

    let mut jane = Client::new(&env);
    jane.post_with_token("/account/register", form("jane@example.com"))
        .await;
    let wrong = jane
        .post_with_token("/account/verifyPassword", json!({"password": "Password2"}))
        .await;
    assert_eq!(wrong.status, 200);
    assert_eq!(wrong.json()["success"], false);
    assert_eq!(wrong.json()["errorMessage"], WRONG_PASSWORD);
    let reauthenticated =
        "SELECT count(*) FROM customer_sessions WHERE reauthenticated_at IS NOT NULL";
    assert_eq!(count(&env.pool, reauthenticated).await, 0);
    let right = jane
        .post_with_token("/account/verifyPassword", json!({"password": "Password1"}))
        .await;
    assert_eq!(right.json()["success"], true);
    assert_eq!(count(&env.pool, reauthenticated).await, 1);
}

#[tokio::test]
async fn every_token_header_call_of_recovery_refuses_a_missing_token() {
    let env = spawn_env().await;
    let mut shopper = Client::new(&env);
    for (path, body) in [
        (
            "/account/recover",
            json!({"emailAddress": "jane@example.com"}),
        ),
        (
            "/account/reset",
            json!({"bid": "cu_x", "at": "y", "newPassword": "Password1"}),
        ),
        ("/account/verifyPassword", json!({"password": "Password1"})),
    ] {
        let answer = shopper
            .send("POST", path, Some("application/json"), body.to_string())
            .await;
        assert_eq!(answer.status, 403, "{path}");
        assert_eq!(answer.json()["code"], "AntiForgeryTokenInvalid");
    }
    assert_eq!(count(&env.pool, "SELECT count(*) FROM events").await, 0);
}

#[tokio::test]
async fn a_burst_from_one_address_is_refused_across_two_replicas() {
    let env = spawn_env().await;
    let mut first = replica(&env, Some("203.0.113.7"));
    let mut second = replica(&env, Some("203.0.113.7"));
    let per_address = command::accounts::AccountSettings::default().per_address;
    let limit = per_address.max;
    clear_of_window_end(per_address.window_seconds).await;
    for n in 0..limit {
        let client = if n % 2 == 0 { &mut first } else { &mut second };
        // Each for another account: the address's limit is what holds.
        let email = format!("shopper{n}@example.com");
        let answer = client
            .post_with_token("/account/authenticate", sign_in(&email, "Password1"))
            .await;
        assert_eq!(answer.status, 200, "attempt {n}: {}", answer.body);
    }
    for client in [&mut first, &mut second] {
        let answer = client
            .post_with_token(
                "/account/recover",
                json!({"emailAddress": "jane@example.com"}),
            )
            .await;
        assert_eq!(answer.status, 429, "{}", answer.body);
        assert_eq!(answer.json()["code"], "TooManyAttempts");
        let retry: u64 = answer.headers["retry-after"]
            .to_str()
            .unwrap()
            .parse()
            .unwrap();
        assert!((1..=300).contains(&retry), "{retry}");
    }
    // Another address is not held back.
    let mut neighbour = replica(&env, Some("198.51.100.4"));
    let answer = neighbour
        .post_with_token(
            "/account/authenticate",
            sign_in("jane@example.com", "Password1"),
        )
        .await;
    assert_eq!(answer.status, 200);
    // The buckets name keyed hashes, not the address.
    let buckets: Vec<String> = sqlx::query_scalar("SELECT bucket FROM attempt_counts")
        .fetch_all(&env.pool)
        .await
        .unwrap();
    assert!(
        buckets.iter().all(|b| !b.contains("203.0.113")),
        "{buckets:?}"
    );
}

#[tokio::test]
async fn an_account_takes_a_bounded_number_of_wrong_passwords_from_anywhere() {
    let env = spawn_env().await;
    let mut jane = Client::new(&env);
    jane.post_with_token("/account/register", form("jane@example.com"))
        .await;
    let limit = command::accounts::AccountSettings::default()
        .failures_per_account
        .max;
    for n in 0..limit {
        // Each from its own address: the account's own limit is what holds. From the third
        // on, the guesser solves the captcha too (a proof of work is a cost, not a wall).
        let mut guesser = replica(&env, Some(&format!("192.0.2.{}", n + 1)));
        let mut guess = sign_in("jane@example.com", "Guess1234");
        if n >= 3 {
            guess["captcha"] = json!(solved_captcha(&mut guesser).await);
        }
        let answer = guesser
            .post_with_token("/account/authenticate", guess)
            .await;
        assert_eq!(answer.status, 200, "{n}");
        assert_eq!(answer.json()["success"], false);
        assert_eq!(answer.json()["captchaFailed"], false, "{n}");
    }
    let mut late = replica(&env, Some("192.0.2.200"));
    let answer = late
        .post_with_token(
            "/account/authenticate",
            sign_in("jane@example.com", "Password1"),
        )
        .await;
    assert_eq!(answer.status, 429);
    assert!(answer.headers.contains_key("retry-after"));
    // Another account is not held back.
    let answer = late
        .post_with_token(
            "/account/authenticate",
            sign_in("john@example.com", "Password1"),
        )
        .await;
    assert_eq!(answer.status, 200);
}

#[tokio::test]
async fn an_address_gets_a_few_reset_mails_an_hour_however_often_it_asks() {
    let env = spawn_env().await;
    let mut jane = Client::new(&env);
    jane.post_with_token("/account/register", form("jane@example.com"))
        .await;
    let limit = command::accounts::AccountSettings::default()
        .recoveries_per_account
        .max;
    for _ in 0..limit + 2 {
        let answer = jane
            .post_with_token(
                "/account/recover",
                json!({"emailAddress": "jane@example.com"}),
            )
            .await;
        assert_eq!(answer.json()["message"], RECOVER_MESSAGE);
    }
    // The mails go after the answers: wait until they settle.
    let mut seen = 0;
    for _ in 0..40 {
        tokio::time::sleep(Duration::from_millis(50)).await;
        seen = mails(&env).await;
        let asked = count(&env.pool, "SELECT coalesce(sum(hits), 0)::bigint FROM attempt_counts WHERE bucket LIKE 'recover:%'").await;
        if asked == i64::from(limit) + 2 && seen >= i64::from(limit) {
            break;
        }
    }
    tokio::time::sleep(Duration::from_millis(200)).await;
    assert_eq!(mails(&env).await, i64::from(limit));
    assert_eq!(seen, i64::from(limit));
}

#[tokio::test]
async fn three_wrong_passwords_from_one_address_bring_the_captcha_for_any_account() {
    let env = spawn_env().await;
    let mut jane = Client::new(&env);
    jane.post_with_token("/account/register", form("jane@example.com"))
        .await;
    let mut guesser = replica(&env, Some("203.0.113.50"));
    for (n, email) in ["a@example.com", "b@example.com", "c@example.com"]
        .into_iter()
        .enumerate()
    {
        let answer = guesser
            .post_with_token("/account/authenticate", sign_in(email, "Guess1234"))
            .await;
        assert_eq!(answer.json()["captchaRequired"], n == 2, "{n}");
    }
    // Jane's own account has no wrong password, but this address has three.
    let answer = guesser
        .post_with_token(
            "/account/authenticate",
            sign_in("jane@example.com", "Password1"),
        )
        .await;
    assert_eq!(answer.json()["success"], false);
    assert_eq!(answer.json()["captchaRequired"], true);
    // From elsewhere, Jane signs in as usual.
    let mut home = replica(&env, Some("198.51.100.20"));
    let answer = home
        .post_with_token(
            "/account/authenticate",
            sign_in("jane@example.com", "Password1"),
        )
        .await;
    assert_eq!(answer.json()["success"], true);
}
