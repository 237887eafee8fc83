//! The replay engine: a record in, a verdict out. It knows games only
//! through the traits of [`crate::game`], and hands the commands a game
//! with its type erased ([`AnyGame`]). One job a file: the verdict
//! (`verdict`), the replay of a whole record (`check`), the position at a
//! turn (`stop`), the likeliest records an illegal one was meant to be
//! (`repair`), and the erased game (`erased`).

mod canonical;
mod check;
mod erased;
mod framing;
mod repair;
mod stop;
mod verdict;

pub(crate) use canonical::canonical_movetext;
pub(crate) use framing::frame;

pub use check::{check_as, each_position, position_after};
pub(crate) use check::{table, verdict_of};
pub use erased::{AnyGame, Erased};
pub use repair::{Candidate, Edit, RepairOptions, Tried};
pub(crate) use stop::{stop, stops};
pub use stop::{Stop, StopError};
pub use verdict::{Checked, KEPT_WARNINGS};
