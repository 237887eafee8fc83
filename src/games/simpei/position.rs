//! Simpei's position: the pieces on the board and in hand, and whose turn
//! it is. What a turn may do to it is in `legality.rs`.

use std::fmt;

use super::board::{Colour, Point};

/// Pieces per player.
pub const PIECES: u8 = 4;

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

impl crate::games::duel::Seated for Position {
    type Side = Colour;
    const GAME: &'static str = "Simpei";

    fn opener(&self) -> Colour {
        self.opener
    }

    fn to_move(&self) -> Colour {
        self.to_move
    }
}
