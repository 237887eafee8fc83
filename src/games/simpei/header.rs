//! Simpei's header: its keys, and the position a `setup` starts from.

use serde::{Deserialize, Serialize};

use crate::game::OffBoard;
use crate::games::duel::{self, DuelHeader};
use crate::record::header::{given, present, Date, KeyDoc, Text};
use crate::record::movetext::value_of;
use crate::record::{HeaderError, HeaderText, Switches};

use super::board::{points, Colour, Point};
use super::position::{Position, PIECES};

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

/// The `end` key: why a game stopped without a win on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum End {
    /// `draw`: the players agreed a draw; a finished game, no winner.
    Draw,
    /// `abandoned`: the game was given up; unfinished.
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
            End::Draw => Some(OffBoard::Agreement),
            End::Abandoned => None,
            End::Resignation => Some(OffBoard::Resignation),
            End::TimeForfeit => Some(OffBoard::TimeForfeit),
            End::Forfeit => Some(OffBoard::Forfeit),
            End::Adjudication => Some(OffBoard::Adjudication),
        }
    }
}

/// The `setup` key: the position the replay starts from. Read by the
/// header, and written of a position by `Setup::from` (`show`, `moves`):
/// one type, so that a setup written reads back as its position.
#[derive(Debug, Deserialize, Serialize)]
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
    #[serde(
        rename = "to-move",
        default,
        deserialize_with = "present",
        skip_serializing_if = "Option::is_none"
    )]
    pub to_move: Option<Colour>,
}

impl From<&Position> for Setup {
    /// The setup that starts from `position`: the pieces on the board (the
    /// ones in hand are the rest), and who acts.
    fn from(position: &Position) -> Setup {
        let on_board = |c: Colour| -> Vec<String> {
            points(position.pieces[c.index()])
                .map(|p| p.to_string())
                .collect()
        };
        Setup {
            red: on_board(Colour::Red),
            blue: on_board(Colour::Blue),
            to_move: Some(position.to_move),
        }
    }
}

crate::record::header::tournament_keys! {
/// A Simpei record's header.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Header {
    /// The `game` key: `simpei`.
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
    /// The `end` key: why a game stopped without a win on the board.
    #[serde(default, deserialize_with = "present")]
    pub end: Option<End>,
    /// The `result` key: the claimed winner (`red`, `blue` or a name) or
    /// `none`, checked against the replay; the result itself when `end`
    /// decides the game off the board.
    #[serde(default, deserialize_with = "present")]
    pub result: Option<Text>,
    /// The `setup` key: a position to start from instead of the empty board.
    #[serde(default, deserialize_with = "present")]
    pub setup: Option<Setup>,
}
}

impl DuelHeader for Header {
    type Side = Colour;
    const GAME: &'static str = "Simpei";

    fn name(&self, colour: Colour) -> Option<&str> {
        let players = self.players.as_ref()?;
        match colour {
            Colour::Red => players.red.as_deref(),
            Colour::Blue => players.blue.as_deref(),
        }
    }

    fn result(&self) -> Option<&str> {
        self.result.as_deref()
    }

    fn ending(&self) -> Option<OffBoard> {
        self.end.and_then(End::off_board)
    }
}

/// The position a record starts from: the empty board, or its `setup`,
/// checked to be one that play reaches.
pub fn start(
    header: &Header,
    text: &HeaderText<'_>,
    _switches: &Switches,
) -> Result<Position, HeaderError> {
    header.claimed(text)?;
    duel::check_end(header, text)?;
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

/// Simpei's header keys as an editor offers and explains them.
pub(super) const HEADER_KEYS: &[KeyDoc] = &[
    KeyDoc {
        key: "game",
        meaning: "the game: `simpei`",
        values: &["simpei"],
        fields: &[],
    },
    KeyDoc {
        key: "players",
        meaning: "who played: `red` (who plays first) and `blue`, each a name",
        fields: &["red", "blue"],
        values: &[],
    },
    KeyDoc {
        key: "end",
        meaning: "why the game stopped without a win on the board",
        values: &[
            "draw",
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
        meaning: "the claimed winner (`red`, `blue` or a player's name) or `none`, \
                  checked against the replay; the result itself when `end` decides \
                  the game off the board",
        values: &["red", "blue", "none"],
        fields: &[],
    },
    KeyDoc {
        key: "setup",
        meaning: "a position to start from instead of the empty board: the points \
                  of `red`'s and `blue`'s pieces, and who acts first (`to-move`)",
        fields: &["red", "blue", "to-move"],
        values: &[],
    },
];
