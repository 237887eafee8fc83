"""The `arbitre` console script the package installs: on the PATH, it
runs the same command as the Rust binary, in process: the same output,
errors and exit status, byte for byte; `python -m arbitre` too; and it
ends quietly when its reader goes away (`arbitre check ... | head -1`)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path
from typing import Dict, List

import pytest

import arbitre
from support import COMMAND, ENV, ROOT, Corpus, run

SCRIPTS = Path(sysconfig.get_path("scripts"))


def script() -> str:
    found = shutil.which("arbitre", path=str(SCRIPTS))
    assert found, f"no arbitre console script in {SCRIPTS}"
    return found


def test_script_on_the_path() -> None:
    ours = script()
    # On the PATH of the environment it is installed in.
    path = os.pathsep.join([str(SCRIPTS), os.environ.get("PATH", "")])
    assert shutil.which("arbitre", path=path) == ours
    # It is the package's (a Python entry point), not a copy of the binary.
    with open(ours, "rb") as head:
        assert head.read(2) == b"#!"


SCRIPT_IS_BINARY = Path(COMMAND[0]).resolve() == Path(script()).resolve() or COMMAND[0] == sys.executable
needs_binary = pytest.mark.skipif(
    SCRIPT_IS_BINARY, reason="no Rust binary to compare with (cargo build, or ARBITRE_BIN)"
)

COMMANDS: List[List[str]] = [
    ["check", "samples/simpei/spec-example.arb"],
    ["check", "samples/simpei/illegal-occupied.arb"],
    ["check", "samples/simpei/malformed-header-key.arb"],
    ["check", "samples"],
    ["check", "--quiet", "--format", "short", "samples"],
    ["check", "--format", "json", "samples/simpei"],
    ["check", "--format", "jsonl", "samples/puluc"],
    ["check", "--format", "sarif", "samples/superpion/occupied.arb"],
    ["check", "no-such-file.arb"],
    ["score", "samples/superpion/scoring-example.arb"],
    ["show", "samples/simpei/spec-example.arb", "--turn", "3"],
    ["show", "--format", "svg", "samples/superpion/maximum-capture.arb"],
    ["moves", "samples/puluc/full-game.arb", "--turn", "5"],
    ["fmt", "samples/simpei/crlf-capitals.arb"],
    ["standings", "samples/simpei/club-night"],
    ["explain", "simpei/occupied"],
    ["explain", "--list"],
    ["explain", "no-such-rule"],
    ["random", "superpion", "--mode", "teams", "--seed", "5"],
    ["new", "puluc"],
    ["--help"],
    ["check", "--help"],
    ["-h"],
    ["--version"],
    [],
    ["check", "--no-such-flag", "samples"],
    ["check", "--format", "nope", "samples"],
    ["frobnicate"],
]


@needs_binary
@pytest.mark.parametrize("args", COMMANDS, ids=lambda a: " ".join(a) or "(none)")
def test_same_as_the_binary(args: List[str]) -> None:
    binary = run(*args)
    ours = run(*args, command=[script()])
    assert (ours.returncode, ours.stdout, ours.stderr) == (
        binary.returncode,
        binary.stdout,
        binary.stderr,
    )


@needs_binary
def test_statuses() -> None:
    assert run("check", "samples/simpei/spec-example.arb", command=[script()]).returncode == 0
    assert run("check", "samples/simpei/illegal-occupied.arb", command=[script()]).returncode == 1
    assert run("check", "samples/simpei/malformed-header-key.arb", command=[script()]).returncode == 2
    bad = run("check", "--no-such-flag", command=[script()])
    assert bad.returncode == 2 and "--no-such-flag" in bad.stderr and bad.stdout == ""


@needs_binary
def test_standard_input() -> None:
    text = (ROOT / "samples/simpei/several-records.arb").read_text()
    for args in (["check", "-"], ["fmt", "-"], ["check", "--format", "json", "-"]):
        binary = run(*args, input=text)
        ours = run(*args, input=text, command=[script()])
        assert (ours.returncode, ours.stdout, ours.stderr) == (
            binary.returncode,
            binary.stdout,
            binary.stderr,
        )


def test_python_m() -> None:
    ours = run("--version", command=[sys.executable, "-m", "arbitre"])
    assert ours.returncode == 0
    assert ours.stdout == run("--version", command=[script()]).stdout
    assert arbitre.__version__ in ours.stdout
    checked = run("check", "samples/simpei/illegal-occupied.arb", command=[sys.executable, "-m", "arbitre"])
    assert checked.returncode == 1
    assert checked.stdout == run("check", "samples/simpei/illegal-occupied.arb", command=[script()]).stdout


def test_main_in_process() -> None:
    """`arbitre.__main__.main` as a program calls it: it exits with the
    command's status."""
    from arbitre.__main__ import main

    with pytest.raises(SystemExit) as done:
        main(["explain", "--list", "--format", "json"])
    assert done.value.code == 0
    with pytest.raises(SystemExit) as done:
        main(["check", "--no-such-flag"])
    assert done.value.code == 2


def test_main_leaves_the_callers_ctrl_c() -> None:
    """A program calling `main` keeps its own Ctrl-C handler once the
    command is done, and may call it from a thread other than the main."""
    import signal
    import threading

    from arbitre.__main__ import main

    def mine(signum: int, frame: object) -> None:
        pass

    before = signal.signal(signal.SIGINT, mine)
    try:
        with pytest.raises(SystemExit):
            main(["--version"])
        assert signal.getsignal(signal.SIGINT) is mine
    finally:
        signal.signal(signal.SIGINT, before)
    codes: List[object] = []

    def in_a_thread() -> None:
        try:
            main(["--version"])
        except SystemExit as done:
            codes.append(done.code)

    worker = threading.Thread(target=in_a_thread)
    worker.start()
    worker.join()
    assert codes == [0]


def first_line_then_close(command: List[str]) -> Dict[str, object]:
    """`command | head -1`: the first line read, the pipe closed, and how
    the command ended."""
    process = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT, env=ENV
    )
    assert process.stdout is not None and process.stderr is not None
    first = process.stdout.readline()
    process.stdout.close()
    stderr = process.stderr.read()
    status = process.wait(timeout=60)
    process.stderr.close()
    return {"first": first, "status": status, "stderr": stderr}


@pytest.mark.skipif(os.name != "posix", reason="pipes closed as POSIX closes them")
def test_closed_pipe_ends_quietly(corpora: Dict[str, Corpus]) -> None:
    # Far more than a pipe holds, so that the command writes after the
    # reader is gone.
    files = [str(f) for c in corpora.values() for f in c.files()]
    args = ["check", "--format", "jsonl", *files]
    ours = first_line_then_close([script(), *args])
    assert ours["first"]
    assert ours["stderr"] == b"", ours["stderr"]
    # Not killed by a signal (a negative status), no traceback.
    assert isinstance(ours["status"], int) and ours["status"] >= 0
    if not SCRIPT_IS_BINARY:
        binary = first_line_then_close([*COMMAND, *args])
        assert ours == binary
    # Through a shell, as people write it.
    shell = subprocess.run(
        f"'{script()}' check samples | head -1; echo \"status ${{PIPESTATUS[0]}}\"",
        shell=True,
        executable="/bin/bash",
        capture_output=True,
        cwd=ROOT,
        env=ENV,
        timeout=60,
    )
    assert shell.stderr == b""
    lines = shell.stdout.decode().splitlines()
    assert len(lines) == 2 and lines[1].startswith("status ")
