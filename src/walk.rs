//! Finding the record files of the paths given on the command line: each
//! directory walked for `*.arb` files, every directory and file once, in
//! natural name order, and what the walk skips or cannot read reported by
//! path instead of ending the run.
//!
//! The walk ends on any tree: it keeps an explicit stack, not recursion;
//! it reads a directory (and takes a file) at most once, known by its device
//! and inode, so that links to `.` or `..` end; and it reads no directory
//! more than [`MAX_WALK_DEPTH`] levels below the path given.

use std::cmp::Ordering;
use std::collections::HashSet;
use std::fmt;
use std::fs::{self, FileType, Metadata};
use std::io;
use std::path::{Path, PathBuf};

/// How many directories deep below a path given a walk reads: a directory
/// deeper than this is reported ([`WalkProblemKind::TooDeep`]), not read.
pub const MAX_WALK_DEPTH: usize = 256;

/// The record files of some paths, and what the walk met on the way.
#[derive(Debug, Default)]
pub struct Walked {
    /// What to read, in order: each path given that is not a directory,
    /// as given (a file, `-` for standard input, a FIFO, or a path that
    /// does not exist and is reported when it is opened), and in the place
    /// of each directory its `*.arb` files.
    pub files: Vec<String>,
    /// What the walks skipped or could not read, in walk order.
    pub problems: Vec<WalkProblem>,
}

impl Walked {
    /// The problems that are errors: paths that should have been checked
    /// and were not.
    pub fn errors(&self) -> usize {
        self.problems.iter().filter(|p| p.is_error()).count()
    }
}

/// Something a walk skipped or could not read, and where.
#[derive(Debug)]
pub struct WalkProblem {
    /// The path, as the walk reached it (the directory given, joined with
    /// the names below it).
    pub path: String,
    /// What went wrong there.
    pub kind: WalkProblemKind,
}

/// What went wrong at a [`WalkProblem`]'s path.
#[derive(Debug)]
#[non_exhaustive]
pub enum WalkProblemKind {
    /// A directory that cannot be listed, or an entry whose metadata
    /// cannot be read.
    Unreadable(io::Error),
    /// A symbolic link to nothing that can be read: its target is missing,
    /// or the link is part of a loop of links.
    BrokenLink(io::Error),
    /// A `*.arb` entry that is no regular file (a FIFO, a socket, a
    /// device): reading it could wait for ever, so it is skipped. The words
    /// name what it is, such as "a FIFO".
    NotRegular(&'static str),
    /// A `*.arb` file whose name is not UTF-8, which paths are here.
    NotUtf8,
    /// A directory given that holds no `*.arb` file (and could be listed):
    /// checking nothing must not pass for checking everything.
    NoRecords,
    /// A directory more than this many levels below the path given.
    TooDeep(usize),
}

impl WalkProblem {
    /// Whether a path was left unchecked that should have been: every
    /// problem but a skipped special file, which is only a warning.
    pub fn is_error(&self) -> bool {
        !matches!(self.kind, WalkProblemKind::NotRegular(_))
    }

    /// The problem as an I/O error whose message names the path.
    pub fn into_io_error(self) -> io::Error {
        let kind = match &self.kind {
            WalkProblemKind::Unreadable(e) | WalkProblemKind::BrokenLink(e) => e.kind(),
            WalkProblemKind::NotRegular(_) | WalkProblemKind::NotUtf8 => {
                io::ErrorKind::InvalidInput
            }
            WalkProblemKind::NoRecords => io::ErrorKind::NotFound,
            WalkProblemKind::TooDeep(_) => io::ErrorKind::Other,
        };
        io::Error::new(kind, self.to_string())
    }
}

/// What went wrong, without the path: "holds no *.arb file".
impl fmt::Display for WalkProblemKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WalkProblemKind::Unreadable(e) => write!(f, "{e}"),
            WalkProblemKind::BrokenLink(e) => write!(f, "a broken symbolic link ({e})"),
            WalkProblemKind::NotRegular(what) => write!(f, "not a regular file ({what})"),
            WalkProblemKind::NotUtf8 => write!(f, "the name is not UTF-8"),
            WalkProblemKind::NoRecords => write!(f, "holds no *.arb file"),
            WalkProblemKind::TooDeep(limit) => write!(f, "more than {limit} directories deep"),
        }
    }
}

impl std::error::Error for WalkProblemKind {}

/// The message, without a `warning:` or `error:` in front.
impl fmt::Display for WalkProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let path = &self.path;
        match &self.kind {
            WalkProblemKind::Unreadable(e) => write!(f, "cannot read {path}: {e}"),
            WalkProblemKind::BrokenLink(e) => {
                write!(f, "cannot read {path}: a broken symbolic link ({e})")
            }
            WalkProblemKind::NotRegular(what) => {
                write!(f, "skipping {path}: not a regular file ({what})")
            }
            WalkProblemKind::NotUtf8 => write!(f, "cannot read {path}: the name is not UTF-8"),
            WalkProblemKind::NoRecords => write!(f, "{path} holds no *.arb file"),
            WalkProblemKind::TooDeep(limit) => {
                write!(f, "cannot read {path}: more than {limit} directories deep")
            }
        }
    }
}

impl std::error::Error for WalkProblem {}

/// Walk the paths of `check`: a directory (or a link to one) is walked for
/// files named `*.arb` in any case, and its files come in natural order
/// ([`natural_cmp`] on each name), so that runs are reproducible; any other
/// path, and `-`, is kept as given. A directory holding no `*.arb` file is
/// a problem, and so is every entry that cannot be read; none of them stops
/// the walk or the other paths.
///
/// Within one directory given, a directory met through links is read once
/// and a file reached twice (through a link, or a hard link) is listed
/// once, both known by device and inode; symbolic links to directories are
/// followed only where that is available (Unix), and skipped elsewhere.
/// Each path given is walked on its own: naming a directory twice checks it
/// twice, as naming a file twice does.
pub fn walk(paths: &[String]) -> Walked {
    walk_to(paths, MAX_WALK_DEPTH)
}

fn walk_to(paths: &[String], max_depth: usize) -> Walked {
    let mut walked = Walked::default();
    for path in paths {
        if path != "-" && Path::new(path).is_dir() {
            let (files, problems) = (walked.files.len(), walked.problems.len());
            Walker {
                seen: HashSet::new(),
                max_depth,
                out: &mut walked,
            }
            .walk(path);
            // A directory that cannot be listed is reported once, as such.
            let unlisted = walked.problems[problems..].iter().any(|p| p.path == *path);
            if walked.files.len() == files && !unlisted {
                walked.problems.push(WalkProblem {
                    path: path.clone(),
                    kind: WalkProblemKind::NoRecords,
                });
            }
        } else {
            walked.files.push(path.clone());
        }
    }
    walked
}

/// Expand the paths of `check` as [`walk`] does, strictly: the first
/// error of the walk (a warning is dropped) is the error, its message naming
/// the path.
pub fn expand(paths: &[String]) -> io::Result<Vec<String>> {
    let walked = walk(paths);
    match walked.problems.into_iter().find(WalkProblem::is_error) {
        Some(problem) => Err(problem.into_io_error()),
        None => Ok(walked.files),
    }
}

/// A directory or file, known whatever path reaches it.
#[cfg(unix)]
type Identity = (u64, u64);
#[cfg(not(unix))]
type Identity = ();

#[cfg(unix)]
fn identity(meta: &Metadata) -> Option<Identity> {
    use std::os::unix::fs::MetadataExt;
    Some((meta.dev(), meta.ino()))
}

#[cfg(not(unix))]
fn identity(_: &Metadata) -> Option<Identity> {
    None
}

/// Whether a symbolic link to a directory is followed: only where
/// directories have an identity, which is what ends loops of links.
const FOLLOWS_LINKED_DIRECTORIES: bool = cfg!(unix);

/// What a special file is, for a warning.
#[cfg(unix)]
fn special(file_type: FileType) -> &'static str {
    use std::os::unix::fs::FileTypeExt;
    if file_type.is_fifo() {
        "a FIFO"
    } else if file_type.is_socket() {
        "a socket"
    } else if file_type.is_block_device() {
        "a block device"
    } else if file_type.is_char_device() {
        "a character device"
    } else {
        "a special file"
    }
}

#[cfg(not(unix))]
fn special(_: FileType) -> &'static str {
    "a special file"
}

fn is_record_name(path: &Path) -> bool {
    path.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| e.eq_ignore_ascii_case("arb"))
}

/// One directory given, walked depth first.
struct Walker<'a> {
    /// The directories read and the files taken.
    seen: HashSet<Identity>,
    max_depth: usize,
    out: &'a mut Walked,
}

impl Walker<'_> {
    fn problem(&mut self, path: &Path, kind: WalkProblemKind) {
        self.out.problems.push(WalkProblem {
            path: path.display().to_string(),
            kind,
        });
    }

    /// Whether `meta` is met for the first time (always, where there are
    /// no identities).
    fn first_time(&mut self, meta: &Metadata) -> bool {
        identity(meta).is_none_or(|id| self.seen.insert(id))
    }

    fn was_seen(&self, meta: &Metadata) -> bool {
        identity(meta).is_some_and(|id| self.seen.contains(&id))
    }

    fn walk(&mut self, root: &str) {
        // The entries still to visit, the next one last: each directory's
        // entries are pushed in reverse natural order, so that they come out
        // in order, depth first. Every directory is read once, so the stack
        // ends.
        let mut stack: Vec<(PathBuf, usize)> = vec![(PathBuf::from(root), 0)];
        while let Some((path, depth)) = stack.pop() {
            self.visit(path, depth, &mut stack);
        }
    }

    fn visit(&mut self, path: PathBuf, depth: usize, stack: &mut Vec<(PathBuf, usize)>) {
        let meta = match fs::symlink_metadata(&path) {
            Ok(meta) => meta,
            Err(e) => return self.problem(&path, WalkProblemKind::Unreadable(e)),
        };
        let linked = meta.file_type().is_symlink();
        let meta = if linked {
            match fs::metadata(&path) {
                Ok(meta) => meta,
                Err(e) => return self.problem(&path, WalkProblemKind::BrokenLink(e)),
            }
        } else {
            meta
        };
        if meta.is_dir() {
            // The directory given is followed wherever it points.
            if linked && depth > 0 && !FOLLOWS_LINKED_DIRECTORIES {
                return;
            }
            if self.was_seen(&meta) {
                return;
            }
            if depth > self.max_depth {
                return self.problem(&path, WalkProblemKind::TooDeep(self.max_depth));
            }
            self.first_time(&meta);
            self.read(&path, depth, stack);
        } else if is_record_name(&path) {
            if !meta.is_file() {
                self.problem(
                    &path,
                    WalkProblemKind::NotRegular(special(meta.file_type())),
                );
            } else if self.first_time(&meta) {
                match path.to_str() {
                    Some(name) => self.out.files.push(name.to_string()),
                    None => self.problem(&path, WalkProblemKind::NotUtf8),
                }
            }
        }
    }

    /// Push the entries of the directory `path` onto `stack`.
    fn read(&mut self, path: &Path, depth: usize, stack: &mut Vec<(PathBuf, usize)>) {
        let entries = match fs::read_dir(path) {
            Ok(entries) => entries,
            Err(e) => return self.problem(path, WalkProblemKind::Unreadable(e)),
        };
        let mut names = Vec::new();
        for entry in entries {
            match entry {
                Ok(entry) => names.push(entry.file_name()),
                Err(e) => {
                    // The listing broke off: what it gave is still walked,
                    // and the loop does not wait for an error to pass.
                    self.problem(path, WalkProblemKind::Unreadable(e));
                    break;
                }
            }
        }
        names.sort_by(|a, b| natural_bytes(a.as_encoded_bytes(), b.as_encoded_bytes()));
        stack.extend(
            names
                .into_iter()
                .rev()
                .map(|name| (path.join(name), depth + 1)),
        );
    }
}

/// The natural order of names: runs of ASCII digits compare as the numbers
/// they write (`game-2` before `game-10`), everything else byte by byte;
/// names equal that way (`g-01`, `g-1`) fall back to their bytes, so that the
/// order is total.
///
/// A digit run is never turned into a number: its leading zeros are dropped
/// and the rest compared by length, then digit by digit. A run of any length
/// (ten thousand digits, say) compares correctly, in time linear in the
/// names, with nothing to overflow.
///
/// ```
/// use std::cmp::Ordering;
/// assert_eq!(arbitre::natural_cmp("game-2.arb", "game-10.arb"), Ordering::Less);
/// assert_eq!(arbitre::natural_cmp("b", "a10"), Ordering::Greater);
/// ```
pub fn natural_cmp(a: &str, b: &str) -> Ordering {
    natural_bytes(a.as_bytes(), b.as_bytes())
}

fn natural_bytes(a: &[u8], b: &[u8]) -> Ordering {
    let (mut i, mut j) = (0, 0);
    while i < a.len() && j < b.len() {
        let order = if a[i].is_ascii_digit() && b[j].is_ascii_digit() {
            let (run_a, run_b) = (digit_run(&a[i..]), digit_run(&b[j..]));
            i += run_a.len();
            j += run_b.len();
            let (value_a, value_b) = (significant(run_a), significant(run_b));
            value_a
                .len()
                .cmp(&value_b.len())
                .then_with(|| value_a.cmp(value_b))
        } else {
            i += 1;
            j += 1;
            a[i - 1].cmp(&b[j - 1])
        };
        if order != Ordering::Equal {
            return order;
        }
    }
    // One name is used up: it comes first; then the bytes decide.
    (a.len() - i).cmp(&(b.len() - j)).then_with(|| a.cmp(b))
}

/// The digits at the start of `bytes`.
fn digit_run(bytes: &[u8]) -> &[u8] {
    let end = bytes
        .iter()
        .position(|b| !b.is_ascii_digit())
        .unwrap_or(bytes.len());
    &bytes[..end]
}

/// A digit run without its leading zeros.
fn significant(run: &[u8]) -> &[u8] {
    let start = run.iter().position(|&b| b != b'0').unwrap_or(run.len());
    &run[start..]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sorted(names: &[&str]) -> Vec<String> {
        let mut names: Vec<String> = names.iter().map(|s| s.to_string()).collect();
        names.sort_by(|a, b| natural_cmp(a, b));
        names
    }

    #[test]
    fn digit_runs_compare_as_numbers() {
        assert_eq!(natural_cmp("game-2.arb", "game-10.arb"), Ordering::Less);
        assert_eq!(natural_cmp("game-10.arb", "game-2.arb"), Ordering::Greater);
        assert_eq!(natural_cmp("g-2", "g-2"), Ordering::Equal);
        assert_eq!(
            sorted(&["g-10.arb", "g-2.arb", "g-1.arb", "g-100.arb", "g-20.arb"]),
            ["g-1.arb", "g-2.arb", "g-10.arb", "g-20.arb", "g-100.arb"]
        );
        assert_eq!(
            sorted(&["r2c10", "r10c1", "r2c9", "r2"]),
            ["r2", "r2c9", "r2c10", "r10c1"]
        );
    }

    #[test]
    fn text_compares_byte_by_byte_and_a_prefix_comes_first() {
        assert_eq!(natural_cmp("a", "b"), Ordering::Less);
        assert_eq!(natural_cmp("B", "a"), Ordering::Less);
        assert_eq!(natural_cmp("game", "game-1"), Ordering::Less);
        assert_eq!(natural_cmp("", "a"), Ordering::Less);
        assert_eq!(natural_cmp("", ""), Ordering::Equal);
        // Digits sit between the bytes below '0' and those above '9'.
        assert_eq!(natural_cmp("a-", "a1"), Ordering::Less);
        assert_eq!(natural_cmp("a1", "a_"), Ordering::Less);
    }

    #[test]
    fn leading_zeros_do_not_count_but_still_break_ties() {
        assert_eq!(natural_cmp("g-007", "g-10"), Ordering::Less);
        assert_eq!(natural_cmp("g-010", "g-9"), Ordering::Greater);
        // Equal numbers: the bytes decide, so the order stays total.
        assert_eq!(natural_cmp("g-01", "g-1"), Ordering::Less);
        assert_eq!(natural_cmp("g-1", "g-01"), Ordering::Greater);
        assert_eq!(natural_cmp("g-0", "g-00"), Ordering::Less);
    }

    #[test]
    fn runs_of_any_length_compare_without_overflow() {
        let huge = "9".repeat(10_000);
        let bigger = format!("1{}", "0".repeat(10_000));
        assert_eq!(natural_cmp(&huge, &bigger), Ordering::Less);
        assert_eq!(natural_cmp(&format!("g-{huge}"), "g-2"), Ordering::Greater);
        let zeros = format!("{}5", "0".repeat(10_000));
        assert_eq!(natural_cmp(&zeros, "6"), Ordering::Less);
        assert_eq!(natural_cmp(&zeros, "4"), Ordering::Greater);
        assert_eq!(
            natural_cmp(&u64::MAX.to_string(), &format!("{}0", u64::MAX)),
            Ordering::Less
        );
    }

    #[test]
    fn the_order_is_total_over_awkward_names() {
        let names = [
            "", "0", "00", "000", "1", "01", "001", "10", "010", "9", "a", "a0", "a00", "a1",
            "a01", "a-", "a_", "a10", "a9", "a9b", "a9-", "b", "B", "1a", "01a", "-", "_",
        ];
        for a in names {
            assert_eq!(natural_cmp(a, a), Ordering::Equal);
            for b in names {
                let ab = natural_cmp(a, b);
                assert_eq!(ab, natural_cmp(b, a).reverse(), "{a:?} {b:?}");
                assert_eq!(ab == Ordering::Equal, a == b, "{a:?} {b:?}");
                for c in names {
                    if ab != Ordering::Greater && natural_cmp(b, c) != Ordering::Greater {
                        assert_ne!(natural_cmp(a, c), Ordering::Greater, "{a:?} {b:?} {c:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn a_smaller_depth_bound_is_reported_at_the_first_directory_past_it() {
        let root = std::env::temp_dir().join(format!("arbitre-walk-unit-{}", std::process::id()));
        let _ = fs::remove_dir_all(&root);
        let deep = root.join("a/b/c");
        fs::create_dir_all(&deep).unwrap_or_else(|e| panic!("{e}"));
        for file in ["top.arb", "a/one.arb", "a/b/two.arb", "a/b/c/three.arb"] {
            fs::write(root.join(file), "").unwrap_or_else(|e| panic!("{e}"));
        }
        let given = root.display().to_string();
        let walked = walk_to(std::slice::from_ref(&given), 1);
        let _ = fs::remove_dir_all(&root);
        let shown: Vec<String> = walked.problems.iter().map(|p| p.to_string()).collect();
        assert_eq!(
            walked.files,
            [format!("{given}/a/one.arb"), format!("{given}/top.arb")]
        );
        assert_eq!(
            shown,
            [format!(
                "cannot read {given}/a/b: more than 1 directories deep"
            )]
        );
    }
}
