//! The library as a program uses it, through the facade only: records from a
//! string or any reader, typed verdicts, positions after N turns, legal
//! turns, all-or-nothing play, one written turn resolved against a position,
//! and the verdict types as errors and miette diagnostics.

use arbitre::games::{puluc, simpei, superpion};
use arbitre::reader::RecordFault;
use arbitre::replay::check_as;
use arbitre::{
    check, check_reader, check_str, open, parse_turn, Limits, Machine, Mechanics, Notation, Reader,
    RecordReport, Switches, Verdict,
};

const SIMPEI: &str = "---\ngame: simpei\n---\n1. c3 c1 2. a7 g5 3. a5 e3\n";
const ILLEGAL: &str = "---\ngame: simpei\n---\n1. c3 c3\n";

#[test]
fn a_string_and_a_reader_give_the_same_reports() {
    let text = format!("{SIMPEI}{ILLEGAL}---\ngame: chess\n---\n");
    let switches = Switches::new();
    let from_str = check_str("a.arb", &text, &switches);
    let from_reader: Vec<RecordReport> = check_reader("a.arb", text.as_bytes(), &switches)
        .collect::<std::io::Result<_>>()
        .unwrap_or_default();
    let verdicts: Vec<Verdict> = from_str.iter().map(|r| r.verdict).collect();
    assert_eq!(
        verdicts,
        [Verdict::Legal, Verdict::Illegal, Verdict::Malformed]
    );
    assert_eq!(
        Machine::Json.document(&from_str),
        Machine::Json.document(&from_reader)
    );
    // Lines count from the start of the text, not of the record.
    let d = from_str[1].diagnostic.as_ref().map(|d| (d.line, d.column));
    assert_eq!(d, Some((8, 7)));
}

#[test]
fn typed_verdicts_name_the_rule_the_turn_and_the_legal_turns() {
    let record = arbitre::Record::from_text(ILLEGAL);
    let checked = check(&record, &Switches::new());
    assert_eq!(checked.game, Some("simpei"));
    let violation = checked.violation.unwrap_or_else(|| panic!("illegal"));
    assert_eq!(violation.rule.id, "simpei/occupied");
    assert_eq!(violation.turn_index, Some(1));
    assert_eq!(checked.violation_turn.as_deref(), Some("1... blue"));
    // What was legal stays typed: a wrong action lists Simpei actions, not
    // strings; all 24 of them (few enough to keep), and their count.
    let expected = violation.expected.unwrap_or_else(|| panic!("alternatives"));
    let plays = expected
        .plays::<simpei::Action>()
        .unwrap_or_else(|| panic!("typed"));
    assert_eq!((plays.len(), expected.len()), (24, 24));
    assert!(plays.iter().all(|p| p.to_string() != "c3"));
}

#[test]
fn a_record_opened_as_its_game_gives_positions_and_legal_turns() {
    let opened = open::<simpei::Simpei>(SIMPEI, &Switches::new()).unwrap_or_else(|m| panic!("{m}"));
    assert_eq!(opened.turns.len(), 6);
    let start = opened.position_after(0).unwrap_or_else(|v| panic!("{v}"));
    assert_eq!(start, opened.start);
    let two = opened.position_after(2).unwrap_or_else(|v| panic!("{v}"));
    let legal = simpei::Simpei::legal(&two);
    // Two pieces placed: every other point takes the third.
    assert_eq!(legal.len(), 25 - 2);
    let end = opened.position_after(99).unwrap_or_else(|v| panic!("{v}"));
    assert_eq!(end.winner, Some(simpei::Colour::Blue));
    assert!(simpei::Simpei::legal(&end).is_empty());
    // An illegal turn stops the replay with its violation.
    let illegal = open::<simpei::Simpei>(ILLEGAL, &Switches::new())
        .unwrap_or_else(|m| panic!("{m}"))
        .position_after(2);
    assert_eq!(illegal.map_err(|v| v.rule.id), Err("simpei/occupied"));
}

#[test]
fn a_malformed_record_does_not_open() {
    let broken = "---\ngame: simpei\n---\n1. c3 zz\n";
    let malformed = open::<simpei::Simpei>(broken, &Switches::new()).err();
    assert_eq!(malformed.map(|m| m.rule.id), Some("syntax"));
    let wrong_game = check_as::<puluc::Puluc>(SIMPEI, &Switches::new());
    assert!(wrong_game.malformed.is_some());
}

#[test]
fn play_is_all_or_nothing_in_every_game() {
    let mut simpei = simpei::Simpei::initial(None).unwrap_or_else(|e| panic!("{e}"));
    let before = simpei.clone();
    let outside = parse_turn::<simpei::Simpei>("b1").unwrap_or_else(|e| panic!("{e}"));
    assert!(simpei::Simpei::play(&mut simpei, &outside, 0).is_err());
    assert_eq!(simpei, before);

    let mut puluc = puluc::Puluc::initial(None).unwrap_or_else(|e| panic!("{e}"));
    let before = puluc.clone();
    let wrong = parse_turn::<puluc::Puluc>("2:e-3").unwrap_or_else(|e| panic!("{e}"));
    assert!(puluc::Puluc::play(&mut puluc, &wrong, 0).is_err());
    assert_eq!(puluc, before);

    let mut superpion =
        superpion::Superpion::initial(Some("two-players")).unwrap_or_else(|e| panic!("{e}"));
    let before = superpion.clone();
    // The first action is legal, the second is not: neither is played.
    let half =
        parse_turn::<superpion::Superpion>("1.B g3-g5 g5-g9").unwrap_or_else(|e| panic!("{e}"));
    assert!(superpion::Superpion::play(&mut superpion, &half, 0).is_err());
    assert_eq!(superpion, before);
}

#[test]
fn a_written_turn_resolves_to_the_legal_turn_it_denotes() {
    let position = simpei::Simpei::initial(None).unwrap_or_else(|e| panic!("{e}"));
    let turn = parse_turn::<simpei::Simpei>("1. c3").unwrap_or_else(|e| panic!("{e}"));
    let play = simpei::Simpei::resolve(&position, &turn, 0).unwrap_or_else(|v| panic!("{v}"));
    assert!(simpei::Simpei::legal(&position).contains(&play));
    let mut played = position.clone();
    simpei::Simpei::apply(&mut played, &play);
    let mut written = position.clone();
    let warnings = simpei::Simpei::play(&mut written, &turn, 0).unwrap_or_else(|v| panic!("{v}"));
    assert!(warnings.is_empty());
    assert_eq!(played, written);
    // Not one turn: a syntax error, not a guess.
    assert!(parse_turn::<simpei::Simpei>("c3 c1").is_err());
    assert!(parse_turn::<simpei::Simpei>("").is_err());
}

#[test]
fn verdicts_are_errors_and_miette_diagnostics() {
    let report = check_str("game.arb", ILLEGAL, &Switches::new()).remove(0);
    let diagnostic = report.diagnostic.unwrap_or_else(|| panic!("a diagnostic"));
    let as_error: &dyn std::error::Error = &diagnostic;
    assert!(as_error.to_string().starts_with("c3 is"), "{as_error}");
    let code = miette::Diagnostic::code(&diagnostic).map(|c| c.to_string());
    assert_eq!(code.as_deref(), Some("simpei/occupied"));
    let help = miette::Diagnostic::help(&diagnostic).map(|h| h.to_string());
    assert!(help.is_some_and(|h| h.starts_with("legal here: ")));
    // Drawn by miette over the file's text, at the file's offsets (the
    // `cli` feature turns on miette's drawing).
    #[cfg(feature = "cli")]
    let drawn = format!(
        "{:?}",
        miette::Report::new(diagnostic).with_source_code(ILLEGAL.to_string())
    );
    #[cfg(feature = "cli")]
    assert!(drawn.contains("1. c3 c3"), "{drawn}");
    let checked = check(&arbitre::Record::from_text(ILLEGAL), &Switches::new());
    let violation = checked.violation.unwrap_or_else(|| panic!("illegal"));
    let labels: Vec<_> = miette::Diagnostic::labels(&violation)
        .map(|l| l.collect())
        .unwrap_or_default();
    assert_eq!(labels.len(), 1);
    assert_eq!(labels[0].offset(), ILLEGAL.rfind("c3").unwrap_or(0));
}

#[test]
fn the_reader_bounds_a_record_and_goes_on() {
    let long = format!("---\ngame: simpei\n---\n{{{}}}\n", "x".repeat(10_000));
    let text = format!("{long}{SIMPEI}");
    let limits = Limits {
        record_bytes: 512,
        ..Limits::default()
    };
    let records: Vec<_> = Reader::with_limits(text.as_bytes(), limits)
        .collect::<std::io::Result<_>>()
        .unwrap_or_default();
    assert_eq!(records.len(), 2);
    assert_eq!(records[0].fault, Some(RecordFault::TooLong { limit: 512 }));
    assert_eq!(records[1].offset, long.len());
    assert_eq!(records[1].line, 5);
    let second = check(&records[1], &Switches::new());
    assert!(second.malformed.is_none() && second.violation.is_none());
}

/// The first record of `text`, as the reader hands it over.
fn first_record(text: &str) -> arbitre::Record {
    Reader::new(text.as_bytes())
        .next()
        .and_then(Result::ok)
        .unwrap_or_else(|| panic!("no record in {text}"))
}

#[test]
fn a_stop_is_a_count_a_label_or_the_end() {
    use arbitre::at::At;
    use arbitre::dispatch::stop;
    use arbitre::replay::StopError;
    let switches = Switches::new();
    let legal = first_record(SIMPEI);
    let by_count = stop(&legal, &switches, 3).unwrap_or_else(|e| panic!("{e:?}"));
    let label: At = "2...".parse().unwrap_or_else(|e| panic!("{e}"));
    let by_label = stop(&legal, &switches, label).unwrap_or_else(|e| panic!("{e:?}"));
    assert_eq!((by_label.turn, &by_label.label), (3, &by_count.label));
    assert_eq!(by_label.legal, by_count.legal);
    // The end of a won game: no legal turn, and how it ended.
    let end = stop(&legal, &switches, None).unwrap_or_else(|e| panic!("{e:?}"));
    assert_eq!((end.turn, end.legal.len()), (6, 0));
    assert_eq!(end.over.as_deref(), Some("blue wins"));
    assert!(end.illegal.is_none());
    // An illegal record stops before its illegal turn, and says why.
    let illegal = first_record(ILLEGAL);
    let before = stop(&illegal, &switches, At::End).unwrap_or_else(|e| panic!("{e:?}"));
    assert_eq!(before.turn, 1);
    let verdict = before.illegal.unwrap_or_else(|| panic!("illegal"));
    assert_eq!(
        verdict.violation.map(|v| v.rule.id),
        Some("simpei/occupied")
    );
    assert_eq!(verdict.violation_turn.as_deref(), Some("1... blue"));
    match stop(&illegal, &switches, 2) {
        Err(StopError::PastIllegal { asked, checked }) => {
            assert_eq!((asked, checked.turns), (At::Count(2), 1));
        }
        other => panic!("{other:?}"),
    }
    let bad = stop(&legal, &switches, At::Label("2.x".into()));
    assert!(matches!(bad, Err(StopError::BadLabel { message, .. }) if message.contains("`3...`")));
    let missing = stop(&legal, &switches, At::Label("9.".into()));
    assert!(matches!(
        missing,
        Err(StopError::NoSuchTurn { turns: 6, .. })
    ));
}

/// Every record of every sample (legal, illegal, won, ended by the
/// header), replayed once by `stops`: each position handed over is the one
/// `stop` gives for its count of turns, and the end is `stop`'s default.
#[test]
fn one_replay_gives_every_position_as_stop_gives_each() {
    use arbitre::dispatch::{stop, stops};
    let switches = Switches::new();
    let same = |a: &arbitre::replay::Stop, b: &arbitre::replay::Stop| {
        assert_eq!(
            (a.turn, &a.label, &a.diagram, &a.setup, a.played),
            (b.turn, &b.label, &b.diagram, &b.setup, b.played)
        );
        assert_eq!(
            (&a.over, &a.to_move, &a.legal),
            (&b.over, &b.to_move, &b.legal)
        );
        assert_eq!(a.picture.svg(), b.picture.svg());
    };
    let mut records = 0;
    for game in ["simpei", "puluc", "superpion"] {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("samples")
            .join(game);
        let mut files: Vec<_> = std::fs::read_dir(&dir)
            .unwrap_or_else(|e| panic!("{e}"))
            .filter_map(Result::ok)
            .map(|entry| entry.path())
            .filter(|path| path.extension().is_some_and(|e| e == "arb"))
            .collect();
        files.sort();
        for file in files {
            let bytes = std::fs::read(&file).unwrap_or_else(|e| panic!("{e}"));
            for record in Reader::new(bytes.as_slice()).filter_map(Result::ok) {
                let mut each = Vec::new();
                let end = stops(&record, &switches, 0, &mut |s| each.push(s));
                let alone = stop(&record, &switches, None);
                match (end, alone) {
                    (Ok(end), Ok(alone)) => {
                        same(&end, &alone);
                        assert_eq!(end.illegal.is_some(), alone.illegal.is_some());
                        let refused = end
                            .illegal
                            .as_ref()
                            .is_some_and(|c| c.violation_turn.is_some());
                        assert_eq!(each.len(), end.turn + usize::from(refused), "{file:?}");
                        for (turns, s) in each.iter().enumerate() {
                            let asked = stop(&record, &switches, turns)
                                .unwrap_or_else(|e| panic!("{file:?} {turns}: {e}"));
                            same(s, &asked);
                        }
                        records += 1;
                    }
                    (Err(_), Err(_)) => assert!(each.is_empty()),
                    (end, alone) => panic!("{file:?}: {end:?} against {alone:?}"),
                }
            }
        }
    }
    assert!(records > 30, "{records}");
}

#[test]
fn a_game_reads_back_the_labels_it_prints() {
    let position = superpion::Superpion::initial(None).unwrap_or_else(|e| panic!("{e}"));
    let printed = superpion::Superpion::turn_label(&position, 0);
    assert_eq!(printed, "1.B");
    let label = superpion::Superpion::read_label(&printed).unwrap_or_else(|e| panic!("{e}"));
    assert!(superpion::Superpion::names_turn(&label, &position, 0));
    let red = superpion::Superpion::read_label("1.R").unwrap_or_else(|e| panic!("{e}"));
    assert!(!superpion::Superpion::names_turn(&red, &position, 0));
    let simpei = simpei::Simpei::initial(None).unwrap_or_else(|e| panic!("{e}"));
    let label = simpei::Simpei::read_label(&simpei::Simpei::turn_label(&simpei, 0))
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(simpei::Simpei::names_turn(&label, &simpei, 0));
    assert!(puluc::Puluc::read_label("1.").is_ok());
}

#[test]
fn an_illegal_report_carries_the_command_to_settle_it() {
    let reports = check_str(
        "my game.arb",
        &format!("{SIMPEI}{ILLEGAL}"),
        &Switches::new(),
    );
    let d = reports[1]
        .diagnostic
        .clone()
        .unwrap_or_else(|| panic!("illegal"));
    // The illegal turn by the label the report gives it.
    let command = "arbitre moves 'my game.arb' --record 1 --turn '1... blue'";
    assert_eq!(d.moves_command.as_deref(), Some(command));
    assert!(d.help_text().is_some_and(|h| h.ends_with(&format!(
        "{command}\nthe rule explained: arbitre explain simpei/occupied"
    ))));
    assert_eq!(
        d.explain_command.as_deref(),
        Some("arbitre explain simpei/occupied")
    );
    let mut switches = Switches::new();
    let known = switches.set_named("forgive-missed-captures", true);
    assert_eq!(known.map(|r| r.as_str()), Ok("forgive-missed-captures"));
    let ruled = reports[1].clone().with_switches(&switches);
    assert_eq!(
        ruled.diagnostic.and_then(|d| d.moves_command).as_deref(),
        Some(
            "arbitre moves 'my game.arb' --record 1 --turn '1... blue' --rule forgive-missed-captures"
        )
    );
    assert_eq!(
        arbitre::report::moves_command("-", 0, 4, &Switches::new()),
        "arbitre moves <file> --turn 4"
    );
    assert_eq!(
        arbitre::report::moves_command("-x.arb", 0, 0, &Switches::new()),
        "arbitre moves ./-x.arb --turn 0"
    );
    assert_eq!(
        arbitre::report::moves_command("g.arb", 0, "2.B", &Switches::new()),
        "arbitre moves g.arb --turn 2.B"
    );
}

#[test]
fn a_misspelt_house_rule_is_refused_with_the_known_ones() {
    let mut switches = Switches::new();
    let typo = switches.set_named("forgive-missed-capture", true);
    let message = typo.map_err(|e| e.to_string()).err();
    assert_eq!(
        message.as_deref(),
        Some("`forgive-missed-capture` is not a house rule (known: forgive-missed-captures)")
    );
    // Nothing switched, so nothing echoed into the command to settle it.
    assert!(switches.is_empty());
    let report = check_str("g.arb", ILLEGAL, &Switches::new()).remove(0);
    let command = report
        .with_switches(&switches)
        .diagnostic
        .and_then(|d| d.moves_command);
    assert_eq!(
        command.as_deref(),
        Some("arbitre moves g.arb --turn '1... blue'")
    );
}

#[test]
fn a_house_rule_switched_changes_the_verdict_of_its_game() {
    use arbitre::games::superpion::FORGIVE;
    // Moving h8 opens f6xh8, and blue's second action does not take it.
    let setup = "game: superpion\nsetup:\n  pieces: {blue: [f6, h8], red: [g7, b10]}\n";
    let missed = format!("---\n{setup}---\n1.B h8-h10 f6-f8\n");
    let record = arbitre::Record::from_text(missed);
    let strict = check(&record, &Switches::new());
    let forgiven = check(&record, &Switches::new().with(FORGIVE, true));
    assert_eq!(
        (strict.verdict(), forgiven.verdict()),
        (Verdict::Illegal, Verdict::Legal)
    );
    assert_eq!(forgiven.warning_count(), 1);
    // A switch wins over the header's `rules`.
    let ruled =
        format!("---\n{setup}rules: {{forgive-missed-captures: true}}\n---\n1.B h8-h10 f6-f8\n");
    let record = arbitre::Record::from_text(ruled);
    assert_eq!(check(&record, &Switches::new()).verdict(), Verdict::Legal);
    let off = check(&record, &Switches::new().with(FORGIVE, false));
    assert_eq!(off.verdict(), Verdict::Illegal);
}

#[test]
fn a_game_from_the_registry_checks_a_record_of_the_reader() {
    let switches = Switches::new();
    let record = first_record(ILLEGAL);
    let simpei = arbitre::games::find("simpei").unwrap_or_else(|| panic!("simpei"));
    let checked = simpei.check(&record, &switches);
    assert_eq!(checked.verdict(), Verdict::Illegal);
    assert_eq!(checked.verdict(), check(&record, &switches).verdict());
    let at_start = simpei.stop(&record, &switches, &arbitre::at::At::Count(1));
    let by_header = arbitre::dispatch::stop(&record, &switches, 1);
    assert_eq!(
        at_start.map(|s| s.legal.len()).ok(),
        by_header.map(|s| s.legal.len()).ok()
    );
    // Read as another game, whatever the header says: Puluc refuses it.
    let puluc = arbitre::games::find("puluc").unwrap_or_else(|| panic!("puluc"));
    assert_eq!(
        puluc.check(&record, &switches).verdict(),
        Verdict::Malformed
    );
    // A record the reader could not hand over whole is malformed for any game.
    let mut broken = record.clone();
    broken.fault = Some(RecordFault::NotUtf8 { at: 3 });
    assert_eq!(
        simpei.check(&broken, &switches).verdict(),
        Verdict::Malformed
    );
    assert!(simpei.table(&broken, &switches).is_none());
    // The limits travel with the record to the game too.
    let small = Limits {
        header_bytes: 8,
        ..Limits::default()
    };
    let bounded = simpei.check(&record.clone().with_limits(small), &switches);
    let refused = bounded.malformed.map(|m| (m.rule, m.message));
    assert!(
        refused
            .as_ref()
            .is_some_and(|(rule, message)| rule.id == "header"
                && message.contains("more than the limit of 8")),
        "{refused:?}"
    );
}

#[test]
fn every_error_of_the_api_is_a_std_error() {
    use arbitre::at::At;
    use arbitre::dispatch::stop;
    use arbitre::replay::StopError;
    use arbitre::walk::{WalkProblem, WalkProblemKind};
    fn error<E: std::error::Error>(e: &E) -> String {
        e.to_string()
    }
    let switches = Switches::new();
    let too_few = stop(&first_record(SIMPEI), &switches, 9).err();
    assert_eq!(
        too_few.as_ref().map(error).as_deref(),
        Some("the record has 6 turns, so a count of turns goes from 0 to 6, not 9")
    );
    let past = stop(&first_record(ILLEGAL), &switches, 2).err();
    let past = past.as_ref().map(error).unwrap_or_default();
    assert!(
        past.starts_with(
            "`2` lies past the record's first illegal turn (1... blue), simpei/occupied: c3 is"
        ) && past.ends_with("the last position that can be shown is after 1 turns"),
        "{past}"
    );
    let malformed = stop(
        &first_record("---\ngame: simpei\nevnt: x\n---\n"),
        &switches,
        At::End,
    );
    assert!(matches!(malformed, Err(StopError::Record(_))));
    let malformed = malformed.err().as_ref().map(error).unwrap_or_default();
    assert!(
        malformed.starts_with("the record is malformed (header: "),
        "{malformed}"
    );
    let missing = stop(&first_record(SIMPEI), &switches, At::Label("9.".into())).err();
    assert!(missing
        .as_ref()
        .map(error)
        .is_some_and(|m| m.contains("no turn `9.`")));
    assert_eq!(
        error(&RecordFault::TooLong { limit: 64 }),
        "the record is longer than 64 bytes, the limit"
    );
    assert_eq!(
        error(&RecordFault::NotUtf8 { at: 3 }),
        "the record is not UTF-8 text (byte 3 of the record)"
    );
    let problem = WalkProblem {
        path: "games".into(),
        kind: WalkProblemKind::NoRecords,
        raw: None,
    };
    assert_eq!(error(&problem), "games holds no *.arb file");
    assert_eq!(error(&problem.kind), "holds no *.arb file");
}

#[test]
fn reports_read_back_from_their_json_and_yaml_as_written() {
    // Every kind of field: scores, throws, warnings, a diagnostic with its
    // alternatives and command, a malformed record with its help.
    let mut text = String::new();
    for sample in [
        "superpion/lawyer-forgiven.arb",
        "puluc/full-game.arb",
        "simpei/annotated-record.arb",
    ] {
        let path = format!("{}/samples/{sample}", env!("CARGO_MANIFEST_DIR"));
        text.push_str(&std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}")));
    }
    text.push_str(ILLEGAL);
    text.push_str("---\ngame: chess\n---\n");
    let reports = check_str("all.arb", &text, &Switches::new());
    assert!(reports.iter().any(|r| r.scores.is_some()));
    assert!(reports.iter().any(|r| r.throws.is_some()));
    assert!(reports.iter().any(|r| !r.warnings.is_empty()));
    let verdicts: std::collections::BTreeSet<_> =
        reports.iter().map(|r| format!("{:?}", r.verdict)).collect();
    assert_eq!(verdicts.len(), 3);
    let json = Machine::Json.document(&reports);
    let back: Vec<RecordReport> = serde_json::from_str(&json).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(Machine::Json.document(&back), json);
    let yaml = Machine::Yaml.document(&reports);
    let back: Vec<RecordReport> = serde_yaml::from_str(&yaml).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(Machine::Yaml.document(&back), yaml);
    // The whole document of a run, spliced as `check --format json` writes it.
    let mut tally = arbitre::Tally::default();
    reports.iter().for_each(|r| tally.add(r));
    let mut run = Machine::Json.opening().to_string();
    for (i, report) in reports.iter().enumerate() {
        if i > 0 {
            run.push_str(Machine::Json.between());
        }
        run.push_str(&Machine::Json.record(report));
    }
    run.push_str(&Machine::Json.closing(reports.len(), &[], &tally));
    let batch: arbitre::report::Batch =
        serde_json::from_str(&run).unwrap_or_else(|e| panic!("{e}\n{run}"));
    assert_eq!((batch.records.len(), batch.summary), (reports.len(), tally));
    // A status is one of its two words.
    let odd = json.replacen("\"finished\"", "\"done\"", 1);
    assert!(serde_json::from_str::<Vec<RecordReport>>(&odd).is_err());
}

/// The help banner shows each game's example line: a new user copies it, so
/// it must be a legal opening, played from the initial position.
#[test]
fn every_games_banner_example_is_legal_from_the_initial_position() {
    let record = |game: &str, turns: &str| format!("---\ngame: {game}\n---\n{turns}\n");
    for game in arbitre::games::all() {
        let text = record(game.name(), game.example());
        let reports = check_str("example.arb", &text, &Switches::new());
        let verdicts: Vec<Verdict> = reports.iter().map(|r| r.verdict).collect();
        assert_eq!(verdicts, [Verdict::Legal], "{}: {text}", game.title());
    }
    // Its neighbour: the banner's old Superpion line, which no opening allows.
    let old = record(
        "superpion",
        "1.B g3-g5 i3-i5   1.R c5xe7xg9 c7-e7   1.Y d12-d14=B   1.K --",
    );
    let reports = check_str("example.arb", &old, &Switches::new());
    assert_eq!(reports[0].verdict, Verdict::Illegal);
}
