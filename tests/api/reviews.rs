//! Ratings and reviews: a signed-in customer rates a product (one review per customer and
//! product, edited in place, removable), marked 'verified purchase' when their orders hold it;
//! the product's average counts the catalog's starting figures and the reviews together, and
//! a rebuild of the projection gives the same figures; the moderation rule holds reviews with
//! contact details for a merchandiser, who publishes, hides or answers them; shoppers vote a
//! review helpful once and report it once; limits per customer; erasing the customer leaves the
//! rating from 'A customer' and no text.

use axum::http::StatusCode;
use serde_json::{json, Value};

use crate::common::search_catalog::{shop, STAFF_TOKEN};
use crate::common::*;

fn form(first: &str, email: &str) -> Value {
    json!({
        "firstName": first,
        "lastName": "doe",
        "emailAddress": email,
        "password": "Password1",
        "phoneNumber": phone_of(email),
    })
}

async fn register(client: &mut Client, first: &str, email: &str) {
    let made = client
        .post_with_token("/account/register", form(first, email))
        .await;
    assert_eq!(made.json()["success"], true, "{}", made.body);
}

/// The id of the customer with this first name's email (the test's only way to see it).
async fn customer_id(env: &TestEnv) -> String {
    sqlx::query_scalar("SELECT customer_id FROM customers ORDER BY registered_at DESC LIMIT 1")
        .fetch_one(&env.pool)
        .await
        .unwrap()
}

async fn staff(c: &mut Client, path: &str, body: Value) -> Answer {
    let bearer = format!("Bearer {STAFF_TOKEN}");
    c.send_with(
        "POST",
        path,
        Some("application/json"),
        body.to_string(),
        &[("authorization", &bearer)],
    )
    .await
}

async fn staff_get(c: &mut Client, path: &str) -> Answer {
    let bearer = format!("Bearer {STAFF_TOKEN}");
    c.send_with(
        "GET",
        path,
        None,
        String::new(),
        &[("authorization", &bearer)],
    )
    .await
}

async fn reviews_of(c: &mut Client, product: &str, query: &str) -> Value {
    let answer = c
        .get(&format!("/api/product/{product}/reviews{query}"))
        .await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    answer.json()
}

fn write(product: &str, rating: i64, text: &str) -> Value {
    json!({"product": product, "rating": rating, "title": "Does the job", "text": text})
}

const GOOD_TEXT: &str = "Sturdy, easy to put up, and it kept the calves in all spring.";

#[tokio::test]
async fn a_customer_rates_a_product_and_its_average_follows_and_survives_a_rebuild() {
    let env = spawn_env().await;
    let (mut app, engine) = shop(&env).await;
    // 800009 starts at 3.8 from 12 reviews (the catalog's figures).
    let before = reviews_of(&mut app, "800009", "").await;
    assert_eq!(before["summary"]["count"], 12);
    assert_eq!(before["summary"]["average"], 3.8);
    assert_eq!(before["total"], 0);
    assert_eq!(before["mine"], Value::Null);

    let mut jane = app.other();
    let guest = jane
        .post_with_token("/api/reviews/WriteReview", write("800009", 5, GOOD_TEXT))
        .await;
    assert_eq!(
        (guest.status, guest.json()["code"].clone()),
        (StatusCode::UNAUTHORIZED, json!("NotSignedIn"))
    );
    register(&mut jane, "jane", "jane@example.com").await;
    let jane_id = customer_id(&env).await;
    // Jane bought it: her order holds the product.
    sqlx::query(
        "INSERT INTO orders (order_no, customer_id, subject, contact, placed_at, updated_at, status, \
         lines, subtotal_cents, shipping_cents, tax_cents, total_cents, tax_exempt, card_brand, \
         card_last4) VALUES ('100000077', $1, 'em_x', '{}', now(), now(), 'Delivered', \
         '[{\"lineNo\": 1, \"blainNumber\": \"800009\"}]', 100, 0, 0, 100, false, 'visa', '4242')",
    )
    .bind(&jane_id)
    .execute(&env.pool)
    .await
    .unwrap();

    let events = count(&env.pool, "SELECT count(*) FROM events").await;
    for (body, status, message) in [
        (
            write("800009", 6, GOOD_TEXT),
            422,
            "Please make a selection.",
        ),
        (
            json!({"product": "800009"}),
            422,
            "Please make a selection.",
        ),
        (
            write("800009", 4, "Too short."),
            422,
            "Must be at least 20 characters long.",
        ),
        (
            write("800009", 4, &"x".repeat(4003)),
            422,
            "Exceeds 4000-character max by 3",
        ),
        (
            json!({"product": "800009", "rating": 4, "title": "t".repeat(101)}),
            422,
            "Must be 100 characters or less.",
        ),
        (write("999999", 4, GOOD_TEXT), 404, "Product not found."),
    ] {
        let refused = jane
            .post_with_token("/api/reviews/WriteReview", body.clone())
            .await;
        assert_eq!(refused.status, status, "{body}: {}", refused.body);
        assert_eq!(refused.json()["message"], message, "{body}");
    }
    assert_eq!(
        count(&env.pool, "SELECT count(*) FROM events").await,
        events
    );

    let written = jane
        .post_with_token("/api/reviews/WriteReview", write("800009", 5, GOOD_TEXT))
        .await;
    assert_eq!(written.status, 200, "{}", written.body);
    assert_eq!(
        written.json(),
        json!({"status": "Published", "verified": true, "message": "Thanks! Your review is published."})
    );
    let mut shopper = app.other();
    let after = reviews_of(&mut shopper, "800009", "").await;
    assert_eq!(after["summary"]["count"], 13);
    // (3.8 × 12 + 5) / 13 = 3.89…
    assert_eq!(after["summary"]["average"], 3.9);
    assert_eq!(after["total"], 1);
    let review = &after["reviews"][0];
    assert_eq!(review["reviewer"], "Jane D.");
    assert_eq!(review["verified"], true);
    assert_eq!(review["text"], GOOD_TEXT);
    assert!(review["id"].as_str().unwrap().starts_with("rw_"));
    assert!(
        !after.to_string().contains(&jane_id),
        "no customer id is shown"
    );
    let product = shopper.get("/api/product/800009").await.json();
    assert_eq!(
        (product["rating"].clone(), product["ratingCount"].clone()),
        (json!(3.9), json!(13))
    );

    // Writing again edits the one review.
    let edited = jane
        .post_with_token("/api/reviews/WriteReview", write("800009", 1, GOOD_TEXT))
        .await;
    assert_eq!(edited.status, 200, "{}", edited.body);
    let mine = reviews_of(&mut jane, "800009", "").await;
    assert_eq!(mine["total"], 1);
    assert_eq!(mine["mine"]["rating"], 1);
    assert_eq!(mine["mine"]["status"], "Published");
    assert_eq!(
        mine["summary"]["histogram"][4],
        json!({"stars": 1, "count": 1})
    );

    // Top Rated: 800010 had no rating; a 5 puts it above 800011 (4.9) once indexed.
    let rated = jane
        .post_with_token("/api/reviews/WriteReview", write("800010", 5, GOOD_TEXT))
        .await;
    assert_eq!(rated.json()["verified"], false);
    engine.reindex(&env.pool, &|_, _| {}).await.unwrap();
    let top = shopper.get("/api/search?lp=2&sort=rating").await.json();
    assert_eq!(top["items"][0]["blainNumber"], "800010", "{top}");

    // A rebuild of the projection gives the same figures.
    let figures = reviews_of(&mut shopper, "800009", "").await["summary"].clone();
    for p in projections::engine::all()
        .into_iter()
        .filter(|p| p.name() == "reviews")
    {
        projections::engine::rebuild(p, &env.pool, 100, &|_, _| {})
            .await
            .unwrap();
    }
    assert_eq!(
        reviews_of(&mut shopper, "800009", "").await["summary"],
        figures
    );

    // Removed: the average goes back to the catalog's.
    let removed = jane
        .post_with_token("/api/reviews/RemoveReview", json!({"product": "800009"}))
        .await;
    assert_eq!(removed.status, 200, "{}", removed.body);
    let gone = reviews_of(&mut shopper, "800009", "").await;
    assert_eq!(
        (gone["summary"]["count"].clone(), gone["total"].clone()),
        (json!(12), json!(0))
    );
    let again = jane
        .post_with_token("/api/reviews/RemoveReview", json!({"product": "800009"}))
        .await;
    assert_eq!(again.status, 404);
}

#[tokio::test]
async fn held_reviews_wait_for_a_merchandiser_and_shoppers_vote_and_report_once() {
    let env = spawn_env().await;
    let (mut app, _) = shop(&env).await;
    let mut jane = app.other();
    register(&mut jane, "Jane", "jane@example.com").await;
    let held = jane
        .post_with_token(
            "/api/reviews/WriteReview",
            write(
                "800001",
                4,
                "Good fence. Call me on 555-123-4567 for a second-hand one.",
            ),
        )
        .await;
    assert_eq!(held.json()["status"], "Held", "{}", held.body);
    assert_eq!(
        held.json()["message"],
        "Thanks! Your review will appear once we have checked it."
    );
    let mut shopper = app.other();
    assert_eq!(reviews_of(&mut shopper, "800001", "").await["total"], 0);
    assert_eq!(
        reviews_of(&mut jane, "800001", "").await["mine"]["status"],
        "Held"
    );

    // The queue: staff only.
    assert_eq!(shopper.get("/api/staff/reviews").await.status, 401);
    let queue = staff_get(&mut app, "/api/staff/reviews").await;
    assert_eq!(queue.status, 200, "{}", queue.body);
    let queued = &queue.json()["reviews"][0];
    assert_eq!(queued["holdReason"], "Contact");
    assert_eq!(queued["productName"], "Poly Rope 1/2 in x 100 ft");
    let id = queued["id"].as_str().unwrap().to_string();
    let refused = shopper
        .post_with_token("/api/staff/reviews/PublishReview", json!({"review": id}))
        .await;
    assert_eq!(refused.status, 401);
    let published = staff(
        &mut app,
        "/api/staff/reviews/PublishReview",
        json!({"review": id}),
    )
    .await;
    assert_eq!(
        published.json(),
        json!({"status": "Published"}),
        "{}",
        published.body
    );
    assert_eq!(reviews_of(&mut shopper, "800001", "").await["total"], 1);

    // Helpful: one vote per visitor.
    for expected in [1, 1] {
        let voted = shopper
            .post_with_token("/api/reviews/VoteHelpful", json!({"review": id}))
            .await;
        assert_eq!(voted.json(), json!({"helpful": expected}), "{}", voted.body);
    }
    let mut other = app.other();
    let voted = other
        .post_with_token("/api/reviews/VoteHelpful", json!({"review": id}))
        .await;
    assert_eq!(voted.json()["helpful"], 2);
    let seen = reviews_of(&mut shopper, "800001", "?sort=helpful").await;
    assert_eq!(seen["reviews"][0]["helpful"], 2);
    assert_eq!(seen["reviews"][0]["votedHelpful"], true);
    assert_eq!(
        reviews_of(&mut jane, "800001", "").await["reviews"][0]["votedHelpful"],
        false
    );
    let unknown = shopper
        .post_with_token("/api/reviews/VoteHelpful", json!({"review": "rw_nope"}))
        .await;
    assert_eq!(unknown.status, 404);

    // Reported: into the queue; a second report by the same visitor is refused.
    let reported = shopper
        .post_with_token(
            "/api/reviews/ReportReview",
            json!({"review": id, "reason": "PersonalInformation"}),
        )
        .await;
    assert_eq!(reported.status, 200, "{}", reported.body);
    let twice = shopper
        .post_with_token(
            "/api/reviews/ReportReview",
            json!({"review": id, "reason": "Spam"}),
        )
        .await;
    assert_eq!(
        (twice.status, twice.json()["message"].clone()),
        (
            StatusCode::CONFLICT,
            json!("You already reported this review.")
        )
    );
    let reported_queue = staff_get(&mut app, "/api/staff/reviews?show=reported")
        .await
        .json();
    assert_eq!(reported_queue["reviews"][0]["reports"], 1);
    assert_eq!(
        reported_queue["reviews"][0]["reportReasons"],
        json!({"PersonalInformation": 1})
    );

    // Hidden: gone for shoppers; the store's reply; the staff id recorded.
    let hidden = staff(
        &mut app,
        "/api/staff/reviews/HideReview",
        json!({"review": id, "reason": "A phone number"}),
    )
    .await;
    assert_eq!(
        hidden.json(),
        json!({"status": "Hidden"}),
        "{}",
        hidden.body
    );
    assert_eq!(reviews_of(&mut shopper, "800001", "").await["total"], 0);
    let hidden_queue = staff_get(&mut app, "/api/staff/reviews?show=hidden")
        .await
        .json();
    assert_eq!(hidden_queue["reviews"][0]["moderatedBy"], "merch");
    let staff_ids = count(
        &env.pool,
        "SELECT count(*) FROM events WHERE aggregate_type = 'Review' \
         AND event_type IN ('ReviewPublished', 'ReviewHidden') AND payload::text LIKE '%\"merch\"%'",
    )
    .await;
    assert_eq!(staff_ids, 2);
    for bad in ["all", ""] {
        let bad_show = staff_get(&mut app, &format!("/api/staff/reviews?show={bad}")).await;
        assert_eq!(bad_show.status, 400, "show={bad}");
    }
    for bad in ["best", ""] {
        let answer = shopper
            .get(&format!("/api/product/800001/reviews?sort={bad}"))
            .await;
        assert_eq!(answer.json()["code"], "InvalidSort", "sort={bad}");
    }

    // Edited after being hidden: it waits again.
    let edited = jane
        .post_with_token("/api/reviews/WriteReview", write("800001", 4, GOOD_TEXT))
        .await;
    assert_eq!(edited.json()["status"], "Held", "{}", edited.body);
    let replied = staff(
        &mut app,
        "/api/staff/reviews/ReplyToReview",
        json!({"review": id, "text": "Thanks, Jane: glad it holds."}),
    )
    .await;
    assert_eq!(replied.status, 200, "{}", replied.body);
    staff(
        &mut app,
        "/api/staff/reviews/PublishReview",
        json!({"review": id}),
    )
    .await;
    let shown = reviews_of(&mut shopper, "800001", "").await;
    assert_eq!(
        shown["reviews"][0]["reply"]["text"],
        "Thanks, Jane: glad it holds."
    );
}

#[tokio::test]
async fn reviews_are_limited_per_customer_and_erasing_the_customer_keeps_only_the_rating() {
    let env = spawn_env().await;
    let (app, _) = shop(&env).await;
    let mut jane = app.other();
    register(&mut jane, "Jane", "jane@example.com").await;
    let products = [
        "800001", "800002", "800003", "800007", "800008", "800009", "800010", "800011",
    ];
    let mut statuses = vec![];
    for round in 0..2 {
        for product in products {
            if statuses.len() == 11 {
                break;
            }
            let answer = jane
                .post_with_token(
                    "/api/reviews/WriteReview",
                    write(product, 3 + round, GOOD_TEXT),
                )
                .await;
            statuses.push(answer.status);
        }
    }
    assert_eq!(statuses[..10], [200; 10]);
    assert_eq!(statuses[10], 429);

    let mut shopper = app.other();
    let right = jane
        .post_with_token("/account/verifyPassword", json!({"password": "Password1"}))
        .await;
    assert_eq!(right.json()["success"], true);
    let deleted = jane.post_with_token("/api/account/delete", json!({})).await;
    assert_eq!(deleted.json()["success"], true, "{}", deleted.body);
    let after = reviews_of(&mut shopper, "800001", "").await;
    assert_eq!(after["total"], 1);
    let review = &after["reviews"][0];
    assert_eq!(review["reviewer"], "A customer");
    assert_eq!(review["text"], Value::Null);
    assert_eq!(review["title"], Value::Null);
    assert_eq!(review["rating"], 4);
    assert!(!after.to_string().contains("Jane"));
}
