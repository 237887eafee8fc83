//! The cross board drawn for `arbitre show`.

use super::board::{locate, Camp, Located, SIZE};
use super::modes::Colour;
use super::position::Position;

/// The cross board with coordinates, pieces by camp (a Superpion with its
/// under-pawn), the piles, and who is to play.
pub fn draw(position: &Position) -> String {
    let mut out = String::new();
    for rank in (0..SIZE).rev() {
        out.push_str(&format!("{:>2} ", rank + 1));
        for file in 0..SIZE {
            let cell = match locate(file.into(), rank.into()) {
                Located::Off => "   ".to_string(),
                Located::Dark => " : ".to_string(),
                Located::White(sq) => match position.camp_at(sq) {
                    None => " . ".to_string(),
                    Some(camp) if position.is_superpion(sq) => {
                        format!("{}={}", camp.letter(), position.under[sq.index()].letter())
                    }
                    Some(camp) => format!(" {} ", camp.letter().to_ascii_lowercase()),
                },
            };
            out.push_str(&cell);
        }
        out.truncate(out.trim_end().len());
        out.push('\n');
    }
    out.push_str("   ");
    for file in 0..SIZE {
        out.push_str(&format!(" {} ", (b'a' + file as u8) as char));
    }
    out.truncate(out.trim_end().len());
    out.push('\n');
    out.push_str("   (b r y k pawns; B=R a blue Superpion over a red pawn; . empty white square; : dark square)\n");
    let variant = position.variant;
    if let Some(neutral) = variant.neutral {
        out.push_str(&format!("Mode {}, {neutral} neutral\n", variant.mode));
    } else {
        out.push_str(&format!("Mode {}\n", variant.mode));
    }
    let piles: Vec<String> = variant
        .players()
        .into_iter()
        .map(|p| {
            let key = if variant.mode.two_player() {
                format!("player{}", p + 1)
            } else {
                Camp::from_index(p).name().to_string()
            };
            let pile = &position.piles[p];
            let pawns: Vec<String> = Colour::ALL
                .into_iter()
                .filter(|c| pile[c.index()] > 0)
                .map(|c| format!("{}x{}", pile[c.index()], c.letter()))
                .collect();
            let pawns = if pawns.is_empty() {
                "-".to_string()
            } else {
                pawns.join(" ")
            };
            format!("{key}: {pawns}")
        })
        .collect();
    out.push_str(&format!("Piles: {}\n", piles.join("; ")));
    if position.over {
        out.push_str("Game over: only one side has pieces left\n");
    } else {
        out.push_str(&format!(
            "Round {}, {} ({}) to play\n",
            position.round,
            position.to_move,
            position.to_move.letter()
        ));
    }
    out
}
