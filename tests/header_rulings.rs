//! The rulings of 2026-12-01 on the record's header and on square names,
//! written as a rules lawyer reads them: each case that breaks a ruling next
//! to its legal neighbour, the same record with the one detail that makes it
//! fine. And the YAML mistakes people make in a header, each said in plain
//! words at the right line and column.

use arbitre::report::Diagnostic;
use arbitre::{check_str, Switches, Verdict};

#[path = "common/verdicts.rs"]
mod verdicts;
use verdicts::*;

/// The verdict is not malformed (legal, or illegal for a game rule).
fn accepted(text: &str) {
    let report = report(text);
    assert_ne!(
        report.verdict,
        Verdict::Malformed,
        "{text}\n{:?}",
        report.diagnostic
    );
}

fn illegal(text: &str, rule: &str) -> Diagnostic {
    let report = report(text);
    assert_eq!(report.verdict, Verdict::Illegal, "{text}");
    let d = report.diagnostic.unwrap_or_else(|| panic!("{text}"));
    assert_eq!(d.rule, rule, "{text}\n{d:?}");
    d
}

fn help(d: &Diagnostic) -> &str {
    d.help.as_deref().unwrap_or("")
}

// Names and free text are strings.

#[test]
fn an_event_that_yaml_reads_as_a_number_is_refused_and_shown_quoted() {
    legal("---\ngame: simpei\nevent: \"2024\"\n---\n");
    legal("---\ngame: simpei\nevent: '2024'\n---\n");
    legal("---\ngame: simpei\nevent: Club 2024\n---\n");
    let d = malformed("---\ngame: simpei\nevent: 2024\n---\n", "header", 3, 8);
    assert_eq!(
        d.message,
        "`event` must be a string, and YAML reads `2024` as a number"
    );
    assert_eq!(help(&d), "quote it: `event: \"2024\"`");
    assert_eq!(d.length, 4);
    // Written as YAML writes other numbers, with a comment after it.
    let d = malformed(
        "---\ngame: puluc\nevent: 1.5 # round\n---\n",
        "header",
        3,
        8,
    );
    assert_eq!(help(&d), "quote it: `event: \"1.5\"`");
}

#[test]
fn a_player_name_that_yaml_reads_as_a_number_or_a_boolean_is_refused() {
    legal("---\ngame: puluc\nplayers: {a: \"12\", b: Bo}\n---\n");
    let d = malformed(
        "---\ngame: puluc\nplayers: {a: 12, b: Bo}\n---\n",
        "header",
        3,
        14,
    );
    assert_eq!(
        d.message,
        "`a` in `players` must be a string, and YAML reads `12` as a number"
    );
    assert_eq!(help(&d), "quote it: `a: \"12\"`");
    let d = malformed(
        "---\ngame: superpion\nplayers:\n  blue: Ana\n  red: true\n---\n",
        "header",
        5,
        8,
    );
    assert!(d.message.contains("as a boolean"), "{}", d.message);
    assert_eq!(help(&d), "quote it: `red: \"true\"`");
    // `yes` is a word to YAML 1.2, as to a referee.
    legal("---\ngame: simpei\nplayers: {red: yes, blue: no}\n---\n");
}

#[test]
fn a_claimed_winner_is_a_name_too() {
    let d = malformed("---\ngame: simpei\nresult: 7\n---\n", "header", 3, 9);
    assert_eq!(help(&d), "quote it: `result: \"7\"`");
    // Quoted, it names a player like any other name.
    legal("---\ngame: simpei\nplayers: {red: \"7\"}\nresult: \"7\"\n---\nc3 d4 e3 b4 g3\n");
}

// A key written with no value.

#[test]
fn a_key_without_a_value_is_an_error_not_the_default() {
    legal("---\ngame: superpion\n---\n");
    legal("---\ngame: superpion\nmode: four-players\n---\n");
    for empty in ["mode:", "mode: ~", "mode: null", "mode:   # the default?"] {
        let text = format!("---\ngame: superpion\n{empty}\n---\n");
        let d = malformed(&text, "header", 3, 1);
        assert_eq!(d.message, "`mode` is written without a value", "{empty}");
        assert_eq!(
            help(&d),
            "write a value after `mode:`, or leave the key out",
            "{empty}"
        );
        assert_eq!(d.length, 4);
    }
    let d = malformed("---\ngame: simpei\nevent: x\ndate:\n---\n", "header", 4, 1);
    assert_eq!(d.message, "`date` is written without a value");
    let d = malformed("---\ngame:\n---\n", "header", 2, 1);
    assert_eq!(d.message, "`game` is written without a value");
}

#[test]
fn a_nested_key_without_a_value_is_named_with_its_mapping() {
    legal("---\ngame: simpei\nplayers:\n  red: Ana\n  blue: Bo\n---\n");
    let d = malformed(
        "---\ngame: simpei\nplayers:\n  red:\n  blue: Bo\n---\n",
        "header",
        4,
        3,
    );
    assert_eq!(d.message, "`red` in `players` is written without a value");
    let d = malformed(
        "---\ngame: puluc\nplayers: {a: , b: Bo}\n---\n",
        "header",
        3,
        11,
    );
    assert_eq!(d.message, "`a` in `players` is written without a value");
    // `players:` with its mapping on the lines below has a value.
    legal("---\ngame: puluc\nplayers:\n  a: Ana\n---\n");
}

// The game's name.

#[test]
fn the_game_is_named_in_any_case() {
    legal("---\ngame: Puluc\n---\n");
    legal("---\ngame: SIMPEI\n---\n");
    legal("---\ngame: \"SuperPion\"\nmode: teams\n---\n");
    let d = malformed("---\ngame: pulk\n---\n", "header", 2, 7);
    assert_eq!(help(&d), "did you mean `puluc`?");
}

#[test]
fn the_superpion_mode_is_named_in_any_case_like_the_game() {
    for mode in ["teams", "Teams", "TEAMS", "Two-Super-Players"] {
        legal(&format!("---\ngame: superpion\nmode: {mode}\n---\n"));
    }
    // Its neighbour: a mode that is none, in any case, gets the hint.
    let d = malformed("---\ngame: superpion\nmode: Teamz\n---\n", "header", 3, 7);
    assert_eq!(help(&d), "did you mean `teams`?");
}

#[test]
fn a_key_glued_to_its_value_asks_for_the_space() {
    let d = malformed("---\ngame:simpei\n---\n", "header", 2, 1);
    assert_eq!(
        d.message,
        "`game:simpei` has no space after the colon, so YAML reads it as one word, not a key and its value"
    );
    assert_eq!(help(&d), "write `game: simpei`");
    assert!(!d.message.contains("struct"), "{d:?}");
    // The same below the first key, where YAML looks for a `:` to come.
    let d = malformed("---\ngame: simpei\nevent:Club\n---\n", "header", 3, 1);
    assert_eq!(help(&d), "write `event: Club`");
    // Its neighbours: the space, and a colon inside a value after it.
    legal("---\ngame: simpei\n---\n");
    legal("---\ngame: simpei\nevent: Club:night\n---\n");
}

#[test]
fn an_unclosed_bracket_is_pointed_at_not_the_header_end() {
    let d = malformed(
        "---\ngame: simpei\nplayers: {red: Ana, blue: Bo\n---\n",
        "header",
        3,
        10,
    );
    assert_eq!(d.message, "this `{` opens a mapping that is never closed");
    assert_eq!(help(&d), "close it with `}`");
    // A `{` in quotes is not the one left open.
    let d = malformed(
        "---\ngame: simpei\nplayers: {red: \"A{na\", blue: Bo\nevent: x\n---\n",
        "header",
        3,
        10,
    );
    assert_eq!(d.message, "this `{` opens a mapping that is never closed");
    // Its neighbour: closed, with a bracket in quotes.
    legal("---\ngame: simpei\nplayers: {red: \"A{na\", blue: Bo}\n---\n");
}

#[test]
fn a_date_in_another_form_is_shown_the_form() {
    for date in ["12/04/2026", "2026-4-12", "12.04.2026"] {
        let d = malformed(
            &format!("---\ngame: simpei\ndate: {date}\n---\n"),
            "header",
            3,
            7,
        );
        assert_eq!(
            d.message,
            format!("`{date}` is not a date written YYYY-MM-DD")
        );
        assert_eq!(
            help(&d),
            "write the year, the month and the day: `date: 2026-11-29` for 29 November 2026"
        );
    }
    // Its neighbour.
    legal("---\ngame: simpei\ndate: 2026-04-12\n---\n");
}

#[test]
fn a_misspelt_game_key_gets_a_hint() {
    for key in ["gmae", "gaem", "gam", "games", "Game"] {
        let text = format!("---\nevent: x\n{key}: puluc\n---\n");
        let d = malformed(&text, "header", 3, 1);
        assert_eq!(
            d.message,
            format!("the header has no `game`, and `{key}` is not a header key")
        );
        assert_eq!(help(&d), "did you mean `game`?");
        assert_eq!(d.length, key.len());
    }
    // `date` is a key of its own, two letters from `game`: no hint there.
    let d = malformed("---\ndate: 2026-01-02\n---\n", "header", 1, 1);
    assert_eq!(d.message, "the header has no `game`");
}

// Inside `setup`, every problem is rule `setup`.

#[test]
fn a_wrong_key_or_value_inside_setup_is_rule_setup() {
    // Unknown key.
    let d = malformed(
        "---\ngame: simpei\nsetup: {red: [c3], tomove: blue}\n---\n",
        "setup",
        3,
        20,
    );
    assert_eq!(help(&d), "did you mean `to-move`?");
    // Wrong type.
    malformed("---\ngame: simpei\nsetup: {red: c3}\n---\n", "setup", 3, 14);
    malformed("---\ngame: puluc\nsetup: 12\n---\n", "setup", 3, 8);
    malformed(
        "---\ngame: puluc\nsetup: {killed: {a: many}}\n---\n",
        "setup",
        3,
        21,
    );
    // Unknown camp or side.
    malformed(
        "---\ngame: superpion\nsetup: {to-move: green}\n---\n",
        "setup",
        3,
        18,
    );
    malformed(
        "---\ngame: superpion\nsetup: {pieces: {green: [e5]}}\n---\n",
        "setup",
        3,
        18,
    );
    malformed(
        "---\ngame: puluc\nsetup: {track: {\"3\": [c]}}\n---\n",
        "setup",
        3,
        23,
    );
    // A key without a value inside setup.
    malformed(
        "---\ngame: simpei\nsetup: {to-move: }\n---\n",
        "setup",
        3,
        9,
    );
    // The neighbours: the same setups, well written.
    legal("---\ngame: simpei\nsetup: {red: [c3], to-move: blue}\n---\n");
    legal("---\ngame: superpion\nsetup: {to-move: yellow}\n---\n");
    legal("---\ngame: puluc\nsetup: {track: {\"3\": [b]}}\n---\n");
    // The same mistakes outside setup stay `header`.
    malformed(
        "---\ngame: simpei\nplayers: {green: x}\n---\n",
        "header",
        3,
        11,
    );
    malformed("---\ngame: simpei\nend: won\n---\n", "header", 3, 6);
}

// Superpion setups.

#[test]
fn a_superpion_setup_without_pieces_keeps_the_initial_position() {
    let report = legal("---\ngame: superpion\nsetup: {to-move: yellow}\n---\n");
    assert_eq!(report.to_move.as_deref(), Some("yellow"));
    // Yellow plays first, from the initial position.
    legal("---\ngame: superpion\nsetup: {to-move: yellow}\n---\n1.Y h12-h10 j12-j10\n");
    illegal(
        "---\ngame: superpion\nsetup: {to-move: yellow}\n---\n1.B g3-g5 i3-i5\n",
        "superpion/wrong-camp",
    );
    // In three-players, the neutral camp cannot be to move, pieces or not.
    malformed(
        "---\ngame: superpion\nmode: three-players\nneutral: yellow\nsetup: {to-move: yellow}\n---\n",
        "setup",
        5,
        9,
    );
    // No piece at all is impossible.
    let d = malformed(
        "---\ngame: superpion\nsetup: {pieces: {}}\n---\n",
        "setup",
        3,
        9,
    );
    assert_eq!(
        d.message,
        "the setup puts no piece of a playing camp on the board"
    );
    // A pile on the initial position counts pawns twice.
    malformed(
        "---\ngame: superpion\nsetup: {piles: {blue: [R]}}\n---\n",
        "setup",
        3,
        1,
    );
}

#[test]
fn a_superpion_result_naming_no_player_lists_the_players() {
    // Keys naming players by name or by camp pass the header.
    accepted("---\ngame: superpion\nplayers: {blue: Ana}\nresult: {Ana: 0, red: 0}\n---\n");
    let d = malformed(
        "---\ngame: superpion\nplayers: {blue: Ana}\nresult: {Zed: 3}\n---\n",
        "header",
        4,
        10,
    );
    assert_eq!(
        d.message,
        "`Zed` in `result` is not a player of this four-players game"
    );
    assert_eq!(help(&d), "the players are `Ana`, `red`, `yellow`, `black`");
}

// Leading zeros.

#[test]
fn a_simpei_rank_with_a_leading_zero_is_not_a_point() {
    legal("---\ngame: simpei\n---\nc3\n");
    legal("---\ngame: simpei\n---\nC3\n");
    let d = illegal("---\ngame: simpei\n---\nc03\n", "simpei/not-a-point");
    assert_eq!(
        d.message,
        "a rank written with a leading zero names no point: write `c3`"
    );
    assert_eq!((d.line, d.column, d.length), (4, 1, 3));
    illegal("---\ngame: simpei\n---\n1. c3 d04\n", "simpei/not-a-point");
    illegal(
        "---\ngame: simpei\n---\nc3 d4 e3 b4 c3-d02\n",
        "simpei/not-a-point",
    );
    // Not a point either way: the ordinary message.
    let d = illegal("---\ngame: simpei\n---\nh03\n", "simpei/not-a-point");
    assert!(d.message.starts_with("h3 is not a point"), "{}", d.message);
    // In a setup too.
    let d = malformed(
        "---\ngame: simpei\nsetup: {red: [c03]}\n---\n",
        "setup",
        3,
        15,
    );
    assert_eq!(help(&d), "write `c3`");
    legal("---\ngame: simpei\nsetup: {red: [c3], to-move: blue}\n---\n");
}

#[test]
fn a_superpion_rank_with_a_leading_zero_is_not_a_square() {
    legal("---\ngame: superpion\n---\n1.B e3-e5 g3-g5\n");
    let d = illegal(
        "---\ngame: superpion\n---\n1.B e03-e5 g3-g5\n",
        "superpion/not-a-square",
    );
    assert_eq!(
        d.message,
        "a rank written with a leading zero names no square: write `e3`"
    );
    assert_eq!((d.line, d.column, d.length), (4, 5, 3));
    illegal(
        "---\ngame: superpion\n---\n1.B e3-e05 g3-g5\n",
        "superpion/not-a-square",
    );
    // A dark square written so is first of all no square's name.
    illegal(
        "---\ngame: superpion\n---\n1.B d01-d3 g3-g5\n",
        "superpion/not-a-square",
    );
    // Two-digit ranks are no leading zero.
    legal("---\ngame: superpion\n---\n1.B g3-g5 i3-i5\n1.R c5-e5 c7-e7\n1.Y h12-h10 j12-j10\n");
    let d = malformed(
        "---\ngame: superpion\nsetup: {pieces: {blue: [e05]}}\n---\n",
        "setup",
        3,
        25,
    );
    assert_eq!(help(&d), "write `e5`");
}

#[test]
fn a_puluc_square_number_with_a_leading_zero_names_no_square() {
    legal("---\ngame: puluc\n---\n1. 3:e-3\n");
    let d = illegal(
        "---\ngame: puluc\n---\n1. 3:e-03\n",
        "puluc/wrong-destination",
    );
    assert_eq!(
        d.message,
        "a square number written with a leading zero names no square: write `3`"
    );
    assert_eq!((d.line, d.column, d.length), (4, 8, 2));
    // As a source, it holds no piece.
    let d = illegal(
        "---\ngame: puluc\n---\n1. 3:e 1... 2:e 2. 1:03\n",
        "puluc/no-piece-there",
    );
    assert!(d.message.contains("write `3`"), "{}", d.message);
    legal("---\ngame: puluc\n---\n1. 3:e 1... 2:e 2. 1:3\n");
    // In a setup's track too.
    let d = malformed(
        "---\ngame: puluc\nsetup: {track: {\"03\": [a]}}\n---\n",
        "setup",
        3,
        17,
    );
    assert_eq!(help(&d), "write `\"3\"`");
}

#[test]
fn a_setup_names_a_square_in_digits_only() {
    // A sign is no digit: `+3` is read by no notation, so no setup either.
    legal("---\ngame: simpei\nsetup: {red: [a1], blue: [g7]}\n---\n");
    let d = malformed(
        "---\ngame: simpei\nsetup: {red: [a+1], blue: [g7]}\n---\n",
        "setup",
        3,
        15,
    );
    assert_eq!(d.message, "`a+1` is not a point");
    legal("---\ngame: puluc\nsetup: {track: {\"3\": [a]}}\n---\n");
    let d = malformed(
        "---\ngame: puluc\nsetup: {track: {\"+3\": [a]}}\n---\n",
        "setup",
        3,
        17,
    );
    assert_eq!(d.message, "`+3` is not a square number");
    legal("---\ngame: superpion\nsetup: {pieces: {blue: [e3], red: [c5]}}\n---\n");
    for name in ["e+3", "e-3"] {
        let text = format!(
            "---\ngame: superpion\nsetup: {{pieces: {{blue: [{name}], red: [c5]}}}}\n---\n"
        );
        let d = malformed(&text, "setup", 3, 25);
        assert!(
            d.message.starts_with(&format!("`{name}` is not a square")),
            "{}",
            d.message
        );
    }
}

// Already so, and kept.

#[test]
fn a_move_number_glued_to_the_action_is_read_apart() {
    legal("---\ngame: simpei\n---\n1.c3 1...d4 2.e3\n");
    legal("---\ngame: puluc\n---\n1.3:e 1...2:e\n");
    legal("---\ngame: superpion\n---\n1.B e3-e5 g3-g5\n");
    let d = malformed("---\ngame: simpei\n---\n1.2.c3\n", "syntax", 4, 1);
    assert!(d.message.contains("1.2.c3"), "{}", d.message);
    malformed("---\ngame: puluc\n---\n1.2.3:e\n", "syntax", 4, 1);
}

#[test]
fn a_delimiter_with_trailing_blanks_starts_a_record() {
    let text = "---  \ngame: simpei\n---\t\nc3\n--- \t\ngame: puluc\n---\n3:e\n";
    let reports = check_str("case.arb", text, &Switches::new());
    assert_eq!(reports.len(), 2);
    assert!(reports.iter().all(|r| r.verdict == Verdict::Legal));
    // Anything else after the dashes is not a delimiter.
    let reports = check_str("case.arb", "---\ngame: simpei\n--- x\n", &Switches::new());
    assert_eq!(reports[0].verdict, Verdict::Malformed);
}

// YAML mistakes in plain words.

#[test]
fn a_colon_inside_an_unquoted_value_asks_for_quotes() {
    legal("---\ngame: simpei\nevent: \"Club evening: final\"\n---\n");
    legal("---\ngame: simpei\nevent: Club evening:final\n---\n");
    let d = malformed(
        "---\ngame: simpei\nevent: Club evening: final\n---\n",
        "header",
        3,
        20,
    );
    assert_eq!(
        d.message,
        "the value of `event` holds a `: `, which YAML reads as the start of another key"
    );
    assert_eq!(help(&d), "quote it: `event: \"Club evening: final\"`");
    // Columns count characters.
    let d = malformed(
        "---\ngame: simpei\nplayers:\n  red: Chloé: B\n---\n",
        "header",
        4,
        13,
    );
    assert_eq!(help(&d), "quote it: `red: \"Chloé: B\"`");
    // A value holding double quotes is quoted with single ones.
    let d = malformed(
        "---\ngame: simpei\nevent: The \"open\": final\n---\n",
        "header",
        3,
        18,
    );
    assert_eq!(help(&d), "quote it: `event: 'The \"open\": final'`");
}

#[test]
fn a_key_indented_out_of_line_is_said_so() {
    let d = malformed(
        "---\ngame: simpei\nplayers:\n  red: Ana\n   blue: Bo\n---\n",
        "header",
        5,
        4,
    );
    assert_eq!(
        d.message,
        "`blue` is indented deeper than `red` above it, which already has a value"
    );
    assert_eq!(help(&d), "line up `blue:` with `red:`, 2 spaces in");
    let d = malformed("---\ngame: simpei\n  event: x\n---\n", "header", 3, 3);
    assert_eq!(
        help(&d),
        "start `event:` at the beginning of its line, like `game:`"
    );
    let d = malformed(
        "---\ngame: simpei\nplayers:\n  red: Ana\n blue: Bo\n---\n",
        "header",
        5,
        2,
    );
    assert_eq!(d.message, "`blue` is not lined up with the keys above it");
    assert_eq!(help(&d), "line up `blue:` with `red:`, 2 spaces in");
    legal("---\ngame: simpei\nplayers:\n  red: Ana\n  blue: Bo\n---\n");
}

#[test]
fn a_tab_in_the_indentation_is_said_so() {
    for text in [
        "---\ngame: simpei\n\tevent: x\n---\n",
        "---\ngame: simpei\nplayers:\n\tred: x\n---\n",
    ] {
        let line = text.lines().position(|l| l.starts_with('\t')).unwrap_or(0) + 1;
        let d = malformed(text, "header", line, 1);
        assert_eq!(
            d.message,
            "a tab indents this line, and YAML indents with spaces only"
        );
        assert_eq!(help(&d), "replace the tab with spaces");
        assert_eq!(d.length, 1);
    }
    // A tab between a key and its value is no indentation.
    legal("---\ngame: simpei\nevent:\tx\n---\n");
}

/// A list or a word where a mapping goes: the whole value underlined (not
/// up to its first comma), what was expected said without Rust's type
/// names; and the neighbour, the mapping.
#[test]
fn a_value_that_is_no_mapping_is_underlined_whole_and_named_a_mapping() {
    for (game, key, value, rule) in [
        ("simpei", "players", "[Ana, Ben]", "header"),
        ("puluc", "players", "[Ana, Ben]", "header"),
        ("superpion", "players", "[Ana, Ben, Chloe]", "header"),
        ("simpei", "players", "Ana", "header"),
        ("simpei", "setup", "[c3, e5]", "setup"),
    ] {
        let text = format!("---\ngame: {game}\n{key}: {value}\n---\n");
        let d = malformed(&text, rule, 3, key.len() + 3);
        assert_eq!(d.length, value.len(), "{text}\n{d:?}");
        assert!(d.message.ends_with("expected a mapping"), "{}", d.message);
        assert!(!d.message.contains("struct"), "{}", d.message);
    }
    legal("---\ngame: simpei\nplayers: {red: Ana, blue: Ben}\n---\n");
    let d = malformed("---\n[1, 2]\n---\n", "header", 2, 1);
    assert!(!d.message.contains("struct"), "{}", d.message);
}
