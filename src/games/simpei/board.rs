//! The two interlocking worlds on one 7x7 grid: points, neighbours, lines.

use std::fmt;

use serde::Deserialize;

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
        let inside = (0..SIZE).contains(&file) && (0..SIZE).contains(&rank);
        (inside && file % 2 == rank % 2).then(|| Point((rank * SIZE + file) as u8))
    }

    /// A written name such as `c3` (any case).
    pub fn parse(file: char, rank: u32) -> Option<Point> {
        let file = file.to_ascii_lowercase();
        if !file.is_ascii_lowercase() || !(1..=7).contains(&rank) {
            return None;
        }
        Point::at(file as i8 - b'a' as i8, rank as i8 - 1)
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
        matches!((self.file(), self.rank()), (2 | 4, 2 | 4))
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

/// A line of one world: rows, columns and diagonals of at least 3 points.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Line {
    start: Point,
    axis: (i8, i8),
}

impl Line {
    /// The line through a point along an axis, if it has three points or more.
    pub fn through(point: Point, axis: (i8, i8)) -> Option<Line> {
        let mut start = point;
        while let Some(p) = start.step((-axis.0, -axis.1)) {
            start = p;
        }
        let line = Line { start, axis };
        (line.points().nth(2).is_some()).then_some(line)
    }

    /// Its points in order from one end.
    pub fn points(self) -> impl Iterator<Item = Point> {
        std::iter::successors(Some(self.start), move |p| p.step(self.axis))
    }
}

/// A line as the win check needs it: its points as a bit set and in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineBits {
    pub mask: u64,
    pub points: Vec<Point>,
}

/// The lines through each point, computed once: the win check runs after
/// every placement and move.
pub fn lines_through(point: Point) -> &'static [LineBits] {
    static TABLE: std::sync::OnceLock<Vec<Vec<LineBits>>> = std::sync::OnceLock::new();
    let table = TABLE.get_or_init(|| {
        (0..SIZE * SIZE)
            .map(|i| match Point::at(i % SIZE, i / SIZE) {
                None => Vec::new(),
                Some(p) => AXES
                    .into_iter()
                    .filter_map(|axis| Line::through(p, axis))
                    .map(|line| LineBits {
                        mask: line.points().fold(0, |m, p| m | p.bit()),
                        points: line.points().collect(),
                    })
                    .collect(),
            })
            .collect()
    });
    table.get(point.0 as usize).map_or(&[], Vec::as_slice)
}

/// The points met from each point in each of the [`DIRECTIONS`], in
/// order, computed once: the sandwich check walks them after every
/// placement and move, where stepping computed each point again.
pub fn rays_from(point: Point) -> &'static [Vec<Point>] {
    static TABLE: std::sync::OnceLock<Vec<Vec<Vec<Point>>>> = std::sync::OnceLock::new();
    let table = TABLE.get_or_init(|| {
        (0..SIZE * SIZE)
            .map(|i| match Point::at(i % SIZE, i / SIZE) {
                None => Vec::new(),
                Some(p) => DIRECTIONS
                    .into_iter()
                    .map(|direction| {
                        // A world is at most 4 points wide: the walk ends.
                        std::iter::successors(p.step(direction), |at| at.step(direction))
                            .take(SIZE as usize)
                            .collect()
                    })
                    .collect(),
            })
            .collect()
    });
    table.get(point.0 as usize).map_or(&[], Vec::as_slice)
}

/// The first point of each ray from each point, as a bit set, computed
/// once: a sandwich starts next to the landing point, so a landing with no
/// opponent piece there has no ray to walk.
pub fn ray_starts(point: Point) -> u64 {
    static TABLE: std::sync::OnceLock<Vec<u64>> = std::sync::OnceLock::new();
    let table = TABLE.get_or_init(|| {
        (0..SIZE * SIZE)
            .map(|i| match Point::at(i % SIZE, i / SIZE) {
                None => 0,
                Some(p) => rays_from(p)
                    .iter()
                    .filter_map(|ray| ray.first())
                    .fold(0, |set, first| set | first.bit()),
            })
            .collect()
    });
    table.get(point.0 as usize).copied().unwrap_or(0)
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
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
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
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rays_are_the_steps_in_each_direction() {
        for p in Point::all() {
            let rays = rays_from(p);
            assert_eq!(rays.len(), DIRECTIONS.len());
            for (ray, direction) in rays.iter().zip(DIRECTIONS) {
                let mut at = p.step(direction);
                for &point in ray {
                    assert_eq!(at, Some(point));
                    at = point.step(direction);
                }
                assert_eq!(at, None, "{p} {direction:?}");
            }
        }
        assert_eq!(rays_from(p("a1"))[0], vec![p("c1"), p("e1"), p("g1")]);
    }

    #[test]
    fn the_ray_starts_are_the_points_next_along_each_ray() {
        for p in Point::all() {
            let next: Vec<Point> = DIRECTIONS.iter().filter_map(|&d| p.step(d)).collect();
            assert_eq!(points(ray_starts(p)).count(), next.len(), "{p}");
            assert!(next.iter().all(|n| ray_starts(p) & n.bit() != 0), "{p}");
        }
        let corner: Vec<Point> = points(ray_starts(p("a1"))).collect();
        assert_eq!(corner.len(), 3);
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
