//! Recommendation widgets (spec 3 "Recommendations", spec 7's recommender calls).
//!
//! * `POST /api/recommendation/` (optional `?hawkb=`, the A/B ranking bucket): the widgets the
//!   page asks for, each answered with its products (JSON, for the SPA to render) and the same
//!   products as an HTML fragment rendered here from escaped text.
//! * `GET /api/v3/RecommendationModel/getruleexplain?widgetGuid=&bu=&cg=` (staff only): the
//!   model and rule behind a widget, for the preview mode.
//!
//! Three widgets exist, with fixed GUIDs: [`SIMILAR_ITEMS_WIDGET`] (the search index's
//! more-like-this on the context product), [`POPULAR_IN_DEPARTMENT_WIDGET`] (the context
//! product's department, ranked by tracked popularity, then a stock proxy; see
//! [`popular_in_department`]) and [`ALSO_VIEWED_WIDGET`] (customers also viewed: the analytics
//! co-views). The context product is the widget's `uniqueId` (a product
//! number), else the request's `contextProperties.uniqueId` or `.itemId` (keys compared without
//! regard to case). An unknown `widgetGuid` is skipped (no item); a known widget whose context
//! product is missing or unknown answers an item with no products and empty `html`.
//!
//! The ids the client sends (`visitId`, `visitorId`, `clientGuid`) and `enablePreview` decide
//! nothing: they are checked for size only. `customProperties` likewise.

use std::collections::{BTreeMap, HashMap};

use axum::extract::State;
use axum::http::{header, HeaderValue};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Extension, Json, Router};
use kernel::http::{ApiError, ApiJson};
use kernel::idempotency::SafeRead;
use kernel::staff::{Merchandiser, Staff};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::catalog::products::{products_by_number, ProductSummary};
use crate::html::escape_html;
use crate::html::product_items;
use crate::params::Params;
use crate::QueryState;

/// The "similar items" widget: more-like-this on the context product.
pub const SIMILAR_ITEMS_WIDGET: &str = "7edca4d6-da59-40f7-9501-2e69e792497a";
/// The "popular in department" widget: the context product's department by tracked
/// popularity, then a stock proxy.
pub const POPULAR_IN_DEPARTMENT_WIDGET: &str = "694d840b-3307-45bd-abf4-0f1a099edccf";
/// The "customers also viewed" widget: products viewed in the same visits as the context
/// product (analytics co-views).
pub const ALSO_VIEWED_WIDGET: &str = "3c1f7f0e-2b8e-4d52-9a51-6f0b8f7a2c11";
/// Model of the co-view widget.
pub const COVIEW_MODEL: &str = "b0b7c8a4-5e1d-4f7a-8c2e-9d3a6e4f1b22";
/// Days of tracked views, adds and sales that rank "popular in department".
pub use crate::search::popularity::POPULARITY_DAYS;
/// The model (strategy) behind [`SIMILAR_ITEMS_WIDGET`].
pub const MORE_LIKE_THIS_MODEL: &str = "9dbb8a3b-352b-4394-b1c9-1195200584fa";
/// The model (strategy) behind [`POPULAR_IN_DEPARTMENT_WIDGET`].
pub const DEPARTMENT_STOCK_MODEL: &str = "479c99b0-50fc-4481-b72f-149d04d91b4b";

/// Widgets one request may ask for.
pub const MAX_WIDGETS: usize = 10;
/// Characters of an id (visitId, visitorId, clientGuid, widgetGuid, uniqueId, hawkb, cg).
pub const MAX_ID_CHARS: usize = 100;
/// Entries of `contextProperties` and of `customProperties`.
pub const MAX_PROPERTIES: usize = 20;
/// Characters of a property name.
pub const MAX_PROPERTY_NAME_CHARS: usize = 100;
/// Characters of a property's text value.
pub const MAX_PROPERTY_VALUE_CHARS: usize = 500;
/// Characters of `bu` (a base URL).
pub const MAX_URL_CHARS: usize = 2048;
/// Products a widget answers.
pub const WIDGET_PRODUCTS: usize = 12;
/// Products of the department the popularity proxy ranks (in product-number order): the
/// bound on one widget's work.
pub const POPULAR_CANDIDATES: i64 = 500;
/// `contextProperties` keys that name the context product (compared without regard to case).
pub const CONTEXT_KEYS: &[&str] = &["uniqueId", "itemId"];

pub const TOO_MANY_WIDGETS: &str = "You can ask for up to 10 widgets.";
pub const JSONP_REFUSED: &str = "JSONP is not served: call this with a bearer token and read JSON.";

/// Rule explain under `/api/staff/…` (behind the staff layer).
pub fn staff_router(state: QueryState) -> Router {
    Router::new()
        .route(
            "/api/staff/recommendation/getruleexplain",
            get(staff_rule_explain),
        )
        .with_state(state)
}

pub fn router(state: QueryState) -> Router {
    Router::new()
        .route("/api/recommendation/", post(recommend))
        .route(
            "/api/v3/RecommendationModel/getruleexplain",
            get(rule_explain),
        )
        .with_state(state)
}

// ---------------------------------------------------------------------------------------------
// Request and response

/// A widget asked for.
#[derive(Debug, Clone, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = RecommendationWidgetUid)]
pub struct WidgetUid {
    #[schema(max_length = 100)]
    pub widget_guid: String,
    /// The context product's number.
    #[serde(default)]
    #[schema(max_length = 100)]
    pub unique_id: Option<String>,
}

/// The spec's recommendation request.
#[derive(Debug, Clone, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RecommendationRequest {
    /// Not trusted: checked for size only.
    #[serde(default)]
    #[schema(max_length = 100)]
    pub visit_id: Option<String>,
    /// Not trusted: checked for size only.
    #[serde(default)]
    #[schema(max_length = 100)]
    pub visitor_id: Option<String>,
    /// Checked for size only.
    #[serde(default)]
    #[schema(max_length = 100)]
    pub client_guid: Option<String>,
    /// Preview explanations come from the staff call `getruleexplain`, never from this flag.
    #[serde(default)]
    pub enable_preview: Option<bool>,
    #[schema(max_items = 10)]
    pub widget_uids: Vec<WidgetUid>,
    /// Text, number, boolean or null values; `uniqueId` or `itemId` names the context product
    /// when a widget has no uniqueId.
    #[serde(default)]
    #[schema(schema_with = context_properties_schema)]
    pub context_properties: Option<BTreeMap<String, Value>>,
    /// Accepted, unused.
    #[serde(default)]
    #[schema(schema_with = custom_properties_schema)]
    pub custom_properties: Option<BTreeMap<String, Value>>,
}

fn context_properties_schema() -> utoipa::openapi::Object {
    properties_schema(
        "Text, number, boolean or null values; `uniqueId` or `itemId` names the context product \
         when a widget has no uniqueId.",
    )
}

fn custom_properties_schema() -> utoipa::openapi::Object {
    properties_schema("Accepted, unused.")
}

/// The schema of `contextProperties` and `customProperties`: null or up to
/// [`MAX_PROPERTIES`] names of up to [`MAX_PROPERTY_NAME_CHARS`] characters, each with a
/// scalar value (text up to [`MAX_PROPERTY_VALUE_CHARS`] characters).
fn properties_schema(description: &str) -> utoipa::openapi::Object {
    use utoipa::openapi::schema::{ObjectBuilder, SchemaType, Type};
    let value = ObjectBuilder::new()
        .schema_type(SchemaType::from_iter([
            Type::String,
            Type::Number,
            Type::Boolean,
            Type::Null,
        ]))
        .max_length(Some(MAX_PROPERTY_VALUE_CHARS));
    ObjectBuilder::new()
        .schema_type(SchemaType::from_iter([Type::Object, Type::Null]))
        .max_properties(Some(MAX_PROPERTIES))
        .property_names(Some(
            ObjectBuilder::new()
                .schema_type(Type::String)
                .max_length(Some(MAX_PROPERTY_NAME_CHARS)),
        ))
        .additional_properties(Some(value))
        .description(Some(description))
        .build()
}

/// One breakpoint of the responsive carousel: below `breakpoint` pixels of width, show
/// `nofVisible` and scroll by `scrollNumber`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ResponsiveBreakpoint {
    pub breakpoint: u32,
    pub nof_visible: u32,
    pub scroll_number: u32,
}

/// The spec's carousel settings (`responseiveConfig` is the spec's spelling).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CarouselData {
    pub show_next_prev_buttons: bool,
    pub show_dots: bool,
    pub auto_rotate: bool,
    /// Milliseconds between rotations.
    pub auto_rotate_speed: u32,
    /// Milliseconds a slide takes.
    pub animation_speed: u32,
    pub nof_visible: u32,
    pub scroll_number: u32,
    pub is_circular: bool,
    pub enable_responsive: bool,
    #[serde(rename = "responseiveConfig")]
    pub responseive_config: Vec<ResponsiveBreakpoint>,
}

/// The carousel both widgets use: 4 across on wide screens, 2 on tablets, 1 on phones; no
/// auto-rotation (moving content is an accessibility hazard).
pub fn carousel() -> CarouselData {
    CarouselData {
        show_next_prev_buttons: true,
        show_dots: false,
        auto_rotate: false,
        auto_rotate_speed: 5000,
        animation_speed: 400,
        nof_visible: 4,
        scroll_number: 4,
        is_circular: false,
        enable_responsive: true,
        responseive_config: vec![
            ResponsiveBreakpoint {
                breakpoint: 1024,
                nof_visible: 3,
                scroll_number: 3,
            },
            ResponsiveBreakpoint {
                breakpoint: 768,
                nof_visible: 2,
                scroll_number: 2,
            },
            ResponsiveBreakpoint {
                breakpoint: 480,
                nof_visible: 1,
                scroll_number: 1,
            },
        ],
    }
}

/// A widget answered.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = RecommendationWidget)]
pub struct WidgetItem {
    /// As the request spelled it.
    pub widget_guid: String,
    /// The widget's heading ("Similar Items", "Popular in Fencing").
    pub title: String,
    /// The products as an HTML fragment of escaped text; empty without products.
    pub html: String,
    pub is_vertical: bool,
    pub is_carousel: bool,
    pub carousel_data: CarouselData,
    #[schema(max_items = 12)]
    pub products: Vec<ProductSummary>,
}

/// The widgets answered.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RecommendationResponse {
    #[schema(schema_with = crate::search::reindex::always_true)]
    pub is_success: bool,
    /// Fresh for every answer.
    #[schema(format = "uuid")]
    pub request_id: String,
    /// One per known widget asked for, in the request's order.
    pub items: Vec<WidgetItem>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Widget {
    SimilarItems,
    PopularInDepartment,
    AlsoViewed,
}

impl Widget {
    pub fn parse(guid: &str) -> Option<Widget> {
        let guid = guid.trim();
        if guid.eq_ignore_ascii_case(SIMILAR_ITEMS_WIDGET) {
            Some(Widget::SimilarItems)
        } else if guid.eq_ignore_ascii_case(POPULAR_IN_DEPARTMENT_WIDGET) {
            Some(Widget::PopularInDepartment)
        } else if guid.eq_ignore_ascii_case(ALSO_VIEWED_WIDGET) {
            Some(Widget::AlsoViewed)
        } else {
            None
        }
    }

    pub fn guid(self) -> &'static str {
        match self {
            Widget::SimilarItems => SIMILAR_ITEMS_WIDGET,
            Widget::PopularInDepartment => POPULAR_IN_DEPARTMENT_WIDGET,
            Widget::AlsoViewed => ALSO_VIEWED_WIDGET,
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Validation

fn too_long(field: &str, max: usize) -> ApiError {
    ApiError::bad_request(
        "TextTooLong",
        format!("The {field} is too long (at most {max} characters)."),
    )
}

fn check_len(field: &str, text: Option<&str>, max: usize) -> Result<(), ApiError> {
    match text {
        Some(t) if t.chars().count() > max => Err(too_long(field, max)),
        _ => Ok(()),
    }
}

/// Scalar values only (text, number, boolean, null), bounded in count and size.
#[allow(clippy::result_large_err)] // the rejection is the response itself
fn check_properties(field: &str, props: Option<&BTreeMap<String, Value>>) -> Result<(), Response> {
    let Some(props) = props else { return Ok(()) };
    if props.len() > MAX_PROPERTIES {
        return Err(ApiError::bad_request(
            "TooManyProperties",
            format!("The {field} may hold up to {MAX_PROPERTIES} entries."),
        )
        .into_response());
    }
    for (name, value) in props {
        check_len(
            &format!("{field} name"),
            Some(name),
            MAX_PROPERTY_NAME_CHARS,
        )
        .map_err(IntoResponse::into_response)?;
        match value {
            Value::String(s) => check_len(
                &format!("{field} value"),
                Some(s),
                MAX_PROPERTY_VALUE_CHARS,
            )
            .map_err(IntoResponse::into_response)?,
            Value::Null | Value::Bool(_) | Value::Number(_) => {}
            Value::Array(_) | Value::Object(_) => {
                return Err(kernel::http::ApiError::refused(
                    axum::http::StatusCode::UNPROCESSABLE_ENTITY,
                    "InvalidInput",
                    format!(
                        "The request is not valid: {field} values must be text, numbers, booleans or null."
                    ),
                ).into_response())
            }
        }
    }
    Ok(())
}

#[allow(clippy::result_large_err)] // the rejection is the response itself
fn validate(request: &RecommendationRequest) -> Result<(), Response> {
    let ids = [
        ("visitId", request.visit_id.as_deref()),
        ("visitorId", request.visitor_id.as_deref()),
        ("clientGuid", request.client_guid.as_deref()),
    ];
    for (field, text) in ids {
        check_len(field, text, MAX_ID_CHARS).map_err(IntoResponse::into_response)?;
    }
    if request.widget_uids.len() > MAX_WIDGETS {
        return Err(ApiError::bad_request("TooManyWidgets", TOO_MANY_WIDGETS).into_response());
    }
    for w in &request.widget_uids {
        check_len("widgetGuid", Some(&w.widget_guid), MAX_ID_CHARS)
            .map_err(IntoResponse::into_response)?;
        check_len("uniqueId", w.unique_id.as_deref(), MAX_ID_CHARS)
            .map_err(IntoResponse::into_response)?;
    }
    check_properties("contextProperties", request.context_properties.as_ref())?;
    check_properties("customProperties", request.custom_properties.as_ref())?;
    Ok(())
}

/// The context product of the page: `contextProperties.uniqueId`, else `.itemId` (keys
/// without regard to case; text or a number).
pub fn context_product(props: Option<&BTreeMap<String, Value>>) -> Option<String> {
    let props = props?;
    CONTEXT_KEYS.iter().find_map(|key| {
        props
            .iter()
            .filter(|(name, _)| name.eq_ignore_ascii_case(key))
            .find_map(|(_, value)| match value {
                Value::String(s) => Some(s.trim().to_string()).filter(|s| !s.is_empty()),
                Value::Number(n) => Some(n.to_string()),
                _ => None,
            })
    })
}

// ---------------------------------------------------------------------------------------------
// Strategies

/// Products like `blain_number` (the index's more-like-this), best first; nothing for an
/// unknown or discontinued product.
pub async fn similar_items(
    state: &QueryState,
    blain_number: &str,
) -> Result<Vec<ProductSummary>, ApiError> {
    let docs =
        search_indexer::document::load_products(&state.pool, &[blain_number.to_string()]).await?;
    let Some(doc) = docs.into_iter().next() else {
        return Ok(vec![]);
    };
    let engine = state.search.clone();
    let ids = tokio::task::spawn_blocking(move || engine.more_like_this(&doc, WIDGET_PRODUCTS))
        .await
        .map_err(ApiError::internal)?
        .map_err(ApiError::internal)?;
    Ok(products_by_number(&state.pool, &ids).await?)
}

/// Products viewed in the same visits as `blain_number` (the analytics co-views), most shared
/// visits first; sellable products only, never the product itself.
pub async fn also_viewed(
    state: &QueryState,
    blain_number: &str,
) -> Result<Vec<ProductSummary>, ApiError> {
    let ids: Vec<String> = sqlx::query_scalar(
        "SELECT c.other_id FROM analytics_coviews c          JOIN products p ON p.blain_number = c.other_id AND NOT p.discontinued          WHERE c.item_id = $1 AND c.other_id <> $1          ORDER BY c.visits DESC, c.other_id LIMIT $2",
    )
    .bind(blain_number)
    .bind(WIDGET_PRODUCTS as i64)
    .fetch_all(&state.pool)
    .await?;
    Ok(products_by_number(&state.pool, &ids).await?)
}

/// Popular in the context product's department (its own department, not the parents).
/// Candidates are the department's first [`POPULAR_CANDIDATES`] sellable products in
/// product-number order, without the product itself; they rank by tracked popularity over
/// [`POPULARITY_DAYS`] days (distinct visitors a day: 1 viewed, 3 added to a cart, 5 bought;
/// counted events only, not for a product a merchandiser blocked), then by the number of
/// stores holding them in stock, then the units the web warehouse holds, then product number.
/// Answers the department's name and the products.
pub async fn popular_in_department(
    state: &QueryState,
    blain_number: &str,
) -> Result<(String, Vec<ProductSummary>), ApiError> {
    let context = products_by_number(&state.pool, &[blain_number.to_string()]).await?;
    let Some(context) = context.into_iter().next() else {
        return Ok((String::new(), vec![]));
    };
    let ids: Vec<String> = sqlx::query_scalar(
        "WITH candidates AS ( \
            SELECT p.blain_number, coalesce(e.ecom_on_hand, 0) AS ecom \
            FROM products p LEFT JOIN ecom_inventory e ON e.blain_number = p.blain_number \
            WHERE p.department_id = $1 AND p.blain_number <> $2 AND NOT p.discontinued \
            ORDER BY p.blain_number LIMIT $3) \
         SELECT c.blain_number FROM candidates c \
         ORDER BY (SELECT CASE WHEN sum(a.visitors) >= $6 THEN sum(a.score) ELSE 0 END FROM analytics_item_daily a \
                   WHERE a.item_id = c.blain_number AND a.day > current_date - $5::int \
                     AND a.item_id NOT IN (SELECT value FROM popular_blocks WHERE list = 'products')) DESC, \
                  (SELECT count(*) FROM store_inventory i \
                   WHERE i.blain_number = c.blain_number AND i.is_stocked AND i.store_on_hand > 0) DESC, \
                  c.ecom DESC, c.blain_number \
         LIMIT $4",
    )
    .bind(context.department_id)
    .bind(&context.blain_number)
    .bind(POPULAR_CANDIDATES)
    .bind(WIDGET_PRODUCTS as i64)
    .bind(POPULARITY_DAYS)
    .bind(crate::search::popularity::POPULAR_MIN_VISITORS)
    .fetch_all(&state.pool)
    .await?;
    let department = context.department_path.last().cloned().unwrap_or_default();
    Ok((department, products_by_number(&state.pool, &ids).await?))
}

// ---------------------------------------------------------------------------------------------
// Rendering

/// The widget as HTML: every piece of text escaped, the widget named by its own GUID (never
/// the client's text).
pub fn render(widget: Widget, title: &str, products: &[ProductSummary]) -> String {
    if products.is_empty() {
        return String::new();
    }
    let mut html = format!(
        "<section class=\"rec-widget\" data-widget-guid=\"{}\"><h2 class=\"rec-widget__title\">{}</h2><ul class=\"rec-widget__items\">",
        widget.guid(),
        escape_html(title)
    );
    html.push_str(&product_items("rec-widget", products));
    html.push_str("</ul></section>");
    html
}

// ---------------------------------------------------------------------------------------------
// Handlers

#[utoipa::path(
    post,
    path = "/api/recommendation/",
    tag = "search",
    summary = "Recommendation widgets: each widget asked for, with its products (JSON) and the same products as escaped HTML",
    description = "Three widgets exist, with fixed GUIDs: `7edca4d6-da59-40f7-9501-2e69e792497a` (similar items: the search index's more-like-this on the context product), `694d840b-3307-45bd-abf4-0f1a099edccf` (popular in the context product's department, ranked by tracked popularity — views + 3 × adds + 5 × sales over 30 days — then the number of stores holding an item in stock, then web warehouse units, then product number, over the department's first 500 products by number) and `3c1f7f0e-2b8e-4d52-9a51-6f0b8f7a2c11` (customers also viewed: products viewed in the same visits, from the analytics co-views). GUIDs match without regard to case. The context product is the widget's `uniqueId` (a product number), else `contextProperties.uniqueId`, else `contextProperties.itemId` (keys without regard to case). An unknown `widgetGuid` gets no item; a known widget without a (known) context product gets an item with no products and empty `html`. `visitId`, `visitorId`, `clientGuid`, `enablePreview` and `customProperties` decide nothing (they are checked for size only). A read: safe to repeat; an Idempotency-Key replays the first answer (same `requestId`).",
    params(
        ("hawkb" = Option<String>, Query, max_length = 100,
            description = "The A/B ranking bucket (accepted; one ranking serves every bucket for now)"),
    ),
    request_body(content = RecommendationRequest, example = json!({"visitId": "0b0c3a4e-6a43-4bd7-8a3e-6a3f3f5f8f11", "visitorId": "5b7f0c1e-1f6e-4d59-9d5e-0e4d1d2b7c22", "clientGuid": "c0ffee00-0000-4000-8000-000000000001", "enablePreview": false, "widgetUids": [{"widgetGuid": "7edca4d6-da59-40f7-9501-2e69e792497a", "uniqueId": "800006"}, {"widgetGuid": "694d840b-3307-45bd-abf4-0f1a099edccf", "uniqueId": "800006"}], "contextProperties": {"uniqueId": "800006"}, "customProperties": {}})),
    responses(
        (status = 200, description = "OK", body = RecommendationResponse),
        (status = 400, description = "Bad request: `MalformedJson`, `InvalidText`, `InvalidIdempotencyKey`, `InvalidQuery`; `TooManyWidgets` ('You can ask for up to 10 widgets.'); `TextTooLong` (an id, `hawkb`, `widgetGuid` or `uniqueId` over 100 characters, a property name over 100 or a property text over 500); `TooManyProperties` (over 20 entries in `contextProperties` or `customProperties`).", body = kernel::http::ErrorBody),
    )
)]
async fn recommend(
    State(state): State<QueryState>,
    params: Params,
    ApiJson(request): ApiJson<RecommendationRequest>,
) -> Response {
    // The A/B bucket: accepted (bounded); one ranking serves every bucket for now.
    if let Err(e) = check_len(
        "hawkb",
        params.0.get("hawkb").map(String::as_str),
        MAX_ID_CHARS,
    ) {
        return e.into_response();
    }
    if let Err(refused) = validate(&request) {
        return refused;
    }
    // A read: a repeat with the same Idempotency-Key reads again, nothing is stored (ten
    // widgets answer some 120 KB).
    match answer(&state, &request).await {
        Ok(body) => (Extension(SafeRead), Json(body)).into_response(),
        Err(e) => e.into_response(),
    }
}

async fn answer(
    state: &QueryState,
    request: &RecommendationRequest,
) -> Result<RecommendationResponse, ApiError> {
    let page_product = context_product(request.context_properties.as_ref());
    // A widget asked twice for the same product is worked out once.
    let mut done: HashMap<(Widget, String), (String, Vec<ProductSummary>)> = HashMap::new();
    let mut items = Vec::with_capacity(request.widget_uids.len());
    for uid in &request.widget_uids {
        let Some(widget) = Widget::parse(&uid.widget_guid) else {
            continue;
        };
        let product = uid
            .unique_id
            .as_deref()
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(str::to_string)
            .or_else(|| page_product.clone());
        let (title, products) = match product {
            None => (default_title(widget, ""), vec![]),
            Some(product) => {
                let key = (widget, product);
                if let Some(found) = done.get(&key) {
                    found.clone()
                } else {
                    let found = match widget {
                        Widget::SimilarItems => (
                            default_title(widget, ""),
                            similar_items(state, &key.1).await?,
                        ),
                        Widget::PopularInDepartment => {
                            let (department, products) =
                                popular_in_department(state, &key.1).await?;
                            (default_title(widget, &department), products)
                        }
                        Widget::AlsoViewed => {
                            (default_title(widget, ""), also_viewed(state, &key.1).await?)
                        }
                    };
                    done.insert(key, found.clone());
                    found
                }
            }
        };
        items.push(WidgetItem {
            widget_guid: uid.widget_guid.clone(),
            html: render(widget, &title, &products),
            title,
            is_vertical: false,
            is_carousel: true,
            carousel_data: carousel(),
            products,
        });
    }
    Ok(RecommendationResponse {
        is_success: true,
        request_id: sqlx::types::Uuid::new_v4().to_string(),
        items,
    })
}

fn default_title(widget: Widget, department: &str) -> String {
    match widget {
        Widget::SimilarItems => "Similar Items".to_string(),
        Widget::PopularInDepartment if department.is_empty() => "Popular Items".to_string(),
        Widget::PopularInDepartment => format!("Popular in {department}"),
        Widget::AlsoViewed => "Customers Also Viewed".to_string(),
    }
}

/// One entry of `getruleexplain`, in the spec's spelling.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct RuleExplain {
    #[serde(rename = "ModelGuid")]
    pub model_guid: &'static str,
    #[serde(rename = "RuleString")]
    pub rule_string: String,
    #[serde(rename = "TriggerRuleString")]
    pub trigger_rule_string: String,
}

const TRIGGER: &str =
    "Context product: the widget's uniqueId, else contextProperties uniqueId or itemId";

/// The strategy and rule behind a widget (empty for an unknown widget).
pub fn explain(guid: &str) -> Vec<RuleExplain> {
    match Widget::parse(guid) {
        None => vec![],
        Some(Widget::SimilarItems) => vec![RuleExplain {
            model_guid: MORE_LIKE_THIS_MODEL,
            rule_string: format!(
                "Similar Items: more like this on the search index (name, brand, department names, attribute values of the context product); never the product itself; at most {WIDGET_PRODUCTS}"
            ),
            trigger_rule_string: TRIGGER.to_string(),
        }],
        Some(Widget::PopularInDepartment) => vec![RuleExplain {
            model_guid: DEPARTMENT_STOCK_MODEL,
            rule_string: format!(
                "Popular in Department: the context product's department, ranked by tracked popularity over {POPULARITY_DAYS} days (distinct visitors a day: 1 viewed, 3 added to a cart, 5 bought; counted events only, none a merchandiser blocked), then the number of stores holding the item in stock, then web warehouse units, then product number; the department's first {POPULAR_CANDIDATES} products by number are ranked; never the product itself; at most {WIDGET_PRODUCTS}"
            ),
            trigger_rule_string: TRIGGER.to_string(),
        }],
        Some(Widget::AlsoViewed) => vec![RuleExplain {
            model_guid: COVIEW_MODEL,
            rule_string: format!(
                "Customers Also Viewed: products viewed in the same visits as the context product (product view beacons), most shared visits first; sellable products only; never the product itself; at most {WIDGET_PRODUCTS}"
            ),
            trigger_rule_string: TRIGGER.to_string(),
        }],
    }
}

/// Staff only. JSONP is refused: a `callback` would hand staff data to any site that includes
/// the URL as a script.
#[utoipa::path(
    get,
    path = "/api/v3/RecommendationModel/getruleexplain",
    tag = "merchandising",
    summary = "The model and rule behind a recommendation widget, for the preview mode (merchandisers)",
    description = "Staff only, the merchandiser role: a staff session or `Authorization: Bearer` with a staff token (401 without valid staff credentials). The spec's call is jsonp; JSONP is not served here (staff data in a script any site can include would leak): a `callback` parameter is refused with 400 `JsonpNotSupported`. `bu` and `cg` (base URL and client id of the legacy multi-tenant service) are accepted and checked for size; this store is one tenant. An unknown or blank widget has no rules (`[]`).",
    params(
        ("widgetGuid" = String, Query, max_length = 100),
        ("bu" = Option<String>, Query, description = "Base URL (accepted, unused)", max_length = 2048),
        ("cg" = Option<String>, Query, description = "Client id (accepted, unused)", max_length = 100),
    ),
    responses(
        (status = 200, description = "OK (`Cache-Control: private, no-store`)", body = Vec<RuleExplain>),
        (status = 400, description = "`MissingParameter` (no widgetGuid), `TextTooLong`, `JsonpNotSupported` (a `callback` parameter), `InvalidQuery`, `InvalidText`.", body = kernel::http::ErrorBody),
    ),
    security(("StaffToken" = []))
)]
async fn rule_explain(staff: Result<Staff<Merchandiser>, Response>, params: Params) -> Response {
    if params.0.contains_key("callback") {
        return ApiError::bad_request("JsonpNotSupported", JSONP_REFUSED).into_response();
    }
    if let Err(refused) = staff {
        return refused;
    }
    // Required, but any text is a question: a blank or unknown widget has no rules.
    let Some(guid) = params.0.get("widgetGuid").cloned() else {
        return ApiError::bad_request("MissingParameter", "The widgetGuid parameter is required.")
            .into_response();
    };
    let checks = [
        ("widgetGuid", params.0.get("widgetGuid"), MAX_ID_CHARS),
        ("cg", params.0.get("cg"), MAX_ID_CHARS),
        ("bu", params.0.get("bu"), MAX_URL_CHARS),
    ];
    for (field, text, max) in checks {
        if let Err(e) = check_len(field, text.map(String::as_str), max) {
            return e.into_response();
        }
    }
    let mut response = Json(explain(&guid)).into_response();
    response.headers_mut().insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static("private, no-store"),
    );
    response
}

/// `GET /api/staff/recommendation/getruleexplain`: the same as the spec's path
/// ([`rule_explain`]).
#[utoipa::path(
    get,
    path = "/api/staff/recommendation/getruleexplain",
    tag = "merchandising",
    summary = "The model and rule behind a recommendation widget, for the preview mode (merchandisers)",
    description = "Staff only, the merchandiser role: the rules behind a widget, as `GET /api/v3/RecommendationModel/getruleexplain` (the spec's path, which stays). 401 without valid staff credentials, 403 with another role's. The spec's call is jsonp; JSONP is not served here (staff data in a script any site can include would leak): a `callback` parameter is refused with 400 `JsonpNotSupported`. `bu` and `cg` (base URL and client id of the legacy multi-tenant service) are accepted and checked for size; this store is one tenant. An unknown or blank widget has no rules (`[]`).",
    params(
        ("widgetGuid" = String, Query, max_length = 100),
        ("bu" = Option<String>, Query, description = "Base URL (accepted, unused)", max_length = 2048),
        ("cg" = Option<String>, Query, description = "Client id (accepted, unused)", max_length = 100),
    ),
    responses(
        (status = 200, description = "OK (`Cache-Control: private, no-store`)", body = Vec<RuleExplain>),
        (status = 400, description = "`MissingParameter` (no widgetGuid), `TextTooLong`, `JsonpNotSupported` (a `callback` parameter), `InvalidQuery`, `InvalidText`.", body = kernel::http::ErrorBody),
    )
)]
async fn staff_rule_explain(
    staff: Result<Staff<Merchandiser>, Response>,
    params: Params,
) -> Response {
    rule_explain(staff, params).await
}

/// This module's operations in the OpenAPI document (merged by the crate's `openapi()`).
#[derive(utoipa::OpenApi)]
#[openapi(paths(recommend, rule_explain, staff_rule_explain))]
pub(crate) struct Api;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn widgets_parse_without_regard_to_case_and_space() {
        assert_eq!(
            Widget::parse(&format!(" {} ", SIMILAR_ITEMS_WIDGET.to_uppercase())),
            Some(Widget::SimilarItems)
        );
        assert_eq!(
            Widget::parse(POPULAR_IN_DEPARTMENT_WIDGET),
            Some(Widget::PopularInDepartment)
        );
        assert_eq!(Widget::parse("nope"), None);
    }

    #[test]
    fn the_context_product_comes_from_unique_id_then_item_id() {
        let props = |v: Value| serde_json::from_value::<BTreeMap<String, Value>>(v).unwrap();
        assert_eq!(
            context_product(Some(&props(
                serde_json::json!({"ItemId": "2", "UNIQUEID": " 1 "})
            ))),
            Some("1".into())
        );
        assert_eq!(
            context_product(Some(&props(serde_json::json!({"itemId": 800007})))),
            Some("800007".into())
        );
        assert_eq!(
            context_product(Some(&props(
                serde_json::json!({"uniqueId": "  ", "page": "x"})
            ))),
            None
        );
        assert_eq!(context_product(None), None);
    }

    #[test]
    fn the_carousel_uses_the_spec_spelling() {
        let v = serde_json::to_value(carousel()).unwrap();
        for key in [
            "showNextPrevButtons",
            "showDots",
            "autoRotate",
            "autoRotateSpeed",
            "animationSpeed",
            "nofVisible",
            "scrollNumber",
            "isCircular",
            "enableResponsive",
            "responseiveConfig",
        ] {
            assert!(v.get(key).is_some(), "{key} in {v}");
        }
    }
}
