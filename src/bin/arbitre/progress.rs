//! The progress line of a long `check`: on standard error when it is a
//! terminal, once the batch has run a second, and never in pipes, on a
//! `TERM=dumb` terminal or in machine output, where it would be noise.
//! It is drawn in the width every table and diagnostic is drawn in
//! ([`human::width`], from `COLUMNS` or standard error's own width).

use std::io;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle, TermLike};

use crate::draw;

/// How long a batch runs before its progress is drawn: a short one ends
/// before anyone looks.
const PATIENCE: Duration = Duration::from_secs(1);

/// The widest the bar itself is drawn; the counts take the rest.
const BAR: usize = 30;

/// Columns kept for the message (records and failures) beside the bar.
const MESSAGE: usize = 24;

/// The files and records of a batch checked so far.
pub struct Progress {
    /// `None` when no line may be drawn.
    bar: Option<ProgressBar>,
    /// Where the line goes once [`PATIENCE`] has passed.
    terminal: Option<Box<dyn TermLike>>,
    patience: Duration,
    started: Instant,
    drawn: bool,
    last_path: Option<String>,
    records: u64,
    failed: u64,
}

/// A terminal reporting the width arbitre draws in, not the one it finds
/// itself, so that the line fits what `COLUMNS` says, and a terminal
/// reporting zero columns gets the line all other output is drawn in.
#[derive(Debug)]
struct Fitted<T> {
    term: T,
    width: u16,
}

impl<T: TermLike> TermLike for Fitted<T> {
    fn width(&self) -> u16 {
        self.width
    }
    fn height(&self) -> u16 {
        self.term.height()
    }
    fn move_cursor_up(&self, n: usize) -> io::Result<()> {
        self.term.move_cursor_up(n)
    }
    fn move_cursor_down(&self, n: usize) -> io::Result<()> {
        self.term.move_cursor_down(n)
    }
    fn move_cursor_right(&self, n: usize) -> io::Result<()> {
        self.term.move_cursor_right(n)
    }
    fn move_cursor_left(&self, n: usize) -> io::Result<()> {
        self.term.move_cursor_left(n)
    }
    fn write_line(&self, s: &str) -> io::Result<()> {
        self.term.write_line(s)
    }
    fn write_str(&self, s: &str) -> io::Result<()> {
        self.term.write_str(s)
    }
    fn clear_line(&self) -> io::Result<()> {
        self.term.clear_line()
    }
    fn flush(&self) -> io::Result<()> {
        self.term.flush()
    }
}

/// The line's template for a batch of `files` files in `width` columns:
/// the bar shrinks, then goes, before the counts; the message is cut at
/// the edge.
fn template(files: usize, width: usize) -> String {
    let digits = files.to_string().len();
    // "00:00:05 " + "N/N files, ", then the message.
    let counts = 9 + 2 * digits + 1 + " files, ".len();
    let bar = width.saturating_sub(counts + MESSAGE + 3).min(BAR);
    if bar >= 5 {
        format!("{{elapsed_precise}} [{{bar:{bar}}}] {{pos}}/{{len}} files, {{wide_msg}}")
    } else {
        "{elapsed_precise} {pos}/{len} files, {wide_msg}".into()
    }
}

impl Progress {
    /// The progress of a batch of `files` files, drawn only when `wanted`
    /// and standard error is a terminal that can move its cursor.
    pub fn new(files: usize, wanted: bool) -> Self {
        use std::io::IsTerminal;
        let dumb = std::env::var_os("TERM").is_some_and(|t| t == "dumb");
        let terminal = (wanted && !dumb && std::io::stderr().is_terminal()).then(|| {
            let columns = std::env::var("COLUMNS").ok();
            let found = terminal_size::terminal_size_of(std::io::stderr()).map(|(w, _)| w.0);
            let term: Box<dyn TermLike> = Box::new(Fitted {
                term: console::Term::stderr(),
                width: fitted(draw::width(columns.as_deref(), found)),
            });
            term
        });
        Self::on(files, terminal, PATIENCE)
    }

    /// The progress of a batch, drawn on `terminal` once `patience` has
    /// passed.
    fn on(files: usize, terminal: Option<Box<dyn TermLike>>, patience: Duration) -> Self {
        let bar = terminal.as_ref().map(|term| {
            let bar =
                ProgressBar::with_draw_target(Some(files as u64), ProgressDrawTarget::hidden());
            let template = template(files, usize::from(term.width()));
            if let Ok(style) = ProgressStyle::with_template(&template) {
                bar.set_style(style.progress_chars("=> "));
            }
            bar
        });
        Progress {
            bar,
            terminal,
            patience,
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
        if !self.drawn && self.started.elapsed() >= self.patience {
            if let Some(term) = self.terminal.take() {
                bar.set_draw_target(ProgressDrawTarget::term_like(term));
                self.drawn = true;
            }
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

/// A width as a terminal reports it.
fn fitted(width: usize) -> u16 {
    u16::try_from(width).unwrap_or(u16::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::{Arc, Mutex};

    /// A terminal that keeps each text written on it.
    #[derive(Debug, Default, Clone)]
    struct Screen(Arc<Mutex<Vec<String>>>);

    impl TermLike for Screen {
        fn width(&self) -> u16 {
            // Told by `Fitted`, never asked.
            0
        }
        fn move_cursor_up(&self, _: usize) -> io::Result<()> {
            Ok(())
        }
        fn move_cursor_down(&self, _: usize) -> io::Result<()> {
            Ok(())
        }
        fn move_cursor_right(&self, _: usize) -> io::Result<()> {
            Ok(())
        }
        fn move_cursor_left(&self, _: usize) -> io::Result<()> {
            Ok(())
        }
        fn write_line(&self, s: &str) -> io::Result<()> {
            self.write_str(s)
        }
        fn write_str(&self, s: &str) -> io::Result<()> {
            if let Ok(mut kept) = self.0.lock() {
                kept.push(s.to_string());
            }
            Ok(())
        }
        fn clear_line(&self) -> io::Result<()> {
            Ok(())
        }
        fn flush(&self) -> io::Result<()> {
            Ok(())
        }
    }

    /// The lines drawn for a batch of `files` files, all checked, with
    /// `records` records, a third failed, in `width` columns: the last
    /// line is the batch's end.
    fn drawn(files: usize, records: u64, width: usize) -> Vec<String> {
        let screen = Screen::default();
        let term = Fitted {
            term: screen.clone(),
            width: fitted(width),
        };
        let mut progress = Progress::on(files, Some(Box::new(term)), Duration::ZERO);
        for _ in 1..files {
            progress.unreadable();
        }
        progress.records = records - 1;
        progress.failed = records / 3 - 1;
        progress.record("last.arb", true);
        if let Some(bar) = &progress.bar {
            bar.tick();
        }
        let kept = screen.0.lock().map(|s| s.clone()).unwrap_or_default();
        kept.into_iter().filter(|l| !l.trim().is_empty()).collect()
    }

    #[test]
    fn the_line_fits_the_width_drawn_in() {
        for width in [40, 60, 80, 100, 200] {
            for (files, records) in [(3, 7), (12_000, 987_654_321)] {
                let lines = drawn(files, records, width);
                assert!(!lines.is_empty(), "{width} columns: nothing drawn");
                for line in &lines {
                    let columns = console::measure_text_width(line);
                    assert!(columns <= width, "{width} columns, {columns}: {line:?}");
                }
                let end = lines.last().map_or("", String::as_str);
                assert!(end.contains(&format!("{files}/{files} files")), "{end:?}");
            }
        }
    }

    #[test]
    fn the_bar_shrinks_then_goes_before_the_counts() {
        let end = |width| drawn(12, 40, width).pop().unwrap_or_default();
        let bar = |width| end(width).contains('[');
        assert!(bar(100) && bar(70));
        assert!(!bar(40));
        let wide = end(200);
        assert!(wide.contains(&format!("[{}]", "=".repeat(BAR))), "{wide}");
        assert!(wide.contains("40 records, 13 failed"), "{wide}");
    }
}
