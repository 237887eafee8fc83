//! The package's functions over the library: `check`, `check_file`,
//! `score`, `moves`, `show`, `explain`, `fmt`, `standings` and
//! `house_rules`. Each reads its input, asks the library with the
//! interpreter released, and hands back the library's own values.

use std::fs::File;
use std::path::PathBuf;

use arbitre::at::At;
use arbitre::replay::{Stop, StopError};
use arbitre::report::{check_reader, PositionReport};
use arbitre::rules::Rule;
use arbitre::standings::{Entry, Points, Standings};
use arbitre::{Reader, RecordReport, Switches};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyMapping, PyString};

use crate::errors::{self, arbitre_error};
use crate::record::{Record, Score};
use crate::values::to_python;

/// The path a text given directly is reported under, as standard input
/// is by the command.
pub const TEXT: &str = "-";

/// `rules=`: the house rules, as `--rule` gives them: a mapping of names to
/// booleans, or names (`"forgive-missed-captures"`, `"name=false"`).
pub fn switches(rules: Option<&Bound<'_, PyAny>>) -> PyResult<Switches> {
    let mut out = Switches::new();
    let Some(rules) = rules else {
        return Ok(out);
    };
    let py = rules.py();
    let mut set = |name: &str, on: bool| {
        out.set_named(name.trim(), on)
            .map(|_| ())
            .map_err(|unknown| arbitre_error(py, &unknown.to_string(), None))
    };
    // Any mapping, as the stubs say (not only a dict: iterated as names,
    // its keys would all be turned on), its values booleans: "false" or a
    // number would be truthy and turn a rule on.
    if let Ok(map) = rules.cast::<PyMapping>() {
        for item in map.items()?.try_iter()? {
            let (name, on): (String, Bound<'_, PyAny>) = item?.extract()?;
            let Ok(on) = on.cast::<PyBool>() else {
                return Err(PyTypeError::new_err(format!(
                    "rules= maps each house rule to True or False, not to {}",
                    arbitre::escape::cut(&on.repr()?.to_cow()?)
                )));
            };
            set(&name, on.is_true())?;
        }
    } else if rules.is_instance_of::<PyString>() {
        return Err(arbitre_error(
            py,
            "rules= takes a list of house rules or a dict of them, not one string",
            None,
        ));
    } else {
        for rule in rules.try_iter()? {
            let rule: String = rule?.extract()?;
            let (name, on) = match rule.split_once('=') {
                Some((name, value)) => match value.trim().to_ascii_lowercase().as_str() {
                    "true" | "yes" | "on" => (name.to_string(), true),
                    "false" | "no" | "off" => (name.to_string(), false),
                    _ => {
                        return Err(arbitre_error(
                            py,
                            &format!("house rule `{rule}`: the value must be true or false"),
                            None,
                        ))
                    }
                },
                None => (rule, true),
            };
            set(&name, on)?;
        }
    }
    Ok(out)
}

/// Every record of `text`, checked in order, as `arbitre check` checks a
/// file holding it.
#[pyfunction]
#[pyo3(signature = (text, *, path = None, rules = None))]
pub fn check(
    py: Python<'_>,
    text: String,
    path: Option<PathBuf>,
    rules: Option<&Bound<'_, PyAny>>,
) -> PyResult<Vec<Record>> {
    let switches = switches(rules)?;
    let path = path.map_or_else(|| TEXT.to_string(), |p| p.to_string_lossy().into_owned());
    let reports = py.detach(|| reports(&path, text.as_bytes(), &switches));
    Ok(reports?
        .into_iter()
        .map(|report| Record { report })
        .collect())
}

/// Every record of the file at `path`, checked in order; read a record at
/// a time (`read` gives them one at a time as well).
#[pyfunction]
#[pyo3(signature = (path, *, rules = None))]
pub fn check_file(
    py: Python<'_>,
    path: PathBuf,
    rules: Option<&Bound<'_, PyAny>>,
) -> PyResult<Vec<Record>> {
    let switches = switches(rules)?;
    let name = path.to_string_lossy().into_owned();
    let reports = py.detach(|| {
        let file = File::open(&path)?;
        reports(&name, file, &switches)
    });
    Ok(reports
        .map_err(|e| errors::io_at(&path, e))?
        .into_iter()
        .map(|report| Record { report })
        .collect())
}

/// The reports of a stream, as `check` makes them.
fn reports(
    path: &str,
    input: impl std::io::Read,
    switches: &Switches,
) -> std::io::Result<Vec<RecordReport>> {
    check_reader(path, input, switches)
        .map(|report| report.map(|r| r.with_switches(switches)))
        .collect()
}

/// The record numbered `index` (from 0) of `text`.
/// The records before it are read with the interpreter released.
fn one_record(py: Python<'_>, text: &str, index: usize) -> PyResult<arbitre::Record> {
    match py.detach(|| Reader::new(text.as_bytes()).nth(index)) {
        Some(record) => record.map_err(errors::io),
        None => Err(arbitre_error(
            py,
            &format!("the text holds no record {index} (records count from 0)"),
            None,
        )),
    }
}

/// A record's result and score table, as `arbitre score` gives them.
#[pyfunction]
#[pyo3(signature = (text, *, record = 0, path = None, rules = None))]
pub fn score(
    py: Python<'_>,
    text: String,
    record: usize,
    path: Option<PathBuf>,
    rules: Option<&Bound<'_, PyAny>>,
) -> PyResult<Score> {
    let switches = switches(rules)?;
    let path = path.map_or_else(|| TEXT.to_string(), |p| p.to_string_lossy().into_owned());
    let record = one_record(py, &text, record)?;
    let (report, table) = py.detach(|| {
        let checked = arbitre::check(&record, &switches);
        let report = RecordReport::new(&path, &record, &checked).with_switches(&switches);
        // The table of a legal record only, as `arbitre score` prints it
        // (and `Score.header` says): the diagnostic stands for the rest.
        let table = (report.verdict == arbitre::Verdict::Legal)
            .then(|| arbitre::dispatch::score_table(&record, &switches))
            .flatten();
        (report, table)
    });
    Ok(Score {
        record: Py::new(py, Record { report })?,
        table,
    })
}

/// `turn=`: a number of turns played (`0` is the start) or a turn's label
/// (`"3. red"`); `None` for the end of the record.
fn at(py: Python<'_>, turn: Option<&Bound<'_, PyAny>>) -> PyResult<At> {
    let Some(turn) = turn else {
        return Ok(At::default());
    };
    if let Ok(n) = turn.extract::<usize>() {
        return Ok(At::from(n));
    }
    let label: String = turn.extract().map_err(|_| {
        arbitre_error(
            py,
            "turn= is a number of turns (0 for the start) or a turn's label",
            None,
        )
    })?;
    label
        .parse()
        .map_err(|e: <At as std::str::FromStr>::Err| arbitre_error(py, &e.to_string(), None))
}

/// The position of the record numbered `record` of `text` at `turn`, or
/// why there is none, as `show` and `moves` say it.
fn stop(
    py: Python<'_>,
    text: &str,
    record: usize,
    turn: Option<&Bound<'_, PyAny>>,
    path: &str,
    switches: &Switches,
) -> PyResult<(arbitre::Record, Stop)> {
    let at = at(py, turn)?;
    let record = one_record(py, text, record)?;
    let stopped = py.detach(|| arbitre::dispatch::stop(&record, switches, at));
    match stopped {
        Ok(stop) => Ok((record, stop)),
        Err(StopError::Record(checked)) | Err(StopError::PastIllegal { checked, .. }) => {
            let report = RecordReport::new(path, &record, &checked);
            Err(match &report.diagnostic {
                Some(d) => arbitre_error(
                    py,
                    &format!("the record has no position there: {}", d.message),
                    Some(&d.rule),
                ),
                None => arbitre_error(py, "the record has no position there", None),
            })
        }
        Err(StopError::TooFew { asked, turns }) => Err(arbitre_error(
            py,
            &format!("the record has {turns} turns, so turn= goes from 0 to {turns}, not {asked}"),
            None,
        )),
        Err(StopError::BadLabel { message, .. }) => Err(arbitre_error(py, &message, None)),
        Err(StopError::NoSuchTurn {
            asked, first, last, ..
        }) => Err(arbitre_error(
            py,
            &format!(
                "the record has no turn `{asked}`: its labels run from {first} (the start) to \
                 {last} (after its last turn)"
            ),
            None,
        )),
    }
}

/// The legal turns at a position of a record, as `arbitre moves --format
/// json` gives them: a dict with the position and its `legal` turns.
#[pyfunction]
#[pyo3(signature = (text, *, turn = None, record = 0, expand = false, path = None, rules = None))]
#[allow(clippy::too_many_arguments)]
pub fn moves<'py>(
    py: Python<'py>,
    text: String,
    turn: Option<&Bound<'py, PyAny>>,
    record: usize,
    expand: bool,
    path: Option<PathBuf>,
    rules: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let switches = switches(rules)?;
    let path = path.map_or_else(|| TEXT.to_string(), |p| p.to_string_lossy().into_owned());
    let (record, stop) = stop(py, &text, record, turn, &path, &switches)?;
    let report = py
        .detach(|| PositionReport::new(&path, &record, &stop, &switches).with_legal(&stop, expand));
    to_python(py, &report)
}

/// A record's position drawn: as text (`format="text"`, the diagram
/// `arbitre show` prints) or as an SVG picture (`format="svg"`).
#[pyfunction]
#[pyo3(signature = (text, *, turn = None, record = 0, format = "text", rules = None))]
pub fn show(
    py: Python<'_>,
    text: String,
    turn: Option<&Bound<'_, PyAny>>,
    record: usize,
    format: &str,
    rules: Option<&Bound<'_, PyAny>>,
) -> PyResult<String> {
    let switches = switches(rules)?;
    if !matches!(format, "text" | "svg") {
        return Err(arbitre_error(
            py,
            &format!("format= is \"text\" or \"svg\", not {format:?}"),
            None,
        ));
    }
    let (_, stop) = stop(py, &text, record, turn, TEXT, &switches)?;
    Ok(if format == "svg" {
        py.detach(|| stop.picture.svg())
    } else {
        stop.diagram
    })
}

/// A rule told, as `arbitre explain RULE --format json` gives it (a dict:
/// its id, kind, summary, explanation); with no id, every rule.
#[pyfunction]
#[pyo3(signature = (rule = None))]
pub fn explain<'py>(py: Python<'py>, rule: Option<&str>) -> PyResult<Bound<'py, PyAny>> {
    let Some(id) = rule else {
        let all: Vec<&Rule> = Rule::all().collect();
        return to_python(py, &all);
    };
    match Rule::find(id) {
        Some(rule) => to_python(py, rule),
        None => {
            let near: Vec<String> = Rule::near(id)
                .iter()
                .map(|r| format!("`{}`", r.id))
                .collect();
            let hint = if near.is_empty() {
                "explain() with no id lists them all".to_string()
            } else {
                format!("did you mean {}?", near.join(" or "))
            };
            Err(arbitre_error(
                py,
                &format!("no rule is called `{id}`; {hint}"),
                None,
            ))
        }
    }
}

/// `text` written as `arbitre fmt` writes it: every legal record in
/// canonical form, everything else as it stands.
#[pyfunction]
#[pyo3(signature = (text, *, rules = None))]
pub fn fmt(py: Python<'_>, text: String, rules: Option<&Bound<'_, PyAny>>) -> PyResult<String> {
    let switches = switches(rules)?;
    let written = py.detach(|| {
        let mut out = Vec::with_capacity(text.len());
        arbitre::format::format_stream(
            text.as_bytes(),
            arbitre::Limits::default(),
            &switches,
            |stretch| {
                out.extend_from_slice(stretch.written);
                Ok(())
            },
        )
        .map(|()| out)
    });
    let written = written.map_err(errors::io)?;
    String::from_utf8(written).map_err(|e| errors::internal(&e.to_string()))
}

/// The standings of an event from its record files (directories walked
/// for `*.arb`), as `arbitre standings --format json` gives them.
#[pyfunction]
#[pyo3(signature = (paths, *, points = None, crosstable = false, rules = None))]
pub fn standings<'py>(
    py: Python<'py>,
    paths: &Bound<'py, PyAny>,
    points: Option<(f64, f64, f64)>,
    crosstable: bool,
    rules: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let switches = switches(rules)?;
    let points = match points {
        None => Points::default(),
        Some((win, draw, loss)) => {
            let spec = format!("{win},{draw},{loss}");
            spec.parse::<Points>()
                .map_err(|e| arbitre_error(py, &format!("points={spec}: {e}"), None))?
        }
    };
    // Any iterable of paths, as the stubs say (a generator, a set), but
    // not one path, whose characters would be taken for paths.
    if paths.is_instance_of::<PyString>() {
        return Err(PyTypeError::new_err(
            "standings() takes a list of paths, not one: standings([path])",
        ));
    }
    let paths = paths
        .try_iter()?
        .map(|p| Ok(p?.extract::<PathBuf>()?.to_string_lossy().into_owned()))
        .collect::<PyResult<Vec<String>>>()?;
    let document = py.detach(|| -> std::io::Result<_> {
        let files = arbitre::walk::expand(&paths)?;
        let mut standings = Standings::new(points);
        for path in files {
            // Named, as `check_file` names it: the walk keeps a path that
            // is not a directory as given, unread.
            let named = |e: std::io::Error| {
                std::io::Error::new(e.kind(), format!("cannot read {path}: {e}"))
            };
            let file = File::open(&path).map_err(named)?;
            for record in Reader::new(file) {
                let record = record.map_err(named)?;
                let entry = Entry::of(&record);
                let report = RecordReport::of(&path, &record, arbitre::check(&record, &switches));
                standings.add(&report, &entry);
            }
        }
        Ok(standings.finish(crosstable))
    });
    to_python(py, &document.map_err(errors::io_told)?)
}

/// The names of the house rules arbitre knows, as `rules=` takes them.
#[pyfunction]
pub fn house_rules() -> Vec<String> {
    arbitre::switches::HouseSwitch::all()
        .into_iter()
        .map(|rule| rule.as_str().to_string())
        .collect()
}
