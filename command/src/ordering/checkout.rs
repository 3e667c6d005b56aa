//! The Checkout aggregate (one per cart): one placement at a time, and the record of every
//! attempt. A declined card leaves only its attempt here; an attempt that stopped half way (the
//! process died after the authorisation) is found by the recovery sweep, which voids the
//! authorisation and gives the stock back unless the order was placed.

use chrono::{DateTime, Utc};
use cqrs_es::event_sink::EventSink;
use cqrs_es::{Aggregate, DomainEvent};
use serde::{Deserialize, Serialize};

/// An attempt left unfinished this long is the recovery sweep's.
pub const STALE_AFTER_SECONDS: i64 = 120;

/// A unit of stock an attempt holds (or may hold): released if the attempt is abandoned.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct HeldItem {
    pub blain_number: String,
    pub store_num: Option<i32>,
}

#[derive(Debug, Clone, PartialEq)]
pub enum CheckoutCommand {
    Begin {
        order_no: String,
        items: Vec<HeldItem>,
        at: DateTime<Utc>,
    },
    Authorised {
        order_no: String,
    },
    /// The attempt ended without an order (`reason`: declined, unavailable, …).
    Fail {
        order_no: String,
        reason: String,
    },
    Complete {
        order_no: String,
    },
    /// The recovery sweep voided a stale attempt.
    Abandon {
        order_no: String,
    },
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum CheckoutEvent {
    CheckoutStarted {
        #[serde(rename = "orderNo")]
        order_no: String,
        items: Vec<HeldItem>,
        at: DateTime<Utc>,
    },
    CheckoutAuthorised {
        #[serde(rename = "orderNo")]
        order_no: String,
    },
    CheckoutFailed {
        #[serde(rename = "orderNo")]
        order_no: String,
        reason: String,
    },
    CheckoutCompleted {
        #[serde(rename = "orderNo")]
        order_no: String,
    },
    CheckoutAbandoned {
        #[serde(rename = "orderNo")]
        order_no: String,
    },
}

impl DomainEvent for CheckoutEvent {
    fn event_type(&self) -> String {
        match self {
            CheckoutEvent::CheckoutStarted { .. } => "CheckoutStarted",
            CheckoutEvent::CheckoutAuthorised { .. } => "CheckoutAuthorised",
            CheckoutEvent::CheckoutFailed { .. } => "CheckoutFailed",
            CheckoutEvent::CheckoutCompleted { .. } => "CheckoutCompleted",
            CheckoutEvent::CheckoutAbandoned { .. } => "CheckoutAbandoned",
        }
        .to_string()
    }
    fn event_version(&self) -> String {
        "1.0".to_string()
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CheckoutError {
    #[error("Your order is already being placed. Please wait a moment.")]
    InProgress,
    #[error("That checkout attempt is not the current one.")]
    NotCurrent,
}

/// The attempt under way, if any.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Attempt {
    pub order_no: String,
    pub items: Vec<HeldItem>,
    pub started_at: DateTime<Utc>,
    pub authorised: bool,
}

#[derive(Debug, Default, Clone, PartialEq, Serialize, Deserialize)]
pub struct Checkout {
    pub current: Option<Attempt>,
    pub attempts: u32,
}

impl Aggregate for Checkout {
    const TYPE: &'static str = "Checkout";
    type Command = CheckoutCommand;
    type Event = CheckoutEvent;
    type Error = CheckoutError;
    type Services = ();

    async fn handle(
        &mut self,
        command: Self::Command,
        _: &(),
        sink: &EventSink<Self>,
    ) -> Result<(), Self::Error> {
        let current = |order_no: &str| -> Result<(), CheckoutError> {
            match &self.current {
                Some(a) if a.order_no == order_no => Ok(()),
                _ => Err(CheckoutError::NotCurrent),
            }
        };
        let event = match command {
            CheckoutCommand::Begin {
                order_no,
                items,
                at,
            } => {
                // Even a stale attempt holds the cart until the sweep ends it.
                if self.current.is_some() {
                    return Err(CheckoutError::InProgress);
                }
                CheckoutEvent::CheckoutStarted {
                    order_no,
                    items,
                    at,
                }
            }
            CheckoutCommand::Authorised { order_no } => {
                current(&order_no)?;
                CheckoutEvent::CheckoutAuthorised { order_no }
            }
            CheckoutCommand::Fail { order_no, reason } => {
                current(&order_no)?;
                CheckoutEvent::CheckoutFailed { order_no, reason }
            }
            CheckoutCommand::Complete { order_no } => {
                current(&order_no)?;
                CheckoutEvent::CheckoutCompleted { order_no }
            }
            CheckoutCommand::Abandon { order_no } => {
                current(&order_no)?;
                CheckoutEvent::CheckoutAbandoned { order_no }
            }
        };
        sink.write(event, self).await;
        Ok(())
    }

    fn apply(&mut self, event: Self::Event) {
        match event {
            CheckoutEvent::CheckoutStarted {
                order_no,
                items,
                at,
            } => {
                self.attempts += 1;
                self.current = Some(Attempt {
                    order_no,
                    items,
                    started_at: at,
                    authorised: false,
                });
            }
            CheckoutEvent::CheckoutAuthorised { .. } => {
                if let Some(a) = &mut self.current {
                    a.authorised = true;
                }
            }
            CheckoutEvent::CheckoutFailed { .. }
            | CheckoutEvent::CheckoutCompleted { .. }
            | CheckoutEvent::CheckoutAbandoned { .. } => self.current = None,
        }
    }
}
