//! Products as the index sees them, read from the catalog read models, and turned into
//! tantivy documents. Discontinued products are not indexed: they are never found.

use std::collections::HashMap;

use serde::Serialize;
use sqlx::{PgPool, Row};
use tantivy::schema::Facet;
use tantivy::TantivyDocument;

use crate::schema::{normalize_number, Fields};

/// A department of the tree (the facet shows names and links).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Department {
    pub id: i32,
    pub parent_id: Option<i32>,
    pub name: String,
    pub url: String,
}

/// The department tree, by id.
#[derive(Debug, Clone, Default)]
pub struct Departments {
    pub by_id: HashMap<i32, Department>,
}

impl Departments {
    pub async fn load(pool: &PgPool) -> Result<Self, sqlx::Error> {
        let rows = sqlx::query("SELECT id, parent_id, name, url FROM departments")
            .fetch_all(pool)
            .await?;
        let by_id = rows
            .iter()
            .map(|r| {
                let d = Department {
                    id: r.get("id"),
                    parent_id: r.get("parent_id"),
                    name: r.get("name"),
                    url: r.get("url"),
                };
                (d.id, d)
            })
            .collect();
        Ok(Self { by_id })
    }

    /// Ids from the top level down to `id` (cut at 20 levels against a parent cycle).
    pub fn path(&self, id: i32) -> Vec<i32> {
        let mut path = vec![id];
        let mut current = id;
        while let Some(parent) = self.by_id.get(&current).and_then(|d| d.parent_id) {
            if path.len() >= 20 || path.contains(&parent) {
                break;
            }
            path.push(parent);
            current = parent;
        }
        path.reverse();
        path
    }

    /// The facet of a department: `/d/1/101/1011` (see `facet_paths::department_root`).
    pub fn facet(&self, id: i32) -> Facet {
        let mut segments = vec!["d".to_string()];
        segments.extend(self.path(id).iter().map(i32::to_string));
        Facet::from_path(segments)
    }

    /// The department whose URL is `url` ("/farm-ranch/fencing/", case and slashes forgiven).
    pub fn by_url(&self, url: &str) -> Option<&Department> {
        let wanted = format!("/{}/", url.trim().trim_matches('/').to_ascii_lowercase());
        self.by_id
            .values()
            .find(|d| d.url.eq_ignore_ascii_case(&wanted))
    }
}

/// What the index holds of a product.
#[derive(Debug, Clone, PartialEq)]
pub struct ProductDoc {
    pub blain_number: String,
    pub name: String,
    pub brand: String,
    pub description: String,
    pub department_id: i32,
    pub department_path: Vec<String>,
    pub price_cents: i64,
    pub attributes: Vec<(String, String)>,
    pub ship_to_home: bool,
    pub ecom_on_hand: i32,
    pub stores: Vec<i32>,
    /// Average review rating (1–5), when the product has reviews.
    pub rating: Option<f64>,
    pub rating_count: i32,
    pub introduced_on: Option<chrono::NaiveDate>,
}

/// The 'Top Rated' sort key: the average in tenths, then the number of reviews (more reviews
/// first among equal averages); 0 for a product without reviews (last).
pub fn rating_key(rating: Option<f64>, count: i32) -> u64 {
    match rating {
        Some(r) if r.is_finite() && r > 0.0 => {
            let tenths = (r * 10.0).round().clamp(0.0, 50.0) as u64;
            tenths * 100_000 + count.clamp(0, 99_999) as u64
        }
        _ => 0,
    }
}

/// The 'Newest' sort key: days from 1970-01-01 plus one; 0 when the day is unknown (last).
pub fn newness_key(day: Option<chrono::NaiveDate>) -> u64 {
    day.map_or(0, |d| {
        (d - chrono::NaiveDate::default()).num_days().max(0) as u64 + 1
    })
}

/// The columns a [`ProductDoc`] is read from (products with their ecom stock `e` and store stock
/// `s`).
macro_rules! columns {
    () => {
        concat!(
            "SELECT p.blain_number, p.name, p.vendor_brand, p.description, p.department_id, \
         p.department_path, p.price_cents, p.attributes, p.ship_to_home, \
         coalesce(e.ecom_on_hand, 0) AS ecom_on_hand, ",
            projections::rating_columns!(),
            ", p.introduced_on, s.store_nums, s.stocked, s.on_hand FROM products p ",
            projections::rating_join!()
        )
    };
}

const SELECT: &str = concat!(
    columns!(),
    "LEFT JOIN ecom_inventory e ON e.blain_number = p.blain_number \
     LEFT JOIN store_stock s ON s.blain_number = p.blain_number"
);

/// [`SELECT`] for a page after `$1`: each joined table's scan starts at `$1` too. Without the
/// bounds PostgreSQL merge-joins every page from the start of `ecom_inventory` and
/// `store_stock`: half a second a page halfway through a million products.
const SELECT_PAGE: &str = concat!(
    columns!(),
    "LEFT JOIN ecom_inventory e ON e.blain_number = p.blain_number AND e.blain_number > $1 \
     LEFT JOIN store_stock s ON s.blain_number = p.blain_number AND s.blain_number > $1"
);

/// The stores that stock the product and hold some, in store-number order, from its
/// `store_stock` row (parallel arrays; absent when no store carries it). Worked out here
/// rather than by a subquery per product: a reindex reads the two tables in one merge.
fn stores_holding(
    store_nums: Option<Vec<i32>>,
    stocked: Option<Vec<bool>>,
    on_hand: Option<Vec<i32>>,
) -> Vec<i32> {
    let (Some(nums), Some(stocked), Some(on_hand)) = (store_nums, stocked, on_hand) else {
        return Vec::new();
    };
    let mut stores: Vec<i32> = nums
        .into_iter()
        .zip(stocked)
        .zip(on_hand)
        .filter(|((_, stocked), on_hand)| *stocked && *on_hand > 0)
        .map(|((store, _), _)| store)
        .collect();
    stores.sort_unstable();
    stores.dedup();
    stores
}

fn from_row(r: &sqlx::postgres::PgRow) -> ProductDoc {
    let attributes: Vec<command::catalog::Attribute> = r
        .try_get::<sqlx::types::Json<Vec<command::catalog::Attribute>>, _>("attributes")
        .map(|json| json.0)
        .unwrap_or_default();
    ProductDoc {
        blain_number: r.get("blain_number"),
        name: r.get("name"),
        brand: r.get("vendor_brand"),
        description: r.get("description"),
        department_id: r.get("department_id"),
        department_path: r.get("department_path"),
        price_cents: r.get("price_cents"),
        attributes: attributes.into_iter().map(|a| (a.name, a.value)).collect(),
        ship_to_home: r.get("ship_to_home"),
        ecom_on_hand: r.get("ecom_on_hand"),
        stores: stores_holding(r.get("store_nums"), r.get("stocked"), r.get("on_hand")),
        rating: r.get("rating_average"),
        rating_count: r.get("rating_count"),
        introduced_on: r.get("introduced_on"),
    }
}

/// The indexable (not discontinued) products among `ids`; ids missing from the answer are
/// to be removed from the index.
pub async fn load_products(pool: &PgPool, ids: &[String]) -> Result<Vec<ProductDoc>, sqlx::Error> {
    let rows = sqlx::query(&format!(
        "{SELECT} WHERE p.blain_number = ANY($1) AND NOT p.discontinued"
    ))
    .bind(ids)
    .fetch_all(pool)
    .await?;
    Ok(rows.iter().map(from_row).collect())
}

/// A page of every indexable product, in product-number order after `after`.
pub async fn load_page(
    pool: &PgPool,
    after: &str,
    limit: i64,
) -> Result<Vec<ProductDoc>, sqlx::Error> {
    let rows = sqlx::query(&format!(
        "{SELECT_PAGE} WHERE p.blain_number > $1 AND NOT p.discontinued ORDER BY p.blain_number LIMIT $2"
    ))
    .bind(after)
    .bind(limit)
    .fetch_all(pool)
    .await?;
    Ok(rows.iter().map(from_row).collect())
}

pub async fn count_products(pool: &PgPool) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar("SELECT count(*) FROM products WHERE NOT discontinued")
        .fetch_one(pool)
        .await
}

impl ProductDoc {
    pub fn to_document(&self, f: &Fields, departments: &Departments) -> TantivyDocument {
        let mut doc = TantivyDocument::default();
        doc.add_text(f.id, &self.blain_number);
        doc.add_u64(f.id_number, crate::schema::id_number(&self.blain_number));
        doc.add_text(f.number, normalize_number(&self.blain_number));
        doc.add_text(f.name, &self.name);
        doc.add_text(f.brand, &self.brand);
        doc.add_text(f.keywords, self.department_path.join(" "));
        let values: Vec<&str> = self.attributes.iter().map(|(_, v)| v.as_str()).collect();
        doc.add_text(f.attributes, values.join(" "));
        doc.add_text(f.description, &self.description);
        doc.add_text(f.name_prefix, &self.name);
        let words = format!("{} {}", self.name, self.brand);
        doc.add_text(f.word_starts, crate::schema::word_starts(&words));
        doc.add_text(f.words, words);
        doc.add_facet(f.department, departments.facet(self.department_id));
        if !self.brand.is_empty() {
            doc.add_facet(f.brand_facet, crate::facet_paths::brand_facet(&self.brand));
        }
        for (name, value) in &self.attributes {
            if !name.is_empty() && !value.is_empty() {
                doc.add_facet(
                    f.attribute_facet,
                    crate::facet_paths::attribute_facet(name, value),
                );
            }
        }
        doc.add_u64(f.price, self.price_cents.max(0) as u64);
        for store in &self.stores {
            doc.add_u64(f.stores, (*store).max(0) as u64);
        }
        doc.add_u64(f.ecom, self.ecom_on_hand.max(0) as u64);
        doc.add_u64(
            f.ships,
            u64::from(self.ship_to_home && self.ecom_on_hand > 0),
        );
        doc.add_u64(f.rating, rating_key(self.rating, self.rating_count));
        doc.add_u64(f.newness, newness_key(self.introduced_on));
        doc.add_text(f.name_sort, self.name.to_lowercase());
        doc.add_text(f.brand_sort, self.brand.to_lowercase());
        doc
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_stores_that_stock_the_product_and_hold_some_are_indexed() {
        let stores = stores_holding(
            Some(vec![7, 3, 12, 5]),
            Some(vec![true, true, false, true]),
            Some(vec![4, 2, 9, 0]),
        );
        // 12 holds some but does not stock it; 5 stocks it but holds none.
        assert_eq!(stores, vec![3, 7]);
    }

    #[test]
    fn a_product_no_store_carries_is_at_no_store() {
        assert!(stores_holding(None, None, None).is_empty());
        assert!(stores_holding(Some(vec![]), Some(vec![]), Some(vec![])).is_empty());
    }
}
