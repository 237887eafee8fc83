//! The command line as a user meets it: exit statuses, formats, commands,
//! and bad input that must give a clear error, never a panic.

// Runs the `arbitre` binary, which the `cli` feature builds.
#![cfg(feature = "cli")]

use assert_cmd::Command;
use predicates::prelude::*;
use serde_json::Value;

#[path = "../src/bin/arbitre/cli.rs"]
#[allow(dead_code)]
mod cli;

fn arbitre() -> Command {
    let mut cmd = Command::cargo_bin("arbitre").unwrap();
    cmd.env_remove("NO_COLOR");
    cmd
}

fn sample(name: &str) -> String {
    format!("{}/samples/{name}", env!("CARGO_MANIFEST_DIR"))
}

fn json(args: &[&str], stdin: Option<Vec<u8>>) -> (i32, Value) {
    let mut cmd = arbitre();
    cmd.args(args);
    if let Some(input) = stdin {
        cmd.write_stdin(input);
    }
    let output = cmd.output().unwrap();
    let value = serde_json::from_slice(&output.stdout).unwrap_or(Value::Null);
    (output.status.code().unwrap_or(-1), value)
}

#[test]
fn check_exit_statuses() {
    arbitre()
        .args(["check", &sample("simpei/win-diagonal.arb")])
        .assert()
        .code(0);
    arbitre()
        .args(["check", &sample("simpei/illegal-occupied.arb")])
        .assert()
        .code(1);
    arbitre()
        .args(["check", &sample("simpei/malformed-syntax.arb")])
        .assert()
        .code(2);
    arbitre()
        .args([
            "check",
            &sample("simpei/win-diagonal.arb"),
            &sample("simpei/illegal-occupied.arb"),
        ])
        .assert()
        .code(1);
    arbitre()
        .args(["check", "/nonexistent/file.arb"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("cannot read"));
    arbitre().args(["check"]).assert().code(2);
    let empty = std::env::temp_dir().join(format!("arbitre-empty-{}", std::process::id()));
    std::fs::create_dir_all(&empty).unwrap();
    arbitre()
        .args(["check", empty.to_str().unwrap()])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("holds no *.arb file"));
    arbitre().args(["frobnicate"]).assert().code(2);
}

#[test]
fn check_a_directory_prints_a_line_per_record_and_a_summary() {
    arbitre()
        .args(["--color", "never", "check", &sample("simpei")])
        .assert()
        .code(2)
        .stdout(predicate::str::contains(
            "win-diagonal.arb#0: legal: blue (David) wins after 6 turns",
        ))
        .stdout(predicate::str::contains("several-records.arb#2: legal"))
        .stdout(predicate::str::contains(
            "| records | legal | illegal | malformed | warnings |",
        ));
}

#[test]
fn json_has_the_fields_of_record_md() {
    let path = sample("simpei/illegal-occupied.arb");
    let (code, doc) = json(&["check", "--format", "json", &path], None);
    assert_eq!(code, 1);
    let record = &doc["records"][0];
    for key in [
        "path",
        "index",
        "game",
        "verdict",
        "diagnostic",
        "warnings",
        "turns",
        "status",
        "winner",
        "to_move",
        "scores",
    ] {
        assert!(record.get(key).is_some(), "missing {key}");
    }
    assert_eq!(record["path"], path.as_str());
    assert_eq!(record["verdict"], "illegal");
    let d = &record["diagnostic"];
    assert_eq!(d["rule"], "simpei/occupied");
    assert_eq!(d["line"], 5);
    assert_eq!(d["column"], 7);
    assert_eq!(d["length"], 2);
    assert_eq!(d["turn_index"], 1);
    assert!(d["expected"].as_array().unwrap().iter().any(|e| e == "e5"));
    let text = std::fs::read_to_string(&path).unwrap();
    let offset = d["offset"].as_u64().unwrap() as usize;
    assert_eq!(&text[offset..offset + 2], "C3");
}

#[test]
fn yaml_carries_the_same_data() {
    arbitre()
        .args([
            "check",
            "--format",
            "yaml",
            &sample("simpei/win-diagonal.arb"),
        ])
        .assert()
        .code(0)
        .stdout(predicate::str::contains("verdict: legal"))
        .stdout(predicate::str::contains("winner: blue"));
}

#[test]
fn standard_input_is_dash() {
    let text = std::fs::read(sample("simpei/win-diagonal.arb")).unwrap();
    let (code, doc) = json(&["check", "--format", "json", "-"], Some(text));
    assert_eq!(code, 0);
    assert_eq!(doc["records"][0]["path"], "-");
}

#[test]
fn human_diagnostic_underlines_and_names_the_alternatives() {
    arbitre()
        .args([
            "--color",
            "never",
            "check",
            &sample("simpei/illegal-not-a-neighbour.arb"),
        ])
        .assert()
        .code(1)
        .stdout(predicate::str::contains("simpei/not-a-neighbour"))
        .stdout(predicate::str::contains("e5 is not a neighbour of g7"))
        // Not a terminal: told in plain lines, the place quoted.
        .stdout(predicate::str::contains(
            "illegal-not-a-neighbour.arb:8:10, `g7-e5`\n",
        ))
        .stdout(predicate::str::contains("───").not())
        // The cheap repair first, then what was legal.
        .stdout(predicate::str::contains(
            "help: the rest of the record reads legally if 1... blue is `f4-e5`: arbitre repair ",
        ))
        .stdout(predicate::str::contains("legal here: b2-a3, b2-c3"));
}

#[test]
fn columns_is_the_width_of_tables() {
    let widest = |columns: Option<&str>| {
        let mut cmd = arbitre();
        cmd.env_remove("COLUMNS");
        if let Some(c) = columns {
            cmd.env("COLUMNS", c);
        }
        let out = cmd
            .args(["score", &sample("puluc/full-game.arb")])
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout).into_owned();
        let widest = text.lines().map(|l| l.chars().count()).max().unwrap_or(0);
        (widest, text)
    };
    let (narrow, text) = widest(Some("50"));
    assert!(narrow <= 50, "{text}");
    assert!(text.contains("+-"), "drawn in ASCII in a pipe:\n{text}");
    // Its neighbours: no COLUMNS, or one that is not a width.
    for columns in [None, Some("0"), Some("wide")] {
        let (wide, text) = widest(columns);
        assert!(wide > 50 && wide <= 100, "{columns:?}:\n{text}");
    }
}

#[test]
fn boxes_follow_drawing_not_colour() {
    // A pipe is not drawn: ASCII tables and plain diagnostics, with colour
    // asked for or not, and with TERM=dumb.
    for (color, term) in [("always", "xterm"), ("never", "xterm"), ("auto", "dumb")] {
        let out = arbitre()
            .env("TERM", term)
            .args(["--color", color, "check"])
            .args([
                sample("simpei/illegal-occupied.arb"),
                sample("simpei/win-diagonal.arb"),
            ])
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(text.contains("+-"), "{color}, TERM={term}:\n{text}");
        assert!(!text.contains('│') && !text.contains('─'), "{text}");
        assert_eq!(text.contains("\x1b["), color == "always", "{text}");
    }
}

#[test]
fn colour_only_when_asked_or_on_a_terminal() {
    let path = sample("simpei/illegal-occupied.arb");
    arbitre()
        .args(["check", &path])
        .assert()
        .stdout(predicate::str::contains("\x1b[").not());
    arbitre()
        .args(["--color", "always", "check", &path])
        .assert()
        .stdout(predicate::str::contains("\x1b["));
    arbitre()
        .env("NO_COLOR", "1")
        .args(["check", &path])
        .assert()
        .stdout(predicate::str::contains("\x1b[").not());
}

#[test]
fn score_show_and_moves() {
    arbitre()
        .args(["score", &sample("simpei/win-diagonal.arb")])
        .assert()
        .code(0)
        .stdout(predicate::str::contains("blue (David) wins after 6 turns"))
        .stdout(predicate::str::contains("on board"));
    arbitre()
        .args(["score", &sample("simpei/unfinished-placement.arb")])
        .assert()
        .stdout(predicate::str::contains("unfinished, blue to act"));
    arbitre()
        .args(["show", &sample("simpei/win-diagonal.arb"), "--turn", "1"])
        .assert()
        .code(0)
        .stdout(predicate::str::contains("After 1 turn:"))
        .stdout(predicate::str::contains(
            "5  .     .     .     .\n4     o     o     o\n3  .     R     .     .",
        ))
        .stdout(predicate::str::contains("In hand: red 3, blue 4"))
        .stdout(predicate::str::contains("blue to act"));
    arbitre()
        .args(["moves", &sample("simpei/win-diagonal.arb"), "--turn", "0"])
        .assert()
        .code(0)
        .stdout(predicate::str::contains("4 legal turns"))
        .stdout(predicate::str::contains("  c3\n  e3\n  c5\n  e5\n"));
    arbitre()
        .args(["moves", &sample("simpei/win-diagonal.arb")])
        .assert()
        .stdout(predicate::str::contains("0 legal turns"));
    arbitre()
        .args(["show", &sample("simpei/win-diagonal.arb"), "--turn", "99"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--turn goes from 0 to 6, not 99"));
    arbitre()
        .args(["show", &sample("simpei/illegal-occupied.arb")])
        .assert()
        .code(1)
        .stdout(predicate::str::contains("simpei/occupied"));
    arbitre()
        .args([
            "show",
            &sample("simpei/several-records.arb"),
            "--record",
            "2",
        ])
        .assert()
        .code(0)
        .stdout(predicate::str::contains("red to act"));
    arbitre()
        .args([
            "show",
            &sample("simpei/several-records.arb"),
            "--record",
            "3",
        ])
        .assert()
        .code(2);
}

#[test]
fn new_prints_a_template_that_checks() {
    let output = arbitre().args(["new", "simpei"]).output().unwrap();
    assert!(output.status.success());
    arbitre()
        .args(["check", "-"])
        .write_stdin(output.stdout)
        .assert()
        .code(0);
    arbitre()
        .args(["new", "simpe"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("did you mean `simpei`?"));
}

#[test]
fn random_games_are_reproducible_and_legal() {
    let one = arbitre()
        .args(["random", "simpei", "--seed", "11"])
        .output()
        .unwrap();
    let two = arbitre()
        .args(["random", "simpei", "--seed", "11"])
        .output()
        .unwrap();
    assert_eq!(one.stdout, two.stdout);
    arbitre()
        .args(["check", "-"])
        .write_stdin(one.stdout)
        .assert()
        .code(0);
    let short = arbitre()
        .args(["random", "simpei", "--max-turns", "3"])
        .output()
        .unwrap();
    let (_, doc) = json(&["check", "--format", "json", "-"], Some(short.stdout));
    assert_eq!(doc["records"][0]["turns"], 3);
}

#[test]
fn perft_matches_the_reference_counts() {
    arbitre()
        .args(["perft", "simpei", "--depth", "3"])
        .assert()
        .code(0)
        .stdout("2472\n");
    arbitre()
        .args(["perft", "simpei", "--depth", "2", "--mode", "x"])
        .assert()
        .code(2);
}

#[test]
fn house_rules_on_the_command_line_are_checked() {
    arbitre()
        .args([
            "check",
            "--rule",
            "no-such-rule",
            &sample("simpei/win-diagonal.arb"),
        ])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("is not a house rule"));
}

/// A run's standard output and standard error, and its exit status.
fn run(args: &[&str]) -> (i32, String, String) {
    let output = arbitre().args(args).output().unwrap();
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

const FORGIVE: &str = "forgive-missed-captures";

#[test]
fn a_house_rule_of_another_game_checks_every_record_and_says_so_once() {
    let (simpei, other_simpei, puluc, superpion) = (
        sample("simpei/win-diagonal.arb"),
        sample("simpei/spec-example.arb"),
        sample("puluc/full-game.arb"),
        sample("superpion/spec-example.arb"),
    );
    let mixed = [
        "check",
        "--rule",
        FORGIVE,
        &simpei,
        &other_simpei,
        &puluc,
        &superpion,
    ];
    let (code, out, err) = run(&mixed);
    assert_eq!(code, 0, "{out}{err}");
    assert_eq!(out.matches(": legal: ").count(), 4, "{out}");
    assert_eq!(
        err,
        "note: --rule forgive-missed-captures applies to Superpion only; \
         it changed nothing for 2 Simpei records and 1 Puluc record\n"
    );
    // Turned off, it is as idle.
    let off = format!("{FORGIVE}=false");
    let (_, _, err) = run(&["check", "--rule", &off, &puluc]);
    assert!(
        err.contains("it changed nothing for 1 Puluc record\n"),
        "{err}"
    );
    // The neighbours: the game that defines it, and no --rule at all.
    let (code, _, err) = run(&["check", "--rule", FORGIVE, &superpion]);
    assert_eq!((code, err.as_str()), (0, ""));
    let (code, _, err) = run(&["check", &simpei, &puluc]);
    assert_eq!((code, err.as_str()), (0, ""));
    // A name no game defines stays a usage error, before any record.
    let (code, out, err) = run(&["check", "--rule", "no-such-rule", &simpei]);
    assert_eq!((code, out.as_str()), (2, ""));
    assert!(err.contains("is not a house rule"), "{err}");
}

#[test]
fn the_house_rule_note_keeps_machine_output_pure() {
    let (simpei, superpion) = (
        sample("simpei/win-diagonal.arb"),
        sample("superpion/spec-example.arb"),
    );
    for format in ["json", "jsonl", "yaml"] {
        let (code, out, err) = run(&[
            "check", "--format", format, "--rule", FORGIVE, &simpei, &superpion,
        ]);
        assert_eq!(code, 0, "{format}");
        assert!(!out.contains("note"), "{format}: {out}");
        assert!(
            err.starts_with("note: --rule forgive-missed-captures"),
            "{format}: {err}"
        );
        if format == "json" {
            let doc: Value = serde_json::from_str(&out).unwrap();
            assert_eq!(doc["records"].as_array().map(Vec::len), Some(2));
        }
    }
}

#[test]
fn score_show_and_moves_note_an_idle_house_rule_too() {
    let (puluc, superpion) = (
        sample("puluc/full-game.arb"),
        sample("superpion/spec-example.arb"),
    );
    for command in ["score", "show", "moves"] {
        let (code, out, err) = run(&[command, "--rule", FORGIVE, &puluc]);
        assert_eq!(code, 0, "{command}: {err}");
        assert!(!out.is_empty(), "{command}");
        assert_eq!(
            err,
            "note: --rule forgive-missed-captures applies to Superpion only; \
             it changed nothing for 1 Puluc record\n",
            "{command}"
        );
        let (code, _, err) = run(&[command, "--rule", FORGIVE, &superpion]);
        assert_eq!((code, err.as_str()), (0, ""), "{command}");
    }
}

#[test]
fn every_command_has_help_with_an_example() {
    use clap::CommandFactory;
    let cli = cli::Cli::command();
    let commands: Vec<&str> = cli.get_subcommands().map(|c| c.get_name()).collect();
    assert!(commands.contains(&"stats"));
    for command in commands {
        arbitre()
            .args([command, "--help"])
            .assert()
            .code(0)
            .stdout(predicate::str::contains("Example"));
    }
}

fn malformed(input: Vec<u8>) -> Value {
    let (code, doc) = json(&["check", "--format", "json", "-"], Some(input));
    assert_eq!(code, 2, "{doc}");
    assert_eq!(doc["records"][0]["verdict"], "malformed");
    doc["records"][0]["diagnostic"].clone()
}

#[test]
fn bad_input_is_a_clear_error() {
    assert!(malformed(Vec::new())["message"]
        .as_str()
        .unwrap()
        .contains("no record"));
    let garbage: Vec<u8> = (0..4096u32)
        .map(|i| (i.wrapping_mul(2654435761) >> 13) as u8)
        .collect();
    let d = malformed(garbage);
    assert_eq!(d["rule"], "syntax");
    let d = malformed(b"---\ngame: simpei\n---\nc3 \xff\xfe d4\n".to_vec());
    assert_eq!(d["offset"], 24);
    let d = malformed(b"---\ngame: simpei\nc3 d4\n".to_vec());
    assert_eq!(d["message"], "this header is never closed");
    let d = malformed(b"---\ngame: [simpei\n---\n".to_vec());
    assert_eq!(d["rule"], "header");
    let d = malformed(b"---\nevent: x\n---\n".to_vec());
    assert!(d["message"].as_str().unwrap().contains("no `game`"));
    let d = malformed(b"---\ngame: simpi\n---\n".to_vec());
    assert_eq!(d["help"], "did you mean `simpei`?");
    let d = malformed(b"---\ngame: simpei\ndate: 2026-13-01\n---\n".to_vec());
    assert_eq!(d["line"], 3);
    let nested = format!(
        "---\ngame: simpei\n---\n{}c3{}\n",
        "{".repeat(1000),
        "}".repeat(1000)
    );
    let d = malformed(nested.into_bytes());
    assert_eq!(d["message"], "`}` closes no comment");
}

#[test]
fn a_large_file_of_random_tokens_is_rejected_quickly_and_calmly() {
    let mut text = String::from("---\ngame: simpei\n---\n");
    let words = [
        "c3", "d4-e5", "{x}", "1.", "zz9", "e5>a1", "--", ";c\n", "\n",
    ];
    let mut state = 12345u64;
    while text.len() < 50 * 1024 * 1024 {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        text.push_str(words[(state >> 33) as usize % words.len()]);
        text.push(' ');
    }
    let d = malformed(text.into_bytes());
    assert_eq!(d["rule"], "syntax");
}

#[test]
fn the_examples_of_the_help_run() {
    let help = arbitre().arg("--help").output().unwrap();
    let help = String::from_utf8_lossy(&help.stdout).into_owned();
    let examples: Vec<&str> = help
        .lines()
        .filter_map(|l| l.trim().strip_prefix("arbitre "))
        .filter(|l| l.contains("samples") && !l.contains('>'))
        .collect();
    assert!(examples.len() >= 5, "{help}");
    for example in examples {
        let output = arbitre()
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .args(example.split_whitespace())
            .output()
            .unwrap();
        let code = output.status.code();
        assert!(matches!(code, Some(0..=2)), "{example}: {code:?}");
        assert!(!output.stdout.is_empty(), "{example}: no output");
    }
}

#[test]
fn review_findings_stay_fixed() {
    // A setup error comes before a syntax error later in the file.
    let d = malformed(b"---\ngame: simpei\nsetup: {red: [b1]}\n---\nc3 xx\n".to_vec());
    assert_eq!(d["rule"], "setup");
    // A Puluc setup cannot list a square twice as 3 and "03": a leading
    // zero names no square.
    let d =
        malformed(b"---\ngame: puluc\nsetup: {track: {\"3\": [a], \"03\": [a]}}\n---\n".to_vec());
    assert_eq!(d["rule"], "setup");
    assert_eq!(d["help"], "write `\"3\"`");
    // Unknown nested keys get their hint too.
    let d = malformed(b"---\ngame: simpei\nplayers: {red: x, bleu: y}\n---\n".to_vec());
    assert_eq!(d["help"], "did you mean `blue`?");
    // A throw of any length past 5 is not notation, as `6:e` is not.
    let d = malformed(b"---\ngame: puluc\n---\n99999999999999999999:e\n".to_vec());
    assert_eq!(d["rule"], "syntax");
    // Deep bracket nesting in a header is refused at once.
    let deep = format!("---\ngame: simpei\nevent: {}\n---\n", "[".repeat(100_000));
    assert_eq!(malformed(deep.into_bytes())["rule"], "header");
    // A byte-order mark before the first `---` is fine.
    let (code, _) = json(
        &["check", "--format", "json", "-"],
        Some(b"\xef\xbb\xbf---\ngame: simpei\n---\nc3\n".to_vec()),
    );
    assert_eq!(code, 0);
}
