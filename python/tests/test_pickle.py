"""A Record crosses to another process whole: pickled as its report's
JSON, every value Python reads of it comes back the same."""

import pickle
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import List

import pytest

import arbitre
from support import ROOT, SAMPLES as FOLDER

SAMPLES = sorted(FOLDER.rglob("*.arb"))


def values(record: arbitre.Record) -> tuple:  # type: ignore[type-arg]
    d = record.diagnostic
    return (
        record.to_dict(),
        record.to_json(),
        repr(record),
        record.verdict,
        record.winner,
        record.scores,
        record.players,
        record.outcome,
        record.tournament,
        None if d is None else (d.rule, d.message, d.line, d.column, d.span, d.turn, d.expected),
        [(w.rule, w.message, w.line, w.column, w.turn_index) for w in record.warnings],
    )


@pytest.mark.parametrize("sample", SAMPLES, ids=lambda p: str(p.relative_to(ROOT)))
def test_a_pickled_record_reads_the_same(sample: Path) -> None:
    for record in arbitre.check_file(sample):
        again = pickle.loads(pickle.dumps(record))
        assert isinstance(again, arbitre.Record)
        assert values(again) == values(record)


def checked(path: str) -> List[arbitre.Record]:
    return arbitre.check_file(path)


def test_records_come_back_from_another_process() -> None:
    paths = [str(p) for p in SAMPLES[:8]]
    with ProcessPoolExecutor(max_workers=2) as pool:
        there = [r.to_json() for rs in pool.map(checked, paths) for r in rs]
    here = [r.to_json() for p in paths for r in arbitre.check_file(p)]
    assert there == here


def test_not_a_pickled_record() -> None:
    with pytest.raises(ValueError, match="not a pickled record"):
        arbitre._arbitre._record_from_json("{}")
