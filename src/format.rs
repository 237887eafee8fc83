//! `arbitre fmt`: records written in canonical form. A legal record keeps
//! its header byte for byte; its movetext is written again from the legal
//! turns it denotes, each in the canonical notation its game displays
//! (`arbitre moves` lists the same), under the move numbers the replay
//! expects, a pair of turns or a round to a line, and its comments where
//! they stood. Anything else (text before the first record, a record
//! malformed or illegal) is kept as it is, byte for byte.
//!
//! Formatting never changes what a record says: the turns written are the
//! turns replayed, so the verdict, the final position and the scores are
//! those of the record as it was (`tests/fmt.rs`).

use std::cell::RefCell;
use std::collections::VecDeque;
use std::io::{self, Read, Write};
use std::rc::Rc;

use crate::dispatch::{check, game_of};
use crate::game::Malformed;
use crate::limits::Limits;
use crate::reader::{Reader, Record};
use crate::record::Switches;
use crate::replay::{frame, Checked};
use crate::rules;
use crate::span::Span;
use crate::text::grouped;

/// A record as `fmt` writes it.
#[derive(Clone, Debug)]
pub struct Formatted {
    /// The record's verdict, as `check` gives it.
    pub checked: Checked,
    /// The record in canonical form, when it is legal (warnings allowed);
    /// `None` when it is left as it is: malformed, illegal, or [`kept`].
    ///
    /// [`kept`]: Formatted::kept
    pub canonical: Option<String>,
    /// Why a legal record is left as it is: its canonical form would break
    /// a limit the record was read under (a turn written in full past
    /// `--max-token-bytes`, the whole past `--max-record-bytes`), and fmt
    /// never writes what a referee under the same limits refuses. The
    /// span is in the record as it stands (the turn, or its start).
    pub kept: Option<Malformed>,
}

/// A record in canonical form, with its verdict: the header as written,
/// the movetext written again. A record that is not legal is left as it
/// is, and so is one whose canonical form its limits refuse.
pub fn format(record: &Record, switches: &Switches) -> Formatted {
    let checked = check(record, switches);
    let legal = checked.malformed.is_none() && checked.violation.is_none();
    let (canonical, kept) = match legal.then(|| canonical_record(record, switches)) {
        Some(Ok(text)) => (Some(text), None),
        Some(Err(why)) => (None, Some(why)),
        None => (None, None),
    };
    Formatted {
        checked,
        canonical,
        kept,
    }
}

/// The text of a legal record in canonical form; or why it cannot be
/// written so within the record's limits.
fn canonical_record(record: &Record, switches: &Switches) -> Result<String, Malformed> {
    let referee = game_of(record)?;
    let movetext = referee.canonical(record, switches)?;
    let raw = frame(record)?;
    let header = record.text.get(..raw.movetext_offset);
    let text = header.map(|header| format!("{header}{movetext}"));
    let limit = record.limits().record_bytes;
    match text {
        Some(text) if text.len() <= limit => Ok(text),
        // The movetext is found in the record's text: not reached.
        None => Err(Malformed {
            rule: &rules::SYNTAX,
            message: "the record's movetext cannot be found".into(),
            span: Span::new(0, 0),
            help: None,
        }),
        Some(text) => Err(Malformed {
            rule: &rules::SYNTAX,
            message: format!(
                "in canonical form this record is {} bytes, more than the limit of {} \
                 (--max-record-bytes)",
                grouped(text.len()),
                grouped(limit)
            ),
            span: Span::new(0, 0),
            help: Some("raise the limit with --max-record-bytes to format it".into()),
        }),
    }
}

/// A stretch of a stream as `fmt` writes it: text before the first record,
/// or one record.
#[derive(Clone, Copy, Debug)]
pub struct Stretch<'a> {
    /// The bytes as they stand in the input.
    pub original: &'a [u8],
    /// What `fmt` writes in their place: the record in canonical form, or
    /// the bytes as they stand.
    pub written: &'a [u8],
    /// The record and its verdict; `None` for text before the first
    /// record (blank lines and comments).
    pub record: Option<(&'a Record, &'a Checked)>,
    /// Why a legal record is written as it stands ([`Formatted::kept`]).
    pub kept: Option<&'a Malformed>,
}

impl Stretch<'_> {
    /// Whether `fmt` changes it.
    pub fn changed(&self) -> bool {
        self.original != self.written
    }
}

/// How many bytes of the input `fmt` holds at most while it decides what
/// to write: twice the record limit (a record, and the next one read
/// while the first is written), and 1 MiB of what the reader reads ahead.
/// Text passed through unchanged counts too: a preamble of blank lines or
/// a record past the limit longer than this cannot be written back.
pub fn held_bytes(limits: &Limits) -> usize {
    limits
        .record_bytes
        .saturating_mul(2)
        .saturating_add(1 << 20)
}

/// The bytes read and not yet handed over, shared between the reader's
/// input and the formatter.
struct Held {
    /// The stream offset of `bytes[0]`.
    start: usize,
    bytes: Vec<u8>,
    /// Bytes read from the stream in all.
    read: usize,
    /// The most bytes held.
    room: usize,
    /// Where the bytes that did not fit start: nothing from there on can
    /// be written back.
    lost_from: Option<usize>,
}

impl Held {
    /// The bytes from stream offset `from` to `to`.
    fn get(&self, from: usize, to: usize) -> io::Result<&[u8]> {
        let lost = self.lost_from.is_some_and(|lost| to > lost);
        let range = from.checked_sub(self.start).zip(to.checked_sub(self.start));
        match range.and_then(|(a, b)| self.bytes.get(a..b)) {
            Some(bytes) if !lost => Ok(bytes),
            _ => Err(io::Error::new(
                io::ErrorKind::InvalidData,
                format!(
                    "more than {} bytes stand before a record or in a record too long, and fmt \
                     holds no more to write them back unchanged (raise --max-record-bytes)",
                    crate::text::grouped(self.room)
                ),
            )),
        }
    }

    /// Forget the bytes before stream offset `to`.
    fn release(&mut self, to: usize) {
        let n = to.saturating_sub(self.start).min(self.bytes.len());
        self.bytes.drain(..n);
        self.start += n;
    }
}

/// The input, every byte read also kept in [`Held`].
struct Tee<R> {
    inner: R,
    held: Rc<RefCell<Held>>,
}

impl<R: Read> Read for Tee<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        let mut held = self.held.borrow_mut();
        let fits = held.bytes.len() + n <= held.room;
        if held.lost_from.is_none() && fits {
            held.bytes.extend_from_slice(&buf[..n]);
        } else if held.lost_from.is_none() {
            held.lost_from = Some(held.start + held.bytes.len());
        }
        held.read += n;
        Ok(n)
    }
}

/// Format a stream: each stretch of it (the text before the first record,
/// then each record) is handed to `each` in order, with what `fmt` writes
/// in its place. Memory is bounded by the records, as the [`Reader`]'s is:
/// one record is held while the next is read, to learn where the first one
/// ends. An error of `each` ends the stream with it.
pub fn format_stream<R: Read>(
    input: R,
    limits: Limits,
    switches: &Switches,
    mut each: impl FnMut(&Stretch<'_>) -> io::Result<()>,
) -> io::Result<()> {
    let held = Rc::new(RefCell::new(Held {
        start: 0,
        bytes: Vec::new(),
        read: 0,
        room: held_bytes(&limits),
        lost_from: None,
    }));
    let tee = Tee {
        inner: input,
        held: Rc::clone(&held),
    };
    let mut reader = Reader::with_limits(tee, limits);
    let mut waiting: Option<Record> = None;
    loop {
        let next = reader.next_record()?;
        let end = next
            .as_ref()
            .map_or_else(|| held.borrow().read, |r| r.offset);
        if let Some(record) = waiting.take() {
            let formatted = format(&record, switches);
            let kept = held.borrow();
            let original = kept.get(record.offset, end)?;
            let written = match &formatted.canonical {
                Some(text) if original == record.text.as_bytes() => text.as_bytes(),
                _ => original,
            };
            each(&Stretch {
                original,
                written,
                record: Some((&record, &formatted.checked)),
                kept: formatted.kept.as_ref(),
            })?;
            drop(kept);
            held.borrow_mut().release(end);
        }
        // What stands before the first record, or after the last.
        let (start, before) = {
            let held = held.borrow();
            (held.start, next.as_ref().map_or(held.read, |r| r.offset))
        };
        if before > start {
            let held = held.borrow();
            let text = held.get(start, before)?;
            each(&Stretch {
                original: text,
                written: text,
                record: None,
                kept: None,
            })?;
        }
        held.borrow_mut().release(before);
        match next {
            Some(record) => waiting = Some(record),
            None => return Ok(()),
        }
    }
}

/// The lines of context a hunk of [`UnifiedDiff`] shows around a change.
const CONTEXT: usize = 3;

/// The most lines a record may have, before or after, to be diffed line
/// by line; a longer record that changes is shown removed and added whole,
/// as the line diff takes time that grows with the square of the lines.
pub const MAX_DIFF_LINES: usize = 10_000;

/// A unified diff of a stream and what `fmt` writes of it (`fmt --check`),
/// written hunk by hunk as the pieces come, with `--- a/PATH` and
/// `+++ b/PATH` before the first hunk. Only the hunk being written is
/// held: the changed lines within six lines of each other and their
/// context.
pub struct UnifiedDiff {
    path: String,
    /// The number of the next line, before and after.
    old_next: usize,
    new_next: usize,
    /// The last equal lines, for the context before a change.
    before: VecDeque<Vec<u8>>,
    hunk: Option<Hunk>,
    /// Whether the file's header lines are written.
    headed: bool,
}

/// A hunk being gathered.
struct Hunk {
    old_start: usize,
    new_start: usize,
    old_len: usize,
    new_len: usize,
    /// Each line with its mark: ` `, `-` or `+`.
    lines: Vec<(u8, Vec<u8>)>,
    /// The equal lines at its end.
    trailing: usize,
}

impl UnifiedDiff {
    /// The diff of the file `path`, as its header names it.
    pub fn new(path: &str) -> Self {
        UnifiedDiff {
            path: path.to_string(),
            old_next: 1,
            new_next: 1,
            before: VecDeque::new(),
            hunk: None,
            headed: false,
        }
    }

    /// The next piece of the stream: `original` as it stood, `written` as
    /// `fmt` writes it.
    pub fn piece(
        &mut self,
        original: &[u8],
        written: &[u8],
        out: &mut dyn Write,
    ) -> io::Result<()> {
        if original == written {
            for line in original.split_inclusive(|&b| b == b'\n') {
                self.equal(line, out)?;
            }
            return Ok(());
        }
        let texts = std::str::from_utf8(original)
            .ok()
            .zip(std::str::from_utf8(written).ok());
        let lines = |b: &[u8]| b.iter().filter(|&&c| c == b'\n').count();
        let small = lines(original) <= MAX_DIFF_LINES && lines(written) <= MAX_DIFF_LINES;
        match texts.filter(|_| small) {
            Some((old, new)) => {
                // Lines as `patch` and `git apply` read them: ended by LF
                // alone, a lone CR inside its line (`from_lines` would end
                // a line there too, and the diff would not apply).
                let olds: Vec<&str> = old.split_inclusive('\n').collect();
                let news: Vec<&str> = new.split_inclusive('\n').collect();
                let diff = similar::TextDiff::configure().diff_slices(&olds, &news);
                for op in diff.ops() {
                    let (tag, old_range, new_range) = op.as_tag_tuple();
                    match tag {
                        similar::DiffTag::Equal => {
                            for line in &olds[old_range] {
                                self.equal(line.as_bytes(), out)?;
                            }
                        }
                        _ => {
                            for line in &olds[old_range] {
                                self.change(b'-', line.as_bytes());
                            }
                            for line in &news[new_range] {
                                self.change(b'+', line.as_bytes());
                            }
                        }
                    }
                }
            }
            None => {
                for line in original.split_inclusive(|&b| b == b'\n') {
                    self.change(b'-', line);
                }
                for line in written.split_inclusive(|&b| b == b'\n') {
                    self.change(b'+', line);
                }
            }
        }
        Ok(())
    }

    /// The end of the stream: the last hunk written. Whether anything
    /// changed.
    pub fn finish(mut self, out: &mut dyn Write) -> io::Result<bool> {
        self.close(out)?;
        Ok(self.headed)
    }

    fn equal(&mut self, line: &[u8], out: &mut dyn Write) -> io::Result<()> {
        self.old_next += 1;
        self.new_next += 1;
        if let Some(hunk) = &mut self.hunk {
            if hunk.trailing < 2 * CONTEXT {
                hunk.lines.push((b' ', line.to_vec()));
                hunk.old_len += 1;
                hunk.new_len += 1;
                hunk.trailing += 1;
                return Ok(());
            }
            // Far enough from the last change: the hunk ends.
            self.close(out)?;
        }
        self.before.push_back(line.to_vec());
        if self.before.len() > CONTEXT {
            self.before.pop_front();
        }
        Ok(())
    }

    fn change(&mut self, mark: u8, line: &[u8]) {
        let before = &mut self.before;
        let (old_next, new_next) = (self.old_next, self.new_next);
        let hunk = self.hunk.get_or_insert_with(|| Hunk {
            old_start: old_next - before.len(),
            new_start: new_next - before.len(),
            old_len: before.len(),
            new_len: before.len(),
            lines: before.drain(..).map(|l| (b' ', l)).collect(),
            trailing: 0,
        });
        hunk.lines.push((mark, line.to_vec()));
        hunk.trailing = 0;
        if mark == b'-' {
            hunk.old_len += 1;
            self.old_next += 1;
        } else {
            hunk.new_len += 1;
            self.new_next += 1;
        }
    }

    /// Write the hunk gathered, with at most [`CONTEXT`] lines after its
    /// last change; the lines past them are the context of the next one.
    fn close(&mut self, out: &mut dyn Write) -> io::Result<()> {
        let Some(mut hunk) = self.hunk.take() else {
            return Ok(());
        };
        let extra = hunk.trailing.saturating_sub(CONTEXT);
        let kept = hunk.lines.len() - extra;
        self.before = hunk.lines.drain(kept..).map(|(_, l)| l).collect();
        hunk.old_len -= extra;
        hunk.new_len -= extra;
        if !self.headed {
            writeln!(out, "--- a/{}", self.path)?;
            writeln!(out, "+++ b/{}", self.path)?;
            self.headed = true;
        }
        writeln!(
            out,
            "@@ -{} +{} @@",
            range(hunk.old_start, hunk.old_len),
            range(hunk.new_start, hunk.new_len)
        )?;
        for (mark, line) in &hunk.lines {
            out.write_all(&[*mark])?;
            out.write_all(line)?;
            if !line.ends_with(b"\n") {
                out.write_all(b"\n\\ No newline at end of file\n")?;
            }
        }
        Ok(())
    }
}

/// A hunk's range as unified diffs write it: `start,len`, `start` alone
/// for one line, and the line before for none.
fn range(start: usize, len: usize) -> String {
    match len {
        0 => format!("{},0", start.saturating_sub(1)),
        1 => start.to_string(),
        _ => format!("{start},{len}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What `fmt` writes of `text`, and the pieces it changed.
    fn formatted(text: &str) -> (String, usize) {
        let mut out = Vec::new();
        let mut changed = 0;
        format_stream(
            text.as_bytes(),
            Limits::default(),
            &Switches::new(),
            |piece| {
                changed += usize::from(piece.changed());
                out.extend_from_slice(piece.written);
                Ok(())
            },
        )
        .unwrap();
        (String::from_utf8(out).unwrap(), changed)
    }

    fn movetext(game: &str, movetext: &str) -> String {
        let head = format!("---\ngame: {game}\n---\n");
        let (out, _) = formatted(&format!("{head}{movetext}"));
        out.strip_prefix(&head).unwrap().to_string()
    }

    #[test]
    fn move_numbers_lowercase_and_a_pair_to_a_line() {
        let canonical = "1. e3 c3\n2. a3 c3>g7 d4\n3. g3\n";
        for written in [
            "1. e3 c3 2. a3 c3>g7 d4 3. g3",
            "1.e3 1...c3 2.a3 c3>g7 2...d4 3.g3\n",
            "E3 C3\nA3\n\nC3>G7\tD4 G3",
            canonical,
        ] {
            assert_eq!(movetext("simpei", written), canonical, "{written:?}");
        }
        // Puluc: the destination written.
        assert_eq!(
            movetext("puluc", "2:e 3:E 1:2\n"),
            "1. 2:e-2 3:e-7\n2. 1:2-3\n"
        );
    }

    #[test]
    fn a_round_to_a_line_and_captures_in_full() {
        let setup = "setup:\n  pieces: {blue: [\"d4=R\", k3], red: [f6, e9, b10], yellow: [f12, h12], black: [k9, m9]}\n";
        let text = format!("---\ngame: superpion\n{setup}---\n1.b D4xN8 k3-k5\n");
        let (out, _) = formatted(&text);
        assert!(
            out.ends_with("---\n1.B d4xj10xg13xd10xh6xl10xn8 k3-k5\n"),
            "{out}"
        );
        assert_eq!(
            movetext("superpion", "1.B g3-g5 i3-i5\n1.R c5-e5 c7-e7 1.Y h12-h10 j12-j10\n1.K l4-j4 l8-j8 2.B g5-g7 i5-i7"),
            "1.B g3-g5 i3-i5 1.R c5-e5 c7-e7 1.Y h12-h10 j12-j10 1.K l4-j4 l8-j8\n2.B g5-g7 i5-i7\n"
        );
    }

    #[test]
    fn comments_stay_after_the_turn_they_follow() {
        assert_eq!(
            movetext("simpei", "{ start } 1. e3 {a}  c3 ;  end of line  \n2. a5"),
            "{ start }\n1. e3 {a} c3 ;  end of line\n2. a5\n"
        );
        // A `;` comment ends the line: the pair goes on, numbered again.
        assert_eq!(movetext("simpei", "e3 ; x\nc3"), "1. e3 ; x\n1... c3\n");
        // A comment first on its line starts one; inside a turn, it
        // follows the turn.
        assert_eq!(
            movetext(
                "simpei",
                "1. e3\n{ own\nline } c3 {b} ; c\n2. { inside } a5"
            ),
            "1. e3\n{ own\nline }\n1... c3 {b} ; c\n2. a5 { inside }\n"
        );
        // Comments alone.
        assert_eq!(movetext("simpei", "; only\n{ this }"), "; only\n{ this }\n");
    }

    #[test]
    fn line_endings_and_blank_lines_are_kept() {
        let (out, _) = formatted("---\r\ngame: simpei\r\n---\r\nE3 c3 ; x\r\na5\r\n\r\n\r\n---\r\ngame: simpei\r\n---\r\n");
        assert_eq!(
            out,
            "---\r\ngame: simpei\r\n---\r\n1. e3 c3 ; x\r\n2. a5\r\n\r\n\r\n---\r\ngame: simpei\r\n---\r\n"
        );
        // A blank movetext is kept as it is; a last line gets its ending.
        assert_eq!(movetext("simpei", "\n\n"), "\n\n");
        assert_eq!(movetext("simpei", ""), "");
        assert_eq!(movetext("simpei", "\n\nc3"), "1. c3\n");
    }

    #[test]
    fn a_line_end_inside_a_comment_does_not_change_the_record_s() {
        // The header ends its lines with LF; a comment holds a CRLF. The
        // fuzzer found that the second formatting wrote CRLF lines, since
        // the first had put the comment on the movetext's first line.
        let text = "---\ngame: puluc\n---\n1. 2:e-2   { x }\n   3:e-7 { y\r\nz }\r\n";
        let (once, _) = formatted(text);
        assert_eq!(
            once,
            "---\ngame: puluc\n---\n1. 2:e-2 { x } 3:e-7 { y\r\nz }\n"
        );
        let (twice, _) = formatted(&once);
        assert_eq!(twice, once);
    }

    #[test]
    fn what_is_not_a_legal_record_is_kept_byte_for_byte() {
        let records = [
            "; a preamble\n{ over\nlines }\n\n",
            "--- # one\ngame: simpei\n---\nc3 c3\n",
            "---\ngame: simpei\n---\nc3 zz\n",
            "---\ngame: nope\n---\nc3\n",
            "---\ngame: simpei\n---\nC3\n",
            "--- # open\ngame: simpei\n",
        ];
        let text = records.concat();
        let (out, changed) = formatted(&text);
        assert_eq!(out, text.replace("C3\n", "1. c3\n"));
        assert_eq!(changed, 1);
        // A title line is a record of its own, kept.
        let title = "Games of 2026\n---\ngame: simpei\n---\n1. c3\n";
        assert_eq!(formatted(title), (title.to_string(), 0));
        // Bytes that are not UTF-8 are written back as they were.
        let bad = b"---\ngame: simpei\n---\nc3 \xff\n---\ngame: simpei\n---\nC3\n";
        let mut out = Vec::new();
        format_stream(&bad[..], Limits::default(), &Switches::new(), |p| {
            out.extend_from_slice(p.written);
            Ok(())
        })
        .unwrap();
        assert_eq!(
            out,
            b"---\ngame: simpei\n---\nc3 \xff\n---\ngame: simpei\n---\n1. c3\n"
        );
    }

    #[test]
    fn a_record_past_the_limit_is_kept_and_the_bound_of_what_is_held_holds() {
        let long = format!("---\ngame: simpei\n---\n{{ {} }}\nC3\n", "x".repeat(300));
        let text = format!("{long}---\ngame: simpei\n---\nC3\n");
        let limits = Limits {
            record_bytes: 100,
            ..Limits::default()
        };
        let mut out = Vec::new();
        let mut verdicts = Vec::new();
        format_stream(text.as_bytes(), limits, &Switches::new(), |p| {
            out.extend_from_slice(p.written);
            verdicts.push(p.record.map(|(_, c)| c.malformed.is_some()));
            Ok(())
        })
        .unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            format!("{long}---\ngame: simpei\n---\n1. c3\n")
        );
        assert_eq!(verdicts, [Some(true), Some(false)]);
        // Past what fmt holds: an error, not a cut record.
        let huge = format!(
            "{}---\ngame: simpei\n---\nc3\n",
            "\n".repeat(held_bytes(&limits) + 1)
        );
        let err = format_stream(huge.as_bytes(), limits, &Switches::new(), |_| Ok(())).unwrap_err();
        assert!(
            err.to_string().contains("raise --max-record-bytes"),
            "{err}"
        );
    }

    fn diff(old: &str, new: &str) -> String {
        let mut out = Vec::new();
        let mut diff = UnifiedDiff::new("x.arb");
        diff.piece(old.as_bytes(), new.as_bytes(), &mut out)
            .unwrap();
        let changed = diff.finish(&mut out).unwrap();
        assert_eq!(changed, old != new);
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn unified_diffs_merge_near_changes_and_split_far_ones() {
        assert_eq!(diff("a\nb\n", "a\nb\n"), "");
        assert_eq!(
            diff("a\nb\nc\n", "a\nB\nc\n"),
            "--- a/x.arb\n+++ b/x.arb\n@@ -1,3 +1,3 @@\n a\n-b\n+B\n c\n"
        );
        let lines = |changed: [usize; 2]| -> String {
            (1..=20)
                .map(|i| {
                    if changed.contains(&i) {
                        "x\n".to_string()
                    } else {
                        format!("{i}\n")
                    }
                })
                .collect()
        };
        let old = lines([0, 0]);
        // Six equal lines apart: one hunk; seven: two.
        let near = lines([4, 11]);
        assert_eq!(diff(&old, &near).matches("@@ -").count(), 1);
        let far = lines([4, 12]);
        let two = diff(&old, &far);
        assert!(two.contains("@@ -1,7 +1,7 @@\n"), "{two}");
        assert!(two.contains("@@ -9,7 +9,7 @@\n"), "{two}");
        // An insertion at the start, and a last line without its ending.
        assert_eq!(
            diff("b", "a\nb\n"),
            "--- a/x.arb\n+++ b/x.arb\n@@ -1 +1,2 @@\n-b\n\\ No newline at end of file\n+a\n+b\n"
        );
        assert_eq!(
            diff("", "a\n"),
            "--- a/x.arb\n+++ b/x.arb\n@@ -0,0 +1 @@\n+a\n"
        );
    }

    #[test]
    fn a_lone_cr_stays_inside_its_line_in_a_diff() {
        // As `patch` and `git apply` read lines: only LF ends one.
        assert_eq!(
            diff("x\ry\nb\n", "x\ry\nB\n"),
            "--- a/x.arb\n+++ b/x.arb\n@@ -1,2 +1,2 @@\n x\ry\n-b\n+B\n"
        );
        assert_eq!(
            diff("a\rb\n", "a\r\nb\n"),
            "--- a/x.arb\n+++ b/x.arb\n@@ -1 +1,2 @@\n-a\rb\n+a\r\n+b\n"
        );
        // And in the canonical form, a comment's lone CR is its text.
        assert_eq!(
            movetext("simpei", "E3 { a\rb }\rc3 ; c\rd\r\n"),
            "1. e3 { a\rb } c3 ; c\rd\n"
        );
    }

    #[test]
    fn a_record_whose_canonical_form_its_limits_refuse_is_kept() {
        let setup = "setup:\n  pieces: {blue: [\"d4=R\", k3], red: [f6, e9, b10], yellow: [f12, h12], black: [k9, m9]}\n";
        let text = format!("---\ngame: superpion\n{setup}---\n1.b D4xN8 k3-k5\n");
        let kept = |token_bytes| {
            let limits = Limits {
                token_bytes,
                ..Limits::default()
            };
            let mut kept = Vec::new();
            format_stream(text.as_bytes(), limits, &Switches::new(), |p| {
                kept.push((p.changed(), p.kept.map(|m| (m.message.clone(), m.span))));
                Ok(())
            })
            .unwrap();
            kept
        };
        // The capture in full is 24 bytes.
        assert_eq!(kept(24), [(true, None)]);
        let at = text.find("1.b").unwrap();
        assert_eq!(
            kept(23),
            [(
                false,
                Some((
                    "in canonical form this turn is the token `d4xj10xg13xd10xh6xl10xn8`, 24 \
                     bytes, more than the limit of 23 (--max-token-bytes)"
                        .to_string(),
                    Span::new(at, "1.b D4xN8 k3-k5".len())
                ))
            )]
        );
    }

    #[test]
    fn diffs_count_lines_across_pieces() {
        let mut out = Vec::new();
        let mut diff = UnifiedDiff::new("x.arb");
        let pieces = [
            ("1\n2\n3\n4\n5\n", "1\n2\n3\n4\n5\n"),
            ("6\n", "six\n"),
            ("7\n", "7\n"),
        ];
        for (old, new) in pieces {
            diff.piece(old.as_bytes(), new.as_bytes(), &mut out)
                .unwrap();
        }
        assert!(diff.finish(&mut out).unwrap());
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "--- a/x.arb\n+++ b/x.arb\n@@ -3,5 +3,5 @@\n 3\n 4\n 5\n-6\n+six\n 7\n"
        );
    }
}
