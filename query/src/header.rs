//! The shell's data: GET /globalresource/header/ (spec 3's Header data, site messages with
//! countdown data) and GET /globalresource/category-flyout/ (the mega-menu ad).

use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use chrono::{DateTime, Utc};
use command::http::ApiError;
use command::identity::Identity;
use serde::Serialize;
use sqlx::{PgPool, Row};

use crate::catalog::{department_tree, MenuItem};
use crate::QueryState;

/// The fixed header link the spec adds to the data's links.
pub const REGISTRIES_LINK: (&str, &str) = ("Registries & Lists", "/gift-registry/");

pub fn router(state: QueryState) -> Router {
    Router::new()
        .route("/globalresource/header/", get(header))
        .route("/globalresource/category-flyout/", get(flyout))
        .route("/globalresource/sponsored-ad/", get(sponsored_ad))
        .with_state(state)
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct HeaderLink {
    pub text: String,
    pub link: String,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct LocalStoreJson {
    pub store_num: i32,
    pub city: String,
    pub city_alias: String,
    pub state: String,
    pub url_alias: String,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CustomerJson {
    pub first_name: String,
    pub customer_has_registries: bool,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CartSummaryJson {
    pub cart_qty: i32,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SiteMessage {
    pub id: String,
    pub text: String,
    pub link: Option<String>,
    pub icon: Option<String>,
    /// none, after or before.
    pub countdown: String,
    pub end_date_time: Option<DateTime<Utc>>,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct HeaderData {
    pub logged_in: bool,
    pub greeting: Option<String>,
    pub customer: Option<CustomerJson>,
    pub local_store_name: Option<String>,
    pub local_store_json: Option<LocalStoreJson>,
    pub dept_menu: Vec<MenuItem>,
    pub header_links: Vec<HeaderLink>,
    pub cart_summary_json: CartSummaryJson,
    pub items_in_cart_count: i32,
    pub site_messages: Vec<SiteMessage>,
    /// The server's clock, so countdowns do not depend on the visitor's clock.
    pub server_time: DateTime<Utc>,
    /// Footer data (spec 3): the request came from a phone or tablet (by its user agent).
    pub is_mobile_device: bool,
    /// Footer data: where static assets are served from; empty: this origin (the store
    /// serves its own assets under /assets and /images).
    pub asset_cdn_base_url: &'static str,
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

pub async fn header_data(
    pool: &PgPool,
    identity: &Identity,
    now: DateTime<Utc>,
    mobile: bool,
) -> Result<HeaderData, sqlx::Error> {
    let store = sqlx::query(concat!(
        "SELECT s.store_num, s.city, s.city_alias, s.state, s.url_alias, ",
        crate::store_title_sql!(),
        " AS title FROM visitors v JOIN stores s USING (store_num) WHERE v.visitor_id = $1"
    ))
    .bind(&identity.visitor_id)
    .fetch_optional(pool)
    .await?
    .map(|r| {
        (
            r.get::<String, _>("title"),
            LocalStoreJson {
                store_num: r.get("store_num"),
                city: r.get("city"),
                city_alias: r.get("city_alias"),
                state: r.get("state"),
                url_alias: r.get("url_alias"),
            },
        )
    });
    let (local_store_name, store) = store.unzip();
    let cart_qty: i32 = match &identity.cart_id {
        Some(cart) => sqlx::query_scalar("SELECT item_count FROM carts WHERE cart_id = $1")
            .bind(cart)
            .fetch_optional(pool)
            .await?
            .unwrap_or(0),
        None => 0,
    };
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
    let site_messages = sqlx::query(
        "SELECT id, text, link, icon, countdown, end_date_time FROM site_messages WHERE active \
         AND NOT (countdown = 'Before' AND end_date_time < $1 - interval '1 day') ORDER BY sort_order, id",
    )
    .bind(now)
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
    Ok(HeaderData {
        logged_in: false,
        greeting: None,
        customer: None,
        local_store_name,
        local_store_json: store,
        dept_menu: department_tree(pool).await?,
        header_links,
        cart_summary_json: CartSummaryJson { cart_qty },
        items_in_cart_count: cart_qty,
        site_messages,
        server_time: now,
        is_mobile_device: mobile,
        asset_cdn_base_url: "",
    })
}

async fn header(
    State(state): State<QueryState>,
    identity: Identity,
    headers: HeaderMap,
) -> Result<Json<HeaderData>, ApiError> {
    let mobile = headers
        .get(axum::http::header::USER_AGENT)
        .and_then(|v| v.to_str().ok())
        .is_some_and(is_mobile_agent);
    Ok(Json(
        header_data(&state.pool, &identity, Utc::now(), mobile).await?,
    ))
}

#[derive(Debug, Serialize)]
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
async fn flyout(State(state): State<QueryState>) -> Result<Response, ApiError> {
    ad(&state.pool, "mega_menu_ad").await
}

/// The site-messages banner's sponsored ad (site content).
async fn sponsored_ad(State(state): State<QueryState>) -> Result<Response, ApiError> {
    ad(&state.pool, "sponsored_ad").await
}
