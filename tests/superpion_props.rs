//! Property tests: random legal games of every mode replay as legal, their
//! scores add up, and a turn changed into an illegal one is caught at
//! exactly that turn.

use arbitre::games::superpion::{squares, Camp, Colour, Play, Position, Superpion};
use arbitre::rng::Rng;
use arbitre::{Mechanics, Notation, RecordFormat, RecordReport, Switches, Verdict};
use proptest::prelude::*;

mod common;
use common::{refused, resolves};

const MODES: [&str; 6] = [
    "four-players",
    "teams",
    "three-players",
    "three-players:red",
    "two-players",
    "two-super-players",
];

fn report(text: &str) -> RecordReport {
    arbitre::check_str("prop.arb", text, &Switches::new()).remove(0)
}

/// A random game: its start, its turns and the final position.
fn game(mode: &str, seed: u64, turns: usize) -> (Position, Vec<Play>, Position) {
    let start = Superpion::initial(Some(mode)).unwrap();
    let mut position = start.clone();
    let mut rng = Rng::new(seed);
    let mut plays = Vec::new();
    while plays.len() < turns {
        let Some(play) = Superpion::random_play(&position, &mut rng) else {
            break;
        };
        Superpion::apply(&mut position, &play);
        plays.push(play);
    }
    (start, plays, position)
}

fn text(start: &Position, plays: &[Play]) -> String {
    format!(
        "---\n{}---\n{}",
        Superpion::record_header(start),
        Superpion::movetext(start, plays)
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn every_turn_resolves_to_its_play(mode in 0..MODES.len(), seed in any::<u64>()) {
        let (start, plays, _) = game(MODES[mode], seed, 80);
        resolves::<Superpion>(&start, &plays, |position, play| format!("{}.{play}", position.round))?;
    }

    #[test]
    fn whether_an_action_is_left_agrees_with_the_list_of_actions(
        mode in 0..MODES.len(),
        seed in any::<u64>(),
    ) {
        let mut position = Superpion::initial(Some(MODES[mode])).unwrap_or_else(|e| panic!("{e}"));
        let mut rng = Rng::new(seed);
        for _ in 0..120 {
            prop_assert_eq!(position.any_action(), !position.actions().is_empty());
            // Midway through a turn too: after its first action.
            if let Some(first) = position.actions().first() {
                let mut half = position.clone();
                half.act(first);
                prop_assert_eq!(half.any_action(), !half.actions().is_empty());
            }
            let Some(play) = Superpion::random_play(&position, &mut rng) else {
                break;
            };
            Superpion::apply(&mut position, &play);
        }
    }

    #[test]
    fn random_games_replay_as_legal(mode in 0..MODES.len(), seed in any::<u64>()) {
        let record = arbitre::game::random_record::<Superpion>(Some(MODES[mode]), seed, 150).unwrap();
        let r = report(&record);
        prop_assert_eq!(r.verdict, Verdict::Legal, "{}\n{:?}", record, r.diagnostic);
        let written = record.lines().filter(|l| l.contains('.') && !l.contains(':')).count();
        prop_assert_eq!(r.turns, written);
    }

    #[test]
    fn every_pawn_is_held_once(mode in 0..MODES.len(), seed in any::<u64>()) {
        let (_, _, end) = game(MODES[mode], seed, 250);
        let holdings = end.holdings();
        let mut by_colour = [0u32; 5];
        for h in &holdings {
            for c in Colour::ALL {
                by_colour[c.index()] += h.held[c.index()];
            }
            prop_assert_eq!(h.own + h.other, h.held.iter().sum::<u32>());
            let expected = h.other + if h.threshold { 2 * h.own } else { h.own };
            prop_assert_eq!(h.points, expected);
            prop_assert_eq!(h.threshold, h.other >= 5);
        }
        // Neutral pieces on the board belong to nobody.
        if let Some(neutral) = end.variant.neutral {
            for sq in squares(end.camps[neutral.index()]) {
                by_colour[Colour::of(neutral).index()] += 1;
                if end.is_superpion(sq) {
                    by_colour[end.under[sq.index()].index()] += 1;
                }
            }
        }
        for camp in Camp::ALL {
            prop_assert_eq!(by_colour[Colour::of(camp).index()], 12, "{:?}", camp);
        }
        prop_assert_eq!(by_colour[Colour::Spare.index()], end.spares);
    }

    #[test]
    fn a_changed_turn_is_caught_at_that_turn(
        mode in 0..MODES.len(),
        seed in any::<u64>(),
        pick in any::<prop::sample::Index>(),
        how in 0..2usize,
    ) {
        let (start, plays, _) = game(MODES[mode], seed, 60);
        prop_assume!(!plays.is_empty());
        let k = pick.index(plays.len());
        let mut lines: Vec<String> = text(&start, &plays).lines().map(str::to_string).collect();
        let header_lines = lines.iter().skip(1).position(|l| l == "---").unwrap() + 2;
        let line = &mut lines[header_lines + k];
        let (number, rest) = line.split_once('.').unwrap();
        let play = &plays[k];
        let changed = match (how, play.actions.first()) {
            // Reverse the first action: its landing square was empty.
            (0, Some(first)) if first.to() != first.from => {
                let sep = if first.capture { "x" } else { "-" };
                let mut squares: Vec<String> = first.path.iter().rev().map(ToString::to_string).collect();
                squares.push(first.from.to_string());
                let mut out = format!("{number}.{} {}", play.camp.letter(), squares.join(sep));
                for a in &play.actions[1..] {
                    out.push_str(&format!(" {a}"));
                }
                out
            }
            // Another camp's letter.
            _ => {
                let other = Camp::from_index(play.camp.index() + 1).letter();
                format!("{number}.{other}{}", &rest[1..])
            }
        };
        *line = changed;
        let record = lines.join("\n") + "\n";
        let r = report(&record);
        prop_assert_eq!(r.verdict, Verdict::Illegal, "{}", record);
        let d = r.diagnostic.unwrap();
        prop_assert_eq!(d.turn_index, Some(k), "{}\n{:?}", record, d);
    }

    #[test]
    fn a_refused_turn_leaves_the_position_as_it_was(
        mode in 0..MODES.len(),
        seed in any::<u64>(),
        pick in any::<prop::sample::Index>(),
        how in 0..3usize,
    ) {
        let (start, plays, _) = game(MODES[mode], seed, 60);
        prop_assume!(!plays.is_empty());
        let k = pick.index(plays.len());
        let mut lines: Vec<String> = Superpion::movetext(&start, &plays).lines().map(str::to_string).collect();
        let play = &plays[k];
        let round = lines[k].split_once('.').unwrap().0.to_string();
        let head = format!("{round}.{}", play.camp.letter());
        // Refused after the first action was made: the second left out, or
        // the first played again; else before anything: another camp.
        lines[k] = match (how, &play.actions[..]) {
            (0, [first, _]) => format!("{head} {first}"),
            (1, [first, _]) => format!("{head} {first} {first}"),
            _ => {
                let other = Camp::from_index(play.camp.index() + 1).letter();
                format!("{round}.{other}{}", &lines[k][head.len()..])
            }
        };
        let movetext = lines.join("\n") + "\n";
        let found = refused::<Superpion>(&start, &movetext)?;
        prop_assert_eq!(found, Some(k), "{}", movetext);
    }
}

#[test]
fn one_turn_is_parsed_and_resolved_alone() {
    let start = Superpion::initial(Some("two-players")).unwrap();
    let first = Superpion::legal(&start).remove(0);
    let text = format!("1.{first}");
    let turn = arbitre::parse_turn::<Superpion>(&text).unwrap();
    assert_eq!(Superpion::resolve(&start, &turn, 0), Ok(first.clone()));

    // The first action alone is refused after it was checked: the second is missing.
    let half = format!("1.{} {}", first.camp.letter(), first.actions[0]);
    let refused = arbitre::parse_turn::<Superpion>(&half).unwrap();
    let mut position = start.clone();
    let played = Superpion::play(&mut position, &refused, 0).unwrap_err();
    assert_eq!(position, start);
    assert_eq!(Superpion::resolve(&start, &refused, 0), Err(played));

    assert!(arbitre::parse_turn::<Superpion>("").is_err());
    let two = arbitre::parse_turn::<Superpion>(&format!("{text}\n{text}")).unwrap_err();
    assert_eq!(two.message, "one turn is expected, not 2");
}
