//! Puluc's text diagram of a position (`--diagram`).

use super::board::Side;
use super::position::Position;

/// The track, the pawns at start and killed, and who throws, as text.
pub fn diagram(position: &Position) -> String {
    let n = position.squares;
    let cell = |text: &str| format!("{text:>4}");
    let tallest = position
        .middle()
        .map(|s| position.track[usize::from(s)].height())
        .max()
        .unwrap_or(0)
        .max(1);
    let mut out = String::new();
    for level in (0..tallest).rev() {
        let mut line = String::new();
        for s in 0..n {
            let text = if s == 0 || s == n - 1 {
                if level == 0 {
                    let side = if s == 0 { Side::A } else { Side::B };
                    format!("{}{side}", position.start[side.index()])
                } else {
                    String::new()
                }
            } else {
                let stack = position.track[usize::from(s)];
                if level < stack.height() {
                    stack.pawn(level).to_string()
                } else if level == 0 {
                    ".".into()
                } else {
                    String::new()
                }
            };
            line.push_str(&cell(&text));
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    let numbers: String = (0..n).map(|s| cell(&s.to_string())).collect();
    out.push_str(&numbers);
    out.push('\n');
    out.push_str(&format!(
        "   (squares 0 to {}; towers drawn bottom to top, the top pawn is the master;\n    on a start square, the count of its owner's pawns there; {} moves toward {}, {} toward 0)\n",
        n - 1,
        Side::A,
        n - 1,
        Side::B
    ));
    out.push_str(&format!(
        "Killed: {} {}, {} {}\n",
        Side::A,
        position.killed[Side::A.index()],
        Side::B,
        position.killed[Side::B.index()]
    ));
    match position.winner {
        Some(winner) => out.push_str(&format!("Game over: {winner} has won\n")),
        None => out.push_str(&format!("{} to throw\n", position.to_move)),
    }
    out
}
