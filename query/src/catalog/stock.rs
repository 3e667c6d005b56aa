//! The store stock label of the spec, tested in its order:
//! not carried, out of stock, limited quantities in store, available in store only, in stock,
//! otherwise 'Only {n} left!'.

use serde::Serialize;

/// Stock threshold: at or below it a store holds "limited quantities", above it the web stock
/// is plentiful.
pub const STOCK_THRESHOLD: i32 = 10;
/// Stock threshold: below it there is none.
pub const MIN_ON_HAND: i32 = 1;

/// The stock of one product at one store, plus the web (e-commerce) stock.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Inventory {
    pub is_stocked: bool,
    pub store_on_hand: i32,
    pub ecom_on_hand: i32,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub enum StockStatus {
    NotCarried,
    OutOfStock,
    LimitedInStore,
    InStoreOnly,
    InStock,
    OnlyLeft,
}

impl Inventory {
    /// Whether the store carries the item and holds at least one (the in-stock-only filter).
    pub fn in_stock_at_store(&self) -> bool {
        self.is_stocked && self.store_on_hand >= MIN_ON_HAND
    }
}

/// The status and label for `inventory` when the shopper wants `desired_quantity`.
pub fn stock_label(inventory: Inventory, desired_quantity: i64) -> (StockStatus, String) {
    let Inventory {
        is_stocked,
        store_on_hand,
        ecom_on_hand,
    } = inventory;
    let status = if !is_stocked {
        StockStatus::NotCarried
    } else if store_on_hand < MIN_ON_HAND && ecom_on_hand < MIN_ON_HAND {
        StockStatus::OutOfStock
    } else if (MIN_ON_HAND..=STOCK_THRESHOLD).contains(&store_on_hand) && ecom_on_hand < MIN_ON_HAND
    {
        StockStatus::LimitedInStore
    } else if store_on_hand > STOCK_THRESHOLD && ecom_on_hand < MIN_ON_HAND {
        StockStatus::InStoreOnly
    } else if i64::from(ecom_on_hand) > desired_quantity && ecom_on_hand > STOCK_THRESHOLD {
        StockStatus::InStock
    } else {
        StockStatus::OnlyLeft
    };
    let label = match status {
        StockStatus::NotCarried => "Not carried".to_string(),
        StockStatus::OutOfStock => "Out of stock".to_string(),
        StockStatus::LimitedInStore => "Limited quantities in store".to_string(),
        StockStatus::InStoreOnly => "Available in store only".to_string(),
        StockStatus::InStock => "In stock".to_string(),
        StockStatus::OnlyLeft => format!("Only {ecom_on_hand} left!"),
    };
    (status, label)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn label(is_stocked: bool, store: i32, ecom: i32, desired: i64) -> (StockStatus, String) {
        stock_label(
            Inventory {
                is_stocked,
                store_on_hand: store,
                ecom_on_hand: ecom,
            },
            desired,
        )
    }

    fn status(is_stocked: bool, store: i32, ecom: i32, desired: i64) -> StockStatus {
        label(is_stocked, store, ecom, desired).0
    }

    #[test]
    fn not_stocked_is_not_carried_whatever_the_counts() {
        assert_eq!(
            label(false, 0, 0, 1),
            (StockStatus::NotCarried, "Not carried".into())
        );
        assert_eq!(status(false, 50, 50, 1), StockStatus::NotCarried);
    }

    #[test]
    fn both_counts_below_one_is_out_of_stock() {
        assert_eq!(
            label(true, 0, 0, 1),
            (StockStatus::OutOfStock, "Out of stock".into())
        );
        assert_eq!(status(true, -3, 0, 1), StockStatus::OutOfStock);
        assert_eq!(status(true, 0, -1, 1), StockStatus::OutOfStock);
    }

    #[test]
    fn store_only_stock_is_limited_up_to_ten_and_in_store_only_above() {
        assert_eq!(
            label(true, 1, 0, 1),
            (
                StockStatus::LimitedInStore,
                "Limited quantities in store".into()
            )
        );
        assert_eq!(status(true, 10, 0, 1), StockStatus::LimitedInStore);
        assert_eq!(
            label(true, 11, 0, 1),
            (StockStatus::InStoreOnly, "Available in store only".into())
        );
        assert_eq!(status(true, 500, 0, 1), StockStatus::InStoreOnly);
    }

    #[test]
    fn web_stock_is_in_stock_above_ten_and_the_desired_quantity() {
        assert_eq!(
            label(true, 0, 11, 1),
            (StockStatus::InStock, "In stock".into())
        );
        assert_eq!(
            label(true, 0, 10, 1),
            (StockStatus::OnlyLeft, "Only 10 left!".into())
        );
        assert_eq!(
            label(true, 5, 1, 1),
            (StockStatus::OnlyLeft, "Only 1 left!".into())
        );
        // The desired quantity must be exceeded too.
        assert_eq!(status(true, 0, 20, 19), StockStatus::InStock);
        assert_eq!(
            label(true, 0, 20, 20),
            (StockStatus::OnlyLeft, "Only 20 left!".into())
        );
        assert_eq!(status(true, 0, 20, 25), StockStatus::OnlyLeft);
        // Store stock does not matter once the web has some.
        assert_eq!(status(true, 30, 11, 1), StockStatus::InStock);
        assert_eq!(status(true, 30, 3, 1), StockStatus::OnlyLeft);
    }

    #[test]
    fn the_in_stock_filter_needs_a_carried_item_on_the_shelf() {
        let inv = |s, n| Inventory {
            is_stocked: s,
            store_on_hand: n,
            ecom_on_hand: 100,
        };
        assert!(inv(true, 1).in_stock_at_store());
        assert!(!inv(true, 0).in_stock_at_store());
        assert!(!inv(false, 5).in_stock_at_store());
    }
}
