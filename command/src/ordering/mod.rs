//! Ordering context: the Order aggregate (one per order number) and the Checkout aggregate
//! (one per cart), the TaxExemption aggregate (one per customer), the card and money rules, the payment gateway port with its local gateway,
//! the Sale tracking port, and the checkout process with its sweep (`process.rs`).

pub mod aggregate;
pub mod card;
pub mod checkout;
pub mod events;
pub mod exemption;
pub mod payment;
pub mod payment_http;
pub mod pricing;
pub mod process;
pub mod request;
pub mod sales;

#[cfg(test)]
mod tests;

pub use aggregate::{Order, OrderCommand, OrderError, OrderStatus, Step};
pub use checkout::{Checkout, CheckoutCommand, CheckoutError, CheckoutEvent};
pub use events::{CardSummary, OrderEvent, OrderLine, PlacedOrder, ReturnedLine};
pub use exemption::{ExemptionEvent, ExemptionKind, ExemptionStatus, TaxExemption};
pub use process::Ordering;

use cqrs_es::persist::EventUpcaster;

/// The ordering events' upcasters (none yet: every event is at its first version).
pub fn upcasters() -> Vec<Box<dyn EventUpcaster>> {
    Vec::new()
}

/// The purpose of a confirmation link's signature.
const CONFIRMATION_PURPOSE: &str = "order-confirmation";
/// The confirmation page.
pub const CONFIRMATION_PAGE: &str = "/checkout/confirmation/";

/// The confirmation page of an order for the visitor who placed it: its key is the order
/// number and the visitor, signed, so the link shows the order to that browser only.
pub fn confirmation_url(
    keyring: &kernel::secrets::Keyring,
    order_no: &str,
    visitor_id: &str,
) -> String {
    let key = keyring.signed(CONFIRMATION_PURPOSE, &format!("{order_no}:{visitor_id}"));
    format!("{CONFIRMATION_PAGE}?key={key}")
}

/// The order number a confirmation key names, when the store signed it for `visitor_id`.
pub fn confirmed_order(
    keyring: &kernel::secrets::Keyring,
    key: &str,
    visitor_id: &str,
) -> Option<String> {
    let value = keyring.opened(CONFIRMATION_PURPOSE, key)?;
    let (order_no, visitor) = value.split_once(':')?;
    (visitor == visitor_id).then(|| order_no.to_string())
}
