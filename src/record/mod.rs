//! The record file: records split at `---` lines, each a YAML header and a
//! movetext. Game-agnostic: what the header keys and tokens mean is left to
//! the games.

pub mod header;
pub mod movetext;

use std::borrow::Cow;

use crate::finding::{finding, Finding};
use crate::limits::Limits;
use crate::span::Span;

pub use header::{HeaderError, HeaderText, Part, Switches};

/// One record of a file, located but not yet understood.
#[derive(Clone, Copy, Debug)]
pub(crate) struct RawRecord<'a> {
    pub header: HeaderText<'a>,
    pub movetext: &'a str,
    pub movetext_offset: usize,
    /// What the header and the movetext may hold.
    pub limits: Limits,
}

/// Why a file (or what is left of it) holds no readable record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct FramingError {
    pub message: String,
    pub span: Span,
    pub help: String,
}

impl FramingError {
    /// A text without a record: nothing but blank lines, or nothing.
    pub fn empty() -> Self {
        FramingError {
            message: "the file holds no record".into(),
            span: Span::new(0, 0),
            help: "a record starts with a line `---`, a YAML header with at least `game:`, and a closing `---`; `arbitre new GAME` prints one".into(),
        }
    }
}

/// What reads a `---` line, a byte at a time, so that the streaming reader
/// can tell one apart however long the line is and wherever its buffer cut
/// it: three dashes, then nothing but spaces or tabs, or a YAML comment
/// after at least one of them (`--- # round 2`, as YAML writes its own
/// marker); then the line's ending (any `\r` before the `\n`). Byte-order
/// marks may stand before the dashes, wherever the line stands: files
/// joined with `cat` leave the later file's mark at the start of its first
/// `---` line. `--- x` and `---# x` are no delimiters: YAML would not read
/// them as its marker either.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct DelimiterScan(Scan);

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Scan {
    /// Before the dashes: how much of a byte-order mark is read.
    Mark { bom: u8 },
    /// Dashes read so far, fewer than three.
    Dashes(u8),
    /// After `---`: blanks only, and whether there was one.
    Blanks { any: bool },
    /// A YAML comment, to the end of the line.
    Comment,
    /// `\r` after the blanks: only more of them may follow.
    Return,
    /// The line ended with `\n`.
    Ended,
    /// Not a delimiter.
    No,
}

const BOM: &[u8; 3] = b"\xef\xbb\xbf";

impl DelimiterScan {
    /// A scan of a line, from its first byte.
    pub(crate) fn new() -> Self {
        DelimiterScan(Scan::Mark { bom: 0 })
    }

    /// Read the next bytes of the line.
    pub(crate) fn feed(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            if self.0 == Scan::No {
                return;
            }
            self.0 = match (self.0, byte) {
                (Scan::Mark { bom }, _) if byte == BOM[usize::from(bom)] => {
                    Scan::Mark { bom: (bom + 1) % 3 }
                }
                (Scan::Mark { bom: 0, .. }, b'-') => Scan::Dashes(1),
                (Scan::Dashes(2), b'-') => Scan::Blanks { any: false },
                (Scan::Dashes(n), b'-') => Scan::Dashes(n + 1),
                (Scan::Blanks { .. }, b' ' | b'\t') => Scan::Blanks { any: true },
                (Scan::Blanks { any: true }, b'#') => Scan::Comment,
                (Scan::Blanks { .. } | Scan::Return, b'\r') => Scan::Return,
                (Scan::Blanks { .. } | Scan::Return | Scan::Comment, b'\n') => Scan::Ended,
                (Scan::Comment, _) => Scan::Comment,
                _ => Scan::No,
            };
        }
    }

    /// Whether the line read is a delimiter.
    pub(crate) fn is_delimiter(self) -> bool {
        matches!(
            self.0,
            Scan::Blanks { .. } | Scan::Comment | Scan::Return | Scan::Ended
        )
    }
}

/// Whether `line` (its ending included, or not) is a `---` line.
pub(crate) fn is_delimiter(line: &[u8]) -> bool {
    let mut scan = DelimiterScan::new();
    scan.feed(line);
    scan.is_delimiter()
}

/// Where a `---` line's marker ends: after its byte-order marks and its
/// dashes. Errors about a header as a whole point at the marker, not at the
/// comment after it.
pub(crate) fn marker_len(line: &[u8]) -> usize {
    let mut len = 0;
    while line[len..].starts_with(BOM) {
        len += BOM.len();
    }
    (len + 3).min(line.len())
}

/// What stands before a file's first `---` line: blank lines and comments
/// (`; ...` to the end of a line, `{ ... }` over lines, as in the movetext)
/// are a preamble, read line by line; any other text is not.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Preamble {
    /// A `{` comment is open.
    pub(crate) in_comment: bool,
}

/// One line of what stands before a record, as the preamble reads it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct PreambleLine {
    /// Nothing but white space and comments.
    pub(crate) quiet: bool,
    /// The line opens a `{` comment that it leaves open.
    pub(crate) opens_comment: bool,
}

impl Preamble {
    /// Read a line, its ending included or not. Byte-order marks at its
    /// start are white space there.
    pub(crate) fn line(&mut self, text: &str) -> PreambleLine {
        let mut rest = text.trim_start_matches('\u{feff}');
        let mut opens_comment = false;
        loop {
            if self.in_comment {
                match rest.find('}') {
                    Some(close) => {
                        rest = &rest[close + 1..];
                        self.in_comment = false;
                    }
                    None => {
                        return PreambleLine {
                            quiet: true,
                            opens_comment,
                        }
                    }
                }
            }
            rest = rest.trim_start();
            match rest.chars().next() {
                None | Some(';') => {
                    return PreambleLine {
                        quiet: true,
                        opens_comment: false,
                    }
                }
                Some('{') => {
                    rest = &rest[1..];
                    self.in_comment = true;
                    opens_comment = true;
                }
                Some(_) => {
                    return PreambleLine {
                        quiet: false,
                        opens_comment: false,
                    }
                }
            }
        }
    }
}

struct Line<'a> {
    offset: usize,
    /// Where the next line starts.
    end: usize,
    /// The line, its ending included.
    raw: &'a str,
}

impl Line<'_> {
    /// A `---` line.
    fn is_delimiter(&self) -> bool {
        is_delimiter(self.raw.as_bytes())
    }

    /// The whole line, for a record pointed at as a whole.
    fn span(&self) -> Span {
        Span::new(self.offset, self.raw.trim_end().len())
    }

    /// The `---` marker of a delimiter line.
    fn marker(&self) -> Span {
        Span::new(self.offset, marker_len(self.raw.as_bytes()))
    }
}

fn lines(source: &str) -> impl Iterator<Item = Line<'_>> {
    source.split_inclusive('\n').scan(0, |offset, raw| {
        let line = Line {
            offset: *offset,
            end: *offset + raw.len(),
            raw,
        };
        *offset = line.end;
        Some(line)
    })
}

/// The first record of a text, or why it holds none.
pub(crate) fn first(source: &str) -> Result<RawRecord<'_>, FramingError> {
    split(source)
        .into_iter()
        .next()
        .unwrap_or_else(|| Err(FramingError::empty()))
}

/// The error of text before the first `---` line that is not a preamble,
/// pointed at its first line.
fn stray(line: &Line<'_>) -> FramingError {
    let hash = line
        .raw
        .trim_start_matches('\u{feff}')
        .trim_start()
        .starts_with('#');
    let help = if hash {
        "`#` comments belong inside the header; before the first `---`, write `; ...` or `{ ... }`"
    } else {
        "before the first `---`, only blank lines and comments (`; ...`, `{ ... }`) may stand; open the header with `---`, write `game: ...`, and close it with `---`"
    };
    FramingError {
        message: "a record must start with a line `---`".into(),
        span: line.span(),
        help: help.into(),
    }
}

/// Split a file into records. Every `---` line starts a record or closes
/// its header, so no record is lost to what stands before it: text before
/// the first `---` that is not a preamble (blank lines and comments) is one
/// record of its own, malformed, and the records after it are split as
/// usual. Only an unclosed header at the end of the file is a framing error
/// that ends the split.
pub(crate) fn split(source: &str) -> Vec<Result<RawRecord<'_>, FramingError>> {
    let mut lines = lines(source);
    let mut records = Vec::new();
    let mut preamble = Preamble::default();
    // Where the comment left open starts, and where the stray text does.
    let mut comment: Option<Line<'_>> = None;
    let mut stray_start: Option<Line<'_>> = None;
    let first = loop {
        let Some(line) = lines.next() else {
            break None;
        };
        if line.is_delimiter() {
            break Some(line);
        }
        if stray_start.is_some() {
            continue;
        }
        let was_in_comment = preamble.in_comment;
        let read = preamble.line(line.raw);
        if !read.quiet {
            stray_start = Some(match comment.take() {
                Some(open) if was_in_comment => open,
                _ => line,
            });
        } else if read.opens_comment {
            comment = Some(line);
        }
    };
    // A comment never closed is not a comment (as in the movetext).
    if let Some(line) = stray_start.or(comment.filter(|_| preamble.in_comment)) {
        records.push(Err(stray(&line)));
    }
    let Some(first) = first else {
        if records.is_empty() {
            records.push(Err(FramingError::empty()));
        }
        return records;
    };
    let mut delimiters = lines.filter(Line::is_delimiter);
    let limits = Limits::default();
    let mut open = first;
    let mut close = delimiters.next();
    loop {
        let Some(closing) = close else {
            records.push(Err(FramingError {
                message: "this header is never closed".into(),
                span: open.marker(),
                help: "end the header with a line `---` before the moves".into(),
            }));
            return records;
        };
        let next = delimiters.next();
        let header = HeaderText {
            text: &source[open.end..closing.offset],
            offset: open.end,
            opening: open.marker(),
        };
        // A broken header followed by one that is not: the record ends
        // before its closing line, which opens the next one.
        let movetext_end = next.as_ref().map_or(source.len(), |l| l.offset);
        if next.is_some() && resumes(&header, &source[closing.end..movetext_end], &limits) {
            records.push(Ok(RawRecord {
                header,
                movetext: "",
                movetext_offset: closing.offset,
                limits,
            }));
            (open, close) = (closing, next);
            continue;
        }
        records.push(Ok(RawRecord {
            header,
            movetext: &source[closing.end..movetext_end],
            movetext_offset: closing.end,
            limits,
        }));
        match next {
            Some(line) => {
                open = line;
                close = delimiters.next();
            }
            None => return records,
        }
    }
}

/// Whether a record whose header is `header` ends before the `---` line
/// that would close it, which then opens the next record: a broken
/// delimiter costs one record, never the records after it. So it is when
/// the header is not a YAML mapping holding `game` (its closing line was
/// mistyped, `----`, and it ran on into the next record) and `next`, the
/// text from that line to the following `---` line, is one.
///
/// A record's text seldom holds `game` (or a `\`, which a quoted key may
/// escape it with): the text is looked for it first, and the header is
/// parsed only for the few that do, so that the lookahead costs only when
/// a header is broken. A text past the header limits is never a header.
pub(crate) fn resumes(header: &HeaderText<'_>, next: &str, limits: &Limits) -> bool {
    if !may_be_header(next.as_bytes(), limits) {
        return false;
    }
    let next = HeaderText {
        text: next,
        offset: 0,
        opening: Span::new(0, 0),
    };
    !header.holds_game(limits) && next.holds_game(limits)
}

/// Whether `text` may be a header holding `game`, read from its bytes
/// alone: within the header size, holding the word or a `\`.
pub(crate) fn may_be_header(text: &[u8], limits: &Limits) -> bool {
    /// Built once: a searcher costs more to set up than most movetexts
    /// take to scan.
    static GAME: std::sync::LazyLock<memchr::memmem::Finder<'static>> =
        std::sync::LazyLock::new(|| memchr::memmem::Finder::new(b"game"));
    // An `m` or a `\\` first, in one pass: most movetexts have neither
    // (Simpei's and Puluc's columns stop before `m`), and a text without
    // them holds neither the word nor an escape.
    text.len() <= limits.header_bytes
        && memchr::memchr2(b'm', b'\\', text).is_some()
        && (GAME.find(text).is_some() || memchr::memchr(b'\\', text).is_some())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_several_records_with_crlf() {
        let text = "---\r\ngame: simpei\r\n---\r\nc3 d4\r\n---\ngame: puluc\n---\n1:e\n";
        let records: Vec<_> = split(text).into_iter().map(Result::unwrap).collect();
        assert_eq!(records.len(), 2);
        assert_eq!(records[0].header.text, "game: simpei\r\n");
        assert_eq!(records[0].movetext, "c3 d4\r\n");
        assert_eq!(records[1].movetext, "1:e\n");
        assert_eq!(&text[records[1].movetext_offset..][..3], "1:e");
    }

    #[test]
    fn a_delimiter_inside_a_comment_still_starts_a_record() {
        let text = "---\ngame: simpei\n---\n{ c3\n---\ngame: simpei\n---\n";
        assert_eq!(split(text).len(), 2);
    }

    #[test]
    fn framing_errors() {
        assert!(split("").pop().unwrap().is_err());
        assert!(split("  \n\n").pop().unwrap().is_err());
        assert!(split("game: simpei\n").pop().unwrap().is_err());
        let err = split("\n---\ngame: simpei\nc3\n")
            .pop()
            .unwrap()
            .unwrap_err();
        assert_eq!(err.span, Span::new(1, 3));
    }

    #[test]
    fn a_byte_order_mark_and_trailing_blanks() {
        let records = split("\u{feff}--- \ngame: simpei\n---\t\nc3\n");
        assert!(records[0].is_ok());
        assert!(split("---x\ngame: simpei\n---\n")[0].is_err());
    }

    #[test]
    fn delimiter_lines() {
        for line in [
            "---",
            "---\n",
            "--- \t\r\n",
            "---\r\r\n",
            "--- # round 2\n",
            "---\t# x\r\n",
            "--- #",
            "---  # a # b {\n",
            "---\t#\n",
        ] {
            assert!(is_delimiter(line.as_bytes()), "{line:?}");
        }
        for line in [
            "---x",
            "--- x",
            "---# x",
            "----",
            "--",
            "-- -",
            " ---",
            "--- \r x",
            "---\r \n",
            "--- \u{a0}# x",
            "",
            "\n",
        ] {
            assert!(!is_delimiter(line.as_bytes()), "{line:?}");
        }
        // Byte-order marks before the dashes, wherever the line stands.
        for line in [
            "\u{feff}---",
            "\u{feff}\u{feff}--- # x\r\n",
            "\u{feff}---\r\n",
        ] {
            assert!(is_delimiter(line.as_bytes()), "{line:?}");
        }
        assert!(!is_delimiter("\u{feff}x---".as_bytes()));
        assert!(!is_delimiter("\u{feff} ---".as_bytes()));
        assert!(!is_delimiter(&"\u{feff}---".as_bytes()[1..]));
    }

    #[test]
    fn a_delimiter_fed_in_pieces_reads_as_a_whole() {
        let line = "\u{feff}--- # a comment longer than one piece\r\n".as_bytes();
        for cut in 0..line.len() {
            let mut scan = DelimiterScan::new();
            scan.feed(&line[..cut]);
            scan.feed(&line[cut..]);
            assert!(scan.is_delimiter(), "cut at {cut}");
        }
    }

    #[test]
    fn a_comment_on_a_delimiter_stays_out_of_the_header() {
        let text = "\u{feff}--- # round 1\r\ngame: simpei\r\n---\t# closes\r\nc3\r\n--- #\ngame: puluc\n---\n";
        let records: Vec<_> = split(text).into_iter().map(Result::unwrap).collect();
        assert_eq!(records.len(), 2);
        assert_eq!(records[0].header.text, "game: simpei\r\n");
        assert_eq!(records[0].header.opening, Span::new(0, 6));
        assert_eq!(records[0].movetext, "c3\r\n");
        assert_eq!(records[1].header.text, "game: puluc\n");
        assert_eq!(records[1].header.opening.len, 3);
        // Not delimiters: text after the dashes that is not a comment.
        let text = "---\ngame: simpei\n--- x\n---# y\n---\nc3\n";
        let records = split(text);
        assert_eq!(records.len(), 1);
        assert_eq!(
            records[0].as_ref().unwrap().header.text,
            "game: simpei\n--- x\n---# y\n"
        );
    }

    /// The records framed after a stray preamble, and the stray one's span.
    fn after_stray(text: &str) -> (Span, usize) {
        let records = split(text);
        let stray = records[0].as_ref().unwrap_err();
        assert_eq!(stray.message, "a record must start with a line `---`");
        assert!(records[1..].iter().all(Result::is_ok), "{text:?}");
        (stray.span, records.len() - 1)
    }

    #[test]
    fn a_title_line_is_a_record_and_the_records_after_it_are_framed() {
        let records = "---\ngame: simpei\n---\nc3\n---\ngame: simpei\n---\nc5\n";
        let title = format!("Tournament games 2026\n\n{records}");
        assert_eq!(after_stray(&title), (Span::new(0, 21), 2));
        let commented = format!("; a comment\n{{ over\nlines }}\nround 1 {{ x }}\n{records}");
        assert_eq!(after_stray(&commented), (Span::new(27, 13), 2));
        let hash = format!("# games\n{records}");
        assert_eq!(after_stray(&hash), (Span::new(0, 7), 2));
        assert!(split(&hash)[0].as_ref().unwrap_err().help.contains("`#`"));
        // Its legal neighbour: a preamble of comments and blanks.
        let preamble = format!(
            "\u{feff} \n; Tournament games 2026\n{{ round 1,\n  Oslo }} ; more\n\t\n{records}"
        );
        assert!(split(&preamble).iter().all(Result::is_ok));
        assert_eq!(split(&preamble).len(), 2);
    }

    #[test]
    fn a_comment_left_open_before_the_first_delimiter_is_stray() {
        let records = "---\ngame: simpei\n---\nc3\n";
        assert_eq!(
            after_stray(&format!("; a\n{{ open\n{records}")),
            (Span::new(4, 6), 1)
        );
        // Where the stray text is inside a comment's lines, the record
        // starts where that comment does.
        assert_eq!(
            after_stray(&format!("{{ a\n b }} x\n{records}")),
            (Span::new(0, 3), 1)
        );
        assert_eq!(
            after_stray(&format!("{{ a }} {{ b\n{records}")),
            (Span::new(0, 9), 1)
        );
        assert_eq!(after_stray(&format!("}}\n{records}")), (Span::new(0, 1), 1));
        // Open at the end of the file, with no record.
        let records = split("; a\n{ never closed\n");
        assert_eq!(records.len(), 1);
        assert_eq!(records[0].as_ref().unwrap_err().span, Span::new(4, 14));
        // A preamble and nothing else holds no record.
        let records = split("; a\n{ b }\n");
        assert_eq!(records.len(), 1);
        assert_eq!(records[0].as_ref().unwrap_err(), &FramingError::empty());
    }

    #[test]
    fn empty_movetext_at_end_of_file() {
        let records = split("---\ngame: simpei\n---");
        let record = records[0].as_ref().unwrap();
        assert_eq!(record.movetext, "");
    }
}

impl Finding for movetext::SyntaxError {
    fn rule(&self) -> &str {
        crate::rules::SYNTAX.id
    }
    fn message(&self) -> Cow<'_, str> {
        Cow::Borrowed(&self.message)
    }
    /// An offset in the record's own text.
    fn place(&self) -> Option<(usize, usize)> {
        Some((self.span.offset, self.span.len))
    }
    fn label(&self) -> Option<String> {
        None
    }
    fn help(&self) -> Option<String> {
        self.help.clone()
    }
}

impl Finding for HeaderError {
    fn rule(&self) -> &str {
        self.part.rule().id
    }
    fn message(&self) -> Cow<'_, str> {
        Cow::Borrowed(&self.message)
    }
    /// An offset in the record's own text.
    fn place(&self) -> Option<(usize, usize)> {
        Some((self.span.offset, self.span.len))
    }
    fn label(&self) -> Option<String> {
        None
    }
    fn help(&self) -> Option<String> {
        self.help.clone()
    }
}

finding!(movetext::SyntaxError, HeaderError);
