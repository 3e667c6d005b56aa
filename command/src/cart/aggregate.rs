//! The cart: `handle` decides with the catalog's help (injected), `apply` only mutates.

use cqrs_es::event_sink::EventSink;
use cqrs_es::Aggregate;
use serde::{Deserialize, Serialize};

use super::commands::*;
use super::events::*;
use super::services::command_types::*;
use super::services::CartServices;
use super::{MAX_LINES, MAX_QUANTITY};

/// The spec's add-to-cart result codes other than Success, plus the cart page's own refusals.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CartError {
    #[error("{0}")]
    CannotAdd(String),
    #[error("Your cart can hold at most {MAX_LINES} different items.")]
    MaxLines,
    #[error("{0}")]
    PickupDeliveryError(String),
    #[error("Please confirm before adding this item to your cart.")]
    RequireConfirmation,
    #[error("Please accept the purchase agreement before adding this item to your cart.")]
    RequireAgreement,
    #[error("That item is no longer in your cart.")]
    LineNotFound,
    #[error("Please enter a quantity from 1 to {MAX_QUANTITY}.")]
    InvalidQuantity,
    #[error("That protection plan is not offered for this item.")]
    UnknownWarranty,
    /// The catalog could not be asked (database down): nothing was decided.
    #[error("the catalog is unavailable: {0}")]
    Unavailable(String),
}

impl CartError {
    /// The spec's result code for an add.
    pub fn result_code(&self) -> &'static str {
        match self {
            CartError::MaxLines => "MaxLines",
            CartError::PickupDeliveryError(_) => "PickupDeliveryError",
            CartError::RequireConfirmation => "RequireConfirmation",
            CartError::RequireAgreement => "RequireAgreement",
            _ => "CannotAdd",
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CartLine {
    pub line_id: u32,
    pub blain_number: String,
    pub name: String,
    pub quantity: i32,
    pub unit_price_cents: i64,
    pub fulfillment: FulfillmentType,
    pub store_num: Option<i32>,
    pub warranty: Option<ChosenWarranty>,
}

#[derive(Debug, Default, Clone, PartialEq, Serialize, Deserialize)]
pub struct Cart {
    pub lines: Vec<CartLine>,
    pub next_line_id: u32,
}

impl Cart {
    /// Total quantity of all lines: the header's cart count.
    pub fn quantity(&self) -> i32 {
        self.lines.iter().map(|l| l.quantity).sum()
    }

    fn line(&self, line_id: u32) -> Result<&CartLine, CartError> {
        self.lines
            .iter()
            .find(|l| l.line_id == line_id)
            .ok_or(CartError::LineNotFound)
    }

    /// Units of `blain` over every line of the cart but `except`: the per-item limit counts
    /// them all, whatever their fulfilment.
    fn units(&self, blain: &str, except: Option<u32>) -> i32 {
        self.lines
            .iter()
            .filter(|l| l.blain_number == blain && Some(l.line_id) != except)
            .map(|l| l.quantity)
            .sum()
    }

    /// Units of `blain` that `store` must hand over (pickup and same-day lines there), over
    /// every line but `except`: its stock is checked against all of them.
    fn units_at_store(&self, blain: &str, store: i32, except: Option<u32>) -> i32 {
        self.lines
            .iter()
            .filter(|l| {
                l.blain_number == blain
                    && Some(l.line_id) != except
                    && l.store_num == Some(store)
                    && l.fulfillment != FulfillmentType::ShipToHome
            })
            .map(|l| l.quantity)
            .sum()
    }

    /// Units of `blain` shipped from the online stock, over every line.
    fn units_shipped(&self, blain: &str) -> i32 {
        self.lines
            .iter()
            .filter(|l| l.blain_number == blain && l.fulfillment == FulfillmentType::ShipToHome)
            .map(|l| l.quantity)
            .sum()
    }

    fn matching_line(&self, blain: &str, placement: &Placement) -> Option<&CartLine> {
        self.lines.iter().find(|l| {
            l.blain_number == blain
                && l.fulfillment == placement.fulfillment
                && l.store_num == placement.store_num
        })
    }
}

/// Units of `blain` planned earlier in the same command to ship.
fn planned_shipped(pending: &[AddedLine], blain: &str) -> i32 {
    pending
        .iter()
        .filter(|p| p.blain_number == blain && p.fulfillment == FulfillmentType::ShipToHome)
        .map(|p| p.quantity)
        .sum()
}

fn unavailable(e: String) -> CartError {
    CartError::Unavailable(e)
}

/// One product to add, as a command asks for it.
struct LineRequest<'a> {
    blain_number: &'a str,
    quantity: i32,
    placement: &'a Placement,
    confirmed: bool,
    agreed: bool,
    warranty_id: Option<&'a str>,
}

/// Plans the line for one product, checking every rule; `pending` holds lines planned earlier
/// in the same command (a bundle's other components).
async fn plan_line(
    cart: &Cart,
    services: &CartServices,
    request: LineRequest<'_>,
    pending: &[AddedLine],
) -> Result<AddedLine, CartError> {
    let LineRequest {
        blain_number,
        quantity,
        placement,
        confirmed,
        agreed,
        warranty_id,
    } = request;
    if !(1..=MAX_QUANTITY).contains(&quantity) {
        return Err(CartError::CannotAdd(format!(
            "Please enter a quantity from 1 to {MAX_QUANTITY}."
        )));
    }
    let product = services
        .catalog
        .product(blain_number)
        .await
        .map_err(unavailable)?
        .filter(|p| p.sellable)
        .ok_or_else(|| CartError::CannotAdd("This item cannot be added to your cart.".into()))?;
    if product.requires_confirmation && !confirmed {
        return Err(CartError::RequireConfirmation);
    }
    if product.requires_agreement && !agreed {
        return Err(CartError::RequireAgreement);
    }
    let existing = cart.matching_line(blain_number, placement);
    // The limit and the store's stock hold per item across every line of the cart and every
    // line planned earlier in this command, not per line.
    let planned = |at_store: Option<i32>| -> i32 {
        pending
            .iter()
            .filter(|p| p.blain_number == blain_number)
            .filter(|p| {
                at_store.is_none_or(|s| {
                    p.store_num == Some(s) && p.fulfillment != FulfillmentType::ShipToHome
                })
            })
            .map(|p| p.quantity)
            .sum()
    };
    let total = cart.units(blain_number, None) + planned(None) + quantity;
    if total > MAX_QUANTITY {
        return Err(CartError::CannotAdd(format!(
            "You can buy at most {MAX_QUANTITY} of this item."
        )));
    }
    match placement.fulfillment {
        FulfillmentType::ShipToHome if !product.ship_to_home => {
            return Err(CartError::PickupDeliveryError(
                "This item is not available for shipping. Choose store pickup instead.".into(),
            ))
        }
        FulfillmentType::ShipToHome => {
            let shipped = cart.units_shipped(blain_number)
                + planned_shipped(pending, blain_number)
                + quantity;
            let can = services
                .catalog
                .online_can_fulfil(blain_number, shipped)
                .await
                .map_err(unavailable)?;
            if !can {
                return Err(CartError::PickupDeliveryError(
                    "This item is out of stock for shipping. Choose pickup at a nearby store instead."
                        .into(),
                ));
            }
        }
        FulfillmentType::StorePickup | FulfillmentType::SameDayDelivery => {
            let offered = match placement.fulfillment {
                FulfillmentType::StorePickup => product.store_pickup,
                _ => product.same_day_delivery,
            };
            let Some(store) = placement.store_num else {
                return Err(CartError::PickupDeliveryError(
                    "Please choose a store for pickup.".into(),
                ));
            };
            let at_store =
                cart.units_at_store(blain_number, store, None) + planned(Some(store)) + quantity;
            let can = offered
                && services
                    .catalog
                    .store_can_fulfil(store, blain_number, at_store)
                    .await
                    .map_err(unavailable)?;
            if !can {
                return Err(CartError::PickupDeliveryError(
                    "This item is not available for pickup at your store.".into(),
                ));
            }
        }
    }
    let warranty = match warranty_id {
        None => None,
        Some(id) => Some(
            product
                .warranties
                .iter()
                .find(|w| w.id == id)
                .map(chosen)
                .ok_or(CartError::UnknownWarranty)?,
        ),
    };
    let line_id = match existing {
        Some(line) => line.line_id,
        None => {
            let new_lines = pending
                .iter()
                .filter(|p| cart.line(p.line_id).is_err())
                .count();
            if cart.lines.len() + new_lines >= MAX_LINES {
                return Err(CartError::MaxLines);
            }
            let planned_max = pending.iter().map(|p| p.line_id + 1).max().unwrap_or(0);
            cart.next_line_id.max(planned_max)
        }
    };
    Ok(AddedLine {
        line_id,
        blain_number: product.blain_number,
        name: product.name,
        quantity,
        unit_price_cents: product.price_cents,
        fulfillment: placement.fulfillment,
        store_num: placement.store_num,
        warranty: warranty.or_else(|| existing.and_then(|l| l.warranty.clone())),
    })
}

fn chosen(w: &crate::catalog::Warranty) -> ChosenWarranty {
    ChosenWarranty {
        id: w.id.clone(),
        name: w.name.clone(),
        price_cents: w.price_cents,
        years: w.years,
    }
}

impl Aggregate for Cart {
    const TYPE: &'static str = "Cart";
    type Command = CartCommand;
    type Event = CartEvent;
    type Error = CartError;
    type Services = CartServices;

    async fn handle(
        &mut self,
        command: Self::Command,
        services: &CartServices,
        sink: &EventSink<Self>,
    ) -> Result<(), Self::Error> {
        match command {
            CartCommand::AddItem {
                blain_number,
                quantity,
                placement,
                confirmed,
                agreed,
                warranty_id,
            } => {
                let request = LineRequest {
                    blain_number: &blain_number,
                    quantity,
                    placement: &placement,
                    confirmed,
                    agreed,
                    warranty_id: warranty_id.as_deref(),
                };
                let line = plan_line(self, services, request, &[]).await?;
                sink.write(CartEvent::ItemAdded(line), self).await;
            }
            CartCommand::AddBundle {
                blain_number,
                quantity,
                placement,
                confirmed,
                agreed,
            } => {
                if !(1..=MAX_QUANTITY).contains(&quantity) {
                    return Err(CartError::CannotAdd(format!(
                        "Please enter a quantity from 1 to {MAX_QUANTITY}."
                    )));
                }
                let bundle = services
                    .catalog
                    .product(&blain_number)
                    .await
                    .map_err(unavailable)?
                    .filter(|p| p.sellable && !p.bundle.is_empty())
                    .ok_or_else(|| {
                        CartError::CannotAdd("This bundle cannot be added to your cart.".into())
                    })?;
                let mut lines: Vec<AddedLine> = Vec::new();
                for (component, per_bundle) in &bundle.bundle {
                    let request = LineRequest {
                        blain_number: component,
                        quantity: per_bundle * quantity,
                        placement: &placement,
                        confirmed,
                        agreed,
                        warranty_id: None,
                    };
                    let line = plan_line(self, services, request, &lines).await?;
                    lines.push(line);
                }
                sink.write(
                    CartEvent::BundleAdded {
                        bundle_blain_number: blain_number,
                        lines,
                    },
                    self,
                )
                .await;
            }
            CartCommand::AddComparison {
                blain_numbers,
                placement,
                confirmed,
                agreed,
            } => {
                // The same item listed twice is one item (one line, one unit).
                let mut seen = std::collections::HashSet::new();
                let blain_numbers: Vec<String> = blain_numbers
                    .into_iter()
                    .filter(|b| seen.insert(b.clone()))
                    .collect();
                if blain_numbers.is_empty() || blain_numbers.len() > 5 {
                    return Err(CartError::CannotAdd("You can compare up to 5 items".into()));
                }
                let mut lines: Vec<AddedLine> = Vec::new();
                for blain in &blain_numbers {
                    let request = LineRequest {
                        blain_number: blain,
                        quantity: 1,
                        placement: &placement,
                        confirmed,
                        agreed,
                        warranty_id: None,
                    };
                    let line = plan_line(self, services, request, &lines).await?;
                    lines.push(line);
                }
                sink.write(CartEvent::ComparisonAdded { lines }, self).await;
            }
            CartCommand::Merge {
                from_cart_id,
                lines: guest_lines,
            } => {
                let mut lines: Vec<AddedLine> = Vec::new();
                for line in &guest_lines {
                    let placement = Placement {
                        fulfillment: line.fulfillment,
                        store_num: line.store_num,
                    };
                    let request = LineRequest {
                        blain_number: &line.blain_number,
                        quantity: line.quantity,
                        placement: &placement,
                        confirmed: true,
                        agreed: true,
                        warranty_id: line.warranty.as_ref().map(|w| w.id.as_str()),
                    };
                    match plan_line(self, services, request, &lines).await {
                        Ok(added) => lines.push(added),
                        Err(CartError::Unavailable(e)) => return Err(CartError::Unavailable(e)),
                        // Refused now (a limit, the store's stock): it stays in the guest cart.
                        Err(_) => {}
                    }
                }
                if !lines.is_empty() {
                    sink.write(
                        CartEvent::CartMerged {
                            from_cart_id,
                            lines,
                        },
                        self,
                    )
                    .await;
                }
            }
            CartCommand::UpdateWarranty {
                line_id,
                warranty_id,
            } => {
                let line = self.line(line_id)?;
                let product = services
                    .catalog
                    .product(&line.blain_number)
                    .await
                    .map_err(unavailable)?
                    .ok_or(CartError::UnknownWarranty)?;
                let warranty = product
                    .warranties
                    .iter()
                    .find(|w| w.id == warranty_id)
                    .map(chosen)
                    .ok_or(CartError::UnknownWarranty)?;
                if line.warranty.as_ref() != Some(&warranty) {
                    sink.write(CartEvent::WarrantyUpdated { line_id, warranty }, self)
                        .await;
                }
            }
            CartCommand::RemoveWarranty { line_id } => {
                if self.line(line_id)?.warranty.is_some() {
                    sink.write(CartEvent::WarrantyRemoved { line_id }, self)
                        .await;
                }
            }
            CartCommand::ChangeQuantity { line_id, quantity } => {
                if !(1..=MAX_QUANTITY).contains(&quantity) {
                    return Err(CartError::InvalidQuantity);
                }
                let line = self.line(line_id)?.clone();
                if line.quantity == quantity {
                    return Ok(());
                }
                if self.units(&line.blain_number, Some(line_id)) + quantity > MAX_QUANTITY {
                    return Err(CartError::CannotAdd(format!(
                        "You can buy at most {MAX_QUANTITY} of this item."
                    )));
                }
                if let (
                    FulfillmentType::StorePickup | FulfillmentType::SameDayDelivery,
                    Some(store),
                ) = (line.fulfillment, line.store_num)
                {
                    let at_store =
                        self.units_at_store(&line.blain_number, store, Some(line_id)) + quantity;
                    let can = services
                        .catalog
                        .store_can_fulfil(store, &line.blain_number, at_store)
                        .await
                        .map_err(unavailable)?;
                    if !can {
                        return Err(CartError::PickupDeliveryError(
                            "Your store does not have that many. Lower the quantity or choose shipping.".into(),
                        ));
                    }
                }
                sink.write(CartEvent::QuantityChanged { line_id, quantity }, self)
                    .await;
            }
            CartCommand::RemoveItem { line_id } => {
                self.line(line_id)?;
                sink.write(CartEvent::ItemRemoved { line_id }, self).await;
            }
            CartCommand::ChangeFulfillment { line_id, placement } => {
                let line = self.line(line_id)?.clone();
                if line.fulfillment == placement.fulfillment
                    && line.store_num == placement.store_num
                {
                    return Ok(());
                }
                // Checked as the add of the whole line to the cart without it.
                let mut without = self.clone();
                without.lines.retain(|l| l.line_id != line_id);
                let request = LineRequest {
                    blain_number: &line.blain_number,
                    quantity: line.quantity,
                    placement: &placement,
                    confirmed: true,
                    agreed: true,
                    warranty_id: line.warranty.as_ref().map(|w| w.id.as_str()),
                };
                let mut added = plan_line(&without, services, request, &[]).await?;
                if without.line(added.line_id).is_err() {
                    added.line_id = self.next_line_id;
                }
                sink.write(CartEvent::ItemRemoved { line_id }, self).await;
                sink.write(CartEvent::ItemAdded(added), self).await;
            }
            CartCommand::CheckOut { order_no } => {
                if !self.lines.is_empty() {
                    sink.write(CartEvent::CartCheckedOut { order_no }, self)
                        .await;
                }
            }
        }
        Ok(())
    }

    fn apply(&mut self, event: Self::Event) {
        let add = |cart: &mut Cart, added: AddedLine| match cart
            .lines
            .iter_mut()
            .find(|l| l.line_id == added.line_id)
        {
            Some(line) => {
                line.quantity += added.quantity;
                line.unit_price_cents = added.unit_price_cents;
                line.warranty = added.warranty;
            }
            None => {
                cart.next_line_id = cart.next_line_id.max(added.line_id + 1);
                cart.lines.push(CartLine {
                    line_id: added.line_id,
                    blain_number: added.blain_number,
                    name: added.name,
                    quantity: added.quantity,
                    unit_price_cents: added.unit_price_cents,
                    fulfillment: added.fulfillment,
                    store_num: added.store_num,
                    warranty: added.warranty,
                });
            }
        };
        match event {
            CartEvent::ItemAdded(line) => add(self, line),
            CartEvent::BundleAdded { lines, .. }
            | CartEvent::ComparisonAdded { lines }
            | CartEvent::CartMerged { lines, .. } => {
                for line in lines {
                    add(self, line);
                }
            }
            CartEvent::WarrantyUpdated { line_id, warranty } => {
                if let Some(l) = self.lines.iter_mut().find(|l| l.line_id == line_id) {
                    l.warranty = Some(warranty);
                }
            }
            CartEvent::WarrantyRemoved { line_id } => {
                if let Some(l) = self.lines.iter_mut().find(|l| l.line_id == line_id) {
                    l.warranty = None;
                }
            }
            CartEvent::QuantityChanged { line_id, quantity } => {
                if let Some(l) = self.lines.iter_mut().find(|l| l.line_id == line_id) {
                    l.quantity = quantity;
                }
            }
            CartEvent::ItemRemoved { line_id } => self.lines.retain(|l| l.line_id != line_id),
            CartEvent::CartCheckedOut { .. } => self.lines.clear(),
        }
    }
}
