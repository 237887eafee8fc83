//! serde_yaml's messages said as a referee says them: the positions it
//! counts in the header alone left out, and a near miss of a known key
//! named.

use crate::text::edit_distance;

/// serde_yaml's messages end their parts with " at line L column C",
/// counted in the header alone; the diagnostic gives the place in the file.
pub(super) fn without_positions(message: &str) -> String {
    let mut out = String::new();
    let mut rest = message;
    while let Some(i) = rest.find(" at line ") {
        out.push_str(&rest[..i]);
        let after = &rest[i + " at line ".len()..];
        let digits = |s: &str| s.find(|c: char| !c.is_ascii_digit()).unwrap_or(s.len());
        let line_end = digits(after);
        match after[line_end..].strip_prefix(" column ") {
            Some(col) if line_end > 0 => rest = &col[digits(col)..],
            _ => {
                out.push_str(" at line ");
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// The first occurrence of `needle` not inside a longer word.
pub(super) fn find_word(haystack: &str, needle: &str) -> Option<usize> {
    let word = |c: char| u8::try_from(c).is_ok_and(super::word_byte);
    haystack.match_indices(needle).map(|(i, _)| i).find(|&i| {
        let before = haystack[..i].chars().next_back().is_none_or(|c| !word(c));
        let after = haystack[i + needle.len()..]
            .chars()
            .next()
            .is_none_or(|c| !word(c));
        before && after
    })
}

/// serde names the bad key or variant and the expected ones in backquotes;
/// suggest the expected one that is a near miss.
pub(super) fn did_you_mean(message: &str) -> Option<String> {
    // Below the top level serde_yaml puts the path first: "players: unknown field".
    let at = message
        .find("unknown field")
        .or_else(|| message.find("unknown variant"))?;
    let quoted: Vec<&str> = message[at..].split('`').skip(1).step_by(2).collect();
    let (given, expected) = quoted.split_first()?;
    let best = expected
        .iter()
        .map(|candidate| (edit_distance(given, candidate), *candidate))
        .min()?;
    let limit = given.chars().count().max(3) / 3 + 1;
    Some(if best.0 <= limit {
        format!("did you mean `{}`?", best.1)
    } else {
        format!(
            "expected one of {}",
            expected
                .iter()
                .map(|e| format!("`{e}`"))
                .collect::<Vec<_>>()
                .join(", ")
        )
    })
}

/// One letter added, dropped or changed, or two neighbours swapped
/// (`gmae`), ignoring case.
pub(super) fn one_slip(given: &str, known: &str) -> bool {
    if edit_distance(given, known) <= 1 {
        return true;
    }
    let a: Vec<char> = given.to_lowercase().chars().collect();
    let b: Vec<char> = known.to_lowercase().chars().collect();
    let differ: Vec<usize> = (0..a.len().min(b.len()))
        .filter(|&i| a[i] != b[i])
        .collect();
    a.len() == b.len() && matches!(differ[..], [i, j] if j == i + 1 && a[i] == b[j] && a[j] == b[i])
}
