//! Everything a test binary logs, captured in memory (one global subscriber per binary, text
//! format as `serve` writes it).

use std::io::Write;
use std::sync::{Arc, Mutex, OnceLock};

static LOG: OnceLock<Arc<Mutex<Vec<u8>>>> = OnceLock::new();

/// Starts capturing with `filter` (an `EnvFilter` directive) on the first call; later calls
/// keep the first filter.
pub fn capture(filter: &str) {
    LOG.get_or_init(|| {
        let buffer = Arc::new(Mutex::new(Vec::new()));
        let writer = buffer.clone();
        tracing_subscriber::fmt()
            .with_env_filter(filter)
            .with_ansi(false)
            .with_writer(move || Capture(writer.clone()))
            .init();
        buffer
    });
}

struct Capture(Arc<Mutex<Vec<u8>>>);

impl Write for Capture {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// What was logged so far (nothing before [`capture`]).
pub fn text() -> String {
    LOG.get()
        .map(|log| String::from_utf8_lossy(&log.lock().unwrap()).to_string())
        .unwrap_or_default()
}
