//! The demo seed: deterministic, and loaded through the event store into the read models.

use crate::common::*;
use chrono::TimeZone;

fn reference() -> chrono::DateTime<chrono::Utc> {
    chrono::Utc.with_ymd_and_hms(2026, 11, 22, 0, 0, 0).unwrap()
}

/// A digest of every catalog read model, row by row.
async fn read_model_digest(env: &TestEnv) -> String {
    let mut parts = Vec::new();
    for (table, order) in [
        ("departments", "id"),
        ("products", "blain_number"),
        ("stores", "store_num"),
        ("store_inventory", "blain_number, store_num"),
        ("ecom_inventory", "blain_number"),
        ("site_messages", "id"),
        ("header_links", "position"),
        ("mega_menu_ad", "ad_id"),
    ] {
        // A product's `updated_at` is when its events were recorded: not the seed's to fix.
        let digest: Option<String> = sqlx::query_scalar(&format!(
            "SELECT md5(string_agg((to_jsonb(t) - 'updated_at')::text, '|' ORDER BY {order})) \
             FROM {table} t"
        ))
        .fetch_one(&env.pool)
        .await
        .unwrap();
        parts.push(format!("{table}:{}", digest.unwrap_or_default()));
    }
    parts.join(" ")
}

#[test]
fn the_generator_checksum_is_the_same_twice_and_depends_on_the_size() {
    let a = storefront::seed::checksum(2000, reference());
    let b = storefront::seed::checksum(2000, reference());
    assert_eq!(a, b);
    assert_ne!(a, storefront::seed::checksum(2001, reference()));
}

#[tokio::test]
async fn seeding_twice_gives_identical_read_models_and_a_rebuild_reproduces_them() {
    let first = spawn_env().await;
    let second = spawn_env().await;
    let s1 = storefront::seeding::seed(&first.pool, 300, reference())
        .await
        .unwrap();
    let s2 = storefront::seeding::seed(&second.pool, 300, reference())
        .await
        .unwrap();
    assert_eq!(s1.checksum, s2.checksum);
    let digest = read_model_digest(&first).await;
    assert_eq!(digest, read_model_digest(&second).await);

    assert_eq!(
        count(&first.pool, "SELECT count(*) FROM products").await,
        300
    );
    assert!(count(&first.pool, "SELECT count(*) FROM stores").await >= 40);
    assert!(
        count(
            &first.pool,
            "SELECT count(*) FROM departments WHERE parent_id IS NULL"
        )
        .await
            >= 20
    );
    let special: Vec<(i32, String)> =
        sqlx::query_as("SELECT id, name FROM departments WHERE id IN (12, 13) ORDER BY id")
            .fetch_all(&first.pool)
            .await
            .unwrap();
    assert_eq!(
        special,
        vec![
            (12, "Automotive Service Center".into()),
            (13, "Animal Rx".into())
        ]
    );
    assert!(
        count(
            &first.pool,
            "SELECT count(DISTINCT store_num) FROM store_inventory"
        )
        .await
            >= 40
    );
    assert!(
        count(
            &first.pool,
            "SELECT count(*) FROM site_messages WHERE countdown <> 'None'"
        )
        .await
            >= 1
    );
    assert!(count(&first.pool, "SELECT count(*) FROM header_links").await >= 1);
    assert_eq!(
        count(&first.pool, "SELECT count(*) FROM mega_menu_ad").await,
        1
    );

    // Seeding again changes nothing: the aggregates see identical data.
    let again = storefront::seeding::seed(&first.pool, 300, reference())
        .await
        .unwrap();
    assert_eq!(again.events_written, 0);

    projections::catalog::rebuild(&first.pool, 500, &|_, _| {})
        .await
        .unwrap();
    assert_eq!(read_model_digest(&first).await, digest);
}

#[tokio::test]
async fn the_seeded_in_store_members_hold_what_the_readme_says() {
    let env = spawn_env().await;
    let made = storefront::seeding::rewards_members(&env.pool, chrono::Utc::now())
        .await
        .unwrap();
    assert_eq!(made, 3);
    // Per member: one $25 card for the $2,548.49 sale of 60 days ago, 48 points left, and 84
    // pending from the sale of 5 days ago.
    let rows: Vec<(String, i64, i64)> = sqlx::query_as(
        "SELECT rewards_number, count(*) FILTER (WHERE kind = 'giftCard'), sum(points)::bigint \
         FROM rewards_ledger GROUP BY rewards_number",
    )
    .fetch_all(&env.pool)
    .await
    .unwrap();
    assert_eq!(rows.len(), 3);
    for (number, cards, points) in rows {
        assert_eq!(cards, 1, "{number}: one gift card");
        assert_eq!(
            points,
            2_548 + 84 - 2_500,
            "{number}: 48 available and 84 pending"
        );
    }
}
