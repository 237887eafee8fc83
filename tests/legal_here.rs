//! "Legal here" names what was legal at the point of the mistake: a wrong
//! part of a turn lists the alternatives for that part, given the parts
//! before it that were right (Superpion's second action after its first,
//! Simpei's relocation after its action, Puluc's move after its throw); a
//! wrong first part lists the first parts. The suggested `arbitre moves`
//! command names the turn by its label, and is left off after a finished
//! game.

use arbitre::report::Diagnostic;
use arbitre::{check_str, Switches, Verdict};

/// The diagnostic of the only record of `game` with `header` lines and
/// `movetext`.
fn diagnostic(game: &str, header: &str, movetext: &str) -> Diagnostic {
    let text = format!("---\ngame: {game}\n{header}---\n{movetext}\n");
    let reports = check_str("game.arb", &text, &Switches::new());
    let [report] = &reports[..] else {
        panic!("one record: {reports:?}");
    };
    assert_eq!(report.verdict, Verdict::Illegal, "{movetext}: {report:?}");
    report
        .diagnostic
        .clone()
        .unwrap_or_else(|| panic!("{movetext}"))
}

fn legal(game: &str, movetext: &str) {
    let text = format!("---\ngame: {game}\n---\n{movetext}\n");
    let reports = check_str("game.arb", &text, &Switches::new());
    assert!(
        reports.iter().all(|r| r.verdict == Verdict::Legal),
        "{movetext}: {reports:?}"
    );
}

/// Rule, listed alternatives and their count.
fn listed(d: &Diagnostic) -> (&str, String, usize) {
    (d.rule.as_str(), d.expected.join(", "), d.expected_total)
}

#[test]
fn superpion_a_wrong_second_action_lists_the_second_actions_after_the_first() {
    // Off the board: the second actions once e3-e5 is played. e1-e3 is
    // open only because e3 was left; e3-e5's pawn has acted.
    let seconds = "d2-d4, e1-e3, f2-f4, g3-e3, g3-g5, h2-h4, i3-i5, j2-j4, k3-k5";
    let off = diagnostic("superpion", "", "1.B e3-e5 g3-g15");
    assert_eq!(listed(&off), ("superpion/not-a-square", seconds.into(), 9));
    // A rule of the move itself lists the same.
    let twice = diagnostic("superpion", "", "1.B e3-e5 e5-e7");
    assert_eq!(
        listed(&twice),
        ("superpion/same-piece-twice", seconds.into(), 9)
    );
    legal("superpion", "1.B e3-e5 g3-g5");
}

#[test]
fn superpion_a_wrong_first_action_lists_the_first_actions() {
    let firsts = "d2-d4, e3-e5, f2-f4, g3-g5, h2-h4, i3-i5, j2-j4, k3-k5";
    let off = diagnostic("superpion", "", "1.B e3-e15 g3-g5");
    assert_eq!(listed(&off), ("superpion/not-a-square", firsts.into(), 8));
    let dark = diagnostic("superpion", "", "1.B e3-e4 g3-g5");
    assert_eq!(listed(&dark), ("superpion/dark-square", firsts.into(), 8));
    // A wrong camp lists the camp to play.
    let camp = diagnostic("superpion", "", "1.R c5-e5 c7-e7");
    assert_eq!(camp.expected, ["B"]);
}

/// Red's g1 closes rank 1 from a1: blue's c1 and e1 are sandwiched, and
/// both wait for a relocation.
const SANDWICH: &str = "1. c3 c1\n2. a1 e1\n3. g1";

#[test]
fn simpei_a_wrong_relocation_lists_where_the_piece_may_go() {
    // c1 named, but to no point: c1's relocations to the 22 empty points.
    let to = diagnostic("simpei", "", &format!("{SANDWICH} c1>d9 e1>d2"));
    let (rule, list, total) = listed(&to);
    assert_eq!((rule, total), ("simpei/not-a-point", 22));
    assert!(to.expected.iter().all(|r| r.starts_with("c1>")), "{list}");
    assert!(to.expected.contains(&"c1>d2".to_string()), "{list}");
    // No piece named: every piece still waiting, to every empty point.
    let from = diagnostic("simpei", "", &format!("{SANDWICH} q1>d9 e1>d2"));
    assert_eq!(
        (from.rule.as_str(), from.expected_total),
        ("simpei/not-a-point", 44)
    );
    assert!(from.expected.iter().all(|r| r.contains('>')));
    // A second relocation onto the first's point: e1's, d2 gone.
    let occupied = diagnostic("simpei", "", &format!("{SANDWICH} c1>d2 e1>d2"));
    assert_eq!(occupied.rule, "simpei/relocation-occupied");
    assert_eq!(occupied.expected_total, 21);
    assert!(occupied.expected.iter().all(|r| r.starts_with("e1>")));
    assert!(!occupied.expected.contains(&"e1>d2".to_string()));
    legal("simpei", &format!("{SANDWICH} c1>d2 e1>b2"));
}

#[test]
fn simpei_a_wrong_action_lists_the_actions_not_the_relocations() {
    // g9 for g1: the 21 placements open, g1 once and no relocation.
    let d = diagnostic("simpei", "", "1. c3 c1\n2. a1 e1\n3. g9 c1>d2 e1>b2");
    let (rule, list, total) = listed(&d);
    assert_eq!((rule, total), ("simpei/not-a-point", 21));
    assert_eq!(d.expected.first().map(String::as_str), Some("g1"), "{list}");
    assert!(d.expected.iter().all(|a| !a.contains(['>', ' '])), "{list}");
    let occupied = diagnostic("simpei", "", "1. c3 c3");
    assert_eq!(listed(&occupied).0, "simpei/occupied");
    assert_eq!(occupied.expected_total, 24);
    assert!(!occupied.expected.contains(&"c3".to_string()));
}

#[test]
fn puluc_a_wrong_move_lists_the_moves_of_the_throw_written() {
    // B threw 2: 2:e-8 only, not the entries of the other throws.
    let d = diagnostic("puluc", "", "1. 4:e-4 2:e-9");
    assert_eq!(listed(&d), ("puluc/wrong-destination", "2:e-8".into(), 1));
    legal("puluc", "1. 4:e-4 2:e-8");
    // A wrong move number, the turn's first part, lists the right one.
    let number = diagnostic("puluc", "", "1. 5:e-5 1. 1:e-9");
    assert_eq!(listed(&number), ("puluc/move-number", "1...".into(), 1));
}

#[test]
fn the_command_names_the_turn_by_its_label() {
    let superpion = diagnostic("superpion", "", "1.B e3-e5 g3-g15");
    assert_eq!(
        superpion.moves_command.as_deref(),
        Some("arbitre moves game.arb --turn 1.B")
    );
    assert_eq!(superpion.turn.as_deref(), Some("1.B"));
    let simpei = diagnostic("simpei", "", &format!("{SANDWICH} c1>d9 e1>d2"));
    assert_eq!(
        simpei.moves_command.as_deref(),
        Some("arbitre moves game.arb --turn '3. red'")
    );
    // A claim contradicted after the last turn: its position, by count.
    let claim = diagnostic(
        "superpion",
        "end: time\n",
        "1.B g3-g5 i3-i5\n1.R c5-e5 c7-e7",
    );
    assert_eq!(claim.rule, "superpion/time-end");
    assert_eq!(
        claim.moves_command.as_deref(),
        Some("arbitre moves game.arb --turn 2")
    );
}

#[test]
fn no_command_is_suggested_after_a_finished_game() {
    let over = "1. c3 d6\n2. a1 f2\n3. g1 b4\n4. c1 f6";
    let simpei = diagnostic("simpei", "", over);
    assert_eq!(simpei.rule, "simpei/game-over");
    assert_eq!(simpei.moves_command, None);
    assert!(!simpei
        .help_text()
        .unwrap_or_default()
        .contains("arbitre moves"));
    // One turn earlier the game goes on: the command is there.
    let on = diagnostic("simpei", "", "1. c3 d6\n2. a1 f2\n3. g1 b4\n4. c9 f6");
    assert!(on.moves_command.is_some());
    let puluc = diagnostic(
        "puluc",
        "setup:\n  killed: {b: 3}\n  track: {\"8\": [b, a]}\n",
        "1. 2:8-10 1:e-9",
    );
    assert_eq!(puluc.rule, "puluc/game-over");
    assert_eq!(puluc.moves_command, None);
    // A result the finished game does not give: no turn is left either.
    let claimed = diagnostic(
        "simpei",
        "players: {red: Aiko, blue: Ben}\nresult: Ben\n",
        "1. c3 d6\n2. a1 f2\n3. g1 b4\n4. c1",
    );
    assert_eq!(claimed.rule, "result-mismatch");
    assert_eq!(claimed.moves_command, None);
}
