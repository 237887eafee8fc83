//! Records read one at a time from any byte stream, so that memory is bounded
//! by the largest record and not by the file: a platform can pipe a 1 GB
//! archive through `arbitre check -` and see each verdict as it comes.

use std::fmt;
use std::io::{self, BufRead, BufReader, Read};

use crate::limits::Limits;
use crate::record::{self, marker_len, DelimiterScan, HeaderText, Preamble, RawRecord};
use crate::span::Span;

/// One record as read from its stream: its text and where it sits there.
/// Spans found in `text` are turned into stream positions by adding
/// `offset` (bytes) and `line - 1` (lines): a record always starts a line.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Record {
    /// Which record of the stream, from 0.
    pub index: usize,
    /// The byte offset of the record's first byte in the stream.
    pub offset: usize,
    /// The 1-based line of that byte.
    pub line: usize,
    /// The record, from its opening `---` line to the line before the next
    /// record's `---` (the preamble before the first record, its blank
    /// lines and comments, is left out; other text there is a record of
    /// its own, up to the first `---`).
    pub text: String,
    /// Why the text cannot be checked as it is, if it cannot.
    pub fault: Option<RecordFault>,
    /// The limits it was read with, which its check enforces too.
    limits: Limits,
    /// Where the reader found the header and the movetext, so that they are
    /// not looked for twice; `None` for a record made from a string.
    frame: Option<Frame>,
}

/// A well-framed record's parts, as offsets in its text.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Frame {
    /// The opening `---` line, without its line ending.
    opening: Span,
    /// The header's text: from the line after the opening one to the
    /// closing `---` line.
    header: (usize, usize),
    /// Where the movetext starts (the line after the closing `---`).
    movetext: usize,
}

/// A record the reader could not hand over whole.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RecordFault {
    /// Not UTF-8 text: the first bad byte, from the record's start. The text
    /// holds the bytes with the bad ones replaced.
    NotUtf8 {
        /// Byte offset of the first bad byte within the record.
        at: usize,
    },
    /// Longer than the limit: the text holds only its first lines.
    TooLong {
        /// The limit it broke, in bytes.
        limit: usize,
    },
}

/// What is wrong with the record, without where it sits.
impl fmt::Display for RecordFault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordFault::NotUtf8 { at } => {
                write!(f, "the record is not UTF-8 text (byte {at} of the record)")
            }
            RecordFault::TooLong { limit } => {
                write!(f, "the record is longer than {limit} bytes, the limit")
            }
        }
    }
}

impl std::error::Error for RecordFault {}

impl Record {
    /// A record read from a string, at the start of a stream, with the
    /// default limits.
    pub fn from_text(text: impl Into<String>) -> Self {
        Record {
            index: 0,
            offset: 0,
            line: 1,
            text: text.into(),
            fault: None,
            limits: Limits::default(),
            frame: None,
        }
    }

    /// The same record, checked with other limits (`record_bytes` has no
    /// effect here: the record is already read).
    pub fn with_limits(mut self, limits: Limits) -> Self {
        self.limits = limits;
        self
    }

    /// The bytes of `text` that a span of `length` bytes at stream
    /// `offset` covers: never outside the record, a span that would be is
    /// cut at its end.
    pub fn local(&self, offset: usize, length: usize) -> std::ops::Range<usize> {
        let start = offset.saturating_sub(self.offset).min(self.text.len());
        start..start.saturating_add(length).min(self.text.len())
    }

    /// The limits the record is checked with: those of the reader that
    /// read it.
    pub fn limits(&self) -> Limits {
        self.limits
    }

    /// The record's header and movetext, as the reader found them (as
    /// `record::split` would on the text alone).
    pub(crate) fn framed(&self) -> Option<RawRecord<'_>> {
        let Frame {
            opening,
            header: (start, end),
            movetext,
        } = self.frame?;
        Some(RawRecord {
            header: HeaderText {
                text: self.text.get(start..end)?,
                offset: start,
                opening,
            },
            movetext: self.text.get(movetext..)?,
            movetext_offset: movetext,
            limits: self.limits,
        })
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    /// Only blank lines and comments so far: the preamble.
    Start,
    /// Text before the first `---` that is not a preamble: a record of its
    /// own, up to that line.
    Stray,
    /// After an opening `---`.
    Header,
    /// After the `---` that closes the header.
    Movetext,
    /// The stream cannot be split any further.
    Done,
}

/// Yields the records of a stream in order, the way `record::split` cuts a
/// whole text, but holding one record at a time.
pub struct Reader<R> {
    input: BufReader<R>,
    limits: Limits,
    phase: Phase,
    /// The record being read: one buffer for the whole stream, copied out
    /// at the record's exact length, so that a record costs one allocation
    /// however many lines (turns) it has.
    pending: Vec<u8>,
    pending_offset: usize,
    pending_line: usize,
    oversize: bool,
    /// The frame of the record being read, as far as it is known.
    opening: Option<(Span, usize)>,
    closing: Option<(usize, usize)>,
    /// A `---` line that opens the next record, read while ending this one.
    carry: Option<Line>,
    /// How the lines before the first `---` read.
    preamble: Preamble,
    /// The buffer of the line read last, kept to read the next into.
    spare: Vec<u8>,
    /// A line end followed by a dash, where a record's lines may stop
    /// being its own: the searcher is built once for the stream.
    dash_line: memchr::memmem::Finder<'static>,
    offset: usize,
    line: usize,
    index: usize,
}

/// A line as read: its bytes (when they fit), and where it starts.
struct Line {
    bytes: Vec<u8>,
    offset: usize,
    line: usize,
    /// The line was longer than the room left and only its start is kept.
    cut: bool,
    /// A `---` line, read from all its bytes (kept or not).
    delimiter: bool,
}

/// The first byte of a byte-order mark (U+FEFF in UTF-8).
const MARK: u8 = 0xef;

/// Where the first line of `bytes` that starts with a byte-order mark's
/// first byte begins, less its line end: a byte that records hardly ever
/// hold, so it is looked for alone, which costs less than looking for the
/// pair.
fn mark_line(bytes: &[u8]) -> Option<usize> {
    memchr::memchr_iter(MARK, bytes)
        .find(|&at| at > 0 && bytes[at - 1] == b'\n')
        .map(|at| at - 1)
}

/// The bytes of a line kept past a record's limit: enough for the marker
/// of a `---` line (which is read from all of its bytes anyway).
const DELIMITER_ROOM: usize = 256;

/// The room the record buffer starts with: more than any real record
/// needs, so that it does not grow line by line while a record is read (a
/// longer record grows it, once for the stream).
const RECORD_ROOM: usize = 16 << 10;

impl<R: Read> Reader<R> {
    /// A reader with the default limits.
    pub fn new(input: R) -> Self {
        Reader::with_limits(input, Limits::default())
    }

    /// A reader refusing records beyond `limits`.
    pub fn with_limits(input: R, limits: Limits) -> Self {
        Reader {
            input: BufReader::with_capacity(64 << 10, input),
            limits,
            phase: Phase::Start,
            pending: Vec::with_capacity(RECORD_ROOM.min(limits.record_bytes) + DELIMITER_ROOM),
            pending_offset: 0,
            pending_line: 1,
            oversize: false,
            opening: None,
            closing: None,
            carry: None,
            preamble: Preamble::default(),
            spare: Vec::with_capacity(DELIMITER_ROOM),
            dash_line: memchr::memmem::Finder::new(b"\n-"),
            offset: 0,
            line: 1,
            index: 0,
        }
    }

    /// Read one line, keeping at most `room` of its bytes.
    fn read_line(&mut self, room: usize) -> io::Result<Option<Line>> {
        let mut bytes = std::mem::take(&mut self.spare);
        bytes.clear();
        let mut line = Line {
            bytes,
            offset: self.offset,
            line: self.line,
            cut: false,
            delimiter: false,
        };
        let mut scan = DelimiterScan::new();
        let mut any = false;
        loop {
            let chunk = fill(&mut self.input)?;
            if chunk.is_empty() {
                line.delimiter = scan.is_delimiter();
                return Ok(any.then_some(line));
            }
            any = true;
            let (taken, ended) = match memchr::memchr(b'\n', chunk) {
                Some(i) => (i + 1, true),
                None => (chunk.len(), false),
            };
            let keep = taken.min(room.saturating_sub(line.bytes.len()));
            scan.feed(&chunk[..taken]);
            line.bytes.extend_from_slice(&chunk[..keep]);
            line.cut |= keep < taken;
            self.input.consume(taken);
            self.offset += taken;
            if ended {
                self.line += 1;
                line.delimiter = scan.is_delimiter();
                return Ok(Some(line));
            }
        }
    }

    /// Inside a record, take at once the whole lines of the buffered input
    /// that cannot be a `---` line: a line is one only when it starts with
    /// a dash or a byte-order mark, so the lines up to the next one that
    /// does are the record's, whatever they hold. Most of a file goes this
    /// way, copied once, not line by line; what is left (a dash line, a
    /// line without its end, a record near its limit) is read by
    /// `read_line`.
    fn bulk(&mut self) -> io::Result<()> {
        loop {
            if self.oversize {
                return Ok(());
            }
            // Only what the record's limit leaves room for is looked at, so
            // that every byte scanned is taken here or by the next line read.
            let room = self.limits.record_bytes.saturating_sub(self.pending.len());
            let chunk = fill(&mut self.input)?;
            let chunk = &chunk[..chunk.len().min(room)];
            if chunk.first().is_none_or(|&b| b == b'-' || b == MARK) {
                return Ok(());
            }
            let dash = self.dash_line.find(chunk);
            let mark = mark_line(&chunk[..dash.unwrap_or(chunk.len())]);
            let whole = match mark.or(dash) {
                Some(at) => at + 1,
                None => match memchr::memrchr(b'\n', chunk) {
                    Some(end) => end + 1,
                    None => return Ok(()),
                },
            };
            self.pending.extend_from_slice(&chunk[..whole]);
            self.line += memchr::memchr_iter(b'\n', &chunk[..whole]).count();
            self.offset += whole;
            self.input.consume(whole);
        }
    }

    /// How a line before the first `---` reads; one that is cut short
    /// or not UTF-8 cannot be read as a preamble.
    fn preamble_line(&mut self, line: &Line) -> record::PreambleLine {
        match std::str::from_utf8(&line.bytes) {
            Ok(text) if !line.cut => self.preamble.line(text),
            _ => record::PreambleLine {
                quiet: false,
                opens_comment: false,
            },
        }
    }

    /// Forget the lines kept for a comment that closed: they were preamble.
    /// A file that holds nothing else is told so at its start.
    fn drop_pending(&mut self) {
        self.pending.clear();
        self.oversize = false;
        (self.pending_offset, self.pending_line) = (0, 1);
    }

    /// Where a line pushed now starts in the record, and where the next
    /// one will (`None` once the record is past its limit).
    fn local(&self, line: &Line) -> Option<(usize, usize)> {
        (!self.oversize).then(|| (self.pending.len(), self.pending.len() + line.bytes.len()))
    }

    fn push(&mut self, line: Line) {
        if self.pending.is_empty() && !self.oversize {
            self.pending_offset = line.offset;
            self.pending_line = line.line;
        }
        if !self.oversize {
            if line.cut || self.pending.len() + line.bytes.len() > self.limits.record_bytes {
                self.oversize = true;
            } else {
                self.pending.extend_from_slice(&line.bytes);
            }
        }
        self.spare = line.bytes;
    }

    /// Hand over the record read so far.
    fn take(&mut self) -> Record {
        // The buffer stays for the next record; a huge record's room is
        // given back.
        let bytes = self.pending.clone();
        self.pending.clear();
        self.pending.shrink_to(RECORD_ROOM + DELIMITER_ROOM);
        let fault = if std::mem::take(&mut self.oversize) {
            Some(RecordFault::TooLong {
                limit: self.limits.record_bytes,
            })
        } else {
            None
        };
        let (text, fault) = match String::from_utf8(bytes) {
            Ok(text) => (text, fault),
            Err(err) => {
                let at = err.utf8_error().valid_up_to();
                let text = String::from_utf8_lossy(err.as_bytes()).into_owned();
                (text, fault.or(Some(RecordFault::NotUtf8 { at })))
            }
        };
        let frame = match (fault, self.opening.take(), self.closing.take()) {
            (None, Some((opening, header_start)), Some((header_end, movetext))) => Some(Frame {
                opening,
                header: (header_start, header_end),
                movetext,
            }),
            _ => None,
        };
        let record = Record {
            index: self.index,
            offset: self.pending_offset,
            line: self.pending_line,
            text,
            fault,
            limits: self.limits,
            frame,
        };
        self.index += 1;
        record
    }

    /// The next record, `None` at the end of the stream.
    pub fn next_record(&mut self) -> io::Result<Option<Record>> {
        if let Some(line) = self.carry.take() {
            self.open(line);
        }
        loop {
            if self.phase == Phase::Done {
                return Ok(None);
            }
            if matches!(self.phase, Phase::Header | Phase::Movetext) {
                self.bulk()?;
            }
            let room = if self.phase == Phase::Start {
                // A preamble line is read whole up to the record's limit,
                // however long the comment it stands in.
                self.limits.record_bytes.max(DELIMITER_ROOM)
            } else if self.oversize {
                DELIMITER_ROOM
            } else {
                (self.limits.record_bytes - self.pending.len().min(self.limits.record_bytes))
                    .max(DELIMITER_ROOM)
            };
            let Some(line) = self.read_line(room)? else {
                return Ok(self.finish());
            };
            match self.phase {
                Phase::Start if line.delimiter => {
                    if self.preamble.in_comment {
                        // A comment never closed is no comment: its lines
                        // are a record, as `record::split` reports it.
                        self.carry = Some(line);
                        return Ok(Some(self.take()));
                    }
                    self.open(line);
                }
                Phase::Start => self.before_any_record(line),
                Phase::Stray if line.delimiter => {
                    self.carry = Some(line);
                    return Ok(Some(self.take()));
                }
                Phase::Stray => self.push(line),
                Phase::Header => {
                    if line.delimiter {
                        self.phase = Phase::Movetext;
                        self.closing = self.local(&line);
                    }
                    self.push(line);
                }
                Phase::Movetext if line.delimiter => {
                    if self.resumes() {
                        return Ok(Some(self.take_broken(line)));
                    }
                    self.carry = Some(line);
                    return Ok(Some(self.take()));
                }
                Phase::Movetext => self.push(line),
                Phase::Done => return Ok(None),
            }
        }
    }

    /// A line before the first `---`. Blank lines and comments belong to
    /// no record: they neither count toward its limit nor stand in its
    /// text. The lines of a `{` comment are kept until it closes, in case
    /// it never does; the first other text starts a record, from that
    /// line, or from the `{` of the comment it stands in.
    fn before_any_record(&mut self, line: Line) {
        let was_in_comment = self.preamble.in_comment;
        let read = self.preamble_line(&line);
        if !read.quiet {
            if !was_in_comment {
                self.drop_pending();
            }
            self.push(line);
            self.phase = Phase::Stray;
        } else if read.opens_comment {
            self.drop_pending();
            self.push(line);
        } else if self.preamble.in_comment {
            self.push(line);
        } else {
            self.drop_pending();
            self.spare = line.bytes;
        }
    }

    /// Whether the record read ends before its closing line, as
    /// `record::resumes` rules: its header is broken, and its movetext
    /// (from that line to the `---` line just read) is a header. Only a
    /// record held whole can be looked at.
    fn resumes(&self) -> bool {
        let (Some((opening, header_start)), Some((header_end, movetext)), false) =
            (self.opening, self.closing, self.oversize)
        else {
            return false;
        };
        let next = self.pending.get(movetext..).unwrap_or_default();
        if !record::may_be_header(next, &self.limits) {
            return false;
        }
        let text = |range: std::ops::Range<usize>| {
            self.pending
                .get(range)
                .and_then(|bytes| std::str::from_utf8(bytes).ok())
        };
        let (Some(header), Some(next)) = (
            text(header_start..header_end),
            text(movetext..self.pending.len()),
        ) else {
            return false;
        };
        let header = HeaderText {
            text: header,
            offset: header_start,
            opening,
        };
        record::resumes(&header, next, &self.limits)
    }

    /// Hand over a record that ends before its closing line, and go on
    /// with the record that line opens, whose header `closing` closes.
    fn take_broken(&mut self, closing: Line) -> Record {
        let (Some((opening, header_start)), Some((header_end, movetext))) =
            (self.opening, self.closing)
        else {
            // Never so: `resumes` asked for both.
            self.carry = Some(closing);
            return self.take();
        };
        let rest = self.pending.split_off(header_end);
        let lines = memchr::memchr_iter(b'\n', &self.pending).count();
        let (offset, line) = (self.pending_offset + header_end, self.pending_line + lines);
        self.opening = Some((opening, header_start));
        self.closing = Some((header_end, header_end));
        let record = self.take();
        // What was its closing line opens the next record.
        self.pending.extend_from_slice(&rest);
        (self.pending_offset, self.pending_line) = (offset, line);
        let opening_line = movetext - header_end;
        self.opening = Some((
            Span::new(0, marker_len(&self.pending[..opening_line])),
            opening_line,
        ));
        self.closing = self.local(&closing);
        self.push(closing);
        self.phase = Phase::Movetext;
        record
    }

    /// Start a record's header with its opening `---` line.
    fn open(&mut self, line: Line) {
        self.opening = self
            .local(&line)
            .map(|(start, end)| (Span::new(start, marker_len(&line.bytes)), end));
        self.closing = None;
        self.push(line);
        self.phase = Phase::Header;
    }

    /// At the end of the stream: the last record, or the empty stream's
    /// framing error.
    fn finish(&mut self) -> Option<Record> {
        let phase = std::mem::replace(&mut self.phase, Phase::Done);
        let started = phase != Phase::Start || self.preamble.in_comment;
        (started || self.index == 0).then(|| self.take())
    }
}

/// The buffered input, read again when a signal interrupted the read.
fn fill<R: Read>(input: &mut BufReader<R>) -> io::Result<&[u8]> {
    loop {
        match input.fill_buf() {
            Err(err) if err.kind() == io::ErrorKind::Interrupted => continue,
            Err(err) => return Err(err),
            // Asked again so that the borrow returned is not the one the
            // loop holds; a buffer already filled is lent at once.
            Ok(_) => return input.fill_buf(),
        }
    }
}

impl<R: Read> Iterator for Reader<R> {
    type Item = io::Result<Record>;

    fn next(&mut self) -> Option<Self::Item> {
        match self.next_record() {
            Ok(record) => record.map(Ok),
            Err(err) => {
                self.phase = Phase::Done;
                self.carry = None;
                Some(Err(err))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record;

    fn lines_before(text: &str, offset: usize) -> usize {
        text[..offset].matches('\n').count()
    }

    fn records_within(text: &str, limits: Limits) -> Vec<Record> {
        Reader::with_limits(text.as_bytes(), limits)
            .collect::<io::Result<Vec<_>>>()
            .unwrap_or_default()
    }

    fn records(text: &str) -> Vec<Record> {
        Reader::new(text.as_bytes())
            .collect::<io::Result<Vec<_>>>()
            .unwrap_or_default()
    }

    /// The reader cuts a text where `record::split` cuts it.
    fn agrees(text: &str) {
        let whole = record::split(text);
        let read = records(text);
        assert_eq!(whole.len(), read.len(), "{text:?}");
        for (w, r) in whole.iter().zip(&read) {
            let local = record::split(&r.text);
            assert_eq!(local.len(), 1, "{text:?}");
            if let (Some(framed), Ok(split)) = (r.framed(), &local[0]) {
                assert_eq!(format!("{framed:?}"), format!("{split:?}"), "{text:?}");
            }
            // A record that ends before its closing line is framed so in
            // its stream only: alone, its header is never closed.
            let mine = r.framed().ok_or(()).or_else(|()| local[0].clone());
            match (w, &mine) {
                (Ok(w), Ok(l)) => {
                    assert_eq!(w.header.text, l.header.text);
                    assert_eq!(w.movetext, l.movetext);
                    assert_eq!(w.movetext_offset, l.movetext_offset + r.offset);
                    assert_eq!(w.header.opening.offset, l.header.opening.offset + r.offset);
                }
                (Err(w), Err(l)) => {
                    assert_eq!(w.message, l.message);
                    assert_eq!(w.span.offset, l.span.offset + r.offset);
                }
                _ => panic!("{text:?}: {w:?} against {:?}", local[0]),
            }
            assert_eq!(r.line, lines_before(text, r.offset) + 1);
        }
    }

    #[test]
    fn cuts_where_split_cuts() {
        for text in [
            "",
            "\n\n",
            "game: simpei\n",
            "\n---\ngame: simpei\nc3\n",
            "---\r\ngame: simpei\r\n---\r\nc3 d4\r\n---\ngame: puluc\n---\n1:e\n",
            "---\ngame: simpei\n---\n{ c3\n---\ngame: simpei\n---\n",
            "\u{feff}--- \ngame: simpei\n---\t\nc3\n",
            "---x\ngame: simpei\n---\n",
            "---\ngame: simpei\n---",
            "\n \n---\ngame: simpei\n---\nc3\n---\ngame: simpei\n---\nc5\n---\ngame: x\n",
            "---\ngame: simpei\n---\nc3\n\u{feff}---\nd4\n",
            "\u{feff}\u{feff}---\ngame: simpei\n---\nc3\n",
            "\u{feff}\n  \n---\ngame: simpei\n---\nc3\n",
            "\u{feff}---\r\r\ngame: simpei\n--- \t\r\n1. c3\r\n---\r \nx\n---\n",
            "\n\n---\ngame: simpei\n---\n---\n---\n---\n",
            // Comments on `---` lines, and text after the dashes that is none.
            "\u{feff}--- # r1\r\ngame: simpei\r\n---\t# x\r\nc3\r\n--- #\ngame: simpei\n---\n",
            "---\ngame: simpei\n--- x\n---# y\n---\nc3\n--- \r x\n",
            // What stands before the first `---`.
            "Tournament games 2026\n---\ngame: simpei\n---\nc3\n---\ngame: simpei\n---\nc5\n",
            "--- # games\n---\ngame: simpei\n---\nc3\n",
            "# games\n\n---\ngame: simpei\n---\nc3\n",
            "; a\n{ b\n c }\n\n\u{feff}{ d } ; e\n---\ngame: simpei\n---\n",
            "; a\n{ open\n\n---\ngame: simpei\n---\n",
            "{ a\n b } x\n y\n---\ngame: simpei\n---\n",
            "{ a }\n{ b\n } { c\n---\ngame: simpei\n---\n",
            "} \n---\ngame: simpei\n---\n",
            "; only a preamble\n{ and a comment }\n",
            "; only a preamble\n{ and a comment\n over lines }\n",
            "\u{feff}title\n---\ngame: simpei\n---\n",
            "\u{feff}--- x\r\n---\ngame: simpei\n---\n",
            "\u{feff}; a\n---\ngame: simpei\n---\n",
            // A mark on the first `---` line after a preamble's.
            "\u{feff}\n\u{feff}---\n",
            "title\n\u{feff}--- # r\ngame: simpei\n---\n\u{feff}---\n",
            "{ a comment never closed\n\n",
            "title\n",
            "title\n---\ngame: simpei\n",
        ] {
            agrees(text);
        }
    }

    proptest::proptest! {
        /// Any soup of delimiters, comments, stray text and records is cut
        /// by the reader where `record::split` cuts it.
        #[test]
        fn cuts_where_split_cuts_any_lines(lines in proptest::collection::vec(proptest::sample::select(vec![
            "---", "--- # r", "---\t#", "--- ", "--- x", "---#", "\u{feff}---", "\u{feff}", "",
            " ", "title", "# t", "; c", "{", "{ a", "}", "a }", "{ a } b", "{ a } { b", "game: simpei",
            "c3", "é", "\r", "----", "-- -", "\u{feff}--- # r", "game: puluc", "event: x",
        ]), 0..12), crlf in proptest::bool::ANY) {
            let ending = if crlf { "\r\n" } else { "\n" };
            let text: String = lines.iter().map(|l| format!("{l}{ending}")).collect();
            agrees(&text);
        }
    }

    #[test]
    fn a_title_line_is_a_record_and_every_record_after_it_is_read() {
        let read = records(
            "Tournament games 2026\n\n---\ngame: simpei\n---\nc3\n---\ngame: simpei\n---\n",
        );
        assert_eq!(read.len(), 3);
        assert_eq!(read[0].text, "Tournament games 2026\n\n");
        assert!(read[0].framed().is_none());
        assert_eq!((read[1].index, read[1].line, read[1].offset), (1, 3, 23));
        assert!(read[1].framed().is_some() && read[2].framed().is_some());
        // The preamble is no record and stands in none.
        let read = records("; games\n{ of\n 2026 }\n---\ngame: simpei\n---\nc3\n");
        assert_eq!(read.len(), 1);
        assert_eq!(
            (read[0].line, read[0].text.lines().next()),
            (4, Some("---"))
        );
    }

    #[test]
    fn a_long_comment_on_a_delimiter_still_delimits() {
        let comment = "x".repeat(10_000);
        let text = format!(
            "---\ngame: simpei\n---\n{}\n--- # {comment}\ngame: simpei\n---\nc3\n",
            "c3 ".repeat(100)
        );
        let limits = Limits {
            record_bytes: 64,
            ..Limits::default()
        };
        let read = records_within(&text, limits);
        assert_eq!(read.len(), 2);
        assert_eq!(read[0].fault, Some(RecordFault::TooLong { limit: 64 }));
        assert_eq!(read[1].line, 5);
        // Past the limit itself: too long, but where it should be.
        assert_eq!(read[1].fault, Some(RecordFault::TooLong { limit: 64 }));
    }

    #[test]
    fn a_preamble_comment_past_the_limit_is_a_record_too_long() {
        let text = format!("{{ {} }}\n---\ngame: simpei\n---\nc3\n", "x".repeat(300));
        let limits = Limits {
            record_bytes: 100,
            ..Limits::default()
        };
        let read = records_within(&text, limits);
        assert_eq!(read.len(), 2);
        assert_eq!(read[0].fault, Some(RecordFault::TooLong { limit: 100 }));
        assert_eq!((read[1].fault, read[1].line), (None, 2));
        // Its neighbour within the limit is a preamble.
        let text = format!(
            "{{ {} }}\n{{\n{}\n{}\n}}\n---\ngame: simpei\n---\nc3\n",
            "x".repeat(50),
            "y\n".repeat(500),
            "z".repeat(99)
        );
        let read = records_within(&text, limits);
        assert_eq!(read.len(), 1);
        assert_eq!(read[0].fault, None);
    }

    #[test]
    fn a_record_past_the_limit_is_cut_and_the_next_one_read() {
        let long = format!("---\ngame: simpei\n---\n{}\n", "c3 ".repeat(100));
        let text = format!("{long}{long}---\ngame: simpei\n---\nc5\n");
        let limits = Limits {
            record_bytes: 64,
            ..Limits::default()
        };
        let read = records_within(&text, limits);
        assert_eq!(read.len(), 3);
        assert_eq!(read[0].fault, Some(RecordFault::TooLong { limit: 64 }));
        assert!(read[0].text.len() <= 64);
        assert_eq!(read[1].offset, long.len());
        assert_eq!(read[2].fault, None);
        assert_eq!(read[2].line, 9);
    }

    #[test]
    fn blank_lines_before_a_record_count_toward_no_limit() {
        let text = format!("{}---\ngame: simpei\n---\nc3\n", " \n".repeat(2000));
        let limits = Limits {
            record_bytes: 100,
            ..Limits::default()
        };
        let read = records_within(&text, limits);
        assert_eq!(read.len(), 1);
        assert_eq!(read[0].fault, None);
        assert_eq!((read[0].offset, read[0].line), (4000, 2001));
    }

    #[test]
    fn a_line_that_never_ends_is_not_kept() {
        let text = format!("---\ngame: simpei\n---\n{}", "c".repeat(1 << 20));
        let limits = Limits {
            record_bytes: 1000,
            ..Limits::default()
        };
        let read = records_within(&text, limits);
        assert_eq!(read.len(), 1);
        assert!(read[0].text.len() <= 1000);
        assert!(read[0].fault.is_some());
    }

    #[test]
    fn bad_utf8_is_a_fault_of_its_record_only() {
        let text = b"---\ngame: simpei\n---\nc3 \xff\n---\ngame: simpei\n---\nc3\n";
        let read: Vec<Record> = Reader::new(&text[..])
            .collect::<io::Result<_>>()
            .unwrap_or_default();
        assert_eq!(read[0].fault, Some(RecordFault::NotUtf8 { at: 24 }));
        assert_eq!(read[1].fault, None);
    }
}
