//! The cart's catalog port answered from the catalog read models.

use sqlx::{PgPool, Row};

use super::command_types::SellableProduct;
use super::CatalogLookup;
use crate::catalog::{BundleComponent, Warranty};

pub struct PgCatalog {
    pub pool: PgPool,
}

#[async_trait::async_trait]
impl CatalogLookup for PgCatalog {
    async fn product(&self, blain_number: &str) -> Result<Option<SellableProduct>, String> {
        let row = sqlx::query(
            "SELECT blain_number, name, price_cents, discontinued, requires_confirmation, requires_agreement, \
             ship_to_home, store_pickup, same_day_delivery, bundle, warranties FROM products WHERE blain_number = $1",
        )
        .bind(blain_number)
        .fetch_optional(&self.pool)
        .await
        .map_err(|e| e.to_string())?;
        let Some(r) = row else { return Ok(None) };
        let bundle: Vec<BundleComponent> =
            serde_json::from_value(r.get("bundle")).map_err(|e| e.to_string())?;
        let warranties: Vec<Warranty> =
            serde_json::from_value(r.get("warranties")).map_err(|e| e.to_string())?;
        Ok(Some(SellableProduct {
            blain_number: r.get("blain_number"),
            name: r.get("name"),
            price_cents: r.get("price_cents"),
            sellable: !r.get::<bool, _>("discontinued"),
            requires_confirmation: r.get("requires_confirmation"),
            requires_agreement: r.get("requires_agreement"),
            ship_to_home: r.get("ship_to_home"),
            store_pickup: r.get("store_pickup"),
            same_day_delivery: r.get("same_day_delivery"),
            bundle: bundle
                .into_iter()
                .map(|c| (c.blain_number, c.quantity))
                .collect(),
            warranties,
        }))
    }

    async fn store_can_fulfil(
        &self,
        store_num: i32,
        blain_number: &str,
        quantity: i32,
    ) -> Result<bool, String> {
        sqlx::query_scalar(
            "SELECT EXISTS (SELECT 1 FROM store_inventory i JOIN stores s USING (store_num) \
             WHERE i.store_num = $1 AND i.blain_number = $2 AND i.is_stocked AND i.store_on_hand >= $3 \
             AND NOT s.coming_soon)",
        )
        .bind(store_num)
        .bind(blain_number)
        .bind(quantity)
        .fetch_one(&self.pool)
        .await
        .map_err(|e| e.to_string())
    }

    async fn online_can_fulfil(&self, blain_number: &str, quantity: i32) -> Result<bool, String> {
        sqlx::query_scalar(
            "SELECT coalesce((SELECT ecom_on_hand FROM ecom_inventory WHERE blain_number = $1), 0) >= $2",
        )
        .bind(blain_number)
        .bind(quantity)
        .fetch_one(&self.pool)
        .await
        .map_err(|e| e.to_string())
    }
}
