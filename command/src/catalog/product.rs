//! The `Product` aggregate: upserted from the import (no-op upserts skipped) or discontinued.

use cqrs_es::event_sink::EventSink;
use cqrs_es::Aggregate;
use serde::{Deserialize, Serialize};

use super::commands::*;
use super::error::CatalogError;
use super::events::*;
use super::model::*;
use super::validate;

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
