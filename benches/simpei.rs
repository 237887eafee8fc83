//! How fast Simpei records are validated: a corpus of random games through
//! the replay engine (header, tokenizer, notation, rules, summary), the
//! notation alone, and the rules alone on pre-parsed turns.

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};

use arbitre::game::random_record;
use arbitre::games::simpei::Simpei;
use arbitre::replay::check_as;
use arbitre::{Mechanics, Notation, Switches};

/// 500 random games (they end by alignment after some 20 turns).
fn corpus() -> Vec<String> {
    (0..500)
        .map(|seed| random_record::<Simpei>(None, seed, 200).unwrap_or_default())
        .collect()
}

/// The movetext of a generated record: what follows its header.
fn movetext(record: &str) -> &str {
    record.splitn(3, "---\n").nth(2).unwrap_or("")
}

fn replay(c: &mut Criterion) {
    let records = corpus();
    let switches = Switches::new();
    let turns: u64 = records
        .iter()
        .map(|r| check_as::<Simpei>(r, &switches).turns as u64)
        .sum();
    let mut group = c.benchmark_group("simpei");
    group.throughput(Throughput::Elements(turns));
    group.bench_function(
        format!("check {} records, {turns} turns", records.len()),
        |b| {
            b.iter(|| {
                records
                    .iter()
                    .map(|r| check_as::<Simpei>(r, &switches).turns)
                    .sum::<usize>()
            })
        },
    );
    group.bench_function("tokenize + parse notation", |b| {
        b.iter(|| {
            for r in &records {
                let tokens = arbitre::record::movetext::tokens(movetext(r), 0).unwrap_or_default();
                black_box(Simpei::parse(&tokens).map(|t| t.len()).unwrap_or(0));
            }
        })
    });
    let parsed: Vec<_> = records
        .iter()
        .map(|r| {
            let tokens = arbitre::record::movetext::tokens(movetext(r), 0).unwrap_or_default();
            Simpei::parse(&tokens).unwrap_or_default()
        })
        .collect();
    let start = Simpei::initial(None).unwrap_or_default();
    group.bench_function("replay parsed turns (the rules alone)", |b| {
        b.iter(|| {
            for turns in &parsed {
                let mut position = start.clone();
                for (index, turn) in turns.iter().enumerate() {
                    black_box(Simpei::play(&mut position, turn, index).is_ok());
                }
            }
        })
    });
    group.finish();
}

criterion_group!(benches, replay);
criterion_main!(benches);
