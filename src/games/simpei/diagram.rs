//! Simpei's text diagram of a position (`--diagram`).

use super::board::{self, Colour, Point, SIZE};
use super::position::Position;

/// The board, the hands and who acts, as text.
pub fn diagram(position: &Position) -> String {
    let mut out = String::new();
    for rank in (0..SIZE).rev() {
        out.push_str(&format!("{}  ", rank + 1));
        for file in 0..SIZE {
            let cell = match Point::at(file, rank) {
                None => ' ',
                Some(p) => match position.colour_at(p) {
                    Some(Colour::Red) => 'R',
                    Some(Colour::Blue) => 'B',
                    None if p.world() == board::World::Upper => '.',
                    None => 'o',
                },
            };
            out.push(cell);
            out.push_str("  ");
        }
        out.truncate(out.trim_end().len());
        out.push('\n');
    }
    out.push_str("   a  b  c  d  e  f  g\n");
    out.push_str("   (. empty upper point, o empty lower point, R red, B blue)\n");
    out.push_str(&format!(
        "In hand: red {}, blue {}\n",
        position.hand[0], position.hand[1]
    ));
    match position.winner {
        Some(winner) => out.push_str(&format!("Game over: {winner} has won\n")),
        None => out.push_str(&format!("{} to act\n", position.to_move)),
    }
    out
}
