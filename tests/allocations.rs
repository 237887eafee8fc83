//! No allocation per turn on the way from bytes to verdict (pgn-reader's
//! rule): checking a legal record allocates the same whether it has ten
//! turns or hundreds. Counted by dhat's allocator in this test binary
//! alone, so the figures are counts, not timings. A warning is text made
//! when it is found (a record keeps its first `KEPT_WARNINGS`), so the
//! games compared have none.

use arbitre::{check_reader, games, Switches, Verdict};

#[global_allocator]
static COUNTING: dhat::Alloc = dhat::Alloc;

/// The allocations of checking `text`, a stream of legal records, its
/// turns and its warnings.
fn allocations(text: &str) -> (u64, usize, usize) {
    let switches = Switches::new();
    let before = dhat::HeapStats::get().total_blocks;
    let (mut turns, mut warnings) = (0, 0);
    for report in check_reader("game.arb", text.as_bytes(), &switches) {
        let report = report.unwrap();
        assert_eq!(report.verdict, Verdict::Legal, "{text}");
        turns += report.turns;
        warnings += report.warning_count();
    }
    (
        dhat::HeapStats::get().total_blocks - before,
        turns,
        warnings,
    )
}

/// A random legal game of `game` with `turns` turns and no warning.
fn game_of(game: &str, mode: Option<&str>, turns: usize) -> String {
    let referee = games::find(game).unwrap();
    for seed in 0..500 {
        let record = referee.random(mode, seed, turns).unwrap();
        let (_, played, warnings) = allocations(&record);
        if played == turns && warnings == 0 {
            return record;
        }
    }
    panic!("no random {game} game of {turns} turns without a warning");
}

#[test]
fn checking_a_legal_record_allocates_nothing_per_turn() {
    let _profiler = dhat::Profiler::builder().testing().build();
    let mut grown = Vec::new();
    // A Simpei game is short: an alignment comes within thirty turns; a
    // long random two-player Superpion game blocks and passes (warned).
    for (game, mode, turns) in [
        ("simpei", None, 25),
        ("puluc", None, 100),
        ("superpion", Some("two-players"), 80),
        ("superpion", Some("four-players"), 300),
    ] {
        let short = game_of(game, mode, 8);
        let long = game_of(game, mode, turns);
        let (few, ..) = allocations(&short);
        let (many, ..) = allocations(&long);
        println!("{game} {mode:?}: 8 turns {few} allocations, {turns} turns {many}");
        if many > few {
            grown.push(format!("{game} {mode:?}: {few} -> {many}"));
        }
    }
    assert!(grown.is_empty(), "allocations grow with turns: {grown:?}");
}
