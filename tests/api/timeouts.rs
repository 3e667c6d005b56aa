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
