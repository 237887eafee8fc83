//! Byte offsets and LSP positions: lines counted from 0, characters in
//! UTF-16 code units, as the protocol counts them by default.

use lsp_types::Position;

/// Where each line of a text starts, to turn offsets into positions and
/// back without reading the text before the line.
#[derive(Clone, Debug, Default)]
pub(super) struct Lines {
    starts: Vec<usize>,
}

impl Lines {
    pub(super) fn new(text: &str) -> Self {
        let mut starts = vec![0];
        starts.extend(memchr::memchr_iter(b'\n', text.as_bytes()).map(|at| at + 1));
        Lines { starts }
    }

    /// The line holding `offset` (0-based), past the end the last.
    pub(super) fn line_of(&self, offset: usize) -> usize {
        self.starts
            .partition_point(|&start| start <= offset)
            .saturating_sub(1)
    }

    /// The byte range of line `line`, its line ending left out.
    pub(super) fn line_range(&self, text: &str, line: usize) -> Option<std::ops::Range<usize>> {
        let start = *self.starts.get(line)?;
        let mut end = self
            .starts
            .get(line + 1)
            .map_or(text.len(), |next| next - 1);
        if end > start && text.as_bytes().get(end - 1) == Some(&b'\r') {
            end -= 1;
        }
        Some(start..end.max(start))
    }

    /// The position of byte `offset`, cut to the text and moved back to
    /// the start of the character it falls in.
    pub(super) fn position(&self, text: &str, offset: usize) -> Position {
        let mut offset = offset.min(text.len());
        while !text.is_char_boundary(offset) {
            offset -= 1;
        }
        let line = self.line_of(offset);
        let start = self.starts.get(line).copied().unwrap_or(0).min(offset);
        let character = text
            .get(start..offset)
            .map_or(0, |s| s.chars().map(char::len_utf16).sum::<usize>());
        Position::new(to_u32(line), to_u32(character))
    }

    /// The byte offset of a position: a character past its line's end is
    /// the end of the line (as the protocol asks), one inside a surrogate
    /// pair the start of its character; `None` for a line past the text.
    pub(super) fn offset(&self, text: &str, position: Position) -> Option<usize> {
        let range = self.line_range(text, usize::try_from(position.line).ok()?)?;
        let line = text.get(range.clone())?;
        let wanted = usize::try_from(position.character).ok()?;
        let mut units = 0;
        for (at, c) in line.char_indices() {
            units += c.len_utf16();
            if units > wanted {
                return Some(range.start + at);
            }
        }
        Some(range.end)
    }

    /// The range of bytes `start..end` as positions.
    pub(super) fn range(&self, text: &str, start: usize, end: usize) -> lsp_types::Range {
        lsp_types::Range::new(self.position(text, start), self.position(text, end))
    }
}

fn to_u32(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_count_utf16_units() {
        let text = "ab\r\n𝄞é x\nlast";
        let lines = Lines::new(text);
        let x = text.find('x').unwrap_or(0);
        assert_eq!(lines.position(text, x), Position::new(1, 4));
        assert_eq!(lines.offset(text, Position::new(1, 4)), Some(x));
        // Inside the surrogate pair: the character's start.
        assert_eq!(lines.offset(text, Position::new(1, 1)), Some(4));
        // Past the line's end: the end, before its line ending.
        assert_eq!(lines.offset(text, Position::new(0, 99)), Some(2));
        assert_eq!(lines.offset(text, Position::new(9, 0)), None);
        assert_eq!(lines.position(text, 999), Position::new(2, 4));
    }
}
