//! The two interlocking worlds on one 7x7 grid: points, neighbours, lines.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::games::duel::Duellist;

/// Grid width: files a-g, ranks 1-7.
pub const SIZE: i8 = 7;

/// A point of either world (the upper 4x4 or the lower 3x3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Point(u8);

/// The two worlds a point can belong to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum World {
    /// The upper world: 4x4 raised points, files a, c, e, g by ranks 1, 3, 5, 7.
    Upper,
    /// The lower world: 3x3 sunken points, files b, d, f by ranks 2, 4, 6.
    Lower,
}

impl Point {
    /// A grid square (0-based file and rank), if it is a point of a world.
    pub fn at(file: i8, rank: i8) -> Option<Point> {
        is_point(file, rank).then(|| Point((rank * SIZE + file) as u8))
    }

    /// A written name such as `c3` (any case).
    pub fn parse(file: char, rank: u32) -> Option<Point> {
        // Only `A`-`G` and `a`-`g` land in `a`-`g` with the case bit set.
        let file = (u32::from(file) | 0x20).wrapping_sub(u32::from('a'));
        if file >= SIZE as u32 || !(1..=SIZE as u32).contains(&rank) {
            return None;
        }
        Point::at(file as i8, rank as i8 - 1)
    }

    /// 0-based file: 0 is `a`.
    pub fn file(self) -> i8 {
        self.0 as i8 % SIZE
    }

    /// 0-based rank: 0 is rank 1.
    pub fn rank(self) -> i8 {
        self.0 as i8 / SIZE
    }

    /// The point's bit in a position's piece sets: `rank * 7 + file`.
    pub fn bit(self) -> u64 {
        1 << self.0
    }

    /// The world the point belongs to.
    pub fn world(self) -> World {
        if self.file() % 2 == 0 {
            World::Upper
        } else {
            World::Lower
        }
    }

    /// The next point of the same world in a direction (steps of 2).
    pub fn step(self, (df, dr): (i8, i8)) -> Option<Point> {
        Point::at(self.file() + 2 * df, self.rank() + 2 * dr)
    }

    /// The points one diagonal grid step away: always in the other world.
    pub fn neighbours(self) -> impl Iterator<Item = Point> {
        [(-1, -1), (-1, 1), (1, -1), (1, 1)]
            .into_iter()
            .filter_map(move |(df, dr)| Point::at(self.file() + df, self.rank() + dr))
    }

    /// Every point of both worlds, in grid order.
    pub fn all() -> impl Iterator<Item = Point> {
        (0..SIZE * SIZE).filter_map(|i| Point::at(i % SIZE, i / SIZE))
    }

    /// The four central upper points where the first placement must go.
    pub fn is_centre(self) -> bool {
        const CENTRE: u64 =
            1 << (2 * SIZE + 2) | 1 << (2 * SIZE + 4) | 1 << (4 * SIZE + 2) | 1 << (4 * SIZE + 4);
        CENTRE & self.bit() != 0
    }

    /// The point whose bit in a piece set is `index`, as [`Point::bit`]
    /// numbers them.
    pub fn from_bit_index(index: u32) -> Point {
        Point(index as u8)
    }
}

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}",
            (b'a' + self.file() as u8) as char,
            self.rank() + 1
        )
    }
}

/// The 8 directions of a world, in steps of two grid squares.
pub const DIRECTIONS: [(i8, i8); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (-1, -1),
    (1, -1),
    (-1, 1),
];

/// A table with an entry per grid square (points and the squares between).
type PerSquare<T> = [T; (SIZE * SIZE) as usize];

/// What the rules ask about a point after every action, as bit sets over
/// the grid, computed at compile time: walking lines and rays point by
/// point cost more than the rest of a turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Around {
    /// The lines through the point, one per axis of [`AXES`]; 0 where the
    /// axis has fewer than three points.
    pub lines: [u64; 4],
    /// The points met going each of the [`DIRECTIONS`]; 0 off the world.
    rays: [u64; 8],
    /// The first point of every ray: a sandwich starts there.
    pub nearest: u64,
    /// The points one diagonal grid step away, in the other world.
    pub neighbours: u64,
}

/// Every square's [`Around`], built by the compiler.
static AROUND: PerSquare<Around> = around_each_square();

/// The empty sets of a square that is no point.
const NOWHERE: Around = Around {
    lines: [0; 4],
    rays: [0; 8],
    nearest: 0,
    neighbours: 0,
};

/// Whether a grid square (0-based file and rank) is a point of a world.
const fn is_point(file: i8, rank: i8) -> bool {
    let inside = 0 <= file && file < SIZE && 0 <= rank && rank < SIZE;
    inside && (file ^ rank) & 1 == 0
}

/// The points met from a square going `(df, dr)` in steps of two, as a
/// bit set.
const fn ray(file: i8, rank: i8, (df, dr): (i8, i8)) -> u64 {
    let mut set = 0;
    let (mut f, mut r) = (file + 2 * df, rank + 2 * dr);
    while is_point(f, r) {
        set |= 1 << (r * SIZE + f);
        f += 2 * df;
        r += 2 * dr;
    }
    set
}

/// [`Around`] for every point; squares that are no point have empty sets.
const fn around_each_square() -> PerSquare<Around> {
    let mut table = [NOWHERE; (SIZE * SIZE) as usize];
    let mut index = 0;
    while index < table.len() {
        let (file, rank) = (index as i8 % SIZE, index as i8 / SIZE);
        if is_point(file, rank) {
            let around = &mut table[index];
            let mut a = 0;
            while a < AXES.len() {
                let (df, dr) = AXES[a];
                let line = ray(file, rank, (df, dr)) | ray(file, rank, (-df, -dr)) | 1 << index;
                if line.count_ones() >= 3 {
                    around.lines[a] = line;
                }
                a += 1;
            }
            let mut d = 0;
            while d < DIRECTIONS.len() {
                let (df, dr) = DIRECTIONS[d];
                around.rays[d] = ray(file, rank, (df, dr));
                if is_point(file + 2 * df, rank + 2 * dr) {
                    around.nearest |= 1 << ((rank + 2 * dr) * SIZE + file + 2 * df);
                }
                let (f, r) = (file + df, rank + dr);
                if df != 0 && dr != 0 && is_point(f, r) {
                    around.neighbours |= 1 << (r * SIZE + f);
                }
                d += 1;
            }
        }
        index += 1;
    }
    table
}

/// The index in [`DIRECTIONS`] of each step between two points of a world
/// along a ray, by the change of bit index plus [`STEP_OFFSET`].
static DIRECTION_OF_STEP: [u8; 2 * STEP_OFFSET + 1] = direction_of_each_step();

/// The largest change of bit index a step of [`DIRECTIONS`] makes.
const STEP_OFFSET: usize = 2 * (SIZE as usize + 1);

const fn direction_of_each_step() -> [u8; 2 * STEP_OFFSET + 1] {
    let mut table = [0; 2 * STEP_OFFSET + 1];
    let mut d = 0;
    while d < DIRECTIONS.len() {
        let (df, dr) = DIRECTIONS[d];
        table[(STEP_OFFSET as i8 + 2 * (dr * SIZE + df)) as usize] = d as u8;
        d += 1;
    }
    table
}

impl Around {
    /// The points met going each of the [`DIRECTIONS`], nearest first
    /// where [`ascends`] says the direction climbs the bit order.
    pub(crate) fn rays(&self) -> &[u64; 8] {
        &self.rays
    }
}

/// Whether a step in the direction numbered `d` of [`DIRECTIONS`] raises
/// the bit index: along its ray, the nearest point is then the lowest bit.
pub(crate) fn ascends(d: usize) -> bool {
    DIRECTIONS
        .get(d)
        .is_some_and(|&(df, dr)| dr * SIZE + df > 0)
}

impl Point {
    /// The point's lines, rays and neighbours as bit sets.
    pub(crate) fn around(self) -> &'static Around {
        AROUND.get(usize::from(self.0)).unwrap_or(&NOWHERE)
    }

    /// The ray from the point through `next`, one of its
    /// [`Around::nearest`]: the points met going that way, `next` first.
    pub(crate) fn ray_through(self, next: Point) -> u64 {
        let step = (STEP_OFFSET + usize::from(next.0)).wrapping_sub(usize::from(self.0));
        let direction = DIRECTION_OF_STEP.get(step).copied().unwrap_or(0);
        let rays = &self.around().rays;
        rays.get(usize::from(direction)).copied().unwrap_or(0)
    }
}

/// Whether a bit set holds exactly three points. The default x86-64
/// target has no `popcnt`: `count_ones` costs a dozen instructions.
pub fn holds_three(set: u64) -> bool {
    let without_lowest = |s: u64| s & s.wrapping_sub(1);
    let last = without_lowest(without_lowest(set));
    last != 0 && without_lowest(last) == 0
}

/// The grid squares strictly between a non-empty set's lowest and highest
/// bits: on a line, the squares between its outer points.
pub fn inside(set: u64) -> u64 {
    let (low, high) = (set.trailing_zeros(), 63 - set.leading_zeros());
    (u64::MAX << low << 1) & !(u64::MAX << high)
}

/// The four axes a line can follow.
pub const AXES: [(i8, i8); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];

/// Iterate the points of a bit set, in grid order.
pub fn points(mut set: u64) -> impl Iterator<Item = Point> {
    std::iter::from_fn(move || {
        if set == 0 {
            return None;
        }
        let index = set.trailing_zeros();
        set &= set - 1;
        Some(Point::from_bit_index(index))
    })
}

/// The two players, named by the colour of their pieces.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Colour {
    /// Red, who plays first.
    Red,
    /// Blue, who plays second.
    Blue,
}

impl Colour {
    /// The opponent.
    pub fn other(self) -> Colour {
        match self {
            Colour::Red => Colour::Blue,
            Colour::Blue => Colour::Red,
        }
    }

    /// Index into a position's per-colour arrays: Red 0, Blue 1.
    pub fn index(self) -> usize {
        self as usize
    }

    /// The header key: `red` or `blue`.
    pub fn name(self) -> &'static str {
        match self {
            Colour::Red => "red",
            Colour::Blue => "blue",
        }
    }
}

impl Duellist for Colour {
    const BOTH: [Self; 2] = [Colour::Red, Colour::Blue];

    fn key(self) -> &'static str {
        self.name()
    }

    /// As the header names it.
    fn title(self) -> &'static str {
        self.name()
    }
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.title())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The line definition the tables are checked against.
    /// A line of one world: rows, columns and diagonals of at least 3 points.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    struct Line {
        start: Point,
        axis: (i8, i8),
    }

    impl Line {
        /// The line through a point along an axis, if it has three points or more.
        fn through(point: Point, axis: (i8, i8)) -> Option<Line> {
            let mut start = point;
            while let Some(p) = start.step((-axis.0, -axis.1)) {
                start = p;
            }
            let line = Line { start, axis };
            (line.points().nth(2).is_some()).then_some(line)
        }

        /// Its points in order from one end.
        fn points(self) -> impl Iterator<Item = Point> {
            std::iter::successors(Some(self.start), move |p| p.step(self.axis))
        }
    }

    /// The set of the points a walk meets.
    fn set(points: impl Iterator<Item = Point>) -> u64 {
        points.fold(0, |set, p| set | p.bit())
    }

    #[test]
    fn the_rays_are_the_steps_in_each_direction() {
        for p in Point::all() {
            let walked: Vec<u64> = DIRECTIONS
                .iter()
                .map(|&d| set(std::iter::successors(p.step(d), |at| at.step(d))))
                .filter(|&ray| ray != 0)
                .collect();
            let around = p.around();
            let rays: Vec<u64> = points(around.nearest)
                .map(|next| p.ray_through(next))
                .collect();
            assert_eq!(rays.len(), walked.len(), "{p}");
            assert!(walked.iter().all(|ray| rays.contains(ray)), "{p}");
            let next = DIRECTIONS.iter().filter_map(|&d| p.step(d));
            assert_eq!(around.nearest, set(next), "{p}");
            assert_eq!(around.neighbours, set(p.neighbours()), "{p}");
        }
        let east = set(["c1", "e1", "g1"].map(p).into_iter());
        assert_eq!(p("a1").ray_through(p("c1")), east);
        assert_eq!(points(p("a1").around().nearest).count(), 3);
    }

    #[test]
    fn the_lines_are_the_lines_through_each_point() {
        for p in Point::all() {
            let lines = AXES.map(|axis| Line::through(p, axis).map_or(0, |l| set(l.points())));
            assert_eq!(p.around().lines, lines, "{p}");
        }
    }

    #[test]
    fn three_points_and_the_squares_inside() {
        assert!(holds_three(0b1011));
        assert!(!holds_three(0b11));
        assert!(!holds_three(0b1111));
        assert!(!holds_three(0));
        assert_eq!(inside(0b1000_0010), 0b0111_1100);
        assert_eq!(inside(1 << 48 | 1), (1 << 48) - 2);
    }

    fn p(name: &str) -> Point {
        let mut chars = name.chars();
        let file = chars.next().unwrap();
        Point::parse(file, chars.as_str().parse().unwrap()).unwrap()
    }

    #[test]
    fn points_of_the_two_worlds() {
        assert_eq!(Point::all().count(), 25);
        assert_eq!(
            Point::all().filter(|p| p.world() == World::Upper).count(),
            16
        );
        assert!(Point::parse('b', 1).is_none());
        assert!(Point::parse('c', 2).is_none());
        assert!(Point::parse('h', 3).is_none());
        assert!(Point::parse('a', 8).is_none());
        assert_eq!(p("E3").to_string(), "e3");
    }

    #[test]
    fn neighbour_counts() {
        assert_eq!(p("a1").neighbours().count(), 1);
        assert_eq!(p("c1").neighbours().count(), 2);
        assert_eq!(p("c3").neighbours().count(), 4);
        assert_eq!(p("b2").neighbours().count(), 4);
        assert!(p("b2").neighbours().all(|n| n.world() == World::Upper));
    }

    #[test]
    fn lines_have_at_least_three_points() {
        let count = |world| {
            let mut lines = std::collections::BTreeSet::new();
            for point in Point::all().filter(|p| p.world() == world) {
                for axis in AXES {
                    if let Some(line) = Line::through(point, axis) {
                        lines.insert(line.points().fold(0, |m, p| m | p.bit()));
                    }
                }
            }
            lines.len()
        };
        assert_eq!(count(World::Upper), 14);
        assert_eq!(count(World::Lower), 8);
        assert!(Line::through(p("a3"), (1, 1)).is_some());
        assert!(Line::through(p("a5"), (1, 1)).is_none());
        assert!(Line::through(p("a7"), (1, 1)).is_none());
    }
}
