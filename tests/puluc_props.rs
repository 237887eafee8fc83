//! Property tests for Puluc: random legal games replay as legal, pawns are
//! conserved at every turn, and a turn changed into an illegal one is caught
//! at exactly that turn.

use arbitre::games::puluc::{Action, Position, Puluc, Side, PAWNS};
use arbitre::replay::check_as;
use arbitre::rng::Rng;
use arbitre::{Checked, Mechanics, Notation, Switches};
use proptest::prelude::*;

mod common;
use common::{refused, resolves};

fn check(text: &str) -> Checked {
    check_as::<Puluc>(text, &Switches::new())
}

/// The record's movetext turns, one string per turn (numbers dropped).
fn turns_of(record: &str) -> (String, Vec<String>) {
    let (header, moves) = record.rsplit_once("---\n").unwrap();
    let turns = moves
        .split_whitespace()
        .filter(|t| !t.ends_with('.'))
        .map(str::to_string)
        .collect();
    (format!("{header}---\n"), turns)
}

fn conserved(p: &Position) -> bool {
    [Side::A, Side::B]
        .into_iter()
        .all(|s| p.start[s.index()] + p.on_track(s) + p.killed[s.index()] == PAWNS)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn every_turn_resolves_to_its_play(seed in any::<u64>()) {
        let start = Puluc::initial(None).unwrap();
        let plays = arbitre::game::random_plays::<Puluc>(&start, &mut Rng::new(seed), 200);
        // Passes of every throw lead to one position: the written throw counts.
        resolves::<Puluc>(&start, &plays, |_, play| play.to_string())?;
    }

    #[test]
    fn random_games_replay_as_legal(seed in any::<u64>()) {
        let text = arbitre::game::random_record::<Puluc>(None, seed, 300).unwrap();
        let checked = check(&text);
        prop_assert!(checked.malformed.is_none(), "{:?}", checked.malformed);
        prop_assert!(checked.violation.is_none(), "{:?}\n{text}", checked.violation);
    }

    #[test]
    fn pawns_are_conserved_at_every_turn(seed in any::<u64>()) {
        let mut rng = Rng::new(seed);
        let mut position = Puluc::initial(None).unwrap();
        prop_assert!(conserved(&position));
        for _ in 0..400 {
            let Some(play) = Puluc::random_play(&position, &mut rng) else { break };
            Puluc::apply(&mut position, &play);
            prop_assert!(conserved(&position), "after {play}: {position:?}");
            for s in position.middle() {
                prop_assert!(position.track[usize::from(s)].height() <= 2 * PAWNS);
            }
        }
    }

    #[test]
    fn a_changed_throw_is_caught_where_it_was_changed(seed in any::<u64>(), pick in any::<prop::sample::Index>(), shift in 1u32..5) {
        let text = arbitre::game::random_record::<Puluc>(None, seed, 120).unwrap();
        let (header, mut turns) = turns_of(&text);
        let moves: Vec<usize> = (0..turns.len()).filter(|&i| !turns[i].ends_with(":-")).collect();
        prop_assume!(!moves.is_empty());
        let index = moves[pick.index(moves.len())];
        let (throw, rest) = turns[index].split_once(':').unwrap();
        let changed = (throw.parse::<u32>().unwrap() - 1 + shift) % 5 + 1;
        turns[index] = format!("{changed}:{rest}");
        let checked = check(&format!("{header}{}\n", turns.join(" ")));
        let violation = checked.violation.expect("the changed turn is illegal");
        prop_assert_eq!(violation.turn_index, Some(index));
        prop_assert_eq!(violation.rule.id, "puluc/wrong-destination");
    }

    #[test]
    fn a_refused_turn_leaves_the_position_as_it_was(seed in any::<u64>(), pick in any::<prop::sample::Index>(), shift in 0u32..5) {
        let text = arbitre::game::random_record::<Puluc>(None, seed, 120).unwrap();
        let (_, mut turns) = turns_of(&text);
        let moves: Vec<usize> = (0..turns.len()).filter(|&i| !turns[i].ends_with(":-")).collect();
        prop_assume!(!moves.is_empty());
        let index = moves[pick.index(moves.len())];
        let (throw, rest) = turns[index].split_once(':').unwrap();
        // Another throw for the same move, or a pass where a move was open.
        turns[index] = match shift {
            0 => format!("{throw}:-"),
            _ => format!("{}:{rest}", (throw.parse::<u32>().unwrap() - 1 + shift) % 5 + 1),
        };
        let found = refused::<Puluc>(&Puluc::initial(None).unwrap(), &turns.join(" "))?;
        prop_assert_eq!(found, Some(index), "{}", turns.join(" "));
    }

    #[test]
    fn a_pass_instead_of_a_move_is_caught_there(seed in any::<u64>(), pick in any::<prop::sample::Index>()) {
        let text = arbitre::game::random_record::<Puluc>(None, seed, 120).unwrap();
        let (header, mut turns) = turns_of(&text);
        let moves: Vec<usize> = (0..turns.len()).filter(|&i| !turns[i].ends_with(":-")).collect();
        prop_assume!(!moves.is_empty());
        let index = moves[pick.index(moves.len())];
        let throw = turns[index].split_once(':').unwrap().0.to_string();
        turns[index] = format!("{throw}:-");
        let checked = check(&format!("{header}{}\n", turns.join(" ")));
        let violation = checked.violation.expect("the pass is illegal");
        prop_assert_eq!(violation.turn_index, Some(index));
        prop_assert_eq!(violation.rule.id, "puluc/illegal-pass");
    }
}

#[test]
fn random_games_throw_with_fair_chances() {
    let mut rng = Rng::new(11);
    let mut counts = [0u64; 5];
    for _ in 0..16_000 {
        counts[usize::from(arbitre::games::puluc::throw_sticks(&mut rng)) - 1] += 1;
    }
    let stats = arbitre::stats::ThrowStats::from_counts(Puluc::FAIR_THROWS, &counts);
    assert!(stats.p_value.unwrap() > 0.001, "{counts:?}");
}

#[test]
fn a_pass_is_generated_only_without_a_move() {
    let mut rng = Rng::new(5);
    let mut position = Puluc::initial(None).unwrap();
    for _ in 0..2000 {
        let Some(play) = Puluc::random_play(&position, &mut rng) else {
            break;
        };
        if play.action == Action::Pass {
            assert!(!position.has_move(play.throw));
        }
        Puluc::apply(&mut position, &play);
    }
}

#[test]
fn one_turn_is_parsed_and_resolved_alone() {
    let start = Puluc::initial(None).unwrap();
    let turn = arbitre::parse_turn::<Puluc>("1. 2:e-2").unwrap();
    let play = Puluc::resolve(&start, &turn, 0).unwrap();
    assert_eq!(play.to_string(), "2:e-2");
    assert!(Puluc::legal(&start).contains(&play));
    // A move is told apart by where it leads: the generic way finds it too.
    assert_eq!(
        arbitre::game::resolve_by_outcome::<Puluc>(&start, &turn, 0),
        Ok(play)
    );

    let refused = arbitre::parse_turn::<Puluc>("2:e-3").unwrap();
    let mut position = start.clone();
    let played = Puluc::play(&mut position, &refused, 0).unwrap_err();
    assert_eq!(Puluc::resolve(&start, &refused, 0), Err(played));

    assert!(arbitre::parse_turn::<Puluc>("").is_err());
    let two = arbitre::parse_turn::<Puluc>("2:e-2 1:e-1").unwrap_err();
    assert_eq!(two.message, "one turn is expected, not 2");
}
