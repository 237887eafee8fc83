//! Puluc's turn generation: the legal moves, or the pass, of a throw.

use super::board::Origin;
use super::position::{Action, Play, Position};

impl Position {
    /// Calls `found` with every legal move for this throw, in notation
    /// order: entering first, then the squares in track order.
    pub fn each_move(&self, throw: u8, mut found: impl FnMut(Origin, u8)) {
        let side = self.to_move;
        if self.winner.is_some() {
            return;
        }
        if self.start[side.index()] > 0 {
            if let Some(to) = self.can_land(side, self.reach(side, Origin::Enter, throw)) {
                found(Origin::Enter, to);
            }
        }
        for s in self.middle() {
            if self.track[usize::from(s)].top() == Some(side) {
                let from = Origin::Square(s);
                if let Some(to) = self.can_land(side, self.reach(side, from, throw)) {
                    found(from, to);
                }
            }
        }
    }

    /// Whether the side to move has a legal move for this throw.
    pub fn has_move(&self, throw: u8) -> bool {
        let mut any = false;
        self.each_move(throw, |_, _| any = true);
        any
    }

    /// The legal turns for one throw: its moves, or the pass.
    pub fn plays(&self, throw: u8) -> Vec<Play> {
        let mut plays = Vec::new();
        if self.winner.is_some() {
            return plays;
        }
        self.each_move(throw, |from, to| {
            plays.push(Play {
                throw,
                action: Action::Move { from, to },
            })
        });
        if plays.is_empty() {
            plays.push(Play {
                throw,
                action: Action::Pass,
            });
        }
        plays
    }
}
