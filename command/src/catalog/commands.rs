//! Catalog commands, fed by `storefront import`, the demo seed and (later) merchandiser tools.

use super::model::*;

#[derive(Debug, Clone, PartialEq)]
pub enum DepartmentCommand {
    Upsert(DepartmentData),
    Remove,
}

#[derive(Debug, Clone, PartialEq)]
pub enum ProductCommand {
    Upsert(Box<ProductData>),
    Discontinue,
}

#[derive(Debug, Clone, PartialEq)]
pub enum StoreCommand {
    Upsert(Box<StoreData>),
}

#[derive(Debug, Clone, PartialEq)]
pub enum InventoryCommand {
    Report {
        blain_number: String,
        ecom_on_hand: i32,
        stores: Vec<StoreStock>,
    },
    AdjustStore {
        blain_number: String,
        stock: StoreStock,
    },
    /// Holds `quantity` units for an order: at `store_num` (pickup, same-day delivery) or of
    /// the online stock (`None`, ship to home). Refused when fewer are available; a second
    /// reservation for the same order and place changes nothing.
    Reserve {
        blain_number: String,
        reservation: Reservation,
    },
    /// Gives back what `order_no` holds (a cancelled order, a failed payment).
    Release {
        blain_number: String,
        order_no: String,
    },
    /// The order's units left the shelf (picked up, shipped, delivered): on-hand and the
    /// reservation both go down.
    Fulfil {
        blain_number: String,
        order_no: String,
    },
}

#[derive(Debug, Clone, PartialEq)]
pub enum SiteMessageCommand {
    Publish(SiteMessageData),
    Withdraw,
}

#[derive(Debug, Clone, PartialEq)]
pub enum SiteContentCommand {
    SetHeaderLinks(Vec<HeaderLink>),
    SetMegaMenuAd(MegaMenuAd),
    SetSponsoredAd(MegaMenuAd),
    SetHomeHero(HomeHero),
}
