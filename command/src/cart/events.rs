use cqrs_es::DomainEvent;
use serde::{Deserialize, Serialize};

use super::services::command_types::FulfillmentType;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ChosenWarranty {
    pub id: String,
    pub name: String,
    pub price_cents: i64,
    pub years: i32,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AddedLine {
    pub line_id: u32,
    pub blain_number: String,
    pub name: String,
    /// Quantity added by this event (added to the line's quantity when the line exists).
    pub quantity: i32,
    pub unit_price_cents: i64,
    pub fulfillment: FulfillmentType,
    pub store_num: Option<i32>,
    pub warranty: Option<ChosenWarranty>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum CartEvent {
    ItemAdded(AddedLine),
    BundleAdded {
        #[serde(rename = "bundleBlainNumber")]
        bundle_blain_number: String,
        lines: Vec<AddedLine>,
    },
    ComparisonAdded {
        lines: Vec<AddedLine>,
    },
    WarrantyUpdated {
        #[serde(rename = "lineId")]
        line_id: u32,
        warranty: ChosenWarranty,
    },
    WarrantyRemoved {
        #[serde(rename = "lineId")]
        line_id: u32,
    },
    QuantityChanged {
        #[serde(rename = "lineId")]
        line_id: u32,
        quantity: i32,
    },
    ItemRemoved {
        #[serde(rename = "lineId")]
        line_id: u32,
    },
    /// The guest cart `fromCartId`'s lines that passed the rules, added at sign-in.
    CartMerged {
        #[serde(rename = "fromCartId")]
        from_cart_id: String,
        lines: Vec<AddedLine>,
    },
    /// The cart's lines became order `orderNo`: the cart is empty again.
    CartCheckedOut {
        #[serde(rename = "orderNo")]
        order_no: String,
    },
}

impl DomainEvent for CartEvent {
    fn event_type(&self) -> String {
        match self {
            CartEvent::ItemAdded(_) => "ItemAdded",
            CartEvent::BundleAdded { .. } => "BundleAdded",
            CartEvent::ComparisonAdded { .. } => "ComparisonAdded",
            CartEvent::WarrantyUpdated { .. } => "WarrantyUpdated",
            CartEvent::WarrantyRemoved { .. } => "WarrantyRemoved",
            CartEvent::QuantityChanged { .. } => "QuantityChanged",
            CartEvent::ItemRemoved { .. } => "ItemRemoved",
            CartEvent::CartMerged { .. } => "CartMerged",
            CartEvent::CartCheckedOut { .. } => "CartCheckedOut",
        }
        .to_string()
    }
    fn event_version(&self) -> String {
        "1.0".to_string()
    }
}
