//! The store's own pictures: every image URL the catalog names is drawn here as an SVG
//! illustration, so the demo store looks like a store and no picture is ever a broken link.
//!
//! * `GET /images/products/{blain}_{n}.svg` — the product, drawn by its family (tire, battery,
//!   feed bag, boot, shirt, tool, paint can, plant, …) in its colour (the `Color` attribute, else
//!   one picked from its number), with the brand on it; `n` (1–3) is the view.
//! * `GET /images/banners/{slug}.svg` — a department banner; `GET /images/ads/{name}.svg` — an
//!   ad picture.
//!
//! `.jpg` names (catalogs seeded before the pictures) answer 301 to the `.svg`. Unknown products
//! and malformed names are 404 — a missing picture is never the SPA's index.html. Answers are
//! cacheable for a day and carry a CSP that forbids scripts (text from the catalog is escaped).

use axum::extract::{Path, State};
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use sqlx::Row;

use crate::QueryState;

pub fn router(state: QueryState) -> Router {
    Router::new()
        .route("/images/products/{file}", get(product_image))
        .route("/images/banners/{file}", get(banner_image))
        .route("/images/ads/{file}", get(ad_image))
        .with_state(state)
}

/// XML-escaped text.
fn xml(text: &str) -> String {
    text.chars()
        .filter(|c| !c.is_control())
        .map(|c| match c {
            '&' => "&amp;".to_string(),
            '<' => "&lt;".to_string(),
            '>' => "&gt;".to_string(),
            '"' => "&quot;".to_string(),
            '\'' => "&#39;".to_string(),
            c => c.to_string(),
        })
        .collect()
}

fn svg_response(svg: String) -> Response {
    (
        [
            (
                header::CONTENT_TYPE,
                HeaderValue::from_static("image/svg+xml"),
            ),
            (
                header::CACHE_CONTROL,
                HeaderValue::from_static("public, max-age=86400"),
            ),
            (
                header::CONTENT_SECURITY_POLICY,
                HeaderValue::from_static("default-src 'none'; style-src 'unsafe-inline'"),
            ),
            (
                header::X_CONTENT_TYPE_OPTIONS,
                HeaderValue::from_static("nosniff"),
            ),
        ],
        svg,
    )
        .into_response()
}

fn not_found() -> Response {
    kernel::http::ApiError::NotFoundMessage("Picture not found.").into_response()
}

/// `name.svg` → Some("name"); `name.jpg` → a redirect to `name.svg`; anything else → 404.
#[allow(clippy::result_large_err)] // the refusal is the response itself
fn stem<'a>(file: &'a str, base: &str) -> Result<&'a str, Response> {
    let ok = |s: &str| {
        !s.is_empty()
            && s.len() <= 100
            && s.chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
    };
    if let Some(s) = file.strip_suffix(".svg").filter(|s| ok(s)) {
        return Ok(s);
    }
    if let Some(s) = file.strip_suffix(".jpg").filter(|s| ok(s)) {
        let location = format!("{base}{s}.svg");
        return Err((
            StatusCode::MOVED_PERMANENTLY,
            [(
                header::LOCATION,
                HeaderValue::from_str(&location).unwrap_or(HeaderValue::from_static("/")),
            )],
        )
            .into_response());
    }
    Err(not_found())
}

/// A 32-bit FNV-1a hash: stable picks of colour and layout.
fn hash(text: &str) -> u32 {
    text.bytes().fold(0x811c_9dc5u32, |h, b| {
        (h ^ u32::from(b)).wrapping_mul(0x0100_0193)
    })
}

/// The catalog's colour names as paint.
pub fn colour(name: &str) -> Option<&'static str> {
    let n = name.to_ascii_lowercase();
    let table: &[(&str, &str)] = &[
        ("dark brown", "#4a2e1a"),
        ("charcoal", "#45474b"),
        ("heather gray", "#9b9ea3"),
        ("forest green", "#2e6b3a"),
        ("dusty rose", "#c48a8a"),
        ("black", "#26282b"),
        ("navy", "#1f2d5a"),
        ("brown", "#7a4a2a"),
        ("moss", "#6b7a3a"),
        ("gravel", "#8a8a80"),
        ("red", "#c8102e"),
        ("blue", "#2e6bb0"),
        ("white", "#eceae4"),
        ("olive", "#6b6b2e"),
        ("burgundy", "#6d1a2b"),
        ("teal", "#1f7a7a"),
        ("plum", "#6a2e5a"),
        ("green", "#3a8a3a"),
        ("yellow", "#e0b020"),
        ("orange", "#e07020"),
        ("pink", "#e08aa0"),
        ("purple", "#6a3a9a"),
        ("tan", "#c8a878"),
        ("khaki", "#b8a878"),
        ("gray", "#8a8d91"),
        ("grey", "#8a8d91"),
        ("silver", "#b4b7bb"),
        ("camo", "#5a6b3a"),
        ("realtree", "#6b5a3a"),
        ("mossy oak", "#5a5a3a"),
    ];
    table.iter().find(|(k, _)| n.contains(k)).map(|(_, v)| *v)
}

const PALETTE: [&str; 8] = [
    "#c8102e", "#2e6b3a", "#2e6bb0", "#e07020", "#6b4a2a", "#1f7a7a", "#6a3a9a", "#45474b",
];

/// What a product is drawn as.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Family {
    Tire,
    Battery,
    Bag,
    Boot,
    Shirt,
    Tool,
    PaintCan,
    Plant,
    Bottle,
    Pot,
    Ball,
    Heater,
    Mower,
    Fish,
    Target,
    Jar,
    Box,
}

pub fn family(kind: &str, department_path: &[String], name: &str) -> Family {
    let name = name.to_ascii_lowercase();
    let top = department_path.first().map(String::as_str).unwrap_or("");
    let has = |words: &[&str]| words.iter().any(|w| name.contains(w));
    if kind == "Tire" || has(&["tire"]) && top == "Automotive" {
        return Family::Tire;
    }
    if has(&["battery", "batteries"]) {
        return Family::Battery;
    }
    match top {
        "Farm & Ranch" | "Pet"
            if has(&[
                "feed", "food", "seed", "mineral", "treat", "litter", "bedding", "pellet",
            ]) =>
        {
            Family::Bag
        }
        "Farm & Ranch" => Family::Tool,
        "Pet" => Family::Pot,
        "Lawn & Garden" if has(&["seed", "fertilizer", "soil", "mulch"]) => Family::Bag,
        "Lawn & Garden" => Family::Plant,
        "Clothing" => Family::Shirt,
        "Footwear" => Family::Boot,
        "Tools" | "Hardware" | "Electrical" | "Plumbing" => Family::Tool,
        "Paint" => Family::PaintCan,
        "Automotive" => Family::Bottle,
        "Kitchen" => Family::Pot,
        "Toys" | "Sporting Goods" => Family::Ball,
        "Heating & Cooling" => Family::Heater,
        "Outdoor Power Equipment" => Family::Mower,
        "Fishing" => Family::Fish,
        "Hunting" => Family::Target,
        "Food & Snacks" | "Health & Beauty" => Family::Jar,
        _ => Family::Box,
    }
}

/// The drawing of a family in colour `c` (dark shade `d`), on a 400×400 canvas.
fn shape(f: Family, c: &str, d: &str) -> String {
    match f {
        Family::Tire => format!(
            r##"<circle cx="200" cy="200" r="150" fill="#26282b"/><circle cx="200" cy="200" r="122" fill="none" stroke="#3a3d41" stroke-width="14" stroke-dasharray="10 8"/><circle cx="200" cy="200" r="78" fill="#b4b7bb"/><circle cx="200" cy="200" r="62" fill="{c}"/><circle cx="200" cy="200" r="16" fill="#45474b"/>"##
        ),
        Family::Battery => format!(
            r##"<rect x="90" y="130" width="220" height="170" rx="12" fill="{c}"/><rect x="90" y="130" width="220" height="40" rx="12" fill="{d}"/><rect x="120" y="108" width="36" height="26" rx="4" fill="#b4b7bb"/><rect x="244" y="108" width="36" height="26" rx="4" fill="#b4b7bb"/><text x="138" y="240" font-size="40" fill="#fff" font-family="sans-serif">+</text><text x="252" y="240" font-size="40" fill="#fff" font-family="sans-serif">−</text>"##
        ),
        Family::Bag => format!(
            r##"<path d="M120 90 L280 90 L300 320 Q200 345 100 320 Z" fill="{c}"/><path d="M120 90 L280 90 L276 120 L124 120 Z" fill="{d}"/><rect x="140" y="180" width="120" height="70" rx="8" fill="#fff" opacity="0.9"/>"##
        ),
        Family::Boot => format!(
            r##"<path d="M150 80 L230 80 L235 230 L320 260 Q335 300 310 310 L110 310 L118 230 Z" fill="{c}"/><rect x="105" y="300" width="215" height="22" rx="6" fill="{d}"/><path d="M160 110 L225 110 M160 140 L225 140 M160 170 L225 170" stroke="{d}" stroke-width="6"/>"##
        ),
        Family::Shirt => format!(
            r##"<path d="M140 80 L170 95 Q200 120 230 95 L260 80 L330 130 L300 180 L275 165 L275 320 L125 320 L125 165 L100 180 L70 130 Z" fill="{c}"/><path d="M170 95 Q200 120 230 95" fill="none" stroke="{d}" stroke-width="8"/>"##
        ),
        Family::Tool => format!(
            r##"<rect x="185" y="150" width="30" height="190" rx="10" fill="{c}" transform="rotate(-35 200 200)"/><path d="M150 60 a60 60 0 1 0 80 80 l-30 -10 l-10 -30 Z" fill="#8a8d91" transform="rotate(-35 200 200)"/>"##
        ),
        Family::PaintCan => format!(
            r##"<rect x="110" y="110" width="180" height="200" rx="10" fill="#b4b7bb"/><ellipse cx="200" cy="110" rx="90" ry="18" fill="#8a8d91"/><rect x="110" y="170" width="180" height="90" fill="{c}"/><path d="M120 110 Q200 40 280 110" fill="none" stroke="#45474b" stroke-width="6"/>"##
        ),
        Family::Plant => format!(
            r##"<path d="M135 250 L265 250 L250 330 L150 330 Z" fill="#b5652b"/><path d="M200 250 Q150 150 110 140 Q160 190 195 250 M200 250 Q250 150 290 130 Q240 190 205 250 M200 250 Q200 140 200 90" stroke="{c}" stroke-width="14" fill="none" stroke-linecap="round"/>"##
        ),
        Family::Bottle => format!(
            r##"<rect x="180" y="70" width="40" height="30" rx="4" fill="{d}"/><path d="M170 100 L230 100 L270 150 L270 320 Q200 335 130 320 L130 150 Z" fill="{c}"/><rect x="145" y="190" width="110" height="80" rx="8" fill="#fff" opacity="0.9"/>"##
        ),
        Family::Pot => format!(
            r##"<rect x="100" y="170" width="200" height="130" rx="18" fill="{c}"/><rect x="90" y="160" width="220" height="20" rx="8" fill="{d}"/><rect x="60" y="185" width="40" height="14" rx="6" fill="{d}"/><rect x="300" y="185" width="40" height="14" rx="6" fill="{d}"/>"##
        ),
        Family::Ball => format!(
            r##"<circle cx="200" cy="200" r="120" fill="{c}"/><path d="M90 170 Q200 230 310 170 M110 260 Q200 200 290 260" stroke="#fff" stroke-width="8" fill="none"/>"##
        ),
        Family::Heater => format!(
            r##"<rect x="110" y="100" width="180" height="220" rx="16" fill="{c}"/><rect x="135" y="130" width="130" height="120" rx="8" fill="#26282b"/><path d="M150 150 L250 150 M150 175 L250 175 M150 200 L250 200 M150 225 L250 225" stroke="#e07020" stroke-width="8"/><circle cx="200" cy="285" r="14" fill="{d}"/>"##
        ),
        Family::Mower => format!(
            r##"<rect x="100" y="200" width="200" height="70" rx="16" fill="{c}"/><rect x="150" y="170" width="80" height="40" rx="8" fill="#45474b"/><path d="M280 210 L340 90" stroke="#45474b" stroke-width="10"/><circle cx="130" cy="285" r="28" fill="#26282b"/><circle cx="270" cy="285" r="28" fill="#26282b"/>"##
        ),
        Family::Fish => format!(
            r##"<path d="M80 200 Q180 100 290 200 Q180 300 80 200 Z" fill="{c}"/><path d="M285 200 L340 150 L340 250 Z" fill="{d}"/><circle cx="130" cy="190" r="8" fill="#fff"/>"##
        ),
        Family::Target => format!(
            r##"<circle cx="200" cy="200" r="130" fill="#fff" stroke="{d}" stroke-width="6"/><circle cx="200" cy="200" r="95" fill="{c}"/><circle cx="200" cy="200" r="60" fill="#fff"/><circle cx="200" cy="200" r="28" fill="{c}"/>"##
        ),
        Family::Jar => format!(
            r##"<rect x="130" y="100" width="140" height="36" rx="8" fill="{d}"/><rect x="115" y="130" width="170" height="190" rx="24" fill="{c}"/><rect x="135" y="190" width="130" height="70" rx="8" fill="#fff" opacity="0.9"/>"##
        ),
        Family::Box => format!(
            r##"<path d="M200 80 L320 140 L320 280 L200 340 L80 280 L80 140 Z" fill="{c}"/><path d="M200 80 L320 140 L200 200 L80 140 Z" fill="{d}"/><path d="M200 200 L200 340" stroke="{d}" stroke-width="4"/>"##
        ),
    }
}

/// A darker shade of `#rrggbb`.
fn darker(hex: &str) -> String {
    let v = u32::from_str_radix(hex.trim_start_matches('#'), 16).unwrap_or(0x444444);
    let scale = |x: u32| (x as f32 * 0.72) as u32;
    let (r, g, b) = (scale(v >> 16 & 0xff), scale(v >> 8 & 0xff), scale(v & 0xff));
    format!("#{r:02x}{g:02x}{b:02x}")
}

/// The product's picture `view` (1–3).
pub fn product_svg(
    blain: &str,
    view: u32,
    family: Family,
    colour_name: Option<&str>,
    brand: &str,
) -> String {
    let h = hash(blain);
    let main = colour_name
        .and_then(colour)
        .unwrap_or(PALETTE[(h % PALETTE.len() as u32) as usize]);
    let dark = darker(main);
    let backgrounds = ["#f4f1ea", "#eef2f5", "#f3eef0"];
    let background = backgrounds[(view as usize + h as usize) % backgrounds.len()];
    let (scale, turn) = match view {
        2 => (0.8, -8),
        3 => (0.65, 10),
        _ => (1.0, 0),
    };
    let brand: String = brand.chars().take(22).collect();
    format!(
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400" viewBox="0 0 400 400" role="img"><rect width="400" height="400" fill="{background}"/><g transform="translate(200 200) rotate({turn}) scale({scale}) translate(-200 -200)">{}</g><text x="200" y="378" text-anchor="middle" font-family="Arial, Helvetica, sans-serif" font-size="20" font-weight="700" fill="#45474b">{}</text></svg>"##,
        shape(family, main, &dark),
        xml(&brand)
    )
}

/// A wide picture with a title (banners, ads).
pub fn banner_svg(title: &str, width: u32, height: u32) -> String {
    let h = hash(title);
    let main = PALETTE[(h % PALETTE.len() as u32) as usize];
    let dark = darker(main);
    let size = (height / 5).clamp(18, 56);
    format!(
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" role="img"><defs><linearGradient id="g" x1="0" x2="1"><stop offset="0" stop-color="{main}"/><stop offset="1" stop-color="{dark}"/></linearGradient></defs><rect width="{width}" height="{height}" fill="url(#g)"/><circle cx="{}" cy="{}" r="{}" fill="#fff" opacity="0.12"/><text x="40" y="{}" font-family="Arial, Helvetica, sans-serif" font-size="{size}" font-weight="700" fill="#fff">{}</text></svg>"##,
        width - height / 2,
        height / 2,
        height * 2 / 3,
        height / 2 + size / 3,
        xml(title)
    )
}

/// The home page's hero picture: a farm on a summer morning (no words: the page sets the
/// headline over it). The scene is drawn on 1600×500; narrower pictures show its right part
/// (the barn).
pub fn hero_svg(width: u32, height: u32) -> String {
    // The visible window of the scene: 500 units tall, right-aligned (the barn stays in view).
    let height = height.max(1);
    let view_w = width as f32 * 500.0 / height as f32;
    let (x, y, view_h) = ((1600.0 - view_w).max(0.0), 0, 500);
    format!(
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="{x} {y} {view_w} {view_h}" preserveAspectRatio="xMaxYMid slice" role="img"><defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#7fc3ea"/><stop offset="1" stop-color="#e6f4fb"/></linearGradient><linearGradient id="field" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#6aa84f"/><stop offset="1" stop-color="#3f7a32"/></linearGradient></defs><rect x="-2000" y="-2000" width="6000" height="6000" fill="url(#sky)"/><circle cx="1380" cy="110" r="58" fill="#ffd76a"/><circle cx="1380" cy="110" r="86" fill="#ffd76a" opacity="0.25"/><path d="M-2000 330 Q200 250 520 300 T1100 280 T1600 300 L3600 300 L3600 2600 L-2000 2600 Z" fill="#9cc97a"/><path d="M-2000 380 Q300 320 700 360 T1600 350 L3600 350 L3600 2600 L-2000 2600 Z" fill="url(#field)"/><g transform="translate(1040 200)"><rect x="0" y="70" width="230" height="160" fill="#b3362b"/><path d="M-14 78 L115 0 L244 78 Z" fill="#7d231c"/><rect x="80" y="140" width="70" height="90" fill="#f2efe8"/><path d="M80 140 L150 230 M150 140 L80 230" stroke="#b3362b" stroke-width="8"/><rect x="95" y="40" width="40" height="30" fill="#f2efe8"/><rect x="270" y="20" width="64" height="210" fill="#c8cbd0"/><path d="M270 20 Q302 -22 334 20 Z" fill="#9a9ea5"/><path d="M270 80 L334 80 M270 140 L334 140" stroke="#9a9ea5" stroke-width="4"/></g><g stroke="#7a5230" stroke-width="6"><path d="M560 395 L1560 395 M560 425 L1560 425"/><path d="M580 380 L580 445 M700 380 L700 445 M820 380 L820 445 M940 380 L940 445 M1060 380 L1060 445 M1180 380 L1180 445 M1300 380 L1300 445 M1420 380 L1420 445 M1540 380 L1540 445"/></g><g fill="#2f6a27"><circle cx="880" cy="300" r="34"/><circle cx="915" cy="285" r="40"/><circle cx="950" cy="305" r="30"/></g><rect x="908" y="320" width="10" height="40" fill="#5b3b22"/></svg>"##
    )
}

/// "winter-tires-desktop" → "Winter Tires".
fn title_of(stem: &str) -> String {
    stem.split(['-', '_'])
        .filter(|w| !matches!(*w, "desktop" | "mobile"))
        .map(|w| {
            let mut c = w.chars();
            c.next()
                .map(|f| f.to_uppercase().collect::<String>() + c.as_str())
                .unwrap_or_default()
        })
        .collect::<Vec<_>>()
        .join(" ")
}

#[utoipa::path(get, path = "/images/products/{file}", tag = "catalog",
    summary = "A product's picture",
    description = "`{blainNumber}_{view}.svg` (view 1–3): the product drawn by its family in its colour, brand on it. Unknown products are 404.",
    params(("file" = String, Path)),
    responses(
        (status = 200, description = "The picture (`image/svg+xml`, cacheable for a day, no scripts)",
            content_type = "image/svg+xml", body = String),
        (status = 301, description = "A `.jpg` name: moved to the `.svg`",
            headers(("Location" = String))),
        (status = 404, description = "'Picture not found.' (code `NotFound`)", body = kernel::http::ErrorBody),
    ))]
async fn product_image(State(state): State<QueryState>, Path(file): Path<String>) -> Response {
    let stem = match stem(&file, "/images/products/") {
        Ok(s) => s,
        Err(r) => return r,
    };
    let Some((blain, view)) = stem.rsplit_once('_') else {
        return not_found();
    };
    let Ok(view) = view.parse::<u32>() else {
        return not_found();
    };
    if !(1..=3).contains(&view) {
        return not_found();
    }
    let row = sqlx::query(
        "SELECT name, vendor_brand, department_path, kind, attributes FROM products WHERE blain_number = $1",
    )
    .bind(blain)
    .fetch_optional(&state.pool)
    .await;
    let row = match row {
        Ok(Some(r)) => r,
        Ok(None) => return not_found(),
        Err(e) => return kernel::http::ApiError::from(e).into_response(),
    };
    let name: String = row.get("name");
    let brand: String = row.get("vendor_brand");
    let path: Vec<String> = row.get("department_path");
    let kind: String = row.get("kind");
    let attributes: serde_json::Value = row.get("attributes");
    let colour_name = attributes.as_array().and_then(|list| {
        list.iter().find_map(|a| {
            let name = a.get("name").or_else(|| a.get(0))?.as_str()?;
            (name == "Color")
                .then(|| {
                    a.get("value")
                        .or_else(|| a.get(1))?
                        .as_str()
                        .map(str::to_string)
                })
                .flatten()
        })
    });
    svg_response(product_svg(
        blain,
        view,
        family(&kind, &path, &name),
        colour_name.as_deref(),
        &brand,
    ))
}

#[utoipa::path(get, path = "/images/banners/{file}", tag = "catalog",
    summary = "A department banner",
    description = "`{slug}.svg`, drawn with the department's name.",
    params(("file" = String, Path)),
    responses(
        (status = 200, description = "The picture (`image/svg+xml`, cacheable for a day, no scripts)",
            content_type = "image/svg+xml", body = String),
        (status = 301, description = "A `.jpg` name: moved to the `.svg`",
            headers(("Location" = String))),
        (status = 404, description = "'Picture not found.' (code `NotFound`)", body = kernel::http::ErrorBody),
    ))]
async fn banner_image(Path(file): Path<String>) -> Response {
    match stem(&file, "/images/banners/") {
        Ok("hero-desktop") => svg_response(hero_svg(1600, 500)),
        Ok("hero-mobile") => svg_response(hero_svg(800, 600)),
        Ok(s) => svg_response(banner_svg(&title_of(s), 1200, 300)),
        Err(r) => r,
    }
}

#[utoipa::path(get, path = "/images/ads/{file}", tag = "catalog",
    summary = "An ad picture",
    description = "`{name}.svg` (`…-mobile.svg` is narrower).",
    params(("file" = String, Path)),
    responses(
        (status = 200, description = "The picture (`image/svg+xml`, cacheable for a day, no scripts)",
            content_type = "image/svg+xml", body = String),
        (status = 301, description = "A `.jpg` name: moved to the `.svg`",
            headers(("Location" = String))),
        (status = 404, description = "'Picture not found.' (code `NotFound`)", body = kernel::http::ErrorBody),
    ))]
async fn ad_image(Path(file): Path<String>) -> Response {
    match stem(&file, "/images/ads/") {
        Ok(s) if s.ends_with("mobile") => svg_response(banner_svg(&title_of(s), 600, 300)),
        Ok(s) => svg_response(banner_svg(&title_of(s), 1200, 300)),
        Err(r) => r,
    }
}

/// This module's operations in the OpenAPI document (merged by the crate's `openapi()`).
#[derive(utoipa::OpenApi)]
#[openapi(paths(product_image, banner_image, ad_image))]
pub(crate) struct Api;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn families_follow_the_department_and_kind() {
        let path = |p: &str| vec![p.to_string()];
        assert_eq!(
            family("Tire", &path("Automotive"), "All Season"),
            Family::Tire
        );
        assert_eq!(
            family("Auto", &path("Automotive"), "Group 24F Battery"),
            Family::Battery
        );
        assert_eq!(
            family("General", &path("Farm & Ranch"), "Layer Feed 40 lb"),
            Family::Bag
        );
        assert_eq!(
            family("General", &path("Footwear"), "Work Boot"),
            Family::Boot
        );
        assert_eq!(family("General", &path("Gifts"), "Mug"), Family::Box);
    }

    #[test]
    fn text_is_escaped_and_colours_are_named() {
        let svg = product_svg("100", 1, Family::Box, Some("Forest Green"), "<Zuke's & Co>");
        assert!(svg.contains("&lt;Zuke&#39;s &amp; Co&gt;"), "{svg}");
        assert!(svg.contains("#2e6b3a"));
        assert!(!svg.contains("<Zuke"));
    }

    #[test]
    fn names_are_svg_or_redirected_jpg() {
        assert_eq!(stem("100_1.svg", "/images/products/").ok(), Some("100_1"));
        let r = stem("100_1.jpg", "/images/products/").unwrap_err();
        assert_eq!(r.status(), StatusCode::MOVED_PERMANENTLY);
        assert_eq!(r.headers()[header::LOCATION], "/images/products/100_1.svg");
        assert_eq!(
            stem("../x.svg", "/images/products/").unwrap_err().status(),
            StatusCode::NOT_FOUND
        );
        assert_eq!(
            stem("x.png", "/images/products/").unwrap_err().status(),
            StatusCode::NOT_FOUND
        );
    }

    #[test]
    fn titles_come_from_names() {
        assert_eq!(title_of("winter-tires-desktop"), "Winter Tires");
    }
}
