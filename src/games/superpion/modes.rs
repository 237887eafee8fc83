//! The five modes: which camps play, who partners whom, who captures whom,
//! and the colours of the pawns.

use std::fmt;

use serde::Deserialize;

use super::board::Camp;

/// Pawns per colour at the start.
pub const PAWNS: u32 = 12;
/// Pawns not of one's own colours needed for own pawns to count double.
pub const THRESHOLD: u32 = 5;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Mode {
    FourPlayers,
    Teams,
    ThreePlayers,
    TwoPlayers,
    TwoSuperPlayers,
}

impl Mode {
    pub const ALL: [Mode; 5] = [
        Mode::FourPlayers,
        Mode::Teams,
        Mode::ThreePlayers,
        Mode::TwoPlayers,
        Mode::TwoSuperPlayers,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Mode::FourPlayers => "four-players",
            Mode::Teams => "teams",
            Mode::ThreePlayers => "three-players",
            Mode::TwoPlayers => "two-players",
            Mode::TwoSuperPlayers => "two-super-players",
        }
    }

    /// Two players holding two camps each.
    pub fn two_player(self) -> bool {
        matches!(self, Mode::TwoPlayers | Mode::TwoSuperPlayers)
    }
}

impl fmt::Display for Mode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The colour of a pawn: one of the camps', or a spare's (no player's).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Colour {
    Blue,
    Red,
    Yellow,
    Black,
    Spare,
}

impl Colour {
    pub const ALL: [Colour; 5] = [
        Colour::Blue,
        Colour::Red,
        Colour::Yellow,
        Colour::Black,
        Colour::Spare,
    ];

    pub fn index(self) -> usize {
        self as usize
    }

    pub fn of(camp: Camp) -> Colour {
        Colour::ALL[camp.index()]
    }

    pub fn camp(self) -> Option<Camp> {
        (self != Colour::Spare).then(|| Camp::from_index(self.index()))
    }

    pub fn letter(self) -> char {
        self.camp().map_or('S', Camp::letter)
    }

    pub fn from_letter(c: char) -> Option<Colour> {
        if c.eq_ignore_ascii_case(&'S') {
            return Some(Colour::Spare);
        }
        Camp::from_letter(c).map(Colour::of)
    }

    pub fn name(self) -> &'static str {
        self.camp().map_or("spare", Camp::name)
    }
}

/// Counts of pawns by colour (a pile, or a player's holdings).
pub type Pile = [u8; 5];

/// What the header fixes for a whole record: the mode, the neutral camp and
/// the tolerated rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rules {
    pub mode: Mode,
    pub neutral: Option<Camp>,
    pub forgive_missed_captures: bool,
}

impl Rules {
    pub fn new(mode: Mode, neutral: Option<Camp>) -> Rules {
        Rules {
            mode,
            neutral: if mode == Mode::ThreePlayers {
                neutral
            } else {
                None
            },
            forgive_missed_captures: false,
        }
    }

    /// Which side a camp belongs to (sides never capture their own).
    pub fn side(&self, camp: Camp) -> usize {
        use Camp::*;
        match self.mode {
            Mode::FourPlayers | Mode::ThreePlayers => camp.index(),
            Mode::Teams | Mode::TwoSuperPlayers => match camp {
                Blue | Yellow => 0,
                Red | Black => 1,
            },
            Mode::TwoPlayers => match camp {
                Blue | Red => 0,
                Yellow | Black => 1,
            },
        }
    }

    pub fn opponents(&self, a: Camp, b: Camp) -> bool {
        self.side(a) != self.side(b)
    }

    /// Whether the camp has a player (the neutral camp has none).
    pub fn plays(&self, camp: Camp) -> bool {
        self.neutral != Some(camp)
    }

    /// The player slot that owns a camp: the camp itself in the four-player
    /// modes, `player1`/`player2` (0/1) in the two-player modes.
    pub fn player(&self, camp: Camp) -> Option<usize> {
        if !self.plays(camp) {
            None
        } else if self.mode.two_player() {
            Some(self.side(camp))
        } else {
            Some(camp.index())
        }
    }

    /// The player slots of the mode, in order.
    pub fn players(&self) -> Vec<usize> {
        if self.mode.two_player() {
            vec![0, 1]
        } else {
            Camp::ALL
                .into_iter()
                .filter(|&c| self.plays(c))
                .map(Camp::index)
                .collect()
        }
    }

    /// The camps a player slot owns.
    pub fn camps_of(&self, player: usize) -> Vec<Camp> {
        Camp::ALL
            .into_iter()
            .filter(|&c| self.player(c) == Some(player))
            .collect()
    }

    /// In `two-players` a pawn keeps off the sideways direction toward its
    /// partner's back line: Blue never west, Red never south, and so on.
    pub fn two_player_forbidden(&self, camp: Camp) -> Option<usize> {
        if self.mode != Mode::TwoPlayers {
            return None;
        }
        Some(match camp {
            Camp::Blue => 3,
            Camp::Red => 2,
            Camp::Yellow => 1,
            Camp::Black => 0,
        })
    }
}
