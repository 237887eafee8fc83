//! The standings of an event: many checked records, one table per event
//! and game. [`Standings`] takes the records' reports one at a time and
//! keeps only what the table needs of each (the players, who won, the
//! round), never a record's text, so that its memory grows with the
//! players and the games, not with the records' sizes.
//!
//! ```
//! use arbitre::standings::{Standings, Entry};
//! use arbitre::{check, Reader, RecordReport, Switches};
//!
//! let event = "---\ngame: simpei\nevent: Club night\nplayers: {red: Ann, blue: Bo}\n---\n1. c3 c1 2. a7 g5 3. a5 e3\n";
//! let mut standings = Standings::new(Default::default());
//! for record in Reader::new(event.as_bytes()) {
//!     let record = record.map_err(|e| e.to_string())?;
//!     let report = RecordReport::new("club.arb", &record, &check(&record, &Switches::new()));
//!     standings.add(&report, &Entry::of(&record));
//! }
//! let document = standings.finish(false);
//! let table = &document.groups[0];
//! assert_eq!(table.rows[0].player, "Bo");
//! assert_eq!(table.rows[0].wins, 1);
//! # Ok::<(), String>(())
//! ```

mod entry;
mod points;
mod table;

use std::collections::HashMap;

use serde::Serialize;

use crate::finding::Verdict;
use crate::report::{RecordReport, Unreadable, SCHEMA, VERSION};

pub use entry::Entry;
pub use points::{Fixed, Points};

/// Which table a group's games make: two players a game (Simpei, Puluc,
/// Superpion's two-player modes), or more (Superpion's others).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Family {
    /// Wins, draws and losses, points and tie-breaks.
    TwoPlayer,
    /// Each player's score added up.
    MultiPlayer,
}

impl Family {
    /// The family of `game` played in `mode`, as the game tells its modes
    /// that seat two players (a game arbitre does not know has no group
    /// anyway).
    pub fn of(game: &str, mode: Option<&str>) -> Family {
        let two = crate::games::find(game).is_none_or(|g| g.two_player(mode));
        if two {
            Family::TwoPlayer
        } else {
            Family::MultiPlayer
        }
    }

    /// "two-player", as the documents write it.
    pub fn word(self) -> &'static str {
        match self {
            Family::TwoPlayer => "two-player",
            Family::MultiPlayer => "multi-player",
        }
    }
}

/// Why a record does not count.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Reason {
    /// The record cannot be read as a record of its game.
    Malformed,
    /// Some action breaks a rule.
    Illegal,
    /// The game goes on.
    Unfinished,
    /// The game was given up (`end: abandoned`): not scored.
    Abandoned,
    /// Some player of it has no name in `players`.
    PlayerNotNamed,
    /// One name plays two sides.
    SamePlayerTwice,
}

impl Reason {
    /// The reason's words.
    pub fn word(self) -> &'static str {
        match self {
            Reason::Malformed => "malformed",
            Reason::Illegal => "illegal",
            Reason::Unfinished => "unfinished",
            Reason::Abandoned => "abandoned",
            Reason::PlayerNotNamed => "a player not named",
            Reason::SamePlayerTwice => "the same player twice",
        }
    }
}

/// A record that does not count, and why.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct NotCounted {
    /// The file, as named.
    pub path: String,
    /// Which record of the file, from 0.
    pub index: usize,
    /// Why it does not count.
    pub reason: Reason,
    /// The rule broken, for a record malformed or illegal.
    pub rule: Option<String>,
    /// Where, for a record malformed or illegal: 1-based line in the file.
    pub line: Option<usize>,
    /// And column.
    pub column: Option<usize>,
    /// What is wrong, in a sentence.
    pub message: String,
}

/// Where a record is: its file and its index there.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct At {
    /// The file, as named.
    pub path: String,
    /// Which record of the file, from 0.
    pub index: usize,
}

/// A player in two counted records of one event and round: both count,
/// the referee decides.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RoundWarning {
    /// The player's name.
    pub player: String,
    /// The round.
    pub round: u64,
    /// The record met first.
    pub first: At,
    /// The record met again.
    pub again: At,
    /// The warning in a sentence.
    pub message: String,
}

/// One player's row of a group's table. The columns of the other family
/// are absent.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Row {
    /// The place, or the span of places shared (`3-4`).
    pub rank: String,
    /// The first place of `rank`.
    pub place: usize,
    /// The name, as written in `players`.
    pub player: String,
    /// Games counted.
    pub games: usize,
    /// Wins (a first place, shared or not, in the multi-player modes).
    pub wins: usize,
    /// Draws (two-player).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub draws: Option<usize>,
    /// Losses (two-player).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub losses: Option<usize>,
    /// Points (two-player).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub points: Option<Fixed>,
    /// Sonneborn-Berger (two-player).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sonneborn_berger: Option<Fixed>,
    /// Buchholz (two-player).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub buchholz: Option<Fixed>,
    /// Total score (multi-player).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub total: Option<i64>,
    /// Average score, to two decimals (multi-player).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub average: Option<Fixed>,
}

/// One row of a crosstable: the row player's results against each
/// player, in rank order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CrossRow {
    /// The row's player.
    pub player: String,
    /// One cell per player in rank order: `x` on the diagonal, else the
    /// results (`1`, `½`, `0`) game by game, empty when they never met.
    pub cells: Vec<Vec<String>>,
}

/// The table of one event's games of one game (and family).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Group {
    /// The event, exactly as written; `None` for the records without one.
    pub event: Option<String>,
    /// The game.
    pub game: String,
    /// Two-player or multi-player.
    pub family: Family,
    /// Records counted.
    pub counted: usize,
    /// The players in rank order.
    pub rows: Vec<Row>,
    /// The crosstable, when asked for (two-player groups only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub crosstable: Option<Vec<CrossRow>>,
    /// The records that do not count, in input order.
    pub not_counted: Vec<NotCounted>,
    /// Players met twice in one round.
    pub warnings: Vec<RoundWarning>,
}

/// Everything `arbitre standings` prints: one table per group, in the
/// order of their first records.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct StandingsDocument {
    /// The layout, [`SCHEMA`].
    pub schema: u32,
    /// The arbitre that wrote it, [`VERSION`].
    pub arbitre: String,
    /// What a win, a draw and a loss are worth.
    pub points: Points,
    /// The groups.
    pub groups: Vec<Group>,
    /// The records in no group: their game is not known.
    pub ungrouped: Vec<NotCounted>,
    /// The paths that could not be read.
    pub unreadable: Vec<Unreadable>,
}

/// A counted two-player game, from the first player's side.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Duel {
    pub a: usize,
    pub b: usize,
    /// `a`'s result in halves: 2 a win, 1 a draw, 0 a loss.
    pub halves: u8,
    pub round: Option<u64>,
    /// Input order, within the group.
    pub seq: usize,
}

/// A player's counts in a group.
#[derive(Clone, Debug, Default)]
pub(crate) struct Tally {
    pub name: String,
    pub games: usize,
    pub wins: usize,
    pub draws: usize,
    pub losses: usize,
    /// Multi-player: the sum of the scores.
    pub total: i64,
}

/// A group being filled.
#[derive(Debug)]
struct Filling {
    event: Option<String>,
    game: String,
    family: Family,
    players: Vec<Tally>,
    by_name: HashMap<String, usize>,
    duels: Vec<Duel>,
    counted: usize,
    not_counted: Vec<NotCounted>,
    warnings: Vec<RoundWarning>,
}

impl Filling {
    fn player(&mut self, name: &str) -> usize {
        if let Some(&i) = self.by_name.get(name) {
            return i;
        }
        let i = self.players.len();
        self.players.push(Tally {
            name: name.to_string(),
            ..Tally::default()
        });
        self.by_name.insert(name.to_string(), i);
        i
    }
}

/// What a counted game gives: each player with a score (two-player:
/// halves; multi-player: points) and whether they won.
struct Given {
    players: Vec<(String, i64, bool)>,
}

/// The standings being built, a record at a time.
#[derive(Debug)]
pub struct Standings {
    points: Points,
    groups: Vec<Filling>,
    by_key: HashMap<(Option<String>, String, Family), usize>,
    ungrouped: Vec<NotCounted>,
    unreadable: Vec<Unreadable>,
    /// The events met, each by a number: the keys of `rounds`.
    events: HashMap<Option<String>, usize>,
    /// Who played in which event (by number) and round, and where first.
    rounds: HashMap<(usize, u64, String), At>,
}

impl Standings {
    /// No record yet; `points` are what a win, a draw and a loss are worth.
    pub fn new(points: Points) -> Standings {
        Standings {
            points,
            groups: Vec::new(),
            by_key: HashMap::new(),
            ungrouped: Vec::new(),
            unreadable: Vec::new(),
            events: HashMap::new(),
            rounds: HashMap::new(),
        }
    }

    /// A path that could not be read, listed in the document.
    pub fn unreadable(&mut self, unreadable: Unreadable) {
        self.unreadable.push(unreadable);
    }

    /// One record: its report, and its header's tournament facts.
    pub fn add(&mut self, report: &RecordReport, tournament: &Entry) {
        let Some(game) = report.game.as_deref().map(str::to_string) else {
            let not = not_counted(report, Reason::Malformed);
            self.ungrouped.push(not);
            return;
        };
        let family = Family::of(&game, tournament.mode.as_deref());
        let key = (tournament.event.clone(), game, family);
        let g = match self.by_key.get(&key) {
            Some(&g) => g,
            None => {
                let g = self.groups.len();
                self.groups.push(Filling {
                    event: key.0.clone(),
                    game: key.1.clone(),
                    family,
                    players: Vec::new(),
                    by_name: HashMap::new(),
                    duels: Vec::new(),
                    counted: 0,
                    not_counted: Vec::new(),
                    warnings: Vec::new(),
                });
                self.by_key.insert(key, g);
                g
            }
        };
        let result = match judged(report, family, tournament) {
            Ok(result) => result,
            Err(reason) => {
                let not = not_counted(report, reason);
                self.groups[g].not_counted.push(not);
                return;
            }
        };
        let here = At {
            path: report.path.clone(),
            index: report.index,
        };
        if let Some(round) = tournament.round {
            let known = self.events.len();
            let event = *self.events.entry(tournament.event.clone()).or_insert(known);
            for (name, _, _) in &result.players {
                let key = (event, round, name.clone());
                match self.rounds.get(&key) {
                    Some(first) => {
                        let message = format!(
                            "{} plays in two records of round {round}: {}#{} and {}#{}",
                            crate::text::quote(name),
                            first.path,
                            first.index,
                            here.path,
                            here.index
                        );
                        self.groups[g].warnings.push(RoundWarning {
                            player: name.clone(),
                            round,
                            first: first.clone(),
                            again: here.clone(),
                            message,
                        });
                    }
                    None => {
                        self.rounds.insert(key, here.clone());
                    }
                }
            }
        }
        let group = &mut self.groups[g];
        let seq = group.counted;
        group.counted += 1;
        let ids: Vec<usize> = result
            .players
            .iter()
            .map(|(name, _, _)| group.player(name))
            .collect();
        for (&i, (_, score, won)) in ids.iter().zip(&result.players) {
            let tally = &mut group.players[i];
            tally.games += 1;
            match family {
                Family::TwoPlayer => match score {
                    2 => tally.wins += 1,
                    1 => tally.draws += 1,
                    _ => tally.losses += 1,
                },
                Family::MultiPlayer => {
                    tally.total += score;
                    tally.wins += usize::from(*won);
                }
            }
        }
        if let (Family::TwoPlayer, [a, b], [(_, halves, _), _]) =
            (family, &ids[..], &result.players[..])
        {
            group.duels.push(Duel {
                a: *a,
                b: *b,
                halves: u8::try_from(*halves).unwrap_or(0),
                round: tournament.round,
                seq,
            });
        }
    }

    /// The document: every group's table, ranked; with the crosstables
    /// of the two-player groups when `crosstable`.
    pub fn finish(self, crosstable: bool) -> StandingsDocument {
        let points = self.points;
        let groups = self
            .groups
            .into_iter()
            .map(|g| {
                let (rows, cross) = match g.family {
                    Family::TwoPlayer => {
                        let (rows, order) = table::two_player(&g.players, &g.duels, &points);
                        let cross =
                            crosstable.then(|| table::crosstable(&g.players, &g.duels, &order));
                        (rows, cross)
                    }
                    Family::MultiPlayer => (table::multi_player(&g.players), None),
                };
                Group {
                    event: g.event,
                    game: g.game,
                    family: g.family,
                    counted: g.counted,
                    rows,
                    crosstable: cross,
                    not_counted: g.not_counted,
                    warnings: g.warnings,
                }
            })
            .collect();
        StandingsDocument {
            schema: SCHEMA,
            arbitre: VERSION.to_string(),
            points,
            groups,
            ungrouped: self.ungrouped,
            unreadable: self.unreadable,
        }
    }
}

/// The record's entry in its group's list of records not counted.
fn not_counted(report: &RecordReport, reason: Reason) -> NotCounted {
    let diagnostic = report.diagnostic.as_ref();
    let message = match reason {
        Reason::Malformed | Reason::Illegal => {
            diagnostic.map_or(String::new(), |d| d.message.clone())
        }
        Reason::Unfinished => {
            let named = |side: &str| {
                let players = report.players.as_ref()?;
                let (_, name) = players.0.iter().find(|(k, _)| k == side)?;
                Some(format!("{side} ({})", crate::text::quote(name)))
            };
            match &report.to_move {
                Some(side) => format!(
                    "the game goes on: {} to play",
                    named(side).unwrap_or_else(|| side.to_string())
                ),
                None => "the game goes on".to_string(),
            }
        }
        Reason::Abandoned => "the game was abandoned (`end: abandoned`): not scored".to_string(),
        Reason::PlayerNotNamed => {
            let named: Vec<&str> = report
                .players
                .as_ref()
                .map(|p| p.0.iter().map(|(k, _)| k.as_ref()).collect())
                .unwrap_or_default();
            let unnamed: Vec<String> = sides(report)
                .into_iter()
                .filter(|k| !named.contains(&k.as_str()))
                .collect();
            if unnamed.is_empty() && named.is_empty() {
                "no player is named in `players`".to_string()
            } else if unnamed.is_empty() {
                format!("only {} named in `players`", named.join(", "))
            } else {
                format!("no name in `players` for {}", unnamed.join(", "))
            }
        }
        Reason::SamePlayerTwice => {
            let names: Vec<&str> = report
                .players
                .as_ref()
                .map(|p| p.0.iter().map(|(_, n)| n.as_str()).collect())
                .unwrap_or_default();
            let twice = names
                .iter()
                .enumerate()
                .find(|(i, n)| names[..*i].contains(n))
                .map(|(_, n)| *n)
                .unwrap_or("");
            format!("{} plays two sides", crate::text::quote(twice))
        }
    };
    NotCounted {
        path: report.path.clone(),
        index: report.index,
        reason,
        rule: diagnostic.map(|d| d.rule.clone()),
        line: diagnostic.map(|d| d.line),
        column: diagnostic.map(|d| d.column),
        message: crate::text::cut_quotes(&message).into_owned(),
    }
}

/// The keys of the record's sides that play: those scored when the game
/// scores, else those named, else none.
fn sides(report: &RecordReport) -> Vec<String> {
    let scored = report.outcome.as_ref().and_then(|o| o.scores.as_ref());
    match (scored, &report.players) {
        (Some(scores), _) => scores.0.iter().map(|(k, _)| k.clone()).collect(),
        (None, Some(players)) => players.0.iter().map(|(k, _)| k.to_string()).collect(),
        (None, None) => Vec::new(),
    }
}

/// What a record gives its group, or why it does not count: counted when
/// legal and finished, its result read from its outcome.
fn judged(report: &RecordReport, family: Family, tournament: &Entry) -> Result<Given, Reason> {
    match report.verdict {
        Verdict::Malformed => return Err(Reason::Malformed),
        Verdict::Illegal => return Err(Reason::Illegal),
        Verdict::Legal => {}
    }
    // A game finished with no outcome said is one nobody won: a draw.
    let drawn = crate::game::Outcome {
        end: "".into(),
        decided: crate::game::Decided::default(),
        winners: Vec::new(),
        scores: None,
        board_scores: None,
        teams: None,
    };
    let outcome = match (&report.outcome, report.status) {
        (Some(outcome), Some("finished")) => outcome,
        (None, Some("finished")) => &drawn,
        _ if tournament.end.as_deref() == Some("abandoned") => return Err(Reason::Abandoned),
        _ => return Err(Reason::Unfinished),
    };
    let names = report.players.as_ref().map(|p| &p.0[..]).unwrap_or(&[]);
    let name_of = |key: &str| names.iter().find(|(k, _)| k == key).map(|(_, n)| n.clone());
    let keys = sides(report);
    let enough = match family {
        Family::TwoPlayer => keys.len() == 2,
        Family::MultiPlayer => keys.len() >= 2,
    };
    let named: Vec<String> = keys.iter().filter_map(|k| name_of(k)).collect();
    if !enough || named.len() != keys.len() {
        return Err(Reason::PlayerNotNamed);
    }
    if named
        .iter()
        .enumerate()
        .any(|(i, n)| named[..i].contains(n))
    {
        return Err(Reason::SamePlayerTwice);
    }
    let score = |key: &str| {
        outcome
            .scores
            .as_ref()
            .and_then(|s| s.0.iter().find(|(k, _)| k == key))
            .map(|(_, v)| *v)
    };
    let players = match family {
        Family::TwoPlayer => {
            let (a, b) = (&keys[0], &keys[1]);
            let halves = match (score(a), score(b)) {
                // A game that scores is won by the higher score.
                (Some(x), Some(y)) => match x.cmp(&y) {
                    std::cmp::Ordering::Greater => 2,
                    std::cmp::Ordering::Equal => 1,
                    std::cmp::Ordering::Less => 0,
                },
                _ => match &outcome.winners[..] {
                    [] => 1,
                    winners if winners.iter().any(|w| w == a) => 2,
                    _ => 0,
                },
            };
            vec![
                (named[0].clone(), halves, halves == 2),
                (named[1].clone(), 2 - halves, halves == 0),
            ]
        }
        Family::MultiPlayer => {
            let first = first_place(outcome, &keys, score);
            keys.iter()
                .zip(&named)
                .map(|(k, n)| (n.clone(), score(k).unwrap_or(0), first.contains(k)))
                .collect()
        }
    };
    Ok(Given { players })
}

/// The keys in first place: the winners, or when none is alone first, the
/// top scores (in `teams`, the members of the top teams).
fn first_place(
    outcome: &crate::game::Outcome,
    keys: &[String],
    score: impl Fn(&str) -> Option<i64>,
) -> Vec<String> {
    if !outcome.winners.is_empty() {
        return outcome.winners.iter().map(|w| w.to_string()).collect();
    }
    if let Some(teams) = &outcome.teams {
        let best = teams.iter().map(|t| t.score).max();
        return teams
            .iter()
            .filter(|t| Some(t.score) == best)
            .flat_map(|t| t.sides.iter().map(|side| side.to_string()))
            .collect();
    }
    let best = keys.iter().filter_map(|k| score(k)).max();
    keys.iter()
        .filter(|k| best.is_some() && score(k) == best)
        .cloned()
        .collect()
}

#[cfg(test)]
mod tests;
