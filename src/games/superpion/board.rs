//! The Superpion board, the single source of truth for its geometry: the
//! 160-square cross cut from a 14x14 grid, its 80 white squares (the only
//! ones play uses), the step tables, and the four camps with their arms,
//! back lines, forward directions and initial pawns (`superpion.md`, "Board").

use std::fmt;

use serde::{Deserialize, Serialize};

/// Files and ranks of the grid the cross is cut from.
pub const SIZE: i8 = 14;
/// White squares of the cross: the squares play uses.
pub const SQUARES: usize = 80;

/// A set of white squares, one bit per [`Sq`].
pub type Squares = u128;

/// Whether `file`, `rank` (0-based) lie on the cross: the four 3x3 corners
/// of the grid are cut away.
pub const fn on_board(file: i8, rank: i8) -> bool {
    let in_grid = file >= 0 && file < SIZE && rank >= 0 && rank < SIZE;
    let corner_file = file < 3 || file > 10;
    let corner_rank = rank < 3 || rank > 10;
    in_grid && !(corner_file && corner_rank)
}

/// White: file number + rank number even (a=1, rank 1 = 1), that is an even
/// sum of the 0-based coordinates.
pub const fn is_white(file: i8, rank: i8) -> bool {
    (file + rank) % 2 == 0
}

/// Cells in a row of the board turned 45 degrees: 11 hold squares, and a
/// 12th, spare cell holds none, so that a set shifted along its rows never
/// runs from one row onto the next.
const ROW: i8 = 12;
/// Cells of the turned board: 10 rows of [`ROW`], within one [`Squares`].
const CELLS: usize = 120;
/// Entries of a table looked up by cell: one for every value of the cell's
/// byte, the ones past [`CELLS`] never read, so that a look-up needs no
/// check of its index (about 2% of a Superpion record's instructions).
const SLOTS: usize = 1 << u8::BITS;

/// The cell of the white square at 0-based (`file`, `rank`). Turned 45
/// degrees, the square's diagonals become the rows and columns of a grid:
/// the row is `(file + rank) / 2` and the column `(file - rank) / 2`, each
/// moved to start at 0. A diagonal step is then one cell (south-east,
/// north-west) or one row (north-east, south-west) for every square of a
/// set at once.
const fn cell_of(file: i8, rank: i8) -> u8 {
    ((file + rank) / 2 - 2) as u8 * ROW as u8 + ((file - rank) / 2 + 5) as u8
}

/// A white square of the board. It is kept as its cell on the board turned
/// 45 degrees (see `cell_of`), its bit in a [`Squares`]; [`Sq::index`]
/// numbers the squares 0..80 rank by rank, and squares compare in that
/// order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Sq(u8);

const NONE: u8 = u8::MAX;

struct Tables {
    /// By 0-based file, then rank as written (1-14; 0 and 15 NONE): the
    /// cell, or NONE. Every written square is looked up here, and every
    /// pair of coordinates.
    named: [[u8; 16]; SIZE as usize],
    /// Squares by number, rank by rank: their cells.
    cells: [u8; SQUARES],
    /// Cell to the square's number, rank by rank.
    numbers: [u8; SLOTS],
    coords: [(i8, i8); SLOTS],
    /// Orthogonal neighbours two grid steps away (N, E, S, W).
    step: [[u8; 4]; SLOTS],
    /// Diagonal neighbours (NE, SE, SW, NW).
    diagonal: [[u8; 4]; SLOTS],
    /// The diagonal neighbours as one set: a pawn with no foe among them
    /// cannot capture.
    around: [Squares; SLOTS],
    /// Every square along each diagonal direction, up to the edge or the
    /// void: where a flying Superpion looks for the piece it may jump.
    rays: [[Squares; 4]; SLOTS],
    /// Every square.
    board: Squares,
    /// The squares on the edge of an arm: every camp's back line.
    back_lines: Squares,
    /// Each camp's back line, by camp index: rank 1, file a, rank 14,
    /// file n.
    back_line: [Squares; 4],
    /// Each camp's initial pawns, by camp index: set up at every record.
    initial: [Squares; 4],
}

/// North, east, south, west, as (file, rank) steps.
pub const ORTHOGONAL: [(i8, i8); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];
/// North-east, south-east, south-west, north-west.
pub const DIAGONAL: [(i8, i8); 4] = [(1, 1), (1, -1), (-1, -1), (-1, 1)];

/// Each camp's arm, by camp index (blue, red, yellow, black), as
/// (files, ranks) from 0, both ends included: where its pawns start.
const ARMS: [((i8, i8), (i8, i8)); 4] = [
    ((3, 10), (0, 2)),
    ((0, 2), (3, 10)),
    ((3, 10), (11, 13)),
    ((11, 13), (3, 10)),
];

const fn build() -> Tables {
    let mut t = Tables {
        named: [[NONE; 16]; SIZE as usize],
        cells: [NONE; SQUARES],
        numbers: [NONE; SLOTS],
        coords: [(0, 0); SLOTS],
        step: [[NONE; 4]; SLOTS],
        diagonal: [[NONE; 4]; SLOTS],
        around: [0; SLOTS],
        rays: [[0; 4]; SLOTS],
        board: 0,
        back_lines: 0,
        back_line: [0; 4],
        initial: [0; 4],
    };
    let mut n = 0;
    let mut rank = 0;
    while rank < SIZE {
        let mut file = 0;
        while file < SIZE {
            if on_board(file, rank) && is_white(file, rank) {
                let cell = cell_of(file, rank);
                t.named[file as usize][rank as usize + 1] = cell;
                t.cells[n] = cell;
                t.numbers[cell as usize] = n as u8;
                t.coords[cell as usize] = (file, rank);
                t.board |= 1 << cell;
                // The edges that are Blue's, Red's, Yellow's and Black's
                // back lines.
                let edges = [rank == 0, file == 0, rank == SIZE - 1, file == SIZE - 1];
                let mut camp = 0;
                while camp < 4 {
                    if edges[camp] {
                        t.back_line[camp] |= 1 << cell;
                        t.back_lines |= 1 << cell;
                    }
                    let ((f0, f1), (r0, r1)) = ARMS[camp];
                    if f0 <= file && file <= f1 && r0 <= rank && rank <= r1 {
                        t.initial[camp] |= 1 << cell;
                    }
                    camp += 1;
                }
                n += 1;
            }
            file += 1;
        }
        rank += 1;
    }
    let mut s = 0;
    while s < SQUARES {
        let cell = t.cells[s] as usize;
        let (file, rank) = t.coords[cell];
        let mut d = 0;
        while d < 4 {
            let (df, dr) = ORTHOGONAL[d];
            let (f, r) = (file + 2 * df, rank + 2 * dr);
            if on_board(f, r) {
                t.step[cell][d] = t.named[f as usize][r as usize + 1];
            }
            let (df, dr) = DIAGONAL[d];
            let (f, r) = (file + df, rank + dr);
            if on_board(f, r) {
                t.diagonal[cell][d] = t.named[f as usize][r as usize + 1];
            }
            d += 1;
        }
        s += 1;
    }
    // The diagonal steps are known for every square now: the sets follow.
    let mut s = 0;
    while s < SQUARES {
        let cell = t.cells[s] as usize;
        let mut d = 0;
        while d < 4 {
            let mut at = t.diagonal[cell][d];
            if at != NONE {
                t.around[cell] |= 1 << at;
            }
            while at != NONE {
                t.rays[cell][d] |= 1 << at;
                at = t.diagonal[at as usize][d];
            }
            d += 1;
        }
        s += 1;
    }
    t
}

static TABLES: Tables = build();

/// Every square of the board, as a set.
pub const BOARD: Squares = build().board;

/// Each cell as a set of one: looked up, as a 128-bit shift by a variable
/// costs several instructions and every rule asks it.
static BITS: [Squares; SLOTS] = {
    let mut bits = [0; SLOTS];
    let mut s = 0;
    while s < CELLS {
        bits[s] = 1 << s;
        s += 1;
    }
    bits
};

/// Cells from a square to its diagonal neighbour, by direction (NE, SE,
/// SW, NW): a row or a cell on the turned board (see `cell_of`).
const SHIFTS: [i32; 4] = [ROW as i32, 1, -(ROW as i32), -1];

/// `set` moved `cells` along the turned board (toward higher cells when
/// positive); what leaves the 128 bits is gone.
#[inline(always)]
fn shifted(set: Squares, cells: i32) -> Squares {
    if cells >= 0 {
        set << cells
    } else {
        set >> -cells
    }
}

/// Where a pawn can jump from, by direction (NE, SE, SW, NW): the squares
/// with a foe next to them that way and an empty square beyond it, for
/// every square at once, shifting the sets a row or a cell at a time. A
/// foe or an empty square is never in a spare cell, so a shift that runs
/// off a row finds neither.
pub struct Takeoffs([Squares; 4]);

impl Takeoffs {
    #[inline(always)]
    pub fn new(foes: Squares, empty: Squares) -> Takeoffs {
        let toward = |cells: i32| shifted(foes, -cells) & shifted(empty, -2 * cells);
        Takeoffs([
            toward(SHIFTS[0]),
            toward(SHIFTS[1]),
            toward(SHIFTS[2]),
            toward(SHIFTS[3]),
        ])
    }

    /// The pawns among `pawns` that can make a first jump.
    pub fn first(&self, pawns: Squares) -> Squares {
        pawns & (self.0[0] | self.0[1] | self.0[2] | self.0[3])
    }

    /// The foes a pawn starting on `from` could jump in one capture, were
    /// it free to jump a piece twice: the jumps from every square it can
    /// land on, followed until no new square is reached (at most one
    /// round per square of the board). A bound on what it can take, for
    /// takeoffs made with its start square empty.
    pub fn reach(&self, from: Sq) -> Squares {
        let (mut landed, mut jumped) = (from.bit(), 0);
        let mut new = landed;
        while new != 0 {
            let mut next = 0;
            for (takeoffs, cells) in self.0.into_iter().zip(SHIFTS) {
                let starts = new & takeoffs;
                jumped |= shifted(starts, cells);
                next |= shifted(starts, 2 * cells);
            }
            new = next & !landed;
            landed |= new;
        }
        jumped
    }

    /// Whether a pawn among `pawns` can take two pieces in one capture: a
    /// first jump, then a second from where it lands. Exact for all the
    /// pawns at once: a second jump that does not turn back can neither
    /// jump the first piece again nor land where the pawn started, so
    /// nothing of the first jump but its landing matters to it.
    pub fn second(&self, pawns: Squares) -> bool {
        self.onward(self.landings(pawns))
            .iter()
            .any(|&landed| landed != 0)
    }

    /// Whether a pawn among `pawns` can take three pieces in one capture,
    /// for all of them at once, told by sets with no branch to guess: a
    /// pawn's jumps go two cells a row or a cell, so three jumps none of
    /// which turns back can neither jump a piece twice nor land where the
    /// pawn started (it would take two jumps that cancel out), and only
    /// where each jump lands and from which way matters to the next.
    pub fn third(&self, pawns: Squares) -> bool {
        let twice = self.onward(self.landings(pawns));
        self.onward(twice).iter().any(|&landed| landed != 0)
    }

    /// Where the pawns among `pawns` land after a first jump, by the
    /// direction of the jump.
    #[inline(always)]
    fn landings(&self, pawns: Squares) -> [Squares; 4] {
        std::array::from_fn(|d| shifted(pawns & self.0[d], 2 * SHIFTS[d]))
    }

    /// Where pawns that landed on `landed`, by the direction they came
    /// in, land after one more jump that does not turn back (the way
    /// back is two directions round).
    #[inline(always)]
    fn onward(&self, landed: [Squares; 4]) -> [Squares; 4] {
        std::array::from_fn(|d| {
            let came = landed[d] | landed[(d + 1) % 4] | landed[(d + 3) % 4];
            shifted(came & self.0[d], 2 * SHIFTS[d])
        })
    }
}

/// What a written file and rank name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Located {
    White(Sq),
    Dark,
    /// Outside the grid, or in one of the four missing corners.
    Off,
}

/// Locate 0-based coordinates.
pub fn locate(file: i32, rank: i32) -> Located {
    let (Ok(file), Ok(rank)) = (i8::try_from(file), i8::try_from(rank)) else {
        return Located::Off;
    };
    if !on_board(file, rank) {
        Located::Off
    } else if !is_white(file, rank) {
        Located::Dark
    } else {
        Located::White(Sq(TABLES.named[file as usize][rank as usize + 1]))
    }
}

impl Sq {
    /// The white square a written name (`e5`, any case) names, if any:
    /// what `locate` finds white, read without telling the rest apart.
    pub fn named(file: char, rank: u32) -> Option<Sq> {
        // Only `A`-`N` and `a`-`n` land in `a`-`n` with the case bit set.
        let file = (u32::from(file) | 0x20).wrapping_sub(u32::from('a'));
        let ranks = TABLES.named.get(usize::try_from(file).ok()?)?;
        let at = *ranks.get(usize::try_from(rank).ok()?)?;
        (at != NONE).then_some(Sq(at))
    }

    /// Every white square, in index order.
    pub fn all() -> impl Iterator<Item = Sq> {
        TABLES.cells.iter().map(|&cell| Sq(cell))
    }

    /// The square's number, 0..80, rank by rank from the south.
    pub fn index(self) -> usize {
        TABLES.numbers[self.cell()] as usize
    }

    /// The square's cell on the board turned 45 degrees: its bit in a set.
    pub(super) fn cell(self) -> usize {
        usize::from(self.0)
    }

    /// The square as a set of one.
    pub fn bit(self) -> Squares {
        BITS[self.cell()]
    }

    /// 0-based (file, rank).
    pub fn coords(self) -> (i8, i8) {
        TABLES.coords[self.cell()]
    }

    /// 0-based file: 0 is `a`, west.
    pub fn file(self) -> i8 {
        self.coords().0
    }

    /// 0-based rank: 0 is rank 1, south.
    pub fn rank(self) -> i8 {
        self.coords().1
    }

    /// The white square at 0-based coordinates, if any.
    pub fn at(file: i8, rank: i8) -> Option<Sq> {
        match locate(file.into(), rank.into()) {
            Located::White(sq) => Some(sq),
            _ => None,
        }
    }

    /// A square by name (`e3`), for tests and setups.
    pub fn parse(name: &str) -> Option<Sq> {
        let mut chars = name.trim().chars();
        let file = chars.next()?.to_ascii_lowercase();
        if !file.is_ascii_lowercase() {
            return None;
        }
        let rank: i32 = chars.as_str().parse().ok()?;
        match locate(file as i32 - 'a' as i32, rank.saturating_sub(1)) {
            Located::White(sq) => Some(sq),
            _ => None,
        }
    }

    /// The next white square two grid steps away in orthogonal direction `d`.
    pub fn step(self, d: usize) -> Option<Sq> {
        let n = TABLES.step[self.cell()][d];
        (n != NONE).then_some(Sq(n))
    }

    /// The orthogonal direction from this square to `to` when `to` is the
    /// next white square that way: told by the cells between them, which
    /// on the turned board are a row and a cell.
    pub fn step_toward(self, to: Sq) -> Option<usize> {
        // Across a spare cell no two squares lie a row and a cell apart.
        match to.0 as i32 - self.0 as i32 {
            d if d == ROW as i32 - 1 => Some(0),
            d if d == ROW as i32 + 1 => Some(1),
            d if d == 1 - ROW as i32 => Some(2),
            d if d == -1 - ROW as i32 => Some(3),
            _ => None,
        }
    }

    /// The diagonal direction from this square to `to` and the square
    /// between them, when `to` is two diagonal steps away: where a pawn's
    /// jump lands. Told by the cells between them, two rows or two cells
    /// on the turned board, then the steps looked up, as two cells apart
    /// may lie across a spare cell or the void.
    pub fn jump_toward(self, to: Sq) -> Option<(usize, Sq)> {
        let d = match to.0 as i32 - self.0 as i32 {
            d if d == 2 * ROW as i32 => 0,
            2 => 1,
            d if d == -2 * ROW as i32 => 2,
            -2 => 3,
            _ => return None,
        };
        let between = self.diagonal(d)?;
        (between.diagonal(d) == Some(to)).then_some((d, between))
    }

    /// The diagonal neighbour in direction `d`; `None` at the edge or the void.
    pub fn diagonal(self, d: usize) -> Option<Sq> {
        let n = TABLES.diagonal[self.cell()][d];
        (n != NONE).then_some(Sq(n))
    }

    /// The squares diagonally next to this one, as a set.
    pub fn around(self) -> Squares {
        TABLES.around[self.cell()]
    }

    /// The first of `pieces` along diagonal direction `d` from this square,
    /// however far: cells rise going north-east (a row) and south-east (a
    /// cell), so the nearest is the lowest cell that way and the highest
    /// going south-west or north-west.
    pub fn first_along(self, d: usize, pieces: Squares) -> Option<Sq> {
        let met = pieces & TABLES.rays[self.cell()][d];
        if met == 0 {
            None
        } else if d < 2 {
            Some(Sq(met.trailing_zeros() as u8))
        } else {
            Some(Sq((127 - met.leading_zeros()) as u8))
        }
    }

    /// Whether a Superpion on this square can fly along `d` and jump: the
    /// first of `occupied` that way is one of `foes`, with an `empty`
    /// square right behind it. Told by sets, with no branch on what stands
    /// where; what [`Sq::first_along`] and two look-ups tell one by one.
    #[inline(always)]
    pub fn flies_over(self, d: usize, occupied: Squares, foes: Squares, empty: Squares) -> bool {
        let met = occupied & TABLES.rays[self.cell()][d];
        // The nearest: the lowest cell that way, or the highest (kept only
        // if any is met).
        let first = if d < 2 {
            met & met.wrapping_neg()
        } else {
            (1u128 << 127).wrapping_shr(met.leading_zeros()) & met
        };
        shifted(first & foes, SHIFTS[d]) & empty != 0
    }

    /// Whether the square lies on any camp's back line: the edge of an arm,
    /// where a pawn may be promoted.
    pub fn on_a_back_line(self) -> bool {
        TABLES.back_lines & self.bit() != 0
    }

    /// Order of notation: by file, then rank.
    pub fn notation_key(self) -> (i8, i8) {
        self.coords()
    }
}

/// Squares compare rank by rank, by [`Sq::index`], whatever their cells.
impl Ord for Sq {
    fn cmp(&self, other: &Sq) -> std::cmp::Ordering {
        self.index().cmp(&other.index())
    }
}

impl PartialOrd for Sq {
    fn partial_cmp(&self, other: &Sq) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for Sq {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (file, rank) = self.coords();
        write!(f, "{}{}", (b'a' + file as u8) as char, rank + 1)
    }
}

/// The squares of a set, in the order of their cells (see [`Sq`]), which
/// is not rank by rank: where the order shows, sort them.
pub fn squares(set: Squares) -> impl Iterator<Item = Sq> {
    let mut rest = set;
    std::iter::from_fn(move || {
        if rest == 0 {
            return None;
        }
        let n = rest.trailing_zeros() as u8;
        rest &= rest - 1;
        Some(Sq(n))
    })
}

/// The squares of a set rank by rank, as messages list them.
pub fn ranked(set: Squares) -> Vec<Sq> {
    let mut ranked: Vec<Sq> = squares(set).collect();
    ranked.sort_unstable();
    ranked
}

/// The diagonal direction from `from` to `to`, and the number of grid steps,
/// when they lie on one diagonal.
pub fn diagonal_between(from: Sq, to: Sq) -> Option<(usize, i8)> {
    let (f0, r0) = from.coords();
    let (f1, r1) = to.coords();
    let (df, dr) = (f1 - f0, r1 - r0);
    if df == 0 || df.abs() != dr.abs() {
        return None;
    }
    let d = DIAGONAL
        .iter()
        .position(|&(a, b)| a == df.signum() && b == dr.signum())?;
    Some((d, df.abs()))
}

/// The orthogonal direction from `from` to `to`, and the number of grid
/// steps, when they share a file or a rank.
pub fn orthogonal_between(from: Sq, to: Sq) -> Option<(usize, i8)> {
    let (f0, r0) = from.coords();
    let (f1, r1) = to.coords();
    let (df, dr) = (f1 - f0, r1 - r0);
    if (df == 0) == (dr == 0) {
        return None;
    }
    let d = ORTHOGONAL
        .iter()
        .position(|&(a, b)| a == df.signum() && b == dr.signum())?;
    Some((d, df.abs() + dr.abs()))
}

/// The reverse of a diagonal direction.
pub fn reverse(d: usize) -> usize {
    (d + 2) % 4
}

/// The four camps, in the order of play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Deserialize, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Camp {
    /// Blue, seated south, who plays first (letter B).
    Blue,
    /// Red, seated west, to Blue's left (letter R).
    Red,
    /// Yellow, seated north, facing Blue (letter Y).
    Yellow,
    /// Black, seated east, to Blue's right (letter K).
    Black,
}

impl Camp {
    /// B, R, Y, K: the order of play, Blue first.
    pub const ALL: [Camp; 4] = [Camp::Blue, Camp::Red, Camp::Yellow, Camp::Black];

    /// The camp's place in the order of play, from 0 for Blue.
    pub fn index(self) -> usize {
        self as usize
    }

    /// The camp at that place in the order of play, wrapping round after Black.
    pub fn from_index(i: usize) -> Camp {
        Camp::ALL[i % 4]
    }

    /// The letter that starts the camp's turns: B, R, Y or K.
    pub fn letter(self) -> char {
        match self {
            Camp::Blue => 'B',
            Camp::Red => 'R',
            Camp::Yellow => 'Y',
            Camp::Black => 'K',
        }
    }

    /// The camp a turn letter names, in either case.
    pub fn from_letter(c: char) -> Option<Camp> {
        match c.to_ascii_uppercase() {
            'B' => Some(Camp::Blue),
            'R' => Some(Camp::Red),
            'Y' => Some(Camp::Yellow),
            'K' => Some(Camp::Black),
            _ => None,
        }
    }

    /// The camp's header key: `blue`, `red`, `yellow` or `black`.
    pub fn name(self) -> &'static str {
        match self {
            Camp::Blue => "blue",
            Camp::Red => "red",
            Camp::Yellow => "yellow",
            Camp::Black => "black",
        }
    }

    /// The camp a header key names, in any case.
    pub fn from_name(name: &str) -> Option<Camp> {
        Camp::ALL
            .into_iter()
            .find(|c| c.name().eq_ignore_ascii_case(name.trim()))
    }

    /// The orthogonal direction toward the far side (index in `ORTHOGONAL`).
    pub fn forward(self) -> usize {
        match self {
            Camp::Blue => 0,
            Camp::Red => 1,
            Camp::Yellow => 2,
            Camp::Black => 3,
        }
    }

    /// The direction toward the camp's own back line: never a pawn move.
    pub fn backward(self) -> usize {
        (self.forward() + 2) % 4
    }

    /// Whether a square lies on the camp's back line (the edge of its arm).
    pub fn on_back_line(self, sq: Sq) -> bool {
        back_line(self) & sq.bit() != 0
    }

    /// The 12 white squares of the camp's arm: its initial pawns.
    pub fn initial(self) -> Squares {
        TABLES.initial[self.index()]
    }
}

impl fmt::Display for Camp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The white squares of a camp's back line: rank 1, file a, rank 14, file n.
pub fn back_line(camp: Camp) -> Squares {
    TABLES.back_line[camp.index()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_finds_the_square_locate_finds_white() {
        for file in ('a'..='p')
            .chain('A'..='P')
            .chain(['`', '{', '@', '[', 'é', 'ß'])
        {
            for rank in 0..=16u32 {
                let index = file.to_ascii_lowercase() as i32 - 'a' as i32;
                let white = match locate(index, rank as i32 - 1) {
                    Located::White(sq) => Some(sq),
                    _ => None,
                };
                assert_eq!(Sq::named(file, rank), white, "{file}{rank}");
            }
        }
        assert_eq!(Sq::named('a', u32::MAX), None);
    }

    fn names(set: Squares) -> Vec<String> {
        let mut v: Vec<Sq> = squares(set).collect();
        v.sort_by_key(|s| (s.rank(), s.file()));
        v.iter().map(ToString::to_string).collect()
    }

    #[test]
    fn the_cross_has_160_squares_half_white() {
        let all = (0..SIZE)
            .flat_map(|f| (0..SIZE).map(move |r| (f, r)))
            .filter(|&(f, r)| on_board(f, r))
            .count();
        assert_eq!(all, 160);
        assert_eq!(Sq::all().count(), SQUARES);
        assert_eq!(locate(4, 0), Located::White(Sq::parse("e1").unwrap()));
        assert_eq!(locate(3, 0), Located::Dark);
        assert_eq!(locate(2, 2), Located::Off);
        assert_eq!(locate(14, 5), Located::Off);
    }

    #[test]
    fn initial_pawns_match_the_spec() {
        let blue = "e1 g1 i1 k1 d2 f2 h2 j2 e3 g3 i3 k3";
        assert_eq!(names(Camp::Blue.initial()).join(" "), blue);
        let mut red: Vec<String> = "a5 a7 a9 a11 b4 b6 b8 b10 c5 c7 c9 c11"
            .split(' ')
            .map(String::from)
            .collect();
        let mut got = names(Camp::Red.initial());
        red.sort();
        got.sort();
        assert_eq!(got, red);
        assert_eq!(Camp::Yellow.initial().count_ones(), 12);
        assert!(Camp::Yellow.initial() & Sq::parse("d14").unwrap().bit() != 0);
        assert!(Camp::Black.initial() & Sq::parse("l4").unwrap().bit() != 0);
        assert_eq!(back_line(Camp::Blue).count_ones(), 4);
        assert_eq!(back_line(Camp::Black).count_ones(), 4);
        // Each back line is its edge of the board, told by coordinates,
        // and no square is on two.
        for camp in Camp::ALL {
            let edge = Sq::all()
                .filter(|s| {
                    let (f, r) = s.coords();
                    match camp {
                        Camp::Blue => r == 0,
                        Camp::Red => f == 0,
                        Camp::Yellow => r == SIZE - 1,
                        Camp::Black => f == SIZE - 1,
                    }
                })
                .fold(0, |set, s| set | s.bit());
            assert_eq!(back_line(camp), edge, "{camp}");
            for other in Camp::ALL.into_iter().filter(|&o| o != camp) {
                assert_eq!(back_line(camp) & back_line(other), 0, "{camp} {other}");
            }
        }
        let blue: Vec<String> = names(back_line(Camp::Blue));
        assert_eq!(blue, ["e1", "g1", "i1", "k1"]);
    }

    /// What the shifts of [`Takeoffs`] rely on: on the turned board a
    /// diagonal neighbour is a row (north-east, south-west) or a cell
    /// (south-east, north-west) away, and no square lies in a spare cell.
    #[test]
    fn a_diagonal_step_is_a_row_or_a_cell_on_the_turned_board() {
        let row = ROW as usize;
        for sq in Sq::all() {
            assert_ne!(sq.cell() % row, row - 1, "{sq} in a spare cell");
            let cell = sq.cell() as isize;
            for (d, shift) in [row as isize, 1, -(row as isize), -1]
                .into_iter()
                .enumerate()
            {
                let beside = usize::try_from(cell + shift).ok().filter(|&c| c < CELLS);
                let on_board = beside.filter(|&c| BOARD & 1 << c != 0);
                assert_eq!(sq.diagonal(d).map(Sq::cell), on_board, "{sq} {d}");
            }
        }
        for sq in Sq::all() {
            let on_one = Camp::ALL.iter().any(|&camp| camp.on_back_line(sq));
            assert_eq!(sq.on_a_back_line(), on_one, "{sq}");
        }
        for from in Sq::all() {
            for to in Sq::all() {
                let d = (0..4).find(|&d| from.step(d) == Some(to));
                assert_eq!(from.step_toward(to), d, "{from} {to}");
                let jump = (0..4).find_map(|d| {
                    let between = from.diagonal(d)?;
                    (between.diagonal(d) == Some(to)).then_some((d, between))
                });
                assert_eq!(from.jump_toward(to), jump, "{from} {to}");
            }
        }
        assert_eq!(BOARD.count_ones() as usize, SQUARES);
        assert_eq!(BOARD >> CELLS, 0);
    }

    /// A Superpion's flight told by sets is what the first piece along the
    /// line and the square behind it tell, on boards of every crowding,
    /// from every square, every way.
    #[test]
    fn a_flight_told_by_sets_is_the_flight_walked() {
        let mut rng = crate::rng::Rng::new(23);
        let all: Vec<Sq> = Sq::all().collect();
        let (mut jumps, mut none) = (0, 0);
        for round in 0..200 {
            let (mut occupied, mut foes) = (0, 0);
            for _ in 0..(round % 40) {
                let sq = all[rng.below(all.len())];
                occupied |= sq.bit();
                if rng.below(2) == 0 {
                    foes |= sq.bit();
                }
            }
            let empty = BOARD & !occupied;
            for &at in &all {
                for d in 0..4 {
                    let walked = at.first_along(d, occupied).is_some_and(|taken| {
                        foes & taken.bit() != 0
                            && taken.diagonal(d).is_some_and(|to| empty & to.bit() != 0)
                    });
                    assert_eq!(at.flies_over(d, occupied, foes, empty), walked, "{at} {d}");
                    jumps += usize::from(walked);
                    none += usize::from(!walked);
                }
            }
        }
        assert!(jumps > 1_000 && none > 1_000, "{jumps} jumps, {none} none");
    }

    #[test]
    fn steps_skip_dark_squares_and_stop_at_the_void() {
        let e3 = Sq::parse("e3").unwrap();
        assert_eq!(e3.step(0), Sq::parse("e5"));
        assert_eq!(e3.step(3), None, "c3 is a missing corner");
        let d2 = Sq::parse("d2").unwrap();
        assert_eq!(
            d2.diagonal(3),
            None,
            "c3 is void: the diagonal d2-b4 is cut"
        );
        assert_eq!(d2.diagonal(0), Sq::parse("e3"));
    }
}
