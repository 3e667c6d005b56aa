//! The binary as an operator meets it: clear errors naming the setting, graceful shutdown.

use std::process::{Command, Stdio};
use std::time::Duration;

use crate::common::*;

fn storefront() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_storefront"));
    // Each server keeps its own search index.
    let index = std::env::temp_dir().join(unique("index"));
    c.env("RUST_LOG", "warn")
        .env("INDEX_DIR", index)
        .env("COOKIE_KEYS", TEST_COOKIE_KEYS)
        .env("PSEUDONYM_KEY", TEST_PSEUDONYM_KEY)
        .env("MASTER_KEYS", TEST_MASTER_KEYS)
        .stdin(Stdio::null());
    c
}

/// `storefront serve ARGS` without any of its keys, against a database that does not answer.
fn serve_without_keys(args: &[&str]) -> std::process::Output {
    storefront()
        .args(["serve", "--bind", "127.0.0.1:0"])
        .args(args)
        .env_remove("COOKIE_KEYS")
        .env_remove("MASTER_KEYS")
        .env_remove("PSEUDONYM_KEY")
        .env("DATABASE_URL", "postgres://shop@127.0.0.1:1/store")
        .output()
        .unwrap()
}

#[test]
fn serve_refuses_to_start_without_its_keys_unless_told_they_are_throwaway() {
    let out = serve_without_keys(&[]);
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("COOKIE_KEYS, PSEUDONYM_KEY, MASTER_KEYS not set")
            && stderr.contains("--insecure-dev-keys"),
        "{stderr}"
    );
    assert!(
        !stderr.contains("cannot reach PostgreSQL"),
        "refused before connecting: {stderr}"
    );
    // With the flag it goes on (to the unreachable database).
    let out = serve_without_keys(&["--insecure-dev-keys"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("cannot reach PostgreSQL"), "{stderr}");
}

#[test]
fn an_unreachable_database_is_named_without_a_panic_or_the_password() {
    let out = storefront()
        .args(["migrate"])
        .env("DATABASE_URL", "postgres://shop:hunter2@127.0.0.1:1/store")
        .output()
        .unwrap();
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains(
            "error: DATABASE_URL: cannot reach PostgreSQL at postgres://shop:***@127.0.0.1:1/store"
        ),
        "{stderr}"
    );
    assert!(
        !stderr.contains("hunter2") && !stderr.contains("panicked"),
        "{stderr}"
    );
}

#[test]
fn a_secret_looking_connection_parameter_never_reaches_the_log() {
    let out = storefront()
        .args(["migrate"])
        .env(
            "DATABASE_URL",
            "postgres://u:pw@127.0.0.1:1/db?sslpassword=k3yZsecret&application_name=x",
        )
        .output()
        .unwrap();
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        !stderr.contains("k3yZsecret") && !stdout.contains("k3yZsecret"),
        "{stderr}{stdout}"
    );
    assert!(
        stderr.contains("sslpassword"),
        "the operator learns which: {stderr}"
    );
}

#[tokio::test]
async fn serve_names_an_unreachable_broker_and_a_bad_bind() {
    let env = spawn_env().await;
    let out = storefront()
        .args(["serve"])
        .env("DATABASE_URL", &env.database_url)
        .env("KAFKA_BROKERS", "127.0.0.1:1")
        .env("BIND", "127.0.0.1:0")
        .output()
        .unwrap();
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("error: KAFKA_BROKERS: cannot reach the Kafka broker"),
        "{stderr}"
    );

    let out = storefront()
        .args(["serve", "--bind", "not-an-address"])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("error: BIND: 'not-an-address' is not an address like 127.0.0.1:8080"),
        "{stderr}"
    );
}

#[tokio::test]
async fn serve_refuses_an_unmigrated_database() {
    let env = spawn_env().await;
    sqlx::query("DROP TABLE _sqlx_migrations")
        .execute(&env.pool)
        .await
        .unwrap();
    let out = storefront()
        .args(["serve", "--bind", "127.0.0.1:0"])
        .env("DATABASE_URL", &env.database_url)
        .env("KAFKA_BROKERS", brokers())
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("run `storefront migrate` first"),
        "{stderr}"
    );
}

#[tokio::test]
async fn serve_answers_and_stops_gracefully_on_sigterm() {
    let env = spawn_env().await;
    let port = {
        let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        l.local_addr().unwrap().port()
    };
    let mut child = storefront()
        .args([
            "serve",
            "--bind",
            &format!("127.0.0.1:{port}"),
            "--web-dir",
            "/nonexistent",
        ])
        .env("DATABASE_URL", &env.database_url)
        .env("KAFKA_BROKERS", brokers())
        .env("EVENTS_TOPIC", &env.topic)
        .env("RUST_LOG", "info")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let up = eventually(Duration::from_secs(30), || async {
        tokio::net::TcpStream::connect(("127.0.0.1", port))
            .await
            .is_ok()
    })
    .await;
    assert!(up, "serve listens");
    let mut stream = tokio::net::TcpStream::connect(("127.0.0.1", port))
        .await
        .unwrap();
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    stream
        .write_all(b"GET /readyz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        .await
        .unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).await.unwrap();
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");

    let status = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    let exited = eventually(Duration::from_secs(30), || {
        let done = child.try_wait().unwrap().is_some();
        async move { done }
    })
    .await;
    assert!(exited, "serve stopped after SIGTERM");
    let output = child.wait_with_output().unwrap();
    assert!(output.status.success(), "clean exit: {:?}", output.status);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("shutting down"), "{stderr}");
}

#[tokio::test]
async fn projections_verify_exits_non_zero_on_a_difference_and_names_the_table() {
    let env = spawn_env().await;
    let mut c = Client::seeded(&env, 30).await;
    let blain: String = sqlx::query_scalar("SELECT min(blain_number) FROM products")
        .fetch_one(&env.pool)
        .await
        .unwrap();
    c.post(
        "/products/a/addtocart",
        serde_json::json!({"blainNumber": blain}),
    )
    .await;
    let verify = || {
        storefront()
            .args(["projections", "verify"])
            .env("DATABASE_URL", &env.database_url)
            .output()
            .unwrap()
    };
    let out = verify();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}");
    assert!(stdout.contains("every read model equals"), "{stdout}");
    assert!(!stdout.contains("DIFFERS"), "{stdout}");

    sqlx::query("UPDATE products SET name = 'Edited by hand' WHERE blain_number = $1")
        .bind(&blain)
        .execute(&env.pool)
        .await
        .unwrap();
    let out = verify();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    let line = stdout
        .lines()
        .find(|l| l.contains("DIFFERS"))
        .unwrap_or_else(|| panic!("{stdout}"));
    assert!(line.contains("products"), "{line}");
    assert!(
        stdout.contains("Edited by hand"),
        "the differing row is shown: {stdout}"
    );

    let out = storefront()
        .args(["deadletters", "list"])
        .env("DATABASE_URL", &env.database_url)
        .output()
        .unwrap();
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("0 dead letters"));
}

/// Security review, defect 10: a password given as `?password=` (which sqlx accepts) never
/// appears in what the binary prints.
#[test]
fn a_password_in_the_query_string_never_appears_in_an_error() {
    let out = storefront()
        .args(["migrate"])
        .env(
            "DATABASE_URL",
            "postgres://postgres@127.0.0.1:1/nope?password=sekrit-123",
        )
        .output()
        .unwrap();
    assert!(!out.status.success());
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("error: DATABASE_URL: cannot reach PostgreSQL at postgres://postgres@127.0.0.1:1/nope?password=***"),
        "{stderr}"
    );
    assert!(
        !stdout.contains("sekrit-123") && !stderr.contains("sekrit-123"),
        "stdout: {stdout}\nstderr: {stderr}"
    );
    assert!(!stderr.contains("panicked"), "{stderr}");

    // Also when the URL does not even parse, and with sqlx's own logging turned up.
    let out = storefront()
        .args(["migrate"])
        .env(
            "DATABASE_URL",
            "postgres://postgres@127.0.0.1:1/nope?sslmode=bogus&password=sekrit-123",
        )
        .env("RUST_LOG", "trace")
        .output()
        .unwrap();
    assert!(!out.status.success());
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("error: DATABASE_URL: "), "{stderr}");
    assert!(
        !stdout.contains("sekrit-123") && !stderr.contains("sekrit-123"),
        "stdout: {stdout}\nstderr: {stderr}"
    );
}
