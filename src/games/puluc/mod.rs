//! Puluc: a race with captures along a track of squares, driven by four
//! throwing sticks (`puluc.md`).

mod board;
mod declared;
mod notation;
mod picture;
mod rules;

/// A turn label read back (`--turn 3...`), and its move number.
pub use super::duel::{Label, MoveNumber};
pub use board::{Side, Stack, PAWNS};
pub use notation::{Number, Source, Turn, Written};
pub use rules::{Action, Origin, Play, Position};

use std::collections::BTreeMap;
use std::fmt;

use serde::de::{self, Visitor};
use serde::{Deserialize, Deserializer};

use crate::game::{
    self, CanonicalTurn, Notation, Presentation, RecordFormat, Rules, Summary, Table, Violation,
    Warning,
};
use crate::games::duel;
use crate::record::header::{given, present, Date, Text};
use crate::record::movetext::{value_of, Numeral, SyntaxError, Token};
use crate::record::{HeaderError, HeaderText, Switches};
use crate::rng::Rng;
use crate::rules::Rule;
use crate::span::Span;

use board::{DEFAULT_SQUARES, MAX_SQUARES, MIN_SQUARES};
use rules::{Absent, Breach, THROWS};

/// Puluc, the [`Game`](crate::Game): a race with captures along a track,
/// driven by four throwing sticks.
pub struct Puluc;

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

/// The `end` key: why a game stopped without a winner.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum End {
    /// `abandoned`: the game was given up before anyone won.
    Abandoned,
}

/// Pawns per side, as the setup's `start` and `killed` give them.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Counts {
    /// A's pawns.
    #[serde(default, deserialize_with = "present")]
    pub a: Option<u8>,
    /// B's pawns.
    #[serde(default, deserialize_with = "present")]
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

/// The `setup` key: the position the replay starts from.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Setup {
    /// The `to-move` key: the side to throw first (A without it).
    #[serde(rename = "to-move", default, deserialize_with = "present")]
    pub to_move: Option<Side>,
    /// The `start` key: the pawns on each side's start square; without it,
    /// those neither on the track nor killed.
    #[serde(default, deserialize_with = "present")]
    pub start: Option<Counts>,
    /// The `killed` key: each side's pawns killed, out of the game (none
    /// without it).
    #[serde(default, deserialize_with = "present")]
    pub killed: Option<Counts>,
    /// Each square's pawns, bottom to top.
    #[serde(default, deserialize_with = "given")]
    pub track: BTreeMap<SquareKey, Vec<Side>>,
}

/// A Puluc record's header.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Header {
    /// The `game` key: `puluc`.
    pub game: String,
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
    /// checked against the replay.
    #[serde(default, deserialize_with = "present")]
    pub result: Option<Text>,
    /// The `setup` key: a position to start from instead of the initial one.
    #[serde(default, deserialize_with = "present")]
    pub setup: Option<Setup>,
}

impl Header {
    fn name(&self, side: Side) -> Option<&str> {
        let players = self.players.as_ref()?;
        match side {
            Side::A => players.a.as_deref(),
            Side::B => players.b.as_deref(),
        }
    }

    /// "a (Ana)" or "a".
    fn side(&self, side: Side) -> String {
        duel::label(side, self.name(side))
    }

    /// The claimed `result` as a winner (`None` for `none`).
    fn claimed(&self, text: &HeaderText<'_>) -> Result<Option<Option<Side>>, HeaderError> {
        let name = |s| self.name(s).map(str::to_string);
        duel::claimed(self.result.as_deref(), name, "Puluc", text)
    }
}

/// The `end` of a won game in JSON (`outcome.end`): all four opposing pawns killed, the one way to win.
pub const WON_BY: &str = "all-killed";

fn breach(breach: Breach, span: Span) -> Violation {
    Violation::new(breach.rule(), breach.to_string(), span)
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
fn set_up(setup: &Setup, squares: u8, text: &HeaderText<'_>) -> Result<Position, HeaderError> {
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

/// Fair sticks: four two-sided sticks, 16 equally likely falls.
const FAIR: [(u32, f64); 5] = [
    (1, 4.0 / 16.0),
    (2, 6.0 / 16.0),
    (3, 4.0 / 16.0),
    (4, 1.0 / 16.0),
    (5, 1.0 / 16.0),
];

/// A throw of the four sticks with the fair chances.
pub fn throw_sticks(rng: &mut Rng) -> u8 {
    match rng.below(16) {
        0..=3 => 1,
        4..=9 => 2,
        10..=13 => 3,
        14 => 4,
        _ => 5,
    }
}

impl Puluc {
    /// Where a side's pawns stand on the track: `3:a`, `6:bab`.
    fn squares_of(position: &Position, side: Side) -> String {
        position
            .middle()
            .filter(|&s| position.track[usize::from(s)].count(side) > 0)
            .map(|s| format!("{s}:{}", position.track[usize::from(s)]))
            .collect::<Vec<_>>()
            .join(" ")
    }
}

impl Rules for Puluc {
    type Position = Position;
    type Play = Play;

    const FAIR_THROWS: &'static [(u32, f64)] = &FAIR;

    fn turn_label(position: &Position, index: usize) -> String {
        duel::turn_label(position.opener, index, position.to_move)
    }

    fn legal(position: &Position) -> Vec<Play> {
        THROWS.flat_map(|throw| position.plays(throw)).collect()
    }

    fn apply(position: &mut Position, play: &Play) {
        position.apply(play);
    }

    fn initial(mode: Option<&str>) -> Result<Position, String> {
        match mode {
            None => Ok(Position::default()),
            Some(mode) => Err(format!("Puluc has no modes (`{mode}` given)")),
        }
    }

    /// Throw the sticks with the fair chances, then pick among that throw's
    /// legal turns (a pass when there is none).
    fn random_play(position: &Position, rng: &mut Rng) -> Option<Play> {
        if position.winner.is_some() {
            return None;
        }
        let plays = position.plays(throw_sticks(rng));
        plays.get(rng.below(plays.len().max(1))).copied()
    }
}

impl Notation for Puluc {
    type Turn = Turn;

    fn parse_each<'a>(
        tokens: impl Iterator<Item = Result<Token<'a>, SyntaxError>>,
        each: impl FnMut(Turn),
    ) -> Result<(), SyntaxError> {
        notation::parse_each(tokens, each)
    }

    fn play(position: &mut Position, turn: &Turn, index: usize) -> Result<Vec<Warning>, Violation> {
        if let Some(winner) = position.winner {
            return Err(
                breach(Breach::GameOver(winner), turn.whole()).expecting(Vec::<Play>::new())
            );
        }
        duel::check_move_number(
            &declared::MOVE_NUMBER,
            turn.number,
            position.opener,
            index,
            position.to_move,
        )?;
        // The parser only lets throws 1-5 through.
        let throw = turn.throw.value as u8;
        // A pass or a move is checked whole before the position changes.
        let refuse = |b: Breach, span: Span| breach(b, span).expecting(position.plays(throw));
        match turn.written {
            Written::Pass => {
                position
                    .check_pass(throw)
                    .map_err(|b| refuse(b, turn.span))?;
                position.pass();
            }
            Written::Move { source, to } => {
                let from = match source.value {
                    Source::Enter => None,
                    // A leading zero names no square; a number too large
                    // for any track is off it, zeros or not.
                    Source::Square(Number {
                        value: value @ Numeral::Value(_),
                        padded: true,
                    }) => {
                        let why = Absent::LeadingZero;
                        let breach = Breach::NoPieceThere { square: value, why };
                        return Err(refuse(breach, source.span));
                    }
                    Source::Square(number) => Some(number.value),
                };
                let origin = position
                    .check_source(from)
                    .map_err(|b| refuse(b, source.span))?;
                let padded = to.and_then(|to| match to.value {
                    Number {
                        value: Numeral::Value(value),
                        padded: true,
                    } => Some((value, to.span)),
                    _ => None,
                });
                if let Some((value, span)) = padded {
                    return Err(refuse(Breach::PaddedDestination(value), span));
                }
                let landing = position
                    .check_landing(throw, origin, to.map(|t| t.value.value))
                    .map_err(|b| {
                        let span = match (&b, to) {
                            (Breach::WrongDestination { .. }, Some(to)) => to.span,
                            _ => turn.span,
                        };
                        refuse(b, span)
                    })?;
                position.advance(origin, landing);
            }
        }
        Ok(Vec::new())
    }

    /// A pass leads to the same position whatever the throw: only the
    /// written throw's turns are candidates.
    fn resolve(position: &Position, turn: &Turn, index: usize) -> Result<Play, Violation> {
        let mut after = position.clone();
        Self::play(&mut after, turn, index)?;
        game::denoted::<Self>(position, &after, position.plays(turn.throw.value as u8))
    }

    fn movetext(start: &Position, plays: &[Play]) -> String {
        duel::movetext(start.opener, plays)
    }

    fn turn_span(turn: &Turn) -> Span {
        turn.whole()
    }

    fn canonical(position: &Position, play: &Play, index: usize) -> CanonicalTurn {
        duel::canonical(position.opener, play, index)
    }

    type Label = duel::Label<Side>;

    fn read_label(text: &str) -> Result<Self::Label, String> {
        duel::read_label("Puluc", text)
    }

    fn names_turn(label: &Self::Label, position: &Position, index: usize) -> bool {
        duel::names_turn(label, position.opener, index, position.to_move)
    }

    fn throw(turn: &Turn) -> Option<u32> {
        Some(turn.throw.value)
    }
}

impl RecordFormat for Puluc {
    const NAME: &'static str = "puluc";
    const TITLE: &'static str = "Puluc";
    const EXAMPLE: &'static str = "1. 5:e-5 1:e-9   2. 3:5-8 2:e-8";
    /// Depth 9: 15 s; depth 10 runs past a minute.
    const DEEPEST_PERFT: u32 = 9;
    const RULES: &'static [Rule] = declared::RULES;

    type Header = Header;

    fn start(
        header: &Header,
        text: &HeaderText<'_>,
        _switches: &Switches,
    ) -> Result<Position, HeaderError> {
        header.claimed(text)?;
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
            Some(setup) => set_up(setup, squares, text),
        }
    }

    fn conclude(
        header: &Header,
        text: &HeaderText<'_>,
        position: &Position,
        _last: Option<(usize, &Turn)>,
    ) -> Result<Vec<Warning>, Violation> {
        if let (Some(End::Abandoned), Some(winner)) = (header.end, position.winner) {
            return Err(Violation::new(
                &declared::END_MISMATCH,
                format!(
                    "the header says the game was abandoned, but {} won by killing all four opposing pawns",
                    header.side(winner)
                ),
                text.key("end"),
            ));
        }
        // `start` refused a `result` that names no one.
        let claimed = header.claimed(text).ok().flatten();
        duel::check_result(claimed, position.winner, |s| header.side(s), text)?;
        Ok(Vec::new())
    }

    fn summary(header: &Header, position: &Position, _whole: bool) -> Summary {
        let description = match position.winner {
            Some(winner) => format!("{} wins", header.side(winner)),
            None => format!("unfinished, {} to throw", header.side(position.to_move)),
        };
        Summary {
            finished: position.winner.is_some(),
            winner: position.winner.map(|s| s.name().to_string()),
            to_move: position
                .winner
                .is_none()
                .then(|| position.to_move.name().to_string()),
            scores: None,
            players: duel::players(|side| header.name(side)),
            outcome: duel::outcome(WON_BY, position.winner),
            description,
        }
    }

    fn table(header: &Header, position: &Position) -> Option<Table> {
        let rows = [Side::A, Side::B]
            .into_iter()
            .map(|side| {
                vec![
                    side.to_string(),
                    header.name(side).unwrap_or("").to_string(),
                    position.start[side.index()].to_string(),
                    position.on_track(side).to_string(),
                    position.killed[side.index()].to_string(),
                    Puluc::squares_of(position, side),
                    if position.winner == Some(side) {
                        "winner"
                    } else {
                        ""
                    }
                    .to_string(),
                ]
            })
            .collect();
        Some(Table {
            header: [
                "side",
                "player",
                "at start",
                "on track",
                "killed",
                "stacks (bottom to top)",
                "result",
            ]
            .map(String::from)
            .to_vec(),
            rows,
        })
    }

    fn record_header(start: &Position) -> String {
        let mut header = String::from("game: puluc\n");
        if start.squares != DEFAULT_SQUARES {
            header.push_str(&format!("squares: {}\n", start.squares));
        }
        header
    }

    fn template() -> &'static str {
        include_str!("template.arb")
    }
}

impl Presentation for Puluc {
    /// `{to-move, start, killed, track}`: each side's pawns on its start
    /// square and killed, and each occupied square's stack, bottom to top.
    fn setup(position: &Position) -> serde_json::Value {
        let by_side = |counts: [u8; 2]| serde_json::json!({"a": counts[Side::A.index()], "b": counts[Side::B.index()]});
        let track: serde_json::Map<String, serde_json::Value> = position
            .middle()
            .filter(|&s| !position.track[usize::from(s)].is_empty())
            .map(|s| {
                let pawns: Vec<&str> = position.track[usize::from(s)]
                    .pawns()
                    .map(|side| side.name())
                    .collect();
                (s.to_string(), serde_json::json!(pawns))
            })
            .collect();
        serde_json::json!({
            "to-move": position.to_move.name(),
            "start": by_side(position.start),
            "killed": by_side(position.killed),
            "track": track,
        })
    }

    /// The throw, then the move: `["3", "4-7"]`, `["2", "-"]` for a pass.
    fn parts(play: &Play) -> Vec<String> {
        let text = play.to_string();
        match text.split_once(':') {
            Some((throw, action)) => vec![throw.to_string(), action.to_string()],
            None => vec![text],
        }
    }

    fn diagram(position: &Position) -> String {
        let n = position.squares;
        let cell = |text: &str| format!("{text:>4}");
        let tallest = position
            .middle()
            .map(|s| position.track[usize::from(s)].height())
            .max()
            .unwrap_or(0)
            .max(1);
        let mut out = String::new();
        for level in (0..tallest).rev() {
            let mut line = String::new();
            for s in 0..n {
                let text = if s == 0 || s == n - 1 {
                    if level == 0 {
                        let side = if s == 0 { Side::A } else { Side::B };
                        format!("{}{side}", position.start[side.index()])
                    } else {
                        String::new()
                    }
                } else {
                    let stack = position.track[usize::from(s)];
                    if level < stack.height() {
                        stack.pawn(level).to_string()
                    } else if level == 0 {
                        ".".into()
                    } else {
                        String::new()
                    }
                };
                line.push_str(&cell(&text));
            }
            out.push_str(line.trim_end());
            out.push('\n');
        }
        let numbers: String = (0..n).map(|s| cell(&s.to_string())).collect();
        out.push_str(&numbers);
        out.push('\n');
        out.push_str(&format!(
            "   (squares 0 to {}; towers drawn bottom to top, the top pawn is the master;\n    on a start square, the count of its owner's pawns there; {} moves toward {}, {} toward 0)\n",
            n - 1,
            Side::A,
            n - 1,
            Side::B
        ));
        out.push_str(&format!(
            "Killed: {} {}, {} {}\n",
            Side::A,
            position.killed[Side::A.index()],
            Side::B,
            position.killed[Side::B.index()]
        ));
        match position.winner {
            Some(winner) => out.push_str(&format!("Game over: {winner} has won\n")),
            None => out.push_str(&format!("{} to throw\n", position.to_move)),
        }
        out
    }

    fn moves_notes(position: &Position) -> Vec<String> {
        if position.winner.is_some() {
            return vec!["The game is over.".into()];
        }
        let counts: Vec<String> = THROWS
            .map(|t| {
                let n = position
                    .plays(t)
                    .iter()
                    .filter(|p| p.action != Action::Pass)
                    .count();
                format!("{t}: {n}")
            })
            .collect();
        vec![format!(
            "Moves by throw ({}); a throw without a move is a pass. Fair chances: 1 4/16, 2 6/16, 3 4/16, 4 1/16, 5 1/16.",
            counts.join(", ")
        )]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record;

    fn start(text: &str) -> Result<Position, HeaderError> {
        let source = format!("---\n{text}---\n");
        let raw = record::split(&source).remove(0).unwrap();
        let header: Header = raw.header.deserialize()?;
        Puluc::start(&header, &raw.header, &Switches::new())
    }

    #[test]
    fn setup_defaults_and_towers() {
        let p = start("game: puluc\nsetup:\n  to-move: b\n  killed: {a: 1}\n  track: {\"3\": [b, b, a], 7: [a]}\n").unwrap();
        assert_eq!(p.start, [1, 2]);
        assert_eq!(p.killed, [1, 0]);
        assert_eq!(p.track[3], Stack::of(&[Side::B, Side::B, Side::A]));
        assert_eq!((p.to_move, p.opener, p.winner), (Side::B, Side::B, None));
    }

    #[test]
    fn a_setup_with_four_killed_is_won() {
        let p = start("game: puluc\nsetup: {killed: {b: 4}}\n").unwrap();
        assert_eq!(p.winner, Some(Side::A));
        assert!(start("game: puluc\nsetup: {killed: {a: 4, b: 4}}\n").is_err());
    }

    #[test]
    fn setup_counts_must_make_four() {
        let err = start("game: puluc\nsetup: {start: {b: 3}}\n").unwrap_err();
        assert!(
            err.message.contains("B has 3 pawns in all"),
            "{}",
            err.message
        );
        assert!(start("game: puluc\nsetup: {start: {b: 3}, killed: {b: 1}}\n").is_ok());
        assert!(start("game: puluc\nsquares: 7\nsetup: {track: {\"6\": [a]}}\n").is_err());
        assert!(start("game: puluc\nsquares: 7\nsetup: {track: {\"5\": [a]}}\n").is_ok());
        assert!(start("game: puluc\nsquares: 4\n").is_err());
    }

    #[test]
    fn move_numbers_follow_the_opener() {
        let n = |opener, index| duel::MoveNumber::expected(opener, index).to_string();
        assert_eq!([n(Side::A, 0), n(Side::A, 1)], ["1.", "1..."]);
        assert_eq!([n(Side::B, 0), n(Side::B, 1)], ["1...", "2."]);
    }
}
