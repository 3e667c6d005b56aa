//! `storefront topic tail TOPIC`: prints a topic's messages (Debian's kcat cannot talk to the
//! nisshi broker). Reads in a throwaway consumer group that never commits, so it disturbs no
//! consumer of ours.

use std::time::Duration;

use projections::bus::{BusConfig, BusError};
use rdkafka::consumer::{Consumer, StreamConsumer};
use rdkafka::message::{Message, Timestamp};

pub async fn tail(
    bus: &BusConfig,
    topic: &str,
    from_beginning: bool,
    json: bool,
    max: Option<u64>,
) -> Result<(), BusError> {
    let group = format!("storefront-tail-{}", uuid::Uuid::new_v4().simple());
    let consumer: StreamConsumer = bus
        .client_config()
        .set("group.id", &group)
        .set("enable.auto.commit", "false")
        .set(
            "auto.offset.reset",
            if from_beginning { "earliest" } else { "latest" },
        )
        .create()
        .map_err(BusError::from_kafka)?;
    consumer.subscribe(&[topic]).map_err(BusError::from_kafka)?;
    eprintln!(
        "reading {topic} from {} (Ctrl-C stops)",
        if from_beginning {
            "the beginning"
        } else {
            "now on"
        }
    );
    let mut seen = 0u64;
    loop {
        if max.is_some_and(|m| seen >= m) {
            break;
        }
        let message = tokio::select! {
            _ = crate::serve::shutdown_signal() => break,
            m = consumer.recv() => m,
        };
        let m = match message {
            Ok(m) => m,
            Err(e) => {
                eprintln!("warning: {e}");
                tokio::time::sleep(Duration::from_millis(500)).await;
                continue;
            }
        };
        seen += 1;
        let key = m.key().map(String::from_utf8_lossy);
        let value = m.payload().map(String::from_utf8_lossy).unwrap_or_default();
        let millis = match m.timestamp() {
            Timestamp::CreateTime(t) | Timestamp::LogAppendTime(t) => Some(t),
            Timestamp::NotAvailable => None,
        };
        if json {
            let value_json = serde_json::from_str::<serde_json::Value>(&value)
                .unwrap_or_else(|_| serde_json::Value::String(value.to_string()));
            println!(
                "{}",
                serde_json::json!({
                    "partition": m.partition(),
                    "offset": m.offset(),
                    "key": key,
                    "timestamp": millis,
                    "value": value_json,
                })
            );
        } else {
            println!(
                "{}:{} key={} {}",
                m.partition(),
                m.offset(),
                key.as_deref().unwrap_or("-"),
                value
            );
        }
    }
    Ok(())
}
