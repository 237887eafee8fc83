//! Records of many files checked on every core, written in input order.
//!
//! `jobs` threads read the input in chunks, one worker at a time, and take
//! the records of every chunk one by one as they become free: a worker
//! whose chunk is done reads the next one, or, when none may be read yet,
//! helps with the oldest chunk that still has records nobody took. So a
//! few expensive records that share a chunk are checked side by side, not
//! one after the other by the worker that read them. The caller's thread
//! writes each chunk as soon as every chunk before it is written. At most a
//! fixed number of chunks is in flight, so memory stays bounded whatever
//! the size of the input, and the output is byte for byte that of a serial
//! run. A pipeline rather than a parallel map (rayon's strength): input is
//! a stream of unknown length and output must leave in order as it is
//! found.
//!
//! Public for platforms, not only for the `arbitre` binary: a service that
//! checks an upload or a stream of files on every core wants its records
//! in input order and its memory bounded, as `arbitre check` does; it
//! hands [`run`] the records ([`Items`]) and what to do with each
//! (docs/library.md, "every core").

use std::any::Any;
use std::collections::{BTreeMap, VecDeque};
use std::fs::File;
use std::io::{self, Read, Write};
use std::panic::{self, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Sender, TryRecvError};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
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
    /// What standard input is called in reports, `-` unless named.
    stdin: Arc<str>,
}

impl Items {
    /// The records of `paths`, read with `limits`.
    pub fn new(paths: Vec<String>, limits: Limits) -> Self {
        Items {
            paths: paths.into_iter(),
            current: None,
            limits,
            stdin: "-".into(),
        }
    }

    /// The records, standard input's reported as `name` (an editor's
    /// buffer, a platform's upload) instead of `-`, when a name is given.
    pub fn naming_stdin(mut self, name: Option<&str>) -> Self {
        if let Some(name) = name {
            self.stdin = name.into();
        }
        self
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
            let opened = open(&path);
            let path: Arc<str> = if path == "-" {
                self.stdin.clone()
            } else {
                path.into()
            };
            match opened {
                Ok(input) => {
                    let reader = Reader::with_limits(input, self.limits);
                    self.current = Some((path, reader));
                }
                Err(error) => {
                    return Some(Item::Unreadable {
                        path: path.to_string(),
                        error,
                    })
                }
            }
        }
    }
}

/// The cores of this machine (1 when it cannot be told).
pub fn cores() -> usize {
    thread::available_parallelism().map_or(1, usize::from)
}

/// Chunks in flight per worker: enough to keep every core busy while one
/// record takes long, few enough to bound memory.
const IN_FLIGHT_PER_JOB: usize = 4;

/// Records read from the input at once: one trip through the shared
/// state costs about what checking a short record does, so records are
/// read, and their results written, in chunks (one by one for an
/// interactive stream, so each verdict shows as it comes). The records of
/// a chunk are taken one at a time, by whichever worker is free.
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

/// A lock whose holder panicked is still sound here: every update under
/// these locks is a plain store, never left half done.
fn lock<S>(mutex: &Mutex<S>) -> MutexGuard<'_, S> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

/// A chunk's results in input order, or the first panic of its work,
/// which the writer raises in turn: a chunk that never came would leave it
/// waiting for ever.
type Outcome<R> = thread::Result<Vec<Option<R>>>;

/// A chunk in flight: its records wait to be taken, by any worker, and
/// its results are gathered in input order until the last one is in.
struct Chunk<T, R> {
    /// Its place in the input: the writer writes chunks in this order.
    seq: usize,
    len: usize,
    claims: Mutex<Claims<T, R>>,
}

struct Claims<T, R> {
    /// The records nobody has taken yet, in input order.
    waiting: std::vec::IntoIter<T>,
    /// By place in the chunk.
    results: Vec<Option<R>>,
    /// Records whose work is over, result in or panicked.
    done: usize,
    panic: Option<Box<dyn Any + Send>>,
}

impl<T, R> Chunk<T, R> {
    fn new(seq: usize, items: Vec<T>) -> Self {
        let len = items.len();
        Chunk {
            seq,
            len,
            claims: Mutex::new(Claims {
                waiting: items.into_iter(),
                results: (0..len).map(|_| None).collect(),
                done: 0,
                panic: None,
            }),
        }
    }

    /// The next record nobody has taken, with its place in the chunk.
    fn take(&self) -> Option<(usize, T)> {
        let mut claims = lock(&self.claims);
        let index = self.len - claims.waiting.len();
        let taken = claims.waiting.next().map(|item| (index, item));
        if claims.waiting.len() == 0 {
            // Its buffer is not needed any more.
            claims.waiting = Vec::new().into_iter();
        }
        taken
    }

    fn has_waiting(&self) -> bool {
        lock(&self.claims).waiting.len() > 0
    }

    /// Hand in the work on record `index`; the chunk's outcome once it was
    /// the last one out.
    fn hand_in(&self, index: usize, result: thread::Result<R>) -> Option<Outcome<R>> {
        let mut claims = lock(&self.claims);
        match result {
            Ok(result) => {
                if let Some(slot) = claims.results.get_mut(index) {
                    *slot = Some(result);
                }
            }
            Err(payload) => {
                claims.panic.get_or_insert(payload);
            }
        }
        claims.done += 1;
        if claims.done < self.len {
            return None;
        }
        Some(match claims.panic.take() {
            Some(payload) => Err(payload),
            None => Ok(std::mem::take(&mut claims.results)),
        })
    }
}

/// What the workers share about the input: who reads it, and which chunks
/// still have records to take.
struct Desk<T, R> {
    /// Chunks that may still have records nobody took, oldest first.
    open: VecDeque<Arc<Chunk<T, R>>>,
    /// Chunks read (or being read) and not yet written.
    in_flight: usize,
    /// A worker is reading a chunk: one at a time, in input order.
    reading: bool,
    /// The input has no more items.
    exhausted: bool,
    /// The place of the next chunk read.
    next_seq: usize,
    /// The writer has stopped: no more work is taken.
    stopped: bool,
}

/// The hand-out of work: the input, the desk, and the signal that
/// something on the desk changed (a chunk read, one written, the end).
struct HandOut<I, T, R> {
    input: Mutex<I>,
    desk: Mutex<Desk<T, R>>,
    changed: Condvar,
    /// Set with `desk.stopped`, read without the lock before each record.
    stop: AtomicBool,
    /// Chunks in flight at most.
    in_flight: usize,
    /// Records a chunk holds at most.
    count: usize,
}

impl<I: Iterator<Item = T>, T: Weigh, R> HandOut<I, T, R> {
    /// The chunk to take records from next: a new one read from the input
    /// when one more may be in flight and nobody else is reading, or else
    /// the oldest chunk with records nobody took; `None` when all is
    /// taken, or the writer stopped. A read panic goes to the writer as the
    /// next chunk's outcome.
    fn next_chunk(&self, done: &Sender<(usize, Outcome<R>)>) -> Option<Arc<Chunk<T, R>>> {
        let mut desk = lock(&self.desk);
        loop {
            if desk.stopped {
                return None;
            }
            // Chunks whose records are all taken leave the desk, oldest
            // first: what stays is not written yet, so at most
            // `in_flight` chunks.
            while desk
                .open
                .front()
                .is_some_and(|oldest| !oldest.has_waiting())
            {
                desk.open.pop_front();
            }
            if !desk.exhausted && !desk.reading && desk.in_flight < self.in_flight {
                desk.reading = true;
                desk.in_flight += 1;
                drop(desk);
                let read = panic::catch_unwind(AssertUnwindSafe(|| {
                    chunk(&mut *lock(&self.input), self.count)
                }));
                desk = lock(&self.desk);
                desk.reading = false;
                self.changed.notify_all();
                let seq = desk.next_seq;
                match read {
                    Ok(batch) if !batch.is_empty() => {
                        desk.next_seq += 1;
                        let chunk = Arc::new(Chunk::new(seq, batch));
                        desk.open.push_back(Arc::clone(&chunk));
                        return Some(chunk);
                    }
                    Ok(_) => {
                        desk.exhausted = true;
                        desk.in_flight -= 1;
                    }
                    Err(payload) => {
                        desk.exhausted = true;
                        desk.next_seq += 1;
                        let _ = done.send((seq, Err(payload)));
                    }
                }
                continue;
            }
            if let Some(oldest) = desk.open.front() {
                return Some(Arc::clone(oldest));
            }
            if desk.exhausted && !desk.reading {
                return None;
            }
            desk = self
                .changed
                .wait(desk)
                .unwrap_or_else(PoisonError::into_inner);
        }
    }

    /// A chunk is written: one more may be read.
    fn written(&self) {
        lock(&self.desk).in_flight -= 1;
        self.changed.notify_all();
    }

    /// The writer is done, early or not: workers take no more.
    fn close(&self) {
        self.stop.store(true, Ordering::Relaxed);
        lock(&self.desk).stopped = true;
        self.changed.notify_all();
    }

    /// One worker: records of its chunk, then of the next, until none is
    /// left or the writer stops.
    fn work(&self, work: &(dyn Fn(T) -> R + Sync), done: &Sender<(usize, Outcome<R>)>) {
        let mut current: Option<Arc<Chunk<T, R>>> = None;
        loop {
            if self.stop.load(Ordering::Relaxed) {
                return;
            }
            let taken = current.as_ref().and_then(|c| c.take().map(|t| (c, t)));
            let Some((chunk, (index, item))) = taken else {
                current = self.next_chunk(done);
                if current.is_none() {
                    return;
                }
                continue;
            };
            let result = panic::catch_unwind(AssertUnwindSafe(|| work(item)));
            if let Some(outcome) = chunk.hand_in(index, result) {
                if done.send((chunk.seq, outcome)).is_err() {
                    return;
                }
            }
        }
    }
}

/// Closes the hand-out when dropped: when the writer ends, by returning or
/// by an error or a panic.
struct Closing<'a, I: Iterator<Item = T>, T: Weigh, R>(&'a HandOut<I, T, R>);

impl<I: Iterator<Item = T>, T: Weigh, R> Drop for Closing<'_, I, T, R> {
    fn drop(&mut self) {
        self.0.close();
    }
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
    let hand_out = HandOut {
        input: Mutex::new(items),
        desk: Mutex::new(Desk {
            open: VecDeque::new(),
            in_flight: 0,
            reading: false,
            exhausted: false,
            next_seq: 0,
            stopped: false,
        }),
        changed: Condvar::new(),
        stop: AtomicBool::new(false),
        in_flight: jobs * IN_FLIGHT_PER_JOB,
        count: if interactive { 1 } else { CHUNK },
    };
    let (done_tx, done_rx) = mpsc::channel::<(usize, Outcome<R>)>();
    thread::scope(|scope| {
        let _closing = Closing(&hand_out);
        for _ in 0..jobs {
            let done_tx = done_tx.clone();
            let hand_out = &hand_out;
            scope.spawn(move || hand_out.work(work, &done_tx));
        }
        drop(done_tx);
        // At most `in_flight` chunks wait here: no more are read.
        let mut waiting = BTreeMap::new();
        let mut next = 0;
        loop {
            let (seq, outcome) = match done_rx.try_recv() {
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
            waiting.insert(seq, outcome);
            while let Some(outcome) = waiting.remove(&next) {
                let results = match outcome {
                    Ok(results) => results,
                    Err(payload) => panic::resume_unwind(payload),
                };
                for result in results.into_iter().flatten() {
                    sink(out, result)?;
                }
                next += 1;
                hand_out.written();
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

    /// Ten expensive items fit one chunk (the case of ten slow records in
    /// one small file). Each item waits, while it runs, until the next one
    /// has started: only a second worker taking records of the same chunk
    /// can start it, and then the two must take turns.
    #[test]
    fn expensive_items_of_one_chunk_are_spread_over_the_workers() {
        use std::sync::Condvar;
        use std::time::Duration;
        const ITEMS: u64 = 10;
        let started = Mutex::new(vec![false; ITEMS as usize]);
        let changed = Condvar::new();
        let work = |n: u64| {
            let mut seen = lock(&started);
            seen[n as usize] = true;
            changed.notify_all();
            // A bound, so that a hand-out that does not spread fails
            // instead of hanging.
            let next = (n + 1).min(ITEMS - 1) as usize;
            let (seen, wait) = changed
                .wait_timeout_while(seen, Duration::from_secs(20), |seen| !seen[next])
                .unwrap_or_else(PoisonError::into_inner);
            drop(seen);
            (thread::current().id(), wait.timed_out())
        };
        let mut ran = Vec::new();
        let mut out = Vec::new();
        run(0..ITEMS, 2, false, &work, &mut out, |_, r| {
            ran.push(r);
            Ok(())
        })
        .unwrap_or_default();
        assert_eq!(ran.len(), ITEMS as usize);
        assert!(ran.iter().all(|(_, timed_out)| !timed_out), "{ran:?}");
        // Item n and n + 1 ran side by side: on different workers.
        for pair in ran.windows(2) {
            assert_ne!(pair[0].0, pair[1].0, "{ran:?}");
        }
    }

    #[test]
    fn the_records_in_flight_are_bounded() {
        use std::sync::atomic::AtomicUsize;
        let read = AtomicUsize::new(0);
        let items = (0..50_000u32).inspect(|_| {
            read.fetch_add(1, Ordering::Relaxed);
        });
        let (mut written, mut most) = (0, 0);
        let mut out = Vec::new();
        run(items, 2, false, &|n| n, &mut out, |_, _| {
            written += 1;
            most = most.max(read.load(Ordering::Relaxed) - written);
            Ok(())
        })
        .unwrap_or_default();
        assert_eq!(written, 50_000);
        assert!(most <= 2 * IN_FLIGHT_PER_JOB * CHUNK, "{most}");
        // Several chunks were read ahead of the writer.
        assert!(most > CHUNK, "{most}");
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
