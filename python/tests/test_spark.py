"""The PySpark example (examples/spark_check.py) against the command.

An archive of the repository's samples (legal, illegal and malformed
records, several to a file, in nested directories) is checked on a local
cluster (local[2]); the verdict table read back, sorted by (path, index),
must hold exactly the lines `arbitre check --format jsonl` writes for the
same files, and typed columns that agree with them.

CI runs these tests: it installs pyspark (tested: pyspark>=3.5,<5) and
Debian's Java runtime (PySpark 4 needs Java 17 or later). Without either
they are skipped, saying which is missing. The command compared with is
ARBITRE_BIN when set, else the package's own (`python -m arbitre`).
"""

import importlib.util
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("pyspark", reason="pyspark is not installed (pip install 'pyspark>=3.5')")
if not (shutil.which("java") or os.environ.get("JAVA_HOME")):
    pytest.skip(
        "no Java runtime for Spark (apt-get install openjdk-17-jre-headless)",
        allow_module_level=True,
    )

PYTHON_DIR = Path(__file__).resolve().parents[1]
REPO = PYTHON_DIR.parent
EXAMPLE = PYTHON_DIR / "examples" / "spark_check.py"

# Small and quiet: no UI, two shuffle partitions, a small driver; the Python
# workers run this interpreter, where the package is installed.
SPARK_SUBMIT_ARGS = (
    "--driver-memory 512m --conf spark.ui.enabled=false "
    "--conf spark.sql.shuffle.partitions=2 pyspark-shell"
)


def load_example():
    """The example imported as a module, as a notebook would import it: its
    functions must reach the executors by value (ship_by_value), since the
    workers cannot import it."""
    spec = importlib.util.spec_from_file_location("spark_check", EXAMPLE)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


spark_check = load_example()


def command() -> list:
    binary = os.environ.get("ARBITRE_BIN")
    return [binary] if binary else [sys.executable, "-m", "arbitre"]


def cli_lines(*args: str, stdin: bytes = b"") -> list:
    """The record lines of `arbitre check --format jsonl ARGS`, without the
    closing summary."""
    done = subprocess.run(
        [*command(), "check", "--format", "jsonl", "--color", "never", *args],
        input=stdin,
        capture_output=True,
        check=False,
    )
    assert done.returncode in (0, 1, 2), done.stderr.decode(errors="replace")
    lines = done.stdout.decode().splitlines()
    assert lines and "summary" in json.loads(lines[-1]), lines[-1:]
    return lines[:-1]


def spark_env() -> dict:
    env = dict(os.environ)
    env["PYSPARK_PYTHON"] = sys.executable
    env["PYSPARK_DRIVER_PYTHON"] = sys.executable
    env["PYSPARK_SUBMIT_ARGS"] = SPARK_SUBMIT_ARGS
    return env


@pytest.fixture(scope="module")
def spark():
    os.environ.update(spark_env())
    from pyspark.sql import SparkSession

    session = (
        SparkSession.builder.master("local[2]")
        .appName("arbitre tests")
        .config("spark.ui.enabled", "false")
        .config("spark.sql.shuffle.partitions", "2")
        .getOrCreate()
    )
    session.sparkContext.setLogLevel("ERROR")
    yield session
    session.stop()


SAMPLES = sorted(REPO.glob("samples/**/*.arb"))


@pytest.fixture(scope="module")
def archive(tmp_path_factory) -> Path:
    """The samples in nested directories, with files the search must take
    (an upper-case name, a file that is not UTF-8, an empty one) and leave
    (a hidden file, a file of another name)."""
    root = tmp_path_factory.mktemp("archive")
    for sample in SAMPLES:
        target = root / sample.relative_to(REPO / "samples")
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(sample, target)
    (root / "odd").mkdir()
    shutil.copyfile(SAMPLES[0], root / "odd" / "UPPER.ARB")
    # A name Spark writes as a URI in one place and as a path in another.
    shutil.copyfile(SAMPLES[1], root / "odd" / "café 100%.arb")
    (root / "odd" / "latin1.arb").write_bytes(b"---\ngame: simpei\nevent: Caf\xe9\n---\n1. c3 c1\n")
    (root / "odd" / "empty.arb").write_bytes(b"")
    shutil.copyfile(SAMPLES[0], root / "odd" / ".hidden.arb")
    shutil.copyfile(SAMPLES[0], root / "odd" / "notes.txt")
    return root


def assert_table_is_cli(rows, lines):
    """The table's rows, sorted by (path, index), are the command's lines,
    and each row's typed columns say what its JSON says."""
    rows = sorted(rows, key=lambda row: (row["path"], row["index"]))
    expected = sorted(lines, key=lambda line: (json.loads(line)["path"], json.loads(line)["index"]))
    keys = [(row["path"], row["index"]) for row in rows]
    expected_keys = [(json.loads(line)["path"], json.loads(line)["index"]) for line in expected]
    assert keys == expected_keys
    for row, line in zip(rows, expected):
        assert row["json"] == line
    for row in rows:
        record = json.loads(row["json"])
        diagnostic = record["diagnostic"] or {}
        assert row["path"] == record["path"]
        assert row["index"] == record["index"]
        assert row["game"] == record["game"]
        assert row["verdict"] == record["verdict"]
        assert row["rule"] == diagnostic.get("rule")
        assert row["message"] == diagnostic.get("message")
        assert row["line"] == diagnostic.get("line")
        assert row["column"] == diagnostic.get("column")
        assert row["turn"] == diagnostic.get("turn")
        assert row["turns"] == record["turns"]
        assert row["status"] == record["status"]
        assert row["winner"] == record["winner"]
        assert row["to_move"] == record["to_move"]
        assert row["warnings"] == len(record["warnings"]) + record.get("warnings_omitted", 0)


def test_job_writes_the_commands_verdicts(spark, archive, tmp_path):
    """The job as one runs it, on directories and a Parquet column with
    paths: the table is the command's output on the same files."""
    # The Parquet's texts come from files outside the archive, named by
    # their own paths, so the command can check the same files.
    texts_dir = tmp_path / "texts"
    texts_dir.mkdir()
    chosen = SAMPLES[::9]
    for number, sample in enumerate(chosen):
        shutil.copyfile(sample, texts_dir / f"{number:02}-{sample.name}")
    texts = sorted(texts_dir.iterdir())
    parquet = str(tmp_path / "texts.parquet")
    spark.createDataFrame(
        [(str(path), path.read_text(encoding="utf-8")) for path in texts],
        "file STRING, record STRING",
    ).repartition(2).write.parquet(parquet)

    output = tmp_path / "verdicts.parquet"
    done = subprocess.run(
        [
            sys.executable,
            str(EXAMPLE),
            str(archive / "superpion"),
            str(archive / "simpei"),
            str(archive / "puluc"),
            str(archive / "odd"),
            "--parquet",
            parquet,
            "--path-column",
            "file",
            "--output",
            str(output),
        ],
        env=spark_env(),
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    # Some records are malformed: the command's status 2.
    assert done.returncode == 2, done.stderr[-4000:]
    rows = [row.asDict() for row in spark.read.parquet(str(output)).collect()]

    lines = cli_lines(
        *(str(archive / name) for name in ("superpion", "simpei", "puluc", "odd")),
        *map(str, texts),
    )
    assert_table_is_cli(rows, lines)
    verdicts = {row["verdict"] for row in rows}
    assert verdicts == {"legal", "illegal", "malformed"}
    counts = {v: sum(row["verdict"] == v for row in rows) for v in verdicts}
    assert done.stdout.strip() == (
        f"{len(rows)} records: {counts['legal']} legal, {counts['illegal']} illegal, "
        f"{counts['malformed']} malformed; verdicts in {output}"
    )
    # The search took the upper-case name and left the hidden file and the .txt.
    paths = {row["path"] for row in rows}
    assert str(archive / "odd" / "UPPER.ARB") in paths
    assert not any(path.endswith((".hidden.arb", "notes.txt")) for path in paths)


def test_parquet_rows_without_paths(spark, tmp_path):
    """Texts as bytes (one not UTF-8, one null) without a path column: each
    row's records go by PARQUET#N, as the command names standard input given
    that name."""
    texts = [sample.read_bytes() for sample in SAMPLES[:6]]
    texts += [b"---\ngame: puluc\nevent: Caf\xe9\n---\n", None]
    parquet = str(tmp_path / "bytes.parquet")
    # One file, so that the rows are read back in the order written.
    spark.createDataFrame([(text,) for text in texts], "record BINARY").coalesce(1).write.parquet(
        parquet
    )

    table = spark_check.verdicts(spark, parquet=parquet)
    rows = [row.asDict() for row in table.collect()]

    lines = []
    for number, text in enumerate(texts):
        lines += cli_lines("--stdin-filename", f"{parquet}#{number}", "-", stdin=text or b"")
    assert_table_is_cli(rows, lines)


def test_a_file_holds_several_records(spark, archive):
    """One file's records are rows of their own, numbered from 0."""
    several = [path for path in SAMPLES if len(cli_lines(str(path))) > 2][:1]
    assert several, "a sample with three records or more"
    name = str(several[0].relative_to(REPO / "samples"))
    table = spark_check.file_verdicts(spark, [str(archive / name)])
    indexes = [row["index"] for row in table.orderBy("index").collect()]
    assert indexes == list(range(len(cli_lines(str(several[0])))))
