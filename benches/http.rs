//! The store over HTTP, as a browser meets it: `wrk` over loopback against a served store
//! (start it as the run command does: durable PostgreSQL, all roles), beside `/healthz` in the
//! same run, so ratios hold on a noisy machine.
//!
//! Rows: `/healthz`; the header for a first visit (no cookies) and for a returning visitor
//! with a chosen store and a cart, in full and as the SPA asks for it (`?deptMenu=omit`, the
//! menu kept by version); `getproducts` with three ids and with a 64 KB id list (refused by its
//! length, issue 12); add-to-cart from new visitors (each a new cart) and a product's stock
//! near a ZIP, both POSTed as the SPA does (JSON, an `Idempotency-Key`). Then the bytes a
//! page view moves for the header, compressed as browsers ask (brotli).
//!
//! ```sh
//! BENCH_STORE_URL=http://127.0.0.1:8080 cargo bench --bench http
//! ```
//!
//! `BENCH_SECONDS` (default 15), `BENCH_CONNECTIONS` (32), `BENCH_THREADS` (2).

#[path = "support/http.rs"]
mod http_support;
use http_support::{cookies_of, http};
#[path = "support/wrk.rs"]
mod wrk_support;
use wrk_support::{env, lua_script, wrk_with, WrkRun};

/// A wrk script posting `body` as JSON to `path`, with a unique `Idempotency-Key` per request
/// (thread and counter), as the SPA sends every POST.
fn post_script(name: &str, path: &str, body: &str) -> std::path::PathBuf {
    lua_script(
        name,
        "",
        &format!(
            r#"  local headers = {{}}
  for k, v in pairs(wrk.headers) do headers[k] = v end
  headers["Content-Type"] = "application/json"
  headers["Idempotency-Key"] = "bench-{name}-" .. tid .. "-" .. counter .. "-" .. os.time()
  return wrk.format("POST", "{path}", headers, '{body}')"#
        ),
    )
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
    // Add-to-cart as the SPA sends it (JSON, a fresh Idempotency-Key), from a browser without
    // cookies: every add mints a visitor and starts a new cart, so each is a durable append of
    // a new stream (the issue's row), never a conflict on one cart.
    // Then a product's stock at the stores near a ZIP (Madison, WI), as the product page asks.
    let stock_body = format!(r#"{{"zip":"53703","blainNumber":"{product}"}}"#);
    for (label, name, path, body, headers) in [
        (
            "POST /products/a/addtocart (a new cart each)",
            "add",
            "/products/a/addtocart",
            format!(r#"{{"blainNumber":"{product}"}}"#),
            vec![],
        ),
        (
            "POST /products/a/stockstatus-json (ZIP 53703)",
            "stock",
            "/products/a/stockstatus-json",
            stock_body.clone(),
            vec![],
        ),
        (
            "POST /products/a/stockstatus-json (ZIP 53703), brotli",
            "stock-br",
            "/products/a/stockstatus-json",
            stock_body.clone(),
            vec!["Accept-Encoding: br"],
        ),
    ] {
        let script = post_script(name, path, &body);
        let run = wrk_with(&format!("{base}{path}"), Some(&script), seconds, &headers);
        let _ = std::fs::remove_file(script);
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
