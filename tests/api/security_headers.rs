//! Every answer carries the security headers: pages, API answers, files, errors, the pixel.

use crate::common::*;

/// (method, path, content type, body): what a page view, a shopper's calls, an error and an
/// operator's probe look like.
const ROUTES: &[(&str, &str, Option<&str>, &str)] = &[
    ("GET", "/", None, ""),
    ("GET", "/cart/", None, ""),
    ("GET", "/no-such-page/", None, ""),
    ("GET", "/assets/missing-1234.js", None, ""),
    ("GET", "/globalresource/header/", None, ""),
    ("GET", "/api/catalog/list?url=/farm-ranch/", None, ""),
    ("GET", "/api/no-such-call", None, ""),
    ("GET", "/hawk.png?t=x", None, ""),
    ("GET", "/healthz", None, ""),
    ("GET", "/readyz", None, ""),
    ("GET", "/ops/readyz", None, ""),
    ("GET", "/api/openapi.json", None, ""),
    (
        "POST",
        "/products/a/addtocart",
        Some("application/json"),
        r#"{"blainNumber":"100"}"#,
    ),
    (
        "POST",
        "/products/a/addtocart",
        Some("application/json"),
        "{",
    ),
    (
        "POST",
        "/email/marketing/subscribe",
        Some("application/json"),
        r#"{"EmailAddress":"a@b.con"}"#,
    ),
];

#[tokio::test]
async fn every_answer_carries_the_security_headers() {
    let env = spawn_env().await;
    let mut c = Client::new(&env);
    for (method, path, content_type, body) in ROUTES {
        let a = c.send(method, path, *content_type, body.to_string()).await;
        let header = |name: &str| {
            a.headers
                .get(name)
                .and_then(|v| v.to_str().ok())
                .unwrap_or("")
                .to_string()
        };
        let route = format!("{method} {path} ({})", a.status);
        let csp = header("content-security-policy");
        assert!(
            csp.contains("default-src 'self'") && csp.contains("script-src 'self'"),
            "{route}: {csp:?}"
        );
        assert!(csp.contains("frame-ancestors 'none'"), "{route}");
        assert!(csp.contains("object-src 'none'"), "{route}");
        // No inline or evaluated script, no inline style sheet; only style attributes (the
        // server-rendered pages' React inline styles) may be inline.
        for directive in csp.split(';').map(str::trim) {
            let allowed = directive == "style-src-attr 'unsafe-inline'";
            assert!(
                allowed
                    || !(directive.contains("unsafe-inline") || directive.contains("unsafe-eval")),
                "{route}: {directive}"
            );
        }
        assert!(!csp.contains("unsafe-eval"), "{route}");
        assert_eq!(header("x-content-type-options"), "nosniff", "{route}");
        assert_eq!(header("x-frame-options"), "DENY", "{route}");
        assert_eq!(
            header("referrer-policy"),
            "strict-origin-when-cross-origin",
            "{route}"
        );
        assert_eq!(
            header("strict-transport-security"),
            "",
            "{route}: no TLS, no HSTS"
        );
    }
}

#[tokio::test]
async fn over_tls_answers_ask_for_https_and_cookies_are_secure() {
    let env = spawn_env().await;
    let mut state = storefront::app::AppParts::ephemeral(
        env.pool.clone(),
        env.bus.clone(),
        std::env::temp_dir().join("no-web-dir"),
    );
    state.cookies.secure = true;
    let mut c = Client {
        app: storefront::app::router(state, &storefront::Roles::all()),
        cookies: Default::default(),
    };
    let a = c.get("/globalresource/header/").await;
    assert_eq!(
        a.headers["strict-transport-security"],
        "max-age=31536000; includeSubDomains"
    );
    let cookies: Vec<&str> = a
        .headers
        .get_all("set-cookie")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .collect();
    assert!(!cookies.is_empty());
    assert!(
        cookies.iter().all(|c| c.contains("; Secure")),
        "{cookies:?}"
    );
}

#[tokio::test]
async fn the_captchas_origins_are_allowed_only_when_it_is_configured() {
    let env = spawn_env().await;
    let csp_of = |captcha: storefront::config::CaptchaSetting| {
        let mut state = storefront::app::AppParts::ephemeral(
            env.pool.clone(),
            env.bus.clone(),
            std::env::temp_dir().join("no-web-dir"),
        );
        state.captcha = captcha;
        Client {
            app: storefront::app::router(state, &storefront::Roles::all()),
            cookies: Default::default(),
        }
    };
    let mut own = csp_of(storefront::config::CaptchaSetting::ProofOfWork { difficulty: 18 });
    let answer = own.get("/").await;
    assert_eq!(
        answer.headers["content-security-policy"],
        storefront::app::CONTENT_SECURITY_POLICY
    );
    let mut google = csp_of(storefront::config::CaptchaSetting::Recaptcha {
        site_key: "site".into(),
        secret: "secret".into(),
        verify_url: "http://127.0.0.1:9/verify".into(),
    });
    let csp = google.get("/").await.headers["content-security-policy"]
        .to_str()
        .unwrap()
        .to_string();
    for part in [
        "script-src 'self' https://www.google.com https://www.gstatic.com",
        "frame-src https://www.google.com https://www.gstatic.com",
        "connect-src 'self' https://www.google.com",
        "frame-ancestors 'none'",
    ] {
        assert!(csp.contains(part), "{part}: {csp}");
    }
}
