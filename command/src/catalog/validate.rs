//! Server-side validation shared by the aggregates, the importer and the seed.

use super::model::*;

/// A rejected catalog value: which field and why, in words an operator can act on.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{field}: {message}")]
pub struct Invalid {
    pub field: &'static str,
    pub message: String,
}

fn invalid(field: &'static str, message: impl Into<String>) -> Invalid {
    Invalid {
        field,
        message: message.into(),
    }
}

fn required(field: &'static str, value: &str, max: usize) -> Result<(), Invalid> {
    let len = value.trim().chars().count();
    if len == 0 {
        return Err(invalid(field, "is required"));
    }
    if value.chars().count() > max {
        return Err(invalid(field, format!("must be {max} characters or less")));
    }
    Ok(())
}

fn local_url(field: &'static str, value: &str) -> Result<(), Invalid> {
    if !value.starts_with('/') || value.starts_with("//") || value.contains('\\') {
        return Err(invalid(
            field,
            "must be a local path starting with a single '/'",
        ));
    }
    Ok(())
}

pub fn department(d: &DepartmentData) -> Result<(), Invalid> {
    if d.id <= 0 {
        return Err(invalid("id", "must be a positive number"));
    }
    if d.parent_id == Some(d.id) {
        return Err(invalid("parentId", "cannot be the department itself"));
    }
    required("name", &d.name, 100)?;
    local_url("url", &d.url)
}

/// Blain numbers are the retailer's item numbers: 1 to 20 letters, digits or dashes
/// (`kernel::values::BlainNumber`).
pub fn blain_number(value: &str) -> Result<(), Invalid> {
    kernel::values::BlainNumber::parse(value)
        .map(drop)
        .map_err(|e| invalid("blainNumber", e.0))
}

/// The largest amount of money a product carries (price, MAP, was-price, a protection plan):
/// $1,000,000.00. With at most 999 of an item per cart and 100 lines, no cart total comes near
/// overflowing (docs/security.md).
pub const MAX_PRICE_CENTS: i64 = 100_000_000;

pub fn product(p: &ProductData) -> Result<(), Invalid> {
    blain_number(&p.blain_number)?;
    required("name", &p.name, 200)?;
    required("vendorBrand", &p.vendor_brand, 100)?;
    if p.department_id <= 0 {
        return Err(invalid("departmentId", "must be a positive number"));
    }
    if p.department_path.is_empty() {
        return Err(invalid("departmentPath", "is required"));
    }
    if p.price_cents < 0 {
        return Err(invalid("price", "must not be negative"));
    }
    if p.map_price_cents.is_some_and(|m| m < 0) {
        return Err(invalid("mapPrice", "must not be negative"));
    }
    let too_much = |cents: Option<i64>| cents.is_some_and(|c| c > MAX_PRICE_CENTS);
    for (field, cents) in [
        ("price", Some(p.price_cents)),
        ("mapPrice", p.map_price_cents),
        ("wasPrice", p.was_price_cents),
    ] {
        if too_much(cents) {
            return Err(invalid(field, "must be at most $1,000,000.00"));
        }
    }
    if p.warranties.iter().any(|w| too_much(Some(w.price_cents))) {
        return Err(invalid("warranty", "must be at most $1,000,000.00"));
    }
    if p.price_mode == PriceMode::BelowMap && p.map_price_cents.is_none_or(|m| p.price_cents >= m) {
        return Err(invalid(
            "priceMode",
            "BelowMap needs a MAP price above the price",
        ));
    }
    match (p.kind, p.tire_size) {
        (ProductKind::Tire, None) => return Err(invalid("tireSize", "is required for tires")),
        (_, Some(t)) => {
            if !(100..=400).contains(&t.width) {
                return Err(invalid("tireWidth", "must be 100 to 400"));
            }
            if !(20..=100).contains(&t.ratio) {
                return Err(invalid("tireRatio", "must be 20 to 100"));
            }
            if !(10..=30).contains(&t.rim) {
                return Err(invalid("tireRim", "must be 10 to 30"));
            }
        }
        _ => {}
    }
    for c in &p.bundle {
        blain_number(&c.blain_number)?;
        if c.blain_number == p.blain_number {
            return Err(invalid("bundle", "cannot contain the product itself"));
        }
        if !(1..=999).contains(&c.quantity) {
            return Err(invalid("bundle", "quantities must be 1 to 999"));
        }
    }
    if let Some(r) = p.rating {
        if !(1.0..=5.0).contains(&r.average) || r.count < 1 {
            return Err(invalid(
                "rating",
                "needs an average from 1 to 5 and 1 or more reviews",
            ));
        }
    }
    if p.was_price_cents.is_some_and(|w| w <= p.price_cents) {
        return Err(invalid("wasPrice", "must be above the price"));
    }
    if p.sale_ends_on.is_some() && p.was_price_cents.is_none() {
        return Err(invalid("saleEndsOn", "needs a wasPrice (the sale it ends)"));
    }
    for w in &p.warranties {
        required("warranty", &w.name, 200)?;
        if w.price_cents < 0 || w.years <= 0 {
            return Err(invalid(
                "warranty",
                "needs a price of 0 or more and 1 or more years",
            ));
        }
    }
    Ok(())
}

pub fn store(s: &StoreData) -> Result<(), Invalid> {
    if s.store_num <= 0 {
        return Err(invalid("storeNum", "must be a positive number"));
    }
    required("city", &s.city, 100)?;
    required("address1", &s.address1, 200)?;
    if s.state.len() != 2 || !s.state.chars().all(|c| c.is_ascii_uppercase()) {
        return Err(invalid("state", "must be a two-letter state code"));
    }
    if s.zip.len() != 5 || !s.zip.chars().all(|c| c.is_ascii_digit()) {
        return Err(invalid("zip", "Please enter a valid ZIP code."));
    }
    if !(-90.0..=90.0).contains(&s.lat) || !(-180.0..=180.0).contains(&s.lon) {
        return Err(invalid("lat/lon", "must be a point on Earth"));
    }
    required("timeZone", &s.time_zone, 64)?;
    let alias_ok = |a: &str| {
        !a.is_empty()
            && a.chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
    };
    if !alias_ok(&s.url_alias) {
        return Err(invalid(
            "urlAlias",
            "must be lowercase letters, digits and dashes",
        ));
    }
    if !alias_ok(&s.city_alias) {
        return Err(invalid(
            "cityAlias",
            "must be lowercase letters, digits and dashes",
        ));
    }
    Ok(())
}

pub fn inventory(ecom_on_hand: i32, stores: &[StoreStock]) -> Result<(), Invalid> {
    if ecom_on_hand < 0 {
        return Err(invalid("ecomOnHand", "must not be negative"));
    }
    let mut seen = std::collections::HashSet::new();
    for s in stores {
        if s.store_on_hand < 0 {
            return Err(invalid("storeOnHand", "must not be negative"));
        }
        if !seen.insert(s.store_num) {
            return Err(invalid(
                "storeNum",
                format!("store {} is listed twice", s.store_num),
            ));
        }
    }
    Ok(())
}

pub fn site_message(m: &SiteMessageData) -> Result<(), Invalid> {
    required("id", &m.id, 64)?;
    required("text", &m.text, 500)?;
    if m.countdown != Countdown::None && m.end_date_time.is_none() {
        return Err(invalid("endDateTime", "is required for a countdown"));
    }
    Ok(())
}

pub fn header_links(links: &[HeaderLink]) -> Result<(), Invalid> {
    for l in links {
        required("text", &l.text, 100)?;
        required("link", &l.link, 500)?;
    }
    Ok(())
}

pub fn home_hero(hero: &HomeHero) -> Result<(), Invalid> {
    required("title", &hero.title, 120)?;
    required("text", &hero.text, 300)?;
    required("linkText", &hero.link_text, 60)?;
    required("link", &hero.link, 500)?;
    local_url("link", &hero.link)?;
    required("image", &hero.image, 500)?;
    required("imageMobile", &hero.image_mobile, 500)?;
    required("alt", &hero.alt, 300)
}

pub fn mega_menu_ad(ad: &MegaMenuAd) -> Result<(), Invalid> {
    required("adId", &ad.ad_id, 64)?;
    required("desktopImage", &ad.desktop_image, 500)?;
    required("mobileImage", &ad.mobile_image, 500)?;
    required("ctaLink", &ad.cta_link, 500)?;
    required(
        "bannerImageAccessibleText",
        &ad.banner_image_accessible_text,
        300,
    )?;
    required("ctaAccessibleText", &ad.cta_accessible_text, 300)
}
