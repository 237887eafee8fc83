//! The Superpion header: players, mode, house rules, `end`, `result`, and
//! the `setup` position with its consistency checks.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::record::header::{given, present, Date, KeyDoc, Text};
use crate::record::movetext::value_of;
use crate::record::{HeaderError, HeaderText, Switches};

use super::board::{self, locate, Camp, Located, Sq};
use super::modes::{Colour, Mode, Pile, Variant, PAWNS};
use super::position::Position;
use super::FORGIVE;

/// The `players` key: the players' names, by camp in the four-player modes,
/// by `player1`/`player2` in the two-player modes.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Players {
    /// The `blue` key: the name of Blue's player.
    #[serde(default, deserialize_with = "present")]
    pub blue: Option<Text>,
    /// The `red` key: the name of Red's player.
    #[serde(default, deserialize_with = "present")]
    pub red: Option<Text>,
    /// The `yellow` key: the name of Yellow's player.
    #[serde(default, deserialize_with = "present")]
    pub yellow: Option<Text>,
    /// The `black` key: the name of Black's player.
    #[serde(default, deserialize_with = "present")]
    pub black: Option<Text>,
    /// The `player1` key: the name of player 1, who holds Blue.
    #[serde(default, deserialize_with = "present")]
    pub player1: Option<Text>,
    /// The `player2` key: the name of player 2, who holds Black.
    #[serde(default, deserialize_with = "present")]
    pub player2: Option<Text>,
}

/// The `end` key: how the game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum End {
    /// `one-side-left`: only one side has pieces on the board; the game
    /// ends there by itself, so the key may be left out.
    OneSideLeft,
    /// `captures-impossible`: the players agreed that no capture can happen
    /// any more.
    CapturesImpossible,
    /// `time`: the time limit ran out, and the round was played to its end.
    Time,
    /// `adjudication`: the referee decided the scores, which `result`
    /// gives for every player; any turn may be the last.
    Adjudication,
}

/// The `rules` key: the house-rule switches.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HouseSwitches {
    /// `forgive-missed-captures`: a missed or short capture is a warning,
    /// not an illegal action.
    #[serde(
        rename = "forgive-missed-captures",
        default,
        deserialize_with = "present"
    )]
    pub forgive_missed_captures: Option<bool>,
}

/// Setup lists keyed by camp (pieces, and piles in the four-player modes)
/// or by player (piles in the two-player modes).
#[derive(Debug, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Keyed {
    /// Blue's entries: its pieces, or its player's pile in the four-player modes.
    #[serde(
        default,
        deserialize_with = "given",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub blue: Vec<String>,
    /// Red's entries: its pieces, or its player's pile in the four-player modes.
    #[serde(
        default,
        deserialize_with = "given",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub red: Vec<String>,
    /// Yellow's entries: its pieces, or its player's pile in the four-player
    /// modes.
    #[serde(
        default,
        deserialize_with = "given",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub yellow: Vec<String>,
    /// Black's entries: its pieces, or its player's pile in the four-player modes.
    #[serde(
        default,
        deserialize_with = "given",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub black: Vec<String>,
    /// Player 1's pile, in the two-player modes.
    #[serde(
        default,
        deserialize_with = "given",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub player1: Vec<String>,
    /// Player 2's pile, in the two-player modes.
    #[serde(
        default,
        deserialize_with = "given",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub player2: Vec<String>,
}

impl Keyed {
    /// The list under `key`, as the setup writes it.
    fn entry(&mut self, key: &str) -> Option<&mut Vec<String>> {
        Some(match key {
            "blue" => &mut self.blue,
            "red" => &mut self.red,
            "yellow" => &mut self.yellow,
            "black" => &mut self.black,
            "player1" => &mut self.player1,
            "player2" => &mut self.player2,
            _ => return None,
        })
    }

    fn entries(&self) -> [(&'static str, &Vec<String>); 6] {
        [
            ("blue", &self.blue),
            ("red", &self.red),
            ("yellow", &self.yellow),
            ("black", &self.black),
            ("player1", &self.player1),
            ("player2", &self.player2),
        ]
    }
}

/// The `setup` key: the position the replay starts from. Read by the
/// header, and written of a position by `Setup::from` (`show`, `moves`):
/// one type, so that a setup written reads back as its position.
#[derive(Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Setup {
    /// The `to-move` key: the camp to play first; without it, the first camp
    /// in the order B, R, Y, K that plays and has pieces.
    #[serde(
        rename = "to-move",
        default,
        deserialize_with = "present",
        skip_serializing_if = "Option::is_none"
    )]
    pub to_move: Option<Camp>,
    /// The `pieces` key: each camp's pieces, a Superpion written with the
    /// pawn under it (`"i9=R"`); without it, the pieces of the initial
    /// position (so that `to-move` alone starts the game with another camp).
    #[serde(
        default,
        deserialize_with = "present",
        skip_serializing_if = "Option::is_none"
    )]
    pub pieces: Option<Keyed>,
    /// The `piles` key: the pawns each player has captured, by colour letter
    /// (`S` for a spare).
    #[serde(default, deserialize_with = "given")]
    pub piles: Keyed,
}

impl From<&Position> for Setup {
    /// The setup that starts from `position`: each camp's pieces (a
    /// Superpion with the pawn under it), each player's pile by colour
    /// letter, and who plays. The mode and the neutral camp are the
    /// header's, not the setup's.
    fn from(position: &Position) -> Setup {
        let variant = position.variant;
        let mut pieces = Keyed::default();
        for camp in Camp::ALL {
            if let Some(entry) = pieces.entry(camp.name()) {
                *entry = board::ranked(position.camps[camp.index()])
                    .into_iter()
                    .map(|sq| {
                        if position.is_superpion(sq) {
                            format!("{sq}={}", position.under[sq.index()].letter())
                        } else {
                            sq.to_string()
                        }
                    })
                    .collect();
            }
        }
        let mut piles = Keyed::default();
        for player in variant.players() {
            let Some(pile) = position.piles.get(player) else {
                continue;
            };
            let key = if variant.mode.two_player() {
                ["player1", "player2"][player.min(1)]
            } else {
                Camp::from_index(player).name()
            };
            if let Some(entry) = piles.entry(key) {
                *entry = Colour::ALL
                    .into_iter()
                    .flat_map(|colour| {
                        std::iter::repeat_n(
                            colour.letter().to_string(),
                            usize::from(pile[colour.index()]),
                        )
                    })
                    .collect();
            }
        }
        Setup {
            to_move: Some(position.to_move),
            pieces: Some(pieces),
            piles,
        }
    }
}

crate::record::header::tournament_keys! {
/// A Superpion record's header.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Header {
    /// The `game` key: `superpion`.
    #[serde(deserialize_with = "crate::games::game_name")]
    pub game: crate::game::Word,
    /// The `mode` key: who plays which camps (`four-players` without it).
    #[serde(default, deserialize_with = "present")]
    pub mode: Option<Mode>,
    /// The `neutral` key: the camp nobody plays, in `three-players` only.
    #[serde(default, deserialize_with = "present")]
    pub neutral: Option<Camp>,
    /// The `players` key: who played.
    #[serde(default, deserialize_with = "present")]
    pub players: Option<Players>,
    /// The `event` key: where and when the game was played.
    #[serde(default, deserialize_with = "present")]
    pub event: Option<Text>,
    /// The `date` key: the day the game was played.
    #[serde(default, deserialize_with = "present")]
    pub date: Option<Date>,
    /// The `end` key: how the game ended; without it, it is unfinished.
    #[serde(default, deserialize_with = "present")]
    pub end: Option<End>,
    /// The `result` key: each player's claimed score, by name or player key;
    /// checked against the replay, or the referee's scores with `end:
    /// adjudication`.
    #[serde(default, deserialize_with = "present")]
    pub result: Option<BTreeMap<String, i64>>,
    /// The `rules` key: the house rules in force.
    #[serde(default, deserialize_with = "present")]
    pub rules: Option<HouseSwitches>,
    /// The `setup` key: a position to start from instead of the initial one.
    #[serde(default, deserialize_with = "present")]
    pub setup: Option<Setup>,
}
}

impl Header {
    pub(super) fn mode(&self) -> Mode {
        self.mode.unwrap_or(Mode::FourPlayers)
    }

    pub(super) fn variant(&self) -> Variant {
        Variant::new(self.mode(), self.neutral)
    }

    /// The header key of a player slot: a camp, or `player1`/`player2`.
    pub(super) fn key(&self, player: usize) -> &'static str {
        if self.mode().two_player() {
            ["player1", "player2"][player.min(1)]
        } else {
            Camp::from_index(player).name()
        }
    }

    pub(super) fn name(&self, player: usize) -> Option<&str> {
        let players = self.players.as_ref()?;
        // By slot, as `key` names it: no key compared as text.
        let name = if self.mode().two_player() {
            [&players.player1, &players.player2][player.min(1)]
        } else {
            [&players.blue, &players.red, &players.yellow, &players.black][player % 4]
        };
        name.as_deref()
    }

    /// How tables and messages name a player: their name, else their key.
    pub(super) fn label(&self, player: usize) -> String {
        self.label_text(player).to_string()
    }

    fn label_text(&self, player: usize) -> &str {
        self.name(player).unwrap_or_else(|| self.key(player))
    }

    /// Whether the labels tell the mode's players apart: no name given
    /// twice, none that is another player's key. Asked for every player
    /// a summary names: compared in place, nothing copied.
    pub(super) fn labels_distinct(&self) -> bool {
        let players = self.variant().players();
        players.iter().enumerate().all(|(i, &p)| {
            let label = self.label_text(p);
            !players[..i].iter().any(|&q| self.label_text(q) == label)
        })
    }

    /// How `winner` and `scores` name each player: their label when the
    /// labels tell the players apart, else their key, so that no object
    /// has a key twice. Whether they do is asked once for all the players
    /// a summary names.
    pub(super) fn reported(&self) -> impl Fn(usize) -> String + '_ {
        let labels = self.labels_distinct();
        move |player| {
            if labels {
                self.label(player)
            } else {
                self.key(player).to_string()
            }
        }
    }

    /// The player slot a `result` key names.
    pub(super) fn player_named(&self, key: &str) -> Option<usize> {
        let variant = self.variant();
        variant.players().into_iter().find(|&p| {
            self.name(p) == Some(key.trim()) || self.key(p).eq_ignore_ascii_case(key.trim())
        })
    }

    pub(super) fn team_label(&self, variant: &Variant, team: usize) -> String {
        let members: Vec<usize> = variant
            .players()
            .into_iter()
            .filter(|&p| variant.side(Camp::from_index(p)) == team)
            .collect();
        let named: Vec<&str> = members.iter().filter_map(|&p| self.name(p)).collect();
        if named.len() == members.len() && self.labels_distinct() {
            named.join("+")
        } else {
            members
                .iter()
                .map(|&p| self.key(p))
                .collect::<Vec<_>>()
                .join("+")
        }
    }

    /// Header consistency the types cannot express.
    pub(super) fn validate(&self, text: &HeaderText<'_>) -> Result<(), HeaderError> {
        let mode = self.mode();
        match (mode, self.neutral) {
            (Mode::ThreePlayers, None) => {
                return Err(HeaderError::header(
                    "three-players needs a neutral camp",
                    text.key("mode"),
                )
                .with_help("add `neutral: black` (or the camp nobody plays)"));
            }
            (m, Some(_)) if m != Mode::ThreePlayers => {
                return Err(HeaderError::header(
                    format!("`neutral` is for three-players only, and the mode is {m}"),
                    text.key("neutral"),
                )
                .with_help("remove `neutral`, or write `mode: three-players`"));
            }
            _ => {}
        }
        if let Some(players) = &self.players {
            let given = [
                ("blue", players.blue.is_some()),
                ("red", players.red.is_some()),
                ("yellow", players.yellow.is_some()),
                ("black", players.black.is_some()),
                ("player1", players.player1.is_some()),
                ("player2", players.player2.is_some()),
            ];
            for (key, present) in given {
                if present {
                    self.check_player_key(key, text, "players")?;
                }
            }
        }
        if let Some(result) = &self.result {
            for key in result.keys() {
                if self.player_named(key).is_none() {
                    let known: Vec<String> = self
                        .variant()
                        .players()
                        .into_iter()
                        .map(|p| format!("`{}`", self.label(p)))
                        .collect();
                    return Err(HeaderError::header(
                        format!("`{key}` in `result` is not a player of this {mode} game"),
                        text.within("result", key),
                    )
                    .with_help(format!("the players are {}", known.join(", "))));
                }
            }
        }
        if self.end == Some(End::Adjudication) {
            self.check_adjudication(text)?;
        }
        Ok(())
    }

    /// A `players`/`piles` key must fit the mode.
    pub(super) fn check_player_key(
        &self,
        key: &str,
        text: &HeaderText<'_>,
        within: &str,
    ) -> Result<(), HeaderError> {
        let mode = self.mode();
        let two = key.starts_with("player");
        if two != mode.two_player() {
            let help = if mode.two_player() {
                "the two-player modes use `player1` and `player2`"
            } else {
                "the four-player modes use the camps `blue`, `red`, `yellow`, `black`"
            };
            return Err(HeaderError::header(
                format!("`{key}` is not a player key in {mode}"),
                text.within(within, key),
            )
            .with_help(help));
        }
        if Camp::from_name(key).is_some_and(|c| Some(c) == self.neutral) {
            return Err(HeaderError::header(
                format!("{key} is the neutral camp: nobody plays it"),
                text.within(within, key),
            ));
        }
        Ok(())
    }

    /// An adjudication's `result`: every player's score, whole and not
    /// negative, each player once (`header` errors otherwise).
    fn check_adjudication(&self, text: &HeaderText<'_>) -> Result<(), HeaderError> {
        let players = self.variant().players();
        let listed = || {
            players
                .iter()
                .map(|&p| format!("{}: 0", self.label(p)))
                .collect::<Vec<_>>()
                .join(", ")
        };
        let Some(result) = &self.result else {
            return Err(HeaderError::header(
                "`end: adjudication` needs a `result` giving every player's score",
                text.within("end", "adjudication"),
            )
            .with_help(format!(
                "add the referee's scores: `result: {{{}}}`",
                listed()
            )));
        };
        let mut given: Vec<usize> = Vec::with_capacity(result.len());
        for (key, &points) in result {
            // `validate` refused a key naming no player.
            let Some(player) = self.player_named(key) else {
                continue;
            };
            if points < 0 {
                return Err(HeaderError::header(
                    format!("`{key}`'s adjudicated score is {points}: a score is a whole number of points, 0 or more"),
                    text.value_after(text.within("result", key)),
                ));
            }
            if given.contains(&player) {
                return Err(HeaderError::header(
                    format!(
                        "`{key}` in `result` names {}, whose score is already given",
                        self.label(player)
                    ),
                    text.within("result", key),
                )
                .with_help("give each player's score once, by name or by key"));
            }
            given.push(player);
        }
        let missing: Vec<String> = players
            .iter()
            .filter(|p| !given.contains(p))
            .map(|&p| format!("`{}`", self.label(p)))
            .collect();
        if !missing.is_empty() {
            return Err(HeaderError::header(
                format!(
                    "`end: adjudication` needs every player's score, and `result` leaves out {}",
                    missing.join(", ")
                ),
                text.key("result"),
            )
            .with_help(format!(
                "the referee gives a score, 0 or more, to every player: `result: {{{}}}`",
                listed()
            )));
        }
        Ok(())
    }

    /// The referee's points by player slot, in the mode's order (0 for a
    /// player left out, which `start` refuses).
    pub(super) fn adjudicated(&self, variant: &Variant) -> Vec<(usize, i64)> {
        let claimed = self.claimed();
        variant
            .players()
            .into_iter()
            .map(|p| {
                let points = claimed
                    .iter()
                    .find(|&&(q, _)| q == p)
                    .map_or(0, |&(_, v)| v);
                (p, points)
            })
            .collect()
    }

    pub(super) fn claimed(&self) -> Vec<(usize, i64)> {
        let Some(result) = &self.result else {
            return Vec::new();
        };
        let mut out: Vec<(usize, i64)> = result
            .iter()
            .filter_map(|(k, &v)| Some((self.player_named(k)?, v)))
            .collect();
        out.sort();
        out
    }
}

/// A setup entry: `e5` or `"i9=R"`.
fn setup_entry(entry: &str, text: &HeaderText<'_>) -> Result<(Sq, Option<Colour>), HeaderError> {
    let at = text.within("setup", entry);
    let (name, under) = match entry.split_once('=') {
        Some((name, under)) => (name.trim(), Some(under.trim())),
        None => (entry.trim(), None),
    };
    let mut chars = name.chars();
    let padded = {
        let rank = chars.as_str().get(1..).unwrap_or("");
        rank.len() > 1 && rank.starts_with('0')
    };
    let located = chars.next().and_then(|f| {
        // Digits only, as the notation writes a rank: not `e+3`.
        let rank = value_of(chars.as_str().as_bytes())?;
        let rank = i32::try_from(rank).unwrap_or(i32::MAX);
        Some(locate(
            f.to_ascii_lowercase() as i32 - 'a' as i32,
            rank.saturating_sub(1),
        ))
    });
    let sq = match located {
        Some(Located::White(_) | Located::Dark) if padded => {
            let plain = format!("{}{}", &name[..1], name[1..].trim_start_matches('0'));
            return Err(HeaderError::setup(
                format!("`{name}` is not a square: a rank has no leading zero"),
                at,
            )
            .with_help(format!("write `{}`", plain.to_ascii_lowercase())));
        }
        Some(Located::White(sq)) => sq,
        Some(Located::Dark) => {
            return Err(HeaderError::setup(
                format!("`{name}` is a dark square: pieces stand on white squares"),
                at,
            ))
        }
        _ => {
            return Err(
                HeaderError::setup(format!("`{name}` is not a square of the board"), at).with_help(
                    "squares are a file a-n and a rank 1-14, outside the four cut corners",
                ),
            )
        }
    };
    let under = match under {
        None => None,
        Some(letter) => {
            let mut cs = letter.chars();
            match (cs.next().and_then(Colour::from_letter), cs.next()) {
                (Some(colour), None) => Some(colour),
                _ => {
                    return Err(HeaderError::setup(
                        format!("`{letter}` is not a pawn colour for the pawn under a Superpion"),
                        at,
                    )
                    .with_help("write the Superpion as `i9=R`: B, R, Y, K, or S for a spare"))
                }
            }
        }
    };
    Ok((sq, under))
}

/// The position a record starts from: the initial one of its mode, or its
/// `setup`, checked; missed captures forgiven as the command line or the
/// header's `rules` say.
pub fn start(
    header: &Header,
    text: &HeaderText<'_>,
    switches: &Switches,
) -> Result<Position, HeaderError> {
    header.validate(text)?;
    let mut variant = header.variant();
    variant.forgive_missed_captures = switches
        .get(FORGIVE)
        .or_else(|| {
            header
                .rules
                .as_ref()
                .and_then(|r| r.forgive_missed_captures)
        })
        .unwrap_or(false);
    match &header.setup {
        None => Ok(Position::initial(variant)),
        Some(setup) => from_setup(header, setup, variant, text),
    }
}

/// The position a `setup` describes, checked for consistency.
fn from_setup(
    header: &Header,
    setup: &Setup,
    variant: Variant,
    text: &HeaderText<'_>,
) -> Result<Position, HeaderError> {
    let Some(pieces) = &setup.pieces else {
        // The initial position, perhaps with piles and another camp to move.
        let counts = [PAWNS, PAWNS, PAWNS, PAWNS, 0];
        return finish_setup(header, setup, Position::initial(variant), counts, text);
    };
    let mut position = Position::empty(variant);
    let mut counts = [0u32; 5];
    for (key, entries) in pieces.entries() {
        let Some(camp) = Camp::from_name(key) else {
            if !entries.is_empty() {
                return Err(HeaderError::setup(
                    format!("`pieces` are listed by camp, not by `{key}`"),
                    text.within("setup", key),
                ));
            }
            continue;
        };
        for entry in entries {
            let (sq, under) = setup_entry(entry, text)?;
            let at = text.within("setup", entry);
            if let Some(other) = position.camp_at(sq) {
                return Err(HeaderError::setup(
                    format!("{sq} holds two pieces ({other} and {camp})"),
                    at,
                ));
            }
            if under.is_none() && variant.plays(camp) {
                if let Some(reached) = position.promotion_camp(camp, sq) {
                    return Err(HeaderError::setup(
                        format!("a {camp} pawn cannot stand on {sq}: it is on {reached}'s back line, where it would have become a Superpion"),
                        at,
                    )
                    .with_help(format!("write it as a Superpion, e.g. \"{sq}=S\"")));
                }
            }
            position.place(camp, sq, under);
            counts[Colour::of(camp).index()] += 1;
            if let Some(colour) = under {
                counts[colour.index()] += 1;
            }
        }
    }
    finish_setup(header, setup, position, counts, text)
}

/// The piles, the pawn counts and who is to move, on the setup's pieces
/// (`counts`: the pawns of each colour they hold, Superpions' under-pawns
/// included).
fn finish_setup(
    header: &Header,
    setup: &Setup,
    mut position: Position,
    mut counts: [u32; 5],
    text: &HeaderText<'_>,
) -> Result<Position, HeaderError> {
    let variant = position.variant;
    for (key, entries) in setup.piles.entries() {
        if entries.is_empty() {
            continue;
        }
        header
            .check_player_key(key, text, "setup")
            .map_err(|e| HeaderError::setup(e.message, e.span))?;
        let player = match Camp::from_name(key) {
            Some(camp) => camp.index(),
            None => usize::from(key == "player2"),
        };
        for entry in entries {
            let mut cs = entry.trim().chars();
            let colour = match (cs.next().and_then(Colour::from_letter), cs.next()) {
                (Some(c), None) => c,
                _ => {
                    return Err(HeaderError::setup(
                        format!("`{entry}` is not a pawn colour"),
                        text.within("setup", entry),
                    )
                    .with_help("piles list pawns by colour: B, R, Y, K, or S for a spare"))
                }
            };
            let pile: &mut Pile = &mut position.piles[player];
            pile[colour.index()] = pile[colour.index()].saturating_add(1);
            counts[colour.index()] += 1;
        }
    }
    for colour in &Colour::ALL[..4] {
        let n = counts[colour.index()];
        if n > PAWNS {
            return Err(HeaderError::setup(
                format!(
                    "the setup holds {n} {} pawns; there are 12 of each colour",
                    colour.name()
                ),
                text.key("setup"),
            )
            .with_help("count the pieces, the pawns under Superpions and the piles"));
        }
    }
    if !Camp::ALL.into_iter().any(|c| position.in_play(c)) {
        return Err(HeaderError::setup(
            "the setup puts no piece of a playing camp on the board",
            text.within("setup", "pieces"),
        )
        .with_help(
            "list the pieces under `pieces:`, by camp, or leave `pieces` out to keep the initial position",
        ));
    }
    match setup.to_move {
        Some(camp) if !position.in_play(camp) => {
            let why = if variant.plays(camp) {
                "it has no piece on the board"
            } else {
                "it is the neutral camp"
            };
            return Err(HeaderError::setup(
                format!("{camp} cannot be to move: {why}"),
                text.within("setup", "to-move"),
            ));
        }
        Some(camp) => {
            position.first_to_move();
            position.to_move = camp;
        }
        None => position.first_to_move(),
    }
    Ok(position)
}

/// Superpion's header keys as an editor offers and explains them.
pub(super) const HEADER_KEYS: &[KeyDoc] = &[
    KeyDoc {
        key: "game",
        meaning: "the game: `superpion`",
        values: &["superpion"],
        fields: &[],
    },
    KeyDoc {
        key: "mode",
        meaning: "who plays which camps (`four-players` without it)",
        values: &Mode::NAMES,
        fields: &[],
    },
    KeyDoc {
        key: "neutral",
        meaning: "the camp nobody plays, in `three-players` only",
        values: &["blue", "red", "yellow", "black"],
        fields: &[],
    },
    KeyDoc {
        key: "players",
        meaning: "who played: a name by camp in the four-player modes, by \
                  `player1` (Blue) and `player2` (Black) in the two-player ones",
        fields: &["blue", "red", "yellow", "black", "player1", "player2"],
        values: &[],
    },
    KeyDoc {
        key: "end",
        meaning: "how the game ended; without it, it is unfinished",
        values: &[
            "one-side-left",
            "captures-impossible",
            "time",
            "adjudication",
        ],
        fields: &[],
    },
    KeyDoc {
        key: "result",
        meaning: "each player's claimed score, by name or player key, checked \
                  against the replay; the referee's scores with `end: adjudication`",
        fields: &["blue", "red", "yellow", "black", "player1", "player2"],
        values: &[],
    },
    KeyDoc {
        key: "rules",
        meaning: "the house rules in force",
        fields: &["forgive-missed-captures"],
        values: &[],
    },
    KeyDoc {
        key: "setup",
        meaning: "a position to start from instead of the initial one: the camp to \
                  play first (`to-move`), each camp's pieces (`pieces`) and the \
                  pawns captured (`piles`)",
        fields: &["to-move", "pieces", "piles"],
        values: &[],
    },
];
