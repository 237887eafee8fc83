//! Puluc's header: its keys, and the position a `setup` starts from.

use std::collections::BTreeMap;
use std::fmt;

use serde::de::{self, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::game::OffBoard;
use crate::games::duel::{self, DuelHeader};
use crate::record::header::{given, present, Date, KeyDoc, Text};
use crate::record::movetext::value_of;
use crate::record::{HeaderError, HeaderText, Switches};
use crate::span::Span;

use super::board::{Side, Stack, DEFAULT_SQUARES, MAX_SQUARES, MIN_SQUARES, PAWNS};
use super::position::Position;

/// The `players` key: who played each side.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Players {
    /// The `a` key: the name of A, who throws first.
    #[serde(default, deserialize_with = "present")]
    pub a: Option<Text>,
    /// The `b` key: the name of B.
    #[serde(default, deserialize_with = "present")]
    pub b: Option<Text>,
}

/// The `end` key: why a game stopped without a win on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum End {
    /// `abandoned`: the game was given up before anyone won; unfinished.
    Abandoned,
    /// `resignation`: a player resigned; `result` names the winner.
    Resignation,
    /// `time-forfeit`: a player ran out of time; `result` names the winner.
    TimeForfeit,
    /// `forfeit`: a player did not play or was disqualified; `result`
    /// names the winner.
    Forfeit,
    /// `adjudication`: the referee decided; `result` names the winner, or
    /// `none` for a draw.
    Adjudication,
}

impl End {
    /// The ending decided off the board, when it is one (all but
    /// `abandoned`, which leaves the game unfinished).
    pub fn off_board(self) -> Option<OffBoard> {
        match self {
            End::Abandoned => None,
            End::Resignation => Some(OffBoard::Resignation),
            End::TimeForfeit => Some(OffBoard::TimeForfeit),
            End::Forfeit => Some(OffBoard::Forfeit),
            End::Adjudication => Some(OffBoard::Adjudication),
        }
    }
}

/// Pawns per side, as the setup's `start` and `killed` give them.
#[derive(Debug, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Counts {
    /// A's pawns.
    #[serde(
        default,
        deserialize_with = "present",
        skip_serializing_if = "Option::is_none"
    )]
    pub a: Option<u8>,
    /// B's pawns.
    #[serde(
        default,
        deserialize_with = "present",
        skip_serializing_if = "Option::is_none"
    )]
    pub b: Option<u8>,
}

impl Counts {
    fn of(&self, side: Side) -> Option<u8> {
        match side {
            Side::A => self.a,
            Side::B => self.b,
        }
    }
}

/// A `track` key as written: `"3"` or `3`; checked to be a square later, so
/// that the error can point at it.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct SquareKey(pub String);

/// Written as the text it holds: a square number, or what was read.
impl Serialize for SquareKey {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.0)
    }
}

impl<'de> Deserialize<'de> for SquareKey {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Key;
        impl Visitor<'_> for Key {
            type Value = SquareKey;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a square number")
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<SquareKey, E> {
                Ok(SquareKey(v.to_string()))
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<SquareKey, E> {
                Ok(SquareKey(v.to_string()))
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<SquareKey, E> {
                Ok(SquareKey(v.to_string()))
            }
        }
        deserializer.deserialize_any(Key)
    }
}

/// The `setup` key: the position the replay starts from. Read by the
/// header, and written of a position by `Setup::from` (`show`, `moves`):
/// one type, so that a setup written reads back as its position.
#[derive(Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Setup {
    /// The `to-move` key: the side to throw first (A without it).
    #[serde(
        rename = "to-move",
        default,
        deserialize_with = "present",
        skip_serializing_if = "Option::is_none"
    )]
    pub to_move: Option<Side>,
    /// The `start` key: the pawns on each side's start square; without it,
    /// those neither on the track nor killed.
    #[serde(
        default,
        deserialize_with = "present",
        skip_serializing_if = "Option::is_none"
    )]
    pub start: Option<Counts>,
    /// The `killed` key: each side's pawns killed, out of the game (none
    /// without it).
    #[serde(
        default,
        deserialize_with = "present",
        skip_serializing_if = "Option::is_none"
    )]
    pub killed: Option<Counts>,
    /// Each square's pawns, bottom to top.
    #[serde(default, deserialize_with = "given")]
    pub track: BTreeMap<SquareKey, Vec<Side>>,
}

impl From<&Position> for Setup {
    /// The setup that starts from `position`: each side's pawns on its
    /// start square and killed, and each occupied square's stack, bottom
    /// to top. The track's length is the header's `squares`, not the
    /// setup's.
    fn from(position: &Position) -> Setup {
        let by_side = |counts: [u8; 2]| Counts {
            a: Some(counts[Side::A.index()]),
            b: Some(counts[Side::B.index()]),
        };
        let track = position
            .middle()
            .filter(|&s| !position.track[usize::from(s)].is_empty())
            .map(|s| {
                let pawns = position.track[usize::from(s)].pawns().collect();
                (SquareKey(s.to_string()), pawns)
            })
            .collect();
        Setup {
            to_move: Some(position.to_move),
            start: Some(by_side(position.start)),
            killed: Some(by_side(position.killed)),
            track,
        }
    }
}

crate::record::header::tournament_keys! {
/// A Puluc record's header.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Header {
    /// The `game` key: `puluc`.
    #[serde(deserialize_with = "crate::games::game_name")]
    pub game: crate::game::Word,
    /// The `event` key: where and when the game was played.
    #[serde(default, deserialize_with = "present")]
    pub event: Option<Text>,
    /// The `date` key: the day the game was played.
    #[serde(default, deserialize_with = "present")]
    pub date: Option<Date>,
    /// The `players` key: who played.
    #[serde(default, deserialize_with = "present")]
    pub players: Option<Players>,
    /// The `squares` key: the track length N, 5 to 31 (11 without it), for
    /// squares 0 to N-1.
    #[serde(default, deserialize_with = "present")]
    pub squares: Option<u32>,
    /// The `end` key: why a game without a winner stopped.
    #[serde(default, deserialize_with = "present")]
    pub end: Option<End>,
    /// The `result` key: the claimed winner (`a`, `b` or a name) or `none`,
    /// checked against the replay; the result itself when `end` decides
    /// the game off the board.
    #[serde(default, deserialize_with = "present")]
    pub result: Option<Text>,
    /// The `setup` key: a position to start from instead of the initial one.
    #[serde(default, deserialize_with = "present")]
    pub setup: Option<Setup>,
}
}

impl DuelHeader for Header {
    type Side = Side;
    const GAME: &'static str = "Puluc";

    fn name(&self, side: Side) -> Option<&str> {
        let players = self.players.as_ref()?;
        match side {
            Side::A => players.a.as_deref(),
            Side::B => players.b.as_deref(),
        }
    }

    fn result(&self) -> Option<&str> {
        self.result.as_deref()
    }

    fn ending(&self) -> Option<OffBoard> {
        self.end.and_then(End::off_board)
    }
}

/// The position a record starts from: the track its `squares` gives, and
/// its `setup` checked to be one that play reaches.
pub fn start(
    header: &Header,
    text: &HeaderText<'_>,
    _switches: &Switches,
) -> Result<Position, HeaderError> {
    header.claimed(text)?;
    duel::check_end(header, text)?;
    let squares = header.squares.unwrap_or(u32::from(DEFAULT_SQUARES));
    if !(u32::from(MIN_SQUARES)..=u32::from(MAX_SQUARES)).contains(&squares) {
        return Err(HeaderError::header(
            format!("a track of {squares} squares is not allowed"),
            text.within("squares", &squares.to_string()),
        )
        .with_help(format!(
            "`squares` is {MIN_SQUARES} to {MAX_SQUARES} (11 by default)"
        )));
    }
    let squares = squares as u8;
    match &header.setup {
        None => Ok(Position::new(squares)),
        Some(setup) => from_setup(setup, squares, text),
    }
}

/// The span of a `track` entry in the setup: `"3"` or `3`.
fn track_entry(text: &HeaderText<'_>, key: &str) -> Span {
    let fallback = text.key("setup");
    for needle in [format!("\"{key}\""), format!("'{key}'"), key.to_string()] {
        let span = text.within("setup", &needle);
        if span != fallback {
            return span;
        }
    }
    fallback
}

/// Build the setup's position and check it is one play can reach.
fn from_setup(setup: &Setup, squares: u8, text: &HeaderText<'_>) -> Result<Position, HeaderError> {
    let mut position = Position::new(squares);
    let mut on_track = [0u8; 2];
    for (key, pawns) in &setup.track {
        let at = track_entry(text, &key.0);
        let last = squares - 2;
        let written = key.0.trim();
        if written.len() > 1 && written.starts_with('0') {
            let plain = written.trim_start_matches('0');
            let plain = if plain.is_empty() { "0" } else { plain };
            return Err(HeaderError::setup(
                format!("`{written}` is not a square number: a square number has no leading zero"),
                at,
            )
            .with_help(format!("write `\"{plain}\"`")));
        }
        // Digits only, as the notation writes a square: not `+3`.
        let square = match value_of(written.as_bytes()) {
            Some(s) => s,
            None => {
                return Err(
                    HeaderError::setup(format!("`{}` is not a square number", key.0), at)
                        .with_help(format!("`track` keys are the squares 1 to {last}")),
                )
            }
        };
        if square == 0 || square > u32::from(last) {
            return Err(HeaderError::setup(
                format!("square {square} cannot be listed in `track`: only squares 1 to {last} hold stacks"),
                at,
            )
            .with_help("pawns on a start square are counted in `start`"));
        }
        if !position.track[square as usize].is_empty() {
            return Err(
                HeaderError::setup(format!("square {square} is listed twice"), at)
                    .with_help("list each square's stack once, bottom to top"),
            );
        }
        if pawns.is_empty() {
            return Err(HeaderError::setup(format!("square {square} lists no pawns"), at)
                .with_help("list a square's pawns bottom to top, e.g. `\"3\": [b, a]`, or leave the square out"));
        }
        for side in [Side::A, Side::B] {
            let n = pawns.iter().filter(|&&p| p == side).count();
            on_track[side.index()] = on_track[side.index()].saturating_add(n.min(255) as u8);
            if on_track[side.index()] > PAWNS {
                return Err(HeaderError::setup(
                    format!("{side} has more than {PAWNS} pawns on the track"),
                    at,
                ));
            }
        }
        position.track[square as usize] = Stack::of(pawns);
    }
    let none = Counts::default();
    let killed = setup.killed.as_ref().unwrap_or(&none);
    let start = setup.start.as_ref().unwrap_or(&none);
    for side in [Side::A, Side::B] {
        let dead = killed.of(side).unwrap_or(0);
        let track = on_track[side.index()];
        let home = start
            .of(side)
            .unwrap_or_else(|| PAWNS.saturating_sub(track.saturating_add(dead)));
        let total = u32::from(home) + u32::from(track) + u32::from(dead);
        if total != u32::from(PAWNS) {
            let key = if start.of(side).is_some() {
                "start"
            } else if killed.of(side).is_some() {
                "killed"
            } else {
                "track"
            };
            return Err(HeaderError::setup(
                format!("{side} has {total} pawns in all ({home} at start, {track} on the track, {dead} killed); each side has {PAWNS}"),
                text.within("setup", key),
            ));
        }
        position.start[side.index()] = home;
        position.killed[side.index()] = dead;
    }
    if position.killed == [PAWNS, PAWNS] {
        return Err(HeaderError::setup(
            "both sides have all their pawns killed, which no game reaches",
            text.within("setup", "killed"),
        ));
    }
    position.winner = [Side::A, Side::B]
        .into_iter()
        .find(|s| position.killed[s.other().index()] == PAWNS);
    position.to_move = setup.to_move.unwrap_or(Side::A);
    position.opener = position.to_move;
    Ok(position)
}

/// Puluc's header keys as an editor offers and explains them.
pub(super) const HEADER_KEYS: &[KeyDoc] = &[
    KeyDoc {
        key: "game",
        meaning: "the game: `puluc`",
        values: &["puluc"],
        fields: &[],
    },
    KeyDoc {
        key: "players",
        meaning: "who played: `a` (who throws first) and `b`, each a name",
        fields: &["a", "b"],
        values: &[],
    },
    KeyDoc {
        key: "squares",
        meaning: "the track length N, 5 to 31 (11 without it), for squares 0 to N-1",
        values: &[],
        fields: &[],
    },
    KeyDoc {
        key: "end",
        meaning: "why a game without a winner stopped",
        values: &[
            "abandoned",
            "resignation",
            "time-forfeit",
            "forfeit",
            "adjudication",
        ],
        fields: &[],
    },
    KeyDoc {
        key: "result",
        meaning: "the claimed winner (`a`, `b` or a player's name) or `none`, checked \
                  against the replay; the result itself when `end` decides the game \
                  off the board",
        values: &["a", "b", "none"],
        fields: &[],
    },
    KeyDoc {
        key: "setup",
        meaning: "a position to start from instead of the initial one: the side to \
                  throw first (`to-move`), the pawns on each start square (`start`), \
                  each side's pawns killed (`killed`) and the stacks on the track \
                  (`track`)",
        fields: &["to-move", "start", "killed", "track"],
        values: &[],
    },
];
