//! Aggregates load from their latest snapshot: a cart toggled ten thousand times replays at
//! most `SNAPSHOT_EVERY` events, and a snapshot that no longer decodes is ignored safely.

use crate::common::*;
use command::cart::Cart;
use command::eventstore::{load_many, SNAPSHOT_EVERY};
use serde_json::json;

#[tokio::test]
async fn a_cart_toggled_ten_thousand_times_loads_from_its_snapshot() {
    let env = spawn_env().await;
    small_catalog(&env).await;
    let mut c = Client::new(&env);
    let a = c
        .post("/products/a/addtocart", json!({"blainNumber": "100"}))
        .await;
    assert_eq!(a.json()["success"], true, "{}", a.body);
    let cart: String =
        sqlx::query_scalar("SELECT aggregate_id FROM events WHERE aggregate_type = 'Cart'")
            .fetch_one(&env.pool)
            .await
            .unwrap();
    // Its quantity toggled 1 ↔ 2 9,998 times (written straight to the store: quick).
    sqlx::query(
        "INSERT INTO events (aggregate_type, aggregate_id, sequence, event_type, event_version, payload, metadata) \
         SELECT 'Cart', $1, s, 'QuantityChanged', '1.0', \
                json_build_object('QuantityChanged', json_build_object('lineId', 0, 'quantity', 1 + s % 2)), '{}' \
         FROM generate_series(2, 9999) AS s",
    )
    .bind(&cart)
    .execute(&env.pool)
    .await
    .unwrap();
    let ids = vec![cart.clone()];
    let (_, replayed) = load_many::<Cart>(&env.pool, &ids).await.unwrap();
    assert_eq!(replayed, 9_999, "no snapshot yet: the whole history");

    // The next command passes the 10,000th event and leaves a snapshot.
    let change = |quantity: i64| json!({"lineId": 0, "quantity": quantity});
    let a = c.post("/api/cart/quantity", change(5)).await;
    assert_eq!(a.json()["success"], true, "{}", a.body);
    let (loaded, replayed) = load_many::<Cart>(&env.pool, &ids).await.unwrap();
    assert_eq!(replayed, 0, "loaded from the snapshot");
    let (state, sequence) = &loaded[&cart];
    assert_eq!(*sequence, 10_000);
    assert_eq!(state.lines[0].quantity, 5);
    for quantity in [6, 7, 8] {
        c.post("/api/cart/quantity", change(quantity)).await;
    }
    let (loaded, replayed) = load_many::<Cart>(&env.pool, &ids).await.unwrap();
    assert_eq!(replayed, 3);
    assert!(replayed as i64 <= SNAPSHOT_EVERY);
    assert_eq!(loaded[&cart].0.lines[0].quantity, 8);
    assert_eq!(
        count(
            &env.pool,
            "SELECT count(*) FROM snapshots WHERE aggregate_type = 'Cart'"
        )
        .await,
        1,
        "only the latest snapshot is kept"
    );

    // A snapshot that no longer decodes (the state changed shape) is ignored: the full
    // history is replayed and commands keep working.
    sqlx::query("UPDATE snapshots SET payload = '{\"bogus\": 1}'")
        .execute(&env.pool)
        .await
        .unwrap();
    let (loaded, replayed) = load_many::<Cart>(&env.pool, &ids).await.unwrap();
    assert_eq!(replayed, 10_003);
    assert_eq!(loaded[&cart].0.lines[0].quantity, 8);
    let a = c.post("/api/cart/quantity", change(9)).await;
    assert_eq!(a.json()["cartQty"], 9, "{}", a.body);
}
