//! Rate-limited logging of repeated errors: during a broker outage the relay, the consumers
//! and librdkafka would otherwise write several lines a second. Each kind of error is written
//! at most once per interval, with the count of lines held back since the last one.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// How often one kind of repeated error is written.
pub const DEFAULT_INTERVAL: Duration = Duration::from_secs(30);

#[derive(Debug)]
pub struct LogLimiter {
    interval: Duration,
    /// Per key: when a line was last written, and how many were held back since.
    seen: Mutex<HashMap<String, (Instant, u64)>>,
}

impl Default for LogLimiter {
    fn default() -> Self {
        Self::new(DEFAULT_INTERVAL)
    }
}

impl LogLimiter {
    pub fn new(interval: Duration) -> Self {
        Self {
            interval,
            seen: Mutex::new(HashMap::new()),
        }
    }

    /// Whether a line of kind `key` may be written at `now`: `Some(held back since the last
    /// line)` when it may, `None` when it is held back (and counted).
    pub fn check_at(&self, key: &str, now: Instant) -> Option<u64> {
        let mut seen = self.seen.lock().unwrap_or_else(|e| e.into_inner());
        match seen.get_mut(key) {
            Some((last, held)) if now.duration_since(*last) < self.interval => {
                *held += 1;
                None
            }
            Some((last, held)) => {
                let count = *held;
                *last = now;
                *held = 0;
                Some(count)
            }
            None => {
                if seen.len() > 1000 {
                    // Keys are a handful of error kinds; never let odd ones grow the map.
                    seen.clear();
                }
                seen.insert(key.to_string(), (now, 0));
                Some(0)
            }
        }
    }

    pub fn check(&self, key: &str) -> Option<u64> {
        self.check_at(key, Instant::now())
    }

    /// Forgets `key` (the error stopped): answers how many lines were held back since the last
    /// one written, if the key was being limited.
    pub fn reset(&self, key: &str) -> Option<u64> {
        let mut seen = self.seen.lock().unwrap_or_else(|e| e.into_inner());
        seen.remove(key).map(|(_, held)| held)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_line_per_interval_with_the_count_held_back() {
        let limiter = LogLimiter::new(Duration::from_secs(30));
        let t0 = Instant::now();
        assert_eq!(limiter.check_at("broker", t0), Some(0));
        // Ten errors a second for 29 s: all held back.
        for i in 1..290 {
            assert_eq!(
                limiter.check_at("broker", t0 + Duration::from_millis(100 * i)),
                None
            );
        }
        // Another kind of error is not held back by the first.
        assert_eq!(limiter.check_at("relay", t0), Some(0));
        assert_eq!(
            limiter.check_at("broker", t0 + Duration::from_secs(30)),
            Some(289)
        );
        assert_eq!(
            limiter.check_at("broker", t0 + Duration::from_secs(31)),
            None
        );
        assert_eq!(limiter.reset("broker"), Some(1));
        assert_eq!(limiter.reset("broker"), None);
        assert_eq!(
            limiter.check_at("broker", t0 + Duration::from_secs(32)),
            Some(0)
        );
    }
}
