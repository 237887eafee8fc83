//! Byte spans in a whole file, and their translation to lines and columns.

use serde::Serialize;

/// A byte range of the file being checked. Every diagnostic points with one,
/// so spans are always relative to the whole file, never to a record.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Span {
    /// The first byte.
    pub offset: usize,
    /// Bytes covered.
    pub len: usize,
}

impl Span {
    /// `len` bytes from `offset`.
    pub const fn new(offset: usize, len: usize) -> Self {
        Span { offset, len }
    }

    /// The byte after the last.
    pub fn end(self) -> usize {
        self.offset + self.len
    }

    /// The smallest span covering both.
    pub fn to(self, other: Span) -> Span {
        let start = self.offset.min(other.offset);
        Span::new(start, self.end().max(other.end()) - start)
    }
}

impl From<Span> for miette::SourceSpan {
    fn from(span: Span) -> Self {
        (span.offset, span.len).into()
    }
}

/// A value as written, with where it was written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Spanned<T> {
    /// The value.
    pub value: T,
    /// Where it was written.
    pub span: Span,
}

impl<T> Spanned<T> {
    /// `value`, written at `span`.
    pub fn new(value: T, span: Span) -> Self {
        Spanned { value, span }
    }
}

/// Lines and columns of offsets in one text, found by counting newlines
/// from the offset located before: offsets met in text order (a record's
/// warnings, then its diagnostic) cost one scan of the text in all, and
/// nothing is kept per line, so a record of a million short lines costs no
/// more memory than one of a single line.
#[derive(Clone, Debug)]
pub struct LineCursor {
    /// The offset located last, its 1-based line, and where that line starts.
    at: usize,
    line: usize,
    start: usize,
}

impl Default for LineCursor {
    fn default() -> Self {
        LineCursor {
            at: 0,
            line: 1,
            start: 0,
        }
    }
}

impl LineCursor {
    /// 1-based line and column (in characters) of a byte offset; an offset
    /// before the last one located is counted again from the start.
    pub fn locate(&mut self, text: &str, offset: usize) -> (usize, usize) {
        let offset = floor_char_boundary(text, offset.min(text.len()));
        if offset < self.at {
            *self = LineCursor::default();
        }
        let between = &text.as_bytes()[self.at..offset];
        self.line += memchr::memchr_iter(b'\n', between).count();
        if let Some(last) = memchr::memrchr(b'\n', between) {
            self.start = self.at + last + 1;
        }
        self.at = offset;
        (self.line, text[self.start..offset].chars().count() + 1)
    }
}

fn floor_char_boundary(s: &str, mut i: usize) -> usize {
    while i > 0 && !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_and_columns_are_one_based() {
        let text = "ab\ncdé\r\nf";
        let mut cursor = LineCursor::default();
        let mut line_column = |text, offset| cursor.locate(text, offset);
        assert_eq!(line_column(text, 0), (1, 1));
        assert_eq!(line_column(text, 3), (2, 1));
        assert_eq!(line_column(text, 7), (2, 4));
        assert_eq!(line_column(text, 9), (3, 1));
        assert_eq!(line_column(text, 999), (3, 2));
        // Back again: counted from the start.
        assert_eq!(line_column(text, 7), (2, 4));
        assert_eq!(line_column(text, 2), (1, 3));
        assert_eq!(line_column(text, 9), (3, 1));
    }
}
