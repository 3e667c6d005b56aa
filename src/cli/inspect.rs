//! Looking at what flows and what was counted: `topic tail`, `analytics report`, and the
//! popular lists' blocklists (`popular block|unblock|list`).

use std::process::ExitCode;

use projections::bus::BusConfig;

use super::{AnalyticsAction, Options, PopularAction, TopicAction};
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
    let mut range = tracker::report::Range::last_week();
    if let Some(since) = since {
        range.since = since;
        range.until = range.until.max(since);
    }
    let report = tracker::report::report(&pool, range).await?;
    if json {
        println!("{}", serde_json::to_string_pretty(&report)?);
    } else {
        print!("{}", tracker::report::render(&report));
    }
    Ok(ExitCode::SUCCESS)
}

/// `storefront popular block|unblock|list`: the popular lists' blocklists, through the same
/// command as the staff API (an event with the staff id in its metadata).
pub async fn popular(options: &Options, action: PopularAction) -> anyhow::Result<ExitCode> {
    use command::merch::blocklist::{
        entry, BlocklistCommand, PopularBlocklist, PRODUCTS, SEARCHES,
    };
    let pool = config::connect_database(&options.database_url, 2).await?;
    let (entry_of, block) = match action {
        PopularAction::List => {
            let blocks = query::search::popularity::blocklists(&pool).await?;
            for (list, entries) in [
                ("searches", &blocks.searches),
                ("products", &blocks.products),
            ] {
                println!("{list} ({} blocked)", entries.len());
                for b in entries {
                    println!(
                        "  {}  (since {})",
                        b.value,
                        b.blocked_at.format("%Y-%m-%d %H:%M")
                    );
                }
            }
            return Ok(ExitCode::SUCCESS);
        }
        PopularAction::Block { entry } => (entry, true),
        PopularAction::Unblock { entry } => (entry, false),
    };
    let (list, raw) = match (&entry_of.search, &entry_of.product) {
        (Some(term), _) => (SEARCHES, term.as_str()),
        (None, Some(product)) => (PRODUCTS, product.as_str()),
        (None, None) => unreachable!("clap requires --search or --product"),
    };
    let value = entry(list, raw);
    let command = if block {
        BlocklistCommand::Block {
            value: value.clone(),
        }
    } else {
        BlocklistCommand::Unblock {
            value: value.clone(),
        }
    };
    let metadata = serde_json::json!({ "staffId": entry_of.staff_id });
    let inline = projections::shopping::InlineShopping;
    let outcome = command::eventstore::run::<PopularBlocklist>(&pool, &())
        .command(list, command)
        .inline(Some(&inline))
        .metadata(&metadata)
        .one()
        .await?;
    let outcome = match outcome {
        command::eventstore::Idempotent::Fresh(executed, _) => executed.outcome,
        command::eventstore::Idempotent::Seen(_) => unreachable!("no idempotency key was given"),
    };
    match outcome {
        Ok(_) => {
            let verb = if block { "blocked" } else { "unblocked" };
            println!("{verb} on the {list} list: {value}");
            Ok(ExitCode::SUCCESS)
        }
        Err(refused) => {
            eprintln!("error: {refused}");
            Ok(ExitCode::FAILURE)
        }
    }
}
