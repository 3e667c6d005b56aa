//! 'Delete my account' over HTTP (only after typing the password again; it erases as
//! `privacy forget` does and signs the browser out), `privacy forget --customer`, and sign-in's
//! `passwordChangeRequired` (a password past PASSWORD_MAX_AGE_DAYS, or an operator's
//! `accounts require-password-change`, cleared by the next new password).

use std::time::Duration;

use serde_json::{json, Value};

use crate::common::*;
use command::routes::accounts::deletion::{PASSWORD_AGAIN, REAUTHENTICATION_REQUIRED};
use command::routes::accounts::recovery::{PASSWORD_AGAIN_TO_CHANGE, SIGN_IN_TO_CHANGE};
use command::routes::accounts::UPDATE_PASSWORD_PAGE;

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

async fn register(client: &mut Client, email: &str) {
    let made = client
        .post_with_token("/account/register", form(email))
        .await;
    assert_eq!(made.json()["success"], true, "{}", made.body);
}

fn set_cookie<'a>(answer: &'a Answer, name: &str) -> Option<&'a str> {
    answer
        .headers
        .get_all("set-cookie")
        .iter()
        .map(|v| v.to_str().unwrap())
        .find(|c| c.starts_with(&format!("{name}=")))
}

async fn customers(env: &TestEnv) -> i64 {
    count(&env.pool, "SELECT count(*) FROM customers").await
}

async fn open_sessions(env: &TestEnv) -> i64 {
    count(
        &env.pool,
        "SELECT count(*) FROM customer_sessions WHERE ended_at IS NULL",
    )
    .await
}

#[tokio::test]
async fn deleting_wants_a_signed_in_customer_who_typed_the_password_again() {
    let env = spawn_env().await;
    let mut guest = Client::new(&env);
    let answer = guest
        .post_with_token("/api/account/delete", json!({}))
        .await;
    assert_eq!(answer.status, 401);
    assert_eq!(answer.json()["code"], "NotSignedIn");

    let mut jane = Client::new(&env);
    register(&mut jane, "jane@example.com").await;
    let events = count(&env.pool, "SELECT count(*) FROM events").await;
    let refused = jane.post_with_token("/api/account/delete", json!({})).await;
    assert_eq!(refused.status, 200);
    assert_eq!(refused.json()["success"], false);
    assert_eq!(refused.json()["errorMessage"], PASSWORD_AGAIN);
    assert_eq!(refused.json()["reasonCode"], REAUTHENTICATION_REQUIRED);
    assert!(set_cookie(&refused, "sf_session").is_none());
    // Nothing changed: no event, the account and its session are there.
    assert_eq!(
        count(&env.pool, "SELECT count(*) FROM events").await,
        events
    );
    assert_eq!(customers(&env).await, 1);
    assert_eq!(jane.get("/api/account/sessions").await.status, 200);

    // A re-authentication longer ago than 10 minutes does not count.
    let wrong = jane
        .post_with_token("/account/verifyPassword", json!({"password": "Password9"}))
        .await;
    assert_eq!(wrong.json()["success"], false);
    let right = jane
        .post_with_token("/account/verifyPassword", json!({"password": "Password1"}))
        .await;
    assert_eq!(right.json()["success"], true);
    sqlx::query("UPDATE customer_sessions SET reauthenticated_at = now() - interval '11 minutes'")
        .execute(&env.pool)
        .await
        .unwrap();
    let stale = jane.post_with_token("/api/account/delete", json!({})).await;
    assert_eq!(stale.json()["reasonCode"], REAUTHENTICATION_REQUIRED);
    assert_eq!(customers(&env).await, 1);
}

#[tokio::test]
async fn deleting_after_verify_password_erases_the_customer_and_signs_every_browser_out() {
    let env = spawn_env().await;
    let mut jane = Client::new(&env);
    register(&mut jane, "jane@example.com").await;
    // Jane is also signed in on her phone; Joe has an account of his own.
    let mut phone = jane.other();
    let signed = phone
        .post_with_token(
            "/account/authenticate",
            sign_in("jane@example.com", "Password1"),
        )
        .await;
    assert_eq!(signed.json()["success"], true);
    let mut joe = jane.other();
    register(&mut joe, "joe@example.com").await;
    assert_eq!(open_sessions(&env).await, 3);

    let right = jane
        .post_with_token("/account/verifyPassword", json!({"password": "Password1"}))
        .await;
    assert_eq!(right.json()["success"], true);
    let deleted = jane.post_with_token("/api/account/delete", json!({})).await;
    assert_eq!(deleted.status, 200, "{}", deleted.body);
    assert_eq!(deleted.json()["success"], true);
    assert_eq!(deleted.json()["redirectUrl"], "/");
    // The browser is signed out: the session cookie is cleared.
    let session = set_cookie(&deleted, "sf_session").expect("the session cookie is cleared");
    assert!(session.contains("Max-Age=0"), "{session}");
    // (A browser holding a cart gives it back, as at sign-out; Jane's holds none.)
    assert!(set_cookie(&deleted, "sf_cart").is_none_or(|c| c.contains("Max-Age=0")));
    assert_eq!(jane.get("/api/account/sessions").await.status, 401);
    assert_eq!(phone.get("/api/account/sessions").await.status, 401);

    // Erased as `privacy forget` erases: the row, the sessions (Erased), the key, the claim.
    let subject = command::privacy::keys()
        .unwrap()
        .subject_for_email("jane@example.com");
    assert_eq!(customers(&env).await, 1, "Joe's account stays");
    assert_eq!(
        count(
            &env.pool,
            "SELECT count(*) FROM customer_sessions WHERE end_reason = 'Erased'"
        )
        .await,
        2
    );
    assert_eq!(open_sessions(&env).await, 1, "Joe stays signed in");
    let keys: i64 = sqlx::query_scalar("SELECT count(*) FROM subject_keys WHERE subject_id = $1")
        .bind(&subject)
        .fetch_one(&env.pool)
        .await
        .unwrap();
    assert_eq!(keys, 0);
    let forgotten: i64 = sqlx::query_scalar(
        "SELECT count(*) FROM events WHERE aggregate_id = $1 AND event_type = 'SubjectForgotten'",
    )
    .bind(&subject)
    .fetch_one(&env.pool)
    .await
    .unwrap();
    assert_eq!(forgotten, 1);
    assert_eq!(joe.get("/api/account/sessions").await.status, 200);

    // Deleting again from the signed-out browser: not signed in.
    let again = jane.post_with_token("/api/account/delete", json!({})).await;
    assert_eq!(again.status, 401);
    // The old password opens nothing; the address may make a new account.
    let old = phone
        .post_with_token(
            "/account/authenticate",
            sign_in("jane@example.com", "Password1"),
        )
        .await;
    assert_eq!(old.json()["success"], false);
    register(&mut jane.other(), "jane@example.com").await;
    assert_eq!(customers(&env).await, 2);
}

#[tokio::test]
async fn privacy_forget_by_customer_id_erases_like_by_email() {
    let env = spawn_env().await;
    let mut jane = Client::new(&env);
    register(&mut jane, "jane@example.com").await;
    let customer_id: String = sqlx::query_scalar("SELECT customer_id FROM customers")
        .fetch_one(&env.pool)
        .await
        .unwrap();

    // The command line takes --customer beside --email (one of them).
    use clap::Parser;
    let cli = storefront::cli::Cli::try_parse_from([
        "storefront",
        "privacy",
        "forget",
        "--customer",
        &customer_id,
    ])
    .unwrap();
    assert!(matches!(
        cli.command,
        storefront::cli::Command::Privacy {
            action: storefront::cli::PrivacyAction::Forget {
                customer: Some(_),
                email: None,
                visitor: None
            }
        }
    ));
    assert!(storefront::cli::Cli::try_parse_from([
        "storefront",
        "privacy",
        "forget",
        "--customer",
        "cu_1",
        "--email",
        "jane@example.com",
    ])
    .is_err());

    let unknown =
        storefront::privacy::forget_customer(&env.pool, "cu_00000000000000000000000000000000")
            .await
            .unwrap_err();
    assert!(
        unknown.to_string().contains("no customer account"),
        "{unknown}"
    );
    assert_eq!(customers(&env).await, 1, "an unknown id changes nothing");

    // Before: the export holds the account's events with the name opened (the account's id is
    // not the address's subject, so this is the accounts' own part of the export).
    let export = storefront::privacy::export_email(&env.pool, "jane@example.com")
        .await
        .unwrap();
    let account_events: Vec<&Value> = export["events"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["aggregateType"] == "Customer" && e["aggregateId"] == customer_id.as_str())
        .collect();
    assert!(!account_events.is_empty(), "{export}");
    assert!(
        account_events
            .iter()
            .any(|e| e["payload"].to_string().contains("\"Jane\"")),
        "{export}"
    );

    let report = storefront::privacy::forget_customer(&env.pool, &customer_id)
        .await
        .unwrap();
    assert!(report.account_closed && report.key_destroyed && report.recorded);
    assert_eq!(
        report.subject,
        command::privacy::keys()
            .unwrap()
            .subject_for_email("jane@example.com")
    );
    assert_eq!(customers(&env).await, 0);
    assert_eq!(open_sessions(&env).await, 0);
    assert_eq!(jane.get("/api/account/sessions").await.status, 401);
    // Forgotten, the id is unknown now.
    assert!(
        storefront::privacy::forget_customer(&env.pool, &customer_id)
            .await
            .is_err()
    );
    // After: nothing of her is left to read.
    let export = storefront::privacy::export_email(&env.pool, "jane@example.com")
        .await
        .unwrap();
    assert_eq!(export["events"], json!([]), "{export}");
    register(&mut jane.other(), "jane@example.com").await;
}

/// An app on `env`'s database whose passwords are good for `days` days.
fn with_password_max_age(env: &TestEnv, days: u32) -> Client {
    let mut state = storefront::app::AppParts::ephemeral(
        env.pool.clone(),
        env.bus.clone(),
        std::env::temp_dir().join("no-web-dir"),
    );
    state.accounts = std::sync::Arc::new(command::accounts::AccountSettings {
        password_max_age_days: days,
        ..Default::default()
    });
    Client {
        app: storefront::app::router(state, &storefront::Roles::all()),
        cookies: Default::default(),
    }
}

#[tokio::test]
async fn an_old_password_still_signs_in_and_asks_for_a_new_one() {
    let env = spawn_env().await;
    let mut jane = with_password_max_age(&env, 90);
    register(&mut jane, "jane@example.com").await;
    let fresh = jane
        .other()
        .post_with_token(
            "/account/authenticate",
            sign_in("jane@example.com", "Password1"),
        )
        .await;
    assert_eq!(fresh.json()["success"], true);
    assert_eq!(fresh.json()["passwordChangeRequired"], false);
    assert_eq!(fresh.json()["redirectUrl"], Value::Null);

    // The check reads the read model's `password_set_at` (what PasswordChanged last set).
    sqlx::query("UPDATE customers SET password_set_at = now() - interval '91 days'")
        .execute(&env.pool)
        .await
        .unwrap();
    let mut laptop = jane.other();
    let old = laptop
        .post_with_token(
            "/account/authenticate",
            sign_in("jane@example.com", "Password1"),
        )
        .await;
    assert_eq!(old.json()["success"], true, "{}", old.body);
    assert_eq!(old.json()["passwordChangeRequired"], true);
    assert_eq!(old.json()["redirectUrl"], UPDATE_PASSWORD_PAGE);
    // Signed in all the same.
    assert!(set_cookie(&old, "sf_session").is_some());
    assert_eq!(laptop.get("/api/account/sessions").await.status, 200);

    // With the default (0: never), the same old password asks for nothing.
    let mut default = Client::new(&env);
    let never = default
        .post_with_token(
            "/account/authenticate",
            sign_in("jane@example.com", "Password1"),
        )
        .await;
    assert_eq!(never.json()["success"], true);
    assert_eq!(never.json()["passwordChangeRequired"], false);
}

/// The text of the newest reset mail to `subject`, waiting for it (recover sends after
/// answering).
async fn reset_mail(env: &TestEnv, subject: &str) -> String {
    for _ in 0..100 {
        let body: Option<String> = sqlx::query_scalar(
            "SELECT body FROM notifications WHERE subject = $1 AND key LIKE 'password-reset:%' \
             ORDER BY created_at DESC LIMIT 1",
        )
        .bind(subject)
        .fetch_optional(&env.pool)
        .await
        .unwrap();
        if let Some(body) = body {
            return body;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("no reset mail");
}

#[tokio::test]
async fn an_operator_asks_for_a_new_password_until_the_customer_sets_one() {
    let env = spawn_env().await;
    let mut jane = Client::new(&env);
    register(&mut jane, "jane@example.com").await;
    assert!(
        storefront::cli::accounts::require_password_change(&env.pool, "nobody@example.com")
            .await
            .is_err()
    );
    let customer_id =
        storefront::cli::accounts::require_password_change(&env.pool, "JANE@example.com")
            .await
            .unwrap();
    assert!(customer_id.starts_with("cu_"));
    // Asking twice records it once.
    storefront::cli::accounts::require_password_change(&env.pool, "jane@example.com")
        .await
        .unwrap();
    assert_eq!(
        count(
            &env.pool,
            "SELECT count(*) FROM events WHERE event_type = 'PasswordChangeRequired'"
        )
        .await,
        1
    );
    let mut laptop = jane.other();
    let flagged = laptop
        .post_with_token(
            "/account/authenticate",
            sign_in("jane@example.com", "Password1"),
        )
        .await;
    assert_eq!(flagged.json()["success"], true);
    assert_eq!(flagged.json()["passwordChangeRequired"], true);
    assert_eq!(flagged.json()["redirectUrl"], UPDATE_PASSWORD_PAGE);

    // A new password through a reset link clears it.
    laptop
        .post_with_token(
            "/account/recover",
            json!({"emailAddress": "jane@example.com"}),
        )
        .await;
    let subject = command::privacy::keys()
        .unwrap()
        .subject_for_email("jane@example.com");
    let mail = reset_mail(&env, &subject).await;
    let url = mail
        .split_whitespace()
        .find(|w| w.contains("/account/reset-password/?"))
        .expect("the mail holds the link");
    let pairs: std::collections::HashMap<_, _> = url
        .split_once('?')
        .unwrap()
        .1
        .split('&')
        .filter_map(|p| p.split_once('='))
        .collect();
    let reset = laptop
        .post_with_token(
            "/account/reset",
            json!({"bid": pairs["bid"], "at": pairs["at"], "newPassword": "NewPassword2"}),
        )
        .await;
    assert_eq!(reset.json()["success"], true, "{}", reset.body);
    let cleared = jane
        .other()
        .post_with_token(
            "/account/authenticate",
            sign_in("jane@example.com", "NewPassword2"),
        )
        .await;
    assert_eq!(cleared.json()["success"], true);
    assert_eq!(cleared.json()["passwordChangeRequired"], false);
    assert_eq!(cleared.json()["redirectUrl"], Value::Null);
}

/// What a registration that died between its claim and `CustomerRegistered` leaves: the
/// address claimed `minutes_ago` by a customer who never registered.
async fn dead_registration(env: &TestEnv, email: &str, minutes_ago: i64) {
    let subject = command::privacy::keys().unwrap().subject_for_email(email);
    let claim = command::accounts::EmailClaimCommand::ClaimAt {
        customer_id: "cu_0000000000000000000000000000dead".into(),
        now: chrono::Utc::now() - chrono::Duration::minutes(minutes_ago),
        unregistered_holder: None,
    };
    let executed = command::eventstore::run::<command::accounts::EmailClaim>(&env.pool, &())
        .command(&subject, claim)
        .executed()
        .await
        .unwrap();
    assert!(executed.outcome.is_ok());
}

#[tokio::test]
async fn a_claim_whose_registration_died_frees_the_address_after_ten_minutes() {
    let env = spawn_env().await;
    dead_registration(&env, "jane@example.com", 5).await;
    let mut jane = Client::new(&env);
    let taken = jane
        .post_with_token("/account/register", form("jane@example.com"))
        .await;
    assert_eq!(taken.json()["success"], false);
    assert_eq!(
        taken.json()["errorMessage"],
        command::routes::accounts::EMAIL_TAKEN
    );

    dead_registration(&env, "joe@example.com", 11).await;
    register(&mut jane.other(), "joe@example.com").await;
    assert_eq!(
        count(
            &env.pool,
            "SELECT count(*) FROM events WHERE event_type = 'EmailReleased' \
             AND payload::text LIKE '%cu_0000000000000000000000000000dead%'"
        )
        .await,
        1
    );
    // (A holder with `CustomerRegistered` keeps its claim however old: claim.rs's tests.)
}

#[tokio::test]
async fn the_update_password_page_sets_a_new_password_for_a_fresh_session_only() {
    let env = spawn_env().await;
    let mut anonymous = Client::new(&env);
    let refused = anonymous
        .post_with_token(
            "/account/update-password",
            json!({"newPassword": "NewPassword2"}),
        )
        .await;
    assert_eq!(refused.status, 200);
    assert_eq!(refused.json()["success"], false);
    assert_eq!(refused.json()["errorMessage"], SIGN_IN_TO_CHANGE);

    let mut jane = Client::new(&env);
    register(&mut jane, "jane@example.com").await;
    storefront::cli::accounts::require_password_change(&env.pool, "jane@example.com")
        .await
        .unwrap();
    let mut laptop = jane.other();
    let signed = laptop
        .post_with_token(
            "/account/authenticate",
            sign_in("jane@example.com", "Password1"),
        )
        .await;
    assert_eq!(signed.json()["passwordChangeRequired"], true);
    let weak = laptop
        .post_with_token(
            "/account/update-password",
            json!({"newPassword": "password"}),
        )
        .await;
    assert_eq!(weak.json()["success"], false);
    assert_eq!(weak.json()["reasonCode"], 6);
    assert_eq!(
        weak.json()["errorMessage"],
        "Password requires at least 1 uppercase character."
    );
    let changed = laptop
        .post_with_token(
            "/account/update-password",
            json!({"newPassword": "NewPassword2", "refUrl": "/cart/"}),
        )
        .await;
    assert_eq!(changed.json()["success"], true, "{}", changed.body);
    assert_eq!(changed.json()["redirectUrl"], "/cart/");
    // Still signed in here (a new session); the other browser's session ended.
    assert_eq!(laptop.get("/api/account/sessions").await.status, 200);
    assert_eq!(jane.get("/api/account/sessions").await.status, 401);
    let foreign = laptop
        .post_with_token(
            "/account/update-password",
            json!({"newPassword": "NewPassword3", "refUrl": "//evil.example/"}),
        )
        .await;
    assert_eq!(
        foreign.json()["redirectUrl"],
        "/account/",
        "only local paths"
    );
    let again = jane
        .other()
        .post_with_token(
            "/account/authenticate",
            sign_in("jane@example.com", "NewPassword3"),
        )
        .await;
    assert_eq!(again.json()["success"], true);
    assert_eq!(
        again.json()["passwordChangeRequired"],
        false,
        "cleared by the change"
    );

    // A session that signed in more than 10 minutes ago must sign in again.
    sqlx::query("UPDATE customer_sessions SET started_at = now() - interval '11 minutes'")
        .execute(&env.pool)
        .await
        .unwrap();
    let stale = laptop
        .post_with_token(
            "/account/update-password",
            json!({"newPassword": "NewPassword4"}),
        )
        .await;
    assert_eq!(stale.json()["success"], false);
    assert_eq!(stale.json()["reasonCode"], 13);
    assert_eq!(stale.json()["errorMessage"], PASSWORD_AGAIN_TO_CHANGE);
}
