//! Points as the rest of the store records them: a sale (checkout's `RecordSale`, keyed by
//! order number and line), its reversal (a cancelled order or returned lines), and the $25
//! gift cards the available points pay for, issued as soon as a sale or a reversal is recorded
//! and by the store's hourly sweep (`issue_due_gift_cards`) once a return window closes.

use chrono::{DateTime, Duration, Utc};
use sqlx::PgPool;

use super::ledger::SaleLine;
use super::{MemberCommand, MemberError, RewardsMember};
use crate::eventstore::{self, InlineProjection, StoreError};
use crate::privacy::vault::SealerRef;

/// The event store and services a points command runs with.
pub struct Points<'a> {
    pub pool: &'a PgPool,
    pub sealer: &'a SealerRef,
    pub inline: &'a dyn InlineProjection,
    pub return_window: Duration,
}

/// Gift card ids offered to one issuing command (it takes as many as are due).
const CARD_IDS_PER_RUN: usize = 20;

impl Points<'_> {
    async fn run(
        &self,
        number: &str,
        command: MemberCommand,
    ) -> Result<Result<(), MemberError>, StoreError> {
        let executed = eventstore::run::<RewardsMember>(self.pool, self.sealer)
            .command(number, command)
            .inline(Some(self.inline))
            .executed()
            .await?;
        Ok(executed.outcome.map(|_| ()))
    }

    /// Records a sale of the member's (lines already recorded earn nothing again), then issues
    /// the gift cards that are due.
    pub async fn record_sale(
        &self,
        number: &str,
        order_no: &str,
        lines: Vec<SaleLine>,
        now: DateTime<Utc>,
    ) -> Result<Result<(), MemberError>, StoreError> {
        let sale = MemberCommand::RecordSale {
            order_no: order_no.to_string(),
            lines,
            now,
        };
        if let Err(e) = self.run(number, sale).await? {
            return Ok(Err(e));
        }
        // Cards are issued as of the moment this runs (a sale recorded late may be past its
        // window already).
        self.issue_gift_cards(number, Utc::now().max(now)).await
    }

    /// Takes back what `lines` (none: every line) of `order_no` earned.
    pub async fn reverse_sale(
        &self,
        number: &str,
        order_no: &str,
        lines: Option<Vec<String>>,
        now: DateTime<Utc>,
    ) -> Result<Result<(), MemberError>, StoreError> {
        let reverse = MemberCommand::ReverseSale {
            order_no: order_no.to_string(),
            lines,
            now,
        };
        self.run(number, reverse).await
    }

    /// Issues the member's due gift cards (one per 2,500 available points).
    pub async fn issue_gift_cards(
        &self,
        number: &str,
        now: DateTime<Utc>,
    ) -> Result<Result<(), MemberError>, StoreError> {
        let card_ids = (0..CARD_IDS_PER_RUN)
            .map(|_| format!("gc_{}", kernel::identity::new_id()))
            .collect();
        let issue = MemberCommand::IssueGiftCards {
            card_ids,
            return_window: self.return_window,
            now,
        };
        self.run(number, issue).await
    }

    /// Every member whose points could pay for a gift card gets the cards that are due now:
    /// the members the ledger's sum puts at 2,500 or more (available points are never more
    /// than that sum). Answers how many members were looked at.
    pub async fn issue_due_gift_cards(&self, now: DateTime<Utc>) -> Result<usize, StoreError> {
        let candidates: Vec<String> = sqlx::query_scalar(
            "SELECT rewards_number FROM rewards_ledger GROUP BY rewards_number \
             HAVING sum(points) >= $1",
        )
        .bind(super::ledger::POINTS_PER_GIFT_CARD)
        .fetch_all(self.pool)
        .await?;
        for number in &candidates {
            if let Err(e) = self.issue_gift_cards(number, now).await? {
                tracing::warn!(error = %e, "gift cards could not be issued to a member");
            }
        }
        Ok(candidates.len())
    }
}
