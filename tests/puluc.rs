//! Puluc through the command line: score, show, moves, new, random, perft,
//! stats and the JSON `throws` field.

// Runs the `arbitre` binary, which the `cli` feature builds.
#![cfg(feature = "cli")]

use assert_cmd::Command;
use serde_json::Value;

fn arbitre(args: &[&str], stdin: Option<&str>) -> (i32, String) {
    let mut cmd = Command::cargo_bin("arbitre").unwrap();
    cmd.args(args).args(["--color", "never"]);
    if let Some(text) = stdin {
        cmd.write_stdin(text.to_string());
    }
    let out = cmd.output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
    )
}

fn json(args: &[&str], stdin: Option<&str>) -> Value {
    serde_json::from_str(&arbitre(args, stdin).1).unwrap()
}

#[test]
fn perft_matches_the_reference_counts() {
    for (depth, count) in [("1", "5"), ("2", "25"), ("3", "221")] {
        let (code, out) = arbitre(&["perft", "puluc", "--depth", depth], None);
        assert_eq!((code, out.trim()), (0, count));
    }
}

#[test]
fn score_of_an_unfinished_record_lists_start_track_and_killed() {
    let (code, out) = arbitre(&["score", "samples/puluc/spec-example.arb"], None);
    assert_eq!(code, 0);
    assert!(
        out.starts_with("unfinished, A (Ana) to throw after 12 turns"),
        "{out}"
    );
    assert!(
        out.contains("| A    | Ana    | 1        | 3        | 0      | 2:A 3:AB 6:BAB"),
        "{out}"
    );
    assert!(
        out.contains("| B    | Bruno  | 1        | 3        | 0      | 3:AB 6:BAB"),
        "{out}"
    );
}

#[test]
fn score_of_a_won_game() {
    let (code, out) = arbitre(&["score", "samples/puluc/full-game.arb"], None);
    assert_eq!(code, 0);
    assert!(out.starts_with("A (Ana) wins after 37 turns"), "{out}");
    assert!(out.contains("winner"));
}

#[test]
fn show_draws_towers_bottom_to_top() {
    let (code, out) = arbitre(&["show", "samples/puluc/spec-example.arb"], None);
    assert_eq!(code, 0);
    let lines: Vec<&str> = out.lines().collect();
    // Square 6 holds b, a, b from bottom to top; columns are 4 wide.
    let column = |line: &str| line.chars().nth(4 * 6 + 3).unwrap_or(' ');
    assert_eq!(column(lines[1]), 'B', "{out}");
    assert_eq!(column(lines[2]), 'A', "{out}");
    assert_eq!(column(lines[3]), 'B', "{out}");
    assert!(lines[3].starts_with("  1A"), "{out}");
    assert!(lines[3].ends_with("1B"), "{out}");
    assert!(out.contains("A to throw"));
}

#[test]
fn show_names_the_sides_a_and_b_as_check_does() {
    let (_, verdict) = arbitre(&["check", "samples/puluc/game-over.arb"], None);
    assert!(verdict.contains("A has killed"), "{verdict}");
    // The record is illegal past its last legal turn: show draws that.
    let (_, out) = arbitre(&["show", "samples/puluc/game-over.arb"], None);
    assert!(out.contains("A moves toward 10, B toward 0)"), "{out}");
    assert!(out.contains("\nKilled: A 0, B 4\n"), "{out}");
    assert!(out.contains("Game over: A has won"), "{out}");
    // The drawing's pawns are the same capitals.
    assert!(out.contains("  4A   ."), "{out}");
    for lower in ["a moves", "b toward", "Killed: a", "a to throw", "4a", "0b"] {
        assert!(!out.contains(lower), "`{lower}` in:\n{out}");
    }
    let (_, out) = arbitre(&["show", "samples/puluc/spec-example.arb"], None);
    assert!(out.contains("\nKilled: A 0, B 0\nA to throw\n"), "{out}");
}

#[test]
fn moves_lists_each_throw() {
    let (code, out) = arbitre(
        &["moves", "samples/puluc/spec-example.arb", "--turn", "2"],
        None,
    );
    assert_eq!(code, 0);
    for play in ["1:e-1", "1:5-6", "3:5-8", "4:e-4", "5:5-10"] {
        assert!(
            out.lines().any(|l| l.trim() == play),
            "{play} missing:\n{out}"
        );
    }
    assert!(out.contains("a throw without a move is a pass"));
}

#[test]
fn moves_shows_a_pass() {
    let record = "---\ngame: puluc\nsetup:\n  track: {\"6\": [a], \"7\": [a], \"8\": [a], \"9\": [a]}\n---\n";
    let (_, out) = arbitre(&["moves", "-"], Some(record));
    assert!(out.lines().any(|l| l.trim() == "5:-"), "{out}");
    assert!(out.lines().any(|l| l.trim() == "1:9-10"), "{out}");
}

#[test]
fn the_template_is_a_legal_record() {
    let (_, template) = arbitre(&["new", "puluc"], None);
    let (code, out) = arbitre(&["check", "-"], Some(&template));
    assert_eq!(code, 0, "{out}");
}

#[test]
fn random_games_are_reproducible_and_legal() {
    let (_, one) = arbitre(&["random", "puluc", "--seed", "9"], None);
    let (_, two) = arbitre(&["random", "puluc", "--seed", "9"], None);
    assert_eq!(one, two);
    let (code, out) = arbitre(&["check", "-"], Some(&one));
    assert_eq!(code, 0, "{out}");
}

#[test]
fn check_json_carries_the_throws() {
    let doc = json(
        &[
            "check",
            "--format",
            "json",
            "samples/puluc/spec-example.arb",
        ],
        None,
    );
    let throws = &doc["records"][0]["throws"];
    assert_eq!(throws["throws"], 12);
    let counts: Vec<u64> = throws["values"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v["count"].as_u64().unwrap())
        .collect();
    assert_eq!(counts, [1, 6, 2, 1, 2]);
    assert_eq!(throws["degrees_of_freedom"], 4);
    let p = throws["p_value"].as_f64().unwrap();
    assert!((0.36..0.37).contains(&p), "{p}");
    // Games without throws carry no such field.
    let doc = json(&["check", "--format", "json", "samples/simpei"], None);
    assert!(doc["records"][0].get("throws").is_none());
}

#[test]
fn stats_tables_every_record_and_the_total() {
    let (code, out) = arbitre(
        &[
            "stats",
            "samples/puluc/spec-example.arb",
            "samples/puluc/full-game.arb",
        ],
        None,
    );
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("spec-example.arb#0: puluc, 12 throws, p-value"),
        "{out}"
    );
    assert!(out.contains("puluc: 49 throws in 2 records"), "{out}");
    assert!(
        out.contains("| throw | observed | expected | fair chance |"),
        "{out}"
    );
    assert!(out.contains("with 4 degrees of freedom: p-value"), "{out}");
}

#[test]
fn stats_json_and_what_it_skips() {
    let doc = json(
        &[
            "stats",
            "--format",
            "json",
            "samples/puluc/malformed.arb",
            "samples/simpei/win-diagonal.arb",
            "samples/puluc/game-over.arb",
        ],
        None,
    );
    assert_eq!(doc["records"].as_array().unwrap().len(), 1, "{doc}");
    assert_eq!(doc["totals"][0]["game"], "puluc");
    assert_eq!(doc["totals"][0]["throws"]["throws"], 2);
    let skipped = doc["skipped"].as_array().unwrap();
    assert_eq!(skipped.len(), 9);
    assert!(skipped
        .iter()
        .any(|s| s["reason"] == "simpei has no throws"));
}

#[test]
fn stats_says_a_few_throws_are_rough_and_counts_games_without_throws_once() {
    let (code, out) = arbitre(
        &[
            "stats",
            "samples/puluc/malformed.arb",
            "samples/simpei/win-diagonal.arb",
            "samples/simpei/spec-example.arb",
            "samples/puluc/game-over.arb",
        ],
        None,
    );
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains(
            "game-over.arb#0: puluc, 2 throws, p-value 0.8557 (rough: some expected count is below 5)\n"
        ),
        "{out}"
    );
    // The Simpei records on one line; the malformed Puluc records each.
    assert!(!out.contains("has no throws"), "{out}");
    let lines = |what: &str| out.lines().filter(|l| l.contains(what)).count();
    assert_eq!(lines("games without throws"), 1, "{out}");
    assert!(
        out.contains("skipped: 2 records of games without throws (simpei 2)\n"),
        "{out}"
    );
    assert_eq!(lines("skipped: malformed"), 8, "{out}");
}

#[test]
fn stats_never_changes_a_verdict() {
    let loaded = "---\ngame: puluc\n---\n1:e 1:e 1:1-2 1:9-8\n";
    let doc = json(&["stats", "--format", "json", "-"], Some(loaded));
    assert!(doc["totals"][0]["throws"]["p_value"].as_f64().unwrap() < 0.02);
    let (code, _) = arbitre(&["check", "-"], Some(loaded));
    assert_eq!(code, 0);
}

#[test]
fn setup_errors_point_at_the_entry() {
    let record = "---\ngame: puluc\nsetup:\n  track: {\"3\": [a], \"12\": [b]}\n---\n";
    let doc = json(&["check", "--format", "json", "-"], Some(record));
    let d = &doc["records"][0]["diagnostic"];
    assert_eq!(d["rule"], "setup");
    assert_eq!(
        (d["line"].as_u64(), d["column"].as_u64()),
        (Some(4), Some(21)),
        "{d}"
    );
}

#[test]
fn unquoted_track_keys_are_squares() {
    let record = "---\ngame: puluc\nsetup:\n  track:\n    4: [b, a]\n---\n1. 1:4-5\n";
    let (code, out) = arbitre(&["check", "-"], Some(record));
    assert_eq!(code, 0, "{out}");
}

#[test]
fn an_illegal_turn_lists_the_moves_of_its_throw() {
    let doc = json(
        &[
            "check",
            "--format",
            "json",
            "samples/puluc/own-piece-there.arb",
        ],
        None,
    );
    let d = &doc["records"][0]["diagnostic"];
    assert_eq!(d["expected"], serde_json::json!(["2:2-4"]));
    assert_eq!(d["turn"], "2. A");
}
