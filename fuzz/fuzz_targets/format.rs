//! (f) `arbitre fmt`: a whole file formatted as a stream. What is not a
//! legal record is written back byte for byte, the pieces put together are
//! the file again, and a legal record's canonical form is legal with the
//! same outcome and is its own canonical form.

#![no_main]

use arbitre::format::format_stream;
use arbitre::{check_str, Limits, RecordReport, Switches};

/// What formatting must keep of a record: its outcome, not its spans.
fn outcome(report: &RecordReport) -> String {
    format!(
        "{:?} {} {:?} {:?} {:?} {:?} {:?}",
        report.verdict,
        report.turns,
        report.status,
        report.winner,
        report.to_move,
        report.scores,
        report.warnings.iter().map(|w| &w.rule).collect::<Vec<_>>(),
    )
}

libfuzzer_sys::fuzz_target!(|bytes: &[u8]| {
    let switches = Switches::new();
    let mut original = Vec::new();
    let mut canonical = Vec::new();
    let done = format_stream(bytes, Limits::default(), &switches, |piece| {
        original.extend_from_slice(piece.original);
        let legal = piece
            .record
            .is_some_and(|(_, checked)| checked.malformed.is_none() && checked.violation.is_none());
        if !legal {
            assert_eq!(piece.original, piece.written, "only legal records change");
        } else if piece.changed() {
            canonical.push((piece.original.to_vec(), piece.written.to_vec()));
        }
        Ok(())
    });
    if done.is_err() {
        return;
    }
    assert_eq!(original, bytes, "the pieces are the file");
    for (before, after) in canonical.iter().take(4) {
        let (Ok(before), Ok(after)) = (std::str::from_utf8(before), std::str::from_utf8(after))
        else {
            panic!("a legal record and its canonical form are text");
        };
        let was = check_str("f", before, &switches);
        let now = check_str("f", after, &switches);
        assert_eq!(was.len(), now.len());
        for (was, now) in was.iter().zip(&now) {
            assert_eq!(outcome(was), outcome(now), "{before:?}\n{after:?}");
        }
        // Formatting twice is formatting once.
        let mut again = Vec::new();
        let redone = format_stream(after.as_bytes(), Limits::default(), &switches, |piece| {
            again.extend_from_slice(piece.written);
            Ok(())
        });
        if redone.is_ok() {
            assert_eq!(again, after.as_bytes(), "fmt is idempotent");
        }
    }
});
