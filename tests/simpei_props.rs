//! Property tests for Simpei and for the shared machinery: random legal
//! games replay as legal, a corrupted turn is caught exactly where it was
//! corrupted, and no input makes arbitre panic.

use arbitre::game::random_record;
use arbitre::games::simpei::{Play, Simpei};
use arbitre::replay::check_as;
use arbitre::rng::Rng;
use arbitre::{Mechanics, Notation, Switches};
use proptest::prelude::*;

mod common;
use common::{refused, resolves};

fn checked(text: &str) -> arbitre::Checked {
    check_as::<Simpei>(text, &Switches::new())
}

/// The turns of a generated record, one string each.
fn turns_of(record: &str) -> Vec<String> {
    let movetext = record.splitn(3, "---\n").nth(2).unwrap_or("");
    let mut turns = Vec::new();
    for word in movetext.split_whitespace() {
        if word.ends_with('.') {
            continue;
        }
        if word.contains('>') {
            if let Some(last) = turns.last_mut() {
                let last: &mut String = last;
                last.push(' ');
                last.push_str(word);
            }
        } else {
            turns.push(word.to_string());
        }
    }
    turns
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn every_turn_resolves_to_its_play(seed in any::<u64>(), max in 0usize..80) {
        let start = Simpei::initial(None).unwrap();
        let plays = arbitre::game::random_plays::<Simpei>(&start, &mut Rng::new(seed), max);
        resolves::<Simpei>(&start, &plays, |_, play| play.to_string())?;
    }

    #[test]
    fn random_games_replay_as_legal(seed in any::<u64>(), max in 0usize..80) {
        let record = random_record::<Simpei>(None, seed, max).unwrap();
        let result = checked(&record);
        prop_assert!(result.malformed.is_none(), "{record}");
        prop_assert!(result.violation.is_none(), "{record}\n{:?}", result.violation);
        prop_assert!(result.turns <= max);
    }

    #[test]
    fn a_changed_turn_is_caught_where_it_was_changed(seed in any::<u64>(), pick in any::<prop::sample::Index>(), kind in 0u8..3) {
        let record = random_record::<Simpei>(None, seed, 60).unwrap();
        let mut turns = turns_of(&record);
        prop_assume!(!turns.is_empty());
        let at = pick.index(turns.len());
        // Each corruption is illegal whatever the position: an occupied or
        // unknown point, or a relocation of a piece nobody sandwiched.
        let replaced = match kind {
            0 => "b1".to_string(),
            1 => {
                // The landing of the previous turn is certainly occupied:
                // a turn never relocates its own piece.
                let previous = at.checked_sub(1).map(|i| turns[i].split(' ').next().unwrap_or("").to_string());
                match previous {
                    Some(prev) if !prev.is_empty() && prev != "--" => prev.rsplit('-').next().unwrap_or(&prev).to_string(),
                    _ => "b1".to_string(),
                }
            }
            _ => format!("{} a1>a1 a1>a1", turns[at]),
        };
        turns[at] = replaced;
        let text = format!("---\ngame: simpei\n---\n{}\n", turns.join("\n"));
        let result = checked(&text);
        let violation = result.violation.expect("the changed turn is illegal");
        prop_assert_eq!(violation.turn_index, Some(at), "{}\n{:?}", text, violation);
    }

    #[test]
    fn a_refused_turn_leaves_the_position_as_it_was(seed in any::<u64>(), pick in any::<prop::sample::Index>(), kind in 0u8..3) {
        let record = random_record::<Simpei>(None, seed, 60).unwrap();
        let mut turns = turns_of(&record);
        prop_assume!(!turns.is_empty());
        let at = pick.index(turns.len());
        let relocations = turns[at].matches('>').count();
        // Refused at the action, at a relocation after the action was made,
        // or at the end of a turn that leaves a lifted piece waiting.
        turns[at] = match kind {
            0 => "b1".to_string(),
            2 if relocations > 0 => turns[at].rsplit_once(' ').map_or("b1", |(kept, _)| kept).to_string(),
            _ => format!("{} a1>a1", turns[at]),
        };
        let found = refused::<Simpei>(&Simpei::initial(None).unwrap(), &turns.join("\n"))?;
        prop_assert_eq!(found, Some(at), "{}", turns.join("\n"));
    }

    #[test]
    fn random_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..400)) {
        let switches = Switches::new();
        let _ = arbitre::check_reader("fuzz", &bytes[..], &switches).count();
    }

    #[test]
    fn random_movetext_never_panics(words in prop::collection::vec(
        prop::sample::select(vec!["c3", "e5", "d4-c5", "e5>a1", "--", "1.", "2...", "{", "}", ";", "\n", "zz", "g7-f6", "a1>g7", "99.", "---\n"]),
        0..60,
    )) {
        let text = format!("---\ngame: simpei\n---\n{}", words.join(" "));
        let _ = arbitre::check_str("fuzz", &text, &Switches::new());
    }
}

#[test]
fn one_turn_is_parsed_and_resolved_alone() {
    let start = Simpei::initial(None).unwrap();
    let turn = arbitre::parse_turn::<Simpei>("1. c3").unwrap();
    let play: Play = Simpei::resolve(&start, &turn, 0).unwrap();
    assert_eq!(play.to_string(), "c3");
    assert!(Simpei::legal(&start).contains(&play));

    let refused = arbitre::parse_turn::<Simpei>("b1").unwrap();
    let mut position = start.clone();
    let played = Simpei::play(&mut position, &refused, 0).unwrap_err();
    assert_eq!(Simpei::resolve(&start, &refused, 0), Err(played));

    let none = arbitre::parse_turn::<Simpei>(" ").unwrap_err();
    assert_eq!(none.message, "no turn is written");
    let two = arbitre::parse_turn::<Simpei>("c3 c1").unwrap_err();
    assert_eq!(two.message, "one turn is expected, not 2");
    assert!(arbitre::parse_turn::<Simpei>("c3 {").is_err());
}
