//! The games arbitre referees. This registry is the one place that lists
//! them; everything else reaches a game through [`AnyGame`].

mod duel;
pub mod puluc;
pub mod simpei;
pub mod superpion;

use crate::record::header::edit_distance;
use crate::replay::{AnyGame, Erased};

static SIMPEI: Erased<simpei::Simpei> = Erased::new();
static PULUC: Erased<puluc::Puluc> = Erased::new();
static SUPERPION: Erased<superpion::Superpion> = Erased::new();

/// Every game, by its `game:` name.
pub fn all() -> [&'static dyn AnyGame; 3] {
    [&SUPERPION, &SIMPEI, &PULUC]
}

/// The `game:` names, in registry order.
pub fn names() -> [&'static str; 3] {
    all().map(|g| g.name())
}

/// The game a `game:` value names, in any case. Nearly every value (and
/// every report's) is the name itself: compared as it is first.
pub fn find(name: &str) -> Option<&'static dyn AnyGame> {
    let games = all();
    games.into_iter().find(|g| g.name() == name).or_else(|| {
        let name = name.trim();
        games
            .into_iter()
            .find(|g| g.name().eq_ignore_ascii_case(name))
    })
}

/// "did you mean `simpei`?" for a near miss, else the list of games.
pub fn suggest(name: &str) -> String {
    let names = names();
    match names.iter().min_by_key(|n| edit_distance(name, n)) {
        Some(best) if edit_distance(name, best) <= 2 => format!("did you mean `{best}`?"),
        _ => format!(
            "the games are {}",
            names
                .iter()
                .map(|n| format!("`{n}`"))
                .collect::<Vec<_>>()
                .join(", ")
        ),
    }
}
