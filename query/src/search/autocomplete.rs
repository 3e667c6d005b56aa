//! GET /s/a/autocomplete: search suggestions from the search index: products whose name or
//! brand has words starting as typed (every word typed, the last one as a prefix; names that
//! start with the whole keyword first), brands with a word starting as the last word typed
//! (most products first), and departments (from the index's department tree) with a word
//! starting as typed. Rules of spec 5: the keyword is cut at 150 characters; 1 to 4 digits give
//! nothing; every `html` field is escaped text with the typed prefix in `<strong>`.

use crate::catalog::products::indexed_summaries;
/// Kept here too for the callers that name it by its former place.
pub use crate::html::escape_html;
use crate::QueryState;
use axum::extract::{Query, State};
use axum::routing::get;
use axum::{Json, Router};
use kernel::http::ApiError;
use serde::{Deserialize, Serialize};

pub const MAX_KEYWORD_CHARS: usize = 150;

/// Shown while analytics has no popular searches yet (a new store).
pub const POPULAR_SEARCHES: &[&str] = &[
    "chicken feed",
    "dog food",
    "tires",
    "batteries",
    "work boots",
    "bird seed",
    "propane",
    "motor oil",
    "deer corn",
    "wood pellets",
];

/// How long the popular searches read from analytics are reused.
pub const POPULAR_TTL: std::time::Duration = std::time::Duration::from_secs(2);

/// The popular searches of the analytics read model (keywords that distinct visitors searched
/// with hits, counted events only, above the minimum; none a merchandiser blocked), read at
/// most every [`POPULAR_TTL`].
#[derive(Default)]
pub struct PopularSearches {
    cached: tokio::sync::RwLock<Option<(std::time::Instant, std::sync::Arc<Vec<String>>)>>,
}

impl PopularSearches {
    pub async fn get(&self, pool: &sqlx::PgPool) -> std::sync::Arc<Vec<String>> {
        if let Some((at, list)) = &*self.cached.read().await {
            if at.elapsed() < POPULAR_TTL {
                return list.clone();
            }
        }
        let mut cached = self.cached.write().await;
        if let Some((at, list)) = &*cached {
            if at.elapsed() < POPULAR_TTL {
                return list.clone();
            }
        }
        let read = sqlx::query_scalar::<_, String>(
            "SELECT keyword FROM analytics_popular_searches \
             WHERE keyword NOT IN (SELECT value FROM popular_blocks WHERE list = 'searches') \
             ORDER BY rank LIMIT 100",
        )
        .fetch_all(pool)
        .await;
        let list = match read {
            Ok(found) if !found.is_empty() => found,
            Ok(_) => POPULAR_SEARCHES.iter().map(|s| s.to_string()).collect(),
            Err(e) => {
                tracing::warn!(error = %e, "popular searches could not be read");
                match &*cached {
                    Some((_, list)) => return list.clone(),
                    None => POPULAR_SEARCHES.iter().map(|s| s.to_string()).collect(),
                }
            }
        };
        let list = std::sync::Arc::new(list);
        *cached = Some((std::time::Instant::now(), list.clone()));
        list
    }
}

pub fn router(state: QueryState) -> Router {
    Router::new()
        .route("/s/a/autocomplete", get(autocomplete))
        .with_state(state)
}

#[derive(Debug, Deserialize)]
pub struct Params {
    #[serde(default)]
    keyword: Option<String>,
}

/// A suggested search, brand or department: where it leads and its text as escaped HTML
/// (the typed prefix in `<strong>`).
#[derive(Debug, Serialize, Default, utoipa::ToSchema)]
#[schema(as = SuggestionLink)]
pub struct Link {
    pub url: String,
    pub html: String,
}

/// A suggested product.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = SuggestedProduct)]
pub struct ProductHit {
    /// Plain text (not HTML): render it as text.
    pub name: String,
    /// Plain text.
    pub vendor_brand: String,
    pub url: String,
    pub thumbnail: Option<String>,
    /// "$12.99"; absent when the price is below the minimum advertised price (shown only in
    /// the cart).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub price: Option<String>,
}

/// Search suggestions: popular searches, brands, departments (`categories`) and products.
#[derive(Debug, Serialize, Default, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Suggestions {
    pub brands: Vec<Link>,
    pub categories: Vec<Link>,
    pub popular_searches: Vec<Link>,
    pub products: Vec<ProductHit>,
    pub product_heading: String,
    pub count: i64,
}

/// Escaped `text` with the first case-insensitive occurrence of `keyword` in `<strong>`.
pub fn highlight(text: &str, keyword: &str) -> String {
    let lower = text.to_lowercase();
    let needle = keyword.to_lowercase();
    match (!needle.is_empty()).then(|| lower.find(&needle)).flatten() {
        // Offsets found in the lowercased text hold in the original only when lowercasing kept
        // every character's length; else (and off a character boundary) nothing is bolded.
        Some(start)
            if lower.len() == text.len()
                && text.chars().all(|c| {
                    c.to_lowercase().map(char::len_utf8).sum::<usize>() == c.len_utf8()
                })
                && text.is_char_boundary(start)
                && text.is_char_boundary(start + needle.len()) =>
        {
            let end = start + needle.len();
            format!(
                "{}<strong>{}</strong>{}",
                escape_html(&text[..start]),
                escape_html(&text[start..end]),
                escape_html(&text[end..])
            )
        }
        _ => escape_html(text),
    }
}

fn search_url(keyword: &str) -> String {
    let encoded: String = keyword
        .bytes()
        .map(|b| match b {
            b'a'..=b'z' | b'A'..=b'Z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => {
                (b as char).to_string()
            }
            b' ' => "+".to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect();
    format!("/s/?keyword={encoded}")
}

/// The keyword as the rules of spec 5 leave it, or `None` when it gives no suggestions.
pub fn usable_keyword(raw: &str) -> Option<String> {
    let cut: String = raw.chars().take(MAX_KEYWORD_CHARS).collect();
    let keyword = cut.trim().to_string();
    let numeric = !keyword.is_empty() && keyword.chars().all(|c| c.is_ascii_digit());
    if numeric && keyword.len() <= 4 {
        return None;
    }
    Some(keyword)
}

/// Products, brands and departments suggested at most.
const PRODUCTS: usize = 6;
const BRANDS: usize = 5;
const CATEGORIES: usize = 5;

#[utoipa::path(
    get,
    path = "/s/a/autocomplete",
    tag = "search",
    summary = "Search suggestions (150-character cut; 1-4 digits give none; html escaped)",
    params(("keyword" = Option<String>, Query, example = "rope")),
    responses(
        (status = 200, description = "OK", body = Suggestions),
        (status = 400, description = "Bad request: `InvalidText` (an encoded NUL, `%00`, in the URL); `BadRequest` (the query string cannot be read, e.g. keyword given twice).", body = kernel::http::ErrorBody),
    )
)]
async fn autocomplete(
    State(state): State<QueryState>,
    Query(params): Query<Params>,
) -> Result<Json<Suggestions>, ApiError> {
    let Some(keyword) = usable_keyword(params.keyword.as_deref().unwrap_or("")) else {
        return Ok(Json(Suggestions::default()));
    };
    let known = state.popular.get(&state.pool).await;
    let popular = |filter: &str| -> Vec<Link> {
        let filter = filter.to_lowercase();
        known
            .iter()
            .filter(|p| p.starts_with(&filter) || p.contains(&format!(" {filter}")))
            .take(5)
            .map(|p| Link {
                url: search_url(p),
                html: highlight(p, &filter),
            })
            .collect()
    };
    if keyword.is_empty() {
        return Ok(Json(Suggestions {
            popular_searches: popular(""),
            ..Default::default()
        }));
    }
    let engine = state.search.clone();
    let found = {
        let (engine, keyword) = (engine.clone(), keyword.clone());
        tokio::task::spawn_blocking(move || engine.suggest(&keyword, PRODUCTS, BRANDS))
            .await
            .map_err(ApiError::internal)?
            .map_err(ApiError::internal)?
    };
    let products = indexed_summaries(&state.pool, &engine, &found.ids)
        .await?
        .iter()
        .map(|p| &p.summary)
        .map(|p| ProductHit {
            price: (!p.below_map).then(|| p.price.clone()),
            name: p.name.clone(),
            vendor_brand: p.vendor_brand.clone(),
            url: p.url.clone(),
            thumbnail: p.thumbnail.clone(),
        })
        .collect();
    let brands = found
        .brands
        .iter()
        .map(|(brand, _)| Link {
            url: format!(
                "{}&brand={}",
                search_url(&keyword),
                search_url(brand).trim_start_matches("/s/?keyword=")
            ),
            html: highlight(brand, &keyword),
        })
        .collect();
    // Departments with a word starting as typed: shortest names first.
    let typed = keyword.to_lowercase();
    let word_start = format!(" {typed}");
    let departments = engine.departments();
    let mut matching: Vec<&search_indexer::document::Department> = departments
        .by_id
        .values()
        .filter(|d| {
            let name = d.name.to_lowercase();
            name.starts_with(&typed) || name.contains(&word_start)
        })
        .collect();
    matching.sort_by(|a, b| a.name.len().cmp(&b.name.len()).then(a.id.cmp(&b.id)));
    let categories = matching
        .into_iter()
        .take(CATEGORIES)
        .map(|d| Link {
            url: d.url.clone(),
            html: highlight(&d.name, &keyword),
        })
        .collect();
    Ok(Json(Suggestions {
        brands,
        categories,
        popular_searches: popular(&keyword),
        products,
        product_heading: format!("Top Products for \u{201c}{}\u{201d}", escape_html(&keyword)),
        count: found.count as i64,
    }))
}

/// This module's operations in the OpenAPI document (merged by the crate's `openapi()`).
#[derive(utoipa::OpenApi)]
#[openapi(paths(autocomplete))]
pub(crate) struct Api;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_keyword_rules_of_the_spec() {
        assert_eq!(usable_keyword("12"), None);
        assert_eq!(usable_keyword("1234"), None);
        assert_eq!(usable_keyword("12345").as_deref(), Some("12345"));
        assert_eq!(usable_keyword("  rope ").as_deref(), Some("rope"));
        assert_eq!(usable_keyword(&"a".repeat(200)).unwrap().len(), 150);
    }

    #[test]
    fn text_whose_lowercase_changes_character_sizes_is_never_sliced_apart() {
        // 'İ' (2 bytes) lowercases to 3 bytes and 'ẞ' (3) to 'ß' (2): same total length.
        for (text, keyword) in [
            ("İẞ rope", "rope"),
            ("İẞ", "ß"),
            ("ẞİ", "i̇"),
            ("Ωmega", "ω"),
        ] {
            let out = highlight(text, keyword);
            assert!(
                out.contains(&escape_html(text)) || out.contains("<strong>"),
                "{out}"
            );
        }
    }

    #[test]
    fn html_is_escaped_and_the_match_is_strong() {
        assert_eq!(
            highlight("Rope & <Twine>", "rope"),
            "<strong>Rope</strong> &amp; &lt;Twine&gt;"
        );
        assert_eq!(highlight("<b>", "x"), "&lt;b&gt;");
    }
}
