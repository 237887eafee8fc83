//! Numbers of any length in the movetext: a number is read as a number
//! however many digits it has, and one that names no square, point or move
//! is the rule of a square that does not exist (or of a wrong move number),
//! never `syntax` because it is long. Each case beside its legal neighbour,
//! at the `u32` boundary and far past it.

use arbitre::{check_str, Switches, Verdict};

/// `legal`, or the rule the record breaks, and the turn it breaks it at.
fn verdict(game: &str, movetext: &str) -> (String, Option<usize>) {
    let text = format!("---\ngame: {game}\n---\n{movetext}\n");
    let mut reports = check_str("case.arb", &text, &Switches::new());
    assert_eq!(reports.len(), 1, "{text}");
    let report = reports.remove(0);
    match report.diagnostic {
        None => {
            assert_eq!(report.verdict, Verdict::Legal, "{text}");
            ("legal".to_string(), None)
        }
        Some(d) => (d.rule, d.turn_index),
    }
}

fn rule(game: &str, movetext: &str) -> String {
    verdict(game, movetext).0
}

/// The numbers that fit a `u32` and those past it, each with its length.
fn long_numbers() -> Vec<String> {
    vec![
        "4294967295".to_string(),
        "4294967296".to_string(),
        "99999999999".to_string(),
        "9".repeat(20),
        "1".repeat(200),
        format!("0{}", "7".repeat(20)),
    ]
}

#[test]
fn puluc_a_source_square_of_any_length_is_off_the_track() {
    assert_eq!(verdict("puluc", "1. 3:e-3 2:e-8 2. 1:3").0, "legal");
    assert_eq!(
        verdict("puluc", "1. 3:e-3 2:e-8 2. 1:99"),
        ("puluc/no-piece-there".to_string(), Some(2))
    );
    for n in long_numbers() {
        let movetext = format!("1. 3:e-3 2:e-8 2. 1:{n}");
        assert_eq!(
            verdict("puluc", &movetext),
            ("puluc/no-piece-there".to_string(), Some(2)),
            "{movetext}"
        );
    }
}

#[test]
fn puluc_a_landing_square_of_any_length_is_the_wrong_destination() {
    assert_eq!(rule("puluc", "1. 3:e-3"), "legal");
    assert_eq!(rule("puluc", "1. 3:e-99"), "puluc/wrong-destination");
    for n in long_numbers() {
        let movetext = format!("1. 3:e-{n}");
        assert_eq!(
            rule("puluc", &movetext),
            "puluc/wrong-destination",
            "{movetext}"
        );
    }
    // A leading zero names no square, as before.
    assert_eq!(rule("puluc", "1. 3:e-03"), "puluc/wrong-destination");
}

#[test]
fn puluc_a_throw_of_any_length_past_five_is_not_notation() {
    assert_eq!(rule("puluc", "1. 5:e"), "legal");
    let six = "---\ngame: puluc\n---\n1. 6:e\n";
    let message = |text: &str| {
        check_str("case.arb", text, &Switches::new())[0]
            .diagnostic
            .as_ref()
            .map(|d| (d.rule.clone(), d.message.clone()))
            .unwrap()
    };
    assert_eq!(
        message(six),
        (
            "syntax".to_string(),
            "a throw is worth 1 to 5, not 6".to_string()
        )
    );
    for n in long_numbers() {
        let text = format!("---\ngame: puluc\n---\n1. {n}:e\n");
        let (rule, message) = message(&text);
        assert_eq!(rule, "syntax", "{text}");
        assert!(
            message.starts_with("a throw is worth 1 to 5, not "),
            "{message}"
        );
    }
    // A throw written with zeros before a 3 is still a 3.
    assert_eq!(rule("puluc", &format!("1. {}3:e", "0".repeat(30))), "legal");
}

#[test]
fn puluc_a_move_number_of_any_length_is_a_wrong_move_number() {
    assert_eq!(rule("puluc", "1. 3:e"), "legal");
    assert_eq!(rule("puluc", "2. 3:e"), "puluc/move-number");
    for n in long_numbers() {
        for movetext in [
            format!("{n}. 3:e"),
            format!("{n}.3:e"),
            format!("1. 3:e {n}... 2:e"),
        ] {
            assert_eq!(rule("puluc", &movetext), "puluc/move-number", "{movetext}");
        }
    }
}

#[test]
fn simpei_a_rank_of_any_length_is_not_a_point() {
    assert_eq!(rule("simpei", "1. c3 f4"), "legal");
    assert_eq!(
        verdict("simpei", "1. c3 f99"),
        ("simpei/not-a-point".to_string(), Some(1))
    );
    for n in long_numbers() {
        for movetext in [format!("1. c3 f{n}"), format!("1. c3 F{n}")] {
            assert_eq!(
                verdict("simpei", &movetext),
                ("simpei/not-a-point".to_string(), Some(1)),
                "{movetext}"
            );
        }
        let movetext = format!("1. c3 f4 2. c{n}-c5");
        assert_eq!(
            rule("simpei", &movetext),
            "simpei/not-a-point",
            "{movetext}"
        );
    }
    // A leading zero names no point, as before.
    assert_eq!(rule("simpei", "1. c3 f04"), "simpei/not-a-point");
}

#[test]
fn simpei_a_move_number_of_any_length_is_a_wrong_move_number() {
    assert_eq!(rule("simpei", "1. c3 1... f4"), "legal");
    for n in long_numbers() {
        for movetext in [
            format!("{n}. c3"),
            format!("{n}.c3"),
            format!("1. c3 {n}... f4"),
        ] {
            assert_eq!(
                rule("simpei", &movetext),
                "simpei/move-number",
                "{movetext}"
            );
        }
    }
}

#[test]
fn superpion_a_rank_of_any_length_is_not_a_square() {
    assert_eq!(rule("superpion", "1.B g3-g5 i3-i5"), "legal");
    assert_eq!(
        rule("superpion", "1.B g3-g99 i3-i5"),
        "superpion/not-a-square"
    );
    for n in long_numbers() {
        for movetext in [
            format!("1.B g3-g{n} i3-i5"),
            format!("1.B g{n}-g5 i3-i5"),
            format!("1.B g3xg{n}"),
        ] {
            assert_eq!(
                rule("superpion", &movetext),
                "superpion/not-a-square",
                "{movetext}"
            );
        }
    }
    assert_eq!(
        rule("superpion", "1.B g3-g05 i3-i5"),
        "superpion/not-a-square"
    );
}

#[test]
fn superpion_a_round_of_any_length_is_a_wrong_round() {
    for n in long_numbers() {
        for movetext in [format!("{n}.B g3-g5 i3-i5"), format!("{n}. B g3-g5 i3-i5")] {
            assert_eq!(
                rule("superpion", &movetext),
                "superpion/move-number",
                "{movetext}"
            );
        }
    }
}

#[test]
fn a_number_past_the_token_limit_stays_a_token_too_long() {
    let digits = "9".repeat(2000);
    for (game, movetext) in [
        ("puluc", format!("1. 3:{digits}")),
        ("simpei", format!("1. c{digits}")),
        ("superpion", format!("1.B g3-g{digits}")),
    ] {
        let text = format!("---\ngame: {game}\n---\n{movetext}\n");
        let report = &check_str("case.arb", &text, &Switches::new())[0];
        let d = report.diagnostic.as_ref().unwrap();
        assert_eq!(d.rule, "syntax", "{game}");
        assert!(d.message.contains("--max-token-bytes"), "{}", d.message);
    }
}

/// At the token limit exactly, a number is still read as a number; one
/// byte more and the token is too long, whatever it holds.
#[test]
fn a_number_at_the_token_limit_is_read_and_one_byte_more_is_not() {
    let limit = arbitre::Limits::default().token_bytes;
    let cases = [
        ("puluc", "3:", "puluc/no-piece-there"),
        ("simpei", "c", "simpei/not-a-point"),
    ];
    for (game, before, rule_at_limit) in cases {
        let at_limit = format!("{before}{}", "9".repeat(limit - before.len()));
        assert_eq!(at_limit.len(), limit);
        assert_eq!(
            rule(game, &format!("1. {at_limit}")),
            rule_at_limit,
            "{game}"
        );
        let past = format!("{at_limit}9");
        assert_eq!(rule(game, &format!("1. {past}")), "syntax", "{game}");
    }
}
