"""The package's API, attribute by attribute, against the samples'
`# expect:` lines and the command's own output: `check`'s typed records,
`score`, `moves`, `show`, `explain`, `fmt`, `standings`, house rules, the
errors raised, and `read`'s streams."""

from __future__ import annotations

import io
import json
import os
import pickle
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any, Dict, List, Optional

import pytest

import arbitre
from support import ROOT, club_nights, run, run_json, sample_files, text_of

SAMPLES = sample_files()

SPEC_SIMPEI = "samples/simpei/spec-example.arb"
OCCUPIED = "samples/simpei/illegal-occupied.arb"
BAD_HEADER = "samples/simpei/malformed-header-key.arb"
SEVERAL = "samples/simpei/several-records.arb"
FORGIVEN = "samples/superpion/lawyer-forgiven.arb"
MANDATORY = "samples/superpion/mandatory-capture.arb"
SCORING = "samples/superpion/scoring-example.arb"
TEAMS = "samples/superpion/teams-captured-superpion.arb"
PULUC = "samples/puluc/full-game.arb"
PULUC_MALFORMED = "samples/puluc/malformed.arb"


# Every record's attributes: typed, and what `to_dict` and the samples'
# `# expect:` lines say (tests/samples.rs reads the same lines).


def expectations(text: str) -> List[List[str]]:
    out = []
    for line in text.splitlines():
        line = line.lstrip()
        if not line.startswith(("#", ";")):
            continue
        rest = line[1:].lstrip()
        if rest.startswith("expect:"):
            out.append(rest[len("expect:") :].split())
    return out


def word(value: Any) -> str:
    """A value as an `# expect:` line writes it (serde_json's, keys sorted)."""
    if value is None:
        return "null"
    if isinstance(value, str):
        return value
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def typed(record: arbitre.Record) -> None:
    """Every attribute of the type the stubs give, equal to the dict's."""
    d = record.to_dict()
    assert isinstance(record, arbitre.Record)
    assert record.verdict in ("legal", "illegal", "malformed")
    assert record.verdict == d["verdict"]
    assert record.legal is (record.verdict == "legal")
    assert record.game == d["game"] and (record.game is None or isinstance(record.game, str))
    assert record.path == d["path"] and isinstance(record.path, str)
    assert record.index == d["index"] and isinstance(record.index, int)
    assert record.turns == d["turns"] and isinstance(record.turns, int)
    assert record.status == d["status"]
    assert record.status in (None, "finished", "unfinished")
    assert (record.status is None) == (record.verdict == "malformed")
    assert record.winner == d["winner"]
    assert record.to_move == d["to_move"]
    assert record.scores == d["scores"]
    if record.scores is not None:
        assert all(isinstance(k, str) and isinstance(v, int) for k, v in record.scores.items())
    assert record.players == d["players"]
    if record.players is not None:
        assert all(isinstance(k, str) and isinstance(v, str) for k, v in record.players.items())
    assert record.outcome == d["outcome"]
    assert record.outcome is None or isinstance(record.outcome, dict)
    assert record.tournament == d.get("tournament")
    assert record.warnings_omitted == d.get("warnings_omitted", 0)
    assert len(record.warnings) == len(d["warnings"])
    for w, wd in zip(record.warnings, d["warnings"]):
        assert isinstance(w, arbitre.Warning)
        assert w.rule == wd["rule"] and isinstance(w.rule, str)
        assert w.message == wd["message"] and isinstance(w.message, str)
        assert w.line == wd.get("line")
        assert w.column == wd.get("column")
        assert w.turn_index == wd.get("turn_index")
        assert w.rule in repr(w)
    diagnostic = record.diagnostic
    if record.legal:
        assert diagnostic is None and d["diagnostic"] is None
        return
    assert isinstance(diagnostic, arbitre.Diagnostic)
    dd = d["diagnostic"]
    assert diagnostic.rule == dd["rule"] and isinstance(diagnostic.rule, str)
    assert diagnostic.message == dd["message"] and isinstance(diagnostic.message, str)
    assert diagnostic.line == dd["line"] and diagnostic.line >= 1
    assert diagnostic.column == dd["column"] and diagnostic.column >= 1
    assert diagnostic.span == (dd["offset"], dd["offset"] + dd["length"])
    assert isinstance(diagnostic.span, tuple)
    assert diagnostic.turn == dd["turn"]
    assert diagnostic.turn_index == dd["turn_index"]
    assert diagnostic.expected == dd["expected"]
    assert all(isinstance(e, str) for e in diagnostic.expected)
    assert diagnostic.expected_total == dd["expected_total"]
    assert diagnostic.expected_total >= len(diagnostic.expected)
    assert diagnostic.help == dd["help"]
    if record.verdict == "malformed":
        assert diagnostic.turn is None and diagnostic.turn_index is None
    assert diagnostic.rule in repr(diagnostic)
    assert record.verdict in repr(record)


@pytest.mark.parametrize("path", SAMPLES)
def test_sample_attributes(path: str) -> None:
    records = arbitre.check_file(path)
    expected = expectations(text_of(path))
    assert len(records) == len(expected), "one `# expect:` line per record"
    for index, (record, want) in enumerate(zip(records, expected)):
        typed(record)
        assert record.index == index
        assert record.path == path
        assert record.verdict == want[0], record.diagnostic
        for item in want[1:]:
            key, _, value = item.partition("=")
            if not value:
                key, value = "rule", item
            if key in ("rule", "turn_index"):
                assert record.diagnostic is not None
                actual = word(getattr(record.diagnostic, key))
            elif key == "warnings":
                rules: List[str] = []
                for w in record.warnings:
                    if not rules or rules[-1] != w.rule:
                        rules.append(w.rule)
                actual = ",".join(rules)
            elif "." in key:
                outer, inner = key.split(".", 1)
                actual = word((getattr(record, outer) or {}).get(inner))
            else:
                actual = word(getattr(record, key))
            assert actual == value, f"record {index}: {key}"


def test_legal() -> None:
    [r] = arbitre.check_file(SPEC_SIMPEI)
    assert (r.verdict, r.legal, r.game, r.status, r.winner, r.to_move) == (
        "legal",
        True,
        "simpei",
        "finished",
        "red",
        None,
    )
    assert r.turns == 11
    assert r.diagnostic is None
    assert r.warnings == []
    assert r.scores is None
    assert r.players == {"red": "Aiko", "blue": "Ben"}
    assert r.outcome is not None
    assert r.outcome["end"] == "alignment"
    assert r.outcome["winners"] == ["red"]


def test_illegal() -> None:
    [r] = arbitre.check_file(OCCUPIED)
    assert (r.verdict, r.legal, r.status, r.to_move) == ("illegal", False, "unfinished", "blue")
    d = r.diagnostic
    assert d is not None
    assert (d.rule, d.message, d.line, d.column) == ("simpei/occupied", "c3 is occupied", 5, 7)
    assert (d.turn, d.turn_index) == ("1... blue", 1)
    start, end = d.span
    raw = (ROOT / OCCUPIED).read_bytes()
    # The span is of bytes of the file, at the line and column given.
    assert raw[start:end].lower() == b"c3"
    assert raw.count(b"\n", 0, start) + 1 == d.line
    assert "a1" in d.expected and "c3" not in d.expected
    assert d.expected_total == 24 and len(d.expected) <= d.expected_total
    assert d.help is None


def test_malformed() -> None:
    [r] = arbitre.check_file(BAD_HEADER)
    assert (r.verdict, r.status, r.winner, r.to_move) == ("malformed", None, None, None)
    d = r.diagnostic
    assert d is not None
    assert d.rule == "header"
    assert d.turn is None and d.turn_index is None
    assert d.expected == [] and d.expected_total == 0
    assert d.help == "did you mean `event`?"
    start, end = d.span
    assert (ROOT / BAD_HEADER).read_bytes()[start:end] == b"evnt"


def test_warnings_scores_tournament() -> None:
    first, second, third = arbitre.check_file(FORGIVEN)
    assert first.legal
    [w] = first.warnings
    assert (w.rule, w.line, w.column, w.turn_index) == ("superpion/maximum-capture", 12, 5, 0)
    assert "k5xi7xk9" in w.message
    assert first.scores == {"blue": 5, "red": 0, "yellow": 1, "black": 0}
    assert second.verdict == "illegal" and second.warnings == []
    assert second.diagnostic is not None and second.diagnostic.expected == ["k5xi7xk9"]
    assert third.legal and [w.rule for w in third.warnings] == ["superpion/mandatory-capture"]
    [scoring] = arbitre.check_file(SCORING)
    assert scoring.scores == {"Alice": 7, "Bob": 2, "Chloe": 1, "David": 1}
    assert scoring.winner == "Alice"
    [teams] = arbitre.check_file(TEAMS)
    assert teams.winner == "Ann+Cy"
    assert teams.outcome is not None and teams.outcome["winners"] == ["blue", "yellow"]
    assert [r.tournament for r in arbitre.check_file(SEVERAL)] == [
        {"event": "Round 1"},
        {"event": "Round 2"},
        {"event": "Round 3, adjourned"},
    ]
    assert arbitre.check_file(SPEC_SIMPEI)[0].tournament is None


def test_records_are_frozen() -> None:
    [r] = arbitre.check_file(SPEC_SIMPEI)
    with pytest.raises(AttributeError):
        r.verdict = "illegal"  # type: ignore[misc]
    with pytest.raises(TypeError):
        arbitre.Record()


# score


def table_of(human: str) -> List[List[str]]:
    """The rows of the first table `arbitre score` draws, header first."""
    rows = []
    for line in human.splitlines():
        if line.startswith("|"):
            rows.append([cell.strip() for cell in line.strip().strip("|").split("|")])
    return rows


@pytest.mark.parametrize(
    "path,record",
    [(SPEC_SIMPEI, 0), (PULUC, 0), (SCORING, 0), (TEAMS, 0), (FORGIVEN, 0), (FORGIVEN, 1),
     (SEVERAL, 2), (OCCUPIED, 0), (BAD_HEADER, 0)],
)
def test_score(path: str, record: int) -> None:
    score = arbitre.score(text_of(path), record=record, path=path)
    assert isinstance(score, arbitre.Score)
    assert score.to_dict() == run_json("score", "--format", "json", "--record", str(record), path)
    assert score.record.to_dict() == arbitre.check_file(path)[record].to_dict()
    human = run("score", "--record", str(record), path).stdout
    table = table_of(human)
    if score.record.legal and table:
        assert score.header == table[0]
        assert score.rows == table[1:]
    else:
        assert score.header is None and score.rows == []
    if score.header is not None:
        assert all(len(row) == len(score.header) for row in score.rows)


def test_score_named_dash_by_default() -> None:
    text = text_of(SCORING)
    score = arbitre.score(text)
    assert score.record.path == "-"
    assert score.to_dict() == run_json("score", "--format", "json", "-", input=text)


# moves and show


POSITIONS = [
    (SPEC_SIMPEI, 0, [None, 0, 1, 2, 7, 11, "3. red", "3...", "6... blue"]),
    (OCCUPIED, 0, [None, 0, 1]),
    (SEVERAL, 1, [None, 0, 2]),
    (SEVERAL, 2, [None, 4]),
    ("samples/superpion/maximum-capture.arb", 0, [None, 0]),
    (TEAMS, 0, [None, 0, "1.B"]),
    ("samples/superpion/random-two-players.arb", 0, [None, 3]),
    (PULUC, 0, [None, 0, 10, 37]),
]


def turn_args(turn: Any) -> List[str]:
    return [] if turn is None else ["--turn", str(turn)]


@pytest.mark.parametrize("path,record,turns", POSITIONS)
def test_moves(path: str, record: int, turns: List[Any]) -> None:
    text = text_of(path)
    for turn in turns:
        args = ["moves", "--format", "json", "--record", str(record), *turn_args(turn), path]
        mine = arbitre.moves(text, record=record, turn=turn, path=path)
        assert mine == run_json(*args)
        assert list(mine) == list(run_json(*args))  # type: ignore[call-overload]
        assert isinstance(mine["legal"], list)
    expanded = arbitre.moves(text, record=record, expand=True, path=path)
    assert expanded == run_json("moves", "--format", "json", "--expand", "--record", str(record), path)


@pytest.mark.parametrize("path,record,turns", POSITIONS)
def test_show(path: str, record: int, turns: List[Any]) -> None:
    text = text_of(path)
    for turn in turns:
        base = ["show", "--record", str(record), *turn_args(turn), path]
        diagram = arbitre.show(text, record=record, turn=turn)
        document = run_json(*base[:1], "--format", "json", *base[1:])
        assert isinstance(document, dict)
        assert diagram == document["diagram"]
        svg = arbitre.show(text, record=record, turn=turn, format="svg")
        assert svg.startswith("<svg") or svg.startswith("<?xml")
        assert svg == run(*base[:1], "--format", "svg", *base[1:]).stdout


def test_turn_labels_and_numbers_agree() -> None:
    text = text_of(SPEC_SIMPEI)
    assert arbitre.show(text, turn="3. red") == arbitre.show(text, turn=4)
    assert arbitre.moves(text, turn="3...") == arbitre.moves(text, turn=5)
    assert arbitre.show(text) == arbitre.show(text, turn=11)


# explain


def test_explain_every_rule() -> None:
    everything = arbitre.explain()
    listed = run_json("explain", "--list", "--format", "json")
    assert isinstance(listed, dict)
    assert everything == listed["rules"]
    assert len(everything) > 20
    ids = [rule["id"] for rule in everything]
    for rule in everything:
        assert arbitre.explain(rule["id"]) == rule
    # A few through the command one at a time, as `explain RULE` gives them.
    for rule_id in ("header", "syntax", "simpei/occupied", "superpion/mandatory-capture", ids[-1]):
        one = run_json("explain", rule_id, "--format", "json")
        assert isinstance(one, dict)
        assert [arbitre.explain(rule_id)] == one["rules"]


def test_explain_unknown() -> None:
    with pytest.raises(arbitre.ArbitreError, match="did you mean `simpei/occupied`") as caught:
        arbitre.explain("simpei/ocupied")
    assert caught.value.rule is None
    with pytest.raises(arbitre.ArbitreError, match="no rule is called"):
        arbitre.explain("nothing-like-it")


# fmt


@pytest.mark.parametrize(
    "path",
    [s for s in SAMPLES if "/club-night/" not in s][::4] + [SEVERAL, FORGIVEN, PULUC_MALFORMED],
)
def test_fmt(path: str) -> None:
    text = text_of(path)
    if (ROOT / path).read_bytes() != text.encode("utf-8"):
        pytest.skip("not UTF-8: the command reads its bytes")
    written = arbitre.fmt(text)
    assert written == run("fmt", "-", input=text).stdout
    assert written == run("fmt", path).stdout
    # Canonical form is a fixed point.
    assert arbitre.fmt(written) == written


def test_fmt_keeps_what_it_cannot_read() -> None:
    text = "---\ngame: simpei\nevnt: x\n---\n1.   c3 c1\n"
    assert arbitre.fmt(text) == text
    assert arbitre.fmt("---\ngame: simpei\n---\n1.   C3 c1   2. a7\n") == (
        "---\ngame: simpei\n---\n1. c3 c1\n2. a7\n"
    )


# standings


@pytest.mark.parametrize("folder", club_nights())
def test_standings(folder: str) -> None:
    assert arbitre.standings([folder]) == run_json("standings", "--format", "json", folder)
    assert arbitre.standings([Path(folder)], crosstable=True) == run_json(
        "standings", "--format", "json", "--crosstable", folder
    )
    assert arbitre.standings([folder], points=(3, 1, 0)) == run_json(
        "standings", "--format", "json", "--points", "3,1,0", folder
    )


def test_standings_of_files_and_folders() -> None:
    folders = club_nights()
    files = sorted(str(p.relative_to(ROOT)) for p in (ROOT / folders[0]).glob("*.arb"))
    assert arbitre.standings(files) == run_json("standings", "--format", "json", *files)
    assert arbitre.standings(folders) == run_json("standings", "--format", "json", *folders)
    with pytest.raises(arbitre.ArbitreError):
        arbitre.standings(folders, points=(-1, 0, 0))


# House rules (rules=)


def test_house_rules() -> None:
    names = arbitre.house_rules()
    assert "forgive-missed-captures" in names
    assert all(isinstance(n, str) for n in names)


@pytest.mark.parametrize(
    "rules,flag",
    [
        ({"forgive-missed-captures": True}, "forgive-missed-captures"),
        (["forgive-missed-captures"], "forgive-missed-captures"),
        (("forgive-missed-captures=true",), "forgive-missed-captures=true"),
        ({"forgive-missed-captures": False}, "forgive-missed-captures=false"),
        (["forgive-missed-captures=false"], "forgive-missed-captures=false"),
        (["forgive-missed-captures=off"], "forgive-missed-captures=false"),
    ],
)
def test_rules(rules: Any, flag: str) -> None:
    theirs = run_json("check", "--format", "json", "--rule", flag, MANDATORY)
    assert isinstance(theirs, dict)
    text = text_of(MANDATORY)
    assert [r.to_dict() for r in arbitre.check_file(MANDATORY, rules=rules)] == theirs["records"]
    assert [r.to_dict() for r in arbitre.check(text, path=MANDATORY, rules=rules)] == theirs[
        "records"
    ]
    assert [r.to_dict() for r in arbitre.read(MANDATORY, rules=rules)] == theirs["records"]
    score = arbitre.score(text, path=MANDATORY, rules=rules)
    assert score.to_dict() == run_json("score", "--format", "json", "--rule", flag, MANDATORY)
    moves = arbitre.moves(text, path=MANDATORY, rules=rules, turn=0)
    assert moves == run_json("moves", "--format", "json", "--turn", "0", "--rule", flag, MANDATORY)
    assert arbitre.fmt(text, rules=rules) == run("fmt", "--rule", flag, "-", input=text).stdout


def test_rules_change_verdicts() -> None:
    off = [r.verdict for r in arbitre.check_file(MANDATORY)]
    on = [r.verdict for r in arbitre.check_file(MANDATORY, rules=["forgive-missed-captures"])]
    forced_off = arbitre.check_file(MANDATORY, rules={"forgive-missed-captures": False})
    assert off == ["illegal", "legal"]
    assert on == ["legal", "legal"]
    # The caller wins over the header's `rules`, as --rule does.
    assert [r.verdict for r in forced_off] == ["illegal", "illegal"]


@pytest.mark.parametrize(
    "rules",
    [["no-such-rule"], {"no-such-rule": True}, "forgive-missed-captures", ["forgive-missed-captures=maybe"]],
)
def test_bad_rules(rules: Any) -> None:
    text = text_of(MANDATORY)
    for call in (
        lambda: arbitre.check(text, rules=rules),
        lambda: arbitre.check_file(MANDATORY, rules=rules),
        lambda: arbitre.read(MANDATORY, rules=rules),
        lambda: arbitre.score(text, rules=rules),
        lambda: arbitre.moves(text, rules=rules),
        lambda: arbitre.show(text, rules=rules),
        lambda: arbitre.fmt(text, rules=rules),
        lambda: arbitre.standings([MANDATORY], rules=rules),
    ):
        with pytest.raises(arbitre.ArbitreError) as caught:
            call()
        assert caught.value.rule is None
        assert isinstance(caught.value, ValueError)


def test_rules_mappings_take_booleans_only() -> None:
    """Any mapping is a mapping of names to booleans (not its keys taken as
    names, all on), and a value that is no boolean is refused, not taken
    for its truth: "false" would turn the rule on."""
    import types

    off = [r.verdict for r in arbitre.check_file(MANDATORY)]
    forced_off = types.MappingProxyType({"forgive-missed-captures": False})
    assert [r.verdict for r in arbitre.check_file(MANDATORY, rules=forced_off)] == [
        "illegal",
        "illegal",
    ]
    assert off == ["illegal", "legal"]
    for value in ("false", 0, 1, None):
        with pytest.raises(TypeError, match="True or False"):
            arbitre.check_file(MANDATORY, rules={"forgive-missed-captures": value})


# Errors


def test_errors_escape_what_they_quote(tmp_path: Path) -> None:
    """A message quotes input (a turn's label, a rule's id, a path) and a
    traceback prints it to a terminal: its controls are escaped, as the
    command escapes its error lines."""
    text = text_of(SPEC_SIMPEI)
    calls = [
        lambda: arbitre.moves(text, turn="\x1b[2J3. red"),
        lambda: arbitre.explain("\x1b[2Jsimpei"),
        lambda: arbitre.check(text, rules=["\x1b[2J"]),
        lambda: arbitre.check_file(str(tmp_path / "\x1b[2J.arb")),
        lambda: arbitre.read(str(tmp_path / "\x1b[2J.arb")),
        lambda: arbitre.standings([str(tmp_path / "\x1b[2J.arb")]),
    ]
    (tmp_path / "\x1b[2J").mkdir()
    calls.append(lambda: arbitre.standings([str(tmp_path / "\x1b[2J")]))
    for call in calls:
        with pytest.raises((arbitre.ArbitreError, OSError)) as caught:
            call()
        assert "\x1b" not in str(caught.value) and "\\e[2J" in str(caught.value), str(caught.value)


def test_read_names_the_file_it_cannot_read() -> None:
    """A path that opens but cannot be read (a directory) is named in the
    error, as check_file names it."""
    with pytest.raises(IsADirectoryError, match="cannot read samples"):
        list(arbitre.read("samples"))
    with pytest.raises(IsADirectoryError, match="cannot read samples"):
        arbitre.check_file("samples")


def test_no_position_in_a_malformed_record() -> None:
    for path in (BAD_HEADER, PULUC_MALFORMED):
        [first, *_] = arbitre.check_file(path)
        assert first.diagnostic is not None
        for call in (arbitre.moves, arbitre.show):
            with pytest.raises(arbitre.ArbitreError, match="no position") as caught:
                call(text_of(path))
            assert caught.value.rule == first.diagnostic.rule
            # The command says the same, with the score document.
            done = run("moves", "--format", "json", path)
            assert done.returncode == 2
            assert json.loads(done.stdout)["records"][0]["diagnostic"]["rule"] == caught.value.rule


def test_no_position_past_an_illegal_turn() -> None:
    text = text_of(OCCUPIED)
    [r] = arbitre.check_file(OCCUPIED)
    assert r.turns == 1
    arbitre.moves(text, turn=1)
    with pytest.raises(arbitre.ArbitreError) as caught:
        arbitre.show(text, turn=2)
    assert caught.value.rule == "simpei/occupied"
    assert "c3 is occupied" in str(caught.value)


@pytest.mark.parametrize("turn", [12, 1000, "9. red", "zz", "", 1.5, [1]])
def test_turn_out_of_range_or_unreadable(turn: Any) -> None:
    text = text_of(SPEC_SIMPEI)
    for call in (arbitre.moves, arbitre.show):
        with pytest.raises(arbitre.ArbitreError) as caught:
            call(text, turn=turn)
        assert caught.value.rule is None
        assert str(caught.value) == caught.value.message


def test_record_out_of_range() -> None:
    text = text_of(SEVERAL)
    arbitre.moves(text, record=2)
    for call in (arbitre.moves, arbitre.show, arbitre.score):
        with pytest.raises(arbitre.ArbitreError, match="no record 3"):
            call(text, record=3)
        with pytest.raises(OverflowError):
            call(text, record=-1)
    # Empty text is one record, malformed: there is no record past it.
    with pytest.raises(arbitre.ArbitreError, match="no record 1"):
        arbitre.show("", record=1)
    with pytest.raises(arbitre.ArbitreError, match="no position"):
        arbitre.show("")


def test_show_format() -> None:
    with pytest.raises(arbitre.ArbitreError, match="format="):
        arbitre.show(text_of(SPEC_SIMPEI), format="png")  # type: ignore[arg-type]


def test_error_is_a_value_error_and_pickles() -> None:
    with pytest.raises(ValueError) as caught:
        arbitre.show(text_of(BAD_HEADER))
    error = caught.value
    assert isinstance(error, arbitre.ArbitreError)
    again = pickle.loads(pickle.dumps(error))
    assert type(again) is arbitre.ArbitreError
    assert (again.rule, again.message, str(again)) == (error.rule, error.message, str(error))
    assert arbitre.ArbitreError("x").rule is None


def test_missing_files_are_os_errors() -> None:
    with pytest.raises(FileNotFoundError, match="no-such.arb"):
        arbitre.check_file("no-such.arb")
    with pytest.raises(FileNotFoundError, match="no-such.arb"):
        arbitre.read("no-such.arb")
    with pytest.raises(FileNotFoundError, match="no-such.arb"):
        arbitre.standings(["no-such.arb"])
    with pytest.raises(IsADirectoryError):
        arbitre.check_file("samples")
    with pytest.raises(OSError):
        arbitre.standings(["samples/nowhere/"])


def test_wrong_types() -> None:
    with pytest.raises(TypeError):
        arbitre.check(b"---\ngame: simpei\n---\n")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        arbitre.check_file(3)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        arbitre.check("", rules=[1])  # type: ignore[list-item]
    with pytest.raises(TypeError):
        arbitre.standings("samples")


# read: paths, file objects, and memory


def test_read_sources(tmp_path: Path) -> None:
    text = text_of(SEVERAL)
    want = [r.to_dict() for r in arbitre.check_file(SEVERAL)]
    renamed = [r.to_dict() for r in arbitre.check(text, path="x.arb")]
    dashed = [r.to_dict() for r in arbitre.check(text)]
    assert renamed[1]["path"] == "x.arb" and dashed[1]["path"] == "-"

    def dicts(records: arbitre.Records) -> List[Dict[str, Any]]:
        assert iter(records) is records
        return [r.to_dict() for r in records]

    assert dicts(arbitre.read(SEVERAL)) == want
    assert dicts(arbitre.read(Path(SEVERAL))) == want
    assert dicts(arbitre.read(SEVERAL, path="x.arb")) == renamed
    with open(SEVERAL, "rb") as binary:
        assert dicts(arbitre.read(binary)) == want
    with open(SEVERAL, encoding="utf-8") as text_file:
        assert dicts(arbitre.read(text_file)) == want
    with open(SEVERAL, encoding="utf-8") as text_file:
        assert dicts(arbitre.read(text_file, path="x.arb")) == renamed
    assert dicts(arbitre.read(io.BytesIO(text.encode()))) == dashed
    # A file opened from a descriptor has a number for its name: unnamed.
    with open(os.open(SEVERAL, os.O_RDONLY), "rb") as numbered:
        assert dicts(arbitre.read(numbered)) == dashed
    assert dicts(arbitre.read(io.StringIO(text))) == dashed
    # Text past what one read() asks for, in characters of several bytes.
    wide = text.replace("Round", "Ründe ✓ " * 3000)
    assert [r.tournament for r in arbitre.read(io.StringIO(wide))] == [
        r.tournament for r in arbitre.check(wide)
    ]
    # Exhausted, it stays so.
    records = arbitre.read(SEVERAL)
    assert len(list(records)) == 3
    assert list(records) == []
    with pytest.raises(StopIteration):
        next(records)


class Reads:
    """A stream whose read() gives what it is told to."""

    def __init__(self, *chunks: Any) -> None:
        self.chunks = list(chunks)

    def read(self, size: int = -1) -> Any:
        chunk = self.chunks.pop(0) if self.chunks else b""
        if isinstance(chunk, BaseException):
            raise chunk
        return chunk


def test_read_errors() -> None:
    for source in (42, None, object(), 1.5):
        with pytest.raises(TypeError):
            arbitre.read(source)  # type: ignore[arg-type]
    # What the stream raises is raised as it is, after the records before it.
    record = b"---\ngame: simpei\n---\n1. c3 c1\n"
    got = arbitre.read(Reads(record * 2, KeyError("boom")))
    with pytest.raises(KeyError, match="boom"):
        list(got)
    with pytest.raises(UnicodeDecodeError):
        list(arbitre.read(io.TextIOWrapper(io.BytesIO(b"---\n\xff\xfe\n"), encoding="utf-8")))
    with pytest.raises(TypeError, match="neither bytes nor str"):
        list(arbitre.read(Reads(5)))
    # A non-blocking stream with nothing yet is not taken for its end.
    with pytest.raises(BlockingIOError):
        list(arbitre.read(Reads(record, None, record)))
    closed = open(SEVERAL, "rb")
    closed.close()
    with pytest.raises(ValueError):
        list(arbitre.read(closed))


def test_read_takes_chunks_larger_than_asked() -> None:
    """A read() that gives far more than it was asked for (all at once,
    or a str of wide characters) is taken whole, a buffer at a time."""
    record = "---\ngame: simpei\n---\n{ Ründe ✓ }\n1. c3 c1\n"
    many = 200_000
    assert sum(1 for _ in arbitre.read(Reads(record.encode() * many))) == many
    assert sum(1 for _ in arbitre.read(Reads(record * many, record * 3))) == many + 3


def test_read_keeps_records_before_an_error() -> None:
    record = b"---\ngame: simpei\n---\n1. c3 c1\n"
    got = arbitre.read(Reads(record * 3, OSError("disk gone")))
    taken = []
    with pytest.raises(OSError, match="disk gone"):
        for r in got:
            taken.append(r.verdict)
    # The third was still open (its end unseen) when the stream failed.
    assert taken == ["legal"] * 2


MEMORY_SCRIPT = textwrap.dedent(
    """
    import sys, arbitre

    def peak():
        # VmHWM, the peak resident memory of this process image: unlike
        # ru_maxrss it starts afresh at exec, not at the forking parent's.
        with open("/proc/self/status") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
        raise SystemExit("no VmHWM")

    big, verdicts = sys.argv[1], {}
    for r in arbitre.read("samples/simpei/spec-example.arb"):
        pass
    before = peak()
    with open(big, "rb") as binary:
        for source in (big, binary):
            for r in arbitre.read(source):
                verdicts[r.verdict] = verdicts.get(r.verdict, 0) + 1
    grown = peak() - before
    # The measure sees a file held whole.
    with open(big, "rb") as binary:
        whole = binary.read()
    print(grown, peak() - before, verdicts)
    """
)


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="VmHWM is Linux's")
def test_read_memory_is_bounded(tmp_path: Path) -> None:
    """About 50 MB of records read twice (a path, then a file object): the
    peak memory grows by a few batches of records, not by the file."""
    small = "---\ngame: simpei\n---\n1. c3 c1 2. a7 g5 3. a5 e3\n"
    commented = "---\ngame: simpei\n---\n{ " + "x" * 100_000 + " }\n1. c3 c1\n"
    illegal = "---\ngame: simpei\n---\n1. c3 c3\n"
    block = commented + (small + illegal) * 10
    big = tmp_path / "big.arb"
    with open(big, "w", encoding="utf-8") as out:
        for _ in range(50_000_000 // len(block)):
            out.write(block)
    size = big.stat().st_size
    assert size > 45_000_000
    done = subprocess.run(
        [sys.executable, "-c", MEMORY_SCRIPT, str(big)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    grown, whole, verdicts = done.stdout.split(" ", 2)
    records = 2 * (size // len(block)) * 21
    assert verdicts.strip() == repr({"legal": records * 11 // 21, "illegal": records * 10 // 21})
    assert int(whole) > 40_000, "the measure did not see the file read whole"
    # The file is 50 MB; a batch is at most 64 records or 256 KiB past one.
    assert int(grown) < 16 * 1024, f"peak memory grew by {grown} KiB"
