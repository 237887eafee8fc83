"""The stubs (arbitre/_arbitre.pyi, py.typed): mypy --strict accepts code
that uses the API (typing_check.py), and stubtest finds the stubs and the
compiled module alike. Skipped without mypy."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from support import ROOT

HERE = Path(__file__).resolve().parent


def mypy(*args: str) -> subprocess.CompletedProcess[str]:
    pytest.importorskip("mypy")
    return subprocess.run(
        [sys.executable, "-m", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=300,
    )


def test_py_typed() -> None:
    import arbitre

    package = Path(arbitre.__file__).parent
    assert (package / "py.typed").is_file()
    assert (package / "_arbitre.pyi").is_file()


def test_mypy_strict() -> None:
    done = mypy(
        "mypy",
        "--strict",
        "--no-incremental",
        "--cache-dir",
        "/dev/null" if sys.platform != "win32" else "nul",
        str(HERE / "typing_check.py"),
    )
    assert done.returncode == 0, done.stdout + done.stderr


def test_mypy_refuses_misuse(tmp_path: Path) -> None:
    """The stubs say something: wrong uses are errors."""
    wrong = tmp_path / "wrong.py"
    wrong.write_text(
        "import arbitre\n"
        "r = arbitre.check_file('x')[0]\n"
        "n: int = r.verdict\n"
        "arbitre.show('', format='png')\n"
        "arbitre.check(b'')\n"
        "arbitre.moves('', turn=1.5)\n"
        "r.verdict = 'legal'\n",
        encoding="utf-8",
    )
    done = mypy("mypy", "--strict", "--no-incremental", "--cache-dir", "/dev/null", str(wrong))
    assert done.returncode == 1
    for line in (3, 4, 5, 6, 7):
        assert f"wrong.py:{line}: error" in done.stdout, done.stdout


def test_typing_check_runs() -> None:
    done = subprocess.run(
        [sys.executable, str(HERE / "typing_check.py")],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr


def test_stubtest() -> None:
    done = mypy("mypy.stubtest", "arbitre._arbitre")
    assert done.returncode == 0, done.stdout + done.stderr
