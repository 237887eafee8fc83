//! A record file's game: its name, header, start and end checks.

use serde::de::DeserializeOwned;

use super::{Notation, Summary, Table, Violation, Warning};
use crate::record::header::TournamentKeys;
use crate::record::{HeaderError, HeaderText, Switches};
use crate::rng::Rng;
use crate::switches::HouseSwitch;

/// A record file's game: its `game:` name, header, and the checks made
/// around the turns.
pub trait RecordFormat: Notation {
    /// The `game:` value.
    const NAME: &'static str;
    /// The game's name as a title, for help texts: `Simpei`.
    const TITLE: &'static str;
    /// A line of movetext showing the notation at a glance, for help texts.
    const EXAMPLE: &'static str;
    /// The deepest perft `arbitre perft` counts: the deepest that finishes
    /// within a minute on one core (BENCHMARKS.md); each turn deeper
    /// multiplies the work (by 10 to 50), so the next one takes minutes to
    /// hours, and a depth of 100 would never end.
    const DEEPEST_PERFT: u32;
    /// House-rule switches the game understands.
    const SWITCHES: &'static [HouseSwitch] = &[];
    /// Every rule the game reports, declared in its folder.
    const RULES: &'static [crate::rules::Rule];
    /// The game's own header keys as an editor offers and explains them
    /// (`arbitre lsp`); the tournament keys every game shares are
    /// `record::header::TOURNAMENT_KEY_DOCS`.
    const HEADER_KEYS: &'static [crate::record::header::KeyDoc] = &[];

    /// The header, deserialised with unknown keys denied; its tournament
    /// keys are every game's (`record::header::tournament_keys!`).
    type Header: DeserializeOwned + TournamentKeys;

    /// The position the record starts from (its `setup`, or the initial
    /// one): the one checked way in. Required: the header's keys besides
    /// `setup` (a mode, a track length, players) are the game's.
    fn start(
        header: &Self::Header,
        text: &HeaderText<'_>,
        switches: &Switches,
    ) -> Result<Self::Position, HeaderError>;

    /// Checks once every turn is played: `end`, `result`, and the like.
    /// `last` is the record's last turn with its index, when it has one:
    /// all a verdict on the whole game needs of the turns. Required: how a
    /// game ends, and what a header may claim of it, is the game's.
    fn conclude(
        header: &Self::Header,
        text: &HeaderText<'_>,
        position: &Self::Position,
        last: Option<(usize, &Self::Turn)>,
    ) -> Result<Vec<Warning>, Violation>;

    /// Where the record stands after the replayed turns, for the reports.
    /// `whole` when the replay went through every turn and found nothing
    /// wrong: only then does the header's `end` say how the game ended,
    /// as the replay stopped short of it otherwise. Required: who wins and
    /// by what is the game's (two-player games share `duel::summary`).
    fn summary(header: &Self::Header, position: &Self::Position, whole: bool) -> Summary;

    /// The detailed score table `arbitre score` prints; apart from the
    /// summary because no other report needs it.
    fn table(_header: &Self::Header, _position: &Self::Position) -> Option<Table> {
        None
    }

    /// Header lines (without `---`) for a record generated from `start`:
    /// by default the `game` alone, for a game whose start is always the
    /// same.
    fn record_header(_start: &Self::Position) -> String {
        format!("game: {}\n", Self::NAME)
    }

    /// A commented record to start from (`arbitre new`): the game's
    /// `template.arb`, which the conformance suite replays.
    fn template() -> &'static str;
}

/// A random legal game as a record.
pub fn random_record<G: RecordFormat>(
    mode: Option<&str>,
    seed: u64,
    max_turns: usize,
) -> Result<String, String> {
    let start = G::initial(mode)?;
    let plays = super::random_plays::<G>(&start, &mut Rng::new(seed), max_turns);
    Ok(format!(
        "---\n{}---\n{}",
        G::record_header(&start),
        G::movetext(&start, &plays)
    ))
}
