//! GitHub Actions workflow commands: each finding an annotation on the
//! file and line (`::error file=...,line=...,col=...,endColumn=...,
//! title=RULE::message`), warnings as `::warning`.
//!
//! The runner reads every line of the job's output that starts with `::`
//! as a command, so nothing from a record may start a line or end a value:
//! its text is escaped for the terminal first (no control character, no
//! newline is left), then as the runner expects (`%`, and in values `:`
//! and `,`, by their percent codes). A path in `file=` keeps its CR and
//! LF, by those codes, so that the runner finds the file. The help lines
//! of a diagnostic are joined by the runner's own escaped newline. What
//! goes to standard error beside it is kept from the commands' older
//! form, `##[...]`.

use std::fmt::Write as _;
use std::io::{self, Write};

use arbitre::escape::for_terminal;
use arbitre::report::Unreadable;
use arbitre::words::counted;

use super::{located, Options, Piece, Render, Run, Seen, Sink};
use crate::cli::Warnings;

#[derive(Clone, Copy)]
pub struct Github {
    /// Warnings are written (`--warnings show`).
    warnings: bool,
    deny_warnings: bool,
}

impl Github {
    pub fn new(options: Options) -> Self {
        Github {
            warnings: options.warnings == Warnings::Show,
            deny_warnings: options.deny_warnings,
        }
    }
}

/// A message as the runner reads it: `%`, CR and LF by their codes.
fn data(text: &str) -> String {
    for_terminal(text)
        .replace('%', "%25")
        .replace('\r', "%0D")
        .replace('\n', "%0A")
}

/// A property value (`file=`, `title=`): `:` and `,` too, which end it.
fn property(text: &str) -> String {
    data(text).replace(':', "%3A").replace(',', "%2C")
}

/// A path as `file=` holds it: the path itself, so that the runner finds
/// the file, with CR and LF by the codes it reads back rather than shown
/// as `\r` and `\n` (no file has those names); every other character a
/// terminal would act on or draw as nothing is shown escaped still, as
/// the runner has no code for it.
fn file(path: &str) -> String {
    let mut out = String::with_capacity(path.len());
    let mut from = 0;
    for (at, end) in path.match_indices(['\r', '\n']) {
        out.push_str(&property(&path[from..at]));
        out.push_str(if end == "\r" { "%0D" } else { "%0A" });
        from = at + 1;
    }
    out.push_str(&property(&path[from..]));
    out
}

/// The annotation's place: `file=`, and its lines and columns. Unnamed
/// standard input is no file of the repository: the annotation is then on
/// the run, its place in the message.
fn place(path: &str, region: Option<arbitre::report::Region>) -> String {
    if path == "-" {
        return String::new();
    }
    let mut out = format!(" file={}", file(path));
    match region {
        // The runner keeps columns only on a one-line annotation.
        Some(r) if r.end_line != r.line => {
            let _ = write!(out, ",line={},endLine={}", r.line, r.end_line);
        }
        Some(r) => {
            let _ = write!(out, ",line={},col={}", r.line, r.column);
            if r.end_column > r.column + 1 {
                // The column of the last character: GitHub marks
                // `col` to `endColumn`, both included.
                let _ = write!(out, ",endColumn={}", r.end_column - 1);
            }
        }
        None => {}
    }
    out
}

impl Render for Github {
    fn render(&self, seen: &Seen<'_>) -> Piece {
        let mut out = String::new();
        for finding in located(seen, self.deny_warnings) {
            if !finding.diagnostic && !self.warnings {
                continue;
            }
            let command = if finding.error { "error" } else { "warning" };
            let mut place = place(seen.path, finding.region);
            if !place.is_empty() {
                place.push(',');
            } else {
                place.push(' ');
            }
            let _ = write!(out, "::{command}{place}");
            let mut message = data(&finding.message);
            for line in finding.help.iter().flat_map(|h| h.lines()) {
                message.push_str("%0A");
                message.push_str(&data(line));
            }
            let _ = writeln!(out, "title={}::{message}", property(finding.rule));
        }
        out.into()
    }
}

impl Sink for Github {
    fn renderer(&self) -> Box<dyn Render> {
        Box::new(*self)
    }

    fn unreadable(&mut self, path: &Unreadable, out: &mut dyn Write) -> io::Result<()> {
        let place = place(&path.path, None);
        writeln!(
            out,
            "::error{place}{}title=unreadable::cannot read: {}",
            if place.is_empty() { " " } else { "," },
            data(&path.error)
        )
    }

    /// The runner also reads `##[command]` anywhere in a line of standard
    /// error, the commands' older form: a path quoted there must not hold
    /// it whole.
    fn stderr_line(&self, line: String) -> String {
        line.replace("##[", "#%23[")
    }

    /// The totals, as a notice on the run.
    fn end(&mut self, run: &Run<'_>, out: &mut dyn Write) -> io::Result<()> {
        let t = run.tally;
        let left_out = if t.left_out.is_empty() {
            String::new()
        } else {
            format!(
                ", {} left out ({})",
                t.left_out.total(),
                data(&t.left_out.to_string())
            )
        };
        writeln!(
            out,
            "::notice title=arbitre::{} checked: {} legal, {} illegal, {} malformed, {} unreadable, {}{left_out}",
            counted(t.records as u64, "record", "records"),
            t.legal,
            t.illegal,
            t.malformed,
            t.unreadable,
            counted(t.warnings as u64, "warning", "warnings")
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// What the runner reads back from a value.
    fn decoded(text: &str) -> String {
        text.replace("%0D", "\r")
            .replace("%0A", "\n")
            .replace("%3A", ":")
            .replace("%2C", ",")
            .replace("%25", "%")
    }

    proptest! {
        /// No text ends a value or a line early, and the runner reads back
        /// the text as people are shown it.
        #[test]
        fn values_hold_any_text_whole(text in any::<String>()) {
            let value = property(&text);
            prop_assert!(!value.contains([':', ',', '\n', '\r']), "{value:?}");
            let message = data(&text);
            prop_assert!(!message.contains(['\n', '\r']), "{message:?}");
            prop_assert_eq!(decoded(&value), for_terminal(&text).into_owned());
            prop_assert_eq!(decoded(&message), for_terminal(&text).into_owned());
        }

        /// A path is read back whole, its line ends included; no character
        /// a terminal acts on is written raw.
        #[test]
        fn a_file_is_read_back_as_the_path(text in any::<String>()) {
            let value = file(&text);
            prop_assert!(!value.contains([':', ',', '\n', '\r']), "{value:?}");
            prop_assert_eq!(arbitre::escape::first_unshown(&value, false), None);
            let shown: String = text
                .chars()
                .map(|c| match c {
                    '\n' | '\r' => c.to_string(),
                    c => for_terminal(c.encode_utf8(&mut [0; 4])).into_owned(),
                })
                .collect();
            prop_assert_eq!(decoded(&value), shown);
        }
    }

    #[test]
    fn a_path_with_a_line_end_is_the_file_s() {
        assert_eq!(file("a\nb,c:d%.arb"), "a%0Ab%2Cc%3Ad%25.arb");
        assert_eq!(file("a\r\n\u{1b}\u{200b}.arb"), "a%0D%0A\\e\\u{200b}.arb");
        assert_eq!(decoded(&file("dir/new\nline.arb")), "dir/new\nline.arb");
    }
}
