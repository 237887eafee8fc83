//! Positions shown to humans, and the legal turns as `show` and `moves`
//! list them.

use std::fmt;
use std::sync::Arc;

use serde::Deserialize;

use super::Mechanics;

/// Positions shown to humans (`arbitre show`, `arbitre moves`).
pub trait Presentation: Mechanics {
    /// The position as an ASCII diagram; its last line says whose turn it
    /// is, or that the game is over. Required: only the game knows how
    /// its board looks.
    fn diagram(position: &Self::Position) -> String;

    /// The diagram of a game ended by the record's word (a header `end`),
    /// which the position alone does not know: by default the diagram with
    /// its last line replaced by `Game over: {how}`, `how` escaped (it may
    /// name players) so that it stays on that line.
    fn ended_diagram(position: &Self::Position, how: &str) -> String {
        let drawn = Self::diagram(position);
        let body = drawn.trim_end_matches('\n');
        let kept = body.rfind('\n').map_or("", |at| &body[..=at]);
        format!("{kept}Game over: {}\n", crate::escape::for_terminal(how))
    }

    /// The record's `setup` header value, one type read and written: the
    /// header reads a record's `setup` into it, and a position is written
    /// as one (`From`) for [`Presentation::setup`], so that a setup shown
    /// reads back as its position. A game must give it: only the game
    /// knows the keys and forms of its setup.
    type Setup: serde::Serialize + serde::de::DeserializeOwned + for<'p> From<&'p Self::Position>;

    /// The position as a record's `setup` header value (the keys and the
    /// forms the game's `setup` reads), for `show` and `moves --format
    /// json`: a program can paste it back into a record to start there.
    /// What the header holds outside `setup` (a mode, a track length) it
    /// leaves out. Written through [`Presentation::Setup`].
    fn setup(position: &Self::Position) -> serde_json::Value {
        serde_json::to_value(Self::Setup::from(position)).unwrap_or_default()
    }

    /// The parts of a legal turn as strings, in the order they are played:
    /// by default the turn whole.
    fn parts(play: &Self::Play) -> Vec<String> {
        vec![play.to_string()]
    }

    /// Lines shown under `arbitre moves` besides the legal turns.
    fn moves_notes(_position: &Self::Position) -> Vec<String> {
        Vec::new()
    }

    /// The legal turns as `arbitre moves` lists them, in the order of
    /// [`Mechanics::legal`]: by default each turn alone; a game whose turns
    /// multiply gives the turns that share an action as one group.
    fn legal_groups(position: &Self::Position) -> Vec<Group> {
        Self::legal(position)
            .iter()
            .map(Group::play::<Self>)
            .collect()
    }
}

/// One line of `arbitre moves`: a legal turn, or the legal turns that share
/// an action and differ only in choices made after it.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, Deserialize)]
pub struct Group {
    /// The turn in canonical notation, or the action and the choices after
    /// it in words (`b2-a1, then c1, e1 each to any empty point`).
    pub text: String,
    /// The legal turns it stands for: 1 for a turn alone.
    pub turns: usize,
    /// The parts of a turn alone ([`Presentation::parts`]); `None` for a
    /// group of several turns.
    pub parts: Option<Vec<String>>,
}

impl Group {
    /// A turn alone, known by its text only.
    pub fn one(text: String) -> Self {
        Group {
            text,
            turns: 1,
            parts: None,
        }
    }

    /// A legal turn alone, with its parts.
    pub fn play<G: Presentation + ?Sized>(play: &G::Play) -> Self {
        Group {
            text: play.to_string(),
            turns: 1,
            parts: Some(G::parts(play)),
        }
    }
}

/// The legal turns at a position, as `arbitre show` and `moves` need them:
/// whether there is any at once; grouped, counted, or listed one by one
/// only when asked, so that a position whose turns multiply is drawn
/// without listing them.
#[derive(Clone)]
pub struct Legal(Option<Arc<dyn LegalAt>>);

/// The position behind [`Legal`], its game erased.
trait LegalAt: Send + Sync {
    fn groups(&self) -> Vec<Group>;
    fn each_play(&self, f: &mut dyn FnMut(Group) -> std::io::Result<()>) -> std::io::Result<()>;
    fn each(
        &self,
        f: &mut dyn FnMut(&dyn fmt::Display) -> std::io::Result<()>,
    ) -> std::io::Result<()>;
    fn notes(&self) -> Vec<String>;
}

struct PositionOf<G: Presentation> {
    position: G::Position,
    game: std::marker::PhantomData<fn() -> G>,
}

impl<G: Presentation> LegalAt for PositionOf<G> {
    fn groups(&self) -> Vec<Group> {
        G::legal_groups(&self.position)
    }

    fn each_play(&self, f: &mut dyn FnMut(Group) -> std::io::Result<()>) -> std::io::Result<()> {
        G::legal(&self.position)
            .iter()
            .try_for_each(|play| f(Group::play::<G>(play)))
    }

    fn each(
        &self,
        f: &mut dyn FnMut(&dyn fmt::Display) -> std::io::Result<()>,
    ) -> std::io::Result<()> {
        G::legal(&self.position).iter().try_for_each(|play| f(play))
    }

    fn notes(&self) -> Vec<String> {
        G::moves_notes(&self.position)
    }
}

impl Legal {
    /// The legal turns at `position`: none once the game is over.
    pub fn at<G: Presentation>(position: &G::Position) -> Self {
        if !G::has_legal(position) {
            return Legal::none();
        }
        Legal(Some(Arc::new(PositionOf::<G> {
            position: position.clone(),
            game: std::marker::PhantomData,
        })))
    }

    /// No legal turn: the game is over.
    pub fn none() -> Self {
        Legal(None)
    }

    /// Whether no turn is legal.
    pub fn is_empty(&self) -> bool {
        self.0.is_none()
    }

    /// What the game adds under the legal turns (the throw to make, say),
    /// made when asked: only `moves` shows it, and on a crowded Superpion
    /// board it lists the maximum captures; none once the game is over.
    pub fn notes(&self) -> Vec<String> {
        self.0.as_ref().map_or_else(Vec::new, |at| at.notes())
    }

    /// The turns as `arbitre moves` lists them by default.
    pub fn groups(&self) -> Vec<Group> {
        self.0.as_ref().map_or_else(Vec::new, |at| at.groups())
    }

    /// How many turns are legal, counted in groups.
    pub fn len(&self) -> usize {
        self.groups().iter().map(|g| g.turns).sum()
    }

    /// Every legal turn in canonical notation, handed to `f` one at a time
    /// (`arbitre moves --expand`); the first error of `f` stops it.
    pub fn each(
        &self,
        mut f: impl FnMut(&dyn fmt::Display) -> std::io::Result<()>,
    ) -> std::io::Result<()> {
        match &self.0 {
            Some(at) => at.each(&mut f),
            None => Ok(()),
        }
    }
}

impl Legal {
    /// Every legal turn alone, with its parts, handed to `f` one at a time
    /// (`arbitre moves --expand --format json`); the first error of `f`
    /// stops it.
    pub fn each_play(
        &self,
        mut f: impl FnMut(Group) -> std::io::Result<()>,
    ) -> std::io::Result<()> {
        match &self.0 {
            Some(at) => at.each_play(&mut f),
            None => Ok(()),
        }
    }
}

impl fmt::Debug for Legal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.groups()).finish()
    }
}

/// Legal turns are equal when `moves` lists them alike.
impl PartialEq for Legal {
    fn eq(&self, other: &Self) -> bool {
        self.groups() == other.groups()
    }
}
