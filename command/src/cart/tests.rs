//! Given/when/then tests of the cart, with a fake catalog.

use std::collections::HashMap;
use std::sync::Arc;

use cqrs_es::test::TestFramework;

use super::command_types::*;
use super::*;
use crate::catalog::Warranty;

struct FakeCatalog {
    products: HashMap<String, SellableProduct>,
    /// (store, blain) → on hand
    stock: HashMap<(i32, String), i32>,
}

#[async_trait::async_trait]
impl CatalogLookup for FakeCatalog {
    async fn product(&self, blain: &str) -> Result<Option<SellableProduct>, String> {
        Ok(self.products.get(blain).cloned())
    }
    async fn store_can_fulfil(&self, store: i32, blain: &str, qty: i32) -> Result<bool, String> {
        Ok(self
            .stock
            .get(&(store, blain.to_string()))
            .is_some_and(|&n| n >= qty))
    }
}

fn product(blain: &str) -> SellableProduct {
    SellableProduct {
        blain_number: blain.into(),
        name: format!("Item {blain}"),
        price_cents: 1999,
        sellable: true,
        requires_confirmation: false,
        requires_agreement: false,
        ship_to_home: true,
        store_pickup: true,
        same_day_delivery: false,
        bundle: vec![],
        warranties: vec![Warranty {
            id: "PP2".into(),
            name: "2-Year Protection Plan".into(),
            price_cents: 499,
            years: 2,
        }],
    }
}

fn services() -> CartServices {
    let mut products = HashMap::new();
    for b in ["100", "200", "300"] {
        products.insert(b.to_string(), product(b));
    }
    let mut knife = product("400");
    knife.requires_confirmation = true;
    products.insert("400".into(), knife);
    let mut propane = product("500");
    propane.requires_agreement = true;
    propane.ship_to_home = false;
    products.insert("500".into(), propane);
    let mut gone = product("600");
    gone.sellable = false;
    products.insert("600".into(), gone);
    let mut kit = product("700");
    kit.bundle = vec![("100".into(), 1), ("200".into(), 2)];
    products.insert("700".into(), kit);
    let mut stock = HashMap::new();
    stock.insert((1, "100".to_string()), 5);
    CartServices {
        catalog: Arc::new(FakeCatalog { products, stock }),
    }
}

fn ship() -> Placement {
    Placement {
        fulfillment: FulfillmentType::ShipToHome,
        store_num: None,
    }
}

fn pickup(store: i32) -> Placement {
    Placement {
        fulfillment: FulfillmentType::StorePickup,
        store_num: Some(store),
    }
}

fn add(blain: &str, quantity: i32, placement: Placement) -> CartCommand {
    CartCommand::AddItem {
        blain_number: blain.into(),
        quantity,
        placement,
        confirmed: false,
        agreed: false,
        warranty_id: None,
    }
}

fn added(line_id: u32, blain: &str, quantity: i32, placement: &Placement) -> AddedLine {
    AddedLine {
        line_id,
        blain_number: blain.into(),
        name: format!("Item {blain}"),
        quantity,
        unit_price_cents: 1999,
        fulfillment: placement.fulfillment,
        store_num: placement.store_num,
        warranty: None,
    }
}

fn framework() -> TestFramework<Cart> {
    TestFramework::with(services())
}

#[test]
fn adding_an_item_records_a_new_line() {
    framework()
        .given_no_previous_events()
        .when(add("100", 2, ship()))
        .then_expect_events(vec![CartEvent::ItemAdded(added(0, "100", 2, &ship()))]);
}

#[test]
fn adding_the_same_item_again_grows_its_line() {
    framework()
        .given(vec![CartEvent::ItemAdded(added(0, "100", 2, &ship()))])
        .when(add("100", 3, ship()))
        .then_expect_events(vec![CartEvent::ItemAdded(added(0, "100", 3, &ship()))]);
}

#[test]
fn unknown_unsellable_and_out_of_range_quantities_cannot_be_added() {
    for command in [
        add("999", 1, ship()),
        add("600", 1, ship()),
        add("100", 0, ship()),
        add("100", 1000, ship()),
    ] {
        let result = framework()
            .given_no_previous_events()
            .when(command)
            .inspect_result();
        assert_eq!(result.unwrap_err().result_code(), "CannotAdd");
    }
    let result = framework()
        .given(vec![CartEvent::ItemAdded(added(0, "100", 999, &ship()))])
        .when(add("100", 1, ship()))
        .inspect_result();
    assert_eq!(result.unwrap_err().result_code(), "CannotAdd");
}

#[test]
fn flagged_products_require_confirmation_or_agreement_until_given() {
    let result = framework()
        .given_no_previous_events()
        .when(add("400", 1, ship()))
        .inspect_result();
    assert_eq!(result.unwrap_err(), CartError::RequireConfirmation);
    let result = framework()
        .given_no_previous_events()
        .when(add("500", 1, pickup(1)))
        .inspect_result();
    assert_eq!(result.unwrap_err(), CartError::RequireAgreement);
    let confirmed = CartCommand::AddItem {
        blain_number: "400".into(),
        quantity: 1,
        placement: ship(),
        confirmed: true,
        agreed: false,
        warranty_id: None,
    };
    let events = framework()
        .given_no_previous_events()
        .when(confirmed)
        .inspect_result()
        .unwrap();
    assert_eq!(events.len(), 1);
}

#[test]
fn pickup_needs_a_store_that_can_fulfil_it() {
    framework()
        .given_no_previous_events()
        .when(add("100", 5, pickup(1)))
        .then_expect_events(vec![CartEvent::ItemAdded(added(0, "100", 5, &pickup(1)))]);
    for command in [
        add("100", 6, pickup(1)),
        add("100", 1, pickup(2)),
        add("200", 1, pickup(1)),
    ] {
        let result = framework()
            .given_no_previous_events()
            .when(command)
            .inspect_result();
        assert_eq!(result.unwrap_err().result_code(), "PickupDeliveryError");
    }
    let result = framework()
        .given(vec![CartEvent::ItemAdded(added(0, "100", 4, &pickup(1)))])
        .when(add("100", 2, pickup(1)))
        .inspect_result();
    assert_eq!(
        result.unwrap_err().result_code(),
        "PickupDeliveryError",
        "the line's total counts"
    );
}

#[test]
fn the_line_limit_answers_max_lines() {
    let full: Vec<CartEvent> = (0..MAX_LINES as u32)
        .map(|i| CartEvent::ItemAdded(added(i, &format!("x{i}"), 1, &ship())))
        .collect();
    let result = framework()
        .given(full.clone())
        .when(add("100", 1, ship()))
        .inspect_result();
    assert_eq!(result.unwrap_err(), CartError::MaxLines);
    // Growing an existing line is still fine.
    let mut with_100 = full;
    with_100[0] = CartEvent::ItemAdded(added(0, "100", 1, &ship()));
    framework()
        .given(with_100)
        .when(add("100", 1, ship()))
        .then_expect_events(vec![CartEvent::ItemAdded(added(0, "100", 1, &ship()))]);
}

#[test]
fn a_bundle_adds_each_component_times_the_quantity() {
    framework()
        .given_no_previous_events()
        .when(CartCommand::AddBundle {
            blain_number: "700".into(),
            quantity: 2,
            placement: ship(),
            confirmed: false,
            agreed: false,
        })
        .then_expect_events(vec![CartEvent::BundleAdded {
            bundle_blain_number: "700".into(),
            lines: vec![added(0, "100", 2, &ship()), added(1, "200", 4, &ship())],
        }]);
    let result = framework()
        .given_no_previous_events()
        .when(CartCommand::AddBundle {
            blain_number: "100".into(),
            quantity: 1,
            placement: ship(),
            confirmed: false,
            agreed: false,
        })
        .inspect_result();
    assert_eq!(result.unwrap_err().result_code(), "CannotAdd", "no bundle");
}

#[test]
fn comparison_adds_one_of_each() {
    framework()
        .given_no_previous_events()
        .when(CartCommand::AddComparison {
            blain_numbers: vec!["100".into(), "200".into(), "300".into()],
            placement: ship(),
            confirmed: false,
            agreed: false,
        })
        .then_expect_events(vec![CartEvent::ComparisonAdded {
            lines: vec![
                added(0, "100", 1, &ship()),
                added(1, "200", 1, &ship()),
                added(2, "300", 1, &ship()),
            ],
        }]);
}

#[test]
fn warranties_are_set_from_the_product_offer_and_removed() {
    let given = vec![CartEvent::ItemAdded(added(0, "100", 1, &ship()))];
    let warranty = ChosenWarranty {
        id: "PP2".into(),
        name: "2-Year Protection Plan".into(),
        price_cents: 499,
        years: 2,
    };
    framework()
        .given(given.clone())
        .when(CartCommand::UpdateWarranty {
            line_id: 0,
            warranty_id: "PP2".into(),
        })
        .then_expect_events(vec![CartEvent::WarrantyUpdated {
            line_id: 0,
            warranty: warranty.clone(),
        }]);
    framework()
        .given(given.clone())
        .when(CartCommand::UpdateWarranty {
            line_id: 0,
            warranty_id: "PP9".into(),
        })
        .then_expect_error(CartError::UnknownWarranty);
    let mut with = given;
    with.push(CartEvent::WarrantyUpdated {
        line_id: 0,
        warranty,
    });
    framework()
        .given(with)
        .when(CartCommand::RemoveWarranty { line_id: 0 })
        .then_expect_events(vec![CartEvent::WarrantyRemoved { line_id: 0 }]);
}

#[test]
fn quantity_changes_and_removals_need_an_existing_line() {
    let given = vec![CartEvent::ItemAdded(added(0, "100", 1, &ship()))];
    framework()
        .given(given.clone())
        .when(CartCommand::ChangeQuantity {
            line_id: 0,
            quantity: 4,
        })
        .then_expect_events(vec![CartEvent::QuantityChanged {
            line_id: 0,
            quantity: 4,
        }]);
    framework()
        .given(given.clone())
        .when(CartCommand::ChangeQuantity {
            line_id: 0,
            quantity: 0,
        })
        .then_expect_error(CartError::InvalidQuantity);
    framework()
        .given(given.clone())
        .when(CartCommand::RemoveItem { line_id: 7 })
        .then_expect_error(CartError::LineNotFound);
    framework()
        .given(given)
        .when(CartCommand::RemoveItem { line_id: 0 })
        .then_expect_events(vec![CartEvent::ItemRemoved { line_id: 0 }]);
}

#[test]
fn the_cart_quantity_sums_its_lines() {
    let mut cart = Cart::default();
    use cqrs_es::Aggregate;
    cart.apply(CartEvent::ItemAdded(added(0, "100", 2, &ship())));
    cart.apply(CartEvent::ItemAdded(added(1, "200", 3, &ship())));
    cart.apply(CartEvent::ItemAdded(added(0, "100", 1, &ship())));
    assert_eq!(cart.quantity(), 6);
    cart.apply(CartEvent::ItemRemoved { line_id: 1 });
    assert_eq!(cart.quantity(), 3);
}

#[test]
fn the_same_item_five_times_in_a_comparison_is_one_line_of_one() {
    framework()
        .given_no_previous_events()
        .when(CartCommand::AddComparison {
            blain_numbers: vec!["100".into(); 5],
            placement: ship(),
            confirmed: false,
            agreed: false,
        })
        .then_expect_events(vec![CartEvent::ComparisonAdded {
            lines: vec![added(0, "100", 1, &ship())],
        }]);
}

#[test]
fn the_item_limit_counts_every_line_of_the_item() {
    // 998 shipped and 1 for pickup: the item is at its limit whatever the line.
    let given = vec![
        CartEvent::ItemAdded(added(0, "200", 998, &ship())),
        CartEvent::ItemAdded(added(1, "200", 1, &pickup(2))),
    ];
    framework()
        .given(given.clone())
        .when(add("200", 1, ship()))
        .then_expect_error_message("You can buy at most 999 of this item.");
    framework()
        .given(given.clone())
        .when(add("200", 1, pickup(3)))
        .then_expect_error_message("You can buy at most 999 of this item.");
    framework()
        .given(given.clone())
        .when(CartCommand::ChangeQuantity {
            line_id: 0,
            quantity: 999,
        })
        .then_expect_error_message("You can buy at most 999 of this item.");
    framework()
        .given(given)
        .when(CartCommand::ChangeQuantity {
            line_id: 0,
            quantity: 997,
        })
        .then_expect_events(vec![CartEvent::QuantityChanged {
            line_id: 0,
            quantity: 997,
        }]);
}

#[test]
fn a_store_s_stock_holds_across_lines_and_components() {
    // Store 1 has 5 of item 100. Pickup lines there count together; shipped ones do not.
    let given = vec![
        CartEvent::ItemAdded(added(0, "100", 3, &pickup(1))),
        CartEvent::ItemAdded(added(1, "100", 10, &ship())),
    ];
    let again = Placement {
        fulfillment: FulfillmentType::StorePickup,
        store_num: Some(1),
    };
    framework()
        .given(given.clone())
        .when(add("100", 3, again.clone()))
        .then_expect_error_message("This item is not available for pickup at your store.");
    framework()
        .given(given.clone())
        .when(add("100", 2, again))
        .then_expect_events(vec![CartEvent::ItemAdded(added(0, "100", 2, &pickup(1)))]);
    // Changing the other line's quantity counts this one too.
    let mut two_lines = given;
    two_lines.push(CartEvent::ItemAdded(added(2, "100", 1, &pickup(1))));
    framework()
        .given(two_lines)
        .when(CartCommand::ChangeQuantity {
            line_id: 2,
            quantity: 3,
        })
        .then_expect_error_message(
            "Your store does not have that many. Lower the quantity or choose shipping.",
        );
}

/// A guest cart's line as the merge takes it.
fn guest_line(line_id: u32, blain: &str, quantity: i32, placement: &Placement) -> CartLine {
    let a = added(line_id, blain, quantity, placement);
    CartLine {
        line_id: a.line_id,
        blain_number: a.blain_number,
        name: a.name,
        quantity: a.quantity,
        unit_price_cents: a.unit_price_cents,
        fulfillment: a.fulfillment,
        store_num: a.store_num,
        warranty: None,
    }
}

#[test]
fn a_merge_adds_quantities_to_matching_lines_and_new_lines_after_the_others() {
    framework()
        .given(vec![CartEvent::ItemAdded(added(0, "100", 2, &ship()))])
        .when(CartCommand::Merge {
            from_cart_id: "guest".into(),
            lines: vec![
                guest_line(0, "100", 3, &ship()),
                guest_line(1, "200", 1, &ship()),
                // Confirmed when the guest added it: still confirmed.
                guest_line(2, "400", 1, &ship()),
            ],
        })
        .then_expect_events(vec![CartEvent::CartMerged {
            from_cart_id: "guest".into(),
            lines: vec![
                added(0, "100", 3, &ship()),
                added(1, "200", 1, &ship()),
                added(2, "400", 1, &ship()),
            ],
        }]);
}

#[test]
fn a_merge_leaves_behind_the_lines_the_rules_refuse_now() {
    framework()
        .given(vec![CartEvent::ItemAdded(added(
            0,
            "100",
            MAX_QUANTITY - 1,
            &ship(),
        ))])
        .when(CartCommand::Merge {
            from_cart_id: "guest".into(),
            lines: vec![
                // Over the per-item limit together.
                guest_line(0, "100", 2, &ship()),
                // Not sellable any more.
                guest_line(1, "600", 1, &ship()),
                // More than the store holds.
                guest_line(2, "300", 1, &pickup(1)),
                guest_line(3, "200", 4, &ship()),
            ],
        })
        .then_expect_events(vec![CartEvent::CartMerged {
            from_cart_id: "guest".into(),
            lines: vec![added(1, "200", 4, &ship())],
        }]);
    framework()
        .given_no_previous_events()
        .when(CartCommand::Merge {
            from_cart_id: "guest".into(),
            lines: vec![guest_line(0, "600", 1, &ship())],
        })
        .then_expect_events(vec![]);
}
