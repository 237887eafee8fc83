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

use arbitre::escape::{cut, for_markup};
use arbitre::report::Unreadable;
use arbitre::Verdict;

use super::{located, Kept, Piece, Render, Run, Seen, Sink};

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

struct Renderer;

/// A failure of the spool, told as what it is (the temporary directory
/// cannot be written), not as a failure to write the output.
fn spooling(e: io::Error) -> io::Error {
    io::Error::new(
        e.kind(),
        format!("the JUnit cases cannot be kept in a temporary file (TMPDIR): {e}"),
    )
}

/// A file as Jenkins groups cases by it: its path without `.arb`, each
/// `/` a `.` (Jenkins cuts a class name at its last dot, so the folders
/// become packages and the file the class); the path itself stays in the
/// case's `file`, as GitLab reads it. A leading `/` or `./` names no
/// package: it is left out, so that no package is empty or `_`.
fn class_name(path: &str) -> String {
    let stem = path
        .strip_suffix(".arb")
        .or_else(|| path.strip_suffix(".ARB"))
        .unwrap_or(path);
    stem.split('/')
        .filter(|part| !part.is_empty() && *part != ".")
        .map(|part| part.replace('.', "_"))
        .collect::<Vec<_>>()
        .join(".")
}

/// A record as a CI server lists its case, beside the file its class
/// names: which record, who played it (else its event), and its line,
/// `record 2: Ana v Bo (line 41)`. Names from the header are cut and
/// escaped as a verdict line shows them.
fn case_name(seen: &Seen<'_>) -> String {
    let players = seen.report.players.as_ref().filter(|p| !p.0.is_empty());
    let who = match players {
        Some(players) => players
            .0
            .iter()
            .filter(|(_, name)| !name.trim().is_empty())
            .map(|(_, name)| cut(name).into_owned())
            .collect::<Vec<_>>()
            .join(" v "),
        None => {
            arbitre::dispatch::event_of(seen.record).map_or(String::new(), |e| cut(&e).into_owned())
        }
    };
    let (index, line) = (seen.report.index, seen.record.line);
    if who.is_empty() {
        format!("record {index} (line {line})")
    } else {
        format!("record {index}: {who} (line {line})")
    }
}

/// The record's tournament keys as property pairs (`tournament.round`,
/// `tournament.tags.NAME`), values cut as names are.
fn tournament_pairs(t: &arbitre::game::Tournament) -> Vec<(String, String)> {
    let number = |n: Option<u32>| n.map(|n| n.to_string());
    let mut pairs: Vec<(String, String)> = [
        ("event", t.event.clone()),
        ("date", t.date.clone()),
        ("round", number(t.round)),
        ("board", number(t.board)),
        ("site", t.site.clone()),
        ("time_control", t.time_control.clone()),
        ("referee", t.referee.clone()),
        ("annotator", t.annotator.clone()),
    ]
    .into_iter()
    .filter_map(|(name, value)| value.map(|v| (format!("tournament.{name}"), cut(&v).into_owned())))
    .collect();
    for (name, value) in t.tags.iter().flat_map(|tags| tags.0.iter()) {
        pairs.push((format!("tournament.tags.{name}"), cut(value).into_owned()));
    }
    pairs
}

fn case(path: &str, name: &str) -> String {
    format!(
        "    <testcase classname=\"{}\" name=\"{}\" file=\"{}\">\n",
        for_markup(&class_name(path)),
        for_markup(name),
        for_markup(path)
    )
}

/// A finished game's outcome as property pairs: how it ended (`end`), whether the board or the header
/// decided it (`decided`), who won, and after an adjudication the
/// referee's scores and the board's beside them. Nothing while the game
/// goes on.
fn outcome_pairs(report: &arbitre::RecordReport) -> Vec<(String, String)> {
    let Some(outcome) = &report.outcome else {
        return Vec::new();
    };
    let decided = match outcome.decided {
        arbitre::game::Decided::Board => "board",
        arbitre::game::Decided::OffBoard => "off-board",
    };
    let points = |scores: &arbitre::game::Scores| {
        scores
            .0
            .iter()
            .map(|(key, points)| format!("{key} {points}"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let mut pairs = vec![
        ("end".to_string(), outcome.end.to_string()),
        ("decided".to_string(), decided.to_string()),
        ("winners".to_string(), outcome.winners.join(" ")),
    ];
    if let Some(board) = &outcome.board_scores {
        pairs.push((
            "scores".to_string(),
            outcome.scores.as_ref().map_or(String::new(), points),
        ));
        pairs.push(("board_scores".to_string(), points(board)));
    }
    pairs
}

/// The case's one `<properties>` element: the outcome's and the
/// tournament's, named `arbitre.*`; nothing when there are none.
fn properties(report: &arbitre::RecordReport) -> String {
    let mut pairs = outcome_pairs(report);
    if let Some(tournament) = &report.tournament {
        pairs.extend(tournament_pairs(tournament));
    }
    if pairs.is_empty() {
        return String::new();
    }
    let mut out = String::from("      <properties>\n");
    for (name, value) in pairs {
        let _ = writeln!(
            out,
            "        <property name=\"arbitre.{}\" value=\"{}\"/>",
            for_markup(&name),
            for_markup(&value)
        );
    }
    out.push_str("      </properties>\n");
    out
}

impl Render for Renderer {
    fn render(&self, seen: &Seen<'_>) -> Piece {
        let report = seen.report;
        let mut case = case(seen.path, &case_name(seen));
        case.push_str(&properties(report));
        let mut kind = Kept::Nothing;
        let mut out_lines = String::new();
        for finding in located(seen, false) {
            let place = finding
                .region
                .map_or(String::new(), |r| format!("{}:{}: ", r.line, r.column));
            if finding.diagnostic {
                let element = if report.verdict == Verdict::Malformed {
                    kind = Kept::Error;
                    "error"
                } else {
                    kind = Kept::Failure;
                    "failure"
                };
                let mut body = format!("{place}{}", finding.message);
                if let Some(help) = &finding.help {
                    body.push('\n');
                    body.push_str(help);
                }
                let body: Vec<String> = body.lines().map(for_markup).collect();
                let _ = writeln!(
                    case,
                    "      <{element} type=\"{}\" message=\"{}\">{}</{element}>",
                    for_markup(finding.rule),
                    for_markup(&finding.message),
                    body.join("\n")
                );
            } else {
                let _ = writeln!(
                    out_lines,
                    "{place}warning[{}]: {}",
                    for_markup(finding.rule),
                    for_markup(&finding.message)
                );
            }
        }
        if matches!(kind, Kept::Nothing) && seen.fails {
            kind = Kept::Failure;
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
            kept: kind,
            brief: None,
        }
    }
}

impl Sink for Junit {
    fn renderer(&self) -> Box<dyn Render> {
        Box::new(Renderer)
    }

    fn record(&mut self, piece: Piece, _out: &mut dyn Write) -> io::Result<()> {
        match piece.kept {
            Kept::Failure => self.failures += 1,
            Kept::Error => self.errors += 1,
            Kept::Nothing | Kept::Line(_) => {}
        }
        self.tests += 1;
        self.cases
            .write_all(piece.text.as_bytes())
            .map_err(spooling)
    }

    fn unreadable(&mut self, path: &Unreadable, _out: &mut dyn Write) -> io::Result<()> {
        self.tests += 1;
        self.errors += 1;
        let message = for_markup(&format!("cannot read: {}", path.error));
        let case = case(&path.path, "unreadable");
        write!(
            self.cases,
            "{case}      <error type=\"unreadable\" message=\"{message}\">{message}</error>\n    </testcase>\n",
        )
        .map_err(spooling)
    }

    fn end(&mut self, run: &Run<'_>, out: &mut dyn Write) -> io::Result<()> {
        let counts = format!(
            "tests=\"{}\" failures=\"{}\" errors=\"{}\" skipped=\"0\"",
            self.tests, self.failures, self.errors
        );
        write!(
            out,
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"arbitre\" {counts}>\n  <testsuite name=\"arbitre\" {counts}>\n"
        )?;
        // What the walk left out unread, as the suite's properties (only
        // when there are any): the files were no test cases.
        let left_out = &run.tally.left_out;
        if !left_out.is_empty() {
            out.write_all(b"    <properties>\n")?;
            for (name, n) in [
                ("left_out", left_out.total()),
                ("left_out.hidden", left_out.hidden),
                ("left_out.ignored", left_out.ignored),
                ("left_out.excluded", left_out.excluded),
                ("left_out.unmatched", left_out.unmatched),
            ] {
                writeln!(
                    out,
                    "      <property name=\"arbitre.{name}\" value=\"{n}\"/>"
                )?;
            }
            out.write_all(b"    </properties>\n")?;
        }
        self.cases.seek(io::SeekFrom::Start(0)).map_err(spooling)?;
        io::copy(&mut self.cases, out)?;
        out.write_all(b"  </testsuite>\n</testsuites>\n")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_is_a_class_in_packages_of_its_folders() {
        assert_eq!(
            class_name("games/2026/club.night.arb"),
            "games.2026.club_night"
        );
        assert_eq!(class_name("/tmp/x.arb"), "tmp.x");
        assert_eq!(class_name("./games//a.ARB"), "games.a");
        assert_eq!(class_name("../a.arb"), "__.a");
        assert_eq!(class_name("-"), "-");
    }
    use arbitre::escape::for_terminal;
    use proptest::prelude::*;

    proptest! {
        /// Any text, in an attribute and in an element, keeps the document
        /// well formed, and reads back as people are shown it.
        #[test]
        fn any_text_stays_well_formed(text in any::<String>()) {
            let document = format!("<a b=\"{}\">{}</a>", for_markup(&text), for_markup(&text));
            let parsed = roxmltree::Document::parse(&document);
            prop_assert!(parsed.is_ok(), "{document:?}");
            let parsed = parsed.unwrap();
            let shown: String = for_terminal(&text)
                .chars()
                .map(|c| if matches!(c, '\u{fffe}' | '\u{ffff}') { '\u{fffd}' } else { c })
                .collect();
            let root = parsed.root_element();
            prop_assert_eq!(root.attribute("b"), Some(shown.as_str()));
            prop_assert_eq!(root.text().unwrap_or(""), shown.as_str());
        }
    }
}
