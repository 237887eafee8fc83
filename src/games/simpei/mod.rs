//! Simpei: three in a row on two interlocking worlds (`simpei.md`).

mod board;
mod declared;
mod notation;
mod picture;
mod rules;

/// A turn label read back (`--turn 3...`), and its move number.
pub use super::duel::{Label, MoveNumber};
pub use board::{Point, World};
pub use notation::{Square, Turn, Written};
pub use rules::{Action, Colour, Position};

use std::fmt;

use serde::Deserialize;

use crate::game::{
    self, CanonicalTurn, Notation, Presentation, RecordFormat, Rules, Summary, Table, Violation,
    Warning,
};
use crate::games::duel;
use crate::record::header::{given, present, Date, Text};
use crate::record::movetext::{value_of, SyntaxError, Token};
use crate::record::{HeaderError, HeaderText, Switches};
use crate::rules::Rule;
use crate::span::{Span, Spanned};

use board::{points, SIZE};
use rules::{Breach, PIECES};

/// Simpei, the [`Game`](crate::Game): three in a row on two interlocking
/// worlds.
pub struct Simpei;

/// The `players` key: who played each colour.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Players {
    /// The `red` key: the name of Red, who plays first.
    #[serde(default, deserialize_with = "present")]
    pub red: Option<Text>,
    /// The `blue` key: the name of Blue.
    #[serde(default, deserialize_with = "present")]
    pub blue: Option<Text>,
}

/// The `end` key: why a game stopped without a winner.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum End {
    /// `draw`: the players agreed a draw.
    Draw,
    /// `abandoned`: the game was given up.
    Abandoned,
}

/// The `setup` key: the position the replay starts from.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Setup {
    /// The `red` key: the points of Red's pieces on the board; the rest are
    /// in hand.
    #[serde(default, deserialize_with = "given")]
    pub red: Vec<String>,
    /// The `blue` key: the points of Blue's pieces on the board; the rest are
    /// in hand.
    #[serde(default, deserialize_with = "given")]
    pub blue: Vec<String>,
    /// The `to-move` key: who acts first (Red without it).
    #[serde(rename = "to-move", default, deserialize_with = "present")]
    pub to_move: Option<Colour>,
}

/// A Simpei record's header.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Header {
    /// The `game` key: `simpei`.
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
    /// The `end` key: why a game without a winner stopped.
    #[serde(default, deserialize_with = "present")]
    pub end: Option<End>,
    /// The `result` key: the claimed winner (`red`, `blue` or a name) or
    /// `none`, checked against the replay.
    #[serde(default, deserialize_with = "present")]
    pub result: Option<Text>,
    /// The `setup` key: a position to start from instead of the empty board.
    #[serde(default, deserialize_with = "present")]
    pub setup: Option<Setup>,
}

impl Header {
    fn name(&self, colour: Colour) -> Option<&str> {
        let players = self.players.as_ref()?;
        match colour {
            Colour::Red => players.red.as_deref(),
            Colour::Blue => players.blue.as_deref(),
        }
    }

    /// "red (Aiko)" or "red".
    fn side(&self, colour: Colour) -> String {
        duel::label(colour, self.name(colour))
    }

    /// The claimed `result` as a winner (`None` for `none`).
    fn claimed(&self, text: &HeaderText<'_>) -> Result<Option<Option<Colour>>, HeaderError> {
        let name = |c| self.name(c).map(str::to_string);
        duel::claimed(self.result.as_deref(), name, "Simpei", text)
    }
}

/// A legal turn: the action and the relocations it calls for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Play {
    /// The placement, move or pass.
    pub action: Action,
    /// Sorted by the point the piece came from.
    pub relocations: Vec<(Point, Point)>,
}

impl fmt::Display for Play {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.action)?;
        for (from, to) in &self.relocations {
            write!(f, " {from}>{to}")?;
        }
        Ok(())
    }
}

fn point(square: Spanned<Square>) -> Result<Point, Violation> {
    let Square { file, rank, padded } = square.value;
    match rank.value().and_then(|rank| Point::parse(file, rank)) {
        Some(point) if padded => Err(breach(Breach::LeadingZero(point), square.span)),
        Some(point) => Ok(point),
        None => {
            let written = format!("{}{}", file.to_ascii_lowercase(), rank);
            Err(breach(Breach::NotAPoint(written), square.span))
        }
    }
}

/// A written action on the board's points, or the point that is not one.
fn action(written: Written) -> Result<Action, Violation> {
    Ok(match written {
        Written::Place(to) => Action::Place(point(to)?),
        Written::Move(from, to) => {
            let from = point(from)?;
            Action::Move(from, point(to)?)
        }
        Written::Pass => Action::Pass,
    })
}

/// The `end` of a won game in JSON (`outcome.end`): three pieces aligned, the one way to win.
pub const WON_BY: &str = "alignment";

fn breach(breach: Breach, span: Span) -> Violation {
    Violation::new(breach.rule(), breach.to_string(), span)
}

/// The relocations still open: each waiting piece (or just `piece`) to
/// each empty point.
fn open_relocations(position: &Position, piece: Option<Point>) -> Vec<String> {
    let empty: Vec<Point> = Point::all()
        .filter(|p| position.occupied() & p.bit() == 0)
        .collect();
    points(position.lifted)
        .filter(|from| piece.is_none_or(|p| p == *from))
        .flat_map(|from| empty.iter().map(move |to| format!("{from}>{to}")))
        .collect()
}

impl Simpei {
    /// Ways to relocate the lifted pieces, for the turn generator: all of
    /// them, or the first `limit`.
    fn relocations(
        position: &Position,
        lifted: &[Point],
        out: &mut Vec<Vec<(Point, Point)>>,
        done: &mut Vec<(Point, Point)>,
        limit: usize,
    ) {
        let Some((&from, rest)) = lifted.split_first() else {
            if out.len() < limit {
                out.push(done.clone());
            }
            return;
        };
        let taken: u64 = done
            .iter()
            .fold(position.occupied(), |m, (_, to)| m | to.bit());
        for to in Point::all().filter(|p| taken & p.bit() == 0) {
            if out.len() >= limit {
                return;
            }
            done.push((from, to));
            Simpei::relocations(position, rest, out, done, limit);
            done.pop();
        }
    }

    /// The first `limit` legal turns of `action`, in generator order, given
    /// the position it leaves (`next`, sandwiched pieces lifted).
    fn turns_of(next: &Position, action: Action, sandwiched: u64, limit: usize) -> Vec<Play> {
        let lifted: Vec<Point> = points(sandwiched).collect();
        let mut all = Vec::new();
        Simpei::relocations(next, &lifted, &mut all, &mut Vec::new(), limit);
        all.into_iter()
            .map(|relocations| Play {
                action,
                relocations,
            })
            .collect()
    }

    /// How many legal turns `action` gives: each sandwiched piece in turn
    /// goes to any empty point the pieces before it left.
    fn count_of(next: &Position, sandwiched: u64) -> usize {
        let empty = Point::all()
            .filter(|p| next.occupied() & p.bit() == 0)
            .count();
        (0..sandwiched.count_ones() as usize)
            .map(|placed| empty.saturating_sub(placed))
            .product()
    }
}

impl Rules for Simpei {
    type Position = Position;
    type Play = Play;

    fn turn_label(position: &Position, index: usize) -> String {
        duel::turn_label(position.opener, index, position.to_move)
    }

    fn legal(position: &Position) -> Vec<Play> {
        Self::legal_first(position, usize::MAX).0
    }

    /// The relocations multiply (143,640 turns for one move that sandwiches
    /// four pieces): they are counted, and only the first `n` built.
    fn legal_first(position: &Position, n: usize) -> (Vec<Play>, usize) {
        let mut plays = Vec::new();
        let mut total: usize = 0;
        for action in position.actions() {
            let mut next = position.clone();
            let sandwiched = next.act(action).sandwiched;
            total = total.saturating_add(Simpei::count_of(&next, sandwiched));
            if plays.len() < n {
                let room = n - plays.len();
                plays.extend(Simpei::turns_of(&next, action, sandwiched, room));
            }
        }
        (plays, total)
    }

    /// Every action has a turn: a sandwich leaves points enough for each
    /// lifted piece.
    fn has_legal(position: &Position) -> bool {
        !position.actions().is_empty()
    }

    fn apply(position: &mut Position, play: &Play) {
        position.act(play.action);
        for &(from, to) in &play.relocations {
            position.relocate(from, to);
        }
        position.end_turn();
    }

    fn initial(mode: Option<&str>) -> Result<Position, String> {
        match mode {
            None => Ok(Position::default()),
            Some(mode) => Err(format!("Simpei has no modes (`{mode}` given)")),
        }
    }
}

impl Notation for Simpei {
    type Turn = Turn;

    fn parse_each<'a>(
        tokens: impl Iterator<Item = Result<Token<'a>, SyntaxError>>,
        each: impl FnMut(Turn),
    ) -> Result<(), SyntaxError> {
        notation::parse_each(tokens, each)
    }

    fn play(position: &mut Position, turn: &Turn, index: usize) -> Result<Vec<Warning>, Violation> {
        if let Some(winner) = position.winner {
            return Err(breach(Breach::GameOver(winner), turn.span()).expecting(Vec::<Play>::new()));
        }
        duel::check_move_number(
            &declared::MOVE_NUMBER,
            turn.number,
            position.opener,
            index,
            position.to_move,
        )?;
        let action_span = turn.action.span;
        // A wrong action lists the actions legal instead, not the whole
        // turns: one sandwich's relocations would crowd out every other
        // action.
        let action = action(turn.action.value).map_err(|v| v.expecting(position.actions()))?;
        position
            .check(action)
            .map_err(|b| breach(b, action_span).expecting(position.actions()))?;
        // The relocations are checked against the position the action left:
        // a scratch copy, kept only if the whole turn is legal.
        let mut next = position.clone();
        next.act(action);
        for relocation in &turn.relocations {
            let (from, to) = relocation.value;
            // A square that names no point lists the relocations still
            // open: the named piece's, when it is one that waits.
            let from_point = point(from).map_err(|v| v.expecting(open_relocations(&next, None)))?;
            let waiting = (next.lifted & from_point.bit() != 0).then_some(from_point);
            let to_point = point(to).map_err(|v| v.expecting(open_relocations(&next, waiting)))?;
            next.check_relocation(from_point, to_point)
                .map_err(|b| match b {
                    Breach::RelocationOccupied(_) => {
                        breach(b, to.span).expecting(open_relocations(&next, Some(from_point)))
                    }
                    _ => breach(b, from.span).expecting(open_relocations(&next, None)),
                })?;
            next.relocate(from_point, to_point);
        }
        next.check_relocated()
            .map_err(|b| breach(b, action_span).expecting(open_relocations(&next, None)))?;
        next.end_turn();
        *position = next;
        Ok(Vec::new())
    }

    /// Two pieces of one colour relocated crosswise lead to one position:
    /// the play is the turn as written, its relocations in `Play`'s order.
    fn resolve(position: &Position, turn: &Turn, index: usize) -> Result<Play, Violation> {
        let mut after = position.clone();
        Self::play(&mut after, turn, index)?;
        let mut relocations = turn
            .relocations
            .iter()
            .map(|r| Ok((point(r.value.0)?, point(r.value.1)?)))
            .collect::<Result<Vec<_>, Violation>>()?;
        relocations.sort();
        let play = Play {
            action: action(turn.action.value)?,
            relocations,
        };
        game::denoted::<Self>(position, &after, [play])
    }

    fn movetext(start: &Position, plays: &[Play]) -> String {
        duel::movetext(start.opener, plays)
    }

    fn turn_span(turn: &Turn) -> Span {
        turn.span()
    }

    fn canonical(position: &Position, play: &Play, index: usize) -> CanonicalTurn {
        duel::canonical(position.opener, play, index)
    }

    type Label = duel::Label<Colour>;

    fn read_label(text: &str) -> Result<Self::Label, String> {
        duel::read_label("Simpei", text)
    }

    fn names_turn(label: &Self::Label, position: &Position, index: usize) -> bool {
        duel::names_turn(label, position.opener, index, position.to_move)
    }
}

impl RecordFormat for Simpei {
    const NAME: &'static str = "simpei";
    const TITLE: &'static str = "Simpei";
    const EXAMPLE: &'static str = "1. c5 f4   2. f2 b2   3. f6 f4>g5 e7";
    /// Depth 6: 14 s; depth 7 runs past a minute.
    const DEEPEST_PERFT: u32 = 6;
    const RULES: &'static [Rule] = declared::RULES;

    type Header = Header;

    fn start(
        header: &Header,
        text: &HeaderText<'_>,
        _switches: &Switches,
    ) -> Result<Position, HeaderError> {
        header.claimed(text)?;
        let Some(setup) = &header.setup else {
            return Ok(Position::default());
        };
        let mut position = Position::default();
        for (colour, names) in [(Colour::Red, &setup.red), (Colour::Blue, &setup.blue)] {
            if names.len() > PIECES as usize {
                return Err(HeaderError::setup(
                    format!(
                        "{colour} has {} pieces on the board; each player has 4",
                        names.len()
                    ),
                    text.within("setup", colour.name()),
                ));
            }
            for name in names {
                let at = text.within("setup", name);
                let mut chars = name.trim().chars();
                let file = chars.next();
                let rank = chars.as_str();
                // Digits only, as the notation writes a rank: not `a+1`.
                let parsed = file.and_then(|file| Point::parse(file, value_of(rank.as_bytes())?));
                if let Some(point) = parsed.filter(|_| rank.len() > 1 && rank.starts_with('0')) {
                    return Err(HeaderError::setup(
                        format!("`{name}` is not a point: a rank has no leading zero"),
                        at,
                    )
                    .with_help(format!("write `{point}`")));
                }
                let Some(point) = parsed else {
                    return Err(HeaderError::setup(format!("`{name}` is not a point"), at)
                        .with_help("points are a, c, e, g x 1, 3, 5, 7 and b, d, f x 2, 4, 6"));
                };
                if position.occupied() & point.bit() != 0 {
                    return Err(HeaderError::setup(
                        format!("{point} is given twice"),
                        text.within_last("setup", name),
                    ));
                }
                position.pieces[colour.index()] |= point.bit();
                position.hand[colour.index()] -= 1;
            }
        }
        let to_move = setup.to_move.unwrap_or(Colour::Red);
        let [red, blue] = position.hand;
        let fits = !position.in_placement()
            || match to_move {
                Colour::Red => red == blue,
                Colour::Blue => red + 1 == blue,
            };
        if !fits {
            return Err(HeaderError::setup(
                format!(
                    "with {to_move} to move in the placement phase, red holds {red} and blue {blue} in hand, which no game reaches"
                ),
                text.key("setup"),
            )
            .with_help("with red to move both hands are equal; with blue to move red holds one fewer"));
        }
        position.to_move = to_move;
        position.opener = to_move;
        Ok(position)
    }

    fn conclude(
        header: &Header,
        text: &HeaderText<'_>,
        position: &Position,
        _last: Option<(usize, &Turn)>,
    ) -> Result<Vec<Warning>, Violation> {
        if let (Some(end), Some(winner)) = (header.end, position.winner) {
            let end = match end {
                End::Draw => "draw",
                End::Abandoned => "abandoned",
            };
            return Err(Violation::new(
                &declared::END_MISMATCH,
                format!("the header says the game ended by `{end}`, but {winner} won by alignment"),
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
            None => format!("unfinished, {} to act", header.side(position.to_move)),
        };
        Summary {
            finished: position.winner.is_some(),
            winner: position.winner.map(|c| c.to_string()),
            to_move: position
                .winner
                .is_none()
                .then(|| position.to_move.to_string()),
            scores: None,
            players: duel::players(|side| header.name(side)),
            outcome: duel::outcome(WON_BY, position.winner),
            description,
        }
    }

    fn table(header: &Header, position: &Position) -> Option<Table> {
        let rows = [Colour::Red, Colour::Blue]
            .into_iter()
            .map(|c| {
                vec![
                    c.to_string(),
                    header.name(c).unwrap_or("").to_string(),
                    position.pieces[c.index()].count_ones().to_string(),
                    position.hand[c.index()].to_string(),
                    if position.winner == Some(c) {
                        "winner"
                    } else {
                        ""
                    }
                    .to_string(),
                ]
            })
            .collect();
        Some(Table {
            header: ["colour", "player", "on board", "in hand", "result"]
                .map(String::from)
                .to_vec(),
            rows,
        })
    }

    fn record_header(_start: &Position) -> String {
        "game: simpei\n".into()
    }

    fn template() -> &'static str {
        include_str!("template.arb")
    }
}

impl Presentation for Simpei {
    /// `{red: [points], blue: [points], to-move}`: the pieces in hand are
    /// the rest.
    fn setup(position: &Position) -> serde_json::Value {
        let on_board = |c: Colour| -> Vec<String> {
            points(position.pieces[c.index()])
                .map(|p| p.to_string())
                .collect()
        };
        serde_json::json!({
            "red": on_board(Colour::Red),
            "blue": on_board(Colour::Blue),
            "to-move": position.to_move.to_string(),
        })
    }

    /// The action, then each relocation `from>to`.
    fn parts(play: &Play) -> Vec<String> {
        std::iter::once(play.action.to_string())
            .chain(
                play.relocations
                    .iter()
                    .map(|(from, to)| format!("{from}>{to}")),
            )
            .collect()
    }

    /// An action that sandwiches two pieces or more is one group: the
    /// choices of where each goes multiply.
    fn legal_groups(position: &Position) -> Vec<game::Group> {
        let mut groups = Vec::new();
        for action in position.actions() {
            let mut next = position.clone();
            let sandwiched = next.act(action).sandwiched;
            if sandwiched.count_ones() < 2 {
                groups.extend(
                    Simpei::turns_of(&next, action, sandwiched, usize::MAX)
                        .iter()
                        .map(game::Group::play::<Simpei>),
                );
                continue;
            }
            let pieces: Vec<String> = points(sandwiched).map(|p| p.to_string()).collect();
            groups.push(game::Group {
                text: format!(
                    "{action}, then {} each to any empty point",
                    pieces.join(", ")
                ),
                turns: Simpei::count_of(&next, sandwiched),
                parts: None,
            });
        }
        groups
    }

    fn diagram(position: &Position) -> String {
        let mut out = String::new();
        for rank in (0..SIZE).rev() {
            out.push_str(&format!("{}  ", rank + 1));
            for file in 0..SIZE {
                let cell = match Point::at(file, rank) {
                    None => ' ',
                    Some(p) => match position.colour_at(p) {
                        Some(Colour::Red) => 'R',
                        Some(Colour::Blue) => 'B',
                        None if p.world() == board::World::Upper => '.',
                        None => 'o',
                    },
                };
                out.push(cell);
                out.push_str("  ");
            }
            out.truncate(out.trim_end().len());
            out.push('\n');
        }
        out.push_str("   a  b  c  d  e  f  g\n");
        out.push_str("   (. empty upper point, o empty lower point, R red, B blue)\n");
        out.push_str(&format!(
            "In hand: red {}, blue {}\n",
            position.hand[0], position.hand[1]
        ));
        match position.winner {
            Some(winner) => out.push_str(&format!("Game over: {winner} has won\n")),
            None => out.push_str(&format!("{} to act\n", position.to_move)),
        }
        out
    }
}
