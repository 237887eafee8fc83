//! Scratch directories for the tests that write files.

use std::path::PathBuf;

/// A fresh directory under the system's temporary one, removed when the
/// test is done with it (the directories it locked unlocked first): the
/// machine's disk is shared.
pub struct Scratch {
    /// The directory.
    pub root: PathBuf,
    /// Directories a test made unreadable, to make readable again.
    pub locked: Vec<PathBuf>,
}

impl Scratch {
    /// `arbitre-{name}-{pid}-{nanos}`, emptied if a run before left it.
    pub fn new(name: &str) -> Scratch {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.subsec_nanos());
        let root =
            std::env::temp_dir().join(format!("arbitre-{name}-{}-{nanos}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        std::fs::create_dir_all(&root).unwrap();
        Scratch {
            root,
            locked: Vec::new(),
        }
    }
}

impl std::ops::Deref for Scratch {
    type Target = PathBuf;
    fn deref(&self) -> &PathBuf {
        &self.root
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        #[cfg(unix)]
        for path in &self.locked {
            use std::os::unix::fs::PermissionsExt;
            let _ = std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o755));
        }
        let _ = std::fs::remove_dir_all(&self.root);
    }
}
