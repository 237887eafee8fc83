//! Captures: every complete sequence of a piece, the longest one, the
//! maximum captures among the pieces that may still act. The legal actions
//! built from them are in `moves.rs`.

use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use super::board::{reverse, squares, Camp, Sq, Squares, Takeoffs, BOARD};
use super::moves::{kept_longest, KEPT_AFTER};
use super::position::Position;

thread_local! {
    /// How many capture states this thread's searches have worked out (not
    /// found remembered): their work, told apart from the machine's speed.
    static WORKED: Cell<u64> = const { Cell::new(0) };
}

/// A short form's longest captures ending on its square, as the last long
/// search found them: all that search follows from (every piece, the foes,
/// whether the piece flies, its start and end square), and the captures.
type Ending = ((Squares, Squares, bool, Sq, Sq), Vec<(Vec<Sq>, Squares)>);

thread_local! {
    /// The short form's search kept, as [`Position::longest_ending_on`]
    /// gives it again.
    static ENDING: RefCell<Option<Ending>> = const { RefCell::new(None) };
    /// The search of every ending of the last long short form's piece,
    /// its table filled by the short form's search: the maximum capture
    /// rule asks next for the longest captures overall, and
    /// [`Position::search`] hands it out once rather than searching again.
    static EVERY_ENDING: RefCell<Option<Search>> = const { RefCell::new(None) };
}

/// How many capture states this thread's finished searches have worked out
/// so far: the measure of their work that tests bound, whatever the machine.
pub fn worked() -> u64 {
    WORKED.get()
}

impl Position {
    /// The search of the piece on `from`.
    pub(super) fn search(&self, from: Sq, camp: Camp) -> Search {
        let (occupied, foes, superpion) = (
            self.occupied() & !from.bit(),
            self.foes(camp),
            self.is_superpion(from),
        );
        let kept = EVERY_ENDING.with_borrow_mut(|kept| {
            let same = kept.as_ref().is_some_and(|s| {
                (s.occupied, s.foes, s.superpion, s.from) == (occupied, foes, superpion, from)
            });
            if same {
                kept.take()
            } else {
                None
            }
        });
        kept.unwrap_or_else(|| Search::new(occupied, foes, superpion, from))
    }

    /// The complete captures of the piece on `from` (ones that cannot jump
    /// further) taking `floor` pieces or more, as (landing squares, jumped
    /// pieces): one per way it can end, by its first path in notation
    /// order.
    #[cfg(test)]
    pub(super) fn sequences(&self, from: Sq, floor: u32, visit: &mut dyn FnMut(&[Sq], Squares)) {
        if let Some(camp) = self.camp_at(from) {
            self.search(from, camp)
                .complete(&mut Vec::new(), 0, None, floor, visit);
        }
    }

    /// The longest complete captures of the piece on `from` that end on
    /// `to` (the short form `from x to`), as (landing squares, jumped
    /// pieces), one per set of pieces jumped; empty when none ends there.
    /// Only captures that end on `to` are searched, not every capture of
    /// the piece.
    ///
    /// The last long one is kept per thread, as the maximum captures are
    /// (see `moves.rs`): a command that replays a record twice (its
    /// verdict, then its table) asks for it twice.
    pub(super) fn longest_ending_on(&self, from: Sq, to: Sq) -> Vec<(Vec<Sq>, Squares)> {
        let mut found = Vec::new();
        let Some(camp) = self.camp_at(from) else {
            return found;
        };
        // All the search follows from.
        let asked = (
            self.occupied(),
            self.foes(camp),
            self.is_superpion(from),
            from,
            to,
        );
        let kept = ENDING.with_borrow(|last| match last {
            Some((kept, found)) if *kept == asked => Some(found.clone()),
            _ => None,
        });
        if let Some(found) = kept {
            return found;
        }
        // A fresh search: the one kept counts every ending.
        let search = Search::new(asked.0 & !from.bit(), asked.1, asked.2, from).ending_on(to);
        let longest = search.longest_over(from, 0, None, 0);
        if longest > 0 {
            search.complete(&mut Vec::new(), 0, None, longest, &mut |path, jumped| {
                found.push((path.to_vec(), jumped));
            });
        }
        if search.worked.get() > KEPT_AFTER {
            ENDING.set(Some((asked, found.clone())));
            EVERY_ENDING.set(Some(search.every_ending()));
        }
        found
    }

    /// Whether the piece on `from` can jump one of `foes` (`occupied`
    /// being every piece): the first jump of a capture, all that deciding
    /// whether one is mandatory needs.
    #[inline]
    pub(super) fn can_capture_from(&self, from: Sq, occupied: Squares, foes: Squares) -> bool {
        let superpion = self.is_superpion(from);
        // A pawn with no foe diagonally next to it cannot capture.
        if !superpion && from.around() & foes == 0 {
            return false;
        }
        let occupied = occupied & !from.bit();
        (0..4).any(|d| {
            next_piece(occupied, superpion, from, d).is_some_and(|taken| {
                foes & taken.bit() != 0
                    && taken
                        .diagonal(d)
                        .is_some_and(|beyond| occupied & beyond.bit() == 0)
            })
        })
    }

    /// The pieces of `pieces` that can jump one of `foes`: the first jump
    /// of a capture. The pawns are told all at once, the Superpions one by
    /// one.
    fn jumpers(&self, pieces: Squares, foes: Squares) -> Squares {
        let occupied = self.occupied();
        let flying = pieces & self.supers;
        let pawns = match pieces & !flying {
            0 => 0,
            pawns => Takeoffs::new(foes, BOARD & !occupied).first(pawns),
        };
        squares(flying)
            .filter(|&from| self.can_capture_from(from, occupied, foes))
            .fold(pawns, |set, from| set | from.bit())
    }

    /// The pieces that may still act and can capture: a capture is then
    /// mandatory. No longest capture is searched for.
    pub fn capturers(&self) -> Squares {
        self.jumpers(self.movers(), self.foes(self.to_move))
    }

    /// Whether a piece that may still act can capture. Asked before every
    /// move: the pawns are told at once, before any Superpion is looked at,
    /// and inlined where it is asked.
    #[inline(always)]
    pub fn can_capture(&self) -> bool {
        let (occupied, foes) = (self.occupied(), self.foes(self.to_move));
        let movers = self.movers();
        let flying = movers & self.supers;
        Takeoffs::new(foes, BOARD & !occupied).first(movers & !flying) != 0
            || squares(flying).any(|from| self.can_capture_from(from, occupied, foes))
    }

    /// Whether a piece that may still act can take two pieces or more in
    /// one capture: a first jump, then a second from a square it lands
    /// on. All that the maximum capture asks of a capture taking one piece
    /// (nearly every capture), decided without a search.
    #[inline(always)]
    pub fn can_take_two(&self) -> bool {
        self.can_take(2)
    }

    /// Whether a piece that may still act can take `pieces` pieces or more
    /// in one capture: followed jump by jump ([`Position::follow`]), and
    /// searched for when that is cut short.
    #[inline(always)]
    pub(super) fn can_take(&self, pieces: u32) -> bool {
        self.follow(pieces)
            .unwrap_or_else(|| self.max_capture_over(pieces - 1) >= pieces)
    }

    /// Whether a piece that may still act can take `pieces` pieces or more
    /// in one capture, followed jump by jump with no search: cheap for the
    /// few pieces of a record's captures, but exponential on a crowded
    /// board. So past [`FOLLOWED_WHOLE`] pieces the following has a budget
    /// of [`FOLLOWED`] steps: `None` when it is spent before the question
    /// is settled, for the search to decide. A capture found is one,
    /// whatever the budget.
    #[inline(always)]
    pub(super) fn follow(&self, pieces: u32) -> Option<bool> {
        let (occupied, foes) = (self.occupied(), self.foes(self.to_move));
        let movers = self.movers();
        let flying = movers & self.supers;
        let budget = Cell::new(if pieces <= FOLLOWED_WHOLE {
            u32::MAX
        } else {
            FOLLOWED
        });
        let follow = |from: Sq| {
            // Jumped pieces stay on the board; the start square is free.
            let board = Jumps {
                occupied: occupied & !from.bit(),
                foes,
                superpion: self.is_superpion(from),
                budget: &budget,
            };
            board.take(from, 0, None, pieces)
        };
        let found = if pieces == 2 || pieces == 3 {
            // Nearly all that is ever asked: the pawns all at once, then
            // each Superpion (whose first jump the following finds).
            let takeoffs = Takeoffs::new(foes, BOARD & !occupied);
            let pawns = movers & !flying;
            (if pieces == 2 {
                takeoffs.second(pawns)
            } else {
                takeoffs.third(pawns)
            }) || squares(flying).any(follow)
        } else {
            // Only a piece with a first jump is followed.
            squares(self.jumpers(movers, foes)).any(follow)
        };
        (found || budget.get() > 0).then_some(found)
    }

    /// Whether the capture of the piece that started on `from`, standing
    /// on `at` having jumped `jumped` (coming in along `last`), can jump
    /// again: whether it is not yet complete, without a search. Inlined
    /// where a capture is checked.
    #[inline(always)]
    pub(super) fn can_jump_on(
        &self,
        from: Sq,
        at: Sq,
        jumped: Squares,
        last: Option<usize>,
    ) -> bool {
        // One jump is looked for: four directions, well within any budget.
        let budget = Cell::new(FOLLOWED);
        let board = Jumps {
            occupied: self.occupied() & !from.bit(),
            foes: self.foes(self.to_move),
            superpion: self.is_superpion(from),
            budget: &budget,
        };
        board.take(at, jumped, last, 1)
    }

    /// The most pieces the piece on `from` can take in one capture.
    pub fn longest(&self, from: Sq) -> u32 {
        self.camp_at(from)
            .map_or(0, |camp| self.search(from, camp).longest(from, 0, None))
    }

    /// The longest capture among the pieces that may still act.
    pub fn max_capture(&self) -> u32 {
        self.max_capture_over(0)
    }

    /// The longest capture among the pieces that may still act when it
    /// takes more than `floor` pieces; `floor` otherwise.
    pub fn max_capture_over(&self, floor: u32) -> u32 {
        if let Some(best) = kept_longest(&self.situation()) {
            return best.max(floor);
        }
        let (occupied, foes) = (self.occupied(), self.foes(self.to_move));
        // A piece with no first jump cannot capture: most pieces, most of
        // the time, and the test costs far less than a search; nor can a
        // pawn take more than the foes its jumps reach, often the very
        // pieces of its one way to capture, told at once.
        squares(self.capturers()).fold(floor, |best, from| {
            if !self.is_superpion(from) {
                let takeoffs = Takeoffs::new(foes, BOARD & !occupied | from.bit());
                if takeoffs.reach(from).count_ones() <= best {
                    return best;
                }
            }
            self.search(from, self.to_move)
                .longest_over(from, 0, None, best)
        })
    }

    /// Whether any camp that plays has a capture (for `captures-impossible`).
    pub fn any_capture(&self) -> bool {
        Camp::ALL
            .into_iter()
            .filter(|&c| self.variant.plays(c))
            .any(|c| self.jumpers(self.camps[c.index()], self.foes(c)) != 0)
    }
}

/// Captures of up to this many pieces are followed whole, as they always
/// were: three jumps deep at most, the steps are bounded by the board
/// (its landings to the third power at worst) whatever the record, and
/// a question of a pawn's one or two jumps costs far less than a search.
const FOLLOWED_WHOLE: u32 = 3;

/// How many steps (a capture standing somewhere, its jumps from there
/// looked at) [`Position::follow`] takes for a longer capture before the
/// search decides: enough for every capture of an ordinary game, and
/// about the work of a search of an ordinary board, so that a question
/// cut short costs at most about twice what the search alone would.
pub(super) const FOLLOWED: u32 = 256;

/// A board as one capturing piece sees it: every other piece, the ones it
/// may jump, and whether it flies; and the steps left to follow.
struct Jumps<'b> {
    occupied: Squares,
    foes: Squares,
    superpion: bool,
    budget: &'b Cell<u32>,
}

impl Jumps<'_> {
    /// Whether a capture standing on `at`, having jumped `jumped`, coming
    /// in along `last`, can take `pieces` more. The depth is `pieces`.
    /// No capture is found once the budget is spent: the caller tells
    /// that from the budget, and asks the search.
    fn take(&self, at: Sq, jumped: Squares, last: Option<usize>, pieces: u32) -> bool {
        if pieces == 0 {
            return true;
        }
        let Some(left) = self.budget.get().checked_sub(1) else {
            return false;
        };
        self.budget.set(left);
        if !self.superpion {
            if pieces == 1 {
                // The last jump, nearly all that is asked: the four ways
                // at once, by sets, with no branch on the board's pieces,
                // which the processor often guesses wrong.
                let takeoffs = Takeoffs::new(self.foes & !jumped, BOARD & !self.occupied);
                return takeoffs.first(at.bit()) != 0;
            }
            // A pawn jumps the foe on the next square onto the one behind
            // it: two look-ups a direction, no line walked.
            return (0..4).any(|d| {
                let Some(taken) = at.diagonal(d) else {
                    return false;
                };
                let Some(to) = taken.diagonal(d) else {
                    return false;
                };
                self.foes & !jumped & taken.bit() != 0
                    && self.occupied & to.bit() == 0
                    && self.take(to, jumped | taken.bit(), Some(d), pieces - 1)
            });
        }
        if pieces == 1 {
            // The last jump, as a pawn's: every way but back at once.
            let (foes, empty) = (self.foes & !jumped, BOARD & !self.occupied);
            return (0..4).fold(false, |any, d| {
                any | (last != Some(reverse(d)) && at.flies_over(d, self.occupied, foes, empty))
            });
        }
        let free = |sq: Option<Sq>| sq.is_some_and(|sq| self.occupied & sq.bit() == 0);
        // A Superpion flies to the first piece along a diagonal, and never
        // turns back along it.
        let mut onward = (0..4).filter(|&d| last != Some(reverse(d)));
        onward.any(|d| {
            let taken = at.first_along(d, self.occupied).filter(|taken| {
                self.foes & taken.bit() != 0 && jumped & taken.bit() == 0 && free(taken.diagonal(d))
            });
            let Some(taken) = taken else {
                return false;
            };
            if pieces == 1 {
                return true;
            }
            // Every landing beyond it.
            let mut landing = taken.diagonal(d);
            while let Some(to) = landing.filter(|&to| free(Some(to))) {
                if self.take(to, jumped | taken.bit(), Some(d), pieces - 1) {
                    return true;
                }
                landing = to.diagonal(d);
            }
            false
        })
    }
}

/// The piece a capture from `at` meets along `d`: the next square for a
/// pawn, the first piece on the line for a Superpion; `None` at the edge.
fn next_piece(occupied: Squares, superpion: bool, at: Sq, d: usize) -> Option<Sq> {
    if superpion {
        at.first_along(d, occupied)
    } else {
        at.diagonal(d)
    }
}

/// The capture search of one piece: pawns jump adjacent pieces, Superpions
/// fly; jumped pieces stay on the board until the capture ends.
///
/// What a capture can still do depends only on where it stands: the line
/// it has just jumped onto (the piece jumped and the direction), and the
/// pieces it has jumped. A Superpion may land on any free square of that
/// line, and every landing goes on straight the same way, so the line, not
/// the square, is the state; a pawn lands on one square. The search works
/// out once per state the most a capture can still take from there
/// ([`Search::beyond`]), so the work is bounded by the states, not by the
/// paths, whose number grows exponentially on a crowded board. Listing
/// then follows only the jumps that can still take enough pieces.
///
/// A search may count only the captures that end on one square (the short
/// form `e5xe9`, [`Search::ending_on`]): the figure of a state is then the
/// most a capture from there can still take and end on that square, and
/// "none" when no capture from there ends on it.
pub(super) struct Search {
    /// Every piece but the capturing one (its start counts as empty).
    occupied: Squares,
    foes: Squares,
    superpion: bool,
    from: Sq,
    /// The square every capture counted must end on, if one.
    target: Option<Sq>,
    /// Captures taking this many pieces or fewer need not be looked at:
    /// the longest found so far when looking for the longest, one less than
    /// asked for when listing.
    enough: Cell<u32>,
    /// Whether [`Search::enough`] rises to each longer capture found.
    rising: Cell<bool>,
    /// Foes that any capture could ever jump: a bound on what is left to
    /// take, which cuts the search short once a capture reaches it. Worked
    /// out only once a capture goes two jumps deep: most searches end
    /// before, and the bound costs more than they do.
    jumpable: Cell<Option<Squares>>,
    /// What a capture can still do from each state reached
    /// [`REMEMBERED`] jumps deep or more; made only once a capture gets
    /// that far.
    values: RefCell<Option<Memo<Figures>>>,
    /// The landings a listing has already followed, so that each is
    /// followed once, by its first path in notation order. Made only once
    /// a listing goes that deep: most searches only measure, and a table
    /// costs its making.
    listed: RefCell<Option<Memo<()>>>,
    /// How many states this search has worked out, told to [`worked`]
    /// when it is done.
    worked: Cell<u64>,
    /// How many states the search whose table this one starts from worked
    /// out: work it spares, which counts when weighing whether what it
    /// finds is worth keeping.
    pub(super) inherited: u64,
}

impl Drop for Search {
    fn drop(&mut self) {
        WORKED.set(WORKED.get() + self.worked.get());
    }
}

/// A state as the two halves the hash table keys by.
fn halves(state: u128) -> (u64, u64) {
    (state as u64, (state >> 64) as u64)
}

/// What a search remembers of a state: the most a capture from there can
/// still take wherever it ends, then the most it can take ending on the
/// square asked for ([`UNREACHED`] when none ends there; the first figure
/// again when any ending counts). A search counting one ending works out
/// both, so that the search of every ending can start from its table.
#[derive(Clone, Copy, Default)]
struct Figures {
    overall: u8,
    ending: u8,
}

/// How many states a [`Memo`] keeps in its inline table.
const INLINE_STATES: usize = 16;

/// What a search remembers of the states it has reached: the first few in
/// an inline table, looked through in turn, so that an ordinary capture
/// allocates nothing; once a capture reaches more, all of them in a hash
/// table.
struct Memo<V: Copy + Default> {
    states: [u128; INLINE_STATES],
    values: [V; INLINE_STATES],
    len: usize,
    /// Every state once there are more than fit inline; empty before. The
    /// key is a [`state`] in two halves, which packs tighter than one
    /// `u128`.
    spilled: HashMap<(u64, u64), V, BuildHasherDefault<StateHasher>>,
}

impl<V: Copy + Default> Default for Memo<V> {
    fn default() -> Self {
        Memo {
            states: [0; INLINE_STATES],
            values: [V::default(); INLINE_STATES],
            len: 0,
            spilled: HashMap::default(),
        }
    }
}

impl<V: Copy + Default> Memo<V> {
    /// What is remembered of `state`.
    fn get(&self, state: u128) -> Option<V> {
        if !self.spilled.is_empty() {
            return self.spilled.get(&halves(state)).copied();
        }
        let at = self.states[..self.len].iter().position(|&s| s == state)?;
        Some(self.values[at])
    }

    /// Remember `value` of `state`; whether the state was new.
    fn insert(&mut self, state: u128, value: V) -> bool {
        if !self.spilled.is_empty() {
            return self.spilled.insert(halves(state), value).is_none();
        }
        if let Some(at) = self.states[..self.len].iter().position(|&s| s == state) {
            self.values[at] = value;
            return false;
        }
        if self.len < INLINE_STATES {
            self.states[self.len] = state;
            self.values[self.len] = value;
            self.len += 1;
            return true;
        }
        let inline = self.states.iter().map(|&s| halves(s));
        self.spilled.extend(inline.zip(self.values.iter().copied()));
        self.spilled.insert(halves(state), value);
        true
    }

    /// Forget every state.
    fn clear(&mut self) {
        self.len = 0;
        self.spilled.clear();
    }
}

/// The most pieces a capture can still take from a state, and whether that
/// figure is exact: it is not when the bound cut off part of what follows,
/// which then could take no more than [`Search::enough`]. When the search
/// counts only captures ending on one square, `reaches` says whether any
/// capture from the state ends there (`pieces` means nothing otherwise);
/// it is always true when any ending counts.
///
/// `overall` is the most a capture from the state can take wherever it
/// ends, which a search counting one ending works out on the way.
#[derive(Clone, Copy)]
struct Onward {
    pieces: u32,
    exact: bool,
    reaches: bool,
    overall: u32,
}

impl Onward {
    /// The capture ends here.
    const NOTHING: Onward = Onward {
        pieces: 0,
        exact: true,
        reaches: true,
        overall: 0,
    };
    /// No capture from here ends on the square asked for: what `or` starts
    /// from.
    const NOWHERE: Onward = Onward {
        pieces: 0,
        exact: true,
        reaches: false,
        overall: 0,
    };

    fn or(self, other: Onward) -> Onward {
        let exact = self.exact && other.exact;
        let overall = self.overall.max(other.overall);
        match (self.reaches, other.reaches) {
            (true, true) => Onward {
                pieces: self.pieces.max(other.pieces),
                exact,
                reaches: true,
                overall,
            },
            (true, false) => Onward {
                exact,
                overall,
                ..self
            },
            (false, _) => Onward {
                exact,
                overall,
                ..other
            },
        }
    }

    fn plus_one(self) -> Onward {
        Onward {
            pieces: self.pieces + 1,
            overall: self.overall + 1,
            ..self
        }
    }
}

/// How deep a capture goes before its states are remembered: with fewer
/// jumps there is one path to a state only.
const REMEMBERED: u32 = 2;

/// A remembered figure of a state from which no capture ends on the square
/// asked for (at most 80 pieces are ever taken).
const UNREACHED: u8 = u8::MAX;

/// A capture in progress as one number: the jumped pieces (cells 0 to
/// 119), the square's cell above them (bits 120 to 126), and the direction
/// (none, or one of four) in three cells that are no square: the spare
/// 12th cells of the first three rows (see [`Sq`]).
fn state(at: Sq, jumped: Squares, last: Option<usize>) -> u128 {
    let last = last.map_or(0, |d| d as u128 + 1);
    let spare = (last & 1) << 11 | (last & 2) << 22 | (last & 4) << 33;
    jumped | (at.cell() as u128) << 120 | spare
}

/// A hasher for [`state`] keys: one multiply-and-fold per half, much
/// cheaper than SipHash, and the keys are not chosen by a hostile party
/// with knowledge of the hash (they are board states, at most 81 bits
/// of pieces).
#[derive(Default)]
pub(super) struct StateHasher(u64);

impl Hasher for StateHasher {
    /// The high half of a 128-bit product folded onto the low half: the
    /// table picks buckets by the low bits, which a plain multiply leaves
    /// depending on the low bits of the key only.
    fn finish(&self) -> u64 {
        let wide = u128::from(self.0) * 0x9e37_79b9_7f4a_7c15;
        (wide as u64) ^ (wide >> 64) as u64
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x517c_c1b7_2722_0a95);
    }
    fn write_u128(&mut self, n: u128) {
        self.write_u64(n as u64);
        self.write_u64((n >> 64) as u64);
    }
}

impl Search {
    pub(super) fn new(occupied: Squares, foes: Squares, superpion: bool, from: Sq) -> Self {
        Search {
            occupied,
            foes,
            superpion,
            from,
            target: None,
            enough: Cell::new(0),
            rising: Cell::new(true),
            jumpable: Cell::new(None),
            values: RefCell::default(),
            listed: RefCell::default(),
            worked: Cell::new(0),
            inherited: 0,
        }
    }

    /// The search of every ending of the same piece, starting from the
    /// table of this one, which counts only the captures ending on one
    /// square: every state it worked out in full, it worked out for any
    /// ending as well ([`Figures`]).
    fn every_ending(&self) -> Search {
        let mut every = Search::new(self.occupied, self.foes, self.superpion, self.from);
        every.values = RefCell::new(self.values.take());
        every.inherited = self.inherited + self.worked.get();
        every
    }

    /// The same search counting only the captures that end on `to`.
    pub(super) fn ending_on(mut self, to: Sq) -> Self {
        self.target = Some(to);
        self
    }

    fn free(&self, sq: Option<Sq>) -> bool {
        sq.is_some_and(|sq| self.occupied & sq.bit() == 0)
    }

    /// The directions a capture coming in along `last` may jump in, as a
    /// set: a Superpion may not turn back.
    fn onwards(&self, last: Option<usize>) -> u8 {
        match last {
            Some(d) if self.superpion => 0b1111 & !(1 << reverse(d)),
            _ => 0b1111,
        }
    }

    /// The pieces the capture may jump next from `at` in `directions`,
    /// having jumped `jumped`: (direction, piece).
    fn takes(&self, at: Sq, jumped: Squares, directions: u8, mut each: impl FnMut(usize, Sq)) {
        for d in 0..4 {
            if directions & 1 << d == 0 {
                continue;
            }
            let Some(taken) = next_piece(self.occupied, self.superpion, at, d) else {
                continue;
            };
            if self.foes & taken.bit() != 0
                && jumped & taken.bit() == 0
                && self.free(taken.diagonal(d))
            {
                each(d, taken);
            }
        }
    }

    /// Where the capture may land having jumped `taken` along `d`: the
    /// square beyond it, and for a Superpion every free one further on.
    fn landings(&self, taken: Sq, d: usize, mut each: impl FnMut(Sq)) {
        let mut landing = taken.diagonal(d);
        while let Some(to) = landing {
            if self.occupied & to.bit() != 0 {
                break;
            }
            each(to);
            if !self.superpion {
                break;
            }
            landing = to.diagonal(d);
        }
    }

    /// Where the capture may jump from `at`: (direction, jumped, landing).
    #[cfg(test)]
    fn jumps(
        &self,
        at: Sq,
        jumped: Squares,
        last: Option<usize>,
        mut each: impl FnMut(usize, Sq, Sq),
    ) {
        self.takes(at, jumped, self.onwards(last), |d, taken| {
            self.landings(taken, d, |to| each(d, taken, to));
        });
    }

    /// What is left that a capture `depth` jumps deep could still take.
    fn bound(&self, depth: u32) -> Squares {
        if depth < 2 {
            return self.foes;
        }
        match self.jumpable.get() {
            Some(jumpable) => jumpable,
            None => {
                let jumpable =
                    Search::jumpable(self.occupied, self.foes, self.superpion, self.from);
                self.jumpable.set(Some(jumpable));
                jumpable
            }
        }
    }

    /// The foes that some capture of the piece on `from` could jump.
    fn jumpable(occupied: Squares, foes: Squares, superpion: bool, from: Sq) -> Squares {
        let free = |sq: Option<Sq>| sq.is_some_and(|sq| occupied & sq.bit() == 0);
        // A foe can be jumped only with a free square on both sides of it
        // along a diagonal (to come from, to land on); for a pawn, only on
        // the diagonals of its own lattice of landing squares.
        let (file, rank) = from.coords();
        squares(foes)
            .filter(|f| superpion || (f.file() - file) % 2 != 0 && (f.rank() - rank) % 2 != 0)
            .filter(|f| (0..4).any(|d| free(f.diagonal(d)) && free(f.diagonal(reverse(d)))))
            .fold(0, |set, f| set | f.bit())
    }

    /// A capture has taken `pieces`: when looking for the longest, nothing
    /// shorter need be looked at any more.
    fn reached(&self, pieces: u32) {
        if self.rising.get() && pieces > self.enough.get() {
            self.enough.set(pieces);
        }
    }

    /// The most pieces a capture standing on `at` can still take.
    fn onward(&self, at: Sq, jumped: Squares, last: Option<usize>) -> Onward {
        self.onward_in(at, jumped, self.onwards(last))
    }

    /// The most pieces a capture standing on `at` can still take with a
    /// first jump in `directions` (it ends on `at` when it has none).
    fn onward_in(&self, at: Sq, jumped: Squares, directions: u8) -> Onward {
        self.jumps_from(at, jumped, directions)
            .unwrap_or_else(|| self.ends_on(at, jumped))
    }

    /// The most pieces a capture standing on `at` can still take with a
    /// first jump in `directions`; `None` when it has no such jump.
    fn jumps_from(&self, at: Sq, jumped: Squares, directions: u8) -> Option<Onward> {
        let mut best = None;
        self.takes(at, jumped, directions, |d, taken| {
            let next = self.beyond(taken, d, jumped | taken.bit()).plus_one();
            best = Some(best.map_or(next, |best: Onward| best.or(next)));
        });
        best
    }

    /// A capture that has jumped `jumped` ends on `at`: a capture found,
    /// unless the search counts only those ending elsewhere.
    fn ends_on(&self, at: Sq, jumped: Squares) -> Onward {
        match self.target {
            Some(target) if target != at => Onward::NOWHERE,
            Some(_) => {
                self.reached(jumped.count_ones());
                Onward::NOTHING
            }
            None => Onward::NOTHING,
        }
    }

    /// What a search cut short by the bound says of a state: it could not
    /// take more than enough, so nothing worth counting ends there.
    fn cut(&self) -> Onward {
        Onward {
            pieces: 0,
            exact: false,
            reaches: self.target.is_none(),
            overall: 0,
        }
    }

    /// The most pieces a capture can still take once it has jumped `taken`
    /// along `d` (and `jumped` in all), wherever it lands: worked out once
    /// per state, unless cut off because it could not take more than
    /// enough.
    fn beyond(&self, taken: Sq, d: usize, jumped: Squares) -> Onward {
        let depth = jumped.count_ones();
        if self.target.is_none() {
            // Every capture that got this far can be completed, taking at
            // least this much (one that must end on a square may not).
            self.reached(depth);
        }
        if depth + (self.bound(depth) & !jumped).count_ones() <= self.enough.get() {
            return self.cut();
        }
        let remembered = depth >= REMEMBERED;
        // A pawn's state is the one square it lands on, whatever the
        // direction; a Superpion's is the line, which its direction fixes.
        let key = if self.superpion {
            state(taken, jumped, Some(d))
        } else {
            state(taken.diagonal(d).unwrap_or(taken), jumped, None)
        };
        if remembered {
            let known = self.values.borrow().as_ref().and_then(|memo| memo.get(key));
            if let Some(figures) = known {
                let overall = u32::from(figures.overall);
                // A search of every ending may start from the table of a
                // search of one.
                let pieces = match self.target {
                    Some(_) if figures.ending == UNREACHED => {
                        return Onward {
                            overall,
                            ..Onward::NOWHERE
                        };
                    }
                    Some(_) => u32::from(figures.ending),
                    None => overall,
                };
                self.reached(depth + pieces);
                return Onward {
                    pieces,
                    exact: true,
                    reaches: true,
                    overall,
                };
            }
        }
        self.worked.set(self.worked.get() + 1);
        let mut best = Onward::NOWHERE;
        if self.superpion {
            // Every landing goes on straight the same way, to the piece
            // that ends the line: that jump is looked at once, from the
            // last landing; each landing only for the turns. A landing with
            // no turn ends the capture when the line has no jump either
            // (the square asked for, if any, is the ending that counts).
            let turns = 0b1111 & !(1 << d) & !(1 << reverse(d));
            let mut end = taken;
            let mut stop = None;
            self.landings(taken, d, |to| {
                end = to;
                match self.jumps_from(to, jumped, turns) {
                    Some(onward) => best = best.or(onward),
                    None if stop.is_none() || self.target == Some(to) => stop = Some(to),
                    None => {}
                }
            });
            match self.jumps_from(end, jumped, 1 << d) {
                Some(onward) => best = best.or(onward),
                None => {
                    if let Some(stop) = stop {
                        best = best.or(self.ends_on(stop, jumped));
                    }
                }
            }
        } else if let Some(to) = taken.diagonal(d) {
            best = self.onward(to, jumped, Some(d));
        }
        if remembered && best.exact {
            // At most 80 pieces to take: the figure fits under UNREACHED.
            let figures = Figures {
                overall: best.overall as u8,
                ending: if best.reaches {
                    best.pieces as u8
                } else {
                    UNREACHED
                },
            };
            let mut values = self.values.borrow_mut();
            values
                .get_or_insert_with(Memo::default)
                .insert(key, figures);
        }
        best
    }

    /// The most pieces a capture standing on `at` (having jumped `jumped`,
    /// coming in along `last`) can still take.
    pub(super) fn longest(&self, at: Sq, jumped: Squares, last: Option<usize>) -> u32 {
        let depth = jumped.count_ones();
        self.longest_over(at, jumped, last, depth) - depth
    }

    /// The most pieces a capture standing on `at` can take in all, when
    /// more than `floor`; `floor` otherwise.
    pub(super) fn longest_over(
        &self,
        at: Sq,
        jumped: Squares,
        last: Option<usize>,
        floor: u32,
    ) -> u32 {
        self.enough.set(floor);
        self.rising.set(true);
        self.onward(at, jumped, last);
        self.enough.get()
    }

    /// Every complete capture on from `path` (which ends on `at`, having
    /// jumped `jumped`, coming in along `last`) that takes `floor` pieces
    /// or more: once per way it ends (square and pieces), by its first
    /// path in notation order.
    ///
    /// Jumps are tried in notation order of their landing squares, and
    /// only those from which the capture can still take `floor` pieces;
    /// each landing (square, pieces jumped, direction) is followed the
    /// first time it is reached. The first path to a landing is then the
    /// least one in notation order: any lesser path to it would have
    /// passed, earlier, through a landing already followed, and from there
    /// on the paths are the same.
    pub(super) fn complete(
        &self,
        path: &mut Vec<Sq>,
        jumped: Squares,
        last: Option<usize>,
        floor: u32,
        visit: &mut dyn FnMut(&[Sq], Squares),
    ) {
        if let Some(listed) = self.listed.borrow_mut().as_mut() {
            listed.clear();
        }
        self.enough.set(floor.saturating_sub(1));
        self.rising.set(false);
        let at = path.last().copied().unwrap_or(self.from);
        self.explore(path, at, jumped, last, floor, visit);
    }

    fn explore(
        &self,
        path: &mut Vec<Sq>,
        at: Sq,
        jumped: Squares,
        last: Option<usize>,
        floor: u32,
        visit: &mut dyn FnMut(&[Sq], Squares),
    ) {
        let depth = jumped.count_ones();
        if depth >= REMEMBERED {
            let last = if self.superpion { last } else { None };
            let mut listed = self.listed.borrow_mut();
            let listed = listed.get_or_insert_with(Memo::default);
            if !listed.insert(state(at, jumped, last), ()) {
                return;
            }
        }
        // At most four directions of at most twelve landings each.
        let mut next = [None; 48];
        let mut count = 0;
        let mut ends = true;
        self.takes(at, jumped, self.onwards(last), |d, taken| {
            ends = false;
            let jumped = jumped | taken.bit();
            let enough = |onward: Onward| onward.reaches && depth + 1 + onward.pieces >= floor;
            if !enough(self.beyond(taken, d, jumped)) {
                return;
            }
            self.landings(taken, d, |to| {
                if !enough(self.onward(to, jumped, Some(d))) {
                    return;
                }
                if let Some(slot) = next.get_mut(count) {
                    *slot = Some((to.notation_key(), d, taken, to));
                    count += 1;
                }
            });
        });
        let counted = self.target.is_none_or(|target| target == at);
        if ends && counted && !path.is_empty() && depth >= floor {
            visit(path, jumped);
        }
        let next = &mut next[..count];
        next.sort_unstable();
        for &(_, d, taken, to) in next.iter().flatten() {
            path.push(to);
            self.explore(path, to, jumped | taken.bit(), Some(d), floor, visit);
            path.pop();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::superpion::board::diagonal_between;
    use crate::games::superpion::modes::{Colour, Mode, Variant};
    use crate::games::superpion::moves::distinct;
    use crate::games::superpion::position::Action;
    use crate::rng::Rng;

    /// Every complete capture by every path, the exponential way: what the
    /// state search must agree with.
    fn by_paths(
        search: &Search,
        at: Sq,
        jumped: Squares,
        last: Option<usize>,
        path: &mut Vec<Sq>,
        out: &mut Vec<(Vec<Sq>, Squares)>,
    ) {
        let mut next = Vec::new();
        search.jumps(at, jumped, last, |d, taken, to| next.push((d, taken, to)));
        if next.is_empty() && !path.is_empty() {
            out.push((path.clone(), jumped));
        }
        for (d, taken, to) in next {
            path.push(to);
            by_paths(search, to, jumped | taken.bit(), Some(d), path, out);
            path.pop();
        }
    }

    /// Every capture path of the piece on `from`, by brute force, with the
    /// pieces each jumps.
    fn every_path(p: &Position, from: Sq) -> Vec<(Vec<Sq>, Squares)> {
        let search = Search::new(
            p.occupied() & !from.bit(),
            p.foes(p.to_move),
            p.is_superpion(from),
            from,
        );
        let mut all = Vec::new();
        by_paths(&search, from, 0, None, &mut Vec::new(), &mut all);
        all
    }

    /// The maximum captures by brute force, as `capture_actions` lists them.
    fn reference(p: &Position) -> Vec<Action> {
        let mut found = Vec::new();
        for from in squares(p.movers()) {
            found.extend(
                every_path(p, from)
                    .into_iter()
                    .map(|(path, jumped)| Action::capture(from, &path, jumped)),
            );
        }
        let best = found.iter().map(Action::taken).max().unwrap_or(0);
        found.retain(|a| a.taken() == best && best > 0);
        p.finish(found)
    }

    /// Crowded random positions: a few blue pieces, Superpions among them,
    /// amid many opponents.
    fn crowded(rng: &mut Rng) -> Position {
        let mut p = Position::empty(Variant::new(Mode::FourPlayers, None));
        let all: Vec<Sq> = Sq::all().collect();
        for _ in 0..3 {
            let sq = all[rng.below(all.len())];
            let under = (rng.below(2) == 0).then_some(Colour::Red);
            p.place(Camp::Blue, sq, under);
        }
        for _ in 0..18 {
            let sq = all[rng.below(all.len())];
            if p.camp_at(sq).is_none() {
                p.place(Camp::Red, sq, None);
            }
        }
        p.first_to_move();
        p
    }

    #[test]
    fn the_state_search_finds_what_every_path_finds() {
        let mut rng = Rng::new(11);
        let mut deep = 0;
        for _ in 0..300 {
            let p = crowded(&mut rng);
            let expected = reference(&p);
            assert_eq!(p.capture_actions(), expected, "{p:?}");
            let longest = expected.first().map_or(0, Action::taken);
            assert_eq!(p.max_capture(), longest);
            deep += usize::from(longest >= 4);
        }
        assert!(deep > 10, "too few deep captures to say much: {deep}");
    }

    /// The maximum captures and the longest capture at every floor, as a
    /// fresh search finds them and as the kept one gives them again, with
    /// other positions' searches kept in between.
    #[test]
    fn the_kept_search_gives_what_a_fresh_one_finds() {
        use crate::games::superpion::moves::forget;
        const FLOORS: [u32; 6] = [0, 1, 2, 3, 5, 8];
        let mut rng = Rng::new(53);
        let positions: Vec<Position> = (0..200).map(|_| crowded(&mut rng)).collect();
        let (mut deep, mut reds) = (0, 0);
        for (i, p) in positions.iter().enumerate() {
            forget();
            let longest = p.max_capture();
            let other = &positions[(i + 1) % positions.len()];
            for floor in FLOORS {
                forget();
                let fresh = p.capture_actions_over(floor);
                // Kept now (unit tests keep every search), and asked again.
                for again in FLOORS {
                    assert_eq!(p.max_capture_over(again), longest.max(again), "{p:?}");
                }
                assert_eq!(p.capture_actions_over(floor), fresh, "{p:?} over {floor}");
                // Another position's search kept in between.
                other.capture_actions();
                assert_eq!(p.capture_actions_over(floor), fresh, "{p:?} over {floor}");
                // Kept from the search with no floor.
                forget();
                p.capture_actions();
                assert_eq!(p.capture_actions_over(floor), fresh, "{p:?} over {floor}");
                // The same pieces with the other side to play.
                let mut turned = p.clone();
                turned.to_move = Camp::Red;
                forget();
                let theirs = turned.capture_actions_over(floor);
                p.capture_actions();
                assert_eq!(turned.capture_actions_over(floor), theirs, "{turned:?}");
                reds += usize::from(!theirs.is_empty());
                deep += usize::from(longest > floor && floor >= 3);
            }
        }
        assert!(deep > 20, "too few captures over a floor of 3: {deep}");
        assert!(reds > 100, "too few captures by the other side: {reds}");
    }

    /// The cheap tests (a first jump; a second after it) against the
    /// longest capture, on crowded positions and on ordinary ones.
    #[test]
    fn the_cheap_capture_tests_agree_with_the_search() {
        let mut rng = Rng::new(5);
        let (mut one, mut two) = (0, 0);
        for _ in 0..400 {
            let p = crowded(&mut rng);
            let longest = p.max_capture();
            assert_eq!(p.can_capture(), longest >= 1, "{p:?}");
            assert_eq!(p.can_take_two(), longest >= 2, "{p:?}");
            assert_eq!(p.can_take(3), longest >= 3, "{p:?}");
            one += usize::from(longest == 1);
            two += usize::from(longest >= 2);
        }
        let mut p = Position::initial(Variant::new(Mode::FourPlayers, None));
        for _ in 0..400 {
            let longest = p.max_capture();
            assert_eq!(p.can_capture(), longest >= 1, "{p:?}");
            assert_eq!(p.can_take_two(), longest >= 2, "{p:?}");
            assert_eq!(p.can_take(3), longest >= 3, "{p:?}");
            assert_eq!(p.can_take(5), longest >= 5, "{p:?}");
            // An ordinary game's captures are settled by following.
            assert_eq!(p.follow(longest + 1), Some(false), "{p:?}");
            one += usize::from(longest == 1);
            two += usize::from(longest >= 2);
            let actions = p.actions();
            if p.over || actions.is_empty() {
                break;
            }
            p.act(&actions[rng.below(actions.len())]);
            // Two actions a turn, or one when no second is left.
            if p.acted.count_ones() == 2 || !p.any_action() {
                p.end_turn(false);
            }
        }
        assert!(
            one > 50 && two > 50,
            "too few of each: {one} one-piece, {two} longer"
        );
    }

    /// A pawn may take four pieces going round a square back to the square
    /// it started from, which only it sees empty: the following and the
    /// search find it, on every square where the round fits, whichever way
    /// round.
    #[test]
    fn a_pawn_taking_four_round_a_square_lands_where_it_started() {
        let mut rounds = 0;
        for start in Sq::all() {
            for d in 0..4 {
                for e in [(d + 1) % 4, (d + 3) % 4] {
                    let mut foes = Vec::new();
                    let mut at = Some(start);
                    for way in [d, e, (d + 2) % 4, (e + 2) % 4] {
                        let taken = at.and_then(|sq| sq.diagonal(way));
                        foes.extend(taken);
                        at = taken.and_then(|sq| sq.diagonal(way));
                    }
                    if at != Some(start) || foes.len() < 4 {
                        continue;
                    }
                    let mut p = Position::empty(Variant::new(Mode::FourPlayers, None));
                    p.place(Camp::Blue, start, None);
                    for &foe in &foes {
                        p.place(Camp::Red, foe, None);
                    }
                    p.first_to_move();
                    assert_eq!(p.max_capture(), 4, "{p:?}");
                    assert_eq!(p.follow(4), Some(true), "{p:?}");
                    assert_eq!(p.follow(5), Some(false), "{p:?}");
                    rounds += 1;
                }
            }
        }
        assert!(rounds > 100, "too few rounds: {rounds}");
    }

    /// The following with a budget: whatever it settles is what the search
    /// finds, and on crowded boards the budget is spent often enough for
    /// the search to take over (an ordinary game's captures are settled:
    /// the test above).
    #[test]
    fn the_following_settles_what_it_can_and_hands_over_the_rest() {
        let mut rng = Rng::new(37);
        let (mut settled, mut handed) = (0, 0);
        for _ in 0..300 {
            let p = crowded(&mut rng);
            let longest = p.max_capture();
            for pieces in 2..=longest + 2 {
                match p.follow(pieces) {
                    Some(found) => {
                        assert_eq!(found, longest >= pieces, "{pieces} of {p:?}");
                        settled += 1;
                    }
                    None => handed += 1,
                }
                assert_eq!(p.can_take(pieces), longest >= pieces, "{pieces} of {p:?}");
            }
        }
        assert!(
            settled > 1_000 && handed > 20,
            "{settled} settled, {handed} handed over"
        );
    }

    /// The bound that spares a pawn its search: every capture of the pawn,
    /// by every path, jumps only foes its jumps reach; and the bound is the
    /// longest capture itself often enough to spare searches.
    #[test]
    fn a_pawn_jumps_only_foes_its_jumps_reach() {
        let mut rng = Rng::new(41);
        let (mut pawns, mut tight) = (0, 0);
        for _ in 0..300 {
            let p = crowded(&mut rng);
            let (occupied, foes) = (p.occupied(), p.foes(p.to_move));
            for from in squares(p.capturers() & !p.supers) {
                let reach = Takeoffs::new(foes, BOARD & !occupied | from.bit()).reach(from);
                for (_, jumped) in every_path(&p, from) {
                    assert_eq!(jumped & !reach, 0, "{from} {p:?}");
                }
                pawns += 1;
                tight += usize::from(reach.count_ones() == p.longest(from));
            }
        }
        assert!(pawns > 100 && tight > pawns / 4, "{tight} of {pawns}");
    }

    /// The short form's search (only captures ending on one square, the
    /// longest of them) against every path, for every square a capture
    /// can end on and every other square; and the cheap test of whether a
    /// piece can capture against the longest capture.
    #[test]
    fn captures_ending_on_a_square_agree_with_every_path() {
        let mut rng = Rng::new(37);
        let mut shorter = 0;
        for _ in 0..150 {
            let p = crowded(&mut rng);
            let capturers: Vec<Sq> = squares(p.movers()).filter(|&s| p.longest(s) > 0).collect();
            assert_eq!(
                squares(p.capturers()).collect::<Vec<_>>(),
                capturers,
                "{p:?}"
            );
            for from in squares(p.movers()) {
                let all = every_path(&p, from);
                let as_actions = |found: Vec<(Vec<Sq>, Squares)>| {
                    let actions = found
                        .into_iter()
                        .map(|(path, jumped)| Action::capture(from, &path, jumped));
                    distinct(actions.collect())
                };
                let longest = p.longest(from);
                for to in Sq::all() {
                    let ending: Vec<_> = all
                        .iter()
                        .filter(|(path, _)| path.last() == Some(&to))
                        .cloned()
                        .collect();
                    let most = ending.iter().map(|(_, j)| j.count_ones()).max();
                    let expected: Vec<_> = ending
                        .into_iter()
                        .filter(|(_, j)| Some(j.count_ones()) == most)
                        .collect();
                    shorter += usize::from(most.is_some_and(|m| m < longest));
                    assert_eq!(
                        as_actions(p.longest_ending_on(from, to)),
                        as_actions(expected),
                        "{p:?} from {from} to {to}"
                    );
                }
            }
        }
        assert!(
            shorter > 100,
            "too few ends short of the longest: {shorter}"
        );
    }

    /// The search of every ending that starts from a short form's table
    /// (as the maximum capture rule asks for it next) finds what a fresh
    /// one finds: the longest capture of the piece, and the maximum
    /// captures.
    #[test]
    fn the_search_of_every_ending_agrees_after_a_short_form() {
        use crate::games::superpion::moves::forget;
        let mut rng = Rng::new(59);
        let mut reused = 0;
        for _ in 0..100 {
            let p = crowded(&mut rng);
            let expected = reference(&p);
            for from in squares(p.movers()) {
                let longest = p.longest(from);
                let ends: Vec<Sq> = every_path(&p, from)
                    .iter()
                    .filter_map(|(path, _)| path.last().copied())
                    .collect();
                for &to in ends.iter().take(3) {
                    p.longest_ending_on(from, to);
                    let kept = EVERY_ENDING.with_borrow(|kept| {
                        kept.as_ref()
                            .map_or(0, |s| s.values.borrow().as_ref().map_or(0, |m| m.len))
                    });
                    reused += usize::from(kept > 0);
                    assert_eq!(p.longest(from), longest, "{p:?} from {from} to {to}");
                    p.longest_ending_on(from, to);
                    forget();
                    assert_eq!(p.capture_actions(), expected, "{p:?} from {from} to {to}");
                }
            }
        }
        assert!(reused > 100, "too few tables to start from: {reused}");
    }

    /// Every complete capture of each piece (the short form's listing),
    /// and the longest ways on from part-way through one (the continuations
    /// of an incomplete capture), against every path.
    #[test]
    fn listings_at_every_floor_agree_with_every_path() {
        let mut rng = Rng::new(23);
        let mut partway = 0;
        for _ in 0..200 {
            let p = crowded(&mut rng);
            for from in squares(p.movers()) {
                let search = || {
                    Search::new(
                        p.occupied() & !from.bit(),
                        p.foes(p.to_move),
                        p.is_superpion(from),
                        from,
                    )
                };
                let mut all = Vec::new();
                by_paths(&search(), from, 0, None, &mut Vec::new(), &mut all);
                let as_actions = |found: Vec<(Vec<Sq>, Squares)>| {
                    let actions = found
                        .into_iter()
                        .map(|(path, jumped)| Action::capture(from, &path, jumped));
                    distinct(actions.collect())
                };
                let mut listed = Vec::new();
                p.sequences(from, 1, &mut |path, jumped| {
                    listed.push((path.to_vec(), jumped))
                });
                assert_eq!(as_actions(listed), as_actions(all.clone()), "{p:?}");

                // Part-way: the first two jumps of the first capture of
                // three or more.
                let Some((path, _)) = all.iter().find(|(path, _)| path.len() >= 3) else {
                    continue;
                };
                partway += 1;
                let prefix = &path[..2];
                let s = search();
                let mut jumped = 0;
                let mut last = None;
                let mut at = from;
                for &to in prefix {
                    let (d, _) = diagonal_between(at, to).unwrap();
                    let mut sq = at;
                    while sq != to {
                        sq = sq.diagonal(d).unwrap();
                        if s.foes & sq.bit() != 0 {
                            jumped |= sq.bit();
                        }
                    }
                    last = Some(d);
                    at = to;
                }
                let more = s.longest(at, jumped, last);
                let floor = jumped.count_ones() + more;
                let mut ways = Vec::new();
                s.complete(
                    &mut prefix.to_vec(),
                    jumped,
                    last,
                    floor,
                    &mut |path, jumped| ways.push((path.to_vec(), jumped)),
                );
                let expected: Vec<_> = all
                    .iter()
                    .filter(|(path, jumped)| {
                        path.starts_with(prefix) && jumped.count_ones() == floor
                    })
                    .cloned()
                    .collect();
                assert!(!expected.is_empty());
                assert_eq!(
                    as_actions(ways),
                    as_actions(expected),
                    "{p:?} after {prefix:?}"
                );
            }
        }
        assert!(partway > 50, "too few captures of three or more: {partway}");
    }
}
