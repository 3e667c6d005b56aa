//! The `Inventory` aggregate: stock of one product, reported whole or adjusted per store, and
//! the units orders hold. Available = on hand − reserved; a report replaces on hand and keeps
//! the reservations, so an import during an order never frees its units.

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
    #[serde(default)]
    pub reservations: Vec<Reservation>,
}

impl Inventory {
    /// Units on hand at `store` (`None`: online).
    pub fn on_hand(&self, store: Option<i32>) -> i32 {
        match store {
            None => self.ecom_on_hand,
            Some(n) => self
                .stores
                .iter()
                .find(|s| s.store_num == n && s.is_stocked)
                .map_or(0, |s| s.store_on_hand),
        }
    }

    /// Units held for orders at `store` (`None`: online).
    pub fn reserved(&self, store: Option<i32>) -> i32 {
        self.reservations
            .iter()
            .filter(|r| r.store_num == store)
            .map(|r| r.quantity)
            .sum()
    }

    /// What can still be sold at `store` (`None`: online).
    pub fn available(&self, store: Option<i32>) -> i32 {
        self.on_hand(store) - self.reserved(store)
    }

    fn held_by(&self, order_no: &str) -> Vec<Reservation> {
        self.reservations
            .iter()
            .filter(|r| r.order_no == order_no)
            .cloned()
            .collect()
    }
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
            InventoryCommand::Reserve {
                blain_number,
                reservation,
            } => {
                validate::blain_number(&blain_number)?;
                let held = self.reservations.iter().any(|r| {
                    r.order_no == reservation.order_no && r.store_num == reservation.store_num
                });
                if held {
                    return Ok(());
                }
                let available = self.available(reservation.store_num);
                if reservation.quantity < 1 || available < reservation.quantity {
                    return Err(CatalogError::OutOfStock {
                        available: available.max(0),
                    });
                }
                let event = InventoryEvent::StockReserved {
                    blain_number,
                    reservation,
                };
                sink.write(event, self).await;
            }
            InventoryCommand::Release {
                blain_number,
                order_no,
            } => {
                let released = self.held_by(&order_no);
                if !released.is_empty() {
                    let event = InventoryEvent::StockReleased {
                        blain_number,
                        order_no,
                        released,
                    };
                    sink.write(event, self).await;
                }
            }
            InventoryCommand::Fulfil {
                blain_number,
                order_no,
            } => {
                let fulfilled = self.held_by(&order_no);
                if !fulfilled.is_empty() {
                    let event = InventoryEvent::ReservationFulfilled {
                        blain_number,
                        order_no,
                        fulfilled,
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
            InventoryEvent::StockReserved { reservation, .. } => {
                self.reservations.push(reservation);
            }
            InventoryEvent::StockReleased { order_no, .. } => {
                self.reservations.retain(|r| r.order_no != order_no);
            }
            InventoryEvent::ReservationFulfilled {
                order_no,
                fulfilled,
                ..
            } => {
                for r in &fulfilled {
                    match r.store_num {
                        None => self.ecom_on_hand -= r.quantity,
                        Some(n) => {
                            if let Some(s) = self.stores.iter_mut().find(|s| s.store_num == n) {
                                s.store_on_hand -= r.quantity;
                            }
                        }
                    }
                }
                self.reservations.retain(|r| r.order_no != order_no);
            }
        }
    }
}
