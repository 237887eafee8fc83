//! The written turns: movetext read into turns and played.

use std::fmt;

use super::{denoted, Mechanics, Violation, Warning};
use crate::record::movetext::{self, SyntaxError, Token, TokenSource};
use crate::span::Span;

/// The written turns: movetext to turns, and turns played against the rules.
pub trait Notation: Mechanics {
    /// A turn as written: notation with spans, legality unknown. Required:
    /// each game writes its turns its own way.
    type Turn: Clone;

    /// Group movetext tokens into turns, handing each to `each` as soon as
    /// it is whole; notation only, no legality. A syntax error anywhere (a
    /// token's included) still ends the parse with it. Each is a copy of a
    /// turn [`Notation::parse_lent`] lends: only programs keep every turn.
    fn parse_each<'a>(
        tokens: impl TokenSource<'a>,
        each: impl FnMut(Self::Turn),
    ) -> Result<(), SyntaxError> {
        handed_on(each, |lent| Self::parse_lent(tokens, lent))
    }

    /// Group movetext tokens into turns, lending each to `each` (with
    /// whether it is the record's last) once the next token shows it whole,
    /// and giving back the last: a turn is built where it is kept, not
    /// moved from one holder to the next. The replay reads records this
    /// way, playing each turn as it comes, so that no record is ever held
    /// as turns. Required: the reading of the game's notation.
    fn parse_lent<'a>(
        tokens: impl TokenSource<'a>,
        each: impl FnMut(&Self::Turn, bool),
    ) -> Result<Option<Self::Turn>, SyntaxError>;

    /// Group movetext tokens into turns, all of them: the typed view of a
    /// record for programs.
    fn parse(tokens: &[Token<'_>]) -> Result<Vec<Self::Turn>, SyntaxError> {
        let mut turns = Vec::new();
        Self::parse_each(movetext::Given(tokens.iter().copied().map(Ok)), |turn| {
            turns.push(turn)
        })?;
        Ok(turns)
    }

    /// Play one written turn, or say which rule it breaks.
    ///
    /// All or nothing: on `Err` the position is left exactly as it was, so
    /// that the engine can list the legal turns and name the turn from it
    /// without keeping a copy. Required, and not derived from
    /// [`Mechanics::legal`]: it names the rule a refused turn breaks, and
    /// plays a turn without listing every legal one (the replay's hot loop).
    fn play(
        position: &mut Self::Position,
        turn: &Self::Turn,
        index: usize,
    ) -> Result<Vec<Warning>, Violation>;

    /// The legal turn a written turn denotes, the position untouched (a
    /// refused turn gives the violation `play` gives). By default
    /// [`resolve_by_outcome`]; games where several legal turns lead to one
    /// position override it.
    fn resolve(
        position: &Self::Position,
        turn: &Self::Turn,
        index: usize,
    ) -> Result<Self::Play, Violation> {
        resolve_by_outcome::<Self>(position, turn, index)
    }

    /// Movetext for turns played from `start`, with move numbers: by
    /// default each turn as [`Notation::canonical`] writes it, a line for
    /// the turns that share one.
    fn movetext(start: &Self::Position, plays: &[Self::Play]) -> String {
        let mut out = String::new();
        let mut position = start.clone();
        let mut line = None;
        for (index, play) in plays.iter().enumerate() {
            let turn = Self::canonical(&position, play, index);
            if line == Some(turn.line) {
                out.push(' ');
                out.push_str(&turn.continued);
            } else {
                if line.is_some() {
                    out.push('\n');
                }
                out.push_str(&turn.numbered);
            }
            line = Some(turn.line);
            Self::apply(&mut position, play);
        }
        if !out.is_empty() {
            out.push('\n');
        }
        out
    }

    /// The written turn without what only places it in the record (its
    /// move number): how `repair` plays a turn at another place than where
    /// it was written, when a turn before it is found left out or written
    /// twice. By default the turn as it is, for a notation without numbers.
    fn unplaced(turn: &Self::Turn) -> Self::Turn {
        turn.clone()
    }

    /// Where a written turn stands in the record, its move number
    /// included: `arbitre fmt` keeps each comment after the turn it
    /// follows. Required: only the game knows where its turn starts.
    fn turn_span(turn: &Self::Turn) -> Span;

    /// A legal turn as the canonical movetext writes it (`arbitre fmt`):
    /// `play`, about to be played at `position` as the `index`-th turn of
    /// its record, with its move number, and the line it belongs on (a
    /// pair of turns, a round). Required: numbering and layout differ by
    /// game (two-player games share `duel::canonical`).
    fn canonical(position: &Self::Position, play: &Self::Play, index: usize) -> CanonicalTurn;

    /// The throw written in a turn, for the throw statistics.
    fn throw(_turn: &Self::Turn) -> Option<u32> {
        None
    }

    /// "3. red", "12.B": how a referee names the turn about to be played,
    /// the `index`-th of its record. Derived from the game's
    /// [`Notation::Label`].
    fn turn_label(position: &Self::Position, index: usize) -> String {
        Self::Label::of(position, index)
    }

    /// A turn label read back from a person (`--turn 3.B`): the game's own
    /// format, so that a report's label names the same turn again. A game
    /// must give it because the label is how its records number turns;
    /// the label type prints, reads and matches itself ([`TurnLabel`]), so
    /// that the three cannot disagree. Two-player games take
    /// `duel::Label` whole.
    type Label: TurnLabel<Self::Position>;

    /// Read a label as [`Notation::turn_label`] prints it; the error says
    /// which forms the game takes.
    fn read_label(text: &str) -> Result<Self::Label, String> {
        Self::Label::read(text)
    }

    /// Whether `label` names the turn about to be played at `position`,
    /// the `index`-th of its record.
    fn names_turn(label: &Self::Label, position: &Self::Position, index: usize) -> bool {
        label.names(position, index)
    }
}

/// A game's turn label: printed of a position, read back from a person,
/// and matched against a position, in one type so that what a report
/// prints reads back as the same turn.
pub trait TurnLabel<P>: Sized + fmt::Debug {
    /// How a referee names the turn about to be played at `position`, the
    /// `index`-th of its record.
    fn of(position: &P, index: usize) -> String;

    /// Read a label as [`TurnLabel::of`] prints it; the error says which
    /// forms the game takes.
    fn read(text: &str) -> Result<Self, String>;

    /// Whether the label names the turn about to be played at `position`,
    /// the `index`-th of its record.
    fn names(&self, position: &P, index: usize) -> bool;
}

/// A legal turn as the canonical movetext writes it: what `arbitre fmt`
/// lays out, a line per pair of turns or per round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CanonicalTurn {
    /// The turn at the start of a line, with its move number: `3. c5`,
    /// `3... f4`, `2.R c5-e5 c7-e7`.
    pub numbered: String,
    /// The turn after another one on its line: `f4` in `3. c5 f4`; the
    /// numbered form for a game that numbers every turn.
    pub continued: String,
    /// Which line it belongs on: the turns of a line share it (a move
    /// number, a round), and a new line starts where it changes.
    pub line: u64,
}

/// The written turn played on a copy, and matched with the first legal turn
/// leading to the same position.
pub fn resolve_by_outcome<N: Notation + ?Sized>(
    position: &N::Position,
    turn: &N::Turn,
    index: usize,
) -> Result<N::Play, Violation> {
    let mut after = position.clone();
    N::play(&mut after, turn, index)?;
    denoted::<N>(position, &after, N::legal(position))
}

/// Turns handed on by value from a parser that lends them (`lend`, a
/// game's own [`Notation::parse_lent`]): each a copy, the last moved out.
/// A game whose turn is large writes its `parse_each` with this, where
/// only programs keep every turn.
pub(crate) fn handed_on<T: Clone>(
    mut each: impl FnMut(T),
    lend: impl FnOnce(&mut dyn FnMut(&T, bool)) -> Result<Option<T>, SyntaxError>,
) -> Result<(), SyntaxError> {
    let last = lend(&mut |turn, last| {
        if !last {
            each(turn.clone());
        }
    })?;
    if let Some(last) = last {
        each(last);
    }
    Ok(())
}

/// One written turn alone, e.g. `"c3"` or `"3.B e5xg7 f2-f3"`, as `N::parse`
/// reads it; its spans count from the start of `text`.
pub fn parse_turn<N: Notation>(text: &str) -> Result<N::Turn, SyntaxError> {
    let whole = Span::new(0, text.len());
    let tokens = movetext::tokens(text, 0)?;
    let turns = N::parse(&tokens)?;
    let count = turns.len();
    let mut turns = turns.into_iter();
    match (turns.next(), turns.next()) {
        (Some(turn), None) => Ok(turn),
        (None, _) => Err(SyntaxError::new("no turn is written", whole)),
        (Some(_), Some(_)) => Err(SyntaxError::new(
            format!("one turn is expected, not {count}"),
            whole,
        )),
    }
}
