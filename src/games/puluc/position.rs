//! Puluc's position: the stacks on the track, the pawns at start and
//! killed, and whose throw it is. What a turn may do to it is in
//! `legality.rs`.

use std::fmt;

use super::board::{Origin, Side, Stack, DEFAULT_SQUARES, MAX_SQUARES, PAWNS};

/// A Puluc position. Start squares are not kept in `track`: their pawns are
/// counted in `start`, since they can never be captured.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    /// Track length N: squares 0 to N-1.
    pub squares: u8,
    /// The stack on each square, by number; start squares and any past the track stay empty.
    pub track: [Stack; MAX_SQUARES as usize],
    /// Pawns on each side's start square, by [`Side::index`].
    pub start: [u8; 2],
    /// Each side's pawns killed, out of the game for good, by [`Side::index`].
    pub killed: [u8; 2],
    /// The side to throw.
    pub to_move: Side,
    /// The side that killed all four of the opponent's pawns, once the game is
    /// won.
    pub winner: Option<Side>,
    /// Who played the record's first turn (move numbers count from it).
    pub opener: Side,
}

impl Default for Position {
    fn default() -> Self {
        Position::new(DEFAULT_SQUARES)
    }
}

impl Position {
    /// Four pawns each on their start square, A to throw.
    pub fn new(squares: u8) -> Self {
        Position {
            squares,
            track: [Stack::EMPTY; MAX_SQUARES as usize],
            start: [PAWNS; 2],
            killed: [0; 2],
            to_move: Side::A,
            winner: None,
            opener: Side::A,
        }
    }

    /// A side's start square.
    pub fn home(&self, side: Side) -> u8 {
        match side {
            Side::A => 0,
            Side::B => self.squares - 1,
        }
    }

    /// The track's squares that are not start squares.
    pub fn middle(&self) -> std::ops::Range<u8> {
        1..self.squares - 1
    }

    /// Where a unit of `side` from `from` arrives with `throw`; may lie off
    /// the track.
    pub fn reach(&self, side: Side, from: Origin, throw: u8) -> i32 {
        let from = match from {
            Origin::Enter => self.home(side),
            Origin::Square(s) => s,
        };
        match side {
            Side::A => i32::from(from) + i32::from(throw),
            Side::B => i32::from(from) - i32::from(throw),
        }
    }

    /// The side's pawns on the track (as prisoners or not).
    pub fn on_track(&self, side: Side) -> u8 {
        self.middle()
            .map(|s| self.track[usize::from(s)].count(side))
            .sum()
    }
    /// Where a side's pawns stand on the track: `3:a`, `6:bab`.
    pub(crate) fn squares_of(&self, side: Side) -> String {
        self.middle()
            .filter(|&s| self.track[usize::from(s)].count(side) > 0)
            .map(|s| format!("{s}:{}", self.track[usize::from(s)]))
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// What a turn does with its throw.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// A unit moves and lands on (or finishes at) `to`.
    Move {
        /// Where the unit comes from.
        from: Origin,
        /// The square it lands on, or the opponent's start when it finishes.
        to: u8,
    },
    /// `-`: the throw has no legal move.
    Pass,
}

/// A legal turn: one throw and what it moved.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Play {
    /// The throw, 1 to 5: the flat sides up, or 5 when none is.
    pub throw: u8,
    /// What the throw moved.
    pub action: Action,
}

impl fmt::Display for Play {
    /// Canonical notation, with the destination: `3:4-7`, `5:e-5`, `2:-`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.action {
            Action::Pass => write!(f, "{}:-", self.throw),
            Action::Move {
                from: Origin::Enter,
                to,
            } => write!(f, "{}:e-{to}", self.throw),
            Action::Move {
                from: Origin::Square(from),
                to,
            } => {
                write!(f, "{}:{from}-{to}", self.throw)
            }
        }
    }
}

impl crate::games::duel::Seated for Position {
    type Side = Side;
    const GAME: &'static str = "Puluc";

    fn opener(&self) -> Side {
        self.opener
    }

    fn to_move(&self) -> Side {
        self.to_move
    }
}
