//! The rewards programme over HTTP: every path of the join and connect flows with the spec's
//! reason codes, verification codes (wrong, locked, expired, resent past the limit), linking
//! by rewards number, a provider that fails (SESSION_M_ERROR, and an account made while the
//! link failed: createdRewardsDesync), one rewards account per phone under racing joins, and
//! no phone, email or code in clear in the event store.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use chrono::Utc;
use serde_json::{json, Value};

use crate::common::*;
use command::rewards::local::LocalProvider;
use command::rewards::member::JoinedAt;
use command::rewards::provider::{
    Enrolled, Enrolment, Lookup, MemberRecord, ProviderError, ProviderRef, RewardsProvider,
};
use command::rewards::ProviderStatus;
use command::routes::rewards::{
    CODE_EXPIRED, CODE_LOCKED, NOT_FOUND, NUMBER_NO_MATCH, ONE_PIECE, SIGN_IN_FIRST, WRONG_CODE,
};

fn form(email: &str, phone: &str) -> Value {
    json!({
        "firstName": "Jane",
        "lastName": "Doe",
        "emailAddress": email,
        "password": "Password1",
        "phoneNumber": phone,
        "skipConnectingRewards": true,
    })
}

fn local(env: &TestEnv) -> LocalProvider {
    LocalProvider {
        pool: env.pool.clone(),
        sealer: Arc::new(command::privacy::vault::PgSealer {
            pool: env.pool.clone(),
        }),
        inline: Arc::new(projections::registry::InlineShopping),
    }
}

/// A member who joined at a register in a store: no customer account.
pub(crate) async fn in_store(env: &TestEnv, phone: &str, email: Option<&str>) -> MemberRecord {
    let enrolled = local(env)
        .enrol(Enrolment {
            phone: phone.into(),
            email: email.map(str::to_string),
            customer_id: None,
            joined_at: JoinedAt::InStore,
            now: Utc::now(),
        })
        .await
        .unwrap();
    match enrolled {
        Enrolled::Created(member) => member,
        other => panic!("{other:?}"),
    }
}

/// A browser signed in to a new account with this email and phone (rewards skipped).
async fn customer(env: &TestEnv, email: &str, phone: &str) -> Client {
    let mut browser = Client::new(env);
    let made = browser
        .post_with_token("/account/register", form(email, phone))
        .await;
    assert_eq!(made.json()["success"], true, "{}", made.body);
    browser
}

async fn call(browser: &mut Client, path: &str, body: Value) -> Value {
    let answer = browser.post_with_token(path, body).await;
    assert_eq!(answer.status, 200, "{path}: {}", answer.body);
    answer.json()
}

async fn rewards_data(browser: &mut Client) -> Value {
    call(browser, "/account/getrewardsdata", json!({})).await
}

/// The code of the last verification message sent for a session.
pub(crate) async fn code_sent(env: &TestEnv, session: &str) -> String {
    let body: String = sqlx::query_scalar("SELECT body FROM notifications WHERE key = $1")
        .bind(format!("rewards-code:{session}"))
        .fetch_one(&env.pool)
        .await
        .unwrap();
    body.split(|c: char| !c.is_ascii_digit())
        .find(|w| w.len() == 6)
        .expect("the message holds a 6-digit code")
        .to_string()
}

async fn members(env: &TestEnv) -> i64 {
    count(&env.pool, "SELECT count(*) FROM rewards_members").await
}

#[tokio::test]
async fn a_customer_joins_by_phone_once_and_the_menu_then_says_so() {
    let env = spawn_env().await;
    let mut jane = customer(&env, "jane@example.com", "(555) 234-5678").await;
    let opening = rewards_data(&mut jane).await;
    assert_eq!(opening["success"], true);
    assert_eq!(opening["customerHasRewards"], false);
    assert_eq!(opening["sessionMFound"], false);
    assert_eq!(opening["emailAlreadyLinked"], false);
    assert_eq!(
        opening["email"], "jane@example.com",
        "the connect form's prefill"
    );

    let bad = call(
        &mut jane,
        "/account/newrewardsaccount",
        json!({"phoneNumber": "555-12"}),
    )
    .await;
    assert_eq!(bad["reasonCode"], 6);
    assert_eq!(bad["errorMessage"], "Please enter a valid phone number.");
    assert_eq!(members(&env).await, 0);

    let joined = call(
        &mut jane,
        "/account/newrewardsaccount",
        json!({"phoneNumber": "(555) 234-5678"}),
    )
    .await;
    assert_eq!(joined["success"], true, "{joined}");
    assert_eq!(members(&env).await, 1);
    assert_eq!(rewards_data(&mut jane).await["customerHasRewards"], true);

    let again = call(
        &mut jane,
        "/account/newrewardsaccount",
        json!({"phoneNumber": "(555) 999-0000"}),
    )
    .await;
    assert_eq!(again["reasonCode"], 8);
    assert_eq!(members(&env).await, 1);
}

#[tokio::test]
async fn signed_out_visitors_are_told_to_sign_in() {
    let env = spawn_env().await;
    let mut guest = Client::new(&env);
    let opening = rewards_data(&mut guest).await;
    assert_eq!(opening["success"], false);
    assert_eq!(opening["reasonCode"], 0);
    for path in ["/account/newrewardsaccount", "/account/findrewardstolink"] {
        let answer = call(&mut guest, path, json!({"phoneNumber": "(555) 234-5678"})).await;
        assert_eq!(answer["reasonCode"], 0, "{path}");
        assert_eq!(answer["errorMessage"], SIGN_IN_FIRST);
    }
    assert_eq!(members(&env).await, 0);
}

#[tokio::test]
async fn joining_with_an_in_store_phone_asks_for_verification_with_the_email_masked() {
    let env = spawn_env().await;
    in_store(&env, "5553334444", Some("pat@example.com")).await;
    let mut jane = customer(&env, "jane@example.com", "(555) 234-5678").await;
    let answer = call(
        &mut jane,
        "/account/newrewardsaccount",
        json!({"phoneNumber": "555.333.4444"}),
    )
    .await;
    assert_eq!(answer["success"], false);
    assert_eq!(
        answer["reasonCode"], 3,
        "REWARDS_ACCOUNT_ALREADY_EXISTS: {answer}"
    );
    assert_eq!(answer["email"], "p***@example.com");
    assert_eq!(answer["redactedData"], "email");
    assert_eq!(members(&env).await, 1, "no second account for the phone");
}

#[tokio::test]
async fn joining_with_another_customers_phone_shows_account_in_use() {
    let env = spawn_env().await;
    let mut bob = customer(&env, "bob@example.com", "(555) 777-8888").await;
    let joined = call(
        &mut bob,
        "/account/newrewardsaccount",
        json!({"phoneNumber": "(555) 777-8888"}),
    )
    .await;
    assert_eq!(joined["success"], true);
    let mut jane = customer(&env, "jane@example.com", "(555) 234-5678").await;
    let answer = call(
        &mut jane,
        "/account/newrewardsaccount",
        json!({"phoneNumber": "(555) 777-8888"}),
    )
    .await;
    assert_eq!(
        answer["reasonCode"], 2,
        "REWARDS_ACCOUNT_ALREADY_LINKED: {answer}"
    );
    assert_eq!(answer["email"], "b***@example.com");
    assert_eq!(answer["redactedData"], "email");
    assert_eq!(
        answer["errorMessage"],
        "This phone number is already associated with another user, b***@example.com. Please enter a different number or call Customer Service at 1-800-210-2370."
    );
}

#[tokio::test]
async fn the_menu_opens_on_the_branch_the_customer_is_in() {
    let env = spawn_env().await;
    // An in-store member with Jane's phone: verification-account, the phone hidden.
    in_store(&env, "5552345678", Some("pat@example.com")).await;
    let mut jane = customer(&env, "jane@example.com", "(555) 234-5678").await;
    let opening = rewards_data(&mut jane).await;
    assert_eq!(opening["sessionMFound"], true, "{opening}");
    assert_eq!(opening["phone"], "(***) ***-5678");
    assert_eq!(opening["email"], "p***@example.com");
    assert_eq!(opening["customerHasRewards"], false);

    // Kim's email belongs to a rewards account another customer holds.
    local(&env)
        .enrol(Enrolment {
            phone: "5556667777".into(),
            email: Some("kim@example.com".into()),
            customer_id: Some("cu_someone_else".into()),
            joined_at: JoinedAt::Online,
            now: Utc::now(),
        })
        .await
        .unwrap();
    let mut kim = customer(&env, "kim@example.com", "(555) 321-2121").await;
    let opening = rewards_data(&mut kim).await;
    assert_eq!(opening["emailAlreadyLinked"], true, "{opening}");
    assert_eq!(opening["sessionMFound"], false);
}

#[tokio::test]
async fn the_connect_lookup_takes_exactly_one_piece_of_information() {
    let env = spawn_env().await;
    let member = in_store(&env, "5553334444", Some("pat@example.com")).await;
    let mut jane = customer(&env, "jane@example.com", "(555) 234-5678").await;
    let two = call(
        &mut jane,
        "/account/findrewardstolink",
        json!({"phoneNumber": "(555) 333-4444", "email": "pat@example.com"}),
    )
    .await;
    assert_eq!(two["reasonCode"], 6);
    assert_eq!(two["errorMessage"], ONE_PIECE);
    for one in [
        json!({"phoneNumber": "(555) 333-4444"}),
        json!({"email": "PAT@example.com"}),
        json!({"rewardsNumber": member.rewards_number}),
    ] {
        let found = call(&mut jane, "/account/findrewardstolink", one.clone()).await;
        assert_eq!(
            found["reasonCode"], 4,
            "VERIFICATION_REQUIRED for {one}: {found}"
        );
        assert_eq!(found["phone"], "(***) ***-4444");
        assert_eq!(found["email"], "p***@example.com");
        assert_eq!(found["redactedData"], "both");
    }
    let short = call(
        &mut jane,
        "/account/findrewardstolink",
        json!({"rewardsNumber": "123"}),
    )
    .await;
    assert_eq!(
        short["errorMessage"],
        "Please enter a valid 13-digit rewards number."
    );
    let none = call(
        &mut jane,
        "/account/findrewardstolink",
        json!({"phoneNumber": "(555) 201-1111"}),
    )
    .await;
    assert_eq!(none["reasonCode"], 1);
    assert_eq!(none["errorMessage"], NOT_FOUND);
}

/// Jane, signed in, with an in-store member of (555) 333-4444 to connect; a code sent by SMS.
async fn code_requested(env: &TestEnv) -> (Client, String) {
    in_store(env, "5553334444", Some("pat@example.com")).await;
    let mut jane = customer(env, "jane@example.com", "(555) 234-5678").await;
    let sent = call(
        &mut jane,
        "/account/sendverificationcode",
        json!({"phoneNumber": "(555) 333-4444", "email": "p***@example.com", "verificationMethod": "phone"}),
    )
    .await;
    assert_eq!(sent["success"], true, "{sent}");
    assert_eq!(sent["phone"], "(***) ***-4444");
    let session = sent["rewardsSessionId"].as_str().unwrap().to_string();
    (jane, session)
}

#[tokio::test]
async fn the_right_code_connects_the_in_store_account() {
    let env = spawn_env().await;
    let (mut jane, session) = code_requested(&env).await;
    let code = code_sent(&env, &session).await;
    let channel: String = sqlx::query_scalar("SELECT channel FROM notifications")
        .fetch_one(&env.pool)
        .await
        .unwrap();
    assert_eq!(channel, "sms");
    // From another browser the session is not there.
    let mut other = customer(&env, "joe@example.com", "(555) 454-5454").await;
    let stolen = call(
        &mut other,
        "/account/confirmlinkaccount",
        json!({"code": code, "rewardsSessionId": session}),
    )
    .await;
    assert_eq!(stolen["errorMessage"], CODE_EXPIRED);
    // The code as a number (spec 3) works as well as its digits.
    let number: u64 = code.parse().unwrap();
    let confirmed = call(
        &mut jane,
        "/account/confirmlinkaccount",
        json!({"code": number, "rewardsSessionId": session}),
    )
    .await;
    assert_eq!(confirmed["success"], true, "{confirmed}");
    assert_eq!(rewards_data(&mut jane).await["customerHasRewards"], true);
    let again = call(
        &mut jane,
        "/account/confirmlinkaccount",
        json!({"code": code, "rewardsSessionId": session}),
    )
    .await;
    assert_eq!(again["success"], false, "a code works once");
}

#[tokio::test]
async fn wrong_codes_lock_the_session_and_an_old_code_expires() {
    let env = spawn_env().await;
    let (mut jane, session) = code_requested(&env).await;
    let code = code_sent(&env, &session).await;
    let wrong = if code == "000000" { "111111" } else { "000000" };
    for n in 1..=5 {
        let answer = call(
            &mut jane,
            "/account/confirmlinkaccount",
            json!({"code": wrong, "rewardsSessionId": session}),
        )
        .await;
        let expected = if n < 5 { WRONG_CODE } else { CODE_LOCKED };
        assert_eq!(answer["errorMessage"], expected, "attempt {n}");
    }
    let right = call(
        &mut jane,
        "/account/confirmlinkaccount",
        json!({"code": code, "rewardsSessionId": session}),
    )
    .await;
    assert_eq!(right["errorMessage"], CODE_LOCKED, "locked for good");
    assert_eq!(rewards_data(&mut jane).await["customerHasRewards"], false);

    // A new code, past its ten minutes.
    let sent = call(
        &mut jane,
        "/account/sendverificationcode",
        json!({"phoneNumber": "(555) 333-4444", "verificationMethod": "phone"}),
    )
    .await;
    let session = sent["rewardsSessionId"].as_str().unwrap().to_string();
    let code = code_sent(&env, &session).await;
    sqlx::query(
        "UPDATE events SET payload = jsonb_set(payload::jsonb, '{VerificationStarted,expiresAt}', \
         to_jsonb(to_char((now() - interval '1 minute') AT TIME ZONE 'UTC', \
         'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"')))::json WHERE aggregate_id = $1",
    )
    .bind(&session)
    .execute(&env.pool)
    .await
    .unwrap();
    let late = call(
        &mut jane,
        "/account/confirmlinkaccount",
        json!({"code": code, "rewardsSessionId": session}),
    )
    .await;
    assert_eq!(late["errorMessage"], CODE_EXPIRED);
    assert_eq!(rewards_data(&mut jane).await["customerHasRewards"], false);
}

#[tokio::test]
async fn codes_can_be_resent_up_to_the_limit() {
    let env = spawn_env().await;
    clear_of_window_end(
        command::rewards::RewardsSettings::default()
            .codes_per_member
            .window_seconds,
    )
    .await;
    let (mut jane, _) = code_requested(&env).await;
    let send = json!({"phoneNumber": "(555) 333-4444", "verificationMethod": "email"});
    for n in 2..=3 {
        let sent = call(&mut jane, "/account/sendverificationcode", send.clone()).await;
        assert_eq!(sent["success"], true, "code {n}");
        assert_eq!(sent["email"], "p***@example.com");
    }
    let over = jane
        .post_with_token("/account/sendverificationcode", send)
        .await;
    assert_eq!(over.status, 429);
    assert!(over.headers.contains_key("retry-after"));
    assert_eq!(
        count(&env.pool, "SELECT count(*) FROM notifications").await,
        3
    );
}

#[tokio::test]
async fn typing_the_rewards_number_connects_and_a_wrong_one_does_not() {
    let env = spawn_env().await;
    let member = in_store(&env, "5553334444", Some("pat@example.com")).await;
    let mut jane = customer(&env, "jane@example.com", "(555) 234-5678").await;
    let info = |number: &str| json!({"accountInfo": {"phoneNumber": "(555) 333-4444", "rewardsNumber": number, "verificationMethod": "rewardsNumber"}});
    let wrong = call(
        &mut jane,
        "/account/linkuserwithrewardsnum",
        info("4000000000000"),
    )
    .await;
    assert_eq!(wrong["reasonCode"], 9);
    assert_eq!(wrong["errorMessage"], NUMBER_NO_MATCH);
    let linked = call(
        &mut jane,
        "/account/linkuserwithrewardsnum",
        info(&member.rewards_number),
    )
    .await;
    assert_eq!(linked["success"], true, "{linked}");
    assert_eq!(rewards_data(&mut jane).await["customerHasRewards"], true);
    // Now it is Jane's: another customer sees it in use.
    let mut joe = customer(&env, "joe@example.com", "(555) 454-5454").await;
    let in_use = call(
        &mut joe,
        "/account/findrewardstolink",
        json!({"rewardsNumber": member.rewards_number}),
    )
    .await;
    assert_eq!(in_use["reasonCode"], 2);
}

#[tokio::test]
async fn a_pending_registration_is_created_and_connected_by_the_right_code() {
    let env = spawn_env().await;
    in_store(&env, "5553334444", Some("pat@example.com")).await;
    let mut visitor = Client::new(&env);
    let sent = call(
        &mut visitor,
        "/account/sendverificationcode",
        json!({"phoneNumber": "(555) 333-4444", "verificationMethod": "phone"}),
    )
    .await;
    let session = sent["rewardsSessionId"].as_str().unwrap().to_string();
    let code = code_sent(&env, &session).await;
    let confirmed = call(
        &mut visitor,
        "/account/confirmlinkaccount",
        json!({"code": code, "rewardsSessionId": session,
               "createAccountRequest": form("pat@example.com", "(555) 333-4444")}),
    )
    .await;
    assert_eq!(confirmed["success"], true, "{confirmed}");
    assert_eq!(count(&env.pool, "SELECT count(*) FROM customers").await, 1);
    assert_eq!(
        rewards_data(&mut visitor).await["customerHasRewards"],
        true,
        "signed in to the new account, which holds the rewards account"
    );
}

/// The store's own provider, failing on demand.
struct Flaky {
    inner: LocalProvider,
    failing: AtomicBool,
    link_failing: AtomicBool,
    enrol_failing: AtomicBool,
}

#[async_trait::async_trait]
impl RewardsProvider for Flaky {
    async fn find(&self, by: &Lookup) -> Result<Option<MemberRecord>, ProviderError> {
        if self.failing.load(Ordering::SeqCst) {
            return Err(ProviderError::new("down"));
        }
        self.inner.find(by).await
    }
    async fn of_customer(&self, customer: &str) -> Result<Option<MemberRecord>, ProviderError> {
        if self.failing.load(Ordering::SeqCst) {
            return Err(ProviderError::new("down"));
        }
        self.inner.of_customer(customer).await
    }
    async fn enrol(&self, enrolment: Enrolment) -> Result<Enrolled, ProviderError> {
        if self.failing.load(Ordering::SeqCst) || self.enrol_failing.load(Ordering::SeqCst) {
            return Err(ProviderError::new("down"));
        }
        self.inner.enrol(enrolment).await
    }
    async fn link(
        &self,
        number: &str,
        customer: &str,
        now: chrono::DateTime<Utc>,
    ) -> Result<ProviderStatus, ProviderError> {
        if self.failing.load(Ordering::SeqCst) || self.link_failing.load(Ordering::SeqCst) {
            return Err(ProviderError::new("down"));
        }
        self.inner.link(number, customer, now).await
    }
}

fn flaky_client(env: &TestEnv, flaky: Arc<Flaky>) -> Client {
    let mut state = storefront::app::AppParts::ephemeral(
        env.pool.clone(),
        env.bus.clone(),
        std::env::temp_dir().join("no-web-dir"),
    );
    let provider: ProviderRef = flaky;
    state.rewards = Some(provider);
    Client {
        app: storefront::app::router(state, &storefront::Roles::all()),
        cookies: Default::default(),
    }
}

#[tokio::test]
async fn a_failing_provider_answers_session_m_error_and_a_new_account_is_marked_desynced() {
    let env = spawn_env().await;
    in_store(&env, "5553334444", Some("pat@example.com")).await;
    let flaky = Arc::new(Flaky {
        inner: local(&env),
        failing: AtomicBool::new(false),
        link_failing: AtomicBool::new(false),
        enrol_failing: AtomicBool::new(false),
    });
    let mut jane = flaky_client(&env, flaky.clone());
    let made = jane
        .post_with_token(
            "/account/register",
            form("jane@example.com", "(555) 234-5678"),
        )
        .await;
    assert_eq!(made.json()["success"], true);
    flaky.failing.store(true, Ordering::SeqCst);
    for (path, body) in [
        ("/account/getrewardsdata", json!({})),
        (
            "/account/newrewardsaccount",
            json!({"phoneNumber": "(555) 234-5678"}),
        ),
        (
            "/account/findrewardstolink",
            json!({"phoneNumber": "(555) 333-4444"}),
        ),
    ] {
        let answer = call(&mut jane, path, body).await;
        assert_eq!(
            answer["reasonCode"], 5,
            "SESSION_M_ERROR from {path}: {answer}"
        );
        if path != "/account/getrewardsdata" {
            assert_eq!(
                answer["errorMessage"],
                "Something went wrong. Please try again later."
            );
        }
    }
    assert_eq!(members(&env).await, 1, "nothing joined");

    // A registration confirmed by code while the link fails: the account is made and signed
    // in, and says the rewards link is out of step.
    flaky.failing.store(false, Ordering::SeqCst);
    let mut pat = flaky_client(&env, flaky.clone());
    let sent = call(
        &mut pat,
        "/account/sendverificationcode",
        json!({"phoneNumber": "(555) 333-4444", "verificationMethod": "phone"}),
    )
    .await;
    let session = sent["rewardsSessionId"].as_str().unwrap().to_string();
    let code = code_sent(&env, &session).await;
    flaky.link_failing.store(true, Ordering::SeqCst);
    let confirmed = call(
        &mut pat,
        "/account/confirmlinkaccount",
        json!({"code": code, "rewardsSessionId": session,
               "createAccountRequest": form("pat@example.com", "(555) 333-4444")}),
    )
    .await;
    assert_eq!(confirmed["success"], true, "{confirmed}");
    assert_eq!(confirmed["createdRewardsDesync"], true);
    assert_eq!(count(&env.pool, "SELECT count(*) FROM customers").await, 2);
    assert_eq!(
        count(
            &env.pool,
            "SELECT count(*) FROM rewards_members WHERE customer_id IS NOT NULL"
        )
        .await,
        0
    );
}

#[tokio::test]
async fn twenty_racing_joins_with_one_phone_open_one_rewards_account() {
    let env = spawn_env().await;
    let mut browsers = Vec::new();
    for n in 0..20 {
        browsers.push(
            customer(
                &env,
                &format!("racer{n}@example.com"),
                &format!("(555) 300-{n:04}"),
            )
            .await,
        );
    }
    let joins = browsers.into_iter().map(|mut browser| async move {
        call(
            &mut browser,
            "/account/newrewardsaccount",
            json!({"phoneNumber": "(555) 888-9999"}),
        )
        .await
    });
    let answers = futures::future::join_all(joins).await;
    let joined = answers.iter().filter(|a| a["success"] == true).count();
    assert_eq!(joined, 1, "{answers:?}");
    assert!(answers
        .iter()
        .filter(|a| a["success"] == false)
        .all(|a| a["reasonCode"] == 2));
    assert_eq!(members(&env).await, 1);
}

#[tokio::test]
async fn no_phone_email_or_code_is_in_the_event_store_in_clear() {
    let env = spawn_env().await;
    let (mut jane, session) = code_requested(&env).await;
    let code = code_sent(&env, &session).await;
    let confirmed = call(
        &mut jane,
        "/account/confirmlinkaccount",
        json!({"code": code, "rewardsSessionId": session}),
    )
    .await;
    assert_eq!(confirmed["success"], true);
    let payloads: Vec<String> =
        sqlx::query_scalar("SELECT payload::text || metadata::text FROM events")
            .fetch_all(&env.pool)
            .await
            .unwrap();
    assert!(payloads.iter().any(|p| p.contains("MemberEnrolled")));
    let quoted = format!("\"{code}\"");
    let as_number = format!(":{code}");
    for secret in [
        "5553334444",
        "333-4444",
        "pat@example.com",
        &quoted,
        &as_number,
    ] {
        assert!(
            payloads.iter().all(|p| !p.contains(secret)),
            "{secret} in the event store"
        );
    }
}

#[tokio::test]
async fn rewards_events_reach_the_event_topic_without_a_phone_email_or_code() {
    let env = spawn_env().await;
    env.ensure_topic().await;
    let (mut jane, session) = code_requested(&env).await;
    let code = code_sent(&env, &session).await;
    let confirmed = call(
        &mut jane,
        "/account/confirmlinkaccount",
        json!({"code": code, "rewardsSessionId": session}),
    )
    .await;
    assert_eq!(confirmed["success"], true);
    let relay = projections::relay::Relay::new(
        env.pool.clone(),
        &env.bus,
        projections::relay::RelayConfig {
            topic: env.topic.clone(),
            ..Default::default()
        },
    )
    .unwrap();
    while relay.publish_batch().await.unwrap() > 0 {}
    let published: i64 = count(&env.pool, "SELECT count(*) FROM events").await;
    let raw = read_raw(
        &env.topic,
        published as usize,
        std::time::Duration::from_secs(30),
    )
    .await;
    let bodies: Vec<String> = raw
        .iter()
        .map(|(_, body)| String::from_utf8_lossy(body).into_owned())
        .collect();
    for kind in ["MemberEnrolled", "MemberLinked", "VerificationStarted"] {
        assert!(
            bodies.iter().any(|b| b.contains(kind)),
            "{kind} on the topic: {bodies:?}"
        );
    }
    let quoted = format!("\"{code}\"");
    let as_number = format!(":{code}");
    for secret in [
        "5553334444",
        "333-4444",
        "5552345678",
        "pat@example.com",
        "jane@example.com",
        &quoted,
        &as_number,
    ] {
        assert!(
            bodies.iter().all(|b| !b.contains(secret)),
            "{secret} on the topic"
        );
    }
}

#[tokio::test]
async fn erasing_an_in_store_members_email_closes_it_and_frees_its_phone() {
    let env = spawn_env().await;
    in_store(&env, "5553334444", Some("pat@example.com")).await;
    storefront::privacy::forget_email(&env.pool, "pat@example.com")
        .await
        .unwrap();
    assert_eq!(members(&env).await, 0, "the member is closed");
    // The phone joins anew: no 3 (REWARDS_ACCOUNT_ALREADY_EXISTS) for an erased member.
    let mut sam = Client::new(&env);
    let made = sam
        .post_with_token(
            "/account/register",
            joining_form("sam@example.com", "(555) 333-4444"),
        )
        .await
        .json();
    assert_eq!(made["success"], true, "{made}");
    assert_eq!(rewards_data(&mut sam).await["customerHasRewards"], true);
    assert_eq!(members(&env).await, 1);
}

fn joining_form(email: &str, phone: &str) -> Value {
    let mut form = form(email, phone);
    form["skipConnectingRewards"] = json!(false);
    form
}

#[tokio::test]
async fn creating_an_account_joins_rewards_unless_skipped() {
    let env = spawn_env().await;
    let mut jane = Client::new(&env);
    let made = jane
        .post_with_token(
            "/account/register",
            joining_form("jane@example.com", "(555) 234-5678"),
        )
        .await
        .json();
    assert_eq!(made["success"], true, "{made}");
    assert_eq!(rewards_data(&mut jane).await["customerHasRewards"], true);
    // Skipped: the account is made, and no rewards account.
    let mut joe = customer(&env, "joe@example.com", "(555) 454-5454").await;
    assert_eq!(rewards_data(&mut joe).await["customerHasRewards"], false);
    assert_eq!(members(&env).await, 1);
}

#[tokio::test]
async fn creating_an_account_stops_at_a_rewards_account_its_phone_or_email_meets() {
    let env = spawn_env().await;
    let by_phone = in_store(&env, "5553334444", Some("pat@example.com")).await;
    let by_email = in_store(&env, "5556660000", Some("jane@example.com")).await;
    let mut jane = Client::new(&env);
    // Both: select-account, each masked.
    let both = jane
        .post_with_token(
            "/account/register",
            joining_form("jane@example.com", "(555) 333-4444"),
        )
        .await
        .json();
    assert_eq!(
        both["reasonCode"], 12,
        "PHONE_AND_EMAIL_SEPARATE_MATCH: {both}"
    );
    assert_eq!(both["phone"], "(***) ***-4444");
    assert_eq!(both["email"], "p***@example.com");
    assert_eq!(both["secondPhone"], "(***) ***-0000");
    assert_eq!(both["secondEmail"], "j***@example.com");
    assert_eq!(both["secondRedactedData"], "both");
    // One: verification-join.
    let one = jane
        .post_with_token(
            "/account/register",
            joining_form("kim@example.com", "(555) 333-4444"),
        )
        .await
        .json();
    assert_eq!(
        one["reasonCode"], 3,
        "REWARDS_ACCOUNT_ALREADY_EXISTS: {one}"
    );
    assert_eq!(one["email"], "p***@example.com");
    assert_eq!(
        count(&env.pool, "SELECT count(*) FROM customers").await,
        0,
        "no account yet"
    );
    // Closing the rewards panel: the account is made without connecting.
    let skipped = jane
        .post_with_token(
            "/account/register",
            form("kim@example.com", "(555) 333-4444"),
        )
        .await
        .json();
    assert_eq!(skipped["success"], true);
    assert_eq!(count(&env.pool, "SELECT count(*) FROM customers").await, 1);
    assert_eq!(
        count(
            &env.pool,
            "SELECT count(*) FROM rewards_members WHERE customer_id IS NULL"
        )
        .await,
        2,
        "both in-store accounts are still unconnected ({} and {})",
        by_phone.rewards_number,
        by_email.rewards_number
    );
    // A phone another customer's rewards account holds.
    local(&env)
        .link(&by_phone.rewards_number, "cu_other", Utc::now())
        .await
        .unwrap();
    let mut lee = Client::new(&env);
    let linked = lee
        .post_with_token(
            "/account/register",
            joining_form("lee@example.com", "(555) 333-4444"),
        )
        .await
        .json();
    assert_eq!(linked["reasonCode"], 2, "{linked}");
    assert_eq!(
        linked["errorMessage"],
        "This phone number is already associated with another user, p***@example.com. Please enter a different number or call Customer Service at 1-800-210-2370."
    );
}

#[tokio::test]
async fn an_account_made_while_the_provider_failed_joins_when_asked_again() {
    let env = spawn_env().await;
    let flaky = Arc::new(Flaky {
        inner: local(&env),
        failing: AtomicBool::new(false),
        link_failing: AtomicBool::new(false),
        enrol_failing: AtomicBool::new(false),
    });
    let mut jane = flaky_client(&env, flaky.clone());
    // The provider down from the first lookup: 5, and no account.
    flaky.failing.store(true, Ordering::SeqCst);
    let made = jane
        .post_with_token(
            "/account/register",
            joining_form("jane@example.com", "(555) 234-5678"),
        )
        .await
        .json();
    assert_eq!(made["reasonCode"], 5, "{made}");
    assert_eq!(count(&env.pool, "SELECT count(*) FROM customers").await, 0);
    // The lookups answer and the join fails: the account is made, out of step.
    flaky.failing.store(false, Ordering::SeqCst);
    flaky.enrol_failing.store(true, Ordering::SeqCst);
    let made = jane
        .post_with_token(
            "/account/register",
            joining_form("jane@example.com", "(555) 234-5678"),
        )
        .await
        .json();
    assert_eq!(made["success"], true, "{made}");
    assert_eq!(made["createdRewardsDesync"], true);
    assert_eq!(members(&env).await, 0);
    flaky.enrol_failing.store(false, Ordering::SeqCst);
    let mut retry = joining_form("jane@example.com", "(555) 234-5678");
    retry["hasDesyncedRewards"] = json!(true);
    let again = jane
        .post_with_token("/account/register", retry)
        .await
        .json();
    assert_eq!(again["success"], true, "{again}");
    assert_eq!(
        count(&env.pool, "SELECT count(*) FROM customers").await,
        1,
        "no second account"
    );
    assert_eq!(rewards_data(&mut jane).await["customerHasRewards"], true);
    assert_eq!(
        count(&env.pool, "SELECT count(*) FROM rewards_pending_links").await,
        0
    );
}

#[tokio::test]
async fn points_follow_sales_returns_and_gift_cards_on_the_rewards_page() {
    use command::rewards::ledger::SaleLine;
    use command::rewards::points::Points;
    let env = spawn_env().await;
    let mut jane = Client::new(&env);
    let made = jane
        .post_with_token(
            "/account/register",
            joining_form("jane@example.com", "(555) 234-5678"),
        )
        .await
        .json();
    assert_eq!(made["success"], true);
    let number: String = sqlx::query_scalar("SELECT rewards_number FROM rewards_members")
        .fetch_one(&env.pool)
        .await
        .unwrap();
    let sealer: command::privacy::vault::SealerRef = Arc::new(command::privacy::vault::PgSealer {
        pool: env.pool.clone(),
    });
    let inline = projections::registry::InlineShopping;
    let points = Points {
        pool: &env.pool,
        sealer: &sealer,
        inline: &inline,
        return_window: chrono::Duration::days(30),
    };
    let line = |id: &str, cents: i64| SaleLine {
        line: id.into(),
        cents,
        gift_card: false,
    };
    let now = Utc::now();
    // $2,549.99 today: 2,549 pending, delivered twice, counted once.
    for _ in 0..2 {
        points
            .record_sale(
                &number,
                "A-1",
                vec![line("1", 127_499), line("2", 127_500)],
                now,
            )
            .await
            .unwrap()
            .unwrap();
    }
    let page = jane.get("/api/account/rewards").await.json();
    assert_eq!(page["member"], true);
    assert_eq!(page["pending"], 2_549);
    assert_eq!(page["available"], 0);
    // A sale 40 days ago: its 2,600 points are available, a $25 card is issued at once and
    // 100 carry over; a gift card bought earns nothing.
    points
        .record_sale(
            &number,
            "B-2",
            vec![
                line("1", 200_050),
                line("2", 60_000),
                SaleLine {
                    line: "3".into(),
                    cents: 5_000,
                    gift_card: true,
                },
            ],
            now - chrono::Duration::days(40),
        )
        .await
        .unwrap()
        .unwrap();
    let page = jane.get("/api/account/rewards").await.json();
    assert_eq!(page["available"], 100, "{page}");
    assert_eq!(page["giftCards"].as_array().unwrap().len(), 1);
    assert_eq!(page["giftCards"][0]["cents"], 2_500);
    // Returning B-2's first line after the card was issued takes back exactly its 2,000
    // points: the balance shows below zero.
    points
        .reverse_sale(&number, "B-2", Some(vec!["1".into()]), now)
        .await
        .unwrap()
        .unwrap();
    points
        .reverse_sale(&number, "B-2", Some(vec!["1".into()]), now)
        .await
        .unwrap()
        .unwrap();
    let page = jane.get("/api/account/rewards").await.json();
    assert_eq!(page["available"], -1_900, "{page}");
    assert_eq!(page["pending"], 2_549);
    let reversals: Vec<&Value> = page["history"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|row| row["kind"] == "reversed")
        .collect();
    assert_eq!(reversals.len(), 1, "returned once: {page}");
    assert_eq!(reversals[0]["points"], -2_000);
    assert_eq!(reversals[0]["reference"], "B-2");
    // Signed out: 401.
    assert_eq!(
        Client::new(&env).get("/api/account/rewards").await.status,
        401
    );
}

#[tokio::test]
async fn a_customer_with_rewards_is_told_so_instead_of_connecting_a_second() {
    let env = spawn_env().await;
    let member = in_store(&env, "5553334444", Some("pat@example.com")).await;
    let mut jane = Client::new(&env);
    let made = jane
        .post_with_token(
            "/account/register",
            joining_form("jane@example.com", "(555) 234-5678"),
        )
        .await
        .json();
    assert_eq!(made["success"], true);
    let send = call(
        &mut jane,
        "/account/sendverificationcode",
        json!({"phoneNumber": "(555) 333-4444", "verificationMethod": "phone"}),
    )
    .await;
    assert_eq!(send["reasonCode"], 8, "{send}");
    let link = call(
        &mut jane,
        "/account/linkuserwithrewardsnum",
        json!({"accountInfo": {"phoneNumber": "(555) 333-4444", "rewardsNumber": member.rewards_number}}),
    )
    .await;
    assert_eq!(link["reasonCode"], 8, "{link}");
    assert_eq!(
        count(
            &env.pool,
            "SELECT count(*) FROM rewards_members WHERE customer_id IS NULL"
        )
        .await,
        1,
        "the in-store member stays unconnected"
    );
}
