//! The notifier port's adapters against the real database: the local mailbox (`Outbox`) and
//! SMTP (against a tiny SMTP server of the test's own), once per key; `storefront mail
//! list|show`; `privacy forget` erasing a person's messages.

use std::net::SocketAddr;
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use command::notify::outbox::{self, Outbox};
use command::notify::smtp::Smtp;
use command::notify::{Channel, Message, Notifier, NotifyError, Sent};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::{TcpListener, TcpStream};

use crate::common::*;

fn message(key: &str, subject: Option<&str>, to: &str) -> Message {
    Message {
        key: key.into(),
        channel: Channel::Email,
        subject: subject.map(String::from),
        to: to.into(),
        title: "Confirm your email".into(),
        text: format!("Open https://shop.test/verify?token=t-{key}\n"),
    }
}

async fn rows(env: &TestEnv) -> i64 {
    sqlx::query_scalar("SELECT count(*) FROM notifications")
        .fetch_one(&env.pool)
        .await
        .unwrap()
}

#[tokio::test]
async fn the_mailbox_keeps_a_key_once() {
    let env = spawn_env().await;
    let mailbox = Outbox {
        pool: env.pool.clone(),
    };
    let first = message("verify:cu_1:1", Some("em_1"), "ada@example.com");
    assert_eq!(mailbox.send(first.clone()).await.unwrap(), Sent::Now);
    let mut again = first.clone();
    again.text = "a different text".into();
    assert_eq!(mailbox.send(again).await.unwrap(), Sent::Already);
    assert_eq!(rows(&env).await, 1);

    let kept = outbox::show(&env.pool, "verify:cu_1:1")
        .await
        .unwrap()
        .expect("kept");
    assert_eq!(kept.channel, Channel::Email);
    assert_eq!(kept.subject.as_deref(), Some("em_1"));
    assert_eq!(kept.to.as_deref(), Some("ada@example.com"));
    assert_eq!(kept.title.as_deref(), Some("Confirm your email"));
    assert_eq!(
        kept.text.as_deref(),
        Some(first.text.as_str()),
        "the first text"
    );
    assert!(kept.sent_at.is_some());
    assert!(outbox::show(&env.pool, "nope").await.unwrap().is_none());

    // Many senders of one key at once: one is sent.
    let sends = (0..8).map(|_| {
        let mailbox = mailbox.clone();
        tokio::spawn(async move {
            mailbox
                .send(message("sms:1", None, "+15550100"))
                .await
                .unwrap()
        })
    });
    let answers: Vec<Sent> = futures::future::join_all(sends)
        .await
        .into_iter()
        .map(Result::unwrap)
        .collect();
    assert_eq!(answers.iter().filter(|a| **a == Sent::Now).count(), 1);
    assert_eq!(rows(&env).await, 2);
}

fn storefront(env: &TestEnv, args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_storefront"))
        .args(args)
        .env("DATABASE_URL", &env.database_url)
        .env("RUST_LOG", "warn")
        .env_remove("PSEUDONYM_KEY")
        .env_remove("MASTER_KEYS")
        .stdin(Stdio::null())
        .output()
        .unwrap();
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[tokio::test]
async fn the_mailbox_forgets_a_messages_text_after_30_days_and_still_sends_it_once() {
    let env = spawn_env().await;
    let mailbox = Outbox {
        pool: env.pool.clone(),
    };
    let old = message("reset:cu_1:1", Some("em_1"), "ada@example.com");
    let new = message("reset:cu_1:2", Some("em_1"), "ada@example.com");
    mailbox.send(old.clone()).await.unwrap();
    mailbox.send(new).await.unwrap();
    sqlx::query("UPDATE notifications SET created_at = now() - interval '31 days' WHERE key = $1")
        .bind(&old.key)
        .execute(&env.pool)
        .await
        .unwrap();
    assert_eq!(outbox::forget_old(&env.pool).await.unwrap(), 1);
    assert_eq!(outbox::forget_old(&env.pool).await.unwrap(), 0, "once");
    let forgotten = outbox::show(&env.pool, &old.key)
        .await
        .unwrap()
        .expect("the key stays");
    assert_eq!(
        (forgotten.to, forgotten.title, forgotten.text),
        (None, None, None)
    );
    let kept = outbox::show(&env.pool, "reset:cu_1:2")
        .await
        .unwrap()
        .expect("kept");
    assert_eq!(
        kept.to.as_deref(),
        Some("ada@example.com"),
        "a recent one keeps its text"
    );
    assert_eq!(
        mailbox.send(old).await.unwrap(),
        Sent::Already,
        "still once per key"
    );
}

#[tokio::test]
async fn mail_list_and_show_read_the_mailbox_newest_first() {
    let env = spawn_env().await;
    let (ok, out, err) = storefront(&env, &["mail", "list"]);
    assert!(ok, "{err}");
    assert_eq!(out, "no messages\n");

    let mailbox = Outbox {
        pool: env.pool.clone(),
    };
    for (key, to) in [
        ("old", "old@example.com"),
        ("new", "new@example.com"),
        ("older", "older@example.com"),
    ] {
        mailbox.send(message(key, None, to)).await.unwrap();
    }
    sqlx::query(
        "UPDATE notifications SET created_at = now() - make_interval(mins => \
         CASE key WHEN 'old' THEN 2 WHEN 'older' THEN 3 ELSE 0 END)",
    )
    .execute(&env.pool)
    .await
    .unwrap();

    let listed: Vec<String> = outbox::list(&env.pool, 10)
        .await
        .unwrap()
        .into_iter()
        .map(|e| e.key)
        .collect();
    assert_eq!(listed, ["new", "old", "older"]);

    let (ok, out, err) = storefront(&env, &["mail", "list", "--limit", "2"]);
    assert!(ok, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3, "{out}");
    for column in ["CREATED", "KEY", "CHANNEL", "TO", "TITLE"] {
        assert!(lines[0].contains(column), "{out}");
    }
    assert!(
        lines[1].contains("new") && lines[1].contains("new@example.com"),
        "{out}"
    );
    assert!(
        lines[1].contains("email") && lines[1].contains("Confirm your email"),
        "{out}"
    );
    assert!(lines[2].contains("old@example.com"), "{out}");

    let (ok, out, err) = storefront(&env, &["mail", "show", "old"]);
    assert!(ok, "{err}");
    let (headers, text) = out
        .split_once("\n\n")
        .expect("headers, a blank line, the text");
    assert!(headers.starts_with("Key: old\n"), "{out}");
    assert!(headers.contains("To: old@example.com"), "{out}");
    assert!(headers.contains("Title: Confirm your email"), "{out}");
    assert_eq!(text, "Open https://shop.test/verify?token=t-old\n");

    let (ok, _, err) = storefront(&env, &["mail", "show", "missing"]);
    assert!(!ok);
    assert!(err.contains("no message with the key 'missing'"), "{err}");
}

#[tokio::test]
async fn privacy_forget_erases_the_persons_messages_and_export_shows_them() {
    let env = spawn_env().await;
    let email = format!("{}@example.com", unique("gone"));
    let subject = command::privacy::keys().unwrap().subject_for_email(&email);
    let mailbox = Outbox {
        pool: env.pool.clone(),
    };
    mailbox
        .send(message("gone:1", Some(&subject), &email))
        .await
        .unwrap();
    mailbox
        .send(message("gone:2", Some(&subject), &email))
        .await
        .unwrap();
    mailbox
        .send(message(
            "kept:1",
            Some("em_someone_else"),
            "kept@example.com",
        ))
        .await
        .unwrap();

    let export = storefront::privacy::export_email(&env.pool, &email)
        .await
        .unwrap();
    let exported = export["notifications"].as_array().unwrap();
    assert_eq!(exported.len(), 2, "{export}");
    assert_eq!(exported[0]["to"], email.as_str());

    let report = storefront::privacy::forget_email(&env.pool, &email)
        .await
        .unwrap();
    assert_eq!(report.notifications_removed, 2);
    let left: Vec<String> = sqlx::query_scalar("SELECT key FROM notifications")
        .fetch_all(&env.pool)
        .await
        .unwrap();
    assert_eq!(left, ["kept:1"]);
    let export = storefront::privacy::export_email(&env.pool, &email)
        .await
        .unwrap();
    assert_eq!(export["notifications"], serde_json::json!([]));

    let report = storefront::privacy::forget_email(&env.pool, &email)
        .await
        .unwrap();
    assert_eq!(report.notifications_removed, 0);
}

/// What the tiny SMTP server received in one transaction.
#[derive(Debug, Clone)]
struct Delivered {
    recipients: Vec<String>,
    data: String,
}

/// An SMTP server of the test's own on 127.0.0.1:0 that speaks just enough SMTP; refuses
/// every recipient (550, quoting the address) while `refuse` is set.
struct MiniSmtp {
    address: SocketAddr,
    delivered: Arc<Mutex<Vec<Delivered>>>,
    refuse: Arc<AtomicBool>,
}

impl MiniSmtp {
    async fn start() -> MiniSmtp {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let address = listener.local_addr().unwrap();
        let delivered = Arc::new(Mutex::new(Vec::new()));
        let refuse = Arc::new(AtomicBool::new(false));
        let (d, r) = (delivered.clone(), refuse.clone());
        tokio::spawn(async move {
            while let Ok((socket, _)) = listener.accept().await {
                tokio::spawn(session(socket, d.clone(), r.clone()));
            }
        });
        MiniSmtp {
            address,
            delivered,
            refuse,
        }
    }

    fn url(&self) -> String {
        format!("smtp://{}", self.address)
    }

    fn delivered(&self) -> Vec<Delivered> {
        self.delivered.lock().unwrap().clone()
    }
}

async fn session(
    socket: TcpStream,
    delivered: Arc<Mutex<Vec<Delivered>>>,
    refuse: Arc<AtomicBool>,
) {
    let (read, mut write) = socket.into_split();
    let mut read = BufReader::new(read);
    let mut recipients = Vec::new();
    let mut line = String::new();
    let _ = write.write_all(b"220 mini ESMTP\r\n").await;
    loop {
        line.clear();
        if read.read_line(&mut line).await.unwrap_or(0) == 0 {
            return;
        }
        let command = line.to_ascii_uppercase();
        let reply = if command.starts_with("EHLO") || command.starts_with("HELO") {
            "250 mini\r\n".to_string()
        } else if command.starts_with("MAIL FROM") {
            recipients.clear();
            "250 OK\r\n".to_string()
        } else if command.starts_with("RCPT TO") {
            let to = line["RCPT TO:".len()..].trim().to_string();
            if refuse.load(Ordering::SeqCst) {
                format!("550 5.1.1 {to}: no such user here\r\n")
            } else {
                recipients.push(to);
                "250 OK\r\n".to_string()
            }
        } else if command.starts_with("DATA") {
            let _ = write.write_all(b"354 end with <CRLF>.<CRLF>\r\n").await;
            let mut data = String::new();
            loop {
                line.clear();
                if read.read_line(&mut line).await.unwrap_or(0) == 0 {
                    return;
                }
                if line == ".\r\n" {
                    break;
                }
                data.push_str(&line);
            }
            delivered.lock().unwrap().push(Delivered {
                recipients: std::mem::take(&mut recipients),
                data,
            });
            "250 queued\r\n".to_string()
        } else if command.starts_with("QUIT") {
            let _ = write.write_all(b"221 bye\r\n").await;
            return;
        } else {
            "250 OK\r\n".to_string()
        };
        if write.write_all(reply.as_bytes()).await.is_err() {
            return;
        }
    }
}

#[tokio::test]
async fn smtp_delivers_a_key_once_and_keeps_no_text() {
    let env = spawn_env().await;
    let server = MiniSmtp::start().await;
    let smtp = Smtp::new(
        env.pool.clone(),
        &server.url(),
        "Storefront <no-reply@storefront.local>",
    )
    .unwrap();
    let mail = message("verify:cu_9:1", Some("em_9"), "ada@example.com");
    assert_eq!(smtp.send(mail.clone()).await.unwrap(), Sent::Now);
    assert_eq!(smtp.send(mail.clone()).await.unwrap(), Sent::Already);

    let delivered = server.delivered();
    assert_eq!(delivered.len(), 1, "{delivered:?}");
    assert_eq!(delivered[0].recipients, ["<ada@example.com>"]);
    let data = &delivered[0].data;
    assert!(data.contains("To: ada@example.com\r\n"), "{data}");
    assert!(data.contains("Subject: Confirm your email\r\n"), "{data}");
    assert!(
        data.contains("From: Storefront <no-reply@storefront.local>\r\n"),
        "{data}"
    );
    assert!(data.contains("token=t-verify:cu_9:1"), "{data}");

    // The row claims the key; the mail is not kept.
    let row = outbox::show(&env.pool, "verify:cu_9:1")
        .await
        .unwrap()
        .expect("the claim");
    assert_eq!(row.subject.as_deref(), Some("em_9"));
    assert_eq!((row.to, row.title, row.text), (None, None, None));
    assert!(row.sent_at.is_some());

    // Many senders of one key at once: one mail.
    let smtp = Arc::new(smtp);
    let sends = (0..6).map(|_| {
        let smtp = smtp.clone();
        tokio::spawn(async move {
            smtp.send(message("welcome:cu_9", Some("em_9"), "ada@example.com"))
                .await
                .unwrap()
        })
    });
    let answers: Vec<Sent> = futures::future::join_all(sends)
        .await
        .into_iter()
        .map(Result::unwrap)
        .collect();
    assert_eq!(answers.iter().filter(|a| **a == Sent::Now).count(), 1);
    assert_eq!(server.delivered().len(), 2);
}

#[tokio::test]
async fn a_refused_mail_frees_its_key_and_its_error_hides_the_address() {
    let env = spawn_env().await;
    let server = MiniSmtp::start().await;
    let smtp = Smtp::new(env.pool.clone(), &server.url(), "shop@storefront.local").unwrap();
    let mail = message("reset:r1", Some("em_7"), "Grace@Example.com");

    server.refuse.store(true, Ordering::SeqCst);
    let error = smtp.send(mail.clone()).await.unwrap_err();
    assert!(matches!(error, NotifyError::Smtp(_)), "{error}");
    assert!(error.to_string().contains("550"), "{error}");
    assert!(
        !error
            .to_string()
            .to_ascii_lowercase()
            .contains("grace@example.com"),
        "{error}"
    );
    assert_eq!(rows(&env).await, 0, "the claim is gone");

    server.refuse.store(false, Ordering::SeqCst);
    assert_eq!(smtp.send(mail.clone()).await.unwrap(), Sent::Now);
    assert_eq!(server.delivered().len(), 1);

    // An unreachable server: an error, and the key stays free.
    let closed = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = closed.local_addr().unwrap().port();
    drop(closed);
    let down = Smtp::new(
        env.pool.clone(),
        &format!("smtp://127.0.0.1:{port}"),
        "shop@storefront.local",
    )
    .unwrap();
    assert!(down
        .send(message("reset:r2", None, "grace@example.com"))
        .await
        .is_err());
    assert!(outbox::show(&env.pool, "reset:r2").await.unwrap().is_none());
}

#[tokio::test]
async fn a_stale_claim_of_a_dead_sender_is_taken_over() {
    let env = spawn_env().await;
    let server = MiniSmtp::start().await;
    let smtp = Smtp::new(env.pool.clone(), &server.url(), "shop@storefront.local").unwrap();
    // A sender claimed the key and died before sending.
    sqlx::query(
        "INSERT INTO notifications (key, channel, created_at) \
         VALUES ('order:1', 'email', now() - interval '1 hour'), ('order:2', 'email', now())",
    )
    .execute(&env.pool)
    .await
    .unwrap();
    let sent = smtp
        .send(message("order:1", None, "ada@example.com"))
        .await
        .unwrap();
    assert_eq!(sent, Sent::Now);
    // A fresh claim may still be sending: left alone.
    let sent = smtp
        .send(message("order:2", None, "ada@example.com"))
        .await
        .unwrap();
    assert_eq!(sent, Sent::Already);
    assert_eq!(server.delivered().len(), 1);
}

#[tokio::test]
async fn an_sms_through_the_smtp_adapter_stays_in_the_mailbox() {
    let env = spawn_env().await;
    let server = MiniSmtp::start().await;
    let smtp = Smtp::new(env.pool.clone(), &server.url(), "shop@storefront.local").unwrap();
    let sms = Message {
        channel: Channel::Sms,
        ..message("sms:code:1", Some("em_3"), "+15550100")
    };
    assert_eq!(smtp.send(sms.clone()).await.unwrap(), Sent::Now);
    assert_eq!(smtp.send(sms).await.unwrap(), Sent::Already);
    assert!(server.delivered().is_empty());
    let kept = outbox::show(&env.pool, "sms:code:1")
        .await
        .unwrap()
        .unwrap();
    assert_eq!(kept.channel, Channel::Sms);
    assert_eq!(kept.to.as_deref(), Some("+15550100"));
}

/// What a test SMS gateway received: the form fields and the Authorization header.
type Received = Arc<Mutex<Vec<(Vec<(String, String)>, String)>>>;

/// A gateway of the test's own speaking the Messages API: records each message; answers 500
/// while `failing` is set, else 201.
async fn sms_gateway(failing: Arc<AtomicBool>) -> (String, Received) {
    use axum::extract::{Form, State};
    use axum::http::{HeaderMap, StatusCode};
    let received: Received = Default::default();
    let app = axum::Router::new()
        .route(
            "/2010-04-01/Accounts/AC123/Messages.json",
            axum::routing::post(
                |State((received, failing)): State<(Received, Arc<AtomicBool>)>,
                 headers: HeaderMap,
                 Form(form): Form<Vec<(String, String)>>| async move {
                    if failing.load(Ordering::SeqCst) {
                        return StatusCode::INTERNAL_SERVER_ERROR;
                    }
                    let auth = headers
                        .get("authorization")
                        .and_then(|v| v.to_str().ok())
                        .unwrap_or_default()
                        .to_string();
                    received.lock().unwrap().push((form, auth));
                    StatusCode::CREATED
                },
            ),
        )
        .with_state((received.clone(), failing));
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    (format!("http://{address}"), received)
}

#[tokio::test]
async fn sms_go_through_the_gateway_once_per_key_and_mail_to_the_mail_adapter() {
    use base64::Engine;
    let env = spawn_env().await;
    let failing = Arc::new(AtomicBool::new(false));
    let (url, received) = sms_gateway(failing.clone()).await;
    let mail = Arc::new(command::notify::Memory::default());
    let gateway = command::notify::sms::SmsGateway::new(
        env.pool.clone(),
        &url,
        "AC123",
        "secret-token",
        "+15550100000",
        mail.clone(),
    )
    .unwrap();
    let sms = |key: &str| Message {
        key: key.into(),
        channel: Channel::Sms,
        subject: Some("ph_1".into()),
        to: "5552345678".into(),
        title: "Your code".into(),
        text: "Your code is 123456.".into(),
    };
    assert_eq!(gateway.send(sms("code:1")).await.unwrap(), Sent::Now);
    assert_eq!(gateway.send(sms("code:1")).await.unwrap(), Sent::Already);
    {
        let got = received.lock().unwrap();
        assert_eq!(got.len(), 1, "once per key");
        let (form, auth) = &got[0];
        let field = |name: &str| form.iter().find(|(k, _)| k == name).map(|(_, v)| v.clone());
        assert_eq!(field("To").as_deref(), Some("+15552345678"));
        assert_eq!(field("From").as_deref(), Some("+15550100000"));
        assert_eq!(field("Body").as_deref(), Some("Your code is 123456."));
        let basic = base64::engine::general_purpose::STANDARD.encode("AC123:secret-token");
        assert_eq!(auth, &format!("Basic {basic}"));
    }
    // The mailbox keeps no copy of the text.
    let body: Option<String> =
        sqlx::query_scalar("SELECT body FROM notifications WHERE key = 'code:1'")
            .fetch_one(&env.pool)
            .await
            .unwrap();
    assert_eq!(body, None);
    // A gateway that fails: an error, and the key is free for a retry that sends.
    failing.store(true, Ordering::SeqCst);
    assert!(matches!(
        gateway.send(sms("code:2")).await,
        Err(NotifyError::Sms(_))
    ));
    failing.store(false, Ordering::SeqCst);
    assert_eq!(gateway.send(sms("code:2")).await.unwrap(), Sent::Now);
    assert_eq!(received.lock().unwrap().len(), 2);
    // Mail goes on to the mail adapter.
    assert_eq!(
        gateway
            .send(message("mail:1", Some("em_1"), "ada@example.com"))
            .await
            .unwrap(),
        Sent::Now
    );
    assert_eq!(mail.sent().len(), 1);
    assert_eq!(received.lock().unwrap().len(), 2);
}
