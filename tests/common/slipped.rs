//! A corpus of records with transcription slips, for `repair`: random
//! legal games of every game and mode in the registry, each copied with
//! one or more slips a person makes, drawn with a seeded generator.
//!
//! How a slip is drawn: a turn at random, then a kind of slip at random
//! among those the turn allows, each as likely as the others:
//! a letter or digit misread as its neighbour (`d4` for `d5`), or as any
//! other of its kind; two characters transposed; the squares of a move
//! reversed (`c5-d4`); the two actions of a turn swapped; a capture
//! written as a move or the other way round; two turns swapped; a turn
//! left out; a turn written twice. Turns keep their numbers as the person
//! writes them: a game that numbers each turn (`3.B`) keeps each turn's,
//! a game that numbers pairs of turns is numbered again in pairs.

#![allow(dead_code)]

use arbitre::rng::Rng;
use arbitre::{AnyGame, Record};

/// A legal record, and the same with slips.
pub struct Slipped {
    pub game: &'static dyn AnyGame,
    pub mode: Option<&'static str>,
    pub original: String,
    pub slipped: String,
    pub slips: Vec<&'static str>,
}

/// The kinds of slips, as drawn.
pub const KINDS: &[&str] = &[
    "misread",
    "mistyped",
    "transposed",
    "reversed",
    "actions-swapped",
    "capture-as-move",
    "turns-swapped",
    "turn-left-out",
    "written-twice",
];

/// A record's turns as written: the text before them, and each turn's
/// number (`12.`, empty when it has none) and body.
struct Turns {
    header: String,
    turns: Vec<(String, String)>,
    /// Whether every turn carries its own number (`3.B`).
    numbered_each: bool,
}

fn turns_of(game: &dyn AnyGame, text: &str) -> Option<Turns> {
    let spans = game.turn_spans(&Record::from_text(text)).ok()?;
    let first = spans.first()?;
    let header = text.get(..first.offset)?.to_string();
    let mut turns = Vec::new();
    for span in &spans {
        let whole = text.get(span.offset..span.offset + span.len)?;
        let digits = whole.bytes().take_while(u8::is_ascii_digit).count();
        let dots = whole[digits..].bytes().take_while(|b| *b == b'.').count();
        let cut = if digits > 0 && dots > 0 {
            digits + dots
        } else {
            0
        };
        let (number, body) = whole.split_at(cut);
        turns.push((number.to_string(), body.trim_start().to_string()));
    }
    let numbered_each = turns.iter().all(|(n, _)| !n.is_empty());
    Some(Turns {
        header,
        turns,
        numbered_each,
    })
}

impl Turns {
    /// The record written again as a person would: numbers kept with each
    /// turn (a line per number), or numbered again in pairs.
    fn write(&self) -> String {
        let mut out = self.header.clone();
        if self.numbered_each {
            let mut last: Option<&str> = None;
            for (number, body) in &self.turns {
                match last {
                    Some(l) if l == number => out.push(' '),
                    Some(_) => out.push('\n'),
                    None => {}
                }
                out.push_str(number);
                out.push_str(body);
                last = Some(number);
            }
        } else {
            for (i, (_, body)) in self.turns.iter().enumerate() {
                if i % 2 == 0 {
                    if i > 0 {
                        out.push('\n');
                    }
                    out.push_str(&format!("{}. ", i / 2 + 1));
                } else {
                    out.push(' ');
                }
                out.push_str(body);
            }
        }
        out.push('\n');
        out
    }
}

/// A character at random of `kind` in `text` (after a Superpion camp),
/// by its byte index.
fn pick(text: &str, rng: &mut Rng, wanted: impl Fn(u8) -> bool) -> Option<usize> {
    let start = match text.split_once(' ') {
        Some((head, _)) if head.len() == 1 => 2,
        _ => 0,
    };
    let at: Vec<usize> = text
        .bytes()
        .enumerate()
        .skip(start)
        .filter(|(_, b)| wanted(*b))
        .map(|(i, _)| i)
        .collect();
    (!at.is_empty()).then(|| at[rng.below(at.len())])
}

fn replace_at(text: &str, at: usize, c: u8) -> String {
    let mut bytes = text.as_bytes().to_vec();
    bytes[at] = c;
    String::from_utf8_lossy(&bytes).into_owned()
}

/// One slip of `kind` in turn `t`, when the turn allows it.
fn slip(turns: &mut Turns, t: usize, kind: &str, rng: &mut Rng) -> bool {
    let body = turns.turns[t].1.clone();
    let new_body = match kind {
        "misread" | "mistyped" => {
            let Some(at) = pick(&body, rng, |b| b.is_ascii_alphanumeric() && b != b'x') else {
                return false;
            };
            let b = body.as_bytes()[at];
            let choices: Vec<u8> = if b.is_ascii_digit() {
                (b'0'..=b'9').collect()
            } else {
                (b'a'..=b'o').collect()
            };
            let choices: Vec<u8> = choices
                .into_iter()
                .filter(|c| *c != b && ((*c as i32 - b as i32).abs() == 1) == (kind == "misread"))
                .collect();
            if choices.is_empty() {
                return false;
            }
            replace_at(&body, at, choices[rng.below(choices.len())])
        }
        "transposed" => {
            let pairs: Vec<usize> = (0..body.len().saturating_sub(1))
                .filter(|&i| {
                    let b = body.as_bytes();
                    b[i].is_ascii_alphanumeric()
                        && b[i + 1].is_ascii_alphanumeric()
                        && b[i] != b[i + 1]
                })
                .collect();
            if pairs.is_empty() {
                return false;
            }
            let i = pairs[rng.below(pairs.len())];
            let mut bytes = body.as_bytes().to_vec();
            bytes.swap(i, i + 1);
            String::from_utf8_lossy(&bytes).into_owned()
        }
        "reversed" => {
            let words: Vec<&str> = body.split(' ').collect();
            let movable: Vec<usize> = (0..words.len())
                .filter(|&w| words[w].matches(['-', 'x', '>']).count() == 1 && words[w].len() > 2)
                .collect();
            if movable.is_empty() {
                return false;
            }
            let w = movable[rng.below(movable.len())];
            let word = words[w];
            let start = word.rfind(':').map_or(0, |c| c + 1);
            let (head, rest) = word.split_at(start);
            let Some(sep) = rest.find(['-', 'x', '>']) else {
                return false;
            };
            let (from, to) = (&rest[..sep], &rest[sep + 1..]);
            if from.is_empty() || to.is_empty() {
                return false;
            }
            let reversed = format!("{head}{to}{}{from}", &rest[sep..=sep]);
            let mut words: Vec<String> = words.iter().map(|s| s.to_string()).collect();
            words[w] = reversed;
            words.join(" ")
        }
        "actions-swapped" => {
            let words: Vec<&str> = body.split(' ').collect();
            let actions: Vec<usize> = (0..words.len())
                .filter(|&w| {
                    words[w].bytes().any(|b| b.is_ascii_digit()) && !words[w].contains('>')
                })
                .collect();
            if actions.len() != 2 {
                return false;
            }
            let mut words = words.clone();
            words.swap(actions[0], actions[1]);
            words.join(" ")
        }
        "capture-as-move" => {
            let Some(at) = pick(&body, rng, |b| b == b'x' || b == b'-') else {
                return false;
            };
            let b = body.as_bytes()[at];
            replace_at(&body, at, if b == b'x' { b'-' } else { b'x' })
        }
        "turns-swapped" => {
            if t + 1 >= turns.turns.len() {
                return false;
            }
            if turns.numbered_each {
                turns.turns.swap(t, t + 1);
            } else {
                let next = turns.turns[t + 1].1.clone();
                turns.turns[t + 1].1 = body;
                turns.turns[t].1 = next;
            }
            return true;
        }
        "turn-left-out" => {
            if turns.turns.len() < 2 {
                return false;
            }
            turns.turns.remove(t);
            return true;
        }
        "written-twice" => {
            let copy = turns.turns[t].clone();
            turns.turns.insert(t + 1, copy);
            return true;
        }
        _ => return false,
    };
    if new_body == body {
        return false;
    }
    turns.turns[t].1 = new_body;
    true
}

/// `count` records of `game` in `mode` (`None`: its default), each with
/// `slips` slips in distinct turns, from `seed`. Records whose slips
/// leave them legal are left out: no referee could tell.
pub fn corpus(
    game: &'static dyn AnyGame,
    mode: Option<&'static str>,
    count: usize,
    slips: usize,
    seed: u64,
    max_turns: usize,
) -> Vec<Slipped> {
    let mut rng = Rng::new(seed);
    let mut out = Vec::new();
    let mut attempts = 0;
    while out.len() < count && attempts < count * 20 {
        attempts += 1;
        let game_seed = rng.below(1 << 30) as u64;
        let Ok(original) = game.random(mode, game_seed, max_turns) else {
            continue;
        };
        let Some(mut turns) = turns_of(game, &original) else {
            continue;
        };
        let mut kinds = Vec::new();
        let mut used: Vec<usize> = Vec::new();
        let mut tries = 0;
        while kinds.len() < slips && tries < 50 {
            tries += 1;
            if turns.turns.is_empty() {
                break;
            }
            let t = rng.below(turns.turns.len());
            if used.iter().any(|u| u.abs_diff(t) < 2) {
                continue;
            }
            let kind = KINDS[rng.below(KINDS.len())];
            if slip(&mut turns, t, kind, &mut rng) {
                kinds.push(kind);
                used.push(t);
            }
        }
        if kinds.len() < slips {
            continue;
        }
        let slipped = turns.write();
        let verdict = arbitre::check(&Record::from_text(slipped.clone()), &Default::default());
        if verdict.verdict() == arbitre::Verdict::Legal {
            continue;
        }
        out.push(Slipped {
            game,
            mode,
            original,
            slipped,
            slips: kinds,
        });
    }
    out
}
