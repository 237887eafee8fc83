//! Records of many files checked on every core, written in input order.
//!
//! `jobs` threads take chunks of records in turn, check and render them,
//! and the caller's thread writes each one as soon as every record before it
//! is written. At most a fixed number of records is in flight, so memory stays
//! bounded whatever the size of the input, and the output is byte for byte
//! that of a serial run. A pipeline rather than a parallel map (rayon's
//! strength): input is a stream of unknown length and output must leave in
//! order as it is found.

use std::collections::BTreeMap;
use std::fs::File;
use std::io::{self, Read, Write};
use std::panic::{self, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, TryRecvError};
use std::sync::{Arc, Mutex};
use std::thread;

use crate::limits::Limits;
use crate::reader::{Reader, Record};

/// One thing the check stream meets, in input order.
pub enum Item {
    /// A record of the file `path`.
    Record {
        /// The file as the user named it.
        path: Arc<str>,
        /// The record.
        record: Record,
    },
    /// A file that could not be opened or read to its end.
    Unreadable {
        /// The file as the user named it.
        path: String,
        /// Why.
        error: io::Error,
    },
}

type Input = Box<dyn Read + Send>;

/// A path as the command line names it: a file, or `-` for standard input.
pub fn open(path: &str) -> io::Result<Box<dyn Read + Send>> {
    if path == "-" {
        Ok(Box::new(io::stdin()))
    } else {
        File::open(path).map(|f| Box::new(f) as Input)
    }
}

/// The records of a list of paths (`-` for standard input), file after
/// file, each read as a stream.
pub struct Items {
    paths: std::vec::IntoIter<String>,
    current: Option<(Arc<str>, Reader<Input>)>,
    limits: Limits,
}

impl Items {
    /// The records of `paths`, read with `limits`.
    pub fn new(paths: Vec<String>, limits: Limits) -> Self {
        Items {
            paths: paths.into_iter(),
            current: None,
            limits,
        }
    }
}

impl Iterator for Items {
    type Item = Item;

    fn next(&mut self) -> Option<Item> {
        loop {
            if let Some((path, reader)) = &mut self.current {
                match reader.next() {
                    Some(Ok(record)) => {
                        return Some(Item::Record {
                            path: path.clone(),
                            record,
                        })
                    }
                    Some(Err(error)) => {
                        let path = path.to_string();
                        self.current = None;
                        return Some(Item::Unreadable { path, error });
                    }
                    None => self.current = None,
                }
            }
            let path = self.paths.next()?;
            match open(&path) {
                Ok(input) => {
                    let reader = Reader::with_limits(input, self.limits);
                    self.current = Some((path.into(), reader));
                }
                Err(error) => return Some(Item::Unreadable { path, error }),
            }
        }
    }
}

/// Raises the stop flag when dropped: when the writer ends, by returning or
/// by an error.
struct Stopping<'a>(&'a AtomicBool);

impl Drop for Stopping<'_> {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

/// The cores of this machine (1 when it cannot be told).
pub fn cores() -> usize {
    thread::available_parallelism().map_or(1, usize::from)
}

/// Chunks in flight per worker: enough to keep every core busy while one
/// record takes long, few enough to bound memory.
const IN_FLIGHT_PER_JOB: usize = 4;

/// Records handed to a worker at once: one channel message costs about what
/// checking a short record does, so records travel in chunks (one by one
/// for an interactive stream, so each verdict shows as it comes).
const CHUNK: usize = 512;

/// The most input bytes in a chunk: what a record's report takes grows with
/// the record (a record full of warnings draws each of them), so chunks are
/// bounded in bytes too, to bound the memory of the results in flight.
const CHUNK_BYTES: usize = 64 << 10;

/// How much of the chunk budget an item takes, in input bytes.
pub trait Weigh {
    /// The item's size, in bytes of input.
    fn weight(&self) -> usize;
}

impl Weigh for Record {
    fn weight(&self) -> usize {
        self.text.len()
    }
}

impl Weigh for Item {
    fn weight(&self) -> usize {
        match self {
            Item::Record { record, .. } => record.weight(),
            Item::Unreadable { .. } => 1,
        }
    }
}

/// The next chunk of `items`: up to `count` of them, and no more bytes than
/// `CHUNK_BYTES` (but at least one item).
fn chunk<T: Weigh>(items: &mut impl Iterator<Item = T>, count: usize) -> Vec<T> {
    let mut batch = Vec::new();
    let mut bytes = 0;
    while batch.len() < count && bytes < CHUNK_BYTES {
        let Some(item) = items.next() else { break };
        bytes += item.weight();
        batch.push(item);
    }
    batch
}

/// Run `work` over `items` on `jobs` threads and hand each result, in input
/// order, to `sink` with `out`. `out` is flushed whenever the writer has
/// caught up with the workers (or after every item when `interactive`, on
/// one thread), so a slow stream shows each verdict as it comes. The first
/// error of `sink` stops the run and is returned.
pub fn run<T: Send + Weigh, R: Send>(
    items: impl Iterator<Item = T> + Send,
    jobs: usize,
    interactive: bool,
    work: &(dyn Fn(T) -> R + Sync),
    out: &mut dyn Write,
    mut sink: impl FnMut(&mut dyn Write, R) -> io::Result<()>,
) -> io::Result<()> {
    if jobs <= 1 {
        for item in items {
            sink(out, work(item))?;
            if interactive {
                out.flush()?;
            }
        }
        return out.flush();
    }
    let in_flight = jobs * IN_FLIGHT_PER_JOB;
    let count = if interactive { 1 } else { CHUNK };
    let (done_tx, done_rx) = mpsc::channel::<(usize, thread::Result<Vec<R>>)>();
    // A token per chunk in flight: a worker takes one before it reads, the
    // writer gives it back once the chunk is written.
    let (token_tx, token_rx) = mpsc::sync_channel::<()>(in_flight);
    for _ in 0..in_flight {
        let _ = token_tx.send(());
    }
    let token_rx = Mutex::new(token_rx);
    // Each worker reads its own chunk, in turn: no thread of its own for
    // reading, and no hand-off of the records between threads.
    let input = Mutex::new((items, 0usize));
    // Set when the writer stops, early or not: workers then take no more.
    let stop = AtomicBool::new(false);
    thread::scope(|scope| {
        // Dropped with the writer too: workers waiting for a token stop.
        let token_tx = token_tx;
        let _stopping = Stopping(&stop);
        for _ in 0..jobs {
            let done_tx = done_tx.clone();
            let (token_rx, input, stop) = (&token_rx, &input, &stop);
            scope.spawn(move || loop {
                if stop.load(Ordering::Relaxed) {
                    break;
                }
                let token = match token_rx.lock() {
                    Ok(tokens) => tokens.recv(),
                    Err(_) => break,
                };
                if token.is_err() {
                    break;
                }
                let (seq, batch) = match input.lock() {
                    Ok(mut input) => {
                        let batch = chunk(&mut input.0, count);
                        input.1 += 1;
                        (input.1 - 1, batch)
                    }
                    Err(_) => break,
                };
                if batch.is_empty() || stop.load(Ordering::Relaxed) {
                    break;
                }
                // A panic is carried to the writer, which raises it in turn:
                // a chunk that never came would leave it waiting for ever.
                let results = panic::catch_unwind(AssertUnwindSafe(|| {
                    batch.into_iter().map(work).collect::<Vec<R>>()
                }));
                if done_tx.send((seq, results)).is_err() {
                    break;
                }
            });
        }
        drop(done_tx);
        let mut waiting = BTreeMap::new();
        let mut next = 0;
        loop {
            let (seq, result) = match done_rx.try_recv() {
                Ok(done) => done,
                Err(TryRecvError::Empty) => {
                    out.flush()?;
                    match done_rx.recv() {
                        Ok(done) => done,
                        Err(_) => break,
                    }
                }
                Err(TryRecvError::Disconnected) => break,
            };
            waiting.insert(seq, result);
            while let Some(results) = waiting.remove(&next) {
                let results = match results {
                    Ok(results) => results,
                    Err(payload) => panic::resume_unwind(payload),
                };
                for result in results {
                    sink(out, result)?;
                }
                next += 1;
                let _ = token_tx.send(());
            }
        }
        out.flush()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    impl Weigh for u64 {
        fn weight(&self) -> usize {
            8
        }
    }

    impl Weigh for u32 {
        fn weight(&self) -> usize {
            4
        }
    }

    #[test]
    fn results_come_in_input_order_on_any_number_of_threads() {
        let work = |n: u64| {
            // Uneven work, so that threads finish out of order.
            let spin = (n * 7919) % 5000;
            (0..spin).fold(n, |a, b| a.wrapping_mul(31).wrapping_add(b)) % 2 + n * 2
        };
        let serial: Vec<u64> = (0..2000).map(work).collect();
        for jobs in [1, 2, 3, 8] {
            let mut got = Vec::new();
            let mut out = Vec::new();
            run(0..2000u64, jobs, false, &work, &mut out, |_, r| {
                got.push(r);
                Ok(())
            })
            .unwrap_or_default();
            assert_eq!(got, serial, "{jobs} jobs");
        }
    }

    #[test]
    fn a_panic_in_a_worker_is_raised_not_waited_for() {
        let work = |n: u32| {
            assert!(n != 5_000, "a bug");
            n
        };
        let outcome = panic::catch_unwind(AssertUnwindSafe(|| {
            let mut out = Vec::new();
            run(0..100_000u32, 2, false, &work, &mut out, |_, _| Ok(()))
        }));
        assert!(outcome.is_err());
    }

    #[test]
    fn a_failing_sink_stops_the_run() {
        let mut seen = 0;
        let mut out = Vec::new();
        let result = run(0..100_000u32, 2, false, &|n| n, &mut out, |_, _| {
            seen += 1;
            if seen == 10 {
                Err(io::Error::from(io::ErrorKind::BrokenPipe))
            } else {
                Ok(())
            }
        });
        assert!(result.is_err());
        assert_eq!(seen, 10);
    }
}
