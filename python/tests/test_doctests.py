"""The documentation's examples run as doctests: docs/python.md's and
the package's docstrings', on the package as it is imported (the wheel
installed, or `maturin develop`), from the repository's root."""

from __future__ import annotations

import doctest
import importlib
from typing import List

import pytest

import arbitre
from support import ROOT

FLAGS = doctest.ELLIPSIS

MODULES = ["arbitre", "arbitre._errors", "arbitre.__main__", "arbitre._arbitre"]


def run(test: doctest.DocTest) -> None:
    report: List[str] = []
    runner = doctest.DocTestRunner(optionflags=FLAGS)
    result = runner.run(test, out=report.append)
    assert result.failed == 0, "".join(report)


def module_tests() -> List[doctest.DocTest]:
    finder = doctest.DocTestFinder(exclude_empty=True)
    tests: List[doctest.DocTest] = []
    for name in MODULES:
        tests.extend(t for t in finder.find(importlib.import_module(name)) if t.examples)
    return tests


@pytest.mark.parametrize("test", module_tests(), ids=lambda t: t.name)
def test_docstring(test: doctest.DocTest) -> None:
    run(test)


def test_the_package_has_examples() -> None:
    assert any(t.name == "arbitre" for t in module_tests())


def test_docs_python_md() -> None:
    path = ROOT / "docs" / "python.md"
    text = path.read_text(encoding="utf-8")
    test = doctest.DocTestParser().get_doctest(
        text, {"__name__": "python_md"}, "docs/python.md", str(path), 0
    )
    # Every ```python block is a doctest, none left out.
    assert len(test.examples) >= text.count(">>> ") > 10
    run(test)
