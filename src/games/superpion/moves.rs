//! Superpion's turn generation: the legal actions of the camp to play,
//! its maximum captures or else its moves, with their promotion marks.

use std::cell::RefCell;

use super::board::{squares, Takeoffs, BOARD};
use super::capture::worked;
use super::position::{Action, Position, Situation};
use smallvec::smallvec;

/// A search that works out more states than this is kept for the next
/// call (a few milliseconds of work; an ordinary one is a few dozen). The
/// unit tests keep every search, so that each of their captures is also
/// asked of the kept one.
pub(super) const KEPT_AFTER: u64 = if cfg!(test) { 0 } else { 1_000 };

thread_local! {
    /// The maximum captures of the last situation whose search was long
    /// (its longest capture, and the captures of that length before their
    /// promotion marks): a command asks for the same position's captures
    /// two or three times (the legal turns, the notes on them, the
    /// diagnostic), and on a crowded board each search costs tens of
    /// milliseconds. One per thread, so bounded by the record.
    static LAST: RefCell<Option<(Situation, u32, Vec<Action>)>> = const { RefCell::new(None) };
}

/// The longest capture and the maximum captures of `situation`, if it is
/// the one kept.
fn kept(situation: &Situation) -> Option<(u32, Vec<Action>)> {
    LAST.with_borrow(|last| match last {
        Some((kept, best, found)) if kept == situation => Some((*best, found.clone())),
        _ => None,
    })
}

/// Forget the kept search, so that the next one is made afresh.
#[cfg(test)]
pub(super) fn forget() {
    LAST.set(None);
}

/// The longest capture of `situation` when it is the one kept.
pub(super) fn kept_longest(situation: &Situation) -> Option<u32> {
    LAST.with_borrow(|last| match last {
        Some((kept, best, _)) if kept == situation => Some(*best),
        _ => None,
    })
}

impl Position {
    /// The rest of a turn after its first action, for the counters.
    pub(super) fn seconds(&self, first: &Action) -> (Position, Vec<Action>) {
        let mut next = self.clone();
        next.act(first);
        let seconds = next.actions();
        (next, seconds)
    }

    /// The capture actions of maximum length among the pieces that may
    /// still act; empty when none can capture.
    pub fn capture_actions(&self) -> Vec<Action> {
        self.capture_actions_over(0)
    }

    /// The capture actions of maximum length among the pieces that may
    /// still act, when they take more than `floor` pieces; empty otherwise.
    /// One search per piece both decides and lists.
    pub fn capture_actions_over(&self, floor: u32) -> Vec<Action> {
        // The longest capture of each piece first, then the listing of the
        // pieces that reach the maximum, from the searches already made.
        let mut best = floor + 1;
        let mut searches = Vec::new();
        let (occupied, foes) = (self.occupied(), self.foes(self.to_move));
        // The search kept, looked for once a piece is to be searched (most
        // asks have none) and before any is: (situation, work before).
        let mut asked = None;
        // The work of the searches whose tables these start from.
        let mut inherited = 0;
        // Only a piece with a first jump is searched, and a pawn only when
        // the foes its jumps reach are enough (see `max_capture_over`).
        for from in squares(self.capturers()) {
            if !self.is_superpion(from) {
                let takeoffs = Takeoffs::new(foes, BOARD & !occupied | from.bit());
                if takeoffs.reach(from).count_ones() < best {
                    continue;
                }
            }
            if asked.is_none() {
                let situation = self.situation();
                if let Some((kept, found)) = kept(&situation) {
                    return if kept > floor {
                        self.finish(found)
                    } else {
                        Vec::new()
                    };
                }
                asked = Some((situation, worked()));
            }
            let search = self.search(from, self.to_move);
            inherited += search.inherited;
            let longest = search.longest_over(from, 0, None, best - 1);
            if longest > best {
                best = longest;
                searches.clear();
            }
            if longest == best {
                searches.push((from, search));
            }
        }
        let mut found: Vec<Action> = Vec::new();
        if searches.is_empty() {
            // None longer than the floor: nearly every ask of a record.
            return found;
        }
        for (from, search) in searches {
            search.complete(&mut Vec::new(), 0, None, best, &mut |path, jumped| {
                found.push(Action::capture(from, path, jumped));
            });
        }
        // Kept when there is something to keep, and it cost a search worth
        // sparing; whatever the floor, the captures listed are then all
        // the longest ones.
        if let Some((situation, before)) = asked {
            if !found.is_empty() && worked() - before + inherited > KEPT_AFTER {
                LAST.set(Some((situation, best, found.clone())));
            }
        }
        self.finish(found)
    }

    /// One action per (start, final square, jumped pieces), written with its
    /// first path; then one per promotion mark.
    pub(super) fn finish(&self, found: Vec<Action>) -> Vec<Action> {
        let found = distinct(found);
        let mut out = Vec::with_capacity(found.len());
        for action in found {
            self.with_marks(action, &mut out);
        }
        out.sort_by_cached_key(Action::sort_key);
        out
    }

    /// The action once for each promotion mark it may carry (once, unmarked,
    /// when it does not promote).
    fn with_marks(&self, action: Action, out: &mut Vec<Action>) {
        let camp = self.to_move;
        let reached = if self.is_superpion(action.from) {
            None
        } else {
            self.promotion_camp(camp, action.to())
        };
        match reached {
            None => out.push(action),
            Some(reached) => {
                for colour in self.promotion_options(reached) {
                    out.push(Action {
                        promotion: Some(colour),
                        ..action.clone()
                    });
                }
            }
        }
    }

    /// Moves of the pieces that may still act (captures ignored).
    pub fn move_actions(&self) -> Vec<Action> {
        let camp = self.to_move;
        let occupied = self.occupied();
        let forbidden = self.variant.two_player_forbidden(camp);
        let mut found = Vec::new();
        for from in squares(self.movers()) {
            let superpion = self.is_superpion(from);
            for d in 0..4 {
                if !superpion && (d == camp.backward() || Some(d) == forbidden) {
                    continue;
                }
                let mut at = from;
                while let Some(to) = at.step(d) {
                    if occupied & to.bit() != 0 {
                        break;
                    }
                    found.push(Action {
                        from,
                        path: smallvec![to],
                        capture: false,
                        jumped: 0,
                        promotion: None,
                    });
                    if !superpion {
                        break;
                    }
                    at = to;
                }
            }
        }
        let mut out = Vec::with_capacity(found.len());
        for action in found {
            self.with_marks(action, &mut out);
        }
        out.sort_by_cached_key(Action::sort_key);
        out
    }

    /// Whether the camp to play has a legal action left this turn: all that
    /// deciding on a pass or a missing second action needs, without listing
    /// the actions (a promotion always has a mark: a spare at least).
    pub fn any_action(&self) -> bool {
        !self.over && (self.can_capture() || self.any_move())
    }

    /// Whether a piece that may still act has a free square next to it in
    /// a direction it may move in.
    fn any_move(&self) -> bool {
        let camp = self.to_move;
        let occupied = self.occupied();
        let forbidden = self.variant.two_player_forbidden(camp);
        squares(self.movers()).any(|from| {
            let superpion = self.is_superpion(from);
            (0..4).any(|d| {
                let allowed = superpion || (d != camp.backward() && Some(d) != forbidden);
                allowed && from.step(d).is_some_and(|to| occupied & to.bit() == 0)
            })
        })
    }

    /// The legal actions now: the maximum captures if any, else the moves.
    pub fn actions(&self) -> Vec<Action> {
        if self.over {
            return Vec::new();
        }
        let captures = self.capture_actions();
        if captures.is_empty() {
            self.move_actions()
        } else {
            captures
        }
    }
}

/// One capture per (start, end square, jumped pieces), by its least path:
/// two jump orders with the same outcome are one action (a Superpion may
/// reach one end state from two directions).
pub(super) fn distinct(mut found: Vec<Action>) -> Vec<Action> {
    found.sort_by_cached_key(|a| (a.from, a.to(), a.jumped, a.sort_key()));
    found.dedup_by(|b, a| a.from == b.from && a.to() == b.to() && a.jumped == b.jumped);
    found
}
