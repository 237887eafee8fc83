//! A game with its type erased, for the commands and the registry.

use std::marker::PhantomData;

use super::check::replay;
use super::frame;
use super::{stop, stops, table, verdict_of, Checked, Stop, StopError};
use super::{Candidate, RepairOptions, Tried};
use crate::at::At;
use crate::game::{
    self, parse_turn, random_record, tokens_of, CanonicalTurn, Malformed, RecordFormat, Table,
    Violation,
};
use crate::picture::Game;
use crate::reader::Record;
use crate::record::header::KeyDoc;
use crate::record::Switches;
use crate::rules::Rule;
use crate::span::Span;
use crate::switches::HouseSwitch;

/// A game with its type erased, for the commands.
pub trait AnyGame: Sync {
    /// The `game:` value.
    fn name(&self) -> &'static str;
    /// House-rule switches the game understands.
    fn switches(&self) -> &'static [HouseSwitch];
    /// Every rule the game reports ([`rules::all`](crate::rules::Rule::all) adds
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
    /// game ([`stop`](crate::dispatch::stop) picks the game by the header).
    fn stop(&self, record: &Record, switches: &Switches, at: &At) -> Result<Stop, StopError>;
    /// Every position of the record in one replay: see [`crate::dispatch::stops`].
    fn stops(
        &self,
        record: &Record,
        switches: &Switches,
        from: usize,
        each: &mut dyn FnMut(Stop),
    ) -> Result<Stop, StopError>;
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
    /// The modes besides the default ([`Mechanics::MODES`](crate::Mechanics::MODES)).
    fn modes(&self) -> &'static [&'static str];
    /// The game's own header keys, as an editor offers and explains them
    /// ([`RecordFormat::HEADER_KEYS`]).
    fn header_keys(&self) -> &'static [KeyDoc];
    /// Whether `mode` seats two players
    /// ([`Mechanics::two_player`](crate::Mechanics::two_player)).
    fn two_player(&self, mode: Option<&str>) -> bool;
    /// The legal turns where the replay of a record stops (after its last
    /// turn, or before its first illegal one): the first `n` in the order
    /// of [`Mechanics::legal`](crate::Mechanics::legal), each as the
    /// canonical movetext writes it there, and how many there are in all.
    fn legal_turns(
        &self,
        record: &Record,
        switches: &Switches,
        n: usize,
    ) -> Result<(Vec<CanonicalTurn>, usize), Malformed>;
    /// The legal turn that `turn`, one turn written alone, denotes where
    /// the replay of a record stops, written canonically; or the rule it
    /// breaks there.
    fn resolve(
        &self,
        record: &Record,
        switches: &Switches,
        turn: &str,
    ) -> Result<Result<CanonicalTurn, Violation>, Malformed>;
    /// Whether the replays of two records stop at the same position, as
    /// the game compares positions: what the checks that hold of every
    /// game (`tests/conformance.rs`) need of a position they cannot see.
    fn same_position(&self, a: &Record, b: &Record, switches: &Switches)
        -> Result<bool, Malformed>;
    /// Where each written turn of a record stands in its text, move number
    /// included, to the end or to the token the notation refuses: what an
    /// editor points at, and what a corpus of slips is made from.
    fn turn_spans(&self, record: &Record) -> Result<Vec<Span>, Malformed>;
    /// The likeliest records an illegal one was meant to be, the record
    /// read as this game ([`repair`](crate::repair::repair) picks the game
    /// by the header), and what the search did.
    fn repair(
        &self,
        record: &Record,
        switches: &Switches,
        options: &RepairOptions,
    ) -> Result<(Vec<Candidate>, Tried), Malformed>;
}

/// The position where the replay of a record stops (after its last turn,
/// or as its first illegal turn left it), and the turns played to reach it.
fn replayed_to<G: RecordFormat>(
    record: &Record,
    switches: &Switches,
) -> Result<(G::Position, usize), Malformed> {
    let (_, (replay, _)) = replay::<G>(&frame(record)?, switches)?;
    Ok((replay.position, replay.played))
}

/// Game `G` seen as an [`AnyGame`]: what the registry lists.
pub struct Erased<G>(PhantomData<fn() -> G>);

impl<G> Erased<G> {
    /// `G` erased; a constant, so that the registry is a static list.
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
            Ok(raw) => verdict_of::<G>(&raw, switches),
            Err(malformed) => Checked::malformed(Some(G::NAME), malformed),
        }
    }
    fn stop(&self, record: &Record, switches: &Switches, at: &At) -> Result<Stop, StopError> {
        let malformed =
            |malformed| StopError::Record(Box::new(Checked::malformed(Some(G::NAME), malformed)));
        stop::<G>(&frame(record).map_err(malformed)?, switches, at)
    }
    fn stops(
        &self,
        record: &Record,
        switches: &Switches,
        from: usize,
        each: &mut dyn FnMut(Stop),
    ) -> Result<Stop, StopError> {
        let malformed =
            |malformed| StopError::Record(Box::new(Checked::malformed(Some(G::NAME), malformed)));
        stops::<G>(&frame(record).map_err(malformed)?, switches, from, each)
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
        super::canonical_movetext::<G>(&frame(record)?, switches)
    }
    fn modes(&self) -> &'static [&'static str] {
        G::MODES
    }
    fn header_keys(&self) -> &'static [KeyDoc] {
        G::HEADER_KEYS
    }
    fn two_player(&self, mode: Option<&str>) -> bool {
        G::two_player(mode)
    }
    fn legal_turns(
        &self,
        record: &Record,
        switches: &Switches,
        n: usize,
    ) -> Result<(Vec<CanonicalTurn>, usize), Malformed> {
        let (position, index) = replayed_to::<G>(record, switches)?;
        let (plays, total) = G::legal_first(&position, n);
        let written = plays
            .iter()
            .map(|play| G::canonical(&position, play, index))
            .collect();
        Ok((written, total))
    }
    fn resolve(
        &self,
        record: &Record,
        switches: &Switches,
        turn: &str,
    ) -> Result<Result<CanonicalTurn, Violation>, Malformed> {
        let (position, index) = replayed_to::<G>(record, switches)?;
        let turn = parse_turn::<G>(turn)?;
        Ok(G::resolve(&position, &turn, index).map(|play| G::canonical(&position, &play, index)))
    }
    fn same_position(
        &self,
        a: &Record,
        b: &Record,
        switches: &Switches,
    ) -> Result<bool, Malformed> {
        Ok(replayed_to::<G>(a, switches)?.0 == replayed_to::<G>(b, switches)?.0)
    }
    fn turn_spans(&self, record: &Record) -> Result<Vec<Span>, Malformed> {
        let raw = frame(record)?;
        let mut spans = Vec::new();
        let parsed = G::parse_each(tokens_of(&raw), |turn| spans.push(G::turn_span(&turn)));
        match parsed {
            Ok(()) => Ok(spans),
            Err(_) if !spans.is_empty() => Ok(spans),
            Err(err) => Err(err.into()),
        }
    }
    fn repair(
        &self,
        record: &Record,
        switches: &Switches,
        options: &RepairOptions,
    ) -> Result<(Vec<Candidate>, Tried), Malformed> {
        super::repair::search::<G>(&record.text, &frame(record)?, switches, options)
    }
}
