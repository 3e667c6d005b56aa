//! The store's pictures: every image the catalog names is served (an SVG drawn for the
//! product), old `.jpg` names redirect, and a missing picture or file is a 404 — never the
//! SPA's page.

use crate::common::*;

#[tokio::test]
async fn every_picture_the_catalog_names_is_served() {
    let env = spawn_env().await;
    let mut c = Client::seeded(&env, 50).await;
    let images: Vec<String> = sqlx::query_scalar(
        "SELECT jsonb_array_elements_text(images) FROM products \
         UNION ALL SELECT banner_image_url FROM departments WHERE banner_image_url IS NOT NULL \
         UNION ALL SELECT desktop_image FROM mega_menu_ad UNION ALL SELECT mobile_image FROM sponsored_ad",
    )
    .fetch_all(&env.pool)
    .await
    .unwrap();
    assert!(images.len() > 50, "{images:?}");
    for url in &images {
        assert!(url.ends_with(".svg"), "{url}");
        let a = c.get(url).await;
        assert_eq!(a.status, 200, "{url}");
        assert_eq!(a.headers["content-type"], "image/svg+xml", "{url}");
        assert!(
            a.body.starts_with("<svg"),
            "{url}: {}",
            &a.body[..a.body.len().min(80)]
        );
        assert!(a.headers["content-security-policy"]
            .to_str()
            .unwrap()
            .contains("default-src 'none'"));
    }
}

#[tokio::test]
async fn old_names_redirect_and_missing_pictures_are_404() {
    let env = spawn_env().await;
    let mut c = Client::seeded(&env, 5).await;
    let blain: String = sqlx::query_scalar("SELECT blain_number FROM products LIMIT 1")
        .fetch_one(&env.pool)
        .await
        .unwrap();
    let a = c.get(&format!("/images/products/{blain}_1.jpg")).await;
    assert_eq!(a.status, 301);
    assert_eq!(
        a.headers["location"],
        format!("/images/products/{blain}_1.svg").as_str()
    );
    for missing in [
        "/images/products/999999999_1.svg".to_string(),
        format!("/images/products/{blain}_9.svg"),
        "/images/products/..%2Fsecret.svg".to_string(),
        "/images/other/logo.png".to_string(),
        "/logo.png".to_string(),
        "/some/dir/app.js".to_string(),
    ] {
        let a = c.get(&missing).await;
        assert_eq!(a.status, 404, "{missing}");
        assert!(
            !a.body.contains("<!doctype html"),
            "{missing} is not the SPA"
        );
    }
}
