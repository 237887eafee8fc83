//! How fast Puluc records are validated: whole records through the replay
//! engine (parse + replay), the rules alone on pre-parsed turns, and perft.

use arbitre::games::puluc::Puluc;
use arbitre::replay::check_as;
use arbitre::{Mechanics, Notation, Switches};
use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};

/// Long random games (up to 2,000 turns each), as records.
fn records() -> Vec<String> {
    (0..20)
        .map(|seed| arbitre::game::random_record::<Puluc>(None, seed, 2_000).unwrap())
        .collect()
}

/// The movetext of a generated record: what follows its header.
fn movetext(record: &str) -> &str {
    record.splitn(3, "---\n").nth(2).unwrap_or("")
}

fn turns_in(texts: &[String]) -> u64 {
    texts
        .iter()
        .map(|t| check_as::<Puluc>(t, &Switches::new()).turns as u64)
        .sum()
}

fn check_records(c: &mut Criterion) {
    let texts = records();
    let turns = turns_in(&texts);
    let switches = Switches::new();
    let mut group = c.benchmark_group("puluc");
    group.throughput(Throughput::Elements(turns));
    group.bench_function("check (parse + replay), per turn", |b| {
        b.iter(|| {
            for text in &texts {
                black_box(check_as::<Puluc>(text, &switches));
            }
        })
    });
    group.bench_function("tokenize + parse notation, per turn", |b| {
        b.iter(|| {
            for text in &texts {
                let tokens = arbitre::record::movetext::tokens(movetext(text), 0).unwrap();
                black_box(Puluc::parse(&tokens).unwrap());
            }
        })
    });
    group.bench_function("tokenize only, per turn", |b| {
        b.iter(|| {
            for text in &texts {
                black_box(arbitre::record::movetext::tokens(movetext(text), 0).unwrap());
            }
        })
    });
    // The rules alone: turns parsed once, replayed from the start each time.
    let parsed: Vec<_> = texts
        .iter()
        .map(|text| {
            let tokens = arbitre::record::movetext::tokens(movetext(text), 0).unwrap();
            Puluc::parse(&tokens).unwrap()
        })
        .collect();
    let start = Puluc::initial(None).unwrap();
    group.bench_function("replay parsed turns, per turn", |b| {
        b.iter(|| {
            for turns in &parsed {
                let mut position = start.clone();
                for (index, turn) in turns.iter().enumerate() {
                    black_box(Puluc::play(&mut position, turn, index).is_ok());
                }
            }
        })
    });
    group.finish();
    c.bench_function("puluc perft 6", |b| {
        b.iter(|| arbitre::game::perft::<Puluc>(black_box(&start), 6))
    });
}

criterion_group!(benches, check_records);
criterion_main!(benches);
