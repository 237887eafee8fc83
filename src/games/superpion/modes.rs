//! The five modes: which camps play, who partners whom, who captures whom,
//! and the colours of the pawns.

use std::fmt;

use serde::Deserialize;

use super::board::Camp;

/// Pawns per colour at the start.
pub const PAWNS: u32 = 12;
/// Pawns not of one's own colours needed for own pawns to count double.
pub const THRESHOLD: u32 = 5;

/// Who plays which camps and who partners whom: the `mode` key.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// `four-players`: one player per camp, everyone against everyone.
    FourPlayers,
    /// `teams`: one player per camp, Blue and Yellow against Red and Black.
    Teams,
    /// `three-players`: three camps play; the neutral camp's pieces never
    /// move and are everyone's opponents.
    ThreePlayers,
    /// `two-players`: player 1 holds Blue and Red, player 2 Yellow and Black;
    /// no pawn moves toward its partner's back line.
    TwoPlayers,
    /// `two-super-players`: player 1 holds Blue and Yellow, player 2 Red and
    /// Black.
    TwoSuperPlayers,
}

impl Mode {
    /// Every mode.
    pub const ALL: [Mode; 5] = [
        Mode::FourPlayers,
        Mode::Teams,
        Mode::ThreePlayers,
        Mode::TwoPlayers,
        Mode::TwoSuperPlayers,
    ];

    /// Every mode's name, in the order of [`Mode::ALL`].
    pub const NAMES: [&'static str; 5] = [
        "four-players",
        "teams",
        "three-players",
        "two-players",
        "two-super-players",
    ];

    /// The mode as the header writes it: `four-players`, `teams`, ...
    pub fn name(self) -> &'static str {
        Mode::NAMES[self as usize]
    }

    /// Two players holding two camps each.
    pub fn two_player(self) -> bool {
        matches!(self, Mode::TwoPlayers | Mode::TwoSuperPlayers)
    }
}

/// The `mode` value is read in any case (`Teams` is `teams`), as the `game`
/// value is: a referee reads the word, not its capitals.
impl<'de> Deserialize<'de> for Mode {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = crate::record::header::Text::deserialize(deserializer)?;
        let word = text.trim();
        Mode::ALL
            .into_iter()
            .find(|mode| mode.name().eq_ignore_ascii_case(word))
            .ok_or_else(|| serde::de::Error::unknown_variant(word, &Mode::NAMES))
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
    /// Blue's pawns.
    Blue,
    /// Red's pawns.
    Red,
    /// Yellow's pawns.
    Yellow,
    /// Black's pawns.
    Black,
    /// A spare pawn, brought in under a Superpion when the pile it would come
    /// from is empty.
    Spare,
}

impl Colour {
    /// The camps' colours in the order of play, then the spare.
    pub const ALL: [Colour; 5] = [
        Colour::Blue,
        Colour::Red,
        Colour::Yellow,
        Colour::Black,
        Colour::Spare,
    ];

    /// Where the colour is counted in a pile: the camps' order, the spare
    /// last.
    pub fn index(self) -> usize {
        self as usize
    }

    /// The colour of a camp's own pawns.
    pub fn of(camp: Camp) -> Colour {
        Colour::ALL[camp.index()]
    }

    /// The camp of this colour; `None` for a spare.
    pub fn camp(self) -> Option<Camp> {
        (self != Colour::Spare).then(|| Camp::from_index(self.index()))
    }

    /// The letter of promotion marks and piles: B, R, Y, K, or S for a spare.
    pub fn letter(self) -> char {
        self.camp().map_or('S', Camp::letter)
    }

    /// The colour a mark or pile letter names, in either case.
    pub fn from_letter(c: char) -> Option<Colour> {
        if c.eq_ignore_ascii_case(&'S') {
            return Some(Colour::Spare);
        }
        Camp::from_letter(c).map(Colour::of)
    }

    /// The colour in words: a camp's name, or `spare`.
    pub fn name(self) -> &'static str {
        self.camp().map_or("spare", Camp::name)
    }
}

/// Counts of pawns by colour (a pile, or a player's holdings).
pub type Pile = [u8; 5];

/// What the header fixes for a whole record: the mode, the neutral camp and
/// the tolerated rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Variant {
    /// The `mode` key.
    pub mode: Mode,
    /// The camp nobody plays, in `three-players` only.
    pub neutral: Option<Camp>,
    /// Whether missed and short captures are forgiven with a warning
    /// (`forgive-missed-captures`).
    pub forgive_missed_captures: bool,
}

/// Each camp's side, by mode then camp in the order B, R, Y, K: a table,
/// as the capture tests ask for it at every turn.
const SIDES: [[usize; 4]; 5] = [
    [0, 1, 2, 3], // four-players
    [0, 1, 0, 1], // teams: Blue and Yellow, Red and Black
    [0, 1, 2, 3], // three-players
    [0, 0, 1, 1], // two-players: Blue and Red, Yellow and Black
    [0, 1, 0, 1], // two-super-players: Blue and Yellow, Red and Black
];

/// Per mode, the bit that turns a camp's index into its partner's, told
/// from [`SIDES`] at compile time: a side's two camps differ by the same
/// bit in every mode (0 where each side is one camp), which the build
/// checks.
const PARTNER_BIT: [usize; 5] = {
    let mut bits = [0; 5];
    let mut mode = 0;
    while mode < 5 {
        let mut other = 1;
        while other < 4 {
            if SIDES[mode][other] == SIDES[mode][0] {
                bits[mode] = other;
            }
            other += 1;
        }
        let mut camp = 0;
        while camp < 4 {
            let mut each = 0;
            while each < 4 {
                let same_side = SIDES[mode][each] == SIDES[mode][camp];
                assert!(same_side == (each == camp || each == camp ^ bits[mode]));
                each += 1;
            }
            camp += 1;
        }
        mode += 1;
    }
    bits
};

impl Variant {
    /// The rules a `--mode` names: four-players without one, a
    /// three-players neutral camp after a colon.
    pub(super) fn parse(mode: Option<&str>) -> Result<Variant, String> {
        let Some(text) = mode else {
            return Ok(Variant::new(Mode::FourPlayers, None));
        };
        let (name, neutral) = match text.split_once(':') {
            Some((name, neutral)) => (name.trim(), Some(neutral.trim())),
            None => (text.trim(), None),
        };
        let Some(mode) = Mode::ALL
            .into_iter()
            .find(|m| m.name().eq_ignore_ascii_case(name))
        else {
            let names: Vec<&str> = Mode::ALL.iter().map(|m| m.name()).collect();
            return Err(format!("`{name}` is not a Superpion mode (the modes are {}; three-players takes its neutral camp as `three-players:red`, black by default)", names.join(", ")));
        };
        let neutral = match (mode, neutral) {
            (Mode::ThreePlayers, None) => Some(Camp::Black),
            (Mode::ThreePlayers, Some(camp)) => Some(
                Camp::from_name(camp)
                    .ok_or_else(|| format!("`{camp}` is not a camp (blue, red, yellow, black)"))?,
            ),
            (_, Some(_)) => {
                return Err(format!(
                    "only three-players names a neutral camp, not {mode}"
                ))
            }
            (_, None) => None,
        };
        Ok(Variant::new(mode, neutral))
    }

    /// A mode's rules with no house rule; `neutral` counts in
    /// `three-players` only.
    pub fn new(mode: Mode, neutral: Option<Camp>) -> Variant {
        Variant {
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
        SIDES[self.mode as usize][camp.index()]
    }

    /// The other camp of `camp`'s side, or `camp` itself when its side is
    /// one camp (see [`Variant::side`]).
    pub fn partner(&self, camp: Camp) -> usize {
        camp.index() ^ PARTNER_BIT[self.mode as usize]
    }

    /// Whether `a` and `b` are on different sides, so may capture each other.
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
    pub fn players(&self) -> smallvec::SmallVec<[usize; 4]> {
        if self.mode.two_player() {
            smallvec::smallvec![0, 1]
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
