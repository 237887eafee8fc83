//! The games arbitre referees. This registry is the one place that lists
//! them; everything else reaches a game through [`Referee`].

mod duel;
pub mod puluc;
pub mod simpei;
pub mod superpion;

use std::sync::OnceLock;

use crate::record::header::edit_distance;
use crate::replay::{Engine, Referee};

/// Every game, by its `game:` name: registering a game is a line here.
static GAMES: &[&dyn Referee] = &[
    &Engine::<superpion::Superpion>::new(),
    &Engine::<simpei::Simpei>::new(),
    &Engine::<puluc::Puluc>::new(),
];

/// Every game, by its `game:` name.
pub fn all() -> &'static [&'static dyn Referee] {
    GAMES
}

/// The `game:` names, in registry order.
pub fn names() -> &'static [&'static str] {
    static NAMES: OnceLock<Vec<&'static str>> = OnceLock::new();
    NAMES.get_or_init(|| GAMES.iter().map(|g| g.name()).collect())
}

/// The game a `game:` value names, in any case. Nearly every value (and
/// every report's) is the name itself: compared as it is first.
pub fn find(name: &str) -> Option<&'static dyn Referee> {
    let games = all().iter().copied();
    games.clone().find(|g| g.name() == name).or_else(|| {
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
