//! Where a record stands after its replay: the summary, the outcome, the
//! scores and players by key, the score table.

use std::borrow::Cow;
use std::fmt;

use serde::de::{MapAccess, Visitor};
use serde::ser::{Serialize, SerializeMap, Serializer};
use serde::{Deserialize, Deserializer};

/// Points by player, in the order the game lists its players.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Scores(pub Vec<(String, i64)>);

impl Serialize for Scores {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        pairs(&self.0, serializer)
    }
}

/// Read back in the order written, a name given twice kept twice.
impl<'de> Deserialize<'de> for Scores {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer
            .deserialize_map(Pairs(std::marker::PhantomData))
            .map(Scores)
    }
}

/// A key or a word of a summary: nearly always one of the game's own
/// (a side's key, the way a game ended), borrowed, so that a summary of a
/// record allocates only the names it quotes; a name read from a record
/// (a winner named by the `result`, a team) or read back is owned.
pub type Word = Cow<'static, str>;

/// The players' names by the fixed key of their side, camp or player slot
/// (`red`, `a`, `blue`, `player1`), in the game's order: only the named
/// ones.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Players(pub Vec<(Word, String)>);

impl Serialize for Players {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        pairs(&self.0, serializer)
    }
}

/// Read back in the order written.
impl<'de> Deserialize<'de> for Players {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer
            .deserialize_map(Pairs(std::marker::PhantomData))
            .map(Players)
    }
}

/// Keyed values as one object, in their order.
fn pairs<S: Serializer, K: Serialize, V: Serialize>(
    pairs: &[(K, V)],
    serializer: S,
) -> Result<S::Ok, S::Error> {
    let mut map = serializer.serialize_map(Some(pairs.len()))?;
    for (key, value) in pairs {
        map.serialize_entry(key, value)?;
    }
    map.end()
}

/// An object read back as its pairs, in order.
struct Pairs<K, V>(std::marker::PhantomData<(K, V)>);

impl<'de, K: Deserialize<'de>, V: Deserialize<'de>> Visitor<'de> for Pairs<K, V> {
    type Value = Vec<(K, V)>;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("values by name")
    }
    fn visit_map<M: MapAccess<'de>>(self, mut map: M) -> Result<Self::Value, M::Error> {
        let mut pairs = Vec::with_capacity(map.size_hint().unwrap_or(0).min(16));
        while let Some(entry) = map.next_entry::<K, V>()? {
            pairs.push(entry);
        }
        Ok(pairs)
    }
}

/// How a finished game ended, every side named by its fixed key: what a
/// program reads instead of the words of [`Summary::description`].
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, Deserialize)]
pub struct Outcome {
    /// The end, one fixed word per way the game can end: on the board
    /// `alignment` (Simpei), `all-killed` (Puluc), `one-side-left`,
    /// `captures-impossible` or `time` (Superpion); off it, an
    /// [`OffBoard`] word (`resignation`, `adjudication`, `draw`, ...).
    pub end: Word,
    /// Whether the board or the header's `end` decided the game.
    #[serde(default)]
    pub decided: Decided,
    /// The keys of who won: one side, or a team's sides; empty for a
    /// shared first place or a draw.
    pub winners: Vec<Word>,
    /// Points by key, for games that score: the referee's after an
    /// adjudication.
    pub scores: Option<Scores>,
    /// The points the board gives at the last turn, by key, beside the
    /// adjudicated `scores`; `None` unless the scores were adjudicated.
    #[serde(default)]
    pub board_scores: Option<Scores>,
    /// The teams with their totals, for games played in teams.
    pub teams: Option<Vec<Team>>,
}

/// What decided a finished game: play on the board, or the header's `end`
/// (a resignation, a forfeit, the referee, an agreed draw).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Decided {
    /// The game was won (or scored) on the board.
    #[default]
    Board,
    /// The header's `end` decided it, and its `result` is the result.
    OffBoard,
}

/// The endings decided off the board (record.md, "Games decided off the
/// board"), and Simpei's agreed draw: the header's `end` words whose
/// `result` is taken as the result rather than checked against the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OffBoard {
    /// `resignation`: a player resigned.
    Resignation,
    /// `time-forfeit`: a player ran out of time.
    TimeForfeit,
    /// `forfeit`: a player did not play, or was disqualified.
    Forfeit,
    /// `adjudication`: the referee decided the result.
    Adjudication,
    /// `draw`: the players agreed a draw (Simpei).
    Agreement,
}

impl OffBoard {
    /// The `end` word, as the header writes it and `Outcome::end` reports it.
    pub fn word(self) -> &'static str {
        match self {
            OffBoard::Resignation => "resignation",
            OffBoard::TimeForfeit => "time-forfeit",
            OffBoard::Forfeit => "forfeit",
            OffBoard::Adjudication => "adjudication",
            OffBoard::Agreement => "draw",
        }
    }

    /// Whether the ending always has a winner: `result: none` contradicts it.
    pub fn has_winner(self) -> bool {
        matches!(
            self,
            OffBoard::Resignation | OffBoard::TimeForfeit | OffBoard::Forfeit
        )
    }

    /// How a human line says it: "wins by resignation", "drawn by agreement".
    pub fn how(self, won: bool) -> &'static str {
        match (self, won) {
            (OffBoard::Resignation, _) => "wins by resignation",
            (OffBoard::TimeForfeit, _) => "wins on time",
            (OffBoard::Forfeit, _) => "wins by forfeit",
            (OffBoard::Adjudication, true) => "wins by adjudication",
            (OffBoard::Adjudication, false) => "drawn by adjudication",
            (OffBoard::Agreement, _) => "drawn by agreement",
        }
    }
}

/// A team of a game played in teams, and its total.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, Deserialize)]
pub struct Team {
    /// The keys of its sides, in the game's order: the game's own words,
    /// borrowed ([`Word`]).
    pub sides: Vec<Word>,
    /// The name of each side's player, in the same order; `None` unnamed.
    pub players: Vec<Option<String>>,
    /// The team's points: its sides' together.
    pub score: i64,
}

/// A table for humans: a header row and rows of cells.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Table {
    /// Column titles.
    pub header: Vec<String>,
    /// One row of cells per line.
    pub rows: Vec<Vec<String>>,
}

/// Where a record stands after its last replayed turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Summary {
    /// The game is over (won, drawn, or ended as the header says).
    pub finished: bool,
    /// Who won: a side key (`red`, `a`) or a player or team by name.
    pub winner: Option<Word>,
    /// Who acts next, while the game goes on.
    pub to_move: Option<Word>,
    /// Points by player, for games that score.
    pub scores: Option<Scores>,
    /// The players' names by key; `None` when no name is given.
    pub players: Option<Players>,
    /// How the game ended, once it is finished.
    pub outcome: Option<Outcome>,
    /// One line for humans: "red wins", "unfinished, blue to act".
    pub description: String,
}
