use super::services::command_types::FulfillmentType;

/// Where and how the shopper wants a product.
#[derive(Debug, Clone, PartialEq)]
pub struct Placement {
    pub fulfillment: FulfillmentType,
    /// The store for pickup or same-day delivery.
    pub store_num: Option<i32>,
}

#[derive(Debug, Clone, PartialEq)]
pub enum CartCommand {
    AddItem {
        blain_number: String,
        quantity: i32,
        placement: Placement,
        /// The shopper confirmed (age, use) for products that require it.
        confirmed: bool,
        /// The shopper accepted the purchase agreement for products that require it.
        agreed: bool,
        warranty_id: Option<String>,
    },
    /// Adds every component of the product's bundle.
    AddBundle {
        blain_number: String,
        quantity: i32,
        placement: Placement,
        confirmed: bool,
        agreed: bool,
    },
    /// Adds the compared products, one of each.
    AddComparison {
        blain_numbers: Vec<String>,
        placement: Placement,
        confirmed: bool,
        agreed: bool,
    },
    UpdateWarranty {
        line_id: u32,
        warranty_id: String,
    },
    RemoveWarranty {
        line_id: u32,
    },
    ChangeQuantity {
        line_id: u32,
        quantity: i32,
    },
    RemoveItem {
        line_id: u32,
    },
    /// Sends a line another way (ship, pickup or same-day at a store), checked as an add.
    ChangeFulfillment {
        line_id: u32,
        placement: Placement,
    },
    /// The cart became order `order_no`: it is emptied.
    CheckOut {
        order_no: String,
    },
    /// At sign-in: the guest cart's lines join the customer's cart. Quantities add to matching
    /// lines; each line passes the rules again (quantity limit, line limit, the store's stock,
    /// shipping), its confirmation and agreement carried from when it was added; a line the
    /// rules refuse now stays behind in the guest cart.
    Merge {
        from_cart_id: String,
        lines: Vec<super::CartLine>,
    },
}
