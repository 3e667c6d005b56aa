//! Server rendering: the shoppers' pages are rendered by the web renderer (a fake one here,
//! answering its protocol) into the shell; a page it declines, a renderer that fails or does
//! not answer, a missing page and a HEAD request get the shell as without it. `serve` starts
//! the renderer itself as a child process and stops it with itself.

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::http::{header, StatusCode};
use axum::response::IntoResponse;
use serde_json::{json, Value};
use storefront::app::ssr::Renderer;
use storefront::app::{router, AppParts};
use storefront::Roles;

use crate::common::*;

const SHELL: &str = "<!doctype html><html><head><title>Storefront</title></head><body>\
    <div id=\"root\"></div><script type=\"module\" src=\"/assets/index-abc123.js\"></script>\
    </body></html>";
const HEAD: &str = "<link rel=\"stylesheet\" href=\"/assets/index-abc123.css\">";
const BODY: &str = "<div class=\"app\"><h1>Your cart</h1></div>";
const DATA: &str = "{\"cart\":{\"lines\":[]}}";
/// The API address the fake renderer is told to call.
const API: &str = "http://api.test:8080";

/// How the fake renderer answers `POST /render`.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Mode {
    Page,
    Decline,
    Fail,
    NotJson,
    Slow,
}

/// A web renderer of the test's own: answers as `mode` says and keeps what it was asked.
struct FakeRenderer {
    url: String,
    mode: Arc<Mutex<Mode>>,
    asked: Arc<Mutex<Vec<Value>>>,
}

impl FakeRenderer {
    async fn start() -> FakeRenderer {
        use axum::routing::{get, post};
        let mode = Arc::new(Mutex::new(Mode::Page));
        let asked = Arc::new(Mutex::new(Vec::new()));
        let (m, a) = (mode.clone(), asked.clone());
        let app = axum::Router::new()
            .route("/healthz", get(|| async { "ok" }))
            .route(
                "/render",
                post(move |axum::Json(ask): axum::Json<Value>| {
                    let (mode, asked) = (m.clone(), a.clone());
                    async move {
                        asked.lock().unwrap().push(ask);
                        let mode = *mode.lock().unwrap();
                        match mode {
                            Mode::Page => {
                                axum::Json(json!({"head": HEAD, "body": BODY, "data": DATA}))
                                    .into_response()
                            }
                            Mode::Decline => StatusCode::NO_CONTENT.into_response(),
                            Mode::Fail => StatusCode::INTERNAL_SERVER_ERROR.into_response(),
                            Mode::NotJson => (StatusCode::OK, "<html>oops</html>").into_response(),
                            Mode::Slow => {
                                tokio::time::sleep(Duration::from_secs(3)).await;
                                axum::Json(json!({"head": HEAD, "body": BODY, "data": DATA}))
                                    .into_response()
                            }
                        }
                    }
                }),
            );
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let url = format!("http://{}", listener.local_addr().unwrap());
        tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
        FakeRenderer { url, mode, asked }
    }

    fn answer(&self, mode: Mode) {
        *self.mode.lock().unwrap() = mode;
    }

    fn asked(&self) -> Vec<Value> {
        self.asked.lock().unwrap().clone()
    }
}

/// A web build: the shell, the staff entry and the fixed pages (routes.json).
fn web_dir() -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(unique("web")).join("dist");
    std::fs::create_dir_all(dir.join("assets")).unwrap();
    std::fs::write(dir.join("index.html"), SHELL).unwrap();
    std::fs::write(
        dir.join("staff.html"),
        "<!doctype html><title>Storefront staff</title><div id=\"root\"></div>",
    )
    .unwrap();
    std::fs::write(
        dir.join("routes.json"),
        r#"{"paths": ["/", "/cart/", "/s/", "/store-finder/"]}"#,
    )
    .unwrap();
    dir
}

/// The whole app on `env`'s database with the renderer at `url`.
fn site(env: &TestEnv, url: &str, timeout: Duration) -> axum::Router {
    let mut parts = AppParts::ephemeral(env.pool.clone(), env.bus.clone(), web_dir());
    parts.ssr = Some(Arc::new(Renderer::at(url, API, timeout)));
    router(parts, &Roles::all())
}

/// `method path` on `app` with the `Cookie` header `cookie` (the common client, no cookie jar
/// carried from one call to the next).
async fn get(
    app: &axum::Router,
    method: &str,
    path: &str,
    cookie: Option<&str>,
) -> (StatusCode, axum::http::HeaderMap, String) {
    let mut client = Client {
        app: app.clone(),
        cookies: Default::default(),
    };
    let headers: Vec<(&str, &str)> = cookie.map(|c| ("cookie", c)).into_iter().collect();
    let answer = client
        .send_with(method, path, None, String::new(), &headers)
        .await;
    (answer.status, answer.headers, answer.body)
}

/// Whether the answer says it differs by the visitor's cookies (beside `Accept-Encoding`,
/// which the compression layer names on every answer).
fn varies_by_cookie(headers: &axum::http::HeaderMap) -> bool {
    headers
        .get_all(header::VARY)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .any(|name| name.trim().eq_ignore_ascii_case("cookie"))
}

/// The shell as the SPA serves it without a renderer: an empty root, no data, shared caching.
fn assert_shell(status: StatusCode, headers: &axum::http::HeaderMap, html: &str, case: &str) {
    assert_eq!(status, StatusCode::OK, "{case}");
    assert!(html.contains("<div id=\"root\"></div>"), "{case}: {html}");
    assert!(
        !html.contains("ssr-data") && !html.contains(HEAD),
        "{case}: {html}"
    );
    assert!(!varies_by_cookie(headers), "{case}");
    assert_eq!(headers[header::CACHE_CONTROL], "no-cache", "{case}");
}

#[tokio::test]
async fn ssr_a_page_holds_the_rendered_body_in_root_its_data_and_its_head_links() {
    let env = spawn_env().await;
    let renderer = FakeRenderer::start().await;
    let app = site(&env, &renderer.url, Duration::from_secs(2));

    let (status, headers, html) = get(
        &app,
        "GET",
        "/cart/?from=mail&x=%2F",
        Some("sf_vid=abc.def; theme=dark"),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert!(
        html.contains(&format!(
            "<div id=\"root\">{BODY}</div><script type=\"application/json\" id=\"ssr-data\">{DATA}</script>\
             <script type=\"module\" src=\"/assets/index-abc123.js\"></script>"
        )),
        "{html}"
    );
    assert!(html.contains(&format!("{HEAD}</head>")), "{html}");
    assert_eq!(html.matches(HEAD).count(), 1);
    // The answer is this visitor's: no shared cache keeps it, and it varies with the cookie.
    assert!(varies_by_cookie(&headers), "{headers:?}");
    assert_eq!(headers[header::CACHE_CONTROL], "private, no-cache");
    assert_eq!(headers[header::CONTENT_TYPE], "text/html; charset=utf-8");

    // The renderer was asked for the page's path and query, with the API's address and the
    // visitor's cookie.
    let asked = renderer.asked();
    assert_eq!(asked.len(), 1, "{asked:?}");
    assert_eq!(
        asked[0],
        json!({"url": "/cart/?from=mail&x=%2F", "api": API, "cookie": "sf_vid=abc.def; theme=dark"})
    );

    // A first visit has no cookie to forward.
    let (status, _, html) = get(&app, "GET", "/", None).await;
    assert_eq!(status, StatusCode::OK);
    assert!(html.contains(BODY), "{html}");
    let asked = renderer.asked();
    assert_eq!(asked[1]["url"], "/");
    assert_eq!(asked[1]["cookie"], Value::Null);

    // HEAD is answered as ever, without asking the renderer.
    let (status, headers, _) = get(&app, "HEAD", "/cart/", None).await;
    assert_eq!(status, StatusCode::OK);
    assert!(!varies_by_cookie(&headers));
    assert_eq!(renderer.asked().len(), 2);
}

#[tokio::test]
async fn ssr_a_declined_failed_slow_or_dead_render_serves_the_shell_with_200() {
    let env = spawn_env().await;
    let renderer = FakeRenderer::start().await;
    let app = site(&env, &renderer.url, Duration::from_millis(300));
    for mode in [Mode::Decline, Mode::Fail, Mode::NotJson, Mode::Slow] {
        renderer.answer(mode);
        let started = Instant::now();
        let (status, headers, html) = get(&app, "GET", "/store-finder/", Some("sf_vid=x")).await;
        assert_shell(status, &headers, &html, &format!("{mode:?}"));
        assert!(
            started.elapsed() < Duration::from_secs(2),
            "{mode:?}: the page waited {:?}",
            started.elapsed()
        );
    }
    assert_eq!(renderer.asked().len(), 4);

    // Nothing listens where the renderer should be.
    let dead = site(
        &env,
        &format!("http://127.0.0.1:{}", free_port()),
        Duration::from_secs(2),
    );
    let (status, headers, html) = get(&dead, "GET", "/cart/", Some("sf_vid=x")).await;
    assert_shell(status, &headers, &html, "dead renderer");
}

#[tokio::test]
async fn ssr_a_missing_page_a_file_an_api_path_or_the_staff_console_asks_nothing_of_the_renderer() {
    let env = spawn_env().await;
    let renderer = FakeRenderer::start().await;
    let app = site(&env, &renderer.url, Duration::from_secs(2));
    for (path, want) in [
        ("/no-such-page/", StatusCode::NOT_FOUND),
        ("/product/999999/gone/", StatusCode::NOT_FOUND),
        ("/stores/atlantis-wi", StatusCode::NOT_FOUND),
        ("/logo.png", StatusCode::NOT_FOUND),
        ("/api/no-such-thing", StatusCode::NOT_FOUND),
        ("/staff/", StatusCode::OK),
    ] {
        let (status, headers, html) = get(&app, "GET", path, Some("sf_vid=x")).await;
        assert_eq!(status, want, "{path}");
        assert!(!html.contains(BODY), "{path}: {html}");
        assert!(!varies_by_cookie(&headers), "{path}");
    }
    assert_eq!(renderer.asked(), Vec::<Value>::new());
    // Not vacuous: a page of the store is asked for.
    let (_, _, html) = get(&app, "GET", "/s/?keyword=rope", None).await;
    assert!(html.contains(BODY), "{html}");
    assert_eq!(renderer.asked().len(), 1);
}

/// A web renderer as the web build makes it, for `serve` to start: it answers every page with
/// its own process id, what it was asked and whether it sees a secret of the server's.
const RENDER_JS: &str = r#"
const http = require('node:http');
const server = http.createServer((req, res) => {
  if (req.url === '/healthz') { res.end('ok'); return; }
  let text = '';
  req.on('data', (c) => { text += c; });
  req.on('end', () => {
    const ask = JSON.parse(text);
    const data = JSON.stringify({ url: ask.url, api: ask.api, webDir: process.env.WEB_DIR,
      secret: process.env.COOKIE_KEYS ?? null, database: process.env.DATABASE_URL ?? null });
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ head: '', body: `<p>rendered by ${process.pid}</p>`, data }));
  });
});
console.log('starting');
server.listen(Number(process.env.SSR_PORT ?? 0), process.env.SSR_HOST ?? '127.0.0.1', () => {
  console.log(`Web renderer listening on http://127.0.0.1:${server.address().port}`);
});
"#;

fn alive(pid: u32) -> bool {
    // A zombie (exited, not yet reaped) counts as gone.
    std::fs::read_to_string(format!("/proc/{pid}/stat")).is_ok_and(|stat| {
        !stat
            .rsplit(')')
            .next()
            .unwrap_or("")
            .trim_start()
            .starts_with('Z')
    })
}

#[tokio::test]
async fn ssr_serve_starts_the_web_renderer_beside_the_build_and_stops_it_with_itself() {
    let env = spawn_env().await;
    let dist = web_dir();
    let ssr_dir = dist.parent().unwrap().join("dist-ssr");
    std::fs::create_dir_all(&ssr_dir).unwrap();
    std::fs::write(ssr_dir.join("render.js"), RENDER_JS).unwrap();
    let (mut server, addr) =
        start_server_with_web(&env, &dist, &[("WAIT_FOR_BROKER", "true")]).await;

    // Pages are the shell until the renderer listens, then rendered by it.
    let deadline = Instant::now() + Duration::from_secs(20);
    let page = loop {
        let answer = http(&addr, "GET", "/cart/?a=b", &[("Cookie", "theme=dark")], "").await;
        match answer {
            Ok((200, _, body)) if body.contains("rendered by") => break body,
            other => assert!(
                Instant::now() < deadline,
                "the page is rendered by the started renderer: {other:?}"
            ),
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    let pid: u32 = page
        .split("rendered by ")
        .nth(1)
        .and_then(|rest| rest.split('<').next())
        .and_then(|pid| pid.parse().ok())
        .expect("the renderer's pid");
    let data: Value = serde_json::from_str(
        page.split("id=\"ssr-data\">")
            .nth(1)
            .and_then(|rest| rest.split("</script>").next())
            .unwrap(),
    )
    .unwrap();
    assert_eq!(data["url"], "/cart/?a=b");
    // The API is the server's own address; the child gets the build's dir and no secret.
    assert_eq!(data["api"], format!("http://{addr}"));
    assert_eq!(data["webDir"], dist.to_string_lossy().as_ref());
    assert_eq!(data["secret"], Value::Null);
    assert_eq!(data["database"], Value::Null);
    assert!(alive(pid), "the renderer runs");

    // The server stops, and the renderer with it.
    let status = std::process::Command::new("kill")
        .args(["-TERM", &server.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    let exited = eventually(Duration::from_secs(40), || {
        let done = server.try_wait().unwrap().is_some();
        async move { done }
    })
    .await;
    assert!(exited, "serve stopped after SIGTERM");
    assert!(server.wait().unwrap().success());
    let gone = eventually(Duration::from_secs(5), || {
        let gone = !alive(pid);
        async move { gone }
    })
    .await;
    assert!(gone, "the renderer {pid} stopped with the server");
}
