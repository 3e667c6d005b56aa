//! Passkeys over HTTP: starting either ceremony wants the token (and adding one a signed-in
//! customer), a finish with garbage is refused and changes nothing (its ceremony is used up),
//! the list shows the customer's own passkeys only, and nobody removes another's. The whole
//! ceremony with an authenticator runs in Chromium (web/e2e/passkeys.spec.ts).

use std::sync::Arc;

use serde_json::{json, Value};

use crate::common::*;
use command::routes::accounts::passkeys::{PASSKEY_NOT_ADDED, PASSKEY_UNKNOWN};
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

async fn register(env: &TestEnv, client: &mut Client, email: &str) -> String {
    let made = client
        .post_with_token("/account/register", form(email))
        .await;
    assert_eq!(made.json()["success"], true, "{}", made.body);
    sqlx::query_scalar("SELECT customer_id FROM customers ORDER BY registered_at DESC LIMIT 1")
        .fetch_one(&env.pool)
        .await
        .unwrap()
}

/// Records a passkey for `customer_id` as a verified registration would (its content is not
/// a real key: these tests never verify with it).
async fn add_passkey(env: &TestEnv, customer_id: &str, credential_id: &str) {
    let sealer: command::privacy::vault::SealerRef = Arc::new(command::privacy::vault::FixedSealer);
    let add = command::accounts::CustomerCommand::AddPasskey {
        credential_id: credential_id.into(),
        passkey: json!({"cred": {"cred_id": credential_id}}),
        name: "Chrome on Linux".into(),
    };
    let executed = command::eventstore::run::<command::accounts::Customer>(&env.pool, &sealer)
        .command(customer_id, add)
        .inline(Some(&projections::shopping::InlineShopping))
        .executed()
        .await
        .unwrap();
    assert!(executed.outcome.is_ok());
}

async fn ceremonies(env: &TestEnv) -> i64 {
    count(&env.pool, "SELECT count(*) FROM webauthn_ceremonies").await
}

async fn passkey_events(env: &TestEnv) -> i64 {
    count(
        &env.pool,
        "SELECT count(*) FROM events WHERE event_type LIKE 'Passkey%'",
    )
    .await
}

#[tokio::test]
async fn starting_wants_the_token_and_adding_wants_a_signed_in_customer() {
    let env = spawn_env().await;
    let mut guest = Client::new(&env);
    for path in [
        "/api/account/passkeys/register/start",
        "/account/passkey/start",
    ] {
        let answer = guest
            .send_with("POST", path, Some("application/json"), "{}".into(), &[])
            .await;
        assert_eq!(answer.status, 403, "{path}: {}", answer.body);
        assert_eq!(answer.json()["code"], "AntiForgeryTokenInvalid");
    }
    let answer = guest
        .post_with_token("/api/account/passkeys/register/start", json!({}))
        .await;
    assert_eq!(answer.status, 401, "{}", answer.body);
    assert_eq!(answer.json()["code"], "NotSignedIn");
    assert_eq!(ceremonies(&env).await, 0);

    // Signing in with one needs no account: options without a user, kept for this browser.
    let options = guest
        .post_with_token("/account/passkey/start", json!({}))
        .await;
    assert_eq!(options.status, 200, "{}", options.body);
    let body = options.json();
    assert!(body["publicKey"]["challenge"].as_str().unwrap().len() >= 16);
    assert_eq!(body["publicKey"]["userVerification"], "required");
    assert_eq!(body["mediation"], "conditional");
    assert_eq!(ceremonies(&env).await, 1);
    // A new start replaces the browser's previous one.
    guest
        .post_with_token("/account/passkey/start", json!({}))
        .await;
    assert_eq!(ceremonies(&env).await, 1);

    let mut jane = Client::new(&env);
    register(&env, &mut jane, "jane@example.com").await;
    let options = jane
        .post_with_token("/api/account/passkeys/register/start", json!({}))
        .await;
    assert_eq!(options.status, 200, "{}", options.body);
    let key = &options.json()["publicKey"];
    assert_eq!(key["authenticatorSelection"]["residentKey"], "required");
    assert_eq!(
        key["authenticatorSelection"]["userVerification"],
        "required"
    );
    assert_eq!(key["rp"]["id"], "localhost");
    assert!(
        !options.body.contains("jane") && !options.body.contains("Jane"),
        "no name or email in the options: {}",
        options.body
    );
    assert_eq!(ceremonies(&env).await, 2);
}

#[tokio::test]
async fn a_finish_with_garbage_is_refused_and_changes_nothing() {
    let env = spawn_env().await;
    let mut jane = Client::new(&env);
    register(&env, &mut jane, "jane@example.com").await;
    let events = count(&env.pool, "SELECT count(*) FROM events").await;

    // No ceremony started: refused.
    let garbage = json!({"credential": {"id": "AAAA", "rawId": "AAAA", "type": "public-key"}});
    let answer = jane
        .post_with_token("/api/account/passkeys/register/finish", garbage.clone())
        .await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    assert_eq!(answer.json()["success"], false);
    assert_eq!(answer.json()["errorMessage"], PASSKEY_NOT_ADDED);

    // Started, then garbage: refused, and the ceremony is used up.
    jane.post_with_token("/api/account/passkeys/register/start", json!({}))
        .await;
    assert_eq!(ceremonies(&env).await, 1);
    for body in [garbage.clone(), json!({"credential": "nonsense"})] {
        let answer = jane
            .post_with_token("/api/account/passkeys/register/finish", body)
            .await;
        assert_eq!(answer.json()["success"], false, "{}", answer.body);
        assert_eq!(answer.json()["errorMessage"], PASSKEY_NOT_ADDED);
        assert_eq!(ceremonies(&env).await, 0);
    }

    // Signing in with garbage: the sign-in's words, no session.
    let mut guest = jane.other();
    guest
        .post_with_token("/account/passkey/start", json!({}))
        .await;
    for _ in 0..2 {
        let answer = guest
            .post_with_token("/account/passkey/finish", garbage.clone())
            .await;
        assert_eq!(answer.status, 200, "{}", answer.body);
        assert_eq!(answer.json()["success"], false);
        assert_eq!(answer.json()["errorMessage"], INVALID_LOGIN);
        assert!(answer
            .headers
            .get_all("set-cookie")
            .iter()
            .all(|c| !c.to_str().unwrap().starts_with("sf_session=")));
    }
    assert_eq!(ceremonies(&env).await, 0);
    assert_eq!(
        count(&env.pool, "SELECT count(*) FROM events").await,
        events
    );
    assert_eq!(passkey_events(&env).await, 0);
    assert_eq!(
        count(&env.pool, "SELECT count(*) FROM customer_passkeys").await,
        0
    );
}

#[tokio::test]
async fn a_customer_lists_and_removes_their_own_passkeys_only() {
    let env = spawn_env().await;
    let mut jane = Client::new(&env);
    let jane_id = register(&env, &mut jane, "jane@example.com").await;
    let mut john = jane.other();
    let john_id = register(&env, &mut john, "john@example.com").await;
    add_passkey(&env, &jane_id, "janes-key").await;
    add_passkey(&env, &john_id, "johns-key").await;

    let guest = jane.other().get("/api/account/passkeys").await;
    assert_eq!(guest.status, 401);
    let list = jane.get("/api/account/passkeys").await;
    assert_eq!(list.status, 200, "{}", list.body);
    let passkeys = list.json()["passkeys"].clone();
    assert_eq!(passkeys.as_array().unwrap().len(), 1, "{passkeys}");
    assert_eq!(passkeys[0]["id"], "janes-key");
    assert_eq!(passkeys[0]["name"], "Chrome on Linux");
    assert!(passkeys[0]["created"].is_string());
    assert!(passkeys[0]["lastUsed"].is_null());

    // John's passkey is not Jane's to remove.
    let refused = jane
        .post_with_token("/api/account/passkeys/remove", json!({"id": "johns-key"}))
        .await;
    assert_eq!(refused.status, 200, "{}", refused.body);
    assert_eq!(refused.json()["success"], false);
    assert_eq!(refused.json()["errorMessage"], PASSKEY_UNKNOWN);
    assert_eq!(
        count(&env.pool, "SELECT count(*) FROM customer_passkeys").await,
        2
    );
    let guest = jane
        .other()
        .post_with_token("/api/account/passkeys/remove", json!({"id": "janes-key"}))
        .await;
    assert_eq!(guest.status, 401);

    let removed = jane
        .post_with_token("/api/account/passkeys/remove", json!({"id": "janes-key"}))
        .await;
    assert_eq!(removed.json()["success"], true, "{}", removed.body);
    let list = jane.get("/api/account/passkeys").await;
    assert_eq!(list.json()["passkeys"], json!([]));
    let johns = john.get("/api/account/passkeys").await;
    assert_eq!(johns.json()["passkeys"][0]["id"], "johns-key");
}
