"""The API used the typed way, checked by `mypy --strict` (test_typing.py):
every result has the type the stubs give it, and no `Any` leaks where a
type is known. Run too, so that what it says holds at runtime."""

from __future__ import annotations

import io
import os
from pathlib import Path
from typing import TYPE_CHECKING, Any, Dict, Iterator, List, Literal, Optional, Tuple

import arbitre
from arbitre import ArbitreError, Diagnostic, Record, Records, Score, Warning

if TYPE_CHECKING:
    from typing_extensions import assert_type
else:  # checked by mypy only: at runtime (from Python 3.9) a no-op

    def assert_type(value, _):
        return value


SAMPLE = "samples/simpei/several-records.arb"


def records() -> List[str]:
    checked: List[Record] = arbitre.check_file(SAMPLE)
    assert_type(arbitre.check_file(Path(SAMPLE)), List[Record])
    text = Path(SAMPLE).read_text(encoding="utf-8")
    assert_type(arbitre.check(text), List[Record])
    assert_type(arbitre.check(text, path="x.arb", rules=["forgive-missed-captures"]), List[Record])
    assert_type(arbitre.check(text, path=Path("x.arb"), rules={"forgive-missed-captures": True}), List[Record])
    verdicts: List[str] = []
    for r in checked:
        assert_type(r.verdict, Literal["legal", "illegal", "malformed"])
        assert_type(r.legal, bool)
        assert_type(r.game, Optional[str])
        assert_type(r.path, str)
        assert_type(r.index, int)
        assert_type(r.turns, int)
        assert_type(r.status, Optional[Literal["finished", "unfinished"]])
        assert_type(r.winner, Optional[str])
        assert_type(r.to_move, Optional[str])
        assert_type(r.scores, Optional[Dict[str, int]])
        assert_type(r.players, Optional[Dict[str, str]])
        assert_type(r.outcome, Optional[Dict[str, Any]])
        assert_type(r.tournament, Optional[Dict[str, Any]])
        assert_type(r.warnings, List[Warning])
        assert_type(r.warnings_omitted, int)
        assert_type(r.to_dict(), Dict[str, Any])
        assert_type(r.to_json(), str)
        for w in r.warnings:
            assert_type(w.rule, str)
            assert_type(w.message, str)
            assert_type(w.line, Optional[int])
            assert_type(w.column, Optional[int])
            assert_type(w.turn_index, Optional[int])
        d = r.diagnostic
        assert_type(d, Optional[Diagnostic])
        if d is not None:
            assert_type(d.rule, str)
            assert_type(d.message, str)
            assert_type(d.line, int)
            assert_type(d.column, int)
            start, end = d.span
            assert_type(start, int)
            assert_type(d.turn, Optional[str])
            assert_type(d.turn_index, Optional[int])
            assert_type(d.expected, List[str])
            assert_type(d.expected_total, int)
            assert_type(d.help, Optional[str])
            if d.turn is not None:
                verdicts.append(d.turn.upper())
        verdicts.append(r.verdict)
    return verdicts


def streams() -> int:
    stream = arbitre.read(SAMPLE)
    assert_type(stream, Records)
    it: Iterator[Record] = iter(stream)
    n = sum(1 for _ in it)
    with open(SAMPLE, "rb") as binary:
        n += sum(1 for _ in arbitre.read(binary, path="x.arb"))
    with open(SAMPLE, encoding="utf-8") as text:
        n += sum(1 for _ in arbitre.read(text))
    n += sum(1 for _ in arbitre.read(io.BytesIO(b"---\ngame: simpei\n---\n")))
    n += sum(1 for _ in arbitre.read(io.StringIO("---\ngame: simpei\n---\n")))
    n += sum(1 for _ in arbitre.read(Path(SAMPLE), rules=[]))
    first: Record = next(arbitre.read(SAMPLE))
    assert first.index == 0
    return n


def the_rest() -> None:
    text = Path("samples/superpion/scoring-example.arb").read_text(encoding="utf-8")
    score = arbitre.score(text, record=0, path="x.arb")
    assert_type(score, Score)
    assert_type(score.record, Record)
    assert_type(score.header, Optional[List[str]])
    assert_type(score.rows, List[List[str]])
    assert_type(score.to_dict(), Dict[str, Any])
    assert_type(arbitre.moves(text, turn=0, record=0, expand=True), Dict[str, Any])
    assert_type(arbitre.moves(text, turn="1.B"), Dict[str, Any])
    assert_type(arbitre.show(text), str)
    assert_type(arbitre.show(text, turn=None, format="svg"), str)
    assert_type(arbitre.fmt(text, rules={"forgive-missed-captures": False}), str)
    assert_type(arbitre.house_rules(), List[str])
    assert_type(arbitre.__version__, str)
    arbitre.explain("header")
    arbitre.explain()
    standings: Dict[str, Any] = arbitre.standings(
        ["samples/simpei/club-night", Path("samples/puluc/club-night")],
        points=(3, 1, 0),
        crosstable=True,
    )
    assert standings["groups"]
    try:
        arbitre.explain("no-such-rule")
    except ArbitreError as e:
        assert_type(e.rule, Optional[str])
        assert_type(e.message, str)
        assert isinstance(e, ValueError)
    points: Tuple[float, float, float] = (1, 0.5, 0)
    arbitre.standings((p for p in [os.path.join("samples", "simpei", "club-night")]), points=points)


if __name__ == "__main__":
    print(records(), streams())
    the_rest()
