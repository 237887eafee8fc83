"""`Record.to_dict()` and `Record.to_json()` against the command's own
JSON: for every sample and for random corpora (legal, with a turn
corrupted, with broken headers), the same records key for key and in the
same order, whichever way the package is given them (`check_file`,
`read`, `check`); and every dict valid against the JSON Schemas of
docs/schema/."""

from __future__ import annotations

import io
import json
from collections import defaultdict
from pathlib import Path
from typing import Any, Dict, List

import pytest

import arbitre
from support import ROOT, Corpus, run, sample_files, text_of

SAMPLES = sample_files()


def ordered(value: Any) -> Any:
    """A JSON value with every object as a list of its items, so that
    equality checks the keys' order too."""
    if isinstance(value, dict):
        return [(k, ordered(v)) for k, v in value.items()]
    if isinstance(value, list):
        return [ordered(v) for v in value]
    return value


def assert_same(ours: List[Dict[str, Any]], theirs: List[Dict[str, Any]]) -> None:
    assert len(ours) == len(theirs)
    for mine, cli in zip(ours, theirs):
        assert mine == cli
        assert ordered(mine) == ordered(cli)


@pytest.fixture(scope="module")
def samples_json() -> Dict[str, List[Dict[str, Any]]]:
    """`check --format json samples`: the records by file."""
    done = run("check", "--format", "json", "samples")
    document = json.loads(done.stdout)
    assert document["unreadable"] == []
    by_path: Dict[str, List[Dict[str, Any]]] = defaultdict(list)
    for record in document["records"]:
        by_path[record["path"]].append(record)
    assert set(by_path) <= set(SAMPLES)
    return by_path


@pytest.fixture(scope="module")
def samples_jsonl() -> Dict[str, List[str]]:
    """`check --format jsonl samples`: the record lines by file, the
    summary left out."""
    done = run("check", "--format", "jsonl", "samples")
    lines = done.stdout.splitlines()
    assert json.loads(lines[-1]).keys() >= {"summary"}
    by_path: Dict[str, List[str]] = defaultdict(list)
    for line in lines[:-1]:
        by_path[json.loads(line)["path"]].append(line)
    return by_path


def test_samples_found() -> None:
    assert len(SAMPLES) > 100
    assert any("/club-night/" in s for s in SAMPLES)


@pytest.mark.parametrize("path", SAMPLES)
def test_sample_check_file(path: str, samples_json: Dict[str, List[Dict[str, Any]]]) -> None:
    assert_same([r.to_dict() for r in arbitre.check_file(path)], samples_json[path])


@pytest.mark.parametrize("path", SAMPLES)
def test_sample_read_and_check(path: str, samples_json: Dict[str, List[Dict[str, Any]]]) -> None:
    want = samples_json[path]
    assert_same([r.to_dict() for r in arbitre.read(path)], want)
    assert_same([r.to_dict() for r in arbitre.read(Path(path))], want)
    with open(path, "rb") as binary:
        assert_same([r.to_dict() for r in arbitre.read(binary, path=path)], want)
    # A binary stream is named by its `name`, as the file was opened.
    with open(path, "rb") as binary:
        assert_same([r.to_dict() for r in arbitre.read(binary)], want)
    text = text_of(path)
    if (ROOT / path).read_bytes() == text.encode("utf-8"):
        assert_same([r.to_dict() for r in arbitre.check(text, path=path)], want)
        assert_same([r.to_dict() for r in arbitre.read(io.StringIO(text), path=path)], want)


@pytest.mark.parametrize("path", SAMPLES)
def test_sample_to_json(path: str, samples_jsonl: Dict[str, List[str]]) -> None:
    assert [r.to_json() for r in arbitre.check_file(path)] == samples_jsonl[path]


def test_text_is_named_dash() -> None:
    text = text_of("samples/simpei/several-records.arb")
    done = run("check", "--format", "json", "-", input=text)
    theirs = json.loads(done.stdout)["records"]
    assert_same([r.to_dict() for r in arbitre.check(text)], theirs)
    assert all(r.path == "-" for r in arbitre.check(text))
    assert all(r.path == "-" for r in arbitre.read(io.BytesIO(text.encode())))


def corpus_files(corpora: Dict[str, Corpus]) -> List[Path]:
    return [f for corpus in corpora.values() for f in corpus.files()]


def test_corpora(corpora: Dict[str, Corpus]) -> None:
    verdicts: Dict[str, int] = defaultdict(int)
    for f in corpus_files(corpora):
        name = str(f)
        done = run("check", "--format", "json", name)
        theirs = json.loads(done.stdout)["records"]
        mine = arbitre.check_file(f)
        assert_same([r.to_dict() for r in mine], theirs)
        assert_same([r.to_dict() for r in arbitre.read(f)], theirs)
        assert_same([r.to_dict() for r in arbitre.check(f.read_text(), path=name)], theirs)
        lines = run("check", "--format", "jsonl", name).stdout.splitlines()
        assert [r.to_json() for r in mine] == lines[:-1]
        for r in mine:
            verdicts[r.verdict] += 1
    # The corpora hold every verdict, a few hundred records in all.
    assert verdicts["legal"] > 100
    assert verdicts["illegal"] > 100
    assert verdicts["malformed"] > 30


# JSON Schemas (docs/schema/): skipped without the `jsonschema` package.


@pytest.fixture(scope="module")
def schemas() -> Any:
    jsonschema = pytest.importorskip("jsonschema")
    referencing = pytest.importorskip("referencing")
    resources = []
    for path in sorted((ROOT / "docs" / "schema").glob("*.schema.json")):
        schema = json.loads(path.read_text(encoding="utf-8"))
        resources.append((schema["$id"], referencing.Resource.from_contents(schema)))
    registry = referencing.Registry().with_resources(resources)

    def validator(ref: str) -> Any:
        return jsonschema.Draft202012Validator({"$ref": ref}, registry=registry)

    return validator


def test_records_valid_against_schema(schemas: Any, corpora: Dict[str, Corpus]) -> None:
    record = schemas("record.schema.json#/$defs/Record")
    line = schemas("line.schema.json")
    files = [ROOT / s for s in SAMPLES] + corpus_files(corpora)
    for f in files:
        for r in arbitre.check_file(f):
            record.validate(r.to_dict())
            line.validate(json.loads(r.to_json()))


def test_check_document_valid_against_schema(schemas: Any) -> None:
    """The records of every sample as the `records` of a `check`
    document, its totals the command's."""
    summary = json.loads(run("check", "--format", "jsonl", "samples").stdout.splitlines()[-1])
    records = [r.to_dict() for s in SAMPLES for r in arbitre.check_file(s)]
    assert len(records) == summary["summary"]["records"]
    schemas("check.schema.json").validate(
        {
            "schema": 1,
            "arbitre": arbitre.__version__,
            "records": records,
            "unreadable": [],
            "summary": summary["summary"],
        }
    )


def test_other_documents_valid_against_schema(schemas: Any) -> None:
    text = text_of("samples/superpion/scoring-example.arb")
    schemas("score.schema.json").validate(arbitre.score(text).to_dict())
    position = schemas("position.schema.json")
    for path in ("samples/simpei/spec-example.arb", "samples/superpion/maximum-capture.arb"):
        position.validate(arbitre.moves(text_of(path), turn=0))
        position.validate(arbitre.moves(text_of(path), expand=True))
    rules = schemas("rules.schema.json")
    rules.validate({"schema": 1, "arbitre": arbitre.__version__, "rules": arbitre.explain()})
    rules.validate(
        {"schema": 1, "arbitre": arbitre.__version__, "rules": [arbitre.explain("header")]}
    )
    standings = schemas("standings.schema.json")
    standings.validate(arbitre.standings(["samples/simpei/club-night"]))
    standings.validate(arbitre.standings(["samples"], crosstable=True))


def test_version_is_the_commands() -> None:
    done = run("check", "--format", "json", "samples/simpei/spec-example.arb")
    assert json.loads(done.stdout)["arbitre"] == arbitre.__version__
