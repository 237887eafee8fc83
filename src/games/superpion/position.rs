//! Superpion's position: the camps' pieces, the Superpions and their
//! under-pawns, the piles of captured pawns, and whose turn it is; and the
//! actions that change it. What is legal is in `legality.rs`.

use std::fmt;

use super::board::{Camp, Sq, Squares, SQUARES};
use super::modes::{Colour, Pile, Variant};
use smallvec::SmallVec;

/// The squares an action lands on, in order: inline up to 16, more than
/// a capture of an ordinary game lands on, so that checking a turn
/// allocates nothing.
pub type Path = SmallVec<[Sq; 16]>;

/// A legal action: a move or one whole capture sequence, with its
/// promotion mark.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Action {
    /// The square the piece starts from.
    pub from: Sq,
    /// The landing squares in order; a move has one.
    pub path: Path,
    /// Whether the action is a capture, written with `x`, rather than a move.
    pub capture: bool,
    /// The pieces the capture jumps, all removed when it ends; none for a move.
    pub jumped: Squares,
    /// The pawn put under the new Superpion (`=R`), when the action promotes.
    pub promotion: Option<Colour>,
}

impl Action {
    /// A capture along `path` (its landings) taking `jumped`, before any promotion mark.
    pub(crate) fn capture(from: Sq, path: &[Sq], jumped: Squares) -> Action {
        let mut action = Action {
            from,
            path: Path::new(),
            capture: true,
            jumped,
            promotion: None,
        };
        // A capture lands at least once.
        let landings = if path.is_empty() { &[from][..] } else { path };
        action.capturing(from, landings, jumped);
        action
    }

    /// This action made a move of the piece on `from` to `to`, unmarked:
    /// written over field by field.
    pub(crate) fn moving(&mut self, from: Sq, to: Sq) {
        self.from = from;
        match self.path.as_mut_slice() {
            [only] => *only = to,
            _ => {
                self.path.clear();
                self.path.push(to);
            }
        }
        self.capture = false;
        self.jumped = 0;
        self.promotion = None;
    }

    /// This action made a capture along `path` taking `jumped`, unmarked:
    /// written over field by field.
    #[inline(always)]
    pub(crate) fn capturing(&mut self, from: Sq, path: &[Sq], jumped: Squares) {
        self.from = from;
        self.path.clear();
        // Nearly every capture lands once: pushed, not copied as a slice
        // (two calls to `memcpy`).
        match path {
            [only] => self.path.push(*only),
            _ => self.path.extend_from_slice(path),
        }
        self.capture = true;
        self.jumped = jumped;
        self.promotion = None;
    }

    /// The square the piece ends on.
    pub fn to(&self) -> Sq {
        self.path.last().copied().unwrap_or(self.from)
    }

    /// Pieces jumped: what maximum capture counts.
    pub fn taken(&self) -> u32 {
        self.jumped.count_ones()
    }

    pub(super) fn sort_key(&self) -> (Vec<(i8, i8)>, Option<Colour>) {
        let mut key = vec![self.from.notation_key()];
        key.extend(self.path.iter().map(|s| s.notation_key()));
        (key, self.promotion)
    }

    /// The path without the promotion mark: `e5xg7xe9`.
    pub fn path_text(&self) -> String {
        let sep = if self.capture { "x" } else { "-" };
        let mut out = self.from.to_string();
        for s in &self.path {
            out.push_str(sep);
            out.push_str(&s.to_string());
        }
        out
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.path_text())?;
        if let Some(c) = self.promotion {
            write!(f, "={}", c.letter())?;
        }
        Ok(())
    }
}

/// What the warnings of forgiven missed captures have listed so far in the
/// record, per camp: the turn where the camp's first such warning listed
/// its captures, and what they followed from, so that later warnings refer
/// to it instead of searching and listing again. The referee's notes, not the game: two positions never
/// differ by them.
#[derive(Clone, Debug, Default)]
pub struct Listed(pub(super) Option<Box<[Option<Listing>; 4]>>);

/// The captures a warning listed: the round of its turn, the situation
/// they follow from, and the most they took.
#[derive(Clone, Debug)]
pub(super) struct Listing {
    pub(super) round: u32,
    pub(super) situation: Situation,
    pub(super) max: u32,
}

/// All that the captures of the camp to play follow from: the pieces that
/// may still act, which of them are Superpions, every piece, and the foes.
pub(super) type Situation = [Squares; 4];

impl PartialEq for Listed {
    fn eq(&self, _: &Listed) -> bool {
        true
    }
}

impl Eq for Listed {}

/// A Superpion position, between or within turns.
#[derive(Debug, PartialEq, Eq)]
pub struct Position {
    /// The mode, the neutral camp and the house rules of the record.
    pub variant: Variant,
    /// Pieces of each camp.
    pub camps: [Squares; 4],
    /// Which pieces are Superpions.
    pub supers: Squares,
    /// The pawn under each Superpion (meaningful where `supers` is set).
    pub under: [Colour; SQUARES],
    /// Captured pawns by player slot.
    pub piles: [Pile; 4],
    /// The camp to play.
    pub to_move: Camp,
    /// The round the next turn belongs to (from 1).
    pub round: u32,
    /// Pieces that have acted this turn (where they stand now).
    pub acted: Squares,
    /// Pawns promoted this turn.
    pub promoted: Squares,
    /// Whether each camp passed its last turn (for the blocking warning).
    pub passed: [bool; 4],
    /// Only one side has pieces left.
    pub over: bool,
    /// The last turn ended a round (the next camp starts a new one).
    pub wrapped: bool,
    /// New spare pawns brought in by promotions.
    pub spares: u32,
    /// What forgiven missed captures' warnings have listed.
    pub(crate) listed: Listed,
}

/// A turn is played on the position with a copy to put back: inlined
/// where it is taken, a few wide moves (a derived copy is one call more at
/// every turn once the whole program is optimised as one).
impl Clone for Position {
    #[inline(always)]
    fn clone(&self) -> Position {
        Position {
            listed: self.listed.clone(),
            ..*self
        }
    }
}

impl Position {
    /// An empty board; pieces are placed with [`Position::place`].
    pub fn empty(variant: Variant) -> Position {
        Position {
            variant,
            camps: [0; 4],
            supers: 0,
            under: [Colour::Spare; SQUARES],
            piles: [[0; 5]; 4],
            to_move: Camp::Blue,
            round: 1,
            acted: 0,
            promoted: 0,
            passed: [false; 4],
            over: false,
            wrapped: false,
            spares: 0,
            listed: Listed::default(),
        }
    }

    /// Every camp on its arm, the first playing camp to move.
    pub fn initial(variant: Variant) -> Position {
        let mut position = Position::empty(variant);
        for camp in Camp::ALL {
            position.camps[camp.index()] = camp.initial();
        }
        position.first_to_move();
        position
    }

    /// Put a piece of `camp` on `sq`: a Superpion over `under` when given,
    /// else a pawn.
    pub fn place(&mut self, camp: Camp, sq: Sq, under: Option<Colour>) {
        self.camps[camp.index()] |= sq.bit();
        if let Some(colour) = under {
            self.supers |= sq.bit();
            self.under[sq.index()] = colour;
        }
    }

    /// The first camp in the order B, R, Y, K that plays and has pieces.
    pub fn first_to_move(&mut self) {
        if let Some(camp) = Camp::ALL.into_iter().find(|&c| self.in_play(c)) {
            self.to_move = camp;
        }
        self.update_over();
    }

    /// A camp that plays and still has pieces takes turns.
    pub fn in_play(&self, camp: Camp) -> bool {
        self.variant.plays(camp) && self.camps[camp.index()] != 0
    }

    /// Every piece on the board.
    pub fn occupied(&self) -> Squares {
        self.camps.iter().fold(0, |a, b| a | b)
    }

    /// The camp whose piece stands on `sq`.
    pub fn camp_at(&self, sq: Sq) -> Option<Camp> {
        Camp::ALL
            .into_iter()
            .find(|c| self.camps[c.index()] & sq.bit() != 0)
    }

    /// Whether the piece on `sq` is a Superpion.
    pub fn is_superpion(&self, sq: Sq) -> bool {
        self.supers & sq.bit() != 0
    }

    /// Pieces a camp may capture: every opponent's, that is every piece
    /// but its side's, one camp or two. Asked at every capture test, so
    /// told without going through the camps.
    pub fn foes(&self, camp: Camp) -> Squares {
        let side = self.camps[camp.index()] | self.camps[self.variant.partner(camp) % 4];
        self.occupied() & !side
    }

    /// Pieces of the camp to play that may still act this turn.
    pub fn movers(&self) -> Squares {
        self.camps[self.to_move.index()] & !self.acted
    }
}

/// A legal turn: the camp and its actions (none for a pass).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Play {
    /// The camp whose turn it is.
    pub camp: Camp,
    /// Its actions in order: one or two, or none for `--`.
    pub actions: Vec<Action>,
}

impl fmt::Display for Play {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.camp.letter())?;
        if self.actions.is_empty() {
            return f.write_str(" --");
        }
        for a in &self.actions {
            write!(f, " {a}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::superpion::modes::Mode;

    /// A camp's foes are the pieces of the camps on another side, in
    /// every mode: what [`Position::foes`] tells without going through
    /// the camps.
    #[test]
    fn the_foes_are_the_pieces_of_the_other_sides() {
        for mode in Mode::ALL {
            for neutral in [None, Some(Camp::Black), Some(Camp::Red)] {
                let mut position = Position::empty(Variant::new(mode, neutral));
                // A different piece set for each camp.
                position.camps = [0b1 << 3, 0b11 << 20, 0b111 << 40, 0b1111 << 60];
                for camp in Camp::ALL {
                    let opponents = Camp::ALL
                        .into_iter()
                        .filter(|&c| position.variant.opponents(camp, c))
                        .fold(0, |set, c| set | position.camps[c.index()]);
                    assert_eq!(
                        position.foes(camp),
                        opponents,
                        "{mode:?} {neutral:?} {camp}"
                    );
                    let partner = position.variant.partner(camp);
                    assert!(!position.variant.opponents(camp, Camp::from_index(partner)));
                }
            }
        }
    }
}
