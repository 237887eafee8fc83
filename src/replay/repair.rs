//! The likeliest records an illegal one was meant to be: the cheapest
//! edits, weighed as transcription slips ([`crate::slips`]), that make
//! every turn legal to the end and the header's claims true.
//!
//! A best-first search over the written turns. A state is a place in the
//! written record, the position reached and the edits made; expanding it
//! plays the written turns on from there as they stand (at no cost) to
//! the first one that fails, or to the end, and then tries every edit at
//! that turn and at the [`RepairOptions::lookback`] turns before it (a
//! slip may leave its turn legal and break a later one): the turn read
//! one slip away, any legal turn by how far its text is from the written
//! one, a turn inserted, a turn removed, two turns swapped. Edits go
//! forward only (each at or after the last), so each set of edits is
//! found once. The work is bounded by turns played
//! ([`RepairOptions::budget`]), never by the clock: the same record gets
//! the same answer on any machine.

use std::cmp::Reverse;
use std::collections::{BinaryHeap, VecDeque};
use std::rc::Rc;

use crate::game::{parse_turn, set_up, tokens_of, CanonicalTurn, Malformed, RecordFormat};
use crate::record::{RawRecord, Switches};
use crate::slips::{self, Slip};
use crate::span::Span;

/// How far and how long a repair looks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RepairOptions {
    /// How many repairs to give, best first.
    pub best: usize,
    /// How many turns before the first failing one a slip is looked for:
    /// a misread turn may stay legal and break a later one.
    pub lookback: usize,
    /// How many turns the search may play in all, trying edits: the bound
    /// on its work, the same on every machine.
    pub budget: u64,
}

impl Default for RepairOptions {
    /// Three repairs, six turns back, 300,000 turns played: under a
    /// second for any record on one core (BENCHMARKS.md).
    fn default() -> Self {
        RepairOptions {
            best: 3,
            lookback: 6,
            budget: 300_000,
        }
    }
}

/// The most edits a path of the search holds: beyond, a record is not
/// garbled but another game.
const MOST_EDITS: usize = 6;
/// The most legal turns listed at a position to be inserted or compared
/// with what was written: a Superpion position may have tens of
/// thousands, and the turns one slip away are tried on their own anyway.
const LISTED: usize = 256;
/// The most entries the frontier holds: what bounds the search's memory
/// (each a position and its edits), whatever the budget.
const MOST_QUEUED: usize = 100_000;
/// The most goals kept whose claims fail: they come after every goal
/// whose claims hold, and a few suffice.
const MOST_GOALS: usize = 64;
/// The most legal turns listed to be put in where the record fails.
const LISTED_WHERE_FAILING: usize = 4096;
/// A legal turn farther than this from the text written is no repair.
const FARTHEST: u32 = 120;

/// One edit of a repair, in the record's own text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Edit {
    /// The slip the edit undoes.
    pub slip: Slip,
    /// What the edit costs.
    pub cost: u32,
    /// What was written, in the record's text: empty where a turn is
    /// inserted (at the start of the turn it comes before, or the end).
    pub span: Span,
    /// The text written there, as it stands.
    pub written: String,
    /// The turn as the repaired record writes it: empty for a turn
    /// removed; both turns for two swapped.
    pub replacement: String,
    /// The turn's label in the repaired record (`12... blue`, `3.B`).
    pub turn: String,
}

/// A repaired record, as the search found it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Candidate {
    /// What the edits cost in all.
    pub cost: u32,
    /// The edits, in record order.
    pub edits: Vec<Edit>,
    /// The whole record's text, repaired.
    pub text: String,
    /// Whether the header's claims (`end`, `result`) hold at the end:
    /// when they do not, every turn is legal but the verdict is not.
    pub concluded: bool,
}

/// What the search did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tried {
    /// States taken up and played on.
    pub states: u64,
    /// Turns played, the bound's unit.
    pub plays: u64,
    /// Whether the budget ran out before the search was done.
    pub exhausted: bool,
    /// The turns written, to the end (or to the token at fault).
    pub turns: usize,
}

/// A written turn, as the search plays it anywhere.
struct Writ<T> {
    /// The turn without its move number.
    turn: T,
    /// The turn as written, number and all: what is played where the
    /// turn stands at its own place (as many turns before it as written),
    /// so that a number written wrong is found too.
    placed: T,
    /// Where it is written.
    span: Span,
    /// Its text, normalized ([`slips::normalized`]).
    text: String,
}

/// What an edit puts in place of the written turns.
#[derive(Clone)]
enum Change<T> {
    /// The written turn read as another one.
    Replaced(T, Slip),
    /// A turn put in before the written one.
    Inserted(T),
    /// The written turn removed.
    Removed(Slip),
    /// The written turn and the next swapped.
    Swapped,
}

/// One edit on a path of the search, linked to the edits before it.
struct Step<T> {
    /// The written turn it is made at.
    at: usize,
    change: Change<T>,
    cost: u32,
    before: Option<Rc<Step<T>>>,
    /// Edits on the path, this one included.
    count: usize,
}

/// A place in the search: the next written turn, the turns played, the
/// position, and the edits that led here.
struct State<G: RecordFormat> {
    cost: u32,
    next: usize,
    played: usize,
    position: G::Position,
    /// The last turn played, with its index: what the header's claims are
    /// checked against.
    last: Option<(usize, G::Turn)>,
    steps: Option<Rc<Step<G::Turn>>>,
}

/// A path that reached the end: its cost, whether the header's claims
/// hold there, its edits.
type Goal<T> = (u32, bool, Option<Rc<Step<T>>>);

/// A place the written turns were played to: the written turn next, the
/// turns played, the position, the last turn played with its index.
type Place<G> = (
    usize,
    usize,
    <G as crate::game::Mechanics>::Position,
    Option<(usize, <G as crate::game::Notation>::Turn)>,
);

/// An entry of the frontier, ordered by its key alone: cheapest first,
/// then first pushed.
struct Queued<G: RecordFormat> {
    key: Reverse<(u32, usize)>,
    entry: Entry<G>,
}

impl<G: RecordFormat> PartialEq for Queued<G> {
    fn eq(&self, other: &Self) -> bool {
        self.key == other.key
    }
}

impl<G: RecordFormat> Eq for Queued<G> {}

impl<G: RecordFormat> PartialOrd for Queued<G> {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl<G: RecordFormat> Ord for Queued<G> {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.key.cmp(&other.key)
    }
}

/// What the search holds to do: a state to play on, or the edits to try
/// where a state's turns failed (its places, and the turn that failed).
enum Entry<G: RecordFormat> {
    Play(State<G>),
    Edit(State<G>, VecDeque<Place<G>>, usize),
}

/// One turn of a repaired record.
enum Line<'a, T> {
    Written(usize),
    New(&'a T),
}

/// The repairs of a record read as game `G`: the cheapest first, at most
/// `options.best` whose claims hold, then those whose turns are legal but
/// whose claims fail, if any. A record already legal gives one
/// candidate, with no edits.
pub(crate) fn search<G: RecordFormat>(
    text: &str,
    record: &RawRecord<'_>,
    switches: &Switches,
    options: &RepairOptions,
) -> Result<(Vec<Candidate>, Tried), Malformed> {
    let options = &RepairOptions {
        best: options.best.max(1),
        ..*options
    };
    let (header, start) = set_up::<G>(record, switches)?;
    let mut written: Vec<Writ<G::Turn>> = Vec::new();
    let parsed = G::parse_each(tokens_of(record), |turn| {
        let span = G::turn_span(&turn);
        let raw = text.get(span.offset..span.offset + span.len).unwrap_or("");
        written.push(Writ {
            turn: G::unplaced(&turn),
            placed: turn,
            span,
            text: slips::normalized(raw),
        });
    });
    parsed?;
    let mut search = Search::<G> {
        written: &written,
        header: &header,
        record,
        options,
        tried: Tried {
            turns: written.len(),
            ..Tried::default()
        },
        heap: BinaryHeap::new(),
        pushed: 0,
        hidden: 0,
        work_before: G::work(),
    };
    search.push(State {
        cost: 0,
        next: 0,
        played: 0,
        position: start.clone(),
        last: None,
        steps: None,
    });
    let mut found: Vec<Goal<G::Turn>> = Vec::new();
    let mut concluded = 0;
    while let Some(Queued {
        key: Reverse((cost, _)),
        entry,
    }) = search.heap.pop()
    {
        if concluded >= options.best
            && found
                .iter()
                .filter(|f| f.1)
                .nth(options.best - 1)
                .is_some_and(|f| cost > f.0)
        {
            break;
        }
        if search.spent() >= options.budget {
            search.tried.exhausted = true;
            break;
        }
        match entry {
            Entry::Play(state) => {
                search.tried.states += 1;
                // The record as written is no repair, whatever it reaches.
                if let Some(goal) = search.expand(state).filter(|g| g.2.is_some()) {
                    if goal.1 || found.len() < MOST_GOALS {
                        concluded += usize::from(goal.1);
                        found.push(goal);
                    }
                }
            }
            Entry::Edit(state, trail, failed) => {
                for (at, index, before, last) in trail {
                    if search.spent() >= options.budget {
                        break;
                    }
                    search.hidden = (failed - at) as u32 * slips::HIDDEN;
                    search.edits_at(&state, at, index, &before, last);
                }
            }
        }
    }
    let tried = search.tried;
    // Concluded first, each cheapest first, as found.
    found.sort_by_key(|(cost, concluded, _)| (!concluded, *cost));
    let mut candidates: Vec<Candidate> = Vec::new();
    for (cost, concluded, steps) in found {
        let Some(candidate) = render::<G>(text, record, &start, &written, steps, cost, concluded)
        else {
            continue;
        };
        if candidates.iter().all(|c| c.text != candidate.text) {
            candidates.push(candidate);
        }
        if candidates.len() >= options.best {
            break;
        }
    }
    Ok((candidates, tried))
}

/// The search's frontier and what it reads.
struct Search<'a, 'r, G: RecordFormat> {
    written: &'a [Writ<G::Turn>],
    header: &'a G::Header,
    record: &'a RawRecord<'r>,
    options: &'a RepairOptions,
    tried: Tried,
    /// The cheapest state first; among equals, the first pushed.
    heap: BinaryHeap<Queued<G>>,
    /// Entries pushed: the order among equals.
    pushed: usize,
    /// What the edits being tried cost more, for standing before the turn
    /// that fails ([`slips::HIDDEN`]).
    hidden: u32,
    /// The rules' own work ([`Mechanics::work`](crate::game::Mechanics::work))
    /// when the search began.
    work_before: u64,
}

impl<G: RecordFormat> Search<'_, '_, G> {
    /// What the search has spent of its budget: the turns it played and
    /// listed, and the rules' work beyond them, a capture state for a turn.
    fn spent(&self) -> u64 {
        self.tried.plays + G::work().saturating_sub(self.work_before)
    }

    fn push(&mut self, state: State<G>) {
        self.queue(state.cost, Entry::Play(state));
    }

    /// `entry` put in the frontier at `cost`, counted against the budget;
    /// a frontier at [`MOST_QUEUED`] takes no more (the search is then
    /// said to have run out).
    fn queue(&mut self, cost: u32, entry: Entry<G>) {
        self.tried.plays += 1;
        if self.heap.len() >= MOST_QUEUED {
            self.tried.exhausted = true;
            return;
        }
        self.pushed += 1;
        self.heap.push(Queued {
            key: Reverse((cost, self.pushed)),
            entry,
        });
    }

    /// A child of `state` with one more edit at written turn `at`.
    #[allow(clippy::too_many_arguments)]
    fn child(
        &mut self,
        state: &State<G>,
        at: usize,
        change: Change<G::Turn>,
        cost: u32,
        next: usize,
        played: usize,
        position: G::Position,
        last: Option<(usize, G::Turn)>,
    ) {
        let count = state.steps.as_ref().map_or(0, |s| s.count) + 1;
        if count > MOST_EDITS {
            return;
        }
        self.push(State {
            cost: state.cost + cost + self.hidden,
            next,
            played,
            position,
            last,
            steps: Some(Rc::new(Step {
                at,
                change,
                cost,
                before: state.steps.clone(),
                count,
            })),
        });
    }

    /// A legal `play` applied to a copy of `position`, counted.
    fn applied(&mut self, position: &G::Position, play: &G::Play) -> G::Position {
        self.tried.plays += 1;
        let mut after = position.clone();
        G::apply(&mut after, play);
        after
    }

    /// Play `turn` on a copy of `position` as turn `index`, counting it;
    /// `None` when it is illegal or the budget is spent.
    fn try_play(
        &mut self,
        position: &G::Position,
        turn: &G::Turn,
        index: usize,
    ) -> Option<G::Position> {
        // Past the budget nothing more is played: one call may try tens of
        // readings, each a search of its own on a crowded board.
        if self.spent() >= self.options.budget {
            return None;
        }
        self.tried.plays += 1;
        let mut next = position.clone();
        G::play(&mut next, turn, index).ok().map(|_| next)
    }

    /// Play the written turns on from `state` to the first that fails (or
    /// the end), then push every edit at that turn and the ones before it
    /// within the lookback. At the end with the claims holding, the goal
    /// is given back: its cost, that it concluded, its edits.
    fn expand(&mut self, state: State<G>) -> Option<Goal<G::Turn>> {
        let n = self.written.len();
        let mut trail: VecDeque<Place<G>> =
            VecDeque::with_capacity(self.options.lookback.min(n) + 2);
        let mut position = state.position.clone();
        let (mut next, mut played) = (state.next, state.played);
        let mut last = state.last.clone();
        loop {
            if trail.len() > self.options.lookback {
                trail.pop_front();
            }
            trail.push_back((next, played, position.clone(), last.clone()));
            if next == n || self.spent() >= self.options.budget {
                break;
            }
            self.tried.plays += 1;
            let writ = &self.written[next];
            let turn = if played == next {
                &writ.placed
            } else {
                &writ.turn
            };
            if G::play(&mut position, turn, played).is_err() {
                break;
            }
            last = Some((played, self.written[next].turn.clone()));
            next += 1;
            played += 1;
        }
        let mut goal = None;
        if next == n {
            let last_turn = last.as_ref().map(|(i, t)| (*i, t));
            let holds = G::conclude(self.header, &self.record.header, &position, last_turn).is_ok();
            goal = Some((state.cost, holds, state.steps.clone()));
            if holds {
                return goal;
            }
        }
        // The edits are tried once the search reaches what the cheapest
        // of them costs: a path that fails soon after a cheap edit may be
        // one of hundreds, and most never need their edits.
        self.queue(
            state.cost + slips::NEIGHBOUR,
            Entry::Edit(state, trail, next),
        );
        goal
    }

    /// Every edit at written turn `at`, played as turn `index` from `before`.
    fn edits_at(
        &mut self,
        state: &State<G>,
        at: usize,
        index: usize,
        before: &G::Position,
        last: Option<(usize, G::Turn)>,
    ) {
        let n = self.written.len();
        if self.spent() >= self.options.budget {
            return;
        }
        let (listed, total) = G::legal_first(before, LISTED);
        // Listing turns is work as playing them is: a game that lists
        // them all to give the first does all of it.
        self.tried.plays += total as u64;
        if at < n {
            let writ = &self.written[at];
            // Where the turn as written leads is no edit: a reading that
            // leads there too changes nothing.
            let mut reached: Vec<G::Position> = Vec::new();
            // Its number misread: the turn plays without it, at its place.
            if self.hidden == 0 && index == at {
                if let Some(after) = self.try_play(before, &writ.turn, index) {
                    reached.push(after.clone());
                    let last = Some((index, writ.turn.clone()));
                    self.child(
                        state,
                        at,
                        Change::Replaced(writ.turn.clone(), Slip::Numbered),
                        slips::NEIGHBOUR,
                        at + 1,
                        index + 1,
                        after,
                        last,
                    );
                }
            }
            if self.hidden > 0 {
                if let Some(as_written) = self.try_play(before, &writ.turn, index) {
                    reached.push(as_written);
                }
            }
            // The turn read one slip away.
            for (text, cost, slip) in slips::neighbours(&writ.text) {
                // Reading a text is work too, whether it is a turn or not.
                self.tried.plays += 1;
                let Some(turn) = unplaced_turn::<G>(&text) else {
                    continue;
                };
                if let Some(after) = self.try_play(before, &turn, index) {
                    if !reached.contains(&after) {
                        reached.push(after.clone());
                        let last = Some((index, turn.clone()));
                        self.child(
                            state,
                            at,
                            Change::Replaced(turn, slip),
                            cost,
                            at + 1,
                            index + 1,
                            after,
                            last,
                        );
                    }
                }
            }
            // Any legal turn, by how far its text is from the written one.
            if total <= LISTED {
                for play in &listed {
                    if self.spent() >= self.options.budget {
                        break;
                    }
                    let canonical = G::canonical(before, play, index);
                    let (cost, _) =
                        slips::distance(&writ.text, &slips::normalized(&canonical.continued));
                    if cost == 0 || cost > FARTHEST {
                        continue;
                    }
                    let after = self.applied(before, play);
                    if reached.contains(&after) {
                        continue;
                    }
                    let Some(turn) = unplaced_turn::<G>(&canonical.continued) else {
                        continue;
                    };
                    reached.push(after.clone());
                    let last = Some((index, turn.clone()));
                    self.child(
                        state,
                        at,
                        Change::Replaced(turn, Slip::OtherTurn),
                        cost.max(slips::SAME_KIND),
                        at + 1,
                        index + 1,
                        after,
                        last,
                    );
                }
            }
            // The turn removed: written twice, or never played.
            let (cost, slip) = if at > 0 && self.written[at - 1].text == writ.text {
                (slips::WRITTEN_TWICE, Slip::WrittenTwice)
            } else {
                (slips::TURN_ADDED, Slip::TurnAdded)
            };
            self.child(
                state,
                at,
                Change::Removed(slip),
                cost,
                at + 1,
                index,
                before.clone(),
                last.clone(),
            );
            // The turn and the next swapped.
            if at + 1 < n {
                let second = self.written[at + 1].turn.clone();
                let first = self.written[at].turn.clone();
                if let Some(middle) = self.try_play(before, &second, index) {
                    if let Some(after) = self.try_play(&middle, &first, index + 1) {
                        self.child(
                            state,
                            at,
                            Change::Swapped,
                            slips::TURNS_SWAPPED,
                            at + 2,
                            index + 2,
                            after,
                            Some((index + 1, first)),
                        );
                    }
                }
            }
        }
        // A turn left out: a legal one put in, when the written turn plays
        // after it (at the end, any). Where the record fails, more turns
        // are listed: a turn left out fails the next one at once (a camp
        // out of its turn), and a Superpion position has hundreds.
        let more;
        let listed = if self.hidden == 0 && total > listed.len() {
            more = G::legal_first(before, LISTED_WHERE_FAILING).0;
            self.tried.plays += total as u64;
            &more
        } else {
            &listed
        };
        for play in listed {
            if self.spent() >= self.options.budget {
                break;
            }
            let after = self.applied(before, play);
            if at < n
                && self
                    .try_play(&after, &self.written[at].turn, index + 1)
                    .is_none()
            {
                continue;
            }
            let Some(turn) = unplaced_turn::<G>(&G::canonical(before, play, index).continued)
            else {
                continue;
            };
            let last = Some((index, turn.clone()));
            self.child(
                state,
                at,
                Change::Inserted(turn),
                slips::TURN_LEFT_OUT,
                at,
                index + 1,
                after,
                last,
            );
        }
    }
}

/// A turn read from `text` alone, without its move number: a reading of
/// a written turn, or a legal turn as the canonical movetext writes it.
fn unplaced_turn<G: RecordFormat>(text: &str) -> Option<G::Turn> {
    parse_turn::<G>(text).ok().map(|turn| G::unplaced(&turn))
}

/// The edits of a path, first to last.
fn edits_of<T>(steps: Option<Rc<Step<T>>>) -> Vec<Rc<Step<T>>> {
    let mut out = Vec::new();
    let mut at = steps;
    while let Some(step) = at {
        at = step.before.clone();
        out.push(step);
    }
    out.reverse();
    out
}

/// The repaired record: its text, as little changed as can be, and its
/// edits located. The text is kept as written up to the first edit; from
/// there the turns are written canonically (numbers follow the turns),
/// until, after the last edit, a written turn stands where it stood (as
/// many turns before it as written): from there the text is kept again.
fn render<G: RecordFormat>(
    text: &str,
    record: &RawRecord<'_>,
    start: &G::Position,
    written: &[Writ<G::Turn>],
    steps: Option<Rc<Step<G::Turn>>>,
    cost: u32,
    concluded: bool,
) -> Option<Candidate> {
    let edits = edits_of(steps);
    let Some(first) = edits.first() else {
        return Some(Candidate {
            cost,
            edits: Vec::new(),
            text: text.to_string(),
            concluded,
        });
    };
    let offset_of = |at: usize| {
        written
            .get(at)
            .map_or_else(|| end_of_turns(written, record), |w| w.span.offset)
    };
    // The repaired turns, in order, each with the written turn it comes
    // from (none for a turn put in), and the turn each edit lands on;
    // the written turns removed, by the repaired turn they stood before.
    let mut lines: Vec<(Line<'_, G::Turn>, Option<usize>)> = Vec::new();
    let mut edit_lines: Vec<usize> = Vec::new();
    let mut removed: Vec<(usize, usize)> = Vec::new();
    let mut next = 0;
    for step in &edits {
        while next < step.at && next < written.len() {
            lines.push((Line::Written(next), Some(next)));
            next += 1;
        }
        edit_lines.push(lines.len());
        match &step.change {
            Change::Replaced(turn, _) => {
                lines.push((Line::New(turn), Some(next)));
                next += 1;
            }
            Change::Inserted(turn) => lines.push((Line::New(turn), None)),
            Change::Removed(_) => {
                removed.push((lines.len(), next));
                next += 1;
            }
            Change::Swapped => {
                lines.push((Line::Written(next + 1), Some(next + 1)));
                lines.push((Line::Written(next), Some(next)));
                next += 2;
            }
        }
    }
    let first_line = edit_lines.first().copied().unwrap_or(0);
    while next < written.len() {
        lines.push((Line::Written(next), Some(next)));
        next += 1;
    }
    let last_at = edits.last().map_or(0, |s| s.at);
    let begin = offset_of(first.at);
    // A record written a turn to a line is repaired so, and one written
    // with CRLF line ends keeps them.
    let own_lines = written.len() > 1
        && written.iter().all(|w| {
            let before = text.get(..w.span.offset).unwrap_or("");
            let line = before.rsplit('\n').next().unwrap_or("");
            line.trim().is_empty()
        });
    let newline = if text.contains("\r\n") { "\r\n" } else { "\n" };
    let movetext_end = record.movetext_offset + record.movetext.len();
    // What stands after each written turn before the next: its comments
    // (glyphs ending the turn are the turn's).
    let between = |j: usize| -> &str {
        let Some(w) = written.get(j) else {
            return "";
        };
        let from = w.span.offset + w.span.len;
        let to = written
            .get(j + 1)
            .map_or(from, |n| n.span.offset)
            .min(movetext_end);
        text.get(from..to.max(from)).unwrap_or("")
    };
    let comment_after = |j: usize| -> &str {
        if j + 1 >= written.len() {
            // After the last turn: kept with the rest of the text.
            return "";
        }
        let gap = between(j).trim_start_matches(['!', '?']).trim();
        if gap.is_empty() {
            ""
        } else {
            gap
        }
    };
    let mut out = String::with_capacity(text.len() + 16);
    out.push_str(text.get(..begin)?);
    let mut position = start.clone();
    let mut previous: Option<u64> = None;
    let mut located = Vec::new();
    let mut rendered = false;
    for (i, (line, source)) in lines.iter().enumerate() {
        let turn = match line {
            Line::Written(j) => &written[*j].turn,
            Line::New(turn) => turn,
        };
        let play = G::resolve(&position, turn, i).ok()?;
        let canonical = G::canonical(&position, &play, i);
        for (e, _) in edit_lines.iter().enumerate().filter(|(_, l)| **l == i) {
            located.push(locate::<G>(&edits[e], written, &position, i, text, record));
        }
        if i >= first_line {
            for (_, j) in removed.iter().filter(|(l, _)| *l == i) {
                write_comment(&mut out, comment_after(*j), newline);
            }
        }
        // The written text taken up again: a written turn at its own
        // place after the last edit, that reads rightly where it stands
        // (with its number, or on the line of the turn before).
        if let Line::Written(j) = line {
            let shares_line = previous == Some(canonical.line) && !own_lines;
            let numbered = text
                .get(written[*j].span.offset..)
                .is_some_and(|t| t.starts_with(|c: char| c.is_ascii_digit()));
            if i >= first_line && *j == i && *j > last_at && (numbered || shares_line) {
                let at = written[*j].span.offset;
                if rendered {
                    let before = j.checked_sub(1).map_or("", |k| between(k));
                    let new_line = if numbered {
                        before.contains('\n') || !shares_line
                    } else {
                        false
                    };
                    if new_line && !out.ends_with('\n') {
                        out.push_str(newline);
                    } else if !new_line && !out.ends_with([' ', '\n']) {
                        out.push(' ');
                    }
                }
                out.push_str(text.get(at..)?);
                return Some(Candidate {
                    cost,
                    edits: located,
                    text: out,
                    concluded,
                });
            }
        }
        if i >= first_line {
            write_turn(&mut out, &canonical, previous, own_lines, newline);
            if let Some(j) = source {
                write_comment(&mut out, comment_after(*j), newline);
            }
            rendered = true;
        }
        previous = Some(canonical.line);
        G::apply(&mut position, &play);
    }
    for (_, j) in removed.iter().filter(|(l, _)| *l == lines.len()) {
        write_comment(&mut out, comment_after(*j), newline);
    }
    for (e, _) in edit_lines
        .iter()
        .enumerate()
        .filter(|(_, l)| **l == lines.len())
    {
        located.push(locate::<G>(
            &edits[e],
            written,
            &position,
            lines.len(),
            text,
            record,
        ));
    }
    // Written to the end: what follows the movetext's last turn is kept,
    // its comments with it.
    let after = end_of_turns(written, record).max(begin);
    let rest = text.get(after..)?.trim_start_matches([' ', '\t']);
    if !rendered {
        let kept = out.trim_end_matches([' ', '\t']).len();
        out.truncate(kept);
        if rest.starts_with(['\r', '\n']) && out.ends_with('\n') {
            // A turn removed from a line of its own: the line goes too.
            let kept = out.trim_end_matches(['\r', '\n']).len();
            out.truncate(kept);
        }
    }
    if rest.is_empty() {
        if text.ends_with('\n') && !out.ends_with('\n') {
            out.push_str(newline);
        }
    } else if !rest.starts_with(['\n', '\r']) {
        out.push(' ');
    }
    out.push_str(rest);
    Some(Candidate {
        cost,
        edits: located,
        text: out,
        concluded,
    })
}

/// A comment that stood after a written turn, written after the turn it
/// follows: a `;` comment ends its line.
fn write_comment(out: &mut String, comment: &str, newline: &str) {
    if comment.is_empty() {
        return;
    }
    if !out.ends_with([' ', '\n']) && !out.is_empty() {
        out.push(' ');
    }
    out.push_str(comment);
    if ends_its_line(comment) {
        out.push_str(newline);
    }
}

/// Whether comments as written end with a `;` comment, which runs to the
/// end of its line: a `;` outside braces.
fn ends_its_line(comments: &str) -> bool {
    let mut depth = 0usize;
    for c in comments.chars() {
        match c {
            '{' => depth += 1,
            '}' => depth = depth.saturating_sub(1),
            ';' if depth == 0 => return true,
            _ => {}
        }
    }
    false
}

/// Write a canonical turn after `out`: on the line of the turn before when
/// it shares it (and the record does not write a turn to a line), else on
/// a line of its own with its number.
fn write_turn(
    out: &mut String,
    turn: &CanonicalTurn,
    previous: Option<u64>,
    own_lines: bool,
    newline: &str,
) {
    let at_line_start = out.is_empty() || out.ends_with('\n');
    if previous == Some(turn.line) && !at_line_start && !own_lines {
        if !out.ends_with([' ', '\t']) {
            out.push(' ');
        }
        out.push_str(&turn.continued);
    } else {
        if !at_line_start {
            let kept = out.trim_end_matches([' ', '\t']).len();
            out.truncate(kept);
            out.push_str(newline);
        }
        out.push_str(&turn.numbered);
    }
}

/// Where the last written turn ends (the movetext's start without turns).
fn end_of_turns<T>(written: &[Writ<T>], record: &RawRecord<'_>) -> usize {
    written
        .last()
        .map_or(record.movetext_offset, |w| w.span.offset + w.span.len)
}

/// An edit located in the record's text and written as the repair writes
/// it: `lines_index` is the repaired turn it lands on, played from
/// `position`.
fn locate<G: RecordFormat>(
    step: &Step<G::Turn>,
    written: &[Writ<G::Turn>],
    position: &G::Position,
    index: usize,
    text: &str,
    record: &RawRecord<'_>,
) -> Edit {
    let span_of = |at: usize| {
        written
            .get(at)
            .map_or_else(|| Span::new(end_of_turns(written, record), 0), |w| w.span)
    };
    let text_at = |span: Span| {
        text.get(span.offset..span.offset + span.len)
            .unwrap_or("")
            .to_string()
    };
    let written_as = |turn: &G::Turn, position: &G::Position, index: usize| {
        G::resolve(position, turn, index)
            .map(|play| G::canonical(position, &play, index).continued)
            .unwrap_or_default()
    };
    let (slip, span, replacement) = match &step.change {
        Change::Replaced(turn, slip) => {
            (*slip, span_of(step.at), written_as(turn, position, index))
        }
        Change::Inserted(turn) => (
            Slip::TurnLeftOut,
            Span::new(span_of(step.at).offset, 0),
            written_as(turn, position, index),
        ),
        Change::Removed(slip) => (*slip, span_of(step.at), String::new()),
        Change::Swapped => {
            let second = written
                .get(step.at + 1)
                .map(|w| written_as(&w.turn, position, index))
                .unwrap_or_default();
            (
                Slip::TurnsSwapped,
                span_of(step.at).to(span_of(step.at + 1)),
                second,
            )
        }
    };
    Edit {
        slip,
        cost: step.cost,
        span,
        written: text_at(span),
        replacement,
        turn: G::turn_label(position, index),
    }
}
