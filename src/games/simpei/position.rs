//! Simpei's position: the pieces on the board and in hand, and whose turn
//! it is. What a turn may do to it is in `rules.rs`.

use std::fmt;

use serde::Deserialize;

use crate::games::duel::Duellist;

use super::board::Point;

/// Pieces per player.
pub const PIECES: u8 = 4;

/// The two players, named by the colour of their pieces.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Colour {
    /// Red, who plays first.
    Red,
    /// Blue, who plays second.
    Blue,
}

impl Colour {
    /// The opponent.
    pub fn other(self) -> Colour {
        match self {
            Colour::Red => Colour::Blue,
            Colour::Blue => Colour::Red,
        }
    }

    /// Index into a position's per-colour arrays: Red 0, Blue 1.
    pub fn index(self) -> usize {
        self as usize
    }

    /// The header key: `red` or `blue`.
    pub fn name(self) -> &'static str {
        match self {
            Colour::Red => "red",
            Colour::Blue => "blue",
        }
    }
}

impl Duellist for Colour {
    const BOTH: [Self; 2] = [Colour::Red, Colour::Blue];

    fn key(self) -> &'static str {
        self.name()
    }
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A Simpei position: pieces of each colour as bit sets over the 7x7 grid.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    /// Each colour's pieces, one [`Point::bit`] each, by [`Colour::index`].
    pub pieces: [u64; 2],
    /// Pieces each colour still holds in hand, by [`Colour::index`].
    pub hand: [u8; 2],
    /// The colour to act.
    pub to_move: Colour,
    /// The colour that aligned three, once the game is won.
    pub winner: Option<Colour>,
    /// Pieces lifted by a sandwich, waiting for their relocation.
    pub lifted: u64,
    /// Every piece the turn's action sandwiched, relocated or not.
    pub sandwiched: u64,
    /// Who played the record's first turn (move numbers count from it).
    pub opener: Colour,
}

impl Default for Position {
    fn default() -> Self {
        Position {
            pieces: [0, 0],
            hand: [PIECES, PIECES],
            to_move: Colour::Red,
            winner: None,
            lifted: 0,
            sandwiched: 0,
            opener: Colour::Red,
        }
    }
}

impl Position {
    /// Every point holding a piece, as a bit set.
    pub fn occupied(&self) -> u64 {
        self.pieces[0] | self.pieces[1]
    }

    /// The colour of the piece on `point`, if any.
    pub fn colour_at(&self, point: Point) -> Option<Colour> {
        [Colour::Red, Colour::Blue]
            .into_iter()
            .find(|c| self.pieces[c.index()] & point.bit() != 0)
    }

    /// Whether the game is still in the placement phase: a player holds
    /// pieces in hand.
    pub fn in_placement(&self) -> bool {
        self.hand[0] > 0 || self.hand[1] > 0
    }
}

/// A normal action (relocations are not normal actions).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Action {
    /// A piece from hand put on an empty point.
    Place(Point),
    /// A piece moved from the first point to a neighbour, in the other world.
    Move(Point, Point),
    /// `--`: the player has no move.
    Pass,
}

impl Action {
    /// The point the piece lands on, where the win and sandwiches are looked
    /// for; `None` for a pass.
    pub fn landing(self) -> Option<Point> {
        match self {
            Action::Place(to) | Action::Move(_, to) => Some(to),
            Action::Pass => None,
        }
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Place(to) => write!(f, "{to}"),
            Action::Move(from, to) => write!(f, "{from}-{to}"),
            Action::Pass => f.write_str("--"),
        }
    }
}

/// A legal turn: the action and the relocations it calls for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Play {
    /// The placement, move or pass.
    pub action: Action,
    /// Sorted by the point the piece came from.
    pub relocations: Vec<(Point, Point)>,
}

impl fmt::Display for Play {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.action)?;
        for (from, to) in &self.relocations {
            write!(f, " {from}>{to}")?;
        }
        Ok(())
    }
}
