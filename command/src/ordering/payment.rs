//! The payment gateway port and the local gateway a person can run the store with.
//!
//! Every call carries its own idempotency key (`{order}:authorise`, `{order}:capture`,
//! `{order}:void`, `{order}:refund:{step}`): asking twice with one key does the operation once
//! and answers as the first time, so a retry, a replay or a recovery after a crash never
//! charges twice. The card reaches [`PaymentGateway::authorise`] only; nothing here keeps its
//! number or security code.

use std::sync::Arc;
use std::time::Duration;

use sqlx::{PgPool, Row};

use super::card::Card;

/// Why a card was not authorised, in the words shown at the payment step.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Decline {
    Declined,
    InsufficientFunds,
}

impl Decline {
    pub fn message(self) -> &'static str {
        match self {
            Decline::Declined => "Your card was declined. Please use another card.",
            Decline::InsufficientFunds => {
                "Your card has insufficient funds. Please use another card."
            }
        }
    }

    fn name(self) -> &'static str {
        match self {
            Decline::Declined => "declined",
            Decline::InsufficientFunds => "insufficient_funds",
        }
    }

    fn parse(name: &str) -> Option<Decline> {
        match name {
            "declined" => Some(Decline::Declined),
            "insufficient_funds" => Some(Decline::InsufficientFunds),
            _ => None,
        }
    }
}

#[derive(Debug, thiserror::Error)]
pub enum PaymentError {
    /// The card was refused: nothing is held on it.
    #[error("the card was refused: {0:?}")]
    Declined(Decline),
    /// The gateway could not be asked or did not answer: the operation may not have happened
    /// (its key makes asking again safe).
    #[error("the payment gateway is unreachable: {0}")]
    Unreachable(String),
    /// The gateway refused the operation itself (capturing a voided authorisation).
    #[error("the payment gateway refused: {0}")]
    Refused(String),
}

impl From<sqlx::Error> for PaymentError {
    fn from(e: sqlx::Error) -> Self {
        PaymentError::Unreachable(e.to_string())
    }
}

/// A payment gateway: authorise, capture, void, refund, each once per key.
#[async_trait::async_trait]
pub trait PaymentGateway: Send + Sync {
    /// Holds `amount_cents` on the card; answers the payment's id.
    async fn authorise(
        &self,
        key: &str,
        amount_cents: i64,
        card: &Card,
    ) -> Result<String, PaymentError>;
    /// Takes `amount_cents` of the held amount.
    async fn capture(
        &self,
        key: &str,
        payment_id: &str,
        amount_cents: i64,
    ) -> Result<(), PaymentError>;
    /// Lets go of the authorisation made with `authorise_key`, if there is one and it was not
    /// captured; answers whether one was voided.
    async fn void(&self, key: &str, authorise_key: &str) -> Result<bool, PaymentError>;
    /// Gives `amount_cents` of a captured payment back.
    async fn refund(
        &self,
        key: &str,
        payment_id: &str,
        amount_cents: i64,
    ) -> Result<(), PaymentError>;
}

pub type PaymentRef = Arc<dyn PaymentGateway>;

/// Test card numbers of the local gateway (docs/decisions.md, "Checkout"): any other valid
/// number is approved.
pub const DECLINED_CARD: &str = "4000000000000002";
pub const INSUFFICIENT_FUNDS_CARD: &str = "4000000000009995";
pub const UNREACHABLE_CARD: &str = "4000000000000119";
pub const SLOW_CARD: &str = "4000000000000077";
/// How long the slow test card's answer takes (it is authorised at once).
pub const SLOW_ANSWER: Duration = Duration::from_secs(3);

/// The local gateway: payments kept in PostgreSQL (`local_payments`, one row per operation
/// key), test cards for every outcome. What a person runs the store with when no real gateway
/// is configured (operators read `local_payments`).
pub struct LocalGateway {
    pub pool: PgPool,
}

impl LocalGateway {
    async fn recorded(&self, key: &str) -> Result<Option<(String, String)>, PaymentError> {
        let row = sqlx::query("SELECT payment_id, outcome FROM local_payments WHERE op_key = $1")
            .bind(key)
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.map(|r| (r.get(0), r.get(1))))
    }

    async fn record(
        &self,
        key: &str,
        kind: &str,
        payment_id: &str,
        amount_cents: i64,
        outcome: &str,
    ) -> Result<(), PaymentError> {
        sqlx::query(
            "INSERT INTO local_payments (op_key, kind, payment_id, amount_cents, outcome) \
             VALUES ($1, $2, $3, $4, $5) ON CONFLICT (op_key) DO NOTHING",
        )
        .bind(key)
        .bind(kind)
        .bind(payment_id)
        .bind(amount_cents)
        .bind(outcome)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// The state of a payment: `authorised`, `captured` or `voided` (its last operation).
    async fn state(&self, payment_id: &str) -> Result<Option<String>, PaymentError> {
        Ok(sqlx::query_scalar(
            "SELECT outcome FROM local_payments WHERE payment_id = $1 \
             AND kind IN ('authorise', 'capture', 'void') ORDER BY created_at DESC, \
             CASE kind WHEN 'void' THEN 0 WHEN 'capture' THEN 1 ELSE 2 END LIMIT 1",
        )
        .bind(payment_id)
        .fetch_optional(&self.pool)
        .await?)
    }
}

#[async_trait::async_trait]
impl PaymentGateway for LocalGateway {
    async fn authorise(
        &self,
        key: &str,
        amount_cents: i64,
        card: &Card,
    ) -> Result<String, PaymentError> {
        if let Some((payment_id, outcome)) = self.recorded(key).await? {
            return match Decline::parse(&outcome) {
                Some(decline) => Err(PaymentError::Declined(decline)),
                None => Ok(payment_id),
            };
        }
        let decline = match card.digits.as_str() {
            DECLINED_CARD => Some(Decline::Declined),
            INSUFFICIENT_FUNDS_CARD => Some(Decline::InsufficientFunds),
            UNREACHABLE_CARD => {
                return Err(PaymentError::Unreachable(
                    "the test card for an unreachable gateway".into(),
                ))
            }
            _ => None,
        };
        let payment_id = format!("pay_{}", uuid::Uuid::new_v4().simple());
        let outcome = decline.map_or("authorised", Decline::name);
        self.record(key, "authorise", &payment_id, amount_cents, outcome)
            .await?;
        if card.digits == SLOW_CARD {
            // Authorised at once, answered late (a slow network): a process that dies while
            // waiting leaves an authorisation without an order, for the sweep to void.
            tokio::time::sleep(SLOW_ANSWER).await;
        }
        // A concurrent first call with the same key may have won: answer as it did.
        let (payment_id, outcome) = self
            .recorded(key)
            .await?
            .ok_or_else(|| PaymentError::Unreachable("the authorisation was not kept".into()))?;
        match Decline::parse(&outcome) {
            Some(decline) => Err(PaymentError::Declined(decline)),
            None => Ok(payment_id),
        }
    }

    async fn capture(
        &self,
        key: &str,
        payment_id: &str,
        amount_cents: i64,
    ) -> Result<(), PaymentError> {
        if self.recorded(key).await?.is_some() {
            return Ok(());
        }
        match self.state(payment_id).await?.as_deref() {
            Some("authorised") => {
                self.record(key, "capture", payment_id, amount_cents, "captured")
                    .await
            }
            Some("captured") => Ok(()),
            other => Err(PaymentError::Refused(format!(
                "payment {payment_id} cannot be captured ({})",
                other.unwrap_or("unknown")
            ))),
        }
    }

    async fn void(&self, key: &str, authorise_key: &str) -> Result<bool, PaymentError> {
        if self.recorded(key).await?.is_some() {
            return Ok(true);
        }
        let Some((payment_id, outcome)) = self.recorded(authorise_key).await? else {
            return Ok(false);
        };
        if outcome != "authorised" {
            return Ok(false);
        }
        match self.state(&payment_id).await?.as_deref() {
            Some("authorised") => {
                self.record(key, "void", &payment_id, 0, "voided").await?;
                Ok(true)
            }
            Some("captured") => Err(PaymentError::Refused(format!(
                "payment {payment_id} was captured: refund it instead"
            ))),
            _ => Ok(false),
        }
    }

    async fn refund(
        &self,
        key: &str,
        payment_id: &str,
        amount_cents: i64,
    ) -> Result<(), PaymentError> {
        if self.recorded(key).await?.is_some() {
            return Ok(());
        }
        if self.state(payment_id).await?.as_deref() != Some("captured") {
            return Err(PaymentError::Refused(format!(
                "payment {payment_id} was not captured"
            )));
        }
        self.record(key, "refund", payment_id, amount_cents, "refunded")
            .await
    }
}
