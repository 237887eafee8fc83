//! Where a record stands after its replay: the summary, the outcome, the
//! scores and players by key, the score table.

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

/// The players' names by the fixed key of their side, camp or player slot
/// (`red`, `a`, `blue`, `player1`), in the game's order: only the named
/// ones.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Players(pub Vec<(String, String)>);

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
fn pairs<S: Serializer, V: Serialize>(
    pairs: &[(String, V)],
    serializer: S,
) -> Result<S::Ok, S::Error> {
    let mut map = serializer.serialize_map(Some(pairs.len()))?;
    for (key, value) in pairs {
        map.serialize_entry(key, value)?;
    }
    map.end()
}

/// An object read back as its pairs, in order.
struct Pairs<V>(std::marker::PhantomData<V>);

impl<'de, V: Deserialize<'de>> Visitor<'de> for Pairs<V> {
    type Value = Vec<(String, V)>;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("values by name")
    }
    fn visit_map<M: MapAccess<'de>>(self, mut map: M) -> Result<Self::Value, M::Error> {
        let mut pairs = Vec::with_capacity(map.size_hint().unwrap_or(0).min(16));
        while let Some(entry) = map.next_entry::<String, V>()? {
            pairs.push(entry);
        }
        Ok(pairs)
    }
}

/// How a finished game ended, every side named by its fixed key: what a
/// program reads instead of the words of [`Summary::description`].
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, Deserialize)]
pub struct Outcome {
    /// The end, one fixed word per way the game can end: `alignment`
    /// (Simpei), `all-killed` (Puluc), `one-side-left`,
    /// `captures-impossible` or `time` (Superpion).
    pub end: String,
    /// The keys of who won: one side, or a team's sides; empty for a
    /// shared first place.
    pub winners: Vec<String>,
    /// Points by key, for games that score.
    pub scores: Option<Scores>,
    /// The teams with their totals, for games played in teams.
    pub teams: Option<Vec<Team>>,
}

/// A team of a game played in teams, and its total.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, Deserialize)]
pub struct Team {
    /// The keys of its sides, in the game's order.
    pub sides: Vec<String>,
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
    pub winner: Option<String>,
    /// Who acts next, while the game goes on.
    pub to_move: Option<String>,
    /// Points by player, for games that score.
    pub scores: Option<Scores>,
    /// The players' names by key; `None` when no name is given.
    pub players: Option<Players>,
    /// How the game ended, once it is finished.
    pub outcome: Option<Outcome>,
    /// One line for humans: "red wins", "unfinished, blue to act".
    pub description: String,
}
