//! Reading record files (or standard input) and checking every record in
//! them with the right game.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::games;
use crate::record::{self, FramingError, HeaderError, RawRecord, Switches};
use crate::replay::{Checked, Malformed};
use crate::span::{LineIndex, Span};

/// A file's text as read, named as the user named it.
#[derive(Clone, Debug)]
pub struct Source {
    pub path: String,
    pub text: Arc<str>,
    /// Where the first byte that is not UTF-8 sits, if any.
    pub bad_utf8_at: Option<usize>,
    pub lines: LineIndex,
}

impl Source {
    pub fn from_bytes(path: impl Into<String>, bytes: Vec<u8>) -> Self {
        match String::from_utf8(bytes) {
            Ok(text) => Source {
                path: path.into(),
                lines: LineIndex::new(&text),
                text: text.into(),
                bad_utf8_at: None,
            },
            Err(err) => {
                let at = err.utf8_error().valid_up_to();
                let text = String::from_utf8_lossy(err.as_bytes());
                Source {
                    path: path.into(),
                    lines: LineIndex::new(&text),
                    text: text.into(),
                    bad_utf8_at: Some(at),
                }
            }
        }
    }

    /// Read a path, or standard input for `-`.
    pub fn read(path: &str) -> std::io::Result<Self> {
        let bytes = if path == "-" {
            let mut bytes = Vec::new();
            std::io::stdin().read_to_end(&mut bytes)?;
            bytes
        } else {
            std::fs::read(path)?
        };
        Ok(Source::from_bytes(path, bytes))
    }
}

/// One record's verdict within its file.
#[derive(Clone, Debug)]
pub struct RecordCheck {
    pub index: usize,
    pub checked: Checked,
}

/// Check every record of a source.
pub fn check(source: &Source, switches: &Switches) -> Vec<RecordCheck> {
    if source.bad_utf8_at.is_some() {
        return check_record(source, switches, 0).into_iter().collect();
    }
    record::split(&source.text)
        .into_iter()
        .enumerate()
        .map(|(index, raw)| RecordCheck {
            index,
            checked: check_raw(raw, switches),
        })
        .collect()
}

/// How many records a source holds (a file that is not UTF-8 counts as one).
pub fn record_count(source: &Source) -> usize {
    if source.bad_utf8_at.is_some() {
        1
    } else {
        record::split(&source.text).len()
    }
}

/// Check the `index`-th record of a source alone (`None` past the last).
pub fn check_record(source: &Source, switches: &Switches, index: usize) -> Option<RecordCheck> {
    if let Some(at) = source.bad_utf8_at {
        let bad = Malformed {
            rule: "syntax",
            message: "this file is not UTF-8 text".into(),
            span: Span::new(at, 1),
            help: Some("records are UTF-8; is this the right file?".into()),
        };
        return (index == 0).then(|| RecordCheck {
            index: 0,
            checked: Checked::malformed(None, bad),
        });
    }
    let raw = record::split(&source.text).into_iter().nth(index)?;
    Some(RecordCheck {
        index,
        checked: check_raw(raw, switches),
    })
}

fn check_raw(raw: Result<RawRecord<'_>, FramingError>, switches: &Switches) -> Checked {
    match raw {
        Err(framing) => Checked::malformed(
            None,
            Malformed {
                rule: "header",
                message: framing.message,
                span: framing.span,
                help: Some(framing.help),
            },
        ),
        Ok(raw) => match referee_for(&raw.header) {
            Ok(referee) => referee.check(&raw, switches),
            Err(err) => Checked::malformed(None, err.into()),
        },
    }
}

/// The game a header names.
pub fn referee_for(
    header: &record::HeaderText<'_>,
) -> Result<&'static dyn crate::replay::Referee, HeaderError> {
    let name = header.game(&games::names())?;
    games::find(&name).ok_or_else(|| {
        HeaderError::header(
            format!("`{name}` is not a game arbitre knows"),
            header.within("game", &name),
        )
        .with_help(games::suggest(&name))
    })
}

/// Expand the paths of `check`: directories are walked for `*.arb` files,
/// in name order so that runs are reproducible. A directory holding none is
/// an error: checking nothing must not pass for checking everything.
pub fn expand(paths: &[String]) -> std::io::Result<Vec<String>> {
    let mut out = Vec::new();
    for path in paths {
        let p = Path::new(path);
        if path != "-" && p.is_dir() {
            let mut found = Vec::new();
            walk(p, &mut found)?;
            if found.is_empty() {
                return Err(std::io::Error::new(
                    std::io::ErrorKind::NotFound,
                    format!("{path} holds no *.arb file"),
                ));
            }
            found.sort();
            out.extend(found.into_iter().map(|f| f.display().to_string()));
        } else {
            out.push(path.clone());
        }
    }
    Ok(out)
}

fn walk(dir: &Path, found: &mut Vec<PathBuf>) -> std::io::Result<()> {
    for entry in std::fs::read_dir(dir)? {
        let path = entry?.path();
        if path.is_dir() {
            walk(&path, found)?;
        } else if path.extension().is_some_and(|e| e == "arb") {
            found.push(path);
        }
    }
    Ok(())
}
