//! No allocation per turn on the way from bytes to verdict (pgn-reader's
//! rule): checking a legal record allocates the same whether it has ten
//! turns or hundreds. Counted by dhat's allocator in this test binary
//! alone, so the figures are counts, not timings.

use arbitre::{check_reader, games, Switches, Verdict};

#[global_allocator]
static COUNTING: dhat::Alloc = dhat::Alloc;

/// The allocations of checking `text`, a stream of legal records, and its
/// turns.
fn allocations(text: &str) -> (u64, usize) {
    let switches = Switches::new();
    let before = dhat::HeapStats::get().total_blocks;
    let mut turns = 0;
    for report in check_reader("game.arb", text.as_bytes(), &switches) {
        let report = report.unwrap();
        assert_eq!(report.verdict, Verdict::Legal, "{text}");
        turns += report.turns;
    }
    (dhat::HeapStats::get().total_blocks - before, turns)
}

/// A random legal game of `game` with at least `turns` turns.
fn game_of(game: &str, mode: Option<&str>, turns: usize) -> String {
    let referee = games::find(game).unwrap();
    for seed in 0..200 {
        let record = referee.random(mode, seed, turns).unwrap();
        let (_, played) = allocations(&record);
        if played == turns {
            return record;
        }
    }
    panic!("no random {game} game of {turns} turns");
}

#[test]
fn checking_a_legal_record_allocates_nothing_per_turn() {
    let _profiler = dhat::Profiler::builder().testing().build();
    let mut grown = Vec::new();
    // A Simpei game is short: an alignment comes within thirty turns.
    for (game, mode, turns) in [
        ("simpei", None, 25),
        ("puluc", None, 100),
        ("superpion", Some("two-players"), 300),
        ("superpion", Some("four-players"), 300),
    ] {
        let short = game_of(game, mode, 8);
        let long = game_of(game, mode, turns);
        let (few, _) = allocations(&short);
        let (many, _) = allocations(&long);
        println!("{game} {mode:?}: 8 turns {few} allocations, {turns} turns {many}");
        if many > few {
            grown.push(format!("{game} {mode:?}: {few} -> {many}"));
        }
    }
    assert!(grown.is_empty(), "allocations grow with turns: {grown:?}");
}
