//! Text from input as a person's terminal is shown it: every character
//! that would act on the terminal instead of being read (C0 and C1
//! controls, DEL, Unicode bidi overrides and line separators) is written
//! as a visible escape, `\e`, `\n`, `\u{202e}`, as `ls` and git show odd
//! file names. A name cannot then set the window title, clear the screen,
//! reorder what follows it, or start a line of its own.
//!
//! Human and short output escape every text that comes from input (paths,
//! names, excerpts, quoted values) where they write it; machine formats
//! keep their own escaping and get the text as it is. A backslash is left
//! as it is: it does nothing to a terminal, and every escape is shown one
//! character of the input at a time, so that columns can be counted back.

use std::borrow::Cow;

use crate::limits::quote;

/// Whether `c` is shown as an escape rather than as itself.
pub fn is_escaped(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            // Arabic letter mark, left-to-right and right-to-left marks.
            '\u{061c}' | '\u{200e}' | '\u{200f}'
            // Line and paragraph separators, which some viewers break at.
            | '\u{2028}' | '\u{2029}'
            // Embeddings, overrides and isolates, which reorder a line.
            | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}'
        )
}

/// Writes `c` as it is shown: itself, or its escape. The common controls
/// by their C names (`\t`, `\n`, `\r`, `\e` for ESC), other C0 controls and
/// DEL as `\x01`, the rest as `\u{85}`, `\u{202e}`.
pub fn push_escaped(out: &mut String, c: char) {
    use std::fmt::Write;
    if !is_escaped(c) {
        out.push(c);
        return;
    }
    let named = match c {
        '\0' => "\\0",
        '\u{7}' => "\\a",
        '\u{8}' => "\\b",
        '\t' => "\\t",
        '\n' => "\\n",
        '\u{b}' => "\\v",
        '\u{c}' => "\\f",
        '\r' => "\\r",
        '\u{1b}' => "\\e",
        _ => "",
    };
    if !named.is_empty() {
        out.push_str(named);
    } else if (c as u32) < 0x80 {
        let _ = write!(out, "\\x{:02x}", c as u32);
    } else {
        let _ = write!(out, "\\u{{{:x}}}", c as u32);
    }
}

/// `text` with every character [`is_escaped`] names shown as its escape;
/// borrowed when there is none.
pub fn escaped(text: &str) -> Cow<'_, str> {
    // Printable ASCII is never escaped: nearly every path, name and
    // message is told so a byte at a time, without decoding characters.
    if text.bytes().all(|b| matches!(b, b' '..=b'~')) {
        return Cow::Borrowed(text);
    }
    let Some(first) = text.find(is_escaped) else {
        return Cow::Borrowed(text);
    };
    let mut out = String::with_capacity(text.len() + 8);
    out.push_str(&text[..first]);
    for c in text[first..].chars() {
        push_escaped(&mut out, c);
    }
    Cow::Owned(out)
}

/// `text` as markup (XML, HTML, SVG) holds it in an element or an attribute:
/// escaped for people first ([`escaped`]: no control character is left,
/// which XML 1.0 forbids), then the five markup characters, and the two
/// non-characters XML forbids too as U+FFFD. One rule for every page and
/// picture arbitre writes, so no name can open an element there.
pub fn markup(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 8);
    for c in escaped(text).chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            '\u{fffe}' | '\u{ffff}' => out.push('\u{fffd}'),
            c => out.push(c),
        }
    }
    out
}

/// Free text from input (a name, an event) as a verdict line or a table
/// shows it: cut to its first 40 characters and `…` as messages quote,
/// then escaped.
pub fn cut(text: &str) -> Cow<'_, str> {
    match quote(text) {
        Cow::Borrowed(text) => escaped(text),
        Cow::Owned(text) => Cow::Owned(escaped(&text).into_owned()),
    }
}

/// Free text from input cut as [`cut`] cuts it, its first 40 characters
/// and `…`, but not escaped: for a format that escapes in its own way (the
/// HTML page's markup).
pub fn shortened(text: &str) -> Cow<'_, str> {
    quote(text)
}

/// A text of several lines that arbitre wrote (a diagram, a help) with
/// input inside: each line escaped, the line ends kept.
pub fn lines(text: &str) -> Cow<'_, str> {
    if !text.contains(|c| c != '\n' && is_escaped(c)) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for (i, line) in text.split('\n').enumerate() {
        if i > 0 {
            out.push('\n');
        }
        out.push_str(&escaped(line));
    }
    Cow::Owned(out)
}

/// The bytes `text` takes once escaped.
pub fn escaped_len(text: &str) -> usize {
    text.chars()
        .map(|c| {
            if !is_escaped(c) {
                c.len_utf8()
            } else {
                let mut one = String::new();
                push_escaped(&mut one, c);
                one.len()
            }
        })
        .sum()
}

/// How many characters of `text` come before byte `at` of its escaped
/// form: the column in the input of a place in what is shown. A place
/// inside an escape counts as its character.
pub fn chars_before(text: &str, at: usize) -> usize {
    let mut shown = 0;
    for (n, c) in text.chars().enumerate() {
        if shown >= at {
            return n;
        }
        shown += escaped_len(c.encode_utf8(&mut [0; 4]));
    }
    text.chars().count()
}

/// The byte offset of the first character of `shown` (human output) that
/// a terminal would act on instead of showing: any that [`is_escaped`]
/// names but the line ends arbitre writes, and, when `colour` is on, but
/// the SGR colour codes (`ESC [ 31 m`) it writes. What tests and fuzz
/// targets assert of every human output: `None`.
pub fn first_unshown(shown: &str, colour: bool) -> Option<usize> {
    let mut chars = shown.char_indices();
    while let Some((at, c)) = chars.next() {
        if c == '\n' {
            continue;
        }
        if colour && c == '\u{1b}' {
            let rest = &shown[at + 1..];
            let code = rest
                .strip_prefix('[')
                .map(|code| code.trim_start_matches(|c: char| c.is_ascii_digit() || c == ';'));
            if let Some(after) = code.and_then(|code| code.strip_prefix('m')) {
                let end = shown.len() - after.len();
                while chars.offset() < end {
                    chars.next();
                }
                continue;
            }
        }
        if is_escaped(c) {
            return Some(at);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn controls_are_shown_by_name_or_number() {
        assert_eq!(
            escaped("\u{1b}]0;PWNED\u{7}\u{1b}[2J\u{1b}[31mBen\nfake"),
            "\\e]0;PWNED\\a\\e[2J\\e[31mBen\\nfake"
        );
        assert_eq!(escaped("a\rb\tc\0"), "a\\rb\\tc\\0");
        assert_eq!(escaped("\u{1}\u{1f}\u{7f}"), "\\x01\\x1f\\x7f");
        assert_eq!(escaped("\u{85}\u{9b}"), "\\u{85}\\u{9b}");
        assert_eq!(
            escaped("abc\u{202e}cba\u{2066}"),
            "abc\\u{202e}cba\\u{2066}"
        );
        assert_eq!(escaped("\u{2028}"), "\\u{2028}");
    }

    #[test]
    fn plain_text_is_left_alone() {
        for text in [
            "Chloé",
            "c3-d4 {a comment}",
            "a\\eb",
            "日本",
            "\u{a0}",
            "\u{200d}",
        ] {
            assert!(
                matches!(escaped(text), Cow::Borrowed(t) if t == text),
                "{text}"
            );
        }
    }

    #[test]
    fn long_text_is_cut_before_it_is_escaped() {
        assert_eq!(cut("Ana"), "Ana");
        let long = format!("{}\n{}", "x".repeat(39), "y".repeat(60_000));
        assert_eq!(cut(&long), format!("{}\\n…", "x".repeat(39)));
        assert_eq!(cut(&"\u{1b}".repeat(41)), format!("{}…", "\\e".repeat(40)));
    }

    #[test]
    fn lines_keep_their_ends() {
        assert_eq!(lines("a\u{1b}b\nc\rd\n"), "a\\eb\nc\\rd\n");
        assert_eq!(lines("a\nb\n"), "a\nb\n");
    }

    #[test]
    fn only_line_ends_and_colour_codes_pass() {
        assert_eq!(first_unshown("a\nb\n", false), None);
        assert_eq!(first_unshown("a\tb", false), Some(1));
        assert_eq!(first_unshown("\u{1b}[31mred\u{1b}[0m", true), None);
        assert_eq!(first_unshown("\u{1b}[31mred\u{1b}[0m", false), Some(0));
        assert_eq!(first_unshown("ok\u{1b}[2J", true), Some(2));
        assert_eq!(first_unshown("ok\u{1b}]0;title\u{7}", true), Some(2));
        assert_eq!(first_unshown("\u{1b}[1;31m\u{202e}", true), Some(7));
        assert_eq!(first_unshown("\u{1b}[", true), Some(0));
    }

    #[test]
    fn columns_count_back_through_escapes() {
        let text = "a\u{1b}é\u{202e}b";
        let shown = escaped(text);
        assert_eq!(escaped_len(text), shown.len());
        // Before a, inside \e (which counts it) and after it, after é,
        // inside \u{202e}, after it.
        assert_eq!(chars_before(text, 0), 0);
        assert_eq!(chars_before(text, 1), 1);
        assert_eq!(chars_before(text, 2), 2);
        assert_eq!(chars_before(text, 3), 2);
        assert_eq!(chars_before(text, 5), 3);
        assert_eq!(chars_before(text, 7), 4);
        assert_eq!(chars_before(text, shown.len()), 5);
        assert_eq!(chars_before(text, 999), 5);
    }
}
