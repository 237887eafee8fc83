//! Puluc: a race with captures along a track of squares, driven by four
//! throwing sticks (`puluc.md`).
//!
//! The folder's layout is the one every game has (`src/games/README.md`).

mod board;
mod declared;
mod diagram;
mod header;
mod legality;
mod moves;
mod notation;
mod picture;
mod position;

/// A turn label read back (`--turn 3...`), and its move number.
pub use super::duel::{Label, MoveNumber};
pub use board::{Origin, Side, Stack, PAWNS};
pub use header::{Counts, End, Header, Players, Setup, SquareKey};
pub use legality::{throw_sticks, WON_BY};
pub use notation::{Number, Source, Turn, Written};
pub use position::{Action, Play, Position};

use crate::game::{
    CanonicalTurn, Mechanics, Notation, Presentation, RecordFormat, Summary, Table, Violation,
    Warning,
};
use crate::games::duel::{self, DuelHeader as _};
use crate::record::header::KeyDoc;
use crate::record::movetext::{SyntaxError, TokenSource};
use crate::record::{HeaderError, HeaderText, Switches};
use crate::rng::Rng;
use crate::rules::Rule;
use crate::span::Span;

use board::{DEFAULT_SQUARES, THROWS};
use legality::FAIR;

/// Puluc, the [`Game`](crate::Game): a race with captures along a track,
/// driven by four throwing sticks.
pub struct Puluc;

impl Mechanics for Puluc {
    type Position = Position;
    type Play = Play;

    const FAIR_THROWS: &'static [(u32, f64)] = &FAIR;

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

    fn parse_lent<'a>(
        tokens: impl TokenSource<'a>,
        each: impl FnMut(&Turn, bool),
    ) -> Result<Option<Turn>, SyntaxError> {
        notation::parse_lent(tokens, each)
    }

    fn play(position: &mut Position, turn: &Turn, index: usize) -> Result<Vec<Warning>, Violation> {
        legality::play(position, turn, index)
    }

    /// Several legal turns lead to one position: `legality::resolve` says
    /// which one a written turn denotes.
    fn resolve(position: &Position, turn: &Turn, index: usize) -> Result<Play, Violation> {
        legality::resolve::<Self>(position, turn, index)
    }

    fn unplaced(turn: &Turn) -> Turn {
        Turn {
            number: None,
            ..*turn
        }
    }

    fn turn_span(turn: &Turn) -> Span {
        turn.whole()
    }

    fn canonical(position: &Position, play: &Play, index: usize) -> CanonicalTurn {
        duel::canonical(position.opener, play, index)
    }

    type Label = duel::Label<Side>;

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
        duel::conclude(
            header,
            text,
            position.winner,
            &declared::END_MISMATCH,
            "by killing all four opposing pawns",
        )
    }

    fn summary(header: &Header, position: &Position, whole: bool) -> Summary {
        duel::summary(
            header,
            position.winner,
            position.to_move,
            "throw",
            WON_BY,
            whole,
        )
    }

    fn table(header: &Header, position: &Position) -> Option<Table> {
        Some(duel::table(
            header,
            header.winner(position.winner),
            "side",
            &["at start", "on track", "killed", "stacks (bottom to top)"],
            |side| {
                vec![
                    position.start[side.index()].to_string(),
                    position.on_track(side).to_string(),
                    position.killed[side.index()].to_string(),
                    position.squares_of(side),
                ]
            },
        ))
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
    type Setup = Setup;

    /// The throw, then the move: `["3", "4-7"]`, `["2", "-"]` for a pass.
    fn parts(play: &Play) -> Vec<String> {
        let text = play.to_string();
        match text.split_once(':') {
            Some((throw, action)) => vec![throw.to_string(), action.to_string()],
            None => vec![text],
        }
    }

    fn diagram(position: &Position) -> String {
        diagram::diagram(position)
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

    #[test]
    fn a_setup_written_reads_back_as_its_position() {
        crate::game::assert_setups_read_back::<Puluc>(None, 8);
    }

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
