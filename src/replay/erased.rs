//! A game with its type erased, for the commands and the registry.

use std::marker::PhantomData;

use super::{check, stop, table, Checked, Stop, StopError};
use crate::at::At;
use crate::game::{self, random_record, Game, Malformed, Table};
use crate::reader::Record;
use crate::record::Switches;
use crate::rules::Rule;
use crate::source::frame;
use crate::switches::HouseSwitch;

/// A game with its type erased, for the commands.
pub trait AnyGame: Sync {
    /// The `game:` value.
    fn name(&self) -> &'static str;
    /// House-rule switches the game understands.
    fn switches(&self) -> &'static [HouseSwitch];
    /// Every rule the game reports ([`rules::all`](crate::rules::all) adds
    /// the shared ones).
    fn rules(&self) -> &'static [Rule];
    /// The game's name as a title: `Simpei`.
    fn title(&self) -> &'static str;
    /// A line of its notation, for help texts.
    fn example(&self) -> &'static str;
    /// Check one record completely, as this game whatever its header's
    /// `game` says ([`check`](crate::check) picks the game by the header).
    fn check(&self, record: &Record, switches: &Switches) -> Checked;
    /// The position at `at`, with the legal turns, the record read as this
    /// game ([`stop`](crate::stop) picks the game by the header).
    fn stop(&self, record: &Record, switches: &Switches, at: &At) -> Result<Stop, StopError>;
    /// A random legal game as a record, reproducible by its seed.
    fn random(&self, mode: Option<&str>, seed: u64, max_turns: usize) -> Result<String, String>;
    /// perft from the initial position of `mode`, refused past
    /// `deepest_perft`.
    fn perft(&self, mode: Option<&str>, depth: u32) -> Result<u64, String>;
    /// The deepest perft the game counts.
    fn deepest_perft(&self) -> u32;
    /// A commented record to start from (`arbitre new`).
    fn template(&self) -> &'static str;
    /// The score table where the replay of a record stops, the record
    /// read as this game; `None` for a malformed record.
    fn table(&self, record: &Record, switches: &Switches) -> Option<Table>;
    /// The movetext of a legal record in canonical form (`arbitre fmt`),
    /// the record read as this game, or why it cannot be written so.
    fn canonical(&self, record: &Record, switches: &Switches) -> Result<String, Malformed>;
}

pub struct Erased<G>(PhantomData<fn() -> G>);

impl<G> Erased<G> {
    pub const fn new() -> Self {
        Erased(PhantomData)
    }
}

impl<G> Default for Erased<G> {
    fn default() -> Self {
        Self::new()
    }
}

impl<G: Game> AnyGame for Erased<G> {
    fn name(&self) -> &'static str {
        G::NAME
    }
    fn switches(&self) -> &'static [HouseSwitch] {
        G::SWITCHES
    }
    fn rules(&self) -> &'static [Rule] {
        G::RULES
    }
    fn title(&self) -> &'static str {
        G::TITLE
    }
    fn example(&self) -> &'static str {
        G::EXAMPLE
    }
    fn check(&self, record: &Record, switches: &Switches) -> Checked {
        match frame(record) {
            Ok(raw) => check::<G>(&raw, switches),
            Err(malformed) => Checked::malformed(Some(G::NAME), malformed),
        }
    }
    fn stop(&self, record: &Record, switches: &Switches, at: &At) -> Result<Stop, StopError> {
        let malformed =
            |malformed| StopError::Record(Box::new(Checked::malformed(Some(G::NAME), malformed)));
        stop::<G>(&frame(record).map_err(malformed)?, switches, at)
    }
    fn random(&self, mode: Option<&str>, seed: u64, max_turns: usize) -> Result<String, String> {
        random_record::<G>(mode, seed, max_turns)
    }
    fn perft(&self, mode: Option<&str>, depth: u32) -> Result<u64, String> {
        let deepest = G::DEEPEST_PERFT;
        if depth > deepest {
            return Err(format!(
                "perft of depth {depth} cannot finish in reasonable time: the work multiplies \
                 with every turn, and {}'s depth {} already takes more than a minute; the \
                 deepest arbitre counts is {deepest}",
                G::TITLE,
                deepest + 1
            ));
        }
        Ok(game::perft::<G>(&G::initial(mode)?, depth))
    }
    fn deepest_perft(&self) -> u32 {
        G::DEEPEST_PERFT
    }
    fn template(&self) -> &'static str {
        G::template()
    }
    fn table(&self, record: &Record, switches: &Switches) -> Option<Table> {
        table::<G>(&frame(record).ok()?, switches)
    }
    fn canonical(&self, record: &Record, switches: &Switches) -> Result<String, Malformed> {
        crate::format::canonical_movetext::<G>(&frame(record)?, switches)
    }
}
