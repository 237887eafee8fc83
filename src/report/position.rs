//! A record's position at a turn as `show` and `moves` report it.

use serde::{Deserialize, Serialize};

use super::envelope::{schema, version, SCHEMA};
use super::machine::{indented, Machine};
use super::record::{status_word, Diagnostic, RecordReport, StatusWord};
use crate::game::Group;
use crate::reader::Record;
use crate::record::Switches;
use crate::replay::Stop;

/// What `arbitre show` and `arbitre moves` print with `--format json`: a
/// position of a record, whose turn it is, and (for `moves`) the legal
/// turns.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct PositionReport {
    /// The layout, [`SCHEMA`].
    #[serde(default = "schema")]
    pub schema: u32,
    /// The arbitre that wrote it, [`VERSION`](super::VERSION).
    #[serde(default = "version")]
    pub arbitre: String,
    /// The file as the user named it (`-` for standard input).
    pub path: String,
    /// Which record of the file, from 0.
    pub index: usize,
    /// The game.
    pub game: String,
    /// Turns played to reach the position.
    pub turns: usize,
    /// The turn about to be played, as a referee names it (`3. red`,
    /// `12.B`): what `--turn` takes back.
    pub label: String,
    /// `finished` once the game is over here, else `unfinished`.
    #[serde(default, deserialize_with = "status_word")]
    pub status: Option<StatusWord>,
    /// Who acts next, by side or camp key, while the game goes on.
    pub to_move: Option<String>,
    /// How the game ended, in the words of `check`'s summary, once over.
    pub over: Option<String>,
    /// The position as a record's `setup` header value.
    pub setup: serde_json::Value,
    /// The position drawn as `show` draws it.
    pub diagram: String,
    /// The record's diagnostic when it bears on the position: the illegal
    /// turn the replay stopped before, or a contradicted `end` or `result`.
    pub illegal: Option<Diagnostic>,
    /// `moves` only: the legal turns, as `moves` lists them (grouped, or
    /// each alone with `--expand`); empty once the game is over.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub legal: Option<Vec<Group>>,
    /// `moves` only: how many legal turns there are in all.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub legal_total: Option<usize>,
    /// `moves` only: what the game adds under the legal turns (the throw
    /// to make, say).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub notes: Option<Vec<String>>,
}

impl PositionReport {
    /// The report of the position `stop` of the record read from `path`,
    /// checked under `switches`; the legal turns are left for
    /// [`PositionReport::with_legal`].
    pub fn new(path: &str, record: &Record, stop: &Stop, switches: &Switches) -> Self {
        let illegal = stop.illegal.as_ref().and_then(|checked| {
            RecordReport::new(path, record, checked)
                .with_switches(switches)
                .diagnostic
        });
        PositionReport {
            schema: SCHEMA,
            arbitre: version(),
            path: path.to_string(),
            index: record.index,
            game: crate::dispatch::game_of(record)
                .ok()
                .map_or_else(String::new, |g| g.name().to_string()),
            turns: stop.turn,
            label: stop.label.clone(),
            status: Some(if stop.over.is_some() {
                "finished"
            } else {
                "unfinished"
            }),
            to_move: stop.to_move.clone(),
            over: stop.over.clone(),
            setup: stop.setup.clone(),
            diagram: stop.diagram.clone(),
            illegal,
            legal: None,
            legal_total: None,
            notes: None,
        }
    }

    /// The document of `moves` written to `out` in the form `machine`:
    /// with the legal turns of `stop` as [`PositionReport::with_legal`]
    /// gives them. JSON with `expand` is written a turn at a time, the
    /// bytes those of the whole document, so that a position whose turns
    /// multiply (143,640 in Simpei) is never held as a list.
    pub fn write_moves(
        self,
        machine: Machine,
        stop: &Stop,
        expand: bool,
        out: &mut dyn std::io::Write,
    ) -> std::io::Result<()> {
        if machine != Machine::Json || !expand {
            let whole = self.with_legal(stop, expand);
            return out.write_all(machine.document(&whole).as_bytes());
        }
        let total = stop.legal.groups().iter().map(|g| g.turns).sum();
        let shell = PositionReport {
            legal: Some(Vec::new()),
            legal_total: Some(total),
            notes: Some(stop.legal.notes()),
            ..self
        };
        let text = machine.document(&shell);
        // Strings are escaped, so the key appears once, at the top level.
        const EMPTY: &str = "\n  \"legal\": []";
        let Some((head, tail)) = text.split_once(EMPTY) else {
            return out.write_all(text.as_bytes());
        };
        out.write_all(head.as_bytes())?;
        out.write_all(b"\n  \"legal\": [")?;
        let mut listed = 0usize;
        stop.legal.each_play(|play| {
            if listed > 0 {
                out.write_all(b",")?;
            }
            listed += 1;
            let text = serde_json::to_string_pretty(&play).map_err(std::io::Error::other)?;
            out.write_all(indented(&text, "    ", "    ").as_bytes())
        })?;
        out.write_all(if listed == 0 { b"]" } else { b"\n  ]" })?;
        out.write_all(tail.as_bytes())
    }

    /// With the legal turns of `stop`: grouped as `moves` lists them, or
    /// each alone (`expand`), and the game's notes.
    pub fn with_legal(mut self, stop: &Stop, expand: bool) -> Self {
        let groups = stop.legal.groups();
        let total = groups.iter().map(|g| g.turns).sum();
        let legal = if expand {
            let mut each = Vec::new();
            let _ = stop.legal.each_play(|play| {
                each.push(play);
                Ok(())
            });
            each
        } else {
            groups
        };
        self.legal = Some(legal);
        self.legal_total = Some(total);
        self.notes = Some(stop.legal.notes());
        self
    }
}
