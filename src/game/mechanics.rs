//! Positions and legal turns, and what needs nothing more: perft, random
//! games, the legal turn a position reached denotes.

use std::fmt;

use super::Violation;
use crate::rng::Rng;
use crate::span::Span;

/// Positions and legal turns: everything the rules decide, nothing about
/// text records. [`perft`] and [`random_plays`] need only this.
pub trait Mechanics: 'static {
    /// Compared to tell turns apart by where they lead ([`denoted`]), and
    /// by the tests of [`Notation::play`](super::Notation::play)'s all-or-nothing contract.
    type Position: Clone + PartialEq + fmt::Debug + Send + Sync + 'static;
    /// A legal turn, displayed in canonical notation.
    type Play: Clone + PartialEq + fmt::Debug + fmt::Display + Send + Sync + 'static;

    /// The chance of each throw value with fair sticks or dice, for games
    /// played with them (`arbitre stats`); empty for games without throws.
    const FAIR_THROWS: &'static [(u32, f64)] = &[];

    /// The modes [`Mechanics::initial`] takes besides the default (`None`),
    /// as `--mode` and the header's `mode` write them; empty for a game
    /// without modes. The checks that hold of every game play each one.
    const MODES: &'static [&'static str] = &[];

    /// Whether `mode` (`None`: the default) seats two players, one against
    /// the other: how an event's standings rank its games. A game without
    /// modes is a duel.
    fn two_player(_mode: Option<&str>) -> bool {
        true
    }

    /// The initial position of a mode (`None`: the default). Required:
    /// only the game knows its board at the start.
    fn initial(mode: Option<&str>) -> Result<Self::Position, String>;

    /// Every legal turn; empty once the game is over. Required: the rules
    /// themselves, from which perft, random games and the defaults below
    /// follow.
    fn legal(position: &Self::Position) -> Vec<Self::Play>;

    /// The first `n` turns of [`Mechanics::legal`], in its order, and how many
    /// it gives in all. Games whose turns multiply (a choice for each of
    /// several pieces) count them without building the list.
    fn legal_first(position: &Self::Position, n: usize) -> (Vec<Self::Play>, usize) {
        let mut plays = Self::legal(position);
        let total = plays.len();
        plays.truncate(n);
        (plays, total)
    }

    /// Whether any turn is legal: whether the game goes on.
    fn has_legal(position: &Self::Position) -> bool {
        !Self::legal(position).is_empty()
    }

    /// Play a legal turn; `play` is the way to play a written one.
    /// Required: what a turn changes is the game's own.
    fn apply(position: &mut Self::Position, play: &Self::Play);

    /// The work this thread's rules have done so far beyond a turn played
    /// or listed: the states of a Superpion capture search, which a crowded
    /// board counts in the hundreds of thousands for one turn. A search that
    /// plays turns by the thousand (a repair) counts it against its budget,
    /// so that its work is bounded on any board, the same on every machine.
    fn work() -> u64 {
        0
    }

    /// One random legal turn; games with dice override this.
    fn random_play(position: &Self::Position, rng: &mut Rng) -> Option<Self::Play> {
        let plays = Self::legal(position);
        if plays.is_empty() {
            None
        } else {
            Some(plays[rng.below(plays.len())].clone())
        }
    }
}

/// The first of `candidates` that leads from `position` to `after`. None
/// doing so would be a referee bug (a turn `play` accepts but the rules do
/// not list), reported rather than panicked on.
pub fn denoted<R: Mechanics + ?Sized>(
    position: &R::Position,
    after: &R::Position,
    candidates: impl IntoIterator<Item = R::Play>,
) -> Result<R::Play, Violation> {
    candidates
        .into_iter()
        .find(|play| {
            let mut next = position.clone();
            R::apply(&mut next, play);
            next == *after
        })
        .ok_or_else(|| {
            Violation::new(
                &crate::rules::UNMATCHED_TURN,
                "the turn is accepted, but no legal turn leads to the same position",
                Span::default(),
            )
        })
}

/// perft: distinct legal turn sequences of `depth` turns.
pub fn perft<R: Mechanics>(position: &R::Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let plays = R::legal(position);
    if depth == 1 {
        return plays.len() as u64;
    }
    plays
        .iter()
        .map(|play| {
            let mut next = position.clone();
            R::apply(&mut next, play);
            perft::<R>(&next, depth - 1)
        })
        .sum()
}

/// Up to `max_turns` random legal turns from `start`, stopping when the game
/// is over.
pub fn random_plays<R: Mechanics>(
    start: &R::Position,
    rng: &mut Rng,
    max_turns: usize,
) -> Vec<R::Play> {
    let mut position = start.clone();
    let mut plays = Vec::new();
    while plays.len() < max_turns {
        let Some(play) = R::random_play(&position, rng) else {
            break;
        };
        R::apply(&mut position, &play);
        plays.push(play);
    }
    plays
}
