//! Superpion's rules on positions: pawn steps and Superpion slides, the
//! mandatory and maximum capture, the two actions of a turn, promotion with
//! its under-pawn, and the end of the game. No notation here, only squares.
//! Positions and actions are in `position`, modes and sides in `modes`, the
//! capture search in `capture`, the legal actions in `moves`, the scores in
//! `score`.

use thiserror::Error;

use crate::game::Breach as _;
use crate::game::{self, breach, Alternatives, Violation, Warning};
use crate::record::movetext::Numeral;
use crate::rules::Rule;
use crate::span::{Span, Spanned};

use super::board::{
    diagonal_between, locate, orthogonal_between, ranked, reverse, squares, Camp, Located, Sq,
    Squares, SIZE,
};
use super::capture::Search;
use super::declared;
use super::modes::Colour;
use super::moves::distinct;
use super::notation::{Square, Turn, Written, WrittenAction};
use super::position::{Action, Listing, Path, Play, Position, Situation};

/// An action as written, squares located; legality unknown. A capture's
/// landing squares stay in the path [`attempt`] was lent, so that an
/// attempt is small: one is made for every action.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Attempt<'p> {
    Move(Sq, Sq),
    /// Start square and landing squares; one landing square may be the
    /// short form `from x to`.
    Capture(Sq, &'p [Sq]),
}

impl Attempt<'_> {
    pub fn from(self) -> Sq {
        match self {
            Attempt::Move(from, _) | Attempt::Capture(from, _) => from,
        }
    }
}

/// "1 piece", "3 pieces".
fn pieces(n: u32) -> String {
    crate::words::counted(n, "piece", "pieces")
}

fn list(items: &[String]) -> String {
    crate::game::listing(items.iter(), items.len())
}

fn piece_word(superpion: bool) -> &'static str {
    if superpion {
        "Superpion"
    } else {
        "pawn"
    }
}

/// A rule broken by an action or a turn, with the spec's rule id.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum Breach {
    #[error("{0} is not a square of the board: {1}")]
    NotASquare(String, &'static str),
    #[error("a rank written with a leading zero names no square: write `{0}`")]
    LeadingZero(String),
    #[error(
        "{0} is a dark square: play uses the white squares only (file number + rank number even)"
    )]
    DarkSquare(String),
    #[error("it is {expected}'s turn, not {written}'s")]
    WrongCamp { written: Camp, expected: Camp },
    #[error("there is no piece on {0}")]
    NoPiece(Sq),
    #[error("the piece on {at} is {owner}'s, and {to_move} is to play")]
    NotYourPiece { at: Sq, owner: Camp, to_move: Camp },
    #[error("{0} is occupied")]
    Occupied(Sq),
    #[error("{from}-{to} is diagonal: pawns and Superpions move orthogonally; only captures are diagonal (written with x)")]
    DiagonalMove { from: Sq, to: Sq },
    #[error("{from}-{to} is not a move: {why}")]
    NotAMove { from: Sq, to: Sq, why: &'static str },
    #[error("{from}-{to} goes back toward {camp}'s own back line: a pawn never moves backward")]
    BackwardMove { from: Sq, to: Sq, camp: Camp },
    #[error("{from}-{to}: in two-players a {camp} pawn never moves {direction} (toward its partner's back line)")]
    TwoPlayerDirection {
        from: Sq,
        to: Sq,
        camp: Camp,
        direction: &'static str,
    },
    #[error("the way from {from} to {to} is blocked at {at}")]
    BlockedPath { from: Sq, to: Sq, at: Sq },
    #[error("a capture is mandatory: {} must capture, taking {}: {}", .camp, pieces(*.max), list(.required))]
    MandatoryCapture {
        camp: Camp,
        max: u32,
        required: Vec<String>,
    },
    /// A forgiven missed capture whose captures an earlier warning listed:
    /// the same pieces could act on the same board.
    #[error("a capture is mandatory: {camp} must capture, taking {}: the same captures as at {listed}", pieces(*.max))]
    SameCaptures {
        camp: Camp,
        max: u32,
        listed: String,
    },
    /// A forgiven missed capture after the camp's first (which listed its
    /// captures): the pieces that could capture, no longest capture
    /// searched for.
    #[error("a capture is mandatory: {camp} can capture with {} ({camp}'s first missed capture, at {listed}, lists its captures in full)", list(.capturers))]
    Capturers {
        camp: Camp,
        capturers: Vec<String>,
        listed: String,
    },
    #[error("this capture takes {}, but {max} can be taken: {}", pieces(*.taken), list(.required))]
    MaximumCapture {
        taken: u32,
        max: u32,
        required: Vec<String>,
    },
    #[error("the capture stops on {at}, but the {} can still jump from there: {}", piece_word(*.superpion), list(.continuations))]
    CaptureIncomplete {
        at: Sq,
        superpion: bool,
        continuations: Vec<String>,
    },
    #[error("{written} matches several captures; write the full path of one of them: {}", list(.options))]
    AmbiguousCapture {
        written: String,
        options: Vec<String>,
    },
    #[error("{from}x{to} is not a capture: {why}")]
    NotACapture { from: Sq, to: Sq, why: String },
    #[error("the Superpion cannot turn back on the diagonal it came along (at {at})")]
    Reversal { at: Sq },
    #[error("the piece on {0} has already acted this turn: a turn moves two different pieces")]
    SamePieceTwice(Sq),
    #[error("the Superpion on {0} was promoted this turn: it may act only from the next turn")]
    PromotedThisTurn(Sq),
    #[error("{camp} must play a second action with another piece: {}", list(.options))]
    MissingSecondAction { camp: Camp, options: Vec<String> },
    #[error("{camp} cannot pass: an action exists ({})", list(.options))]
    IllegalPass { camp: Camp, options: Vec<String> },
    #[error("the pawn reaching {at} ({reached}'s back line) becomes a Superpion: mark the pawn put under it ({})", list(.options))]
    PromotionMissing {
        at: Sq,
        reached: Camp,
        options: Vec<String>,
    },
    #[error("{0}: this action does not promote a pawn, so it takes no `=` mark")]
    PromotionNotAllowed(String),
    #[error("`={written}` is not available: {why}")]
    PromotionColour {
        written: char,
        why: String,
        options: Vec<String>,
    },
    #[error("the game is over: only one side has pieces left")]
    GameOver,
    #[error("the header says the game ended on time, but {0}")]
    TimeEnd(String),
    #[error("{0}")]
    EndMismatch(String),
    #[error("this is round {expected}, not {written}")]
    MoveNumber { written: Numeral, expected: u32 },
}

impl game::Breach for Breach {
    fn rule(&self) -> &'static Rule {
        match self {
            Breach::NotASquare(..) | Breach::LeadingZero(_) => &declared::NOT_A_SQUARE,
            Breach::DarkSquare(_) => &declared::DARK_SQUARE,
            Breach::WrongCamp { .. } => &declared::WRONG_CAMP,
            Breach::NoPiece(_) => &declared::NO_PIECE,
            Breach::NotYourPiece { .. } => &declared::NOT_YOUR_PIECE,
            Breach::Occupied(_) => &declared::OCCUPIED,
            Breach::DiagonalMove { .. } => &declared::DIAGONAL_MOVE,
            Breach::NotAMove { .. } => &declared::NOT_A_MOVE,
            Breach::BackwardMove { .. } => &declared::BACKWARD_MOVE,
            Breach::TwoPlayerDirection { .. } => &declared::TWO_PLAYER_DIRECTION,
            Breach::BlockedPath { .. } => &declared::BLOCKED_PATH,
            Breach::MandatoryCapture { .. }
            | Breach::SameCaptures { .. }
            | Breach::Capturers { .. } => &declared::MANDATORY_CAPTURE,
            Breach::MaximumCapture { .. } => &declared::MAXIMUM_CAPTURE,
            Breach::CaptureIncomplete { .. } => &declared::CAPTURE_INCOMPLETE,
            Breach::AmbiguousCapture { .. } => &declared::AMBIGUOUS_CAPTURE,
            Breach::NotACapture { .. } => &declared::NOT_A_CAPTURE,
            Breach::Reversal { .. } => &declared::REVERSAL,
            Breach::SamePieceTwice(_) => &declared::SAME_PIECE_TWICE,
            Breach::PromotedThisTurn(_) => &declared::PROMOTED_THIS_TURN,
            Breach::MissingSecondAction { .. } => &declared::MISSING_SECOND_ACTION,
            Breach::IllegalPass { .. } => &declared::ILLEGAL_PASS,
            Breach::PromotionMissing { .. } => &declared::PROMOTION_MISSING,
            Breach::PromotionNotAllowed(_) => &declared::PROMOTION_NOT_ALLOWED,
            Breach::PromotionColour { .. } => &declared::PROMOTION_COLOUR,
            Breach::GameOver => &declared::GAME_OVER,
            Breach::TimeEnd(_) => &declared::TIME_END,
            Breach::EndMismatch(_) => &declared::END_MISMATCH,
            Breach::MoveNumber { .. } => &declared::MOVE_NUMBER,
        }
    }

    /// What was legal instead, when the breach knows it better than a list
    /// of every legal action.
    fn expected(&self) -> Option<Vec<String>> {
        match self {
            Breach::MandatoryCapture { required, .. } | Breach::MaximumCapture { required, .. } => {
                Some(required.clone())
            }
            Breach::CaptureIncomplete { continuations, .. } => Some(continuations.clone()),
            Breach::AmbiguousCapture { options, .. }
            | Breach::MissingSecondAction { options, .. }
            | Breach::IllegalPass { options, .. }
            | Breach::PromotionMissing { options, .. }
            | Breach::PromotionColour { options, .. } => Some(options.clone()),
            Breach::MoveNumber { expected, .. } => Some(vec![expected.to_string()]),
            Breach::GameOver => Some(Vec::new()),
            _ => None,
        }
    }
}

/// What checking an action gives back: the breach the house rule forgave,
/// if any, or the fault. Boxed, two words that come back in registers:
/// either unboxed is a large value, copied out of its `Result` whole and
/// read back just after it was stored.
type Checked = Result<Option<Box<Breach>>, Box<Fault>>;

/// Which part of a written action a breach is about, for the glue to
/// underline.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Focus {
    /// The whole action.
    Action,
    /// The start square.
    From,
    /// The segment that ends on landing square `n` (0-based).
    Segment(usize),
    /// The `=X` mark.
    Mark,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fault {
    pub breach: Breach,
    pub focus: Focus,
}

fn fault(breach: Breach, focus: Focus) -> Fault {
    Fault { breach, focus }
}

/// A written square on the board, or why not. Every square of every
/// action comes here: the square is found inline, the violation built
/// apart.
#[inline]
pub(super) fn square(square: Spanned<Square>) -> Result<Sq, Violation> {
    let Square { file, rank, padded } = square.value;
    match rank.value().and_then(|rank| Sq::named(file, rank)) {
        Some(sq) if !padded => Ok(sq),
        _ => Err(not_a_square(square)),
    }
}

/// Why a written square is not one the board's play uses.
#[cold]
#[inline(never)]
fn not_a_square(square: Spanned<Square>) -> Violation {
    let Square { file, rank, padded } = square.value;
    // Named only in the message of a square that is refused.
    let text = || square.value.text();
    let file_index = file.to_ascii_lowercase() as i32 - 'a' as i32;
    let rank_index = rank
        .value()
        .and_then(|rank| i32::try_from(rank).ok())
        .unwrap_or(i32::MAX)
        .saturating_sub(1);
    match locate(file_index, rank_index) {
        Located::Dark if !padded => breach(Breach::DarkSquare(text()), square.span),
        Located::Off => {
            let why = if !(0..SIZE as i32).contains(&file_index) {
                "files run from a to n"
            } else if !(0..SIZE as i32).contains(&rank_index) {
                "ranks run from 1 to 14"
            } else {
                "it lies in a missing corner of the cross (files a-c and l-n are cut at ranks 1-3 and 12-14)"
            };
            breach(Breach::NotASquare(text(), why), square.span)
        }
        // A square written with a leading zero: a white one without is
        // found by `Sq::named`, and never asked here.
        Located::White(_) | Located::Dark => breach(Breach::LeadingZero(text()), square.span),
    }
}

/// Every square of a written action, located in the order written; a
/// capture's landing squares into `landings`. Inlined where a turn is
/// checked, as [`Position::act`] is.
#[inline(always)]
pub(super) fn attempt<'p>(
    written: &WrittenAction,
    landings: &'p mut Path,
) -> Result<Attempt<'p>, Violation> {
    Ok(match &written.written {
        Written::Move(from, to) => {
            let from = square(*from)?;
            Attempt::Move(from, square(*to)?)
        }
        Written::Capture(from, path) => {
            let from = square(*from)?;
            landings.clear();
            for landing in path.iter() {
                landings.push(square(landing)?);
            }
            // A written capture lands at least once.
            if landings.is_empty() {
                landings.push(from);
            }
            Attempt::Capture(from, landings)
        }
    })
}

/// The span a rules fault points at, inside its written action.
pub(super) fn focus(fault: Fault, action: &Spanned<WrittenAction>) -> Violation {
    let (from, path): (Span, Vec<Span>) = match &action.value.written {
        Written::Move(from, to) => (from.span, vec![to.span]),
        Written::Capture(from, path) => (from.span, path.iter().map(|s| s.span).collect()),
    };
    let span = match fault.focus {
        Focus::Action => action.span,
        Focus::From => from,
        Focus::Segment(i) => {
            let start = if i == 0 {
                Some(from)
            } else {
                path.get(i - 1).copied()
            };
            match (start, path.get(i)) {
                (Some(a), Some(b)) => a.to(*b),
                _ => action.span,
            }
        }
        Focus::Mark => action.value.mark.map_or(action.span, |m| m.span),
    };
    breach(fault.breach, span)
}

/// The actions in notation, for the lists of what was legal.
pub(super) fn texts(actions: &[Action]) -> Vec<String> {
    actions.iter().map(ToString::to_string).collect()
}

impl Position {
    pub(super) fn update_over(&mut self) {
        let mut sides = Camp::ALL
            .into_iter()
            .filter(|&c| self.camps[c.index()] != 0)
            .map(|c| self.variant.side(c));
        let first = sides.next();
        self.over = sides.all(|s| Some(s) == first);
    }

    /// The camp whose back line `to` is on, when a pawn of `camp` ending
    /// there is promoted (an opponent's camp).
    pub fn promotion_camp(&self, camp: Camp, to: Sq) -> Option<Camp> {
        // Most actions end on no back line at all.
        if !to.on_a_back_line() {
            return None;
        }
        Camp::ALL
            .into_iter()
            .find(|&c| c.on_back_line(to) && self.variant.opponents(camp, c))
    }

    /// Whether a promotion on `reached`'s back line may carry `colour`:
    /// what [`Position::promotion_options`] lists, without the list.
    fn may_mark(&self, reached: Camp, colour: Colour) -> bool {
        let Some(player) = self.variant.player(reached) else {
            return colour == Colour::Spare;
        };
        let pile = &self.piles[player];
        if pile.iter().all(|&n| n == 0) {
            colour == Colour::Spare
        } else {
            pile[colour.index()] > 0
        }
    }

    /// The marks a promotion on `reached`'s back line may carry: a colour of
    /// the pile of the player owning `reached`, or `S` (a spare the pile
    /// holds, or a new one when the pile is empty or the camp neutral).
    pub fn promotion_options(&self, reached: Camp) -> Vec<Colour> {
        let Some(player) = self.variant.player(reached) else {
            return vec![Colour::Spare];
        };
        let pile = &self.piles[player];
        if pile.iter().all(|&n| n == 0) {
            return vec![Colour::Spare];
        }
        Colour::ALL
            .into_iter()
            .filter(|c| pile[c.index()] > 0)
            .collect()
    }

    // ----- playing -----

    /// Play an action (legal or forgiven) within the current turn.
    /// Inlined where a turn is checked: a call's saving and restoring of
    /// registers was an eighth of its cost.
    #[inline(always)]
    pub fn act(&mut self, action: &Action) {
        let camp = self.to_move;
        let from = action.from;
        let to = action.to();
        let was_super = self.is_superpion(from);
        self.camps[camp.index()] &= !from.bit();
        self.supers &= !from.bit();
        for taken in squares(action.jumped) {
            let Some(owner) = self.camp_at(taken) else {
                continue;
            };
            if let Some(player) = self.variant.player(camp) {
                let under = self.is_superpion(taken).then(|| self.under[taken.index()]);
                let pile = &mut self.piles[player];
                let own = &mut pile[Colour::of(owner).index()];
                *own = own.saturating_add(1);
                if let Some(under) = under {
                    pile[under.index()] = pile[under.index()].saturating_add(1);
                }
            }
            self.camps[owner.index()] &= !taken.bit();
            self.supers &= !taken.bit();
        }
        self.camps[camp.index()] |= to.bit();
        if was_super {
            self.supers |= to.bit();
            self.under[to.index()] = self.under[from.index()];
        } else if let Some(colour) = action.promotion {
            self.promote(camp, to, colour);
        }
        self.acted |= to.bit();
        // A move leaves every camp its pieces: only a capture can end the
        // game.
        if action.jumped != 0 {
            self.update_over();
        }
    }

    fn promote(&mut self, camp: Camp, to: Sq, colour: Colour) {
        self.supers |= to.bit();
        self.under[to.index()] = colour;
        self.promoted |= to.bit();
        let owner = self
            .promotion_camp(camp, to)
            .and_then(|reached| self.variant.player(reached));
        match owner {
            Some(player) if self.piles[player][colour.index()] > 0 => {
                self.piles[player][colour.index()] -= 1;
            }
            _ => self.spares += 1,
        }
    }

    /// Close the turn (`passed`: it was `--`) and hand over to the next camp
    /// that plays and has pieces.
    pub fn end_turn(&mut self, passed: bool) {
        let camp = self.to_move;
        self.passed[camp.index()] = passed;
        self.acted = 0;
        self.promoted = 0;
        if self.over {
            self.wrapped = false;
            return;
        }
        let next = (1..=4)
            .map(|i| Camp::from_index(camp.index() + i))
            .find(|&c| self.in_play(c))
            .unwrap_or(camp);
        self.wrapped = next.index() <= camp.index();
        if self.wrapped {
            self.round += 1;
        }
        self.to_move = next;
    }

    // ----- checking written actions -----

    /// Check a written action in the order of "Which rule is reported",
    /// and write it as accepted into `action`: with the forgiven breach (a
    /// missed or short capture) when the house rule tolerated one. The
    /// action is written where the caller keeps it, field by field, and
    /// what comes back is boxed, two words: a value made here and moved out
    /// is read back before its stores are done, a stall at every action.
    /// Inlined at its one caller, as [`Position::act`] is.
    #[inline(always)]
    pub(crate) fn check_action(
        &self,
        attempt: Attempt<'_>,
        mark: Option<Colour>,
        action: &mut Action,
    ) -> Checked {
        let from = attempt.from();
        self.check_piece(from)?;
        let superpion = self.is_superpion(from);
        let forgiven = match attempt {
            Attempt::Move(_, to) => {
                self.check_move(from, to, superpion)?;
                // Whether a capture is mandatory needs only a first jump;
                // the longest captures are searched for when listed.
                let forgiven = if !self.can_capture() {
                    None
                } else if self.variant.forgive_missed_captures {
                    Some(Box::new(self.forgiven_missed_capture(self.capturers())))
                } else {
                    return Err(Box::new(fault(self.mandatory_capture(), Focus::Action)));
                };
                action.moving(from, to);
                forgiven
            }
            Attempt::Capture(_, path) => self.check_capture(from, path, superpion, action)?,
        };
        self.check_mark(action, superpion, mark)?;
        Ok(forgiven)
    }

    /// A pawn's step from `from` to the next white square `to`, along
    /// the orthogonal direction `d`: forward or sideways, as the mode
    /// allows, onto an empty square.
    #[inline(always)]
    fn check_step(&self, from: Sq, to: Sq, d: usize) -> Result<(), Fault> {
        let camp = self.to_move;
        let at = |b| Err(fault(b, Focus::Action));
        if d == camp.backward() {
            return at(Breach::BackwardMove { from, to, camp });
        }
        if Some(d) == self.variant.two_player_forbidden(camp) {
            let direction = ["north", "east", "south", "west"][d];
            return at(Breach::TwoPlayerDirection {
                from,
                to,
                camp,
                direction,
            });
        }
        if self.occupied() & to.bit() != 0 {
            return at(Breach::Occupied(to));
        }
        Ok(())
    }

    fn check_piece(&self, from: Sq) -> Result<(), Fault> {
        // Nearly always a piece of the camp to play, one that may act.
        let bit = from.bit();
        if self.movers() & bit != 0 && self.promoted & bit == 0 {
            return Ok(());
        }
        let Some(owner) = self.camp_at(from) else {
            return Err(fault(Breach::NoPiece(from), Focus::From));
        };
        if owner != self.to_move {
            return Err(fault(
                Breach::NotYourPiece {
                    at: from,
                    owner,
                    to_move: self.to_move,
                },
                Focus::From,
            ));
        }
        if self.promoted & from.bit() != 0 {
            return Err(fault(Breach::PromotedThisTurn(from), Focus::From));
        }
        if self.acted & from.bit() != 0 {
            return Err(fault(Breach::SamePieceTwice(from), Focus::From));
        }
        Ok(())
    }

    /// A pawn's step to the next white square, nearly every move, is told
    /// by the step table where the action is checked; any other shape is
    /// told apart out of the way.
    #[inline(always)]
    fn check_move(&self, from: Sq, to: Sq, superpion: bool) -> Result<(), Fault> {
        if !superpion {
            if let Some(d) = from.step_toward(to) {
                return self.check_step(from, to, d);
            }
        }
        self.check_other_move(from, to, superpion)
    }

    #[inline(never)]
    fn check_other_move(&self, from: Sq, to: Sq, superpion: bool) -> Result<(), Fault> {
        let at = |b| Err(fault(b, Focus::Action));
        if from == to {
            return at(Breach::NotAMove {
                from,
                to,
                why: "the piece does not leave its square",
            });
        }
        if diagonal_between(from, to).is_some() {
            return at(Breach::DiagonalMove { from, to });
        }
        let Some((d, steps)) = orthogonal_between(from, to) else {
            return at(Breach::NotAMove {
                from,
                to,
                why: "the squares are on neither one file nor one rank",
            });
        };
        let occupied = self.occupied();
        if !superpion {
            if steps != 2 {
                return at(Breach::NotAMove {
                    from,
                    to,
                    why: "a pawn moves to the next white square only (two grid steps)",
                });
            }
            return self.check_step(from, to, d);
        }
        if occupied & to.bit() != 0 {
            return at(Breach::Occupied(to));
        }
        let mut s = from;
        while let Some(next) = s.step(d) {
            if next == to {
                return Ok(());
            }
            if occupied & next.bit() != 0 {
                return at(Breach::BlockedPath { from, to, at: next });
            }
            s = next;
        }
        at(Breach::NotAMove {
            from,
            to,
            why: "the line leaves the board",
        })
    }

    /// The captures that were required, in notation, for a missed capture,
    /// and the most they take.
    fn required(&self) -> (u32, Vec<String>) {
        required(self.capture_actions())
    }

    /// A move when a capture was mandatory: the longest captures listed.
    fn mandatory_capture(&self) -> Breach {
        let (max, required) = self.required();
        Breach::MandatoryCapture {
            camp: self.to_move,
            max,
            required,
        }
    }

    /// What the warning of a forgiven move says when `capturers` could
    /// capture: the longest captures the first time for the camp, then
    /// "the same captures as at" that turn when the situation is the same,
    /// or else only the pieces that could capture. So a record that misses
    /// captures turn after turn costs a search and a list once per camp.
    fn forgiven_missed_capture(&self, capturers: Squares) -> Breach {
        let camp = self.to_move;
        let listing = self
            .listed
            .0
            .as_ref()
            .and_then(|camps| camps[camp.index()].as_ref());
        let Some(listing) = listing else {
            return self.mandatory_capture();
        };
        let listed = format!("{}.{}", listing.round, camp.letter());
        if listing.situation == self.situation() {
            Breach::SameCaptures {
                camp,
                max: listing.max,
                listed,
            }
        } else {
            Breach::Capturers {
                camp,
                capturers: ranked(capturers).iter().map(Sq::to_string).collect(),
                listed,
            }
        }
    }

    /// All the captures of the camp to play follow from.
    pub(super) fn situation(&self) -> Situation {
        let movers = self.movers();
        [
            movers,
            movers & self.supers,
            self.occupied(),
            self.foes(self.to_move),
        ]
    }

    /// Remember what the warning of a forgiven action listed: the camp's
    /// first missed capture, for the later ones to refer to.
    pub(crate) fn note_forgiven(&mut self, forgiven: &Breach) {
        if let Breach::MandatoryCapture { camp, max, .. } = *forgiven {
            let situation = self.situation();
            // Boxed, and only once something is listed: positions are
            // copied at every turn.
            let camps = self.listed.0.get_or_insert_with(Box::default);
            let slot = &mut camps[camp.index()];
            if slot.is_none() {
                *slot = Some(Listing {
                    round: self.round,
                    situation,
                    max,
                });
            }
        }
    }

    /// A written capture checked and written into `action`, with the
    /// forgiven breach if any. Inlined at its one caller.
    #[inline(always)]
    fn check_capture(
        &self,
        from: Sq,
        path: &[Sq],
        superpion: bool,
        action: &mut Action,
    ) -> Checked {
        if let [to] = path {
            if let Some(jumped) = self.lone_jump(from, *to, superpion) {
                action.capturing(from, path, jumped);
                return Ok(None);
            }
            if let Some((found, forgiven)) = self.short_form(from, *to)? {
                *action = found;
                return Ok(forgiven);
            }
        }
        let (jumped, last) = self.trace(from, path, superpion)?;
        let end = path.last().copied().unwrap_or(from);
        // A complete capture (nearly every one) is told by the lack of a
        // next jump: the search is for listing the ways to finish it.
        if self.can_jump_on(from, end, jumped, last) {
            let search = Search::new(
                self.occupied() & !from.bit(),
                self.foes(self.to_move),
                superpion,
                from,
            );
            let more = search.longest(end, jumped, last);
            if more > 0 {
                // The longest ways to finish it: what a referee would ask for,
                // once per square it can end on with the pieces it takes.
                let mut endings = Vec::new();
                search.complete(
                    &mut path.to_vec(),
                    jumped,
                    last,
                    jumped.count_ones() + more,
                    &mut |p, jumped| {
                        endings.push(Action::capture(from, p, jumped));
                    },
                );
                let mut endings = distinct(endings);
                endings.sort_by_cached_key(Action::sort_key);
                let texts: Vec<String> = endings.iter().map(Action::path_text).collect();
                return Err(Box::new(fault(
                    Breach::CaptureIncomplete {
                        at: end,
                        superpion,
                        continuations: texts,
                    },
                    Focus::Action,
                )));
            }
        }
        let forgiven = self.check_length(jumped.count_ones())?;
        action.capturing(from, path, jumped);
        Ok(forgiven)
    }

    /// Maximum capture for a complete capture of `taken` pieces: the
    /// longer ones are searched for and listed at once.
    fn check_length(&self, taken: u32) -> Checked {
        // Whether any is longer first, without listing: nearly always none,
        // told by following the captures jump by jump. When that is cut
        // short (a crowded board), the listing decides as cheaply as the
        // longest capture would (it lists nothing when none is longer),
        // and a search for the longest first would be the same search
        // twice.
        if self.follow(taken + 1) == Some(false) {
            return Ok(None);
        }
        let longer = self.capture_actions_over(taken);
        if longer.is_empty() {
            return Ok(None);
        }
        let (max, required) = required(longer);
        let breach = Breach::MaximumCapture {
            taken,
            max,
            required,
        };
        if self.variant.forgive_missed_captures {
            Ok(Some(Box::new(breach)))
        } else {
            Err(Box::new(fault(breach, Focus::Action)))
        }
    }

    /// `from x to` as the one jump it nearly always is: a complete capture
    /// of one piece when no capture takes more. The short form's longest
    /// capture ending on `to` is then that jump, the only one, and no
    /// capture is longer: what [`Position::short_form`] finds, without
    /// listing every capture that ends there. The piece it takes; `None`
    /// leaves the text to the short form. Inlined at its one caller.
    #[inline(always)]
    fn lone_jump(&self, from: Sq, to: Sq, superpion: bool) -> Option<Squares> {
        let (jumped, last) = self.trace(from, &[to], superpion).ok()?;
        if self.can_jump_on(from, to, jumped, last) || self.can_take_two() {
            return None;
        }
        Some(jumped)
    }

    /// `from x to` read as the short form: the longest complete captures of
    /// the piece that end on `to` (a shorter one could only be a maximum
    /// capture breach, which the longest already is if any is). `None` when
    /// there is none (the text is then checked as a one-jump path).
    #[allow(clippy::type_complexity)]
    fn short_form(
        &self,
        from: Sq,
        to: Sq,
    ) -> Result<Option<(Action, Option<Box<Breach>>)>, Box<Fault>> {
        let matching: Vec<Action> = self
            .longest_ending_on(from, to)
            .into_iter()
            .map(|(path, jumped)| Action::capture(from, &path, jumped))
            .collect();
        // All end on `to` and take as many: one per set of pieces taken.
        let mut matching = distinct(matching);
        let Some(best) = matching.first().map(Action::taken) else {
            return Ok(None);
        };
        let forgiven = self.check_length(best)?;
        if matching.len() > 1 {
            let mut options: Vec<String> = matching.iter().map(Action::path_text).collect();
            options.sort();
            return Err(Box::new(fault(
                Breach::AmbiguousCapture {
                    written: format!("{from}x{to}"),
                    options,
                },
                Focus::Action,
            )));
        }
        Ok(matching.pop().map(|a| (a, forgiven)))
    }

    /// Follow a written capture path segment by segment; the jumped pieces
    /// and the last direction, or the first segment's fault.
    #[inline(always)]
    fn trace(
        &self,
        from: Sq,
        path: &[Sq],
        superpion: bool,
    ) -> Result<(Squares, Option<usize>), Fault> {
        let occupied = self.occupied() & !from.bit();
        let foes = self.foes(self.to_move);
        let mut jumped: Squares = 0;
        let mut last: Option<usize> = None;
        let mut at = from;
        for (i, &to) in path.iter().enumerate() {
            // A pawn's legal jump, nearly every one written, is told at
            // once; anything else is told apart below, in the order of
            // the rules.
            if !superpion {
                if let Some((d, taken)) = at.jump_toward(to) {
                    if occupied & to.bit() == 0 && foes & !jumped & taken.bit() != 0 {
                        jumped |= taken.bit();
                        last = Some(d);
                        at = to;
                        continue;
                    }
                }
            }
            let here = |b| Err(fault(b, Focus::Segment(i)));
            let diagonal = diagonal_between(at, to);
            if superpion {
                if let (Some((d, _)), Some(l)) = (diagonal, last) {
                    if d == reverse(l) {
                        return here(Breach::Reversal { at });
                    }
                }
            }
            if occupied & to.bit() != 0 {
                return here(Breach::Occupied(to));
            }
            let Some((d, steps)) = diagonal else {
                let why = if at == to {
                    "the piece does not leave its square".to_string()
                } else {
                    "captures go along a diagonal".to_string()
                };
                return here(Breach::NotACapture { from: at, to, why });
            };
            if !superpion && steps != 2 {
                return here(Breach::NotACapture {
                    from: at,
                    to,
                    why: "a pawn jumps a diagonally adjacent piece and lands right behind it"
                        .into(),
                });
            }
            // The first two pieces between: a second one blocks.
            let mut between = [None; 2];
            let mut met = 0;
            let mut s = at;
            let mut cut = false;
            for _ in 1..steps {
                match s.diagonal(d) {
                    Some(next) => {
                        if occupied & next.bit() != 0 {
                            if let Some(slot) = between.get_mut(met) {
                                *slot = Some(next);
                                met += 1;
                            }
                        }
                        s = next;
                    }
                    None => {
                        cut = true;
                        break;
                    }
                }
            }
            if cut {
                return here(Breach::NotACapture {
                    from: at,
                    to,
                    why: "the diagonal crosses a missing corner of the board".into(),
                });
            }
            if let [_, Some(second)] = between {
                return here(Breach::BlockedPath {
                    from: at,
                    to,
                    at: second,
                });
            }
            let [Some(taken), _] = between else {
                return here(Breach::NotACapture {
                    from: at,
                    to,
                    why: "there is no piece to jump".into(),
                });
            };
            if jumped & taken.bit() != 0 {
                return here(Breach::NotACapture {
                    from: at,
                    to,
                    why: format!("{taken} was already jumped in this capture"),
                });
            }
            if foes & taken.bit() == 0 {
                let whose = self.camp_at(taken).map_or("a", |c| c.name());
                return here(Breach::NotACapture {
                    from: at,
                    to,
                    why: format!("the piece on {taken} is {whose}'s, not an opponent's"),
                });
            }
            jumped |= taken.bit();
            last = Some(d);
            at = to;
        }
        Ok((jumped, last))
    }

    /// The promotion mark of `action`: checked, and set on it. Nearly
    /// every action is unmarked and ends on no back line, or is a
    /// Superpion's, and so needs none: told where the action is checked,
    /// the rest out of the way.
    #[inline(always)]
    fn check_mark(
        &self,
        action: &mut Action,
        superpion: bool,
        mark: Option<Colour>,
    ) -> Result<(), Fault> {
        if mark.is_none() && (superpion || !action.to().on_a_back_line()) {
            return Ok(());
        }
        self.check_any_mark(action, superpion, mark)
    }

    #[inline(never)]
    fn check_any_mark(
        &self,
        action: &mut Action,
        superpion: bool,
        mark: Option<Colour>,
    ) -> Result<(), Fault> {
        let reached = if superpion {
            None
        } else {
            self.promotion_camp(self.to_move, action.to())
        };
        match (reached, mark) {
            (None, None) => Ok(()),
            (None, Some(_)) => Err(fault(
                Breach::PromotionNotAllowed(action.path_text()),
                Focus::Mark,
            )),
            (Some(reached), None) => {
                let options = self.marked(action, reached);
                Err(fault(
                    Breach::PromotionMissing {
                        at: action.to(),
                        reached,
                        options,
                    },
                    Focus::Action,
                ))
            }
            (Some(reached), Some(colour)) => {
                if !self.may_mark(reached, colour) {
                    let allowed = self.promotion_options(reached);
                    let why = match self.variant.player(reached) {
                        None => format!("{reached} is neutral: the pawn under the Superpion is a spare, `=S`"),
                        Some(_) if colour == Colour::Spare => format!(
                            "the pile of {reached}'s player is not empty and holds no spare: take one of its pawns ({})",
                            letters(&allowed)
                        ),
                        Some(_) => format!(
                            "the pile of {reached}'s player holds no {} pawn (it holds {})",
                            colour.name(),
                            letters(&allowed)
                        ),
                    };
                    return Err(fault(
                        Breach::PromotionColour {
                            written: colour.letter(),
                            why,
                            options: self.marked(action, reached),
                        },
                        Focus::Mark,
                    ));
                }
                action.promotion = Some(colour);
                Ok(())
            }
        }
    }

    fn marked(&self, action: &Action, reached: Camp) -> Vec<String> {
        self.promotion_options(reached)
            .into_iter()
            .map(|c| format!("{}={}", action.path_text(), c.letter()))
            .collect()
    }
}

/// The maximum captures in notation, each path once (its promotion marks
/// aside), and the most they take.
fn required(actions: Vec<Action>) -> (u32, Vec<String>) {
    let max = actions.first().map_or(0, Action::taken);
    let mut seen: Vec<String> = Vec::new();
    for a in actions {
        let text = a.path_text();
        // Sorted: the same path with its other marks follows at once.
        if seen.last() != Some(&text) {
            seen.push(text);
        }
    }
    (max, seen)
}

fn letters(colours: &[Colour]) -> String {
    colours
        .iter()
        .map(|c| c.letter().to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

/// A written turn checked and played on `position`, which an illegal
/// turn leaves as it was: the warnings, and each action as accepted
/// given to `accepted`, in the order written. Replaying keeps none of
/// them, so a turn checked costs no list.
pub(super) fn turn(
    position: &mut Position,
    turn: &Turn,
    accepted: impl FnMut(&Action),
) -> Result<Vec<Warning>, Violation> {
    // The second action is checked against the position the first left,
    // played where it stands; a copy puts it back if the turn is illegal.
    let before = position.clone();
    let played = play_on(position, turn, accepted);
    if played.is_err() {
        *position = before;
    }
    played
}

/// [`turn`] on a position the caller may throw away: an
/// illegal turn leaves it part played.
pub(super) fn play_on(
    position: &mut Position,
    turn: &Turn,
    mut accepted: impl FnMut(&Action),
) -> Result<Vec<Warning>, Violation> {
    if position.over {
        return Err(breach(Breach::GameOver, turn.span));
    }
    if let Some(number) = turn.number {
        if number.value != Numeral::Value(position.round) {
            return Err(breach(
                Breach::MoveNumber {
                    written: number.value,
                    expected: position.round,
                },
                number.span,
            ));
        }
    }
    let camp = position.to_move;
    if turn.camp.value != camp {
        return Err(breach(
            Breach::WrongCamp {
                written: turn.camp.value,
                expected: camp,
            },
            turn.camp.span,
        )
        .expecting(vec![camp.letter().to_string()]));
    }
    let mut warnings = Vec::new();
    if let Some(pass) = turn.pass {
        if position.any_action() {
            return Err(breach(
                Breach::IllegalPass {
                    camp,
                    options: texts(&position.actions()),
                },
                pass,
            ));
        }
        if position.passed[camp.index()] {
            warnings.push(Warning::new(
                &declared::BLOCKING,
                format!("{camp} passes for the second turn in a row: players agree not to block an opponent for more than one turn"),
                Some(pass),
            ));
        }
        position.end_turn(true);
        return Ok(warnings);
    }
    actions(position, turn, &mut accepted, &mut warnings)?;
    position.end_turn(false);
    Ok(warnings)
}

/// The actions of a turn that does not pass, played on `next` one
/// after the other.
fn actions(
    next: &mut Position,
    turn: &Turn,
    accepted: &mut impl FnMut(&Action),
    warnings: &mut Vec<Warning>,
) -> Result<(), Violation> {
    let camp = next.to_move;
    // Where each action's landings and the action as accepted are
    // written, in place.
    let mut landings = Path::new();
    let mut kept: Option<Action> = None;
    for written in &turn.actions {
        if next.over {
            return Err(breach(Breach::GameOver, written.span));
        }
        // A wrong action lists the actions legal where it was written:
        // after the first action, the second actions that may follow it.
        let legal_here = |mut v: Violation| {
            if v.expected.is_none() {
                v.expected = Some(Alternatives::new(next.actions()));
            }
            v
        };
        let attempt = attempt(&written.value, &mut landings).map_err(legal_here)?;
        let mark = written.value.mark.map(|m| m.value);
        let action = kept.get_or_insert_with(|| Action::capture(attempt.from(), &[], 0));
        let forgiven = next
            .check_action(attempt, mark, action)
            .map_err(|fault| legal_here(focus(*fault, written)))?;
        if let Some(forgiven) = forgiven {
            next.note_forgiven(&forgiven);
            warnings.push(Warning::new(
                forgiven.rule(),
                forgiven.to_string(),
                Some(written.span),
            ));
        }
        next.act(action);
        accepted(action);
    }
    if turn.actions.len() == 1 && next.any_action() {
        let end = Span::new(turn.span.end(), 0);
        return Err(breach(
            Breach::MissingSecondAction {
                camp,
                options: texts(&next.actions()),
            },
            turn.span.to(end),
        ));
    }
    Ok(())
}

/// The legal turn a written turn denotes ([`Notation::resolve`](crate::Notation::resolve)):
/// built from the actions as accepted, as two orders of the same actions
/// lead to one position and a forgiven turn is in no list of legal ones.
pub(super) fn resolve(position: &Position, turn: &Turn) -> Result<Play, Violation> {
    let mut actions = Vec::with_capacity(turn.actions.len());
    play_on(&mut position.clone(), turn, |action| {
        actions.push(action.clone())
    })?;
    Ok(Play {
        camp: position.to_move,
        actions,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::superpion::modes::{Mode, Variant};

    fn sq(name: &str) -> Sq {
        Sq::parse(name).unwrap()
    }

    /// An illegal turn leaves the position exactly as it was, every field
    /// (the under-pawns of empty squares too), however far it got: here
    /// refused after its first action was played (the same action twice,
    /// or a second action missing), along random games of several modes,
    /// missed captures forgiven or not.
    #[test]
    fn an_illegal_turn_leaves_the_position_exactly_as_it_was() {
        use crate::games::superpion::Superpion;
        use crate::{parse_turn, rng::Rng, Mechanics};
        let mut rng = Rng::new(11);
        let mut refused = 0;
        for (mode, forgive) in [
            (Mode::FourPlayers, false),
            (Mode::Teams, false),
            (Mode::TwoPlayers, true),
            (Mode::FourPlayers, true),
        ] {
            let mut variant = Variant::new(mode, None);
            variant.forgive_missed_captures = forgive;
            let mut p = Position::initial(variant);
            for _ in 0..300 {
                let Some(play) = Superpion::random_play(&p, &mut rng) else {
                    break;
                };
                if let Some(first) = play.actions.first() {
                    let head = p.to_move.letter();
                    for text in [format!("{head} {first}"), format!("{head} {first} {first}")] {
                        let written = parse_turn::<Superpion>(&text).unwrap();
                        let mut tried = p.clone();
                        if turn(&mut tried, &written, |_| {}).is_err() {
                            assert_eq!(tried, p, "{text}");
                            refused += 1;
                        }
                    }
                }
                let written = parse_turn::<Superpion>(&play.to_string()).unwrap();
                turn(&mut p, &written, |_| {}).unwrap();
                if p.over {
                    break;
                }
            }
        }
        assert!(refused > 300, "{refused} refused");
    }

    #[test]
    fn first_turn_has_eight_moves() {
        let p = Position::initial(Variant::new(Mode::FourPlayers, None));
        assert_eq!(p.actions().len(), 8);
    }

    #[test]
    fn a_superpion_flies_and_turns_but_never_back() {
        let mut p = Position::empty(Variant::new(Mode::FourPlayers, None));
        p.place(Camp::Blue, sq("e5"), Some(Colour::Spare));
        p.place(Camp::Red, sq("g7"), None);
        p.place(Camp::Red, sq("i7"), None);
        p.place(Camp::Black, sq("n14".replace("14", "4").as_str()), None);
        p.first_to_move();
        // e5 jumps g7 landing h8 (or beyond), turns SE over i7.
        assert_eq!(p.longest(sq("e5")), 2);
        let caps = p.capture_actions();
        assert!(caps.iter().all(|a| a.taken() == 2));
        assert!(caps.iter().any(|a| a.to_string() == "e5xh8xj6"), "{caps:?}");
    }
}
