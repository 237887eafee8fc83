//! The one trait through which a game plugs into the shared machinery, and
//! the vocabulary the games answer in.

use std::fmt;

use serde::de::DeserializeOwned;
use serde::ser::{Serialize, SerializeMap, Serializer};

use crate::record::movetext::{SyntaxError, Token};
use crate::record::{HeaderError, HeaderText, Switches};
use crate::rng::Rng;
use crate::span::Span;

/// A rule broken by a turn as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Violation {
    /// The spec's rule id, e.g. `simpei/occupied` or `result-mismatch`.
    pub rule: &'static str,
    pub message: String,
    pub span: Span,
    /// Set by the replay engine for turns; by the game in `conclude`.
    pub turn_index: Option<usize>,
    /// What was legal instead. `None` lets the engine list the legal turns.
    pub expected: Option<Vec<String>>,
}

impl Violation {
    pub fn new(rule: &'static str, message: impl Into<String>, span: Span) -> Self {
        Violation {
            rule,
            message: message.into(),
            span,
            turn_index: None,
            expected: None,
        }
    }

    pub fn expecting(mut self, expected: Vec<String>) -> Self {
        self.expected = Some(expected);
        self
    }

    pub fn at_turn(mut self, index: Option<usize>) -> Self {
        self.turn_index = index;
        self
    }
}

/// A tolerated infraction or a remark; replay goes on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Warning {
    pub rule: &'static str,
    pub message: String,
    pub span: Option<Span>,
    pub turn_index: Option<usize>,
}

impl Warning {
    pub fn new(rule: &'static str, message: impl Into<String>, span: Option<Span>) -> Self {
        Warning {
            rule,
            message: message.into(),
            span,
            turn_index: None,
        }
    }
}

/// Points by player, in the order the game lists its players.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Scores(pub Vec<(String, i64)>);

impl Serialize for Scores {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (name, points) in &self.0 {
            map.serialize_entry(name, points)?;
        }
        map.end()
    }
}

/// A table for humans: a header row and rows of cells.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Table {
    pub header: Vec<String>,
    pub rows: Vec<Vec<String>>,
}

/// Where a record stands after its last replayed turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Summary {
    pub finished: bool,
    pub winner: Option<String>,
    pub to_move: Option<String>,
    pub scores: Option<Scores>,
    /// One line for humans: "red wins", "unfinished, blue to act".
    pub description: String,
    /// The game's detailed score table for `arbitre score`.
    pub table: Option<Table>,
}

/// A game: its header, positions, notation and rules. The replay engine,
/// the reports and the commands see games only through this trait.
pub trait Game: 'static {
    /// The `game:` value.
    const NAME: &'static str;
    /// House-rule switches the game understands.
    const SWITCHES: &'static [&'static str] = &[];

    /// The header, deserialised with unknown keys denied.
    type Header: DeserializeOwned;
    type Position: Clone;
    /// A turn as written: notation with spans, legality unknown.
    type Turn;
    /// A legal turn, displayed in canonical notation.
    type Play: Clone + fmt::Display;

    /// Group movetext tokens into turns; notation only, no legality.
    fn parse(tokens: &[Token<'_>]) -> Result<Vec<Self::Turn>, SyntaxError>;

    /// The position the record starts from (its `setup`, or the initial one).
    fn start(
        header: &Self::Header,
        text: &HeaderText<'_>,
        switches: &Switches,
    ) -> Result<Self::Position, HeaderError>;

    /// "3. red", "12.B": how a referee names the turn about to be played.
    fn turn_label(position: &Self::Position, index: usize) -> String;

    /// Play one written turn, or say which rule it breaks.
    fn play(
        position: &mut Self::Position,
        turn: &Self::Turn,
        index: usize,
    ) -> Result<Vec<Warning>, Violation>;

    /// Checks once every turn is played: `end`, `result`, and the like.
    fn conclude(
        header: &Self::Header,
        text: &HeaderText<'_>,
        position: &Self::Position,
        turns: &[Self::Turn],
    ) -> Result<Vec<Warning>, Violation>;

    fn summary(header: &Self::Header, position: &Self::Position) -> Summary;

    /// Every legal turn; empty once the game is over.
    fn legal(position: &Self::Position) -> Vec<Self::Play>;

    fn apply(position: &mut Self::Position, play: &Self::Play);

    /// The initial position of a mode (`None`: the default).
    fn initial(mode: Option<&str>) -> Result<Self::Position, String>;

    /// Header lines (without `---`) for a record generated from `initial`.
    fn record_header(start: &Self::Position) -> String;

    /// Movetext for turns played from `start`, with move numbers.
    fn movetext(start: &Self::Position, plays: &[Self::Play]) -> String;

    /// The position as an ASCII diagram, with whose turn it is.
    fn diagram(position: &Self::Position) -> String;

    /// A commented record to start from (`arbitre new`).
    fn template() -> &'static str;

    /// One random legal turn; games with dice override this.
    fn random_play(position: &Self::Position, rng: &mut Rng) -> Option<Self::Play> {
        let plays = Self::legal(position);
        if plays.is_empty() {
            None
        } else {
            Some(plays[rng.below(plays.len())].clone())
        }
    }

    /// The chance of each throw value with fair sticks or dice, for games
    /// played with them (`arbitre stats`); empty for games without throws.
    const FAIR_THROWS: &'static [(u32, f64)] = &[];

    /// The throw written in each turn, for the throw statistics.
    fn throws(_turns: &[Self::Turn]) -> Vec<u32> {
        Vec::new()
    }

    /// Lines shown under `arbitre moves` besides the legal turns.
    fn moves_notes(_position: &Self::Position) -> Vec<String> {
        Vec::new()
    }

    /// perft: distinct legal turn sequences of `depth` turns.
    fn perft(position: &Self::Position, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let plays = Self::legal(position);
        if depth == 1 {
            return plays.len() as u64;
        }
        plays
            .iter()
            .map(|play| {
                let mut next = position.clone();
                Self::apply(&mut next, play);
                Self::perft(&next, depth - 1)
            })
            .sum()
    }
}
