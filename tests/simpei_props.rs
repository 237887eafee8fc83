//! Property tests for Simpei and for the shared machinery: random legal
//! games replay as legal, a corrupted turn is caught exactly where it was
//! corrupted, and no input makes arbitre panic.

use arbitre::games::simpei::Simpei;
use arbitre::record::{split, Switches};
use arbitre::replay::{check, random};
use arbitre::source;
use proptest::prelude::*;

fn checked(text: &str) -> arbitre::replay::Checked {
    let records = split(text);
    let record = records[0].as_ref().expect("a framed record");
    check::<Simpei>(record, &Switches::new())
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
    fn random_games_replay_as_legal(seed in any::<u64>(), max in 0usize..80) {
        let record = random::<Simpei>(None, seed, max).unwrap();
        let result = checked(&record);
        prop_assert!(result.malformed.is_none(), "{record}");
        prop_assert!(result.violation.is_none(), "{record}\n{:?}", result.violation);
        prop_assert!(result.turns <= max);
    }

    #[test]
    fn a_changed_turn_is_caught_where_it_was_changed(seed in any::<u64>(), pick in any::<prop::sample::Index>(), kind in 0u8..3) {
        let record = random::<Simpei>(None, seed, 60).unwrap();
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
    fn random_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..400)) {
        let switches = Switches::new();
        let _ = source::check_reader("fuzz", &bytes[..], &switches).count();
    }

    #[test]
    fn random_movetext_never_panics(words in prop::collection::vec(
        prop::sample::select(vec!["c3", "e5", "d4-c5", "e5>a1", "--", "1.", "2...", "{", "}", ";", "\n", "zz", "g7-f6", "a1>g7", "99.", "---\n"]),
        0..60,
    )) {
        let text = format!("---\ngame: simpei\n---\n{}", words.join(" "));
        let _ = source::check_str("fuzz", &text, &Switches::new());
    }
}
