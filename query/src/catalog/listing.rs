//! Department listing pages: the products of a department and all its descendants, a page at a
//! time (pg, mpp), sorted, filtered by brand, with facets (sub-departments, brands, price) —
//! answered by the search index (the same engine as `/api/search?lp=`), in this call's shape.

use axum::extract::State;
use axum::routing::get;
use axum::{Json, Router};
use kernel::http::ApiError;
use search_indexer::search::SearchQuery;
use serde::Serialize;
use sqlx::Row;

use crate::catalog::products::{indexed_summaries, summaries_json};
use crate::catalog::MenuItem;
use crate::params::Params;
use crate::QueryState;

pub const DEFAULT_PAGE_SIZE: i64 = 60;
pub const MAX_PAGE_SIZE: i64 = 120;
/// The brand facet lists this many brands (most products first; chosen ones always).
pub const TOP_BRANDS: usize = search_indexer::search::TOP_BRANDS;
pub const DEPARTMENT_NOT_FOUND: &str = "Department not found.";
/// Brands a listing may be filtered by at once (the brand facet shows far fewer).
pub const MAX_BRANDS: usize = 50;

pub fn router(state: QueryState) -> Router {
    Router::new()
        .route("/api/catalog/list", get(list))
        .with_state(state)
}

pub use search_indexer::search::Sort;

/// Which department: by id or by its URL ("/farm-ranch/fencing/").
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DepartmentRef {
    Id(i32),
    Url(String),
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ListingRequest {
    pub department: DepartmentRef,
    pub pg: i64,
    pub mpp: i64,
    pub sort: Sort,
    /// Only these brands (all when empty).
    pub brands: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct DepartmentFacet {
    pub id: i32,
    pub name: String,
    pub url: String,
    pub count: i64,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct BrandFacet {
    pub name: String,
    pub count: i64,
}

/// Lowest and highest price in cents among the matching products (null when none match).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct PriceFacet {
    #[schema(required)]
    pub min: Option<i64>,
    #[schema(required)]
    pub max: Option<i64>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct Facets {
    /// Child departments with matching products
    #[schema(inline)]
    pub departments: Vec<DepartmentFacet>,
    /// The top 20 brands (and any chosen one), most products first
    #[schema(inline)]
    pub brands: Vec<BrandFacet>,
    #[schema(inline)]
    pub price: PriceFacet,
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Listing {
    pub department: MenuItem,
    pub total: i64,
    pub pg: i64,
    pub mpp: i64,
    pub page_count: i64,
    #[schema(inline)]
    pub sort: Sort,
    /// Product summaries (`ProductSummary` objects).
    #[schema(value_type = Vec<crate::catalog::products::ProductSummary>)]
    pub items: Box<serde_json::value::RawValue>,
    #[schema(inline)]
    pub facets: Facets,
}

// The query parameters of `GET /api/catalog/list` as the OpenAPI document names them (the
// handler reads them with `listing_request`): one parameter object, so that the document can
// say that one of `department` and `url` is required.
#[derive(utoipa::ToSchema)]
#[allow(dead_code)]
struct ListingParams {
    /// The department's id
    #[schema(nullable = false)]
    department: Option<i64>,
    /// The department's URL, used when `department` is absent
    #[schema(nullable = false, pattern = r"\S")]
    url: Option<String>,
    /// Page number, default 1
    #[schema(nullable = false, minimum = 1)]
    pg: Option<i64>,
    /// Page size, default 60
    #[schema(nullable = false, minimum = 1, maximum = 120)]
    mpp: Option<i64>,
    #[schema(nullable = false, inline)]
    sort: Option<Sort>,
    /// Comma list of brands (all when absent)
    #[schema(nullable = false)]
    brand: Option<String>,
}

impl utoipa::IntoParams for ListingParams {
    fn into_params(
        _: impl Fn() -> Option<utoipa::openapi::path::ParameterIn>,
    ) -> Vec<utoipa::openapi::path::Parameter> {
        use utoipa::openapi::path::{ParameterBuilder, ParameterIn, ParameterStyle};
        use utoipa::openapi::{RefOr, Required, Schema};
        let mut schema = <Self as utoipa::PartialSchema>::schema();
        if let RefOr::T(Schema::Object(object)) = &mut schema {
            // utoipa's Object has no `anyOf` of its own: its extensions are written as members.
            object
                .extensions
                .get_or_insert_with(Default::default)
                .insert(
                    "anyOf".into(),
                    serde_json::json!([{"required": ["department"]}, {"required": ["url"]}]),
                );
        }
        vec![ParameterBuilder::new()
            .name("listing")
            .parameter_in(ParameterIn::Query)
            .description(Some(
                "The query parameters (form style, exploded: `?department=12&pg=2&sort=name`): \
                 `department` or `url` is required; `pg` is the page (from 1), `mpp` the page \
                 size (1-120, default 60), `sort` the order, `brand` a comma list of brands to \
                 keep.",
            ))
            .required(Required::True)
            .style(Some(ParameterStyle::Form))
            .explode(Some(true))
            .schema(Some(schema))
            .example(Some(serde_json::json!(
                {"department": 1, "pg": 1, "mpp": 24, "sort": "price-asc"}
            )))
            .build()]
    }
}

/// "farm-ranch/fencing" → "/farm-ranch/fencing/"
fn normalize_url(url: &str) -> String {
    let trimmed = url.trim().trim_matches('/').to_ascii_lowercase();
    if trimmed.is_empty() {
        "/".to_string()
    } else {
        format!("/{trimmed}/")
    }
}

/// Pages past this offset are not listed (as on the search page: deep paging costs the index
/// more than any shopper needs); total and facets still answer.
const MAX_OFFSET: i64 = search_indexer::url::MAX_PG as i64 * MAX_PAGE_SIZE;

/// One page of a department listing, from the search index; `None` when there is no such
/// department. The department and its sub-departments come from the read model (a few hundred
/// rows); products, counts and the price range from the index.
pub async fn listing(
    state: &QueryState,
    request: &ListingRequest,
) -> Result<Option<Listing>, ApiError> {
    let (id, url) = match &request.department {
        DepartmentRef::Id(id) => (Some(*id), None),
        DepartmentRef::Url(url) => (None, Some(normalize_url(url))),
    };
    let tree = sqlx::query(
        "WITH root AS ( \
             SELECT id FROM departments WHERE id = $1::int4 OR ($1::int4 IS NULL AND url = $2::text) \
             ORDER BY id LIMIT 1 \
         ) \
         SELECT d.id, d.name, d.url, d.banner_image_url, d.banner_link_url \
         FROM departments d JOIN root r ON d.id = r.id OR d.parent_id = r.id \
         ORDER BY d.id = r.id DESC, d.sort_order, d.id",
    )
    .bind(id)
    .bind(url)
    .fetch_all(&state.pool)
    .await?;
    let Some(root) = tree.first() else {
        return Ok(None);
    };
    let item = |r: &sqlx::postgres::PgRow| -> Result<MenuItem, sqlx::Error> {
        Ok(MenuItem {
            id: r.try_get("id")?,
            name: r.try_get("name")?,
            url: r.try_get("url")?,
            banner_image_url: r.try_get("banner_image_url")?,
            banner_link_url: r.try_get("banner_link_url")?,
            children: vec![],
        })
    };
    let mut department = item(root)?;
    for r in tree.iter().skip(1) {
        department.children.push(item(r)?);
    }

    let offset = (request.pg - 1).saturating_mul(request.mpp);
    let beyond = offset > MAX_OFFSET;
    let query = SearchQuery {
        landing: Some(department.id),
        brands: request.brands.clone(),
        sort: request.sort,
        limit: request.mpp as usize,
        offset: if beyond { 0 } else { offset as usize },
        ..SearchQuery::default()
    };
    let hits = crate::search::hits_of(&state.search, &query).await?;
    let facet = |name: &str| hits.facets.iter().find(|f| f.name == name);
    let count_of = |id: i32| {
        facet("department")
            .and_then(|f| f.values.iter().find(|v| v.value == id.to_string()))
            .map(|v| v.count as i64)
    };
    let departments = department
        .children
        .iter()
        .filter_map(|c| {
            count_of(c.id).map(|count| DepartmentFacet {
                id: c.id,
                name: c.name.clone(),
                url: c.url.clone(),
                count,
            })
        })
        .collect();
    let brands = facet("brand")
        .map(|f| {
            f.values
                .iter()
                .map(|v| BrandFacet {
                    name: v.value.clone(),
                    count: v.count as i64,
                })
                .collect()
        })
        .unwrap_or_default();
    let cents = |dollars: Option<f64>| dollars.map(|d| (d * 100.0).round() as i64);
    let price = match facet("price") {
        Some(f) if hits.total > 0 => PriceFacet {
            min: cents(f.min),
            max: cents(f.max),
        },
        _ => PriceFacet {
            min: None,
            max: None,
        },
    };
    let total = hits.total as i64;
    let items = if beyond {
        vec![]
    } else {
        indexed_summaries(&state.pool, &state.search, &hits.ids).await?
    };
    let items = summaries_json(&items, |_| String::new());
    Ok(Some(Listing {
        department,
        total,
        pg: request.pg,
        mpp: request.mpp,
        page_count: (total + request.mpp - 1) / request.mpp,
        sort: request.sort,
        items,
        facets: Facets {
            departments,
            brands,
            price,
        },
    }))
}

/// Reads and checks the listing parameters.
pub fn listing_request(params: &Params) -> Result<ListingRequest, ApiError> {
    let department = match (params.text("department"), params.text("url")) {
        (Some(_), _) => {
            let id = params.required_number("department")?;
            DepartmentRef::Id(i32::try_from(id).unwrap_or(-1))
        }
        (None, Some(url)) => DepartmentRef::Url(url.to_string()),
        (None, None) => {
            return Err(ApiError::bad_request(
                "MissingParameter",
                "The department or url parameter is required.",
            ))
        }
    };
    let pg = params.number("pg")?.unwrap_or(1);
    if pg < 1 {
        return Err(ApiError::bad_request(
            "InvalidPage",
            "The page number (pg) must be 1 or more.",
        ));
    }
    let mpp = params.number("mpp")?.unwrap_or(DEFAULT_PAGE_SIZE);
    if !(1..=MAX_PAGE_SIZE).contains(&mpp) {
        return Err(ApiError::bad_request(
            "InvalidPageSize",
            format!("The page size (mpp) must be between 1 and {MAX_PAGE_SIZE}."),
        ));
    }
    let sort = match params.text("sort") {
        None => Sort::Relevance,
        Some(s) => Sort::parse(s).ok_or_else(|| {
            let names: Vec<&str> = Sort::ALL.iter().map(|s| s.name()).collect();
            ApiError::bad_request(
                "InvalidSort",
                format!("The sort must be one of {}.", names.join(", ")),
            )
        })?,
    };
    let Some(brands) = params.list("brand", MAX_BRANDS) else {
        return Err(ApiError::bad_request(
            "TooManyBrands",
            format!("Please choose at most {MAX_BRANDS} brands at a time."),
        ));
    };
    Ok(ListingRequest {
        department,
        pg,
        mpp,
        sort,
        brands,
    })
}

/// `GET /api/catalog/list?department={id}|url=/farm-ranch/fencing/&pg=&mpp=&sort=&brand=A,B`
#[utoipa::path(get, path = "/api/catalog/list", tag = "catalog",
    summary = "Products of a department page: paging, sort, facets",
    description = "Answered by the search index (the engine of `/api/search?lp=`). The department is chosen by `department` (its id) or, when that is absent, by `url` (\"/farm-ranch/fencing/\"); one of the two is required. Blank parameters count as absent.",
    params(ListingParams),
    responses(
        (status = 200, description = "OK", body = inline(Listing)),
        (status = 400, description = "Bad request: `InvalidText` (an encoded NUL, `%00`, in the URL); `InvalidQuery` (the query string cannot be read); `MissingParameter` (neither department nor url); `InvalidNumber` (department, pg or mpp is not a whole number); `InvalidPage` (pg below 1); `InvalidPageSize` (mpp outside 1-120); `InvalidSort` (an unknown sort); `TooManyBrands` (more than 50 brands).", body = kernel::http::ErrorBody),
        (status = 404, description = "No such department (code `NotFound`).", body = kernel::http::ErrorBody),
    ))]
async fn list(State(state): State<QueryState>, params: Params) -> Result<Json<Listing>, ApiError> {
    let request = listing_request(&params)?;
    listing(&state, &request)
        .await?
        .map(Json)
        .ok_or(ApiError::NotFoundMessage(DEPARTMENT_NOT_FOUND))
}

/// This module's operations in the OpenAPI document (merged by the crate's `openapi()`).
#[derive(utoipa::OpenApi)]
#[openapi(paths(list))]
pub(crate) struct Api;

#[cfg(test)]
mod tests {
    use super::*;

    fn params(pairs: &[(&str, &str)]) -> Params {
        Params(
            pairs
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect(),
        )
    }

    #[test]
    fn defaults_and_bounds() {
        let r = listing_request(&params(&[("department", "1")])).unwrap();
        assert_eq!(
            r,
            ListingRequest {
                department: DepartmentRef::Id(1),
                pg: 1,
                mpp: 60,
                sort: Sort::Relevance,
                brands: vec![],
            }
        );
        for mpp in ["1", "120"] {
            assert!(listing_request(&params(&[("department", "1"), ("mpp", mpp)])).is_ok());
        }
        for mpp in ["0", "121", "-5", "ten"] {
            assert!(listing_request(&params(&[("department", "1"), ("mpp", mpp)])).is_err());
        }
        assert!(listing_request(&params(&[("department", "1"), ("pg", "0")])).is_err());
        assert!(listing_request(&params(&[("department", "x")])).is_err());
        assert!(listing_request(&params(&[("department", "1"), ("sort", "cheap")])).is_err());
        assert!(listing_request(&params(&[])).is_err());
        let r = listing_request(&params(&[
            ("url", "farm-ranch/fencing"),
            ("brand", "A, B,,A"),
            ("sort", "price-desc"),
        ]))
        .unwrap();
        assert_eq!(
            r.department,
            DepartmentRef::Url("farm-ranch/fencing".into())
        );
        assert_eq!(r.brands, vec!["A".to_string(), "B".to_string()]);
        assert_eq!(r.sort, Sort::PriceDesc);
    }

    #[test]
    fn urls_are_normalised() {
        assert_eq!(normalize_url("farm-ranch/fencing"), "/farm-ranch/fencing/");
        assert_eq!(
            normalize_url("/Farm-Ranch/Fencing/"),
            "/farm-ranch/fencing/"
        );
        assert_eq!(normalize_url(""), "/");
    }
}
