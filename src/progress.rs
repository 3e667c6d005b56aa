//! Progress bars for long CLI work (seed, import, rebuild). They draw on a terminal and fall
//! back to a log line every few seconds when stderr is not one (CI, pipes).

use std::sync::Mutex;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

pub struct Progress {
    bar: ProgressBar,
    label: String,
    last_log: Mutex<Instant>,
    interactive: bool,
}

impl Progress {
    pub fn new(label: &str, total: u64) -> Self {
        let interactive = std::io::IsTerminal::is_terminal(&std::io::stderr());
        let bar = ProgressBar::with_draw_target(
            Some(total),
            if interactive {
                ProgressDrawTarget::stderr()
            } else {
                ProgressDrawTarget::hidden()
            },
        );
        bar.set_style(
            ProgressStyle::with_template(
                "{msg:>12} [{bar:40}] {human_pos}/{human_len} ({per_sec}, eta {eta})",
            )
            .expect("valid template")
            .progress_chars("=> "),
        );
        bar.set_message(label.to_string());
        eprintln!("{label}: {total} to do");
        Self {
            bar,
            label: label.to_string(),
            last_log: Mutex::new(Instant::now()),
            interactive,
        }
    }

    pub fn set_total(&self, total: u64) {
        self.bar.set_length(total);
    }

    pub fn set(&self, done: u64) {
        self.bar.set_position(done);
        self.log_now_and_then();
    }

    pub fn inc(&self, n: u64) {
        self.bar.inc(n);
        self.log_now_and_then();
    }

    fn log_now_and_then(&self) {
        if self.interactive {
            return;
        }
        let mut last = self.last_log.lock().expect("progress lock");
        if last.elapsed() >= Duration::from_secs(3) {
            *last = Instant::now();
            eprintln!(
                "{}: {}/{}",
                self.label,
                self.bar.position(),
                self.bar.length().unwrap_or(0)
            );
        }
    }

    pub fn finish(&self) {
        self.bar.finish_and_clear();
        eprintln!(
            "{}: done, {} in {:.1}s",
            self.label,
            self.bar.position(),
            self.bar.elapsed().as_secs_f64()
        );
    }
}
