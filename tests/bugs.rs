//! Regression tests for the bugs a review of the referee's experience found
//! (issue 9): one test per bug, each failing on the code before its fix.

// Runs the `arbitre` binary, which the `cli` feature builds.
#![cfg(feature = "cli")]

mod run;

use run::run;
use serde_json::Value;

/// Bug 2: the replay of an illegal record stops before its illegal turn,
/// so the header's `end: time` does not make it finished.
#[test]
fn an_illegal_record_is_not_finished_by_its_header_end() {
    let file = "samples/superpion/dispute-end-time.arb";
    let (code, json, _) = run(&["score", "--format", "json", file]);
    assert_eq!(code, 1);
    let record: Value = serde_json::from_str::<Value>(&json).unwrap()["records"][0].clone();
    assert_eq!(record["verdict"], "illegal");
    assert_eq!(record["status"], "unfinished", "{json}");
    assert_eq!(record["to_move"], "yellow", "{json}");
    // Its legal neighbour: the round played to its end.
    let (code, json, _) = run(&["score", "--format", "json", "--record", "1", file]);
    assert_eq!(code, 0);
    let record: Value = serde_json::from_str::<Value>(&json).unwrap()["records"][0].clone();
    assert_eq!(record["status"], "finished", "{json}");
}

/// Bug 3: a contradicted result says what the replay gives, not what is
/// "legal here", and names Puluc's players A and B, not as articles.
#[test]
fn a_result_mismatch_says_what_the_replay_gives() {
    let (_, out, _) = run(&["check", "samples/puluc/result-mismatch.arb"]);
    assert!(
        out.contains("the header claims B (Bruno) won, but the replay gives A (Ana) won"),
        "{out}"
    );
    assert!(out.contains("help: the replay gives: a\n"), "{out}");
    assert!(!out.contains("legal here"), "{out}");
    let (_, out, _) = run(&["check", "samples/superpion/result-mismatch.arb"]);
    assert!(out.contains("help: the replay gives: "), "{out}");
    let (_, out, _) = run(&["check", "samples/puluc/end-mismatch.arb"]);
    assert!(out.contains(", but A won by killing"), "{out}");
    // Keys stay as the header writes them.
    let (_, json, _) = run(&["check", "--format", "json", "samples/puluc/full-game.arb"]);
    let doc: Value = serde_json::from_str(&json).unwrap();
    assert_eq!(doc["records"][0]["winner"], "a");
}

/// Bug 4: every verdict names its turn by label, and counts in words.
#[test]
fn verdicts_name_turns_by_label_and_count_in_words() {
    let (_, out, _) = run(&["check", "samples/superpion/time-end.arb"]);
    assert!(
        out.contains("illegal: superpion/time-end at 1.R (8:1)"),
        "{out}"
    );
    assert!(!out.contains(" at turn "), "{out}");
    let (_, out, _) = run(&["check", "samples/superpion/maximum-capture.arb"]);
    assert!(out.contains("to play after 1 turn\n"), "{out}");
    assert!(
        out.contains("this capture takes 1 piece, but 2 can be taken"),
        "{out}"
    );
    for args in [
        &["check", "samples"][..],
        &["stats", "samples/puluc"],
        &[
            "moves",
            "samples/superpion/maximum-capture.arb",
            "--turn",
            "0",
        ],
        &["moves", "samples/simpei/illegal-must-place.arb"],
    ] {
        let (_, out, _) = run(args);
        assert!(!out.contains("(s)"), "{args:?}:\n{out}");
        assert!(
            !out.contains(" 1 turns") && !out.contains(" 1 pieces"),
            "{args:?}"
        );
    }
}
