//! The captcha port (`command::accounts::captcha`): `GET /account/captcha` hands out a
//! proof-of-work challenge whose solution is accepted once across replicas on one database;
//! the reCAPTCHA adapter posts the secret and the token as a form to its verify URL and treats
//! a failing verify call as unavailable.

use std::collections::HashMap;
use std::net::{IpAddr, Ipv4Addr};
use std::sync::{Arc, Mutex};

use axum::extract::State;
use axum::http::StatusCode;
use axum::routing::post;
use axum::{Form, Json, Router};
use command::accounts::captcha::{solve, Captcha, CaptchaError, CaptchaRef, Recaptcha};
use serde_json::{json, Value};
use storefront::config::CaptchaSetting;

use crate::common::*;

#[tokio::test]
async fn a_proof_of_work_solution_is_accepted_once_across_replicas() {
    let env = spawn_env().await;
    let state = storefront::app::AppParts::ephemeral(
        env.pool.clone(),
        env.bus.clone(),
        std::env::temp_dir().join("no-web-dir"),
    );
    let keyring = state.cookies.keyring.clone();
    let mut browser = Client {
        app: storefront::app::router(state, &storefront::Roles::all()),
        cookies: Default::default(),
    };
    let answer = browser.get("/account/captcha").await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    assert_eq!(answer.headers["cache-control"], "no-store");
    let challenge = answer.json();
    assert_eq!(challenge["kind"], "proofOfWork", "{challenge}");
    assert_eq!(challenge["difficulty"], 18);
    let text = challenge["challenge"].as_str().unwrap().to_string();
    assert_ne!(
        browser.get("/account/captcha").await.json()["challenge"],
        challenge["challenge"],
        "a new challenge on every call"
    );

    // Two replicas: the same settings and cookie keys, the same database.
    let setting = CaptchaSetting::ProofOfWork { difficulty: 18 };
    let replica_a: CaptchaRef = setting.build(&env.pool, &keyring).unwrap();
    let replica_b: CaptchaRef = setting.build(&env.pool, &keyring).unwrap();
    let response = solve(&text, 18);
    assert!(!replica_a.verify(&format!("{text}:x"), None).await.unwrap());
    assert!(replica_a.verify(&response, None).await.unwrap());
    assert!(
        !replica_b.verify(&response, None).await.unwrap(),
        "spent on the other replica"
    );
    assert!(!replica_a.verify(&response, None).await.unwrap());
    assert_eq!(
        count(&env.pool, "SELECT count(*) FROM captcha_spent").await,
        1
    );

    // Another store's keys sign other challenges.
    let stranger: CaptchaRef = setting
        .build(&env.pool, &kernel::secrets::Keyring::ephemeral())
        .unwrap();
    let fresh = browser.get("/account/captcha").await.json();
    let fresh = solve(fresh["challenge"].as_str().unwrap(), 18);
    assert!(!stranger.verify(&fresh, None).await.unwrap());
    assert!(replica_b.verify(&fresh, None).await.unwrap());
}

/// What the stand-in verify server received.
type Posted = Arc<Mutex<Vec<HashMap<String, String>>>>;

async fn siteverify(
    State(posted): State<Posted>,
    Form(form): Form<HashMap<String, String>>,
) -> Json<Value> {
    let success = form.get("response").map(String::as_str) == Some("good");
    posted.lock().unwrap().push(form);
    Json(json!({"success": success, "hostname": "127.0.0.1"}))
}

/// A stand-in for Google's verify call on 127.0.0.1: `/siteverify` answers as Google does
/// (success for the token "good"), `/broken` a 500, `/huge` more than the adapter reads.
async fn verify_server() -> (String, Posted) {
    let posted: Posted = Default::default();
    let app = Router::new()
        .route("/siteverify", post(siteverify))
        .route(
            "/broken",
            post(|| async { (StatusCode::INTERNAL_SERVER_ERROR, "down") }),
        )
        .route(
            "/huge",
            post(|| async { format!("{{\"success\":true,\"pad\":\"{}\"}}", "x".repeat(200_000)) }),
        )
        .with_state(posted.clone());
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    (base, posted)
}

#[tokio::test]
async fn recaptcha_posts_the_secret_and_token_as_a_form_and_reads_the_verdict() {
    let (base, posted) = verify_server().await;
    let recaptcha =
        Recaptcha::new("site-key", "the-secret", &format!("{base}/siteverify")).unwrap();
    let remote = Some(IpAddr::V4(Ipv4Addr::new(203, 0, 113, 7)));
    assert!(recaptcha.verify("good", remote).await.unwrap());
    assert!(!recaptcha.verify("bad", None).await.unwrap());
    let posted = posted.lock().unwrap().clone();
    assert_eq!(posted.len(), 2);
    assert_eq!(posted[0]["secret"], "the-secret");
    assert_eq!(posted[0]["response"], "good");
    assert_eq!(posted[0]["remoteip"], "203.0.113.7");
    assert_eq!(posted[1]["response"], "bad");
    assert!(!posted[1].contains_key("remoteip"));

    // Chosen through the settings, the challenge is the site key.
    let verify_url = format!("{base}/siteverify");
    let setting = CaptchaSetting::from_lookup(|name| match name {
        "CAPTCHA" => Some("recaptcha".to_string()),
        "RECAPTCHA_SITE_KEY" => Some("site-key".to_string()),
        "RECAPTCHA_SECRET" => Some("the-secret".to_string()),
        "RECAPTCHA_VERIFY_URL" => Some(verify_url.clone()),
        _ => None,
    })
    .unwrap();
    let pool = sqlx::postgres::PgPoolOptions::new()
        .connect_lazy("postgres://nobody@127.0.0.1:1/none")
        .unwrap();
    let captcha = setting
        .build(&pool, &kernel::secrets::Keyring::ephemeral())
        .unwrap();
    assert_eq!(
        serde_json::to_value(captcha.challenge().await.unwrap()).unwrap(),
        json!({"kind": "recaptcha", "siteKey": "site-key"})
    );
    assert!(captcha.verify("good", None).await.unwrap());
    assert_eq!(
        captcha.origins(),
        ["https://www.google.com", "https://www.gstatic.com"]
    );
}

#[tokio::test]
async fn a_failing_verify_call_is_unavailable_not_a_verdict() {
    let (base, _) = verify_server().await;
    for path in ["/broken", "/huge", "/missing"] {
        let recaptcha = Recaptcha::new("site-key", "the-secret", &format!("{base}{path}")).unwrap();
        match recaptcha.verify("good", None).await {
            Err(CaptchaError::Unavailable(reason)) => {
                assert!(!reason.contains("the-secret"), "{reason}");
                assert!(!reason.contains("good"), "{reason}");
            }
            other => panic!("{path}: {other:?}"),
        }
    }
    // Nothing listening.
    let closed = Recaptcha::new("site-key", "the-secret", "http://127.0.0.1:1/siteverify").unwrap();
    assert!(matches!(
        closed.verify("good", None).await,
        Err(CaptchaError::Unavailable(_))
    ));
}
