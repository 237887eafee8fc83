//! The Puluc track's vocabulary: the two sides and the stacks of pawns that
//! stand on its squares.

use std::fmt;

use crate::games::duel::Duellist;

use serde::{Deserialize, Serialize};

/// The values a throw of the four sticks can take.
pub const THROWS: std::ops::RangeInclusive<u8> = 1..=5;

/// Pawns per side.
pub const PAWNS: u8 = 4;
/// The track length without a `squares` header key.
pub const DEFAULT_SQUARES: u8 = 11;
/// The shortest and longest tracks the header may ask for.
pub const MIN_SQUARES: u8 = 5;
pub const MAX_SQUARES: u8 = 31;

/// A is the side that throws first and starts on square 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize, Serialize)]
pub enum Side {
    /// A, who throws first, starts on square 0 and moves up the track.
    #[serde(rename = "a")]
    A,
    /// B, who starts on the last square and moves down toward 0.
    #[serde(rename = "b")]
    B,
}

impl Side {
    /// The opponent.
    pub fn other(self) -> Side {
        match self {
            Side::A => Side::B,
            Side::B => Side::A,
        }
    }

    /// Index into a position's per-side arrays: A 0, B 1.
    pub fn index(self) -> usize {
        self as usize
    }

    /// The header key: `a` or `b`.
    pub fn name(self) -> &'static str {
        match self {
            Side::A => "a",
            Side::B => "b",
        }
    }
}

impl Duellist for Side {
    const BOTH: [Self; 2] = [Side::A, Side::B];

    fn key(self) -> &'static str {
        self.name()
    }

    /// `A` or `B`, as the rules name the players: in sentences a lone `a`
    /// reads as an article. Keys and machine output use [`Side::name`].
    fn title(self) -> &'static str {
        match self {
            Side::A => "A",
            Side::B => "B",
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.title())
    }
}

/// The pawns on one square, bottom to top: bit `i` of `owners` is set when
/// the `i`-th pawn from the bottom is B's. Eight pawns fit in a byte, and a
/// copy costs nothing, which keeps replay fast.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stack {
    owners: u8,
    height: u8,
}

impl Stack {
    /// A square with no pawn.
    pub const EMPTY: Stack = Stack {
        owners: 0,
        height: 0,
    };

    /// A stack listed bottom to top.
    pub fn of(pawns: &[Side]) -> Stack {
        let mut stack = Stack::EMPTY;
        for &pawn in pawns {
            stack.push(pawn);
        }
        stack
    }

    /// How many pawns the stack holds.
    pub fn height(self) -> u8 {
        self.height
    }

    /// Whether no pawn stands there.
    pub fn is_empty(self) -> bool {
        self.height == 0
    }

    /// Who is master of the stack: the owner of its top pawn.
    pub fn top(self) -> Option<Side> {
        (self.height > 0).then(|| self.pawn(self.height - 1))
    }

    /// The `i`-th pawn from the bottom.
    pub fn pawn(self, i: u8) -> Side {
        if self.owners >> i & 1 == 1 {
            Side::B
        } else {
            Side::A
        }
    }

    /// The owners of its pawns, bottom to top.
    pub fn pawns(self) -> impl Iterator<Item = Side> {
        (0..self.height).map(move |i| self.pawn(i))
    }

    /// Put a pawn on top; a stack holds at most 8, every pawn of the game.
    pub fn push(&mut self, pawn: Side) {
        if self.height < 8 {
            self.owners |= u8::from(pawn == Side::B) << self.height;
            self.height += 1;
        }
    }

    /// How many of the stack's pawns are `side`'s.
    pub fn count(self, side: Side) -> u8 {
        let mask = ((1u16 << self.height) - 1) as u8;
        let b = (self.owners & mask).count_ones() as u8;
        match side {
            Side::B => b,
            Side::A => self.height - b,
        }
    }

    /// Split into what stays and the unit that moves: a lone pawn or a tower
    /// of 2 moves whole; on a taller tower only the top two pawns move.
    pub fn split(self) -> (Stack, Stack) {
        let moving = self.height.min(2);
        let stays = self.height - moving;
        let rest = Stack {
            owners: self.owners & (((1u16 << stays) - 1) as u8),
            height: stays,
        };
        let unit = Stack {
            owners: self.owners >> stays & 0b11,
            height: moving,
        };
        (rest, unit)
    }

    /// `unit` set on top of this stack.
    pub fn with_on_top(self, unit: Stack) -> Stack {
        let height = (self.height + unit.height).min(8);
        Stack {
            owners: (u16::from(self.owners) | u16::from(unit.owners) << self.height) as u8,
            height,
        }
    }
}

impl fmt::Display for Stack {
    /// Bottom to top, each pawn drawn as `show` draws it: `ABA`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for pawn in self.pawns() {
            write!(f, "{pawn}")?;
        }
        Ok(())
    }
}

/// Where a moving unit comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Origin {
    /// A pawn from the mover's start square.
    Enter,
    /// The unit on this track square.
    Square(u8),
}

#[cfg(test)]
mod tests {
    use super::*;
    use Side::{A, B};

    #[test]
    fn stacks_keep_their_order() {
        let s = Stack::of(&[A, B, B, A]);
        assert_eq!(s.to_string(), "ABBA");
        assert_eq!(s.top(), Some(A));
        assert_eq!(s.count(A), 2);
        assert_eq!(s.count(B), 2);
        let (rest, unit) = s.split();
        assert_eq!(rest.to_string(), "AB");
        assert_eq!(unit.to_string(), "BA");
        assert_eq!(rest.with_on_top(unit), s);
    }

    #[test]
    fn small_units_move_whole() {
        let (rest, unit) = Stack::of(&[B, A]).split();
        assert!(rest.is_empty());
        assert_eq!(unit.to_string(), "BA");
        let (rest, unit) = Stack::of(&[B]).split();
        assert!(rest.is_empty());
        assert_eq!(unit.top(), Some(B));
        let (rest, unit) = Stack::of(&[A, B, A]).split();
        assert_eq!(rest.to_string(), "A");
        assert_eq!(unit.to_string(), "BA");
    }

    #[test]
    fn eight_pawns_fit() {
        let s = Stack::of(&[B, B, B, B, A, A, A, A]);
        assert_eq!(s.height(), 8);
        assert_eq!(s.count(B), 4);
        assert_eq!(s.top(), Some(A));
        assert_eq!(Stack::EMPTY.top(), None);
    }
}
