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

    /// The same start, `len` bytes long.
    pub fn resized(self, len: usize) -> Span {
        Span::new(self.offset, len)
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

/// Where each line of a text starts, so that a file with thousands of
/// diagnostics does not rescan itself for each one.
#[derive(Clone, Debug, Default)]
pub struct LineIndex {
    starts: Vec<usize>,
}

impl LineIndex {
    pub fn new(text: &str) -> Self {
        let starts = std::iter::once(0)
            .chain(text.match_indices('\n').map(|(i, _)| i + 1))
            .collect();
        LineIndex { starts }
    }

    /// 1-based line and column (in characters) of a byte offset.
    pub fn locate(&self, text: &str, offset: usize) -> (usize, usize) {
        let offset = floor_char_boundary(text, offset.min(text.len()));
        let line = self.starts.partition_point(|&start| start <= offset).max(1);
        let start = self.starts.get(line - 1).copied().unwrap_or(0).min(offset);
        (line, text[start..offset].chars().count() + 1)
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
        let index = LineIndex::new(text);
        let line_column = |text, offset| index.locate(text, offset);
        assert_eq!(line_column(text, 0), (1, 1));
        assert_eq!(line_column(text, 3), (2, 1));
        assert_eq!(line_column(text, 7), (2, 4));
        assert_eq!(line_column(text, 9), (3, 1));
        assert_eq!(line_column(text, 999), (3, 2));
    }
}
