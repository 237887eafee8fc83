//! Simpei solved: the value with perfect play of every position, found by
//! retrograde analysis, kept in a table one byte per position.
//!
//! The movement phase is a graph with cycles: its values are found
//! backwards from the turns that win at once, breadth first, a position
//! becoming lost when its last successor is found won for the opponent.
//! The placement phase only ever adds pieces: each of its layers is valued
//! forwards from the layer after it. Every arrangement of the pieces is in
//! the table, reachable or not; see `docs/solved.md`.

mod analysis;
mod file;
mod index;
mod symmetry;
mod turns;

use std::fmt;
use std::ops::ControlFlow::{Break, Continue};
use std::sync::atomic::Ordering::Relaxed;
use std::sync::atomic::{AtomicU32, AtomicU64, AtomicU8, AtomicUsize};
use std::sync::Mutex;

pub use analysis::{
    analyse, analyse_record, best_lines, best_play, Analysed, Analysis, BestLine, BestTurns,
    Illegal, Outline, Said, Slip, Unanalysable,
};
pub use file::{TablebaseError, FORMAT, RULES};

pub use index::Layer;

use super::board::Colour;
use super::position::{Position, PIECES};
use index::{choose, grid, next_set, spread, POINTS};
pub use turns::Alignment;
use turns::{count_steps, each_predecessor, each_step, Phase, Step};

/// A position's value with perfect play, for the colour to act: how many
/// turns (one player's each) the game lasts, the last one the winner's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Value(u8);

/// The longest game a byte tells; the search stops there.
const LONGEST: u8 = 126;

/// The high bit of a stored byte: the position can arise in a game from
/// the start (Red's first piece on the centre), whole turns played.
const REACHED: u8 = 0x80;

impl Value {
    /// No forced result: neither side can force three in a row.
    pub const DRAW: Value = Value(0);

    /// The stored byte read back: 0 a draw, else the turns to the end.
    pub(crate) fn from_byte(byte: u8) -> Option<Value> {
        let value = byte & !REACHED;
        (value < LONGEST).then_some(Value(value))
    }

    /// The turns to the end, the winner's last; `None` for a draw.
    pub fn turns(self) -> Option<u8> {
        (self.0 != 0).then_some(self.0)
    }

    /// The colour to act wins.
    pub fn is_win(self) -> bool {
        self.0 % 2 == 1
    }

    /// The colour to act loses.
    pub fn is_loss(self) -> bool {
        (self.0 != 0) & self.0.is_multiple_of(2)
    }

    /// Neither side can force a win.
    pub fn is_draw(self) -> bool {
        self.0 == 0
    }

    /// The value for the player who leads to a position of value `next`
    /// (the opponent's to act).
    pub fn through(next: Value) -> Value {
        match next.0 {
            0 => Value::DRAW,
            n => Value(n.saturating_add(1).min(LONGEST)),
        }
    }

    /// How much the player to act likes it: a quick win most, a slow loss
    /// before a quick one.
    fn preference(self) -> i32 {
        match self.0 {
            0 => 0,
            n if n % 2 == 1 => 1000 - i32::from(n),
            n => i32::from(n) - 1000,
        }
    }

    /// Says the value for the colour to act: "red wins in 7" (in seven
    /// turns, both players' counted, Red's win the last), "draw".
    pub fn said(self, to_act: Colour) -> String {
        match self.0 {
            0 => "draw".into(),
            n if n % 2 == 1 => format!("{to_act} wins in {n}"),
            n => format!("{} wins in {n}", to_act.other()),
        }
    }
}

impl PartialOrd for Value {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

/// Better for the colour to act is greater.
impl Ord for Value {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.preference().cmp(&other.preference())
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            0 => f.write_str("draw"),
            n if n % 2 == 1 => write!(f, "win in {n}"),
            n => write!(f, "loss in {n}"),
        }
    }
}

/// How far a build has come, for a progress line.
#[derive(Clone, Copy, Debug)]
pub struct Progress {
    /// What is being done, in a few words.
    pub stage: &'static str,
    /// Steps done.
    pub done: u64,
    /// Steps in all; 0 when unknown (the retrograde's depths).
    pub total: u64,
}

/// The values of a game (or of a sub-game for tests).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tablebase {
    /// Pieces of each colour in the movement phase.
    red: u8,
    blue: u8,
    /// Whether the placement phase is in the table (a game with as many
    /// pieces each, every one of them starting in hand).
    placement: bool,
    /// Which alignments win.
    alignment: Alignment,
    /// Each layer and where its values stand in `values`.
    layers: Vec<(Layer, std::ops::Range<usize>)>,
    /// One byte per position, layer after layer.
    values: Vec<u8>,
}

/// Won, lost and drawn positions of a phase, for the colour to act.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct Counts {
    /// Won by the colour to act.
    pub won: u64,
    /// Lost by the colour to act.
    pub lost: u64,
    /// Drawn with perfect play.
    pub drawn: u64,
}

impl Counts {
    /// Count `n` positions of a value.
    fn add(&mut self, value: Value, n: u64) {
        match value.0 {
            0 => self.drawn += n,
            v if v % 2 == 1 => self.won += n,
            _ => self.lost += n,
        }
    }

    /// Every position counted.
    pub fn total(&self) -> u64 {
        self.won + self.lost + self.drawn
    }
}

/// What a table found, as `arbitre solve` prints it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Findings {
    /// The start: an empty board, Red to place on a central upper point.
    pub start: Value,
    /// The start if Red's first piece could go anywhere.
    pub free_start: Value,
    /// Over every arrangement of the pieces.
    pub all: Figures,
    /// Over the positions that arise in games from the start, whole turns
    /// played; only for a table of both phases.
    pub reached: Option<Figures>,
}

/// What a table found over a set of its positions.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Figures {
    /// The most turns any forced win takes from a position, whoever is to
    /// act there (a loss in N is the other side's win in N).
    pub longest_win: u8,
    /// A position where that win is forced.
    pub longest_win_at: Option<Position>,
    /// Positions of the placement phase (some piece in hand).
    pub placement: Counts,
    /// Positions of the movement phase (every piece on the board).
    pub movement: Counts,
    /// Movement positions lost only because the colour to act must move:
    /// with the other colour to act they are not lost for it.
    pub zugzwangs: u64,
    /// The first of them in the table.
    pub zugzwang_at: Option<Position>,
}

/// Counts, the longest win and the zugzwangs, gathered over a table, the
/// positions kept as where they stand in it.
#[derive(Default)]
struct Census {
    placement: Counts,
    movement: Counts,
    longest: Option<(u8, Layer, usize)>,
    zugzwangs: u64,
    zugzwang: Option<(Layer, usize)>,
}

impl Census {
    fn zugzwang_found(&mut self, layer: Layer, index: usize) {
        self.zugzwangs += 1;
        self.zugzwang = self.zugzwang.or(Some((layer, index)));
    }

    /// Count the positions of a layer whose stored bytes `holds` takes,
    /// from how many hold each byte: the first position of the longest win
    /// looked for only when the layer holds a longer win than any before.
    fn add_layer(
        &mut self,
        movement: bool,
        layer: Layer,
        (values, histogram): (&[u8], &[u64; 256]),
        holds: impl Fn(u8) -> bool,
    ) {
        let counts = if movement {
            &mut self.movement
        } else {
            &mut self.placement
        };
        let mut longest = 0;
        for (byte, &n) in (0..=u8::MAX).zip(histogram) {
            if n == 0 || !holds(byte) {
                continue;
            }
            let value = Value(byte & !REACHED);
            counts.add(value, n);
            longest = longest.max(value.0);
        }
        if longest > 0 && self.longest.is_none_or(|(n, ..)| longest > n) {
            let first = values
                .iter()
                .position(|&b| holds(b) && b & !REACHED == longest);
            if let Some(i) = first {
                self.longest = Some((longest, layer, i));
            }
        }
    }
}

/// How many of `values` hold each byte. Four tallies side by side, so
/// that a run of one byte does not wait on its own last count.
fn histogram(values: &[u8]) -> [u64; 256] {
    let mut tallies = [[0u64; 256]; 4];
    let mut quads = values.chunks_exact(4);
    for quad in &mut quads {
        for (tally, &byte) in tallies.iter_mut().zip(quad) {
            tally[usize::from(byte)] += 1;
        }
    }
    for &byte in quads.remainder() {
        tallies[0][usize::from(byte)] += 1;
    }
    let mut sum = [0u64; 256];
    for tally in &tallies {
        for (s, n) in sum.iter_mut().zip(tally) {
            *s += n;
        }
    }
    sum
}

impl Tablebase {
    /// The layers of the game with `pieces` of each colour, in the order
    /// they are built and stored: the movement phase (Red to act, then
    /// Blue), then the placement phase from its last layer to the start.
    pub fn game_layers(pieces: u8) -> Vec<Layer> {
        let mut layers = movement_layers(pieces, pieces).to_vec();
        for k in (0..pieces).rev() {
            layers.push(Layer {
                red: k + 1,
                blue: k,
                to_move: Colour::Blue,
            });
            layers.push(Layer {
                red: k,
                blue: k,
                to_move: Colour::Red,
            });
        }
        layers
    }

    /// The pieces of each colour of the game the table solves, both phases
    /// in it; `None` for a movement phase alone.
    pub fn pieces(&self) -> Option<u8> {
        (self.placement && self.red == self.blue).then_some(self.red)
    }

    /// Which alignments win in the game the table solves.
    pub fn alignment(&self) -> Alignment {
        self.alignment
    }

    /// The layers and their values, in stored order.
    pub fn layers(&self) -> impl Iterator<Item = (Layer, &[u8])> {
        self.layers
            .iter()
            .map(|(l, range)| (*l, self.values.get(range.clone()).unwrap_or(&[])))
    }

    /// The value of a position, if the table holds it: not once the game
    /// is won, nor halfway through a turn, nor with other piece counts.
    pub fn value(&self, position: &Position) -> Option<Value> {
        if position.winner.is_some() || position.lifted != 0 {
            return None;
        }
        let [red, blue] = position.pieces.map(|p| p.count_ones() as u8);
        if red > self.red || blue > self.blue {
            return None;
        }
        let layer = Layer {
            red,
            blue,
            to_move: position.to_move,
        };
        if position.hand != self.hands(layer) {
            return None;
        }
        self.value_at(layer, position.pieces[0], position.pieces[1])
    }

    /// The pieces each colour holds in hand in a layer's positions: the
    /// rest of the game's, or none in a table of the movement phase alone.
    fn hands(&self, layer: Layer) -> [u8; 2] {
        if self.placement {
            [self.red - layer.red, self.blue - layer.blue]
        } else {
            [0, 0]
        }
    }

    /// The value of an arrangement (grid bit sets) in a layer.
    fn value_at(&self, layer: Layer, red: u64, blue: u64) -> Option<Value> {
        value_in(self.values(layer)?, layer, red, blue)
    }

    fn values(&self, layer: Layer) -> Option<&[u8]> {
        let (_, range) = self.layers.iter().find(|(l, _)| *l == layer)?;
        self.values.get(range.clone())
    }

    /// Add a layer's values after the others.
    fn push(&mut self, layer: Layer, values: Vec<u8>) {
        let start = self.values.len();
        if start == 0 {
            self.values = values;
        } else {
            self.values.extend_from_slice(&values);
        }
        self.layers.push((layer, start..self.values.len()));
    }

    /// The best value a turn of the colour to act reaches from `layer`'s
    /// arrangement, its successors in `next` (their values found once, not
    /// at every turn).
    fn best(&self, layer: Layer, red: u64, blue: u64, phase: Phase, next: Layer) -> Value {
        let values = self.values(next).unwrap_or(&[]);
        let (own, theirs) = layer.sides(red, blue);
        let mut best: Option<Value> = None;
        each_step(own, theirs, phase, self.alignment, |step| {
            let value = match step {
                Step::Win => Value(1),
                Step::Next { acting, waiting } => {
                    let (r, b) = next.sides(acting, waiting);
                    Value::through(value_in(values, next, r, b).unwrap_or(Value::DRAW))
                }
            };
            best = Some(best.map_or(value, |b| b.max(value)));
        });
        best.unwrap_or(Value::DRAW)
    }

    /// What the table found.
    pub fn findings(&self) -> Findings {
        let empty = Layer {
            red: 0,
            blue: 0,
            to_move: Colour::Red,
        };
        let start = self.value_at(empty, 0, 0).unwrap_or(Value::DRAW);
        let first = Layer {
            red: 1,
            blue: 0,
            to_move: Colour::Blue,
        };
        let free_start = if self.placement {
            self.best(empty, 0, 0, Phase::Placement { centre_only: false }, first)
        } else {
            Value::DRAW
        };
        let mut all = Census::default();
        let mut reached = Census::default();
        for (layer, values) in self.layers() {
            let movement = layer.red == self.red && layer.blue == self.blue;
            let histogram = histogram(values);
            all.add_layer(movement, layer, (values, &histogram), |_| true);
            reached.add_layer(movement, layer, (values, &histogram), |b| b & REACHED != 0);
        }
        // A zugzwang: lost with the colour to act, not won by the other were
        // it to act in the same arrangement. Both layers share an index.
        let [red, blue] = movement_layers(self.red, self.blue);
        if let (Some(reds), Some(blues)) = (self.values(red), self.values(blue)) {
            // Told without a branch on each value: they follow no pattern.
            let zugzwang = |here: u8, there: u8| {
                let (v, w) = (Value(here & !REACHED), Value(there & !REACHED));
                v.is_loss() & !w.is_win()
            };
            for (i, (&r, &b)) in reds.iter().zip(blues).enumerate() {
                if zugzwang(r, b) | zugzwang(b, r) {
                    for (layer, here, there) in [(red, r, b), (blue, b, r)] {
                        if zugzwang(here, there) {
                            all.zugzwang_found(layer, i);
                            if here & REACHED != 0 {
                                reached.zugzwang_found(layer, i);
                            }
                        }
                    }
                }
            }
        }
        let figures = |census: Census| Figures {
            longest_win: census.longest.map_or(0, |(n, ..)| n),
            longest_win_at: census.longest.map(|(_, l, i)| self.position(l, i as u64)),
            placement: census.placement,
            movement: census.movement,
            zugzwangs: census.zugzwangs,
            zugzwang_at: census.zugzwang.map(|(l, i)| self.position(l, i as u64)),
        };
        Findings {
            start,
            free_start,
            all: figures(all),
            reached: self.placement.then(|| figures(reached)),
        }
    }

    /// The position at an index of a layer.
    pub fn position(&self, layer: Layer, index: u64) -> Position {
        let (red, blue) = layer.arrangement(index);
        Position {
            pieces: [grid(red), grid(blue)],
            hand: self.hands(layer),
            to_move: layer.to_move,
            opener: layer.to_move,
            ..Position::default()
        }
    }
}

/// The value of an arrangement (grid bit sets) among a layer's values.
fn value_in(values: &[u8], layer: Layer, red: u64, blue: u64) -> Option<Value> {
    let index = usize::try_from(layer.index(red, blue)).ok()?;
    values.get(index).and_then(|&b| Value::from_byte(b))
}

/// A stored value that is not the one the values its turns lead to give
/// it: the table is not the solver's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "the value at byte {} ({}, with {} red and {} blue pieces on the board) is not the one its \
     turns give it ({}): these are not the solver's values",
    file::HEADER + .offset,
    .held.said(.layer.to_move),
    .layer.red,
    .layer.blue,
    .due.said(.layer.to_move)
)]
pub struct Disagreement {
    /// Where the value stands among the table's values.
    pub offset: usize,
    /// Its layer: the pieces on the board and the colour to act.
    pub layer: Layer,
    /// The value stored.
    pub held: Value,
    /// The value its turns give it.
    pub due: Value,
}

/// Positions drawn at random over the whole table and checked against
/// their successors at each load: about 0.2 s of a load of the game's
/// table (docs/solved.md gives the odds a forgery slips through).
pub(crate) const SAMPLED: u64 = 1 << 16;

/// Turns from the start whose positions every load checks, all of them.
const OPENING_PLIES: usize = 2;

impl Tablebase {
    /// The turns of a layer's positions and the layer they lead to.
    fn turns_from(&self, layer: Layer) -> (Phase, Layer) {
        if self.placement && (layer.red, layer.blue) != (self.red, self.blue) {
            (Phase::placing(layer), layer.after_placement())
        } else {
            (Phase::Movement, layer.flipped())
        }
    }

    /// Whether the value of a position (its layer's slot, its index) is
    /// the one the retrograde gives it from its successors' values: a win
    /// in 1 with a turn that aligns three; else a win in N with a
    /// successor lost in N - 1 and none lost sooner; a loss in N with
    /// only won successors, the slowest won in N - 1; a draw with no lost
    /// successor and a drawn one. The build's own rule (`best`).
    fn agrees(&self, slot: usize, index: u64) -> Result<(), Disagreement> {
        let Some((layer, range)) = self.layers.get(slot) else {
            return Ok(());
        };
        let offset = range.start + index as usize;
        let held = Value(self.values.get(offset).map_or(0, |b| b & !REACHED));
        let (red, blue) = layer.arrangement(index);
        let (phase, next) = self.turns_from(*layer);
        let due = self.best(*layer, grid(red), grid(blue), phase, next);
        if held == due {
            Ok(())
        } else {
            Err(Disagreement {
                offset,
                layer: *layer,
                held,
                due,
            })
        }
    }

    /// Whether the table's value of `position` agrees with the values its
    /// turns lead to, as every load checks a sample: the commands check
    /// each position they report. A position the table does not hold
    /// agrees.
    pub fn check_position(&self, position: &Position) -> Result<(), Disagreement> {
        if position.winner.is_some() || position.lifted != 0 {
            return Ok(());
        }
        let [red, blue] = position.pieces.map(|p| p.count_ones() as u8);
        let layer = Layer {
            red,
            blue,
            to_move: position.to_move,
        };
        let Some(slot) = self.layers.iter().position(|(l, _)| *l == layer) else {
            return Ok(());
        };
        if position.hand != self.hands(layer) {
            return Ok(());
        }
        let [red, blue] = position.pieces;
        self.agrees(slot, layer.index(red, blue))
    }

    /// Check positions against their successors: the start and every
    /// position the first turns reach from it, then `sampled` positions
    /// drawn uniformly over the whole table from `seed` (every position,
    /// in order, when the table holds no more). A table whose every
    /// position agrees is the solver's, whatever forged it: wins and
    /// losses are founded on turns that align three.
    pub(crate) fn check(&self, sampled: u64, seed: u64) -> Result<(), Disagreement> {
        let slot = |layer: Layer| self.layers.iter().position(|(l, _)| *l == layer);
        let empty = Layer {
            red: 0,
            blue: 0,
            to_move: Colour::Red,
        };
        if let (true, Some(start)) = (self.placement, slot(empty)) {
            let mut frontier = vec![(start, 0u64)];
            for ply in 0..=OPENING_PLIES {
                let mut next = Vec::new();
                for &(s, index) in &frontier {
                    self.agrees(s, index)?;
                    let layer = self.layers[s].0;
                    let (phase, after) = self.turns_from(layer);
                    let (Some(to), true) = (slot(after), ply < OPENING_PLIES) else {
                        continue;
                    };
                    let (red, blue) = layer.arrangement(index);
                    let (own, theirs) = layer.sides(grid(red), grid(blue));
                    each_step(own, theirs, phase, self.alignment, |step| {
                        if let Step::Next { acting, waiting } = step {
                            let (r, b) = after.sides(acting, waiting);
                            next.push((to, after.index(r, b)));
                        }
                    });
                }
                next.sort_unstable();
                next.dedup();
                frontier = next;
            }
        }
        let total = self.values.len() as u64;
        let mut rng = crate::rng::Rng::new(seed);
        for k in 0..sampled.min(total) {
            let at = if total <= sampled {
                k
            } else {
                rng.next_u64() % total
            };
            let Some(s) = self
                .layers
                .iter()
                .position(|(_, r)| r.contains(&(at as usize)))
            else {
                continue;
            };
            self.agrees(s, at - self.layers[s].1.start as u64)?;
        }
        Ok(())
    }
}

/// The longest value a table the solver builds can hold, from what its
/// header says: its piece counts, its phases and its alignment. A value
/// past it is no value of the solver's.
///
/// Each figure is the longest value of that table as built (measured;
/// the tests build every table that takes seconds and compare). A side of
/// two pieces or fewer never aligns three, so where both sides have so
/// few every position is a draw. A table and the one with the colours
/// swapped hold the same values. The movement phase of four pieces each,
/// alone, is held to the whole game's figure (`docs/solved.md`), which
/// includes it.
pub(crate) fn longest_possible(red: u8, blue: u8, placement: bool, alignment: Alignment) -> u8 {
    let gapped = alignment == Alignment::Gapped;
    let either = |gapped_figure, adjacent_figure| {
        if gapped {
            gapped_figure
        } else {
            adjacent_figure
        }
    };
    match (placement, red.max(blue), red.min(blue)) {
        (_, 0..=2, _) => 0,
        (true, 3, _) => either(71, 64),
        (_, 4, 4) | (true, _, _) => either(56, 49),
        (false, 3, 0) => 10,
        (false, 3, 1) => 12,
        (false, 4, 1) => 10,
        (false, 3, 2) => 24,
        (false, 3, _) => either(71, 63),
        (false, 4, 0) => either(8, 10),
        (false, 4, 2) => 14,
        (false, _, _) => either(32, 36),
    }
}

/// A position's count of successors when a turn wins at once: never
/// counted down, its value being set from the start.
const WON_AT_ONCE: u8 = 0;

/// A position's count of successors when it does not fit a byte: the
/// count is kept in the layer's `Overflow` instead. One byte a position
/// keeps the build's memory down; few positions have so many successors
/// (those where a move sandwiches two pieces or more).
const OVERFLOW: u8 = u8::MAX;

/// The successor counts of a layer's positions that do not fit their
/// byte, sorted by index.
#[derive(Default)]
struct Overflow(Vec<(u32, AtomicU32)>);

impl Overflow {
    /// Count again the successors of the positions of `layer` whose byte
    /// in `left` says they overflow it.
    fn gather(layer: Layer, left: &[AtomicU8], threads: usize, alignment: Alignment) -> Overflow {
        let found = Mutex::new(Vec::new());
        let size = left.len();
        let block = chunk(size, threads);
        on_threads(size.div_ceil(block), threads, |t| {
            let start = t * block;
            let mut mine = Vec::new();
            for (i, count) in left.iter().enumerate().skip(start).take(block) {
                if count.load(Relaxed) != OVERFLOW {
                    continue;
                }
                let (red, blue) = layer.arrangement(i as u64);
                let (own, theirs) = layer.sides(grid(red), grid(blue));
                let n = count_steps(own, theirs, Phase::Movement, alignment).unwrap_or(0);
                if let (Ok(i), Ok(n)) = (u32::try_from(i), u32::try_from(n)) {
                    mine.push((i, AtomicU32::new(n)));
                }
            }
            match found.lock() {
                Ok(mut found) => found.append(&mut mine),
                Err(poisoned) => poisoned.into_inner().append(&mut mine),
            }
            0
        });
        let mut found = found.into_inner().unwrap_or_else(|p| p.into_inner());
        found.sort_unstable_by_key(|(i, _)| *i);
        Overflow(found)
    }

    /// Count down by `by` the successors position `j` waits for, its byte
    /// `count`: whether these were the last.
    /// A count that would go below zero is a fault of the build's, which
    /// the tests would show (debug builds stop there); a release build
    /// leaves the position drawn.
    fn count_down(&self, count: &AtomicU8, j: usize, by: u32) -> bool {
        // At most the eight positions of the class found.
        debug_assert!((1..=8).contains(&by), "counted down by {by}");
        let Ok(by_byte) = u8::try_from(by) else {
            return false;
        };
        match count.fetch_update(Relaxed, Relaxed, |c| {
            (c != OVERFLOW).then(|| c.checked_sub(by_byte)).flatten()
        }) {
            Ok(c) => c == by_byte,
            Err(OVERFLOW) => {
                let Ok(j) = u32::try_from(j) else {
                    return false;
                };
                let Ok(at) = self.0.binary_search_by_key(&j, |(i, _)| *i) else {
                    return false;
                };
                self.0.get(at).is_some_and(|(_, n)| {
                    let left = n.fetch_update(Relaxed, Relaxed, |c| c.checked_sub(by));
                    debug_assert!(left.is_ok(), "a count below zero");
                    left == Ok(by)
                })
            }
            Err(c) => {
                debug_assert!(false, "a count of {c} counted down by {by}");
                false
            }
        }
    }
}

impl Tablebase {
    /// Mark every position that arises in a game from the start: the
    /// placement layers forwards from the empty board, then the movement
    /// phase breadth first until no new position turns up.
    fn mark_reached(&mut self, threads: usize, progress: &mut dyn FnMut(Progress)) {
        let reached: Vec<Bits> = self
            .layers
            .iter()
            .map(|(_, r)| Bits::new(r.len()))
            .collect();
        let at = |layer: Layer| self.layers.iter().position(|(l, _)| *l == layer);
        let movement = movement_layers(self.red, self.blue);
        let Some(start) = self.layers.iter().rposition(|(l, _)| !movement.contains(l)) else {
            return;
        };
        reached[start].insert(0);
        // The placement layers are stored from the last to the start.
        for i in (0..=start).rev().filter(|&i| i >= movement.len()) {
            let layer = self.layers[i].0;
            let phase = Phase::placing(layer);
            let next = layer.after_placement();
            if let Some(n) = at(next) {
                self.reach_from(layer, &reached[i], phase, next, &reached[n], threads);
            }
        }
        // The movement phase: nearly every position is reached, so each
        // one not yet reached asks its predecessors, stopping at the first
        // reached one, rather than each reached one walking all its turns;
        // rounds go on until one adds none. Either way the set is the
        // least that holds the placement's ends and is closed under turns.
        let (Some(first), Some(second)) = (at(movement[0]), at(movement[1])) else {
            return;
        };
        let alignment = self.alignment;
        let mut round = 0;
        loop {
            let mut added = 0;
            // Blue to act first: its predecessors are the Red positions
            // the placement reached.
            for (this, earlier) in [(second, first), (first, second)] {
                let layer = self.layers[this].0;
                let before = layer.flipped();
                let (into, from) = (&reached[this], &reached[earlier]);
                let size = self.layers[this].1.len();
                added += each_picked(
                    size,
                    threads,
                    |i| !into.contains(i),
                    |i| {
                        let (red, blue) = layer.arrangement(i as u64);
                        let (acting, moved) = layer.sides(grid(red), grid(blue));
                        let found = each_predecessor(moved, acting, alignment, |moved, acting| {
                            let (r, b) = before.sides(moved, acting);
                            if from.contains(before.index(r, b) as usize) {
                                Break(())
                            } else {
                                Continue(())
                            }
                        });
                        u64::from(found.is_break() && into.insert(i))
                    },
                );
            }
            round += 1;
            progress(Progress {
                stage: "reachable positions",
                done: round,
                total: 0,
            });
            if added == 0 {
                break;
            }
        }
        for ((_, range), reached) in self.layers.iter().zip(&reached) {
            for i in reached.iter(0..reached.words()) {
                if let Some(byte) = self.values.get_mut(range.start + i) {
                    *byte |= REACHED;
                }
            }
        }
    }

    /// Mark in `into` what the positions `sources` of `layer` lead to in
    /// one turn.
    fn reach_from(
        &self,
        layer: Layer,
        sources: &Bits,
        phase: Phase,
        next: Layer,
        into: &Bits,
        threads: usize,
    ) {
        let alignment = self.alignment;
        let words = sources.words();
        let block = chunk(words, threads);
        on_threads(words.div_ceil(block), threads, |t| {
            let start = t * block;
            for i in sources.iter(start..(start + block).min(words)) {
                let (red, blue) = layer.arrangement(i as u64);
                let (own, theirs) = layer.sides(grid(red), grid(blue));
                each_step(own, theirs, phase, alignment, |step| {
                    let Step::Next { acting, waiting } = step else {
                        return;
                    };
                    let (r, b) = next.sides(acting, waiting);
                    into.insert(next.index(r, b) as usize);
                });
            }
            0
        });
    }
}

/// Positions of a layer, as a bit set over its indices that threads mark
/// together.
struct Bits(Vec<AtomicU64>);

impl Bits {
    fn new(size: usize) -> Bits {
        Bits((0..size.div_ceil(64)).map(|_| AtomicU64::new(0)).collect())
    }

    /// Mark `i`; whether it was not marked before.
    fn insert(&self, i: usize) -> bool {
        let bit = 1 << (i % 64);
        self.0
            .get(i / 64)
            .is_some_and(|word| word.fetch_or(bit, Relaxed) & bit == 0)
    }

    fn words(&self) -> usize {
        self.0.len()
    }

    /// Whether `i` is marked.
    fn contains(&self, i: usize) -> bool {
        self.0
            .get(i / 64)
            .is_some_and(|word| word.load(Relaxed) & 1 << (i % 64) != 0)
    }

    /// The marked indices in a range of words.
    fn iter(&self, words: std::ops::Range<usize>) -> impl Iterator<Item = usize> + '_ {
        let first = words.start;
        self.0[words].iter().enumerate().flat_map(move |(w, word)| {
            let mut rest = word.load(Relaxed);
            std::iter::from_fn(move || {
                (rest != 0).then(|| {
                    let bit = rest.trailing_zeros() as usize;
                    rest &= rest - 1;
                    (first + w) * 64 + bit
                })
            })
        })
    }
}

/// The two layers of the movement phase, Red to act first.
fn movement_layers(red: u8, blue: u8) -> [Layer; 2] {
    [Colour::Red, Colour::Blue].map(|to_move| Layer { red, blue, to_move })
}

/// Why a table could not be built.
#[derive(Debug, thiserror::Error)]
pub enum SolveError {
    /// A forced win longer than a byte tells.
    #[error("a game lasts more than {LONGEST} turns: the table cannot tell it")]
    TooLong,
    /// A sub-game with more pieces than the game has.
    #[error("at most {PIECES} pieces of each colour, not {red} and {blue}")]
    TooManyPieces {
        /// Red pieces asked for.
        red: u8,
        /// Blue pieces asked for.
        blue: u8,
    },
}

/// Solve Simpei with `pieces` of each colour (4 is the game): both phases.
pub fn solve(
    pieces: u8,
    threads: usize,
    alignment: Alignment,
    progress: &mut dyn FnMut(Progress),
) -> Result<Tablebase, SolveError> {
    let threads = threads.clamp(1, MOST_THREADS);
    let mut table = solve_movement(pieces, pieces, threads, alignment, progress)?;
    table.placement = true;
    let layers = Tablebase::game_layers(pieces);
    for &layer in &layers[2..] {
        let next = layer.after_placement();
        let phase = Phase::placing(layer);
        // The least position of each class first, then the others.
        let mut values = vec![0u8; usize::try_from(layer.size()).unwrap_or(0)];
        each_block(layer, &mut values, threads, |red, blue, value| {
            if symmetry::is_least(red, blue) {
                *value = table.best(layer, red, blue, phase, next).0;
            }
        });
        let least = values.clone();
        each_block(layer, &mut values, threads, |red, blue, value| {
            if let Some(j) = least_elsewhere(layer, red, blue) {
                *value = least.get(j).copied().unwrap_or(0);
            }
        });
        // `through` stops at the longest game a byte tells.
        if values.contains(&LONGEST) {
            return Err(SolveError::TooLong);
        }
        progress(Progress {
            stage: "placement",
            done: table.layers.len() as u64 - 1,
            total: layers.len() as u64 - 2,
        });
        table.push(layer, values);
    }
    table.mark_reached(threads, progress);
    Ok(table)
}

/// Solve the movement phase alone with so many pieces on the board and
/// none in hand: the whole game's last phase (4 and 4), or a smaller one.
pub fn solve_movement(
    red: u8,
    blue: u8,
    threads: usize,
    alignment: Alignment,
    progress: &mut dyn FnMut(Progress),
) -> Result<Tablebase, SolveError> {
    if red > PIECES || blue > PIECES {
        return Err(SolveError::TooManyPieces { red, blue });
    }
    let threads = threads.clamp(1, MOST_THREADS);
    let layers = movement_layers(red, blue);
    let size = usize::try_from(layers[0].size()).unwrap_or(0);
    let atomic_bytes = || (0..size).map(|_| AtomicU8::new(0)).collect::<Vec<_>>();
    let values = [atomic_bytes(), atomic_bytes()];
    let mut left: [Vec<AtomicU8>; 2] = [atomic_bytes(), atomic_bytes()];
    let mut over: [Overflow; 2] = Default::default();
    // Every position: won at once, or how many successors it waits for.
    for (side, layer) in layers.iter().enumerate() {
        each_block(*layer, &mut left[side], threads, |red, blue, left| {
            // A position not the least of its class is never counted
            // down: its count is any but the two that mean something.
            if !symmetry::is_least(red, blue) {
                *left.get_mut() = 1;
                return;
            }
            let (own, theirs) = layer.sides(red, blue);
            *left.get_mut() = match count_steps(own, theirs, Phase::Movement, alignment) {
                None => WON_AT_ONCE,
                Some(n) => u8::try_from(n).unwrap_or(OVERFLOW),
            };
        });
        for (value, left) in values[side].iter().zip(&left[side]) {
            if left.load(Relaxed) == WON_AT_ONCE {
                value.store(1, Relaxed);
            }
        }
        over[side] = Overflow::gather(*layer, &left[side], threads, alignment);
        progress(Progress {
            stage: "counting turns",
            done: side as u64 + 1,
            total: 2,
        });
    }
    // Breadth first: the positions found at `depth` settle their
    // predecessors at `depth + 1`. Within one depth every settling is of
    // one kind (a win when `depth` is a loss, a count run down when it is
    // a win), so the threads sharing the work need only atomic steps.
    let mut depth = 1u8;
    loop {
        let mut settled = 0u64;
        for (side, layer) in layers.iter().enumerate() {
            let (found, before) = (&values[side], &values[1 - side]);
            let (waiting, over) = (&left[1 - side], &over[1 - side]);
            let earlier = layer.flipped();
            // Only the least position of each class is found at a depth,
            // and it settles its predecessors' classes, each by its least
            // position. A class's predecessor `q` has as many successors in
            // the class of `r` as `r` has predecessors in the class of `q`,
            // times the symmetries keeping `q` over those keeping `r`
            // (both counts tell the symmetries `s` with `q` leading to
            // `s(r)`): each predecessor found counts `q` down by the first
            // over the second, summed over the class where `r` is kept by
            // more than the identity (docs/solved.md).
            let settle = |i: usize| {
                let mut settled = 0;
                let (red, blue) = layer.arrangement(i as u64);
                let (red, blue) = (grid(red), grid(blue));
                let kept = symmetry::kept(red, blue);
                let (acting, moved) = layer.sides(red, blue);
                let mut shared: Vec<(usize, u32)> = Vec::new();
                let mut settle_one = |j: usize, by: u32| {
                    let (Some(value), Some(count)) = (before.get(j), waiting.get(j)) else {
                        return;
                    };
                    if value.load(Relaxed) != 0 {
                        return;
                    }
                    let last = depth.is_multiple_of(2) || over.count_down(count, j, by);
                    if last
                        && value
                            .compare_exchange(0, depth + 1, Relaxed, Relaxed)
                            .is_ok()
                    {
                        settled += 1;
                    }
                };
                let _ = each_predecessor(moved, acting, alignment, |moved, acting| {
                    let (r, b) = earlier.sides(moved, acting);
                    let (r, b, its_kept) = symmetry::least(r, b);
                    let j = earlier.index(r, b) as usize;
                    if depth.is_multiple_of(2) {
                        // A loss found: each earlier class is won, no count.
                        settle_one(j, 0);
                    } else if kept == 1 {
                        settle_one(j, its_kept);
                    } else {
                        shared.push((j, its_kept));
                    }
                    Continue(())
                });
                shared.sort_unstable();
                for run in shared.chunk_by(|a, b| a.0 == b.0) {
                    if let Some(&(j, its_kept)) = run.first() {
                        let counted = run.len() as u32 * its_kept;
                        debug_assert_eq!(counted % kept, 0, "a class counted down in part");
                        settle_one(j, counted / kept);
                    }
                }
                settled
            };
            settled += each_picked(size, threads, |i| found[i].load(Relaxed) == depth, settle);
        }
        progress(Progress {
            stage: "retrograde",
            done: u64::from(depth),
            total: 0,
        });
        if settled == 0 {
            break;
        }
        depth += 1;
        if depth >= LONGEST {
            return Err(SolveError::TooLong);
        }
    }
    drop(left);
    drop(over);
    // Every other position takes the value of its class's least.
    for (side, layer) in layers.iter().enumerate() {
        let values = &values[side];
        each_arrangement(*layer, threads, |i, red, blue| {
            if let Some(j) = least_elsewhere(*layer, red, blue) {
                if let (Some(value), Some(least)) = (values.get(i), values.get(j)) {
                    value.store(least.load(Relaxed), Relaxed);
                }
            }
        });
    }
    let mut table = Tablebase {
        red,
        blue,
        placement: false,
        alignment,
        layers: Vec::new(),
        values: Vec::new(),
    };
    for (layer, values) in layers.into_iter().zip(values) {
        table.push(
            layer,
            values.into_iter().map(AtomicU8::into_inner).collect(),
        );
    }
    Ok(table)
}

/// Run `f` on each index of `0..size` that `pick` picks, the range cut in
/// blocks shared among `threads`; the sum of what `f` returns.
fn each_picked(
    size: usize,
    threads: usize,
    pick: impl Fn(usize) -> bool + Sync,
    f: impl Fn(usize) -> u64 + Sync,
) -> u64 {
    let block = chunk(size, threads);
    on_threads(size.div_ceil(block), threads, |t| {
        let start = t * block;
        (start..(start + block).min(size))
            .filter(|&i| pick(i))
            .map(&f)
            .sum::<u64>()
    })
}

/// Run `f` on every arrangement of a layer and its slot, the layer cut in
/// blocks of red sets shared among `threads`.
fn each_block<T: Send>(
    layer: Layer,
    slots: &mut [T],
    threads: usize,
    f: impl Fn(u64, u64, &mut T) + Sync,
) {
    let row = usize::try_from(layer.blue_sets()).unwrap_or(1).max(1);
    let reds = choose(POINTS, usize::from(layer.red)) as usize;
    let per_block = chunk(reds, threads);
    let blocks: Vec<Mutex<Option<&mut [T]>>> = slots
        .chunks_mut(per_block * row)
        .map(|block| Mutex::new(Some(block)))
        .collect();
    on_threads(blocks.len(), threads, |t| {
        let taken = blocks.get(t).and_then(|b| match b.lock() {
            Ok(mut block) => block.take(),
            Err(poisoned) => poisoned.into_inner().take(),
        });
        let Some(block) = taken else { return 0 };
        let mut slots = block.iter_mut();
        each_in_rows(layer, t * per_block, per_block, |_, red, blue| {
            if let Some(slot) = slots.next() {
                f(red, blue, slot);
            }
        });
        0
    });
}

/// Run `f` on every arrangement of a layer and its index, the layer cut
/// in blocks of red sets shared among `threads`.
fn each_arrangement(layer: Layer, threads: usize, f: impl Fn(usize, u64, u64) + Sync) {
    let reds = choose(POINTS, usize::from(layer.red)) as usize;
    let per_block = chunk(reds, threads);
    on_threads(reds.div_ceil(per_block), threads, |t| {
        each_in_rows(layer, t * per_block, per_block, &f);
        0
    });
}

/// Run `f` on the arrangements (grid sets) of a layer whose red sets have
/// colex ranks `first..first + rows`, in index order, with their index.
fn each_in_rows(layer: Layer, first: usize, rows: usize, mut f: impl FnMut(usize, u64, u64)) {
    let row = usize::try_from(layer.blue_sets()).unwrap_or(1).max(1);
    let reds = choose(POINTS, usize::from(layer.red)) as usize;
    let mut red = layer.arrangement((first * row) as u64).0;
    for rank in first..(first + rows).min(reds) {
        let red_grid = grid(red);
        let mut blue = (1u32 << layer.blue) - 1;
        for i in rank * row..(rank + 1) * row {
            f(i, red_grid, grid(spread(blue, red)));
            blue = next_set(blue, POINTS - usize::from(layer.red)).unwrap_or(0);
        }
        red = next_set(red, POINTS).unwrap_or(0);
    }
}

/// Where the least position of `(red, blue)`'s class stands in `layer`,
/// when it is not this one: the position to take the value of.
fn least_elsewhere(layer: Layer, red: u64, blue: u64) -> Option<usize> {
    let (r, b, _) = symmetry::least(red, blue);
    if (r, b) == (red, blue) {
        return None;
    }
    usize::try_from(layer.index(r, b)).ok()
}

/// The most threads a build uses: past the cores, more only wait.
pub const MOST_THREADS: usize = 64;

/// Blocks of work a thread takes in turn, about: enough that a thread
/// whose blocks hold little work takes more of them (the positions found
/// at one depth gather in parts of a layer), few enough that taking one
/// costs nothing.
const BLOCKS_PER_THREAD: usize = 64;

/// How many of `items` a block of work holds, for `threads`.
fn chunk(items: usize, threads: usize) -> usize {
    items.div_ceil(threads.max(1) * BLOCKS_PER_THREAD).max(1)
}

/// Run `job(t)` for each `t` in `0..n` on up to `threads` threads, this
/// one among them, each taking the next `t` when done with one; the sum of
/// what they return. A thread that cannot be started leaves its share to
/// the others: a build never fails for want of threads.
fn on_threads(n: usize, threads: usize, job: impl Fn(usize) -> u64 + Sync) -> u64 {
    let next = AtomicUsize::new(0);
    let work = || {
        let mut total = 0;
        loop {
            let t = next.fetch_add(1, Relaxed);
            if t >= n {
                return total;
            }
            total += job(t);
        }
    };
    let work = &work;
    std::thread::scope(|scope| {
        let helpers: Vec<_> = (1..threads.clamp(1, n.max(1)))
            .filter_map(|_| std::thread::Builder::new().spawn_scoped(scope, work).ok())
            .collect();
        let mine = work();
        // A worker's panic is a fault of ours: it goes on up.
        let joined = helpers
            .into_iter()
            .map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)));
        mine + joined.sum::<u64>()
    })
}

#[cfg(test)]
mod tests;
