//! What the cart needs to know about the catalog, behind a port so aggregate tests use a fake.

use std::sync::Arc;

use command_types::*;

/// The port's types.
pub mod command_types {
    use serde::{Deserialize, Serialize};

    use crate::catalog::Warranty;

    /// How a line gets to the customer.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, utoipa::ToSchema)]
    pub enum FulfillmentType {
        ShipToHome,
        StorePickup,
        SameDayDelivery,
    }

    /// A product as the cart sees it.
    #[derive(Debug, Clone, PartialEq)]
    pub struct SellableProduct {
        pub blain_number: String,
        pub name: String,
        pub price_cents: i64,
        /// False for discontinued products.
        pub sellable: bool,
        pub requires_confirmation: bool,
        pub requires_agreement: bool,
        pub ship_to_home: bool,
        pub store_pickup: bool,
        pub same_day_delivery: bool,
        pub bundle: Vec<(String, i32)>,
        pub warranties: Vec<Warranty>,
    }
}

#[async_trait::async_trait]
pub trait CatalogLookup: Send + Sync {
    async fn product(&self, blain_number: &str) -> Result<Option<SellableProduct>, String>;
    /// Whether the store can hand over `quantity` of the product (open store, stocked, on hand).
    async fn store_can_fulfil(
        &self,
        store_num: i32,
        blain_number: &str,
        quantity: i32,
    ) -> Result<bool, String>;
    /// Whether the online (ship-from) stock holds `quantity` of the product.
    async fn online_can_fulfil(&self, blain_number: &str, quantity: i32) -> Result<bool, String> {
        let _ = (blain_number, quantity);
        Ok(true)
    }
}

/// The cart aggregate's injected services.
#[derive(Clone)]
pub struct CartServices {
    pub catalog: Arc<dyn CatalogLookup>,
}
