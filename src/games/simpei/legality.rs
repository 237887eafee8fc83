//! Simpei's rules on positions: placements, moves, passes, alignments,
//! sandwiches and relocations. No notation here, only points.

use thiserror::Error;

use crate::game::{self, breach, Violation, Warning};
use crate::games::duel;
use crate::rules::Rule;
use crate::span::{Span, Spanned};

use super::board::{holds_three, inside, points, Colour, Point};
use super::declared;
use super::moves::open_relocations;
use super::notation::{Square, Turn, Written};
use super::position::{Action, Play, Position};

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

impl game::Breach for Breach {
    fn rule(&self) -> &'static Rule {
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

/// What a normal action led to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Aftermath {
    pub won: bool,
    pub sandwiched: u64,
}

/// The `end` of a won game in JSON (`outcome.end`): three pieces aligned, the one way to win.
pub const WON_BY: &str = "alignment";

/// A written square as a point of the board, or why it is none. Every
/// square of every turn comes here: the point is found inline, the
/// violation built apart.
#[inline]
pub fn point(square: Spanned<Square>) -> Result<Point, Violation> {
    let Square { file, rank, padded } = square.value;
    match rank.value().and_then(|rank| Point::parse(file, rank)) {
        Some(point) if !padded => Ok(point),
        found => Err(not_a_point(square, found)),
    }
}

/// Why a written square is no point: its rank has a leading zero (the
/// point it would name is `found`), or it names none.
#[cold]
#[inline(never)]
fn not_a_point(square: Spanned<Square>, found: Option<Point>) -> Violation {
    let Square { file, rank, .. } = square.value;
    match found {
        Some(point) => breach(Breach::LeadingZero(point), square.span),
        None => {
            let written = format!("{}{}", file.to_ascii_lowercase(), rank);
            breach(Breach::NotAPoint(written), square.span)
        }
    }
}

/// A written action on the board's points, or the point that is not one.
/// Inlined where the turn is played: an action returned through memory is
/// read back before its stores are done.
#[inline(always)]
pub fn action(written: &Written) -> Result<Action, Violation> {
    Ok(match *written {
        Written::Place(to) => Action::Place(point(to)?),
        Written::Move(from, to) => {
            let from = point(from)?;
            Action::Move(from, point(to)?)
        }
        Written::Pass => Action::Pass,
    })
}

impl Position {
    /// Whether the mover has a move (movement phase).
    fn can_move(&self) -> bool {
        let empty = !self.occupied();
        points(self.pieces[self.to_move.index()]).any(|from| from.around().neighbours & empty != 0)
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
                if from.around().neighbours & to.bit() == 0 {
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
    /// sandwiched pieces are lifted (they wait in `lifted`). Inlined where
    /// it is played: a call's saving of registers was a fair part of it.
    #[inline(always)]
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

    /// Three of the mover's pieces on a line through `landing`.
    #[inline(always)]
    fn wins_through(&self, landing: Point) -> bool {
        let me = self.to_move.index();
        wins_through(self.pieces[me], self.pieces[1 - me], landing)
    }

    /// The opponent's pieces the mover's piece on `landing` sandwiches.
    fn sandwiched_by(&self, landing: Point) -> u64 {
        let me = self.to_move.index();
        sandwiched_by(self.pieces[me], self.pieces[1 - me], landing)
    }
}

/// Whether `own` holds exactly three pieces on a line through `landing`
/// with none of `theirs` between the outer two: the one way to win, asked
/// by the referee and by the solver alike.
#[inline(always)]
pub(super) fn wins_through(own: u64, theirs: u64, landing: Point) -> bool {
    // Every line holds the landing piece: two more of the mover's are
    // rare, and only then is the line looked at closely.
    let others = own & !landing.bit();
    landing.around().lines.into_iter().any(|line| {
        let two_more = others & line & (others & line).wrapping_sub(1) != 0;
        let aligned = own & line;
        two_more && holds_three(aligned) && theirs & line & inside(aligned) == 0
    })
}

/// Runs of `theirs` closed by one of `own`, from the landing point in each
/// of the 8 directions of its world: the pieces a landing sandwiches.
pub(super) fn sandwiched_by(own: u64, theirs: u64, landing: Point) -> u64 {
    let mut sandwiched = 0;
    // A run starts next to the landing point: only the rays through an
    // opponent piece there are walked.
    for next in points(theirs & landing.around().nearest) {
        let ray = landing.ray_through(next);
        let stops = ray & !theirs;
        if stops == 0 {
            continue;
        }
        // The first point along the ray that is not the opponent's.
        let stop = if next > landing {
            stops & stops.wrapping_neg()
        } else {
            1 << (63 - stops.leading_zeros())
        };
        if own & stop != 0 {
            sandwiched |= ray & inside(landing.bit() | stop);
        }
    }
    sandwiched
}

/// Play one written turn ([`Notation::play`](crate::Notation::play)):
/// all or nothing, the position left as it was on a violation.
pub(super) fn play(
    position: &mut Position,
    turn: &Turn,
    index: usize,
) -> Result<Vec<Warning>, Violation> {
    if let Some(winner) = position.winner {
        return Err(breach(Breach::GameOver(winner), turn.span()).expecting(Vec::<Play>::new()));
    }
    duel::check_move_number(
        &declared::MOVE_NUMBER,
        turn.number,
        position.opener,
        index,
        position.to_move,
    )?;
    let action_span = turn.action.span;
    // A wrong action lists the actions legal instead, not the whole
    // turns: one sandwich's relocations would crowd out every other
    // action.
    let action = action(&turn.action.value).map_err(|v| v.expecting(position.actions()))?;
    position
        .check(action)
        .map_err(|b| breach(b, action_span).expecting(position.actions()))?;
    // The relocations are checked against the position the action left,
    // played where it stands; a copy puts it back if the turn is
    // illegal. (Played on a copy moved in at the end, the copy is read
    // back whole just after its fields were written.)
    let before = position.clone();
    position.act(action);
    let relocated = relocations(position, turn, action_span);
    match relocated {
        Ok(()) => position.end_turn(),
        Err(_) => *position = before,
    }
    relocated.map(|()| Vec::new())
}

/// A turn's relocations checked and played on `next`, the position its
/// action left.
fn relocations(next: &mut Position, turn: &Turn, action_span: Span) -> Result<(), Violation> {
    for relocation in &turn.relocations {
        let (from, to) = relocation.value;
        // A square that names no point lists the relocations still
        // open: the named piece's, when it is one that waits.
        let from_point = point(from).map_err(|v| v.expecting(open_relocations(next, None)))?;
        let waiting = (next.lifted & from_point.bit() != 0).then_some(from_point);
        let to_point = point(to).map_err(|v| v.expecting(open_relocations(next, waiting)))?;
        next.check_relocation(from_point, to_point)
            .map_err(|b| match b {
                Breach::RelocationOccupied(_) => {
                    breach(b, to.span).expecting(open_relocations(next, Some(from_point)))
                }
                _ => breach(b, from.span).expecting(open_relocations(next, None)),
            })?;
        next.relocate(from_point, to_point);
    }
    next.check_relocated()
        .map_err(|b| breach(b, action_span).expecting(open_relocations(next, None)))
}

/// The legal turn a written turn denotes ([`Notation::resolve`](crate::Notation::resolve)):
/// the turn as written, its relocations in `Play`'s order, as two pieces of
/// one colour relocated crosswise lead to one position.
/// Generic over the game only to name its `Mechanics` without importing
/// `mod.rs`.
pub(super) fn resolve<G: game::Mechanics<Position = Position, Play = Play>>(
    position: &Position,
    turn: &Turn,
    index: usize,
) -> Result<Play, Violation> {
    let mut after = position.clone();
    play(&mut after, turn, index)?;
    let mut relocations = turn
        .relocations
        .iter()
        .map(|r| Ok((point(r.value.0)?, point(r.value.1)?)))
        .collect::<Result<Vec<_>, Violation>>()?;
    relocations.sort();
    let play = Play {
        action: action(&turn.action.value)?,
        relocations,
    };
    game::denoted::<G>(position, &after, [play])
}

#[cfg(test)]
mod tests {
    use super::super::position::PIECES;
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
