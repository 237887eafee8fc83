//! Superpion: draughts on a cross for two to four players, two pawns moved
//! per turn, flying Superpions (`superpion.md`). This module is the game
//! type and its trait impls: spans attached to the rules' verdicts, the
//! end-of-record checks, the summary and score table. The folder's layout
//! is the one every game has (`src/games/README.md`), with `capture`,
//! `modes` and `score` besides.

mod board;
mod capture;
mod declared;
mod diagram;
mod header;
mod legality;
mod modes;
mod moves;
mod notation;
mod picture;
mod position;
mod score;

pub use board::{squares, Camp, Sq, Squares};
pub use capture::worked;
pub use modes::{Colour, Mode, Variant};
pub use notation::{Actions, Label, Landings, Square, Turn, Written, WrittenAction};
pub use position::{Action, Path, Play, Position};
pub use score::Holding;

pub use header::{End, Header, HouseSwitches, Keyed, Players, Setup};

use crate::game::{
    self, breach, CanonicalTurn, Mechanics as _, Notation, Presentation, RecordFormat, Scores,
    Summary, Table, Violation, Warning,
};
use crate::record::header::KeyDoc;
use crate::record::movetext::{SyntaxError, TokenSource};
use crate::record::{HeaderError, HeaderText, Switches};
use crate::rng::Rng;
use crate::rules::Rule;
use crate::span::Span;
use crate::switches::HouseSwitch;
use crate::text::quote;

use legality::{texts, Breach};

/// Superpion, the [`Game`](crate::Game): draughts on a cross for two to four
/// players, two pieces acting per turn.
pub struct Superpion;

/// The house rule that turns missed and short captures into warnings.
pub const FORGIVE: HouseSwitch = HouseSwitch::new("forgive-missed-captures");

impl Superpion {
    /// Who won on `points` (by player slot): the team with the higher
    /// total in `teams`, else the one player with the most points; `None`
    /// for a shared first place. A player is named as `reported` names
    /// them.
    fn winner(
        header: &Header,
        reported: impl Fn(usize) -> String,
        position: &Position,
        points: &[(usize, i64)],
    ) -> Option<String> {
        let variant = position.variant;
        if variant.mode == Mode::Teams {
            let mut totals = [0i64; 2];
            for &(player, p) in points {
                totals[variant.side(Camp::from_index(player))] += p;
            }
            return match totals[0].cmp(&totals[1]) {
                std::cmp::Ordering::Greater => Some(header.team_label(&variant, 0)),
                std::cmp::Ordering::Less => Some(header.team_label(&variant, 1)),
                std::cmp::Ordering::Equal => None,
            };
        }
        let best = points.iter().map(|&(_, p)| p).max()?;
        let top: Vec<_> = points.iter().filter(|&&(_, p)| p == best).collect();
        match top[..] {
            [&(only, _)] => Some(reported(only)),
            _ => None,
        }
    }

    /// The points the board gives, by player slot, in the mode's order.
    fn board_points(holdings: &[Holding]) -> Vec<(usize, i64)> {
        holdings
            .iter()
            .map(|h| (h.player, i64::from(h.points)))
            .collect()
    }

    /// The players' names by player key (camp, or `player1`/`player2`).
    fn players(header: &Header, variant: &Variant) -> Option<game::Players> {
        let named: Vec<(game::Word, String)> = variant
            .players()
            .into_iter()
            .filter_map(|p| Some((header.key(p).into(), header.name(p)?.to_string())))
            .collect();
        (!named.is_empty()).then_some(game::Players(named))
    }

    /// How a finished game ended, by player key: the end's word, the
    /// winners (a team's members in `teams`), the points, the teams'
    /// totals; after an adjudication, the referee's points (`points`)
    /// and the board's beside them (`board`).
    fn outcome(
        header: &Header,
        position: &Position,
        points: &[(usize, i64)],
        board: Option<&[(usize, i64)]>,
        end: Option<End>,
    ) -> game::Outcome {
        let variant = position.variant;
        let (word, decided) = if position.over {
            ("one-side-left", game::Decided::Board)
        } else if end == Some(End::Adjudication) {
            ("adjudication", game::Decided::OffBoard)
        } else if end == Some(End::Time) {
            ("time", game::Decided::Board)
        } else {
            ("captures-impossible", game::Decided::Board)
        };
        let keyed = |points: &[(usize, i64)]| {
            let scores = points.iter().map(|&(p, v)| (header.key(p).to_string(), v));
            game::Scores(scores.collect())
        };
        let (winners, teams) = if variant.mode == Mode::Teams {
            let teams: Vec<game::Team> = (0..2)
                .map(|team| {
                    let members: Vec<&(usize, i64)> = points
                        .iter()
                        .filter(|&&(p, _)| variant.side(Camp::from_index(p)) == team)
                        .collect();
                    game::Team {
                        sides: members
                            .iter()
                            .map(|&&(p, _)| header.key(p).into())
                            .collect(),
                        players: members
                            .iter()
                            .map(|&&(p, _)| header.name(p).map(str::to_string))
                            .collect(),
                        score: members.iter().map(|&&(_, v)| v).sum(),
                    }
                })
                .collect();
            let winners = match &teams[..] {
                [a, b] if a.score > b.score => a.sides.clone(),
                [a, b] if b.score > a.score => b.sides.clone(),
                _ => Vec::new(),
            };
            (winners, Some(teams))
        } else {
            let best = points.iter().map(|&(_, v)| v).max();
            let top: Vec<usize> = points
                .iter()
                .filter(|&&(_, v)| Some(v) == best)
                .map(|&(p, _)| p)
                .collect();
            let winners = match top[..] {
                [only] => vec![header.key(only).into()],
                _ => Vec::new(),
            };
            (winners, None)
        };
        game::Outcome {
            end: word.into(),
            decided,
            winners,
            scores: Some(keyed(points)),
            board_scores: board.map(keyed),
            teams,
        }
    }
}

impl game::Mechanics for Superpion {
    type Position = Position;
    type Play = Play;

    /// A camp with no action passes, so a turn is legal until the game is
    /// over: no capture search for `show`, which only asks this.
    fn has_legal(position: &Position) -> bool {
        !position.over
    }

    fn work() -> u64 {
        capture::worked()
    }

    fn legal(position: &Position) -> Vec<Play> {
        if position.over {
            return Vec::new();
        }
        let camp = position.to_move;
        let first = position.actions();
        if first.is_empty() {
            return vec![Play {
                camp,
                actions: Vec::new(),
            }];
        }
        let mut plays = Vec::new();
        for a in first {
            let (_, seconds) = position.seconds(&a);
            if seconds.is_empty() {
                plays.push(Play {
                    camp,
                    actions: vec![a],
                });
            } else {
                for b in seconds {
                    plays.push(Play {
                        camp,
                        actions: vec![a.clone(), b],
                    });
                }
            }
        }
        plays
    }

    fn apply(position: &mut Position, play: &Play) {
        for a in &play.actions {
            position.act(a);
        }
        position.end_turn(play.actions.is_empty());
    }

    const MODES: &'static [&'static str] = &modes::Mode::NAMES;

    /// The two-player modes, read as the header reads a mode (in any
    /// case); an unknown mode seats no duel.
    fn two_player(mode: Option<&str>) -> bool {
        Variant::parse(mode).is_ok_and(|variant| variant.mode.two_player())
    }

    fn initial(mode: Option<&str>) -> Result<Position, String> {
        Ok(Position::initial(Variant::parse(mode)?))
    }

    fn random_play(position: &Position, rng: &mut Rng) -> Option<Play> {
        if position.over {
            return None;
        }
        let camp = position.to_move;
        let first = position.actions();
        if first.is_empty() {
            return Some(Play {
                camp,
                actions: Vec::new(),
            });
        }
        let a = first[rng.below(first.len())].clone();
        let (_, seconds) = position.seconds(&a);
        let mut actions = vec![a];
        if !seconds.is_empty() {
            actions.push(seconds[rng.below(seconds.len())].clone());
        }
        Some(Play { camp, actions })
    }
}

impl Notation for Superpion {
    type Turn = Turn;

    fn parse_lent<'a>(
        tokens: impl TokenSource<'a>,
        each: impl FnMut(&Turn, bool),
    ) -> Result<Option<Turn>, SyntaxError> {
        notation::parse_lent(tokens, each)
    }

    fn play(
        position: &mut Position,
        turn: &Turn,
        _index: usize,
    ) -> Result<Vec<Warning>, Violation> {
        legality::turn(position, turn, |_| {})
    }

    /// Several legal turns lead to one position: `legality::resolve` says
    /// which one a written turn denotes.
    fn resolve(position: &Position, turn: &Turn, _index: usize) -> Result<Play, Violation> {
        legality::resolve(position, turn)
    }

    fn movetext(start: &Position, plays: &[Play]) -> String {
        let mut out = String::new();
        let mut position = start.clone();
        for play in plays {
            out.push_str(&format!("{}.{play}\n", position.round));
            Superpion::apply(&mut position, play);
        }
        out
    }

    fn unplaced(turn: &Turn) -> Turn {
        Turn {
            number: None,
            ..turn.clone()
        }
    }

    fn turn_span(turn: &Turn) -> Span {
        turn.span
    }

    /// Every turn numbered with its round and camp, a round to a line.
    fn canonical(position: &Position, play: &Play, _index: usize) -> CanonicalTurn {
        let numbered = format!("{}.{play}", position.round);
        CanonicalTurn {
            continued: numbered.clone(),
            numbered,
            line: u64::from(position.round),
        }
    }

    type Label = Label;
}

/// `12.B`: the round and the camp to move.
impl game::TurnLabel<Position> for Label {
    fn of(position: &Position, _index: usize) -> String {
        format!("{}.{}", position.round, position.to_move.letter())
    }

    fn read(text: &str) -> Result<Label, String> {
        Label::read(text)
    }

    fn names(&self, position: &Position, _index: usize) -> bool {
        self.round == position.round && self.camp.is_none_or(|c| c == position.to_move)
    }
}

impl RecordFormat for Superpion {
    const NAME: &'static str = "superpion";
    const TITLE: &'static str = "Superpion";
    const EXAMPLE: &'static str =
        "1.B g3-g5 i3-i5   1.R c5-e5 c7-e7   1.Y h12-h10 j12-j10   1.K l4-j4 l8-j8";
    /// Depth 4: 5 to 21 s, by mode; depth 5 runs past a minute.
    const DEEPEST_PERFT: u32 = 4;
    const SWITCHES: &'static [HouseSwitch] = &[FORGIVE];
    const RULES: &'static [Rule] = declared::RULES;
    const HEADER_KEYS: &'static [KeyDoc] = header::HEADER_KEYS;

    type Header = Header;

    fn start(
        header: &Header,
        text: &HeaderText<'_>,
        switches: &Switches,
    ) -> Result<Position, HeaderError> {
        header::start(header, text, switches)
    }

    fn conclude(
        header: &Header,
        text: &HeaderText<'_>,
        position: &Position,
        last: Option<(usize, &Turn)>,
    ) -> Result<Vec<Warning>, Violation> {
        let mut warnings = Vec::new();
        let end_key = text.key("end");
        match (header.end, position.over) {
            (Some(End::Time), true) | (Some(End::CapturesImpossible), true) => {
                let said = if header.end == Some(End::Time) {
                    "time"
                } else {
                    "captures-impossible"
                };
                return Err(breach(
                    Breach::EndMismatch(format!(
                        "the header says `end: {said}`, but the game ended when only one side had pieces left (`one-side-left`)"
                    )),
                    end_key,
                ));
            }
            (Some(End::Adjudication), true) => {
                return Err(breach(
                    Breach::EndMismatch(
                        "the header says `end: adjudication`, but the game ended on the board when only one side had pieces left (`one-side-left`): a game won on the board cannot also be decided off it".into(),
                    ),
                    end_key,
                ));
            }
            // The referee's scores are the result: nothing to compare.
            (Some(End::Adjudication), false) => return Ok(warnings),
            (Some(End::OneSideLeft), false) => {
                return Err(breach(
                    Breach::EndMismatch(
                        "the header says `end: one-side-left`, but several sides still have pieces on the board".into(),
                    ),
                    end_key,
                ));
            }
            (Some(End::Time), false) => match last {
                None => {
                    return Err(breach(
                        Breach::TimeEnd("the record has no turn: a round is played to its end, Black's turn last".into()),
                        end_key,
                    ));
                }
                Some((index, last)) if !position.wrapped => {
                    return Err(breach(
                        Breach::TimeEnd(format!(
                            "the round is not finished: after {}'s turn, {} still had to play (the round ends with Black, or the last camp still playing)",
                            last.camp.value, position.to_move
                        )),
                        last.span,
                    )
                    .at_turn(Some(index)));
                }
                Some(_) => {}
            },
            (Some(End::CapturesImpossible), false) => {
                if position.any_capture() {
                    warnings.push(Warning::new(
                        &declared::CAPTURES_POSSIBLE,
                        "the header says captures became impossible, but a capture is available in the final position",
                        Some(end_key),
                    ));
                }
            }
            (Some(End::OneSideLeft), true) | (None, _) => {}
        }
        let claimed = header.claimed();
        if !claimed.is_empty() {
            let holdings = position.holdings();
            let points = |player: usize| {
                holdings
                    .iter()
                    .find(|h| h.player == player)
                    .map_or(0, |h| i64::from(h.points))
            };
            if claimed.iter().any(|&(p, v)| points(p) != v) {
                let say = |pairs: Vec<(usize, i64)>| {
                    pairs
                        .iter()
                        .map(|&(p, v)| format!("{} {v}", quote(&header.label(p))))
                        .collect::<Vec<_>>()
                        .join(", ")
                };
                let actual: Vec<(usize, i64)> =
                    claimed.iter().map(|&(p, _)| (p, points(p))).collect();
                let expected: Vec<String> = actual
                    .iter()
                    .map(|&(p, v)| format!("{}: {v}", header.label(p)))
                    .collect();
                return Err(Violation::new(
                    &crate::rules::RESULT_MISMATCH,
                    format!(
                        "the header claims {}, but the replay gives {}",
                        say(claimed),
                        say(actual)
                    ),
                    text.key("result"),
                )
                .expecting(expected));
            }
        }
        Ok(warnings)
    }

    fn summary(header: &Header, position: &Position, whole: bool) -> Summary {
        let end = header.end.filter(|_| whole);
        let adjudicated = end == Some(End::Adjudication) && !position.over;
        let finished = position.over
            || matches!(
                end,
                Some(End::Time) | Some(End::CapturesImpossible) | Some(End::Adjudication)
            );
        let holdings = position.holdings();
        let board = Superpion::board_points(&holdings);
        // After an adjudication the referee's points are the scores; the
        // board's stand beside them.
        let points = if adjudicated {
            header.adjudicated(&position.variant)
        } else {
            board.clone()
        };
        let reported = header.reported();
        let scores = Scores(points.iter().map(|&(p, v)| (reported(p), v)).collect());
        let winner = if finished {
            Superpion::winner(header, &reported, position, &points)
        } else {
            None
        };
        let how = if position.over {
            "one side left"
        } else {
            match end {
                Some(End::Time) => "time",
                Some(End::CapturesImpossible) => "captures impossible",
                Some(End::Adjudication) => "adjudication",
                _ => "",
            }
        };
        let description = if finished {
            let mut line = match &winner {
                Some(w) => format!("finished ({how}): {} wins", quote(w)),
                None => format!("finished ({how}): shared first place"),
            };
            if adjudicated {
                let say = |points: &[(usize, i64)]| {
                    points
                        .iter()
                        .map(|&(p, v)| format!("{} {v}", quote(&header.label(p))))
                        .collect::<Vec<_>>()
                        .join(", ")
                };
                line.push_str(&format!(
                    " (adjudicated {}; the board gives {})",
                    say(&points),
                    say(&board)
                ));
            }
            line
        } else {
            // The camp, and its player when the header names one, as
            // Simpei and Puluc name theirs: `2.B (blue, Alice) to play`.
            let camp = position.to_move;
            let who = match position.variant.player(camp).and_then(|p| header.name(p)) {
                Some(name) => format!("{camp}, {}", quote(name)),
                None => camp.to_string(),
            };
            format!(
                "unfinished, {}.{} ({who}) to play",
                position.round,
                camp.letter()
            )
        };
        let outcome = finished.then(|| {
            let beside = adjudicated.then_some(board.as_slice());
            Superpion::outcome(header, position, &points, beside, end)
        });
        Summary {
            finished,
            winner: winner.map(game::Word::Owned),
            to_move: (!finished).then(|| position.to_move.name().into()),
            scores: Some(scores),
            players: Superpion::players(header, &position.variant),
            outcome,
            description,
        }
    }

    fn table(header: &Header, position: &Position) -> Option<Table> {
        let variant = position.variant;
        let holdings = position.holdings();
        // After an adjudication, the referee's points beside the board's.
        let adjudicated = (header.end == Some(End::Adjudication) && !position.over)
            .then(|| header.adjudicated(&variant));
        let referee = |player: usize| {
            adjudicated
                .as_ref()
                .and_then(|a| a.iter().find(|&&(p, _)| p == player))
                .map_or(0, |&(_, v)| v)
        };
        let mut rows: Vec<Vec<String>> = holdings
            .iter()
            .map(|h| {
                let camps: Vec<&str> = h.camps.iter().map(|c| c.name()).collect();
                let mut row = vec![
                    header.label(h.player),
                    camps.join("+"),
                    h.own.to_string(),
                    h.other.to_string(),
                    if h.threshold { "yes" } else { "no" }.to_string(),
                    h.points.to_string(),
                ];
                if adjudicated.is_some() {
                    row.push(referee(h.player).to_string());
                }
                row
            })
            .collect();
        if variant.mode == Mode::Teams {
            for team in 0..2 {
                let members = || {
                    holdings
                        .iter()
                        .filter(move |h| variant.side(Camp::from_index(h.player)) == team)
                };
                let total: u32 = members().map(|h| h.points).sum();
                let mut row = vec![
                    format!("team {}", header.team_label(&variant, team)),
                    String::new(),
                    String::new(),
                    String::new(),
                    String::new(),
                    total.to_string(),
                ];
                if adjudicated.is_some() {
                    let total: i64 = members().map(|h| referee(h.player)).sum();
                    row.push(total.to_string());
                }
                rows.push(row);
            }
        }
        let mut titles: Vec<String> = [
            "player",
            "camps",
            "own pawns held",
            "other pawns held",
            "5+ others",
            "points",
        ]
        .map(String::from)
        .to_vec();
        if adjudicated.is_some() {
            titles.push("adjudicated".to_string());
        }
        Some(Table {
            header: titles,
            rows,
        })
    }

    fn record_header(start: &Position) -> String {
        let variant = start.variant;
        let mut out = format!("game: superpion\nmode: {}\n", variant.mode);
        if let Some(neutral) = variant.neutral {
            out.push_str(&format!("neutral: {neutral}\n"));
        }
        out
    }

    fn template() -> &'static str {
        include_str!("template.arb")
    }
}

impl Presentation for Superpion {
    /// `{to-move, pieces, piles}`: each camp's pieces (a Superpion with the
    /// pawn under it, `"i9=R"`), and each player's pile by colour letter,
    /// keyed by camp or, in the two-player modes, by `player1`/`player2`.
    type Setup = Setup;

    /// Each action, in the order played; `--` for a pass.
    fn parts(play: &Play) -> Vec<String> {
        if play.actions.is_empty() {
            return vec!["--".to_string()];
        }
        texts(&play.actions)
    }

    fn diagram(position: &Position) -> String {
        diagram::draw(position)
    }

    fn moves_notes(position: &Position) -> Vec<String> {
        if position.over {
            return vec!["The game is over: only one side has pieces left.".into()];
        }
        let captures = position.capture_actions();
        let Some(first) = captures.first() else {
            return Vec::new();
        };
        let mut notes = vec![format!(
            "Capture is mandatory for the first action: at most {}. Each capture takes:",
            crate::words::counted(first.taken(), "piece", "pieces")
        )];
        let mut seen = Vec::new();
        for a in &captures {
            let text = a.path_text();
            if seen.contains(&text) {
                continue;
            }
            let taken: Vec<String> = board::ranked(a.jumped)
                .into_iter()
                .map(|sq| {
                    let camp = position.camp_at(sq).map_or("?", |c| c.name());
                    if position.is_superpion(sq) {
                        format!("{sq} ({camp} Superpion)")
                    } else {
                        format!("{sq} ({camp} pawn)")
                    }
                })
                .collect();
            notes.push(format!("  {text}: {}", taken.join(", ")));
            seen.push(text);
        }
        notes
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_setup_written_reads_back_as_its_position() {
        crate::game::assert_setups_read_back::<Superpion>(None, 8);
        crate::game::assert_setups_read_back::<Superpion>(Some("two-players"), 8);
        crate::game::assert_setups_read_back::<Superpion>(Some("three-players:red"), 8);
        crate::game::assert_setups_read_back::<Superpion>(Some("teams"), 8);
        crate::game::assert_setups_read_back::<Superpion>(Some("two-super-players"), 8);
    }
}
