//! A checked record as Python sees it: [`Record`], its [`Diagnostic`] and
//! [`Warning`]s, and `score`'s [`Score`]. Each holds the library's report
//! and builds a Python value only when it is asked for, so that a stream
//! of records costs one small object each.

use arbitre::report::{Diagnostic as Located, WarningReport};
use arbitre::{Machine, RecordReport, Verdict};
use pyo3::prelude::*;

use crate::errors;
use crate::values::to_python;

/// One record of a file, checked: its verdict, the first illegal action
/// or what makes it malformed, its warnings and its result.
#[pyclass(frozen, module = "arbitre", name = "Record")]
pub struct Record {
    pub report: RecordReport,
}

#[pymethods]
impl Record {
    /// `legal`, `illegal` or `malformed`.
    #[getter]
    fn verdict(&self) -> &'static str {
        self.report.verdict.word()
    }

    /// Whether the record is legal (warnings allowed).
    #[getter]
    fn legal(&self) -> bool {
        self.report.verdict == Verdict::Legal
    }

    /// The game, when the header names one arbitre knows.
    #[getter]
    fn game(&self) -> Option<&str> {
        self.report.game.as_deref()
    }

    /// The file as it was named (`-` for text given directly).
    #[getter]
    fn path(&self) -> &str {
        &self.report.path
    }

    /// Which record of the file, from 0.
    #[getter]
    fn index(&self) -> usize {
        self.report.index
    }

    /// Turns replayed legally.
    #[getter]
    fn turns(&self) -> usize {
        self.report.turns
    }

    /// Why the record is not legal; `None` when it is.
    #[getter]
    fn diagnostic(&self) -> Option<Diagnostic> {
        self.report
            .diagnostic
            .clone()
            .map(|inner| Diagnostic { inner })
    }

    /// Tolerated infractions and remarks, the first ones listed.
    #[getter]
    fn warnings(&self) -> Vec<Warning> {
        self.report
            .warnings
            .iter()
            .map(|w| Warning { inner: w.clone() })
            .collect()
    }

    /// The warnings past those listed, counted.
    #[getter]
    fn warnings_omitted(&self) -> usize {
        self.report.warnings_omitted
    }

    /// `finished` or `unfinished`; `None` when malformed.
    #[getter]
    fn status(&self) -> Option<&'static str> {
        self.report.status
    }

    /// Who won, when someone did.
    #[getter]
    fn winner(&self) -> Option<&str> {
        self.report.winner.as_deref()
    }

    /// Who acts next, while the game goes on.
    #[getter]
    fn to_move(&self) -> Option<&str> {
        self.report.to_move.as_deref()
    }

    /// Points by player, for games that score.
    #[getter]
    fn scores<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_python(py, &self.report.scores)
    }

    /// The players' names by the key of their side, camp or slot.
    #[getter]
    fn players<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_python(py, &self.report.players)
    }

    /// How the game ended, every side by its key; `None` while unfinished.
    #[getter]
    fn outcome<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_python(py, &self.report.outcome)
    }

    /// The header's tournament keys, when it has any.
    #[getter]
    fn tournament<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_python(py, &self.report.tournament)
    }

    /// The record as `arbitre check --format json` writes it in its
    /// `records` list, key for key.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_python(py, &self.report)
    }

    /// The record as one line of `arbitre check --format jsonl`, without
    /// its newline.
    fn to_json(&self) -> String {
        let mut line = Machine::JsonLines.record(&self.report);
        while line.ends_with('\n') {
            line.pop();
        }
        line
    }

    /// Pickled as its report's JSON, so that a record crosses to another
    /// process (multiprocessing, Spark's executors) whole: every value
    /// Python reads of it comes back the same.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        let json =
            serde_json::to_string(&self.report).map_err(|e| errors::internal(&e.to_string()))?;
        let rebuild = py
            .import("arbitre._arbitre")?
            .getattr("_record_from_json")?;
        Ok((rebuild, (json,)))
    }

    fn __repr__(&self) -> String {
        let r = &self.report;
        let rule = r
            .diagnostic
            .as_ref()
            .map(|d| format!(" {}", d.rule))
            .unwrap_or_default();
        format!(
            "<Record {:?} #{} {} {}{rule}>",
            arbitre::escape::cut(&r.path),
            r.index,
            r.game.as_deref().unwrap_or("?"),
            r.verdict.word()
        )
    }
}

/// Why a record is not legal, located in its file.
#[pyclass(frozen, module = "arbitre", name = "Diagnostic")]
pub struct Diagnostic {
    inner: Located,
}

#[pymethods]
impl Diagnostic {
    /// The rule id: `header`, `setup`, `syntax`, or a game's rule.
    #[getter]
    fn rule(&self) -> &str {
        &self.inner.rule
    }

    /// What is wrong, in one sentence.
    #[getter]
    fn message(&self) -> &str {
        &self.inner.message
    }

    /// 1-based line in the file.
    #[getter]
    fn line(&self) -> usize {
        self.inner.line
    }

    /// 1-based column, in characters.
    #[getter]
    fn column(&self) -> usize {
        self.inner.column
    }

    /// The bytes of the file it points at, as `(start, end)`.
    #[getter]
    fn span(&self) -> (usize, usize) {
        let start = self.inner.offset;
        (start, start.saturating_add(self.inner.length))
    }

    /// The turn as a referee names it (`3. red`), when in a turn.
    #[getter]
    fn turn(&self) -> Option<&str> {
        self.inner.turn.as_deref()
    }

    /// The turn's index (from 0), when in a turn.
    #[getter]
    fn turn_index(&self) -> Option<usize> {
        self.inner.turn_index
    }

    /// What was legal instead, in canonical notation: the first of them.
    #[getter]
    fn expected(&self) -> Vec<String> {
        self.inner.expected.clone()
    }

    /// How many alternatives there were in all.
    #[getter]
    fn expected_total(&self) -> usize {
        self.inner.expected_total
    }

    /// How to mend a malformed record.
    #[getter]
    fn help(&self) -> Option<&str> {
        self.inner.help.as_deref()
    }

    fn __repr__(&self) -> String {
        format!(
            "<Diagnostic {} at {}:{}: {:?}>",
            self.inner.rule,
            self.inner.line,
            self.inner.column,
            arbitre::escape::cut(&self.inner.message)
        )
    }
}

/// A warning: a tolerated infraction or a remark, located when it has a
/// place.
#[pyclass(frozen, module = "arbitre", name = "Warning")]
pub struct Warning {
    inner: WarningReport,
}

#[pymethods]
impl Warning {
    /// The rule id.
    #[getter]
    fn rule(&self) -> &str {
        &self.inner.rule
    }

    /// What the referee remarks.
    #[getter]
    fn message(&self) -> &str {
        &self.inner.message
    }

    /// 1-based line, when it has a place.
    #[getter]
    fn line(&self) -> Option<usize> {
        self.inner.line
    }

    /// 1-based column, when it has a place.
    #[getter]
    fn column(&self) -> Option<usize> {
        self.inner.column
    }

    /// The turn's index (from 0) it came with.
    #[getter]
    fn turn_index(&self) -> Option<usize> {
        self.inner.turn_index
    }

    fn __repr__(&self) -> String {
        format!(
            "<Warning {}: {:?}>",
            self.inner.rule,
            arbitre::escape::cut(&self.inner.message)
        )
    }
}

/// A record's result and its score table, as `arbitre score` gives them.
#[pyclass(frozen, module = "arbitre", name = "Score")]
pub struct Score {
    pub record: Py<Record>,
    pub table: Option<arbitre::game::Table>,
}

#[pymethods]
impl Score {
    /// The record, checked.
    #[getter]
    fn record(&self, py: Python<'_>) -> Py<Record> {
        self.record.clone_ref(py)
    }

    /// The score table's column titles; `None` when the game scores
    /// nothing or the record is not legal.
    #[getter]
    fn header(&self) -> Option<Vec<String>> {
        self.table.as_ref().map(|t| t.header.clone())
    }

    /// The score table's rows, one list of cells each.
    #[getter]
    fn rows(&self) -> Vec<Vec<String>> {
        self.table
            .as_ref()
            .map(|t| t.rows.clone())
            .unwrap_or_default()
    }

    /// `arbitre score --format json`: a document of the one record.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let report = self.record.get().report.clone();
        to_python(py, &arbitre::report::ReportsDocument::new(vec![report]))
    }

    fn __repr__(&self) -> String {
        format!("<Score of {}>", self.record.get().__repr__())
    }
}

/// A pickled [`Record`] read back (its `__reduce__`).
#[pyfunction]
pub fn _record_from_json(json: &str) -> PyResult<Record> {
    serde_json::from_str(json)
        .map(|report| Record { report })
        .map_err(|e| pyo3::exceptions::PyValueError::new_err(format!("not a pickled record: {e}")))
}
