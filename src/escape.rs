//! Text from input as a person's terminal is shown it: every character
//! that would act on the terminal instead of being read (C0 and C1
//! controls, DEL, Unicode bidi overrides and line separators), and every
//! character Unicode allows to be drawn as nothing (its
//! Default_Ignorable_Code_Point property: zero-width spaces and joiners,
//! the byte-order mark, the soft hyphen, variation selectors, tag
//! characters), is written as a visible escape, `\e`, `\n`, `\u{202e}`,
//! `\u{200b}`, as `ls` and git show odd file names. A name cannot then set
//! the window title, clear the screen, reorder what follows it, start a
//! line of its own, or pass for another name ("Ana" and "Ana" with a
//! zero-width space after it).
//!
//! Human and short output escape every text that comes from input (paths,
//! names, excerpts, quoted values) where they write it; machine formats
//! keep their own escaping and get the text as it is. A backslash is left
//! as it is: it does nothing to a terminal, and every escape is shown one
//! character of the input at a time, so that columns can be counted back.

use std::borrow::Cow;

use crate::text::quote;

/// Whether `c` is shown as an escape rather than as itself.
pub fn is_escaped(c: char) -> bool {
    c.is_control()
        // Line and paragraph separators, which some viewers break at.
        || matches!(c, '\u{2028}' | '\u{2029}')
        || is_invisible(c)
}

/// Whether `c` is a Default_Ignorable_Code_Point of Unicode: drawn as
/// nothing where a font has no glyph for it. The bidi marks, embeddings,
/// overrides and isolates, which reorder a line, are among them; so are
/// the variation selectors and the zero-width joiner, though emoji use
/// them: a name then shows the pieces of its emoji rather than pass for
/// another name.
pub fn is_invisible(c: char) -> bool {
    matches!(
        c,
        // Soft hyphen, combining grapheme joiner, Arabic letter mark.
        '\u{ad}' | '\u{34f}' | '\u{61c}'
        // Hangul fillers, Khmer inherent vowels.
        | '\u{115f}' | '\u{1160}' | '\u{17b4}' | '\u{17b5}'
        // Mongolian free variation selectors and vowel separator.
        | '\u{180b}'..='\u{180f}'
        // Zero-width space, non-joiner and joiner; left-to-right and
        // right-to-left marks.
        | '\u{200b}'..='\u{200f}'
        // Embeddings and overrides.
        | '\u{202a}'..='\u{202e}'
        // Word joiner, invisible operators, isolates, deprecated formats.
        | '\u{2060}'..='\u{206f}'
        // Hangul filler, variation selectors, byte-order mark (zero-width
        // no-break space), halfwidth Hangul filler, unassigned specials.
        | '\u{3164}' | '\u{fe00}'..='\u{fe0f}' | '\u{feff}' | '\u{ffa0}' | '\u{fff0}'..='\u{fff8}'
        // Shorthand format controls, musical formatting.
        | '\u{1bca0}'..='\u{1bca3}' | '\u{1d173}'..='\u{1d17a}'
        // Tag characters, variation selectors supplement, and the rest of
        // their plane's first block.
        | '\u{e0000}'..='\u{e0fff}'
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

/// Whether every byte is printable ASCII (`' '..='~'`): eight bytes at a
/// time, as every verdict line asks it of its path and its words.
fn printable_ascii(bytes: &[u8]) -> bool {
    const ONES: u64 = u64::from_ne_bytes([1; 8]);
    const HIGH: u64 = ONES * 0x80;
    let mut words = bytes.chunks_exact(8);
    for word in &mut words {
        let mut eight = [0; 8];
        eight.copy_from_slice(word);
        let x = u64::from_ne_bytes(eight);
        // Each test leaves a byte's high bit set where it fails (and
        // perhaps above, which is as good): a byte past ASCII, a control
        // below the space (a borrow from a byte under 0x20), DEL (a zero
        // byte once 0x7f is taken away).
        let del = x ^ (ONES * 0x7f);
        let controls = x.wrapping_sub(ONES * 0x20) & !x;
        let dels = del.wrapping_sub(ONES) & !del;
        if (x | controls | dels) & HIGH != 0 {
            return false;
        }
    }
    words.remainder().iter().all(|b| matches!(b, b' '..=b'~'))
}

/// `text` with every character [`is_escaped`] names shown as its escape;
/// borrowed when there is none.
pub fn for_terminal(text: &str) -> Cow<'_, str> {
    // Printable ASCII is never escaped: nearly every path, name and
    // message is told so, without decoding characters.
    if printable_ascii(text.as_bytes()) {
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
/// escaped for people first ([`for_terminal`]: no control character is left,
/// which XML 1.0 forbids), then the five markup characters, and the two
/// non-characters XML forbids too as U+FFFD. One rule for every page and
/// picture arbitre writes, so no name can open an element there.
pub fn for_markup(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 8);
    for c in for_terminal(text).chars() {
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
        Cow::Borrowed(text) => for_terminal(text),
        Cow::Owned(text) => Cow::Owned(for_terminal(&text).into_owned()),
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
        out.push_str(&for_terminal(line));
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

    proptest::proptest! {
        /// Eight bytes at a time tell what a byte at a time does, wherever
        /// the odd byte falls.
        #[test]
        fn printable_ascii_is_told_as_byte_by_byte(
            bytes in proptest::collection::vec(
                proptest::prop_oneof![
                    0x20u8..0x7f,
                    proptest::prelude::Just(0x1fu8),
                    proptest::prelude::Just(0x7fu8),
                    proptest::prelude::Just(0x80u8),
                    proptest::prelude::any::<u8>(),
                ],
                0..40,
            )
        ) {
            let slow = bytes.iter().all(|b| matches!(b, b' '..=b'~'));
            proptest::prop_assert_eq!(printable_ascii(&bytes), slow);
        }
    }

    #[test]
    fn printable_ascii_edges() {
        for b in 0..=u8::MAX {
            let mut text = *b"abcdefghijklmnop";
            for at in [0, 7, 8, 15] {
                let before = text[at];
                text[at] = b;
                assert_eq!(
                    printable_ascii(&text),
                    (b' '..=b'~').contains(&b),
                    "{b:#x} at {at}"
                );
                text[at] = before;
            }
        }
    }

    #[test]
    fn controls_are_shown_by_name_or_number() {
        assert_eq!(
            for_terminal("\u{1b}]0;PWNED\u{7}\u{1b}[2J\u{1b}[31mBen\nfake"),
            "\\e]0;PWNED\\a\\e[2J\\e[31mBen\\nfake"
        );
        assert_eq!(for_terminal("a\rb\tc\0"), "a\\rb\\tc\\0");
        assert_eq!(for_terminal("\u{1}\u{1f}\u{7f}"), "\\x01\\x1f\\x7f");
        assert_eq!(for_terminal("\u{85}\u{9b}"), "\\u{85}\\u{9b}");
        assert_eq!(
            for_terminal("abc\u{202e}cba\u{2066}"),
            "abc\\u{202e}cba\\u{2066}"
        );
        assert_eq!(for_terminal("\u{2028}"), "\\u{2028}");
    }

    /// Characters drawn as nothing: a name holding them would pass for
    /// another, or for no name at all.
    #[test]
    fn invisible_characters_are_shown_by_number() {
        assert_eq!(for_terminal("Ana\u{200b}"), "Ana\\u{200b}");
        assert_eq!(
            for_terminal("A\u{200c}\u{200d}\u{2060}\u{feff}\u{ad}b\u{180e}\u{2064}"),
            "A\\u{200c}\\u{200d}\\u{2060}\\u{feff}\\u{ad}b\\u{180e}\\u{2064}"
        );
        // Tag characters spelling "A () to throw" after a flag's base.
        let tags: String = "A () to throw"
            .chars()
            .map(|c| char::from_u32(0xe0000 + c as u32).unwrap_or('?'))
            .collect();
        assert_eq!(for_terminal(&tags), "\\u{e0041}\\u{e0020}\\u{e0028}\\u{e0029}\\u{e0020}\\u{e0074}\\u{e006f}\\u{e0020}\\u{e0074}\\u{e0068}\\u{e0072}\\u{e006f}\\u{e0077}");
        // Variation selectors, and the joiner in an emoji: its pieces.
        assert_eq!(for_terminal("\u{2764}\u{fe0f}"), "\u{2764}\\u{fe0f}");
        assert_eq!(for_terminal("👩\u{200d}👩"), "👩\\u{200d}👩");
        for c in [
            '\u{200b}',
            '\u{200e}',
            '\u{200f}',
            '\u{202a}',
            '\u{202e}',
            '\u{2060}',
            '\u{2066}',
            '\u{2069}',
            '\u{feff}',
            '\u{ad}',
            '\u{61c}',
            '\u{180e}',
            '\u{e0001}',
            '\u{e007f}',
            '\u{e0100}',
            '\u{fe00}',
            '\u{34f}',
            '\u{3164}',
            '\u{ffa0}',
            '\u{1d173}',
        ] {
            assert!(is_escaped(c), "{c:?}");
        }
        // Their neighbours are drawn.
        for c in [
            '\u{ac}',
            '\u{ae}',
            '\u{2010}',
            '\u{2070}',
            '\u{fdff}',
            '\u{fe10}',
            '\u{1f600}',
            '\u{e1000}',
        ] {
            assert!(!is_escaped(c), "{c:?}");
        }
        // Escaped columns count back through them too.
        assert_eq!(escaped_len("a\u{e0041}"), for_terminal("a\u{e0041}").len());
        assert_eq!(first_unshown("Ana\u{200b}", false), Some(3));
    }

    #[test]
    fn plain_text_is_left_alone() {
        for text in [
            "Chloé",
            "c3-d4 {a comment}",
            "a\\eb",
            "日本",
            "\u{a0}",
            "\u{2002}",
            "🎲",
        ] {
            assert!(
                matches!(for_terminal(text), Cow::Borrowed(t) if t == text),
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
        let shown = for_terminal(text);
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
