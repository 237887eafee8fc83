//! Text helpers for messages: untrusted input quoted and cut, numbers
//! grouped, and the edit distance behind every "did you mean". How text is
//! made safe to show is [`escape`](crate::escape)'s.

use std::borrow::Cow;

/// The most characters of an input a message quotes: the start of a longer
/// one, then an ellipsis. A diagnostic points at the whole of it anyway.
pub(crate) const QUOTED_CHARS: usize = 40;

/// `text` as a message quotes it: whole when short, else its first
/// [`QUOTED_CHARS`] characters and `…`.
pub(crate) fn quote(text: &str) -> Cow<'_, str> {
    // No more bytes than the characters kept: nothing to cut, nothing to count.
    if text.len() <= QUOTED_CHARS {
        return Cow::Borrowed(text);
    }
    match text.char_indices().nth(QUOTED_CHARS) {
        None => Cow::Borrowed(text),
        Some((cut, _)) => Cow::Owned(format!("{}…", &text[..cut])),
    }
}

/// Every part of `message` between backquotes, or between double quotes
/// (as serde writes a string it did not expect, with `\"` inside), cut as
/// [`quote`] cuts it: serde_yaml's messages quote the header's values whole.
pub(crate) fn cut_quotes(message: &str) -> Cow<'_, str> {
    if message.len() <= QUOTED_CHARS {
        return Cow::Borrowed(message);
    }
    let mut out = String::with_capacity(message.len().min(256));
    let mut rest = message;
    while let Some(open) = rest.find(['`', '"']) {
        let mark = rest.as_bytes()[open];
        out.push_str(&rest[..=open]);
        let inside = &rest[open + 1..];
        let close = if mark == b'`' {
            inside.find('`')
        } else {
            closing_quote(inside)
        };
        let Some(close) = close else {
            rest = inside;
            break;
        };
        out.push_str(&quote(&inside[..close]));
        out.push(char::from(mark));
        rest = &inside[close + 1..];
    }
    out.push_str(rest);
    Cow::Owned(out)
}

/// Where a double-quoted string written with escapes ends: the first `"`
/// not escaped by a backslash.
fn closing_quote(inside: &str) -> Option<usize> {
    let bytes = inside.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'\\' => i += 2,
            b'"' => return Some(i),
            _ => i += 1,
        }
    }
    None
}

/// `n` with its thousands grouped: `65,536`.
pub fn grouped(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, d) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(d);
    }
    out
}

/// Levenshtein distance, ignoring case.
pub(crate) fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.to_lowercase().chars().collect();
    let b: Vec<char> = b.to_lowercase().chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.iter().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let substitution = diagonal + usize::from(ca != cb);
            diagonal = row[j + 1];
            row[j + 1] = substitution.min(row[j] + 1).min(row[j + 1] + 1);
        }
    }
    row[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_quotes_stay_whole_and_long_ones_are_cut() {
        assert_eq!(quote("c3-d4"), "c3-d4");
        let forty = "x".repeat(40);
        assert_eq!(quote(&forty), forty);
        assert_eq!(quote(&"x".repeat(41)), format!("{forty}…"));
        // Cut between characters, never inside one.
        assert_eq!(quote(&"é".repeat(100)), format!("{}…", "é".repeat(40)));
    }

    #[test]
    fn quotes_in_messages_are_cut() {
        let long = "y".repeat(10_000);
        let message = format!("unknown variant `{long}`, expected `a` or `b`");
        let cut = cut_quotes(&message);
        assert_eq!(
            cut,
            format!("unknown variant `{}…`, expected `a` or `b`", "y".repeat(40))
        );
        let message = format!("invalid type: string \"a\\\"{long}\", expected u8");
        let cut = cut_quotes(&message);
        assert!(cut.len() < 100, "{cut}");
        assert!(cut.ends_with("…\", expected u8"), "{cut}");
        // An unclosed quote is left as it is.
        assert_eq!(
            cut_quotes("a `b that is never closed, and long enough to cut"),
            "a `b that is never closed, and long enough to cut"
        );
        assert_eq!(cut_quotes("short `q`"), "short `q`");
    }

    #[test]
    fn numbers_are_grouped() {
        assert_eq!(grouped(0), "0");
        assert_eq!(grouped(999), "999");
        assert_eq!(grouped(1000), "1,000");
        assert_eq!(grouped(65_536), "65,536");
        assert_eq!(grouped(8_388_608), "8,388,608");
        assert_eq!(grouped(200_000), "200,000");
    }

    #[test]
    fn distances() {
        assert_eq!(edit_distance("evnt", "event"), 1);
        assert_eq!(edit_distance("", "abc"), 3);
        assert_eq!(edit_distance("Mode", "mode"), 0);
    }
}
