//! `arbitre.read`: the records of a file or a stream checked one at a
//! time, memory bounded by the records as the library's `Reader` bounds
//! it. Records are read and checked in small batches with the interpreter
//! released, so that a thread reading one file and a thread reading
//! another run at once.

use std::collections::VecDeque;
use std::fs::File;
use std::io::{self, Read};
use std::path::PathBuf;
use std::sync::Mutex;

use arbitre::{Reader, RecordReport, Switches};
use pyo3::exceptions::{PyBlockingIOError, PyRuntimeError, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString};

use crate::api::{switches, TEXT};
use crate::errors;
use crate::record::Record;

/// At most this many records are checked in one release of the
/// interpreter: enough that taking it back costs little beside them,
/// few enough that the first record comes at once.
const BATCH_RECORDS: usize = 64;

/// ... and at most about this many bytes of them.
const BATCH_BYTES: usize = 256 << 10;

/// What a Python file object's `read` gives, as bytes: text files are
/// written out in UTF-8, as `check` reads them.
struct PythonFile {
    file: Py<PyAny>,
    /// Bytes of a `str` (or of a `read` that gave more than asked) past
    /// what the last call could take: those from `taken` on.
    spill: Vec<u8>,
    /// Where the bytes of `spill` not yet given start: moved through,
    /// not drained, so that a chunk far larger than the buffer costs its
    /// length once, not once per buffer.
    taken: usize,
}

impl Read for PythonFile {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.taken == self.spill.len() {
            let chunk = Python::attach(|py| -> PyResult<Vec<u8>> {
                let got = self
                    .file
                    .bind(py)
                    .call_method1("read", (buf.len().max(1),))?;
                if let Ok(bytes) = got.cast::<PyBytes>() {
                    Ok(bytes.as_bytes().to_vec())
                } else if let Ok(text) = got.cast::<PyString>() {
                    Ok(text.to_cow()?.as_bytes().to_vec())
                } else if got.is_none() {
                    // A non-blocking stream with nothing yet: not its end
                    // (an empty read would end the records there, unseen),
                    // and nothing to wait on here. Python's own error for it.
                    Err(PyBlockingIOError::new_err(
                        "read() gave None: a non-blocking stream cannot be read by arbitre.read",
                    ))
                } else {
                    Err(PyTypeError::new_err(format!(
                        "read() gave {}, neither bytes nor str",
                        got.get_type().name()?
                    )))
                }
            })
            // The Python error itself, raised as it is when the records
            // ready are taken (`errors::io` unwraps it).
            .map_err(io::Error::other)?;
            self.spill = chunk;
            self.taken = 0;
        }
        let left = self.spill.get(self.taken..).unwrap_or_default();
        let n = left.len().min(buf.len());
        buf[..n].copy_from_slice(&left[..n]);
        self.taken += n;
        Ok(n)
    }
}

/// A stream of records being read and checked.
struct Stream {
    reader: Option<Reader<Box<dyn Read + Send>>>,
    path: String,
    switches: Switches,
    ready: VecDeque<RecordReport>,
    /// An error met after the records ready: raised when they are taken.
    failed: Option<io::Error>,
    /// The file opened, for a path given: named in its errors, as
    /// `check_file` names it (a Python stream's errors are its own).
    file: Option<PathBuf>,
}

impl Stream {
    /// The next batch read and checked, into `ready`.
    fn fill(&mut self) {
        let Some(reader) = self.reader.as_mut() else {
            return;
        };
        let mut bytes = 0;
        while self.ready.len() < BATCH_RECORDS && bytes < BATCH_BYTES {
            match reader.next() {
                Some(Ok(record)) => {
                    bytes += record.text.len();
                    let checked = arbitre::check(&record, &self.switches);
                    self.ready.push_back(
                        RecordReport::of(&self.path, &record, checked)
                            .with_switches(&self.switches),
                    );
                }
                Some(Err(e)) => {
                    self.failed = Some(e);
                    self.reader = None;
                    return;
                }
                None => {
                    self.reader = None;
                    return;
                }
            }
        }
    }
}

/// The records of a file or stream, checked one at a time: an iterator of
/// `Record`. One thread at a time takes from it.
#[pyclass(module = "arbitre", name = "Records")]
pub struct Records {
    /// Boxed: the reader's searchers are aligned past what Python's
    /// allocator gives an object (16 bytes), the Rust allocator is not.
    stream: Mutex<Box<Stream>>,
}

#[pymethods]
impl Records {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&self, py: Python<'_>) -> PyResult<Option<Record>> {
        // Taken without waiting: a second thread waiting here would hold
        // the interpreter that a Python stream's read needs.
        let Ok(mut stream) = self.stream.try_lock() else {
            return Err(PyRuntimeError::new_err(
                "arbitre.read: this iterator is already being read by another thread",
            ));
        };
        if stream.ready.is_empty() && stream.reader.is_some() {
            let stream = &mut **stream;
            py.detach(|| stream.fill());
        }
        if let Some(report) = stream.ready.pop_front() {
            return Ok(Some(Record { report }));
        }
        match (stream.failed.take(), &stream.file) {
            (Some(e), Some(file)) => Err(errors::io_at(file, e)),
            (Some(e), None) => Err(errors::io(e)),
            (None, _) => Ok(None),
        }
    }
}

/// The records of `source` checked one at a time: a path (a `str` or
/// `os.PathLike`), or a file object opened for reading, binary or text.
#[pyfunction]
#[pyo3(signature = (source, *, path = None, rules = None))]
pub fn read(
    source: &Bound<'_, PyAny>,
    path: Option<PathBuf>,
    rules: Option<&Bound<'_, PyAny>>,
) -> PyResult<Records> {
    let switches = switches(rules)?;
    let (input, name, file): (Box<dyn Read + Send>, String, Option<PathBuf>) =
        if source.hasattr("read")? {
            let name = match path {
                Some(p) => p.to_string_lossy().into_owned(),
                None => source
                    .getattr("name")
                    .ok()
                    .and_then(|n| n.extract::<String>().ok())
                    .unwrap_or_else(|| TEXT.to_string()),
            };
            let file = PythonFile {
                file: source.clone().unbind(),
                spill: Vec::new(),
                taken: 0,
            };
            (Box::new(file), name, None)
        } else {
            let at: PathBuf = source.extract()?;
            let name = path
                .unwrap_or_else(|| at.clone())
                .to_string_lossy()
                .into_owned();
            let file = source
                .py()
                .detach(|| File::open(&at))
                .map_err(|e| errors::io_at(&at, e))?;
            (Box::new(file), name, Some(at))
        };
    Ok(Records {
        stream: Mutex::new(Box::new(Stream {
            reader: Some(Reader::new(input)),
            path: name,
            switches,
            ready: VecDeque::new(),
            failed: None,
            file,
        })),
    })
}
