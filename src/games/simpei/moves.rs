//! Simpei's turn generation: the legal actions of a position, and the
//! relocations a sandwich opens.

use super::board::{points, Point};
use super::position::{Action, Play, Position};

impl Position {
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

/// The relocations still open: each waiting piece (or just `piece`) to
/// each empty point.
pub fn open_relocations(position: &Position, piece: Option<Point>) -> Vec<String> {
    let empty: Vec<Point> = Point::all()
        .filter(|p| position.occupied() & p.bit() == 0)
        .collect();
    points(position.lifted)
        .filter(|from| piece.is_none_or(|p| p == *from))
        .flat_map(|from| empty.iter().map(move |to| format!("{from}>{to}")))
        .collect()
}

/// Ways to relocate the lifted pieces, for the turn generator: all of
/// them, or the first `limit`.
pub fn relocations(
    position: &Position,
    lifted: &[Point],
    out: &mut Vec<Vec<(Point, Point)>>,
    done: &mut Vec<(Point, Point)>,
    limit: usize,
) {
    let Some((&from, rest)) = lifted.split_first() else {
        if out.len() < limit {
            out.push(done.clone());
        }
        return;
    };
    let taken: u64 = done
        .iter()
        .fold(position.occupied(), |m, (_, to)| m | to.bit());
    for to in Point::all().filter(|p| taken & p.bit() == 0) {
        if out.len() >= limit {
            return;
        }
        done.push((from, to));
        relocations(position, rest, out, done, limit);
        done.pop();
    }
}

/// The first `limit` legal turns of `action`, in generator order, given
/// the position it leaves (`next`, sandwiched pieces lifted).
pub fn turns_of(next: &Position, action: Action, sandwiched: u64, limit: usize) -> Vec<Play> {
    let lifted: Vec<Point> = points(sandwiched).collect();
    let mut all = Vec::new();
    relocations(next, &lifted, &mut all, &mut Vec::new(), limit);
    all.into_iter()
        .map(|relocations| Play {
            action,
            relocations,
        })
        .collect()
}

/// How many legal turns `action` gives: each sandwiched piece in turn
/// goes to any empty point the pieces before it left.
pub fn count_of(next: &Position, sandwiched: u64) -> usize {
    let empty = Point::all()
        .filter(|p| next.occupied() & p.bit() == 0)
        .count();
    (0..sandwiched.count_ones() as usize)
        .map(|placed| empty.saturating_sub(placed))
        .product()
}
