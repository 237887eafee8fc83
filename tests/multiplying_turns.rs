//! Simpei turns that multiply: one action that sandwiches several pieces
//! has a turn for every way to relocate them (143,647 legal turns where a
//! move sandwiches four). They are counted, not listed: `check` builds no
//! more than it prints, `show` none, `moves` one line per action unless
//! asked for each turn.

// Runs the `arbitre` binary, which the `cli` feature builds.
#![cfg(feature = "cli")]

use assert_cmd::Command;
use serde_json::Value;

use arbitre::game::LISTED;
use arbitre::games::simpei::Simpei;
use arbitre::replay::check_as;
use arbitre::{Mechanics, Presentation, Switches};

/// Red's b2-a1 sandwiches c1, e1 (against g1) and a3, a5 (against a7);
/// 21 points are empty once they are lifted.
const FOUR: &str = "setup: {red: [b2, g1, a7, f6], blue: [c1, e1, a3, a5]}\n";
/// b2-a1 sandwiches only a3 and a5 (c1 has no red piece behind it).
const TWO: &str = "setup: {red: [b2, a7, g7, f6], blue: [a3, a5, c1, g3]}\n";
/// b2-a1 sandwiches a3 alone, against a5.
const ONE: &str = "setup: {red: [b2, a5, f6, g7], blue: [a3, c1, g3, e7]}\n";

fn record(setup: &str, movetext: &str) -> String {
    format!("---\ngame: simpei\n{setup}---\n{movetext}\n")
}

fn start(setup: &str) -> arbitre::games::simpei::Position {
    arbitre::open::<Simpei>(&record(setup, ""), &Switches::new())
        .unwrap_or_else(|m| panic!("{m}"))
        .start
}

fn sample(name: &str) -> String {
    format!("{}/samples/{name}", env!("CARGO_MANIFEST_DIR"))
}

fn arbitre(args: &[&str], stdin: &str) -> (i32, String) {
    let output = Command::cargo_bin("arbitre")
        .unwrap_or_else(|e| panic!("{e}"))
        .args(args)
        .write_stdin(stdin.to_string())
        .output()
        .unwrap_or_else(|e| panic!("{e}"));
    let out = String::from_utf8_lossy(&output.stdout).into_owned();
    (output.status.code().unwrap_or(-1), out)
}

#[test]
fn the_count_is_the_product_of_the_relocation_choices() {
    for (setup, sandwiched_turns) in [(FOUR, 21 * 20 * 19 * 18), (TWO, 19 * 18), (ONE, 18)] {
        let position = start(setup);
        let all = Simpei::legal(&position);
        let (first, total) = Simpei::legal_first(&position, LISTED);
        assert_eq!(total, all.len(), "{setup}");
        assert_eq!(first, all[..LISTED], "{setup}");
        let of_b2_a1 = all
            .iter()
            .filter(|p| p.to_string().starts_with("b2-a1"))
            .count();
        assert_eq!(of_b2_a1, sandwiched_turns, "{setup}");
        assert!(Simpei::has_legal(&position));
    }
    assert_eq!(Simpei::legal_first(&start(FOUR), LISTED).1, 143_647);
}

#[test]
fn an_action_that_sandwiches_two_or_more_is_one_group_and_one_piece_is_not() {
    let four = Simpei::legal_groups(&start(FOUR));
    let grouped: Vec<_> = four.iter().filter(|g| g.turns > 1).collect();
    assert_eq!(grouped.len(), 1);
    assert_eq!(
        grouped[0].text,
        "b2-a1, then c1, e1, a3, a5 each to any empty point"
    );
    assert_eq!(grouped[0].turns, 143_640);
    assert_eq!(four.iter().map(|g| g.turns).sum::<usize>(), 143_647);
    let two = Simpei::legal_groups(&start(TWO));
    assert!(two
        .iter()
        .any(|g| g.text == "b2-a1, then a3, a5 each to any empty point"));
    // One sandwiched piece: each turn on its own line, as before.
    let one = Simpei::legal_groups(&start(ONE));
    assert!(one.iter().all(|g| g.turns == 1));
    let listed: Vec<String> = Simpei::legal(&start(ONE))
        .iter()
        .map(|p| p.to_string())
        .collect();
    let texts: Vec<String> = one.into_iter().map(|g| g.text).collect();
    assert_eq!(texts, listed);
}

#[test]
fn the_legal_turns_are_counted_and_only_the_first_kept() {
    let legal = arbitre::game::Alternatives::legal::<Simpei>(&start(FOUR));
    assert_eq!(legal.len(), 143_647);
    assert_eq!(legal.to_strings().len(), LISTED);
    assert_eq!(legal.to_strings()[0], "g1-f2");
}

#[test]
fn check_lists_a_multiplying_action_once_for_a_wrong_action() {
    // The eight actions, not the 143,647 turns that b2-a1's relocations
    // would make of them.
    let actions = "g1-f2, b2-a1, b2-c3, f6-e5, f6-e7, f6-g5, f6-g7, a7-b6";
    let checked = check_as::<Simpei>(&record(FOUR, "1. b2-c1"), &Switches::new());
    let expected = checked
        .violation
        .and_then(|v| v.expected)
        .unwrap_or_else(|| panic!("illegal, with the legal actions"));
    assert_eq!(expected.to_strings().join(", "), actions);
    let (code, out) = arbitre(
        &[
            "check",
            "--format",
            "json",
            &sample("simpei/four-sandwiched.arb"),
        ],
        "",
    );
    assert_eq!(code, 1);
    let json: Value = serde_json::from_str(&out).unwrap_or(Value::Null);
    let diagnostic = &json["records"][0]["diagnostic"];
    assert_eq!(diagnostic["expected_total"], 8);
    assert_eq!(diagnostic["expected"][0], "g1-f2");
}

#[test]
fn moves_lists_a_multiplying_action_once_and_expands_it_when_asked() {
    let text = record(FOUR, "");
    let (code, out) = arbitre(&["moves", "-"], &text);
    assert_eq!(code, 0);
    assert_eq!(
        out,
        "After 0 turns, 1. red: 143,647 legal turns\n  g1-f2\n  \
         b2-a1, then c1, e1, a3, a5 each to any empty point: 143,640 turns\n  \
         b2-c3\n  f6-e5\n  f6-e7\n  f6-g5\n  f6-g7\n  a7-b6\n"
    );
    let (code, expanded) = arbitre(&["moves", "--expand", "-"], &text);
    assert_eq!(code, 0);
    let mut lines = expanded.lines();
    assert_eq!(
        lines.next(),
        Some("After 0 turns, 1. red: 143,647 legal turns")
    );
    assert_eq!(lines.clone().count(), 143_647);
    assert_eq!(lines.nth(1), Some("  b2-a1 c1>c1 e1>e1 a3>b2 a5>d2"));
    // An ordinary position lists the same either way.
    let ordinary = record(ONE, "");
    assert_eq!(
        arbitre(&["moves", "-"], &ordinary),
        arbitre(&["moves", "--expand", "-"], &ordinary)
    );
}

#[test]
fn show_draws_the_position_whatever_its_turns() {
    let (code, out) = arbitre(&["show", "-"], &record(FOUR, ""));
    assert_eq!(code, 0);
    assert!(
        out.ends_with("In hand: red 0, blue 0\nred to act\n"),
        "{out}"
    );
    assert!(out.len() < 1000, "{out}");
}

#[test]
fn a_stopped_position_counts_and_groups_its_turns_and_lists_them_when_asked() {
    let record = arbitre::Record::from_text(record(FOUR, ""));
    let stopped = arbitre::dispatch::stop(&record, &Switches::new(), None)
        .unwrap_or_else(|e| panic!("{e:?}"));
    assert_eq!(stopped.legal.len(), 143_647);
    assert_eq!(stopped.legal.groups().len(), 8);
    let mut each = 0;
    stopped
        .legal
        .each(|_| {
            each += 1;
            Ok(())
        })
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(each, 143_647);
    // The first error of the caller stops the listing.
    let mut seen = 0;
    let stopped_early = stopped.legal.each(|_| {
        seen += 1;
        Err(std::io::ErrorKind::BrokenPipe.into())
    });
    assert!(stopped_early.is_err());
    assert_eq!(seen, 1);
}
