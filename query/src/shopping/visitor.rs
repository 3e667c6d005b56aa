//! What the read side knows of a visitor: the store they chose (the visitors read model).

use sqlx::PgPool;

/// The visitor's chosen store, from the visitors read model.
pub async fn local_store(pool: &PgPool, visitor_id: &str) -> Result<Option<i32>, sqlx::Error> {
    sqlx::query_scalar("SELECT store_num FROM visitors WHERE visitor_id = $1")
        .bind(visitor_id)
        .fetch_optional(pool)
        .await
}
