//! Given/when/then tests of the Order and Checkout aggregates, and the steps each change owes.

use chrono::{TimeZone, Utc};
use cqrs_es::test::TestFramework;
use cqrs_es::Aggregate;

use super::aggregate::*;
use super::checkout::*;
use super::events::*;
use super::pricing::Totals;
use crate::cart::command_types::FulfillmentType;
use crate::privacy::Sealed;

fn at(minute: u32) -> chrono::DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 28, 10, minute, 0).unwrap()
}

fn sealed(text: &str) -> Sealed {
    Sealed {
        subject: "em_1".into(),
        key: "k1".into(),
        sealed: format!("sealed:{text}"),
    }
}

fn line(no: u32, fulfillment: FulfillmentType, cents: i64, quantity: i32) -> OrderLine {
    OrderLine {
        line_no: no,
        blain_number: format!("10{no}"),
        name: format!("Item {no}"),
        quantity,
        unit_price_cents: cents,
        fulfillment,
        store_num: (fulfillment != FulfillmentType::ShipToHome).then_some(7),
    }
}

fn placed(lines: Vec<OrderLine>, member: bool) -> PlacedOrder {
    let subtotal: i64 = lines.iter().map(OrderLine::total_cents).sum();
    PlacedOrder {
        order_no: "100000001".into(),
        cart_id: "cart1".into(),
        customer_id: None,
        subject: "em_1".into(),
        contact: sealed("{}"),
        ship_to: None,
        zip_key: None,
        tracking_visitor: sealed("v1"),
        rewards_number: member.then(|| "4000000000001".into()),
        lines,
        totals: Totals {
            subtotal_cents: subtotal,
            shipping_cents: 0,
            tax_cents: 100,
            total_cents: subtotal + 100,
            tax_state: Some("WI".into()),
            tax_exempt: false,
        },
        card: CardSummary {
            brand: "visa".into(),
            last4: "4242".into(),
            expiry: "12/30".into(),
        },
        payment_id: "pay_1".into(),
        placed_at: at(0),
    }
}

fn pickup_order() -> OrderEvent {
    OrderEvent::OrderPlaced(Box::new(placed(
        vec![line(1, FulfillmentType::StorePickup, 1_000, 2)],
        true,
    )))
}

fn order_after(events: Vec<OrderEvent>) -> Order {
    let mut order = Order::default();
    for e in events {
        order.apply(e);
    }
    order
}

#[test]
fn placing_twice_places_once() {
    TestFramework::<Order>::with(())
        .given_no_previous_events()
        .when(OrderCommand::Place(Box::new(placed(vec![], false))))
        .then_expect_events(vec![OrderEvent::OrderPlaced(Box::new(placed(
            vec![],
            false,
        )))]);
    TestFramework::<Order>::with(())
        .given(vec![pickup_order()])
        .when(OrderCommand::Place(Box::new(placed(vec![], false))))
        .then_expect_events(vec![]);
}

#[test]
fn an_order_that_does_not_exist_refuses_every_change() {
    TestFramework::<Order>::with(())
        .given_no_previous_events()
        .when(OrderCommand::MarkReady {
            at: at(1),
            by: None,
        })
        .then_expect_error(OrderError::NotFound);
}

#[test]
fn a_pickup_order_goes_ready_then_picked_up() {
    TestFramework::<Order>::with(())
        .given(vec![pickup_order()])
        .when(OrderCommand::MarkReady {
            at: at(5),
            by: Some("cu_staff".into()),
        })
        .then_expect_events(vec![OrderEvent::OrderReadyForPickup {
            at: at(5),
            by: Some("cu_staff".into()),
        }]);
    TestFramework::<Order>::with(())
        .given(vec![pickup_order()])
        .when(OrderCommand::MarkPickedUp {
            at: at(5),
            by: None,
        })
        .then_expect_error(OrderError::NotNow(
            "Only an order ready for pickup can be marked picked up.",
        ));
    TestFramework::<Order>::with(())
        .given(vec![pickup_order()])
        .when(OrderCommand::Ship {
            at: at(5),
            by: None,
        })
        .then_expect_error(OrderError::NotNow(
            "Only a placed order with items to deliver can be marked shipped.",
        ));
}

#[test]
fn a_shipped_order_is_delivered_and_cannot_be_cancelled() {
    let shipped = OrderEvent::OrderPlaced(Box::new(placed(
        vec![line(1, FulfillmentType::ShipToHome, 5_000, 1)],
        false,
    )));
    TestFramework::<Order>::with(())
        .given(vec![
            shipped.clone(),
            OrderEvent::OrderShipped {
                at: at(2),
                by: None,
            },
        ])
        .when(OrderCommand::Deliver {
            at: at(9),
            by: None,
        })
        .then_expect_events(vec![OrderEvent::OrderDelivered {
            at: at(9),
            by: None,
        }]);
    TestFramework::<Order>::with(())
        .given(vec![
            shipped,
            OrderEvent::OrderShipped {
                at: at(2),
                by: None,
            },
        ])
        .when(OrderCommand::Cancel {
            at: at(9),
            by: None,
            reason: "asked".into(),
        })
        .then_expect_error(OrderError::NotNow(
            "This order was handed over and can't be cancelled: return its items instead.",
        ));
}

#[test]
fn cancelling_twice_is_refused() {
    let cancelled = OrderEvent::OrderCancelled {
        at: at(3),
        by: None,
        reason: String::new(),
    };
    TestFramework::<Order>::with(())
        .given(vec![pickup_order(), cancelled])
        .when(OrderCommand::Cancel {
            at: at(4),
            by: None,
            reason: String::new(),
        })
        .then_expect_error(OrderError::NotNow("This order is already cancelled."));
}

#[test]
fn a_return_refunds_the_lines_price_and_its_share_of_the_tax() {
    let two_lines = OrderEvent::OrderPlaced(Box::new(placed(
        vec![
            line(1, FulfillmentType::StorePickup, 1_000, 3),
            line(2, FulfillmentType::StorePickup, 1_000, 1),
        ],
        true,
    )));
    let handed = vec![
        two_lines,
        OrderEvent::OrderReadyForPickup {
            at: at(1),
            by: None,
        },
        OrderEvent::OrderPickedUp {
            at: at(2),
            by: None,
        },
    ];
    // Line 2 is 1,000 of 4,000: a quarter of the 100 cents of tax.
    TestFramework::<Order>::with(())
        .given(handed.clone())
        .when(OrderCommand::ReturnLines {
            line_nos: vec![2],
            at: at(9),
            by: None,
        })
        .then_expect_events(vec![OrderEvent::LinesReturned {
            return_no: 1,
            lines: vec![ReturnedLine {
                line_no: 2,
                quantity: 1,
                refund_cents: 1_025,
            }],
            at: at(9),
            by: None,
        }]);
    let mut returned = handed.clone();
    returned.push(OrderEvent::LinesReturned {
        return_no: 1,
        lines: vec![ReturnedLine {
            line_no: 2,
            quantity: 1,
            refund_cents: 1_025,
        }],
        at: at(9),
        by: None,
    });
    TestFramework::<Order>::with(())
        .given(returned)
        .when(OrderCommand::ReturnLines {
            line_nos: vec![2],
            at: at(10),
            by: None,
        })
        .then_expect_error(OrderError::AlreadyReturned(2));
    TestFramework::<Order>::with(())
        .given(handed)
        .when(OrderCommand::ReturnLines {
            line_nos: vec![9],
            at: at(10),
            by: None,
        })
        .then_expect_error(OrderError::UnknownLine(9));
    TestFramework::<Order>::with(())
        .given(vec![pickup_order()])
        .when(OrderCommand::ReturnLines {
            line_nos: vec![1],
            at: at(10),
            by: None,
        })
        .then_expect_error(OrderError::NotNow(
            "Only items that were picked up or shipped can be returned.",
        ));
}

#[test]
fn a_placed_order_owes_capture_cart_mail_points_and_the_sale_once() {
    let order = order_after(vec![pickup_order()]);
    let keys: Vec<String> = order.pending_steps().iter().map(Step::key).collect();
    assert_eq!(
        keys,
        ["capture", "cart", "mail:Placed", "points:sale", "sale"]
    );
    let done = order_after(vec![
        pickup_order(),
        OrderEvent::PaymentCaptured {
            amount_cents: 2_100,
            at: at(0),
        },
        OrderEvent::StepCompleted {
            step: "cart".into(),
            at: at(0),
        },
        OrderEvent::StepCompleted {
            step: "mail:Placed".into(),
            at: at(0),
        },
        OrderEvent::StepCompleted {
            step: "points:sale".into(),
            at: at(0),
        },
        OrderEvent::StepCompleted {
            step: "sale".into(),
            at: at(0),
        },
    ]);
    assert!(done.pending_steps().is_empty(), "nothing happens twice");
    // A guest (no rewards number) owes no points.
    let guest = order_after(vec![OrderEvent::OrderPlaced(Box::new(placed(
        vec![line(1, FulfillmentType::ShipToHome, 1_000, 1)],
        false,
    )))]);
    assert!(!guest.pending_steps().contains(&Step::RecordPoints));
}

#[test]
fn a_cancelled_order_owes_stock_money_points_and_a_mail_and_is_never_captured() {
    let order = order_after(vec![
        pickup_order(),
        OrderEvent::OrderCancelled {
            at: at(1),
            by: None,
            reason: String::new(),
        },
    ]);
    let steps = order.pending_steps();
    assert!(
        !steps.contains(&Step::Capture),
        "a cancelled order is voided, not captured"
    );
    for owed in [
        Step::ReleaseStock,
        Step::GiveMoneyBack,
        Step::ReversePoints,
        Step::Mail(OrderStatus::Cancelled, None),
    ] {
        assert!(steps.contains(&owed), "{owed:?}");
    }
}

#[test]
fn handing_over_owes_the_stock_fulfilment_and_a_mail_per_status() {
    let order = order_after(vec![
        pickup_order(),
        OrderEvent::OrderReadyForPickup {
            at: at(1),
            by: None,
        },
        OrderEvent::OrderPickedUp {
            at: at(2),
            by: None,
        },
    ]);
    let steps = order.pending_steps();
    assert!(steps.contains(&Step::Mail(OrderStatus::ReadyForPickup, None)));
    assert!(steps.contains(&Step::Mail(OrderStatus::PickedUp, None)));
    assert!(steps.contains(&Step::FulfilStock));
    assert_eq!(order.status, OrderStatus::PickedUp);
    assert_eq!(
        order.timeline.iter().map(|(s, _)| *s).collect::<Vec<_>>(),
        [
            OrderStatus::Placed,
            OrderStatus::ReadyForPickup,
            OrderStatus::PickedUp
        ]
    );
}

fn item() -> HeldItem {
    HeldItem {
        blain_number: "101".into(),
        store_num: Some(7),
    }
}

#[test]
fn a_cart_places_one_order_at_a_time() {
    let started = CheckoutEvent::CheckoutStarted {
        order_no: "100000001".into(),
        items: vec![item()],
        at: at(0),
    };
    TestFramework::<Checkout>::with(())
        .given_no_previous_events()
        .when(CheckoutCommand::Begin {
            order_no: "100000001".into(),
            items: vec![item()],
            at: at(0),
        })
        .then_expect_events(vec![started.clone()]);
    TestFramework::<Checkout>::with(())
        .given(vec![started.clone()])
        .when(CheckoutCommand::Begin {
            order_no: "100000002".into(),
            items: vec![item()],
            at: at(0),
        })
        .then_expect_error(CheckoutError::InProgress);
    // A declined card ends the attempt: the next may start.
    TestFramework::<Checkout>::with(())
        .given(vec![
            started.clone(),
            CheckoutEvent::CheckoutFailed {
                order_no: "100000001".into(),
                reason: "declined".into(),
            },
        ])
        .when(CheckoutCommand::Begin {
            order_no: "100000002".into(),
            items: vec![item()],
            at: at(1),
        })
        .then_expect_events(vec![CheckoutEvent::CheckoutStarted {
            order_no: "100000002".into(),
            items: vec![item()],
            at: at(1),
        }]);
    TestFramework::<Checkout>::with(())
        .given(vec![started])
        .when(CheckoutCommand::Complete {
            order_no: "100000009".into(),
        })
        .then_expect_error(CheckoutError::NotCurrent);
}
