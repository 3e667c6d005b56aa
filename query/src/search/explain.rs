//! The search page's dialogs (spec 2.4: Compare Items, More Like This, Item details) and their
//! legacy calls (spec 7), under the search page's base `/s/a/` (the SPA's; see
//! `/s/a/compare` in docs/decisions.md).
//!
//! * `GET /api/search/explain?{the page's query string}&docid={blainNumber}` — item details:
//!   the product's searchable fields and which words of the keyword matched which of them;
//!   for staff (a merchandiser's bearer token, nothing else) also the score parts, the pin and
//!   the rules. A preview cookie gives nothing more.
//! * `GET /s/a/?{query}&ajax=1&json=1&docid={id}` — the same, as `{"html": …}`.
//! * `GET /s/a/?fn=compare&Items={ids}` — the compare table (the same as `/s/a/compare`).
//! * `GET /s/a/default.aspx?fn=ajax&f=MoreLikeThis&args={id}` — `{"Html": …}`, the similar
//!   items list; `…&F=GetItemImageToCompare&ItemId={id}` — `{"Image": url}`.
//!
//! Both legacy paths answer every one of these calls. HTML is rendered here from escaped text
//! only.

use std::collections::HashMap;

use axum::extract::State;
use axum::http::{header, HeaderMap, HeaderValue, Uri};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use kernel::http::ApiError;
use kernel::identity::Identity;
use kernel::staff::{Merchandiser, Role, Staff};
use search_indexer::document::ProductDoc;
use search_indexer::explain::{Explained, ScoreParts, NUMBER_FIELD};
use search_indexer::url::{self, Contract};
use serde::Serialize;
use serde_json::Value;

use crate::catalog::products::{products_by_number, ProductSummary, PRODUCT_NOT_FOUND};
use crate::html::escape_html;
use crate::html::product_items;
use crate::params::Params;
use crate::QueryState;

/// Longest description shown in item details.
pub const MAX_DESCRIPTION_CHARS: usize = 4000;
/// Deepest score explanation rendered as HTML.
const MAX_EXPLANATION_DEPTH: usize = 24;
pub const UNKNOWN_FN: &str = "Unknown fn: the search page's calls are fn=compare and fn=ajax.";
pub const UNKNOWN_F: &str =
    "Unknown f: the ajax calls here are MoreLikeThis, GetItemImageToCompare and GetAutoCompleteClick.";
pub const PINS_ARE_POSTS: &str = "Pins are changed by a merchandiser with POST /api/staff/merch/AddItemToTop, UnpinItem or UpdateItemPinOrder.";
pub const NO_CALL: &str =
    "Say what to show: docid (item details), fn=compare (with Items) or fn=ajax (with f).";

/// Item details with the score parts, pins and rules, under `/api/staff/…` (behind the staff
/// layer; merchandisers).
pub fn staff_router(state: QueryState) -> Router {
    Router::new()
        .route("/api/staff/search/explain", get(staff_explain_json))
        .with_state(state)
}

pub fn router(state: QueryState) -> Router {
    Router::new()
        .route("/api/search/explain", get(explain_json))
        .route("/s/a/", get(legacy))
        .route("/s/a/default.aspx", get(legacy_aspx))
        .with_state(state)
}

/// An attribute as the index searches it.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = ExplainAttribute)]
pub struct AttributeText {
    pub name: String,
    pub value: String,
}

/// What the index searches of the product.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SearchableFields {
    pub number: String,
    pub name: String,
    pub brand: String,
    /// Department names along its path.
    pub keywords: Vec<String>,
    pub attributes: Vec<AttributeText>,
    /// Cut at 4000 characters.
    pub description: String,
}

/// Item details: the product's searchable fields and why it matches the search or not.
/// `scores` and `board` only for a merchandiser's bearer token.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = ItemExplain)]
pub struct ExplainAnswer {
    pub docid: String,
    #[schema(required)]
    pub keyword: Option<String>,
    pub fields: SearchableFields,
    #[serde(flatten)]
    pub explained: Explained,
    /// Staff only: the merchandising board of this search (`kw:…` or `lp:…`).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub board: Option<String>,
}

/// Item details as the legacy call answers them: `{"html": …}`.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ItemDetailsHtml {
    /// The Item details dialog, rendered from escaped text.
    pub html: String,
}

/// The More Like This dialog's answer: `{"Html": …}`.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SimilarItemsHtml {
    /// The similar items list, escaped text only; empty when none.
    #[serde(rename = "Html")]
    pub html: String,
}

/// The GetItemImageToCompare answer: `{"Image": url}`.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ItemImage {
    /// The product's first image when it is a site-relative or http(s) URL, else empty.
    #[serde(rename = "Image")]
    pub image: String,
}

/// The JSON answers of the legacy calls.
// For the OpenAPI document only.
#[derive(utoipa::ToSchema)]
#[serde(untagged)]
#[allow(dead_code)]
enum LegacySearchAnswer {
    ItemDetails(ItemDetailsHtml),
    SimilarItems(SimilarItemsHtml),
    Image(ItemImage),
}

/// The query string of item details: the search page's (the URL contract, as `/api/search`)
/// and `docid`.
// For the OpenAPI document only: the handlers read the query string from the URI.
#[derive(utoipa::ToSchema)]
#[allow(dead_code)]
struct ExplainParams {
    /// Cut at 150 characters
    #[serde(default)]
    keyword: String,
    /// Landing page: a department id or URL (a department listing)
    #[serde(default)]
    lp: String,
    #[schema(inline)]
    #[serde(default)]
    sort: search_indexer::search::Sort,
    /// How the keyword's words combine: `or`, any word may match; any other value (`and`, empty, anything else) or none, every word must match.
    #[serde(default)]
    operator: String,
    #[schema(minimum = 1, maximum = 120)]
    #[serde(default)]
    mpp: u32,
    #[schema(minimum = 1, maximum = 10000)]
    #[serde(default)]
    pg: u32,
    #[schema(pattern = "^[0-9]{1,9}(,[0-9]{1,9})*$")]
    #[serde(default)]
    department: String,
    #[serde(default)]
    brand: String,
    #[schema(pattern = "^(store|ship)(,(store|ship))*$")]
    #[serde(default)]
    availability: String,
    /// from,to in dollars
    #[schema(pattern = r"^[0-9]{1,7}(\.[0-9]{1,2})?,[0-9]{1,7}(\.[0-9]{1,2})?$")]
    #[serde(default)]
    price: String,
    /// The product number (blainNumber) to explain
    #[schema(pattern = r"\S", max_length = 100)]
    docid: String,
    #[serde(flatten)]
    other: HashMap<String, String>,
}

/// The search page's legacy calls (spec 7): `fn=compare&Items=` (the compare table, as
/// `/s/a/compare`), `fn=ajax&f=MoreLikeThis&args=`, `fn=ajax&F=GetItemImageToCompare&ItemId=`,
/// or without `fn` the item details of `docid` for the search in the rest of the query string
/// (as `/api/search/explain`).
// For the OpenAPI document only: `legacy` reads the query string.
#[derive(utoipa::ToSchema)]
#[serde(untagged)]
#[allow(dead_code, clippy::large_enum_variant)]
enum LegacySearchCall {
    #[schema(title = "Compare")]
    Compare {
        #[serde(rename = "fn")]
        #[schema(inline)]
        function: CompareFn,
        /// Comma list of 2 to 5 product numbers
        #[serde(rename = "Items")]
        #[schema(pattern = r"^[^,\s]+(,[^,\s]+){1,4}$")]
        items: String,
        #[serde(flatten)]
        other: HashMap<String, String>,
    },
    #[schema(title = "MoreLikeThis")]
    MoreLikeThis {
        #[serde(rename = "fn")]
        #[schema(inline)]
        function: AjaxFn,
        // Also read as `F`; name and value in any case.
        #[schema(inline)]
        f: MoreLikeThisF,
        /// The product number
        #[schema(pattern = r"\S", max_length = 100)]
        args: String,
        #[serde(flatten)]
        other: HashMap<String, String>,
    },
    #[schema(title = "GetItemImageToCompare")]
    GetItemImageToCompare {
        #[serde(rename = "fn")]
        #[schema(inline)]
        function: AjaxFn,
        // Also read as `F`; name and value in any case.
        #[schema(inline)]
        f: ItemImageF,
        /// The product number
        #[serde(rename = "ItemId")]
        #[schema(pattern = r"\S", max_length = 100)]
        item_id: String,
        #[serde(flatten)]
        other: HashMap<String, String>,
    },
    #[schema(title = "Explain")]
    Explain {
        /// Cut at 150 characters
        #[serde(default)]
        keyword: String,
        /// Landing page: a department id or URL (a department listing)
        #[serde(default)]
        lp: String,
        #[schema(inline)]
        #[serde(default)]
        sort: search_indexer::search::Sort,
        /// How the keyword's words combine: `or`, any word may match; any other value (`and`, empty, anything else) or none, every word must match.
        #[serde(default)]
        operator: String,
        #[schema(minimum = 1, maximum = 120)]
        #[serde(default)]
        mpp: u32,
        #[schema(minimum = 1, maximum = 10000)]
        #[serde(default)]
        pg: u32,
        #[schema(pattern = "^[0-9]{1,9}(,[0-9]{1,9})*$")]
        #[serde(default)]
        department: String,
        #[serde(default)]
        brand: String,
        #[schema(pattern = "^(store|ship)(,(store|ship))*$")]
        #[serde(default)]
        availability: String,
        /// from,to in dollars
        #[schema(pattern = r"^[0-9]{1,7}(\.[0-9]{1,2})?,[0-9]{1,7}(\.[0-9]{1,2})?$")]
        #[serde(default)]
        price: String,
        /// The legacy call sends 1 (accepted, not needed)
        #[serde(default)]
        ajax: String,
        /// The legacy call sends 1 (accepted, not needed)
        #[serde(default)]
        json: String,
        /// The product number to explain
        #[schema(pattern = r"\S", max_length = 100)]
        docid: String,
        #[serde(flatten)]
        other: HashMap<String, String>,
    },
}

/// `fn=compare`.
// For the OpenAPI document only.
#[derive(utoipa::ToSchema)]
#[allow(dead_code)]
enum CompareFn {
    #[serde(rename = "compare")]
    Compare,
}

/// `fn=ajax`.
// For the OpenAPI document only.
#[derive(utoipa::ToSchema)]
#[allow(dead_code)]
enum AjaxFn {
    #[serde(rename = "ajax")]
    Ajax,
}

/// `f=MoreLikeThis` (also read as `F`; name and value in any case).
// For the OpenAPI document only.
#[derive(utoipa::ToSchema)]
#[allow(dead_code)]
enum MoreLikeThisF {
    MoreLikeThis,
}

/// `f=GetItemImageToCompare` (also read as `F`; name and value in any case).
// For the OpenAPI document only.
#[derive(utoipa::ToSchema)]
#[allow(dead_code)]
enum ItemImageF {
    GetItemImageToCompare,
}

fn fields_of(doc: &ProductDoc) -> SearchableFields {
    SearchableFields {
        number: doc.blain_number.clone(),
        name: doc.name.clone(),
        brand: doc.brand.clone(),
        keywords: doc.department_path.clone(),
        attributes: doc
            .attributes
            .iter()
            .map(|(name, value)| AttributeText {
                name: name.clone(),
                value: value.clone(),
            })
            .collect(),
        description: doc
            .description
            .chars()
            .take(MAX_DESCRIPTION_CHARS)
            .collect(),
    }
}

/// Item details for `docid` on the search the query string describes; `staff` adds the score
/// parts, pins and rules.
pub async fn explain(
    state: &QueryState,
    identity: &Identity,
    uri: &Uri,
    docid: &str,
    staff: bool,
) -> Result<ExplainAnswer, ApiError> {
    let contract = Contract::default();
    let url_state = url::parse(uri.query().unwrap_or(""), &contract)
        .map_err(|e| ApiError::bad_request("InvalidSearch", e.to_string()))?;
    let store = crate::shopping::visitor::local_store(&state.pool, &identity.visitor_id).await?;
    let engine = state.search.clone();
    let mut query = crate::search::search_query(&engine, &url_state, store)?;
    let docs = search_indexer::document::load_products(&state.pool, &[docid.to_string()]).await?;
    let Some(doc) = docs.into_iter().next() else {
        return Err(ApiError::NotFoundMessage(PRODUCT_NOT_FOUND));
    };
    // The board's pins (the search's own rule: the keyword's board, else the landing page's).
    let board = match (&query.keyword, query.landing) {
        (Some(k), _) => Some(projections::model::pinboard::keyword_board(k)),
        (None, Some(lp)) => Some(projections::model::pinboard::landing_board(lp)),
        (None, None) => None,
    };
    if let (true, Some(board)) = (staff, &board) {
        query.pins = crate::search::pins::board_rules(&state.pool, board, None)
            .await?
            .0;
    }
    let explained = {
        let (query, doc) = (query.clone(), doc.clone());
        tokio::task::spawn_blocking(move || engine.explain(&query, &doc, staff))
            .await
            .map_err(ApiError::internal)?
            .map_err(ApiError::internal)?
    };
    Ok(ExplainAnswer {
        docid: doc.blain_number.clone(),
        keyword: query.keyword.clone(),
        fields: fields_of(&doc),
        explained,
        board: board.filter(|_| staff),
    })
}

/// Staff answers are not to be kept by any cache.
fn private(mut response: Response, staff: bool) -> Response {
    if staff {
        response.headers_mut().insert(
            header::CACHE_CONTROL,
            HeaderValue::from_static("private, no-store"),
        );
    }
    response
}

#[utoipa::path(
    get,
    path = "/api/search/explain",
    tag = "search",
    summary = "Item details (explain): the product's searchable fields and why it matches this search",
    description = "Takes the search page's own query string (as `/api/search`) plus `docid`, the product number. Every shopper gets the fields (name, brand, department names, attribute values, description, product number), each word of the keyword with the fields holding it (by its stem; `typos` for a word the catalog lacks matched with a typo forgiven; `synonymOf` for a synonym rule's replacement), whether it matches the whole search, the keyword alone, and the filters that leave it out. With a merchandiser's `Authorization: Bearer` token the answer adds `scores` (the score and tantivy's explanation of it, the in-store boost, the product's pin on the search's board and the rules that applied) and `board`, with `Cache-Control: private, no-store`; without one (a preview cookie gives nothing) these are absent. A product that exists but does not match answers 200 with `matched: false`.",
    params(
        ("explain" = inline(ExplainParams), Query, style = Form, explode,
            description = "The URL contract's parameters and docid.",
            example = json!({"keyword": "rope", "docid": "800001"})),
    ),
    responses(
        (status = 200, description = "OK", body = ExplainAnswer),
        (status = 400, description = "`MissingParameter` (no docid), `InvalidSearch` (mpp outside 1-120, pg outside 1-10000, a range that is not two numbers, a query string over 4096 characters), `InvalidSort`, `InvalidFacet`, `InvalidQuery`, `InvalidText`.", body = kernel::http::ErrorBody),
        (status = 404, description = "No such (sellable) product (`NotFound`, 'Product not found.'), or the landing page names no department ('Department not found.').", body = kernel::http::ErrorBody),
    )
)]
async fn explain_json(
    State(state): State<QueryState>,
    identity: Identity,
    headers: HeaderMap,
    uri: Uri,
    params: Params,
) -> Response {
    let staff = merchandiser(&state, &headers);
    explain_answer(&state, &identity, &uri, &params, staff).await
}

/// Whether the request carries a merchandiser's credentials (the staff view of item details).
fn merchandiser(state: &QueryState, headers: &HeaderMap) -> bool {
    state
        .staff
        .member(headers)
        .is_some_and(|m| m.has(Role::Merchandiser))
}

/// `GET /api/staff/search/explain`: always the staff view.
#[utoipa::path(
    get,
    path = "/api/staff/search/explain",
    tag = "search",
    summary = "Item details with score parts, pins and rules (merchandisers)",
    description = "Staff only, the merchandiser role: always the staff view of `GET /api/search/explain` (score parts, the pin and the rules), `Cache-Control: private, no-store`. 401 without valid staff credentials, 403 with another role's.",
    params(
        ("explain" = inline(ExplainParams), Query, style = Form, explode,
            description = "The URL contract's parameters and docid.",
            example = json!({"keyword": "rope", "docid": "800001"})),
    ),
    responses(
        (status = 200, description = "OK", body = ExplainAnswer),
        (status = 400, description = "`MissingParameter` (no docid), `InvalidSearch` (mpp outside 1-120, pg outside 1-10000, a range that is not two numbers, a query string over 4096 characters), `InvalidSort`, `InvalidFacet`, `InvalidQuery`, `InvalidText`.", body = kernel::http::ErrorBody),
        (status = 404, description = "No such (sellable) product (`NotFound`, 'Product not found.'), or the landing page names no department ('Department not found.').", body = kernel::http::ErrorBody),
    )
)]
async fn staff_explain_json(
    State(state): State<QueryState>,
    _staff: Staff<Merchandiser>,
    identity: Identity,
    uri: Uri,
    params: Params,
) -> Response {
    explain_answer(&state, &identity, &uri, &params, true).await
}

/// Item details for the `docid` parameter as JSON (private when `staff`).
async fn explain_answer(
    state: &QueryState,
    identity: &Identity,
    uri: &Uri,
    params: &Params,
    staff: bool,
) -> Response {
    let docid = match params.required_text("docid") {
        Ok(d) => d.to_string(),
        Err(e) => return e.into_response(),
    };
    match explain(state, identity, uri, &docid, staff).await {
        Ok(answer) => private(Json(answer).into_response(), staff),
        Err(e) => e.into_response(),
    }
}

/// A parameter by its name, else by its name in any case (`f` or `F`).
fn param<'a>(params: &'a Params, name: &str) -> Option<&'a str> {
    params.text(name).or_else(|| {
        let mut keys: Vec<&String> = params
            .0
            .keys()
            .filter(|k| k.eq_ignore_ascii_case(name))
            .collect();
        keys.sort();
        keys.first().and_then(|k| params.text(k))
    })
}

fn required<'a>(params: &'a Params, name: &str) -> Result<&'a str, ApiError> {
    param(params, name).ok_or_else(|| {
        ApiError::bad_request(
            "MissingParameter",
            format!("The {name} parameter is required."),
        )
    })
}

/// `/s/a/` and `/s/a/default.aspx` (by [`legacy_aspx`]): one dispatcher for the search page's
/// legacy calls.
#[utoipa::path(
    get,
    path = "/s/a/",
    tag = "search",
    summary = "The search page's legacy calls at its base: compare (`fn=compare`), the ajax dialogs and item details (`docid`)",
    description = "One dispatcher for the search page's legacy calls, on both `/s/a/` and `/s/a/default.aspx` (the search page's base is the SPA's). `fn` and the `f` value are read without regard to case; `f` may be sent as `F`. Answers: the compare call, an HTML table rendered from escaped text (as `/s/a/compare`); `MoreLikeThis`, `{\"Html\": …}` (the similar items list, escaped text only; empty when none); `GetItemImageToCompare`, `{\"Image\": …}` (the product's first image when it is a site-relative or http(s) URL, else empty); item details, `{\"html\": …}` (rendered from escaped text; a merchandiser's bearer token adds the score parts, pins and rules, with `Cache-Control: private, no-store`). The spec's pin calls (`fn=ajax&f=AddItemToTop` …) are POST commands here (`/api/merch/…`): as a GET they answer 400 `PinsArePosts`.",
    params(
        ("call" = LegacySearchCall, Query, style = Form, explode,
            description = "One of the legacy calls.",
            example = json!({"fn": "ajax", "f": "MoreLikeThis", "args": "800001"})),
    ),
    responses(
        (status = 200, description = "OK: HTML for the compare call, JSON for the others",
            content((String = "text/html"), (LegacySearchAnswer = "application/json"))),
        (status = 400, description = "`UnknownFunction` (an `fn` other than compare or ajax, an `f` other than MoreLikeThis or GetItemImageToCompare), `PinsArePosts`, `MissingParameter` (no call named, no `f`, `args`, `ItemId`), `TooFewItems`, `TooManyItems`, `InvalidSearch` (mpp outside 1-120, pg outside 1-10000, a range that is not two numbers, a query string over 4096 characters), `InvalidSort`, `InvalidFacet`, `InvalidQuery`, `InvalidText`.", body = kernel::http::ErrorBody),
        (status = 404, description = "No such product (`NotFound`, 'Product not found.'; for compare: fewer than two of the listed products exist), or the landing page names no department ('Department not found.').", body = kernel::http::ErrorBody),
    )
)]
async fn legacy(
    State(state): State<QueryState>,
    identity: Identity,
    headers: HeaderMap,
    uri: Uri,
    params: Params,
) -> Response {
    match params.0.get("fn").map(|f| f.trim()) {
        Some(f) if f.eq_ignore_ascii_case("compare") => {
            crate::search::compare::compare_html(State(state), params).await
        }
        Some(f) if f.eq_ignore_ascii_case("ajax") => match ajax(&state, &params).await {
            Ok(r) => r,
            Err(e) => e.into_response(),
        },
        Some(_) => ApiError::bad_request("UnknownFunction", UNKNOWN_FN).into_response(),
        None => {
            let Some(docid) = params.text("docid").map(str::to_string) else {
                return ApiError::bad_request("MissingParameter", NO_CALL).into_response();
            };
            let staff = merchandiser(&state, &headers);
            match explain(&state, &identity, &uri, &docid, staff).await {
                Ok(answer) => private(
                    Json(ItemDetailsHtml {
                        html: render_explain(&answer),
                    })
                    .into_response(),
                    staff,
                ),
                Err(e) => e.into_response(),
            }
        }
    }
}

/// `/s/a/default.aspx`: the same dispatcher as `/s/a/` ([`legacy`]).
#[utoipa::path(
    get,
    path = "/s/a/default.aspx",
    tag = "search",
    summary = "The search page's legacy ajax calls: MoreLikeThis (`Html`) and GetItemImageToCompare (`Image`); also compare and item details",
    description = "One dispatcher for the search page's legacy calls, on both `/s/a/` and `/s/a/default.aspx` (the search page's base is the SPA's). `fn` and the `f` value are read without regard to case; `f` may be sent as `F`. Answers: the compare call, an HTML table rendered from escaped text (as `/s/a/compare`); `MoreLikeThis`, `{\"Html\": …}` (the similar items list, escaped text only; empty when none); `GetItemImageToCompare`, `{\"Image\": …}` (the product's first image when it is a site-relative or http(s) URL, else empty); item details, `{\"html\": …}` (rendered from escaped text; a merchandiser's bearer token adds the score parts, pins and rules, with `Cache-Control: private, no-store`). The spec's pin calls (`fn=ajax&f=AddItemToTop` …) are POST commands here (`/api/merch/…`): as a GET they answer 400 `PinsArePosts`.",
    params(
        ("call" = LegacySearchCall, Query, style = Form, explode,
            description = "One of the legacy calls.",
            example = json!({"fn": "ajax", "f": "MoreLikeThis", "args": "800001"})),
    ),
    responses(
        (status = 200, description = "OK: HTML for the compare call, JSON for the others",
            content((String = "text/html"), (LegacySearchAnswer = "application/json"))),
        (status = 400, description = "`UnknownFunction` (an `fn` other than compare or ajax, an `f` other than MoreLikeThis or GetItemImageToCompare), `PinsArePosts`, `MissingParameter` (no call named, no `f`, `args`, `ItemId`), `TooFewItems`, `TooManyItems`, `InvalidSearch` (mpp outside 1-120, pg outside 1-10000, a range that is not two numbers, a query string over 4096 characters), `InvalidSort`, `InvalidFacet`, `InvalidQuery`, `InvalidText`.", body = kernel::http::ErrorBody),
        (status = 404, description = "No such product (`NotFound`, 'Product not found.'; for compare: fewer than two of the listed products exist), or the landing page names no department ('Department not found.').", body = kernel::http::ErrorBody),
    )
)]
async fn legacy_aspx(
    state: State<QueryState>,
    identity: Identity,
    headers: HeaderMap,
    uri: Uri,
    params: Params,
) -> Response {
    legacy(state, identity, headers, uri, params).await
}

async fn ajax(state: &QueryState, params: &Params) -> Result<Response, ApiError> {
    let f = required(params, "f")?.to_ascii_lowercase();
    match f.as_str() {
        "morelikethis" => {
            let id = required(params, "args")?.to_string();
            let asked = Params(HashMap::from([("blainNumber".to_string(), id)]));
            let Json(list) = crate::catalog::products::similar(State(state.clone()), asked).await?;
            Ok(Json(SimilarItemsHtml {
                html: render_similar(&list.products),
            })
            .into_response())
        }
        "getitemimagetocompare" => {
            let id = required(params, "ItemId")?.to_string();
            let found = products_by_number(&state.pool, &[id]).await?;
            let Some(product) = found.into_iter().next() else {
                return Err(ApiError::NotFoundMessage(PRODUCT_NOT_FOUND));
            };
            // The first image; only site-relative and http(s) URLs are given out.
            let image = product
                .images
                .first()
                .filter(|i| crate::html::safe_url(i))
                .cloned()
                .unwrap_or_default();
            Ok(Json(ItemImage { image }).into_response())
        }
        "additemtotop" | "unpinitem" | "updateitempinorder" => {
            Err(ApiError::bad_request("PinsArePosts", PINS_ARE_POSTS))
        }
        _ => Err(ApiError::bad_request("UnknownFunction", UNKNOWN_F)),
    }
}

// ---------------------------------------------------------------------------------------------
// Rendering: escaped text only.

/// The similar items list of the More Like This dialog (empty when there are none).
pub fn render_similar(products: &[ProductSummary]) -> String {
    if products.is_empty() {
        return String::new();
    }
    format!(
        "<ul class=\"similar-items\">{}</ul>",
        product_items("similar-items", products)
    )
}

fn field_label(field: &str) -> &'static str {
    match field {
        "name" => "name",
        "brand" => "brand",
        "keywords" => "department names",
        "attributes" => "attribute values",
        "description" => "description",
        f if f == NUMBER_FIELD => "product number",
        _ => "another field",
    }
}

/// `<p class="item-explain__{part}">text</p>`, the text escaped.
fn paragraph(html: &mut String, part: &str, text: &str) {
    html.push_str(&format!(
        "<p class=\"item-explain__{part}\">{}</p>",
        escape_html(text)
    ));
}

/// The Item details dialog.
pub fn render_explain(a: &ExplainAnswer) -> String {
    let e = &a.explained;
    let mut html = format!(
        "<div class=\"item-explain\" data-blain-number=\"{}\"><h3 class=\"item-explain__name\">{}</h3>",
        escape_html(&a.fields.number),
        escape_html(&a.fields.name)
    );
    let verdict = if e.matched {
        "Matches this search.".to_string()
    } else if !e.in_index {
        "Not in the search index yet.".to_string()
    } else if e.failed_filters.is_empty() {
        "Does not match this search.".to_string()
    } else {
        format!(
            "Does not match this search (left out by: {}).",
            e.failed_filters.join(", ")
        )
    };
    paragraph(&mut html, "verdict", &verdict);
    if !e.words.is_empty() {
        html.push_str("<table class=\"item-explain__words\"><thead><tr><th scope=\"col\">Word</th><th scope=\"col\">Matched in</th></tr></thead><tbody>");
        for w in &e.words {
            let mut found: Vec<String> = w
                .fields
                .iter()
                .map(|f| field_label(f).to_string())
                .collect();
            for t in &w.typos {
                found.push(format!(
                    "{} (as '{}', {} edit{})",
                    field_label(t.field),
                    t.word,
                    t.edits,
                    if t.edits == 1 { "" } else { "s" }
                ));
            }
            let word = match &w.synonym_of {
                Some(of) => format!("{} (for '{of}')", w.word),
                None => w.word.clone(),
            };
            let matched = if found.is_empty() {
                "not found".to_string()
            } else {
                found.join(", ")
            };
            html.push_str(&format!(
                "<tr><td>{}</td><td>{}</td></tr>",
                escape_html(&word),
                escape_html(&matched)
            ));
        }
        html.push_str("</tbody></table>");
    }
    let f = &a.fields;
    let attributes: Vec<String> = f
        .attributes
        .iter()
        .map(|at| format!("{}: {}", at.name, at.value))
        .collect();
    html.push_str("<dl class=\"item-explain__fields\">");
    for (label, value) in [
        ("Product number", f.number.clone()),
        ("Name", f.name.clone()),
        ("Brand", f.brand.clone()),
        ("Departments", f.keywords.join(" › ")),
        ("Attributes", attributes.join("; ")),
        ("Description", f.description.clone()),
    ] {
        html.push_str(&format!(
            "<dt>{}</dt><dd>{}</dd>",
            label,
            escape_html(&value)
        ));
    }
    html.push_str("</dl>");
    if let Some(s) = &e.scores {
        render_scores(&mut html, s, a.board.as_deref());
    }
    html.push_str("</div>");
    html
}

fn render_scores(html: &mut String, s: &ScoreParts, board: Option<&str>) {
    html.push_str("<section class=\"item-explain__staff\"><h4>Score parts, pins and rules</h4>");
    let score = match s.score {
        Some(score) => format!("Score: {score:.4}"),
        None => "Score: none (no match)".to_string(),
    };
    paragraph(html, "score", &score);
    if let Some(board) = board {
        let pin = match &s.pin {
            Some(p) => match p.slot {
                Some(slot) => format!(
                    "Pinned on {board}: position {}, shown at slot {slot}.",
                    p.position
                ),
                None => format!(
                    "Pinned on {board}: position {}, not holding its slot.",
                    p.position
                ),
            },
            None => format!("Not pinned on {board}."),
        };
        paragraph(html, "pin", &pin);
    }
    if !s.rules.is_empty() {
        html.push_str("<ul class=\"item-explain__rules\">");
        for r in &s.rules {
            html.push_str(&format!("<li>{}</li>", escape_html(r)));
        }
        html.push_str("</ul>");
    }
    if let Some(tree) = &s.explanation {
        html.push_str("<ul class=\"item-explain__explanation\">");
        render_explanation(html, tree, 0);
        html.push_str("</ul>");
    }
    html.push_str("</section>");
}

/// One node of tantivy's explanation (`value`, `description`, `details`, `context`).
fn render_explanation(html: &mut String, node: &Value, depth: usize) {
    let value = node["value"]
        .as_f64()
        .map_or_else(|| "?".to_string(), |v| format!("{v:.4}"));
    let description = node["description"].as_str().unwrap_or("");
    html.push_str(&format!(
        "<li>{} — {}",
        escape_html(&value),
        escape_html(description)
    ));
    if let Some(context) = node["context"].as_array() {
        for c in context.iter().filter_map(Value::as_str) {
            html.push_str(&format!(" <small>{}</small>", escape_html(c)));
        }
    }
    if let Some(details) = node["details"].as_array().filter(|d| !d.is_empty()) {
        if depth < MAX_EXPLANATION_DEPTH {
            html.push_str("<ul>");
            for d in details {
                render_explanation(html, d, depth + 1);
            }
            html.push_str("</ul>");
        }
    }
    html.push_str("</li>");
}

/// This module's operations in the OpenAPI document (merged by the crate's `openapi()`).
#[derive(utoipa::OpenApi)]
#[openapi(
    paths(explain_json, staff_explain_json, legacy, legacy_aspx),
    components(schemas(LegacySearchCall))
)]
pub(crate) struct Api;
