//! JUnit XML, as Jenkins, GitLab and most CI servers read test reports:
//! one test case per record, a `failure` for an illegal record, an `error`
//! for a malformed one or a path that could not be read.
//!
//! The suite's counts stand in its opening tag, before its cases, and are
//! known only at the end; the cases wait in a spooled temporary file
//! (memory up to [`IN_MEMORY`], then disk), so that memory stays bounded
//! by the record, not by the run.

use std::fmt::Write as _;
use std::io::{self, Seek, Write};

use arbitre::escape::escaped;
use arbitre::{Unreadable, Verdict};

use super::{findings, Piece, Render, Run, Seen, Sink};

/// The cases kept in memory before they go to a temporary file.
const IN_MEMORY: usize = 1 << 20;

pub struct Junit {
    cases: tempfile::SpooledTempFile,
    failures: usize,
    errors: usize,
    tests: usize,
}

impl Junit {
    pub fn new() -> Self {
        Junit {
            cases: tempfile::spooled_tempfile(IN_MEMORY),
            failures: 0,
            errors: 0,
            tests: 0,
        }
    }
}

/// Text as XML holds it in an attribute or an element: escaped for the
/// terminal first (no control character is left, which XML 1.0 forbids),
/// then the five markup characters; the two non-characters XML forbids too
/// become U+FFFD.
fn xml(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in escaped(text).chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            '\u{fffe}' | '\u{ffff}' => out.push('\u{fffd}'),
            c => out.push(c),
        }
    }
    out
}

struct Renderer;

/// What a case counts as, kept with its piece: a failure or an error
/// (a case that passed keeps nothing).
const FAILED: &str = "failure";
const ERROR: &str = "error";

impl Render for Renderer {
    fn render(&self, seen: &Seen<'_>) -> Piece {
        let report = seen.report;
        let name = format!("{}#{}", report.path, report.index);
        let mut case = format!(
            "    <testcase classname=\"{}\" name=\"{}\">\n",
            xml(seen.path),
            xml(&name)
        );
        let mut kind = None;
        let mut out_lines = String::new();
        for finding in findings(seen) {
            let place = finding
                .region
                .map_or(String::new(), |r| format!("{}:{}: ", r.line, r.column));
            if finding.error {
                let element = if report.verdict == Verdict::Malformed {
                    ERROR
                } else {
                    FAILED
                };
                kind = Some(element);
                let mut body = format!("{place}{}", finding.message);
                if let Some(help) = &finding.help {
                    body.push('\n');
                    body.push_str(help);
                }
                let body: Vec<String> = body.lines().map(xml).collect();
                let _ = writeln!(
                    case,
                    "      <{element} type=\"{}\" message=\"{}\">{}</{element}>",
                    xml(finding.rule),
                    xml(&finding.message),
                    body.join("\n")
                );
            } else {
                let _ = writeln!(
                    out_lines,
                    "{place}warning[{}]: {}",
                    xml(finding.rule),
                    xml(&finding.message)
                );
            }
        }
        if kind.is_none() && seen.fails {
            kind = Some(FAILED);
            let _ = writeln!(
                case,
                "      <failure type=\"warnings-denied\" message=\"{} warnings, and warnings are denied\"/>",
                report.warning_count()
            );
        }
        if !out_lines.is_empty() {
            let _ = writeln!(
                case,
                "      <system-out>{}</system-out>",
                out_lines.trim_end()
            );
        }
        case.push_str("    </testcase>\n");
        Piece {
            text: case,
            kept: kind.map(str::to_string),
        }
    }
}

impl Sink for Junit {
    fn renderer(&self) -> Box<dyn Render> {
        Box::new(Renderer)
    }

    fn record(&mut self, piece: Piece, _out: &mut dyn Write) -> io::Result<()> {
        match piece.kept.as_deref() {
            Some(FAILED) => self.failures += 1,
            Some(ERROR) => self.errors += 1,
            _ => {}
        }
        self.tests += 1;
        self.cases.write_all(piece.text.as_bytes())
    }

    fn unreadable(&mut self, path: &Unreadable, _out: &mut dyn Write) -> io::Result<()> {
        self.tests += 1;
        self.errors += 1;
        let message = format!("cannot read: {}", path.error);
        write!(
            self.cases,
            "    <testcase classname=\"{}\" name=\"{}\">\n      <error type=\"unreadable\" message=\"{}\">{}</error>\n    </testcase>\n",
            xml(&path.path),
            xml(&path.path),
            xml(&message),
            xml(&message)
        )
    }

    fn end(&mut self, _run: &Run<'_>, out: &mut dyn Write) -> io::Result<()> {
        let counts = format!(
            "tests=\"{}\" failures=\"{}\" errors=\"{}\" skipped=\"0\"",
            self.tests, self.failures, self.errors
        );
        write!(
            out,
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"arbitre\" {counts}>\n  <testsuite name=\"arbitre\" {counts}>\n"
        )?;
        self.cases.seek(io::SeekFrom::Start(0))?;
        io::copy(&mut self.cases, out)?;
        out.write_all(b"  </testsuite>\n</testsuites>\n")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// Any text, in an attribute and in an element, keeps the document
        /// well formed, and reads back as people are shown it.
        #[test]
        fn any_text_stays_well_formed(text in any::<String>()) {
            let document = format!("<a b=\"{}\">{}</a>", xml(&text), xml(&text));
            let parsed = roxmltree::Document::parse(&document);
            prop_assert!(parsed.is_ok(), "{document:?}");
            let parsed = parsed.unwrap();
            let shown: String = escaped(&text)
                .chars()
                .map(|c| if matches!(c, '\u{fffe}' | '\u{ffff}') { '\u{fffd}' } else { c })
                .collect();
            let root = parsed.root_element();
            prop_assert_eq!(root.attribute("b"), Some(shown.as_str()));
            prop_assert_eq!(root.text().unwrap_or(""), shown.as_str());
        }
    }
}
