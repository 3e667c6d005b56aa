use cqrs_es::test::TestFramework;
use cqrs_es::Aggregate;

use super::*;
use crate::privacy::Sealed;

fn sealed(text: &str) -> Sealed {
    Sealed {
        subject: "em_1".into(),
        key: "k1".into(),
        sealed: text.into(),
    }
}

fn written(rating: u8, held: Option<HoldReason>) -> Written {
    Written {
        product: "800009".into(),
        customer: "cu_1".into(),
        subject: "em_1".into(),
        rating,
        title: Some(sealed("Warm")),
        text: Some(sealed("Kept my feet warm all winter long.")),
        reviewer: sealed("Jane D."),
        verified: true,
        hold: held,
    }
}

fn content(rating: u8, held: Option<HoldReason>) -> ReviewContent {
    let w = written(rating, held);
    ReviewContent {
        product: w.product,
        customer: w.customer,
        subject: w.subject,
        rating: w.rating,
        title: w.title,
        text: w.text,
        reviewer: w.reviewer,
        verified: w.verified,
        held: w.hold,
    }
}

fn framework() -> TestFramework<Review> {
    TestFramework::with(())
}

#[test]
fn a_rating_is_one_to_five_stars() {
    for rating in [0, 6, 255] {
        framework()
            .given_no_previous_events()
            .when(ReviewCommand::Write(written(rating, None)))
            .then_expect_error(ReviewError::InvalidRating);
    }
    for rating in 1..=5 {
        framework()
            .given_no_previous_events()
            .when(ReviewCommand::Write(written(rating, None)))
            .then_expect_events(vec![ReviewEvent::ReviewWritten(content(rating, None))]);
    }
}

#[test]
fn one_review_per_customer_and_product_edited_in_place() {
    // Writing again edits the one review (its id names customer and product).
    framework()
        .given(vec![ReviewEvent::ReviewWritten(content(5, None))])
        .when(ReviewCommand::Write(written(3, None)))
        .then_expect_events(vec![ReviewEvent::ReviewEdited(content(3, None))]);
    assert_eq!(review_id("800009", "cu_1"), "rv:800009:cu_1");
    assert_eq!(product_of("rv:800009:cu_1"), Some("800009"));
}

#[test]
fn the_author_removes_a_review_and_may_write_a_new_one() {
    framework()
        .given(vec![ReviewEvent::ReviewWritten(content(5, None))])
        .when(ReviewCommand::Remove)
        .then_expect_events(vec![ReviewEvent::ReviewRemoved]);
    framework()
        .given_no_previous_events()
        .when(ReviewCommand::Remove)
        .then_expect_error(ReviewError::NoReview);
    framework()
        .given(vec![
            ReviewEvent::ReviewWritten(content(5, None)),
            ReviewEvent::ReviewRemoved,
        ])
        .when(ReviewCommand::Write(written(2, None)))
        .then_expect_events(vec![ReviewEvent::ReviewWritten(content(2, None))]);
}

#[test]
fn the_verified_purchase_mark_travels_with_the_review() {
    let mut w = written(4, None);
    w.verified = false;
    let mut c = content(4, None);
    c.verified = false;
    framework()
        .given_no_previous_events()
        .when(ReviewCommand::Write(w))
        .then_expect_events(vec![ReviewEvent::ReviewWritten(c)]);
}

#[test]
fn a_held_review_waits_for_a_merchandiser() {
    let held = vec![ReviewEvent::ReviewWritten(content(
        1,
        Some(HoldReason::Link),
    ))];
    framework()
        .given(held.clone())
        .when(ReviewCommand::Publish {
            staff_id: "merch".into(),
        })
        .then_expect_events(vec![ReviewEvent::ReviewPublished {
            staff_id: "merch".into(),
        }]);
    // Shoppers can neither vote on nor report what they cannot see.
    framework()
        .given(held.clone())
        .when(ReviewCommand::VoteHelpful { voter: "v1".into() })
        .then_expect_error(ReviewError::NoReview);
    framework()
        .given(vec![ReviewEvent::ReviewWritten(content(5, None))])
        .when(ReviewCommand::Publish {
            staff_id: "merch".into(),
        })
        .then_expect_error(ReviewError::AlreadyPublished);
}

#[test]
fn a_reported_review_is_moderated_and_a_hidden_one_edited_is_held_again() {
    let reported = vec![
        ReviewEvent::ReviewWritten(content(5, None)),
        ReviewEvent::ReviewReported {
            reporter: "v1".into(),
            reason: ReportReason::Spam,
        },
    ];
    framework()
        .given(reported.clone())
        .when(ReviewCommand::Report {
            reporter: "v1".into(),
            reason: ReportReason::Other,
        })
        .then_expect_error(ReviewError::AlreadyReported);
    // Published again after a look: the reports are dealt with.
    framework()
        .given(reported.clone())
        .when(ReviewCommand::Publish {
            staff_id: "merch".into(),
        })
        .then_expect_events(vec![ReviewEvent::ReviewPublished {
            staff_id: "merch".into(),
        }]);
    let mut hidden = reported.clone();
    hidden.push(ReviewEvent::ReviewHidden {
        staff_id: "merch".into(),
        reason: "Spam".into(),
    });
    framework()
        .given(hidden.clone())
        .when(ReviewCommand::Hide {
            staff_id: "merch".into(),
            reason: "again".into(),
        })
        .then_expect_error(ReviewError::AlreadyHidden);
    let mut review = Review::default();
    for e in hidden {
        review.apply(e);
    }
    review.apply(ReviewEvent::ReviewEdited(content(4, None)));
    assert_eq!(review.status, ReviewStatus::Held);
}

#[test]
fn a_visitor_finds_a_review_helpful_once() {
    let given = vec![
        ReviewEvent::ReviewWritten(content(5, None)),
        ReviewEvent::HelpfulVoted { voter: "v1".into() },
    ];
    framework()
        .given(given.clone())
        .when(ReviewCommand::VoteHelpful { voter: "v1".into() })
        .then_expect_events(vec![]);
    framework()
        .given(given)
        .when(ReviewCommand::VoteHelpful { voter: "v2".into() })
        .then_expect_events(vec![ReviewEvent::HelpfulVoted { voter: "v2".into() }]);
}

#[test]
fn the_store_replies_under_a_review() {
    framework()
        .given(vec![ReviewEvent::ReviewWritten(content(2, None))])
        .when(ReviewCommand::Reply {
            staff_id: "merch".into(),
            text: " Sorry to hear it: call your store for a swap. ".into(),
        })
        .then_expect_events(vec![ReviewEvent::ReviewReplied {
            staff_id: "merch".into(),
            text: "Sorry to hear it: call your store for a swap.".into(),
        }]);
    framework()
        .given_no_previous_events()
        .when(ReviewCommand::Reply {
            staff_id: "merch".into(),
            text: "Thanks".into(),
        })
        .then_expect_error(ReviewError::NoReview);
}
