//! Positions numbered densely, layer by layer, so that a table of values
//! is one byte per position and a position finds its byte by arithmetic.
//!
//! A layer holds every arrangement of `red` red and `blue` blue pieces
//! with one colour to act. Its index is the colex rank of the red set among
//! the 25 points, times the number of blue sets, plus the colex rank of the
//! blue set among the points red leaves free.

use super::super::board::{points, Colour};

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
pub fn dense(set: u64) -> u32 {
    points(set).fold(0, |d, p| d | 1 << DENSE[p.bit().trailing_zeros() as usize])
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

/// The dense set of colex rank `rank` among sets of `k` out of `n`.
fn uncolex(mut rank: u64, k: usize, n: usize) -> u32 {
    let mut set = 0;
    let mut top = n;
    for i in (1..=k).rev() {
        // The largest element e with C(e, i) <= rank.
        let mut e = top;
        while e > 0 && choose(e - 1, i) > rank {
            e -= 1;
        }
        let e = e.saturating_sub(1);
        set |= 1 << e;
        rank -= choose(e, i);
        top = e;
    }
    set
}

/// `set` squeezed past the points of `taken`: each point renumbered
/// among the points `taken` leaves free.
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

/// The inverse of [`squeeze`]: squeezed points put back among the free
/// points of `taken`.
pub fn spread(squeezed: u32, taken: u32) -> u32 {
    let mut out = 0;
    let mut free = !taken & ((1 << POINTS) - 1);
    let mut i = 0;
    while free != 0 {
        let d = free.trailing_zeros();
        free &= free - 1;
        if squeezed & (1 << i) != 0 {
            out |= 1 << d;
        }
        i += 1;
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

    /// The index of an arrangement (dense sets) in the layer.
    pub fn index(self, red: u32, blue: u32) -> u64 {
        colex(red) * self.blue_sets() + colex(squeeze(blue, red))
    }

    /// The arrangement (dense sets) at an index.
    pub fn arrangement(self, index: u64) -> (u32, u32) {
        let blue_sets = self.blue_sets().max(1);
        let red = uncolex(index / blue_sets, usize::from(self.red), POINTS);
        let free = POINTS - usize::from(self.red);
        let blue = uncolex(index % blue_sets, usize::from(self.blue), free);
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
pub fn next_set(set: u32, n: usize) -> Option<u32> {
    if set == 0 {
        return None;
    }
    let c = set & set.wrapping_neg();
    let r = set.checked_add(c)?;
    let next = (((r ^ set) >> 2) / c) | r;
    (next < 1 << n).then_some(next)
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
                assert_eq!(layer.index(r, b), index);
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
