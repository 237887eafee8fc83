//! What holds of every game, checked over the registry: a game registered
//! in `src/games/mod.rs` is held to all of it with no line added here.
//! Random games are legal in every mode, `fmt` is idempotent and keeps
//! verdicts, playing a turn is all or nothing, a turn written canonically
//! reads back as itself, perft(1) counts the legal turns, a position's
//! setup reads back as that position, and the template is legal. The
//! games see only the registry's `&dyn AnyGame`, as the commands do.

use std::path::Path;

use arbitre::format::format;
use arbitre::game::CanonicalTurn;
use arbitre::games;
use arbitre::rng::Rng;
use arbitre::{check, AnyGame, Checked, Record, Switches, Verdict};
use proptest::prelude::*;

/// Seeds of the sweeps over every game and mode.
const SEEDS: u64 = 16;

/// The most turns a random game of the suite plays: long enough to reach
/// captures, promotions and ends, short enough for a debug build.
const MAX_TURNS: usize = 60;

/// The legal turns looked at in a position: enough to meet every kind of
/// turn, few enough where turns multiply.
const LEGAL_LOOKED_AT: usize = 48;

/// The legal turns tried changed in a position, each a few ways.
const TRIED: usize = 8;

fn record(text: &str) -> Record {
    Record::from_text(text)
}

fn checked(text: &str) -> Checked {
    check(&record(text), &Switches::new())
}

/// The default mode, then each mode the game names.
fn modes(game: &dyn AnyGame) -> Vec<Option<&'static str>> {
    std::iter::once(None)
        .chain(game.modes().iter().copied().map(Some))
        .collect()
}

/// A random legal game of `game` in the mode `pick` chooses.
fn random(game: &dyn AnyGame, pick: usize, seed: u64, max_turns: usize) -> String {
    let modes = modes(game);
    let mode = modes[pick % modes.len()];
    game.random(mode, seed, max_turns)
        .unwrap_or_else(|e| panic!("{} {mode:?}: {e}", game.name()))
}

/// The header's lines of a record, without its `---` lines.
fn header_of(text: &str) -> &str {
    let body = text.strip_prefix("---\n").unwrap_or(text);
    body.split_once("---\n").map_or(body, |(header, _)| header)
}

/// The record with one more turn written after its last.
fn and_then(text: &str, turn: &str) -> String {
    let sep = if text.ends_with('\n') { "" } else { "\n" };
    format!("{text}{sep}{turn}\n")
}

/// The verdict, the turns replayed and where the record stands: what a
/// record says.
fn said(checked: &Checked) -> (Verdict, usize, Option<arbitre::game::Summary>) {
    (checked.verdict(), checked.turns, checked.summary.clone())
}

/// Every game is registered once, under a name the samples and the pages
/// use, with something to start from.
#[test]
fn the_registry_lists_each_game_once() {
    let names = games::names();
    assert!(!names.is_empty());
    for (i, game) in games::all().iter().enumerate() {
        assert_eq!(names[i], game.name());
        assert_eq!(
            names.iter().filter(|n| **n == game.name()).count(),
            1,
            "{}",
            game.name()
        );
        assert!(
            games::find(game.name()).is_some_and(|found| found.name() == game.name()),
            "{}",
            game.name()
        );
        assert!(
            game.name()
                .chars()
                .all(|c| c.is_ascii_lowercase() || c == '-'),
            "{}",
            game.name()
        );
    }
}

/// Random games replay as legal, in every mode of every game, and stop
/// within the turns asked for.
#[test]
fn random_games_are_legal_in_every_mode() {
    for game in games::all() {
        for (pick, mode) in modes(*game).into_iter().enumerate() {
            for seed in 0..SEEDS {
                let max_turns = (seed as usize * 17) % MAX_TURNS;
                let text = random(*game, pick, seed, max_turns);
                let result = checked(&text);
                assert_eq!(result.game, Some(game.name()), "{text}");
                assert!(
                    result.malformed.is_none() && result.violation.is_none(),
                    "{} {mode:?} seed {seed}: {:?} {:?}\n{text}",
                    game.name(),
                    result.malformed,
                    result.violation
                );
                assert!(result.turns <= max_turns, "{text}");
            }
        }
    }
}

/// A mode the game does not name is refused, not played as another one.
#[test]
fn an_unknown_mode_is_refused() {
    for game in games::all() {
        assert!(
            game.random(Some("no-such-mode"), 1, 4).is_err(),
            "{}",
            game.name()
        );
    }
}

/// The template `arbitre new` writes is a legal record of its game.
#[test]
fn the_template_is_legal() {
    for game in games::all() {
        let result = checked(game.template());
        assert_eq!(result.game, Some(game.name()));
        assert_eq!(
            result.verdict(),
            Verdict::Legal,
            "{}: {:?} {:?}",
            game.name(),
            result.malformed,
            result.violation
        );
    }
}

/// perft(1) from the initial position of each mode counts the legal turns
/// listed there; and wherever a random game stops, the count given with
/// the first legal turns is the length of the whole list.
#[test]
fn perft_one_counts_the_legal_turns() {
    let switches = Switches::new();
    for game in games::all() {
        for (pick, mode) in modes(*game).into_iter().enumerate() {
            let start = record(&random(*game, pick, 0, 0));
            let (listed, total) = game
                .legal_turns(&start, &switches, usize::MAX)
                .unwrap_or_else(|e| panic!("{}: {e}", game.name()));
            let perft = game
                .perft(mode, 1)
                .unwrap_or_else(|e| panic!("{}: {e}", game.name()));
            assert_eq!(perft, total as u64, "{} {mode:?}", game.name());
            assert_eq!(listed.len(), total, "{} {mode:?}", game.name());
            assert!(total > 0, "{} {mode:?}: no legal turn", game.name());
            for seed in 1..4 {
                let stopped = record(&random(*game, pick, seed, MAX_TURNS));
                let (first, total) = game
                    .legal_turns(&stopped, &switches, LEGAL_LOOKED_AT)
                    .unwrap_or_else(|e| panic!("{}: {e}", game.name()));
                assert_eq!(first.len(), total.min(LEGAL_LOOKED_AT));
                if total <= 10 * LEGAL_LOOKED_AT {
                    let (all, again) = game.legal_turns(&stopped, &switches, total).unwrap();
                    assert_eq!((all.len(), again), (total, total), "{}", game.name());
                    assert_eq!(all[..first.len()], first[..], "{}", game.name());
                }
            }
        }
    }
}

/// `fmt` over every sample of every game: a record keeps its verdict, its
/// turns and where it stands, and formatting it again changes nothing.
#[test]
fn fmt_keeps_every_samples_verdict_and_is_idempotent() {
    let switches = Switches::new();
    let mut formatted = 0;
    for game in games::all() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("samples")
            .join(game.name());
        let entries = std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{dir:?}: {e}"));
        for entry in entries {
            let path = entry.unwrap_or_else(|e| panic!("{e}")).path();
            if path.extension().and_then(|e| e.to_str()) != Some("arb") {
                continue;
            }
            let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{e}"));
            let Ok(original) = arbitre::Reader::new(text.as_bytes()).collect::<Result<Vec<_>, _>>()
            else {
                continue;
            };
            for one in original {
                let once = format(&one, &switches);
                let Some(canonical) = once.canonical else {
                    continue;
                };
                formatted += 1;
                let again = format(&record(&canonical), &switches);
                assert_eq!(
                    said(&again.checked),
                    said(&once.checked),
                    "{path:?}:\n{canonical}"
                );
                assert_eq!(
                    again.canonical.as_deref(),
                    Some(canonical.as_str()),
                    "{path:?}"
                );
            }
        }
    }
    assert!(formatted > 50, "{formatted} samples formatted");
}

/// The movetext on one line, a comment after it: the same record written
/// as no formatter would.
fn reflowed(text: &str) -> String {
    let header = header_of(text);
    let movetext = text
        .strip_prefix("---\n")
        .and_then(|body| body.split_once("---\n"))
        .map_or("", |(_, movetext)| movetext);
    let words: Vec<&str> = movetext.split_whitespace().collect();
    format!("---\n{header}---\n{} {{ reflowed }}\n", words.join(" "))
}

/// The movetext's actions given glyphs, chosen by `seed`: every token but
/// a move number and a Superpion turn head, which take none.
fn with_glyphs(text: &str, seed: u64) -> String {
    const GLYPHS: [&str; 7] = ["", "!", "?", "!!", "??", "!?", "?!"];
    let Some((header, movetext)) = text
        .strip_prefix("---\n")
        .and_then(|body| body.split_once("---\n"))
    else {
        return text.to_string();
    };
    let mut state = seed | 1;
    let words: Vec<String> = movetext
        .split(' ')
        .map(|word| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let head = word.ends_with(['B', 'R', 'Y', 'K'])
                && (word.len() == 1 || word[..word.len() - 1].ends_with('.'));
            let comment = word.starts_with('{') || word.ends_with('}') || word.contains('\n');
            if word.is_empty() || word.ends_with('.') || head || comment || word == "reflowed" {
                word.to_string()
            } else {
                format!("{word}{}", GLYPHS[(state % 7) as usize])
            }
        })
        .collect();
    format!("---\n{header}---\n{}", words.join(" "))
}

/// Set-ups that hold of a game whatever its rules, checked for one random
/// game of each registered game: see the tests that call it.
fn each_game(
    mut check: impl FnMut(&dyn AnyGame) -> Result<(), TestCaseError>,
) -> Result<(), TestCaseError> {
    for game in games::all() {
        check(*game)?;
    }
    Ok(())
}

/// What a character of a turn is changed to: the characters of the games'
/// notations.
const CHANGES: &str = "0123456789abcdefghijklmnopqrstuvwxyz:-x>.= ";

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// `fmt` of a random game, reflowed: the verdict, the turns and where
    /// the record stands are kept, and formatting twice is formatting once.
    #[test]
    fn fmt_keeps_verdicts_and_is_idempotent(pick in 0usize..8, seed in any::<u64>(), max_turns in 0..MAX_TURNS) {
        let switches = Switches::new();
        each_game(|game| {
            let text = reflowed(&random(game, pick, seed, max_turns));
            let once = format(&record(&text), &switches);
            let canonical = once.canonical.clone().unwrap_or_default();
            prop_assert!(once.kept.is_none() && !canonical.is_empty(), "{}", text);
            let again = format(&record(&canonical), &switches);
            prop_assert_eq!(said(&again.checked), said(&once.checked), "{}\n{}", text, canonical);
            prop_assert_eq!(again.canonical.as_deref(), Some(canonical.as_str()));
            let same = game.same_position(&record(&text), &record(&canonical), &switches);
            prop_assert_eq!(same, Ok(true), "{}", canonical);
            Ok(())
        })?;
    }

    /// Glyphs on a random game's actions: `fmt` keeps each on its action
    /// and is idempotent, and the record is the one without them (its
    /// verdict, and its canonical form once the glyphs are taken out).
    #[test]
    fn fmt_keeps_glyphs_and_they_change_nothing(pick in 0usize..8, seed in any::<u64>(), max_turns in 0..MAX_TURNS) {
        let switches = Switches::new();
        each_game(|game| {
            let plain = reflowed(&random(game, pick, seed, max_turns));
            let glyphed = with_glyphs(&plain, seed);
            let once = format(&record(&glyphed), &switches);
            let bare = format(&record(&plain), &switches);
            prop_assert_eq!(said(&once.checked), said(&bare.checked), "{}", glyphed);
            let canonical = once.canonical.clone().unwrap_or_default();
            prop_assert!(!canonical.is_empty(), "{}", glyphed);
            let again = format(&record(&canonical), &switches);
            prop_assert_eq!(again.canonical.as_deref(), Some(canonical.as_str()));
            let stripped = canonical.replace(['!', '?'], "");
            prop_assert_eq!(Some(stripped), bare.canonical, "{}", glyphed);
            let count = |text: &str| text.matches(['!', '?']).count();
            prop_assert_eq!(count(&canonical), count(&glyphed), "{}\n{}", glyphed, canonical);
            Ok(())
        })?;
    }

    /// Each legal turn where a random game stops, written canonically (at
    /// the start of a line, and after another turn), reads back as itself;
    /// no two legal turns are written alike.
    #[test]
    fn a_turn_written_canonically_reads_back_as_itself(pick in 0usize..8, seed in any::<u64>(), max_turns in 0..MAX_TURNS) {
        let switches = Switches::new();
        each_game(|game| {
            let text = record(&random(game, pick, seed, max_turns));
            let (legal, _) = game.legal_turns(&text, &switches, LEGAL_LOOKED_AT)
                .map_err(|e| TestCaseError::fail(e.to_string()))?;
            for turn in &legal {
                for written in [&turn.numbered, &turn.continued] {
                    let read = game.resolve(&text, &switches, written);
                    prop_assert_eq!(read, Ok(Ok(turn.clone())), "{} at {}", written, text.text);
                }
            }
            let mut numbered: Vec<&CanonicalTurn> = legal.iter().collect();
            numbered.sort_by(|a, b| a.numbered.cmp(&b.numbered));
            numbered.dedup_by(|a, b| a.numbered == b.numbered);
            prop_assert_eq!(numbered.len(), legal.len(), "{}", text.text);
            Ok(())
        })?;
    }

    /// Playing a turn is all or nothing: a legal turn changes the
    /// position, and an illegal one leaves it exactly as it was (the
    /// replay then stops before it). The turns tried are the legal turns
    /// where a random game stops, and each changed ([`variants`]).
    #[test]
    fn playing_a_turn_is_all_or_nothing(
        pick in 0usize..8,
        seed in any::<u64>(),
        max_turns in 0..MAX_TURNS,
        at in any::<usize>(),
        to in prop::sample::select(CHANGES.chars().collect::<Vec<_>>()),
    ) {
        each_game(|game| {
            let text = random(game, pick, seed, max_turns);
            let (legal, _) = game.legal_turns(&record(&text), &Switches::new(), LEGAL_LOOKED_AT)
                .map_err(|e| TestCaseError::fail(e.to_string()))?;
            let from = at % legal.len().max(1);
            for turn in legal.iter().cycle().skip(from).take(legal.len().min(TRIED)) {
                for tried in variants(&turn.numbered, at, to) {
                    played(game, &text, &tried)?;
                }
            }
            Ok(())
        })?;
    }
}

/// The turn, then the turn changed as a slip of the pen would: a
/// character changed (the one at `at` to `to`), its last part left out,
/// its last part written twice.
fn variants(turn: &str, at: usize, to: char) -> Vec<String> {
    let chars: Vec<char> = turn.chars().collect();
    let at = at % chars.len().max(1);
    let changed: String = chars
        .iter()
        .enumerate()
        .map(|(i, c)| if i == at { to } else { *c })
        .collect();
    let mut variants = vec![turn.to_string(), changed];
    if let Some((kept, last)) = turn.rsplit_once(' ') {
        variants.push(kept.to_string());
        variants.push(format!("{turn} {last}"));
    }
    variants
}

/// Play `tried`, one turn, after the record `text`: a legal turn is
/// played and changes the position, an illegal one stops the replay
/// before it and leaves the position as it was. The verdict, or `None`
/// when `tried` is not one turn the notation reads.
fn played(game: &dyn AnyGame, text: &str, tried: &str) -> Result<Option<Verdict>, TestCaseError> {
    let switches = Switches::new();
    let before = record(text);
    if game.resolve(&before, &switches, tried).is_err() {
        return Ok(None);
    }
    let turns = checked(text).turns;
    let after_text = and_then(text, tried);
    let after = record(&after_text);
    let result = check(&after, &switches);
    let same = game
        .same_position(&before, &after, &switches)
        .map_err(|e| TestCaseError::fail(e.to_string()));
    match (&result.malformed, &result.violation) {
        (Some(_), _) => {}
        (None, Some(violation)) => {
            prop_assert_eq!(violation.turn_index, Some(turns), "{}", after_text);
            prop_assert_eq!(result.turns, turns);
            prop_assert!(
                same?,
                "{}: the refused `{}` changed the position",
                game.name(),
                tried
            );
        }
        (None, None) => {
            prop_assert_eq!(result.turns, turns + 1, "{}", after_text);
            prop_assert!(
                !same?,
                "{}: `{}` left the position as it was",
                game.name(),
                tried
            );
        }
    }
    Ok(Some(result.verdict()))
}

/// The property above is not vacuous: for every game, some of the turns
/// it tries are legal and some illegal; and some of the illegal ones
/// are refused after a part of them was played (a part left out, or
/// written twice), in the games whose turns have parts.
#[test]
fn the_turns_tried_are_legal_and_illegal() {
    let mut after_a_part = 0;
    for game in games::all() {
        let mut rng = Rng::new(7);
        let mut seen = [0; 3];
        for seed in 0..16 {
            let text = random(*game, seed as usize, seed, (seed as usize * 7) % MAX_TURNS);
            let (turns, _) = game
                .legal_turns(&record(&text), &Switches::new(), LEGAL_LOOKED_AT)
                .unwrap_or_else(|e| panic!("{e}"));
            for turn in turns.into_iter().take(TRIED) {
                let to = char::from(CHANGES.as_bytes()[rng.below(CHANGES.len())]);
                for (kind, tried) in variants(&turn.numbered, rng.below(64), to)
                    .iter()
                    .enumerate()
                {
                    let verdict = played(*game, &text, tried).unwrap_or_else(|e| panic!("{e}"));
                    match verdict {
                        Some(Verdict::Legal) => seen[0] += 1,
                        Some(Verdict::Illegal) if kind >= 2 => seen[2] += 1,
                        Some(Verdict::Illegal) => seen[1] += 1,
                        _ => {}
                    }
                }
            }
        }
        assert!(
            seen[0] > 0 && seen[1] + seen[2] > 0,
            "{}: legal, illegal, illegal after a part: {seen:?}",
            game.name()
        );
        after_a_part += seen[2];
    }
    assert!(after_a_part > 0);
}

/// Where a random game stops, the position's setup (what `show --format
/// json` gives) written in the record's header starts a game there: the
/// game writes the same setup again, with the same turn to play and the
/// same legal turns. (A position may hold more than its setup, such as
/// Superpion's round: a setup starts the count again.) Each game goes on
/// there: a setup does not say how a game ended.
#[test]
fn setups_round_trip() {
    let switches = Switches::new();
    for game in games::all() {
        let mut tripped = 0;
        for (pick, mode) in modes(*game).into_iter().enumerate() {
            for seed in 0..SEEDS {
                let text = random(*game, pick, seed, (seed as usize * 5) % (MAX_TURNS / 2));
                let stopped = arbitre::dispatch::stop(&record(&text), &switches, None)
                    .unwrap_or_else(|e| panic!("{}: {e}\n{text}", game.name()));
                if stopped.over.is_some() {
                    // A finished game's setup leaves out how it ended
                    // (Simpei's last line made): nothing to start from.
                    continue;
                }
                let setup = serde_json::to_string(&stopped.setup).unwrap_or_default();
                let set_up = format!("---\n{}setup: {setup}\n---\n", header_of(&text));
                let again = checked(&set_up);
                assert_eq!(
                    again.verdict(),
                    Verdict::Legal,
                    "{} {mode:?}: {:?}\n{set_up}",
                    game.name(),
                    again.malformed
                );
                let shown = arbitre::dispatch::stop(&record(&set_up), &switches, None)
                    .unwrap_or_else(|e| panic!("{e}"));
                let what = format!("{} {mode:?}:\n{text}\n{set_up}", game.name());
                assert_eq!(shown.setup, stopped.setup, "{what}");
                assert_eq!(shown.to_move, stopped.to_move, "{what}");
                assert_eq!(shown.over, stopped.over, "{what}");
                let groups = |stop: &arbitre::replay::Stop| {
                    let groups = stop.legal.groups();
                    groups
                        .into_iter()
                        .map(|g| (g.text, g.turns))
                        .collect::<Vec<_>>()
                };
                assert_eq!(groups(&shown), groups(&stopped), "{what}");
                tripped += 1;
            }
        }
        assert!(tripped >= SEEDS / 2, "{}: {tripped} setups", game.name());
    }
}
