//! Work per request is bounded by caps checked first: a long id or brand list is refused by
//! its size (the benchmark `cargo bench --bench shopping` shows its cost next to a normal call).

use crate::common::*;

#[tokio::test]
async fn long_lists_are_refused_by_their_size_and_duplicates_cost_nothing() {
    let env = spawn_env().await;
    small_catalog(&env).await;
    let mut c = Client::new(&env);

    // 64 KB of short ids: refused by the address's length before any handler.
    let huge: String = (0..16_000).map(|i| format!("{},", i % 10)).collect();
    let a = c
        .get(&format!("/product/a/getproducts?blainNumbers={huge}"))
        .await;
    assert_eq!(a.status, 414, "{}", a.body);
    assert_eq!(a.json()["code"], "UriTooLong");

    // Under the address bound but over the list's: refused, whatever the duplicates.
    let many: String = (0..1_000).map(|i| format!("{i},")).collect();
    let a = c
        .get(&format!("/product/a/getproducts?blainNumbers={many}"))
        .await;
    assert_eq!(a.status, 400, "{}", a.body);
    assert_eq!(a.json()["code"], "TooManyProducts");
    let repeated: String = (0..1_000).map(|_| "100,").collect();
    let a = c
        .get(&format!("/product/a/getproducts?blainNumbers={repeated}"))
        .await;
    assert_eq!(
        a.status, 400,
        "a list of 1,000 entries is refused by its length"
    );

    // Within bounds, duplicates are one product.
    let a = c
        .get("/product/a/getproducts?blainNumbers=100,100,%20100,,100")
        .await;
    assert_eq!(a.status, 200, "{}", a.body);
    assert_eq!(a.json()["products"].as_array().unwrap().len(), 1);

    // The listing's brand filter is capped the same way.
    let brands: String = (0..500).map(|i| format!("Brand{i},")).collect();
    let a = c
        .get(&format!("/api/catalog/list?department=1&brand={brands}"))
        .await;
    assert_eq!(a.status, 400, "{}", a.body);
    assert_eq!(a.json()["code"], "TooManyBrands");
    assert!(a.json()["message"].as_str().unwrap().contains("at most 50"));
}
