//! Given/when/then tests of the catalog aggregates.

use chrono::NaiveTime;
use cqrs_es::test::TestFramework;

use super::*;
use crate::catalog::validate::Invalid;

pub fn sample_product(blain: &str) -> ProductData {
    ProductData {
        vendor_brand: "Koch".to_string(),
        description: "Twisted polypropylene rope for the farm.".to_string(),
        department_id: 101,
        department_path: vec!["Farm & Ranch".into(), "Fencing".into()],
        ..ProductData::new(
            blain,
            "Heavy Duty Poly Rope, 3/8 in x 100 ft",
            ProductKind::General,
            1299,
        )
    }
}

#[test]
fn upserting_a_new_product_records_it() {
    let p = sample_product("100200");
    TestFramework::<Product>::with(())
        .given_no_previous_events()
        .when(ProductCommand::Upsert(Box::new(p.clone())))
        .then_expect_events(vec![ProductEvent::ProductUpserted(Box::new(p))]);
}

#[test]
fn upserting_identical_data_records_nothing() {
    let p = sample_product("100200");
    TestFramework::<Product>::with(())
        .given(vec![ProductEvent::ProductUpserted(Box::new(p.clone()))])
        .when(ProductCommand::Upsert(Box::new(p)))
        .then_expect_events(vec![]);
}

#[test]
fn a_changed_price_is_recorded() {
    let p = sample_product("100200");
    let mut cheaper = p.clone();
    cheaper.price_cents = 999;
    TestFramework::<Product>::with(())
        .given(vec![ProductEvent::ProductUpserted(Box::new(p))])
        .when(ProductCommand::Upsert(Box::new(cheaper.clone())))
        .then_expect_events(vec![ProductEvent::ProductUpserted(Box::new(cheaper))]);
}

#[test]
fn a_negative_price_is_refused_with_the_field_named() {
    let mut p = sample_product("100200");
    p.price_cents = -1;
    TestFramework::<Product>::with(())
        .given_no_previous_events()
        .when(ProductCommand::Upsert(Box::new(p)))
        .then_expect_error_message("price: must not be negative");
}

#[test]
fn below_map_needs_a_map_price_above_the_price() {
    let mut p = sample_product("100200");
    p.price_mode = PriceMode::BelowMap;
    p.map_price_cents = Some(1000);
    TestFramework::<Product>::with(())
        .given_no_previous_events()
        .when(ProductCommand::Upsert(Box::new(p)))
        .then_expect_error(CatalogError::Invalid(Invalid {
            field: "priceMode",
            message: "BelowMap needs a MAP price above the price".into(),
        }));
}

#[test]
fn a_tire_needs_its_size() {
    let mut p = sample_product("100200");
    p.kind = ProductKind::Tire;
    TestFramework::<Product>::with(())
        .given_no_previous_events()
        .when(ProductCommand::Upsert(Box::new(p)))
        .then_expect_error_message("tireSize: is required for tires");
}

#[test]
fn discontinuing_an_unknown_product_is_refused() {
    TestFramework::<Product>::with(())
        .given_no_previous_events()
        .when(ProductCommand::Discontinue)
        .then_expect_error(CatalogError::NotFound("product"));
}

#[test]
fn inventory_report_is_stored_sorted_and_a_repeat_is_a_no_op() {
    let stock = |n, q| StoreStock {
        store_num: n,
        is_stocked: true,
        store_on_hand: q,
    };
    let reported = InventoryEvent::InventoryReported {
        blain_number: "100200".into(),
        ecom_on_hand: 12,
        stores: vec![stock(1, 3), stock(7, 0)],
    };
    TestFramework::<Inventory>::with(())
        .given_no_previous_events()
        .when(InventoryCommand::Report {
            blain_number: "100200".into(),
            ecom_on_hand: 12,
            stores: vec![stock(7, 0), stock(1, 3)],
        })
        .then_expect_events(vec![reported.clone()]);
    TestFramework::<Inventory>::with(())
        .given(vec![reported])
        .when(InventoryCommand::Report {
            blain_number: "100200".into(),
            ecom_on_hand: 12,
            stores: vec![stock(1, 3), stock(7, 0)],
        })
        .then_expect_events(vec![]);
}

#[test]
fn inventory_refuses_negative_counts_and_duplicate_stores() {
    let stock = |n, q| StoreStock {
        store_num: n,
        is_stocked: true,
        store_on_hand: q,
    };
    TestFramework::<Inventory>::with(())
        .given_no_previous_events()
        .when(InventoryCommand::Report {
            blain_number: "100200".into(),
            ecom_on_hand: 0,
            stores: vec![stock(1, -2)],
        })
        .then_expect_error_message("storeOnHand: must not be negative");
    TestFramework::<Inventory>::with(())
        .given_no_previous_events()
        .when(InventoryCommand::Report {
            blain_number: "100200".into(),
            ecom_on_hand: 0,
            stores: vec![stock(1, 2), stock(1, 3)],
        })
        .then_expect_error_message("storeNum: store 1 is listed twice");
}

#[test]
fn a_countdown_message_needs_an_end_time() {
    TestFramework::<SiteMessage>::with(())
        .given_no_previous_events()
        .when(SiteMessageCommand::Publish(SiteMessageData {
            id: "sale".into(),
            text: "Spring sale ends in".into(),
            link: None,
            icon: None,
            countdown: Countdown::Before,
            end_date_time: None,
            sort_order: 0,
        }))
        .then_expect_error_message("endDateTime: is required for a countdown");
}

#[test]
fn a_store_with_a_bad_zip_is_refused_in_the_spec_words() {
    let open = |h, m| NaiveTime::from_hms_opt(h, m, 0).unwrap();
    let day = Some(DayHours {
        open: open(7, 0),
        close: open(20, 0),
    });
    let store = StoreData {
        store_num: 5,
        city: "Janesville".into(),
        city_alias: "janesville".into(),
        state: "WI".into(),
        address1: "2500 Milton Ave".into(),
        zip: "5354".into(),
        phone: "(608) 752-6800".into(),
        auto_center_phone: None,
        lat: 42.68,
        lon: -89.02,
        time_zone: "America/Chicago".into(),
        hours: WeeklyHours([day; 7]),
        auto_hours: None,
        url_alias: "janesville-wi".into(),
        google_place_id: "ChIJ".into(),
        google_map_zoom: 14,
        coming_soon: false,
        local_delivery_information: LocalDeliveryInformation {
            is_enabled: false,
            label: String::new(),
        },
    };
    TestFramework::<Store>::with(())
        .given_no_previous_events()
        .when(StoreCommand::Upsert(Box::new(store)))
        .then_expect_error_message("zip: Please enter a valid ZIP code.");
}

#[test]
fn event_names_and_versions_are_stable() {
    use cqrs_es::DomainEvent;
    let e = ProductEvent::ProductUpserted(Box::new(sample_product("1")));
    assert_eq!(e.event_type(), "ProductUpserted");
    assert_eq!(e.event_version(), "3.0");
    let e = SiteContentEvent::HomeHeroSet { hero: hero() };
    assert_eq!(
        (e.event_type().as_str(), e.event_version().as_str()),
        ("HomeHeroSet", "1.0")
    );
    let e = SiteContentEvent::HeaderLinksSet { links: vec![] };
    assert_eq!(e.event_type(), "HeaderLinksSet");
}

fn hero() -> HomeHero {
    HomeHero {
        title: "Everything for the farm".into(),
        text: "Feed, fencing and tools.".into(),
        link_text: "Shop deals".into(),
        link: "/weekly-ad/".into(),
        image: "/images/banners/hero-desktop.svg".into(),
        image_mobile: "/images/banners/hero-mobile.svg".into(),
        alt: "A red barn".into(),
    }
}

/// A ProductUpserted as release 1.0 stored it: without the fields 2.0 and 3.0 added.
fn stored_1_0(blain: &str) -> serde_json::Value {
    let mut v = stored_2_0(blain);
    let data = v["ProductUpserted"].as_object_mut().unwrap();
    for field in ["rating", "wasPriceCents", "introducedOn"] {
        assert!(data.remove(field).is_some(), "{field}");
    }
    v
}

/// A ProductUpserted as release 2.0 stored it: without `saleEndsOn`.
fn stored_2_0(blain: &str) -> serde_json::Value {
    let mut v = serde_json::to_value(ProductEvent::ProductUpserted(Box::new(sample_product(
        blain,
    ))))
    .unwrap();
    let data = v["ProductUpserted"].as_object_mut().unwrap();
    assert!(data.remove("saleEndsOn").is_some());
    v
}

#[test]
fn a_stored_2_0_product_upserted_is_upcast_to_3_0_without_a_sale_end() {
    use cqrs_es::persist::EventUpcaster;
    let upcaster = super::ProductUpsertedV3;
    assert!(upcaster.can_upcast("ProductUpserted", "2.0"));
    assert!(!upcaster.can_upcast("ProductUpserted", "1.0"));
    assert!(!upcaster.can_upcast("ProductUpserted", "3.0"));
    let mut on_sale = sample_product("100");
    on_sale.was_price_cents = Some(on_sale.price_cents + 500);
    let mut stored =
        serde_json::to_value(ProductEvent::ProductUpserted(Box::new(on_sale.clone()))).unwrap();
    stored["ProductUpserted"]
        .as_object_mut()
        .unwrap()
        .remove("saleEndsOn");
    // Read through the store's decoder: the same sale, with no end known.
    let e: ProductEvent =
        crate::eventstore::decode("Product", "100", 1, "ProductUpserted", "2.0", stored).unwrap();
    assert_eq!(e, ProductEvent::ProductUpserted(Box::new(on_sale)));
    let e: ProductEvent = crate::eventstore::decode(
        "Product",
        "100",
        1,
        "ProductUpserted",
        "2.0",
        stored_2_0("100"),
    )
    .unwrap();
    assert_eq!(
        e,
        ProductEvent::ProductUpserted(Box::new(sample_product("100")))
    );
}

#[test]
fn a_stored_1_0_product_upserted_is_upcast_to_2_0() {
    use cqrs_es::persist::{EventUpcaster, SerializedEvent};
    let upcaster = super::ProductUpsertedV2;
    assert!(upcaster.can_upcast("ProductUpserted", "1.0"));
    assert!(!upcaster.can_upcast("ProductUpserted", "2.0"));
    assert!(!upcaster.can_upcast("ProductDiscontinued", "1.0"));
    let stored = SerializedEvent::new(
        "100".into(),
        1,
        "Product".into(),
        "ProductUpserted".into(),
        "1.0".into(),
        stored_1_0("100"),
        serde_json::Value::Null,
    );
    let up = upcaster.upcast(stored);
    assert_eq!(up.event_version, "2.0");
    for field in ["rating", "wasPriceCents", "introducedOn"] {
        assert_eq!(
            up.payload["ProductUpserted"][field],
            serde_json::Value::Null,
            "{field}"
        );
    }
    // Read through the store's decoder, it is the product without reviews, sale or date.
    let e: ProductEvent = crate::eventstore::decode(
        "Product",
        "100",
        1,
        "ProductUpserted",
        "1.0",
        stored_1_0("100"),
    )
    .unwrap();
    assert_eq!(
        e,
        ProductEvent::ProductUpserted(Box::new(sample_product("100")))
    );
}

#[test]
fn reviews_and_sale_prices_are_checked() {
    let mut p = sample_product("100300");
    p.rating = Some(RatingSummary {
        average: 5.5,
        count: 3,
    });
    TestFramework::<Product>::with(())
        .given_no_previous_events()
        .when(ProductCommand::Upsert(Box::new(p.clone())))
        .then_expect_error_message("rating: needs an average from 1 to 5 and 1 or more reviews");
    p.rating = None;
    p.was_price_cents = Some(p.price_cents);
    TestFramework::<Product>::with(())
        .given_no_previous_events()
        .when(ProductCommand::Upsert(Box::new(p.clone())))
        .then_expect_error_message("wasPrice: must be above the price");
    // A sale's end needs the sale.
    p.was_price_cents = None;
    p.sale_ends_on = chrono::NaiveDate::from_ymd_opt(2026, 12, 31);
    TestFramework::<Product>::with(())
        .given_no_previous_events()
        .when(ProductCommand::Upsert(Box::new(p.clone())))
        .then_expect_error_message("saleEndsOn: needs a wasPrice (the sale it ends)");
    p.was_price_cents = Some(p.price_cents + 1);
    TestFramework::<Product>::with(())
        .given_no_previous_events()
        .when(ProductCommand::Upsert(Box::new(p.clone())))
        .then_expect_events(vec![ProductEvent::ProductUpserted(Box::new(p))]);
}

#[test]
fn the_home_hero_is_site_content() {
    TestFramework::<SiteContent>::with(())
        .given_no_previous_events()
        .when(SiteContentCommand::SetHomeHero(hero()))
        .then_expect_events(vec![SiteContentEvent::HomeHeroSet { hero: hero() }]);
    // The same hero again changes nothing.
    TestFramework::<SiteContent>::with(())
        .given(vec![SiteContentEvent::HomeHeroSet { hero: hero() }])
        .when(SiteContentCommand::SetHomeHero(hero()))
        .then_expect_events(vec![]);
}

#[test]
fn weekly_hours_read_and_write_the_spec_day_map() {
    let json = serde_json::json!({
        "Monday": "7:00 AM - 8:00 PM", "Tuesday": "7:00 AM - 8:00 PM",
        "Wednesday": "7:00 AM - 8:00 PM", "Thursday": "7:00 AM - 8:00 PM",
        "Friday": "6:00 AM - 1:00 AM", "Saturday": "12:00 AM - 11:59 PM", "Sunday": "Closed"
    });
    let hours: WeeklyHours = serde_json::from_value(json.clone()).unwrap();
    assert_eq!(hours.0[6], None);
    let friday = hours.0[4].unwrap();
    assert!(friday.close < friday.open, "Friday closes after midnight");
    assert_eq!(serde_json::to_value(&hours).unwrap(), json);
    let bad = serde_json::json!({"Monday": "all day"});
    assert!(serde_json::from_value::<WeeklyHours>(bad).is_err());
}

fn reserved(order: &str, store: Option<i32>, quantity: i32) -> InventoryEvent {
    InventoryEvent::StockReserved {
        blain_number: "100200".into(),
        reservation: Reservation {
            order_no: order.into(),
            store_num: store,
            quantity,
        },
    }
}

fn reported(ecom: i32, store_7: i32) -> InventoryEvent {
    InventoryEvent::InventoryReported {
        blain_number: "100200".into(),
        ecom_on_hand: ecom,
        stores: vec![StoreStock {
            store_num: 7,
            is_stocked: true,
            store_on_hand: store_7,
        }],
    }
}

fn reserve(order: &str, store: Option<i32>, quantity: i32) -> InventoryCommand {
    InventoryCommand::Reserve {
        blain_number: "100200".into(),
        reservation: Reservation {
            order_no: order.into(),
            store_num: store,
            quantity,
        },
    }
}

#[test]
fn a_reservation_holds_available_units_and_never_more() {
    TestFramework::<Inventory>::with(())
        .given(vec![reported(5, 1)])
        .when(reserve("o1", Some(7), 1))
        .then_expect_events(vec![reserved("o1", Some(7), 1)]);
    // The last unit is held: a second order for it is refused.
    TestFramework::<Inventory>::with(())
        .given(vec![reported(5, 1), reserved("o1", Some(7), 1)])
        .when(reserve("o2", Some(7), 1))
        .then_expect_error(CatalogError::OutOfStock { available: 0 });
    TestFramework::<Inventory>::with(())
        .given(vec![reported(5, 1)])
        .when(reserve("o1", None, 6))
        .then_expect_error(CatalogError::OutOfStock { available: 5 });
    // A store that does not carry the item holds none.
    TestFramework::<Inventory>::with(())
        .given(vec![reported(5, 1)])
        .when(reserve("o1", Some(9), 1))
        .then_expect_error(CatalogError::OutOfStock { available: 0 });
    // The same order asking again changes nothing.
    TestFramework::<Inventory>::with(())
        .given(vec![reported(5, 1), reserved("o1", Some(7), 1)])
        .when(reserve("o1", Some(7), 1))
        .then_expect_events(vec![]);
}

#[test]
fn an_import_during_a_reservation_keeps_it() {
    let mut inventory = Inventory::default();
    for e in [reported(5, 3), reserved("o1", Some(7), 2), reported(5, 4)] {
        cqrs_es::Aggregate::apply(&mut inventory, e);
    }
    assert_eq!(inventory.on_hand(Some(7)), 4, "the report replaced on hand");
    assert_eq!(
        inventory.available(Some(7)),
        2,
        "and the order's 2 stay held"
    );
}

#[test]
fn released_units_go_back_on_sale_and_fulfilled_ones_leave_the_shelf() {
    TestFramework::<Inventory>::with(())
        .given(vec![reported(5, 3), reserved("o1", Some(7), 2)])
        .when(InventoryCommand::Release {
            blain_number: "100200".into(),
            order_no: "o1".into(),
        })
        .then_expect_events(vec![InventoryEvent::StockReleased {
            blain_number: "100200".into(),
            order_no: "o1".into(),
            released: vec![Reservation {
                order_no: "o1".into(),
                store_num: Some(7),
                quantity: 2,
            }],
        }]);
    let mut inventory = Inventory::default();
    for e in [
        reported(5, 3),
        reserved("o1", Some(7), 2),
        InventoryEvent::ReservationFulfilled {
            blain_number: "100200".into(),
            order_no: "o1".into(),
            fulfilled: vec![Reservation {
                order_no: "o1".into(),
                store_num: Some(7),
                quantity: 2,
            }],
        },
    ] {
        cqrs_es::Aggregate::apply(&mut inventory, e);
    }
    assert_eq!(
        (inventory.on_hand(Some(7)), inventory.available(Some(7))),
        (1, 1)
    );
    // Nothing held: releasing changes nothing.
    TestFramework::<Inventory>::with(())
        .given(vec![reported(5, 3)])
        .when(InventoryCommand::Release {
            blain_number: "100200".into(),
            order_no: "o1".into(),
        })
        .then_expect_events(vec![]);
}
