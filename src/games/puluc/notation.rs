//! Puluc notation: `3:e` enter, `3:4` advance, `3:-` pass, an optional
//! destination `3:4-7` / `4:e-4`, and `1.` / `1...` move numbers. Knows
//! notation, not legality: `3:99` parses, and the rules say there is no
//! such square. Only a throw outside 1-5 is malformed here.

use crate::record::movetext::{SyntaxError, Token};
use crate::span::{Span, Spanned};

use super::rules::THROWS;

/// A move number: `3.` (A's) or `3...` (B's).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Number {
    pub value: u32,
    pub ellipsis: bool,
}

/// The source as written: `e` or a square number.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    Enter,
    Square(u32),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Written {
    Pass,
    Move {
        source: Spanned<Source>,
        to: Option<Spanned<u32>>,
    },
}

/// One turn as written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Turn {
    pub number: Option<Spanned<Number>>,
    pub throw: Spanned<u32>,
    pub written: Written,
    /// The throw and what moved, without the move number.
    pub span: Span,
}

impl Turn {
    /// The whole turn, move number included.
    pub fn whole(&self) -> Span {
        self.number.map_or(self.span, |n| n.span.to(self.span))
    }
}

/// A cursor over one token's bytes. Puluc tokens are a few bytes long and
/// their grammar is tiny; scanning bytes directly (rather than through nom
/// combinators) keeps parsing from dominating validation time.
struct Scan<'a> {
    bytes: &'a [u8],
    at: usize,
    /// The token's offset in the file.
    base: usize,
}

impl Scan<'_> {
    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.at).copied()
    }

    fn eat(&mut self, byte: u8) -> bool {
        let found = self.peek() == Some(byte);
        self.at += usize::from(found);
        found
    }

    fn span(&self, from: usize) -> Span {
        Span::new(self.base + from, self.at - from)
    }

    /// `digit, { digit }`, its value saturating at `u32::MAX`.
    fn digits(&mut self) -> Option<Spanned<u32>> {
        let from = self.at;
        let mut value: u32 = 0;
        while let Some(d) = self.peek().filter(u8::is_ascii_digit) {
            value = value.saturating_mul(10).saturating_add(u32::from(d - b'0'));
            self.at += 1;
        }
        (self.at > from).then(|| Spanned::new(value, self.span(from)))
    }

    /// `digits ("..." | ".")`, or nothing consumed.
    fn number(&mut self) -> Option<Spanned<Number>> {
        let from = self.at;
        let value = self.digits()?.value;
        let ellipsis = self.bytes[self.at..].starts_with(b"...");
        if ellipsis {
            self.at += 3;
        } else if !self.eat(b'.') {
            self.at = from;
            return None;
        }
        Some(Spanned::new(Number { value, ellipsis }, self.span(from)))
    }

    /// `throw ":" ("-" | source ["-" destination])`.
    fn turn(&mut self) -> Option<TurnPiece> {
        let from = self.at;
        let throw = self.digits()?;
        if !self.eat(b':') {
            return None;
        }
        let written = if self.eat(b'-') {
            Written::Pass
        } else {
            let source_at = self.at;
            let source = if self.eat(b'e') || self.eat(b'E') {
                Spanned::new(Source::Enter, self.span(source_at))
            } else {
                let square = self.digits()?;
                Spanned::new(Source::Square(square.value), square.span)
            };
            let to = if self.eat(b'-') {
                Some(self.digits()?)
            } else {
                None
            };
            Written::Move { source, to }
        };
        Some((throw, written, self.span(from)))
    }
}

/// A turn's throw, what moved, and the span of both.
type TurnPiece = (Spanned<u32>, Written, Span);

/// A token: a move number, a turn, or both stuck together (`1.5:e`).
fn pieces(token: &Token<'_>) -> Option<(Option<Spanned<Number>>, Option<TurnPiece>)> {
    let mut scan = Scan {
        bytes: token.text.as_bytes(),
        at: 0,
        base: token.span.offset,
    };
    let number = scan.number();
    let turn = if scan.at < scan.bytes.len() {
        Some(scan.turn()?)
    } else {
        None
    };
    let whole = scan.at == scan.bytes.len() && (number.is_some() || turn.is_some());
    whole.then_some((number, turn))
}

const EXPECTED: &str = "Puluc notation is a throw 1-5, a colon, and `e` (enter), a square (advance) or `-` (pass), with an optional destination: `3:e`, `3:4`, `3:4-7`, `3:-`; move numbers are `1.` or `1...`";

/// Group tokens into turns.
pub fn parse(tokens: &[Token<'_>]) -> Result<Vec<Turn>, SyntaxError> {
    let mut turns = Vec::new();
    let mut pending: Option<Spanned<Number>> = None;
    for token in tokens {
        let Some((number, turn)) = pieces(token) else {
            return Err(SyntaxError::new(
                format!("`{}` is not Puluc notation", token.text),
                token.span,
            )
            .with_help(EXPECTED));
        };
        if let Some(number) = number {
            if pending.is_some() {
                return Err(SyntaxError::new(
                    "a move number must be followed by a turn",
                    number.span,
                )
                .with_help(EXPECTED));
            }
            pending = Some(number);
        }
        if let Some((throw, written, span)) = turn {
            let in_range = u8::try_from(throw.value).is_ok_and(|t| THROWS.contains(&t));
            if !in_range {
                return Err(SyntaxError::new(
                    format!("a throw is worth 1 to 5, not {}", throw.value),
                    throw.span,
                )
                .with_help("four sticks: the number of flat sides up, or 5 when none is"));
            }
            turns.push(Turn {
                number: pending.take(),
                throw,
                written,
                span,
            });
        }
    }
    if let Some(n) = pending {
        return Err(
            SyntaxError::new("a move number must be followed by a turn", n.span)
                .with_help(EXPECTED),
        );
    }
    Ok(turns)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::movetext::tokens;

    fn turns(text: &str) -> Result<Vec<Turn>, SyntaxError> {
        parse(&tokens(text, 0).unwrap())
    }

    #[test]
    fn parses_the_notation() {
        let t = turns("1. 5:e-5 1:E 2.3:5-8 2:- 1... 4:99").unwrap();
        assert_eq!(t.len(), 5);
        assert_eq!(
            t[0].number.unwrap().value,
            Number {
                value: 1,
                ellipsis: false
            }
        );
        assert_eq!(t[0].throw, Spanned::new(5, Span::new(3, 1)));
        let Written::Move { source, to } = t[0].written else {
            panic!()
        };
        assert_eq!(source, Spanned::new(Source::Enter, Span::new(5, 1)));
        assert_eq!(to, Some(Spanned::new(5, Span::new(7, 1))));
        assert_eq!(t[0].span, Span::new(3, 5));
        assert_eq!(t[2].number.unwrap().span, Span::new(13, 2));
        assert_eq!(t[2].span, Span::new(15, 5));
        assert_eq!(t[2].whole(), Span::new(13, 7));
        assert_eq!(t[3].written, Written::Pass);
        assert_eq!(
            t[4].number.unwrap().value,
            Number {
                value: 1,
                ellipsis: true
            }
        );
        let Written::Move { source, to } = t[4].written else {
            panic!()
        };
        assert_eq!(source.value, Source::Square(99));
        assert_eq!(to, None);
    }

    #[test]
    fn throws_outside_one_to_five_are_malformed() {
        assert_eq!(turns("1:e 6:e").unwrap_err().span, Span::new(4, 1));
        assert_eq!(turns("0:-").unwrap_err().span, Span::new(0, 1));
        assert!(turns("5:e").is_ok());
    }

    #[test]
    fn syntax_errors_point_at_the_token() {
        assert_eq!(turns("3:e 3:x").unwrap_err().span, Span::new(4, 3));
        assert!(turns("3:").is_err());
        assert!(turns("3:4-").is_err());
        assert!(turns("3:--").is_err());
        assert!(turns("3:-4").is_err());
        assert!(turns("e").is_err());
        assert!(turns("c3").is_err());
        assert_eq!(turns("3:e 2.").unwrap_err().span, Span::new(4, 2));
        assert!(turns("1. 2. 3:e").is_err());
        assert!(turns("1..").is_err());
        assert!(turns("1.... 3:e").is_err());
        assert!(turns("5").is_err());
        assert_eq!(
            turns("7...2:e-2").unwrap()[0].number.unwrap().span,
            Span::new(0, 4)
        );
    }
}
