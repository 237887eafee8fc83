//! Puluc's rules on positions: entering, advancing units, towers, captures,
//! finishing on the opponent's start, passes and the win. No notation here,
//! only squares and throws.

use thiserror::Error;

use crate::game::{self, breach, Violation, Warning};
use crate::games::duel;
use crate::record::movetext::Numeral;
use crate::rng::Rng;
use crate::rules::Rule;
use crate::span::Span;

use super::board::{Origin, Side, Stack, PAWNS};
use super::declared;
use super::notation::{Number, Source, Turn, Written};
use super::position::{Action, Play, Position};

/// Fair sticks: four two-sided sticks, 16 equally likely falls.
pub const FAIR: [(u32, f64); 5] = [
    (1, 4.0 / 16.0),
    (2, 6.0 / 16.0),
    (3, 4.0 / 16.0),
    (4, 1.0 / 16.0),
    (5, 1.0 / 16.0),
];

/// A throw of the four sticks with the fair chances.
pub fn throw_sticks(rng: &mut Rng) -> u8 {
    match rng.below(16) {
        0..=3 => 1,
        4..=9 => 2,
        10..=13 => 3,
        14 => 4,
        _ => 5,
    }
}

/// The `end` of a won game in JSON (`outcome.end`): all four opposing pawns killed, the one way to win.
pub const WON_BY: &str = "all-killed";

/// Why a written source holds no piece to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Absent {
    Empty,
    StartSquare,
    OffTrack,
    /// Written with a leading zero (`3:03`), which names no square.
    LeadingZero,
}

/// A rule broken by a turn, with the spec's rule id.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum Breach {
    #[error("the game is over: {0} has killed all four of the opponent's pawns")]
    GameOver(Side),
    #[error("{0} has no pawn on its start square to enter")]
    NoPawnToEnter(Side),
    #[error("{}", absent_text(*.square, *.why))]
    NoPieceThere { square: Numeral, why: Absent },
    #[error("a square number written with a leading zero names no square: write `{0}`")]
    PaddedDestination(u32),
    #[error("the piece on square {square} is {owner}'s: its top pawn is {owner}'s")]
    NotYourPiece { square: u8, owner: Side },
    #[error("a throw of {throw} from {from} goes to {}, not to square {written}", square_text(*.actual))]
    WrongDestination {
        throw: u8,
        from: String,
        written: Numeral,
        actual: i32,
    },
    #[error("a throw of {throw} from {from} would go to {}, beyond {}'s start square {goal}: a unit finishes only with the exact throw", square_text(*.actual), .side.other())]
    Overshoot {
        throw: u8,
        from: String,
        actual: i32,
        goal: u8,
        side: Side,
    },
    #[error("square {to} already has {side}'s pawn on top: two pawns of one side cannot meet on a square")]
    OwnPieceThere { to: u8, side: Side },
    #[error("{side} cannot pass: a throw of {throw} has a legal move")]
    IllegalPass { side: Side, throw: u8 },
}

fn absent_text(square: Numeral, why: Absent) -> String {
    match why {
        Absent::Empty => format!("there is no piece on square {square}"),
        Absent::StartSquare => {
            format!("square {square} is a start square: a pawn leaves it by entering, written `e`")
        }
        Absent::OffTrack => format!("there is no square {square} on this track"),
        Absent::LeadingZero => {
            format!("a square number written with a leading zero names no square: write `{square}`")
        }
    }
}

fn square_text(square: i32) -> String {
    format!("square {square}")
}

impl game::Breach for Breach {
    fn rule(&self) -> &'static Rule {
        match self {
            Breach::GameOver(_) => &declared::GAME_OVER,
            Breach::NoPawnToEnter(_) => &declared::NO_PAWN_TO_ENTER,
            Breach::NoPieceThere { .. } => &declared::NO_PIECE_THERE,
            Breach::NotYourPiece { .. } => &declared::NOT_YOUR_PIECE,
            Breach::WrongDestination { .. } | Breach::PaddedDestination(_) => {
                &declared::WRONG_DESTINATION
            }
            Breach::Overshoot { .. } => &declared::OVERSHOOT,
            Breach::OwnPieceThere { .. } => &declared::OWN_PIECE_THERE,
            Breach::IllegalPass { .. } => &declared::ILLEGAL_PASS,
        }
    }
}

/// What happened to the pawns of a unit that moved.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Landing {
    Empty,
    Capture,
    Finish,
}

impl Position {
    /// Check the source of a move written with a square number.
    pub(crate) fn check_source(&self, from: Option<Numeral>) -> Result<Origin, Breach> {
        let side = self.to_move;
        let Some(written) = from else {
            return if self.start[side.index()] > 0 {
                Ok(Origin::Enter)
            } else {
                Err(Breach::NoPawnToEnter(side))
            };
        };
        let absent = |why| Breach::NoPieceThere {
            square: written,
            why,
        };
        // A number too large for a u32 is off any track.
        let square = written.value().ok_or_else(|| absent(Absent::OffTrack))?;
        let why = if square >= u32::from(self.squares) {
            Some(Absent::OffTrack)
        } else if square == 0 || square == u32::from(self.squares - 1) {
            Some(Absent::StartSquare)
        } else if self.track[square as usize].is_empty() {
            Some(Absent::Empty)
        } else {
            None
        };
        if let Some(why) = why {
            return Err(absent(why));
        }
        let at = square as u8;
        match self.track[usize::from(at)].top() {
            Some(owner) if owner != side => Err(Breach::NotYourPiece { square: at, owner }),
            _ => Ok(Origin::Square(at)),
        }
    }

    /// Check where a unit from a valid source lands: the written destination
    /// (if any), then overshoot, then the mover's own piece. Inlined where
    /// a turn is played, as [`Position::advance`] is: a call's saving of
    /// registers was a fair part of each.
    #[inline(always)]
    pub(crate) fn check_landing(
        &self,
        throw: u8,
        from: Origin,
        written: Option<Numeral>,
    ) -> Result<u8, Breach> {
        let side = self.to_move;
        let actual = self.reach(side, from, throw);
        let from_text = || match from {
            Origin::Enter => "the start square".to_string(),
            Origin::Square(s) => format!("square {s}"),
        };
        if let Some(written) = written {
            if written.value().map(i64::from) != Some(i64::from(actual)) {
                return Err(Breach::WrongDestination {
                    throw,
                    from: from_text(),
                    written,
                    actual,
                });
            }
        }
        let goal = self.home(side.other());
        if actual < 0 || actual > i32::from(self.squares - 1) {
            return Err(Breach::Overshoot {
                throw,
                from: from_text(),
                actual,
                goal,
                side,
            });
        }
        let to = actual as u8;
        if to != goal && self.track[usize::from(to)].top() == Some(side) {
            return Err(Breach::OwnPieceThere { to, side });
        }
        Ok(to)
    }

    /// Whether the side to move may pass with this throw.
    pub(crate) fn check_pass(&self, throw: u8) -> Result<(), Breach> {
        if self.has_move(throw) {
            Err(Breach::IllegalPass {
                side: self.to_move,
                throw,
            })
        } else {
            Ok(())
        }
    }

    /// Whether a unit of the side to move may land at `to` (an in-range
    /// reach): its own start never, the goal always, else not on its own.
    pub(super) fn can_land(&self, side: Side, to: i32) -> Option<u8> {
        if to < 0 || to > i32::from(self.squares - 1) {
            return None;
        }
        let to = to as u8;
        let free = to == self.home(side.other()) || self.track[usize::from(to)].top() != Some(side);
        free.then_some(to)
    }
    /// Move a unit (already checked) and hand the turn over.
    #[inline(always)]
    pub(crate) fn advance(&mut self, from: Origin, to: u8) -> Landing {
        let side = self.to_move;
        let unit = match from {
            Origin::Enter => {
                self.start[side.index()] -= 1;
                Stack::of(&[side])
            }
            Origin::Square(s) => {
                let (rest, unit) = self.track[usize::from(s)].split();
                self.track[usize::from(s)] = rest;
                unit
            }
        };
        let landing = if to == self.home(side.other()) {
            self.start[side.index()] += unit.count(side);
            self.killed[side.other().index()] += unit.count(side.other());
            if self.killed[side.other().index()] >= PAWNS {
                self.winner = Some(side);
            }
            Landing::Finish
        } else {
            let there = &mut self.track[usize::from(to)];
            let landing = if there.is_empty() {
                Landing::Empty
            } else {
                Landing::Capture
            };
            *there = there.with_on_top(unit);
            landing
        };
        self.to_move = side.other();
        landing
    }

    /// Pass: the opponent throws next.
    pub fn pass(&mut self) {
        self.to_move = self.to_move.other();
    }

    /// Play a legal turn and hand the turn over.
    pub fn apply(&mut self, play: &Play) {
        match play.action {
            Action::Move { from, to } => {
                self.advance(from, to);
            }
            Action::Pass => self.pass(),
        }
    }
}

/// Play one written turn ([`Notation::play`](crate::Notation::play)):
/// a pass or a move checked whole before the position changes.
pub(super) fn play(
    position: &mut Position,
    turn: &Turn,
    index: usize,
) -> Result<Vec<Warning>, Violation> {
    if let Some(winner) = position.winner {
        return Err(breach(Breach::GameOver(winner), turn.whole()).expecting(Vec::<Play>::new()));
    }
    duel::check_move_number(
        &declared::MOVE_NUMBER,
        turn.number,
        position.opener,
        index,
        position.to_move,
    )?;
    // The parser only lets throws 1-5 through.
    let throw = turn.throw.value as u8;
    // A pass or a move is checked whole before the position changes.
    let refuse = |b: Breach, span: Span| breach(b, span).expecting(position.plays(throw));
    match turn.written {
        Written::Pass => {
            position
                .check_pass(throw)
                .map_err(|b| refuse(b, turn.span))?;
            position.pass();
        }
        Written::Move { source, to } => {
            let from = match source.value {
                Source::Enter => None,
                // A leading zero names no square; a number too large
                // for any track is off it, zeros or not.
                Source::Square(Number {
                    value: value @ Numeral::Value(_),
                    padded: true,
                }) => {
                    let why = Absent::LeadingZero;
                    let breach = Breach::NoPieceThere { square: value, why };
                    return Err(refuse(breach, source.span));
                }
                Source::Square(number) => Some(number.value),
            };
            let origin = position
                .check_source(from)
                .map_err(|b| refuse(b, source.span))?;
            let padded = to.and_then(|to| match to.value {
                Number {
                    value: Numeral::Value(value),
                    padded: true,
                } => Some((value, to.span)),
                _ => None,
            });
            if let Some((value, span)) = padded {
                return Err(refuse(Breach::PaddedDestination(value), span));
            }
            let landing = position
                .check_landing(throw, origin, to.map(|t| t.value.value))
                .map_err(|b| {
                    let span = match (&b, to) {
                        (Breach::WrongDestination { .. }, Some(to)) => to.span,
                        _ => turn.span,
                    };
                    refuse(b, span)
                })?;
            position.advance(origin, landing);
        }
    }
    Ok(Vec::new())
}

/// The legal turn a written turn denotes ([`Notation::resolve`](crate::Notation::resolve)):
/// only the written throw's turns are candidates, as a pass leads to the
/// same position whatever the throw.
/// Generic over the game only to name its `Mechanics` without importing
/// `mod.rs`.
pub(super) fn resolve<G: game::Mechanics<Position = Position, Play = Play>>(
    position: &Position,
    turn: &Turn,
    index: usize,
) -> Result<Play, Violation> {
    let mut after = position.clone();
    play(&mut after, turn, index)?;
    game::denoted::<G>(position, &after, position.plays(turn.throw.value as u8))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Breach as _;
    use Side::{A, B};

    /// A position on 11 squares with these stacks; every other pawn at start.
    pub fn position(track: &[(u8, &[Side])], killed: [u8; 2], to_move: Side) -> Position {
        let mut p = Position::new(11);
        for &(s, pawns) in track {
            p.track[usize::from(s)] = Stack::of(pawns);
        }
        for side in [A, B] {
            p.start[side.index()] = PAWNS - p.on_track(side) - killed[side.index()];
        }
        p.killed = killed;
        p.to_move = to_move;
        p
    }

    fn written(p: &Position, throw: u8, from: Option<u32>, to: Option<u32>) -> Result<u8, Breach> {
        let origin = p.check_source(from.map(Numeral::Value))?;
        p.check_landing(throw, origin, to.map(Numeral::Value))
    }

    #[test]
    fn entering_and_advancing() {
        let p = Position::default();
        assert_eq!(written(&p, 3, None, None), Ok(3));
        assert_eq!(written(&p, 3, None, Some(3)), Ok(3));
        let p = position(&[(9, &[B])], [0, 0], B);
        assert_eq!(written(&p, 5, Some(9), Some(4)), Ok(4));
        assert_eq!(
            written(&p, 1, None, None),
            Err(Breach::OwnPieceThere { to: 9, side: B })
        );
    }

    #[test]
    fn no_pawn_to_enter_when_all_are_out() {
        let p = position(&[(1, &[A]), (2, &[A]), (3, &[A]), (4, &[A])], [0, 0], A);
        assert_eq!(written(&p, 1, None, None), Err(Breach::NoPawnToEnter(A)));
        assert_eq!(written(&p, 1, Some(4), None), Ok(5));
    }

    #[test]
    fn sources_that_hold_nothing() {
        let p = position(&[(4, &[B, A])], [0, 0], A);
        let rule = |from| written(&p, 1, Some(from), None).unwrap_err().rule().id;
        assert_eq!(rule(0), "puluc/no-piece-there");
        assert_eq!(rule(10), "puluc/no-piece-there");
        assert_eq!(rule(99), "puluc/no-piece-there");
        assert_eq!(rule(5), "puluc/no-piece-there");
        assert_eq!(written(&p, 1, Some(4), None), Ok(5));
        let p = position(&[(4, &[A, B])], [0, 0], A);
        assert_eq!(
            written(&p, 1, Some(4), None),
            Err(Breach::NotYourPiece {
                square: 4,
                owner: B
            })
        );
    }

    #[test]
    fn destination_is_checked_before_overshoot() {
        let p = position(&[(8, &[A])], [0, 0], A);
        assert_eq!(
            written(&p, 3, Some(8), Some(10)).unwrap_err().rule().id,
            "puluc/wrong-destination"
        );
        assert_eq!(
            written(&p, 3, Some(8), Some(11)).unwrap_err().rule().id,
            "puluc/overshoot"
        );
        assert_eq!(
            written(&p, 3, Some(8), None).unwrap_err().rule().id,
            "puluc/overshoot"
        );
        assert_eq!(written(&p, 2, Some(8), Some(10)), Ok(10));
    }

    #[test]
    fn a_tower_of_three_leaves_its_bottom_pawn() {
        let mut p = position(&[(6, &[A, B, B])], [0, 0], B);
        assert_eq!(p.advance(Origin::Square(6), 3), Landing::Empty);
        assert_eq!(p.track[6], Stack::of(&[A]));
        assert_eq!(p.track[3], Stack::of(&[B, B]));
        assert_eq!(p.to_move, A);
    }

    #[test]
    fn a_tower_of_four_splits_in_two() {
        let mut p = position(&[(5, &[B, A, B, A])], [0, 0], A);
        p.advance(Origin::Square(5), 7);
        assert_eq!(p.track[5], Stack::of(&[B, A]));
        assert_eq!(p.track[7], Stack::of(&[B, A]));
    }

    #[test]
    fn capture_changes_master_and_direction() {
        let mut p = position(&[(4, &[B])], [0, 0], A);
        assert_eq!(p.advance(Origin::Enter, 4), Landing::Capture);
        assert_eq!(p.track[4], Stack::of(&[B, A]));
        assert_eq!(
            p.check_source(Some(Numeral::Value(4))),
            Err(Breach::NotYourPiece {
                square: 4,
                owner: A
            })
        );
        assert_eq!(p.reach(A, Origin::Square(4), 2), 6);
        // B recaptures the tower: it is B's again and heads toward 0.
        let mut p = position(&[(4, &[B, A]), (6, &[B])], [0, 0], B);
        assert_eq!(written(&p, 2, Some(6), None), Ok(4));
        assert_eq!(p.advance(Origin::Square(6), 4), Landing::Capture);
        assert_eq!(p.track[4], Stack::of(&[B, A, B]));
        assert_eq!(p.reach(B, Origin::Square(4), 3), 1);
    }

    #[test]
    fn an_exact_finish_sends_home_and_kills() {
        let mut p = position(&[(8, &[B, A])], [0, 3], A);
        assert_eq!(p.check_landing(2, Origin::Square(8), None), Ok(10));
        assert_eq!(p.advance(Origin::Square(8), 10), Landing::Finish);
        assert_eq!(p.killed, [0, 4]);
        assert_eq!(p.start[A.index()], 4);
        assert_eq!(p.winner, Some(A));
        assert!(p.plays(1).is_empty());
    }

    #[test]
    fn no_landing_on_ones_own_top_pawn() {
        let p = position(&[(3, &[A]), (5, &[B, A])], [0, 0], A);
        assert_eq!(
            written(&p, 2, Some(3), None),
            Err(Breach::OwnPieceThere { to: 5, side: A })
        );
        assert_eq!(written(&p, 1, Some(3), None), Ok(4));
        // A start square holds any number of the owner's pawns.
        let p = position(&[(8, &[A])], [0, 0], A);
        assert_eq!(written(&p, 2, Some(8), None), Ok(10));
    }

    #[test]
    fn a_pass_only_without_a_move() {
        let p = position(&[(7, &[A]), (8, &[A]), (9, &[A]), (6, &[A])], [0, 0], A);
        assert_eq!(p.check_pass(5), Ok(()));
        assert_eq!(
            p.plays(5),
            vec![Play {
                throw: 5,
                action: Action::Pass
            }]
        );
        assert_eq!(p.check_pass(1).unwrap_err().rule().id, "puluc/illegal-pass");
    }

    #[test]
    fn entering_on_a_short_track_can_finish_at_once() {
        let mut p = Position::new(5);
        assert_eq!(p.check_landing(4, Origin::Enter, None), Ok(4));
        assert_eq!(p.advance(Origin::Enter, 4), Landing::Finish);
        assert_eq!(p.start, [4, 4]);
        assert_eq!(
            p.check_landing(5, Origin::Enter, None)
                .unwrap_err()
                .rule()
                .id,
            "puluc/overshoot"
        );
    }

    #[test]
    fn notation_of_plays() {
        let play = |action| Play { throw: 3, action }.to_string();
        assert_eq!(play(Action::Pass), "3:-");
        assert_eq!(
            play(Action::Move {
                from: Origin::Enter,
                to: 3
            }),
            "3:e-3"
        );
        assert_eq!(
            play(Action::Move {
                from: Origin::Square(4),
                to: 7
            }),
            "3:4-7"
        );
    }
}
