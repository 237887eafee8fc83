//! Positions numbered densely, layer by layer, so that a table of values
//! is one byte per position and a position finds its byte by arithmetic.
//!
//! A layer holds every arrangement of `red` red and `blue` blue pieces
//! with one colour to act. Its index is the colex rank of the red set among
//! the 25 points, times the number of blue sets, plus the colex rank of the
//! blue set among the points red leaves free.

use super::super::board::Colour;

/// Points of both worlds.
pub const POINTS: usize = 25;

/// Binomial coefficients `C(n, k)` for `n <= 25`, `k <= 8`.
static CHOOSE: [[u64; 9]; POINTS + 1] = choose_table();

const fn choose_table() -> [[u64; 9]; POINTS + 1] {
    let mut table = [[0; 9]; POINTS + 1];
    let mut n = 0;
    while n <= POINTS {
        table[n][0] = 1;
        let mut k = 1;
        while k <= 8 && k <= n {
            table[n][k] = table[n - 1][k - 1] + if k < n { table[n - 1][k] } else { 0 };
            k += 1;
        }
        n += 1;
    }
    table
}

/// `C(n, k)`; 0 out of range.
pub fn choose(n: usize, k: usize) -> u64 {
    CHOOSE
        .get(n)
        .and_then(|row| row.get(k))
        .copied()
        .unwrap_or(0)
}

/// Each grid bit's dense number (0-24, grid order); 0 off the points.
static DENSE: [u8; 49] = dense_numbers();

/// Each dense number's grid bit.
static GRID: [u8; POINTS] = grid_bits();

const fn is_point(bit: usize) -> bool {
    (bit % 7 + bit / 7).is_multiple_of(2)
}

const fn dense_numbers() -> [u8; 49] {
    let mut table = [0; 49];
    let (mut bit, mut dense) = (0, 0);
    while bit < 49 {
        if is_point(bit) {
            table[bit] = dense;
            dense += 1;
        }
        bit += 1;
    }
    table
}

const fn grid_bits() -> [u8; POINTS] {
    let mut table = [0; POINTS];
    let (mut bit, mut dense) = (0, 0);
    while bit < 49 {
        if is_point(bit) {
            table[dense] = bit as u8;
            dense += 1;
        }
        bit += 1;
    }
    table
}

/// A grid bit set as a dense 25-bit set.
#[cfg(test)]
pub fn dense(set: u64) -> u32 {
    super::super::board::points(set)
        .fold(0, |d, p| d | 1 << DENSE[p.bit().trailing_zeros() as usize])
}

/// A dense 25-bit set as a grid bit set.
pub fn grid(set: u32) -> u64 {
    let mut grid = 0;
    let mut rest = set;
    while rest != 0 {
        let d = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        grid |= 1 << GRID.get(d).copied().unwrap_or(0);
    }
    grid
}

/// Every point as a grid bit set.
pub fn all_points() -> u64 {
    grid((1 << POINTS) - 1)
}

/// Colex rank of a dense set among the sets of its size.
#[cfg(test)]
fn colex(set: u32) -> u64 {
    let mut rank = 0;
    let mut rest = set;
    let mut i = 1;
    while rest != 0 {
        rank += choose(rest.trailing_zeros() as usize, i);
        rest &= rest - 1;
        i += 1;
    }
    rank
}

/// The most pieces of one colour a layer holds.
const MOST: usize = super::super::position::PIECES as usize;

/// Where the sets of each size start in [`SETS`].
const SETS_FROM: [usize; MOST + 2] = sets_from();

const fn sets_from() -> [usize; MOST + 2] {
    let mut from = [0; MOST + 2];
    let mut k = 0;
    while k <= MOST {
        from[k + 1] = from[k] + CHOOSE[POINTS][k] as usize;
        k += 1;
    }
    from
}

/// Every dense set of at most [`MOST`] points, size after size, each size
/// in colex order: the set of a rank is looked up, not searched for. Colex
/// order puts the sets within the first `n` points first, so one list
/// serves every `n`.
static SETS: [u32; SETS_FROM[MOST + 1]] = all_small_sets();

const fn all_small_sets() -> [u32; SETS_FROM[MOST + 1]] {
    let mut sets = [0; SETS_FROM[MOST + 1]];
    let mut k = 0;
    while k <= MOST {
        let mut set: u32 = (1 << k) - 1;
        let mut at = SETS_FROM[k];
        while at < SETS_FROM[k + 1] {
            sets[at] = set;
            at += 1;
            set = match next_set(set, POINTS) {
                Some(next) => next,
                None => 0,
            };
        }
        k += 1;
    }
    sets
}

/// The dense set of colex rank `rank` among sets of `k` points.
fn uncolex(rank: u64, k: usize) -> u32 {
    SETS_FROM
        .get(k)
        .and_then(|&from| SETS.get(from + rank as usize))
        .copied()
        .unwrap_or(0)
}

/// `set` squeezed past the points of `taken`: each point renumbered
/// among the points `taken` leaves free.
#[cfg(test)]
fn squeeze(set: u32, taken: u32) -> u32 {
    let mut out = 0;
    let mut rest = set;
    while rest != 0 {
        let d = rest.trailing_zeros();
        rest &= rest - 1;
        let below = (taken & ((1 << d) - 1)).count_ones();
        out |= 1 << (d - below);
    }
    out
}

/// The inverse of squeezing: squeezed points put back among the free
/// points of `taken`, by opening a gap at each taken point, lowest first
/// (a few shifts a point of `taken`, which holds a handful).
pub fn spread(squeezed: u32, taken: u32) -> u32 {
    let mut out = squeezed;
    let mut rest = taken;
    while rest != 0 {
        let below = (rest & rest.wrapping_neg()) - 1;
        rest &= rest - 1;
        out = (out & below) | ((out & !below) << 1);
    }
    out
}

/// The positions with so many pieces of each colour on the board and one
/// colour to act.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layer {
    /// Red pieces on the board.
    pub red: u8,
    /// Blue pieces on the board.
    pub blue: u8,
    /// The colour to act.
    pub to_move: Colour,
}

impl Layer {
    /// The blue sets beside one red set.
    pub fn blue_sets(self) -> u64 {
        choose(POINTS - usize::from(self.red), usize::from(self.blue))
    }

    /// Positions in the layer.
    pub fn size(self) -> u64 {
        choose(POINTS, usize::from(self.red)) * self.blue_sets()
    }

    /// The index of an arrangement given as grid bit sets: the colex rank
    /// of the red set times the blue sets, plus the colex rank of the blue
    /// set among the points red leaves free. The solver asks it at every
    /// step, so it goes straight from the grid: a point's dense number is
    /// its rank in grid order, and a blue point's number among the free
    /// points is that less the red points below it.
    pub fn index(self, red: u64, blue: u64) -> u64 {
        let (mut red_rank, mut rest, mut i) = (0, red, 0);
        while rest != 0 {
            let bit = rest.trailing_zeros();
            rest &= rest - 1;
            i += 1;
            red_rank += choose(usize::from(DENSE[bit as usize % 49]), i);
        }
        let (mut blue_rank, mut rest, mut i) = (0, blue, 0);
        while rest != 0 {
            let bit = rest.trailing_zeros();
            let below = (red & (rest ^ (rest - 1))).count_ones() as usize;
            rest &= rest - 1;
            i += 1;
            let free = usize::from(DENSE[bit as usize % 49]).saturating_sub(below);
            blue_rank += choose(free, i);
        }
        red_rank * self.blue_sets() + blue_rank
    }

    /// The arrangement (dense sets) at an index.
    pub fn arrangement(self, index: u64) -> (u32, u32) {
        let blue_sets = self.blue_sets().max(1);
        let red = uncolex(index / blue_sets, usize::from(self.red));
        let blue = uncolex(index % blue_sets, usize::from(self.blue));
        (red, spread(blue, red))
    }

    /// The layer a placement leads to: one more piece of the colour that
    /// acted, the other colour to act.
    pub fn after_placement(self) -> Layer {
        match self.to_move {
            Colour::Red => Layer {
                red: self.red + 1,
                to_move: Colour::Blue,
                ..self
            },
            Colour::Blue => Layer {
                blue: self.blue + 1,
                to_move: Colour::Red,
                ..self
            },
        }
    }

    /// An arrangement's sets (red, blue) as the colour to act sees them:
    /// its own first. A swap, so it is its own inverse: given the sets of
    /// the colour to act and of the other, it gives (red, blue).
    pub fn sides(self, red: u64, blue: u64) -> (u64, u64) {
        match self.to_move {
            Colour::Red => (red, blue),
            Colour::Blue => (blue, red),
        }
    }

    /// The layer with the other colour to act.
    pub fn flipped(self) -> Layer {
        Layer {
            to_move: self.to_move.other(),
            ..self
        }
    }
}

/// The next set of the same size in colex order (Gosper's hack), or `None`
/// past the last one within `n` points.
pub const fn next_set(set: u32, n: usize) -> Option<u32> {
    if set == 0 {
        return None;
    }
    let c = set & set.wrapping_neg();
    let Some(r) = set.checked_add(c) else {
        return None;
    };
    let next = (((r ^ set) >> 2) / c) | r;
    if next < 1 << n {
        Some(next)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn indices_are_dense_and_invertible() {
        for (red, blue) in [(0, 0), (1, 0), (2, 1), (3, 2), (2, 3)] {
            let layer = Layer {
                red,
                blue,
                to_move: Colour::Red,
            };
            let mut seen = vec![false; layer.size() as usize];
            for index in 0..layer.size() {
                let (r, b) = layer.arrangement(index);
                assert_eq!(r.count_ones(), u32::from(red));
                assert_eq!(b.count_ones(), u32::from(blue));
                assert_eq!(r & b, 0);
                let by_definition = colex(r) * layer.blue_sets() + colex(squeeze(b, r));
                assert_eq!(by_definition, index);
                assert_eq!(layer.index(grid(r), grid(b)), index);
                assert_eq!(spread(squeeze(b, r), r), b);
                assert!(!std::mem::replace(&mut seen[index as usize], true));
            }
        }
    }

    #[test]
    fn dense_and_grid_sets_convert_both_ways() {
        assert_eq!(all_points().count_ones(), 25);
        for d in 0..POINTS {
            assert_eq!(dense(grid(1 << d)), 1 << d);
        }
    }

    #[test]
    fn colex_order_is_gosper_order() {
        let mut set = 0b111;
        for rank in 0..choose(POINTS, 3) {
            assert_eq!(colex(set), rank);
            set = next_set(set, POINTS).unwrap_or(0);
        }
        assert_eq!(set, 0);
    }
}
