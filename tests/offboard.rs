//! The rulings of 2026-12-05 on games decided off the board (record.md,
//! "Games decided off the board"), as a rules lawyer reads them: each case
//! that breaks a ruling next to its legal neighbour. A resignation, a loss
//! on time, a forfeit or the referee's decision is the result, not compared
//! with the board; a game won on the board cannot also end off it; the
//! movetext keeps its own verdict.

use arbitre::game::{Decided, Outcome, Scores};
use arbitre::{RecordReport, Verdict};

#[path = "common/verdicts.rs"]
mod verdicts;
use verdicts::*;

/// Legal and finished, with its outcome.
fn finished(text: &str) -> (RecordReport, Outcome) {
    let report = report(text);
    assert_eq!(
        report.verdict,
        Verdict::Legal,
        "{text}\n{:?}",
        report.diagnostic
    );
    assert_eq!(report.status, Some("finished"), "{text}");
    let outcome = report
        .outcome
        .clone()
        .unwrap_or_else(|| panic!("no outcome: {text}"));
    (report, outcome)
}

fn illegal(text: &str, rule: &str) -> RecordReport {
    let report = report(text);
    assert_eq!(report.verdict, Verdict::Illegal, "{text}");
    let d = report
        .diagnostic
        .as_ref()
        .unwrap_or_else(|| panic!("{text}"));
    assert_eq!(d.rule, rule, "{text}\n{d:?}");
    report
}

fn description(report: &RecordReport) -> &str {
    report.description.as_deref().unwrap_or("")
}

fn scores(pairs: &[(&str, i64)]) -> Option<Scores> {
    Some(Scores(
        pairs.iter().map(|&(k, v)| (k.to_string(), v)).collect(),
    ))
}

const SIMPEI: &str = "---\ngame: simpei\nplayers: {red: Aiko, blue: Ben}\n";
/// Blue wins by alignment on its third action.
const BLUE_WINS: &str = "1. c3 c1\n2. a7 g5\n3. a5 e3\n";

fn simpei(keys: &str, movetext: &str) -> String {
    format!("{SIMPEI}{keys}---\n{movetext}")
}

// Simpei, the endings with a winner.

#[test]
fn a_resignation_is_a_finished_game_won_by_the_result() {
    let (report, outcome) = finished(&simpei("end: resignation\nresult: Ben\n", "1. c5 f4\n"));
    assert_eq!(report.winner.as_deref(), Some("blue"));
    assert_eq!(report.to_move, None);
    assert_eq!(description(&report), "blue (Ben) wins by resignation");
    assert_eq!(outcome.end, "resignation");
    assert_eq!(outcome.decided, Decided::OffBoard);
    assert_eq!(outcome.winners, ["blue"]);
    assert_eq!(outcome.board_scores, None);
    // By colour too, and on the side not to move.
    let (report, _) = finished(&simpei("end: resignation\nresult: red\n", "1. c5\n"));
    assert_eq!(report.winner.as_deref(), Some("red"));
}

#[test]
fn a_loss_on_time_and_a_forfeit_name_their_winner() {
    let (report, outcome) = finished(&simpei("end: time-forfeit\nresult: red\n", "1. c5 f4\n"));
    assert_eq!(description(&report), "red (Aiko) wins on time");
    assert_eq!(outcome.end, "time-forfeit");
    // A forfeit may have no movetext at all.
    let (report, outcome) = finished(&simpei("end: forfeit\nresult: blue\n", ""));
    assert_eq!((report.turns, report.winner.as_deref()), (0, Some("blue")));
    assert_eq!(description(&report), "blue (Ben) wins by forfeit");
    assert_eq!(
        (&*outcome.end, outcome.decided),
        ("forfeit", Decided::OffBoard)
    );
}

#[test]
fn an_ending_off_the_board_needs_a_result_at_its_end_value() {
    let d = malformed(&simpei("end: resignation\n", "1. c5\n"), "header", 4, 6);
    assert_eq!(
        d.message,
        "`end: resignation` needs a `result` naming the winner"
    );
    assert_eq!(d.length, "resignation".len());
    malformed(&simpei("end: time-forfeit\n", ""), "header", 4, 6);
    malformed(&simpei("end: forfeit\n", ""), "header", 4, 6);
    let d = malformed(&simpei("end: adjudication\n", ""), "header", 4, 6);
    assert!(d.message.contains("`none` for a draw"), "{}", d.message);
    // The neighbour: with its result.
    finished(&simpei("end: forfeit\nresult: red\n", ""));
}

#[test]
fn result_none_cannot_go_with_an_ending_that_has_a_winner() {
    for end in ["resignation", "time-forfeit", "forfeit"] {
        let d = malformed(
            &simpei(&format!("end: {end}\nresult: none\n"), "1. c5\n"),
            "header",
            5,
            9,
        );
        assert!(
            d.message.contains(&format!("`end: {end}`")),
            "{}",
            d.message
        );
    }
    // The neighbour: the referee may decide a draw.
    finished(&simpei("end: adjudication\nresult: none\n", "1. c5\n"));
}

#[test]
fn the_result_is_not_compared_with_the_board() {
    // Blue to move, nobody has three in a line: red still wins by it.
    let (report, _) = finished(&simpei("end: resignation\nresult: red\n", "1. c5 f4\n"));
    assert_eq!(report.winner.as_deref(), Some("red"));
    // The same claim without an ending off the board is a mismatch.
    illegal(&simpei("result: red\n", "1. c5 f4\n"), "result-mismatch");
}

#[test]
fn a_game_won_on_the_board_cannot_also_end_off_it() {
    for end in ["resignation", "time-forfeit", "forfeit", "adjudication"] {
        let report = illegal(
            &simpei(&format!("end: {end}\nresult: blue\n"), BLUE_WINS),
            "simpei/end-mismatch",
        );
        let d = report
            .diagnostic
            .as_ref()
            .unwrap_or_else(|| panic!("{end}"));
        assert_eq!(d.turn_index, None);
        assert_eq!((d.line, d.column), (4, 1));
        assert!(d.message.contains(&format!("`{end}`")), "{}", d.message);
        // Reported as the board has it: blue won by alignment.
        assert_eq!(report.outcome.map(|o| o.decided), Some(Decided::Board));
    }
    // The neighbour: the win with no `end`.
    let (_, outcome) = finished(&simpei("result: blue\n", BLUE_WINS));
    assert_eq!(
        (&*outcome.end, outcome.decided),
        ("alignment", Decided::Board)
    );
}

#[test]
fn an_illegal_or_malformed_movetext_keeps_its_verdict() {
    let report = illegal(
        &simpei("end: resignation\nresult: blue\n", "1. c3 c3\n"),
        "simpei/occupied",
    );
    assert_eq!(report.status, Some("unfinished"));
    assert_eq!(report.winner, None);
    assert_eq!(report.outcome, None);
    let d = report.diagnostic.unwrap_or_else(|| panic!("no diagnostic"));
    assert_eq!(d.turn_index, Some(1));
    let report = self::report(&simpei("end: forfeit\nresult: red\n", "1. c3 zz\n"));
    assert_eq!(report.verdict, Verdict::Malformed);
}

// Simpei's agreed draw and the abandoned game.

#[test]
fn an_agreed_draw_is_a_finished_game_with_no_winner() {
    let (report, outcome) = finished(&simpei("end: draw\n", "1. c5 f4\n"));
    assert_eq!((&report.winner, &report.to_move), (&None, &None));
    assert_eq!(description(&report), "drawn by agreement");
    assert_eq!(outcome.end, "draw");
    assert_eq!(outcome.decided, Decided::OffBoard);
    assert!(outcome.winners.is_empty());
    finished(&simpei("end: draw\nresult: none\n", "1. c5 f4\n"));
    // A winner claimed for a draw contradicts it: the draw's result is no
    // winner, and the claim differs from it (`result-mismatch`, as any
    // claim that differs from the game's result).
    let report = illegal(
        &simpei("end: draw\nresult: red\n", "1. c5 f4\n"),
        "result-mismatch",
    );
    assert_eq!(report.status, Some("unfinished"));
    // And a game won on the board was no draw.
    illegal(&simpei("end: draw\n", BLUE_WINS), "simpei/end-mismatch");
}

#[test]
fn an_abandoned_game_stays_unfinished() {
    for keys in ["end: abandoned\n", "end: abandoned\nresult: none\n"] {
        let report = report(&simpei(keys, "1. c5 f4\n"));
        assert_eq!(report.verdict, Verdict::Legal, "{keys}");
        assert_eq!(report.status, Some("unfinished"));
        assert_eq!(report.to_move.as_deref(), Some("red"));
        assert_eq!(report.outcome, None);
    }
    illegal(
        &simpei("end: abandoned\nresult: red\n", "1. c5\n"),
        "result-mismatch",
    );
    illegal(
        &simpei("end: abandoned\n", BLUE_WINS),
        "simpei/end-mismatch",
    );
}

#[test]
fn an_adjudication_names_the_winner_or_a_draw() {
    let (report, outcome) = finished(&simpei("end: adjudication\nresult: none\n", "1. c5\n"));
    assert_eq!(report.winner, None);
    assert_eq!(description(&report), "drawn by adjudication");
    assert_eq!(outcome.winners, Vec::<String>::new());
    let (report, outcome) = finished(&simpei("end: adjudication\nresult: Aiko\n", "1. c5\n"));
    assert_eq!(description(&report), "red (Aiko) wins by adjudication");
    assert_eq!(outcome.winners, ["red"]);
}

// Puluc.

const PULUC: &str = "---\ngame: puluc\nplayers: {a: Ana, b: Bruno}\n";
/// A kills B's last pawn.
const A_WINS: &str = "setup:\n  killed: {b: 3}\n  track: {\"8\": [b, a]}\n---\n1. 2:8-10\n";

#[test]
fn puluc_endings_off_the_board() {
    let (report, outcome) = finished(&format!(
        "{PULUC}end: resignation\nresult: b\n---\n1. 3:e 2:e\n"
    ));
    assert_eq!(report.winner.as_deref(), Some("b"));
    assert_eq!(description(&report), "B (Bruno) wins by resignation");
    assert_eq!(
        (&*outcome.end, outcome.decided),
        ("resignation", Decided::OffBoard)
    );
    let (report, _) = finished(&format!("{PULUC}end: forfeit\nresult: Ana\n---\n"));
    assert_eq!((report.turns, report.winner.as_deref()), (0, Some("a")));
    let (report, outcome) = finished(&format!(
        "{PULUC}end: adjudication\nresult: none\n---\n1. 3:e\n"
    ));
    assert_eq!(report.winner, None);
    assert!(outcome.winners.is_empty());
    malformed(&format!("{PULUC}end: time-forfeit\n---\n"), "header", 4, 6);
    malformed(
        &format!("{PULUC}end: time-forfeit\nresult: none\n---\n"),
        "header",
        5,
        9,
    );
    let report = illegal(
        &format!("{PULUC}end: resignation\nresult: b\n{A_WINS}"),
        "puluc/end-mismatch",
    );
    assert_eq!(report.diagnostic.and_then(|d| d.turn_index), None);
    // The neighbour: the win on the board, with no `end`.
    let (_, outcome) = finished(&format!("{PULUC}{A_WINS}"));
    assert_eq!(outcome.decided, Decided::Board);
    // A turn that is illegal stays illegal.
    illegal(
        &format!("{PULUC}end: forfeit\nresult: a\n---\n1. 3:4\n"),
        "puluc/no-piece-there",
    );
    // `abandoned` stays unfinished.
    let abandoned = self::report(&format!("{PULUC}end: abandoned\n---\n1. 3:e\n"));
    assert_eq!(abandoned.status, Some("unfinished"));
}

// Superpion's adjudication.

const FOUR: &str =
    "---\ngame: superpion\nplayers: {blue: Alice, red: Bob, yellow: Chloe, black: David}\n";

#[test]
fn an_adjudication_gives_every_players_score_and_the_board_stands_beside() {
    let (report, outcome) = finished(&format!(
        "{FOUR}end: adjudication\nresult: {{Alice: 3, red: 9, Chloe: 0, black: 2}}\n---\n1.B g3-g5 i3-i5\n"
    ));
    assert_eq!(report.winner.as_deref(), Some("Bob"));
    assert_eq!(
        report.scores,
        scores(&[("Alice", 3), ("Bob", 9), ("Chloe", 0), ("David", 2)])
    );
    assert_eq!(
        (&*outcome.end, outcome.decided),
        ("adjudication", Decided::OffBoard)
    );
    assert_eq!(outcome.winners, ["red"]);
    assert_eq!(
        outcome.scores,
        scores(&[("blue", 3), ("red", 9), ("yellow", 0), ("black", 2)])
    );
    assert_eq!(
        outcome.board_scores,
        scores(&[("blue", 12), ("red", 12), ("yellow", 12), ("black", 12)])
    );
    assert!(
        description(&report)
            .starts_with("finished (adjudication): Bob wins (adjudicated Alice 3, Bob 9"),
        "{}",
        description(&report)
    );
    assert!(description(&report).contains("the board gives Alice 12"));
    // Equal highest: a shared first place.
    let (report, outcome) = finished(&format!(
        "{FOUR}end: adjudication\nresult: {{blue: 5, red: 5, yellow: 1, black: 0}}\n---\n"
    ));
    assert_eq!(report.winner, None);
    assert!(outcome.winners.is_empty());
}

#[test]
fn in_teams_the_adjudicated_totals_decide() {
    let (report, outcome) = finished(
        "---\ngame: superpion\nmode: teams\nend: adjudication\n\
         result: {blue: 10, red: 6, yellow: 0, black: 6}\n---\n",
    );
    // Blue and yellow 10, red and black 12.
    assert_eq!(report.winner.as_deref(), Some("red+black"));
    assert_eq!(outcome.winners, ["red", "black"]);
    let totals: Vec<i64> = outcome.teams.iter().flatten().map(|t| t.score).collect();
    assert_eq!(totals, [10, 12]);
}

#[test]
fn an_adjudication_that_leaves_a_player_out_is_a_header_error() {
    let d = malformed(
        &format!("{FOUR}end: adjudication\nresult: {{Alice: 3, red: 9}}\n---\n"),
        "header",
        5,
        1,
    );
    assert!(
        d.message.contains("leaves out `Chloe`, `David`"),
        "{}",
        d.message
    );
    let d = malformed(
        "---\ngame: superpion\nmode: two-players\nend: adjudication\n---\n",
        "header",
        4,
        6,
    );
    assert!(d.message.contains("every player's score"), "{}", d.message);
    // A negative score, at the value as any value refused (the key when
    // the score is written on its own line), and a player given twice.
    let d = malformed(
        &format!(
            "{FOUR}end: adjudication\nresult: {{Alice: -1, red: 9, Chloe: 0, black: 2}}\n---\n"
        ),
        "header",
        5,
        17,
    );
    assert_eq!(d.length, 2);
    let d = malformed(
        &format!(
            "{FOUR}end: adjudication\nresult: {{Alice: 0, red: 1, Chloe: 2, \"black\" : -12 }}\n---\n"
        ),
        "header",
        5,
        48,
    );
    assert_eq!(d.length, 3, "{d:?}");
    let d = malformed(
        &format!("{FOUR}end: adjudication\nresult:\n  Alice: 0\n  red: 1\n  Chloe: 2\n  black: -3 # oops\n---\n"),
        "header",
        9,
        10,
    );
    assert_eq!(d.length, 2, "{d:?}");
    let d = malformed(
        &format!(
            "{FOUR}end: adjudication\nresult: {{Alice: 1, blue: 1, red: 9, Chloe: 0, black: 2}}\n---\n"
        ),
        "header",
        5,
        20,
    );
    assert!(d.message.contains("already given"), "{}", d.message);
    // A fractional score, text or a list: at the value, in a referee's words.
    for (value, kind) in [
        ("1.5", "a fractional number"),
        ("1e3", "a fractional number"),
        ("\"2\"", "text"),
        ("[1, 2]", "a list"),
        ("99999999999999999999", "a number too large"),
    ] {
        let d = malformed(
            &format!(
                "{FOUR}end: adjudication\nresult: {{Alice: 1, red: 9, Chloe: 0, black: {value}}}\n---\n"
            ),
            "header",
            5,
            45,
        );
        assert_eq!(
            d.message,
            format!("`black` in `result` must be a whole number of points, and YAML reads `{value}` as {kind}")
        );
        assert_eq!(d.length, value.len());
        assert_eq!(
            d.help.as_deref(),
            Some("write a whole number of points: `black: 3`")
        );
    }
    // No mapping at all (a drawn adjudication is scores too, never `none`).
    for (value, kind) in [
        ("none", "text"),
        ("Alice", "text"),
        ("[1, 2]", "a list"),
        ("3", "a number"),
    ] {
        let d = malformed(
            &format!("{FOUR}end: adjudication\nresult: {value}\n---\n"),
            "header",
            5,
            9,
        );
        assert_eq!(
            d.message,
            format!("`result` gives each player's score, and YAML reads `{value}` as {kind}")
        );
        assert_eq!(d.length, value.len());
    }
    // The neighbour: every player, by name or camp key.
    finished(&format!(
        "{FOUR}end: adjudication\nresult: {{Alice: 1, red: 9, Chloe: 0, black: 2}}\n---\n"
    ));
}

#[test]
fn superpion_won_on_the_board_cannot_be_adjudicated() {
    let won = "setup:\n  pieces: {blue: [e5], red: [f6]}\n---\n1.B e5xg7\n";
    let report = illegal(
        &format!(
            "---\ngame: superpion\nend: adjudication\nresult: {{blue: 1, red: 1, yellow: 1, black: 1}}\n{won}"
        ),
        "superpion/end-mismatch",
    );
    assert_eq!(report.diagnostic.and_then(|d| d.turn_index), None);
    let (_, outcome) = finished(&format!("---\ngame: superpion\n{won}"));
    assert_eq!(
        (&*outcome.end, outcome.decided),
        ("one-side-left", Decided::Board)
    );
    // An illegal turn stays illegal.
    illegal(
        "---\ngame: superpion\nend: adjudication\nresult: {blue: 1, red: 1, yellow: 1, black: 1}\n---\n1.B g3-g6\n",
        "superpion/dark-square",
    );
}

#[test]
fn superpion_has_no_resignation() {
    malformed(
        "---\ngame: superpion\nend: resignation\nresult: {blue: 1}\n---\n",
        "header",
        3,
        6,
    );
}

#[test]
fn outcomes_decided_on_the_board_say_so() {
    let (_, outcome) = finished(&simpei("", BLUE_WINS));
    assert_eq!(outcome.decided, Decided::Board);
    assert_eq!(outcome.board_scores, None);
    let (_, outcome) = finished(
        "---\ngame: superpion\nend: captures-impossible\nsetup:\n  pieces: {blue: [e5], red: [i9]}\n---\n",
    );
    assert_eq!(outcome.decided, Decided::Board);
    assert_eq!(outcome.board_scores, None);
}
