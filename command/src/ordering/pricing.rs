//! An order's money, in integer cents: the lines, shipping (free from $49 as the site banner
//! promises, otherwise one flat rate) and sales tax from a small table of state rates
//! (docs/decisions.md, "Checkout"). The query side's checkout summary and the placement use
//! these same functions, so the total a shopper reviews is the total charged.

use serde::{Deserialize, Serialize};

use crate::cart::command_types::FulfillmentType;

/// Orders whose shipped lines come to this much ship free ($49).
pub const FREE_SHIPPING_CENTS: i64 = 4_900;
/// Shipping (and same-day delivery) below [`FREE_SHIPPING_CENTS`]: $7.99 an order.
pub const SHIPPING_RATE_CENTS: i64 = 799;

/// Sales tax by state, in basis points (1/100 of a percent): the states the store's stores
/// are in and their neighbours at the state base rate; any other state 0 (no nexus).
pub const STATE_TAX_BASIS_POINTS: [(&str, i64); 12] = [
    ("IA", 600),
    ("IL", 625),
    ("IN", 700),
    ("MI", 600),
    ("MN", 688),
    ("MO", 423),
    ("ND", 500),
    ("NE", 550),
    ("OH", 575),
    ("SD", 420),
    ("TX", 625),
    ("WI", 500),
];

/// The rate of a state (basis points); 0 for a state not in the table.
pub fn tax_rate(state: &str) -> i64 {
    STATE_TAX_BASIS_POINTS
        .iter()
        .find(|(s, _)| s.eq_ignore_ascii_case(state.trim()))
        .map_or(0, |(_, r)| *r)
}

/// One priced line as the totals see it.
#[derive(Debug, Clone, PartialEq)]
pub struct PricedLine {
    /// Unit price plus the chosen protection plan's price, times quantity.
    pub total_cents: i64,
    pub fulfillment: FulfillmentType,
}

/// What an order costs.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Totals {
    pub subtotal_cents: i64,
    pub shipping_cents: i64,
    pub tax_cents: i64,
    pub total_cents: i64,
    /// The state whose rate applied; `None` when it is not known yet (no ZIP, no pickup store).
    pub tax_state: Option<String>,
    /// An approved tax-exempt customer pays no sales tax.
    pub tax_exempt: bool,
}

/// Totals of `lines` taxed at `tax_state`'s rate. Shipping is charged when a line ships or
/// goes by same-day delivery and those lines come to less than [`FREE_SHIPPING_CENTS`].
pub fn totals(lines: &[PricedLine], tax_state: Option<&str>, tax_exempt: bool) -> Totals {
    let subtotal: i64 = lines.iter().map(|l| l.total_cents).sum();
    let delivered: Vec<&PricedLine> = lines
        .iter()
        .filter(|l| l.fulfillment != FulfillmentType::StorePickup)
        .collect();
    let delivered_cents: i64 = delivered.iter().map(|l| l.total_cents).sum();
    let shipping = if delivered.is_empty() || delivered_cents >= FREE_SHIPPING_CENTS {
        0
    } else {
        SHIPPING_RATE_CENTS
    };
    let tax = match tax_state {
        Some(state) if !tax_exempt => tax_of(subtotal + shipping, tax_rate(state)),
        _ => 0,
    };
    Totals {
        subtotal_cents: subtotal,
        shipping_cents: shipping,
        tax_cents: tax,
        total_cents: subtotal + shipping + tax,
        tax_state: tax_state.map(|s| s.trim().to_ascii_uppercase()),
        tax_exempt,
    }
}

/// `cents` × `basis_points` / 10,000, rounded half up.
pub fn tax_of(cents: i64, basis_points: i64) -> i64 {
    (cents * basis_points + 5_000) / 10_000
}

/// The share of `tax_cents` that falls on `part_cents` of `whole_cents` (a returned line's
/// tax), rounded half up.
pub fn share(tax_cents: i64, part_cents: i64, whole_cents: i64) -> i64 {
    if whole_cents <= 0 {
        return 0;
    }
    (tax_cents * part_cents * 2 + whole_cents) / (whole_cents * 2)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(cents: i64, fulfillment: FulfillmentType) -> PricedLine {
        PricedLine {
            total_cents: cents,
            fulfillment,
        }
    }

    #[test]
    fn shipping_is_free_from_49_dollars_of_shipped_lines() {
        let small = totals(&[line(4_899, FulfillmentType::ShipToHome)], None, false);
        assert_eq!(small.shipping_cents, 799);
        let big = totals(&[line(4_900, FulfillmentType::ShipToHome)], None, false);
        assert_eq!(big.shipping_cents, 0);
        let pickup = totals(&[line(1_000, FulfillmentType::StorePickup)], None, false);
        assert_eq!(pickup.shipping_cents, 0, "pickup is free");
        let mixed = totals(
            &[
                line(10_000, FulfillmentType::StorePickup),
                line(1_000, FulfillmentType::SameDayDelivery),
            ],
            None,
            false,
        );
        assert_eq!(
            mixed.shipping_cents, 799,
            "pickup lines don't count toward free delivery"
        );
    }

    #[test]
    fn tax_follows_the_state_and_spares_the_exempt() {
        let t = totals(
            &[line(1_999, FulfillmentType::ShipToHome)],
            Some("wi"),
            false,
        );
        // (1999 + 799) × 5% = 139.9 → 140
        assert_eq!((t.tax_cents, t.total_cents), (140, 1_999 + 799 + 140));
        assert_eq!(t.tax_state.as_deref(), Some("WI"));
        let exempt = totals(
            &[line(1_999, FulfillmentType::ShipToHome)],
            Some("WI"),
            true,
        );
        assert_eq!(exempt.tax_cents, 0);
        let unknown = totals(
            &[line(1_999, FulfillmentType::ShipToHome)],
            Some("ZZ"),
            false,
        );
        assert_eq!(unknown.tax_cents, 0);
        let not_yet = totals(&[line(1_999, FulfillmentType::ShipToHome)], None, false);
        assert_eq!((not_yet.tax_cents, not_yet.tax_state), (0, None));
    }

    #[test]
    fn a_lines_share_of_the_tax_rounds_half_up() {
        assert_eq!(share(100, 1, 2), 50);
        assert_eq!(share(101, 1, 2), 51);
        assert_eq!(share(0, 5, 10), 0);
        assert_eq!(share(10, 5, 0), 0);
    }
}
