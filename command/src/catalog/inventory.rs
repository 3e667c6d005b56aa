//! The `Inventory` aggregate: stock of one product, reported whole or adjusted per store.

use cqrs_es::event_sink::EventSink;
use cqrs_es::Aggregate;
use serde::{Deserialize, Serialize};

use super::commands::*;
use super::error::CatalogError;
use super::events::*;
use super::model::*;
use super::validate;

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
