//! The input limits of docs/limits.md: each refuses a record with an error
//! that names it, its flag and the place; each flag raises it; and hostile
//! headers get a verdict in time, whatever quotes, comments or indentation
//! they hold.

// Runs the `arbitre` binary, which the `cli` feature builds.
#![cfg(feature = "cli")]

#[path = "common/aliases.rs"]
mod aliases;
use aliases::aliased_header;
use std::time::Duration;

use arbitre::{check, check_str, Limits, Reader, Record, Switches, Verdict};
use assert_cmd::Command;
use serde_json::Value;

/// Far more than any of these runs needs, even in a debug build on a busy
/// machine: the bypasses it guards against took about a minute.
const IN_TIME: Duration = Duration::from_secs(20);

/// `arbitre ARGS -` with `input` on standard input: exit code and stdout.
fn run(args: &[&str], input: &str) -> (i32, Vec<u8>) {
    let output = Command::cargo_bin("arbitre")
        .unwrap()
        .env_remove("NO_COLOR")
        .args(args)
        .arg("-")
        .write_stdin(input.as_bytes().to_vec())
        .timeout(IN_TIME)
        .output()
        .unwrap();
    // A run killed by the timeout has no exit code.
    let code = output.status.code().unwrap_or(-1);
    (code, output.stdout)
}

/// The JSON report of `check --format json ... -`, its exit code, and the
/// record's diagnostic (with the fields of docs/json.md checked).
fn check_json(flags: &[&str], input: &str) -> (i32, Value) {
    let mut args = vec!["check", "--format", "json"];
    args.extend_from_slice(flags);
    let (code, out) = run(&args, input);
    let doc: Value = serde_json::from_slice(&out).unwrap_or(Value::Null);
    let record = &doc["records"][0];
    for key in ["path", "index", "game", "verdict", "diagnostic", "warnings"] {
        assert!(record.get(key).is_some(), "missing {key}: {doc}");
    }
    if record["verdict"] != "legal" {
        for key in [
            "rule", "message", "line", "column", "offset", "length", "help",
        ] {
            assert!(
                record["diagnostic"].get(key).is_some(),
                "missing diagnostic.{key}: {doc}"
            );
        }
    }
    (code, record.clone())
}

fn message(record: &Value) -> &str {
    record["diagnostic"]["message"].as_str().unwrap_or("")
}

/// `event: don't` once opened a "quote" that never closed, after which the
/// nesting guard counted no bracket, and serde_yaml took a minute.
#[test]
fn an_apostrophe_in_a_value_cannot_switch_off_the_nesting_guard() {
    let text = format!(
        "---\ngame: simpei\nevent: don't\nsite: {}\n---\n1. c3\n",
        "[".repeat(100_000)
    );
    let (code, record) = check_json(&[], &text);
    assert_eq!(code, 2, "{record}");
    assert_eq!(record["verdict"], "malformed");
    assert_eq!(record["diagnostic"]["rule"], "header");
    let said = message(&record);
    assert!(
        said.contains("more than 256 brackets") && said.contains("--max-header-brackets"),
        "{said}"
    );
    // At the 257th bracket, on the line of the brackets.
    assert_eq!(record["diagnostic"]["line"], 4);
    assert_eq!(record["diagnostic"]["column"], 6 + 257);
    assert!(said.len() < 200, "{said}");
    // Not the header size: the same with room for the header, in time.
    let (code, roomy) = check_json(&["--max-header-bytes", "1000000"], &text);
    assert_eq!(code, 2, "{roomy}");
    assert_eq!(roomy["diagnostic"], record["diagnostic"]);
}

#[test]
fn an_apostrophe_in_a_comment_cannot_switch_off_the_nesting_guard() {
    let text = format!(
        "---\ngame: simpei\n# it's nested below\nsite: {}\n---\n",
        "{a: ".repeat(20_000)
    );
    let (code, record) = check_json(&[], &text);
    assert_eq!(code, 2, "{record}");
    assert_eq!(record["diagnostic"]["rule"], "header");
    let said = message(&record);
    assert!(said.contains("--max-header-brackets"), "{said}");
    assert_eq!(record["diagnostic"]["line"], 4);
}

/// A `]` inside quotes must not take back a real `[`: `[ "]", [ "]", ...`
/// nests one deeper at every step.
#[test]
fn quoted_closing_brackets_cannot_hide_real_nesting() {
    let text = format!(
        "---\ngame: simpei\nsite: {}\n---\n",
        "[ \"]\", ".repeat(10_000)
    );
    let (code, record) = check_json(&[], &text);
    assert_eq!(code, 2, "{record}");
    assert!(message(&record).contains("--max-header-brackets"));
}

#[test]
fn the_bracket_limit_has_a_flag() {
    let text = "---\ngame: simpei\nplayers: {red: Ana, blue: Bo}\n---\n1. c3\n";
    let (code, record) = check_json(&["--max-header-brackets", "0"], text);
    assert_eq!(code, 2);
    assert_eq!(record["diagnostic"]["rule"], "header");
    assert_eq!(record["diagnostic"]["column"], 10);
    let (code, record) = check_json(&["--max-header-brackets", "1"], text);
    assert_eq!((code, &record["verdict"]), (0, &Value::from("legal")));
}

#[test]
fn a_header_over_the_size_limit_names_the_flag_and_the_flag_raises_it() {
    let text = format!(
        "---\ngame: simpei\nevent: {}\n---\n1. c3\n",
        "x".repeat(200_000)
    );
    let header = text.len() - "---\n".len() - "---\n1. c3\n".len();
    let (code, record) = check_json(&[], &text);
    assert_eq!(code, 2, "{record}");
    assert_eq!(record["diagnostic"]["rule"], "header");
    assert_eq!(
        message(&record),
        format!(
            "the header is {},{:03} bytes, more than the limit of 65,536 (--max-header-bytes)",
            header / 1000,
            header % 1000
        )
    );
    // At the header's opening line.
    assert_eq!(record["diagnostic"]["line"], 1);
    assert_eq!(record["diagnostic"]["column"], 1);
    let help = record["diagnostic"]["help"].as_str().unwrap_or("");
    assert!(help.contains("--max-header-bytes"), "{help}");

    let (code, record) = check_json(&["--max-header-bytes", "300000"], &text);
    assert_eq!(code, 0, "{record}");
    assert_eq!(record["verdict"], "legal");
    // The commands that read one record take the flag too.
    for command in ["score", "show", "moves"] {
        let (code, _) = run(&[command, "--max-header-bytes", "300000"], &text);
        assert_eq!(code, 0, "{command}");
        let (code, out) = run(&[command], &text);
        assert_eq!(code, 2, "{command}");
        let out = String::from_utf8_lossy(&out);
        assert!(out.contains("--max-header-bytes"), "{command}: {out}");
    }
    let (code, out) = run(&["stats"], &text);
    assert_eq!(code, 0);
    assert!(String::from_utf8_lossy(&out).contains("--max-header-bytes"));
}

#[test]
fn a_megabyte_token_is_a_short_syntax_error_naming_the_limit() {
    let text = format!(
        "---\ngame: simpei\n---\n1. c3 c1\n2. {}\n",
        "c".repeat(1_000_000)
    );
    let (code, record) = check_json(&[], &text);
    assert_eq!(code, 2, "{record}");
    assert_eq!(record["diagnostic"]["rule"], "syntax");
    let said = message(&record);
    assert!(
        said.contains("1,000,000 bytes")
            && said.contains("the limit of 1,024")
            && said.contains("--max-token-bytes"),
        "{said}"
    );
    assert_eq!(record["diagnostic"]["line"], 5);
    assert_eq!(record["diagnostic"]["column"], 4);
    assert_eq!(record["diagnostic"]["length"], 1_000_000);
    // Short in every format: the token is quoted cut, and drawn in a window.
    for format in ["json", "jsonl", "yaml", "human"] {
        let (code, out) = run(&["check", "--format", format], &text);
        assert_eq!(code, 2, "{format}");
        assert!(out.len() < 10_000, "{format}: {} bytes", out.len());
    }
    // Raised, the token is read: it is no notation, and still quoted short.
    let (code, record) = check_json(&["--max-token-bytes", "1000000"], &text);
    assert_eq!(code, 2, "{record}");
    assert_eq!(record["diagnostic"]["rule"], "syntax");
    let said = message(&record);
    assert!(said.contains("is not Simpei notation"), "{said}");
    assert!(said.len() < 200, "{said}");
    let (_, out) = run(&["check", "--max-token-bytes", "1000000"], &text);
    assert!(out.len() < 10_000, "{} bytes", out.len());
}

#[test]
fn the_token_limit_has_a_flag_both_ways() {
    let text = "---\ngame: simpei\n---\n1. c3 c1\n";
    let (code, _) = check_json(&[], text);
    assert_eq!(code, 0);
    let (code, record) = check_json(&["--max-token-bytes", "1"], text);
    assert_eq!(code, 2);
    assert!(message(&record).contains("the token `1.` is 2 bytes"));
    // Comments are not tokens: a long one is fine.
    let long_comment = format!(
        "---\ngame: simpei\n---\n1. c3 {{ {} }} c1 ; {}\n",
        "x".repeat(100_000),
        "y".repeat(100_000)
    );
    let (code, record) = check_json(&[], &long_comment);
    assert_eq!(code, 0, "{record}");
}

#[test]
fn a_long_header_value_is_quoted_short() {
    let text = format!("---\ngame: {}\n---\n", "simpei".repeat(5_000));
    let (code, record) = check_json(&[], &text);
    assert_eq!(code, 2);
    let said = message(&record);
    assert!(said.contains("is not a game arbitre knows"), "{said}");
    assert!(said.len() < 200, "{said}");
    // serde_yaml quotes values whole; they are cut too.
    let text = format!("---\ngame: simpei\nend: {}\n---\n", "d".repeat(50_000));
    let (code, record) = check_json(&[], &text);
    assert_eq!(code, 2);
    let said = message(&record);
    assert!(said.contains("unknown variant"), "{said}");
    assert!(said.len() < 300, "{said}");
    // So are the games' own messages about a value, wherever they go.
    let text = format!(
        "---\ngame: simpei\nsetup: {{red: [{}]}}\n---\n",
        "z".repeat(50_000)
    );
    let (code, record) = check_json(&[], &text);
    assert_eq!(code, 2);
    assert_eq!(record["diagnostic"]["rule"], "setup");
    let said = message(&record);
    assert!(said.contains("is not a point"), "{said}");
    assert!(said.len() < 200, "{said}");
    let (_, out) = run(&["stats"], &text);
    assert!(out.len() < 1_000, "{}", String::from_utf8_lossy(&out));
}

/// A verdict (legal, illegal or malformed), never a crash, and in time.
fn gets_a_verdict(flags: &[&str], text: &str) -> i32 {
    let mut args = vec!["check"];
    args.extend_from_slice(flags);
    let (code, out) = run(&args, text);
    assert!(
        matches!(code, 0..=2),
        "exit {code} (-1: killed after {IN_TIME:?})"
    );
    assert!(!out.is_empty());
    code
}

const ROOMY: &[&str] = &[
    "--max-record-bytes",
    "64000000",
    "--max-header-bytes",
    "64000000",
];

#[test]
fn deep_block_indentation_gets_a_verdict_in_time() {
    // 100,000 lines, each indented one more than the last (starting again
    // every 100 lines: one that never did would take 5 GB).
    let mut saw = String::from("---\ngame: simpei\nevent:\n");
    for i in 0..100_000 {
        saw.push_str(&" ".repeat(1 + i % 100));
        saw.push_str(&format!("k{i}:\n"));
    }
    saw.push_str("---\n1. c3\n");
    gets_a_verdict(ROOMY, &saw);
    // The same, probed for `game` through serde_yaml first.
    let probed = saw.replacen("game: simpei", "game: \"simpei\"", 1);
    gets_a_verdict(ROOMY, &probed);
    // 2,000 levels, straight down (2 MB).
    let mut deep = String::from("---\ngame: \"simpei\"\nsite:\n");
    for i in 0..2_000 {
        deep.push_str(&" ".repeat(i + 1));
        deep.push_str("k:\n");
    }
    deep.push_str("---\n");
    gets_a_verdict(ROOMY, &deep);
    // Within the default limits, refused by size at once.
    assert_eq!(gets_a_verdict(&[], &saw), 2);
}

#[test]
fn block_sequences_nested_on_one_line_get_a_verdict_in_time() {
    let dashes = "- ".repeat(50_000);
    for text in [
        format!("---\ngame: simpei\nevent: {dashes}x\n---\n"),
        format!("---\ngame: simpei\nevent:\n{dashes}x\n---\n"),
        format!("---\ngame: \"simpei\"\nsite:\n  {dashes}x\n---\n"),
        format!("---\n{dashes}x\n---\n"),
    ] {
        assert_eq!(gets_a_verdict(ROOMY, &text), 2);
        assert_eq!(gets_a_verdict(&[], &text), 2);
    }
}

#[test]
fn library_callers_get_the_defaults_and_can_raise_them() {
    assert_eq!(
        Limits::default(),
        Limits {
            record_bytes: Limits::DEFAULT_RECORD_BYTES,
            header_bytes: Limits::DEFAULT_HEADER_BYTES,
            header_brackets: Limits::DEFAULT_HEADER_BRACKETS,
            token_bytes: Limits::DEFAULT_TOKEN_BYTES,
        }
    );
    let text = format!("---\ngame: simpei\n---\n1. c3 {}\n", "c".repeat(2_000));
    let switches = Switches::new();
    let reports = check_str("game.arb", &text, &switches);
    assert_eq!(reports[0].verdict, Verdict::Malformed);
    let diagnostic = reports[0].diagnostic.as_ref().unwrap();
    assert!(diagnostic.message.contains("--max-token-bytes"));

    let record = Reader::new(text.as_bytes()).next().unwrap().unwrap();
    assert_eq!(record.limits(), Limits::default());
    let refused = check(&record, &switches);
    assert!(refused
        .malformed
        .unwrap()
        .message
        .contains("the limit of 1,024"));

    let roomy = Limits {
        token_bytes: 4_000,
        ..Limits::default()
    };
    let record = Reader::with_limits(text.as_bytes(), roomy)
        .next()
        .unwrap()
        .unwrap();
    assert_eq!(record.limits(), roomy);
    let read = check(&record, &switches);
    assert!(read
        .malformed
        .unwrap()
        .message
        .contains("not Simpei notation"));
    let record = Record::from_text(text.clone()).with_limits(roomy);
    let read = check(&record, &switches);
    assert!(read
        .malformed
        .unwrap()
        .message
        .contains("not Simpei notation"));

    let header = format!("---\ngame: simpei\nevent: {}\n---\n", "x".repeat(70_000));
    let refused = check(&Record::from_text(header.clone()), &switches);
    assert!(refused.malformed.unwrap().message.contains("65,536"));
    let roomy = Limits {
        header_bytes: 100_000,
        ..Limits::default()
    };
    let read = check(&Record::from_text(header).with_limits(roomy), &switches);
    assert!(read.malformed.is_none());
}

/// A Superpion header that anchors a 28 KB string and fills the setup's
/// lists with aliases of it: 60 KB, within --max-header-bytes, one bracket.
fn aliasing_header() -> String {
    aliased_header(28_000, 10_500)
}

#[test]
fn aliases_that_repeat_a_header_past_its_budget_are_refused_before_it_is_read() {
    let header = aliasing_header();
    assert!(header.len() < Limits::DEFAULT_HEADER_BYTES);
    let text = format!("---\n{header}---\n");
    // serde_yaml read it as 94,500 copies of 28 KB: 2.4 GB, 7 s, and then
    // a `setup` error; two of them with --jobs 2, 3 GB.
    let (code, record) = check_json(&[], &text);
    assert_eq!(code, 2, "{record}");
    assert_eq!(record["diagnostic"]["rule"], "header");
    assert_eq!(
        message(&record),
        "the header's aliases (`*name`) repeat more than it may hold: read with them replayed, it counts more than 1,048,576 bytes, 16 times the limit of 65,536 (--max-header-bytes)"
    );
    assert_eq!(record["diagnostic"]["line"], 1);
    let help = record["diagnostic"]["help"].as_str().unwrap_or("");
    assert!(help.contains("--max-header-bytes"), "{help}");
    let (code, out) = run(&["check", "--jobs", "2"], &text.repeat(2));
    assert_eq!(code, 2);
    assert_eq!(String::from_utf8_lossy(&out).matches("aliases").count(), 2);
}

#[test]
fn aliases_within_the_budget_read_as_the_values_they_repeat() {
    let written = "---\ngame: superpion\nevent: Club\nplayers: {blue: Club}\nsetup:\n  pieces: {blue: [e5], red: [f6]}\n  piles: {blue: [R, S], red: [R, S]}\n---\n";
    let aliased = "---\ngame: superpion\nevent: &c Club\nplayers: {blue: *c}\nsetup:\n  pieces: {blue: [e5], red: [f6]}\n  piles: {blue: &p [R, S], red: *p}\n---\n";
    let (_, written) = check_json(&[], written);
    let (code, aliased) = check_json(&[], aliased);
    assert_eq!(code, 0, "{aliased}");
    assert_eq!(written, aliased);
    // The budget follows --max-header-bytes: 16 times it. This header
    // counts 9 lists of 3 copies of 1,000 bytes and a few more: within
    // 16 times 4 KiB, past 16 times 1,200 bytes (and within that size itself).
    let list = |n| vec!["*s"; n].join(", ");
    let header = format!(
        "game: superpion\nevent: &s {}\nsetup:\n  pieces:\n    blue: &l [{}]\n    red: *l\n    yellow: *l\n    black: *l\n  piles:\n    blue: *l\n    red: *l\n    yellow: *l\n    black: *l\n",
        "x".repeat(1000),
        list(3)
    );
    let text = format!("---\n{header}---\n");
    let (_, record) = check_json(&["--max-header-bytes", "4096"], &text);
    assert_eq!(record["diagnostic"]["rule"], "setup", "{record}");
    let (_, record) = check_json(&["--max-header-bytes", "1200"], &text);
    assert_eq!(record["diagnostic"]["rule"], "header", "{record}");
    assert!(message(&record).contains("aliases"), "{record}");
}
