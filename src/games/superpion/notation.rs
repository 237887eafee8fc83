//! Superpion notation: `12.B` turn heads, `e3-e5` moves, `e5xg7xe9`
//! captures (or the short `e5xe9`), `=R` promotion marks, `--` passes.
//! Knows notation, not legality: `p3`, `e99999999999` and `d1` parse, and
//! the rules say that two are off the board and the other dark.

use nom::branch::alt;
use nom::bytes::complete::tag;
use nom::character::complete::{char, one_of, satisfy};
use nom::combinator::{map, map_opt, opt};
use nom::multi::many1;
use nom::sequence::{pair, preceded, terminated};
use nom::IResult;

use crate::record::movetext::{
    blank, consumed, ends_token, natural, parse_whole, read_turns, split_glyph, value_of, Glyph,
    Input, Numeral, Rest, SyntaxError, Token, TokenSource, TurnReading,
};
use crate::span::{Span, Spanned};
use crate::text::quote;

use super::board::Camp;
use super::modes::Colour;
use arrayvec::ArrayVec;

/// A square name as written: a letter and a number.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Square {
    /// The letter, as written (any case).
    pub file: char,
    /// The number: too large for the board when past `u32::MAX`.
    pub rank: Numeral,
    /// The number was written with a leading zero (`e03`): the rulings make
    /// that no square's name, so the rules refuse it; the notation keeps it.
    pub padded: bool,
}

impl Square {
    /// The square as notation writes it (`e5`).
    pub fn text(self) -> String {
        format!("{}{}", self.file.to_ascii_lowercase(), self.rank)
    }
}

/// An action as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Written {
    /// An orthogonal move (or slide): from, to.
    Move(Spanned<Square>, Spanned<Square>),
    /// The start square and the landing squares.
    Capture(Spanned<Square>, Landings),
}

/// How many landing squares [`Landings`] keeps packed inline: more than
/// any capture of an ordinary game makes.
const PACKED: usize = 10;

/// The landing squares of a written capture, never empty. Kept packed
/// (a byte for the letter, one for the number, the place in the record as
/// a step from the first landing), so that a turn stays small as the
/// reader hands it on; a capture with more landings, or one the packing
/// cannot hold (a number past 255, a very long token), keeps them all as
/// written, on the heap.
#[derive(Clone, PartialEq, Eq)]
pub struct Landings {
    /// Where the first landing starts in the record.
    base: usize,
    packed: [Packed; PACKED],
    len: usize,
    /// Every landing once the packing cannot hold them; empty before.
    spilled: Vec<Spanned<Square>>,
}

#[derive(Clone, Copy, Default, PartialEq, Eq)]
struct Packed {
    file: u8,
    rank: u8,
    padded: bool,
    /// Bytes from the first landing's start to this one's.
    step: u16,
    len: u8,
}

impl Landings {
    /// The landings of a capture, from the first.
    pub fn one(first: Spanned<Square>) -> Landings {
        let mut landings = Landings {
            base: first.span.offset,
            packed: [Packed::default(); PACKED],
            len: 0,
            spilled: Vec::new(),
        };
        landings.push(first);
        landings
    }

    /// The landings of a non-empty list; `None` for an empty one.
    pub fn of(written: &[Spanned<Square>]) -> Option<Landings> {
        let (&first, rest) = written.split_first()?;
        let mut landings = Landings::one(first);
        for &landing in rest {
            landings.push(landing);
        }
        Some(landings)
    }

    /// Add the next landing: packed, nearly always, inline where a capture
    /// is read; on the heap out of the way.
    #[inline(always)]
    pub fn push(&mut self, landing: Spanned<Square>) {
        if self.spilled.is_empty() && self.len < PACKED {
            if let Some(packed) = self.pack(landing) {
                self.packed[self.len] = packed;
                self.len += 1;
                return;
            }
        }
        self.spill(landing);
    }

    #[cold]
    fn spill(&mut self, landing: Spanned<Square>) {
        if self.spilled.is_empty() {
            self.spilled = self.iter().collect();
        }
        self.spilled.push(landing);
    }

    fn pack(&self, landing: Spanned<Square>) -> Option<Packed> {
        let Square { file, rank, padded } = landing.value;
        Some(Packed {
            file: u8::try_from(file).ok()?,
            rank: u8::try_from(rank.value()?).ok()?,
            padded,
            step: u16::try_from(landing.span.offset.checked_sub(self.base)?).ok()?,
            len: u8::try_from(landing.span.len).ok()?,
        })
    }

    /// The landings in order, as written.
    pub fn iter(&self) -> impl Iterator<Item = Spanned<Square>> + '_ {
        let packed = self.packed[..self.len].iter().map(|p| {
            let square = Square {
                file: char::from(p.file),
                rank: Numeral::Value(u32::from(p.rank)),
                padded: p.padded,
            };
            let span = Span::new(self.base + usize::from(p.step), usize::from(p.len));
            Spanned::new(square, span)
        });
        // Once spilled, the packed ones are on the heap too.
        let kept = if self.spilled.is_empty() { self.len } else { 0 };
        packed.take(kept).chain(self.spilled.iter().copied())
    }

    /// How many landings there are.
    pub fn len(&self) -> usize {
        if self.spilled.is_empty() {
            self.len
        } else {
            self.spilled.len()
        }
    }

    /// Never: a capture lands at least once.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The landing at `index`, if any.
    pub fn get(&self, index: usize) -> Option<Spanned<Square>> {
        self.iter().nth(index)
    }
}

impl std::fmt::Debug for Landings {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

/// One action as written, with its promotion mark.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WrittenAction {
    /// The move or capture.
    pub written: Written,
    /// `=X`: the colour of the pawn put under a promoted Superpion.
    pub mark: Option<Spanned<Colour>>,
}

/// The actions of a turn as written, at most two, inline: a fixed
/// capacity rather than a vector that could spill, so that no look-up
/// asks where they are kept.
pub type Actions = ArrayVec<Spanned<WrittenAction>, 2>;

/// One camp's turn as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Turn {
    /// The round (`3.` of `3.B`), when written.
    pub number: Option<Spanned<Numeral>>,
    /// The camp to play (`B` of `3.B`).
    pub camp: Spanned<Camp>,
    /// Empty for a pass; at most two.
    pub actions: Actions,
    /// Where `--` was written, for a pass.
    pub pass: Option<Span>,
    /// The whole turn.
    pub span: Span,
}

/// A turn label read back (`--turn 3.B`): the round, and the camp when it
/// is written (`3.` is the round's first turn).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Label {
    /// The round, from 1.
    pub round: u32,
    /// The camp, by letter or name.
    pub camp: Option<Camp>,
}

impl Label {
    /// `3.B`, `3.b`, `3. blue` or `3.`, as [`Superpion`]'s reports print
    /// `3.B`.
    pub(super) fn read(text: &str) -> Result<Label, String> {
        let refused = || {
            format!(
                "`{text}` is not a Superpion turn: --turn takes a number of turns (`5`: after 5 turns) \
                 or a turn label as the reports print it, the position before that turn: \
                 `3.B` (round 3, the camp by letter B, R, Y or K, or by name), `3.` (the round's first turn)"
            )
        };
        let trimmed = text.trim();
        let (round, camp) = trimmed.split_once('.').ok_or_else(refused)?;
        if round.is_empty() || !round.bytes().all(|b| b.is_ascii_digit()) {
            return Err(refused());
        }
        let round = round.parse().map_err(|_| refused())?;
        let camp = match camp.trim() {
            "" => None,
            name => {
                let mut letters = name.chars();
                let by_letter = match (letters.next(), letters.next()) {
                    (Some(c), None) => Camp::from_letter(c),
                    _ => None,
                };
                Some(
                    by_letter
                        .or_else(|| Camp::from_name(name))
                        .ok_or_else(refused)?,
                )
            }
        };
        Ok(Label { round, camp })
    }
}

#[derive(Debug)]
enum Piece {
    Number(Numeral),
    Head(Option<Numeral>, Camp),
    Pass,
    Action(WrittenAction),
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

fn camp(input: Input) -> IResult<Input, Camp> {
    map(one_of("BRYKbryk"), |c| {
        Camp::from_letter(c).unwrap_or(Camp::Blue)
    })(input)
}

fn number(input: Input) -> IResult<Input, Numeral> {
    map(terminated(natural, char('.')), |(_, n)| n)(input)
}

fn mark<'a>(
    token: &'a Token<'a>,
) -> impl FnMut(Input<'a>) -> IResult<Input<'a>, Spanned<Colour>> + 'a {
    move |input: Input<'a>| {
        let (rest, letter) = preceded(char('='), one_of("BRYKSbryks"))(input)?;
        let colour = Colour::from_letter(letter).unwrap_or(Colour::Spare);
        Ok((rest, Spanned::new(colour, consumed(token, input, rest))))
    }
}

fn action<'a>(
    token: &'a Token<'a>,
) -> impl FnMut(Input<'a>) -> IResult<Input<'a>, WrittenAction> + 'a {
    move |input: Input<'a>| {
        let (rest, from) = square(token)(input)?;
        let (rest, written) = alt((
            map(preceded(char('-'), square(token)), |to| {
                Written::Move(from, to)
            }),
            map_opt(many1(preceded(one_of("xX"), square(token))), |path| {
                Some(Written::Capture(from, Landings::of(&path)?))
            }),
        ))(rest)?;
        let (rest, mark) = opt(mark(token))(rest)?;
        Ok((rest, WrittenAction { written, mark }))
    }
}

fn piece<'a>(token: &'a Token<'a>) -> impl FnMut(Input<'a>) -> IResult<Input<'a>, Piece> + 'a {
    move |input| {
        alt((
            map(tag("--"), |_| Piece::Pass),
            map(action(token), Piece::Action),
            map(pair(opt(number), camp), |(n, c)| Piece::Head(n, c)),
            map(number, Piece::Number),
        ))(input)
    }
}

/// A square written at `at` in the token (a letter and one or two digits),
/// and `at` moved past it.
fn read_square(token: &Token<'_>, at: &mut usize) -> Option<Spanned<Square>> {
    let b = token.text.as_bytes();
    let start = *at;
    let file = *b.get(start).filter(|f| f.is_ascii_alphabetic())?;
    let digit = |i: usize| b.get(i).filter(|d| d.is_ascii_digit()).map(|d| d - b'0');
    let first = digit(start + 1)?;
    // One digit or two, read as bytes; a third leaves the token to the
    // parsers.
    let (rank, digits) = match digit(start + 2) {
        None => (first, 1),
        Some(_) if digit(start + 3).is_some() => return None,
        Some(second) => (first * 10 + second, 2),
    };
    *at = start + 1 + digits;
    let span = Span::new(token.span.offset + start, 1 + digits);
    Some(Spanned::new(
        Square {
            file: char::from(file),
            rank: Numeral::Value(u32::from(rank)),
            padded: digits > 1 && first == 0,
        },
        span,
    ))
}

/// A promotion mark written at `at` (`=R`), if one is, and `at` moved
/// past it.
#[inline(always)]
fn read_mark(token: &Token<'_>, at: &mut usize) -> Option<Spanned<Colour>> {
    match token.text.as_bytes().get(*at..*at + 2) {
        Some([b'=', letter])
            if matches!(
                letter,
                b'B' | b'R' | b'Y' | b'K' | b'S' | b'b' | b'r' | b'y' | b'k' | b's'
            ) =>
        {
            let colour = Colour::from_letter(char::from(*letter)).unwrap_or(Colour::Spare);
            let span = Span::new(token.span.offset + *at, 2);
            *at += 2;
            Some(Spanned::new(colour, span))
        }
        _ => None,
    }
}

/// A turn head in the common shape, the whole token: a camp letter alone
/// (`B`) or after a round number (`12.B`). `d12-d14=B` ends in a camp
/// letter too, and is an action.
#[inline(always)]
fn plain_head(b: &[u8]) -> Option<(Option<Numeral>, Camp)> {
    let (&letter, before) = b.split_last()?;
    let number = match before {
        [] => None,
        [digits @ .., b'.'] => Some(Numeral::Value(value_of(digits)?)),
        _ => return None,
    };
    Some((number, Camp::from_letter(char::from(letter))?))
}

const EXPECTED: &str = "Superpion notation is a turn head `B`, `R`, `Y`, `K` (or `12.B` with the round number), then one or two actions: a move `e3-e5`, a capture `e5xg7xe9` (or `e5xe9`), each optionally marked `=B`, `=R`, `=Y`, `=K` or `=S` when it promotes; or a pass `--`";

/// An action or a pass before any turn head, or after a lone round
/// number.
#[cold]
fn before_head(token: &Token<'_>) -> SyntaxError {
    syntax(
        "an action must follow the camp letter of its turn",
        token.span,
    )
    .with_help("start each turn with its camp letter: `B e3-e5 g3-g5`")
}

/// Anything after a pass in its turn.
#[cold]
fn after_pass(token: &Token<'_>) -> SyntaxError {
    syntax(
        "a pass `--` is the whole turn: nothing may follow it",
        token.span,
    )
}

/// `B!`: a glyph ends an action, never a turn head.
#[cold]
fn glyph_on_head(glyph: Glyph, token: &Token<'_>) -> SyntaxError {
    let at = Span::new(token.span.offset + token.span.len, glyph.as_str().len());
    SyntaxError::new(
        format!("the glyph `{glyph}` follows a turn head: a glyph ends an action"),
        at,
    )
    .with_help(format!(
        "write the glyph after the action: `{} e3-e5{glyph}`",
        token.text
    ))
}

fn syntax(message: impl Into<String>, span: Span) -> SyntaxError {
    SyntaxError::new(message, span).with_help(EXPECTED)
}

/// The turns of a movetext as its tokens come: the last one, open to its
/// actions, and a round number waiting for its camp letter; each turn is
/// built where it is kept ([`TurnReading`]).
struct Reading<E> {
    last: Option<Turn>,
    number: Option<Spanned<Numeral>>,
    /// Given each turn once the next turn head (or the end) closes it.
    each: E,
}

impl<E: FnMut(&Turn, bool)> TurnReading for Reading<E> {
    type Turn = Turn;

    #[inline(always)]
    fn read(&mut self, token: &Token<'_>, fast: bool) -> Result<(), SyntaxError> {
        let b = token.text.as_bytes();
        if !fast {
            return self.parsed(token);
        }
        if b == b"--" {
            return self.pass(token);
        }
        if let Some((number, camp)) = plain_head(b) {
            return self.head(number, camp, token);
        }
        let whole = |read: usize| (read == b.len()).then_some(*token);
        match self.plain_action(token, usize::MAX, whole) {
            Some(read) => read,
            None => self.parsed(token),
        }
    }

    const PLAIN: bool = true;

    /// Round heads (`12.B`) and actions of the common shapes, each ended
    /// by an ASCII blank or the text's end: nearly every token of a
    /// record, read without the tokenizer's scan.
    #[inline(always)]
    fn plain(&mut self, rest: Rest<'_>) -> Result<usize, SyntaxError> {
        let text = rest.text;
        let b = text.as_bytes();
        let mut at = 0;
        loop {
            while b.get(at).is_some_and(|&byte| blank(byte)) {
                at += 1;
            }
            let start = at;
            let Some(&first) = b.get(start) else {
                return Ok(start);
            };
            if first.is_ascii_digit() {
                // The round's digits read as they are counted: nine at
                // most, which a `u32` always holds (longer ones are left
                // to the tokens).
                let mut round = 0;
                let mut i = start;
                while let Some(digit) = b.get(i).filter(|d| d.is_ascii_digit() && i - start < 9) {
                    round = round * 10 + u32::from(digit - b'0');
                    i += 1;
                }
                let end = i + 2;
                let (Some(b'.'), Some(&letter), true) =
                    (b.get(i), b.get(i + 1), ends_token(b, end))
                else {
                    return Ok(start);
                };
                let (Some(camp), Some(head)) = (
                    Camp::from_letter(char::from(letter)),
                    text.get(start..end).filter(|head| head.len() <= rest.limit),
                ) else {
                    return Ok(start);
                };
                let token = Token {
                    text: head,
                    span: Span::new(rest.offset + start, head.len()),
                };
                let number = Some(Numeral::Value(round));
                self.head(number, camp, &token)?;
                at = end;
            } else {
                let Some(from_start) = text.get(start..) else {
                    return Ok(start);
                };
                let open = Token {
                    text: from_start,
                    span: Span::new(rest.offset + start, from_start.len()),
                };
                let mut end = start;
                let whole = |read: usize| {
                    end = start + read;
                    let written = text.get(start..end).filter(|_| read <= rest.limit)?;
                    ends_token(b, end).then_some(Token {
                        text: written,
                        span: Span::new(rest.offset + start, read),
                    })
                };
                match self.plain_action(&open, rest.limit, whole) {
                    Some(read) => read?,
                    None => return Ok(start),
                }
                at = end;
            }
        }
    }

    fn end(mut self) -> Result<Option<Turn>, SyntaxError> {
        if let Some(n) = self.number {
            return Err(syntax(
                "a round number must be followed by a camp letter",
                n.span,
            ));
        }
        close(self.last.as_ref())?;
        if let Some(done) = &self.last {
            (self.each)(done, true);
        }
        Ok(self.last)
    }
}

impl<E: FnMut(&Turn, bool)> Reading<E> {
    /// An action in the common shape read from the start of `token` (a
    /// move `e3-e5`, a capture `e5xg7xe9`, squares of one or two digits, a
    /// promotion mark or none) and put into its turn, as written by the
    /// token `whole` gives for the bytes it takes; `None` when it is no
    /// such action, `whole` gives none, or a capture runs on past `limit`
    /// bytes. The action is made where it is put: a value handed back
    /// would be one more copy at every action.
    #[inline(always)]
    fn plain_action<'t>(
        &mut self,
        token: &Token<'t>,
        limit: usize,
        whole: impl FnOnce(usize) -> Option<Token<'t>>,
    ) -> Option<Result<(), SyntaxError>> {
        let b = token.text.as_bytes();
        let mut at = 0;
        let from = read_square(token, &mut at)?;
        // Each shape made in the call that puts it: built before the
        // token's end is known, it would be copied once more.
        match b.get(at) {
            Some(b'-') => {
                at += 1;
                let to = read_square(token, &mut at)?;
                let mark = read_mark(token, &mut at);
                let token = whole(at)?;
                let written = Written::Move(from, to);
                Some(self.action(WrittenAction { written, mark }, &token))
            }
            Some(b'x' | b'X') => {
                at += 1;
                let mut path = Landings::one(read_square(token, &mut at)?);
                while let Some(b'x' | b'X') = b.get(at) {
                    // A capture past the token limit is the tokenizer's to
                    // refuse: read no further, nor kept as its landings.
                    if at > limit {
                        return None;
                    }
                    at += 1;
                    path.push(read_square(token, &mut at)?);
                }
                let mark = read_mark(token, &mut at);
                let token = whole(at)?;
                let written = Written::Capture(from, path);
                Some(self.action(WrittenAction { written, mark }, &token))
            }
            _ => None,
        }
    }

    /// A token of an unusual shape, read by the parsers: out of the loop
    /// the common shapes go through.
    #[cold]
    #[inline(never)]
    fn parsed(&mut self, token: &Token<'_>) -> Result<(), SyntaxError> {
        // An action's glyph, split off and the action read again; a turn
        // head takes none.
        if let Some(split) = split_glyph(token) {
            let action = split?;
            if let Some(Piece::Head(..)) = parse_whole(&action, piece(&action)) {
                let glyph = Glyph::ending(token.text).unwrap_or(Glyph::Good);
                return Err(glyph_on_head(glyph, &action));
            }
            return self.parsed(&action);
        }
        match parse_whole(token, piece(token)) {
            Some(Piece::Number(n)) => self.number(n, token),
            Some(Piece::Head(n, camp)) => self.head(n, camp, token),
            Some(Piece::Pass) => self.pass(token),
            Some(Piece::Action(action)) => self.action(action, token),
            None => {
                let message = if token.text.contains(['x', 'X', '-']) {
                    format!("`{}` is not a Superpion action", quote(token.text))
                } else {
                    format!("`{}` is not Superpion notation", quote(token.text))
                };
                Err(syntax(message, token.span))
            }
        }
    }

    /// A round number alone (`3.`), its camp letter to follow.
    fn number(&mut self, n: Numeral, token: &Token<'_>) -> Result<(), SyntaxError> {
        if self.number.is_some() {
            return Err(syntax(
                "a round number must be followed by a camp letter",
                token.span,
            ));
        }
        self.number = Some(Spanned::new(n, token.span));
        Ok(())
    }

    /// A turn head: the turn before is whole now. Inlined where a token
    /// is read, as every turn passes here.
    #[inline(always)]
    fn head(
        &mut self,
        n: Option<Numeral>,
        camp: Camp,
        token: &Token<'_>,
    ) -> Result<(), SyntaxError> {
        close(self.last.as_ref())?;
        let number = match (n, self.number.take()) {
            (Some(_), Some(earlier)) => {
                return Err(syntax(
                    "a round number must be followed by a camp letter",
                    earlier.span,
                ));
            }
            (Some(n), None) => {
                let len = token.text.len() - 1;
                Some(Spanned::new(n, Span::new(token.span.offset, len)))
            }
            (None, earlier) => earlier,
        };
        let camp_span = Span::new(token.span.end() - 1, 1);
        let start = number.map_or(camp_span, |n| n.span);
        let camp = Spanned::new(camp, camp_span);
        let span = start.to(camp_span);
        match &mut self.last {
            // The next turn is written over the one just lent, field by
            // field: a turn is too big to move whole.
            Some(done) => {
                (self.each)(done, false);
                done.number = number;
                done.camp = camp;
                done.actions.clear();
                done.pass = None;
                done.span = span;
            }
            None => {
                self.last = Some(Turn {
                    number,
                    camp,
                    actions: Actions::new(),
                    pass: None,
                    span,
                })
            }
        }
        Ok(())
    }

    /// The turn an action or a pass goes into: the last, once its head
    /// is written and no pass closed it. Asked at every action; the
    /// errors are made out of the way.
    #[inline(always)]
    fn open(&mut self, token: &Token<'_>) -> Result<&mut Turn, SyntaxError> {
        match self.last.as_mut().filter(|_| self.number.is_none()) {
            Some(turn) if turn.pass.is_none() => Ok(turn),
            Some(_) => Err(after_pass(token)),
            None => Err(before_head(token)),
        }
    }

    fn pass(&mut self, token: &Token<'_>) -> Result<(), SyntaxError> {
        let turn = self.open(token)?;
        if !turn.actions.is_empty() {
            return Err(syntax(
                "a pass `--` is a turn of its own, not a second action",
                token.span,
            ));
        }
        turn.pass = Some(token.span);
        turn.span = turn.span.to(token.span);
        Ok(())
    }

    #[inline(always)]
    fn action(&mut self, action: WrittenAction, token: &Token<'_>) -> Result<(), SyntaxError> {
        let turn = self.open(token)?;
        if turn
            .actions
            .try_push(Spanned::new(action, token.span))
            .is_err()
        {
            return Err(syntax("a turn has at most two actions", token.span)
                .with_help("start the next turn with its camp letter"));
        }
        turn.span = turn.span.to(token.span);
        Ok(())
    }
}

/// Group tokens into turns, lending each to `each` (with whether it is the
/// record's last) once the next turn head (or the end) closes it, and
/// giving back the last.
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

/// A turn must hold an action or a pass. Asked at every turn head, and
/// nearly always met: the error is made out of the way.
#[inline(always)]
fn close(turn: Option<&Turn>) -> Result<(), SyntaxError> {
    match turn {
        Some(turn) if turn.actions.is_empty() && turn.pass.is_none() => Err(no_action(turn)),
        _ => Ok(()),
    }
}

#[cold]
fn no_action(turn: &Turn) -> SyntaxError {
    syntax(
        format!("the turn of {} has no action", turn.camp.value),
        turn.span,
    )
    .with_help("a turn is the camp letter and one or two actions, or `--` for a pass")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::movetext::{tokens, Given, Tokens};

    fn turns(text: &str) -> Result<Vec<Turn>, SyntaxError> {
        <super::super::Superpion as crate::game::Notation>::parse(&tokens(text, 0).unwrap())
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
        let text = "1.B e3-e5 k3-k5 1.R c7-e7 2.B --";
        let (lent, last) = lend(text);
        let handed = turns(text).unwrap();
        let lent_turns: Vec<Turn> = lent.iter().map(|(t, _)| t.clone()).collect();
        assert_eq!(lent_turns, handed);
        let lasts: Vec<bool> = lent.iter().map(|(_, last)| *last).collect();
        assert_eq!(lasts, [false, false, true]);
        assert_eq!(last.unwrap().as_ref(), handed.last());
        // A syntax error ends it: the turn it closes is not lent.
        let (lent, last) = lend("1.B e3-e5 1.R c7-e7 Q");
        assert_eq!(lent.len(), 1);
        assert!(last.is_err());
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

    /// What reading `text` (at offset 7, tokens of at most `limit` bytes)
    /// leaves, each turn lent and the end: from the text itself, plain
    /// turns off the bytes (`plain`), or from its tokens one by one.
    fn read_text(text: &str, limit: usize, plain: bool) -> String {
        let mut lent = Vec::new();
        let reading = Reading {
            last: None,
            number: None,
            each: |turn: &Turn, last: bool| lent.push((turn.clone(), last)),
        };
        let source = Tokens::within(text, 7, limit);
        let end = if plain {
            read_turns(reading, source, true)
        } else {
            read_turns(reading, Given(source), true)
        };
        format!("{lent:?} {end:?}")
    }

    #[test]
    fn plain_turns_read_off_the_text_as_the_tokens_read_them() {
        let cases = [
            "1.B h2-h4 j2-h2\n1.R c11-e11 b8-d8\n",
            "1.B h2-h4 j2-h2\n1.R c11-e11 b8-d8",
            "1.B   h2-h4\t\tj2-h2\r\n\n2.R c5xe7 b10-b8 ",
            "1.Y f12xd10xb8xd6 i13-i11 1.K l4xj2 m5-k5=Y 2.B a7xd4xj10xn6=s",
            "1.B h2-h4 {a comment} j2-h2 ; to the end\n2.R c5xe7",
            "1.B h2-h4{tight} j2-h2;x\n2.R c5xe7",
            "1.B h2-h4! j2-h2?? 2.R -- 3.B e03-e5 e100-e102",
            "1.B 2.R c5-e5",
            "1.B h2-h4 j2-h2 k2-k4",
            "h2-h4 1.B",
            "12345678901.B a1-a3",
            "1.Q a1-a3 1.b a1-a3 1.",
            "1.B a1-a3\u{a0}b1-b3 2.R c1xc3\u{3000}",
            "1.B a1-a3=B=R a1-a3= a1-a3=Q a1xa3x a1x a1-",
            "1.B a1-a3 }",
            "1.B a1-a3 {never closed",
            "999999999.B a1-a3 4294967295.B a1-a3 4294967296.B 9999999999.B 000000001.B a1-a3",
            "1.B a1-a3\x0bb1-b3\x0cc1-c3\x00 d1-d3\x1f e1-e3\x7f 2.R a1-a3é b1-b3\u{2028}",
            "1.B a1-a3 a1-a3 a1-a3",
            "1.B a1-a3 a1-a3\n1.B a1-a3",
            "1.B a1xa3xa5xa7xa9xa11xc11xe11xg11xi11xk11xk9xk7xk5 b1-b3",
            "1.B a1xa3xa5xa7xa9xa11xc11xe11xg11xi11xk11xk9xk7xk5",
            "",
            "   \n ",
        ];
        for text in cases {
            for limit in [1, 3, 4, 5, 6, 8, 12, 13, 40, 47, 48, 1_000] {
                assert_eq!(
                    read_text(text, limit, true),
                    read_text(text, limit, false),
                    "{text:?} with tokens of at most {limit} bytes"
                );
            }
        }
    }

    proptest::proptest! {
        #[test]
        fn plain_turns_read_as_the_tokens_read_them(
            text in "(([0-9]{1,3}\\.[BRYKbrykQ]|[0-9]{8,11}\\.[BR]|[BR]|[a-nB][0-9]{1,3}([-xX][a-oB][0-9]{0,3}){1,3}(=[BRYKSsq])?|[a-n][0-9]{1,2}([xX][a-n][0-9]{1,2}){9,12}|--|[a-e1-9.=x-]{1,5}|\\{[a-z ]{0,4}\\}|;[a-z ]{0,3}\n|[!?]{1,2})( |  |\t|\n|\r\n|\x0b|\x0c|\x00|\x1f|\x7f|é|\u{a0}|\u{2028}|\\{c\\}|)){0,12}",
            limit in 1usize..50,
        ) {
            proptest::prop_assert_eq!(read_text(&text, limit, true), read_text(&text, limit, false));
            proptest::prop_assert_eq!(read_text(&text, 1_000, true), read_text(&text, 1_000, false));
        }

        #[test]
        fn the_common_shapes_read_as_the_parsers_read_them(
            text in "B (([a-nB][0-9]{1,3}([-xX][a-oB][0-9]{0,3}){1,3}(=[BRYKSsq])?|[0-9.]{0,4}[BRYKbrykq]|--|[0-9.]{0,2}[BbRKex1-9=\\-xX]{1,9}) ){1,5}",
        ) {
            proptest::prop_assert_eq!(read_all(&text, true), read_all(&text, false));
        }
    }

    #[test]
    fn parses_the_notation() {
        let t = turns("1.B g3-g5 i3-i5 R c5xE7Xg9=s 2. b -- y d12-d14=B").unwrap();
        assert_eq!(t.len(), 4);
        assert_eq!(t[0].number.unwrap().value, Numeral::Value(1));
        assert_eq!(t[0].number.unwrap().span, Span::new(0, 2));
        assert_eq!(t[0].camp.span, Span::new(2, 1));
        assert_eq!(t[0].actions.len(), 2);
        let Written::Capture(from, path) = &t[1].actions[0].value.written else {
            panic!()
        };
        assert_eq!(
            from.value,
            Square {
                file: 'c',
                rank: Numeral::Value(5),
                padded: false
            }
        );
        assert_eq!(path.len(), 2);
        assert_eq!(path.get(1).unwrap().span, Span::new(24, 2));
        assert_eq!(t[1].actions[0].value.mark.unwrap().value, Colour::Spare);
        assert_eq!(t[2].number.unwrap().value, Numeral::Value(2));
        assert!(t[2].pass.is_some());
        assert_eq!(t[3].camp.value, Camp::Yellow);
    }

    #[test]
    fn long_captures_keep_every_landing_as_written() {
        let hops: Vec<String> = (0..14).map(|i| format!("e{}", 1 + 2 * i)).collect();
        let text = format!("B a1x{} e7xe{}xg9", hops.join("x"), "9".repeat(30));
        let t = turns(&text).unwrap();
        let written: Vec<Vec<String>> = t[0]
            .actions
            .iter()
            .map(|action| match &action.value.written {
                Written::Capture(_, path) => path
                    .iter()
                    .map(|s| format!("{}@{}", s.value.text(), s.span.offset))
                    .collect(),
                Written::Move(..) => panic!(),
            })
            .collect();
        let mut offset = 5;
        let expected: Vec<String> = hops
            .iter()
            .map(|hop| {
                let at = offset;
                offset += hop.len() + 1;
                format!("{hop}@{at}")
            })
            .collect();
        assert_eq!(written[0], expected, "more landings than are packed");
        assert_eq!(written[0].len(), 14);
        // A number too large to pack: kept as written.
        let at = offset + 3;
        assert!(written[1][0].starts_with("e999") && written[1][0].ends_with(&format!("@{at}")));
        assert_eq!(written[1][1], format!("g9@{}", at + 32));
    }

    #[test]
    fn off_board_squares_still_parse() {
        assert_eq!(turns("B p3-d1").unwrap().len(), 1);
        // Ranks and rounds of any length too.
        let long = "9".repeat(200);
        let t = turns(&format!("{long}.B e{long}-e5 e3xe{long}")).unwrap();
        assert_eq!(t[0].number.unwrap().value.value(), None);
        assert_eq!(t[0].actions.len(), 2);
        // A leading zero too, kept for the rules to refuse.
        let t = turns("B e03-e5 e12xg010").unwrap();
        let padded: Vec<bool> = t[0]
            .actions
            .iter()
            .flat_map(|action| match &action.value.written {
                Written::Move(from, to) => vec![from.value.padded, to.value.padded],
                Written::Capture(from, path) => std::iter::once(*from)
                    .chain(path.iter())
                    .map(|s| s.value.padded)
                    .collect(),
            })
            .collect();
        assert_eq!(padded, [true, false, false, true]);
    }

    #[test]
    fn malformed_turns() {
        assert!(turns("e3-e5").is_err(), "no camp letter");
        assert!(turns("B").is_err(), "no action");
        assert!(turns("B e3-e5 g3-g5 i3-i5").is_err(), "three actions");
        assert!(turns("B -- e3-e5").is_err());
        assert!(turns("B e3-e5 --").is_err());
        assert!(turns("B e3").is_err());
        assert!(turns("B e3-e5=Z").is_err());
        assert!(turns("B e3-e5-e7").is_err());
        assert!(turns("1. 2.B e3-e5").is_err());
        assert!(turns("B e3-e5 3.").is_err());
        assert_eq!(turns("B e3-e5 R").unwrap_err().span, Span::new(8, 1));
    }
}
