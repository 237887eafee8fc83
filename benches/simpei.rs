//! Replaying a corpus of random Simpei games: parse and validate every turn.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};

use arbitre::games::simpei::Simpei;
use arbitre::record::{split, Switches};
use arbitre::replay::{check, random};

fn corpus() -> (String, u64) {
    let mut text = String::new();
    for seed in 0..200 {
        text.push_str(&random::<Simpei>(None, seed, 200).unwrap_or_default());
    }
    let turns = split(&text)
        .iter()
        .flatten()
        .map(|r| check::<Simpei>(r, &Switches::new()).turns as u64)
        .sum();
    (text, turns)
}

fn replay(c: &mut Criterion) {
    let (text, turns) = corpus();
    let records: Vec<_> = split(&text).into_iter().flatten().collect();
    let switches = Switches::new();
    let mut group = c.benchmark_group("simpei");
    group.throughput(Throughput::Elements(turns));
    group.bench_function(
        format!("replay {} games, {turns} turns", records.len()),
        |b| {
            b.iter(|| {
                records
                    .iter()
                    .map(|r| check::<Simpei>(r, &switches).turns)
                    .sum::<usize>()
            })
        },
    );
    group.finish();
}

criterion_group!(benches, replay);
criterion_main!(benches);
