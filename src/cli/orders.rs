//! `storefront orders`: an associate's changes to an order from a shell. Each is the same
//! command the staff API runs, recorded with the staff id `cli`; the running store's checkout
//! sweep then does what it owes (mail, stock, refunds, points), each once.

use std::process::ExitCode;

use chrono::Utc;
use command::eventstore;
use command::ordering::{Order, OrderCommand};

use super::{Options, OrdersAction};
use crate::config;

/// Runs one orders action.
pub async fn run(options: &Options, action: OrdersAction) -> anyhow::Result<ExitCode> {
    let pool = config::connect_database(&options.database_url, 2).await?;
    let by = Some("cli".to_string());
    let (order_no, command) = match action {
        OrdersAction::Advance { order_no, to } => {
            let at = Utc::now();
            let command = match to.trim() {
                "ready" => OrderCommand::MarkReady { at, by },
                "picked-up" => OrderCommand::MarkPickedUp { at, by },
                "shipped" => OrderCommand::Ship { at, by },
                "delivered" => OrderCommand::Deliver { at, by },
                other => anyhow::bail!("--to {other}: one of ready, picked-up, shipped, delivered"),
            };
            (order_no, command)
        }
        OrdersAction::Cancel { order_no, reason } => (
            order_no,
            OrderCommand::Cancel {
                at: Utc::now(),
                by,
                reason,
            },
        ),
        OrdersAction::Return { order_no, lines } => (
            order_no,
            OrderCommand::ReturnLines {
                line_nos: lines,
                at: Utc::now(),
                by,
            },
        ),
    };
    let inline = projections::registry::InlineShopping;
    let metadata = serde_json::json!({ "staffId": "cli" });
    let executed = eventstore::run::<Order>(&pool, &())
        .command(&order_no, command)
        .inline(Some(&inline))
        .metadata(&metadata)
        .executed()
        .await?;
    match executed.outcome {
        Ok(_) => {
            println!(
                "order {order_no}: {} (mail, stock and refunds follow from the running store)",
                executed.aggregate.status.label()
            );
            Ok(ExitCode::SUCCESS)
        }
        Err(e) => {
            eprintln!("order {order_no}: {e}");
            Ok(ExitCode::FAILURE)
        }
    }
}
