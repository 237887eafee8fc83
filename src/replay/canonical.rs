//! A legal record's movetext written again in canonical form, for any
//! game: what `arbitre fmt` writes (`crate::format`), reached through the
//! game's engine.

use crate::game::{set_up, tokens_of, Malformed};
use crate::game::{CanonicalTurn, RecordFormat};
use crate::record::movetext::{Comment, Comments, Glyph, SyntaxError, Token};
use crate::record::{RawRecord, Switches};
use crate::rules;
use crate::span::Span;
use crate::text::{grouped, quote};

/// A legal record's movetext in canonical form. The turns are read and
/// played one at a time, as the replay does, each written as the legal
/// turn it denotes; the comments are read by a second scan of the same
/// text and each is written after the turn it follows.
pub(crate) fn canonical_movetext<G: RecordFormat>(
    record: &RawRecord<'_>,
    switches: &Switches,
) -> Result<String, Malformed> {
    let (_, start) = set_up::<G>(record, switches)?;
    let mut comments = Comments::of(record.movetext, record.movetext_offset);
    // The tokens again, for the glyphs that end them.
    let mut written_tokens = tokens_of(record).peekable();
    let mut pending = comments.next();
    let mut layout = Layout::new(line_ending(record));
    let mut position = start;
    let mut index = 0;
    let mut refused: Option<Malformed> = None;
    let token_bytes = record.limits.token_bytes;
    G::parse_each(tokens_of(record), |turn| {
        if refused.is_some() {
            return;
        }
        let span = G::turn_span(&turn);
        while let Some(comment) = pending.filter(|c| c.offset < span.offset) {
            layout.comment(&comment);
            pending = comments.next();
        }
        let glyphs = glyphs_in(&mut written_tokens, span);
        let written = G::resolve(&position, &turn, index)
            .map(|play| G::canonical(&position, &play, index))
            .map(|written| with_glyphs(written, &glyphs))
            .and_then(|written| G::play(&mut position, &turn, index).map(|_| written));
        match written {
            Ok(written) => {
                let text = layout.turn(&written);
                if let Some(long) = text
                    .split_ascii_whitespace()
                    .find(|token| token.len() > token_bytes)
                {
                    refused = Some(token_past_limit(long, span, token_bytes));
                }
            }
            Err(v) => {
                refused = Some(Malformed {
                    rule: v.rule,
                    message: v.message,
                    span: v.span,
                    help: None,
                })
            }
        }
        index += 1;
    })?;
    if let Some(refused) = refused {
        return Err(refused);
    }
    while let Some(comment) = pending {
        layout.comment(&comment);
        pending = comments.next();
    }
    if layout.out.is_empty() {
        // Blank: nothing to lay out, and the blank lines are kept.
        return Ok(record.movetext.to_string());
    }
    Ok(layout.finish(comments.trailing_line_ends()))
}

/// The glyphs of the tokens that start within the turn at `span`, each
/// with how many of the turn's tokens follow it: a turn's last tokens are
/// its actions, written and canonical alike, so a glyph counted from the
/// end lands on its action however the turn's number is written. The
/// tokens before the turn (a move number on its own) are passed over.
fn glyphs_in<'a>(
    tokens: &mut std::iter::Peekable<impl Iterator<Item = Result<Token<'a>, SyntaxError>>>,
    span: Span,
) -> Vec<(usize, Glyph)> {
    let end = span.offset + span.len;
    // Nearly no turn has a glyph: nothing is held for one that has none.
    let mut count = 0;
    let mut found: Vec<(usize, Glyph)> = Vec::new();
    while let Some(Ok(token)) = tokens.peek() {
        if token.span.offset >= end {
            break;
        }
        if token.span.offset >= span.offset {
            if let Some(glyph) = Glyph::ending(token.text) {
                found.push((count, glyph));
            }
            count += 1;
        }
        tokens.next();
    }
    for (at, _) in &mut found {
        *at = count - 1 - *at;
    }
    found
}

/// The canonical turn with each glyph after the token as far from its end
/// as the written one stood.
fn with_glyphs(mut turn: CanonicalTurn, glyphs: &[(usize, Glyph)]) -> CanonicalTurn {
    if glyphs.is_empty() {
        return turn;
    }
    let mark = |text: &str| -> String {
        let mut tokens: Vec<String> = text.split(' ').map(str::to_string).collect();
        for &(from_end, glyph) in glyphs {
            let at = tokens.len().saturating_sub(1 + from_end);
            if let Some(token) = tokens.get_mut(at) {
                token.push_str(glyph.as_str());
            }
        }
        tokens.join(" ")
    };
    turn.numbered = mark(&turn.numbered);
    turn.continued = mark(&turn.continued);
    turn
}

/// Why a turn cannot be written in canonical form: it would be the token
/// `long`, which the tokens' limit refuses (a Superpion capture written
/// in full, a move number a turn did not have): the turn at `span`, as it
/// stands, is kept.
fn token_past_limit(long: &str, span: Span, limit: usize) -> Malformed {
    Malformed {
        rule: &rules::SYNTAX,
        message: format!(
            "in canonical form this turn is the token `{}`, {} bytes, more than the limit of {} \
             (--max-token-bytes)",
            quote(long),
            grouped(long.len()),
            grouped(limit)
        ),
        span,
        help: Some("raise the limit with --max-token-bytes to format it".into()),
    }
}

/// The line ending the record's movetext is written with: the one the
/// header's first line ends with (the movetext's, for a header of one
/// line).
fn line_ending(record: &RawRecord<'_>) -> &'static str {
    // Read from the header, which fmt writes back as it is: a line end
    // taken from the movetext could be one inside a comment, and change
    // when the comment moves, so that formatting twice would differ.
    let first_end = |text: &str| text.find('\n').map(|at| text[..at].ends_with('\r'));
    let crlf = first_end(record.header.text)
        .or_else(|| first_end(record.movetext))
        .unwrap_or(false);
    if crlf {
        "\r\n"
    } else {
        "\n"
    }
}

/// The movetext being written: turns and comments, line by line.
struct Layout {
    out: String,
    ending: &'static str,
    /// Something stands on the line being written.
    open: bool,
    /// The line the turns written last on it belong on (`None` after a
    /// comment ended the line, or before any turn).
    line: Option<u64>,
}

impl Layout {
    fn new(ending: &'static str) -> Self {
        Layout {
            out: String::new(),
            ending,
            open: false,
            line: None,
        }
    }

    fn end_line(&mut self) {
        if self.open {
            self.out.push_str(self.ending);
        }
        self.open = false;
        self.line = None;
    }

    /// A turn: on the line of the turns it shares a line with, or at the
    /// start of a new one, numbered. What is written of it.
    fn turn<'t>(&mut self, turn: &'t CanonicalTurn) -> &'t str {
        let text = if self.open && self.line == Some(turn.line) {
            self.out.push(' ');
            &turn.continued
        } else {
            self.end_line();
            &turn.numbered
        };
        self.out.push_str(text);
        self.open = true;
        self.line = Some(turn.line);
        text
    }

    /// A comment: at the start of a line if it stood first on its line,
    /// after what stands on the line otherwise. A `;` comment ends its
    /// line; after a comment that starts one, the next turn starts a line
    /// of its own.
    fn comment(&mut self, comment: &Comment<'_>) {
        if comment.own_line {
            self.end_line();
        } else if self.open {
            self.out.push(' ');
        }
        self.out.push_str(comment.text);
        self.open = true;
        if comment.ends_line {
            self.end_line();
        }
    }

    /// The text, its last line ended, and the blank lines that stood after
    /// it (before the next record, say) kept.
    fn finish(mut self, line_ends: usize) -> String {
        self.end_line();
        for _ in 1..line_ends {
            self.out.push_str(self.ending);
        }
        self.out
    }
}
