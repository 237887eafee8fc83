//! `arbitre check` on a large multi-record file, as a club's archive would be:
//! reading aside, splitting, header parsing, tokenizing, replay and reports.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};

use arbitre::games;
use arbitre::{RecordReport, Switches};

fn archive() -> String {
    let mut text = String::new();
    for game in games::all() {
        for seed in 0..300 {
            text.push_str(&game.random(None, seed, 120).unwrap_or_default());
        }
    }
    text
}

fn check_file(c: &mut Criterion) {
    let text = archive();
    let mut group = c.benchmark_group("check");
    group.throughput(Throughput::Bytes(text.len() as u64));
    group.sample_size(20);
    group.bench_function(
        format!("multi-record file of {} KB", text.len() / 1024),
        |b| {
            b.iter(|| {
                let reports: Vec<RecordReport> =
                    arbitre::check_str("archive.arb", &text, &Switches::new());
                reports.len()
            })
        },
    );
    group.finish();
}

criterion_group!(benches, check_file);
criterion_main!(benches);
