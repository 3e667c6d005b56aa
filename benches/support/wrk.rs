//! `wrk` (Debian's package) over loopback: requests/s, latency percentiles and errors.
#![allow(dead_code)]

use std::process::Command;

pub struct WrkRun {
    pub requests: u64,
    pub per_second: f64,
    pub p50_ms: f64,
    pub p99_ms: f64,
    pub errors: u64,
}

pub fn env(name: &str, default: &str) -> String {
    std::env::var(name).unwrap_or_else(|_| default.to_string())
}

/// "1.23ms", "850.00us", "1.02s" in milliseconds.
pub fn millis(text: &str) -> f64 {
    let (number, unit) = text
        .find(|c: char| c.is_ascii_alphabetic())
        .map(|i| text.split_at(i))
        .unwrap_or((text, "ms"));
    let n: f64 = number.parse().unwrap_or(f64::NAN);
    match unit {
        "us" => n / 1000.0,
        "s" => n * 1000.0,
        "m" => n * 60_000.0,
        _ => n,
    }
}

/// Writes a wrk script whose `request` function is `body` (Lua), with `tid` (the thread's
/// number) and `counter` (requests so far on the thread) for unique values; answers its path.
pub fn lua_script(name: &str, prelude: &str, body: &str) -> std::path::PathBuf {
    let lua = format!(
        r#"{prelude}
local threads = 0
function setup(thread)
  threads = threads + 1
  thread:set("tid", threads)
end
function init(args)
  counter = 0
end
request = function()
  counter = counter + 1
{body}
end
"#
    );
    let path = std::env::temp_dir().join(format!("{name}-{}.lua", std::process::id()));
    std::fs::write(&path, lua).unwrap();
    path
}

pub fn wrk(url: &str, script: Option<&std::path::Path>, seconds: u64) -> WrkRun {
    wrk_with(url, script, seconds, &[])
}

/// [`wrk`] with extra request headers (`Name: value`).
pub fn wrk_with(
    url: &str,
    script: Option<&std::path::Path>,
    seconds: u64,
    headers: &[&str],
) -> WrkRun {
    let connections = env("BENCH_CONNECTIONS", "32");
    let threads = env("BENCH_THREADS", "2");
    let mut command = Command::new("wrk");
    command.args([
        "-t",
        &threads,
        "-c",
        &connections,
        "-d",
        &format!("{seconds}s"),
        "--latency",
    ]);
    if let Some(script) = script {
        command.arg("-s").arg(script);
    }
    for header in headers {
        command.arg("-H").arg(header);
    }
    let output = command
        .arg(url)
        .output()
        .expect("wrk runs (apt-get install wrk)");
    let text = String::from_utf8_lossy(&output.stdout).to_string();
    assert!(output.status.success(), "wrk failed: {text}");
    let field = |prefix: &str| -> Option<String> {
        text.lines()
            .map(str::trim)
            .find(|l| l.starts_with(prefix))
            .map(|l| l[prefix.len()..].trim().to_string())
    };
    let requests = text
        .lines()
        .find(|l| l.contains(" requests in "))
        .and_then(|l| l.split_whitespace().next())
        .and_then(|n| n.parse().ok())
        .unwrap_or(0);
    let errors = field("Non-2xx or 3xx responses:")
        .and_then(|n| n.parse().ok())
        .unwrap_or(0)
        + field("Socket errors:")
            .map(|l| {
                l.split(',')
                    .filter_map(|p| p.split_whitespace().last()?.parse::<u64>().ok())
                    .sum()
            })
            .unwrap_or(0);
    WrkRun {
        requests,
        per_second: field("Requests/sec:")
            .and_then(|n| n.parse().ok())
            .unwrap_or(0.0),
        p50_ms: field("50%").map(|v| millis(&v)).unwrap_or(f64::NAN),
        p99_ms: field("99%").map(|v| millis(&v)).unwrap_or(f64::NAN),
        errors,
    }
}
