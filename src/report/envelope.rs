//! The envelope of every JSON and YAML document and JSON line arbitre
//! writes: the schema and the version that open it.

use serde::Serialize;

/// The layout of the JSON and YAML documents arbitre writes: every
/// document and JSON line opens with it as `"schema"`. It changes only when
/// a field changes name or meaning, never when fields are added
/// (docs/json.md, "Versions").
pub const SCHEMA: u32 = 1;

/// The arbitre that wrote a document: every document and JSON line gives
/// it as `"arbitre"`, after `"schema"`.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

pub(super) fn schema() -> u32 {
    SCHEMA
}

pub(super) fn version() -> String {
    VERSION.to_string()
}

/// What opens every document and JSON line: the schema and the version.
#[derive(Serialize)]
pub(super) struct Stamp {
    schema: u32,
    arbitre: &'static str,
}

pub(super) const STAMP: Stamp = Stamp {
    schema: SCHEMA,
    arbitre: VERSION,
};

/// One JSON line: the stamp, then the line's own fields.
#[derive(Serialize)]
pub(super) struct Stamped<T> {
    #[serde(flatten)]
    stamp: Stamp,
    #[serde(flatten)]
    line: T,
}

pub(super) fn stamped<T>(line: T) -> Stamped<T> {
    Stamped { stamp: STAMP, line }
}
