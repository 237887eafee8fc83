//! The traits through which a game plugs into the shared machinery, one per
//! role, and the vocabulary the games answer in.

use std::any::Any;
use std::borrow::Cow;
use std::fmt;
use std::sync::Arc;

use serde::de::DeserializeOwned;
use serde::ser::{Serialize, SerializeMap, Serializer};

use crate::finding::{finding, Finding};
use crate::record::movetext::{SyntaxError, Token};
use crate::record::{HeaderError, HeaderText, Switches};
use crate::rng::Rng;
use crate::span::Span;

/// A rule broken by a turn as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Violation {
    /// The spec's rule id, e.g. `simpei/occupied` or `result-mismatch`.
    pub rule: &'static str,
    /// Why, in one sentence a referee would say.
    pub message: String,
    /// The action (or header key) that breaks it, in the record's text.
    pub span: Span,
    /// Set by the replay engine for turns; by the game in `conclude`.
    pub turn_index: Option<usize>,
    /// What was legal instead. `None` lets the engine list the legal turns.
    pub expected: Option<Alternatives>,
}

impl Violation {
    /// A violation of `rule` at `span`; the engine lists the legal turns.
    pub fn new(rule: &'static str, message: impl Into<String>, span: Span) -> Self {
        Violation {
            rule,
            message: message.into(),
            span,
            turn_index: None,
            expected: None,
        }
    }

    /// What was legal instead, when it is not the legal turns of the position.
    pub fn expecting<P: fmt::Display + Send + Sync + 'static>(mut self, expected: Vec<P>) -> Self {
        self.expected = Some(Alternatives::new(expected));
        self
    }

    /// The turn it happened in (0-based).
    pub fn at_turn(mut self, index: Option<usize>) -> Self {
        self.turn_index = index;
        self
    }
}

impl Finding for Violation {
    fn rule(&self) -> &str {
        self.rule
    }
    fn message(&self) -> Cow<'_, str> {
        Cow::Borrowed(&self.message)
    }
    /// An offset in the record's own text: attach that text as the source
    /// code to draw it.
    fn place(&self) -> Option<(usize, usize)> {
        Some((self.span.offset, self.span.len))
    }
    fn help(&self) -> Option<String> {
        let expected = self.expected.as_ref()?;
        Some(format!(
            "legal here: {}",
            listing(expected.iter(), expected.len())
        ))
    }
}

/// At most this many alternatives are named in a message or a report, so
/// that a small record never prints megabytes; the count of the rest is
/// given instead (and `expected_total` in JSON).
pub const LISTED: usize = 20;

/// `a, b, c`: the first [`LISTED`] of `total` items, then `and N more`;
/// `none` when there are none.
pub(crate) fn listing<T: fmt::Display>(items: impl Iterator<Item = T>, total: usize) -> String {
    use fmt::Write;
    let mut out = String::new();
    for (i, item) in items.take(LISTED).enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        let _ = write!(out, "{item}");
    }
    match total.saturating_sub(LISTED) {
        _ if out.is_empty() => "none".into(),
        0 => out,
        more => format!("{out} and {more} more"),
    }
}

/// What was legal instead of a refused turn or claim, kept typed (the legal
/// plays themselves, say) until a report prints them. Things that are not
/// turns (a camp letter, a result) are listed as strings.
#[derive(Clone)]
pub struct Alternatives(Arc<dyn Listed>);

/// A `Vec` of displayable things, its item type erased.
trait Listed: Send + Sync {
    fn len(&self) -> usize;
    fn item(&self, index: usize) -> Option<&dyn fmt::Display>;
    fn as_any(&self) -> &dyn Any;
}

impl<P: fmt::Display + Send + Sync + 'static> Listed for Vec<P> {
    fn len(&self) -> usize {
        <[P]>::len(self)
    }

    fn item(&self, index: usize) -> Option<&dyn fmt::Display> {
        self.get(index).map(|p| p as &dyn fmt::Display)
    }

    fn as_any(&self) -> &dyn Any {
        self
    }
}

impl Alternatives {
    /// Any list of displayable things, kept as it is.
    pub fn new<P: fmt::Display + Send + Sync + 'static>(items: Vec<P>) -> Self {
        Alternatives(Arc::new(items))
    }

    /// How many alternatives there are.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether nothing was legal.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Each alternative, as it prints.
    pub fn iter(&self) -> impl Iterator<Item = &dyn fmt::Display> + '_ {
        (0..self.len()).filter_map(|i| self.0.item(i))
    }

    /// As a report prints them.
    pub fn to_strings(&self) -> Vec<String> {
        self.iter().map(ToString::to_string).collect()
    }

    /// The first [`LISTED`], as a report prints them.
    pub fn first_strings(&self) -> Vec<String> {
        self.iter().take(LISTED).map(ToString::to_string).collect()
    }

    /// The items as their own type, when they are `P`s.
    pub fn plays<P: 'static>(&self) -> Option<&[P]> {
        self.0.as_any().downcast_ref::<Vec<P>>().map(Vec::as_slice)
    }
}

impl fmt::Debug for Alternatives {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.to_strings()).finish()
    }
}

/// Alternatives are equal when a report would print them alike.
impl PartialEq for Alternatives {
    fn eq(&self, other: &Self) -> bool {
        self.len() == other.len()
            && self
                .iter()
                .zip(other.iter())
                .all(|(a, b)| a.to_string() == b.to_string())
    }
}

impl Eq for Alternatives {}

/// A tolerated infraction or a remark; replay goes on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Warning {
    /// The rule id, e.g. `superpion/blocking`.
    pub rule: &'static str,
    /// What the referee remarks, in one sentence.
    pub message: String,
    /// Where in the record's text, when it has a place.
    pub span: Option<Span>,
    /// The turn it came with (0-based).
    pub turn_index: Option<usize>,
}

impl Warning {
    /// A warning of `rule`, at `span` when it has a place.
    pub fn new(rule: &'static str, message: impl Into<String>, span: Option<Span>) -> Self {
        Warning {
            rule,
            message: message.into(),
            span,
            turn_index: None,
        }
    }
}

impl Finding for Warning {
    fn rule(&self) -> &str {
        self.rule
    }
    fn message(&self) -> Cow<'_, str> {
        Cow::Borrowed(&self.message)
    }
    fn place(&self) -> Option<(usize, usize)> {
        self.span.map(|s| (s.offset, s.len))
    }
    fn label(&self) -> Option<String> {
        Some("here".into())
    }
    fn severity(&self) -> miette::Severity {
        miette::Severity::Warning
    }
}

finding!(Violation, Warning);

/// Points by player, in the order the game lists its players.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Scores(pub Vec<(String, i64)>);

impl Serialize for Scores {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (name, points) in &self.0 {
            map.serialize_entry(name, points)?;
        }
        map.end()
    }
}

/// A table for humans: a header row and rows of cells.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Table {
    /// Column titles.
    pub header: Vec<String>,
    /// One row of cells per line.
    pub rows: Vec<Vec<String>>,
}

/// Where a record stands after its last replayed turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Summary {
    /// The game is over (won, drawn, or ended as the header says).
    pub finished: bool,
    /// Who won: a side key (`red`, `a`) or a player or team by name.
    pub winner: Option<String>,
    /// Who acts next, while the game goes on.
    pub to_move: Option<String>,
    /// Points by player, for games that score.
    pub scores: Option<Scores>,
    /// One line for humans: "red wins", "unfinished, blue to act".
    pub description: String,
}

/// Positions and legal turns: everything the rules decide, nothing about
/// text records. [`perft`] and [`random_plays`] need only this.
pub trait Rules: 'static {
    /// Compared to tell turns apart by where they lead ([`denoted`]), and
    /// by the tests of [`Notation::play`]'s all-or-nothing contract.
    type Position: Clone + PartialEq + fmt::Debug;
    /// A legal turn, displayed in canonical notation.
    type Play: Clone + PartialEq + fmt::Debug + fmt::Display + Send + Sync + 'static;

    /// The chance of each throw value with fair sticks or dice, for games
    /// played with them (`arbitre stats`); empty for games without throws.
    const FAIR_THROWS: &'static [(u32, f64)] = &[];

    /// The initial position of a mode (`None`: the default).
    fn initial(mode: Option<&str>) -> Result<Self::Position, String>;

    /// "3. red", "12.B": how a referee names the turn about to be played.
    fn turn_label(position: &Self::Position, index: usize) -> String;

    /// Every legal turn; empty once the game is over.
    fn legal(position: &Self::Position) -> Vec<Self::Play>;

    /// Play a legal turn; `play` is the way to play a written one.
    fn apply(position: &mut Self::Position, play: &Self::Play);

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

/// The written turns: movetext to turns, and turns played against the rules.
pub trait Notation: Rules {
    /// A turn as written: notation with spans, legality unknown.
    type Turn;

    /// Group movetext tokens into turns, handing each to `each` as soon as
    /// it is whole; notation only, no legality. The replay plays each turn
    /// as it comes, so that no record is ever held as turns; a syntax error
    /// anywhere (a token's included) still ends the parse with it.
    fn parse_each<'a>(
        tokens: impl Iterator<Item = Result<Token<'a>, SyntaxError>>,
        each: impl FnMut(Self::Turn),
    ) -> Result<(), SyntaxError>;

    /// Group movetext tokens into turns, all of them: the typed view of a
    /// record for programs.
    fn parse(tokens: &[Token<'_>]) -> Result<Vec<Self::Turn>, SyntaxError> {
        let mut turns = Vec::new();
        Self::parse_each(tokens.iter().copied().map(Ok), |turn| turns.push(turn))?;
        Ok(turns)
    }

    /// Play one written turn, or say which rule it breaks.
    ///
    /// All or nothing: on `Err` the position is left exactly as it was, so
    /// that the engine can list the legal turns and name the turn from it
    /// without keeping a copy.
    fn play(
        position: &mut Self::Position,
        turn: &Self::Turn,
        index: usize,
    ) -> Result<Vec<Warning>, Violation>;

    /// The legal turn a written turn denotes, the position untouched (a
    /// refused turn gives the violation `play` gives). By default
    /// [`resolve_by_outcome`]; games where several legal turns lead to one
    /// position override it.
    fn resolve(
        position: &Self::Position,
        turn: &Self::Turn,
        index: usize,
    ) -> Result<Self::Play, Violation> {
        resolve_by_outcome::<Self>(position, turn, index)
    }

    /// Movetext for turns played from `start`, with move numbers.
    fn movetext(start: &Self::Position, plays: &[Self::Play]) -> String;

    /// The throw written in a turn, for the throw statistics.
    fn throw(_turn: &Self::Turn) -> Option<u32> {
        None
    }

    /// A turn label read back from a person (`--turn 3.B`): the game's own
    /// format, so that a report's label names the same turn again.
    type Label: fmt::Debug;

    /// Read a label as [`Rules::turn_label`] prints it; the error says
    /// which forms the game takes.
    fn read_label(text: &str) -> Result<Self::Label, String>;

    /// Whether `label` names the turn about to be played at `position`,
    /// the `index`-th of its record.
    fn names_turn(label: &Self::Label, position: &Self::Position, index: usize) -> bool;
}

/// A record file's game: its `game:` name, header, and the checks made
/// around the turns.
pub trait RecordFormat: Notation {
    /// The `game:` value.
    const NAME: &'static str;
    /// The game's name as a title, for help texts: `Simpei`.
    const TITLE: &'static str;
    /// A line of movetext showing the notation at a glance, for help texts.
    const EXAMPLE: &'static str;
    /// House-rule switches the game understands.
    const SWITCHES: &'static [&'static str] = &[];

    /// The header, deserialised with unknown keys denied.
    type Header: DeserializeOwned;

    /// The position the record starts from (its `setup`, or the initial one).
    fn start(
        header: &Self::Header,
        text: &HeaderText<'_>,
        switches: &Switches,
    ) -> Result<Self::Position, HeaderError>;

    /// Checks once every turn is played: `end`, `result`, and the like.
    /// `last` is the record's last turn with its index, when it has one:
    /// all a verdict on the whole game needs of the turns.
    fn conclude(
        header: &Self::Header,
        text: &HeaderText<'_>,
        position: &Self::Position,
        last: Option<(usize, &Self::Turn)>,
    ) -> Result<Vec<Warning>, Violation>;

    /// Where the record stands after the replayed turns, for the reports.
    /// `whole` when the replay went through every turn and found nothing
    /// wrong: only then does the header's `end` say how the game ended,
    /// as the replay stopped short of it otherwise.
    fn summary(header: &Self::Header, position: &Self::Position, whole: bool) -> Summary;

    /// The detailed score table `arbitre score` prints; apart from the
    /// summary because no other report needs it.
    fn table(_header: &Self::Header, _position: &Self::Position) -> Option<Table> {
        None
    }

    /// Header lines (without `---`) for a record generated from `initial`.
    fn record_header(start: &Self::Position) -> String;

    /// A commented record to start from (`arbitre new`).
    fn template() -> &'static str;
}

/// Positions shown to humans (`arbitre show`, `arbitre moves`).
pub trait Presentation: Rules {
    /// The position as an ASCII diagram; its last line says whose turn it
    /// is, or that the game is over.
    fn diagram(position: &Self::Position) -> String;

    /// The diagram of a game ended by the record's word (a header `end`),
    /// which the position alone does not know: by default the diagram with
    /// its last line replaced by `Game over: {how}`.
    fn ended_diagram(position: &Self::Position, how: &str) -> String {
        let drawn = Self::diagram(position);
        let body = drawn.trim_end_matches('\n');
        let kept = body.rfind('\n').map_or("", |at| &body[..=at]);
        format!("{kept}Game over: {how}\n")
    }

    /// Lines shown under `arbitre moves` besides the legal turns.
    fn moves_notes(_position: &Self::Position) -> Vec<String> {
        Vec::new()
    }
}

/// A game in full. The replay engine, the reports and the commands see games
/// only through these traits; code that needs one role asks for that one.
pub trait Game: RecordFormat + Presentation {}

impl<G: RecordFormat + Presentation> Game for G {}

/// The written turn played on a copy, and matched with the first legal turn
/// leading to the same position.
pub fn resolve_by_outcome<N: Notation + ?Sized>(
    position: &N::Position,
    turn: &N::Turn,
    index: usize,
) -> Result<N::Play, Violation> {
    let mut after = position.clone();
    N::play(&mut after, turn, index)?;
    denoted::<N>(position, &after, N::legal(position))
}

/// The first of `candidates` that leads from `position` to `after`. None
/// doing so would be a referee bug (a turn `play` accepts but the rules do
/// not list), reported rather than panicked on.
pub fn denoted<R: Rules + ?Sized>(
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
                "unmatched-turn",
                "the turn is accepted, but no legal turn leads to the same position",
                Span::default(),
            )
        })
}

/// perft: distinct legal turn sequences of `depth` turns.
pub fn perft<R: Rules>(position: &R::Position, depth: u32) -> u64 {
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
pub fn random_plays<R: Rules>(
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn alternatives_keep_their_type_and_print_alike() {
        let numbers = Alternatives::new(vec![3u8, 14]);
        assert_eq!(numbers.len(), 2);
        assert_eq!(numbers.plays::<u8>(), Some(&[3u8, 14][..]));
        assert_eq!(numbers.plays::<String>(), None);
        assert_eq!(numbers.to_strings(), ["3", "14"]);
        assert_eq!(numbers, Alternatives::new(vec!["3", "14"]));
        assert_ne!(numbers, Alternatives::new(vec!["3"]));
        assert_eq!(format!("{numbers:?}"), r#"["3", "14"]"#);
        assert!(Alternatives::new(Vec::<String>::new()).is_empty());
    }
}
