//! A value built from the read models once and kept in this process until the catalog changes:
//! [`Rebuilt::invalidate`] (called by the change listener, `header::listen_for_changes`) makes
//! the next request rebuild it; without a listener, or if a notification is lost, it lives at
//! most [`MAX_AGE`]. One request rebuilds at a time; the others wait for its result.

use std::future::Future;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, RwLock};
use std::time::{Duration, Instant};

/// The longest a value is kept without a change notification.
pub const MAX_AGE: Duration = Duration::from_secs(60);

struct Built<T> {
    generation: u64,
    at: Instant,
    value: Arc<T>,
}

pub struct Rebuilt<T> {
    current: RwLock<Option<Built<T>>>,
    rebuild: tokio::sync::Mutex<()>,
    generation: AtomicU64,
    /// Builds so far (tests and benchmarks read it).
    pub builds: AtomicU64,
}

impl<T> Default for Rebuilt<T> {
    fn default() -> Self {
        Self {
            current: RwLock::new(None),
            rebuild: tokio::sync::Mutex::new(()),
            generation: AtomicU64::new(0),
            builds: AtomicU64::new(0),
        }
    }
}

impl<T> Rebuilt<T> {
    /// Forgets the value: the next request rebuilds it.
    pub fn invalidate(&self) {
        self.generation.fetch_add(1, Ordering::SeqCst);
    }

    fn fresh(&self) -> Option<Arc<T>> {
        let generation = self.generation.load(Ordering::SeqCst);
        self.current
            .read()
            .expect("cache lock")
            .as_ref()
            .filter(|b| b.generation == generation && b.at.elapsed() < MAX_AGE)
            .map(|b| b.value.clone())
    }

    /// The value, built by `build` (one request at a time) when stale.
    pub async fn get<E, F, Fut>(&self, build: F) -> Result<Arc<T>, E>
    where
        F: FnOnce() -> Fut,
        Fut: Future<Output = Result<T, E>>,
    {
        if let Some(value) = self.fresh() {
            return Ok(value);
        }
        let _building = self.rebuild.lock().await;
        if let Some(value) = self.fresh() {
            return Ok(value);
        }
        let generation = self.generation.load(Ordering::SeqCst);
        let value = Arc::new(build().await?);
        self.builds.fetch_add(1, Ordering::Relaxed);
        *self.current.write().expect("cache lock") = Some(Built {
            generation,
            at: Instant::now(),
            value: value.clone(),
        });
        Ok(value)
    }
}
