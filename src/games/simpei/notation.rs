//! Simpei notation: `c3` placements, `c3-d4` moves, `e5>a1` relocations,
//! `--` passes, `1.` / `1...` move numbers. Knows notation, not legality:
//! a name like `h9` parses, and so does a rank of any length; the rules say
//! it is not a point.

use nom::branch::alt;
use nom::bytes::complete::tag;
use nom::character::complete::{one_of, satisfy};
use nom::combinator::{map, opt};
use nom::sequence::pair;
use nom::IResult;
use smallvec::SmallVec;

use crate::games::duel::MoveNumber;
use crate::record::movetext::{
    consumed, natural, parse_whole, read_turns, split_glyph, value_of, Input, Numeral, SyntaxError,
    Token, TokenSource, TurnReading,
};
use crate::span::{Span, Spanned};
use crate::text::quote;

/// A square name as written: a letter and a number.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Square {
    /// The letter, as written (any case).
    pub file: char,
    /// The number: too large for any point when past `u32::MAX`.
    pub rank: Numeral,
    /// The number was written with a leading zero (`c03`): the rulings make
    /// that no point's name, so the rules refuse it; the notation keeps it.
    pub padded: bool,
}

/// A turn's action, as written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Written {
    /// A piece from the hand onto a point.
    Place(Spanned<Square>),
    /// A piece from one point to a neighbour.
    Move(Spanned<Square>, Spanned<Square>),
    /// `--`: no move is possible.
    Pass,
}

/// A relocation as written: `from>to`, and the span of both.
pub type Relocation = Spanned<(Spanned<Square>, Spanned<Square>)>;

/// A turn's written relocations: a sandwich takes one or two pieces in
/// nearly every game, and those are kept inline (no allocation per turn);
/// more spill to the heap.
pub type Relocations = SmallVec<[Relocation; 2]>;

/// One turn as written: the action and the sandwiched pieces sent away.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Turn {
    /// `N.` or `N...`, when written.
    pub number: Option<Spanned<MoveNumber>>,
    /// What the mover does.
    pub action: Spanned<Written>,
    /// Each sandwiched piece sent anywhere: `from>to`.
    pub relocations: Relocations,
}

impl Turn {
    /// The whole turn, action and relocations.
    pub fn span(&self) -> Span {
        let start = self.number.map_or(self.action.span, |n| n.span);
        let end = self.relocations.last().map_or(self.action.span, |r| r.span);
        start.to(end)
    }
}

/// What a token holds besides its move number.
#[derive(Debug)]
enum Piece {
    Action(Written),
    Relocation(Spanned<Square>, Spanned<Square>),
}

fn square<'a>(
    token: &'a Token<'a>,
) -> impl FnMut(Input<'a>) -> IResult<Input<'a>, Spanned<Square>> + 'a {
    move |input: Input<'a>| {
        let (rest, (file, (digits, rank))) =
            pair(satisfy(|c| c.is_ascii_alphabetic()), natural)(input)?;
        let span = consumed(token, input, rest);
        let padded = digits.len() > 1 && digits.starts_with('0');
        Ok((rest, Spanned::new(Square { file, rank, padded }, span)))
    }
}

fn number(input: Input) -> IResult<Input, MoveNumber> {
    let (rest, ((_, value), dots)) = pair(natural, alt((tag("..."), tag("."))))(input)?;
    Ok((
        rest,
        MoveNumber {
            value,
            ellipsis: dots.len() == 3,
        },
    ))
}

fn piece<'a>(token: &'a Token<'a>) -> impl FnMut(Input<'a>) -> IResult<Input<'a>, Piece> + 'a {
    move |input| {
        alt((
            map(tag("--"), |_| Piece::Action(Written::Pass)),
            map(
                pair(square(token), opt(pair(one_of("->"), square(token)))),
                |(from, rest)| match rest {
                    None => Piece::Action(Written::Place(from)),
                    Some(('>', to)) => Piece::Relocation(from, to),
                    Some((_, to)) => Piece::Action(Written::Move(from, to)),
                },
            ),
        ))(input)
    }
}

/// A move number and what follows it.
type Pieces = (Option<Spanned<MoveNumber>>, Option<Spanned<Piece>>);

/// A token: a move number, a notation piece, or a number stuck to a piece
/// (`1.c5`).
#[cold]
#[inline(never)]
fn pieces<'a>(token: &'a Token<'a>) -> Option<Pieces> {
    parse_whole(token, |input: Input<'a>| {
        let (rest, n) = opt(number)(input)?;
        let number = n.map(|n| Spanned::new(n, consumed(token, input, rest)));
        let (after, found) = opt(piece(token))(rest)?;
        let found = found.map(|found| Spanned::new(found, consumed(token, rest, after)));
        Ok((after, (number, found)))
    })
    .filter(|(number, found)| number.is_some() || found.is_some())
}

const EXPECTED: &str = "Simpei notation is a placement `c3`, a move `c3-d4`, a relocation `e5>a1`, a pass `--`, or a move number `1.` or `1...`";

/// The turns of a movetext as its tokens come: the last one, still open
/// to relocations, and a move number waiting for its action. A turn is
/// large: it is built where it is kept and overwritten by the next, never
/// moved ([`TurnReading`]).
struct Reading<E> {
    last: Option<Turn>,
    number: Option<Spanned<MoveNumber>>,
    /// Given each turn once the next action shows it whole.
    each: E,
}

impl<E: FnMut(&Turn, bool)> TurnReading for Reading<E> {
    type Turn = Turn;

    #[inline(always)]
    fn read(&mut self, token: &Token<'_>, fast: bool) -> Result<(), SyntaxError> {
        let at = |i: usize, len: usize| Span::new(token.span.offset + i, len);
        let square = |b: &[u8], i: usize| {
            let (file, rank) = (b[i], b[i + 1]);
            (file.is_ascii_alphabetic() && rank.is_ascii_digit()).then(|| {
                let value = Square {
                    file: char::from(file),
                    rank: Numeral::Value(u32::from(rank - b'0')),
                    padded: false,
                };
                Spanned::new(value, at(i, 2))
            })
        };
        let whole = at(0, token.text.len());
        match token.text.as_bytes() {
            _ if !fast => {}
            b"--" => {
                self.action(Written::Pass, whole);
                return Ok(());
            }
            b @ [_, rank] if *rank != b'.' => {
                if let Some(to) = square(b, 0) {
                    self.action(Written::Place(to), whole);
                    return Ok(());
                }
            }
            b @ [_, _, b'-', _, _] => {
                if let (Some(from), Some(to)) = (square(b, 0), square(b, 3)) {
                    self.action(Written::Move(from, to), whole);
                    return Ok(());
                }
            }
            b @ [_, _, b'>', _, _] => {
                if let (Some(from), Some(to)) = (square(b, 0), square(b, 3)) {
                    return self.relocation(from, to, whole);
                }
            }
            [digits @ .., b'.'] => {
                let (digits, ellipsis) = match digits {
                    [d @ .., b'.', b'.'] => (d, true),
                    d => (d, false),
                };
                if let Some(value) = value_of(digits) {
                    let value = Numeral::Value(value);
                    return self.number(Spanned::new(MoveNumber { value, ellipsis }, whole));
                }
            }
            _ => {}
        }
        self.parsed(token)
    }

    fn end(mut self) -> Result<Option<Turn>, SyntaxError> {
        if let Some(n) = self.number {
            return Err(
                SyntaxError::new("a move number must be followed by an action", n.span)
                    .with_help(EXPECTED),
            );
        }
        if let Some(done) = &self.last {
            (self.each)(done, true);
        }
        Ok(self.last)
    }
}

impl<E: FnMut(&Turn, bool)> Reading<E> {
    /// A token of an unusual shape, read by the parsers: out of the loop
    /// the common shapes go through.
    #[cold]
    #[inline(never)]
    fn parsed(&mut self, token: &Token<'_>) -> Result<(), SyntaxError> {
        // An action's glyph, split off and the action read again.
        if let Some(split) = split_glyph(token) {
            return self.parsed(&split?);
        }
        let Some((number, found)) = pieces(token) else {
            return Err(SyntaxError::new(
                format!("`{}` is not Simpei notation", quote(token.text)),
                token.span,
            )
            .with_help(EXPECTED));
        };
        if let Some(n) = number {
            self.number(n)?;
        }
        match found {
            None => Ok(()),
            Some(Spanned {
                value: Piece::Action(action),
                span,
            }) => {
                self.action(action, span);
                Ok(())
            }
            Some(Spanned {
                value: Piece::Relocation(from, to),
                span,
            }) => self.relocation(from, to, span),
        }
    }

    #[inline(always)]
    fn number(&mut self, n: Spanned<MoveNumber>) -> Result<(), SyntaxError> {
        if self.number.is_some() {
            return Err(
                SyntaxError::new("a move number must be followed by an action", n.span)
                    .with_help(EXPECTED),
            );
        }
        self.number = Some(n);
        Ok(())
    }

    /// An action opens the next turn; the one before is whole now.
    fn action(&mut self, action: Written, span: Span) {
        match &mut self.last {
            // Lent, then overwritten field by field: the turn (relocations
            // kept inline) is never moved whole.
            Some(done) => {
                (self.each)(done, false);
                done.number = self.number.take();
                done.action = Spanned::new(action, span);
                done.relocations.clear();
            }
            None => {
                self.last = Some(Turn {
                    number: self.number.take(),
                    action: Spanned::new(action, span),
                    relocations: Relocations::new(),
                })
            }
        }
    }

    fn relocation(
        &mut self,
        from: Spanned<Square>,
        to: Spanned<Square>,
        span: Span,
    ) -> Result<(), SyntaxError> {
        let open = self.last.as_mut().filter(|_| self.number.is_none());
        let Some(turn) = open else {
            return Err(SyntaxError::new(
                "a relocation must follow the action that sandwiched the piece",
                span,
            )
            .with_help("write relocations right after their action: `c5 e5>a1`"));
        };
        turn.relocations.push(Spanned::new((from, to), span));
        Ok(())
    }
}

/// Group tokens into turns, each lent to `each` once the next action (or
/// the end) shows that no relocation follows it, with whether it is the
/// last; the last is given back.
pub fn parse_lent<'a>(
    tokens: impl TokenSource<'a>,
    each: impl FnMut(&Turn, bool),
) -> Result<Option<Turn>, SyntaxError> {
    let reading = Reading {
        last: None,
        number: None,
        each,
    };
    read_turns(reading, tokens, true)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::duel::MoveNumber;
    use crate::record::movetext::{tokens, Given};

    fn turns(text: &str) -> Result<Vec<Turn>, SyntaxError> {
        <super::super::Simpei as crate::game::Notation>::parse(&tokens(text, 0).unwrap())
    }

    /// What reading `text` token by token leaves: each turn lent, and the
    /// end, or the first error; read by the common shapes, or (`fast:
    /// false`) by the parsers alone.
    fn read_all(text: &str, fast: bool) -> String {
        let mut lent = Vec::new();
        let reading = Reading {
            last: None,
            number: None,
            each: |turn: &Turn, last: bool| lent.push((turn.clone(), last)),
        };
        let end = read_turns(
            reading,
            Given(tokens(text, 7).unwrap().into_iter().map(Ok)),
            fast,
        );
        format!("{lent:?} {end:?}")
    }

    proptest::proptest! {
        #[test]
        fn the_common_shapes_read_as_the_parsers_read_them(
            text in "(([ac][1-9]|[ac][1-9][>\\-][ac][1-9]|[1-9]{1,2}\\.{1,3}|--|[ac1-9>.\\-]{1,6}) ){1,4}",
        ) {
            proptest::prop_assert_eq!(read_all(&text, true), read_all(&text, false));
        }
    }

    #[test]
    fn parses_the_notation() {
        let t = turns("1. c5 f4 2.F2 1... b2 d4-C5 e5>a1 g5>f6 --").unwrap();
        assert_eq!(t.len(), 6);
        assert_eq!(
            t[0].number.unwrap().value,
            MoveNumber {
                value: Numeral::Value(1),
                ellipsis: false
            }
        );
        assert_eq!(t[2].action.span, Span::new(11, 2));
        assert_eq!(
            t[3].number.unwrap().value,
            MoveNumber {
                value: Numeral::Value(1),
                ellipsis: true
            }
        );
        assert_eq!(t[4].relocations.len(), 2);
        assert_eq!(t[4].relocations[1].value.1.span, Span::new(37, 2));
        assert_eq!(t[5].action.value, Written::Pass);
        let Written::Place(sq) = t[2].action.value else {
            panic!()
        };
        assert_eq!(
            sq.value,
            Square {
                file: 'F',
                rank: Numeral::Value(2),
                padded: false
            }
        );
    }

    #[test]
    fn the_lent_turns_are_the_turns_handed_on() {
        let lend = |text: &str| {
            let mut lent = Vec::new();
            let last = parse_lent(
                Given(tokens(text, 0).unwrap().into_iter().map(Ok)),
                |t, last| lent.push((t.clone(), last)),
            );
            (lent, last)
        };
        let text = "1. c5 f4 2. f2 b2 3. f6 f4>g5 e7";
        let (lent, last) = lend(text);
        let handed = turns(text).unwrap();
        let lent_turns: Vec<Turn> = lent.iter().map(|(t, _)| t.clone()).collect();
        assert_eq!(lent_turns, handed);
        let lasts: Vec<bool> = lent.iter().map(|(_, last)| *last).collect();
        assert_eq!(lasts, [false, false, false, false, false, true]);
        assert_eq!(last.unwrap().as_ref(), handed.last());
        // A syntax error ends it: the turn held when it came is not lent.
        let (lent, last) = lend("c5 f4 c3x");
        assert_eq!(lent.len(), 1);
        assert!(last.is_err());
    }

    #[test]
    fn not_a_point_still_parses() {
        let t = turns("h9 b1-a99").unwrap();
        assert_eq!(t.len(), 2);
        // A rank or move number of any length too.
        let long = "9".repeat(200);
        let t = turns(&format!("{long}.a{long} b1-a{long} c3>c{long}")).unwrap();
        assert_eq!(t.len(), 2);
        assert_eq!(t[0].number.unwrap().value.value.value(), None);
        assert_eq!(t[1].relocations.len(), 1);
        // A leading zero is kept for the rules to refuse.
        let t = turns("c03 c3 c10").unwrap();
        let padded: Vec<bool> = t
            .iter()
            .map(|turn| match turn.action.value {
                Written::Place(square) => square.value.padded,
                _ => false,
            })
            .collect();
        assert_eq!(padded, [true, false, false]);
    }

    #[test]
    fn syntax_errors_point_at_the_token() {
        assert_eq!(turns("c3 c3x").unwrap_err().span, Span::new(3, 3));
        assert_eq!(turns("e5>a1").unwrap_err().span, Span::new(0, 5));
        assert_eq!(turns("c3 2.").unwrap_err().span, Span::new(3, 2));
        assert!(turns("1. 2. c3").is_err());
        assert!(turns("c3-").is_err());
        assert!(turns("3:e").is_err());
    }
}
