//! The web app from `web/dist`: its files as they are, and its index.html for every page of the
//! store (404 for what is no page); API paths never fall back to it.

use std::path::Path;

use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::{header, Method, StatusCode};
use axum::response::{IntoResponse, Response};
use kernel::http::ApiError;
use tower::ServiceExt;
use tower_http::services::ServeDir;

use super::AppState;

/// Path prefixes that belong to the API: they never fall back to the SPA's index.html.
pub const API_PREFIXES: &[&str] = &[
    "/api/",
    "/globalresource/",
    "/product/a/",
    "/products/a/",
    "/s/a/",
    "/stores/set-json/",
    "/tire-size/",
    "/email/",
    "/a/",
    "/event/",
    "/click-to-reorder/",
    "/hawk.png",
    "/images/",
    "/link.aspx",
    "/banners.aspx",
    "/healthz",
    "/readyz",
    "/metrics",
    "/ops/",
];

/// Reads `routes.json` of a web build: `{"paths": ["/", "/s/", …]}`.
pub fn load_pages(web_dir: &Path) -> Option<std::collections::HashSet<String>> {
    #[derive(serde::Deserialize)]
    struct Manifest {
        paths: Vec<String>,
    }
    let text = std::fs::read_to_string(web_dir.join("routes.json")).ok()?;
    match serde_json::from_str::<Manifest>(&text) {
        Ok(m) => Some(m.paths.into_iter().collect()),
        Err(e) => {
            tracing::warn!(error = %e, "web/dist/routes.json is unreadable: every path is a page");
            None
        }
    }
}

pub fn is_api_path(path: &str) -> bool {
    API_PREFIXES
        .iter()
        .any(|p| path == p.trim_end_matches('/') || path.starts_with(p))
}

/// Unknown API paths get the JSON 404; other GETs get a file of the SPA or its index.html.
pub(super) async fn spa(State(state): State<AppState>, request: Request) -> Response {
    let path = request.uri().path().to_string();
    if is_api_path(&path) {
        return ApiError::NotFound.into_response();
    }
    if request.method() != Method::GET && request.method() != Method::HEAD {
        return (
            StatusCode::METHOD_NOT_ALLOWED,
            [(header::ALLOW, "GET, HEAD")],
        )
            .into_response();
    }
    // A real file at the top of dist (favicon, robots.txt) is served as is.
    if is_top_level_file(&state.web_dir, &path) {
        let Ok(response) = ServeDir::new(&state.web_dir)
            .precompressed_br()
            .precompressed_gzip()
            .oneshot(request)
            .await;
        return response.map(Body::new);
    }
    // A file name that is not there (`/logo.png`, `/x/app.js`) is a 404, never the page.
    if looks_like_a_file(&path) {
        return ApiError::NotFound.into_response();
    }
    // The staff console: its own entry (none of it in a shopper's bundle), never indexed; the
    // console shows its own sign-in, 403 and not-found pages.
    if is_staff_page(&path) {
        return match tokio::fs::read(state.web_dir.join("staff.html")).await {
            Ok(html) => (
                StatusCode::OK,
                [
                    (header::CONTENT_TYPE, "text/html; charset=utf-8"),
                    (header::HeaderName::from_static("x-robots-tag"), "noindex"),
                ],
                html,
            )
                .into_response(),
            Err(_) => ApiError::NotFound.into_response(),
        };
    }
    let index = state.web_dir.join("index.html");
    if !index.exists() {
        return (
            StatusCode::SERVICE_UNAVAILABLE,
            "The web app is not built: run `npm run build` in web/.",
        )
            .into_response();
    }
    let status = if is_page(&state, &path).await {
        StatusCode::OK
    } else {
        StatusCode::NOT_FOUND
    };
    let html = match tokio::fs::read_to_string(&index).await {
        Ok(html) => html,
        Err(e) => return ApiError::internal(e).into_response(),
    };
    // A page of the store: its head and structured data for crawlers and link previews, at its
    // one URL (a product reached by another slug, an old name's, redirects there for good).
    let html = match &state.query {
        Some(query) if status == StatusCode::OK => {
            match query::seo::page_head(query, request.uri()).await {
                Ok(Some(query::seo::Head::MovedTo(location))) => {
                    return (
                        StatusCode::MOVED_PERMANENTLY,
                        [(header::LOCATION, location)],
                    )
                        .into_response();
                }
                Ok(Some(query::seo::Head::Page(head))) => {
                    query::seo::render(&html, &head, &state.accounts.public_url)
                }
                Ok(None) => html,
                Err(e) => {
                    tracing::warn!(error = ?e, "a page's head could not be built");
                    html
                }
            }
        }
        _ => html,
    };
    // A page of the store, rendered on the server when a web renderer is set (not for HEAD):
    // the answer is then the visitor's own, for no shared cache to keep.
    let (html, rendered) = match &state.ssr {
        Some(renderer) if status == StatusCode::OK && request.method() == Method::GET => {
            let (url, cookie) = page_and_cookie(&request);
            match server_rendered(renderer, &url, cookie.as_deref(), &html).await {
                Some(page) => (page, true),
                None => (html, false),
            }
        }
        _ => (html, false),
    };
    let vary = rendered.then_some((header::VARY, "Cookie"));
    // Preview mode: a merchandiser who turned it on gets the page with the staff's preview
    // script (pin controls and explain on the results, the preview bar); the script is the
    // staff build's, so none of it is in a shopper's bundle.
    if wants_preview(request.headers()) {
        let (parts, _) = request.into_parts();
        let merchandiser = state
            .staff
            .authenticate(&parts)
            .await
            .is_ok_and(|member| member.has(kernel::staff::Role::Merchandiser));
        if merchandiser {
            return (
                status,
                [
                    (header::CONTENT_TYPE, "text/html; charset=utf-8"),
                    (header::CACHE_CONTROL, "private, no-store"),
                ],
                vary.map(|v| [v]),
                with_preview_script(&html),
            )
                .into_response();
        }
    }
    (
        status,
        [(header::CONTENT_TYPE, "text/html; charset=utf-8")],
        rendered.then_some([(header::CACHE_CONTROL, "private, no-cache")]),
        vary.map(|v| [v]),
        html,
    )
        .into_response()
}

/// The request's page (its path and query) and its `Cookie` header (several joined as one).
fn page_and_cookie(request: &Request) -> (String, Option<String>) {
    let url = request
        .uri()
        .path_and_query()
        .map_or_else(|| request.uri().path(), |p| p.as_str())
        .to_string();
    let cookies: Vec<&str> = request
        .headers()
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .collect();
    (url, (!cookies.is_empty()).then(|| cookies.join("; ")))
}

/// The page `html` (the shell with its head) with the web renderer's render of the page at
/// `url` spliced in ([`super::ssr::splice`]); `None` when there is none.
async fn server_rendered(
    renderer: &super::ssr::Renderer,
    url: &str,
    cookie: Option<&str>,
    html: &str,
) -> Option<String> {
    let page = renderer.render(url, cookie).await?;
    let spliced = super::ssr::splice(html, &page);
    if spliced.is_none() {
        if let Some(base) = renderer.base() {
            renderer.warn(&base, url, "the shell (index.html) has no empty root div");
        }
    }
    spliced
}

/// The cookie that turns preview mode on (set by the staff console; a flag only: the staff
/// session decides).
pub const PREVIEW_COOKIE: &str = "sf_preview";
/// The staff build's preview script, at the top of `web/dist`.
pub const PREVIEW_SCRIPT: &str = "/staff-preview.js";

/// Whether the request carries `sf_preview=1`.
fn wants_preview(headers: &axum::http::HeaderMap) -> bool {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .any(|pair| pair.trim() == format!("{PREVIEW_COOKIE}=1"))
}

/// The page with the preview script added at the end of its head.
fn with_preview_script(html: &str) -> String {
    let tag = format!(r#"<script type="module" src="{PREVIEW_SCRIPT}"></script>"#);
    match html.find("</head>") {
        Some(at) => format!("{}{tag}{}", &html[..at], &html[at..]),
        None => format!("{tag}{html}"),
    }
}

/// Whether `path` is a page of the store: a fixed page of the SPA (routes.json), an order's
/// page, a store, a product or a department. Anything else still gets the SPA (its 'Page not found'), with 404.
/// Without a routes.json, or when PostgreSQL does not answer, every path counts as a page.
async fn is_page(state: &AppState, path: &str) -> bool {
    let Some(pages) = state.pages.as_ref() else {
        return true;
    };
    let with_slash = if path.ends_with('/') {
        path.to_string()
    } else {
        format!("{path}/")
    };
    if pages.contains(path) || pages.contains(&with_slash) {
        return true;
    }
    // An order's page (`/account/orders/{orderNo}/`): whose it is, the page asks the API.
    if let Some(number) = path.strip_prefix("/account/orders/") {
        let number = number.trim_end_matches('/');
        if number == number.trim() && kernel::validation::order_number(number).is_some() {
            return true;
        }
    }
    let lookup = if let Some(rest) = path.strip_prefix("/stores/") {
        let alias = rest.trim_end_matches('/');
        sqlx::query_scalar::<_, bool>("SELECT exists(SELECT 1 FROM stores WHERE url_alias = $1)")
            .bind(alias.to_string())
    } else if let Some(rest) = path.strip_prefix("/product/") {
        let number = rest.split('/').next().unwrap_or("");
        sqlx::query_scalar::<_, bool>(
            "SELECT exists(SELECT 1 FROM products WHERE blain_number = $1)",
        )
        .bind(number.to_string())
    } else {
        sqlx::query_scalar::<_, bool>("SELECT exists(SELECT 1 FROM departments WHERE url = $1)")
            .bind(with_slash)
    };
    lookup.fetch_one(&state.pool).await.unwrap_or(true)
}

/// `/staff` and every path under `/staff/`.
pub fn is_staff_page(path: &str) -> bool {
    path == "/staff" || path.starts_with("/staff/")
}

/// The last segment has a file extension (`.png`, `.js`, `.css`, …): no page of ours does.
fn looks_like_a_file(path: &str) -> bool {
    let last = path.rsplit('/').next().unwrap_or("");
    last.rsplit_once('.').is_some_and(|(stem, ext)| {
        !stem.is_empty()
            && (1..=5).contains(&ext.len())
            && ext.chars().all(|c| c.is_ascii_alphanumeric())
    })
}

fn is_top_level_file(web_dir: &Path, path: &str) -> bool {
    match path.strip_prefix('/') {
        Some(name) if !name.is_empty() && !name.contains('/') && !name.contains("..") => {
            web_dir.join(name).is_file()
        }
        _ => false,
    }
}
