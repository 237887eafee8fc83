//! No record is ever lost to what stands around it (record.md, "Several
//! games in one file"; rulings of 2026-12-01 b): a title line before the
//! first `---` is one malformed record and every record after it is
//! checked, listed and counted; a `---` line may end with a YAML comment;
//! and a broken delimiter costs one record (rulings of 2026-12-05): a
//! header closed by a mistyped line, or a byte-order mark left before a
//! `---` line by `cat`, leaves every other record its own verdict.
//! Each case is run through `arbitre check` next to its legal neighbour.

// Runs the `arbitre` binary, which the `cli` feature builds.
#![cfg(feature = "cli")]

use assert_cmd::Command;
use serde_json::Value;

const LEGAL: &str = "---\ngame: simpei\n---\n1. c3 c1 2. a7 g5 3. a5 e3\n";
const ILLEGAL: &str = "---\ngame: simpei\n---\n1. e5 d4 2. c5 d4\n";

/// `arbitre check --format json -` on `input`: the exit status, the
/// verdict and rule of each record, and the summary.
fn check(input: &str) -> (i32, Vec<(String, String, usize)>, Value) {
    let output = Command::cargo_bin("arbitre")
        .unwrap()
        .args(["check", "--format", "json", "-"])
        .write_stdin(input.as_bytes().to_vec())
        .output()
        .unwrap();
    let json: Value = serde_json::from_slice(&output.stdout).unwrap();
    let records = json["records"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            let rule = r["diagnostic"]["rule"].as_str().unwrap_or("").to_string();
            let line = r["diagnostic"]["line"].as_u64().unwrap_or(0) as usize;
            (r["verdict"].as_str().unwrap().to_string(), rule, line)
        })
        .collect();
    (
        output.status.code().unwrap_or(-1),
        records,
        json["summary"].clone(),
    )
}

fn verdicts(records: &[(String, String, usize)]) -> Vec<&str> {
    records.iter().map(|(v, _, _)| v.as_str()).collect()
}

#[test]
fn a_title_line_hides_no_record() {
    let (status, records, summary) = check(&format!("Tournament games 2026\n{LEGAL}{ILLEGAL}"));
    assert_eq!(verdicts(&records), ["malformed", "legal", "illegal"]);
    assert_eq!((records[0].1.as_str(), records[0].2), ("header", 1));
    assert_eq!(
        (records[2].1.as_str(), records[2].2),
        ("simpei/occupied", 9)
    );
    assert_eq!(summary["records"], 3);
    assert_eq!(
        (summary["malformed"].clone(), summary["illegal"].clone()),
        (1.into(), 1.into())
    );
    assert_eq!(status, 2);
    // Its neighbour: the title as a comment, a preamble.
    let (status, records, summary) = check(&format!("; Tournament games 2026\n{LEGAL}{ILLEGAL}"));
    assert_eq!(verdicts(&records), ["legal", "illegal"]);
    assert_eq!(summary["records"], 2);
    assert_eq!(status, 1);
}

#[test]
fn the_stray_record_is_pointed_at_its_first_line_and_says_why() {
    let output = Command::cargo_bin("arbitre")
        .unwrap()
        .args(["check", "--format", "short", "-"])
        .write_stdin(format!("\n; a comment\n  Spring open\nround 1\n{LEGAL}"))
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(
        text.starts_with("-:3:1: error[header]: malformed: a record must start with a line `---`"),
        "{text}"
    );
}

#[test]
fn only_blank_lines_and_comments_make_a_preamble() {
    let preamble = "\u{feff}\n; a\n{ b\n  c } ; d\n\t\n{ e }\n";
    let (_, records, _) = check(&format!("{preamble}{ILLEGAL}"));
    assert_eq!(verdicts(&records), ["illegal"]);
    for stray in [
        "# games\n",
        "{ open\n",
        "{ a\n b } c\n",
        "}\n",
        "1. c3\n",
        "game: simpei\n",
        "--- x\n",
        "---# x\n",
    ] {
        let (_, records, _) = check(&format!("{preamble}{stray}{ILLEGAL}{LEGAL}"));
        assert_eq!(
            verdicts(&records),
            ["malformed", "illegal", "legal"],
            "{stray:?}"
        );
        assert_eq!(records[0].1, "header", "{stray:?}");
    }
    // A comment open at the end of the file holds no record either way.
    let (status, records, _) = check("; a\n{ b\n");
    assert_eq!(
        (verdicts(&records), records[0].1.as_str()),
        (vec!["malformed"], "header")
    );
    assert_eq!(status, 2);
}

#[test]
fn a_comment_after_the_dashes_still_delimits() {
    for (open, close) in [
        ("--- # games", "---"),
        ("---\t# x", "--- # moves"),
        ("\u{feff}--- # games", "---  #"),
    ] {
        for ending in ["\n", "\r\n"] {
            // Without the mark: it is the file's, and stands once.
            let next = open.trim_start_matches('\u{feff}');
            let text = format!(
                "{open}{ending}game: simpei{ending}{close}{ending}1. e5 d4 2. c5 d4{ending}{next}{ending}game: simpei{ending}{close}{ending}1. c3{ending}"
            );
            let (status, records, summary) = check(&text);
            assert_eq!(verdicts(&records), ["illegal", "legal"], "{text:?}");
            assert_eq!(summary["records"], 2);
            assert_eq!(status, 1);
        }
    }
    // Its neighbours: text after the dashes that is no comment is no
    // delimiter, and the file holds one malformed record.
    for open in ["--- games", "---# games"] {
        let (_, records, _) = check(&format!("{open}\ngame: simpei\n---\n1. c3\n"));
        assert_eq!(verdicts(&records), ["malformed", "malformed"], "{open}");
    }
}

#[test]
fn show_and_moves_count_the_stray_record() {
    let file = std::env::temp_dir().join(format!("arbitre-framing-{}.arb", std::process::id()));
    std::fs::write(&file, format!("Tournament\n{LEGAL}{ILLEGAL}")).unwrap();
    let output = Command::cargo_bin("arbitre")
        .unwrap()
        .arg("moves")
        .arg(&file)
        .args(["--record", "2", "--turn", "3"])
        .output()
        .unwrap();
    std::fs::remove_file(&file).ok();
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(text.starts_with("After 3 turns, 2... blue"), "{text}");
}

/// Five records, the second closed by `close` instead of `---`.
fn slipped(close: &str, ending: &str) -> String {
    let broken = format!("---\ngame: simpei\nevent: Round 2\n{close}\n1. c3 c1 2. a7 g5\n");
    format!("{LEGAL}{broken}{LEGAL}{ILLEGAL}{LEGAL}").replace('\n', ending)
}

/// Two slips in a row: the text after the first broken header is the
/// second's broken header, no mapping either, so the first record runs on
/// to the line after the second's (the two slips are one malformed record)
/// and every record after them is read as written.
#[test]
fn two_mistyped_closings_in_a_row_cost_one_record_and_nothing_after() {
    let broken = |round: u32| format!("---\ngame: simpei\nround: {round}\n----\n1. c3 c1\n");
    let text = format!("{LEGAL}{}{}{ILLEGAL}{LEGAL}", broken(1), broken(2));
    let (status, records, _) = check(&text);
    assert_eq!(
        verdicts(&records),
        ["legal", "malformed", "illegal", "legal"],
        "{text}"
    );
    assert_eq!((records[1].1.as_str(), records[1].2), ("header", 8));
    assert_eq!(status, 2);
}

#[test]
fn a_header_closed_by_a_mistyped_line_costs_its_own_record_only() {
    for close in ["----", "-- -", "--- -", "-----", "---- # moves"] {
        for ending in ["\n", "\r\n"] {
            let text = slipped(close, ending);
            let (status, records, summary) = check(&text);
            assert_eq!(
                verdicts(&records),
                ["legal", "malformed", "legal", "illegal", "legal"],
                "{text:?}"
            );
            // The broken header's error, at the mistyped line; the others
            // where they were.
            assert_eq!(
                (records[1].1.as_str(), records[1].2),
                ("header", 8),
                "{text:?}"
            );
            assert_eq!(
                (records[3].1.as_str(), records[3].2),
                ("simpei/occupied", 17)
            );
            assert_eq!(summary["records"], 5);
            assert_eq!(status, 2);
        }
    }
    // Its neighbour: closed by `---`, every record is read as written.
    let (_, records, _) = check(&slipped("---", "\n"));
    assert_eq!(
        verdicts(&records),
        ["legal", "legal", "legal", "illegal", "legal"]
    );
}

#[test]
fn files_joined_with_cat_keep_every_verdict_whatever_marks_they_start_with() {
    let mark = "\u{feff}";
    for (open, ending) in [
        ("---", "\n"),
        ("--- # round 2", "\n"),
        ("---", "\r\n"),
        ("---\t# r", "\r\n"),
    ] {
        let first = format!("{mark}{LEGAL}{ILLEGAL}");
        let second = format!("{mark}{open}\ngame: simpei\n---\n1. e5 d4 2. c5 d4\n{LEGAL}");
        let text = format!("{first}{second}{mark}{ILLEGAL}").replace('\n', ending);
        let (status, records, summary) = check(&text);
        assert_eq!(
            verdicts(&records),
            ["legal", "illegal", "illegal", "legal", "illegal"],
            "{text:?}"
        );
        assert_eq!(records[2].2, 12, "{text:?}");
        assert_eq!(summary["records"], 5);
        assert_eq!(status, 1);
    }
    // A mark before other text is no delimiter: the line is the record's.
    let (_, records, _) = check(&format!("{LEGAL}{mark} ---\ngame: simpei\n---\n1. c3\n"));
    assert_eq!(verdicts(&records), ["malformed", "malformed"]);
}

#[test]
fn a_broken_header_at_the_end_of_the_file_is_one_record() {
    for tail in [
        "---\ngame: simpei\n----\n1. c3 c1\n",
        "---\ngame: simpei\n----\n",
        "---\ngame: simpei\n-- -\n---\ngame: simpei\n",
    ] {
        let (status, records, _) = check(&format!("{LEGAL}{ILLEGAL}{tail}"));
        assert_eq!(
            verdicts(&records),
            ["legal", "illegal", "malformed"],
            "{tail:?}"
        );
        assert_eq!(records[2].1, "header", "{tail:?}");
        assert_eq!(status, 2);
    }
}

#[test]
fn two_broken_headers_in_a_row_cost_two_records_and_no_more() {
    // The second header is no header either, so framing does not resume
    // at it: the two are one malformed record, up to the third's opening.
    let broken = "---\ngame: simpei\n----\n1. c3 c1\n";
    let text = format!("{LEGAL}{broken}{broken}{ILLEGAL}{LEGAL}");
    let (_, records, summary) = check(&text);
    assert_eq!(
        verdicts(&records),
        ["legal", "malformed", "illegal", "legal"],
        "{records:?}"
    );
    assert_eq!(summary["records"], 4);
    assert_eq!(records[2].2, 16);
    // The second closed as it should: its closing line opens a record of
    // its moves (no header), and framing resumes at the next record.
    let closed = "---\ngame: simpei\n---\n1. c3 c1\n";
    let empty = "---\n---\n1. c3 c1\n";
    let text = format!("{LEGAL}{broken}{empty}{ILLEGAL}{LEGAL}");
    let (_, records, _) = check(&text);
    assert_eq!(
        verdicts(&records),
        ["legal", "malformed", "malformed", "illegal", "legal"],
        "{records:?}"
    );
    let (_, records, _) = check(&format!("{LEGAL}{broken}{closed}{ILLEGAL}{LEGAL}"));
    assert_eq!(
        verdicts(&records),
        ["legal", "malformed", "legal", "illegal", "legal"],
        "{records:?}"
    );
    // A stray `---` line (an empty header) before a record is one record.
    let (_, records, _) = check(&format!("{LEGAL}---\n{ILLEGAL}{LEGAL}"));
    assert_eq!(
        verdicts(&records),
        ["legal", "malformed", "illegal", "legal"]
    );
}

#[test]
fn the_header_limits_hold_for_the_header_framing_resumes_at() {
    // A text past --max-header-bytes is no header: framing does not
    // resume at it, and the broken record reads on as before.
    let big = format!(
        "---\ngame: simpei\nevent: {}\n---\n1. c3\n",
        "x".repeat(200)
    );
    let text = format!("---\ngame: simpei\n----\n1. c3\n{big}{LEGAL}");
    let output = Command::cargo_bin("arbitre")
        .unwrap()
        .args([
            "check",
            "--format",
            "json",
            "--max-header-bytes",
            "100",
            "-",
        ])
        .write_stdin(text.clone())
        .output()
        .unwrap();
    let json: Value = serde_json::from_slice(&output.stdout).unwrap();
    let records = json["records"].as_array().unwrap();
    assert_eq!(records.len(), 3, "{json}");
    // Within the limit, it is one, and the records are framed as written.
    let (_, records, _) = check(&text);
    assert_eq!(verdicts(&records), ["malformed", "legal", "legal"]);
}

#[test]
fn the_reader_hands_over_the_records_after_a_slip_where_they_stand() {
    let text = slipped("----", "\n");
    let records: Vec<arbitre::Record> = arbitre::Reader::new(text.as_bytes())
        .collect::<Result<_, _>>()
        .unwrap();
    let starts: Vec<(usize, usize)> = records.iter().map(|r| (r.line, r.offset)).collect();
    let mut at = 0;
    let mut expected = Vec::new();
    for (i, line) in text.split_inclusive('\n').enumerate() {
        if line == "---\n" && (i == 0 || !text[..at].ends_with("game: simpei\n")) {
            expected.push((i + 1, at));
        }
        at += line.len();
    }
    assert_eq!(starts, expected);
    // Every byte is in one record, in order.
    let joined: String = records.iter().map(|r| r.text.as_str()).collect();
    assert_eq!(joined, text);
    assert!(records[1].text.ends_with("1. c3 c1 2. a7 g5\n"));
}

#[test]
fn fmt_writes_the_broken_record_back_and_the_others_as_check_frames_them() {
    let not_canonical = "---\ngame: simpei\n---\n1.C3 1...c1\n";
    let canonical = "---\ngame: simpei\n---\n1. c3 c1\n";
    let broken = "---\ngame: simpei\n----\n1.C3 1...c1\n";
    let text = format!("{not_canonical}{broken}{not_canonical}\u{feff}{not_canonical}");
    let output = Command::cargo_bin("arbitre")
        .unwrap()
        .args(["fmt", "-"])
        .write_stdin(text)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&output.stdout),
        format!("{canonical}{broken}{canonical}\u{feff}{canonical}")
    );
}
