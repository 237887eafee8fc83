//! Every Simpei rule id, triggered, and its legal neighbour case: the same
//! situation with the one detail that makes it legal.

use arbitre::games::simpei::Simpei;
use arbitre::replay::check_as;
use arbitre::{Checked, Switches};

fn run(header: &str, movetext: &str) -> Checked {
    let text = format!("---\ngame: simpei\n{header}---\n{movetext}\n");
    check_as::<Simpei>(&text, &Switches::new())
}

/// The rule broken (or "legal"), and the turn index.
fn verdict(header: &str, movetext: &str) -> (String, Option<usize>) {
    let checked = run(header, movetext);
    if let Some(m) = checked.malformed {
        return (m.rule.to_string(), None);
    }
    match checked.violation {
        Some(v) => (v.rule.to_string(), v.turn_index),
        None => ("legal".to_string(), None),
    }
}

fn illegal(rule: &str, at: usize, header: &str, movetext: &str) {
    assert_eq!(
        verdict(header, movetext),
        (rule.to_string(), Some(at)),
        "{movetext}"
    );
}

fn legal(header: &str, movetext: &str) {
    assert_eq!(
        verdict(header, movetext),
        ("legal".to_string(), None),
        "{movetext}"
    );
}

/// Movement phase: red a1 c1 e3 b4, blue b2 d2 f4 g7.
const MOVING: &str = "setup:\n  red: [a1, c1, e3, b4]\n  blue: [b2, d2, f4, g7]\n";

#[test]
fn not_a_point() {
    illegal("simpei/not-a-point", 1, "", "c3 b1");
    illegal("simpei/not-a-point", 0, MOVING, "e3-e4");
    illegal("simpei/not-a-point", 4, "", "c3 c1 a1 e1 g1 c1>h1 e1>f2");
    legal("", "c3 b2");
}

#[test]
fn occupied() {
    illegal("simpei/occupied", 1, "", "c3 c3");
    illegal("simpei/occupied", 0, MOVING, "e3-f4");
    legal(MOVING, "e3-f2");
}

#[test]
fn first_placement_centre() {
    illegal("simpei/first-placement-centre", 0, "", "a1");
    legal("", "e5");
    // Only the first placement: Blue may answer anywhere.
    legal("", "e5 a1");
}

#[test]
fn must_place() {
    illegal("simpei/must-place", 2, "", "c3 d4 c3-b2");
    legal("", "c3 d4 b2");
}

#[test]
fn no_piece_in_hand() {
    illegal("simpei/no-piece-in-hand", 0, MOVING, "a7");
    legal(MOVING, "b4-a5");
}

#[test]
fn not_your_piece() {
    illegal("simpei/not-your-piece", 0, MOVING, "g7-f6");
    illegal("simpei/not-your-piece", 0, MOVING, "c5-d6");
    legal(MOVING, "b4-a5 g7-f6");
}

#[test]
fn not_a_neighbour() {
    illegal("simpei/not-a-neighbour", 0, MOVING, "e3-g5");
    // Reported before `occupied`: a1-c3... onto an occupied point.
    illegal("simpei/not-a-neighbour", 0, MOVING, "a1-e3");
    legal(MOVING, "e3-d4");
}

#[test]
fn illegal_pass() {
    illegal("simpei/illegal-pass", 1, "", "c3 --");
    illegal("simpei/illegal-pass", 0, MOVING, "--");
    legal(
        "setup:\n  red: [a1, g1, a7, g7]\n  blue: [b2, f2, b6, f6]\n",
        "--",
    );
}

#[test]
fn relocations() {
    let sandwich = "c3 c1 a1 e1 g1";
    illegal("simpei/relocation-missing", 4, "", sandwich);
    illegal(
        "simpei/relocation-missing",
        4,
        "",
        &format!("{sandwich} c1>d2"),
    );
    illegal(
        "simpei/relocation-not-sandwiched",
        4,
        "",
        &format!("{sandwich} c3>d2"),
    );
    illegal(
        "simpei/relocation-not-sandwiched",
        4,
        "",
        &format!("{sandwich} c1>d2 c1>f2"),
    );
    illegal(
        "simpei/relocation-occupied",
        4,
        "",
        &format!("{sandwich} c1>a1 e1>f2"),
    );
    illegal(
        "simpei/relocation-occupied",
        4,
        "",
        &format!("{sandwich} c1>d2 e1>d2"),
    );
    // A piece may go back where it was lifted from, in any order.
    legal("", &format!("{sandwich} e1>e1 c1>c1"));
    // Relocations after a winning action are never sandwiched pieces.
    illegal(
        "simpei/relocation-not-sandwiched",
        6,
        "",
        "c3 d6 a1 f2 g1 b4 c1 d6>d4",
    );
}

#[test]
fn a_relocation_triggers_nothing() {
    // Red's g1 sandwiches c1 and e1; putting them on a3, c5, e7 (Blue's
    // diagonal) does not make Blue win, and Blue's next placement decides.
    let text = "c3 c1 a1 e1 g1 c1>a3 e1>e7";
    let checked = run("", text);
    assert!(checked.violation.is_none());
    assert_eq!(checked.summary.unwrap().winner, None);
    // Blue lands on c5 now: a3-c5-e7 is a line through the landing point.
    let checked = run("", &format!("{text} c5"));
    assert!(checked.violation.is_none());
    assert_eq!(checked.summary.unwrap().winner.as_deref(), Some("blue"));
}

#[test]
fn moving_into_a_sandwich_is_safe() {
    // Blue's e3 lands between Red's c3 and g3 on row 3: only sandwiches
    // with the landed piece at one end count, so nothing happens.
    let checked = run("", "c3 b2 g3 e3");
    assert!(checked.violation.is_none(), "{:?}", checked.violation);
    let summary = checked.summary.unwrap();
    assert_eq!(summary.to_move.as_deref(), Some("red"));
}

#[test]
fn game_over_before_move_number() {
    illegal("simpei/game-over", 7, "", "c3 d6 a1 f2 g1 b4 c1 f6");
    illegal(
        "simpei/game-over",
        7,
        "",
        "1. c3 d6 2. a1 f2 3. g1 b4 4. c1 9... f6",
    );
    legal("", "c3 d6 a1 f2 g1 b4 c1");
}

#[test]
fn move_numbers() {
    illegal("simpei/move-number", 2, "", "1. c3 d4 3. e5");
    illegal("simpei/move-number", 1, "", "1. c3 1. d4");
    illegal("simpei/move-number", 0, "", "1... c3");
    legal("", "1. c3 1... d4 2. e5 2...f4 3.c5");
    legal("setup:\n  red: [c3]\n  to-move: blue\n", "1... d4 2. e5");
    illegal(
        "simpei/move-number",
        0,
        "setup:\n  red: [c3]\n  to-move: blue\n",
        "1. d4",
    );
}

#[test]
fn end_and_result() {
    let blue_wins = "c3 c1 a7 g5 a5 e3";
    assert_eq!(
        verdict("end: draw\n", blue_wins),
        ("simpei/end-mismatch".into(), None)
    );
    assert_eq!(verdict("end: draw\n", "c3 c1"), ("legal".into(), None));
    assert_eq!(
        verdict("result: red\n", blue_wins),
        ("result-mismatch".into(), None)
    );
    assert_eq!(
        verdict("result: none\n", blue_wins),
        ("result-mismatch".into(), None)
    );
    assert_eq!(verdict("result: none\n", "c3"), ("legal".into(), None));
    assert_eq!(
        verdict("players: {red: A, blue: B}\nresult: B\n", blue_wins),
        ("legal".into(), None)
    );
    assert_eq!(
        verdict("result: maybe\n", blue_wins),
        ("header".into(), None)
    );
    assert_eq!(
        verdict("end: resigned\n", blue_wins),
        ("header".into(), None)
    );
}

#[test]
fn setups_are_checked() {
    let bad = [
        "setup:\n  red: [c3, c3]\n",
        "setup:\n  red: [c3]\n  blue: [c3]\n",
        "setup:\n  red: [a1, c1, e1, g1, a3]\n",
        "setup:\n  red: [c3]\n",
        "setup:\n  red: [c3]\n  blue: [d4]\n  to-move: blue\n",
        "setup:\n  red: [h8]\n",
        "setup:\n  pieces: [c3]\n",
    ];
    for header in bad {
        let rule = verdict(header, "").0;
        assert!(rule == "setup" || rule == "header", "{header}: {rule}");
    }
    legal("setup:\n  red: [c3]\n  to-move: blue\n", "");
    legal("setup:\n  red: [c3, e5]\n  blue: [d4, f4]\n", "");
}

#[test]
fn a_setup_error_points_at_the_entry() {
    let text = "---\ngame: simpei\nsetup:\n  red: [c3, b1]\n---\n";
    let checked = check_as::<Simpei>(text, &Switches::new());
    let m = checked.malformed.unwrap();
    assert_eq!(&text[m.span.offset..m.span.end()], "b1");
}

#[test]
fn the_message_lists_the_sandwiched_points() {
    let checked = run("", "c3 c1 a1 e1 g1");
    let v = checked.violation.unwrap();
    assert!(v.message.contains("c1, e1"), "{}", v.message);
    assert!(v
        .expected
        .unwrap()
        .to_strings()
        .contains(&"c1>d2".to_string()));
}

#[test]
fn the_legal_actions_listed_for_a_refused_action_stay_typed() {
    use arbitre::games::simpei::Action;
    use arbitre::Mechanics;

    let checked = run("", "c3 c3");
    let expected = checked.violation.unwrap().expected.unwrap();
    let mut position = Simpei::initial(None).unwrap();
    let first = Simpei::legal(&position)
        .into_iter()
        .find(|p| p.to_string() == "c3")
        .unwrap();
    Simpei::apply(&mut position, &first);
    // All 24 placements, in the order of `actions`.
    assert_eq!(expected.plays::<Action>(), Some(&position.actions()[..]));
    assert_eq!(expected.len(), 24);
    assert_eq!(expected.plays::<String>(), None);
    // Relocations are no turns: they are listed as text.
    let relocations = run("", "c3 c1 a1 e1 g1")
        .violation
        .unwrap()
        .expected
        .unwrap();
    assert!(relocations.plays::<String>().is_some());
}
