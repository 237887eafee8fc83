//! The stable identities of the JSON reports: `players`, `outcome`, and
//! `winner`/`scores` that never key an object twice, whatever the players
//! are called.

use arbitre::{check_str, Machine, Switches};
use serde_json::{json, Value};

/// The JSON line of the first record of `text`, parsed back.
fn line(text: &str) -> Value {
    let report = check_str("test.arb", text, &Switches::new()).remove(0);
    let line = Machine::JsonLines.record(&report);
    serde_json::from_str(&line).unwrap_or_else(|e| panic!("{e}: {line}"))
}

/// A Superpion game Blue wins in one capture (one side left), with the
/// players given.
fn won_by_blue(mode: &str, players: &str) -> String {
    format!(
        "---\ngame: superpion\n{mode}players: {players}\nend: one-side-left\n\
         setup:\n  pieces:\n    blue: [e5]\n    red: [\"f6=Y\"]\n  piles:\n    {pile}: [R, R, Y]\n---\n1.B e5xg7\n",
        pile = if mode.contains("two-") { "player1" } else { "blue" },
    )
}

/// How many times `key` opens a member of some object in `text`.
fn keyed(text: &str, key: &str) -> usize {
    text.matches(&format!("\"{key}\":")).count()
}

#[test]
fn two_players_of_one_name_are_scored_by_their_camps() {
    let text = won_by_blue("", "{blue: Alex, red: Alex, yellow: Chen, black: Dora}");
    let report = check_str("test.arb", &text, &Switches::new()).remove(0);
    let written = Machine::JsonLines.record(&report);
    assert_eq!(keyed(&written, "Alex"), 0, "{written}");
    let v = line(&text);
    assert_eq!(
        v["scores"],
        json!({"blue": 7, "red": 0, "yellow": 0, "black": 0})
    );
    assert_eq!(v["winner"], "blue");
    assert_eq!(v["players"]["blue"], "Alex");
    assert_eq!(v["players"]["red"], "Alex");
    assert_eq!(v["outcome"]["winners"], json!(["blue"]));
    assert_eq!(v["outcome"]["end"], "one-side-left");
}

#[test]
fn players_of_distinct_names_are_scored_by_name() {
    let v = line(&won_by_blue(
        "",
        "{blue: Alex, red: Bo, yellow: Chen, black: Dora}",
    ));
    assert_eq!(
        v["scores"],
        json!({"Alex": 7, "Bo": 0, "Chen": 0, "Dora": 0})
    );
    assert_eq!(v["winner"], "Alex");
    assert_eq!(
        v["outcome"]["scores"],
        json!({"blue": 7, "red": 0, "yellow": 0, "black": 0})
    );
}

#[test]
fn a_name_that_is_another_players_key_scores_by_keys() {
    // Blue's player is called "red", and Red is unnamed: "red" would be
    // two players.
    let v = line(&won_by_blue("", "{blue: red}"));
    assert_eq!(
        v["scores"],
        json!({"blue": 7, "red": 0, "yellow": 0, "black": 0})
    );
    assert_eq!(v["winner"], "blue");
    assert_eq!(v["players"], json!({"blue": "red"}));
}

#[test]
fn two_player_modes_key_by_player_slot() {
    for mode in ["two-players", "two-super-players"] {
        let same = line(&won_by_blue(
            &format!("mode: {mode}\n"),
            "{player1: Alex, player2: Alex}",
        ));
        let keys: Vec<&String> = same["scores"]
            .as_object()
            .map_or(Vec::new(), |o| o.keys().collect());
        assert_eq!(keys, ["player1", "player2"], "{mode}: {same}");
        assert_eq!(same["scores"], same["outcome"]["scores"]);
        assert_eq!(same["winner"], "player1", "{mode}: {same}");
        assert_eq!(same["outcome"]["winners"], json!(["player1"]));
        let distinct = line(&won_by_blue(
            &format!("mode: {mode}\n"),
            "{player1: Alex, player2: Bo}",
        ));
        assert_eq!(
            distinct["scores"]["Alex"], same["scores"]["player1"],
            "{mode}"
        );
        assert_eq!(
            distinct["scores"]["Bo"], same["scores"]["player2"],
            "{mode}"
        );
        assert_eq!(
            distinct["players"],
            json!({"player1": "Alex", "player2": "Bo"})
        );
    }
}

#[test]
fn teams_are_objects_with_their_totals() {
    let v = line(&won_by_blue(
        "mode: teams\n",
        "{blue: Ann, red: Bob, yellow: Cy, black: Dee}",
    ));
    assert_eq!(v["winner"], "Ann+Cy");
    assert_eq!(v["outcome"]["winners"], json!(["blue", "yellow"]));
    assert_eq!(
        v["outcome"]["teams"],
        json!([
            {"sides": ["blue", "yellow"], "players": ["Ann", "Cy"], "score": 7},
            {"sides": ["red", "black"], "players": ["Bob", "Dee"], "score": 0},
        ])
    );
    // Names that do not tell the players apart: the team by its camps.
    let same = line(&won_by_blue(
        "mode: teams\n",
        "{blue: Ann, red: Ann, yellow: Cy}",
    ));
    assert_eq!(same["winner"], "blue+yellow");
    assert_eq!(
        same["outcome"]["teams"][1],
        json!({"sides": ["red", "black"], "players": ["Ann", null], "score": 0})
    );
}

#[test]
fn unnamed_players_give_null_players_and_unfinished_games_no_outcome() {
    let v = line("---\ngame: simpei\n---\n1. c3 c1\n");
    assert_eq!(v["players"], Value::Null);
    assert_eq!(v["outcome"], Value::Null);
    assert_eq!(v["status"], "unfinished");
    let malformed = line("---\ngame: simpei\nplayers: {red: Aiko}\n---\n1. c3 ?!\n");
    assert_eq!(malformed["verdict"], "malformed");
    assert_eq!(malformed["players"], Value::Null);
}

#[test]
fn each_game_names_its_end() {
    let simpei = line("---\ngame: simpei\nplayers: {blue: Ben}\n---\n1. c3 c1 2. a7 g5 3. a5 e3\n");
    assert_eq!(simpei["outcome"]["end"], "alignment");
    assert_eq!(simpei["outcome"]["winners"], json!(["blue"]));
    assert_eq!(simpei["players"], json!({"blue": "Ben"}));
    assert_eq!(simpei["outcome"]["scores"], Value::Null);
    assert_eq!(simpei["outcome"]["teams"], Value::Null);
    let puluc = line(&std::fs::read_to_string("samples/puluc/full-game.arb").unwrap_or_default());
    assert_eq!(puluc["outcome"]["end"], "all-killed");
    let timed = "---\ngame: superpion\nmode: three-players\nneutral: black\nend: time\n---\n\
                 1.B g3-g5 i3-i5\n1.R c5-e5 c7-e7\n1.Y h12-h10 j12-j10\n";
    let time = line(timed);
    assert_eq!(time["outcome"]["end"], "time");
    // Three players at 12 points each: a shared first place.
    assert_eq!(time["outcome"]["winners"], json!([]));
    assert_eq!(time["winner"], Value::Null);
    let agreed = line(&timed.replace("end: time", "end: captures-impossible"));
    assert_eq!(agreed["outcome"]["end"], "captures-impossible");
}
