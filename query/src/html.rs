//! HTML the legacy calls answer, rendered here from escaped text only.

use crate::catalog::products::ProductSummary;

/// `text` with `& < > " '` as entities: safe in element content and quoted attributes.
pub fn escape_html(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// Only site-relative and http(s) URLs are emitted (never `javascript:`, `data:` or `//host`).
pub fn safe_url(url: &str) -> bool {
    (url.starts_with('/') && !url.starts_with("//"))
        || url.starts_with("https://")
        || url.starts_with("http://")
}

/// One `<li>` per product (link, thumbnail, name, brand, price), its classes named after the
/// `block` that holds the list (`similar-items` → `similar-items__item`, …).
pub fn product_items(block: &str, products: &[ProductSummary]) -> String {
    let mut html = String::new();
    for p in products {
        html.push_str(&format!(
            "<li class=\"{block}__item\" data-blain-number=\"{}\"><a class=\"{block}__link\" href=\"{}\">",
            escape_html(&p.blain_number),
            escape_html(&p.url)
        ));
        if let Some(image) = p.thumbnail.as_deref().filter(|i| safe_url(i)) {
            html.push_str(&format!(
                "<img class=\"{block}__image\" src=\"{}\" alt=\"\" loading=\"lazy\">",
                escape_html(image)
            ));
        }
        html.push_str(&format!(
            "<span class=\"{block}__name\">{}</span></a><span class=\"{block}__brand\">{}</span><span class=\"{block}__price\">{}</span></li>",
            escape_html(&p.name),
            escape_html(&p.vendor_brand),
            escape_html(&p.price)
        ));
    }
    html
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_safe_urls_are_emitted() {
        assert!(safe_url("/img/a.jpg"));
        assert!(safe_url("https://cdn.example/a.jpg"));
        assert!(!safe_url("javascript:alert(1)"));
        assert!(!safe_url("//evil.example/a.jpg"));
        assert!(!safe_url("data:text/html,x"));
    }
}
