//! Catalog events. Names are stable and versioned: a released event is never edited; a new
//! shape gets a new version and an upcaster, kept here beside its event (collected by
//! [`super::upcasters`]).

use cqrs_es::persist::{EventUpcaster, SerializedEvent};
use cqrs_es::DomainEvent;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::model::*;

/// Implements `DomainEvent` with the variant name as the event type and one version per event.
macro_rules! domain_event {
    ($ty:ident { $($variant:ident => $version:literal),+ $(,)? }) => {
        impl DomainEvent for $ty {
            fn event_type(&self) -> String {
                match self { $(Self::$variant { .. } => stringify!($variant).to_string()),+ }
            }
            fn event_version(&self) -> String {
                match self { $(Self::$variant { .. } => $version.to_string()),+ }
            }
        }
    };
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum DepartmentEvent {
    DepartmentUpserted(DepartmentData),
    DepartmentRemoved { id: i32 },
}
domain_event!(DepartmentEvent { DepartmentUpserted => "1.0", DepartmentRemoved => "1.0" });

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum ProductEvent {
    ProductUpserted(Box<ProductData>),
    ProductDiscontinued {
        #[serde(rename = "blainNumber")]
        blain_number: String,
    },
}
// ProductUpserted 2.0 added `rating`, `wasPriceCents` and `introducedOn` (1.0 events are
// upcast with the three as null: see [`ProductUpsertedV2`]); 3.0 added `saleEndsOn` (2.0
// events are upcast with it null: [`ProductUpsertedV3`]).
domain_event!(ProductEvent { ProductUpserted => "3.0", ProductDiscontinued => "1.0" });

/// ProductUpserted 1.0 → 2.0: the fields 2.0 added (`rating`, `wasPriceCents`,
/// `introducedOn`), as null: a 1.0 product has no reviews, no sale and no known date.
pub struct ProductUpsertedV2;

impl EventUpcaster for ProductUpsertedV2 {
    fn can_upcast(&self, event_type: &str, event_version: &str) -> bool {
        event_type == "ProductUpserted" && event_version == "1.0"
    }

    fn upcast(&self, event: SerializedEvent) -> SerializedEvent {
        product_upserted_with_nulls(event, &["rating", "wasPriceCents", "introducedOn"], "2.0")
    }
}

/// A stored ProductUpserted with `fields` added as null (those already there kept), as `version`.
fn product_upserted_with_nulls(
    mut event: SerializedEvent,
    fields: &[&str],
    version: &str,
) -> SerializedEvent {
    if let Some(data) = event
        .payload
        .get_mut("ProductUpserted")
        .and_then(Value::as_object_mut)
    {
        for field in fields {
            data.entry(*field).or_insert(Value::Null);
        }
    }
    event.event_version = version.to_string();
    event
}

/// ProductUpserted 2.0 → 3.0: `saleEndsOn`, as null (a 2.0 sale has no known end). Runs after
/// [`ProductUpsertedV2`], so a 1.0 event becomes 3.0 in two steps.
pub struct ProductUpsertedV3;

impl EventUpcaster for ProductUpsertedV3 {
    fn can_upcast(&self, event_type: &str, event_version: &str) -> bool {
        event_type == "ProductUpserted" && event_version == "2.0"
    }

    fn upcast(&self, event: SerializedEvent) -> SerializedEvent {
        product_upserted_with_nulls(event, &["saleEndsOn"], "3.0")
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum StoreEvent {
    StoreUpserted(Box<StoreData>),
}
domain_event!(StoreEvent { StoreUpserted => "1.0" });

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum InventoryEvent {
    /// A full inventory report for one product: online stock and every store's stock.
    InventoryReported {
        #[serde(rename = "blainNumber")]
        blain_number: String,
        #[serde(rename = "ecomOnHand")]
        ecom_on_hand: i32,
        stores: Vec<StoreStock>,
    },
    /// One store's count changed.
    StoreStockAdjusted {
        #[serde(rename = "blainNumber")]
        blain_number: String,
        stock: StoreStock,
    },
    /// Units held for an order (available = on hand − reserved; reports keep reservations).
    StockReserved {
        #[serde(rename = "blainNumber")]
        blain_number: String,
        reservation: Reservation,
    },
    /// An order's reservations given back (cancelled, payment failed).
    StockReleased {
        #[serde(rename = "blainNumber")]
        blain_number: String,
        #[serde(rename = "orderNo")]
        order_no: String,
        released: Vec<Reservation>,
    },
    /// An order's units left the shelf: on hand and reserved both go down by them.
    ReservationFulfilled {
        #[serde(rename = "blainNumber")]
        blain_number: String,
        #[serde(rename = "orderNo")]
        order_no: String,
        fulfilled: Vec<Reservation>,
    },
}
domain_event!(InventoryEvent {
    InventoryReported => "1.0",
    StoreStockAdjusted => "1.0",
    StockReserved => "1.0",
    StockReleased => "1.0",
    ReservationFulfilled => "1.0",
});

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum SiteMessageEvent {
    SiteMessagePublished(SiteMessageData),
    SiteMessageWithdrawn { id: String },
}
domain_event!(SiteMessageEvent { SiteMessagePublished => "1.0", SiteMessageWithdrawn => "1.0" });

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum SiteContentEvent {
    HeaderLinksSet {
        links: Vec<HeaderLink>,
    },
    MegaMenuAdSet {
        ad: MegaMenuAd,
    },
    /// The sponsored ad of the site-messages banner (same fields as the mega-menu ad).
    SponsoredAdSet {
        ad: MegaMenuAd,
    },
    /// The home page's hero.
    HomeHeroSet {
        hero: HomeHero,
    },
}
domain_event!(SiteContentEvent {
    HeaderLinksSet => "1.0",
    MegaMenuAdSet => "1.0",
    SponsoredAdSet => "1.0",
    HomeHeroSet => "1.0",
});
