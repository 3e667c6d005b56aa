//! Looking at what flows and what was counted: `topic tail` and `analytics report`.

use std::process::ExitCode;

use projections::bus::BusConfig;

use super::{AnalyticsAction, Options, TopicAction};
use crate::config;

/// Prints a topic's messages as they arrive.
pub async fn topic(bus: &BusConfig, action: TopicAction) -> anyhow::Result<ExitCode> {
    let TopicAction::Tail {
        topic,
        from_beginning,
        json,
        max,
    } = action;
    config::check_broker(bus).await?;
    crate::topic::tail(bus, &topic, from_beginning, json, max).await?;
    Ok(ExitCode::SUCCESS)
}

/// Prints the analytics report (as JSON with `--json`).
pub async fn analytics(options: &Options, action: AnalyticsAction) -> anyhow::Result<ExitCode> {
    let AnalyticsAction::Report { since, json } = action;
    let pool = config::connect_database(&options.database_url, 2).await?;
    let report =
        tracker::report::report(&pool, since.unwrap_or_else(tracker::report::default_since))
            .await?;
    if json {
        println!("{}", serde_json::to_string_pretty(&report)?);
    } else {
        print!("{}", tracker::report::render(&report));
    }
    Ok(ExitCode::SUCCESS)
}
