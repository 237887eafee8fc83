//! `arbitre check` on a large multi-record file, as a club's archive would be,
//! and its pieces: reading records from a stream, checking them, writing
//! their JSON lines, and all of it on every core through the pipeline.

use std::io;

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};

use arbitre::games;
use arbitre::pipeline;
use arbitre::{check, Machine, Reader, Record, RecordReport, Switches};

fn archive() -> String {
    let mut text = String::new();
    for game in games::all() {
        for seed in 0..300 {
            text.push_str(&game.random(None, seed, 120).unwrap_or_default());
        }
    }
    text
}

fn records(text: &str) -> Vec<Record> {
    Reader::new(text.as_bytes())
        .filter_map(Result::ok)
        .collect()
}

fn check_file(c: &mut Criterion) {
    let text = archive();
    let switches = Switches::new();
    let mut group = c.benchmark_group("check");
    group.throughput(Throughput::Bytes(text.len() as u64));
    group.sample_size(20);
    let kb = text.len() / 1024;
    group.bench_function(format!("whole file of {kb} KB, reports"), |b| {
        b.iter(|| arbitre::check_str("archive.arb", &text, &switches).len())
    });
    group.bench_function("read records only", |b| {
        b.iter(|| Reader::new(text.as_bytes()).count())
    });
    let read = records(&text);
    group.bench_function("check read records (typed verdicts)", |b| {
        b.iter(|| {
            read.iter()
                .map(|r| black_box(check(r, &switches)).turns)
                .sum::<usize>()
        })
    });
    let reports: Vec<RecordReport> = read
        .iter()
        .map(|r| RecordReport::new("archive.arb", r, &check(r, &switches)))
        .collect();
    group.bench_function("write JSON lines of checked records", |b| {
        b.iter(|| {
            reports
                .iter()
                .map(|r| Machine::JsonLines.record(r).len())
                .sum::<usize>()
        })
    });
    for jobs in [1, 2] {
        group.bench_function(format!("pipeline, {jobs} jobs, JSON lines"), |b| {
            b.iter(|| {
                let mut out = io::sink();
                let work = |record: Record| {
                    let checked = check(&record, &switches);
                    Machine::JsonLines.record(&RecordReport::new("archive.arb", &record, &checked))
                };
                let items = Reader::new(text.as_bytes()).filter_map(Result::ok);
                let mut bytes = 0;
                let _ = pipeline::run(items, jobs, false, &work, &mut out, |_, line| {
                    bytes += line.len();
                    Ok(())
                });
                bytes
            })
        });
    }
    group.finish();
}

criterion_group!(benches, check_file);
criterion_main!(benches);
