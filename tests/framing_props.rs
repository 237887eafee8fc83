//! No record is ever lost: for any file, junk inserted before, between or
//! inside records never changes the verdicts of the records framed after
//! the junk's next `---` line. Their texts are the same, so their verdicts
//! are, with diagnostics as many lines further down as the junk is long.
//! And a broken delimiter costs one record (rulings of 2026-12-05): a
//! header closed by `----` or `-- -`, or a byte-order mark before a `---`
//! line, changes no other record's verdict.

use arbitre::{check_str, Reader, RecordReport, Switches, Verdict};
use proptest::prelude::*;

/// Records of every verdict, with delimiters of every form.
fn record() -> impl Strategy<Value = String> {
    parts().prop_map(|parts| parts.text())
}

/// A record's lines: opening, header, closing, movetext, and its line end.
#[derive(Clone, Debug)]
struct Parts {
    open: String,
    header: &'static str,
    close: String,
    movetext: &'static str,
    crlf: bool,
}

impl Parts {
    fn text(&self) -> String {
        let text = format!(
            "{}\n{}{}\n{}",
            self.open, self.header, self.close, self.movetext
        );
        if self.crlf {
            text.replace('\n', "\r\n")
        } else {
            text
        }
    }
}

fn parts() -> impl Strategy<Value = Parts> {
    let open = prop::sample::select(vec!["---", "--- # round", "---\t# x", "--- ", "---  #"]);
    let close = prop::sample::select(vec!["---", "--- # moves", "---\t"]);
    let header = prop::sample::select(vec![
        "game: simpei\n",
        "game: simpei\nevent: Round 2 # a comment\n",
        "game: puluc\n",
        "game: superpion\n",
        "game: simpie\n",
        "",
    ]);
    let movetext = prop::sample::select(vec![
        "1. c3 c1 2. a7 g5 3. a5 e3\n",
        "1. e5 d4 2. c5 d4\n",
        "c3 { open\n",
        "1. zz\n",
        "",
        "; a comment\n",
    ]);
    let crlf = any::<bool>();
    (open, close, header, movetext, crlf).prop_map(|(open, close, header, movetext, crlf)| Parts {
        open: open.to_string(),
        header,
        close: close.to_string(),
        movetext,
        crlf,
    })
}

/// Lines that are no `---` line: titles, stray notation, comments open or
/// closed, YAML, dashes with text after them. No `game:` line: junk that
/// makes a record's movetext a header opens a record at the `---` line
/// before it, as a header whose closing line is mistyped does.
fn junk() -> impl Strategy<Value = String> {
    let line = prop::sample::select(vec![
        "Tournament games 2026",
        "# games",
        "; a comment",
        "{ open",
        "}",
        "{ a } b",
        "",
        "c3 d4",
        "event: simpei",
        "--- x",
        "---x",
        "---# x",
        "-- -",
        "é",
        "\u{feff}",
    ]);
    prop::collection::vec(line, 1..4)
        .prop_map(|lines| lines.iter().map(|l| format!("{l}\n")).collect::<String>())
}

/// What a verdict is, without where: the parts junk before a record must
/// not change.
fn verdict(report: &RecordReport, shift: usize) -> String {
    let diagnostic = report.diagnostic.as_ref().map(|d| {
        (
            d.rule.clone(),
            d.message.clone(),
            d.line - shift,
            d.column,
            d.length,
            d.turn_index,
        )
    });
    format!(
        "{:?} {:?} {} {:?} {:?} {:?} {:?}",
        report.verdict,
        diagnostic,
        report.turns,
        report.status,
        report.winner,
        report.to_move,
        report.game
    )
}

/// What a record of text before the first `---` is told.
const STRAY: &str = "a record must start with a line `---`";

/// Each record's offset in the text, as the reader frames it.
fn offsets(text: &str) -> Vec<usize> {
    Reader::new(text.as_bytes())
        .filter_map(Result::ok)
        .map(|r| r.offset)
        .collect()
}

/// Where each line starts, and the end of the text.
fn line_starts(text: &str) -> Vec<usize> {
    let mut starts = vec![0];
    starts.extend(text.match_indices('\n').map(|(i, _)| i + 1));
    if starts.last() == Some(&text.len()) {
        starts.pop();
    }
    starts.push(text.len());
    starts
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn junk_never_changes_the_records_after_its_next_delimiter(
        preamble in prop::option::of(junk()),
        records in prop::collection::vec(record(), 1..5),
        junk in junk(),
        at in any::<prop::sample::Index>(),
    ) {
        let text = format!("{}{}", preamble.unwrap_or_default(), records.concat());
        let starts = line_starts(&text);
        let at = starts[at.index(starts.len())];
        let changed = format!("{}{junk}{}", &text[..at], &text[at..]);
        let shift = junk.matches('\n').count();

        let before = check_str("a.arb", &text, &Switches::new());
        let after = check_str("a.arb", &changed, &Switches::new());
        let (before_at, after_at) = (offsets(&text), offsets(&changed));
        prop_assert_eq!(before.len(), before_at.len());
        prop_assert_eq!(after.len(), after_at.len());
        // At most one record more or less: junk before the first `---` may
        // make it stray text, or close the `{` that made it stray.
        prop_assert!(after.len().abs_diff(before.len()) <= 1);

        // The records after the junk's next `---` line: those that start at
        // a `---` line at or after it (a stray record before the first
        // `---` starts at its text, and the junk may join it).
        let framed = |report: &RecordReport| {
            report.diagnostic.as_ref().is_none_or(|d| d.message != STRAY)
        };
        let mut checked = 0;
        for (report, &offset) in before.iter().zip(&before_at) {
            if offset < at || !framed(report) {
                continue;
            }
            let moved = offset + junk.len();
            let index = after_at.iter().position(|&o| o == moved);
            prop_assert!(index.is_some(), "the record at {} is lost in {:?}", offset, changed);
            let twin = &after[index.unwrap_or_default()];
            prop_assert_eq!(verdict(report, 0), verdict(twin, shift), "{:?}\n{:?}", text, changed);
            checked += 1;
        }
        // Every `---`-framed record after the junk was found again.
        let framed_after = after
            .iter()
            .zip(&after_at)
            .filter(|&(r, &o)| o >= at + junk.len() && framed(r))
            .count();
        prop_assert_eq!(checked, framed_after);
    }
}

/// A verdict without where its diagnostic ends on its line: a byte-order
/// mark before a `---` line belongs to the marker a header error points at.
fn verdict_in_line(report: &RecordReport) -> String {
    let diagnostic = report
        .diagnostic
        .as_ref()
        .map(|d| (d.rule.clone(), d.message.clone(), d.line));
    format!("{:?} {:?} {}", report.verdict, diagnostic, report.turns)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// A slip in one record's delimiters: its closing line mistyped, or a
    /// byte-order mark before its opening line (files joined with `cat`).
    /// The mistyped record is malformed, and swallows the next record only
    /// when that one's header is no header either (the ruling); every other
    /// record keeps its verdict, on the same lines.
    #[test]
    fn a_broken_delimiter_costs_one_record(
        records in prop::collection::vec(parts(), 1..5),
        at in any::<prop::sample::Index>(),
        slip in prop::sample::select(vec!["----", "-- -", "----- # x", "\u{feff}"]),
    ) {
        let k = at.index(records.len());
        let text: String = records.iter().map(Parts::text).collect();
        let mut slipped = records.clone();
        if slip == "\u{feff}" {
            slipped[k].open = format!("{slip}{}", slipped[k].open);
        } else {
            slipped[k].close = slip.to_string();
        }
        let changed: String = slipped.iter().map(Parts::text).collect();
        let before = check_str("a.arb", &text, &Switches::new());
        let after = check_str("a.arb", &changed, &Switches::new());
        prop_assert_eq!(before.len(), records.len());
        if slip == "\u{feff}" {
            prop_assert_eq!(after.len(), before.len());
            for (i, (b, a)) in before.iter().zip(&after).enumerate() {
                if i == k {
                    prop_assert_eq!(verdict_in_line(b), verdict_in_line(a), "{:?}", changed);
                } else {
                    prop_assert_eq!(verdict(b, 0), verdict(a, 0), "{:?}", changed);
                }
            }
            return Ok(());
        }
        // The records keep their places. The next record's opening line is
        // swallowed when its header is empty (the only header here that is
        // no mapping holding `game`): its closing line then opens a record
        // of its movetext, malformed, and so on while the headers after
        // it are empty; framing resumes at the first record with a header.
        prop_assert_eq!(after.len(), before.len(), "{:?}", changed);
        let resumed = (k + 1..records.len())
            .find(|&i| !records[i].header.is_empty())
            .unwrap_or(records.len());
        prop_assert_eq!(
            after[k].diagnostic.as_ref().map(|d| d.rule.as_str()),
            Some("header"),
            "{:?}",
            changed
        );
        for (i, (b, a)) in before.iter().zip(&after).enumerate() {
            if (k..resumed).contains(&i) {
                prop_assert_eq!(a.verdict, Verdict::Malformed, "{:?}", changed);
                continue;
            }
            prop_assert_eq!(verdict(b, 0), verdict(a, 0), "{:?}", changed);
        }
    }
}
