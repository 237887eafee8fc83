//! Finding the record files of the paths given on the command line: each
//! directory walked for `*.arb` files, in natural name order, with the
//! `ignore` crate (ripgrep's walker); and what the walk skips or cannot
//! read reported by path instead of ending the run.
//!
//! A referee must never take a clean run for the reading of every record:
//! every `*.arb` file under a directory given is read, whatever ignore
//! files say, unless it is hidden or the flags leave it out (`--glob`,
//! `--exclude`, or ignore files honoured with `--respect-ignore`); each
//! one left out is counted by reason ([`Walked::left_out`]), so that the
//! totals say what was not read. The walk descends into what it leaves out
//! only to count the `*.arb` files there. No ignore file outside the
//! directory given is ever read, nor the user's global one; with
//! `--respect-ignore` those inside it are read up to
//! [`MAX_IGNORE_BYTES`] along any one path, and one past that is an
//! error that names it.
//!
//! The walk ends on any tree: it follows no symbolic link unless asked to;
//! when it does, it reads a directory (and takes a file) at most once, known
//! by its device and inode, so that links to `.` or `..` end; and it reads
//! no directory more than [`MAX_WALK_DEPTH`] levels below the path given.
//!
//! A walk that follows no link lists directories on several threads
//! (ignore's parallel walker: 50 to 77 ms instead of 95 to 189 ms for
//! 20,000 files on two cores) and puts what it found in walk order
//! afterwards, so that the output is the same as one thread's. With
//! `--follow` it is sequential: which of two links names a directory is
//! decided as the entries come, and that must be in order.

use std::cmp::Ordering;
use std::collections::HashSet;
use std::fmt;
use std::fs::{self, FileType, Metadata};
use std::io;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use ignore::gitignore::{Gitignore, GitignoreBuilder};
use ignore::{DirEntry, Match, WalkBuilder};

use crate::report::{LeftOut, LeftOutReason};

/// How many directories deep below a path given a walk reads: a directory
/// deeper than this is reported ([`WalkProblemKind::TooDeep`]), not read.
pub const MAX_WALK_DEPTH: usize = 256;

/// The most bytes of ignore files honoured at once (`--respect-ignore`):
/// those of a directory and of every directory above it within the tree
/// given, together. Their patterns are compiled into matchers whose memory
/// grows with them (a 2.8 MB `.gitignore` took over a gigabyte), so they
/// are bounded; an ignore file that would pass the bound is an error
/// naming it, and the directory that holds it is not walked.
pub const MAX_IGNORE_BYTES: u64 = 64 * 1024;

/// The ignore files `--respect-ignore` reads in each directory, in the
/// order their patterns apply: a later file's pattern wins over an
/// earlier's, as a later line wins in one file.
const IGNORE_FILES: [&str; 3] = [".git/info/exclude", ".gitignore", ".ignore"];

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
    /// The `*.arb` entries the walks' options left out unread, in walk
    /// order: hidden ones, and those that ignore files (honoured) or
    /// patterns leave out. A file also read elsewhere (named on the command
    /// line, or under another directory given) is not among them.
    pub left_out: Vec<LeftOutEntry>,
}

impl Walked {
    /// The problems that are errors: paths that should have been checked
    /// and were not.
    pub fn errors(&self) -> usize {
        self.problems.iter().filter(|p| p.is_error()).count()
    }

    /// How many files were left out, by reason.
    pub fn left_out_counts(&self) -> LeftOut {
        let mut counts = LeftOut::default();
        for entry in &self.left_out {
            counts.count(entry.reason);
        }
        counts
    }
}

/// A `*.arb` entry a walk left out unread, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LeftOutEntry {
    /// The path, as the walk reached it.
    pub path: String,
    /// Why it was left out.
    pub reason: LeftOutReason,
}

/// Something a walk skipped or could not read, and where.
#[derive(Debug)]
pub struct WalkProblem {
    /// The path, as the walk reached it (the directory given, joined with
    /// the names below it).
    pub path: String,
    /// What went wrong there.
    pub kind: WalkProblemKind,
    /// The path's own bytes when they are not UTF-8 ([`WalkProblemKind::NotUtf8`],
    /// or a directory so named), which `path` can only show with U+FFFD in
    /// their place: what a URI of it is made of. `None` for a UTF-8 path.
    pub raw: Option<Vec<u8>>,
}

/// What went wrong at a [`WalkProblem`]'s path.
#[derive(Debug)]
#[non_exhaustive]
pub enum WalkProblemKind {
    /// A directory that cannot be listed, or an entry whose metadata
    /// cannot be read.
    Unreadable(io::Error),
    /// A symbolic link followed ([`WalkOptions::follow`]) to nothing that
    /// can be read: its target is missing, or the link is part of a loop
    /// of links.
    BrokenLink(io::Error),
    /// A `*.arb` entry that is no regular file (a FIFO, a socket, a
    /// device): reading it could wait for ever, so it is skipped. The words
    /// name what it is, such as "a FIFO".
    NotRegular(&'static str),
    /// A `*.arb` entry that is a symbolic link, in a walk that follows
    /// none: skipped, with a warning, since it may be a record.
    NotFollowed,
    /// A `*.arb` file whose name is not UTF-8, which paths are here.
    NotUtf8,
    /// A directory given that holds no `*.arb` file (and could be listed):
    /// checking nothing must not pass for checking everything. A file read
    /// elsewhere (named on the command line, or under another directory
    /// given) counts as held.
    NoRecords,
    /// A directory given whose `*.arb` files were all left out by the
    /// walk's options, so many by reason: nothing in it was checked.
    AllLeftOut(LeftOut),
    /// An ignore file that `--respect-ignore` will not honour, at the
    /// problem's path: the directory holding it is not walked.
    IgnoreFile(IgnoreFileRefusal),
    /// A directory more than this many levels below the path given.
    TooDeep(usize),
}

impl WalkProblem {
    /// A problem at `path`, named as far as UTF-8 can, its own bytes kept
    /// when it cannot.
    fn at(path: &Path, kind: WalkProblemKind) -> Self {
        WalkProblem {
            path: path.display().to_string(),
            kind,
            raw: path
                .to_str()
                .is_none()
                .then(|| path.as_os_str().as_encoded_bytes().to_vec()),
        }
    }

    /// Whether a path was left unchecked that should have been: every
    /// problem but a skipped special file or link, which is only a warning.
    pub fn is_error(&self) -> bool {
        !matches!(
            self.kind,
            WalkProblemKind::NotRegular(_) | WalkProblemKind::NotFollowed
        )
    }

    /// The problem as an I/O error whose message names the path.
    pub fn into_io_error(self) -> io::Error {
        let kind = match &self.kind {
            WalkProblemKind::Unreadable(e) | WalkProblemKind::BrokenLink(e) => e.kind(),
            WalkProblemKind::NotRegular(_)
            | WalkProblemKind::NotFollowed
            | WalkProblemKind::NotUtf8 => io::ErrorKind::InvalidInput,
            WalkProblemKind::NoRecords | WalkProblemKind::AllLeftOut(_) => io::ErrorKind::NotFound,
            WalkProblemKind::TooDeep(_) => io::ErrorKind::Other,
            WalkProblemKind::IgnoreFile(_) => io::ErrorKind::InvalidData,
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
            WalkProblemKind::NotFollowed => {
                write!(f, "a symbolic link, not followed without --follow")
            }
            WalkProblemKind::NotUtf8 => write!(f, "the name is not UTF-8"),
            WalkProblemKind::NoRecords => write!(f, "holds no *.arb file"),
            WalkProblemKind::AllLeftOut(counts) => {
                write!(f, "every *.arb file it holds is left out ({counts})")
            }
            WalkProblemKind::TooDeep(limit) => write!(f, "more than {limit} directories deep"),
            WalkProblemKind::IgnoreFile(refusal) => write!(f, "{refusal}"),
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
            WalkProblemKind::NotFollowed => {
                write!(
                    f,
                    "skipping {path}: a symbolic link, not followed without --follow"
                )
            }
            WalkProblemKind::NotUtf8 => write!(f, "cannot read {path}: the name is not UTF-8"),
            WalkProblemKind::NoRecords => write!(f, "{path} holds no *.arb file"),
            WalkProblemKind::AllLeftOut(counts) => write!(
                f,
                "{path}: every *.arb file it holds is left out ({counts}); nothing was checked"
            ),
            WalkProblemKind::TooDeep(limit) => {
                write!(f, "cannot read {path}: more than {limit} directories deep")
            }
            WalkProblemKind::IgnoreFile(refusal) => {
                write!(f, "{path} not walked: {refusal}")
            }
        }
    }
}

impl std::error::Error for WalkProblem {}

/// Why `--respect-ignore` refuses an ignore file.
#[derive(Debug)]
pub struct IgnoreFileRefusal {
    /// The ignore file, as the walk reached it.
    pub file: String,
    /// What is wrong with it.
    pub reason: IgnoreFileReason,
}

/// What is wrong with an ignore file [`IgnoreFileRefusal`] names.
#[derive(Debug)]
#[non_exhaustive]
pub enum IgnoreFileReason {
    /// With the ignore files above it in the tree it would pass
    /// [`MAX_IGNORE_BYTES`].
    TooLarge(u64),
    /// It is no regular file (a symbolic link, which could lead out of the
    /// tree, a FIFO, which could block the walk, a directory).
    NotRegular,
    /// It cannot be read.
    Unreadable(io::Error),
    /// Its patterns cannot be compiled.
    Invalid(String),
}

/// "the ignore file d/.gitignore is ...".
impl fmt::Display for IgnoreFileRefusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let file = &self.file;
        match &self.reason {
            IgnoreFileReason::TooLarge(limit) => write!(
                f,
                "the ignore file {file} passes the {limit} bytes honoured at once with the ignore files above it"
            ),
            IgnoreFileReason::NotRegular => {
                write!(f, "the ignore file {file} is not a regular file")
            }
            IgnoreFileReason::Unreadable(e) => write!(f, "cannot read the ignore file {file}: {e}"),
            IgnoreFileReason::Invalid(e) => write!(f, "the ignore file {file} is invalid: {e}"),
        }
    }
}

/// Which entries of a directory a walk takes besides being `*.arb`. The
/// default is what a referee can trust: every `*.arb` file below the
/// directory given is read but hidden ones (names starting with `.`, or
/// under such a directory), which are counted as left out; no ignore file
/// is read; no symbolic link is followed.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct WalkOptions {
    /// Take hidden files and directories too.
    pub hidden: bool,
    /// Leave out what the `.gitignore`, `.ignore` and `.git/info/exclude`
    /// files inside the directory given name (never those above it, nor
    /// the user's global one), each left out counted; the ignore files in
    /// force at once are bounded by [`MAX_IGNORE_BYTES`].
    pub respect_ignore: bool,
    /// Follow symbolic links to files and directories; each file is still
    /// taken once, named by the first path that reaches it.
    pub follow: bool,
    /// Take only the `*.arb` files whose path below the directory given,
    /// or one of whose directories, matches one of these patterns
    /// (gitignore syntax: `game-*.arb`, `2026/`, `/top.arb`). None: every
    /// file.
    pub globs: Vec<String>,
    /// Leave out the files and directories whose path below the directory
    /// given matches one of these patterns (gitignore syntax); it wins over
    /// `globs`.
    pub excludes: Vec<String>,
}

impl WalkOptions {
    /// The walker of these options, their patterns compiled: a pattern that
    /// is no glob is an error before anything is walked.
    pub fn walker(&self) -> Result<Walker, PatternError> {
        Ok(Walker {
            options: self.clone(),
            globs: patterns(&self.globs)?,
            excludes: patterns(&self.excludes)?,
            ..Walker::default()
        })
    }
}

/// A `globs` or `excludes` pattern of [`WalkOptions`] that is no glob.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PatternError {
    /// The pattern as given.
    pub pattern: String,
    /// Why it is no glob.
    pub reason: String,
}

/// "invalid pattern `[`: unclosed character class; missing ']'"
impl fmt::Display for PatternError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "invalid pattern `{}`: {}", self.pattern, self.reason)
    }
}

impl std::error::Error for PatternError {}

/// The patterns as one matcher of paths relative to the directory walked
/// (its root is empty), or none when there are none.
fn patterns(globs: &[String]) -> Result<Option<Arc<Gitignore>>, PatternError> {
    if globs.is_empty() {
        return Ok(None);
    }
    let refused = |pattern: &str, error: ignore::Error| PatternError {
        pattern: pattern.to_string(),
        reason: match error {
            ignore::Error::Glob { err, .. } => err,
            other => other.to_string(),
        },
    };
    let mut builder = GitignoreBuilder::new("");
    for glob in globs {
        builder.add_line(None, glob).map_err(|e| refused(glob, e))?;
    }
    match builder.build() {
        Ok(matcher) => Ok(Some(Arc::new(matcher))),
        Err(e) => Err(refused(&globs.join(" "), e)),
    }
}

/// Walks paths with some [`WalkOptions`], their patterns compiled.
#[derive(Debug, Clone)]
pub struct Walker {
    options: WalkOptions,
    globs: Option<Arc<Gitignore>>,
    excludes: Option<Arc<Gitignore>>,
    max_depth: usize,
    /// Whether a walk that follows no link lists directories on several
    /// threads (always, but in tests that compare it with one thread).
    parallel: bool,
}

/// The walker of the default options.
impl Default for Walker {
    fn default() -> Walker {
        Walker {
            options: WalkOptions::default(),
            globs: None,
            excludes: None,
            max_depth: MAX_WALK_DEPTH,
            parallel: true,
        }
    }
}

/// Walk the paths of `check` with the default [`WalkOptions`]: see
/// [`Walker::walk`].
pub fn walk(paths: &[String]) -> Walked {
    Walker::default().walk(paths)
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

impl Walker {
    /// The options walked with.
    pub fn options(&self) -> &WalkOptions {
        &self.options
    }

    /// Walk the paths of `check`: a directory (or a link to one) is walked
    /// for files named `*.arb` in any case that the options take, and its
    /// files come in natural order ([`natural_cmp`] on each name), so that
    /// runs are reproducible; any other path, and `-`, is kept as given,
    /// whatever its name. A directory holding no `*.arb` file taken is a
    /// problem, and so is every entry that cannot be read; none of them
    /// stops the walk or the other paths.
    ///
    /// Each file is read once, whatever the paths given overlap: a file
    /// reached twice (through a link followed, a hard link, or two
    /// directories given one inside the other) is listed once, where it is
    /// first reached, and a file also named on the command line is read
    /// where it is named. Directories met through links are read once, and
    /// a link to one of their parents ends quietly. Both are known by device
    /// and inode (on Unix). A file named twice on the command line is read
    /// twice, as asked.
    pub fn walk(&self, paths: &[String]) -> Walked {
        let named: HashSet<Identity> = paths
            .iter()
            .filter(|path| *path != "-")
            .filter_map(|path| fs::metadata(path).ok())
            .filter(Metadata::is_file)
            .filter_map(|meta| identity(&meta))
            .collect();
        // The files taken, over every directory given.
        let seen = Arc::new(Mutex::new(named));
        let parts: Vec<(&String, Option<Part>)> = paths
            .iter()
            .map(|path| {
                let walked = (path != "-" && Path::new(path).is_dir())
                    .then(|| self.walk_directory(path, &seen));
                (path, walked)
            })
            .collect();
        // Only now is it known which files left out in one directory are
        // read under another given after it.
        let seen = seen.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        let mut walked = Walked::default();
        for (path, part) in parts {
            let Some(part) = part else {
                walked.files.push(path.clone());
                continue;
            };
            walked.files.extend(part.walked.files);
            // A directory that cannot be listed is reported once, as such.
            let unlisted = part.walked.problems.iter().any(|p| p.path == *path);
            walked.problems.extend(part.walked.problems);
            let mut records = part.records;
            let mut counts = LeftOut::default();
            for (entry, id) in part.walked.left_out.into_iter().zip(part.ids) {
                if id.is_some_and(|id| seen.contains(&id)) {
                    records += 1;
                } else {
                    counts.count(entry.reason);
                    walked.left_out.push(entry);
                }
            }
            if records == 0 && !unlisted {
                walked.problems.push(WalkProblem {
                    path: path.clone(),
                    kind: if counts.is_empty() {
                        WalkProblemKind::NoRecords
                    } else {
                        WalkProblemKind::AllLeftOut(counts)
                    },
                    raw: None,
                });
            }
        }
        walked
    }

    /// Walk one directory given.
    fn walk_directory(&self, root: &str, seen: &Arc<Mutex<HashSet<Identity>>>) -> Part {
        let mut out = Part::default();
        let options = &self.options;
        // The directories read, apart from the files taken, so that a
        // directory given inside another is walked again (its files are
        // taken once) and a directory reached twice through links in one
        // walk is read once.
        let dirs: Arc<Mutex<HashSet<Identity>>> = Arc::default();
        if let Ok(meta) = fs::metadata(root) {
            first_time(&dirs, &meta);
        }
        let mut builder = WalkBuilder::new(root);
        builder
            // Every entry comes to the walk, hidden or ignored, so that
            // what is left out is counted; no ignore file is read by the
            // crate (those honoured are read here, bounded) and none
            // above the directory given.
            .standard_filters(false)
            .follow_links(options.follow)
            // Entries one level deeper are listed, not read, so that the
            // first directory past the bound is reported.
            .max_depth(Some(self.max_depth.saturating_add(1)));
        if options.follow {
            let filter_dirs = Arc::clone(&dirs);
            builder.filter_entry(move |entry| {
                if entry.depth() == 0 || !entry.file_type().is_some_and(|t| t.is_dir()) {
                    return true;
                }
                entry
                    .metadata()
                    .map_or(true, |meta| first_time(&filter_dirs, &meta))
            });
        }
        if self.parallel && !options.follow && !options.respect_ignore {
            self.walk_in_parallel(&builder, root, seen, &mut out);
            return out;
        }
        builder.sort_by_file_name(|a, b| natural_bytes(a.as_encoded_bytes(), b.as_encoded_bytes()));
        let mut ignores = IgnoreStack::default();
        for entry in builder.build() {
            let found = match entry {
                Ok(entry) => {
                    let ignored = if options.respect_ignore {
                        ignores.enter(&entry, |problem| out.walked.problems.push(problem))
                    } else {
                        Some(false)
                    };
                    match ignored {
                        Some(ignored) => self.found(&entry, root, ignored),
                        // Under a directory whose ignore file was refused.
                        None => None,
                    }
                }
                Err(error) => problem_of(error, root)
                    .filter(|problem| !self.in_left_out(&problem.path, root, ignores.ignored()))
                    .map(Found::Problem),
            };
            if let Some(found) = found {
                found.add_to(seen, &mut out);
            }
        }
        out
    }

    /// The walk on several threads, which list directories side by side:
    /// what they find is put in walk order afterwards (the order of
    /// [`walk_order`]), then taken as the sequential walk takes it, so that
    /// the output is the same. Only without links followed or ignore files
    /// honoured: then no directory is reached twice, and which path names
    /// a file reached twice (a hard link) is decided in walk order.
    fn walk_in_parallel(
        &self,
        builder: &WalkBuilder,
        root: &str,
        seen: &Mutex<HashSet<Identity>>,
        out: &mut Part,
    ) {
        let found = Mutex::new(Vec::new());
        builder.build_parallel().run(|| {
            let found = &found;
            Box::new(move |entry| {
                let entry = match entry {
                    Ok(entry) => self.found(&entry, root, false),
                    Err(error) => problem_of(error, root)
                        .filter(|problem| !self.in_left_out(&problem.path, root, false))
                        .map(Found::Problem),
                };
                if let (Some(entry), Ok(mut found)) = (entry, found.lock()) {
                    found.push(entry);
                }
                ignore::WalkState::Continue
            })
        });
        let mut found = found
            .into_inner()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        found.sort_by(|a, b| walk_order(a.path(), b.path()));
        for entry in found {
            entry.add_to(seen, out);
        }
    }

    /// Why the options leave out the entry at `below` (its path under the
    /// directory given), if they do; `ignored` says whether an ignore file
    /// honoured names it or a directory above it. Hidden first, then
    /// ignored, then excluded; `--glob` chooses among files only.
    fn left_out(&self, below: &Path, is_dir: bool, ignored: bool) -> Option<LeftOutReason> {
        let hidden = below
            .components()
            .any(|c| c.as_os_str().as_encoded_bytes().starts_with(b"."));
        if hidden && !self.options.hidden {
            return Some(LeftOutReason::Hidden);
        }
        if ignored {
            return Some(LeftOutReason::Ignored);
        }
        if let Some(excludes) = &self.excludes {
            if excludes
                .matched_path_or_any_parents(below, is_dir)
                .is_ignore()
            {
                return Some(LeftOutReason::Excluded);
            }
        }
        if let (Some(globs), false) = (&self.globs, is_dir) {
            if !globs.matched_path_or_any_parents(below, false).is_ignore() {
                return Some(LeftOutReason::Unmatched);
            }
        }
        None
    }

    /// Whether a problem's path lies in what the options leave out: it is
    /// not reported, for nothing there would be read.
    fn in_left_out(&self, path: &str, root: &str, ignored: bool) -> bool {
        match Path::new(path).strip_prefix(root) {
            Ok(below) if below.as_os_str().is_empty() => false,
            Ok(below) => self.left_out(below, true, ignored).is_some(),
            Err(_) => false,
        }
    }

    /// What the entry is to the walk: a record file to check, one left
    /// out, a problem, or nothing. `ignored`: whether an ignore file
    /// honoured names it.
    fn found(&self, entry: &DirEntry, root: &str, ignored: bool) -> Option<Found> {
        let path = entry.path();
        let problem = |kind| Some(Found::Problem(WalkProblem::at(path, kind)));
        let file_type = entry.file_type()?;
        // Asked only of directories past the bound and of record files.
        let left_out = |is_dir| match path.strip_prefix(root) {
            Ok(below) if entry.depth() > 0 => self.left_out(below, is_dir, ignored),
            _ => None,
        };
        if file_type.is_dir() {
            if entry.depth() > self.max_depth && left_out(true).is_none() {
                return problem(WalkProblemKind::TooDeep(self.max_depth));
            }
            return None;
        }
        if !is_record_name(path) {
            return None;
        }
        if let Some(reason) = left_out(false) {
            return Some(Found::LeftOut {
                entry: LeftOutEntry {
                    path: path.display().to_string(),
                    reason,
                },
                identity: entry.metadata().ok().and_then(|meta| identity(&meta)),
            });
        }
        if file_type.is_symlink() {
            return problem(WalkProblemKind::NotFollowed);
        }
        if !file_type.is_file() {
            return problem(WalkProblemKind::NotRegular(special_file(file_type)));
        }
        let Some(name) = path.to_str() else {
            return problem(WalkProblemKind::NotUtf8);
        };
        match entry.metadata() {
            Ok(meta) => Some(Found::File {
                name: name.to_string(),
                identity: identity(&meta),
            }),
            Err(e) => {
                let message = e.to_string();
                let error = e
                    .into_io_error()
                    .unwrap_or_else(|| io::Error::other(message));
                problem(WalkProblemKind::Unreadable(plain(error)))
            }
        }
    }
}

/// The ignore files honoured along the path of a sequential walk
/// (`--respect-ignore`), one frame per directory from the one given down
/// to the one whose entries come: only they are held, so that their
/// memory is bounded by [`MAX_IGNORE_BYTES`], not by the tree.
#[derive(Default)]
struct IgnoreStack {
    frames: Vec<IgnoreFrame>,
}

struct IgnoreFrame {
    /// The patterns of the directory's ignore files, if it has any.
    matcher: Option<Gitignore>,
    /// Whether the directory is left out by an ignore file (so is all it
    /// holds).
    ignored: bool,
    /// Whether an ignore file of the directory, or of one above it, was
    /// refused: nothing below is taken (the refusal is the error).
    refused: bool,
    /// Whether the directory was reached through a symbolic link
    /// (`--follow`), itself or one above it: it may lie outside the tree
    /// given, so its ignore files are not read.
    linked: bool,
    /// The bytes of the ignore files in force in the directory.
    bytes: u64,
}

impl IgnoreStack {
    /// The entry as the walk meets it, in depth-first order: whether an
    /// ignore file names it, or none when it lies under a directory whose
    /// ignore file was refused. A directory's own ignore files are read
    /// here, unless it is left out; a refusal is reported.
    fn enter(&mut self, entry: &DirEntry, report: impl FnOnce(WalkProblem)) -> Option<bool> {
        let depth = entry.depth();
        self.frames.truncate(depth);
        let parent = if depth == 0 {
            None
        } else {
            Some(self.frames.last()?)
        };
        if parent.is_some_and(|p| p.refused) {
            return None;
        }
        let is_dir = entry.file_type().is_some_and(|t| t.is_dir());
        let path = entry.path();
        let ignored = parent.is_some_and(|p| p.ignored) || self.names(path, is_dir);
        if !is_dir {
            return Some(ignored);
        }
        let bytes = parent.map_or(0, |p| p.bytes);
        let linked = parent.is_some_and(|p| p.linked) || entry.path_is_symlink();
        let mut frame = IgnoreFrame {
            matcher: None,
            ignored,
            refused: false,
            linked,
            bytes,
        };
        if !ignored && !linked {
            match read_ignore_files(path, bytes) {
                Ok((matcher, bytes)) => {
                    frame.matcher = matcher;
                    frame.bytes = bytes;
                }
                Err(refusal) => {
                    frame.refused = true;
                    report(WalkProblem::at(path, WalkProblemKind::IgnoreFile(refusal)));
                }
            }
        }
        let refused = frame.refused;
        self.frames.push(frame);
        if refused {
            return None;
        }
        Some(ignored)
    }

    /// Whether the ignore files in force name `path`: the deepest that
    /// matches it decides, and a `!pattern` takes it back.
    fn names(&self, path: &Path, is_dir: bool) -> bool {
        for frame in self.frames.iter().rev() {
            if let Some(matcher) = &frame.matcher {
                match matcher.matched(path, is_dir) {
                    Match::Ignore(_) => return true,
                    Match::Whitelist(_) => return false,
                    Match::None => {}
                }
            }
        }
        false
    }

    /// Whether the directory last entered is left out by an ignore file.
    fn ignored(&self) -> bool {
        self.frames.last().is_some_and(|f| f.ignored)
    }
}

/// The ignore files of `dir`, as one matcher (none if it has none), and
/// the bytes in force with those above it (`above`); refused when one is
/// no regular file, cannot be read, or passes [`MAX_IGNORE_BYTES`].
/// Nothing is followed: a link, even `.git` as a link, could lead out of
/// the tree given.
fn read_ignore_files(
    dir: &Path,
    above: u64,
) -> Result<(Option<Gitignore>, u64), IgnoreFileRefusal> {
    use io::Read;
    let mut builder = GitignoreBuilder::new(dir);
    let mut bytes = above;
    let mut any = false;
    for name in IGNORE_FILES {
        let file = dir.join(name);
        let refusal = |reason| IgnoreFileRefusal {
            file: file.display().to_string(),
            reason,
        };
        // `.git/info/exclude` only in a real `.git` directory.
        if name.starts_with(".git/") {
            let real_dir = |p: PathBuf| fs::symlink_metadata(p).is_ok_and(|m| m.is_dir());
            if !real_dir(dir.join(".git")) || !real_dir(dir.join(".git/info")) {
                continue;
            }
        }
        let meta = match fs::symlink_metadata(&file) {
            Ok(meta) => meta,
            Err(e) if e.kind() == io::ErrorKind::NotFound => continue,
            Err(e) => return Err(refusal(IgnoreFileReason::Unreadable(e))),
        };
        if !meta.is_file() {
            return Err(refusal(IgnoreFileReason::NotRegular));
        }
        let room = MAX_IGNORE_BYTES.saturating_sub(bytes);
        if meta.len() > room {
            return Err(refusal(IgnoreFileReason::TooLarge(MAX_IGNORE_BYTES)));
        }
        let mut text = Vec::new();
        // One byte more than there is room for tells a file that grew.
        fs::File::open(&file)
            .and_then(|f| f.take(room.saturating_add(1)).read_to_end(&mut text))
            .map_err(|e| refusal(IgnoreFileReason::Unreadable(e)))?;
        let read = u64::try_from(text.len()).unwrap_or(u64::MAX);
        if read > room {
            return Err(refusal(IgnoreFileReason::TooLarge(MAX_IGNORE_BYTES)));
        }
        bytes += read;
        let text = String::from_utf8_lossy(&text);
        let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
        for line in text.lines() {
            // As git does, a line that is no pattern is passed over.
            let _ = builder.add_line(Some(file.clone()), line);
        }
        any = true;
    }
    if !any {
        return Ok((None, bytes));
    }
    match builder.build() {
        Ok(matcher) => Ok((Some(matcher), bytes)),
        Err(e) => Err(IgnoreFileRefusal {
            file: dir.display().to_string(),
            reason: IgnoreFileReason::Invalid(e.to_string()),
        }),
    }
}

/// What a walk found at one entry.
enum Found {
    /// A record file to check, unless it was taken already.
    File {
        name: String,
        identity: Option<Identity>,
    },
    /// A record file the options leave out, unless it is read elsewhere.
    LeftOut {
        entry: LeftOutEntry,
        identity: Option<Identity>,
    },
    Problem(WalkProblem),
}

impl Found {
    fn path(&self) -> &Path {
        match self {
            Found::File { name, .. } => Path::new(name),
            Found::LeftOut { entry, .. } => Path::new(&entry.path),
            Found::Problem(problem) => Path::new(&problem.path),
        }
    }

    /// Add what was found to the walk, a file only the first time.
    fn add_to(self, seen: &Mutex<HashSet<Identity>>, out: &mut Part) {
        match self {
            Found::File { name, identity } => {
                let first = match (identity, seen.lock()) {
                    (Some(id), Ok(mut seen)) => seen.insert(id),
                    _ => true,
                };
                if first {
                    out.walked.files.push(name);
                }
                out.records += 1;
            }
            Found::LeftOut { entry, identity } => {
                out.walked.left_out.push(entry);
                out.ids.push(identity);
            }
            Found::Problem(problem) => out.walked.problems.push(problem),
        }
    }
}

/// What the walk of one directory given found: the files it takes, its
/// problems, the files it leaves out (with their identities, so that
/// those read under another path given are not counted), and how many
/// record files it reached that are read (here or elsewhere).
#[derive(Default)]
struct Part {
    walked: Walked,
    ids: Vec<Option<Identity>>,
    records: usize,
}

/// The order of a depth-first walk whose entries come in natural order:
/// component by component, a directory before what it holds.
fn walk_order(a: &Path, b: &Path) -> Ordering {
    let (mut a, mut b) = (a.components(), b.components());
    loop {
        match (a.next(), b.next()) {
            (None, None) => return Ordering::Equal,
            (None, Some(_)) => return Ordering::Less,
            (Some(_), None) => return Ordering::Greater,
            (Some(x), Some(y)) => {
                let order = natural_bytes(
                    x.as_os_str().as_encoded_bytes(),
                    y.as_os_str().as_encoded_bytes(),
                );
                if order != Ordering::Equal {
                    return order;
                }
            }
        }
    }
}

/// The problem an error of the walk is, or none for a loop of directory
/// links, which ends quietly (the directory was read already).
fn problem_of(error: ignore::Error, root: &str) -> Option<WalkProblem> {
    match error {
        ignore::Error::WithDepth { err, .. } => problem_of(*err, root),
        ignore::Error::Loop { .. } => None,
        ignore::Error::WithPath { path, err } => {
            let message = err.to_string();
            let error = plain(
                err.into_io_error()
                    .unwrap_or_else(|| io::Error::other(message)),
            );
            // A link whose target cannot be reached, not a directory
            // behind a link that cannot be listed.
            let broken = fs::symlink_metadata(&path).is_ok_and(|m| m.file_type().is_symlink())
                && fs::metadata(&path).is_err();
            Some(WalkProblem::at(
                &path,
                if broken {
                    WalkProblemKind::BrokenLink(error)
                } else {
                    WalkProblemKind::Unreadable(error)
                },
            ))
        }
        other => Some(WalkProblem {
            path: root.to_string(),
            raw: None,
            kind: WalkProblemKind::Unreadable(plain(
                other
                    .io_error()
                    .map(|e| io::Error::new(e.kind(), e.to_string()))
                    .unwrap_or_else(|| io::Error::other(other.to_string())),
            )),
        }),
    }
}

/// The operating system's error inside an error of the walk, which wraps
/// it with the path again ("IO error for operation on d: Permission
/// denied"): the path is said once, by the problem.
fn plain(error: io::Error) -> io::Error {
    let inner = error
        .get_ref()
        .and_then(|wrapper| wrapper.source())
        .and_then(|source| source.downcast_ref::<io::Error>());
    match inner {
        Some(inner) => match inner.raw_os_error() {
            Some(code) => io::Error::from_raw_os_error(code),
            None => io::Error::new(inner.kind(), inner.to_string()),
        },
        None => error,
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

/// Whether `meta` is met for the first time (always, where there are no
/// identities), remembering it.
fn first_time(seen: &Mutex<HashSet<Identity>>, meta: &Metadata) -> bool {
    match (identity(meta), seen.lock()) {
        (Some(id), Ok(mut seen)) => seen.insert(id),
        _ => true,
    }
}

/// What a special file is, for a warning: "a FIFO", "a socket", "a block
/// device", "a character device" (`fmt --in-place` names it too).
#[cfg(unix)]
pub fn special_file(file_type: FileType) -> &'static str {
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

/// What a special file is, for a warning.
#[cfg(not(unix))]
pub fn special_file(_: FileType) -> &'static str {
    "a special file"
}

fn is_record_name(path: &Path) -> bool {
    path.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| e.eq_ignore_ascii_case("arb"))
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
/// assert_eq!(arbitre::walk::natural_cmp("game-2.arb", "game-10.arb"), Ordering::Less);
/// assert_eq!(arbitre::walk::natural_cmp("b", "a10"), Ordering::Greater);
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
    fn the_parallel_walk_finds_what_the_sequential_walk_finds_in_its_order() {
        let root = std::env::temp_dir().join(format!("arbitre-walk-par-{}", std::process::id()));
        let _ = fs::remove_dir_all(&root);
        for i in [1, 2, 10, 20] {
            for j in [1, 9, 10] {
                let dir = root.join(format!("y-{i}/m-{j}"));
                fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{e}"));
                for k in [1, 2, 10] {
                    fs::write(dir.join(format!("game-{k}.arb")), "")
                        .unwrap_or_else(|e| panic!("{e}"));
                }
            }
        }
        fs::write(root.join("top-10.arb"), "").unwrap_or_else(|e| panic!("{e}"));
        fs::write(root.join("top-9.arb"), "").unwrap_or_else(|e| panic!("{e}"));
        fs::create_dir_all(root.join("empty")).unwrap_or_else(|e| panic!("{e}"));
        // Left out, in both walks alike and in walk order.
        fs::create_dir_all(root.join("y-2/.old")).unwrap_or_else(|e| panic!("{e}"));
        for hidden in ["y-2/.old/a.arb", "y-2/.b.arb", ".top.arb"] {
            fs::write(root.join(hidden), "").unwrap_or_else(|e| panic!("{e}"));
        }
        #[cfg(unix)]
        {
            // A hard link: the first path in walk order names the file.
            fs::hard_link(root.join("top-9.arb"), root.join("a-hard.arb"))
                .unwrap_or_else(|e| panic!("{e}"));
            std::os::unix::fs::symlink("top-9.arb", root.join("link.arb"))
                .unwrap_or_else(|e| panic!("{e}"));
        }
        let given = [root.display().to_string()];
        let parallel = Walker::default();
        let sequential = Walker {
            parallel: false,
            ..Walker::default()
        };
        let shown = |walked: Walked| {
            let problems: Vec<String> = walked.problems.iter().map(|p| p.to_string()).collect();
            let left_out: Vec<String> = walked.left_out.iter().map(|e| e.path.clone()).collect();
            (walked.files, problems, left_out)
        };
        let expected = shown(sequential.walk(&given));
        for _ in 0..5 {
            assert_eq!(shown(parallel.walk(&given)), expected);
        }
        let _ = fs::remove_dir_all(&root);
        let (files, problems, left_out) = expected;
        assert_eq!(files.len(), 4 * 3 * 3 + 2);
        let name = |rel: &str| format!("{}/{rel}", given[0]);
        assert_eq!(
            left_out,
            [name(".top.arb"), name("y-2/.b.arb"), name("y-2/.old/a.arb")]
        );
        // top-9.arb is a-hard.arb, named first; top-10 comes before y-1.
        if cfg!(unix) {
            assert_eq!(files[..2], [name("a-hard.arb"), name("top-10.arb")]);
        }
        assert_eq!(
            files[2..5],
            [
                name("y-1/m-1/game-1.arb"),
                name("y-1/m-1/game-2.arb"),
                name("y-1/m-1/game-10.arb")
            ]
        );
        assert_eq!(files[files.len() - 1], name("y-20/m-10/game-10.arb"));
        if cfg!(unix) {
            assert_eq!(
                problems,
                [format!(
                    "skipping {}: a symbolic link, not followed without --follow",
                    name("link.arb")
                )]
            );
        }
    }

    #[test]
    fn walk_order_is_natural_component_by_component_a_directory_first() {
        let order = |a: &str, b: &str| walk_order(Path::new(a), Path::new(b));
        assert_eq!(order("d/g-2.arb", "d/g-10.arb"), Ordering::Less);
        assert_eq!(order("d/r-9/a.arb", "d/r-10"), Ordering::Less);
        assert_eq!(order("d", "d/a.arb"), Ordering::Less);
        assert_eq!(order("d/a/z.arb", "d/b.arb"), Ordering::Less);
        assert_eq!(order("d/a-b.arb", "d/a/z.arb"), Ordering::Greater);
        assert_eq!(order("d/a.arb", "d/a.arb"), Ordering::Equal);
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
        let walker = Walker {
            max_depth: 1,
            ..Walker::default()
        };
        let walked = walker.walk(std::slice::from_ref(&given));
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
