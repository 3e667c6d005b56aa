//! Given/when/then tests of the rewards member and the verification session.

use std::sync::Arc;

use chrono::{DateTime, Duration, TimeZone, Utc};
use cqrs_es::test::TestFramework;

use super::ledger::SaleLine;
use super::*;
use crate::privacy::vault::{FixedSealer, SealerRef};
use crate::privacy::Sealed;

fn day(n: i64) -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 1, 1, 12, 0, 0).unwrap() + Duration::days(n)
}

fn sealer() -> SealerRef {
    Arc::new(FixedSealer)
}

fn sealed(plain: &str) -> Sealed {
    Sealed {
        subject: "ph_1".into(),
        key: "test".into(),
        sealed: format!("sealed({})", plain.len()),
    }
}

fn enrolled_in_store() -> MemberEvent {
    MemberEvent::MemberEnrolled {
        phone_key: "ph_1".into(),
        phone: sealed("5552345678"),
        email_subject: None,
        email: None,
        customer_id: None,
        joined_at: JoinedAt::InStore,
        at: day(0),
    }
}

fn line(id: &str, cents: i64) -> SaleLine {
    SaleLine {
        line: id.into(),
        cents,
        gift_card: false,
    }
}

fn sale(order: &str, lines: Vec<SaleLine>, at: i64) -> MemberCommand {
    MemberCommand::RecordSale {
        order_no: order.into(),
        lines,
        now: day(at),
    }
}

#[test]
fn a_member_enrols_with_the_phone_sealed_and_only_once() {
    TestFramework::<RewardsMember>::with(sealer())
        .given_no_previous_events()
        .when(MemberCommand::Enrol {
            phone: "5552345678".into(),
            phone_key: "ph_1".into(),
            email: None,
            email_subject: None,
            subject: "ph_1".into(),
            customer_id: None,
            joined_at: JoinedAt::InStore,
            now: day(0),
        })
        .then_expect_events(vec![enrolled_in_store()]);
    TestFramework::<RewardsMember>::with(sealer())
        .given(vec![enrolled_in_store()])
        .when(MemberCommand::Enrol {
            phone: "5552345678".into(),
            phone_key: "ph_1".into(),
            email: None,
            email_subject: None,
            subject: "ph_1".into(),
            customer_id: None,
            joined_at: JoinedAt::Online,
            now: day(1),
        })
        .then_expect_error(MemberError::AlreadyEnrolled);
}

#[test]
fn an_in_store_member_links_to_one_customer_only() {
    let linked = MemberEvent::MemberLinked {
        customer_id: "cu_1".into(),
        at: day(1),
    };
    TestFramework::<RewardsMember>::with(sealer())
        .given(vec![enrolled_in_store()])
        .when(MemberCommand::Link {
            customer_id: "cu_1".into(),
            now: day(1),
        })
        .then_expect_events(vec![linked.clone()]);
    TestFramework::<RewardsMember>::with(sealer())
        .given(vec![enrolled_in_store(), linked.clone()])
        .when(MemberCommand::Link {
            customer_id: "cu_1".into(),
            now: day(2),
        })
        .then_expect_events(vec![]);
    TestFramework::<RewardsMember>::with(sealer())
        .given(vec![enrolled_in_store(), linked])
        .when(MemberCommand::Link {
            customer_id: "cu_2".into(),
            now: day(2),
        })
        .then_expect_error(MemberError::AlreadyLinked);
}

#[test]
fn nothing_happens_to_a_number_nobody_holds() {
    TestFramework::<RewardsMember>::with(sealer())
        .given_no_previous_events()
        .when(sale("o1", vec![line("1", 1000)], 0))
        .then_expect_error(MemberError::NotFound);
}

#[test]
fn a_sale_earns_by_line_and_the_same_sale_twice_earns_once() {
    let recorded = MemberEvent::SaleRecorded {
        order_no: "o1".into(),
        lines: vec![
            EarnedLine {
                line: "1".into(),
                cents: 127_499,
                points: 1_274,
                gift_card: false,
            },
            EarnedLine {
                line: "2".into(),
                cents: 127_500,
                points: 1_275,
                gift_card: false,
            },
        ],
        at: day(0),
    };
    let the_sale = || sale("o1", vec![line("1", 127_499), line("2", 127_500)], 0);
    TestFramework::<RewardsMember>::with(sealer())
        .given(vec![enrolled_in_store()])
        .when(the_sale())
        .then_expect_events(vec![recorded.clone()]);
    TestFramework::<RewardsMember>::with(sealer())
        .given(vec![enrolled_in_store(), recorded])
        .when(the_sale())
        .then_expect_events(vec![]);
}

#[test]
fn a_returned_line_takes_back_what_it_earned_once() {
    let recorded = MemberEvent::SaleRecorded {
        order_no: "o1".into(),
        lines: vec![
            EarnedLine {
                line: "1".into(),
                cents: 1_000,
                points: 10,
                gift_card: false,
            },
            EarnedLine {
                line: "2".into(),
                cents: 2_550,
                points: 25,
                gift_card: false,
            },
        ],
        at: day(0),
    };
    let reversed = MemberEvent::SaleReversed {
        order_no: "o1".into(),
        lines: vec![ReversedLine {
            line: "2".into(),
            points: 25,
        }],
        at: day(3),
    };
    let return_line_2 = || MemberCommand::ReverseSale {
        order_no: "o1".into(),
        lines: Some(vec!["2".into()]),
        now: day(3),
    };
    TestFramework::<RewardsMember>::with(sealer())
        .given(vec![enrolled_in_store(), recorded.clone()])
        .when(return_line_2())
        .then_expect_events(vec![reversed.clone()]);
    TestFramework::<RewardsMember>::with(sealer())
        .given(vec![enrolled_in_store(), recorded.clone(), reversed])
        .when(return_line_2())
        .then_expect_events(vec![]);
    // A cancelled order takes back every line.
    TestFramework::<RewardsMember>::with(sealer())
        .given(vec![enrolled_in_store(), recorded])
        .when(MemberCommand::ReverseSale {
            order_no: "o1".into(),
            lines: None,
            now: day(3),
        })
        .then_expect_events(vec![MemberEvent::SaleReversed {
            order_no: "o1".into(),
            lines: vec![
                ReversedLine {
                    line: "1".into(),
                    points: 10,
                },
                ReversedLine {
                    line: "2".into(),
                    points: 25,
                },
            ],
            at: day(3),
        }]);
}

#[test]
fn gift_cards_are_issued_from_available_points_only() {
    let recorded = MemberEvent::SaleRecorded {
        order_no: "o1".into(),
        lines: vec![EarnedLine {
            line: "1".into(),
            cents: 520_000,
            points: 5_200,
            gift_card: false,
        }],
        at: day(0),
    };
    let issue = |at: i64| MemberCommand::IssueGiftCards {
        card_ids: vec!["gc_1".into(), "gc_2".into(), "gc_3".into()],
        return_window: Duration::days(30),
        now: day(at),
    };
    // Still pending: nothing.
    TestFramework::<RewardsMember>::with(sealer())
        .given(vec![enrolled_in_store(), recorded.clone()])
        .when(issue(10))
        .then_expect_events(vec![]);
    // Available: two cards, 200 points carry over.
    let card = |id: &str| MemberEvent::GiftCardIssued {
        card_id: id.into(),
        points: 2_500,
        cents: 2_500,
        at: day(31),
    };
    TestFramework::<RewardsMember>::with(sealer())
        .given(vec![enrolled_in_store(), recorded.clone()])
        .when(issue(31))
        .then_expect_events(vec![card("gc_1"), card("gc_2")]);
    // Cards a moment later than the asking time (issued by a sale recorded just before) paid
    // for those points already: none again.
    TestFramework::<RewardsMember>::with(sealer())
        .given(vec![
            enrolled_in_store(),
            recorded,
            card("gc_1"),
            card("gc_2"),
        ])
        .when(issue(30))
        .then_expect_events(vec![]);
}

fn started() -> VerificationEvent {
    VerificationEvent::VerificationStarted {
        rewards_number: "4000000000017".into(),
        method: Method::Phone,
        visitor: "v1".into(),
        customer_id: Some("cu_1".into()),
        code_hash: "right".into(),
        expires_at: day(0) + Duration::minutes(CODE_MINUTES),
    }
}

fn confirm(hash: &str, minutes: i64) -> VerificationCommand {
    VerificationCommand::Confirm {
        code_hash: hash.into(),
        now: day(0) + Duration::minutes(minutes),
    }
}

#[test]
fn the_right_code_in_time_confirms_once() {
    TestFramework::<Verification>::with(())
        .given_no_previous_events()
        .when(VerificationCommand::Start {
            rewards_number: "4000000000017".into(),
            method: Method::Phone,
            visitor: "v1".into(),
            customer_id: Some("cu_1".into()),
            code_hash: "right".into(),
            now: day(0),
        })
        .then_expect_events(vec![started()]);
    let confirmed = VerificationEvent::VerificationConfirmed {
        at: day(0) + Duration::minutes(2),
    };
    TestFramework::<Verification>::with(())
        .given(vec![started()])
        .when(confirm("right", 2))
        .then_expect_events(vec![confirmed.clone()]);
    TestFramework::<Verification>::with(())
        .given(vec![started(), confirmed])
        .when(confirm("right", 3))
        .then_expect_error(VerificationError::AlreadyUsed);
}

#[test]
fn an_expired_code_is_refused_even_when_right() {
    TestFramework::<Verification>::with(())
        .given(vec![started()])
        .when(confirm("right", CODE_MINUTES))
        .then_expect_error(VerificationError::Expired);
}

#[test]
fn wrong_codes_lock_the_session_at_the_limit() {
    let rejected = |n| VerificationEvent::VerificationCodeRejected { attempts: n };
    TestFramework::<Verification>::with(())
        .given(vec![started(), rejected(1)])
        .when(confirm("wrong", 1))
        .then_expect_events(vec![rejected(2)]);
    let mut given = vec![started()];
    given.extend((1..MAX_ATTEMPTS).map(rejected));
    TestFramework::<Verification>::with(())
        .given(given.clone())
        .when(confirm("wrong", 1))
        .then_expect_events(vec![
            rejected(MAX_ATTEMPTS),
            VerificationEvent::VerificationLocked {},
        ]);
    given.push(rejected(MAX_ATTEMPTS));
    given.push(VerificationEvent::VerificationLocked {});
    TestFramework::<Verification>::with(())
        .given(given)
        .when(confirm("right", 1))
        .then_expect_error(VerificationError::Locked);
}

#[test]
fn a_session_nobody_started_confirms_nothing() {
    TestFramework::<Verification>::with(())
        .given_no_previous_events()
        .when(confirm("right", 1))
        .then_expect_error(VerificationError::Unknown);
}

#[test]
fn numbers_and_codes_have_their_lengths() {
    assert!(is_rewards_number("4000000000017"));
    assert!(!is_rewards_number("400000000001"));
    assert!(!is_rewards_number("40000000000a7"));
    assert!(is_code("123456") && !is_code("12345") && !is_code("12345a"));
}

#[test]
fn a_closed_member_closes_once_and_takes_nothing_more() {
    let closed = MemberEvent::MemberClosed { at: day(2) };
    TestFramework::<RewardsMember>::with(sealer())
        .given(vec![enrolled_in_store()])
        .when(MemberCommand::Close { now: day(2) })
        .then_expect_events(vec![closed.clone()]);
    TestFramework::<RewardsMember>::with(sealer())
        .given(vec![enrolled_in_store(), closed.clone()])
        .when(MemberCommand::Close { now: day(3) })
        .then_expect_events(vec![]);
    TestFramework::<RewardsMember>::with(sealer())
        .given(vec![enrolled_in_store(), closed])
        .when(sale("o1", vec![line("1", 1000)], 3))
        .then_expect_error(MemberError::NotFound);
}
