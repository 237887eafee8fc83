"""Fixtures: every test runs from the repository's root, and the
corpora of random records (support.py says how they are made). The
helpers are in support.py, which the tests import (`pythonpath` in
pyproject.toml puts this folder on the path, in every import mode)."""

from __future__ import annotations

import os
from concurrent.futures import ThreadPoolExecutor
from typing import Dict, List

import pytest

from support import MODES, ROOT, SEEDS, Corpus, random_game, split_records, break_header, corrupt_turn


@pytest.fixture(scope="session", autouse=True)
def _at_root() -> None:
    os.chdir(ROOT)


@pytest.fixture(scope="session")
def corpora(tmp_path_factory: pytest.TempPathFactory) -> Dict[str, Corpus]:
    """One file of random records per game, as `arbitre random` plays
    them for every mode and a few seeds, with its illegal and malformed
    copies."""
    where = tmp_path_factory.mktemp("corpora")
    jobs = [
        (game, mode, seed)
        for game, modes in MODES.items()
        for mode in modes
        for seed in range(SEEDS * (len(MODES["superpion"]) if len(modes) == 1 else 1))
    ]
    with ThreadPoolExecutor(max_workers=4) as pool:
        texts = list(pool.map(lambda job: random_game(*job), jobs))
    out: Dict[str, Corpus] = {}
    for game in MODES:
        records: List[str] = []
        for (g, _, _), text in zip(jobs, texts):
            if g == game:
                records.extend(split_records(text))
        corpus = Corpus(
            game,
            where / f"{game}.arb",
            where / f"{game}-illegal.arb",
            where / f"{game}-malformed.arb",
        )
        corpus.legal.write_text("".join(records), encoding="utf-8")
        corpus.illegal.write_text(
            "".join(corrupt_turn(r) for r in records), encoding="utf-8"
        )
        corpus.malformed.write_text(
            "".join(break_header(r) if i % 3 == 0 else r for i, r in enumerate(records)),
            encoding="utf-8",
        )
        out[game] = corpus
    return out
