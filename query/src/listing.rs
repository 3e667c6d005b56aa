//! Department listing pages: the products of a department and all its descendants, a page at a
//! time (pg, mpp), sorted, filtered by brand, with facets (sub-departments, brands, price).

use std::collections::{HashMap, HashSet};

use axum::extract::State;
use axum::routing::get;
use axum::{Json, Router};
use command::http::ApiError;
use serde::Serialize;
use sqlx::{PgPool, Row};

use crate::catalog::MenuItem;
use crate::products::{Params, ProductSummary, PRODUCT_COLUMNS, PRODUCT_FROM};
use crate::QueryState;

pub const DEFAULT_PAGE_SIZE: i64 = 60;
pub const MAX_PAGE_SIZE: i64 = 120;
/// The brand facet lists this many brands (most products first).
pub const TOP_BRANDS: usize = 20;
pub const DEPARTMENT_NOT_FOUND: &str = "Department not found.";
/// Department trees deeper than this are cut (guards against a parent cycle).
const MAX_DEPTH: i32 = 20;

pub fn router(state: QueryState) -> Router {
    Router::new()
        .route("/api/catalog/list", get(list))
        .with_state(state)
}

pub use search_indexer::search::Sort;

fn order_by(sort: Sort) -> &'static str {
    match sort {
        // No relevance signal for a plain department page: by name.
        Sort::Relevance | Sort::Name => "p.name, p.blain_number",
        Sort::PriceAsc => "p.price_cents, p.name, p.blain_number",
        Sort::PriceDesc => "p.price_cents DESC, p.name, p.blain_number",
        Sort::Brand => "p.vendor_brand, p.name, p.blain_number",
    }
}

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

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct DepartmentFacet {
    pub id: i32,
    pub name: String,
    pub url: String,
    pub count: i64,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct BrandFacet {
    pub name: String,
    pub count: i64,
}

/// Lowest and highest price in cents among the matching products (null when none match).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct PriceFacet {
    pub min: Option<i64>,
    pub max: Option<i64>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Facets {
    pub departments: Vec<DepartmentFacet>,
    pub brands: Vec<BrandFacet>,
    pub price: PriceFacet,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Listing {
    pub department: MenuItem,
    pub total: i64,
    pub pg: i64,
    pub mpp: i64,
    pub page_count: i64,
    pub sort: Sort,
    pub items: Vec<ProductSummary>,
    pub facets: Facets,
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

/// One page of a department listing; `None` when there is no such department.
pub async fn listing(
    pool: &PgPool,
    request: &ListingRequest,
) -> Result<Option<Listing>, sqlx::Error> {
    let (id, url) = match &request.department {
        DepartmentRef::Id(id) => (Some(*id), None),
        DepartmentRef::Url(url) => (None, Some(normalize_url(url))),
    };
    let tree = sqlx::query(&format!(
        "WITH RECURSIVE root AS ( \
             SELECT id FROM departments WHERE id = $1::int4 OR ($1::int4 IS NULL AND url = $2::text) \
             ORDER BY id LIMIT 1 \
         ), sub AS ( \
             SELECT d.id, d.name, d.url, d.banner_image_url, d.banner_link_url, d.sort_order, \
                    0 AS depth, NULL::int4 AS branch \
             FROM departments d JOIN root r ON d.id = r.id \
             UNION ALL \
             SELECT d.id, d.name, d.url, d.banner_image_url, d.banner_link_url, d.sort_order, \
                    s.depth + 1, CASE WHEN s.depth = 0 THEN d.id ELSE s.branch END \
             FROM departments d JOIN sub s ON d.parent_id = s.id WHERE s.depth < {MAX_DEPTH} \
         ) \
         SELECT * FROM sub ORDER BY depth, sort_order, id"
    ))
    .bind(id)
    .bind(url)
    .fetch_all(pool)
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
    let mut ids: Vec<i32> = Vec::with_capacity(tree.len());
    let mut branch: HashMap<i32, i32> = HashMap::new();
    let mut seen = HashSet::new();
    for r in &tree {
        let id: i32 = r.try_get("id")?;
        if !seen.insert(id) {
            continue;
        }
        ids.push(id);
        if let Some(b) = r.try_get::<Option<i32>, _>("branch")? {
            branch.insert(id, b);
        }
        if r.try_get::<i32, _>("depth")? == 1 {
            department.children.push(item(r)?);
        }
    }

    // Counts per (department, brand): totals, price range and facets come from these.
    let groups = sqlx::query(
        "SELECT department_id, vendor_brand, count(*) AS n, min(price_cents) AS lo, \
                max(price_cents) AS hi \
         FROM products WHERE department_id = ANY($1) AND NOT discontinued GROUP BY 1, 2",
    )
    .bind(&ids)
    .fetch_all(pool)
    .await?;
    let wanted =
        |brand: &str| request.brands.is_empty() || request.brands.iter().any(|b| b == brand);
    let mut total = 0i64;
    let mut price = PriceFacet {
        min: None,
        max: None,
    };
    let mut per_child: HashMap<i32, i64> = HashMap::new();
    let mut per_brand: HashMap<String, i64> = HashMap::new();
    for g in &groups {
        let department_id: i32 = g.try_get("department_id")?;
        let brand: String = g.try_get("vendor_brand")?;
        let n: i64 = g.try_get("n")?;
        let (lo, hi): (i64, i64) = (g.try_get("lo")?, g.try_get("hi")?);
        if wanted(&brand) {
            total += n;
            price.min = Some(price.min.map_or(lo, |m| m.min(lo)));
            price.max = Some(price.max.map_or(hi, |m| m.max(hi)));
            if let Some(child) = branch.get(&department_id) {
                *per_child.entry(*child).or_default() += n;
            }
        }
        // The brand facet ignores the brand filter, so more brands can be picked.
        *per_brand.entry(brand).or_default() += n;
    }
    let departments = department
        .children
        .iter()
        .filter_map(|c| {
            per_child.get(&c.id).map(|&count| DepartmentFacet {
                id: c.id,
                name: c.name.clone(),
                url: c.url.clone(),
                count,
            })
        })
        .collect();
    let mut brands: Vec<BrandFacet> = per_brand
        .into_iter()
        .map(|(name, count)| BrandFacet { name, count })
        .collect();
    brands.sort_by(|a, b| b.count.cmp(&a.count).then_with(|| a.name.cmp(&b.name)));
    // Keep the chosen brands even when they are not among the top ones.
    let mut kept: Vec<BrandFacet> = Vec::with_capacity(TOP_BRANDS);
    for (i, b) in brands.into_iter().enumerate() {
        if i < TOP_BRANDS || request.brands.contains(&b.name) {
            kept.push(b);
        }
    }

    let offset = (request.pg - 1).saturating_mul(request.mpp);
    let items = if total == 0 || offset >= total {
        vec![]
    } else {
        let rows = sqlx::query(&format!(
            "SELECT {PRODUCT_COLUMNS} FROM {PRODUCT_FROM} \
             WHERE p.department_id = ANY($1) AND NOT p.discontinued \
               AND (cardinality($2::text[]) = 0 OR p.vendor_brand = ANY($2::text[])) \
             ORDER BY {} LIMIT $3 OFFSET $4",
            order_by(request.sort)
        ))
        .bind(&ids)
        .bind(&request.brands)
        .bind(request.mpp)
        .bind(offset)
        .fetch_all(pool)
        .await?;
        rows.iter()
            .map(ProductSummary::from_row)
            .collect::<Result<_, _>>()?
    };
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
            brands: kept,
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
    let mut brands: Vec<String> = Vec::new();
    if let Some(list) = params.text("brand") {
        for b in list.split(',').map(str::trim).filter(|b| !b.is_empty()) {
            if !brands.iter().any(|x| x == b) {
                brands.push(b.to_string());
            }
        }
    }
    Ok(ListingRequest {
        department,
        pg,
        mpp,
        sort,
        brands,
    })
}

/// `GET /api/catalog/list?department={id}|url=/farm-ranch/fencing/&pg=&mpp=&sort=&brand=A,B`
async fn list(State(state): State<QueryState>, params: Params) -> Result<Json<Listing>, ApiError> {
    let request = listing_request(&params)?;
    listing(&state.pool, &request)
        .await?
        .map(Json)
        .ok_or(ApiError::NotFoundMessage(DEPARTMENT_NOT_FOUND))
}

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
