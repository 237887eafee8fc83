//! Where `show` and `moves` stop in a record: what `--turn` takes. A plain
//! number counts turns; anything else is a turn label as the reports print
//! it, read by the record's game once the record names it.

use std::fmt;
use std::str::FromStr;

/// A point of a record, as a user names it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum At {
    /// After every turn, or before the first illegal one.
    #[default]
    End,
    /// After this many turns (0: the start).
    Count(usize),
    /// Before the turn the reports name so (`3.B`, `3...`, `12. red`): the
    /// position where that turn is to be played. Kept as written, since
    /// only the record's game can read it.
    Label(String),
}

/// The forms every game takes, for errors given before the game is known.
pub const FORMS: &str =
    "a number of turns (`5`: after 5 turns) or a turn label as the reports print it \
     (`3.B`, `12.`, `3...`: before that turn)";

impl FromStr for At {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, String> {
        let text = text.trim();
        if text.is_empty() {
            return Err(format!("an empty turn; write {FORMS}"));
        }
        if text.bytes().all(|b| b.is_ascii_digit()) {
            return text
                .parse()
                .map(At::Count)
                .map_err(|_| format!("`{text}` turns is more than any record holds"));
        }
        Ok(At::Label(text.to_string()))
    }
}

impl From<Option<usize>> for At {
    /// `None` is the end, as `--turn` left out.
    fn from(turns: Option<usize>) -> Self {
        turns.map_or(At::End, At::Count)
    }
}

impl From<usize> for At {
    fn from(turns: usize) -> Self {
        At::Count(turns)
    }
}

impl fmt::Display for At {
    /// As `--turn` takes it; the end is `end`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            At::End => f.write_str("end"),
            At::Count(n) => write!(f, "{n}"),
            At::Label(label) => f.write_str(label),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_count_and_labels_wait_for_their_game() {
        assert_eq!("5".parse(), Ok(At::Count(5)));
        assert_eq!(" 0 ".parse(), Ok(At::Count(0)));
        assert_eq!("3...".parse(), Ok(At::Label("3...".into())));
        assert_eq!("2.B".parse(), Ok(At::Label("2.B".into())));
        assert!("".parse::<At>().is_err_and(|e| e.contains("`3.B`")));
        assert_eq!("red".parse(), Ok(At::Label("red".into())));
        assert!("99999999999999999999999".parse::<At>().is_err());
        assert_eq!(At::from(None), At::End);
        assert_eq!(At::from(Some(3)), At::Count(3));
    }
}
