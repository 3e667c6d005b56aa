//! The outbox trigger: every appended event lands in `outbox` in the same transaction.

use crate::common::*;
use command::catalog::{Product, ProductCommand};
use command::eventstore;
use sqlx::Row;

#[tokio::test]
async fn an_event_appended_by_the_production_path_lands_in_the_outbox() {
    let env = spawn_env().await;
    let executed = eventstore::run::<Product>(&env.pool, &())
        .command(
            "700100",
            ProductCommand::Upsert(Box::new(product("700100", 4999))),
        )
        .executed()
        .await
        .expect("command succeeds");
    assert!(matches!(executed.outcome, Ok(1)), "{:?}", executed.outcome);

    let row = sqlx::query(
        "SELECT aggregate_type, aggregate_id, sequence, published_at IS NULL AS unpublished FROM outbox",
    )
    .fetch_one(&env.pool)
    .await
    .expect("one outbox row");
    assert_eq!(row.get::<String, _>("aggregate_type"), "Product");
    assert_eq!(row.get::<String, _>("aggregate_id"), "700100");
    assert_eq!(row.get::<i64, _>("sequence"), 1);
    assert!(row.get::<bool, _>("unpublished"));
}

#[tokio::test]
async fn the_outbox_row_commits_and_rolls_back_with_the_event() {
    let env = spawn_env().await;
    let insert = "INSERT INTO events (aggregate_type, aggregate_id, sequence, event_type, event_version, payload, metadata) \
                  VALUES ('Product', $1, 1, 'ProductDiscontinued', '1.0', '{}', '{}')";

    // Rolled back: neither the event nor its outbox row exists afterwards.
    let mut tx = env.pool.begin().await.unwrap();
    sqlx::query(insert)
        .bind("rolled-back")
        .execute(&mut *tx)
        .await
        .unwrap();
    let inside: i64 =
        sqlx::query_scalar("SELECT count(*) FROM outbox WHERE aggregate_id = 'rolled-back'")
            .fetch_one(&mut *tx)
            .await
            .unwrap();
    assert_eq!(
        inside, 1,
        "the trigger wrote the outbox row inside the transaction"
    );
    let outside = count(&env.pool, "SELECT count(*) FROM outbox").await;
    assert_eq!(outside, 0, "not visible to others before commit");
    tx.rollback().await.unwrap();
    assert_eq!(count(&env.pool, "SELECT count(*) FROM events").await, 0);
    assert_eq!(count(&env.pool, "SELECT count(*) FROM outbox").await, 0);

    // Committed: both exist.
    let mut tx = env.pool.begin().await.unwrap();
    sqlx::query(insert)
        .bind("committed")
        .execute(&mut *tx)
        .await
        .unwrap();
    tx.commit().await.unwrap();
    assert_eq!(count(&env.pool, "SELECT count(*) FROM events").await, 1);
    assert_eq!(
        count(
            &env.pool,
            "SELECT count(*) FROM outbox WHERE aggregate_id = 'committed'"
        )
        .await,
        1
    );
}

#[tokio::test]
async fn a_failed_append_leaves_no_outbox_row() {
    let env = spawn_env().await;
    append_price_changes(&env.pool, 1, 1).await;
    // A second writer racing on sequence 1 violates the key: its outbox row must vanish too.
    let duplicate = sqlx::query(
        "INSERT INTO events (aggregate_type, aggregate_id, sequence, event_type, event_version, payload, metadata) \
         VALUES ('Product', '500000', 1, 'ProductDiscontinued', '1.0', '{}', '{}')",
    )
    .execute(&env.pool)
    .await;
    assert!(duplicate.is_err());
    assert_eq!(count(&env.pool, "SELECT count(*) FROM outbox").await, 1);
}
