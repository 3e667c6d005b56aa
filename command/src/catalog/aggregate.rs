//! Catalog aggregates: `handle` decides (validates, skips no-op upserts), `apply` only mutates.

use cqrs_es::event_sink::EventSink;
use cqrs_es::Aggregate;
use serde::{Deserialize, Serialize};

use super::commands::*;
use super::events::*;
use super::model::*;
use super::validate::{self, Invalid};

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CatalogError {
    #[error("{0}")]
    Invalid(#[from] Invalid),
    #[error("{0} does not exist")]
    NotFound(&'static str),
    #[error("the command's id does not match the aggregate: {0}")]
    IdMismatch(String),
}

#[derive(Debug, Default, Clone, PartialEq, Serialize, Deserialize)]
pub struct Department {
    pub data: Option<DepartmentData>,
}

impl Aggregate for Department {
    const TYPE: &'static str = "Department";
    type Command = DepartmentCommand;
    type Event = DepartmentEvent;
    type Error = CatalogError;
    type Services = ();

    async fn handle(
        &mut self,
        command: Self::Command,
        _: &(),
        sink: &EventSink<Self>,
    ) -> Result<(), Self::Error> {
        match command {
            DepartmentCommand::Upsert(data) => {
                validate::department(&data)?;
                if self.data.as_ref().is_some_and(|d| d.id != data.id) {
                    return Err(CatalogError::IdMismatch(data.id.to_string()));
                }
                if self.data.as_ref() != Some(&data) {
                    sink.write(DepartmentEvent::DepartmentUpserted(data), self)
                        .await;
                }
            }
            DepartmentCommand::Remove => {
                let id = self
                    .data
                    .as_ref()
                    .ok_or(CatalogError::NotFound("department"))?
                    .id;
                sink.write(DepartmentEvent::DepartmentRemoved { id }, self)
                    .await;
            }
        }
        Ok(())
    }

    fn apply(&mut self, event: Self::Event) {
        match event {
            DepartmentEvent::DepartmentUpserted(d) => self.data = Some(d),
            DepartmentEvent::DepartmentRemoved { .. } => self.data = None,
        }
    }
}

#[derive(Debug, Default, Clone, PartialEq, Serialize, Deserialize)]
pub struct Product {
    pub data: Option<ProductData>,
    pub discontinued: bool,
}

impl Aggregate for Product {
    const TYPE: &'static str = "Product";
    type Command = ProductCommand;
    type Event = ProductEvent;
    type Error = CatalogError;
    type Services = ();

    async fn handle(
        &mut self,
        command: Self::Command,
        _: &(),
        sink: &EventSink<Self>,
    ) -> Result<(), Self::Error> {
        match command {
            ProductCommand::Upsert(data) => {
                validate::product(&data)?;
                if let Some(current) = &self.data {
                    if current.blain_number != data.blain_number {
                        return Err(CatalogError::IdMismatch(data.blain_number.clone()));
                    }
                }
                if self.discontinued || self.data.as_ref() != Some(&*data) {
                    sink.write(ProductEvent::ProductUpserted(data), self).await;
                }
            }
            ProductCommand::Discontinue => {
                let blain_number = self
                    .data
                    .as_ref()
                    .ok_or(CatalogError::NotFound("product"))?
                    .blain_number
                    .clone();
                if !self.discontinued {
                    sink.write(ProductEvent::ProductDiscontinued { blain_number }, self)
                        .await;
                }
            }
        }
        Ok(())
    }

    fn apply(&mut self, event: Self::Event) {
        match event {
            ProductEvent::ProductUpserted(d) => {
                self.data = Some(*d);
                self.discontinued = false;
            }
            ProductEvent::ProductDiscontinued { .. } => self.discontinued = true,
        }
    }
}

#[derive(Debug, Default, Clone, PartialEq, Serialize, Deserialize)]
pub struct Store {
    pub data: Option<StoreData>,
}

impl Aggregate for Store {
    const TYPE: &'static str = "Store";
    type Command = StoreCommand;
    type Event = StoreEvent;
    type Error = CatalogError;
    type Services = ();

    async fn handle(
        &mut self,
        command: Self::Command,
        _: &(),
        sink: &EventSink<Self>,
    ) -> Result<(), Self::Error> {
        let StoreCommand::Upsert(data) = command;
        validate::store(&data)?;
        if self
            .data
            .as_ref()
            .is_some_and(|s| s.store_num != data.store_num)
        {
            return Err(CatalogError::IdMismatch(data.store_num.to_string()));
        }
        if self.data.as_ref() != Some(&*data) {
            sink.write(StoreEvent::StoreUpserted(data), self).await;
        }
        Ok(())
    }

    fn apply(&mut self, event: Self::Event) {
        let StoreEvent::StoreUpserted(d) = event;
        self.data = Some(*d);
    }
}

/// Stock of one product: online (`ecom_on_hand`) and per store.
#[derive(Debug, Default, Clone, PartialEq, Serialize, Deserialize)]
pub struct Inventory {
    pub ecom_on_hand: i32,
    pub stores: Vec<StoreStock>,
    pub reported: bool,
}

impl Aggregate for Inventory {
    const TYPE: &'static str = "Inventory";
    type Command = InventoryCommand;
    type Event = InventoryEvent;
    type Error = CatalogError;
    type Services = ();

    async fn handle(
        &mut self,
        command: Self::Command,
        _: &(),
        sink: &EventSink<Self>,
    ) -> Result<(), Self::Error> {
        match command {
            InventoryCommand::Report {
                blain_number,
                ecom_on_hand,
                mut stores,
            } => {
                validate::blain_number(&blain_number)?;
                validate::inventory(ecom_on_hand, &stores)?;
                stores.sort_by_key(|s| s.store_num);
                if !self.reported || self.ecom_on_hand != ecom_on_hand || self.stores != stores {
                    let event = InventoryEvent::InventoryReported {
                        blain_number,
                        ecom_on_hand,
                        stores,
                    };
                    sink.write(event, self).await;
                }
            }
            InventoryCommand::AdjustStore {
                blain_number,
                stock,
            } => {
                validate::blain_number(&blain_number)?;
                validate::inventory(0, std::slice::from_ref(&stock))?;
                let current = self.stores.iter().find(|s| s.store_num == stock.store_num);
                if current != Some(&stock) {
                    let event = InventoryEvent::StoreStockAdjusted {
                        blain_number,
                        stock,
                    };
                    sink.write(event, self).await;
                }
            }
        }
        Ok(())
    }

    fn apply(&mut self, event: Self::Event) {
        match event {
            InventoryEvent::InventoryReported {
                ecom_on_hand,
                stores,
                ..
            } => {
                self.ecom_on_hand = ecom_on_hand;
                self.stores = stores;
                self.reported = true;
            }
            InventoryEvent::StoreStockAdjusted { stock, .. } => {
                match self
                    .stores
                    .iter_mut()
                    .find(|s| s.store_num == stock.store_num)
                {
                    Some(s) => *s = stock,
                    None => {
                        self.stores.push(stock);
                        self.stores.sort_by_key(|s| s.store_num);
                    }
                }
            }
        }
    }
}

#[derive(Debug, Default, Clone, PartialEq, Serialize, Deserialize)]
pub struct SiteMessage {
    pub data: Option<SiteMessageData>,
}

impl Aggregate for SiteMessage {
    const TYPE: &'static str = "SiteMessage";
    type Command = SiteMessageCommand;
    type Event = SiteMessageEvent;
    type Error = CatalogError;
    type Services = ();

    async fn handle(
        &mut self,
        command: Self::Command,
        _: &(),
        sink: &EventSink<Self>,
    ) -> Result<(), Self::Error> {
        match command {
            SiteMessageCommand::Publish(data) => {
                validate::site_message(&data)?;
                if self.data.as_ref() != Some(&data) {
                    sink.write(SiteMessageEvent::SiteMessagePublished(data), self)
                        .await;
                }
            }
            SiteMessageCommand::Withdraw => {
                let id = self
                    .data
                    .as_ref()
                    .ok_or(CatalogError::NotFound("site message"))?
                    .id
                    .clone();
                sink.write(SiteMessageEvent::SiteMessageWithdrawn { id }, self)
                    .await;
            }
        }
        Ok(())
    }

    fn apply(&mut self, event: Self::Event) {
        match event {
            SiteMessageEvent::SiteMessagePublished(d) => self.data = Some(d),
            SiteMessageEvent::SiteMessageWithdrawn { .. } => self.data = None,
        }
    }
}

/// Site-wide content: header links, the mega-menu ad, the banner's sponsored ad and the home
/// page's hero. One
/// aggregate, id [`SITE_CONTENT_ID`].
#[derive(Debug, Default, Clone, PartialEq, Serialize, Deserialize)]
pub struct SiteContent {
    pub header_links: Option<Vec<HeaderLink>>,
    pub mega_menu_ad: Option<MegaMenuAd>,
    #[serde(default)]
    pub sponsored_ad: Option<MegaMenuAd>,
    #[serde(default)]
    pub home_hero: Option<HomeHero>,
}

pub const SITE_CONTENT_ID: &str = "site";

impl Aggregate for SiteContent {
    const TYPE: &'static str = "SiteContent";
    type Command = SiteContentCommand;
    type Event = SiteContentEvent;
    type Error = CatalogError;
    type Services = ();

    async fn handle(
        &mut self,
        command: Self::Command,
        _: &(),
        sink: &EventSink<Self>,
    ) -> Result<(), Self::Error> {
        match command {
            SiteContentCommand::SetHeaderLinks(links) => {
                validate::header_links(&links)?;
                if self.header_links.as_ref() != Some(&links) {
                    sink.write(SiteContentEvent::HeaderLinksSet { links }, self)
                        .await;
                }
            }
            SiteContentCommand::SetMegaMenuAd(ad) => {
                validate::mega_menu_ad(&ad)?;
                if self.mega_menu_ad.as_ref() != Some(&ad) {
                    sink.write(SiteContentEvent::MegaMenuAdSet { ad }, self)
                        .await;
                }
            }
            SiteContentCommand::SetSponsoredAd(ad) => {
                validate::mega_menu_ad(&ad)?;
                if self.sponsored_ad.as_ref() != Some(&ad) {
                    sink.write(SiteContentEvent::SponsoredAdSet { ad }, self)
                        .await;
                }
            }
            SiteContentCommand::SetHomeHero(hero) => {
                validate::home_hero(&hero)?;
                if self.home_hero.as_ref() != Some(&hero) {
                    sink.write(SiteContentEvent::HomeHeroSet { hero }, self)
                        .await;
                }
            }
        }
        Ok(())
    }

    fn apply(&mut self, event: Self::Event) {
        match event {
            SiteContentEvent::HeaderLinksSet { links } => self.header_links = Some(links),
            SiteContentEvent::MegaMenuAdSet { ad } => self.mega_menu_ad = Some(ad),
            SiteContentEvent::SponsoredAdSet { ad } => self.sponsored_ad = Some(ad),
            SiteContentEvent::HomeHeroSet { hero } => self.home_hero = Some(hero),
        }
    }
}
