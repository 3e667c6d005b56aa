//! The tracker's producer: an idempotent producer (acks=all) behind a bounded in-memory queue.
//!
//! A beacon is answered as soon as its event is queued. While the broker is away the queue
//! holds up to `queue_max` events and they are delivered when it is back (in order per visitor:
//! the idempotent producer never duplicates or reorders a partition). When the queue is full
//! new events are dropped and counted; nothing waits on the broker in a request.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use arc_swap::ArcSwap;
use projections::bus::{BusConfig, BusContext, BusError};
use rdkafka::client::ClientContext;
use rdkafka::config::{ClientConfig, RDKafkaLogLevel};
use rdkafka::error::{KafkaError, RDKafkaErrorCode};
use rdkafka::producer::{BaseRecord, DeliveryResult, Producer, ProducerContext, ThreadedProducer};

use crate::event::{Rejection, TrackingEvent};

/// Events the queue holds at most by default (`TRACKING_QUEUE_MAX`).
pub const DEFAULT_QUEUE_MAX: usize = 200_000;

/// Milliseconds the producer gathers events into a batch by default (`TRACKING_LINGER_MS`).
pub const DEFAULT_LINGER_MS: u64 = 200;

/// Counters of the tracker, read by `/metrics` and `/readyz`.
#[derive(Debug, Default)]
pub struct TrackingStats {
    /// Events queued for the topic.
    pub accepted: AtomicU64,
    /// Events the broker acknowledged.
    pub delivered: AtomicU64,
    /// Events the producer gave up on (broker away longer than the delivery timeout).
    pub failed: AtomicU64,
    /// Events dropped because the queue was full.
    pub dropped: AtomicU64,
    /// Producers replaced after librdkafka declared one failed for good (a fatal error).
    pub renewals: AtomicU64,
    rejected: Mutex<HashMap<Rejection, u64>>,
}

impl TrackingStats {
    pub fn reject(&self, why: Rejection) {
        *self
            .rejected
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .entry(why)
            .or_default() += 1;
    }

    pub fn rejected(&self, why: Rejection) -> u64 {
        self.rejected
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .get(&why)
            .copied()
            .unwrap_or(0)
    }
}

/// The producer's context: librdkafka's log lines through the bus's rate-limited logger, and
/// delivery reports into the counters.
pub struct SinkContext {
    bus: BusContext,
    stats: Arc<TrackingStats>,
}

impl ClientContext for SinkContext {
    fn log(&self, level: RDKafkaLogLevel, fac: &str, log_message: &str) {
        self.bus.log(level, fac, log_message);
    }

    fn error(&self, error: KafkaError, reason: &str) {
        self.bus.error(error, reason);
    }
}

impl ProducerContext for SinkContext {
    type DeliveryOpaque = ();

    fn delivery(&self, result: &DeliveryResult<'_>, _: ()) {
        match result {
            Ok(_) => self.stats.delivered.fetch_add(1, Ordering::Relaxed),
            Err((e, _)) => {
                tracing::warn!(error = %e, "a tracking event could not be delivered");
                self.stats.failed.fetch_add(1, Ordering::Relaxed)
            }
        };
    }
}

/// Where tracking events go.
///
/// librdkafka may declare an idempotent producer failed for good (a fatal error), after which
/// it refuses every event. Seen with the run command's broker: after a stall of more than a
/// minute with the connection open, the producer timed its batch out, sent it again, and the
/// broker answered "out of order sequence number"; every beacon after that failed while the
/// store answered as usual. The sink then makes a new producer (a new producer id) and carries
/// on; what the failed one still held is counted as failed.
pub struct TrackingSink {
    producer: ArcSwap<ThreadedProducer<SinkContext>>,
    /// The producer's settings, to make a new one.
    config: ClientConfig,
    renewing: Mutex<()>,
    topic: String,
    queue_max: usize,
    pub stats: Arc<TrackingStats>,
}

/// How the sink queues.
#[derive(Debug, Clone)]
pub struct SinkSettings {
    pub topic: String,
    /// Events held while the broker is away; more are dropped and counted.
    pub queue_max: usize,
    /// How long an event may wait for the broker before it counts as failed (0: forever,
    /// bounded by the queue alone).
    pub delivery_timeout: Duration,
    /// How long the producer gathers events into one batch for the broker.
    pub linger: Duration,
}

impl SinkSettings {
    pub fn new(topic: impl Into<String>) -> Self {
        Self {
            topic: topic.into(),
            queue_max: DEFAULT_QUEUE_MAX,
            delivery_timeout: Duration::ZERO,
            linger: Duration::from_millis(DEFAULT_LINGER_MS),
        }
    }
}

impl TrackingSink {
    pub fn new(bus: &BusConfig, settings: SinkSettings) -> Result<Self, BusError> {
        let stats = Arc::new(TrackingStats::default());
        let queue_max = settings.queue_max.clamp(1, 10_000_000);
        let mut config = bus.client_config();
        config
            .set("enable.idempotence", "true")
            .set("acks", "all")
            .set(
                "linger.ms",
                settings.linger.as_millis().min(900_000).to_string(),
            )
            .set("batch.num.messages", "10000")
            .set("queue.buffering.max.messages", queue_max.to_string())
            .set("queue.buffering.max.kbytes", "1048576")
            .set(
                "message.timeout.ms",
                settings.delivery_timeout.as_millis().to_string(),
            )
            .set("compression.type", "none");
        let producer = Self::producer(&config, &stats)?;
        Ok(Self {
            producer: ArcSwap::from_pointee(producer),
            config,
            renewing: Mutex::new(()),
            topic: settings.topic,
            queue_max,
            stats,
        })
    }

    fn producer(
        config: &ClientConfig,
        stats: &Arc<TrackingStats>,
    ) -> Result<ThreadedProducer<SinkContext>, BusError> {
        config
            .create_with_context(SinkContext {
                bus: BusContext::default(),
                stats: stats.clone(),
            })
            .map_err(BusError::from_kafka)
    }

    /// Replaces a producer that failed for good; `false` when no new one could be made.
    fn renew(&self) -> bool {
        let _one_at_a_time = self.renewing.lock().unwrap_or_else(|p| p.into_inner());
        let Some(reason) = self.failure() else {
            // Another request renewed it meanwhile.
            return true;
        };
        match Self::producer(&self.config, &self.stats) {
            Ok(fresh) => {
                let failed = self.producer.swap(Arc::new(fresh));
                let renewals = self.stats.renewals.fetch_add(1, Ordering::Relaxed) + 1;
                tracing::error!(
                    %reason,
                    renewals,
                    lost = failed.in_flight_count(),
                    "the tracking producer failed for good; a new one takes over (what it still held is counted as failed)"
                );
                // Its end reports what it held and joins its threads: not on a request's worker.
                std::thread::spawn(move || drop(failed));
                true
            }
            Err(e) => {
                tracing::error!(error = %e, "the tracking producer failed for good and no new one could be made");
                false
            }
        }
    }

    /// Makes the producer fail for good, as librdkafka does on a fatal error (tests).
    #[doc(hidden)]
    pub fn fail_for_good(&self) {
        let reason = c"a test made the producer fail for good";
        // SAFETY: the client pointer is valid while the producer is loaded; librdkafka copies
        // the reason.
        unsafe {
            rdkafka::bindings::rd_kafka_test_fatal_error(
                self.producer.load().client().native_ptr(),
                rdkafka::bindings::rd_kafka_resp_err_t::RD_KAFKA_RESP_ERR_OUT_OF_ORDER_SEQUENCE_NUMBER,
                reason.as_ptr(),
            );
        }
    }

    pub fn topic(&self) -> &str {
        &self.topic
    }

    /// Why the producer refuses every event, while librdkafka has declared it failed for good
    /// and no event has come since to renew it (`None`: it takes events).
    pub fn failure(&self) -> Option<String> {
        self.producer
            .load()
            .client()
            .fatal_error()
            .map(|(_, reason)| reason)
    }

    /// Events waiting for the broker.
    pub fn depth(&self) -> i32 {
        self.producer.load().in_flight_count()
    }

    pub fn queue_max(&self) -> usize {
        self.queue_max
    }

    /// Queues an event (key: the pseudonymous visitor id). Never blocks: a full queue drops
    /// the event and counts it.
    pub fn send(&self, event: &TrackingEvent) {
        let payload = match serde_json::to_vec(event) {
            Ok(p) => p,
            Err(e) => {
                tracing::error!(error = %e, "a tracking event could not be encoded");
                return;
            }
        };
        let record = BaseRecord::to(&self.topic)
            .key(event.visitor_id.as_bytes())
            .payload(&payload);
        let result = match self.producer.load().send(record) {
            Err((KafkaError::MessageProduction(RDKafkaErrorCode::Fatal), record))
                if self.renew() =>
            {
                self.producer.load().send(record)
            }
            result => result,
        };
        match result {
            Ok(()) => {
                self.stats.accepted.fetch_add(1, Ordering::Relaxed);
            }
            Err((KafkaError::MessageProduction(RDKafkaErrorCode::QueueFull), _)) => {
                let dropped = self.stats.dropped.fetch_add(1, Ordering::Relaxed) + 1;
                if dropped == 1 || dropped.is_power_of_two() {
                    tracing::warn!(
                        dropped,
                        queue_max = self.queue_max,
                        "tracking queue full (broker away?): events dropped"
                    );
                }
            }
            Err((e, _)) => {
                self.stats.failed.fetch_add(1, Ordering::Relaxed);
                tracing::warn!(error = %e, "a tracking event could not be queued");
            }
        }
    }

    /// Waits up to `timeout` for queued events to reach the broker (shutdown).
    pub fn flush(&self, timeout: Duration) {
        if let Err(e) = self.producer.load().flush(timeout) {
            tracing::warn!(
                error = %e,
                waiting = self.depth(),
                "tracking events still queued at shutdown"
            );
        }
    }
}
