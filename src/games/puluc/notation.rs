//! Puluc notation: `3:e` enter, `3:4` advance, `3:-` pass, an optional
//! destination `3:4-7` / `4:e-4`, and `1.` / `1...` move numbers. Knows
//! notation, not legality: `3:99` parses, and so does a square number of
//! any length; the rules say there is no such square. Only a throw outside
//! 1-5 is malformed here.

use nom::branch::alt;
use nom::bytes::complete::tag;
use nom::character::complete::{char, one_of};
use nom::combinator::{map, opt};
use nom::sequence::{pair, preceded};
use nom::IResult;

use crate::games::duel::MoveNumber;
use crate::record::movetext::{
    consumed, natural, offset_of, parse_whole, span_in, split_glyph, Input, Numeral, SyntaxError,
    Token, TokenSource,
};
use crate::span::{Span, Spanned};
use crate::text::quote;

use super::board::THROWS;

/// A square number as written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Number {
    /// The number's value: too large for any track when past `u32::MAX`.
    pub value: Numeral,
    /// Written with a leading zero (`03`): the rulings make that no
    /// square's name, so the rules refuse it; the notation keeps it.
    pub padded: bool,
}

impl Number {
    fn read((digits, value): (Input<'_>, Numeral)) -> Number {
        Number {
            value,
            padded: digits.len() > 1 && digits.starts_with('0'),
        }
    }
}

/// The source as written: `e` or a square number.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// `e`: a pawn entering the track.
    Enter,
    /// A pawn (or tower) on this square.
    Square(Number),
}

/// What a turn does with its throw, as written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Written {
    /// `-`: nothing moves.
    Pass,
    /// A pawn or tower moves.
    Move {
        /// Where it starts.
        source: Spanned<Source>,
        /// Where it lands, when written (`3:e` leaves it to the throw).
        to: Option<Spanned<Number>>,
    },
}

/// One turn as written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Turn {
    /// `N.` or `N...`, when written.
    pub number: Option<Spanned<MoveNumber>>,
    /// The sticks' throw, 1 to 5.
    pub throw: Spanned<u32>,
    /// What moves.
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

fn source<'a>(token: Token<'a>) -> impl FnMut(Input<'a>) -> IResult<Input<'a>, Spanned<Source>> {
    move |input: Input<'a>| {
        let (rest, found) = alt((
            map(one_of("eE"), |_| Source::Enter),
            map(natural, |digits| Source::Square(Number::read(digits))),
        ))(input)?;
        Ok((rest, Spanned::new(found, consumed(&token, input, rest))))
    }
}

fn square<'a>(token: Token<'a>) -> impl FnMut(Input<'a>) -> IResult<Input<'a>, Spanned<Number>> {
    move |input: Input<'a>| {
        let (rest, digits) = natural(input)?;
        let number = Number::read(digits);
        Ok((rest, Spanned::new(number, consumed(&token, input, rest))))
    }
}

fn written<'a>(token: Token<'a>) -> impl FnMut(Input<'a>) -> IResult<Input<'a>, Written> {
    move |input: Input<'a>| {
        alt((
            map(
                pair(source(token), opt(preceded(char('-'), square(token)))),
                |(source, to)| Written::Move { source, to },
            ),
            map(char('-'), |_| Written::Pass),
        ))(input)
    }
}

/// A turn's throw as written, what moved, and the span of both.
type TurnPiece = (Spanned<Numeral>, Written, Span);

/// What follows a throw's colon, with the throw.
fn turn_after<'a>(
    token: Token<'a>,
    (throw, value): (Input<'a>, Numeral),
    colon_rest: Input<'a>,
) -> IResult<Input<'a>, TurnPiece> {
    let (after, what) = written(token)(colon_rest)?;
    let at = span_in(&token, throw);
    let whole = Span::new(
        at.offset,
        offset_of(&token, after).saturating_sub(at.offset),
    );
    Ok((after, (Spanned::new(value, at), what, whole)))
}

/// A move number, a turn, or both.
type Pieces = (Option<Spanned<MoveNumber>>, Option<TurnPiece>);

/// A token: a move number, a turn, or both stuck together (`1.5:e`). Both
/// start with digits, read once: the character after them tells which.
#[cold]
#[inline(never)]
fn pieces(token: &Token<'_>) -> Option<Pieces> {
    let token = *token;
    parse_whole(&token, |input: Input| {
        let (rest, digits) = natural(input)?;
        let colon: IResult<Input, char> = char(':')(rest);
        if let Ok((colon_rest, _)) = colon {
            let (after, turn) = turn_after(token, digits, colon_rest)?;
            return Ok((after, (None, Some(turn))));
        }
        let (rest, dots) = alt((tag("..."), tag(".")))(rest)?;
        let number = MoveNumber {
            value: digits.1,
            ellipsis: dots.len() == 3,
        };
        let number = Some(Spanned::new(number, consumed(&token, input, rest)));
        let throw: IResult<Input, ((Input, Numeral), char)> = pair(natural, char(':'))(rest);
        match throw {
            Ok((colon_rest, (throw, _))) => {
                let (after, turn) = turn_after(token, throw, colon_rest)?;
                Ok((after, (number, Some(turn))))
            }
            Err(_) => Ok((rest, (number, None))),
        }
    })
}

/// A run of at most nine digits at `i` (so that its value fits), and
/// where it ends; `None` for none or a longer run, left to the parsers.
#[inline(always)]
fn short_number(bytes: &[u8], i: usize) -> Option<(usize, u32, bool)> {
    let mut end = i;
    let mut value = 0u32;
    while let Some(&digit) = bytes.get(end).filter(|b| b.is_ascii_digit()) {
        if end - i == 9 {
            return None;
        }
        value = value * 10 + u32::from(digit - b'0');
        end += 1;
    }
    (end > i).then(|| (end, value, end - i > 1 && bytes[i] == b'0'))
}

/// The shapes nearly every token has (`2:e-2`, `3:4-7`, `3:e`, `3:-`,
/// `12.`, `12...`), read straight off the bytes: nom's combinators cost
/// several times the turn itself. `None` leaves the token to the parsers,
/// which read these shapes to the same values.
#[inline(always)]
fn common(token: &Token<'_>) -> Option<Pieces> {
    let bytes = token.text.as_bytes();
    let at = |i: usize, len: usize| Span::new(token.span.offset + i, len);
    let (throw_end, throw, _) = short_number(bytes, 0)?;
    match &bytes[throw_end..] {
        dots @ (b"." | b"...") => {
            let number = MoveNumber {
                value: Numeral::Value(throw),
                ellipsis: dots.len() == 3,
            };
            return Some((Some(Spanned::new(number, at(0, bytes.len()))), None));
        }
        [b':', ..] => {}
        _ => return None,
    }
    let start = throw_end + 1;
    let (written, end) = match *bytes.get(start)? {
        b'-' => (Written::Pass, start + 1),
        first => {
            let (source, source_end) = match first {
                b'e' | b'E' => (Spanned::new(Source::Enter, at(start, 1)), start + 1),
                _ => {
                    let (end, value, padded) = short_number(bytes, start)?;
                    let number = Number {
                        value: Numeral::Value(value),
                        padded,
                    };
                    (
                        Spanned::new(Source::Square(number), at(start, end - start)),
                        end,
                    )
                }
            };
            match bytes.get(source_end) {
                Some(b'-') => {
                    let (end, value, padded) = short_number(bytes, source_end + 1)?;
                    let to = Number {
                        value: Numeral::Value(value),
                        padded,
                    };
                    let to = Spanned::new(to, at(source_end + 1, end - source_end - 1));
                    (
                        Written::Move {
                            source,
                            to: Some(to),
                        },
                        end,
                    )
                }
                _ => (Written::Move { source, to: None }, source_end),
            }
        }
    };
    (end == bytes.len()).then(|| {
        let throw = Spanned::new(Numeral::Value(throw), at(0, throw_end));
        (None, Some((throw, written, at(0, end))))
    })
}

const EXPECTED: &str = "Puluc notation is a throw 1-5, a colon, and `e` (enter), a square (advance) or `-` (pass), with an optional destination: `3:e`, `3:4`, `3:4-7`, `3:-`; move numbers are `1.` or `1...`";

/// A token neither way of reading reads: a turn with its glyph split off
/// (`3:4-7?!`), or not Puluc notation.
#[cold]
#[inline(never)]
fn glyphed(token: &Token<'_>) -> Result<Pieces, SyntaxError> {
    let turn = match split_glyph(token) {
        Some(split) => split?,
        None => *token,
    };
    common(&turn).or_else(|| pieces(&turn)).ok_or_else(|| {
        SyntaxError::new(
            format!("`{}` is not Puluc notation", quote(turn.text)),
            turn.span,
        )
        .with_help(EXPECTED)
    })
}

/// Group tokens into turns, each lent to `each` once the next turn (or the
/// end) shows whether it is the last; the last is given back. A turn is
/// built where it is kept, not moved from one holder to the next.
pub fn parse_lent<'a>(
    tokens: impl TokenSource<'a>,
    each: impl FnMut(&Turn, bool),
) -> Result<Option<Turn>, SyntaxError> {
    let mut reading = Reading {
        last: None,
        pending: None,
        each,
    };
    for token in tokens {
        let token = token?;
        match common(&token) {
            Some(pieces) => reading.take(pieces)?,
            None => reading.take(unusual(&token)?)?,
        }
    }
    if let Some(n) = reading.pending {
        return Err(
            SyntaxError::new("a move number must be followed by a turn", n.span)
                .with_help(EXPECTED),
        );
    }
    if let Some(done) = &reading.last {
        (reading.each)(done, true);
    }
    Ok(reading.last)
}

/// A token of an unusual shape, read by the parsers, out of the loop.
#[cold]
#[inline(never)]
fn unusual(token: &Token<'_>) -> Result<Pieces, SyntaxError> {
    match pieces(token) {
        Some(pieces) => Ok(pieces),
        None => glyphed(token),
    }
}

/// The turns read so far: the last, not yet lent, and a move number
/// waiting for its turn.
struct Reading<E> {
    last: Option<Turn>,
    pending: Option<Spanned<MoveNumber>>,
    each: E,
}

impl<E: FnMut(&Turn, bool)> Reading<E> {
    /// A token's pieces taken where they are read: inlined, so that the
    /// common shapes go from registers into the turn kept, never through
    /// a value stored field by field and loaded whole (a stall of a dozen
    /// cycles a token where stores cannot be forwarded).
    #[inline(always)]
    fn take(&mut self, (number, turn): Pieces) -> Result<(), SyntaxError> {
        if let Some(number) = number {
            if self.pending.is_some() {
                return Err(SyntaxError::new(
                    "a move number must be followed by a turn",
                    number.span,
                )
                .with_help(EXPECTED));
            }
            self.pending = Some(number);
        }
        if let Some((throw, written, span)) = turn {
            let in_range = throw
                .value
                .value()
                .filter(|&t| u8::try_from(t).is_ok_and(|t| THROWS.contains(&t)));
            let Some(value) = in_range else {
                return Err(SyntaxError::new(
                    format!("a throw is worth 1 to 5, not {}", throw.value),
                    throw.span,
                )
                .with_help("four sticks: the number of flat sides up, or 5 when none is"));
            };
            if let Some(done) = &self.last {
                (self.each)(done, false);
            }
            self.last = Some(Turn {
                number: self.pending.take(),
                throw: Spanned::new(value, throw.span),
                written,
                span,
            });
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::movetext::tokens;

    proptest::proptest! {
        #[test]
        fn the_common_shapes_read_as_the_parsers_read_them(
            text in "[eE0-9:.\\-]{1,8}|[0-9]{1,11}:[e0-9]{1,11}(-[0-9]{0,11})?",
        ) {
            let token = Token { text: &text, span: Span::new(7, text.len()) };
            if let Some(fast) = common(&token) {
                proptest::prop_assert_eq!(format!("{:?}", Some(fast)), format!("{:?}", pieces(&token)));
            }
        }
    }

    #[test]
    fn the_common_shapes_are_read_off_the_bytes() {
        for text in [
            "2:e-2",
            "3:4-7",
            "3:e",
            "3:4",
            "3:-",
            "4:E-4",
            "03:05-011",
            "12.",
            "12...",
            "999999999:1",
        ] {
            let token = Token {
                text,
                span: Span::new(3, text.len()),
            };
            assert!(common(&token).is_some(), "{text}");
            assert_eq!(
                format!("{:?}", common(&token)),
                format!("{:?}", pieces(&token)),
                "{text}"
            );
        }
        for text in [
            "1.5:e",
            "3:e-",
            "3:--",
            "12..",
            "1234567890:e",
            "3:x",
            "3:4-",
            ":e",
        ] {
            let token = Token {
                text,
                span: Span::new(3, text.len()),
            };
            assert!(common(&token).is_none(), "{text}");
        }
    }

    fn turns(text: &str) -> Result<Vec<Turn>, SyntaxError> {
        <super::super::Puluc as crate::game::Notation>::parse(&tokens(text, 0).unwrap())
    }

    #[test]
    fn parses_the_notation() {
        let t = turns("1. 5:e-5 1:E 2.3:5-8 2:- 1... 4:99").unwrap();
        assert_eq!(t.len(), 5);
        assert_eq!(
            t[0].number.unwrap().value,
            MoveNumber {
                value: Numeral::Value(1),
                ellipsis: false
            }
        );
        assert_eq!(t[0].throw, Spanned::new(5, Span::new(3, 1)));
        let Written::Move { source, to } = t[0].written else {
            panic!()
        };
        assert_eq!(source, Spanned::new(Source::Enter, Span::new(5, 1)));
        let five = Number {
            value: Numeral::Value(5),
            padded: false,
        };
        assert_eq!(to, Some(Spanned::new(five, Span::new(7, 1))));
        assert_eq!(t[0].span, Span::new(3, 5));
        assert_eq!(t[2].number.unwrap().span, Span::new(13, 2));
        assert_eq!(t[2].span, Span::new(15, 5));
        assert_eq!(t[2].whole(), Span::new(13, 7));
        assert_eq!(t[3].written, Written::Pass);
        assert_eq!(
            t[4].number.unwrap().value,
            MoveNumber {
                value: Numeral::Value(1),
                ellipsis: true
            }
        );
        let Written::Move { source, to } = t[4].written else {
            panic!()
        };
        assert_eq!(
            source.value,
            Source::Square(Number {
                value: Numeral::Value(99),
                padded: false
            })
        );
        assert_eq!(to, None);
    }

    #[test]
    fn a_leading_zero_is_kept_for_the_rules() {
        let t = turns("3:e-03 1:07 2:7-9").unwrap();
        let padded: Vec<(bool, bool)> = t
            .iter()
            .map(|turn| match turn.written {
                Written::Move { source, to } => (
                    matches!(source.value, Source::Square(n) if n.padded),
                    to.is_some_and(|to| to.value.padded),
                ),
                Written::Pass => (false, false),
            })
            .collect();
        assert_eq!(padded, [(false, true), (true, false), (false, false)]);
    }

    #[test]
    fn throws_outside_one_to_five_are_malformed() {
        assert_eq!(turns("1:e 6:e").unwrap_err().span, Span::new(4, 1));
        assert_eq!(turns("0:-").unwrap_err().span, Span::new(0, 1));
        assert!(turns("5:e").is_ok());
        // However long: the throw is still a number, and not 1 to 5.
        let long = format!("{}:e", "5".repeat(20));
        let err = turns(&long).unwrap_err();
        assert_eq!(err.span, Span::new(0, 20));
        assert!(
            err.message.starts_with("a throw is worth 1 to 5"),
            "{}",
            err.message
        );
    }

    #[test]
    fn squares_and_move_numbers_of_any_length_parse() {
        let long = "9".repeat(200);
        let t = turns(&format!("{long}. 3:{long}-{long}")).unwrap();
        assert_eq!(
            t[0].number.unwrap().value.value,
            Numeral::read(long.as_bytes()).unwrap()
        );
        let Written::Move { source, to } = t[0].written else {
            panic!()
        };
        assert!(matches!(source.value, Source::Square(n) if n.value.value().is_none()));
        assert_eq!(to.unwrap().span, Span::new(405, 200));
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
    }
}
