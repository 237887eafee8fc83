//! What each player holds at the end of the game, and the points.

use super::board::{squares, Camp};
use super::modes::{Colour, THRESHOLD};
use super::position::Position;

impl Position {
    /// Each player's holdings and points.
    pub fn holdings(&self) -> Vec<Holding> {
        self.variant
            .players()
            .into_iter()
            .map(|player| {
                let mut held = self.piles[player].map(u32::from);
                let camps = self.variant.camps_of(player);
                // Every piece counts its camp's colour, counted at once; a
                // Superpion counts its pawn underneath too.
                for &camp in &camps {
                    let pieces = self.camps[camp.index()];
                    held[Colour::of(camp).index()] += pieces.count_ones();
                    for sq in squares(pieces & self.supers) {
                        held[self.under[sq.index()].index()] += 1;
                    }
                }
                let own: u32 = camps.iter().map(|&c| held[Colour::of(c).index()]).sum();
                let total: u32 = held.iter().sum();
                let other = total - own;
                let threshold = other >= THRESHOLD;
                let points = other + if threshold { 2 * own } else { own };
                Holding {
                    player,
                    camps,
                    held,
                    own,
                    other,
                    threshold,
                    points,
                }
            })
            .collect()
    }
}

/// What one player gathers at the end, and its points.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Holding {
    /// The player, from 0, as the mode numbers them.
    pub player: usize,
    /// The camps the player plays.
    pub camps: Vec<Camp>,
    /// Pawns held by colour (B, R, Y, K, spare): on the board (a superpion
    /// counts its pawn underneath too) and in the player's pile.
    pub held: [u32; 5],
    /// Pawns of the player's own colours.
    pub own: u32,
    /// Pawns of the other colours.
    pub other: u32,
    /// Whether `other` reaches the threshold (5) that doubles `own`.
    pub threshold: bool,
    /// The points: `other`, plus `own` (twice over past the threshold).
    pub points: u32,
}
