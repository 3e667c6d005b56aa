//! Search suggestions from the catalog read model.

use crate::common::*;

#[tokio::test]
async fn suggestions_follow_the_spec_rules() {
    let env = spawn_env().await;
    let mut c = Client::seeded(&env, 500).await;
    let empty = c.get("/s/a/autocomplete").await.json();
    assert!(!empty["popularSearches"].as_array().unwrap().is_empty());
    assert_eq!(empty["products"].as_array().unwrap().len(), 0);

    for digits in ["1", "12", "1234"] {
        let none = c
            .get(&format!("/s/a/autocomplete?keyword={digits}"))
            .await
            .json();
        assert_eq!(none["count"], 0, "{digits}");
        assert!(
            none["products"].as_array().unwrap().is_empty()
                && none["popularSearches"].as_array().unwrap().is_empty()
        );
    }

    let feed = c.get("/s/a/autocomplete?keyword=fee").await.json();
    assert!(feed["count"].as_i64().unwrap() > 0, "{feed}");
    let products = feed["products"].as_array().unwrap();
    assert!(!products.is_empty() && products.len() <= 6);
    assert!(products
        .iter()
        .all(|p| p["url"].as_str().unwrap().starts_with("/product/")));
    assert!(
        feed["categories"]
            .as_array()
            .unwrap()
            .iter()
            .any(|c| c["html"].as_str().unwrap().contains("<strong>Fee</strong>")),
        "{feed}"
    );
    assert!(feed["productHeading"].as_str().unwrap().contains("fee"));

    let hostile = c.get("/s/a/autocomplete?keyword=%3Cscript%3E").await.json();
    assert!(!hostile.to_string().contains("<script>"), "{hostile}");
    let long = "a".repeat(400);
    let answer = c.get(&format!("/s/a/autocomplete?keyword={long}")).await;
    assert_eq!(answer.status, 200);
    assert!(
        answer.json()["productHeading"].as_str().unwrap().len() < 200,
        "the keyword is cut at 150"
    );
}

#[tokio::test]
async fn product_suggestions_are_plain_text_with_their_price() {
    let env = spawn_env().await;
    let mut c = Client::seeded(&env, 500).await;
    let found = c.get("/s/a/autocomplete?keyword=storefront").await.json();
    let products = found["products"].as_array().unwrap();
    let ours = products
        .iter()
        .find(|p| p["vendorBrand"] == "Storefront Farm & Home")
        .unwrap_or_else(|| panic!("the brand as text, not HTML: {found}"));
    assert!(!ours["name"].as_str().unwrap().contains("&amp;"));
    let number = ours["url"]
        .as_str()
        .unwrap()
        .split('/')
        .nth(2)
        .unwrap()
        .to_string();
    let (price, below_map): (String, bool) = sqlx::query_as(
        "SELECT '$' || to_char(price_cents / 100.0, 'FM999,999,990.00'), price_mode = 'BelowMap' \
         FROM products WHERE blain_number = $1",
    )
    .bind(&number)
    .fetch_one(&env.pool)
    .await
    .unwrap();
    if below_map {
        assert!(ours.get("price").is_none(), "no price below MAP: {ours}");
    } else {
        assert_eq!(ours["price"], price.as_str());
    }
}
