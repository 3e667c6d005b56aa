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
