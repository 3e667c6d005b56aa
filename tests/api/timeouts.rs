//! The server's own bounds: a client that sends half a request is cut off after the header
//! timeout instead of holding a connection for ever.

use std::io::{Read, Write};
use std::time::{Duration, Instant};

use crate::common::*;

#[tokio::test]
async fn a_half_sent_request_is_closed_after_the_header_timeout() {
    let env = spawn_env().await;
    let (mut server, addr) = start_server(&env, &[("HEADER_READ_TIMEOUT_SECS", "1")]).await;
    let result = tokio::task::spawn_blocking(move || {
        let mut stream = std::net::TcpStream::connect(&addr).unwrap();
        stream
            .set_read_timeout(Some(Duration::from_secs(20)))
            .unwrap();
        // Half a request: the request line and one header, never the blank line.
        stream
            .write_all(b"GET /healthz HTTP/1.1\r\nHost: x\r\n")
            .unwrap();
        let started = Instant::now();
        let mut buffer = Vec::new();
        let read = stream.read_to_end(&mut buffer);
        (read.is_ok(), started.elapsed(), buffer)
    })
    .await
    .unwrap();
    let _ = server.kill();
    let (closed, after, answer) = result;
    assert!(
        closed,
        "the server closed the connection (a read error means it was still open after 20 s)"
    );
    assert!(
        after < Duration::from_secs(15),
        "closed after {after:?}, not held open"
    );
    let text = String::from_utf8_lossy(&answer);
    assert!(!text.contains("200 OK"), "{text}");
}

#[tokio::test]
async fn a_whole_request_on_the_same_server_is_answered() {
    let env = spawn_env().await;
    let (mut server, addr) = start_server(&env, &[("HEADER_READ_TIMEOUT_SECS", "1")]).await;
    let answer = tokio::task::spawn_blocking(move || {
        let mut stream = std::net::TcpStream::connect(&addr).unwrap();
        stream
            .set_read_timeout(Some(Duration::from_secs(20)))
            .unwrap();
        stream
            .write_all(b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            .unwrap();
        let mut buffer = Vec::new();
        stream.read_to_end(&mut buffer).unwrap();
        String::from_utf8_lossy(&buffer).to_string()
    })
    .await
    .unwrap();
    let _ = server.kill();
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
}

/// A request on its own connection; answers the status line.
async fn status_of(addr: &str, request: &str) -> String {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut stream = tokio::net::TcpStream::connect(addr).await.unwrap();
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut buffer = Vec::new();
    let _ = tokio::time::timeout(Duration::from_secs(20), stream.read_to_end(&mut buffer)).await;
    String::from_utf8_lossy(&buffer)
        .lines()
        .next()
        .unwrap_or("")
        .to_string()
}

#[tokio::test]
async fn slow_bodies_hold_no_slot_others_need() {
    use tokio::io::AsyncWriteExt;
    let env = spawn_env().await;
    let (mut server, addr) = start_server(&env, &[]).await;
    // More slow clients than the server handles requests at once (MAX_IN_FLIGHT, 512): each
    // announces 100 bytes of body and sends 10, then waits.
    let mut slow = Vec::new();
    for _ in 0..600 {
        let mut stream = tokio::net::TcpStream::connect(&addr).await.unwrap();
        stream
            .write_all(
                b"POST /a/log/ HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"url\":\"/",
            )
            .await
            .unwrap();
        slow.push(stream);
    }
    tokio::time::sleep(Duration::from_millis(500)).await;
    // Everyone else is still answered, not told the store is overloaded.
    for path in [
        "/healthz",
        "/api/search?keyword=rope",
        "/globalresource/header/",
    ] {
        let status = status_of(
            &addr,
            &format!("GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"),
        )
        .await;
        assert!(status.contains(" 200 "), "{path}: {status}");
    }
    // A POST whose body arrives whole is answered too.
    let body = r#"{"url":"/x/","error":"boom"}"#;
    let status = status_of(
        &addr,
        &format!(
            "POST /a/log/ HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
            body.len()
        ),
    )
    .await;
    assert!(!status.contains(" 503 "), "{status}");
    drop(slow);
    let _ = server.kill();
}
