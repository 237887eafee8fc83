//! Scratch directories for the tests that write files.

use std::path::PathBuf;

/// A fresh directory under the system's temporary one, removed when the
/// test is done with it: the machine's disk is shared.
pub struct Scratch(PathBuf);

impl Scratch {
    /// `arbitre-{name}-{pid}`, emptied if a run before left it.
    pub fn new(name: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!("arbitre-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        Scratch(dir)
    }
}

impl std::ops::Deref for Scratch {
    type Target = PathBuf;
    fn deref(&self) -> &PathBuf {
        &self.0
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}
