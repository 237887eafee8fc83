//! No input makes arbitre panic: every sample, mutated at random (bytes
//! replaced by characters that matter to the notations, ranges cut or
//! repeated), gets a verdict.

use std::path::{Path, PathBuf};

use arbitre::{RecordReport, Switches};
use proptest::prelude::*;

fn samples() -> &'static [Vec<u8>] {
    static SAMPLES: std::sync::OnceLock<Vec<Vec<u8>>> = std::sync::OnceLock::new();
    SAMPLES.get_or_init(read_samples)
}

fn read_samples() -> Vec<Vec<u8>> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
            let path = entry.path();
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|e| e == "arb") {
                out.push(path);
            }
        }
    }
    let mut paths = Vec::new();
    walk(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("samples"),
        &mut paths,
    );
    paths.sort();
    paths.iter().filter_map(|p| std::fs::read(p).ok()).collect()
}

/// Characters that mean something to some notation or to the header.
const NOTABLE: &[u8] = b"abcdeghklmnBRYKSx=-:>.;{}0123456789 \n-e";

#[derive(Debug, Clone)]
enum Mutation {
    Replace(usize, u8),
    Cut(usize, usize),
    Repeat(usize, usize),
}

fn mutate(mut bytes: Vec<u8>, mutations: &[Mutation]) -> Vec<u8> {
    for m in mutations {
        let n = bytes.len().max(1);
        match *m {
            Mutation::Replace(at, c) => {
                if let Some(b) = bytes.get_mut(at % n) {
                    *b = NOTABLE[c as usize % NOTABLE.len()];
                }
            }
            Mutation::Cut(at, len) => {
                let start = (at % n).min(bytes.len());
                let end = (start + len % 12).min(bytes.len());
                bytes.drain(start..end);
            }
            Mutation::Repeat(at, len) => {
                let start = (at % n).min(bytes.len());
                let end = (start + len % 12).min(bytes.len());
                let piece = bytes[start..end].to_vec();
                bytes.splice(end..end, piece);
            }
        }
    }
    bytes
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        (any::<usize>(), any::<u8>()).prop_map(|(a, c)| Mutation::Replace(a, c)),
        (any::<usize>(), any::<usize>()).prop_map(|(a, l)| Mutation::Cut(a, l)),
        (any::<usize>(), any::<usize>()).prop_map(|(a, l)| Mutation::Repeat(a, l)),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn mutated_samples_get_a_verdict(pick in any::<prop::sample::Index>(), mutations in prop::collection::vec(mutation(), 1..4)) {
        let all = samples();
        let original = all[pick.index(all.len())].clone();
        let bytes = mutate(original, &mutations);
        for rule in [false, true] {
            let mut switches = Switches::new();
            switches.set(arbitre::games::superpion::FORGIVE, rule);
            for report in arbitre::check_reader("mutant.arb", &bytes[..], &switches) {
                let report: RecordReport = report.map_err(|e| TestCaseError::fail(e.to_string()))?;
                prop_assert!(report.diagnostic.as_ref().is_none_or(|d| d.offset <= bytes.len()));
            }
        }
    }
}

#[test]
fn a_header_without_a_game_is_offered_every_game() {
    for text in ["---\n\n---\n", "---\nevent: x\n---\n"] {
        let report = arbitre::check_str("game.arb", text, &Switches::new()).remove(0);
        let help = report.diagnostic.and_then(|d| d.help).unwrap_or_default();
        for name in arbitre::games::names() {
            assert!(help.contains(&format!("`game: {name}`")), "{help}");
        }
    }
}
