//! `arbitre fmt`: records in canonical form, printed, diffed or written
//! back in place.

use std::io::{self, Write};

use arbitre::escape::for_terminal;
use arbitre::pipeline;
use arbitre::{Checked, Limits, Record, RecordReport, Switches};

use crate::cli::FmtArgs;
use crate::input::{cannot_read, left_out_lines, switches};
use crate::output::{usage, Output, ILLEGAL, LEGAL, TROUBLE};
use crate::sink::{self, Seen};

/// `fmt`: each file's records in canonical form, printed, diffed
/// (`--check`) or written back (`--in-place`). The library formats; this
/// reads the paths and writes.
pub fn fmt(args: &FmtArgs, output: &mut Output<'_>) -> io::Result<u8> {
    let switches = match switches(&args.switch) {
        Ok(s) => s,
        Err(err) => return usage(output, &err),
    };
    if args.in_place && args.paths.iter().any(|p| p == "-") {
        return usage(
            output,
            "--in-place cannot rewrite standard input (`-`); `arbitre fmt -` prints it formatted",
        );
    }
    let walker = match args.walk.walker() {
        Ok(w) => w,
        Err(err) => return usage(output, &err.to_string()),
    };
    let walked = walker.walk(&args.paths);
    let mut status = LEGAL;
    for problem in &walked.problems {
        let level = if problem.is_error() {
            status = TROUBLE;
            "error"
        } else {
            "warning"
        };
        writeln!(
            output.err,
            "{level}: {}",
            for_terminal(&problem.to_string())
        )?;
    }
    for line in left_out_lines(&walked, args.walk.list_left_out) {
        writeln!(output.err, "{line}")?;
    }
    let limits = args.limits.limits();
    for path in &walked.files {
        if output.closed.get() {
            break;
        }
        let file = fmt_file(path, args, limits, &switches, output)?;
        status = status.max(file);
    }
    Ok(status)
}

/// Where `fmt` writes a file's formatted text.
enum Destination {
    Print,
    Diff(arbitre::format::UnifiedDiff),
    /// The temporary file beside the original, and the original.
    Rewrite(io::BufWriter<tempfile::NamedTempFile>, std::path::PathBuf),
}

/// Format one file; its status. A failure to read it, or to write it
/// back, is reported and leaves the file as it was; only a failure to
/// write the output ends the command.
fn fmt_file(
    path: &str,
    args: &FmtArgs,
    limits: Limits,
    switches: &Switches,
    output: &mut Output<'_>,
) -> io::Result<u8> {
    // Standard input as the editor that pipes it in names it.
    let name = match (path, &args.stdin_filename) {
        ("-", Some(name)) => name.as_str(),
        _ => path,
    };
    // Looked at before it is opened: opening a FIFO waits for a writer,
    // and reading it takes what it holds from whoever wrote it.
    let special = args
        .in_place
        .then(|| std::fs::metadata(path).ok())
        .flatten()
        .filter(|m| !m.is_file());
    if let Some(special) = special {
        writeln!(
            output.err,
            "error: cannot rewrite {}: not a regular file ({}); fmt --in-place leaves it alone",
            for_terminal(path),
            arbitre::walk::special_file(special.file_type())
        )?;
        return Ok(TROUBLE);
    }
    let opened = pipeline::open(path);
    let input = match opened {
        Ok(input) => input,
        Err(e) => {
            cannot_read(output.err, name, &e.to_string())?;
            return Ok(TROUBLE);
        }
    };
    let destination = if args.in_place {
        // The file written beside the original, renamed over it at the end.
        let made = beside(path, ".arbitre-fmt-");
        match made {
            Ok((target, file)) => Destination::Rewrite(io::BufWriter::new(file), target),
            Err(e) => {
                writeln!(
                    output.err,
                    "error: cannot rewrite {}: {}",
                    for_terminal(path),
                    for_terminal(&e.to_string())
                )?;
                return Ok(TROUBLE);
            }
        }
    } else if args.check {
        Destination::Diff(arbitre::format::UnifiedDiff::new(&for_terminal(name)))
    } else {
        Destination::Print
    };
    let mut destination = destination;
    let (mut status, mut changed) = (LEGAL, false);
    // A failure to write standard output, which ends the command.
    let mut failed_output: Option<io::Error> = None;
    let Output { out, err, .. } = output;
    let ran = arbitre::format::format_stream(input, limits, switches, |piece| {
        changed |= piece.changed();
        let written = match &mut destination {
            Destination::Print => out.write_all(piece.written),
            Destination::Diff(diff) => diff.piece(piece.original, piece.written, &mut **out),
            Destination::Rewrite(file, _) => file.write_all(piece.written),
        };
        let reported = match piece.record {
            Some((record, checked))
                if checked.malformed.is_some() || checked.violation.is_some() =>
            {
                status = status.max(if checked.malformed.is_some() {
                    TROUBLE
                } else {
                    ILLEGAL
                });
                let report = RecordReport::new(name, record, checked);
                let seen = Seen {
                    path: name,
                    record,
                    report: &report,
                    fails: true,
                };
                err.write_all(sink::short(&seen, false, false).as_bytes())
            }
            Some((record, checked)) => match piece.kept {
                Some(kept) => left_as_it_is(&mut **err, name, record, checked, kept),
                None => Ok(()),
            },
            None => Ok(()),
        };
        match (written, &destination) {
            (Err(e), Destination::Rewrite(..)) => Err(e),
            (Err(e), _) => {
                failed_output = Some(e);
                Err(io::Error::other("the output cannot be written"))
            }
            (Ok(()), _) => reported,
        }
    });
    if let Some(e) = failed_output {
        return Err(e);
    }
    if let Err(e) = ran {
        writeln!(
            err,
            "error: {}: {}",
            for_terminal(name),
            for_terminal(&e.to_string())
        )?;
        return Ok(TROUBLE);
    }
    let rewritten = match destination {
        Destination::Print => Ok(()),
        Destination::Diff(diff) => {
            if diff.finish(&mut **out)? {
                status = status.max(ILLEGAL);
            }
            Ok(())
        }
        Destination::Rewrite(file, target) if changed => file
            .into_inner()
            .map_err(io::IntoInnerError::into_error)
            .and_then(|temporary| rewrite(temporary, &target)),
        // Already canonical: the file is not touched.
        Destination::Rewrite(..) => Ok(()),
    };
    if let Err(e) = rewritten {
        writeln!(
            err,
            "error: cannot rewrite {}: {}",
            for_terminal(path),
            for_terminal(&e.to_string())
        )?;
        return Ok(TROUBLE);
    }
    Ok(status)
}

/// The warning for a legal record fmt leaves as it is, since its limits
/// would refuse its canonical form: where and why, located in the file
/// as a diagnostic is, one line. It changes no exit status: the record is
/// legal and written back whole.
fn left_as_it_is(
    err: &mut dyn Write,
    name: &str,
    record: &Record,
    checked: &Checked,
    kept: &arbitre::game::Malformed,
) -> io::Result<()> {
    let report = RecordReport::new(
        name,
        record,
        &Checked::malformed(checked.game, kept.clone()),
    );
    let place = report.diagnostic.as_ref().map_or_else(
        || for_terminal(name).into_owned(),
        |d| format!("{}:{}:{}", for_terminal(name), d.line, d.column),
    );
    let message = report
        .diagnostic
        .map_or(kept.message.clone(), |d| d.message);
    writeln!(
        err,
        "{place}: warning: left as it is: {}",
        for_terminal(&message)
    )
}

/// The file `path` names (links followed), and a temporary file beside
/// it, named from `prefix`: what is written, then renamed over it
/// ([`rewrite`]).
pub(crate) fn beside(
    path: &str,
    prefix: &str,
) -> io::Result<(std::path::PathBuf, tempfile::NamedTempFile)> {
    let target = std::fs::canonicalize(path)?;
    let dir = target
        .parent()
        .map_or_else(|| ".".into(), |d| d.to_path_buf());
    let file = tempfile::Builder::new().prefix(prefix).tempfile_in(dir)?;
    Ok((target, file))
}

/// Put the temporary file written in place of `target`: given the
/// original's owner and permissions, synced to disk, then renamed over
/// it, so that the file is whole, old or new, whenever the run stops. A
/// file that cannot be rewritten so is left as it is ([`may_rewrite`]).
pub(crate) fn rewrite(
    temporary: tempfile::NamedTempFile,
    target: &std::path::Path,
) -> io::Result<()> {
    let original = std::fs::metadata(target)?;
    may_rewrite(&original)?;
    let file = temporary.as_file();
    keep_owner(file, &original)?;
    // After the owner: a change of owner may clear the set-id bits.
    file.set_permissions(original.permissions())?;
    file.sync_all()?;
    temporary.persist(target).map_err(|e| e.error)?;
    Ok(())
}

/// Why `--in-place` leaves a file alone, if it does: a file whose mode
/// forbids its owner to write it (read on the mode bits, which root's
/// writes would pass), and one of several names (hard links), which a
/// rename would split, the other names keeping the old text.
fn may_rewrite(now: &std::fs::Metadata) -> io::Result<()> {
    let refuse = |why: String| Err(io::Error::other(why));
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        if now.mode() & 0o200 == 0 {
            return refuse(format!(
                "its mode ({:04o}) forbids its owner to write it, and fmt --in-place keeps a \
                 file's mode; it is left alone (chmod u+w to format it)",
                now.mode() & 0o7777
            ));
        }
        if now.nlink() > 1 {
            return refuse(format!(
                "it has {} names (hard links), and renaming the formatted file over this one \
                 would leave the others with the old text; it is left alone",
                now.nlink()
            ));
        }
    }
    #[cfg(not(unix))]
    if now.permissions().readonly() {
        return refuse("it is read-only; it is left alone".into());
    }
    Ok(())
}

/// Give the new file the original's owner and group, when they are not
/// its own already (a file of another user formatted by root, say). A
/// user who cannot give them (only root gives a file away) leaves the
/// file as it is rather than take it over.
fn keep_owner(file: &std::fs::File, original: &std::fs::Metadata) -> io::Result<()> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        let made = file.metadata()?;
        if (made.uid(), made.gid()) != (original.uid(), original.gid()) {
            std::os::unix::fs::fchown(file, Some(original.uid()), Some(original.gid())).map_err(
                |e| {
                    io::Error::other(format!(
                        "the formatted file cannot be given its owner (user {}, group {}): {e}; \
                         it is left alone",
                        original.uid(),
                        original.gid()
                    ))
                },
            )?;
        }
    }
    #[cfg(not(unix))]
    let _ = (file, original);
    Ok(())
}
