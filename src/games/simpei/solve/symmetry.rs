//! The board's eight symmetries: the square's turns and mirrors. Each maps
//! the 7x7 grid onto itself, each world onto itself (a point's file and
//! rank keep their parity, 6 being even) and lines, neighbours and rays
//! onto lines, neighbours and rays, so a position and its images have one
//! value. The movement phase is solved on one position of each class, the
//! least image, and the others take its value.

/// The symmetries other than the identity, as maps of a point's (file,
/// rank): the mirrors and turns of the square, `6 -` undoing a coordinate.
const fn image_of(symmetry: usize, file: usize, rank: usize) -> (usize, usize) {
    match symmetry {
        0 => (6 - file, rank),
        1 => (file, 6 - rank),
        2 => (6 - file, 6 - rank),
        3 => (rank, file),
        4 => (6 - rank, file),
        5 => (rank, 6 - file),
        _ => (6 - rank, 6 - file),
    }
}

/// The symmetries other than the identity.
const OTHERS: usize = 7;

/// For each symmetry, the image of each rank's seven bits: a set's image
/// is seven lookups.
static IMAGES: [[[u64; 128]; 7]; OTHERS] = images();

const fn images() -> [[[u64; 128]; 7]; OTHERS] {
    let mut table = [[[0; 128]; 7]; OTHERS];
    let mut symmetry = 0;
    while symmetry < OTHERS {
        let mut rank = 0;
        while rank < 7 {
            let mut bits = 0;
            while bits < 128 {
                let mut image = 0u64;
                let mut file = 0;
                while file < 7 {
                    if bits >> file & 1 == 1 {
                        let (f, r) = image_of(symmetry, file, rank);
                        image |= 1 << (r * 7 + f);
                    }
                    file += 1;
                }
                table[symmetry][rank][bits] = image;
                bits += 1;
            }
            rank += 1;
        }
        symmetry += 1;
    }
    table
}

/// The image of a grid set under symmetry `s` (0-6, not the identity:
/// the callers count to [`OTHERS`], and past it the set is its own image).
fn image(s: usize, set: u64) -> u64 {
    let Some(ranks) = IMAGES.get(s) else {
        return set;
    };
    ranks.iter().enumerate().fold(0, |image, (rank, of)| {
        image | of[(set >> (7 * rank) & 127) as usize]
    })
}

/// Whether `(red, blue)` is the least of its images (red's set compared
/// first): the one position of its class the build values.
/// Most positions are not, and most tell at their first image's red set.
pub fn is_least(red: u64, blue: u64) -> bool {
    (0..OTHERS).all(|s| {
        let r = image(s, red);
        r > red || r == red && image(s, blue) >= blue
    })
}

/// The least image of `(red, blue)`, and how many symmetries (the
/// identity among them) keep the position as it is: 1, 2, 4 or 8.
pub fn least(red: u64, blue: u64) -> (u64, u64, u32) {
    let (mut least, mut kept) = ((red, blue), 1);
    for s in 0..OTHERS {
        let r = image(s, red);
        if r > least.0 && r != red {
            continue;
        }
        let b = image(s, blue);
        if (r, b) == (red, blue) {
            kept += 1;
        }
        least = least.min((r, b));
    }
    (least.0, least.1, kept)
}

/// How many symmetries keep `(red, blue)` as it is, the identity included:
/// `least`'s count, without looking for the least.
pub fn kept(red: u64, blue: u64) -> u32 {
    1 + (0..OTHERS)
        .filter(|&s| image(s, red) == red && image(s, blue) == blue)
        .count() as u32
}

#[cfg(test)]
mod tests {
    use super::super::index::{all_points, grid, Layer};
    use super::super::turns::{count_steps, each_step, Alignment, Phase, Step};
    use super::*;
    use crate::games::simpei::board::Colour;

    #[test]
    fn each_symmetry_maps_the_points_onto_themselves_and_is_a_permutation() {
        let points = all_points();
        for s in 0..OTHERS {
            assert_eq!(image(s, points), points);
            let mut seen = 0u64;
            for bit in 0..49 {
                let one = image(s, 1 << bit);
                assert_eq!(one.count_ones(), 1);
                assert_eq!(seen & one, 0);
                seen |= one;
            }
        }
    }

    /// The rules see no difference between a position and its images: the
    /// same count of turns, and the images of its successors, in both
    /// phases (the first placement's centre points are their own images).
    #[test]
    fn the_rules_are_symmetric() {
        let layer = |red, blue, to_move| Layer { red, blue, to_move };
        let cases = [
            (layer(4, 4, Colour::Red), Phase::Movement, 99_991),
            (layer(4, 3, Colour::Blue), Phase::Movement, 9_973),
            (
                layer(0, 0, Colour::Red),
                Phase::placing(layer(0, 0, Colour::Red)),
                1,
            ),
            (
                layer(3, 2, Colour::Blue),
                Phase::placing(layer(3, 2, Colour::Blue)),
                997,
            ),
            (
                layer(3, 3, Colour::Red),
                Phase::placing(layer(3, 3, Colour::Red)),
                997,
            ),
        ];
        let steps = |own: u64, theirs: u64, phase: Phase, alignment: Alignment| {
            let mut all = Vec::new();
            each_step(own, theirs, phase, alignment, |step| {
                all.push(match step {
                    Step::Win => (0, 0),
                    Step::Next { acting, waiting } => (acting, waiting),
                })
            });
            all.sort_unstable();
            all
        };
        for alignment in [Alignment::Gapped, Alignment::Adjacent] {
            for (layer, phase, every) in cases {
                for index in (0..layer.size()).step_by(every) {
                    let (red, blue) = layer.arrangement(index);
                    let (own, theirs) = layer.sides(grid(red), grid(blue));
                    let successors = steps(own, theirs, phase, alignment);
                    for s in 0..OTHERS {
                        let (o, t) = (image(s, own), image(s, theirs));
                        assert_eq!(
                            count_steps(o, t, phase, alignment),
                            count_steps(own, theirs, phase, alignment)
                        );
                        let mut mapped: Vec<_> = successors
                            .iter()
                            .map(|&(a, w)| (image(s, a), image(s, w)))
                            .collect();
                        mapped.sort_unstable();
                        assert_eq!(steps(o, t, phase, alignment), mapped);
                    }
                }
            }
        }
    }

    #[test]
    fn the_least_image_is_least_and_kept_counts_the_symmetries_that_keep() {
        let layer = Layer {
            red: 2,
            blue: 2,
            to_move: Colour::Red,
        };
        let mut classes = 0;
        let mut weighed = 0;
        for index in 0..layer.size() {
            let (red, blue) = layer.arrangement(index);
            let (red, blue) = (grid(red), grid(blue));
            let (r, b, k) = least(red, blue);
            let images: Vec<(u64, u64)> = (0..OTHERS)
                .map(|s| (image(s, red), image(s, blue)))
                .chain([(red, blue)])
                .collect();
            assert_eq!(images.iter().min(), Some(&(r, b)));
            let keeping = images.iter().filter(|&&i| i == (red, blue)).count();
            assert_eq!(k as usize, keeping);
            assert_eq!(kept(red, blue), k);
            assert_eq!(is_least(red, blue), (r, b) == (red, blue));
            if is_least(red, blue) {
                classes += 1;
                // A class holds 8 / kept positions.
                weighed += 8 / k;
            }
        }
        assert_eq!(u64::from(weighed), layer.size());
        assert!(classes * 8 > layer.size() && classes * 7 < layer.size());
    }
}
