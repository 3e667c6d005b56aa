//! Staff accounts: `storefront staff invite` mails a one-time link; accepting it makes (or
//! uses) the person's account, grants the invitation's roles and signs the browser in, whose
//! session then passes the staff checks for those roles only; `staff revoke` takes them away
//! at the next request. Bearer tokens (`STAFF_TOKENS`) keep working for machines.

use std::sync::Arc;

use serde_json::{json, Value};

use crate::common::search_catalog::STAFF_TOKEN;
use crate::common::*;
use command::accounts::{StaffInvitation, StaffInvitationCommand};
use command::routes::accounts::staff_invitation::{
    INVITATION_INVALID, INVITATION_OTHER_EMAIL, SIGN_IN_FIRST,
};

const ANALYST_TOKEN: &str = "analyst-test-token-0123456789abcdef";
const ACCEPT: &str = "/api/staff-invitation/accept";
/// A merchandiser's GET and an analyst's.
const MERCHANDISER_GET: &str = "/api/staff/search/reindex";
const ANALYST_GET: &str = "/api/staff/analytics/report";

/// The whole app, with a merchandiser's and an analyst's bearer tokens.
fn app(env: &TestEnv) -> Client {
    let mut state = storefront::app::AppParts::ephemeral(
        env.pool.clone(),
        env.bus.clone(),
        std::env::temp_dir().join("no-web-dir"),
    );
    state.staff = Arc::new(
        kernel::staff::StaffTokens::parse(&format!(
            "merch:merchandiser:{STAFF_TOKEN}, ana:analyst:{ANALYST_TOKEN}"
        ))
        .unwrap(),
    );
    Client {
        app: storefront::app::router(state, &storefront::Roles::all()),
        cookies: Default::default(),
    }
}

async fn invite(env: &TestEnv, email: &str, roles: &str) -> (String, String) {
    let notifier: command::notify::NotifierRef = Arc::new(command::notify::outbox::Outbox {
        pool: env.pool.clone(),
    });
    let invited = storefront::cli::staff::invite(
        &env.pool,
        &notifier,
        "http://127.0.0.1:8080/",
        email,
        roles,
    )
    .await
    .unwrap();
    assert_eq!(invited.mail_key, format!("staff-invite:{}", invited.id));
    let body: String = sqlx::query_scalar("SELECT body FROM notifications WHERE key = $1")
        .bind(&invited.mail_key)
        .fetch_one(&env.pool)
        .await
        .expect("the mailbox holds the invitation");
    let url = body
        .split_whitespace()
        .find(|w| w.contains("/staff/accept-invite/?"))
        .expect("the mail holds the link");
    assert!(
        url.starts_with(&format!(
            "http://127.0.0.1:8080/staff/accept-invite/?id={}&token=",
            invited.id
        )),
        "{url}"
    );
    let token = url.rsplit_once("token=").unwrap().1.to_string();
    assert_eq!(token.len(), 64, "256 bits as hex");
    (invited.id, token)
}

fn form(id: &str, token: &str, email: &str) -> Value {
    json!({
        "id": id,
        "token": token,
        "emailAddress": email,
        "firstName": "Jane",
        "lastName": "Doe",
        "password": "Password1",
        "phoneNumber": "(555) 234-5678",
    })
}

async fn events(env: &TestEnv) -> i64 {
    count(&env.pool, "SELECT count(*) FROM events").await
}

async fn staff_get(c: &mut Client, path: &str, bearer: Option<&str>) -> Answer {
    let header = bearer.map(|t| format!("Bearer {t}"));
    let headers: Vec<(&str, &str)> = header
        .as_deref()
        .map(|h| vec![("authorization", h)])
        .unwrap_or_default();
    c.send_with("GET", path, None, String::new(), &headers)
        .await
}

#[tokio::test]
async fn an_invitation_makes_a_staff_account_that_holds_its_roles_until_revoked() {
    let env = spawn_env().await;
    let mut c = app(&env);
    let (id, token) = invite(&env, "Jane@Example.com", "merchandiser").await;

    // Refused, changing nothing: a wrong token, another address, an unknown id, an expired one.
    let before = events(&env).await;
    let mut stranger = c.other();
    for (body, message) in [
        (
            form(&id, &"0".repeat(64), "jane@example.com"),
            INVITATION_INVALID,
        ),
        (
            form(&id, &token, "john@example.com"),
            INVITATION_OTHER_EMAIL,
        ),
        (
            form("si_unknown", &token, "jane@example.com"),
            INVITATION_INVALID,
        ),
    ] {
        let a = stranger.post_with_token(ACCEPT, body).await;
        assert_eq!(a.status, 200, "{}", a.body);
        assert_eq!(a.json()["success"], false);
        assert_eq!(a.json()["errorMessage"], message);
    }
    let expired_token = "e".repeat(64);
    let expired = command::eventstore::run::<StaffInvitation>(&env.pool, &())
        .command(
            "si_expired",
            StaffInvitationCommand::Invite {
                email_subject: command::privacy::keys()
                    .unwrap()
                    .subject_for_email("jane@example.com"),
                roles: vec!["merchandiser".into()],
                token_hash: command::routes::accounts::recovery::token_hash(&expired_token),
                expires_at: chrono::Utc::now() - chrono::Duration::minutes(1),
            },
        )
        .executed()
        .await
        .unwrap();
    assert!(expired.outcome.is_ok());
    let a = stranger
        .post_with_token(
            ACCEPT,
            form("si_expired", &expired_token, "jane@example.com"),
        )
        .await;
    assert_eq!(a.json()["errorMessage"], INVITATION_INVALID);
    assert_eq!(
        events(&env).await,
        before + 1,
        "only the expired invitation"
    );
    assert_eq!(count(&env.pool, "SELECT count(*) FROM customers").await, 0);
    assert_eq!(
        staff_get(&mut stranger, MERCHANDISER_GET, None)
            .await
            .status,
        401
    );

    // Accepted: the account is made, holds the role, and this browser is signed in.
    let a = c
        .post_with_token(ACCEPT, form(&id, &token, "jane@example.com"))
        .await;
    assert_eq!(a.json()["success"], true, "{}", a.body);
    assert_eq!(a.json()["roles"], json!(["merchandiser"]));
    assert_eq!(c.get("/api/account/sessions").await.status, 200);
    let roles: Vec<String> = sqlx::query_scalar("SELECT staff_roles FROM customers")
        .fetch_one(&env.pool)
        .await
        .unwrap();
    assert_eq!(roles, ["merchandiser"]);
    let a = staff_get(&mut c, MERCHANDISER_GET, None).await;
    assert_eq!(a.status, 200, "{}", a.body);
    // The console's first call: who they are and what they may do.
    let me = staff_get(&mut c, "/api/staff/me", None).await;
    assert_eq!(me.status, 200, "{}", me.body);
    assert!(me.json()["staffId"].as_str().unwrap().starts_with("cu_"));
    assert_eq!(me.json()["firstName"], "Jane");
    assert_eq!(me.json()["roles"], json!(["merchandiser"]));
    assert_eq!(
        staff_get(&mut stranger, "/api/staff/me", None).await.status,
        401
    );
    let a = staff_get(&mut c, ANALYST_GET, None).await;
    assert_eq!(a.status, 403, "{}", a.body);
    assert_eq!(a.json()["code"], "Forbidden");
    // A session's staff command needs the anti-forgery token: a cookie goes along anywhere.
    let unpin = json!({"itemId": "800003", "keyword": "wire"});
    let a = c
        .send(
            "POST",
            "/api/staff/merch/UnpinItem",
            Some("application/json"),
            unpin.to_string(),
        )
        .await;
    assert_eq!(a.status, 403, "{}", a.body);
    assert_eq!(a.json()["code"], "AntiForgeryTokenInvalid");

    // Used up: the same link again is refused.
    let a = stranger
        .post_with_token(ACCEPT, form(&id, &token, "jane@example.com"))
        .await;
    assert_eq!(a.json()["errorMessage"], INVITATION_INVALID);

    // A plain customer's session is no staff session; a visitor has no credentials.
    let mut bob = c.other();
    let made = bob
        .post_with_token(
            "/account/register",
            json!({"firstName": "Bob", "lastName": "Roe", "emailAddress": "bob@example.com",
                   "password": "Password1", "phoneNumber": "(555) 234-5679"}),
        )
        .await;
    assert_eq!(made.json()["success"], true, "{}", made.body);
    let a = staff_get(&mut bob, MERCHANDISER_GET, None).await;
    assert_eq!(a.status, 403, "{}", a.body);
    assert_eq!(
        staff_get(&mut c.other(), MERCHANDISER_GET, None)
            .await
            .status,
        401
    );

    // The bearer tokens still work, and a wrong one is still 401.
    assert_eq!(
        staff_get(&mut bob, MERCHANDISER_GET, Some(STAFF_TOKEN))
            .await
            .status,
        200
    );
    assert_eq!(
        staff_get(&mut bob, ANALYST_GET, Some(ANALYST_TOKEN))
            .await
            .status,
        200
    );
    let a = staff_get(
        &mut c,
        MERCHANDISER_GET,
        Some("not-a-staff-token-0123456789"),
    )
    .await;
    assert_eq!(a.status, 401);

    // Revoked: the next request of the same session is refused.
    let (_, held) = storefront::cli::staff::revoke(&env.pool, "jane@example.com", None)
        .await
        .unwrap();
    assert!(held.is_empty());
    assert_eq!(staff_get(&mut c, MERCHANDISER_GET, None).await.status, 403);

    // No address and no token in clear in any event.
    let payloads: Vec<String> =
        sqlx::query_scalar("SELECT payload::text || metadata::text FROM events")
            .fetch_all(&env.pool)
            .await
            .unwrap();
    for p in &payloads {
        let lower = p.to_lowercase();
        assert!(
            !lower.contains("jane@example.com") && !lower.contains("bob@example.com"),
            "{p}"
        );
        assert!(!p.contains(&token), "{p}");
    }
    for kind in [
        "StaffInvited",
        "StaffInvitationAccepted",
        "StaffRolesGranted",
        "StaffRolesRevoked",
    ] {
        let n = count(
            &env.pool,
            &format!("SELECT count(*) FROM events WHERE event_type = '{kind}'"),
        )
        .await;
        assert!(n >= 1, "{kind}");
    }
}

#[tokio::test]
async fn an_address_with_an_account_accepts_only_signed_in_as_it() {
    let env = spawn_env().await;
    let mut bob = app(&env);
    let made = bob
        .post_with_token(
            "/account/register",
            json!({"firstName": "Bob", "lastName": "Roe", "emailAddress": "bob@example.com",
                   "password": "Password1", "phoneNumber": "(555) 234-5679"}),
        )
        .await;
    assert_eq!(made.json()["success"], true, "{}", made.body);
    let (id, token) = invite(&env, "bob@example.com", "analyst+merchandiser").await;

    let before = events(&env).await;
    let mut elsewhere = bob.other();
    let a = elsewhere
        .post_with_token(ACCEPT, form(&id, &token, "bob@example.com"))
        .await;
    assert_eq!(a.json()["errorMessage"], SIGN_IN_FIRST, "{}", a.body);
    assert_eq!(events(&env).await, before);
    assert_eq!(count(&env.pool, "SELECT count(*) FROM customers").await, 1);

    let a = bob
        .post_with_token(ACCEPT, form(&id, &token, "bob@example.com"))
        .await;
    assert_eq!(a.json()["success"], true, "{}", a.body);
    assert_eq!(a.json()["roles"], json!(["merchandiser", "analyst"]));
    assert_eq!(count(&env.pool, "SELECT count(*) FROM customers").await, 1);
    assert_eq!(staff_get(&mut bob, ANALYST_GET, None).await.status, 200);
    assert_eq!(
        staff_get(&mut bob, MERCHANDISER_GET, None).await.status,
        200
    );
    // Only the analyst's role taken away: the merchandiser's stays.
    storefront::cli::staff::revoke(&env.pool, "bob@example.com", Some("analyst"))
        .await
        .unwrap();
    assert_eq!(staff_get(&mut bob, ANALYST_GET, None).await.status, 403);
    assert_eq!(
        staff_get(&mut bob, MERCHANDISER_GET, None).await.status,
        200
    );
}
