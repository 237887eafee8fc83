//! Transcription slips: how far a written turn is from another, weighed as
//! a careful referee weighs what a person copying a scoresheet gets wrong,
//! and the texts one slip away from a written turn. `repair` ranks its
//! edits with these costs (in tenths: a neighbouring character misread is
//! 20, so that finer weights fit between the slips); no game's notation is known here, only that
//! squares and throws are letters and digits between separators.

use std::collections::HashSet;

/// What a person copying a record got wrong, as a repair undoes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Slip {
    /// One character read as its neighbour: `d4` for `d5`, `c3` for `d3`.
    Misread,
    /// One character written as another, not a neighbour.
    Mistyped,
    /// Two characters next to each other written the wrong way round.
    Transposed,
    /// A character left out or written twice inside a turn.
    Dropped,
    /// The two squares of a move written the wrong way round: `c5-d4`.
    Reversed,
    /// The actions of one turn written in the wrong order.
    ActionsSwapped,
    /// A capture written as a move, or a move as a capture.
    CaptureAsMove,
    /// Two turns written in the wrong order.
    TurnsSwapped,
    /// A turn left out.
    TurnLeftOut,
    /// A turn written twice.
    WrittenTwice,
    /// A turn written that was never played.
    TurnAdded,
    /// Another turn than the one written, its text this far from it.
    OtherTurn,
}

impl Slip {
    /// The slip as a referee names it.
    pub fn describe(self) -> &'static str {
        match self {
            Slip::Misread => "a character misread",
            Slip::Mistyped => "a character mistyped",
            Slip::Transposed => "two characters transposed",
            Slip::Dropped => "a character left out or added",
            Slip::Reversed => "squares written the wrong way round",
            Slip::ActionsSwapped => "the turn's actions swapped",
            Slip::CaptureAsMove => "a capture written as a move, or the other way round",
            Slip::TurnsSwapped => "two turns swapped",
            Slip::TurnLeftOut => "a turn left out",
            Slip::WrittenTwice => "a turn written twice",
            Slip::TurnAdded => "a turn that was not played",
            Slip::OtherTurn => "another turn",
        }
    }

    /// The slip's name in JSON: `misread`, `turn-left-out`.
    pub fn id(self) -> &'static str {
        match self {
            Slip::Misread => "misread",
            Slip::Mistyped => "mistyped",
            Slip::Transposed => "transposed",
            Slip::Dropped => "dropped",
            Slip::Reversed => "reversed",
            Slip::ActionsSwapped => "actions-swapped",
            Slip::CaptureAsMove => "capture-as-move",
            Slip::TurnsSwapped => "turns-swapped",
            Slip::TurnLeftOut => "turn-left-out",
            Slip::WrittenTwice => "written-twice",
            Slip::TurnAdded => "turn-added",
            Slip::OtherTurn => "other-turn",
        }
    }
}

/// The cost of a neighbouring letter or digit, or `-` for `x`: the likeliest slip.
pub const NEIGHBOUR: u32 = 20;
/// The cost of any other letter for a letter, digit for a digit.
pub const SAME_KIND: u32 = 30;
/// The cost of any other character.
pub const OTHER: u32 = 40;
/// The cost of a character left out or added.
pub const GAP: u32 = 30;
/// The cost of two neighbouring characters swapped, two squares or two
/// actions written the wrong way round.
pub const SWAPPED: u32 = 20;
/// The cost of two turns swapped.
pub const TURNS_SWAPPED: u32 = 40;
/// The cost of a turn left out (one inserted).
pub const TURN_LEFT_OUT: u32 = 50;
/// The cost of a turn written twice (the copy removed).
pub const WRITTEN_TWICE: u32 = 25;
/// The cost of a turn removed that repeats nothing.
pub const TURN_ADDED: u32 = 80;
/// What an edit costs more for each turn it stands before the first turn
/// that fails: a slip that leaves its turn legal is found out soon, as a
/// rule, and the longer it stays hidden the less likely it is.
pub const HIDDEN: u32 = 1;

/// Texts longer than this are compared by length alone: no turn of an
/// ordinary record is as long, and the comparison grows with the square.
const LONGEST: usize = 48;

/// A written turn as slips are looked for in it: the move number taken
/// off (`12.`, `12...`; `12.B` keeps its `b`), annotation glyphs taken
/// off, letters in lower case, spaces made single.
pub fn normalized(text: &str) -> String {
    let text = text.trim_start();
    let digits = text.bytes().take_while(u8::is_ascii_digit).count();
    let dots = text[digits..].bytes().take_while(|b| *b == b'.').count();
    let rest = if digits > 0 && dots > 0 {
        &text[digits + dots..]
    } else {
        text
    };
    let mut out = String::with_capacity(rest.len());
    for word in rest.split_ascii_whitespace() {
        let word = word.trim_end_matches(['!', '?']);
        if word.is_empty() {
            continue;
        }
        if !out.is_empty() {
            out.push(' ');
        }
        out.extend(word.chars().map(|c| c.to_ascii_lowercase()));
    }
    out
}

/// What one character written for another costs, and the slip it is.
fn substitution(written: char, meant: char) -> (u32, Slip) {
    let near = |a: char, b: char| (a as i64 - b as i64).abs() == 1;
    match (written, meant) {
        ('-', 'x') | ('x', '-') => (NEIGHBOUR, Slip::CaptureAsMove),
        (a, b) if a.is_ascii_digit() && b.is_ascii_digit() => {
            if near(a, b) {
                (NEIGHBOUR, Slip::Misread)
            } else {
                (SAME_KIND, Slip::Mistyped)
            }
        }
        (a, b) if a.is_ascii_alphabetic() && b.is_ascii_alphabetic() => {
            if near(a, b) {
                (NEIGHBOUR, Slip::Misread)
            } else {
                (SAME_KIND, Slip::Mistyped)
            }
        }
        _ => (OTHER, Slip::Mistyped),
    }
}

/// The weighted edit distance between two normalized texts (Damerau's:
/// neighbouring characters swapped count once), with the slip that
/// dominates it; texts past [`LONGEST`] are weighed by length alone.
fn edit_cost(written: &str, meant: &str) -> (u32, Slip) {
    let a: Vec<char> = written.chars().collect();
    let b: Vec<char> = meant.chars().collect();
    if a.len() > LONGEST || b.len() > LONGEST {
        let longer = a.len().max(b.len()) as u32;
        return (longer.saturating_mul(GAP), Slip::OtherTurn);
    }
    let width = b.len() + 1;
    let mut cost = vec![0u32; (a.len() + 1) * width];
    for i in 0..=a.len() {
        cost[i * width] = i as u32 * GAP;
    }
    for (j, cell) in cost.iter_mut().enumerate().take(width) {
        *cell = j as u32 * GAP;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let replace = if a[i - 1] == b[j - 1] {
                0
            } else {
                substitution(a[i - 1], b[j - 1]).0
            };
            let mut best = (cost[(i - 1) * width + j - 1] + replace)
                .min(cost[(i - 1) * width + j] + GAP)
                .min(cost[i * width + j - 1] + GAP);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(cost[(i - 2) * width + j - 2] + SWAPPED);
            }
            cost[i * width + j] = best;
        }
    }
    let total = cost[a.len() * width + b.len()];
    let slip = if a.len() == b.len() {
        let differing: Vec<(char, char)> = a
            .iter()
            .zip(&b)
            .filter(|(x, y)| x != y)
            .map(|(x, y)| (*x, *y))
            .collect();
        match differing.as_slice() {
            [(x, y)] => substitution(*x, *y).1,
            [_, _] if total == SWAPPED => Slip::Transposed,
            _ => Slip::OtherTurn,
        }
    } else if total == GAP {
        Slip::Dropped
    } else {
        Slip::OtherTurn
    };
    (total, slip)
}

/// How far `written` is from `meant` (both [`normalized`]), and as what
/// slip: the edit distance, or a swap of squares or actions and what
/// remains, whichever is cheaper.
pub fn distance(written: &str, meant: &str) -> (u32, Slip) {
    if written == meant {
        return (0, Slip::OtherTurn);
    }
    let mut best = edit_cost(written, meant);
    for (variant, slip) in swaps(written) {
        if variant == meant {
            return (SWAPPED, slip);
        }
        let (cost, _) = edit_cost(&variant, meant);
        if cost + SWAPPED < best.0 {
            best = (cost + SWAPPED, Slip::OtherTurn);
        }
    }
    best
}

/// The texts a swap away from `written`: the squares of one move written
/// the other way round (`c5-d4` for `d4-c5`, after a throw's `2:`), two
/// actions exchanged (the words that hold a digit).
fn swaps(written: &str) -> Vec<(String, Slip)> {
    let words: Vec<&str> = written.split(' ').collect();
    let mut out = Vec::new();
    if written.len() > LONGEST {
        return out;
    }
    for (w, word) in words.iter().enumerate() {
        let start = word.rfind(':').map_or(0, |colon| colon + 1);
        let (head, body) = word.split_at(start);
        let separators: Vec<usize> = body
            .char_indices()
            .filter(|(_, c)| matches!(c, '-' | 'x' | '>'))
            .map(|(i, _)| i)
            .collect();
        if let [at] = separators.as_slice() {
            let (from, to) = (&body[..*at], &body[at + 1..]);
            if !from.is_empty() && !to.is_empty() {
                let sep = &body[*at..=*at];
                let mut swapped = words.clone();
                let reversed = format!("{head}{to}{sep}{from}");
                swapped[w] = &reversed;
                out.push((swapped.join(" "), Slip::Reversed));
            }
        }
    }
    let actions: Vec<usize> = (0..words.len())
        .filter(|w| words[*w].bytes().any(|b| b.is_ascii_digit()))
        .collect();
    for (n, a) in actions.iter().enumerate() {
        for b in &actions[n + 1..] {
            let mut swapped = words.clone();
            swapped.swap(*a, *b);
            out.push((swapped.join(" "), Slip::ActionsSwapped));
        }
    }
    out
}

/// Every text one slip away from `written` ([`normalized`]), with its
/// cost and slip, cheapest first and each text once: a letter or digit
/// read as another (neighbours first), `-` and `x` exchanged, a character
/// dropped or a digit added, two characters transposed, squares reversed,
/// actions swapped; among equal costs, slips later in the text first. A
/// text past [`LONGEST`] has none.
pub fn neighbours(written: &str) -> Vec<(String, u32, Slip)> {
    let mut out = Vec::new();
    if written.len() > LONGEST || !written.is_ascii() {
        return out;
    }
    let bytes = written.as_bytes();
    let with = |i: usize, c: char| {
        let mut text = String::with_capacity(written.len() + 1);
        text.push_str(&written[..i]);
        text.push(c);
        text.push_str(&written[i + 1..]);
        text
    };
    // Last character first: among slips of one cost, the later in the
    // turn is tried first (a destination before a throw or a start).
    for (i, &b) in bytes.iter().enumerate().rev() {
        let c = char::from(b);
        let replacements: Vec<char> = match c {
            '0'..='9' => ('0'..='9').collect(),
            'x' => vec!['-'],
            '-' => vec!['x'],
            'a'..='z' => ('a'..='z').collect(),
            _ => Vec::new(),
        };
        for r in replacements.into_iter().filter(|r| *r != c) {
            let (cost, slip) = substitution(c, r);
            out.push((with(i, r), cost, slip));
        }
        if c.is_ascii_alphanumeric() {
            let mut dropped = String::with_capacity(written.len());
            dropped.push_str(&written[..i]);
            dropped.push_str(&written[i + 1..]);
            out.push((dropped, GAP, Slip::Dropped));
        }
        if c.is_ascii_digit() {
            for d in '0'..='9' {
                let mut added = String::with_capacity(written.len() + 1);
                added.push_str(&written[..=i]);
                added.push(d);
                added.push_str(&written[i + 1..]);
                out.push((added, GAP, Slip::Dropped));
            }
        }
        if let Some(&next) = bytes.get(i + 1) {
            if next != b && b.is_ascii_alphanumeric() && next.is_ascii_alphanumeric() {
                let mut swapped = bytes.to_vec();
                swapped.swap(i, i + 1);
                out.push((
                    String::from_utf8_lossy(&swapped).into_owned(),
                    SWAPPED,
                    Slip::Transposed,
                ));
            }
        }
    }
    out.extend(
        swaps(written)
            .into_iter()
            .map(|(text, slip)| (text, SWAPPED, slip)),
    );
    out.sort_by_key(|(_, cost, _)| *cost);
    let mut seen = HashSet::new();
    out.retain(|(text, _, _)| text != written && seen.insert(text.clone()));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_glyphs_and_case_are_no_part_of_a_turn_compared() {
        assert_eq!(normalized("12... D4-c5!?"), "d4-c5");
        assert_eq!(normalized("3.B  e5xg7  f2-f3"), "b e5xg7 f2-f3");
        assert_eq!(normalized("2:e-2"), "2:e-2");
        assert_eq!(normalized("1.5:e"), "5:e");
    }

    #[test]
    fn a_neighbouring_digit_costs_less_than_any_other() {
        assert_eq!(distance("d4", "d5"), (NEIGHBOUR, Slip::Misread));
        assert_eq!(distance("d4", "d8"), (SAME_KIND, Slip::Mistyped));
        assert_eq!(distance("d4", "e4"), (NEIGHBOUR, Slip::Misread));
        assert_eq!(distance("d4", "d4"), (0, Slip::OtherTurn));
        assert_eq!(distance("e5-e7", "e5xe7"), (NEIGHBOUR, Slip::CaptureAsMove));
    }

    #[test]
    fn squares_and_actions_written_the_wrong_way_round_are_one_slip() {
        assert_eq!(distance("c5-d4", "d4-c5"), (SWAPPED, Slip::Reversed));
        assert_eq!(distance("2:10-8", "2:8-10"), (SWAPPED, Slip::Reversed));
        assert_eq!(
            distance("r c7-e7 c5-e5", "r c5-e5 c7-e7"),
            (SWAPPED, Slip::ActionsSwapped)
        );
        assert_eq!(distance("d4", "4d"), (SWAPPED, Slip::Transposed));
    }

    #[test]
    fn neighbours_come_cheapest_first_and_once() {
        let near = neighbours("d4");
        assert_eq!(near[0].1, NEIGHBOUR);
        assert!(near
            .iter()
            .any(|(t, c, s)| t == "d5" && *c == NEIGHBOUR && *s == Slip::Misread));
        assert!(near.iter().any(|(t, _, _)| t == "d9"));
        assert!(near
            .iter()
            .any(|(t, _, s)| t == "d45" && *s == Slip::Dropped));
        let mut texts: Vec<&String> = near.iter().map(|(t, _, _)| t).collect();
        let all = texts.len();
        texts.dedup();
        assert_eq!(texts.len(), all);
        assert!(neighbours("c5-d4")
            .iter()
            .any(|(t, c, s)| t == "d4-c5" && *c == SWAPPED && *s == Slip::Reversed));
        assert!(neighbours(&"9".repeat(100)).is_empty());
    }
}
