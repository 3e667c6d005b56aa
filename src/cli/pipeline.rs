//! The event pipeline from the command line: `deadletters` (list, retry) and `relay` alone.

use std::process::ExitCode;

use projections::bus::BusConfig;

use super::{DeadlettersAction, Options};
use crate::{config, serve};

/// Lists the dead letters, or retries them; exit 1 if any still fails.
pub async fn deadletters(options: &Options, action: DeadlettersAction) -> anyhow::Result<ExitCode> {
    let pool = config::connect_database(&options.database_url, 2).await?;
    match action {
        DeadlettersAction::List => {
            let letters = projections::deadletters::list(&pool).await?;
            for letter in &letters {
                println!("{}", serde_json::to_string(letter)?);
            }
            eprintln!("{} dead letters", letters.len());
        }
        DeadlettersAction::Retry { id } => {
            let report = projections::deadletters::retry(&pool, id).await?;
            for (id, error) in &report.still_failing {
                eprintln!("dead letter {id} still fails: {error}");
            }
            println!(
                "{} applied, {} still failing",
                report.applied,
                report.still_failing.len()
            );
            if !report.still_failing.is_empty() {
                return Ok(ExitCode::FAILURE);
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// Runs the outbox relay alone until a shutdown signal.
pub async fn relay(
    options: &Options,
    bus: &BusConfig,
    batch_size: i64,
) -> anyhow::Result<ExitCode> {
    let pool = config::connect_database(&options.database_url, 4).await?;
    config::check_broker(bus).await?;
    bus.ensure_topics(&[&options.events_topic]).await?;
    let relay = projections::relay::Relay::new(
        pool,
        bus,
        projections::relay::RelayConfig {
            topic: options.events_topic.clone(),
            batch_size,
            ..Default::default()
        },
    )?;
    let (stop_tx, stop_rx) = tokio::sync::watch::channel(false);
    tokio::spawn(async move {
        serve::shutdown_signal().await;
        let _ = stop_tx.send(true);
    });
    relay.run(stop_rx).await?;
    Ok(ExitCode::SUCCESS)
}
