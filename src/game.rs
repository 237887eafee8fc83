//! The traits through which a game plugs into the shared machinery, one per
//! role, and the vocabulary the games answer in.

use std::any::Any;
use std::borrow::Cow;
use std::fmt;
use std::sync::Arc;

use serde::de::{DeserializeOwned, MapAccess, Visitor};
use serde::ser::{Serialize, SerializeMap, Serializer};
use serde::{Deserialize, Deserializer};

use crate::finding::{finding, Finding};
use crate::record::movetext::{SyntaxError, Token};
use crate::record::{HeaderError, HeaderText, Switches};
use crate::rng::Rng;
use crate::rules::Rule;
use crate::span::Span;
use crate::switches::HouseSwitch;

/// A rule broken by a turn as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Violation {
    /// The rule broken, as the registry declares it (`simpei/occupied`,
    /// `result-mismatch`): a rule not declared cannot be reported.
    pub rule: &'static Rule,
    /// Why, in one sentence a referee would say.
    pub message: String,
    /// The action (or header key) that breaks it, in the record's text.
    pub span: Span,
    /// Set by the replay engine for turns; by the game in `conclude`.
    pub turn_index: Option<usize>,
    /// What was legal instead of the part of the turn that is wrong, given
    /// the parts before it that were right (the second actions after a
    /// right first one, a relocation's open points). `None` lets the
    /// engine list the legal turns of the position.
    pub expected: Option<Alternatives>,
}

impl Violation {
    /// A violation of `rule` at `span`; the engine lists the legal turns.
    pub fn new(rule: &'static Rule, message: impl Into<String>, span: Span) -> Self {
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
        self.rule.id
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

/// The first items of a list of displayable things and how many it holds,
/// their type erased.
trait Listed: Send + Sync {
    fn len(&self) -> usize;
    fn item(&self, index: usize) -> Option<&dyn fmt::Display>;
    fn as_any(&self) -> &dyn Any;
}

/// The first items of a list, and how many it holds in all.
struct Listing<P> {
    first: Vec<P>,
    total: usize,
}

impl<P: fmt::Display + Send + Sync + 'static> Listed for Listing<P> {
    fn len(&self) -> usize {
        self.total
    }

    fn item(&self, index: usize) -> Option<&dyn fmt::Display> {
        self.first.get(index).map(|p| p as &dyn fmt::Display)
    }

    fn as_any(&self) -> &dyn Any {
        self
    }
}

impl Alternatives {
    /// Any list of displayable things, kept as it is.
    pub fn new<P: fmt::Display + Send + Sync + 'static>(items: Vec<P>) -> Self {
        let total = items.len();
        Alternatives::first(items, total)
    }

    /// The first items of a list of `total`: a list too long to build is
    /// counted, and only what a report prints is kept.
    pub fn first<P: fmt::Display + Send + Sync + 'static>(first: Vec<P>, total: usize) -> Self {
        Alternatives(Arc::new(Listing {
            total: total.max(first.len()),
            first,
        }))
    }

    /// The legal turns at `position`: the first [`LISTED`], and the count
    /// of all.
    pub fn legal<R: Mechanics>(position: &R::Position) -> Self {
        let (first, total) = R::legal_first(position, LISTED);
        Alternatives::first(first, total)
    }

    /// How many alternatives there are (kept or only counted).
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether nothing was legal.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Each alternative kept, as it prints.
    pub fn iter(&self) -> impl Iterator<Item = &dyn fmt::Display> + '_ {
        (0..self.len()).map_while(|i| self.0.item(i))
    }

    /// The alternatives kept, as a report prints them.
    pub fn to_strings(&self) -> Vec<String> {
        self.iter().map(ToString::to_string).collect()
    }

    /// The first [`LISTED`], as a report prints them.
    pub fn first_strings(&self) -> Vec<String> {
        self.iter().take(LISTED).map(ToString::to_string).collect()
    }

    /// The items kept, as their own type, when they are `P`s: all of them,
    /// or the first [`LISTED`] of the legal turns.
    pub fn plays<P: 'static>(&self) -> Option<&[P]> {
        let listing = self.0.as_any().downcast_ref::<Listing<P>>()?;
        Some(&listing.first)
    }
}

impl fmt::Debug for Alternatives {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.to_strings()).finish()
    }
}

/// Alternatives are equal when a report would print them alike: as many,
/// and the same ones kept.
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
    /// The rule, as the registry declares it (`superpion/blocking`).
    pub rule: &'static Rule,
    /// What the referee remarks, in one sentence.
    pub message: String,
    /// Where in the record's text, when it has a place.
    pub span: Option<Span>,
    /// The turn it came with (0-based).
    pub turn_index: Option<usize>,
}

impl Warning {
    /// A warning of `rule`, at `span` when it has a place.
    pub fn new(rule: &'static Rule, message: impl Into<String>, span: Option<Span>) -> Self {
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
        self.rule.id
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
        pairs(&self.0, serializer)
    }
}

/// Read back in the order written, a name given twice kept twice.
impl<'de> Deserialize<'de> for Scores {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer
            .deserialize_map(Pairs(std::marker::PhantomData))
            .map(Scores)
    }
}

/// The players' names by the fixed key of their side, camp or player slot
/// (`red`, `a`, `blue`, `player1`), in the game's order: only the named
/// ones.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Players(pub Vec<(String, String)>);

impl Serialize for Players {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        pairs(&self.0, serializer)
    }
}

/// Read back in the order written.
impl<'de> Deserialize<'de> for Players {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer
            .deserialize_map(Pairs(std::marker::PhantomData))
            .map(Players)
    }
}

/// Keyed values as one object, in their order.
fn pairs<S: Serializer, V: Serialize>(
    pairs: &[(String, V)],
    serializer: S,
) -> Result<S::Ok, S::Error> {
    let mut map = serializer.serialize_map(Some(pairs.len()))?;
    for (key, value) in pairs {
        map.serialize_entry(key, value)?;
    }
    map.end()
}

/// An object read back as its pairs, in order.
struct Pairs<V>(std::marker::PhantomData<V>);

impl<'de, V: Deserialize<'de>> Visitor<'de> for Pairs<V> {
    type Value = Vec<(String, V)>;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("values by name")
    }
    fn visit_map<M: MapAccess<'de>>(self, mut map: M) -> Result<Self::Value, M::Error> {
        let mut pairs = Vec::with_capacity(map.size_hint().unwrap_or(0).min(16));
        while let Some(entry) = map.next_entry::<String, V>()? {
            pairs.push(entry);
        }
        Ok(pairs)
    }
}

/// How a finished game ended, every side named by its fixed key: what a
/// program reads instead of the words of [`Summary::description`].
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, Deserialize)]
pub struct Outcome {
    /// The end, one fixed word per way the game can end: `alignment`
    /// (Simpei), `all-killed` (Puluc), `one-side-left`,
    /// `captures-impossible` or `time` (Superpion).
    pub end: String,
    /// The keys of who won: one side, or a team's sides; empty for a
    /// shared first place.
    pub winners: Vec<String>,
    /// Points by key, for games that score.
    pub scores: Option<Scores>,
    /// The teams with their totals, for games played in teams.
    pub teams: Option<Vec<Team>>,
}

/// A team of a game played in teams, and its total.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, Deserialize)]
pub struct Team {
    /// The keys of its sides, in the game's order.
    pub sides: Vec<String>,
    /// The name of each side's player, in the same order; `None` unnamed.
    pub players: Vec<Option<String>>,
    /// The team's points: its sides' together.
    pub score: i64,
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
    /// The players' names by key; `None` when no name is given.
    pub players: Option<Players>,
    /// How the game ended, once it is finished.
    pub outcome: Option<Outcome>,
    /// One line for humans: "red wins", "unfinished, blue to act".
    pub description: String,
}

/// Positions and legal turns: everything the rules decide, nothing about
/// text records. [`perft`] and [`random_plays`] need only this.
pub trait Mechanics: 'static {
    /// Compared to tell turns apart by where they lead ([`denoted`]), and
    /// by the tests of [`Notation::play`]'s all-or-nothing contract.
    type Position: Clone + PartialEq + fmt::Debug + Send + Sync + 'static;
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
pub trait Notation: Mechanics {
    /// A turn as written: notation with spans, legality unknown.
    type Turn: Clone;

    /// Group movetext tokens into turns, handing each to `each` as soon as
    /// it is whole; notation only, no legality. A syntax error anywhere (a
    /// token's included) still ends the parse with it. Each is a copy of a
    /// turn [`Notation::parse_lent`] lends: only programs keep every turn.
    fn parse_each<'a>(
        tokens: impl Iterator<Item = Result<Token<'a>, SyntaxError>>,
        each: impl FnMut(Self::Turn),
    ) -> Result<(), SyntaxError> {
        handed_on(each, |lent| Self::parse_lent(tokens, lent))
    }

    /// Group movetext tokens into turns, lending each to `each` (with
    /// whether it is the record's last) once the next token shows it whole,
    /// and giving back the last: a turn is built where it is kept, not
    /// moved from one holder to the next. The replay reads records this
    /// way, playing each turn as it comes, so that no record is ever held
    /// as turns.
    fn parse_lent<'a>(
        tokens: impl Iterator<Item = Result<Token<'a>, SyntaxError>>,
        each: impl FnMut(&Self::Turn, bool),
    ) -> Result<Option<Self::Turn>, SyntaxError>;

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

    /// Where a written turn stands in the record, its move number
    /// included: `arbitre fmt` keeps each comment after the turn it
    /// follows.
    fn turn_span(turn: &Self::Turn) -> Span;

    /// A legal turn as the canonical movetext writes it (`arbitre fmt`):
    /// `play`, about to be played at `position` as the `index`-th turn of
    /// its record, with its move number, and the line it belongs on (a
    /// pair of turns, a round).
    fn canonical(position: &Self::Position, play: &Self::Play, index: usize) -> CanonicalTurn;

    /// The throw written in a turn, for the throw statistics.
    fn throw(_turn: &Self::Turn) -> Option<u32> {
        None
    }

    /// A turn label read back from a person (`--turn 3.B`): the game's own
    /// format, so that a report's label names the same turn again.
    type Label: fmt::Debug;

    /// Read a label as [`Mechanics::turn_label`] prints it; the error says
    /// which forms the game takes.
    fn read_label(text: &str) -> Result<Self::Label, String>;

    /// Whether `label` names the turn about to be played at `position`,
    /// the `index`-th of its record.
    fn names_turn(label: &Self::Label, position: &Self::Position, index: usize) -> bool;
}

/// A legal turn as the canonical movetext writes it: what `arbitre fmt`
/// lays out, a line per pair of turns or per round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CanonicalTurn {
    /// The turn at the start of a line, with its move number: `3. c5`,
    /// `3... f4`, `2.R c5-e5 c7-e7`.
    pub numbered: String,
    /// The turn after another one on its line: `f4` in `3. c5 f4`; the
    /// numbered form for a game that numbers every turn.
    pub continued: String,
    /// Which line it belongs on: the turns of a line share it (a move
    /// number, a round), and a new line starts where it changes.
    pub line: u64,
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
    /// The deepest perft `arbitre perft` counts: the deepest that finishes
    /// within a minute on one core (BENCHMARKS.md); each turn deeper
    /// multiplies the work (by 10 to 50), so the next one takes minutes to
    /// hours, and a depth of 100 would never end.
    const DEEPEST_PERFT: u32;
    /// House-rule switches the game understands.
    const SWITCHES: &'static [HouseSwitch] = &[];
    /// Every rule the game reports, declared in its folder.
    const RULES: &'static [crate::rules::Rule];

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
pub trait Presentation: Mechanics {
    /// The position as an ASCII diagram; its last line says whose turn it
    /// is, or that the game is over.
    fn diagram(position: &Self::Position) -> String;

    /// The diagram of a game ended by the record's word (a header `end`),
    /// which the position alone does not know: by default the diagram with
    /// its last line replaced by `Game over: {how}`, `how` escaped (it may
    /// name players) so that it stays on that line.
    fn ended_diagram(position: &Self::Position, how: &str) -> String {
        let drawn = Self::diagram(position);
        let body = drawn.trim_end_matches('\n');
        let kept = body.rfind('\n').map_or("", |at| &body[..=at]);
        format!("{kept}Game over: {}\n", crate::escape::escaped(how))
    }

    /// The position as a record's `setup` header value (the keys and the
    /// forms the game's `setup` reads), for `show` and `moves --format
    /// json`: a program can paste it back into a record to start there.
    /// What the header holds outside `setup` (a mode, a track length) it
    /// leaves out.
    fn setup(position: &Self::Position) -> serde_json::Value;

    /// The parts of a legal turn as strings, in the order they are played:
    /// by default the turn whole.
    fn parts(play: &Self::Play) -> Vec<String> {
        vec![play.to_string()]
    }

    /// Lines shown under `arbitre moves` besides the legal turns.
    fn moves_notes(_position: &Self::Position) -> Vec<String> {
        Vec::new()
    }

    /// The legal turns as `arbitre moves` lists them, in the order of
    /// [`Mechanics::legal`]: by default each turn alone; a game whose turns
    /// multiply gives the turns that share an action as one group.
    fn legal_groups(position: &Self::Position) -> Vec<Group> {
        Self::legal(position)
            .iter()
            .map(Group::play::<Self>)
            .collect()
    }
}

/// One line of `arbitre moves`: a legal turn, or the legal turns that share
/// an action and differ only in choices made after it.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, Deserialize)]
pub struct Group {
    /// The turn in canonical notation, or the action and the choices after
    /// it in words (`b2-a1, then c1, e1 each to any empty point`).
    pub text: String,
    /// The legal turns it stands for: 1 for a turn alone.
    pub turns: usize,
    /// The parts of a turn alone ([`Presentation::parts`]); `None` for a
    /// group of several turns.
    pub parts: Option<Vec<String>>,
}

impl Group {
    /// A turn alone, known by its text only.
    pub fn one(text: String) -> Self {
        Group {
            text,
            turns: 1,
            parts: None,
        }
    }

    /// A legal turn alone, with its parts.
    pub fn play<G: Presentation + ?Sized>(play: &G::Play) -> Self {
        Group {
            text: play.to_string(),
            turns: 1,
            parts: Some(G::parts(play)),
        }
    }
}

/// The legal turns at a position, as `arbitre show` and `moves` need them:
/// whether there is any at once; grouped, counted, or listed one by one
/// only when asked, so that a position whose turns multiply is drawn
/// without listing them.
#[derive(Clone)]
pub struct Legal(Option<Arc<dyn LegalAt>>);

/// The position behind [`Legal`], its game erased.
trait LegalAt: Send + Sync {
    fn groups(&self) -> Vec<Group>;
    fn each_play(&self, f: &mut dyn FnMut(Group) -> std::io::Result<()>) -> std::io::Result<()>;
    fn each(
        &self,
        f: &mut dyn FnMut(&dyn fmt::Display) -> std::io::Result<()>,
    ) -> std::io::Result<()>;
}

struct PositionOf<G: Presentation> {
    position: G::Position,
    game: std::marker::PhantomData<fn() -> G>,
}

impl<G: Presentation> LegalAt for PositionOf<G> {
    fn groups(&self) -> Vec<Group> {
        G::legal_groups(&self.position)
    }

    fn each_play(&self, f: &mut dyn FnMut(Group) -> std::io::Result<()>) -> std::io::Result<()> {
        G::legal(&self.position)
            .iter()
            .try_for_each(|play| f(Group::play::<G>(play)))
    }

    fn each(
        &self,
        f: &mut dyn FnMut(&dyn fmt::Display) -> std::io::Result<()>,
    ) -> std::io::Result<()> {
        G::legal(&self.position).iter().try_for_each(|play| f(play))
    }
}

impl Legal {
    /// The legal turns at `position`: none once the game is over.
    pub fn at<G: Presentation>(position: &G::Position) -> Self {
        if !G::has_legal(position) {
            return Legal::none();
        }
        Legal(Some(Arc::new(PositionOf::<G> {
            position: position.clone(),
            game: std::marker::PhantomData,
        })))
    }

    /// No legal turn: the game is over.
    pub fn none() -> Self {
        Legal(None)
    }

    /// Whether no turn is legal.
    pub fn is_empty(&self) -> bool {
        self.0.is_none()
    }

    /// The turns as `arbitre moves` lists them by default.
    pub fn groups(&self) -> Vec<Group> {
        self.0.as_ref().map_or_else(Vec::new, |at| at.groups())
    }

    /// How many turns are legal, counted in groups.
    pub fn len(&self) -> usize {
        self.groups().iter().map(|g| g.turns).sum()
    }

    /// Every legal turn in canonical notation, handed to `f` one at a time
    /// (`arbitre moves --expand`); the first error of `f` stops it.
    pub fn each(
        &self,
        mut f: impl FnMut(&dyn fmt::Display) -> std::io::Result<()>,
    ) -> std::io::Result<()> {
        match &self.0 {
            Some(at) => at.each(&mut f),
            None => Ok(()),
        }
    }
}

impl Legal {
    /// Every legal turn alone, with its parts, handed to `f` one at a time
    /// (`arbitre moves --expand --format json`); the first error of `f`
    /// stops it.
    pub fn each_play(
        &self,
        mut f: impl FnMut(Group) -> std::io::Result<()>,
    ) -> std::io::Result<()> {
        match &self.0 {
            Some(at) => at.each_play(&mut f),
            None => Ok(()),
        }
    }
}

impl fmt::Debug for Legal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.groups()).finish()
    }
}

/// Legal turns are equal when `moves` lists them alike.
impl PartialEq for Legal {
    fn eq(&self, other: &Self) -> bool {
        self.groups() == other.groups()
    }
}

/// A game in full. The replay engine, the reports and the commands see games
/// only through these traits; code that needs one role asks for that one.
pub trait Game: RecordFormat + Presentation + crate::picture::Picture {}

impl<G: RecordFormat + Presentation + crate::picture::Picture> Game for G {}

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

/// Turns handed on by value from a parser that lends them (`lend`, a
/// game's own [`Notation::parse_lent`]): each a copy, the last moved out.
/// A game whose turn is large writes its `parse_each` with this, where
/// only programs keep every turn.
pub(crate) fn handed_on<T: Clone>(
    mut each: impl FnMut(T),
    lend: impl FnOnce(&mut dyn FnMut(&T, bool)) -> Result<Option<T>, SyntaxError>,
) -> Result<(), SyntaxError> {
    let last = lend(&mut |turn, last| {
        if !last {
            each(turn.clone());
        }
    })?;
    if let Some(last) = last {
        each(last);
    }
    Ok(())
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

/// A game's own account of a broken rule, before it has a place in the
/// record: each game names its breaches, the shared machinery turns them
/// into [`Violation`]s with [`breach`].
pub trait Breach: fmt::Display {
    /// The declared rule it breaks.
    fn rule(&self) -> &'static Rule;

    /// What was legal instead, when the breach knows it better than a list
    /// of every legal turn; `None` lets the engine list the legal turns.
    fn expected(&self) -> Option<Vec<String>> {
        None
    }
}

/// The violation a breach makes at `span`: its rule, its sentence and what
/// it says was legal instead.
pub fn breach(breach: impl Breach, span: Span) -> Violation {
    let expected = breach.expected();
    let mut violation = Violation::new(breach.rule(), breach.to_string(), span);
    violation.expected = expected.map(Alternatives::new);
    violation
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

    #[test]
    fn alternatives_only_counted_are_listed_as_many_and_not_built() {
        let counted = Alternatives::first(vec![1u32, 2], 143_647);
        assert_eq!(counted.len(), 143_647);
        assert_eq!(counted.first_strings(), ["1", "2"]);
        assert_eq!(counted.plays::<u32>(), Some(&[1u32, 2][..]));
        assert_ne!(counted, Alternatives::new(vec![1u32, 2]));
        // A count below what is kept is no count.
        assert_eq!(Alternatives::first(vec![1u32, 2], 1).len(), 2);
    }
}
