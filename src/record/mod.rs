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

/// The rule of a header `result` that the replay contradicts, the same in
/// every game.
pub const RESULT_MISMATCH: &str = "result-mismatch";

/// One record of a file, located but not yet understood.
#[derive(Clone, Copy, Debug)]
pub struct RawRecord<'a> {
    pub index: usize,
    pub header: HeaderText<'a>,
    pub movetext: &'a str,
    pub movetext_offset: usize,
    /// What the header and the movetext may hold.
    pub limits: Limits,
}

/// Why a file (or what is left of it) holds no readable record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FramingError {
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

struct Line<'a> {
    offset: usize,
    /// Where the next line starts.
    end: usize,
    text: &'a str,
}

impl Line<'_> {
    /// `---`, with trailing blanks allowed (and a byte-order mark before
    /// the file's first line).
    fn is_delimiter(&self) -> bool {
        if !self.text.starts_with(['-', '\u{feff}']) {
            return false;
        }
        let text = if self.offset == 0 {
            self.text.trim_start_matches('\u{feff}')
        } else {
            self.text
        };
        text.trim_end_matches([' ', '\t']) == "---"
    }

    fn span(&self) -> Span {
        Span::new(self.offset, self.text.trim_end().len())
    }

    fn is_blank(&self) -> bool {
        self.text.trim_start_matches('\u{feff}').trim().is_empty()
    }
}

fn lines(source: &str) -> impl Iterator<Item = Line<'_>> {
    source.split_inclusive('\n').scan(0, |offset, text| {
        let line = Line {
            offset: *offset,
            end: *offset + text.len(),
            text: text.trim_end_matches(['\n', '\r']),
        };
        *offset = line.end;
        Some(line)
    })
}

/// The first record of a text, or why it holds none.
pub fn first(source: &str) -> Result<RawRecord<'_>, FramingError> {
    split(source)
        .into_iter()
        .next()
        .unwrap_or_else(|| Err(FramingError::empty()))
}

/// Split a file into records. A framing error ends the split: what follows
/// an unclosed header cannot be told apart from the header itself.
pub fn split(source: &str) -> Vec<Result<RawRecord<'_>, FramingError>> {
    let mut lines = lines(source);
    let Some(first) = lines.by_ref().find(|l| !l.is_blank()) else {
        return vec![Err(FramingError::empty())];
    };
    if !first.is_delimiter() {
        return vec![Err(FramingError {
            message: "a record must start with a line `---`".into(),
            span: first.span(),
            help: "open the header with `---`, write `game: ...`, and close it with `---`".into(),
        })];
    }
    let mut delimiters = lines.filter(Line::is_delimiter);
    let mut records = Vec::new();
    let mut open = first;
    loop {
        let Some(close) = delimiters.next() else {
            records.push(Err(FramingError {
                message: "this header is never closed".into(),
                span: open.span(),
                help: "end the header with a line `---` before the moves".into(),
            }));
            return records;
        };
        let next = delimiters.next();
        let movetext_end = next.as_ref().map_or(source.len(), |l| l.offset);
        records.push(Ok(RawRecord {
            index: records.len(),
            header: HeaderText {
                text: &source[open.end..close.offset],
                offset: open.end,
                opening: open.span(),
            },
            movetext: &source[close.end..movetext_end],
            movetext_offset: close.end,
            limits: Limits::default(),
        }));
        match next {
            Some(line) => open = line,
            None => return records,
        }
    }
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
        assert_eq!(records[1].index, 1);
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
    fn empty_movetext_at_end_of_file() {
        let records = split("---\ngame: simpei\n---");
        let record = records[0].as_ref().unwrap();
        assert_eq!(record.movetext, "");
    }
}

impl Finding for movetext::SyntaxError {
    fn rule(&self) -> &str {
        "syntax"
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
        self.part.rule()
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
