//! The Kafka bus: topic names, the idempotent producer, topic creation and a consumer helper
//! with at-least-once delivery (offsets are committed only after the handler succeeded).

use std::collections::HashMap;
use std::future::Future;
use std::time::Duration;

use rdkafka::admin::{AdminClient, AdminOptions, NewTopic, TopicReplication};
use std::sync::Arc;

use rdkafka::client::{ClientContext, DefaultClientContext};
use rdkafka::config::{ClientConfig, RDKafkaLogLevel};
use rdkafka::consumer::{CommitMode, Consumer, ConsumerContext, StreamConsumer};
use rdkafka::error::{KafkaError, RDKafkaErrorCode};
use rdkafka::message::{Message, OwnedMessage};
use rdkafka::producer::{FutureProducer, Producer};
use rdkafka::{Offset, TopicPartitionList};
use tokio::sync::watch;

use crate::lograte::LogLimiter;

/// The client context of our producers and consumers: librdkafka's own log lines and errors
/// go to `tracing`, each kind at most once per interval with a count of the lines held back
/// (a broker outage would otherwise write several lines a second).
#[derive(Clone)]
pub struct BusContext {
    limiter: Arc<LogLimiter>,
}

impl Default for BusContext {
    /// One limiter for the whole process: a producer recreated during an outage does not
    /// start a new burst of the same lines.
    fn default() -> Self {
        static SHARED: std::sync::OnceLock<Arc<LogLimiter>> = std::sync::OnceLock::new();
        Self {
            limiter: SHARED
                .get_or_init(|| Arc::new(LogLimiter::default()))
                .clone(),
        }
    }
}

impl BusContext {
    fn write(&self, level: RDKafkaLogLevel, key: &str, text: &str) {
        let Some(held_back) = self.limiter.check(key) else {
            return;
        };
        match level {
            RDKafkaLogLevel::Emerg
            | RDKafkaLogLevel::Alert
            | RDKafkaLogLevel::Critical
            | RDKafkaLogLevel::Error => {
                tracing::error!(target: "librdkafka", held_back, "{text}")
            }
            RDKafkaLogLevel::Warning => tracing::warn!(target: "librdkafka", held_back, "{text}"),
            RDKafkaLogLevel::Notice | RDKafkaLogLevel::Info => {
                tracing::info!(target: "librdkafka", held_back, "{text}")
            }
            RDKafkaLogLevel::Debug => tracing::debug!(target: "librdkafka", held_back, "{text}"),
        }
    }
}

impl ClientContext for BusContext {
    fn log(&self, level: RDKafkaLogLevel, fac: &str, log_message: &str) {
        self.write(
            level,
            &format!("log:{fac}"),
            &format!("{fac}: {log_message}"),
        );
    }

    fn error(&self, error: KafkaError, reason: &str) {
        let kind = error
            .rdkafka_error_code()
            .map_or_else(|| "other".to_string(), |c| format!("{c:?}"));
        self.write(
            RDKafkaLogLevel::Error,
            &format!("error:{kind}"),
            &format!("{error}: {reason}"),
        );
    }
}

impl ConsumerContext for BusContext {}

/// Our producer type.
pub type BusProducer = FutureProducer<BusContext>;
/// Our consumer type.
pub type BusConsumer = StreamConsumer<BusContext>;

/// Domain events, published by the outbox relay. Key = aggregate id.
pub const EVENTS_TOPIC: &str = "storefront.events.v1";
/// Tracking beacons, produced by the tracker. Key = visitor id.
pub const TRACKING_TOPIC: &str = "storefront.tracking.v1";
/// Partitions we create our topics with.
pub const PARTITIONS: i32 = 4;

#[derive(Debug, thiserror::Error)]
pub enum BusError {
    #[error("Kafka broker at {brokers} (KAFKA_BROKERS): {source}")]
    Kafka {
        brokers: String,
        #[source]
        source: KafkaError,
    },
}

impl BusError {
    /// An error of a client whose broker address is not at hand.
    pub fn from_kafka(source: KafkaError) -> Self {
        BusError::Kafka {
            brokers: "the configured brokers".into(),
            source,
        }
    }
}

/// Where the brokers are; every client of ours is built from this.
#[derive(Debug, Clone)]
pub struct BusConfig {
    pub brokers: String,
}

impl BusConfig {
    pub fn new(brokers: impl Into<String>) -> Self {
        Self {
            brokers: brokers.into(),
        }
    }

    fn base(&self) -> ClientConfig {
        let mut config = ClientConfig::new();
        config
            .set("bootstrap.servers", &self.brokers)
            .set_log_level(RDKafkaLogLevel::Warning);
        config
    }

    /// The client configuration every client of ours starts from (brokers, log level), for
    /// producers with settings of their own (the tracker's).
    pub fn client_config(&self) -> ClientConfig {
        self.base()
    }

    fn err(&self, source: KafkaError) -> BusError {
        BusError::Kafka {
            brokers: self.brokers.clone(),
            source,
        }
    }

    /// An idempotent producer with acks=all: retries never duplicate or reorder a partition.
    pub fn producer(&self) -> Result<BusProducer, BusError> {
        self.base()
            .set("enable.idempotence", "true")
            .set("acks", "all")
            .set("linger.ms", "5")
            .set("message.timeout.ms", "30000")
            .set("compression.type", "none")
            .create_with_context(BusContext::default())
            .map_err(|e| self.err(e))
    }

    /// A client kept for repeated readiness probes ([`BusConfig::probe`]): one client for the
    /// life of the process instead of one per check.
    pub fn probe_client(&self) -> Result<Arc<rdkafka::consumer::BaseConsumer>, BusError> {
        self.base().create().map(Arc::new).map_err(|e| self.err(e))
    }

    /// Asks the broker for its metadata through a kept probe client.
    pub async fn probe(
        &self,
        client: &Arc<rdkafka::consumer::BaseConsumer>,
        timeout: Duration,
    ) -> Result<(), BusError> {
        let client = client.clone();
        let brokers = self.clone();
        tokio::task::spawn_blocking(move || {
            client
                .fetch_metadata(None, timeout)
                .map(|_| ())
                .map_err(|e| brokers.err(e))
        })
        .await
        .expect("metadata probe task")
    }

    /// Asks the broker for its metadata: the readiness probe of the bus.
    pub async fn check(&self, timeout: Duration) -> Result<(), BusError> {
        let config = self.base();
        let brokers = self.clone();
        tokio::task::spawn_blocking(move || {
            let consumer: rdkafka::consumer::BaseConsumer =
                config.create().map_err(|e| brokers.err(e))?;
            consumer
                .fetch_metadata(None, timeout)
                .map(|_| ())
                .map_err(|e| brokers.err(e))
        })
        .await
        .expect("metadata probe task")
    }

    /// Creates our topics (tolerating ones that exist) with [`PARTITIONS`] partitions.
    pub async fn ensure_topics(&self, topics: &[&str]) -> Result<(), BusError> {
        let admin: AdminClient<DefaultClientContext> =
            self.base().create().map_err(|e| self.err(e))?;
        let new: Vec<NewTopic> = topics
            .iter()
            .map(|t| NewTopic::new(t, PARTITIONS, TopicReplication::Fixed(1)))
            .collect();
        let options = AdminOptions::new().operation_timeout(Some(Duration::from_secs(10)));
        let results = admin
            .create_topics(&new, &options)
            .await
            .map_err(|e| self.err(e))?;
        for result in results {
            match result {
                Ok(_) | Err((_, RDKafkaErrorCode::TopicAlreadyExists)) => {}
                Err((topic, code)) => {
                    return Err(self.err(KafkaError::AdminOp(code))).inspect_err(|_| {
                        tracing::error!(%topic, "could not create topic");
                    })
                }
            }
        }
        Ok(())
    }

    /// Keeps `topic`'s messages for `days` days (`retention.ms`): the tracking topic carries
    /// raw events with visitor ids and must forget them like the database does. A new topic
    /// is created with the setting; an existing one is altered.
    pub async fn set_retention(&self, topic: &str, days: u32) -> Result<(), BusError> {
        use rdkafka::admin::{AlterConfig, ResourceSpecifier};
        let admin: AdminClient<DefaultClientContext> =
            self.base().create().map_err(|e| self.err(e))?;
        let millis = (u64::from(days) * 86_400_000).to_string();
        let options = AdminOptions::new().operation_timeout(Some(Duration::from_secs(10)));
        let new = NewTopic::new(topic, PARTITIONS, TopicReplication::Fixed(1))
            .set("retention.ms", &millis);
        let created = admin
            .create_topics(&[new], &options)
            .await
            .map_err(|e| self.err(e))?;
        match created.into_iter().next() {
            Some(Ok(_)) => return Ok(()),
            Some(Err((_, RDKafkaErrorCode::TopicAlreadyExists))) | None => {}
            Some(Err((_, code))) => return Err(self.err(KafkaError::AdminOp(code))),
        }
        // Already so (a restart): nothing to alter. The run command's broker cannot alter a
        // topic's configuration, so asking first keeps every start from warning about it.
        let described = admin
            .describe_configs(&[ResourceSpecifier::Topic(topic)], &options)
            .await
            .map_err(|e| self.err(e))?;
        let current = described
            .into_iter()
            .next()
            .and_then(Result::ok)
            .and_then(|resource| resource.get("retention.ms").and_then(|e| e.value.clone()));
        if current.as_deref() == Some(millis.as_str()) {
            return Ok(());
        }
        let config = AlterConfig::new(ResourceSpecifier::Topic(topic)).set("retention.ms", &millis);
        let results = admin
            .alter_configs(&[config], &options)
            .await
            .map_err(|e| self.err(e))?;
        for result in results {
            if let Err((_, code)) = result {
                return Err(self.err(KafkaError::AdminOp(code)));
            }
        }
        Ok(())
    }

    /// A consumer in `group` that starts from the earliest offset when the group is new and
    /// never commits by itself.
    pub fn consumer(&self, group: &str, topics: &[&str]) -> Result<BusConsumer, BusError> {
        let consumer: BusConsumer = self
            .base()
            .set("group.id", group)
            .set("enable.auto.commit", "false")
            .set("enable.auto.offset.store", "false")
            .set("auto.offset.reset", "earliest")
            .set("session.timeout.ms", "10000")
            .create_with_context(BusContext::default())
            .map_err(|e| self.err(e))?;
        consumer.subscribe(topics).map_err(|e| self.err(e))?;
        Ok(consumer)
    }
}

/// Flushes a producer so nothing queued is lost at shutdown.
pub fn flush(producer: &BusProducer, timeout: Duration) {
    if let Err(e) = producer.flush(timeout) {
        tracing::warn!(error = %e, "producer flush did not finish");
    }
}

/// How a [`consume`] loop batches.
///
/// A batch is handed over when it holds `max_messages`, or `max_wait` after the previous batch
/// was handed over, whichever comes first. The wait counts from the previous hand-over, not from
/// the end of its handler: a handler that took longer than `max_wait` is followed at once by
/// what arrived meanwhile, so a loop behind its topic spends no time waiting and a short wait
/// costs no throughput. The first message after a quiet spell is handed over at once.
///
/// With `min_wait` below `max_wait` the wait adapts to the handler: it is twice the last
/// handler's time, kept between the two. A handler that keeps up easily then gets small,
/// frequent batches (its work spread evenly over time); one that takes longer gets larger
/// batches, at less work per message, until it is busy at most about half the time or the
/// wait reaches `max_wait`.
#[derive(Debug, Clone, Copy)]
pub struct BatchPolicy {
    pub max_messages: usize,
    pub max_wait: Duration,
    pub min_wait: Duration,
}

impl Default for BatchPolicy {
    fn default() -> Self {
        Self::fixed(500, Duration::from_millis(50))
    }
}

impl BatchPolicy {
    /// Batches of at most `max_messages`, `wait` apart (the wait does not adapt).
    pub fn fixed(max_messages: usize, wait: Duration) -> Self {
        Self {
            max_messages,
            max_wait: wait,
            min_wait: wait,
        }
    }

    /// The wait after a batch whose handler took `took`.
    pub fn wait_after(&self, took: Duration) -> Duration {
        took.saturating_mul(2)
            .clamp(self.min_wait.min(self.max_wait), self.max_wait)
    }
}

/// Consumes `topics` in consumer group `group` until `shutdown` turns true.
///
/// Messages are handed to `handler` in batches (shared, so a retry needs no copy); the batch's
/// offsets are committed only after the handler returned `Ok`, so delivery is at-least-once and
/// handlers must be idempotent.
/// A failing batch is retried (with back-off) until it succeeds or the loop is stopped; on stop
/// the current batch finishes and its offsets are committed synchronously.
pub async fn consume<F, Fut, E>(
    bus: &BusConfig,
    group: &str,
    topics: &[&str],
    policy: BatchPolicy,
    mut shutdown: watch::Receiver<bool>,
    mut handler: F,
) -> Result<(), BusError>
where
    F: FnMut(Arc<Vec<OwnedMessage>>) -> Fut,
    Fut: Future<Output = Result<(), E>>,
    E: std::fmt::Display,
{
    let consumer = bus.consumer(group, topics)?;
    let limiter = LogLimiter::default();
    let mut last_handover: Option<tokio::time::Instant> = None;
    let mut wait = policy.max_wait;
    loop {
        if *shutdown.borrow() {
            break;
        }
        let mut batch: Vec<OwnedMessage> = Vec::new();
        // Wait for the first message (or the stop signal), then gather more for max_wait.
        tokio::select! {
            _ = shutdown.changed() => break,
            received = consumer.recv() => match received {
                Ok(m) => {
                    if let Some(held_back) = limiter.reset("recv") {
                        tracing::info!(group, held_back, "consumer receiving again");
                    }
                    batch.push(m.detach())
                }
                Err(e) => {
                    if let Some(held_back) = limiter.check("recv") {
                        tracing::warn!(error = %e, group, held_back, "consumer error");
                    }
                    tokio::time::sleep(Duration::from_millis(200)).await;
                    continue;
                }
            }
        }
        // What is already queued is always taken; beyond it, wait until `wait` after the
        // previous hand-over.
        let deadline = match last_handover {
            Some(at) => (at + wait).max(tokio::time::Instant::now()),
            None => tokio::time::Instant::now(),
        };
        while batch.len() < policy.max_messages {
            match tokio::time::timeout_at(deadline, consumer.recv()).await {
                Ok(Ok(m)) => batch.push(m.detach()),
                Ok(Err(e)) => {
                    if let Some(held_back) = limiter.check("recv") {
                        tracing::warn!(error = %e, group, held_back, "consumer error");
                    }
                    break;
                }
                Err(_) => break,
            }
        }
        let handed_over = tokio::time::Instant::now();
        last_handover = Some(handed_over);
        let offsets = next_offsets(&batch);
        let batch = Arc::new(batch);
        let mut backoff = Duration::from_millis(100);
        loop {
            match handler(batch.clone()).await {
                Ok(()) => break,
                Err(e) => {
                    if let Some(held_back) = limiter.check("handler") {
                        tracing::error!(error = %e, group, held_back, "handler failed; retrying the batch");
                    }
                    tokio::select! {
                        _ = tokio::time::sleep(backoff) => {}
                        _ = shutdown.changed() => return Ok(()),
                    }
                    backoff = (backoff * 2).min(Duration::from_secs(5));
                }
            }
        }
        wait = policy.wait_after(handed_over.elapsed());
        let mode = if *shutdown.borrow() {
            CommitMode::Sync
        } else {
            CommitMode::Async
        };
        limiter.reset("handler");
        if let Err(e) = consumer.commit(&offsets, mode) {
            if limiter.check("commit").is_some() {
                tracing::warn!(error = %e, group, "offset commit failed; the batch may be redelivered");
            }
        }
    }
    Ok(())
}

/// The offsets to commit after a batch: one past the highest offset seen per partition.
fn next_offsets(batch: &[OwnedMessage]) -> TopicPartitionList {
    let mut highest: HashMap<(String, i32), i64> = HashMap::new();
    for m in batch {
        let entry = highest
            .entry((m.topic().to_string(), m.partition()))
            .or_insert(m.offset());
        *entry = (*entry).max(m.offset());
    }
    let mut tpl = TopicPartitionList::new();
    for ((topic, partition), offset) in highest {
        tpl.add_partition_offset(&topic, partition, Offset::Offset(offset + 1))
            .expect("valid offset");
    }
    tpl
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn the_wait_follows_the_handler_between_its_bounds() {
        let policy = BatchPolicy {
            max_messages: 5000,
            max_wait: ms(100),
            min_wait: ms(30),
        };
        // A quick handler: batches as often as the shortest wait allows.
        assert_eq!(policy.wait_after(ms(2)), ms(30));
        // A slower one: twice its time, so it is busy about half the time.
        assert_eq!(policy.wait_after(ms(40)), ms(80));
        // One that takes longer than the longest wait: the longest wait.
        assert_eq!(policy.wait_after(ms(400)), ms(100));
    }

    #[test]
    fn a_fixed_wait_stays_fixed() {
        let policy = BatchPolicy::default();
        for took in [ms(0), ms(10), ms(60), ms(10_000)] {
            assert_eq!(policy.wait_after(took), policy.max_wait);
        }
        // A shortest wait above the longest does not lengthen it.
        let odd = BatchPolicy {
            max_messages: 1,
            max_wait: ms(20),
            min_wait: ms(90),
        };
        assert_eq!(odd.wait_after(ms(1)), ms(20));
    }
}
