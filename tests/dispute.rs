//! Settling a dispute in one step: a diagnostic's help ends with the
//! `arbitre moves` command for the position of the illegal turn; `moves`
//! and `show` default to that position on an illegal record; `--turn`
//! takes the labels the reports print; and a finished game has no legal
//! turn, as `check` says.

// Runs the `arbitre` binary, which the `cli` feature builds.
#![cfg(feature = "cli")]

use assert_cmd::Command;
use serde_json::Value;

fn arbitre() -> Command {
    let mut cmd = Command::cargo_bin("arbitre").unwrap();
    cmd.env_remove("NO_COLOR")
        .current_dir(env!("CARGO_MANIFEST_DIR"));
    cmd
}

/// `(status, stdout, stderr)` of a run.
fn run(args: &[&str]) -> (i32, String, String) {
    let output = arbitre().args(args).output().unwrap();
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

fn diagnostic(args: &[&str], stdin: Option<&str>) -> Value {
    let mut cmd = arbitre();
    cmd.args(args);
    if let Some(input) = stdin {
        cmd.write_stdin(input);
    }
    let output = cmd.output().unwrap();
    let json: Value = serde_json::from_slice(&output.stdout).unwrap_or(Value::Null);
    json["records"][0]["diagnostic"].clone()
}

const OCCUPIED: &str = "samples/simpei/illegal-occupied.arb";
/// Its illegal turn, by the label the diagnostic gives it, as a shell word.
const OCCUPIED_AT: &str = "'1... blue'";

#[test]
fn the_help_ends_with_the_commands_that_list_every_legal_turn_and_explain_the_rule() {
    let (code, out, _) = run(&["check", "--color", "never", OCCUPIED]);
    assert_eq!(code, 1);
    let help = out.trim_end();
    assert!(
        help.ends_with(&format!(
            "every legal turn there:\n        arbitre moves {OCCUPIED} --turn {OCCUPIED_AT}\n        the rule explained: arbitre explain simpei/occupied"
        )),
        "{out}"
    );
    // `score` says the same.
    let (_, out, _) = run(&["score", "--color", "never", OCCUPIED]);
    assert!(
        out.trim_end().ends_with(
            "--turn '1... blue'\n        the rule explained: arbitre explain simpei/occupied"
        ),
        "{out}"
    );
    // A malformed record's help ends with its rule's too.
    let (_, out, _) = run(&[
        "check",
        "--color",
        "never",
        "samples/simpei/malformed-syntax.arb",
    ]);
    assert!(
        out.trim_end()
            .ends_with("the rule explained: arbitre explain syntax"),
        "{out}"
    );
}

#[test]
fn the_command_shows_the_position_where_the_illegal_turn_was_to_be_played() {
    let d = diagnostic(&["check", "--format", "json", OCCUPIED], None);
    let command = d["moves_command"].as_str().unwrap();
    assert_eq!(
        command,
        format!("arbitre moves {OCCUPIED} --turn {OCCUPIED_AT}")
    );
    // The label, one shell word, as a shell passes it.
    let args = ["moves", OCCUPIED, "--turn", OCCUPIED_AT.trim_matches('\'')];
    let (code, out, _) = run(&args);
    assert_eq!(code, 0, "{out}");
    let first = out.lines().next().unwrap_or("");
    assert_eq!(
        first,
        format!(
            "After 1 turn, {}: {} legal turns",
            d["turn"].as_str().unwrap(),
            d["expected_total"]
        )
    );
    // Every alternative the diagnostic names is among them.
    for play in d["expected"].as_array().unwrap() {
        let line = format!("  {}", play.as_str().unwrap());
        assert!(out.lines().any(|l| l == line), "{line} in\n{out}");
    }
}

#[test]
fn the_command_names_the_record_the_rules_and_a_path_a_shell_can_take() {
    let several = diagnostic(
        &[
            "check",
            "--format",
            "json",
            "samples/simpei/several-records.arb",
        ],
        None,
    );
    // The first record is legal: the diagnostic of the second.
    assert!(several.is_null());
    let (_, out, _) = run(&[
        "check",
        "--color",
        "never",
        "samples/simpei/several-records.arb",
    ]);
    assert!(
        out.contains(
            "arbitre moves samples/simpei/several-records.arb --record 1 --turn '2... blue'\n"
        ),
        "{out}"
    );
    let text = std::fs::read_to_string(OCCUPIED).unwrap();
    let stdin = diagnostic(&["check", "--format", "json", "-"], Some(&text));
    assert_eq!(
        stdin["moves_command"],
        format!("arbitre moves <file> --turn {OCCUPIED_AT}")
    );
    let ruled = diagnostic(
        &[
            "check",
            "--format",
            "json",
            "--rule",
            "forgive-missed-captures=false",
            OCCUPIED,
        ],
        None,
    );
    assert_eq!(
        ruled["moves_command"],
        format!(
            "arbitre moves {OCCUPIED} --turn {OCCUPIED_AT} --rule forgive-missed-captures=false"
        )
    );
    let dir = std::env::temp_dir().join(format!("arbitre-dispute-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let odd = dir.join("Chloé's game.arb");
    std::fs::write(&odd, &text).unwrap();
    let path = odd.to_string_lossy().into_owned();
    let quoted = diagnostic(&["check", "--format", "json", &path], None);
    let expected = format!("'{}' --turn {OCCUPIED_AT}", path.replace('\'', r"'\''"));
    assert!(
        quoted["moves_command"]
            .as_str()
            .is_some_and(|c| c.ends_with(&expected)),
        "{quoted}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
    let malformed = diagnostic(
        &[
            "check",
            "--format",
            "json",
            "samples/simpei/malformed-syntax.arb",
        ],
        None,
    );
    assert!(malformed["moves_command"].is_null(), "{malformed}");
}

#[test]
fn a_claim_contradicted_at_the_end_points_at_the_final_position() {
    let d = diagnostic(
        &[
            "check",
            "--format",
            "json",
            "samples/superpion/time-end.arb",
        ],
        None,
    );
    assert_eq!(
        d["moves_command"],
        "arbitre moves samples/superpion/time-end.arb --turn 2"
    );
    let (_, out, _) = run(&[
        "check",
        "--color",
        "never",
        "samples/superpion/time-end.arb",
    ]);
    // The time end names the last turn: the command shows the turns still
    // owed after it.
    assert!(out.contains("every legal turn there:\n"), "{out}");
}

#[test]
fn moves_and_show_default_to_the_position_before_the_first_illegal_turn() {
    let note = "The record is illegal at 1... blue (simpei/occupied: c3 is occupied): \
                showing the position before it, after 1 turn.\n";
    let (code, out, _) = run(&["moves", OCCUPIED]);
    assert_eq!(code, 1);
    assert!(
        out.starts_with(&format!("{note}After 1 turn, 1... blue: 24 legal turns\n")),
        "{out}"
    );
    let (code, out, _) = run(&["show", OCCUPIED]);
    assert_eq!(code, 1);
    assert!(out.starts_with(&format!("{note}After 1 turn:\n")), "{out}");
    assert!(out.ends_with("blue to act\n"), "{out}");
    // Asked for, the same position is no dispute: status 0, no note.
    let (code, out, _) = run(&["moves", OCCUPIED, "--turn", "1"]);
    assert_eq!(code, 0);
    assert!(out.starts_with("After 1 turn, 1... blue: 24"), "{out}");
}

#[test]
fn a_turn_past_the_illegal_one_names_the_last_that_can_be_shown() {
    for turn in ["2", "2.", "2... blue"] {
        let (code, out, err) = run(&["show", OCCUPIED, "--turn", turn]);
        assert_eq!(code, 1, "{turn}: {err}");
        assert!(out.is_empty(), "{out}");
        assert_eq!(
            err,
            format!(
                "error: cannot show --turn {turn}: the record is illegal at 1... blue \
                 (simpei/occupied: c3 is occupied), so the last position that can be shown \
                 is the one before it, after 1 turn (--turn 1)\n"
            )
        );
    }
    // Past the end of the record is a usage error, as before.
    let (code, _, err) = run(&["show", OCCUPIED, "--turn", "3"]);
    assert_eq!(code, 2);
    assert!(err.contains("--turn goes from 0 to 2, not 3"), "{err}");
}

#[test]
fn a_malformed_record_stays_an_error() {
    let (code, out, _) = run(&["moves", "samples/simpei/malformed-syntax.arb"]);
    assert_eq!(code, 2);
    assert!(out.contains("malformed: syntax"), "{out}");
}

#[test]
fn an_end_the_replay_contradicts_is_said_and_not_taken() {
    // `end: time` before the round is over: the turns still to play are listed.
    let (code, out, _) = run(&["moves", "samples/superpion/time-end.arb"]);
    assert_eq!(code, 1);
    let mut lines = out.lines();
    assert!(
        lines.next().is_some_and(|l| l.starts_with(
            "The record is illegal (superpion/time-end: the header says the game ended on time"
        ) && l
            .ends_with("showing the final position as the replay gives it, after 2 turns.")),
        "{out}"
    );
    assert_eq!(lines.next(), Some("After 2 turns, 1.Y: 72 legal turns"));
}

/// The first line of `moves` and the position of `show` at `turn`.
fn at(file: &str, record: &str, turn: &str) -> (i32, String, String) {
    let (code, moves, err) = run(&["moves", file, "--record", record, "--turn", turn]);
    let (_, show, _) = run(&["show", file, "--record", record, "--turn", turn]);
    (code, format!("{moves}{show}"), err)
}

#[test]
fn turn_takes_the_labels_the_reports_print() {
    let cases = [
        // Simpei: `N.` red's turn, `N...` blue's, the side optional.
        (
            "samples/simpei/win-diagonal.arb",
            "0",
            "2",
            &["2.", "2. RED", " 2.red "][..],
        ),
        (
            "samples/simpei/win-diagonal.arb",
            "0",
            "1",
            &["1...", "1... blue"][..],
        ),
        // Superpion: round and camp, by letter or name; `N.` the round's first.
        (
            "samples/superpion/dispute-end-time.arb",
            "1",
            "1",
            &["1.R", "1.r", "1. red"][..],
        ),
        (
            "samples/superpion/dispute-end-time.arb",
            "1",
            "0",
            &["1.B", "1."][..],
        ),
        // The turn after the last: the final position.
        (
            "samples/superpion/dispute-end-time.arb",
            "1",
            "4",
            &["2.B"][..],
        ),
        // Puluc: as Simpei, sides a and b.
        (
            "samples/puluc/full-game.arb",
            "0",
            "5",
            &["3...", "3... b"][..],
        ),
    ];
    for (file, record, count, labels) in cases {
        let (code, by_count, _) = at(file, record, count);
        assert_eq!(code, 0, "{file} --turn {count}");
        for label in labels {
            let (code, by_label, err) = at(file, record, label);
            assert_eq!(code, 0, "{file} --turn {label}: {err}");
            assert_eq!(
                by_label, by_count,
                "{file}: --turn {label} is --turn {count}"
            );
        }
    }
}

#[test]
fn a_label_is_the_position_before_its_turn() {
    // 1... blue is the illegal turn: its label shows the position before it.
    let (code, out, _) = run(&["moves", OCCUPIED, "--turn", "1..."]);
    assert_eq!(code, 0);
    assert!(out.starts_with("After 1 turn, 1... blue:"), "{out}");
}

#[test]
fn bad_turns_get_the_accepted_forms() {
    let cases = [
        (
            "samples/simpei/win-diagonal.arb",
            "x",
            "`3.` (red's turn of move 3), `3...` (blue's)",
        ),
        ("samples/simpei/win-diagonal.arb", "2.x", "`3... blue`"),
        // Puluc's sides named A and B, as the labels print them.
        (
            "samples/puluc/full-game.arb",
            "3.-",
            "`3.` (A's turn of move 3), `3...` (B's)",
        ),
        ("samples/puluc/full-game.arb", "3.-", "`3... B`"),
        (
            "samples/superpion/spec-example.arb",
            "3.Q",
            "`3.B` (round 3, the camp by letter",
        ),
        (
            "samples/superpion/spec-example.arb",
            "B3",
            "`3.` (the round's first turn)",
        ),
    ];
    for (file, turn, forms) in cases {
        let (code, out, err) = run(&["moves", file, "--turn", turn]);
        assert_eq!(code, 2, "{turn}");
        assert!(out.is_empty());
        assert!(
            err.starts_with(&format!("error: `{turn}` is not a ")),
            "{err}"
        );
        assert!(
            err.contains("a number of turns (`5`: after 5 turns)"),
            "{err}"
        );
        assert!(err.contains(forms), "{turn}: {err}");
    }
    let (code, _, err) = run(&[
        "moves",
        "samples/simpei/win-diagonal.arb",
        "--turn",
        "2. blue",
    ]);
    assert_eq!(code, 2);
    assert!(
        err.contains("2. is red's turn; blue's is written 2..."),
        "{err}"
    );
    let (code, _, err) = run(&["moves", "samples/simpei/win-diagonal.arb", "--turn", " "]);
    assert_eq!(code, 2);
    assert!(
        err.contains("an empty turn; write a number of turns"),
        "{err}"
    );
    let (code, _, err) = run(&["show", "samples/simpei/win-diagonal.arb", "--turn", "9."]);
    assert_eq!(code, 2);
    assert_eq!(
        err,
        "error: the record has no turn `9.`: its labels run from 1. red (the start) \
         to 4. red (after its last turn)\n"
    );
}

#[test]
fn a_finished_game_has_no_legal_turn() {
    let file = "samples/superpion/dispute-end-time.arb";
    let (code, out, _) = run(&["moves", file, "--record", "1"]);
    assert_eq!(code, 0);
    assert_eq!(
        out,
        "After 4 turns: 0 legal turns. Game over: finished (time): shared first place\n"
    );
    let (code, out, _) = run(&["show", file, "--record", "1"]);
    assert_eq!(code, 0);
    assert!(
        out.ends_with("\nGame over: finished (time): shared first place\n"),
        "{out}"
    );
    assert!(!out.contains("to play"), "{out}");
    // `check` says the same.
    let (_, out, _) = run(&["check", file]);
    assert!(
        out.contains("#1: legal: finished (time): shared first place"),
        "{out}"
    );
    // Before the end, `end: time` does not hold yet.
    let (code, out, _) = run(&["moves", file, "--record", "1", "--turn", "3"]);
    assert_eq!(code, 0);
    assert!(out.starts_with("After 3 turns, 1.K: "), "{out}");
    // On an illegal record the replay stops before the end: the game goes on.
    let (code, out, _) = run(&["moves", file]);
    assert_eq!(code, 1);
    assert!(
        out.contains("\nAfter 2 turns, 1.Y: 66 legal turns\n"),
        "{out}"
    );
    // A win, in each game.
    for (file, how) in [
        ("samples/simpei/win-diagonal.arb", "blue (David) wins"),
        ("samples/puluc/full-game.arb", "A (Ana) wins"),
        (
            "samples/superpion/game-over.arb",
            "finished (one side left): blue wins",
        ),
    ] {
        let (code, out, _) = run(&["moves", file]);
        assert_eq!(code, 0, "{file}");
        assert!(
            out.ends_with(&format!(": 0 legal turns. Game over: {how}\n")),
            "{out}"
        );
        let (_, out, _) = run(&["show", file]);
        assert!(out.contains("\nGame over: "), "{out}");
    }
}
