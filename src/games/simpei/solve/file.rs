//! The table on disk: a fixed header (what it is, the format and rules it
//! was built under, its piece counts, a checksum of the values), then one
//! byte per position, layer after layer. Nothing read is trusted before
//! every check has passed.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};

use super::{movement_layers, Alignment, Tablebase, Value, REACHED, SAMPLED};

/// The first bytes of every table file.
const MAGIC: &[u8; 16] = b"arbitre simpei\n\0";

/// The layout of the file and what its values mean: raised with either,
/// a change to the solver that changes any value included, so that a
/// table an older arbitre built is rebuilt rather than trusted.
pub const FORMAT: u32 = 1;

/// The rulings the values follow (`simpei.md` as of this date); a table of
/// other rulings is stale and rebuilt.
pub const RULES: u32 = 20_261_201;

/// Header bytes before the values.
pub(super) const HEADER: usize = 40;

/// Why a table file cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum TablebaseError {
    /// No file there.
    #[error("no Simpei table at {}: build it with `arbitre solve simpei`", .0.display())]
    Missing(PathBuf),
    /// The file cannot be read.
    #[error("cannot read {}: {source}", path.display())]
    Unreadable {
        /// The table file.
        path: PathBuf,
        /// What the system said.
        source: std::io::Error,
    },
    /// The table cannot be written.
    #[error("cannot write {}: {source}", path.display())]
    Unwritable {
        /// The table file.
        path: PathBuf,
        /// What the system said.
        source: std::io::Error,
    },
    /// The file does not start as a table does.
    #[error("{} is not a Simpei table (not a regular file, or one that does not start as a table does)", .0.display())]
    NotATable(PathBuf),
    /// A table of another format or of other rulings.
    #[error("{} was built for format {format} and rules of {rules}; this arbitre uses format {FORMAT} and rules of {RULES}: rebuild it with `arbitre solve simpei`", path.display())]
    Stale {
        /// The table file.
        path: PathBuf,
        /// The file's format.
        format: u32,
        /// The rulings it was built under.
        rules: u32,
    },
    /// The file ends before its values do.
    #[error("{} is truncated: {found} bytes where {expected} were expected", path.display())]
    Truncated {
        /// The table file.
        path: PathBuf,
        /// The bytes a whole table has.
        expected: u64,
        /// The bytes found.
        found: u64,
    },
    /// A header or values that do not hold together.
    #[error("{} is corrupt: {why}", path.display())]
    Corrupt {
        /// The table file.
        path: PathBuf,
        /// What does not hold.
        why: String,
    },
}

impl TablebaseError {
    /// Whether building the table again over the file cures it: a table
    /// damaged or stale, not a file that is no table (which is never
    /// written over) nor one that cannot be read.
    pub fn rebuild_cures(&self) -> bool {
        matches!(
            self,
            TablebaseError::Stale { .. }
                | TablebaseError::Truncated { .. }
                | TablebaseError::Corrupt { .. }
        )
    }
}

fn u32_at(bytes: &[u8], at: usize) -> u32 {
    let mut word = [0; 4];
    word.copy_from_slice(bytes.get(at..at + 4).unwrap_or(&[0; 4]));
    u32::from_le_bytes(word)
}

impl Tablebase {
    /// The file's header: what it is, its format and rulings, its piece
    /// counts, the checksum and length of its values.
    fn header(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(HEADER);
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&FORMAT.to_le_bytes());
        out.extend_from_slice(&RULES.to_le_bytes());
        let alignment = match self.alignment {
            Alignment::Gapped => 0,
            Alignment::Adjacent => 1,
        };
        out.extend_from_slice(&[self.red, self.blue, u8::from(self.placement), alignment]);
        out.extend_from_slice(&crc32fast::hash(&self.values).to_le_bytes());
        out.extend_from_slice(&(self.values.len() as u64).to_le_bytes());
        out
    }

    /// The file's bytes: header, then values.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = self.header();
        out.extend_from_slice(&self.values);
        out
    }

    /// Write the table to `path`, through a file beside it renamed into
    /// place: a reader never sees half a table. The file beside it is
    /// created anew under a name nobody can foretell, never through a link
    /// planted there.
    pub fn save(&self, path: &Path) -> Result<(), TablebaseError> {
        let fail = |source| TablebaseError::Unwritable {
            path: path.to_path_buf(),
            source,
        };
        let (partial, mut file) = partial_beside(path).map_err(fail)?;
        let written = file
            .write_all(&self.header())
            .and_then(|()| file.write_all(&self.values))
            .and_then(|()| file.sync_all())
            .and_then(|()| std::fs::rename(&partial, path));
        drop(file);
        if written.is_err() {
            let _ = std::fs::remove_file(&partial);
        }
        written.map_err(fail)
    }

    /// Whether a table can be written at `path`, asked before minutes of
    /// work rather than after: its folder made, a file beside it created
    /// as `save` creates it, and removed.
    pub fn can_write(path: &Path) -> Result<(), TablebaseError> {
        let fail = |source| TablebaseError::Unwritable {
            path: path.to_path_buf(),
            source,
        };
        let (partial, file) = partial_beside(path).map_err(fail)?;
        drop(file);
        std::fs::remove_file(&partial).map_err(fail)
    }

    /// Read a table from `path`, every check passed. Only a regular file
    /// is read, and no more of it than the largest table takes. Its type
    /// is asked before it is opened (opening a FIFO waits for a writer, a
    /// device may do anything), it is opened without blocking, and the
    /// handle's own type is asked again, in case the file was swapped in
    /// between.
    pub fn load(path: &Path) -> Result<Tablebase, TablebaseError> {
        let unreadable = |source| TablebaseError::Unreadable {
            path: path.to_path_buf(),
            source,
        };
        let missing_or = |source: std::io::Error| match source.kind() {
            std::io::ErrorKind::NotFound => TablebaseError::Missing(path.to_path_buf()),
            _ => unreadable(source),
        };
        if !std::fs::metadata(path).map_err(missing_or)?.is_file() {
            return Err(TablebaseError::NotATable(path.to_path_buf()));
        }
        let file = open_without_blocking(path).map_err(missing_or)?;
        let metadata = file.metadata().map_err(unreadable)?;
        if !metadata.is_file() {
            return Err(TablebaseError::NotATable(path.to_path_buf()));
        }
        let largest: u64 = Tablebase::game_layers(super::PIECES)
            .iter()
            .map(|l| l.size())
            .sum();
        let limit = HEADER as u64 + largest + 1;
        // Room for the whole file at once: read in doubling steps, a table
        // would briefly take twice its size.
        let mut bytes = Vec::with_capacity(metadata.len().min(limit) as usize);
        file.take(limit)
            .read_to_end(&mut bytes)
            .map_err(unreadable)?;
        Tablebase::from_bytes(bytes, path)
    }

    /// A table from a file's bytes; `path` names it in errors.
    pub fn from_bytes(mut bytes: Vec<u8>, path: &Path) -> Result<Tablebase, TablebaseError> {
        let path = path.to_path_buf();
        if bytes.len() < MAGIC.len() || !bytes.starts_with(MAGIC) {
            return Err(TablebaseError::NotATable(path));
        }
        let (format, rules) = (u32_at(&bytes, 16), u32_at(&bytes, 20));
        if bytes.len() < HEADER {
            return Err(TablebaseError::Truncated {
                path,
                expected: HEADER as u64,
                found: bytes.len() as u64,
            });
        }
        if format != FORMAT || rules != RULES {
            return Err(TablebaseError::Stale {
                path,
                format,
                rules,
            });
        }
        let corrupt = |why: String| TablebaseError::Corrupt {
            path: path.clone(),
            why,
        };
        let [red, blue, placement, alignment] = [24, 25, 26, 27].map(|i| bytes[i]);
        let alignment = match alignment {
            0 => Alignment::Gapped,
            1 => Alignment::Adjacent,
            _ => return Err(corrupt(format!("its header names alignment {alignment}"))),
        };
        if red > super::PIECES || blue > super::PIECES || placement > 1 {
            return Err(corrupt(format!(
                "its header names {red} red and {blue} blue pieces, placement {placement}"
            )));
        }
        let placement = placement == 1;
        if placement && red != blue {
            return Err(corrupt(
                "a placement phase needs as many pieces of each colour".into(),
            ));
        }
        let layers = if placement {
            Tablebase::game_layers(red)
        } else {
            movement_layers(red, blue).to_vec()
        };
        let expected: u64 = layers.iter().map(|l| l.size()).sum();
        let claimed = {
            let mut word = [0; 8];
            word.copy_from_slice(&bytes[32..40]);
            u64::from_le_bytes(word)
        };
        if claimed != expected {
            return Err(corrupt(format!(
                "its header says {claimed} values where its pieces make {expected}"
            )));
        }
        let body = &bytes[HEADER..];
        if (body.len() as u64) < expected {
            return Err(TablebaseError::Truncated {
                path,
                expected: HEADER as u64 + expected,
                found: bytes.len() as u64,
            });
        }
        if body.len() as u64 > expected {
            return Err(corrupt(format!(
                "{} bytes follow its values",
                body.len() as u64 - expected
            )));
        }
        if crc32fast::hash(body) != u32_at(&bytes, 28) {
            return Err(corrupt("its checksum does not match its values".into()));
        }
        // No value past the longest this table's game holds; the mark of
        // a position reached from the start only where there is a start.
        let longest = super::longest_possible(red, blue, placement, alignment);
        let reached = if placement { REACHED } else { 0 };
        if let Some(at) = body
            .iter()
            .position(|&b| b & !reached > longest || Value::from_byte(b).is_none())
        {
            return Err(corrupt(format!(
                "value {} at byte {} is out of range: no position of its game lasts more \
                 than {longest} turns",
                body[at],
                HEADER + at
            )));
        }
        let mut start = 0;
        let layers = layers
            .into_iter()
            .map(|layer| {
                let range = start..start + layer.size() as usize;
                start = range.end;
                (layer, range)
            })
            .collect();
        bytes.drain(..HEADER);
        let table = Tablebase {
            red,
            blue,
            placement,
            alignment,
            layers,
            values: bytes,
        };
        // A checksum is no signature: values made up and summed again pass
        // it. They do not pass their successors.
        if let Err(wrong) = table.check(SAMPLED, unforeseeable()) {
            return Err(corrupt(wrong.to_string()));
        }
        Ok(table)
    }
}

/// Open `path` to read without waiting on it: a FIFO opens at once (and is
/// then refused), a terminal does not become the controlling one.
fn open_without_blocking(path: &Path) -> std::io::Result<std::fs::File> {
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK | libc::O_NOCTTY);
    }
    options.open(path)
}

/// 64 bits nobody outside this process can foretell: std's hasher keys
/// are drawn from the system's randomness, mixed here with the time.
pub(super) fn unforeseeable() -> u64 {
    use std::hash::BuildHasher;
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    std::collections::hash_map::RandomState::new().hash_one((now, std::process::id()))
}

/// Attempts at a fresh name for the file beside a table; a name already
/// taken 16 times running is no accident, and the write fails.
const PARTIAL_ATTEMPTS: usize = 16;

/// A file created beside `path` to write a table into, its folder made
/// first: a new file (never one already there, nor a link's target) under
/// a name of 64 unforeseeable bits.
fn partial_beside(path: &Path) -> std::io::Result<(PathBuf, std::fs::File)> {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)?;
    }
    let mut last = std::io::Error::from(std::io::ErrorKind::AlreadyExists);
    for _ in 0..PARTIAL_ATTEMPTS {
        let mut name = path.as_os_str().to_owned();
        name.push(format!(".{:016x}.partial", unforeseeable()));
        let name = PathBuf::from(name);
        match std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&name)
        {
            Ok(file) => return Ok((name, file)),
            Err(err) if err.kind() == std::io::ErrorKind::AlreadyExists => last = err,
            Err(err) => return Err(err),
        }
    }
    Err(last)
}
