//! A record read as a game's typed values (its header, the position it
//! starts from, its turns), and why a record cannot be read so.

use std::borrow::Cow;

use super::RecordFormat;
use crate::finding::{finding, Finding};
use crate::record::movetext::{SyntaxError, Tokens};
use crate::record::{self, FramingError, HeaderError, RawRecord, Switches};
use crate::rules::{self, Rule};
use crate::span::Span;
use crate::text::cut_quotes;

/// Why a record could not be replayed at all.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Malformed {
    /// `header`, `setup` or `syntax`, as the registry declares them.
    pub rule: &'static Rule,
    /// What is wrong, in one sentence.
    pub message: String,
    /// Where, in the record's text.
    pub span: Span,
    /// How to mend it, when that can be said.
    pub help: Option<String>,
}

impl Finding for Malformed {
    fn rule(&self) -> &str {
        self.rule.id
    }
    fn message(&self) -> Cow<'_, str> {
        Cow::Borrowed(&self.message)
    }
    /// An offset in the record's own text.
    fn place(&self) -> Option<(usize, usize)> {
        Some((self.span.offset, self.span.len))
    }
    fn help(&self) -> Option<String> {
        self.help.clone()
    }
}

finding!(Malformed);

impl From<HeaderError> for Malformed {
    /// The message with long quotes of header values cut: the games quote
    /// keys and values as written, and the header size alone bounds them.
    fn from(err: HeaderError) -> Self {
        Malformed {
            rule: err.part.rule(),
            message: cut_quotes(&err.message).into_owned(),
            span: err.span,
            help: err.help,
        }
    }
}

impl From<FramingError> for Malformed {
    fn from(err: FramingError) -> Self {
        Malformed {
            rule: &rules::HEADER,
            message: err.message,
            span: err.span,
            help: Some(err.help),
        }
    }
}

impl From<SyntaxError> for Malformed {
    fn from(err: SyntaxError) -> Self {
        Malformed {
            rule: &rules::SYNTAX,
            message: err.message,
            span: err.span,
            help: err.help,
        }
    }
}

/// A record parsed and set up as a game of type `G`, ready to be replayed
/// to any point: the typed view of a record, for programs.
pub struct Opened<G: RecordFormat> {
    /// The header, as the game reads it.
    pub header: G::Header,
    /// The position the record starts from (its `setup`, or the initial one).
    pub start: G::Position,
    /// The turns as written, notation resolved, legality not yet known.
    pub turns: Vec<G::Turn>,
}

/// Open the first record of `text` as a game of type `G`; a record that
/// cannot be read as one is malformed.
pub fn open<G: RecordFormat>(text: &str, switches: &Switches) -> Result<Opened<G>, Malformed> {
    load::<G>(&record::first(text)?, switches)
}

/// The header and the position the record starts from, read in file
/// order: the header and its setup come before the movetext.
pub(crate) fn set_up<G: RecordFormat>(
    record: &RawRecord<'_>,
    switches: &Switches,
) -> Result<(G::Header, G::Position), Malformed> {
    record.header.check_limits(&record.limits)?;
    let header: G::Header = record.header.deserialize()?;
    let start = G::start(&header, &record.header, switches)?;
    Ok((header, start))
}

/// The record's movetext as tokens, read one at a time.
pub(crate) fn tokens_of<'a>(record: &RawRecord<'a>) -> Tokens<'a> {
    Tokens::within(
        record.movetext,
        record.movetext_offset,
        record.limits.token_bytes,
    )
}

/// The whole record as typed values, every turn kept: for programs only,
/// as the commands replay a turn at a time.
fn load<G: RecordFormat>(
    record: &RawRecord<'_>,
    switches: &Switches,
) -> Result<Opened<G>, Malformed> {
    let (header, start) = set_up::<G>(record, switches)?;
    let mut turns = Vec::new();
    G::parse_each(tokens_of(record), |turn| turns.push(turn))?;
    Ok(Opened {
        header,
        start,
        turns,
    })
}

/// Tests of a game's setup: every position of random games where the game
/// goes on, written as a `setup`
/// ([`Presentation::setup`](super::Presentation::setup)) and read back by
/// the header, writes the same setup and has the same legal turns; read
/// as the game's [`Presentation::Setup`](super::Presentation::Setup)
/// alone, it writes itself again. (A
/// setup holds no more: not Superpion's round, nor a win already made,
/// which a record's header tells apart.)
#[cfg(test)]
pub(crate) fn assert_setups_read_back<G: super::RecordFormat + super::Presentation>(
    mode: Option<&str>,
    games: u64,
) {
    use super::random_plays;
    let start = G::initial(mode).unwrap_or_else(|e| panic!("{e}"));
    for seed in 0..games {
        let plays = random_plays::<G>(&start, &mut crate::rng::Rng::new(seed), 60);
        let mut position = start.clone();
        for play in std::iter::once(None).chain(plays.iter().map(Some)) {
            if let Some(play) = play {
                G::apply(&mut position, play);
            }
            if !G::has_legal(&position) {
                break;
            }
            let setup = G::setup(&position);
            // The one setup type reads back what it writes, as a value.
            let typed: G::Setup =
                serde_json::from_value(setup.clone()).unwrap_or_else(|e| panic!("{setup}: {e}"));
            assert_eq!(serde_json::to_value(typed).ok(), Some(setup.clone()));
            let text = format!("---\n{}setup: {setup}\n---\n", G::record_header(&start));
            let read = open::<G>(&text, &Switches::default())
                .unwrap_or_else(|e| panic!("{text}: {} ({})", e.message, e.rule))
                .start;
            assert_eq!(G::setup(&read), setup, "{text}");
            assert_eq!(G::legal(&read), G::legal(&position), "{text}");
        }
    }
}
