//! The shell's data: GET /globalresource/header/ (spec 3's Header data, site messages with
//! countdown data) and GET /globalresource/category-flyout/ (the mega-menu ad).

use std::sync::Arc;
use std::time::Duration;

use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use chrono::{DateTime, Utc};
use kernel::http::ApiError;
use kernel::identity::Identity;
use serde::Serialize;
use serde_json::value::RawValue;
use sqlx::{PgPool, Row};

use crate::catalog::department_tree;
use crate::rebuilt::Rebuilt;
use crate::stores::StoreDirectory;
use crate::QueryState;

/// The fixed header link the spec adds to the data's links.
pub const REGISTRIES_LINK: (&str, &str) = ("Registries & Lists", "/gift-registry/");

pub fn router(state: QueryState) -> Router {
    Router::new()
        .route("/globalresource/header/", get(header))
        .route("/globalresource/dept-menu/", get(dept_menu))
        .route("/globalresource/category-flyout/", get(flyout))
        .route("/globalresource/sponsored-ad/", get(sponsored_ad))
        .with_state(state)
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HeaderLink {
    pub text: String,
    pub link: String,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LocalStoreJson {
    pub store_num: i32,
    pub city: String,
    pub city_alias: String,
    pub state: String,
    pub url_alias: String,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CustomerJson {
    pub first_name: String,
    pub customer_has_registries: bool,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CartSummaryJson {
    pub cart_qty: i32,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SiteMessage {
    pub id: String,
    pub text: String,
    pub link: Option<String>,
    pub icon: Option<String>,
    /// none, after or before.
    #[schema(schema_with = countdowns)]
    pub countdown: String,
    pub end_date_time: Option<DateTime<Utc>>,
}

/// The schema of [`SiteMessage::countdown`]: the read model's `Countdown`, lower case.
fn countdowns() -> utoipa::openapi::Object {
    use projections::model::catalog::Countdown;
    utoipa::openapi::ObjectBuilder::new()
        .schema_type(utoipa::openapi::schema::Type::String)
        .enum_values(Some(
            [Countdown::None, Countdown::After, Countdown::Before]
                .map(|c| format!("{c:?}").to_ascii_lowercase()),
        ))
        .build()
}

/// Whether a user agent is a phone's or a tablet's.
pub fn is_mobile_agent(user_agent: &str) -> bool {
    const MARKS: [&str; 7] = [
        "Mobi",
        "Android",
        "iPhone",
        "iPad",
        "iPod",
        "Windows Phone",
        "Opera Mini",
    ];
    MARKS.iter().any(|m| user_agent.contains(m))
}

/// The header's parts that are the same for every visitor (the department menu, the header
/// links, the site messages), built once per catalog change.
pub struct SharedHeader {
    /// The department menu, serialised once.
    dept_menu: Arc<RawValue>,
    /// A short stable name of this menu (for `GET /globalresource/dept-menu/?v=`).
    pub dept_menu_version: String,
    header_links: Vec<HeaderLink>,
    messages: Vec<SiteMessage>,
}

/// [`SharedHeader`] of this process. The catalog projection notifies
/// [`HEADER_CHANNEL`] in the transaction that changes departments, site messages or header
/// links; the listener ([`listen_for_changes`]) invalidates it and the next request rebuilds
/// (at the latest after [`crate::rebuilt::MAX_AGE`]).
#[derive(Default)]
pub struct HeaderCache(Rebuilt<SharedHeader>);

impl std::ops::Deref for HeaderCache {
    type Target = Rebuilt<SharedHeader>;
    fn deref(&self) -> &Self::Target {
        &self.0
    }
}

/// The PostgreSQL notification channel of header changes.
pub const HEADER_CHANNEL: &str = projections::catalog::HEADER_CHANNEL;

impl HeaderCache {
    /// The shared parts, built by one request at a time when stale.
    pub async fn get(&self, pool: &PgPool) -> Result<Arc<SharedHeader>, sqlx::Error> {
        self.0.get(|| build_shared(pool)).await
    }
}

async fn build_shared(pool: &PgPool) -> Result<SharedHeader, sqlx::Error> {
    use sha2::Digest;
    let menu = serde_json::to_string(&department_tree(pool).await?).expect("serialises");
    let dept_menu_version = sha2::Sha256::digest(menu.as_bytes())[..8]
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    let mut header_links: Vec<HeaderLink> =
        sqlx::query("SELECT text, link FROM header_links ORDER BY position")
            .fetch_all(pool)
            .await?
            .iter()
            .map(|r| HeaderLink {
                text: r.get("text"),
                link: r.get("link"),
            })
            .collect();
    header_links.push(HeaderLink {
        text: REGISTRIES_LINK.0.into(),
        link: REGISTRIES_LINK.1.into(),
    });
    let messages = sqlx::query(
        "SELECT id, text, link, icon, countdown, end_date_time FROM site_messages WHERE active \
         ORDER BY sort_order, id",
    )
    .fetch_all(pool)
    .await?
    .iter()
    .map(|r| SiteMessage {
        id: r.get("id"),
        text: r.get("text"),
        link: r.get("link"),
        icon: r.get("icon"),
        countdown: r.get::<String, _>("countdown").to_ascii_lowercase(),
        end_date_time: r.get("end_date_time"),
    })
    .collect();
    Ok(SharedHeader {
        dept_menu: RawValue::from_string(menu).expect("valid JSON").into(),
        dept_menu_version,
        header_links,
        messages,
    })
}

/// Listens for catalog changes the header and the store directory show ([`HEADER_CHANNEL`])
/// until `stop`, calling `invalidate` on each (and on every reconnect, in case one was missed
/// while away).
pub async fn listen_for_changes(
    pool: PgPool,
    invalidate: impl Fn() + Send + 'static,
    mut stop: tokio::sync::watch::Receiver<bool>,
) {
    loop {
        let mut listener = match sqlx::postgres::PgListener::connect_with(&pool).await {
            Ok(l) => l,
            Err(e) => {
                tracing::warn!(error = %e, "header change listener cannot connect; retrying");
                tokio::select! {
                    _ = tokio::time::sleep(Duration::from_secs(2)) => continue,
                    _ = stop.changed() => return,
                }
            }
        };
        if let Err(e) = listener.listen(HEADER_CHANNEL).await {
            tracing::warn!(error = %e, "header change listener cannot listen; retrying");
            tokio::time::sleep(Duration::from_secs(2)).await;
            continue;
        }
        invalidate();
        loop {
            tokio::select! {
                n = listener.recv() => match n {
                    Ok(_) => invalidate(),
                    Err(e) => {
                        tracing::warn!(error = %e, "header change listener lost its connection");
                        break;
                    }
                },
                _ = stop.changed() => return,
            }
        }
    }
}

/// Spec 3's header data: the visitor's store and cart, and the shared parts.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = Header)]
pub struct HeaderAnswer<'a> {
    pub logged_in: bool,
    pub greeting: Option<String>,
    #[schema(inline)]
    pub customer: Option<CustomerJson>,
    pub local_store_name: Option<String>,
    #[schema(inline)]
    pub local_store_json: Option<LocalStoreJson>,
    /// Left out when the caller asked for `?deptMenu=omit` (the SPA, which keeps the menu of
    /// `deptMenuVersion` from `GET /globalresource/dept-menu/`).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Vec<crate::catalog::MenuItem>)]
    pub dept_menu: Option<&'a RawValue>,
    /// Names the department menu: `/globalresource/dept-menu/?v=` with it answers the menu,
    /// immutable.
    pub dept_menu_version: &'a str,
    #[schema(value_type = Vec<HeaderLink>, inline)]
    pub header_links: &'a [HeaderLink],
    #[schema(inline)]
    pub cart_summary_json: CartSummaryJson,
    pub items_in_cart_count: i32,
    #[schema(value_type = Vec<SiteMessage>, inline)]
    pub site_messages: Vec<&'a SiteMessage>,
    /// The server's clock, so countdowns do not depend on the visitor's clock.
    pub server_time: DateTime<Utc>,
    /// Footer data (spec 3): the request came from a phone or tablet (by its user agent).
    pub is_mobile_device: bool,
    /// Footer data: where static assets are served from; empty: this origin (the store
    /// serves its own assets under /assets and /images).
    pub asset_cdn_base_url: &'static str,
}

/// The visitor's own part: their store and cart quantity, in one query of two key lookups
/// (none for a visitor with neither: a first request); the store's names come from the
/// store directory in memory.
/// The header's greeting of a signed-in customer.
pub fn greeting(first_name: &str) -> String {
    if first_name.is_empty() {
        "Hi there".to_string()
    } else {
        format!("Hi, {first_name}")
    }
}

/// The signed-in customer of this browser, as the header shows them (none when signed out or
/// the session ended).
async fn customer_part(
    pool: &PgPool,
    identity: &Identity,
) -> Result<Option<CustomerJson>, ApiError> {
    let Some(signed_in) = kernel::session::signed_in(pool, identity).await? else {
        return Ok(None);
    };
    let first_name = projections::accounts::first_name(pool, &signed_in.customer_id)
        .await
        .map_err(ApiError::internal)?
        .unwrap_or_default();
    let customer_has_registries: bool =
        sqlx::query_scalar("SELECT exists(SELECT 1 FROM gift_registries WHERE customer_id = $1)")
            .bind(&signed_in.customer_id)
            .fetch_one(pool)
            .await?;
    Ok(Some(CustomerJson {
        first_name,
        customer_has_registries,
    }))
}

async fn visitor_part(
    pool: &PgPool,
    stores: &StoreDirectory,
    identity: &Identity,
) -> Result<(Option<(String, LocalStoreJson)>, i32), sqlx::Error> {
    if identity.new_visitor && identity.cart_id.is_none() {
        return Ok((None, 0));
    }
    // A customer's cart counts only in a browser signed in as that customer.
    let (store_num, cart_qty): (Option<i32>, Option<i32>) = sqlx::query_as(&format!(
        "SELECT (SELECT store_num FROM visitors WHERE visitor_id = $1), \
                (SELECT item_count FROM carts WHERE cart_id = $2 AND {})",
        kernel::session::cart_usable_sql("$2", "$3")
    ))
    .bind(&identity.visitor_id)
    .bind(identity.cart_id.as_deref())
    .bind(
        identity
            .session_id
            .as_deref()
            .map(kernel::session::session_key),
    )
    .fetch_one(pool)
    .await?;
    let store = match store_num {
        None => None,
        Some(store_num) => {
            stores
                .with_store(pool, store_num, |s| {
                    (
                        s.title.clone(),
                        LocalStoreJson {
                            store_num,
                            city: s.city.clone(),
                            city_alias: s.city_alias.clone(),
                            state: s.state.clone(),
                            url_alias: s.url_alias.clone(),
                        },
                    )
                })
                .await?
        }
    };
    Ok((store, cart_qty.unwrap_or(0)))
}

#[utoipa::path(get, path = "/globalresource/header/", tag = "shell",
    summary = "Header data (spec 3) with site messages",
    params(("deptMenu" = Option<String>, Query,
        description = "`omit`: leave `deptMenu` out (the SPA keeps the menu of `deptMenuVersion` from `/globalresource/dept-menu/`); any other value keeps it.")),
    responses((status = 200, description = "OK", body = HeaderAnswer)))]
async fn header(
    State(state): State<QueryState>,
    identity: Identity,
    headers: HeaderMap,
    params: crate::params::Params,
) -> Result<Response, ApiError> {
    let mobile = headers
        .get(axum::http::header::USER_AGENT)
        .and_then(|v| v.to_str().ok())
        .is_some_and(is_mobile_agent);
    let omit_menu = params.text("deptMenu") == Some("omit");
    let parts = HeaderParts {
        pool: &state.pool,
        cache: &state.header,
        stores: &state.stores,
    };
    with_header(parts, &identity, mobile, omit_menu, |answer| {
        Json(answer).into_response()
    })
    .await
}

/// What the header is built from: the read models, the shared parts' cache and the stores.
#[derive(Clone, Copy)]
pub struct HeaderParts<'a> {
    pub pool: &'a PgPool,
    pub cache: &'a HeaderCache,
    pub stores: &'a StoreDirectory,
}

/// The header data of `identity` without the department menu (the client keeps the menu of
/// `deptMenuVersion`), for the browser of `user_agent`: what the account calls that change who
/// the visitor is answer as `headerJson` (the write side asks for it through its header port).
pub async fn header_json(
    parts: HeaderParts<'_>,
    identity: &Identity,
    user_agent: &str,
) -> Result<serde_json::Value, ApiError> {
    let mobile = is_mobile_agent(user_agent);
    with_header(parts, identity, mobile, true, |answer| {
        serde_json::to_value(answer)
    })
    .await?
    .map_err(ApiError::internal)
}

/// Builds `identity`'s header data and hands it to `answer`.
async fn with_header<R>(
    parts: HeaderParts<'_>,
    identity: &Identity,
    mobile: bool,
    omit_menu: bool,
    answer: impl FnOnce(&HeaderAnswer) -> R,
) -> Result<R, ApiError> {
    let (shared, visitor, customer) = tokio::try_join!(
        async { parts.cache.get(parts.pool).await.map_err(ApiError::from) },
        async {
            visitor_part(parts.pool, parts.stores, identity)
                .await
                .map_err(ApiError::from)
        },
        customer_part(parts.pool, identity)
    )?;
    let (store, cart_qty) = visitor;
    let (local_store_name, local_store_json) = store.unzip();
    let now = Utc::now();
    Ok(answer(&HeaderAnswer {
        logged_in: customer.is_some(),
        greeting: customer.as_ref().map(|c| greeting(&c.first_name)),
        customer,
        local_store_name,
        local_store_json,
        dept_menu: (!omit_menu).then_some(&*shared.dept_menu),
        dept_menu_version: &shared.dept_menu_version,
        header_links: &shared.header_links,
        cart_summary_json: CartSummaryJson { cart_qty },
        items_in_cart_count: cart_qty,
        // A countdown 'before' its end stays a day after it, then leaves.
        site_messages: shared
            .messages
            .iter()
            .filter(|m| {
                !(m.countdown == "before"
                    && m.end_date_time
                        .is_some_and(|end| end < now - chrono::Duration::days(1)))
            })
            .collect(),
        server_time: now,
        is_mobile_device: mobile,
        asset_cdn_base_url: "",
    }))
}

/// `GET /globalresource/dept-menu/?v=VERSION`: the department menu alone. Asked for by the
/// version the header names, it is immutable (browsers keep it for a year); asked for by an
/// older version, it redirects to the current one.
#[utoipa::path(get, path = "/globalresource/dept-menu/", tag = "shell",
    summary = "The department menu alone, by version (immutable)",
    description = "Asked for with the `deptMenuVersion` the header names: the menu (as the header's `deptMenu`), cacheable for a year. Any other version redirects (302) to the current one.",
    params(("v" = Option<String>, Query)),
    responses(
        (status = 200, description = "The menu", body = Vec<crate::catalog::MenuItem>),
        (status = 302, description = "Another version: the current one is at `Location`.",
            headers(("Location" = String))),
    ))]
async fn dept_menu(
    State(state): State<QueryState>,
    params: crate::params::Params,
) -> Result<Response, ApiError> {
    let shared = state.header.get(&state.pool).await?;
    let current = format!("/globalresource/dept-menu/?v={}", shared.dept_menu_version);
    match params.text("v") {
        Some(v) if v == shared.dept_menu_version => Ok((
            [
                (
                    axum::http::header::CACHE_CONTROL,
                    "public, max-age=31536000, immutable",
                ),
                (axum::http::header::CONTENT_TYPE, "application/json"),
            ],
            shared.dept_menu.get().to_string(),
        )
            .into_response()),
        _ => Ok((
            StatusCode::FOUND,
            [
                (axum::http::header::LOCATION, current.as_str()),
                (axum::http::header::CACHE_CONTROL, "no-cache"),
            ],
        )
            .into_response()),
    }
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MegaMenuAd {
    pub ad_id: String,
    pub desktop_image: String,
    pub mobile_image: String,
    pub cta_link: String,
    pub banner_image_accessible_text: String,
    pub cta_accessible_text: String,
}

/// The one ad of `table` (`mega_menu_ad` or `sponsored_ad`), or 204 when none is set.
async fn ad(pool: &PgPool, table: &'static str) -> Result<Response, ApiError> {
    let row = sqlx::query(&format!(
        "SELECT ad_id, desktop_image, mobile_image, cta_link, banner_image_accessible_text, cta_accessible_text \
         FROM {table}"
    ))
    .fetch_optional(pool)
    .await?;
    Ok(match row {
        Some(r) => Json(MegaMenuAd {
            ad_id: r.get("ad_id"),
            desktop_image: r.get("desktop_image"),
            mobile_image: r.get("mobile_image"),
            cta_link: r.get("cta_link"),
            banner_image_accessible_text: r.get("banner_image_accessible_text"),
            cta_accessible_text: r.get("cta_accessible_text"),
        })
        .into_response(),
        None => StatusCode::NO_CONTENT.into_response(),
    })
}

/// The mega-menu ad.
#[utoipa::path(get, path = "/globalresource/category-flyout/", tag = "shell",
    summary = "The mega-menu ad",
    responses(
        (status = 200, description = "OK", body = MegaMenuAd),
        (status = 204, description = "No ad set"),
    ))]
async fn flyout(State(state): State<QueryState>) -> Result<Response, ApiError> {
    ad(&state.pool, "mega_menu_ad").await
}

/// The site-messages banner's sponsored ad (site content).
#[utoipa::path(get, path = "/globalresource/sponsored-ad/", tag = "shell",
    summary = "The site-messages banner's sponsored ad (site content)",
    description = "Fetched once per page load; same fields as the mega-menu ad.",
    responses(
        (status = 200, description = "OK", body = MegaMenuAd),
        (status = 204, description = "No ad set"),
    ))]
async fn sponsored_ad(State(state): State<QueryState>) -> Result<Response, ApiError> {
    ad(&state.pool, "sponsored_ad").await
}

/// This module's operations in the OpenAPI document (merged by the crate's `openapi()`).
#[derive(utoipa::OpenApi)]
#[openapi(paths(header, dept_menu, flyout, sponsored_ad))]
pub(crate) struct Api;
