//! A table of the whole game made up rather than solved, for the tests of
//! what reads one (`analyse`, `moves --best`): solving the game takes
//! minutes and 750 MiB, so the tests give every position a value of their
//! own, under the header of a table of the game with four pieces each.
//! The values are arbitrary, not the game's: what is tested is how they
//! are read, listed and written, not what they are.

use arbitre::games::simpei::solve::{Table, FORMAT, RULES};

/// Header bytes before the values, as `solve` writes them.
const HEADER: usize = 40;

/// The bytes of a table file whose value at each position (counted over
/// the layers in stored order) is `fill`'s.
pub fn bytes(fill: impl Fn(u64) -> u8) -> Vec<u8> {
    let size: u64 = Table::game_layers(4).iter().map(|l| l.size()).sum();
    let mut out = Vec::with_capacity(HEADER + size as usize);
    out.extend_from_slice(b"arbitre simpei\n\0");
    out.extend_from_slice(&FORMAT.to_le_bytes());
    out.extend_from_slice(&RULES.to_le_bytes());
    // Four pieces each, both phases, gapped alignments.
    out.extend_from_slice(&[4, 4, 1, 0]);
    out.extend_from_slice(&[0; 4]);
    out.extend_from_slice(&size.to_le_bytes());
    out.extend((0..size).map(fill));
    let crc = crc32fast::hash(&out[HEADER..]);
    out[28..32].copy_from_slice(&crc.to_le_bytes());
    out
}

/// Values scattered over wins, losses and draws in up to 20 turns, so
/// that turns differ in what they reach.
#[allow(dead_code)] // not every test binary lists turns by value
pub fn scattered(index: u64) -> u8 {
    (index.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 58) as u8 % 21
}
