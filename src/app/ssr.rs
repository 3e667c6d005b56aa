//! Server rendering of the shoppers' pages: the web renderer (`web/dist-ssr/render.js`, a Node
//! program) renders a page's React body, and [`splice`] writes it into the shell
//! (`web/dist/index.html`) the SPA answers every page with.
//!
//! The protocol: `POST {renderer}/render` with `{"url", "api", "cookie"}` (the page's path and
//! query, where the renderer calls the store's API, the visitor's `Cookie` header) answers 200
//! with `{"head", "body", "data"}`, or 204 for a page it does not render. Anything else, a
//! timeout or a renderer that does not answer serves the shell as it is: the page then renders
//! in the browser, as without a renderer.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, RwLock};
use std::time::{Duration, Instant};

/// What a renderer's answer may weigh; a longer one is not read (the shell is served).
pub const MAX_ANSWER_BYTES: usize = 8 * 1024 * 1024;
/// At most one warning about failed renders per this long (the others are counted in it).
pub const WARNING_INTERVAL: Duration = Duration::from_secs(60);

/// The web renderer as the server calls it: one HTTP client (a pool of connections to it),
/// built once.
pub struct Renderer {
    client: reqwest::Client,
    /// Its base URL (`http://127.0.0.1:PORT`): `SSR_URL` from the start, a child's once it
    /// listens; none while there is no renderer to ask.
    base: RwLock<Option<String>>,
    /// Where the renderer calls the store's API (`SSR_API_URL`).
    api: String,
    /// How long a page waits for its render (`SSR_TIMEOUT_MS`).
    timeout: Duration,
    /// When the last warning was logged, and the failures since that were not.
    warned: Mutex<Option<Instant>>,
    unreported: AtomicU64,
}

/// A page as the renderer rendered it.
#[derive(Debug, Clone, PartialEq, Eq, serde::Deserialize)]
pub struct Rendered {
    /// Tags for the end of the page's head (stylesheets, preloads).
    #[serde(default)]
    pub head: String,
    /// The app's HTML, for inside `<div id="root">`.
    pub body: String,
    /// The data the body was rendered from, as JSON text, for the browser to start from.
    #[serde(default)]
    pub data: Option<String>,
}

impl Renderer {
    /// A renderer with no address yet ([`Renderer::set_base`] gives it one).
    pub fn new(api: impl Into<String>, timeout: Duration) -> Self {
        Self {
            client: command::outbound::http_client(),
            base: RwLock::new(None),
            api: api.into().trim_end_matches('/').to_string(),
            timeout,
            warned: Mutex::new(None),
            unreported: AtomicU64::new(0),
        }
    }

    /// A renderer at `base` (`SSR_URL`).
    pub fn at(base: &str, api: impl Into<String>, timeout: Duration) -> Self {
        let renderer = Self::new(api, timeout);
        renderer.set_base(Some(base.to_string()));
        renderer
    }

    /// Where the renderer now listens (a restarted child: a new port); `None`: nowhere.
    pub fn set_base(&self, base: Option<String>) {
        let base = base.map(|b| b.trim_end_matches('/').to_string());
        *self.base.write().unwrap_or_else(|e| e.into_inner()) = base;
    }

    pub fn base(&self) -> Option<String> {
        self.base.read().unwrap_or_else(|e| e.into_inner()).clone()
    }

    pub fn api(&self) -> &str {
        &self.api
    }

    /// The page at `url` (path and query) rendered for the visitor whose `Cookie` header is
    /// `cookie`; `None` when it is not (no renderer, a 204, a failure: warned about, at most
    /// once per [`WARNING_INTERVAL`]).
    pub async fn render(&self, url: &str, cookie: Option<&str>) -> Option<Rendered> {
        let base = self.base()?;
        let body = serde_json::json!({ "url": url, "api": self.api, "cookie": cookie });
        let answer = self
            .client
            .post(format!("{base}/render"))
            .header(reqwest::header::CONTENT_TYPE, "application/json")
            .body(body.to_string())
            .timeout(self.timeout)
            .send()
            .await;
        let failure = match answer {
            Ok(answer) if answer.status() == reqwest::StatusCode::NO_CONTENT => return None,
            Ok(answer) if answer.status() == reqwest::StatusCode::OK => {
                match command::outbound::read_bounded(answer, MAX_ANSWER_BYTES).await {
                    Some(bytes) => match serde_json::from_slice::<Rendered>(&bytes) {
                        Ok(rendered) => return Some(rendered),
                        Err(e) => format!("an answer that is not a rendered page: {e}"),
                    },
                    None => format!("an answer cut short or longer than {MAX_ANSWER_BYTES} bytes"),
                }
            }
            Ok(answer) => format!("status {}", answer.status()),
            // The error names the renderer's URL, nothing of the request.
            Err(e) if e.is_timeout() => format!("no answer within {:?}", self.timeout),
            Err(e) => e.to_string(),
        };
        self.warn(&base, url, &failure);
        None
    }

    /// A page that could not be rendered, logged at most once per [`WARNING_INTERVAL`] (never
    /// the visitor's cookie).
    pub fn warn(&self, base: &str, url: &str, failure: &str) {
        let now = Instant::now();
        let mut last = self.warned.lock().unwrap_or_else(|e| e.into_inner());
        if last.is_some_and(|at| now.duration_since(at) < WARNING_INTERVAL) {
            self.unreported.fetch_add(1, Ordering::Relaxed);
            return;
        }
        *last = Some(now);
        let also = self.unreported.swap(0, Ordering::Relaxed);
        let path = url.split('?').next().unwrap_or(url);
        tracing::warn!(
            renderer = %base,
            path,
            failure,
            failures_since_last_warning = also,
            "a page could not be rendered on the server: serving the shell"
        );
    }
}

/// The shell `html` with the rendered page in it: `head` just before `</head>` (before the
/// root div when the shell has no head), `body` inside `<div id="root">`, `data` right after
/// the root div as `<script type="application/json" id="ssr-data">`. `None` when the shell
/// has no empty root div to fill.
pub fn splice(html: &str, page: &Rendered) -> Option<String> {
    let (open, inner, close) = root_div(html)?;
    let head_at = html[..open].find("</head>").unwrap_or(open);
    let data = page.data.as_deref().map(|data| {
        // JSON text has `<` only inside strings, where `\u003c` means the same: no `</script>`.
        format!(
            r#"<script type="application/json" id="ssr-data">{}</script>"#,
            data.replace('<', "\\u003c")
        )
    });
    let mut out = String::with_capacity(
        html.len() + page.head.len() + page.body.len() + data.as_ref().map_or(0, String::len),
    );
    out.push_str(&html[..head_at]);
    out.push_str(&page.head);
    out.push_str(&html[head_at..inner]);
    out.push_str(&page.body);
    out.push_str(&html[close..close + "</div>".len()]);
    if let Some(data) = &data {
        out.push_str(data);
    }
    out.push_str(&html[close + "</div>".len()..]);
    Some(out)
}

/// The root div of the shell: where its opening tag starts, where its content starts and where
/// its `</div>` starts. Its `id` may be quoted or not; its content must be empty (white space).
fn root_div(html: &str) -> Option<(usize, usize, usize)> {
    let mut from = 0;
    while let Some(found) = html[from..].find("<div") {
        let open = from + found;
        let end = open + html[open..].find('>')?;
        let attributes = &html[open + "<div".len()..end];
        from = end;
        let is_root = attributes.starts_with(char::is_whitespace)
            && attributes
                .split_whitespace()
                .any(|a| matches!(a, "id=\"root\"" | "id='root'" | "id=root"));
        if !is_root {
            continue;
        }
        let inner = end + 1;
        let close = inner + html[inner..].find("</div>")?;
        return html[inner..close]
            .trim()
            .is_empty()
            .then_some((open, inner, close));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    const SHELL: &str = "<!doctype html><html><head><title>Storefront</title></head>\
        <body><noscript>JS</noscript><div id=\"root\"></div>\
        <script type=\"module\" src=\"/assets/index.js\"></script></body></html>";

    fn page() -> Rendered {
        Rendered {
            head: "<link rel=\"stylesheet\" href=\"/assets/index.css\">".into(),
            body: "<div class=\"app\">Rope</div>".into(),
            data: Some("{\"product\":{\"name\":\"Rope\"}}".into()),
        }
    }

    #[test]
    fn the_page_goes_into_the_head_the_root_div_and_a_data_script_after_it() {
        let html = splice(SHELL, &page()).unwrap();
        assert_eq!(
            html,
            "<!doctype html><html><head><title>Storefront</title>\
             <link rel=\"stylesheet\" href=\"/assets/index.css\"></head>\
             <body><noscript>JS</noscript><div id=\"root\"><div class=\"app\">Rope</div></div>\
             <script type=\"application/json\" id=\"ssr-data\">{\"product\":{\"name\":\"Rope\"}}</script>\
             <script type=\"module\" src=\"/assets/index.js\"></script></body></html>"
        );
    }

    #[test]
    fn the_root_div_is_found_however_its_id_is_written() {
        for shell in [
            "<div id=root></div>",
            "<div id='root'></div>",
            "<div class=\"shell\" id=\"root\" >\n  </div>",
            "<div id=\"app\"></div><div\nid=\"root\"></div>",
        ] {
            let html = splice(shell, &page()).unwrap();
            assert!(
                html.contains(
                    "><div class=\"app\">Rope</div></div><script type=\"application/json\""
                ),
                "{shell}: {html}"
            );
            // No head: the head's tags go just before the root div.
            assert!(
                html.find("stylesheet").unwrap() < html.find("class=\"app\"").unwrap(),
                "{html}"
            );
        }
    }

    #[test]
    fn without_an_empty_root_div_nothing_is_spliced() {
        for shell in [
            "<html><head></head><body></body></html>",
            "<div id=\"root2\"></div>",
            "<divx id=\"root\"></divx>",
            "<div id=\"root\"><p>Loading</p></div>",
            "<div id=\"root\">",
        ] {
            assert_eq!(splice(shell, &page()), None, "{shell}");
        }
    }

    #[test]
    fn a_head_after_the_root_div_is_not_where_the_tags_go() {
        let html = splice("<div id=root></div><template></head></template>", &page()).unwrap();
        assert!(html.starts_with("<link rel=\"stylesheet\""), "{html}");
    }

    #[test]
    fn the_data_cannot_close_its_script_and_may_be_absent() {
        let mut rendered = page();
        rendered.data = Some("{\"name\":\"</script><script>alert(1)</script>\"}".into());
        let html = splice(SHELL, &rendered).unwrap();
        assert_eq!(html.matches("</script>").count(), 2, "{html}");
        assert!(html.contains("\\u003c/script>\\u003cscript>"));
        let data: serde_json::Value = serde_json::from_str(
            html.split("id=\"ssr-data\">")
                .nth(1)
                .unwrap()
                .split("</script>")
                .next()
                .unwrap(),
        )
        .unwrap();
        assert_eq!(data["name"], "</script><script>alert(1)</script>");

        rendered.data = None;
        let html = splice(SHELL, &rendered).unwrap();
        assert!(!html.contains("ssr-data"));
        assert!(html.contains(
            "<div id=\"root\"><div class=\"app\">Rope</div></div><script type=\"module\""
        ));
    }

    #[test]
    fn an_answer_reads_with_or_without_head_and_data() {
        let full: Rendered =
            serde_json::from_str(r#"{"head": "<link>", "body": "<p>x</p>", "data": "{}"}"#)
                .unwrap();
        assert_eq!(full.data.as_deref(), Some("{}"));
        let bare: Rendered = serde_json::from_str(r#"{"body": "<p>x</p>", "data": null}"#).unwrap();
        assert_eq!((bare.head.as_str(), bare.data), ("", None));
        assert!(serde_json::from_str::<Rendered>(r#"{"head": ""}"#).is_err());
    }

    #[test]
    fn failures_are_warned_about_once_a_minute() {
        let renderer = Renderer::new("http://127.0.0.1:8080/", Duration::from_secs(1));
        assert_eq!(renderer.api(), "http://127.0.0.1:8080");
        renderer.warn("http://x", "/a/?q=1", "refused");
        renderer.warn("http://x", "/b/", "refused");
        renderer.warn("http://x", "/c/", "refused");
        assert_eq!(renderer.unreported.load(Ordering::Relaxed), 2);
    }
}
