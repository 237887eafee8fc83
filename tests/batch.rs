//! `check` as a batch and CI job runs it: quiet output, warnings shown,
//! summarised, silenced or denied, the one-line-per-finding format,
//! unreadable paths as a verdict, the closing list and the totals last.

// Runs the `arbitre` binary, which the `cli` feature builds.
#![cfg(feature = "cli")]

mod run;

use run::run;
use serde_json::Value;

const LEGAL: &str = "samples/simpei/win-diagonal.arb";
const ILLEGAL: &str = "samples/simpei/illegal-occupied.arb";
/// Legal, with one warning (a second pass in a row).
const WARNED: &str = "samples/superpion/blocking.arb";
const MISSING: &str = "samples/no-such-file.arb";

#[test]
fn quiet_prints_what_is_not_legal_and_the_totals() {
    let (code, out, _) = run(&["check", "-q", LEGAL, ILLEGAL, WARNED]);
    assert_eq!(code, 1, "{out}");
    assert!(!out.contains("win-diagonal.arb#0"), "{out}");
    assert!(out.contains("illegal-occupied.arb#0: illegal: simpei/occupied"));
    // A warning is shown, with its record's line, unless silenced.
    assert!(out.contains("blocking.arb#0: legal"), "{out}");
    assert!(out.contains("warning[superpion/blocking]"), "{out}");
    assert!(out.contains("| 3       | 2     | 1       |"), "{out}");

    let (_, out, _) = run(&["check", "--quiet", "--warnings", "summary", LEGAL, WARNED]);
    assert!(!out.contains("blocking.arb#0"), "{out}");
    assert!(out.contains("| records | legal |"), "{out}");

    // One record is still followed by its totals.
    let (_, out, _) = run(&["check", "-q", LEGAL]);
    assert!(out.starts_with('+'), "{out}");
}

#[test]
fn the_closing_list_names_what_failed_and_the_totals_come_last() {
    let (code, out, err) = run(&["check", LEGAL, ILLEGAL, MISSING]);
    assert_eq!(code, 2, "{out}");
    assert!(
        err.contains("cannot read samples/no-such-file.arb"),
        "{err}"
    );
    let failed = out.find("Failed (2):\n").expect(&out);
    let list = &out[failed..];
    assert!(
        list.contains("\n  samples/simpei/illegal-occupied.arb#0: illegal: simpei/occupied at 1... blue (5:7)\n"),
        "{out}"
    );
    assert!(
        list.contains("\n  samples/no-such-file.arb: unreadable: "),
        "{out}"
    );
    let rules = out.find("| rule ").expect(&out);
    let totals = out
        .find("| records | legal | illegal | malformed | unreadable | warnings |")
        .expect(&out);
    assert!(failed < rules && rules < totals, "{out}");
    let last = out.lines().rev().nth(1).unwrap_or("");
    assert_eq!(
        last,
        "| 2       | 1     | 1       | 0         | 1          | 0        |"
    );

    // Nothing failed: no list, and no unreadable column.
    let (code, out, _) = run(&["check", LEGAL, WARNED]);
    assert_eq!(code, 0);
    assert!(!out.contains("Failed"), "{out}");
    assert!(!out.contains("unreadable"), "{out}");
}

#[test]
fn warnings_are_shown_summarised_or_silenced() {
    let (_, shown, _) = run(&["check", WARNED]);
    assert!(shown.contains(", 1 warning\n"), "{shown}");
    assert!(shown.contains("warning[superpion/blocking]"), "{shown}");

    let (_, summary, _) = run(&["check", "--warnings", "summary", WARNED]);
    assert!(summary.contains(", 1 warning\n"), "{summary}");
    assert!(!summary.contains("warning["), "{summary}");

    let (code, none, _) = run(&["check", "--warnings", "none", WARNED]);
    assert_eq!(code, 0);
    assert!(!none.contains("warning"), "{none}");

    // Machine output keeps them whatever the flag.
    let (_, json, _) = run(&["check", "--warnings", "none", "--format", "json", WARNED]);
    let doc: Value = serde_json::from_str(&json).unwrap();
    assert_eq!(
        doc["records"][0]["warnings"].as_array().map(Vec::len),
        Some(1)
    );

    let (code, _, err) = run(&["check", "--warnings", "loud", WARNED]);
    assert_eq!(code, 2);
    assert!(
        err.contains("possible values: show, summary, none"),
        "{err}"
    );
}

#[test]
fn denied_warnings_fail_the_run_with_their_own_status() {
    assert_eq!(run(&["check", WARNED]).0, 0);
    let (code, out, _) = run(&["check", "--deny-warnings", LEGAL, WARNED]);
    assert_eq!(code, 3, "{out}");
    assert!(out.contains("Failed (1):\n"), "{out}");
    assert!(out.contains("1 warning (warnings denied)\n"), "{out}");
    // Worse verdicts keep their statuses.
    assert_eq!(run(&["check", "--deny-warnings", WARNED, ILLEGAL]).0, 1);
    assert_eq!(run(&["check", "--deny-warnings", WARNED, MISSING]).0, 2);
    // Legal without warnings still passes.
    assert_eq!(run(&["check", "--deny-warnings", LEGAL]).0, 0);
    // The status holds for machine output too.
    assert_eq!(
        run(&["check", "--deny-warnings", "--format", "json", WARNED]).0,
        3
    );
}

#[test]
fn unreadable_paths_are_a_verdict_in_machine_output() {
    let (code, json, _) = run(&["check", "--format", "json", LEGAL, MISSING]);
    assert_eq!(code, 2);
    let doc: Value = serde_json::from_str(&json).unwrap();
    assert_eq!(doc["records"].as_array().map(Vec::len), Some(1));
    assert_eq!(doc["unreadable"][0]["path"], MISSING);
    assert!(doc["unreadable"][0]["error"].is_string());
    let summary = &doc["summary"];
    assert_eq!(summary["records"], 1);
    assert_eq!(summary["legal"], 1);
    assert_eq!(summary["unreadable"], 1);
    assert!(summary["rules"].is_object());

    let (_, yaml, _) = run(&["check", "--format", "yaml", LEGAL, MISSING]);
    let doc: Value = serde_yaml::from_str(&yaml).unwrap();
    assert_eq!(doc["unreadable"][0]["path"], MISSING);
    assert_eq!(doc["summary"]["unreadable"], 1);

    let (_, lines, _) = run(&["check", "--format", "jsonl", MISSING, LEGAL]);
    let lines: Vec<Value> = lines
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[0]["unreadable"]["path"], MISSING);
    assert_eq!(lines[1]["verdict"], "legal");
    assert_eq!(lines[2]["summary"]["unreadable"], 1);
}

#[test]
fn no_progress_line_and_no_boxes_off_a_terminal() {
    let (code, out, err) = run(&["check", "samples"]);
    assert!(code >= 1);
    // Standard error holds only what was skipped or unreadable: no
    // progress line in a pipe.
    assert!(!err.contains("files,"), "{err}");
    assert!(!out.contains('╭') && !out.contains('│'), "boxes in a pipe");
    assert!(out.contains("\n  at samples/"), "plain locations");
}

#[test]
fn completions_for_every_shell() {
    for shell in ["bash", "zsh", "fish", "powershell", "elvish"] {
        let (code, out, _) = run(&["completions", shell]);
        assert_eq!(code, 0, "{shell}");
        assert!(out.contains("arbitre"), "{shell}");
        assert!(out.contains("deny-warnings"), "{shell}: the check flags");
    }
    let (code, _, err) = run(&["completions", "tcsh"]);
    assert_eq!(code, 2);
    assert!(err.contains("possible values"), "{err}");
}

/// A file of `n` records, each malformed (a header with no game).
fn failing_records(name: &str, n: usize) -> String {
    let path = format!("{}/{name}.arb", env!("CARGO_TARGET_TMPDIR"));
    std::fs::write(&path, "---\n---\n".repeat(n)).unwrap();
    path
}

#[test]
fn the_closing_list_names_the_first_hundred_failures_and_counts_the_rest() {
    let listed = |out: &str| {
        let list = &out[out.find("Failed (").expect(out)..];
        let list = &list[..list.find("\n\n").unwrap_or(list.len())];
        list.lines().skip(1).map(str::to_string).collect::<Vec<_>>()
    };
    let hundred = failing_records("hundred", 100);
    let (code, out, _) = run(&["check", &hundred]);
    assert_eq!(code, 2);
    assert!(out.contains("Failed (100):\n"), "{out}");
    let lines = listed(&out);
    assert_eq!(lines.len(), 100, "{lines:?}");
    assert!(lines[99].ends_with("hundred.arb#99: malformed: header (199:1)"));

    let more = failing_records("hundred-and-one", 101);
    let (_, out, _) = run(&["check", &more]);
    assert!(out.contains("Failed (101):\n"), "{out}");
    let lines = listed(&out);
    assert_eq!(lines.len(), 101, "{lines:?}");
    assert!(lines[99].ends_with("hundred-and-one.arb#99: malformed: header (199:1)"));
    assert_eq!(
        lines[100],
        "  ... and 1 more failed record (the list stops at 100; the totals count every one)"
    );
    // The totals count them all.
    assert!(out.contains("| header | 101 "), "{out}");

    // A path met after the hundredth failure is counted as a path.
    let (_, out, _) = run(&["check", &more, MISSING]);
    assert!(out.contains("Failed (102):\n"), "{out}");
    assert!(
        out.contains("  ... and 1 more failed record and 1 more unreadable path (the list"),
        "{out}"
    );
}
