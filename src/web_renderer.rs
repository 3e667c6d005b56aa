//! Where `serve` finds the web renderer that renders the shoppers' pages (`SSR`, `SSR_URL`,
//! `SSR_SCRIPT`, `SSR_NODE`; `app::ssr` calls it): a running one at `SSR_URL`, or one it
//! starts itself as a child process, `node web/dist-ssr/render.js`, that lives and dies with
//! the server.

use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::sync::Arc;
use std::time::Duration;

use tokio::io::{AsyncBufReadExt, BufReader};
use tokio::sync::watch;

use crate::app::ssr::Renderer;
use crate::config::{setting_error, SettingError};

/// How long a started renderer has to say it listens.
pub const START_TIMEOUT: Duration = Duration::from_secs(15);
/// The wait before a renderer that stopped is started again.
pub const RESTART_DELAY: Duration = Duration::from_secs(5);
/// What the renderer prints once it listens, before its address.
pub const LISTENING: &str = "Web renderer listening on ";

/// Where the web renderer is, as the settings say.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Source {
    /// `SSR=off`: every page is the shell.
    Off,
    /// `SSR_URL`: a renderer that runs on its own.
    Url(String),
    /// `SSR=auto` without `SSR_URL`: `node SCRIPT`, started by `serve` when the script exists.
    Child { node: String, script: PathBuf },
}

/// The renderer's settings as `serve` reads them.
#[derive(Debug, Clone)]
pub struct SsrSettings {
    pub source: Source,
    /// Where the renderer calls the store's API (`SSR_API_URL`); none: this server's own
    /// address.
    pub api_url: Option<String>,
    /// How long a page waits for its render (`SSR_TIMEOUT_MS`).
    pub timeout: Duration,
}

impl SsrSettings {
    /// The settings from their values: `mode` is `auto` or `off`; URLs must be http(s).
    pub fn parse(
        mode: &str,
        url: Option<&str>,
        script: Option<&Path>,
        node: &str,
        web_dir: &Path,
        api_url: Option<&str>,
        timeout_ms: u64,
    ) -> Result<Self, SettingError> {
        let set = |v: Option<&str>| v.map(str::trim).filter(|v| !v.is_empty()).map(String::from);
        let http = |name: &'static str, v: Option<String>| match v {
            Some(v) if !(v.starts_with("http://") || v.starts_with("https://")) => {
                Err(setting_error(name, "must start with http:// or https://"))
            }
            v => Ok(v.map(|v| v.trim_end_matches('/').to_string())),
        };
        let url = http("SSR_URL", set(url))?;
        let api_url = http("SSR_API_URL", set(api_url))?;
        let source = match mode.trim() {
            "off" => Source::Off,
            "auto" | "" => match url {
                Some(url) => Source::Url(url),
                None => Source::Child {
                    node: set(Some(node)).unwrap_or_else(|| "node".into()),
                    script: script
                        .map(Path::to_path_buf)
                        .unwrap_or_else(|| default_script(web_dir)),
                },
            },
            other => {
                return Err(setting_error(
                    "SSR",
                    format!("'{other}' is neither auto nor off"),
                ))
            }
        };
        if timeout_ms == 0 {
            return Err(setting_error("SSR_TIMEOUT_MS", "must be at least 1"));
        }
        Ok(Self {
            source,
            api_url,
            timeout: Duration::from_millis(timeout_ms),
        })
    }
}

/// `dist-ssr/render.js` beside the web build (`WEB_DIR/../dist-ssr/render.js`).
pub fn default_script(web_dir: &Path) -> PathBuf {
    web_dir.join("..").join("dist-ssr").join("render.js")
}

/// The store's API as the renderer reaches it when it runs beside this server: its own
/// address, on the loopback interface when it listens on every interface.
pub fn own_api_url(address: std::net::SocketAddr) -> String {
    let ip = match address.ip() {
        std::net::IpAddr::V4(ip) if ip.is_unspecified() => std::net::Ipv4Addr::LOCALHOST.into(),
        std::net::IpAddr::V6(ip) if ip.is_unspecified() => std::net::Ipv6Addr::LOCALHOST.into(),
        ip => ip,
    };
    format!("http://{}", std::net::SocketAddr::new(ip, address.port()))
}

/// The port in the renderer's 'listening' line.
pub fn listening_port(line: &str) -> Option<u16> {
    let url = line.trim().strip_prefix(LISTENING)?;
    url.trim_end_matches('/').rsplit(':').next()?.parse().ok()
}

/// Runs the renderer `node script` as a child of this process until `stop`: waits up to
/// [`START_TIMEOUT`] for it to listen, then gives `renderer` its address. The child's later
/// output goes to this log (stdout at info, stderr at warn); a child that stops is started
/// again after [`RESTART_DELAY`]. A missing script, or a `node` that does not start or never
/// listens, leaves pages as the shell (logged once). The child is killed at `stop`, and
/// when this task is dropped (`kill_on_drop`).
pub async fn run_child(
    renderer: Arc<Renderer>,
    node: String,
    script: PathBuf,
    web_dir: PathBuf,
    mut stop: watch::Receiver<bool>,
) {
    if !script.is_file() {
        tracing::info!(
            script = %script.display(),
            "no web renderer built: pages are served as the shell and render in the browser"
        );
        return;
    }
    loop {
        let mut child = match spawn(&node, &script, &web_dir) {
            Ok(child) => child,
            Err(e) => {
                tracing::warn!(
                    node = %node, error = %e,
                    "the web renderer could not be started: pages are served as the shell"
                );
                return;
            }
        };
        if let Some(stderr) = child.stderr.take() {
            tokio::spawn(async move {
                let mut lines = BufReader::new(stderr).lines();
                while let Ok(Some(line)) = lines.next_line().await {
                    tracing::warn!(target: "web_renderer", "{line}");
                }
            });
        }
        let Some(stdout) = child.stdout.take() else {
            return;
        };
        let mut lines = BufReader::new(stdout).lines();
        let listening = async {
            while let Ok(Some(line)) = lines.next_line().await {
                match listening_port(&line) {
                    Some(port) => return Some(port),
                    None => tracing::info!(target: "web_renderer", "{line}"),
                }
            }
            None
        };
        let port = tokio::select! {
            port = tokio::time::timeout(START_TIMEOUT, listening) => port,
            _ = stop.changed() => {
                let _ = child.kill().await;
                return;
            }
        };
        let Ok(Some(port)) = port else {
            let _ = child.kill().await;
            tracing::warn!(
                script = %script.display(),
                "the web renderer did not say it listens within {START_TIMEOUT:?}: pages are served as the shell"
            );
            return;
        };
        let url = format!("http://127.0.0.1:{port}");
        renderer.set_base(Some(url.clone()));
        tracing::info!(%url, pid = child.id(), "web renderer started");
        loop {
            tokio::select! {
                line = lines.next_line() => match line {
                    Ok(Some(line)) => tracing::info!(target: "web_renderer", "{line}"),
                    // Its stdout closed: it is stopping; wait for it below.
                    _ => break,
                },
                _ = stop.changed() => {
                    renderer.set_base(None);
                    let _ = child.kill().await;
                    return;
                }
            }
        }
        let status = tokio::select! {
            status = child.wait() => status,
            _ = stop.changed() => {
                renderer.set_base(None);
                let _ = child.kill().await;
                return;
            }
        };
        renderer.set_base(None);
        tracing::warn!(
            status = ?status.ok(),
            "the web renderer stopped: pages are served as the shell until it is started again in {RESTART_DELAY:?}"
        );
        tokio::select! {
            _ = tokio::time::sleep(RESTART_DELAY) => {}
            _ = stop.changed() => return,
        }
    }
}

/// `node script` with none of this process's secrets in its environment: only what Node
/// and the system need, the renderer's own settings (`SSR_DEBUG`: log a failed page's stack)
/// and any `NODE_*` variable.
fn spawn(node: &str, script: &Path, web_dir: &Path) -> std::io::Result<tokio::process::Child> {
    let mut command = tokio::process::Command::new(node);
    command.arg(script).env_clear();
    for (name, value) in std::env::vars_os() {
        let keep = name.to_str().is_some_and(|n| {
            matches!(
                n,
                "PATH" | "HOME" | "TMPDIR" | "LANG" | "LC_ALL" | "TZ" | "SSR_DEBUG"
            ) || n.starts_with("NODE_")
        });
        if keep {
            command.env(name, value);
        }
    }
    command
        .env("SSR_HOST", "127.0.0.1")
        .env("SSR_PORT", "0")
        .env("WEB_DIR", web_dir)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .kill_on_drop(true)
        .spawn()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(
        mode: &str,
        url: Option<&str>,
        api: Option<&str>,
    ) -> Result<SsrSettings, SettingError> {
        SsrSettings::parse(mode, url, None, "node", Path::new("web/dist"), api, 2000)
    }

    #[test]
    fn the_settings_choose_off_a_url_or_a_child() {
        assert_eq!(
            parse("off", Some("http://web:3001"), None).unwrap().source,
            Source::Off
        );
        assert_eq!(
            parse("auto", Some("http://web:3001/"), None)
                .unwrap()
                .source,
            Source::Url("http://web:3001".into())
        );
        assert_eq!(
            parse("auto", Some(" "), None).unwrap().source,
            Source::Child {
                node: "node".into(),
                script: PathBuf::from("web/dist/../dist-ssr/render.js")
            }
        );
        assert_eq!(parse("on", None, None).unwrap_err().setting, "SSR");
        assert_eq!(
            parse("auto", Some("web:3001"), None).unwrap_err().setting,
            "SSR_URL"
        );
        assert_eq!(
            parse("auto", None, Some("query:80")).unwrap_err().setting,
            "SSR_API_URL"
        );
        let settings = parse("auto", None, Some("http://query/")).unwrap();
        assert_eq!(settings.api_url.as_deref(), Some("http://query"));
        assert_eq!(settings.timeout, Duration::from_secs(2));
    }

    #[test]
    fn the_own_api_url_is_reachable_from_this_machine() {
        let url = |a: &str| own_api_url(a.parse().unwrap());
        assert_eq!(url("0.0.0.0:8080"), "http://127.0.0.1:8080");
        assert_eq!(url("127.0.0.1:43123"), "http://127.0.0.1:43123");
        assert_eq!(url("10.1.2.3:8080"), "http://10.1.2.3:8080");
        assert_eq!(url("[::]:8080"), "http://[::1]:8080");
    }

    #[test]
    fn the_port_is_read_from_the_listening_line() {
        assert_eq!(
            listening_port("Web renderer listening on http://127.0.0.1:41234"),
            Some(41234)
        );
        assert_eq!(
            listening_port("Web renderer listening on http://127.0.0.1:3001/\n"),
            Some(3001)
        );
        assert_eq!(listening_port("compiling…"), None);
        assert_eq!(listening_port("Web renderer listening on soon"), None);
    }
}
