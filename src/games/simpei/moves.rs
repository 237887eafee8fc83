//! Simpei's turn generation: the legal actions of a position, and the
//! relocations a sandwich opens.

use std::ops::ControlFlow;

use super::board::{points, Point};
use super::position::{Action, Play, Position};
use crate::game::Group;

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

/// Each way to relocate the lifted pieces after those of `play`, handed
/// to `f` as the whole turn, in generator order, until `f` breaks: no
/// list is built, so that an action whose relocations multiply (143,640
/// turns) is walked in the memory of one turn.
fn each_relocation(
    position: &Position,
    lifted: &[Point],
    play: &mut Play,
    f: &mut impl FnMut(&Play) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let Some((&from, rest)) = lifted.split_first() else {
        return f(play);
    };
    let taken: u64 = play
        .relocations
        .iter()
        .fold(position.occupied(), |m, (_, to)| m | to.bit());
    for to in Point::all().filter(|p| taken & p.bit() == 0) {
        play.relocations.push((from, to));
        let went = each_relocation(position, rest, play, f);
        play.relocations.pop();
        went?;
    }
    ControlFlow::Continue(())
}

/// Each legal turn of `action`, in generator order, handed to `f` until
/// it breaks, given the position it leaves (`next`, sandwiched pieces
/// lifted).
pub fn each_turn_of(
    next: &Position,
    action: Action,
    sandwiched: u64,
    mut f: impl FnMut(&Play) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let lifted: Vec<Point> = points(sandwiched).collect();
    let mut play = Play {
        action,
        relocations: Vec::with_capacity(lifted.len()),
    };
    each_relocation(next, &lifted, &mut play, &mut f)
}

/// Each legal turn of `position` in the order of [`Mechanics::legal`]
/// (`crate::game::Mechanics`), handed to `f` until it breaks, without the
/// list built.
pub fn each_turn(position: &Position, mut f: impl FnMut(&Play) -> ControlFlow<()>) {
    for action in position.actions() {
        let mut next = position.clone();
        let sandwiched = next.act(action).sandwiched;
        if each_turn_of(&next, action, sandwiched, &mut f).is_break() {
            return;
        }
    }
}

/// The first `limit` legal turns of `action`, in generator order, given
/// the position it leaves (`next`, sandwiched pieces lifted).
pub fn turns_of(next: &Position, action: Action, sandwiched: u64, limit: usize) -> Vec<Play> {
    let mut all = Vec::new();
    if limit > 0 {
        let _ = each_turn_of(next, action, sandwiched, |play| {
            all.push(play.clone());
            if all.len() < limit {
                ControlFlow::Continue(())
            } else {
                ControlFlow::Break(())
            }
        });
    }
    all
}

/// Whether `moves` lists the turns of an action that sandwiches these
/// pieces as one group: two pieces or more, whose relocations multiply.
pub fn grouped(sandwiched: u64) -> bool {
    sandwiched.count_ones() >= 2
}

/// How `moves` words such a group: "b2-a1, then c1, e1 each to any empty
/// point".
pub fn group_text(action: Action, sandwiched: u64) -> String {
    let pieces: Vec<String> = points(sandwiched).map(|p| p.to_string()).collect();
    format!(
        "{action}, then {} each to any empty point",
        pieces.join(", ")
    )
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

/// The relocations multiply (143,640 turns for one move that sandwiches
/// four pieces): they are counted, and only the first `n` built.
pub fn legal_first(position: &Position, n: usize) -> (Vec<Play>, usize) {
    let mut plays = Vec::new();
    let mut total: usize = 0;
    for action in position.actions() {
        let mut next = position.clone();
        let sandwiched = next.act(action).sandwiched;
        total = total.saturating_add(count_of(&next, sandwiched));
        if plays.len() < n {
            let room = n - plays.len();
            plays.extend(turns_of(&next, action, sandwiched, room));
        }
    }
    (plays, total)
}

/// An action that sandwiches two pieces or more is one group: the
/// choices of where each goes multiply.
pub fn legal_groups(position: &Position) -> Vec<Group> {
    let mut groups = Vec::new();
    for action in position.actions() {
        let mut next = position.clone();
        let sandwiched = next.act(action).sandwiched;
        if !grouped(sandwiched) {
            groups.extend(
                turns_of(&next, action, sandwiched, usize::MAX)
                    .iter()
                    .map(Group::play::<super::Simpei>),
            );
            continue;
        }
        groups.push(Group {
            text: group_text(action, sandwiched),
            turns: count_of(&next, sandwiched),
            parts: None,
        });
    }
    groups
}
