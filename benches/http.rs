//! The store over HTTP, as a browser meets it: `wrk` over loopback against a served store
//! (start it as the run command does: durable PostgreSQL, all roles), beside `/healthz` in the
//! same run, so ratios hold on a noisy machine.
//!
//! Rows: `/healthz`; the header for a first visit (no cookies) and for a returning visitor
//! with a chosen store and a cart, in full and as the SPA asks for it (`?deptMenu=omit`, the
//! menu kept by version); `getproducts` with three ids and with a 64 KB id list (refused by its
//! length, issue 12). Then the bytes a page view moves for the header, compressed as browsers
//! ask (brotli).
//!
//! ```sh
//! BENCH_STORE_URL=http://127.0.0.1:8080 cargo bench --bench http
//! ```
//!
//! `BENCH_SECONDS` (default 15), `BENCH_CONNECTIONS` (32), `BENCH_THREADS` (2).

use std::io::{Read, Write};

#[path = "support/wrk.rs"]
mod wrk_support;
use wrk_support::{env, wrk_with, WrkRun};

/// One HTTP/1.1 request over a fresh connection: status, headers (lower-case names), body.
fn http(
    base: &str,
    method: &str,
    path: &str,
    headers: &[String],
    body: &str,
) -> (u16, Vec<(String, String)>, Vec<u8>) {
    let host = base.trim_start_matches("http://").trim_end_matches('/');
    let mut stream = std::net::TcpStream::connect(host).expect("the store listens");
    let mut request = format!("{method} {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n");
    for h in headers {
        request.push_str(h);
        request.push_str("\r\n");
    }
    if !body.is_empty() {
        request.push_str(&format!(
            "Content-Type: application/json\r\nContent-Length: {}\r\n",
            body.len()
        ));
    }
    request.push_str("\r\n");
    request.push_str(body);
    stream.write_all(request.as_bytes()).unwrap();
    let mut raw = Vec::new();
    stream.read_to_end(&mut raw).unwrap();
    let split = raw
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .expect("a header");
    let head = String::from_utf8_lossy(&raw[..split]).to_string();
    let mut lines = head.lines();
    let status = lines
        .next()
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    let headers = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(k, v)| (k.trim().to_ascii_lowercase(), v.trim().to_string()))
        .collect();
    let mut body = raw[split + 4..].to_vec();
    // Chunked answers: join the chunks.
    if head
        .to_ascii_lowercase()
        .contains("transfer-encoding: chunked")
    {
        let mut joined = Vec::new();
        let mut rest = &body[..];
        while let Some(end) = rest.windows(2).position(|w| w == b"\r\n") {
            let size = usize::from_str_radix(std::str::from_utf8(&rest[..end]).unwrap().trim(), 16)
                .unwrap_or(0);
            if size == 0 {
                break;
            }
            joined.extend_from_slice(&rest[end + 2..end + 2 + size]);
            rest = &rest[end + 2 + size + 2..];
        }
        body = joined;
    }
    (status, headers, body)
}

fn cookies_of(headers: &[(String, String)]) -> Vec<String> {
    headers
        .iter()
        .filter(|(k, _)| k == "set-cookie")
        .filter_map(|(_, v)| v.split(';').next().map(str::to_string))
        .collect()
}

fn row(label: &str, run: &WrkRun, health: &WrkRun) {
    println!(
        "{label:<58} {:>9.0}/s  p50 {:>6.2} ms  p99 {:>6.2} ms  errors {:>3}  ({:.2} of /healthz)",
        run.per_second,
        run.p50_ms,
        run.p99_ms,
        run.errors,
        run.per_second / health.per_second
    );
}

fn main() {
    let base = env("BENCH_STORE_URL", "");
    if base.is_empty() {
        eprintln!("set BENCH_STORE_URL to a served store (see docs/performance.md)");
        return;
    }
    let seconds: u64 = env("BENCH_SECONDS", "15").parse().unwrap_or(15);

    // A returning visitor: a chosen store and a cart with one product.
    let (_, headers, _) = http(&base, "GET", "/stores/set-json/1", &[], "");
    let mut cookies = cookies_of(&headers);
    let (_, _, home) = http(&base, "GET", "/api/home", &[], "");
    let home: serde_json::Value = serde_json::from_slice(&home).expect("the home page's JSON");
    let product = home
        .pointer("/featured/0/products/0/blainNumber")
        .and_then(|v| v.as_str())
        .expect("a featured product")
        .to_string();
    let cookie_header = |cookies: &[String]| format!("Cookie: {}", cookies.join("; "));
    let (status, headers, _) = http(
        &base,
        "POST",
        "/products/a/addtocart",
        &[cookie_header(&cookies)],
        &format!(r#"{{"blainNumber":"{product}"}}"#),
    );
    assert_eq!(status, 200, "add to cart");
    cookies.extend(cookies_of(&headers));
    let returning = cookie_header(&cookies);

    let health = wrk_with(&format!("{base}/healthz"), None, seconds, &[]);
    row("GET /healthz", &health, &health);
    let header = format!("{base}/globalresource/header/");
    for (label, url, headers) in [
        (
            "GET /globalresource/header/ (first visit)",
            header.clone(),
            vec![],
        ),
        (
            "GET /globalresource/header/ (returning visitor)",
            header.clone(),
            vec![returning.as_str()],
        ),
        (
            "GET /globalresource/header/?deptMenu=omit (SPA, returning)",
            format!("{header}?deptMenu=omit"),
            vec![returning.as_str()],
        ),
        (
            "GET /product/a/getproducts, 3 ids",
            format!("{base}/product/a/getproducts?blainNumbers={product},{product},100000"),
            vec![],
        ),
    ] {
        let run = wrk_with(&url, None, seconds, &headers);
        row(label, &run, &health);
    }
    let huge: String = (0..16_000).map(|i| format!("{},", i % 10)).collect();
    let refused = wrk_with(
        &format!("{base}/product/a/getproducts?blainNumbers={huge}"),
        None,
        seconds,
        &[],
    );
    // All of these answer 414 (wrk counts them as errors).
    row(
        "GET /product/a/getproducts, 64 KB of ids (414)",
        &refused,
        &health,
    );

    // What a page view moves for the header, brotli as browsers ask.
    let br = "Accept-Encoding: br".to_string();
    let size = |path: &str| {
        let (status, headers, body) =
            http(&base, "GET", path, &[br.clone(), returning.clone()], "");
        assert_eq!(status, 200, "{path}");
        let encoding = headers
            .iter()
            .find(|(k, _)| k == "content-encoding")
            .map(|(_, v)| v.clone())
            .unwrap_or_else(|| "identity".into());
        (body.len(), encoding)
    };
    let (full, enc) = size("/globalresource/header/");
    let (slim, _) = size("/globalresource/header/?deptMenu=omit");
    let (_, _, answer) = http(
        &base,
        "GET",
        "/globalresource/header/?deptMenu=omit",
        &[],
        "",
    );
    let version = serde_json::from_slice::<serde_json::Value>(&answer).unwrap()["deptMenuVersion"]
        .as_str()
        .unwrap()
        .to_string();
    let (menu, _) = size(&format!("/globalresource/dept-menu/?v={version}"));
    println!(
        "header bytes per page view ({enc}): full {full} B; the SPA's call {slim} B, plus the menu {menu} B on the first view only (kept by version, immutable)"
    );
}
