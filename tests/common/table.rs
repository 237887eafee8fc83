//! The solved Simpei table, for the tests of what reads one (`analyse`,
//! `moves --best`) on whole games. Building it takes minutes and 340 MiB,
//! so `.ci/run` builds it once in a release build and names it in
//! `ARBITRE_SIMPEI_TABLE`; without that variable these tests say they are
//! skipped and pass. A made-up table cannot stand in for it: a table is
//! loaded only once its values agree with their successors' on a sample
//! (docs/solved.md).

use std::path::PathBuf;

/// The table `ARBITRE_SIMPEI_TABLE` names, or `None` (and a note on
/// standard error) when it names none. A name that is no file is a
/// mistake of the run, not a skip.
pub fn solved(test: &str) -> Option<PathBuf> {
    let Some(path) = std::env::var_os("ARBITRE_SIMPEI_TABLE") else {
        eprintln!(
            "{test}: skipped, ARBITRE_SIMPEI_TABLE names no solved table (.ci/run builds one)"
        );
        return None;
    };
    let path = PathBuf::from(path);
    assert!(
        path.is_file(),
        "ARBITRE_SIMPEI_TABLE: {} is no file",
        path.display()
    );
    Some(path)
}
