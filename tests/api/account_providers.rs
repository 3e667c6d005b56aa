//! Third-party sign-in over HTTP: Google and Apple ID tokens signed with keys these tests made
//! (`common/provider_keys/`), their JWKS and Facebook's debug and profile endpoints served by
//! a local server; a refused token, a new identity that needs an account (and its phone), a
//! linked identity that signs in, no linking by email without the password, and nothing of a
//! token or a provider's id in the event store.

use std::sync::Arc;

use axum::extract::Query;
use axum::routing::get;
use axum::Json;
use jsonwebtoken::{Algorithm, EncodingKey, Header};
use serde_json::{json, Value};

use crate::common::*;
use command::accounts::{AccountSettings, ProviderSettings};
use command::routes::accounts::providers::{
    INVALID_CREDENTIAL, LINK_REQUIRES_PASSWORD, NEW_ACCOUNT, PASSWORD_TO_LINK, SIGN_IN_FIRST,
};
use kernel::http::GENERIC_MESSAGE;

const GOOGLE_KEY: &[u8] = include_bytes!("common/provider_keys/google.pem");
const STRANGER_KEY: &[u8] = include_bytes!("common/provider_keys/stranger.pem");
const APPLE_KEY: &[u8] = include_bytes!("common/provider_keys/apple.pem");
/// The public half of `google.pem` (its modulus, base64url).
const GOOGLE_N: &str = "sllmPyD6gmYVNqiwUyzUCyepsYqwX40DIgyYs8EP8juvcsuey2p7mPHDS9aEQiekR1F4YFWkPJQxU2ZvgErOu1cLgrXTLpzM5WuQgVp73lCKMfyxkyM2V7aPTlxAwz77qVBfjDTOcS1iISZ7NXigKD_tjLlRdt2394PaKjFVN4FYVIcDvFc0e-FXXCjEu1FRDifpSs4AxyoSyd1Pz_ubVHzl7bU3eXhQMwNRGxX7mqnG4-qOpDFwJunNoMDgckNEJk07Gixq2M90LyXQERMHfEjXj6sDdppxqYLUuchmrd0JuN8dYI7hRAyYeFeMkCJj55JtwFR5VpgZygDZxn7XEw";
/// The public point of `apple.pem` (P-256, base64url).
const APPLE_X: &str = "DEHQ5w7KZJD_8voVyQ7VqkYng3FbLLqDIpk48JAb2Ic";
const APPLE_Y: &str = "60Gt4XyNtfVk093kSX9c3F_mHBjdjQsyBVOfwe133x8";

const GOOGLE_CLIENT: &str = "store-client.apps.googleusercontent.com";
const APPLE_CLIENT: &str = "com.example.store.web";
const FB_APP: &str = "fb-app-1";
const FB_SECRET: &str = "fb-secret-1";

/// The providers' endpoints on 127.0.0.1: JWKS of Google and Apple, Facebook's debug_token and
/// profile (tokens `fb-good`, `fb-other-app`, `fb-bad`; user `fb-user-1`).
async fn provider_server() -> String {
    let google = json!({"keys": [
        {"kty": "RSA", "kid": "g1", "alg": "RS256", "use": "sig", "n": GOOGLE_N, "e": "AQAB"}
    ]});
    let apple = json!({"keys": [
        {"kty": "EC", "kid": "a1", "alg": "ES256", "use": "sig", "crv": "P-256", "x": APPLE_X, "y": APPLE_Y}
    ]});
    let debug = |Query(q): Query<std::collections::HashMap<String, String>>| async move {
        if q.get("access_token").map(String::as_str) != Some(&format!("{FB_APP}|{FB_SECRET}")) {
            return (
                axum::http::StatusCode::BAD_REQUEST,
                Json(json!({"error": "app"})),
            );
        }
        let data = match q.get("input_token").map(String::as_str) {
            Some("fb-good") => json!({"is_valid": true, "app_id": FB_APP, "user_id": "fb-user-1"}),
            Some("fb-other-app") => {
                json!({"is_valid": true, "app_id": "another-app", "user_id": "fb-user-1"})
            }
            _ => json!({"is_valid": false}),
        };
        (axum::http::StatusCode::OK, Json(json!({ "data": data })))
    };
    let me = |Query(q): Query<std::collections::HashMap<String, String>>| async move {
        assert_eq!(q.get("access_token").map(String::as_str), Some("fb-good"));
        Json(
            json!({"id": "fb-user-1", "email": "Fay@Example.com", "first_name": "Fay", "last_name": "Book"}),
        )
    };
    let app = axum::Router::new()
        .route("/google/certs", get(move || async move { Json(google) }))
        .route("/apple/keys", get(move || async move { Json(apple) }))
        .route("/fb/debug_token", get(debug))
        .route("/fb/me", get(me));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    base
}

/// The app on `env`'s database with every provider pointed at `base`.
fn app(env: &TestEnv, base: &str) -> Client {
    let mut state = storefront::app::AppParts::ephemeral(
        env.pool.clone(),
        env.bus.clone(),
        std::env::temp_dir().join("no-web-dir"),
    );
    state.accounts = Arc::new(AccountSettings {
        providers: ProviderSettings {
            google_client_id: Some(GOOGLE_CLIENT.into()),
            google_jwks_url: format!("{base}/google/certs"),
            apple_client_id: Some(APPLE_CLIENT.into()),
            apple_jwks_url: format!("{base}/apple/keys"),
            facebook_app_id: Some(FB_APP.into()),
            facebook_app_secret: Some(FB_SECRET.into()),
            facebook_debug_url: format!("{base}/fb/debug_token"),
            facebook_profile_url: format!("{base}/fb/me"),
        },
        ..Default::default()
    });
    Client {
        app: storefront::app::router(state, &storefront::Roles::all()),
        cookies: Default::default(),
    }
}

async fn nonce(browser: &mut Client) -> String {
    let answer = browser.get("/account/oauth-nonce").await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    answer.json()["nonce"].as_str().unwrap().to_string()
}

fn now() -> i64 {
    chrono::Utc::now().timestamp()
}

/// Google's claims for `sub` with `email`, valid for an hour, carrying `nonce`.
fn google_claims(sub: &str, email: &str, nonce: &str) -> Value {
    json!({
        "iss": "https://accounts.google.com",
        "aud": GOOGLE_CLIENT,
        "sub": sub,
        "email": email,
        "email_verified": true,
        "given_name": "Gail",
        "family_name": "Gee",
        "nonce": nonce,
        "iat": now(),
        "exp": now() + 3600,
    })
}

fn rs256(key: &[u8], claims: &Value) -> String {
    let mut header = Header::new(Algorithm::RS256);
    header.kid = Some("g1".into());
    jsonwebtoken::encode(&header, claims, &EncodingKey::from_rsa_pem(key).unwrap()).unwrap()
}

fn apple_response(sub: &str, email: &str, nonce: &str, first_time: bool) -> String {
    let claims = json!({
        "iss": "https://appleid.apple.com",
        "aud": APPLE_CLIENT,
        "sub": sub,
        "email": email,
        "email_verified": "true",
        "is_private_email": "true",
        "nonce": nonce,
        "iat": now(),
        "exp": now() + 600,
    });
    let mut header = Header::new(Algorithm::ES256);
    header.kid = Some("a1".into());
    let token = jsonwebtoken::encode(
        &header,
        &claims,
        &EncodingKey::from_ec_pem(APPLE_KEY).unwrap(),
    )
    .unwrap();
    let mut response = json!({"authorization": {"id_token": token, "code": "c"}});
    if first_time {
        response["user"] =
            json!({"name": {"firstName": "Ann", "lastName": "Apfel"}, "email": email});
    }
    response.to_string()
}

async fn google_auth(browser: &mut Client, token: &str) -> Value {
    let answer = browser
        .post(
            "/account/google-auth",
            json!({"credential": token, "skipCartMerge": false, "createNewAccount": false}),
        )
        .await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    answer.json()
}

/// How many stored events contain `text`.
async fn events_containing(env: &TestEnv, text: &str) -> i64 {
    sqlx::query_scalar("SELECT count(*) FROM events WHERE strpos(payload::text, $1) > 0")
        .bind(text)
        .fetch_one(&env.pool)
        .await
        .unwrap()
}

#[tokio::test]
async fn google_tokens_that_fail_a_check_are_refused() {
    let env = spawn_env().await;
    let base = provider_server().await;
    let mut browser = app(&env, &base);
    let nonce = nonce(&mut browser).await;
    let good = google_claims("g-100", "gail@example.com", &nonce);
    let with = |key: &str, value: Value| {
        let mut claims = good.clone();
        claims[key] = value;
        claims
    };
    let refused = [
        ("signature", rs256(STRANGER_KEY, &good)),
        (
            "audience",
            rs256(GOOGLE_KEY, &with("aud", json!("another-client"))),
        ),
        (
            "issuer",
            rs256(GOOGLE_KEY, &with("iss", json!("https://evil.example"))),
        ),
        (
            "nonce",
            rs256(GOOGLE_KEY, &with("nonce", json!("another-browser"))),
        ),
        (
            "expiry",
            rs256(GOOGLE_KEY, &with("exp", json!(now() - 3600))),
        ),
        ("garbage", "not-a-token".to_string()),
    ];
    for (what, token) in refused {
        let answer = google_auth(&mut browser, &token).await;
        assert_eq!(answer["success"], false, "{what}: {answer}");
        assert_eq!(answer["reason"], INVALID_CREDENTIAL, "{what}: {answer}");
        let checked = browser
            .post("/account/google-verify", json!({"credential": token}))
            .await
            .json();
        assert_eq!(
            checked,
            json!({"success": false, "accountExists": false, "linked": false}),
            "{what}"
        );
    }
    // A token made for another browser (its nonce) is refused here.
    let mut other = browser.other();
    let theirs = rs256(GOOGLE_KEY, &good);
    assert_eq!(
        google_auth(&mut other, &theirs).await["reason"],
        INVALID_CREDENTIAL
    );
    // The good one passes.
    assert_eq!(
        google_auth(&mut browser, &theirs).await["reason"],
        NEW_ACCOUNT
    );
    // A store without Google's settings answers the generic message, not a 5xx.
    let mut unconfigured = Client::new(&env);
    let answer = google_auth(&mut unconfigured, &theirs).await;
    assert_eq!(answer["success"], false);
    assert_eq!(answer["errorMessage"], GENERIC_MESSAGE);
    assert_eq!(count(&env.pool, "SELECT count(*) FROM events").await, 0);
}

#[tokio::test]
async fn a_new_google_identity_gets_an_account_with_its_phone_and_then_signs_in() {
    let env = spawn_env().await;
    let base = provider_server().await;
    let mut browser = app(&env, &base);
    let nonce_a = nonce(&mut browser).await;
    let token = rs256(
        GOOGLE_KEY,
        &google_claims("g-200", "gail@example.com", &nonce_a),
    );
    let answer = google_auth(&mut browser, &token).await;
    assert_eq!(answer["success"], false);
    assert_eq!(answer["reason"], NEW_ACCOUNT);
    assert!(!browser.cookies.contains_key("sf_session"));
    let checked = browser
        .post("/account/google-verify", json!({"credential": token}))
        .await
        .json();
    assert_eq!(
        checked,
        json!({"success": true, "accountExists": false, "linked": false})
    );
    // The phone, with the token header: the account is made, linked, and signed in.
    let made = browser
        .post_with_token(
            "/account/createoauthwithphone",
            json!({"loginMethod": "Google", "credentialToken": token, "phoneNumber": "(555) 234-5678"}),
        )
        .await;
    assert_eq!(made.status, 200, "{}", made.body);
    assert_eq!(made.json()["success"], true, "{}", made.body);
    assert!(browser.cookies.contains_key("sf_session"));
    let customer_id: String = sqlx::query_scalar("SELECT customer_id FROM customers")
        .fetch_one(&env.pool)
        .await
        .unwrap();
    assert_eq!(
        projections::accounts::first_name(&env.pool, &customer_id)
            .await
            .unwrap()
            .as_deref(),
        Some("Gail")
    );
    // Without the token header: 403.
    let bare = browser
        .post(
            "/account/createoauthwithphone",
            json!({"loginMethod": "Google", "credentialToken": token, "phoneNumber": "5552345678"}),
        )
        .await;
    assert_eq!(bare.status, 403);
    // Another browser, a new token of the same identity: signed in at once.
    let mut later = browser.other();
    let nonce_b = nonce(&mut later).await;
    let again = rs256(
        GOOGLE_KEY,
        &google_claims("g-200", "gail@example.com", &nonce_b),
    );
    let answer = google_auth(&mut later, &again).await;
    assert_eq!(answer["success"], true, "{answer}");
    assert!(later.cookies.contains_key("sf_session"));
    let checked = later
        .post("/account/google-verify", json!({"credential": again}))
        .await
        .json();
    assert_eq!(
        checked,
        json!({"success": true, "accountExists": true, "linked": true})
    );
    let google_logins = count(
        &env.pool,
        "SELECT count(*) FROM events WHERE event_type = 'LoginSucceeded' \
         AND payload::text LIKE '%Google%'",
    )
    .await;
    assert_eq!(google_logins, 2);
    // Nothing of the tokens, the provider's id or the address in clear in any event.
    for secret in [
        token.rsplit('.').next().unwrap(),
        again.rsplit('.').next().unwrap(),
        "g-200",
        "gail@example.com",
        "Gail",
    ] {
        assert_eq!(events_containing(&env, secret).await, 0, "{secret}");
    }
    assert_eq!(
        count(
            &env.pool,
            "SELECT count(*) FROM events WHERE event_type = 'ProviderLinked' \
             AND payload::text LIKE '%\"google\"%' AND payload::text LIKE '%pi\\_%'",
        )
        .await,
        1
    );
}

#[tokio::test]
async fn an_identity_with_an_accounts_email_is_linked_only_after_its_password_and_unlinked_by_its_holder(
) {
    let env = spawn_env().await;
    let base = provider_server().await;
    let mut jane = app(&env, &base);
    let registered = jane
        .post_with_token(
            "/account/register",
            json!({"firstName": "Jane", "lastName": "Doe", "emailAddress": "jane@example.com",
                   "password": "Password1", "phoneNumber": "(555) 234-5678"}),
        )
        .await;
    assert_eq!(registered.json()["success"], true, "{}", registered.body);
    // Someone with a Google identity that reports Jane's address, signed out: not linked.
    let mut stranger = jane.other();
    let nonce_s = nonce(&mut stranger).await;
    let token = rs256(
        GOOGLE_KEY,
        &google_claims("g-300", "jane@example.com", &nonce_s),
    );
    let answer = google_auth(&mut stranger, &token).await;
    assert_eq!(answer["success"], false);
    assert_eq!(answer["reason"], LINK_REQUIRES_PASSWORD);
    assert_eq!(answer["errorMessage"], SIGN_IN_FIRST);
    assert!(!stranger.cookies.contains_key("sf_session"));
    let checked = stranger
        .post("/account/google-verify", json!({"credential": token}))
        .await
        .json();
    assert_eq!(
        checked,
        json!({"success": true, "accountExists": true, "linked": false})
    );
    // Nor can createoauthwithphone take the address.
    let made = stranger
        .post_with_token(
            "/account/createoauthwithphone",
            json!({"loginMethod": "Google", "credentialToken": token, "phoneNumber": "5552345679"}),
        )
        .await
        .json();
    assert_eq!(made["success"], false);
    assert_eq!(made["reason"], LINK_REQUIRES_PASSWORD);
    // Jane, signed in, without typing her password again: not linked either.
    let nonce_j = nonce(&mut jane).await;
    let hers = rs256(
        GOOGLE_KEY,
        &google_claims("g-300", "jane@example.com", &nonce_j),
    );
    let answer = google_auth(&mut jane, &hers).await;
    assert_eq!(answer["reason"], LINK_REQUIRES_PASSWORD);
    assert_eq!(answer["errorMessage"], PASSWORD_TO_LINK);
    assert_eq!(
        count(
            &env.pool,
            "SELECT count(*) FROM events WHERE event_type = 'ProviderLinked'"
        )
        .await,
        0
    );
    // After verifyPassword in this session: linked to her account.
    let verified = jane
        .post_with_token("/account/verifyPassword", json!({"password": "Password1"}))
        .await;
    assert_eq!(verified.json()["success"], true, "{}", verified.body);
    let answer = google_auth(&mut jane, &hers).await;
    assert_eq!(answer["success"], true, "{answer}");
    assert_eq!(answer["linked"], true);
    let jane_id: String = sqlx::query_scalar("SELECT customer_id FROM customers")
        .fetch_one(&env.pool)
        .await
        .unwrap();
    let linked_to: String =
        sqlx::query_scalar("SELECT aggregate_id FROM events WHERE event_type = 'ProviderLinked'")
            .fetch_one(&env.pool)
            .await
            .unwrap();
    assert_eq!(linked_to, jane_id);
    // Now the identity signs in, in any browser.
    let mut phone = jane.other();
    let nonce_p = nonce(&mut phone).await;
    let token = rs256(
        GOOGLE_KEY,
        &google_claims("g-300", "jane@example.com", &nonce_p),
    );
    let signed = google_auth(&mut phone, &token).await;
    assert_eq!(signed["success"], true);
    assert!(phone.cookies.contains_key("sf_session"));
    assert_eq!(signed["headerJson"]["loggedIn"], true, "{signed}");

    // Her account lists the linked sign-in; someone else's id is not hers to unlink.
    let listed = jane.get("/api/account/sign-ins").await.json();
    let sign_ins = listed["signIns"].as_array().expect("a list").clone();
    assert_eq!(sign_ins.len(), 1, "{listed}");
    assert_eq!(sign_ins[0]["provider"], "Google");
    let id = sign_ins[0]["id"].as_str().unwrap().to_string();
    assert!(id.starts_with("pi_") && !id.contains("g-300"));
    let mut stranger_signed_in = jane.other();
    stranger_signed_in
        .post_with_token(
            "/account/register",
            json!({"firstName": "Sam", "lastName": "Roe", "emailAddress": "sam@example.com",
                   "password": "Password1", "phoneNumber": "(555) 234-5670",
                   "skipConnectingRewards": true}),
        )
        .await;
    let refused = stranger_signed_in
        .post_with_token("/api/account/sign-ins/unlink", json!({"id": id}))
        .await
        .json();
    assert_eq!(refused["success"], false);
    assert_eq!(
        refused["errorMessage"],
        "This sign-in is not connected to your account."
    );
    // Unlinked by her: gone from her list, and it signs nobody in any more.
    let unlinked = jane
        .post_with_token("/api/account/sign-ins/unlink", json!({"id": id}))
        .await
        .json();
    assert_eq!(unlinked["success"], true, "{unlinked}");
    assert_eq!(
        jane.get("/api/account/sign-ins").await.json()["signIns"],
        json!([])
    );
    assert_eq!(
        count(
            &env.pool,
            "SELECT count(*) FROM events WHERE event_type = 'ProviderUnlinked'"
        )
        .await,
        1
    );
    let mut tablet = jane.other();
    let nonce_t = nonce(&mut tablet).await;
    let token = rs256(
        GOOGLE_KEY,
        &google_claims("g-300", "jane@example.com", &nonce_t),
    );
    let answer = google_auth(&mut tablet, &token).await;
    assert_eq!(answer["success"], false, "{answer}");
    assert_eq!(answer["reason"], LINK_REQUIRES_PASSWORD);
    assert!(!tablet.cookies.contains_key("sf_session"));
    // Her password still signs her in.
    let again = tablet
        .post_with_token(
            "/account/authenticate",
            json!({"userName": "jane@example.com", "password": "Password1"}),
        )
        .await
        .json();
    assert_eq!(again["success"], true);
}

#[tokio::test]
async fn apple_keeps_the_first_sign_ins_name_and_its_relay_address() {
    let env = spawn_env().await;
    let base = provider_server().await;
    let mut browser = app(&env, &base);
    let relay = "x7k2q9@privaterelay.appleid.com";
    let nonce_a = nonce(&mut browser).await;
    let first = apple_response("a-001.apple", relay, &nonce_a, true);
    let answer = browser
        .post(
            "/account/apple-auth",
            json!({"signInResponse": first, "skipCartMerge": false, "createNewAccount": true}),
        )
        .await
        .json();
    assert_eq!(answer["reason"], NEW_ACCOUNT, "{answer}");
    let made = browser
        .post_with_token(
            "/account/createoauthwithphone",
            json!({"loginMethod": "Apple", "signInResponse": first, "phoneNumber": "555-234-5670"}),
        )
        .await;
    assert_eq!(made.json()["success"], true, "{}", made.body);
    let customer_id: String = sqlx::query_scalar("SELECT customer_id FROM customers")
        .fetch_one(&env.pool)
        .await
        .unwrap();
    assert_eq!(
        projections::accounts::first_name(&env.pool, &customer_id)
            .await
            .unwrap()
            .as_deref(),
        Some("Ann")
    );
    let keys = command::privacy::keys().unwrap();
    let subject: String = sqlx::query_scalar("SELECT email_subject FROM customers")
        .fetch_one(&env.pool)
        .await
        .unwrap();
    assert_eq!(subject, keys.subject_for_email(relay));
    // Later sign-ins carry no user: signed in all the same.
    let mut later = browser.other();
    let nonce_b = nonce(&mut later).await;
    let next = apple_response("a-001.apple", relay, &nonce_b, false);
    let answer = later
        .post("/account/apple-auth", json!({"signInResponse": next}))
        .await
        .json();
    assert_eq!(answer["success"], true, "{answer}");
    // A different Apple identity with another relay address, in a browser signed out, is a
    // new account, not this one.
    let mut stranger = browser.other();
    let nonce_c = nonce(&mut stranger).await;
    let other_relay = apple_response("a-002.apple", "zz@privaterelay.appleid.com", &nonce_c, true);
    let answer = stranger
        .post(
            "/account/apple-auth",
            json!({"signInResponse": other_relay}),
        )
        .await
        .json();
    assert_eq!(answer["reason"], NEW_ACCOUNT);
    assert_eq!(events_containing(&env, relay).await, 0);
    assert_eq!(events_containing(&env, "a-001.apple").await, 0);
}

#[tokio::test]
async fn facebook_tokens_are_checked_with_the_debug_endpoint() {
    let env = spawn_env().await;
    let base = provider_server().await;
    let mut browser = app(&env, &base);
    let auth = |token: &str, user: &str| json!({"accessToken": token, "userID": user}).to_string();
    for (token, user) in [
        ("fb-other-app", "fb-user-1"),
        ("fb-bad", "fb-user-1"),
        ("fb-good", "fb-user-2"),
    ] {
        let answer = browser
            .post(
                "/account/facebook-auth",
                json!({"authResponse": auth(token, user), "skipCartMerge": true}),
            )
            .await
            .json();
        assert_eq!(answer["success"], false, "{token}/{user}");
        assert_eq!(answer["reason"], INVALID_CREDENTIAL, "{token}/{user}");
    }
    let good = auth("fb-good", "fb-user-1");
    let answer = browser
        .post("/account/facebook-auth", json!({"authResponse": good}))
        .await
        .json();
    assert_eq!(answer["reason"], NEW_ACCOUNT, "{answer}");
    let checked = browser
        .post("/account/facebook-verify", json!({"authResponse": good}))
        .await
        .json();
    assert_eq!(
        checked,
        json!({"success": true, "accountExists": false, "linked": false})
    );
    let made = browser
        .post_with_token(
            "/account/createoauthwithphone",
            json!({"loginMethod": "Facebook", "authResponse": good, "phoneNumber": "5552345671"}),
        )
        .await;
    assert_eq!(made.json()["success"], true, "{}", made.body);
    let keys = command::privacy::keys().unwrap();
    let subject: String = sqlx::query_scalar("SELECT email_subject FROM customers")
        .fetch_one(&env.pool)
        .await
        .unwrap();
    assert_eq!(subject, keys.subject_for_email("fay@example.com"));
    let answer = browser
        .other()
        .post("/account/facebook-auth", json!({"authResponse": good}))
        .await
        .json();
    assert_eq!(answer["success"], true, "{answer}");
    for secret in ["fb-good", "fb-user-1", FB_SECRET] {
        assert_eq!(events_containing(&env, secret).await, 0, "{secret}");
    }
    // Erased, the account lets its identity go: the next sign-in is a new account.
    storefront::privacy::forget_email(&env.pool, "fay@example.com")
        .await
        .unwrap();
    assert_eq!(
        count(
            &env.pool,
            "SELECT count(*) FROM events WHERE event_type = 'ProviderReleased'"
        )
        .await,
        1
    );
    let answer = browser
        .other()
        .post("/account/facebook-auth", json!({"authResponse": good}))
        .await
        .json();
    assert_eq!(answer["reason"], NEW_ACCOUNT, "{answer}");
}

#[tokio::test]
async fn a_credential_that_is_not_text_or_too_long_is_refused_before_any_work() {
    let env = spawn_env().await;
    let base = provider_server().await;
    let mut browser = app(&env, &base);
    for (path, body) in [
        (
            "/account/apple-auth",
            json!({"signInResponse": {"authorization": {}}}),
        ),
        ("/account/facebook-verify", json!({"authResponse": 7})),
        (
            "/account/google-auth",
            json!({"credential": "x".repeat(16385)}),
        ),
    ] {
        let answer = browser.post(path, body).await;
        assert_eq!(answer.status, 422, "{path}: {}", answer.body);
    }
    assert_eq!(count(&env.pool, "SELECT count(*) FROM events").await, 0);
}

/// A new Google identity in `browser`, its token made with this browser's nonce.
async fn new_google_token(browser: &mut Client, sub: &str, email: &str) -> String {
    let nonce = nonce(browser).await;
    rs256(GOOGLE_KEY, &google_claims(sub, email, &nonce))
}

#[tokio::test]
async fn a_new_identity_meets_the_rewards_steps_before_its_account_is_made() {
    let env = spawn_env().await;
    let base = provider_server().await;
    crate::rewards::in_store(&env, "5553334444", Some("pat@example.com")).await;
    let mut browser = app(&env, &base);
    let token = new_google_token(&mut browser, "g-300", "gail@example.com").await;
    // No phone yet: the client asks for one (spec 4: 1 goes to enter-phone).
    let asked = browser
        .post_with_token(
            "/account/createoauthwithphone",
            json!({"loginMethod": "Google", "credentialToken": token, "phoneNumber": ""}),
        )
        .await
        .json();
    assert_eq!(asked["reasonCode"], 1, "{asked}");
    // The phone of an in-store member: 3, with the member's email masked, and no account.
    let met = browser
        .post_with_token(
            "/account/createoauthwithphone",
            json!({"loginMethod": "Google", "credentialToken": token,
                   "phoneNumber": "(555) 333-4444"}),
        )
        .await
        .json();
    assert_eq!(met["success"], false, "{met}");
    assert_eq!(met["reasonCode"], 3, "{met}");
    assert_eq!(
        met["email"], "p***@example.com",
        "another's address stays masked"
    );
    assert_eq!(count(&env.pool, "SELECT count(*) FROM customers").await, 0);
    assert!(!browser.cookies.contains_key("sf_session"));
    // The code sent to the member's phone connects it to the account the identity makes.
    let sent = browser
        .post_with_token(
            "/account/sendverificationcode",
            json!({"phoneNumber": "(555) 333-4444", "verificationMethod": "phone"}),
        )
        .await
        .json();
    let session = sent["rewardsSessionId"].as_str().unwrap().to_string();
    let code = crate::rewards::code_sent(&env, &session).await;
    let confirmed = browser
        .post_with_token(
            "/account/confirmlinkaccount",
            json!({"code": code, "rewardsSessionId": session,
                   "createOauthAccountRequest": {"loginMethod": "Google",
                       "credentialToken": token, "phoneNumber": "(555) 333-4444"}}),
        )
        .await;
    assert_eq!(confirmed.status, 200, "{}", confirmed.body);
    assert_eq!(confirmed.json()["success"], true, "{}", confirmed.body);
    assert!(browser.cookies.contains_key("sf_session"));
    let data = browser
        .post_with_token("/account/getrewardsdata", json!({}))
        .await
        .json();
    assert_eq!(data["customerHasRewards"], true, "{data}");
    // The identity signs that account in from now on.
    let mut later = browser.other();
    let again = new_google_token(&mut later, "g-300", "gail@example.com").await;
    assert_eq!(google_auth(&mut later, &again).await["success"], true);
    assert_eq!(count(&env.pool, "SELECT count(*) FROM customers").await, 1);
}

#[tokio::test]
async fn a_new_identity_joins_rewards_by_its_phone_or_skips_through_the_auth_call() {
    let env = spawn_env().await;
    let base = provider_server().await;
    let mut joining = app(&env, &base);
    let token = new_google_token(&mut joining, "g-400", "gwen@example.com").await;
    let made = joining
        .post_with_token(
            "/account/createoauthwithphone",
            json!({"loginMethod": "Google", "credentialToken": token,
                   "phoneNumber": "(555) 444-5555"}),
        )
        .await
        .json();
    assert_eq!(made["success"], true, "{made}");
    let data = joining
        .post_with_token("/account/getrewardsdata", json!({}))
        .await
        .json();
    assert_eq!(
        data["customerHasRewards"], true,
        "joined by its phone: {data}"
    );

    // Skipping: the auth call with createNewAccount and the phone makes the account, no rewards.
    let mut skipping = joining.other();
    skipping.cookies.clear();
    let token = new_google_token(&mut skipping, "g-401", "gus@example.com").await;
    let without_phone = skipping
        .post(
            "/account/google-auth",
            json!({"credential": token, "createNewAccount": true}),
        )
        .await
        .json();
    assert_eq!(
        without_phone["reason"], NEW_ACCOUNT,
        "every account has a phone"
    );
    let skipped = skipping
        .post(
            "/account/google-auth",
            json!({"credential": token, "createNewAccount": true, "phoneNumber": "(555) 444-6666"}),
        )
        .await
        .json();
    assert_eq!(skipped["success"], true, "{skipped}");
    let data = skipping
        .post_with_token("/account/getrewardsdata", json!({}))
        .await
        .json();
    assert_eq!(data["customerHasRewards"], false, "{data}");
    assert_eq!(
        count(&env.pool, "SELECT count(*) FROM rewards_members").await,
        1
    );
}

#[tokio::test]
async fn the_sign_in_options_name_the_configured_providers_and_the_csp_allows_only_theirs() {
    let env = spawn_env().await;
    let base = provider_server().await;
    let mut configured = app(&env, &base);
    let options = configured.get("/account/sign-in-options").await;
    assert_eq!(options.status, 200);
    assert_eq!(
        options.json(),
        json!({"google": GOOGLE_CLIENT, "apple": APPLE_CLIENT, "facebook": FB_APP})
    );
    let csp = options.headers["content-security-policy"]
        .to_str()
        .unwrap()
        .to_string();
    for origin in [
        "https://accounts.google.com",
        "https://appleid.cdn-apple.com",
        "https://connect.facebook.net",
    ] {
        assert!(csp.contains(origin), "{csp}");
    }
    let mut plain = Client::new(&env);
    let options = plain.get("/account/sign-in-options").await;
    assert_eq!(
        options.json(),
        json!({"google": null, "apple": null, "facebook": null})
    );
    let csp = options.headers["content-security-policy"].to_str().unwrap();
    assert!(!csp.contains("accounts.google.com"), "{csp}");
}

#[tokio::test]
async fn a_new_identity_whose_email_and_phone_meet_two_members_sees_its_own_email_in_clear() {
    let env = spawn_env().await;
    let base = provider_server().await;
    crate::rewards::in_store(&env, "5553334444", Some("pat@example.com")).await;
    crate::rewards::in_store(&env, "5556667777", Some("gail@example.com")).await;
    let mut browser = app(&env, &base);
    let token = new_google_token(&mut browser, "g-500", "gail@example.com").await;
    let two = browser
        .post_with_token(
            "/account/createoauthwithphone",
            json!({"loginMethod": "Google", "credentialToken": token,
                   "phoneNumber": "(555) 333-4444"}),
        )
        .await
        .json();
    assert_eq!(two["reasonCode"], 12, "{two}");
    assert_eq!(
        two["email"], "p***@example.com",
        "the phone's member: masked"
    );
    assert_eq!(
        two["secondEmail"], "gail@example.com",
        "the identity's own address"
    );
    assert_eq!(two["secondPhone"], "(***) ***-7777");
    assert_eq!(two["secondRedactedData"], "phone");
    // Sent back, it reaches the second member.
    let sent = browser
        .post_with_token(
            "/account/sendverificationcode",
            json!({"email": "gail@example.com", "verificationMethod": "email"}),
        )
        .await
        .json();
    assert_eq!(sent["success"], true, "{sent}");
}
