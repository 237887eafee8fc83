//! How often `repair` finds the record a person meant: a corpus of random
//! legal games of every game and mode, each with one or two slips
//! (`tests/common/slipped.rs` says how they are drawn), repaired with the
//! default bounds. Prints, per game, mode and number of slips, how often
//! the original is the first repair (top-1) and among the first three
//! (top-3), and the time per record (median, p99, most).
//!
//! `cargo bench --bench repair -- [RECORDS] [SEED]` (default 100 records
//! per game, mode and count of slips; seed 1).

#[path = "../tests/common/slipped.rs"]
mod slipped;

use std::time::{Duration, Instant};

use arbitre::repair::{repair, RepairOptions};
use arbitre::{Record, Switches};

fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .collect();
    let records: usize = args.first().and_then(|a| a.parse().ok()).unwrap_or(100);
    let seed: u64 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(1);
    let switches = Switches::default();
    // REPAIR_LOOKBACK and REPAIR_BUDGET try other bounds than the defaults.
    let mut options = RepairOptions::default();
    if let Some(lookback) = std::env::var("REPAIR_LOOKBACK")
        .ok()
        .and_then(|v| v.parse().ok())
    {
        options.lookback = lookback;
    }
    if let Some(budget) = std::env::var("REPAIR_BUDGET")
        .ok()
        .and_then(|v| v.parse().ok())
    {
        options.budget = budget;
    }
    println!(
        "| game | mode | slips | records | top-1 | top-3 | none found | median | p99 | most |"
    );
    println!("|---|---|---|---|---|---|---|---|---|---|");
    let mut all_times = Vec::new();
    // REPAIR_GAME=simpei measures one game; REPAIR_SLIPS=2 one count.
    let only_game = std::env::var("REPAIR_GAME").ok();
    let only_slips: Option<usize> = std::env::var("REPAIR_SLIPS")
        .ok()
        .and_then(|s| s.parse().ok());
    for game in arbitre::games::all() {
        if only_game.as_deref().is_some_and(|g| g != game.name()) {
            continue;
        }
        // Each mode (the default among them), or the game without modes.
        let modes: Vec<Option<&'static str>> = if game.modes().is_empty() {
            vec![None]
        } else {
            game.modes().iter().copied().map(Some).collect()
        };
        for mode in modes {
            for slips in [1, 2] {
                if only_slips.is_some_and(|s| s != slips) {
                    continue;
                }
                let corpus = slipped::corpus(*game, mode, records, slips, seed, 200);
                let (mut top1, mut top3, mut none) = (0, 0, 0);
                let mut times: Vec<Duration> = Vec::new();
                for case in &corpus {
                    let want = game
                        .canonical(&Record::from_text(case.original.clone()), &switches)
                        .ok();
                    let record = Record::from_text(case.slipped.clone());
                    let start = Instant::now();
                    let found = repair(&record, &switches, &options);
                    times.push(start.elapsed());
                    let canon = |text: &str| {
                        game.canonical(&Record::from_text(text.to_string()), &switches)
                            .ok()
                    };
                    let ranks: Vec<bool> =
                        found.found.iter().map(|r| canon(&r.text) == want).collect();
                    if found.found.is_empty() {
                        none += 1;
                    }
                    if ranks.first() == Some(&true) {
                        top1 += 1;
                    }
                    if ranks.iter().take(3).any(|r| *r) {
                        top3 += 1;
                    }
                    if std::env::var_os("REPAIR_MISSES").is_some() && ranks.first() != Some(&true) {
                        eprintln!(
                            "=== miss ({:?})\n{}--- slipped\n{}--- first repair\n{}",
                            case.slips,
                            case.original,
                            case.slipped,
                            found.found.first().map_or("(none)", |r| r.text.as_str())
                        );
                    }
                }
                times.sort();
                let n = corpus.len().max(1);
                let at = |q: f64| {
                    times
                        .get(((times.len() as f64 * q) as usize).min(times.len().saturating_sub(1)))
                        .copied()
                        .unwrap_or_default()
                };
                println!(
                    "| {} | {} | {} | {} | {:.1}% | {:.1}% | {} | {:.1} ms | {:.1} ms | {:.1} ms |",
                    game.name(),
                    mode.unwrap_or("(default)"),
                    slips,
                    corpus.len(),
                    100.0 * top1 as f64 / n as f64,
                    100.0 * top3 as f64 / n as f64,
                    none,
                    at(0.5).as_secs_f64() * 1e3,
                    at(0.99).as_secs_f64() * 1e3,
                    times.last().copied().unwrap_or_default().as_secs_f64() * 1e3,
                );
                all_times.extend(times);
            }
        }
    }
    all_times.sort();
    if let Some(most) = all_times.last() {
        println!("\nslowest record: {:.1} ms", most.as_secs_f64() * 1e3);
    }
}
