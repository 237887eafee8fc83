"""What the tests share: the repository's root (found from this file),
the `arbitre` command the package is compared with, and how corpora of
random records are made with it (conftest.py's fixtures).

The command is, in order: ``$ARBITRE_BIN``; the Rust binary cargo built
(``target/debug/arbitre`` or ``target/release/arbitre``, the newer, under
``$CARGO_TARGET_DIR`` when set); else the package's own console script on
the PATH. Every test runs from the repository's root, so that the paths
given to the package and to the command are the same strings.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Dict, List, Optional, Sequence


ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "samples"

# Every mode of each game (`arbitre random GAME --mode M`; Simpei and Puluc
# have none). Superpion's three-player mode takes its neutral camp too.
MODES: Dict[str, List[Optional[str]]] = {
    "simpei": [None],
    "puluc": [None],
    "superpion": [
        "two-players",
        "two-super-players",
        "three-players",
        "three-players:red",
        "four-players",
        "teams",
    ],
}


def _command() -> List[str]:
    given = os.environ.get("ARBITRE_BIN")
    if given:
        return [given]
    target = Path(os.environ.get("CARGO_TARGET_DIR", ROOT / "target"))
    if not target.is_absolute():
        target = ROOT / target
    name = "arbitre.exe" if os.name == "nt" else "arbitre"
    built = [b for b in (target / "debug" / name, target / "release" / name) if b.is_file()]
    if built:
        # The one built last, most likely from the source under test.
        return [str(max(built, key=lambda b: b.stat().st_mtime))]
    script = shutil.which("arbitre")
    if script:
        return [script]
    return [sys.executable, "-m", "arbitre"]


COMMAND = _command()

# The command's output without colours or a terminal's width, as the
# package's strings are.
ENV = {**os.environ, "NO_COLOR": "1", "TERM": "dumb", "COLUMNS": "100"}


def run(
    *args: str, input: Optional[str] = None, command: Optional[Sequence[str]] = None
) -> subprocess.CompletedProcess[str]:
    """The command run with ``args`` from the repository's root, its
    output as text with its line endings as written (no newline
    translation: `fmt` keeps a file's CRLF)."""
    done = subprocess.run(
        [*(command or COMMAND), *args],
        input=None if input is None else input.encode("utf-8"),
        capture_output=True,
        cwd=ROOT,
        env=ENV,
        timeout=120,
    )
    return subprocess.CompletedProcess(
        done.args,
        done.returncode,
        done.stdout.decode("utf-8", errors="replace"),
        done.stderr.decode("utf-8", errors="replace"),
    )


def run_json(*args: str, input: Optional[str] = None) -> object:
    """The command's JSON document (``--format json`` given by the caller)."""
    done = run(*args, input=input)
    assert done.stdout, f"{args}: no output; stderr: {done.stderr}"
    return json.loads(done.stdout)


def sample_files() -> List[str]:
    """Every sample, as a path from the root (``samples/simpei/x.arb``)."""
    return sorted(
        p.relative_to(ROOT).as_posix() for p in SAMPLES.rglob("*.arb") if p.is_file()
    )


def club_nights() -> List[str]:
    return sorted(
        p.relative_to(ROOT).as_posix() for p in SAMPLES.glob("*/club-night") if p.is_dir()
    )


def text_of(path: str) -> str:
    return (ROOT / path).read_bytes().decode("utf-8", errors="replace")


@dataclass
class Corpus:
    """A game's random records: all legal, each with one turn corrupted,
    and every third with a broken header."""

    game: str
    legal: Path
    illegal: Path
    malformed: Path

    def files(self) -> List[Path]:
        return [self.legal, self.illegal, self.malformed]


# Seeds per game and mode: about 250 records in all.
SEEDS = 12


def random_game(game: str, mode: Optional[str], seed: int) -> str:
    args = ["random", game, "--seed", str(seed)]
    if mode:
        args += ["--mode", mode]
    # Some games cut short, so that unfinished records are there too.
    if seed % 4 == 3:
        args += ["--max-turns", str(5 + seed)]
    done = run(*args)
    assert done.returncode == 0, done.stderr
    return done.stdout


def split_records(text: str) -> List[str]:
    """A generated record file split into its records (each starts with
    a `---` line, its header closed by a second)."""
    out: List[str] = []
    lines = text.splitlines(keepends=True)
    delimiters = 0
    for line in lines:
        if line.rstrip("\r\n") == "---":
            delimiters += 1
            if delimiters % 2 == 1:
                out.append("")
        if not out:
            out.append("")
        out[-1] += line
    return out


def corrupt_turn(record: str) -> str:
    """The record with one turn replaced by the turn before it: a piece
    placed on an occupied point, moved from an empty square, a move
    number repeated... illegal, or at worst still legal."""
    head, sep, body = record.partition("---\n")
    header, sep2, movetext = body.partition("---\n")
    turns = [line for line in movetext.splitlines() if line.strip()]
    if len(turns) < 3:
        return record + "\n1. a1\n"
    at = len(turns) // 2
    number, _, _ = turns[at].partition(" ")
    _, _, previous = turns[at - 1].partition(" ")
    turns[at] = f"{number} {previous}"
    return head + sep + header + sep2 + "\n".join(turns) + "\n"


def break_header(record: str) -> str:
    """The record with a header YAML cannot read."""
    return record.replace("\n---\n", "\nplayers: {red: [unclosed\n---\n", 1)
