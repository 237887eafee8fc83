//! What the checker says about records: the fixed JSON/YAML fields of
//! `record.md`, and the human forms (diagnostics, tables, one-line verdicts).
//! Reports know neither notation nor rules: they get spans and strings.
//! One file a job: the record's report (`record`), the documents of a run
//! (`documents`), the envelope they open with (`envelope`), the position
//! report (`position`), the counts (`tally`), the throws (`throws`), the
//! shell commands suggested (`shell`) and the machine forms (`machine`).

mod documents;
mod envelope;
mod located;
mod machine;
mod position;
mod record;
mod shell;
mod tally;
mod throws;
pub(crate) mod yaml;

pub use located::{located, short, Located, Region, Seen};

pub use documents::{Batch, ReportsDocument, Unreadable};
pub use envelope::{SCHEMA, VERSION};
pub use machine::Machine;
pub use position::PositionReport;
pub use record::{check_reader, check_str, Diagnostic, RecordReport, StatusWord, WarningReport};
pub use shell::{moves_command, repair_command};
pub use tally::{LeftOut, LeftOutReason, Tally};
pub use throws::{Skipped, StatsDocument, ThrowRecord, ThrowTotal};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::finding::Verdict;
    use crate::game::{Decided, Outcome, Players, Scores, Team};
    use crate::record::Switches;

    fn report(index: usize, warned: bool) -> RecordReport {
        RecordReport {
            path: "a: b.arb".into(),
            index,
            game: Some("simpei".into()),
            verdict: Verdict::Illegal,
            diagnostic: Some(Diagnostic {
                rule: "simpei/occupied".into(),
                message: "c3 is \"taken\"\nreally".into(),
                line: 4,
                column: 2,
                offset: 30,
                length: 2,
                turn_index: Some(1),
                expected: vec!["c5".into(), "d4".into()],
                expected_total: 2,
                turn: Some("1... blue".into()),
                help: None,
                moves_command: Some("arbitre moves 'a: b.arb' --turn 1".into()),
                explain_command: Some("arbitre explain simpei/occupied".into()),
            }),
            warnings: if warned {
                vec![WarningReport {
                    rule: "w".into(),
                    message: "- odd: yes".into(),
                    line: None,
                    column: None,
                    turn_index: None,
                    span: None,
                }]
            } else {
                Vec::new()
            },
            warnings_omitted: 0,
            turns: 1,
            status: Some("unfinished"),
            winner: None,
            to_move: Some("blue".into()),
            scores: Some(Scores(vec![("red".into(), 1), ("blue".into(), 0)])),
            players: Some(Players(vec![("red".into(), "Ann: \"A\"".into())])),
            outcome: (index == 1).then(|| Outcome {
                end: "adjudication".into(),
                decided: Decided::OffBoard,
                winners: vec!["red".into()],
                scores: None,
                board_scores: Some(Scores(vec![("red".into(), 2)])),
                teams: Some(vec![Team {
                    sides: vec!["red".into(), "yellow".into()],
                    players: vec![Some("Ann".into()), None],
                    score: 3,
                }]),
            }),
            tournament: (index == 1).then(|| {
                Box::new(crate::game::Tournament {
                    event: Some("Open: \"A\"".into()),
                    round: Some(2),
                    time_control: Some("40/2h # x".into()),
                    tags: Some(crate::game::Tags(vec![(
                        "rating-a".into(),
                        "- 1820".into(),
                    )])),
                    ..Default::default()
                })
            }),
            throws: None,
            description: None,
        }
    }

    #[test]
    fn moves_written_a_turn_at_a_time_are_the_whole_document() {
        let texts = [
            "---\ngame: puluc\n---\n1. 2:e-2 3:e-7\n",
            // Four pieces sandwiched: 143,640 turns; and a game over.
            "---\ngame: simpei\nsetup: {red: [b2, g1, a7, f6], blue: [c1, e1, a3, a5]}\n---\n",
            "---\ngame: simpei\n---\n1. c3 c1 2. a7 g5 3. a5 e3\n",
        ];
        for text in texts {
            let record = crate::Reader::new(text.as_bytes())
                .next()
                .and_then(Result::ok)
                .unwrap_or_else(|| panic!("{text}"));
            let stop = crate::dispatch::stop(&record, &Switches::new(), crate::at::At::End)
                .unwrap_or_else(|_| panic!("{text}"));
            let report = PositionReport::new("a.arb", &record, &stop, &Switches::new());
            for machine in [Machine::Json, Machine::Yaml] {
                for expand in [false, true] {
                    if machine == Machine::Yaml && expand && text.contains("b2") {
                        continue;
                    }
                    let mut written = Vec::new();
                    let streamed = report
                        .clone()
                        .write_moves(machine, &stop, expand, &mut written);
                    assert!(streamed.is_ok());
                    let whole = machine.document(&report.clone().with_legal(&stop, expand));
                    assert!(written == whole.as_bytes(), "{text} {machine:?} {expand}");
                }
            }
        }
    }

    #[test]
    fn streamed_documents_are_the_whole_documents() {
        for n in 0..3 {
            let records: Vec<RecordReport> = (0..n).map(|i| report(i, i == 1)).collect();
            for format in [Machine::Json, Machine::Yaml] {
                let mut streamed = format.opening().to_string();
                for (i, r) in records.iter().enumerate() {
                    if i > 0 {
                        streamed.push_str(format.between());
                    }
                    streamed.push_str(&format.record(r));
                }
                let unreadable = vec![Unreadable {
                    path: "gone.arb".into(),
                    error: "No such file: \"gone\"".into(),
                    raw: None,
                }];
                let mut tally = Tally::default();
                for r in &records {
                    tally.add(r);
                }
                tally.unreadable = 1;
                streamed.push_str(&format.closing(records.len(), &unreadable, &tally));
                let whole = format.document(&Batch::new(records.clone(), unreadable, tally));
                assert_eq!(streamed, whole, "{format:?} with {n} records");
                let stamp = format!("{{\n  \"schema\": {SCHEMA},\n  \"arbitre\": \"{VERSION}\",\n");
                let yaml_stamp = format!("schema: {SCHEMA}\narbitre: {VERSION}\n");
                assert!(
                    whole.starts_with(&stamp) || whole.starts_with(&yaml_stamp),
                    "{whole}"
                );
            }
            // Each JSON line is a document of its own, stamped first.
            let stamp = format!("{{\"schema\":{SCHEMA},\"arbitre\":\"{VERSION}\",");
            let lines = Machine::JsonLines;
            let mut tally = Tally::default();
            let mut written: Vec<String> = records.iter().map(|r| lines.record(r)).collect();
            for r in &records {
                tally.add(r);
            }
            let gone = Unreadable {
                path: "gone.arb".into(),
                error: "gone".into(),
                raw: None,
            };
            written.push(lines.unreadable(&gone));
            written.push(lines.closing(records.len(), &[], &tally));
            for line in &written {
                assert!(line.starts_with(&stamp) && line.ends_with("}\n"), "{line}");
                assert_eq!(line.matches('\n').count(), 1, "{line}");
                let value: serde_json::Value =
                    serde_json::from_str(line).unwrap_or_else(|e| panic!("{e}: {line}"));
                assert_eq!(value["schema"], SCHEMA);
            }
            // And read back into the report types.
            for (line, report) in written.iter().zip(&records) {
                let back: RecordReport =
                    serde_json::from_str(line).unwrap_or_else(|e| panic!("{e}: {line}"));
                assert_eq!(back.players, report.players);
                assert_eq!(back.outcome, report.outcome);
            }
        }
    }
}
