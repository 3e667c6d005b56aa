//! An open-loop load over loopback: requests are due at a fixed rate whatever the answers'
//! speed, and each is timed from when it was due, not from when it left. A stall of the server
//! then counts against every request it held up, as wrk2 corrects for; a closed-loop tool
//! (wrk) sends nothing while its connections wait, so it leaves those requests out
//! ("coordinated omission") and, driven flat out, measures the queue it built itself.
#![allow(dead_code)]

use std::time::Duration;

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio::time::Instant;

pub struct OpenLoopRun {
    /// Requests due in the run.
    pub due: u64,
    /// Requests answered 2xx.
    pub answered: u64,
    /// Requests answered otherwise, or lost with their connection.
    pub errors: u64,
    /// Answers a second over the run (due to last answer).
    pub per_second: f64,
    pub p50_ms: f64,
    pub p99_ms: f64,
    pub p999_ms: f64,
    pub max_ms: f64,
}

/// Sends `rate` requests a second for `seconds` over `connections` keep-alive connections to
/// `addr` ("127.0.0.1:8080"); `request(i)` is the i-th request's path and query. Request i is
/// due at `i / rate` seconds and goes out on connection `i % connections` once that connection
/// has its previous answer.
pub async fn open_loop(
    addr: &str,
    rate: f64,
    seconds: u64,
    connections: usize,
    request: impl Fn(u64) -> String + Send + Sync + 'static,
) -> OpenLoopRun {
    let due = (rate * seconds as f64) as u64;
    let connections = connections.max(1) as u64;
    let request = std::sync::Arc::new(request);
    let start = Instant::now() + Duration::from_millis(100);
    let mut tasks = tokio::task::JoinSet::new();
    for c in 0..connections {
        let (addr, request) = (addr.to_string(), request.clone());
        tasks.spawn(async move {
            // (request index, latency in µs) of each answered request.
            let mut answers: Vec<(u32, u32)> = Vec::with_capacity((due / connections + 1) as usize);
            let mut errors = 0u64;
            let mut stream = connect(&addr).await;
            let mut buffer = vec![0u8; 16 * 1024];
            let mut i = c;
            while i < due {
                let due_at = start + Duration::from_secs_f64(i as f64 / rate);
                tokio::time::sleep_until(due_at).await;
                let text = format!(
                    "GET {} HTTP/1.1\r\nHost: {addr}\r\nUser-Agent: open-loop-bench\r\n\r\n",
                    request(i)
                );
                let answered = match stream.as_mut() {
                    Some(s) => exchange(s, text.as_bytes(), &mut buffer).await,
                    None => None,
                };
                match answered {
                    Some(status) if (200..300).contains(&status) => {
                        let l = due_at.elapsed().as_micros().min(u32::MAX as u128) as u32;
                        answers.push((i as u32, l));
                    }
                    Some(_) => errors += 1,
                    None => {
                        errors += 1;
                        stream = connect(&addr).await;
                    }
                }
                i += connections;
            }
            (answers, errors, Instant::now())
        });
    }
    let mut answers = Vec::with_capacity(due as usize);
    let (mut errors, mut last) = (0, start);
    while let Some(done) = tasks.join_next().await {
        let (a, e, at) = done.expect("a load connection panicked");
        answers.extend(a);
        errors += e;
        last = last.max(at);
    }
    if let Ok(path) = std::env::var("BENCH_TIMELINE") {
        answers.sort_unstable();
        let text: String = answers
            .iter()
            .map(|(i, l)| format!("{:.3} {}\n", *i as f64 * 1000.0 / rate, l))
            .collect();
        let _ = std::fs::write(path, text);
    }
    let mut latencies: Vec<u32> = answers.iter().map(|(_, l)| *l).collect();
    latencies.sort_unstable();
    let at = |q: f64| -> f64 {
        if latencies.is_empty() {
            return f64::NAN;
        }
        let i = ((latencies.len() as f64 * q).ceil() as usize).clamp(1, latencies.len()) - 1;
        latencies[i] as f64 / 1000.0
    };
    OpenLoopRun {
        due,
        answered: latencies.len() as u64,
        errors,
        per_second: latencies.len() as f64 / last.duration_since(start).as_secs_f64(),
        p50_ms: at(0.50),
        p99_ms: at(0.99),
        p999_ms: at(0.999),
        max_ms: at(1.0),
    }
}

async fn connect(addr: &str) -> Option<TcpStream> {
    let stream = TcpStream::connect(addr).await.ok()?;
    stream.set_nodelay(true).ok()?;
    Some(stream)
}

/// Writes one request and reads its answer (headers and a `Content-Length` body); answers the
/// status, or None when the connection failed.
async fn exchange(stream: &mut TcpStream, request: &[u8], buffer: &mut [u8]) -> Option<u16> {
    stream.write_all(request).await.ok()?;
    let mut filled = 0;
    loop {
        if let Some(end) = find(&buffer[..filled], b"\r\n\r\n") {
            let head = std::str::from_utf8(&buffer[..end]).ok()?;
            let status: u16 = head.split(' ').nth(1)?.parse().ok()?;
            let length: usize = head
                .lines()
                .find_map(|l| {
                    let (name, value) = l.split_once(':')?;
                    name.eq_ignore_ascii_case("content-length")
                        .then(|| value.trim().parse().ok())?
                })
                .unwrap_or(0);
            let total = end + 4 + length;
            if total > buffer.len() {
                return None;
            }
            while filled < total {
                let n = stream.read(&mut buffer[filled..]).await.ok()?;
                if n == 0 {
                    return None;
                }
                filled += n;
            }
            return Some(status);
        }
        if filled == buffer.len() {
            return None;
        }
        let n = stream.read(&mut buffer[filled..]).await.ok()?;
        if n == 0 {
            return None;
        }
        filled += n;
    }
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).position(|w| w == needle)
}
