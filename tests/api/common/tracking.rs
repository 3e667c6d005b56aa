//! Test support for the tracking pipeline: an app whose tracker produces to a topic of the
//! test's own, a reader of that topic, hawk.png URLs and the analytics consumer.

use std::sync::Arc;
use std::time::Duration;

use base64::Engine;
use serde_json::Value;
use tokio::sync::watch;
use tracker::event::TrackingEvent;

use super::{unique, Client, TestEnv};

/// A desktop Chrome's user agent: the beacons of a browser, not of a bot.
pub const CHROME: &str = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.8078.73 Safari/537.36";

/// The whole app (all roles) with its tracker producing to a fresh topic; answers the topic.
pub async fn tracked_app(env: &TestEnv) -> (Client, String) {
    let topic = unique("test.tracking");
    env.bus
        .ensure_topics(&[&topic])
        .await
        .expect("create topic");
    let mut state = storefront::app::AppParts::ephemeral(
        env.pool.clone(),
        env.bus.clone(),
        std::env::temp_dir().join("no-web-dir"),
    );
    state.tracking = Arc::new(
        tracker::TrackingSink::new(&env.bus, tracker::SinkSettings::new(&topic))
            .expect("tracking producer"),
    );
    let client = Client {
        app: storefront::app::router(state, &storefront::Roles::all()),
        cookies: Default::default(),
    };
    (client, topic)
}

/// `GET /hawk.png` for an event JSON (standard base64, URL-encoded) and type code.
pub fn hawk_url(event: &Value, et: &str, token: &str) -> String {
    let t = base64::engine::general_purpose::STANDARD.encode(event.to_string());
    format!(
        "/hawk.png?t={}&et={et}&cg=storefront-web&r={token}",
        urlencode(&t)
    )
}

pub fn urlencode(text: &str) -> String {
    serde_urlencoded::to_string([("x", text)])
        .unwrap()
        .trim_start_matches("x=")
        .to_string()
}

/// A Search event of tracking version v2.
pub fn search_event(keyword: &str, results: i64) -> Value {
    serde_json::json!({
        "event": "Search", "version": "v2", "keyword": keyword, "type_id": 1,
        "query_id": uuid::Uuid::new_v4().to_string(), "total": results,
    })
}

/// Reads `topic` from the beginning until `expected` events arrived (or `timeout` passed)
/// and no more arrive for a moment; answers (key, event) pairs.
pub async fn read_events(
    topic: &str,
    expected: usize,
    timeout: Duration,
) -> Vec<(String, TrackingEvent)> {
    super::read_raw(topic, expected, timeout)
        .await
        .into_iter()
        .map(|(key, payload)| {
            let event: TrackingEvent = serde_json::from_slice(&payload).expect("an event");
            (key.expect("a key"), event)
        })
        .collect()
}

/// The analytics consumer on `topic` in a group of its own, until the answered sender is
/// dropped or sent `true`.
pub fn run_analytics(
    env: &TestEnv,
    topic: &str,
    group: &str,
    settings: tracker::analytics::AnalyticsSettings,
) -> (watch::Sender<bool>, tokio::task::JoinHandle<()>) {
    let (stop, stopped) = watch::channel(false);
    let (pool, bus, topic, group) = (
        env.pool.clone(),
        env.bus.clone(),
        topic.to_string(),
        group.to_string(),
    );
    let task = tokio::spawn(async move {
        tracker::analytics::run_analytics(pool, bus, topic, group, settings, stopped)
            .await
            .expect("analytics consumer");
    });
    (stop, task)
}

/// Settings that refresh popular searches quickly.
pub fn quick_settings() -> tracker::analytics::AnalyticsSettings {
    tracker::analytics::AnalyticsSettings {
        popular_refresh: Duration::from_millis(200),
        ..Default::default()
    }
}
