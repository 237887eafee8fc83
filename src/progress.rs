//! The progress line of a long `check`: on standard error when it is a
//! terminal, once the batch has run a second, and never in pipes or in
//! machine output, where it would be noise in a file.

use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// How long a batch runs before its progress is drawn: a short one ends
/// before anyone looks.
const PATIENCE: Duration = Duration::from_secs(1);

/// The files and records of a batch checked so far.
pub struct Progress {
    /// `None` when no line may be drawn.
    bar: Option<ProgressBar>,
    started: Instant,
    drawn: bool,
    last_path: Option<String>,
    records: u64,
    failed: u64,
}

impl Progress {
    /// The progress of a batch of `files` files, drawn only when `wanted`
    /// and standard error is a terminal.
    pub fn new(files: usize, wanted: bool) -> Self {
        use std::io::IsTerminal;
        let bar = (wanted && std::io::stderr().is_terminal()).then(|| {
            let bar =
                ProgressBar::with_draw_target(Some(files as u64), ProgressDrawTarget::hidden());
            if let Ok(style) =
                ProgressStyle::with_template("{elapsed:>4} [{bar:30}] {pos}/{len} files, {msg}")
            {
                bar.set_style(style.progress_chars("=> "));
            }
            bar
        });
        Progress {
            bar,
            started: Instant::now(),
            drawn: false,
            last_path: None,
            records: 0,
            failed: 0,
        }
    }

    /// One more record of `path` checked.
    pub fn record(&mut self, path: &str, failed: bool) {
        self.records += 1;
        self.failed += u64::from(failed);
        if self.last_path.as_deref() != Some(path) {
            self.last_path = Some(path.to_string());
            self.file();
        }
        self.update();
    }

    /// One more file that could not be read.
    pub fn unreadable(&mut self) {
        self.failed += 1;
        self.last_path = None;
        self.file();
        self.update();
    }

    fn file(&self) {
        if let Some(bar) = &self.bar {
            bar.inc(1);
        }
    }

    fn update(&mut self) {
        let Some(bar) = &self.bar else { return };
        if !self.drawn && self.started.elapsed() >= PATIENCE {
            bar.set_draw_target(ProgressDrawTarget::stderr());
            self.drawn = true;
        }
        if self.drawn {
            bar.set_message(format!("{} records, {} failed", self.records, self.failed));
        }
    }

    /// Run `write` with the line out of the way, so that output to the same
    /// terminal does not mix with it.
    pub fn suspend<R>(&self, write: impl FnOnce() -> R) -> R {
        match &self.bar {
            Some(bar) if self.drawn => bar.suspend(write),
            _ => write(),
        }
    }

    /// Whether the line is on the terminal: output must then be flushed
    /// before it is drawn again.
    pub fn is_drawn(&self) -> bool {
        self.drawn
    }

    /// Clear the line for good, before the totals.
    pub fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}
