//! Captures (every complete sequence of a piece, the longest one, the
//! maximum captures among the pieces that may still act) and, from them,
//! the legal actions.

use std::cell::{Cell, RefCell};
use std::collections::HashSet;
use std::hash::{BuildHasherDefault, Hasher};

use super::board::{reverse, squares, Camp, Sq, Squares};
use super::rules::{Action, Position};

impl Position {
    /// The complete captures of the piece on `from` (ones that cannot jump
    /// further) that `floor` lets through, as (landing squares, jumped
    /// pieces): one per way it can end, by its first path in notation
    /// order.
    pub(super) fn sequences(
        &self,
        from: Sq,
        floor: &mut Floor,
        visit: &mut dyn FnMut(&[Sq], Squares),
    ) {
        let Some(camp) = self.camp_at(from) else {
            return;
        };
        let search = Search::new(
            self.occupied() & !from.bit(),
            self.foes(camp),
            self.is_superpion(from),
            from,
        );
        search.complete(&mut Vec::new(), 0, None, floor, visit);
    }

    /// The most pieces the piece on `from` can take in one capture.
    pub fn longest(&self, from: Sq) -> u32 {
        let Some(camp) = self.camp_at(from) else {
            return 0;
        };
        let search = Search::new(
            self.occupied() & !from.bit(),
            self.foes(camp),
            self.is_superpion(from),
            from,
        );
        search.longest(from, 0, None)
    }

    /// The longest capture among the pieces that may still act.
    pub fn max_capture(&self) -> u32 {
        self.max_capture_over(0)
    }

    /// The longest capture among the pieces that may still act when it
    /// takes more than `floor` pieces; `floor` otherwise. Checking a written
    /// capture only asks whether a longer one exists, and searching only for
    /// longer ones cuts the search early. The pieces are all of the camp to
    /// play, so the board and its foes are read once.
    pub fn max_capture_over(&self, floor: u32) -> u32 {
        let occupied = self.occupied();
        let foes = self.foes(self.to_move);
        squares(self.movers()).fold(floor, |best, from| {
            let superpion = self.is_superpion(from);
            // A pawn with no foe diagonally next to it cannot capture: most
            // pawns, most of the time.
            if !superpion && diagonal_neighbours(from) & foes == 0 {
                return best;
            }
            let search = Search::new(occupied & !from.bit(), foes, superpion, from);
            search.longest_over(from, best)
        })
    }

    /// Whether any camp that plays has a capture (for `captures-impossible`).
    pub fn any_capture(&self) -> bool {
        Camp::ALL
            .into_iter()
            .filter(|&c| self.rules.plays(c))
            .any(|c| squares(self.camps[c.index()]).any(|s| self.longest(s) > 0))
    }

    /// The capture actions of maximum length among the pieces that may
    /// still act; empty when none can capture.
    pub fn capture_actions(&self) -> Vec<Action> {
        // One search per piece, keeping only the longest captures found so
        // far across them all.
        let mut floor = Floor::Longest(1);
        let mut found: Vec<Action> = Vec::new();
        for from in squares(self.movers()) {
            self.sequences(from, &mut floor, &mut |path, jumped| {
                if found
                    .first()
                    .is_some_and(|a| a.taken() < jumped.count_ones())
                {
                    found.clear();
                }
                found.push(Action {
                    from,
                    path: path.to_vec(),
                    capture: true,
                    jumped,
                    promotion: None,
                });
            });
        }
        self.finish(found)
    }

    /// One action per (start, final square, jumped pieces), written with its
    /// first path; then one per promotion mark.
    fn finish(&self, found: Vec<Action>) -> Vec<Action> {
        let found = distinct(found);
        let mut out = Vec::with_capacity(found.len());
        for action in found {
            self.with_marks(action, &mut out);
        }
        out.sort_by_cached_key(Action::sort_key);
        out
    }

    /// The action once for each promotion mark it may carry (once, unmarked,
    /// when it does not promote).
    fn with_marks(&self, action: Action, out: &mut Vec<Action>) {
        let camp = self.to_move;
        let reached = if self.is_superpion(action.from) {
            None
        } else {
            self.promotion_camp(camp, action.to())
        };
        match reached {
            None => out.push(action),
            Some(reached) => {
                for colour in self.promotion_options(reached) {
                    out.push(Action {
                        promotion: Some(colour),
                        ..action.clone()
                    });
                }
            }
        }
    }

    /// Moves of the pieces that may still act (captures ignored).
    pub fn move_actions(&self) -> Vec<Action> {
        let camp = self.to_move;
        let occupied = self.occupied();
        let forbidden = self.rules.two_player_forbidden(camp);
        let mut found = Vec::new();
        for from in squares(self.movers()) {
            let superpion = self.is_superpion(from);
            for d in 0..4 {
                if !superpion && (d == camp.backward() || Some(d) == forbidden) {
                    continue;
                }
                let mut at = from;
                while let Some(to) = at.step(d) {
                    if occupied & to.bit() != 0 {
                        break;
                    }
                    found.push(Action {
                        from,
                        path: vec![to],
                        capture: false,
                        jumped: 0,
                        promotion: None,
                    });
                    if !superpion {
                        break;
                    }
                    at = to;
                }
            }
        }
        let mut out = Vec::with_capacity(found.len());
        for action in found {
            self.with_marks(action, &mut out);
        }
        out.sort_by_cached_key(Action::sort_key);
        out
    }

    /// Whether the camp to play has a legal action left this turn: all that
    /// deciding on a pass or a missing second action needs, without listing
    /// the actions (a promotion always has a mark: a spare at least).
    pub fn any_action(&self) -> bool {
        !self.over && (self.max_capture() > 0 || self.any_move())
    }

    /// Whether a piece that may still act has a free square next to it in
    /// a direction it may move in.
    fn any_move(&self) -> bool {
        let camp = self.to_move;
        let occupied = self.occupied();
        let forbidden = self.rules.two_player_forbidden(camp);
        squares(self.movers()).any(|from| {
            let superpion = self.is_superpion(from);
            (0..4).any(|d| {
                let allowed = superpion || (d != camp.backward() && Some(d) != forbidden);
                allowed && from.step(d).is_some_and(|to| occupied & to.bit() == 0)
            })
        })
    }

    /// The legal actions now: the maximum captures if any, else the moves.
    pub fn actions(&self) -> Vec<Action> {
        if self.over {
            return Vec::new();
        }
        let captures = self.capture_actions();
        if captures.is_empty() {
            self.move_actions()
        } else {
            captures
        }
    }
}

/// One capture per (start, end square, jumped pieces), by its least path:
/// two jump orders with the same outcome are one action (a Superpion may
/// reach one end state from two directions).
pub(super) fn distinct(mut found: Vec<Action>) -> Vec<Action> {
    found.sort_by_cached_key(|a| (a.from, a.to(), a.jumped, a.sort_key()));
    found.dedup_by(|b, a| a.from == b.from && a.to() == b.to() && a.jumped == b.jumped);
    found
}

/// The squares diagonally next to `sq`, as a set, from a table.
fn diagonal_neighbours(sq: Sq) -> Squares {
    static NEIGHBOURS: std::sync::OnceLock<Vec<Squares>> = std::sync::OnceLock::new();
    let table = NEIGHBOURS.get_or_init(|| {
        Sq::all()
            .map(|sq| {
                (0..4)
                    .filter_map(|d| sq.diagonal(d))
                    .fold(0, |set, n| set | n.bit())
            })
            .collect()
    });
    table.get(sq.index()).copied().unwrap_or(Squares::MAX)
}

/// The capture search of one piece: pawns jump adjacent pieces, Superpions
/// fly; jumped pieces stay on the board until the capture ends.
///
/// What a capture can still do depends only on its state: the square it
/// has reached, the pieces it has jumped, and (for a Superpion, which may
/// not turn back) the direction it came in. Many orders of jumps reach the
/// same state, so each search visits a state once: the work is bounded by
/// the states, not by the paths, whose number grows exponentially on a
/// crowded board.
pub(super) struct Search {
    /// Every piece but the capturing one (its start counts as empty).
    occupied: Squares,
    foes: Squares,
    superpion: bool,
    from: Sq,
    /// Foes that any capture could ever jump: a bound on what is left to
    /// take, which cuts the search short once a capture reaches it. Worked
    /// out only once a capture goes two jumps deep: most searches end
    /// before, and the bound costs more than they do.
    jumpable: Cell<Option<Squares>>,
    /// The states seen [`REMEMBERED`] jumps deep or more, allocated only
    /// when a capture gets that far.
    seen: RefCell<HashSet<u128, BuildHasherDefault<StateHasher>>>,
}

/// How deep a capture goes before its states are remembered: with fewer
/// jumps there is one path to a state only.
const REMEMBERED: u32 = 2;

/// A capture in progress, for [`Search::seen`], as one number: the
/// jumped pieces (squares 0 to 80), the square reached, the direction.
fn state(at: Sq, jumped: Squares, last: Option<usize>) -> u128 {
    let last = last.map_or(0, |d| d as u128 + 1);
    jumped | (at.index() as u128) << 96 | last << 104
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
            jumpable: Cell::new(None),
            seen: RefCell::new(HashSet::default()),
        }
    }

    /// Where the piece may jump from `at`: (direction, jumped, landings).
    fn jumps(
        &self,
        at: Sq,
        jumped: Squares,
        last: Option<usize>,
        mut each: impl FnMut(usize, Sq, Sq),
    ) {
        for d in 0..4 {
            if self.superpion && last == Some(reverse(d)) {
                continue;
            }
            let mut s = at.diagonal(d);
            if self.superpion {
                while let Some(sq) = s {
                    if self.occupied & sq.bit() != 0 {
                        break;
                    }
                    s = sq.diagonal(d);
                }
            }
            let Some(taken) = s else { continue };
            if self.foes & taken.bit() == 0 || jumped & taken.bit() != 0 {
                continue;
            }
            let mut landing = taken.diagonal(d);
            while let Some(to) = landing {
                if self.occupied & to.bit() != 0 {
                    break;
                }
                each(d, taken, to);
                if !self.superpion {
                    break;
                }
                landing = to.diagonal(d);
            }
        }
    }

    /// Whether this is the first time the search reaches a state, for
    /// states [`REMEMBERED`] jumps deep or more.
    fn first_visit(&self, at: Sq, jumped: Squares, last: Option<usize>, depth: u32) -> bool {
        if depth < REMEMBERED {
            return true;
        }
        let last = if self.superpion { last } else { None };
        self.seen.borrow_mut().insert(state(at, jumped, last))
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

    /// The most a capture `depth` jumps deep, having jumped `jumped`, could
    /// take in all.
    fn reach(&self, jumped: Squares, depth: u32) -> u32 {
        depth + (self.bound(depth) & !jumped).count_ones()
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

    /// The most pieces a capture can still take from `at`.
    pub(super) fn longest(&self, at: Sq, jumped: Squares, last: Option<usize>) -> u32 {
        self.seen.borrow_mut().clear();
        let depth = jumped.count_ones();
        let mut best = depth;
        self.deepen(at, jumped, last, depth, &mut best);
        best - depth
    }

    /// The most pieces a capture from the start can take, when more than
    /// `floor`; `floor` otherwise.
    fn longest_over(&self, from: Sq, floor: u32) -> u32 {
        self.seen.borrow_mut().clear();
        let mut best = floor;
        self.deepen(from, 0, None, 0, &mut best);
        best
    }

    /// Depth-first search for the longest capture, cut where even jumping
    /// every foe left could not beat the best found, and where a state was
    /// searched before.
    fn deepen(&self, at: Sq, jumped: Squares, last: Option<usize>, depth: u32, best: &mut u32) {
        *best = (*best).max(depth);
        if self.reach(jumped, depth) <= *best || !self.first_visit(at, jumped, last, depth) {
            return;
        }
        self.jumps(at, jumped, last, |d, taken, to| {
            self.deepen(to, jumped | taken.bit(), Some(d), depth + 1, best);
        });
    }

    /// Every complete capture on from `path` (which ends on `at`, having
    /// jumped `jumped`, coming in along `last`) that `floor` lets through:
    /// once per state it ends in, by the first path to that state in
    /// notation order.
    ///
    /// Jumps are tried in notation order of their landing squares, so the
    /// first path to reach a state is the least one in that order: any
    /// lesser path to it would have passed, earlier, through a state
    /// already seen, and from there on the paths are the same. A state cut
    /// off by the floor is cut off whenever it is reached, as the floor
    /// only rises, so no least path is lost to it.
    pub(super) fn complete(
        &self,
        path: &mut Vec<Sq>,
        jumped: Squares,
        last: Option<usize>,
        floor: &mut Floor,
        visit: &mut dyn FnMut(&[Sq], Squares),
    ) {
        self.seen.borrow_mut().clear();
        let at = path.last().copied().unwrap_or(self.from);
        self.explore(path, at, jumped, last, floor, visit);
    }

    fn explore(
        &self,
        path: &mut Vec<Sq>,
        at: Sq,
        jumped: Squares,
        last: Option<usize>,
        floor: &mut Floor,
        visit: &mut dyn FnMut(&[Sq], Squares),
    ) {
        let depth = jumped.count_ones();
        if self.reach(jumped, depth) < floor.pieces() || !self.first_visit(at, jumped, last, depth)
        {
            return;
        }
        // At most four directions of at most twelve landings each.
        let mut next = [None; 48];
        let mut count = 0;
        self.jumps(at, jumped, last, |d, taken, to| {
            if let Some(slot) = next.get_mut(count) {
                *slot = Some((to.notation_key(), d, taken, to));
                count += 1;
            }
        });
        if count == 0 {
            if !path.is_empty() && depth >= floor.pieces() {
                floor.found(depth);
                visit(path, jumped);
            }
            return;
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

/// Which complete captures a search hands over.
#[derive(Clone, Copy, Debug)]
pub(super) enum Floor {
    /// Every one taking at least this many pieces.
    AtLeast(u32),
    /// The longest only: this many pieces or more, the floor rising to
    /// each longer capture found (the caller drops the shorter ones it
    /// was handed before).
    Longest(u32),
}

impl Floor {
    fn pieces(&self) -> u32 {
        match *self {
            Floor::AtLeast(n) | Floor::Longest(n) => n,
        }
    }

    fn found(&mut self, taken: u32) {
        if let Floor::Longest(n) = self {
            *n = (*n).max(taken);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::superpion::modes::{Colour, Mode, Rules};
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

    /// The maximum captures by brute force, as `capture_actions` lists them.
    fn reference(p: &Position) -> Vec<Action> {
        let mut found = Vec::new();
        for from in squares(p.movers()) {
            let search = Search::new(
                p.occupied() & !from.bit(),
                p.foes(p.to_move),
                p.is_superpion(from),
                from,
            );
            let mut all = Vec::new();
            by_paths(&search, from, 0, None, &mut Vec::new(), &mut all);
            found.extend(all.into_iter().map(|(path, jumped)| Action {
                from,
                path,
                capture: true,
                jumped,
                promotion: None,
            }));
        }
        let best = found.iter().map(Action::taken).max().unwrap_or(0);
        found.retain(|a| a.taken() == best && best > 0);
        p.finish(found)
    }

    /// Crowded random positions: a few blue pieces, Superpions among them,
    /// amid many opponents.
    fn crowded(rng: &mut Rng) -> Position {
        let mut p = Position::empty(Rules::new(Mode::FourPlayers, None));
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
}
