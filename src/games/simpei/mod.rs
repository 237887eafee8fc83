//! Simpei: three in a row on two interlocking worlds (`simpei.md`).
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
pub mod solve;

/// A turn label read back (`--turn 3...`), and its move number.
pub use super::duel::{Label, MoveNumber};
pub use board::{Colour, Point, World};
pub use header::{End, Header, Players, Setup};
pub use legality::WON_BY;
pub use notation::{Square, Turn, Written};
pub use position::{Action, Play, Position};

use crate::game::{
    self, CanonicalTurn, Mechanics, Notation, Presentation, RecordFormat, Summary, Table,
    Violation, Warning,
};
use crate::games::duel::{self, DuelHeader as _};
use crate::record::header::KeyDoc;
use crate::record::movetext::{SyntaxError, TokenSource};
use crate::record::{HeaderError, HeaderText, Switches};
use crate::rules::Rule;
use crate::span::Span;

/// Simpei, the [`Game`](crate::Game): three in a row on two interlocking
/// worlds.
pub struct Simpei;

impl Mechanics for Simpei {
    type Position = Position;
    type Play = Play;

    fn legal(position: &Position) -> Vec<Play> {
        Self::legal_first(position, usize::MAX).0
    }

    /// The relocations multiply (143,640 turns for one move that sandwiches
    /// four pieces): they are counted, and only the first `n` built.
    fn legal_first(position: &Position, n: usize) -> (Vec<Play>, usize) {
        moves::legal_first(position, n)
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
            ..turn.clone()
        }
    }

    fn turn_span(turn: &Turn) -> Span {
        turn.span()
    }

    fn canonical(position: &Position, play: &Play, index: usize) -> CanonicalTurn {
        duel::canonical(position.opener, play, index)
    }

    type Label = duel::Label<Colour>;
}

impl RecordFormat for Simpei {
    const NAME: &'static str = "simpei";
    const TITLE: &'static str = "Simpei";
    const EXAMPLE: &'static str = "1. c5 f4   2. f2 b2   3. f6 f4>g5 e7";
    /// Depth 6: 14 s; depth 7 runs past a minute.
    const DEEPEST_PERFT: u32 = 6;
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
        if let (Some(end @ (End::Draw | End::Abandoned)), Some(winner)) =
            (header.end, position.winner)
        {
            let end = if end == End::Draw {
                "draw"
            } else {
                "abandoned"
            };
            return Err(Violation::new(
                &declared::END_MISMATCH,
                format!("the header says the game ended by `{end}`, but {winner} won by alignment"),
                text.key("end"),
            ));
        }
        duel::conclude(
            header,
            text,
            position.winner,
            &declared::END_MISMATCH,
            "by alignment",
        )
    }

    fn summary(header: &Header, position: &Position, whole: bool) -> Summary {
        duel::summary(
            header,
            position.winner,
            position.to_move,
            "act",
            WON_BY,
            whole,
        )
    }

    fn table(header: &Header, position: &Position) -> Option<Table> {
        Some(duel::table(
            header,
            header.winner(position.winner),
            "colour",
            &["on board", "in hand"],
            |c| {
                vec![
                    position.pieces[c.index()].count_ones().to_string(),
                    position.hand[c.index()].to_string(),
                ]
            },
        ))
    }

    fn template() -> &'static str {
        include_str!("template.arb")
    }
}

impl Presentation for Simpei {
    /// `{red: [points], blue: [points], to-move}`: the pieces in hand are
    /// the rest.
    type Setup = Setup;

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
        moves::legal_groups(position)
    }

    fn diagram(position: &Position) -> String {
        diagram::diagram(position)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn movetext_pairs_turns_under_their_numbers() {
        let start = Simpei::initial(None).unwrap_or_else(|e| panic!("{e}"));
        let mut position = start.clone();
        let mut three = Vec::new();
        for _ in 0..3 {
            let play = Simpei::legal(&position).remove(0);
            Simpei::apply(&mut position, &play);
            three.push(play);
        }
        let [a, b, c] = [&three[0], &three[1], &three[2]];
        assert_eq!(
            Simpei::movetext(&start, &three),
            format!("1. {a} {b}\n2. {c}\n")
        );
        assert_eq!(Simpei::movetext(&start, &[]), "");
        // A record that Blue opens numbers its first turn `1...`.
        let mut blue = start;
        blue.to_move = Colour::Blue;
        blue.opener = Colour::Blue;
        let first = Simpei::legal(&blue).remove(0);
        let mut after = blue.clone();
        Simpei::apply(&mut after, &first);
        let second = Simpei::legal(&after).remove(0);
        assert_eq!(
            Simpei::movetext(&blue, &[first.clone(), second.clone()]),
            format!("1... {first}\n2. {second}\n")
        );
    }

    #[test]
    fn a_setup_written_reads_back_as_its_position() {
        crate::game::assert_setups_read_back::<Simpei>(None, 8);
    }
}
