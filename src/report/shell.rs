//! The shell commands a report suggests (`arbitre explain`, `arbitre
//! moves`), every word quoted for a POSIX shell.

use std::borrow::Cow;

use crate::record::Switches;

/// The command that explains a rule: every rule reported is declared.
pub(super) fn explain_command(rule: &crate::rules::Rule) -> Option<String> {
    Some(format!("arbitre explain {}", rule.id))
}

/// The `arbitre moves` command that lists every legal turn of record
/// `index` of `path` at `turn` (a label, `2.B`, or a count of turns, as
/// `--turn` reads them), replayed under the house rules given on the
/// command line: the path as given, quoted for a shell when it must be,
/// and `<file>` for standard input, which cannot be read twice.
pub fn moves_command(
    path: &str,
    index: usize,
    turn: impl std::fmt::Display,
    switches: &Switches,
) -> String {
    let file = if path == "-" {
        "<file>".to_string()
    } else {
        shell_word(path)
    };
    let mut command = format!("arbitre moves {file}");
    if index > 0 {
        command.push_str(&format!(" --record {index}"));
    }
    command.push_str(&format!(" --turn {}", shell_word(&turn.to_string())));
    with_rules(command, switches)
}

/// The `arbitre repair` command for the file `path` (`<file>` for
/// standard input; repair takes every record of a file), under the house
/// rules given on the command line.
pub fn repair_command(path: &str, switches: &Switches) -> String {
    let file = if path == "-" {
        "<file>".to_string()
    } else {
        shell_word(path)
    };
    with_rules(format!("arbitre repair {file}"), switches)
}

/// `command` with a `--rule` for each house switch given.
fn with_rules(mut command: String, switches: &Switches) -> String {
    for (rule, on) in switches.iter() {
        let rule = if on {
            rule.to_string()
        } else {
            format!("{rule}=false")
        };
        command.push_str(&format!(" --rule {}", shell_word(&rule)));
    }
    command
}

/// Where the replay of an illegal record stopped, as `--turn` reads it: the
/// illegal turn's label (`2.B`), or the count of turns played when the
/// verdict is on the game after its last turn.
pub(super) fn stopped_at(turn: Option<&str>, turn_index: Option<usize>, turns: usize) -> String {
    match turn {
        Some(label) if turn_index == Some(turns) => label.to_string(),
        _ => turns.to_string(),
    }
}

/// `text` as one shell word: as it is when every character is plain,
/// otherwise in single quotes. A path starting with `-` gets `./`, so that
/// it is not read as an option. A path holding a control character (a
/// newline, an escape) or a bidi override is written in ANSI-C quotes
/// (`$'a\nb.arb'`, read by bash, zsh, ksh and POSIX sh), those characters
/// by their bytes: the command stays one line that copies whole, and no
/// terminal acts on it.
pub(super) fn shell_word(text: &str) -> String {
    use std::fmt::Write;
    let plain = |c: char| c.is_ascii_alphanumeric() || "_./+-:,@%=".contains(c);
    let text = if text.starts_with('-') {
        Cow::Owned(format!("./{text}"))
    } else {
        Cow::Borrowed(text)
    };
    if !text.is_empty() && text.chars().all(plain) {
        text.into_owned()
    } else if text.chars().any(crate::escape::is_escaped) {
        let mut word = String::from("$'");
        for c in text.chars() {
            match c {
                '\'' | '\\' => {
                    word.push('\\');
                    word.push(c);
                }
                c if crate::escape::is_escaped(c) => {
                    for byte in c.encode_utf8(&mut [0; 4]).bytes() {
                        let _ = write!(word, "\\x{byte:02x}");
                    }
                }
                c => word.push(c),
            }
        }
        word.push('\'');
        word
    } else {
        format!("'{}'", text.replace('\'', r"'\''"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_are_one_shell_word() {
        assert_eq!(shell_word("game.arb"), "game.arb");
        assert_eq!(shell_word("-x.arb"), "./-x.arb");
        assert_eq!(shell_word("a b's.arb"), r"'a b'\''s.arb'");
        // A control character or a bidi override: ANSI-C quotes, by bytes.
        assert_eq!(
            shell_word("a\nfake.arb:1:1: legal.arb"),
            r"$'a\x0afake.arb:1:1: legal.arb'"
        );
        assert_eq!(shell_word("it's\u{1b}\\"), r"$'it\'s\x1b\\'");
        assert_eq!(shell_word("\u{202e}bra.arb"), r"$'\xe2\x80\xaebra.arb'");
        let command = moves_command("a\nb.arb", 0, 3, &Switches::new());
        assert_eq!(command, r"arbitre moves $'a\x0ab.arb' --turn 3");
    }
}
