//! No record is ever lost to what stands around it (record.md, "Several
//! games in one file"; rulings of 2026-12-01 b): a title line before the
//! first `---` is one malformed record and every record after it is
//! checked, listed and counted; a `---` line may end with a YAML comment.
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
            // A byte-order mark stands only before the file's first line.
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
