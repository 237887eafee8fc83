//! Simpei's rules on positions: placements, moves, passes, alignments,
//! sandwiches and relocations. No notation here, only points.

use std::fmt;

use serde::Deserialize;
use thiserror::Error;

use crate::games::duel::Duellist;
use crate::rules::Rule;

use super::board::{lines_through, points, Point, DIRECTIONS};
use super::declared;

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

/// A rule broken by an action, with the spec's rule id.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum Breach {
    #[error("{0} is not a point: points are a, c, e, g x 1, 3, 5, 7 (upper world) and b, d, f x 2, 4, 6 (lower world)")]
    NotAPoint(String),
    #[error("a rank written with a leading zero names no point: write `{0}`")]
    LeadingZero(Point),
    #[error("{0} is occupied")]
    Occupied(Point),
    #[error("the first placement must be on a central upper point (c3, e3, c5 or e5), not {0}")]
    FirstPlacementCentre(Point),
    #[error("{colour} still has {} in hand and must place, not move", crate::words::counted(*.in_hand, "piece", "pieces"))]
    MustPlace { colour: Colour, in_hand: u8 },
    #[error("{0} has no piece left in hand: all four are on the board, so it must move")]
    NoPieceInHand(Colour),
    #[error("{at} does not hold a {colour} piece")]
    NotYourPiece { at: Point, colour: Colour },
    #[error(
        "{to} is not a neighbour of {from}: a piece moves one diagonal step, into the other world"
    )]
    NotANeighbour { from: Point, to: Point },
    #[error("{0} cannot pass: a legal action exists")]
    IllegalPass(Colour),
    #[error("{} must be relocated; missing: {}", sandwiched_pieces(.sandwiched), list(.missing))]
    RelocationMissing {
        missing: Vec<Point>,
        sandwiched: Vec<Point>,
    },
    #[error("{from} {} (sandwiched this turn: {})", if *.again { "is relocated twice" } else { "was not sandwiched" }, list(.sandwiched))]
    RelocationNotSandwiched {
        from: Point,
        sandwiched: Vec<Point>,
        again: bool,
    },
    #[error("{0} is occupied: a relocated piece goes to an empty point")]
    RelocationOccupied(Point),
    #[error("the game is over: {0} has won")]
    GameOver(Colour),
}

/// "the sandwiched piece c1", "the sandwiched pieces c1, e1 each".
fn sandwiched_pieces(points: &[Point]) -> String {
    match points {
        [one] => format!("the sandwiched piece {one}"),
        many => format!("the sandwiched pieces {} each", list(many)),
    }
}

fn list(points: &[Point]) -> String {
    crate::game::listing(points.iter(), points.len())
}

impl Breach {
    pub fn rule(&self) -> &'static Rule {
        match self {
            Breach::NotAPoint(_) | Breach::LeadingZero(_) => &declared::NOT_A_POINT,
            Breach::Occupied(_) => &declared::OCCUPIED,
            Breach::FirstPlacementCentre(_) => &declared::FIRST_PLACEMENT_CENTRE,
            Breach::MustPlace { .. } => &declared::MUST_PLACE,
            Breach::NoPieceInHand(_) => &declared::NO_PIECE_IN_HAND,
            Breach::NotYourPiece { .. } => &declared::NOT_YOUR_PIECE,
            Breach::NotANeighbour { .. } => &declared::NOT_A_NEIGHBOUR,
            Breach::IllegalPass(_) => &declared::ILLEGAL_PASS,
            Breach::RelocationMissing { .. } => &declared::RELOCATION_MISSING,
            Breach::RelocationNotSandwiched { .. } => &declared::RELOCATION_NOT_SANDWICHED,
            Breach::RelocationOccupied(_) => &declared::RELOCATION_OCCUPIED,
            Breach::GameOver(_) => &declared::GAME_OVER,
        }
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

/// What a normal action led to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Aftermath {
    pub won: bool,
    pub sandwiched: u64,
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

    /// Whether the mover has a move (movement phase).
    fn can_move(&self) -> bool {
        let empty = !self.occupied();
        points(self.pieces[self.to_move.index()])
            .any(|from| from.neighbours().any(|to| empty & to.bit() != 0))
    }

    /// Check a normal action in the order of "Which rule is reported".
    pub(crate) fn check(&self, action: Action) -> Result<(), Breach> {
        if let Some(winner) = self.winner {
            return Err(Breach::GameOver(winner));
        }
        let me = self.to_move;
        let occupied = self.occupied();
        match action {
            Action::Move(from, to) => {
                let in_hand = self.hand[me.index()];
                if in_hand > 0 {
                    return Err(Breach::MustPlace {
                        colour: me,
                        in_hand,
                    });
                }
                if self.pieces[me.index()] & from.bit() == 0 {
                    return Err(Breach::NotYourPiece {
                        at: from,
                        colour: me,
                    });
                }
                if !from.neighbours().any(|n| n == to) {
                    return Err(Breach::NotANeighbour { from, to });
                }
                if occupied & to.bit() != 0 {
                    return Err(Breach::Occupied(to));
                }
            }
            Action::Place(to) => {
                if self.hand[me.index()] == 0 {
                    return Err(Breach::NoPieceInHand(me));
                }
                if occupied & to.bit() != 0 {
                    return Err(Breach::Occupied(to));
                }
                if occupied == 0 && !to.is_centre() {
                    return Err(Breach::FirstPlacementCentre(to));
                }
            }
            Action::Pass => {
                if self.hand[me.index()] > 0 || self.can_move() {
                    return Err(Breach::IllegalPass(me));
                }
            }
        }
        Ok(())
    }

    /// Play a checked normal action: the win is looked for first, then the
    /// sandwiched pieces are lifted (they wait in `lifted`).
    pub(crate) fn act(&mut self, action: Action) -> Aftermath {
        let me = self.to_move.index();
        match action {
            Action::Place(to) => {
                self.pieces[me] |= to.bit();
                self.hand[me] -= 1;
            }
            Action::Move(from, to) => self.pieces[me] ^= from.bit() | to.bit(),
            Action::Pass => {}
        }
        let Some(landing) = action.landing() else {
            return Aftermath {
                won: false,
                sandwiched: 0,
            };
        };
        if self.wins_through(landing) {
            self.winner = Some(self.to_move);
            return Aftermath {
                won: true,
                sandwiched: 0,
            };
        }
        let sandwiched = self.sandwiched_by(landing);
        self.pieces[1 - me] &= !sandwiched;
        self.lifted = sandwiched;
        self.sandwiched = sandwiched;
        Aftermath {
            won: false,
            sandwiched,
        }
    }

    /// Put a lifted piece down; the caller checked the points.
    pub fn relocate(&mut self, from: Point, to: Point) {
        self.lifted &= !from.bit();
        self.pieces[self.to_move.other().index()] |= to.bit();
    }

    /// Check a relocation of the mover's choice.
    pub(crate) fn check_relocation(&self, from: Point, to: Point) -> Result<(), Breach> {
        if self.lifted & from.bit() == 0 {
            return Err(Breach::RelocationNotSandwiched {
                from,
                sandwiched: points(self.sandwiched).collect(),
                again: self.sandwiched & from.bit() != 0,
            });
        }
        if self.occupied() & to.bit() != 0 {
            return Err(Breach::RelocationOccupied(to));
        }
        Ok(())
    }

    /// The relocations still missing, if any.
    pub(crate) fn check_relocated(&self) -> Result<(), Breach> {
        if self.lifted == 0 {
            return Ok(());
        }
        Err(Breach::RelocationMissing {
            missing: points(self.lifted).collect(),
            sandwiched: points(self.sandwiched).collect(),
        })
    }

    /// Close the turn once its relocations are done: the opponent acts
    /// next.
    pub fn end_turn(&mut self) {
        self.sandwiched = 0;
        self.to_move = self.to_move.other();
    }

    /// Three of the mover's pieces on a line through `landing`, exactly
    /// three on that line, no opponent between the outer two.
    fn wins_through(&self, landing: Point) -> bool {
        let own = self.pieces[self.to_move.index()];
        let theirs = self.pieces[self.to_move.other().index()];
        lines_through(landing)
            .iter()
            .filter(|line| (own & line.mask).count_ones() == 3)
            .any(|line| {
                let mut seen = 0;
                let mut opponent_since_last = false;
                for point in &line.points {
                    if own & point.bit() != 0 {
                        if seen > 0 && opponent_since_last {
                            return false;
                        }
                        seen += 1;
                        opponent_since_last = false;
                    } else if theirs & point.bit() != 0 && seen > 0 {
                        opponent_since_last = true;
                    }
                }
                true
            })
    }

    /// Runs of opponent pieces closed by one of the mover's pieces, from
    /// the landing point in each of the 8 directions of its world.
    fn sandwiched_by(&self, landing: Point) -> u64 {
        let own = self.pieces[self.to_move.index()];
        let theirs = self.pieces[self.to_move.other().index()];
        let mut sandwiched = 0;
        for direction in DIRECTIONS {
            let mut run = 0;
            let mut at = landing.step(direction);
            while let Some(point) = at {
                if theirs & point.bit() != 0 {
                    run |= point.bit();
                    at = point.step(direction);
                } else {
                    if own & point.bit() != 0 {
                        sandwiched |= run;
                    }
                    break;
                }
            }
        }
        sandwiched
    }

    /// Every normal action the mover may play (before relocations).
    pub fn actions(&self) -> Vec<Action> {
        if self.winner.is_some() {
            return Vec::new();
        }
        let empty: Vec<Point> = Point::all()
            .filter(|p| self.occupied() & p.bit() == 0)
            .collect();
        let me = self.to_move.index();
        if self.hand[me] > 0 {
            let first = self.occupied() == 0;
            return empty
                .into_iter()
                .filter(|p| !first || p.is_centre())
                .map(Action::Place)
                .collect();
        }
        let mut actions: Vec<Action> = points(self.pieces[me])
            .flat_map(|from| {
                from.neighbours()
                    .filter(|to| self.occupied() & to.bit() == 0)
                    .map(move |to| Action::Move(from, to))
            })
            .collect();
        if actions.is_empty() {
            actions.push(Action::Pass);
        }
        actions
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    pub fn p(name: &str) -> Point {
        let mut chars = name.chars();
        let file = chars.next().unwrap();
        Point::parse(file, chars.as_str().parse().unwrap()).unwrap()
    }

    fn position(red: &[&str], blue: &[&str], to_move: Colour) -> Position {
        let mask = |names: &[&str]| names.iter().fold(0, |m, n| m | p(n).bit());
        Position {
            pieces: [mask(red), mask(blue)],
            hand: [PIECES - red.len() as u8, PIECES - blue.len() as u8],
            to_move,
            ..Position::default()
        }
    }

    #[test]
    fn gapped_alignment_wins_unless_an_opponent_is_between() {
        let mut pos = position(&["a1", "c1"], &["a7", "c7"], Colour::Red);
        assert!(pos.act(Action::Place(p("g1"))).won);
        let mut pos = position(&["a1", "c1"], &["e1", "c7"], Colour::Red);
        assert!(!pos.act(Action::Place(p("g1"))).won);
        // An opponent at the end of the line does not stop c1-e1-g1.
        let mut pos = position(&["c1", "e1"], &["a1", "c7"], Colour::Red);
        assert!(pos.act(Action::Place(p("g1"))).won);
    }

    #[test]
    fn four_in_a_line_is_not_a_win() {
        let mut pos = position(&["a1", "c1", "e1"], &["a7", "c7", "e7"], Colour::Red);
        assert!(!pos.act(Action::Place(p("g1"))).won);
    }

    #[test]
    fn a_two_piece_sandwich_lifts_both() {
        let mut pos = position(&["a1"], &["c1", "e1"], Colour::Red);
        let after = pos.act(Action::Place(p("g1")));
        assert_eq!(after.sandwiched, p("c1").bit() | p("e1").bit());
        assert_eq!(pos.pieces[1], 0);
    }

    #[test]
    fn pieces_of_the_other_world_neither_block_nor_count() {
        let mut pos = position(&["a1"], &["c1", "b2"], Colour::Red);
        assert_eq!(pos.act(Action::Place(p("e1"))).sandwiched, p("c1").bit());
    }
}
