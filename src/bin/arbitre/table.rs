//! Simpei's solved table: where it is kept, and the records it can value.
//! Below the commands that read it (`analyse`, `moves --best`) and the
//! HTML page, which gives values with it when it is there.

use std::path::PathBuf;

use arbitre::games::simpei::solve::{Alignment, Tablebase};
use arbitre::games::simpei::Simpei;
use arbitre::{Record, Switches};

/// The table of the game with `pieces` each in the user's cache directory.
fn cached(pieces: u8, alignment: Alignment) -> Option<PathBuf> {
    let mut name = String::from("simpei");
    if pieces != 4 {
        name.push_str(&format!("-{pieces}-pieces"));
    }
    if alignment == Alignment::Adjacent {
        name.push_str("-adjacent");
    }
    name.push_str(".table");
    dirs::cache_dir().map(|dir| dir.join("arbitre").join(name))
}

/// The game's table in the cache directory, when one is there and sound:
/// the replay page gives values with it, and goes without otherwise.
pub fn cached_table() -> Option<Tablebase> {
    game_table(None).ok()
}

/// The table asked for, or the cached one.
pub fn table_path(
    asked: Option<&PathBuf>,
    pieces: u8,
    alignment: Alignment,
) -> Result<PathBuf, String> {
    asked
        .cloned()
        .or_else(|| cached(pieces, alignment))
        .ok_or_else(|| {
            "this system names no cache directory: give the table's path with --table".to_string()
        })
}

/// The game's table for `analyse` and `moves --best`, or the usage error.
pub fn game_table(asked: Option<&PathBuf>) -> Result<Tablebase, String> {
    let path = table_path(asked, 4, Alignment::Gapped)?;
    let table = Tablebase::load(&path).map_err(|e| e.to_string())?;
    match (table.pieces(), table.alignment()) {
        (Some(4), Alignment::Gapped) => Ok(table),
        (Some(4), _) => Err(format!(
            "{} is the table of a game with another alignment rule, not of Simpei's",
            path.display()
        )),
        _ => Err(format!(
            "{} is the table of a smaller game, not of Simpei with four pieces each",
            path.display()
        )),
    }
}

/// Whether the record is Simpei and can be read as such, or why not:
/// asked before the table is read, of the whole record (a syntax error
/// anywhere makes it malformed), without keeping its turns.
pub fn readable(record: &Record) -> Result<(), String> {
    match arbitre::dispatch::game_of(record).ok().map(|g| g.name()) {
        Some("simpei") => {}
        Some(other) => return Err(format!("only Simpei is solved: this record is {other}")),
        None => return Err("the record names no game arbitre knows".into()),
    }
    match arbitre::replay::check_as::<Simpei>(&record.text, &Switches::default()).malformed {
        Some(m) => Err(format!("the record is malformed: {}", m.message)),
        None => Ok(()),
    }
}
