"""Check an archive of game records with PySpark: one verdict row per record.

Records come from text files (directories searched for ``*.arb``, any case)
and from a Parquet column of record texts; each is checked on the executors
with the ``arbitre`` package, and the verdicts are written as a Parquet table.
Every row's ``json`` column is exactly the line ``arbitre check --format
jsonl`` writes for that record, and the typed columns beside it are drawn
from the same record, ready for queries::

    python examples/spark_check.py games/ --parquet archive.parquet \\
        --output verdicts.parquet
    spark.read.parquet("verdicts.parquet").groupBy("game", "verdict").count()

Memory: a task holds the files (or rows) of one batch at a time, as Spark
moves them to Python in batches of about 1 to 10 MiB (one file, when a file
is larger), and checks their records one after another. A file is read
whole, as its records are checked in order, so no file may pass 2 GiB
(Spark's limit for a binary file).

Tested with pyspark>=3.5,<5 (3.5.9 and 4.3.0; 4.x needs Java 17 or later)
on local[2].
The executors need the package installed (docs/python.md says how on a
cluster); ``import arbitre`` runs inside the functions that the executors run.
"""

from __future__ import annotations

import argparse
import io
import os
import sys
from collections.abc import Iterable, Iterator, Sequence
from urllib.parse import unquote

# One row per record. `json` is the record's line of `arbitre check --format
# jsonl`; the columns before it repeat its fields for queries.
SCHEMA = """
    path STRING NOT NULL,
    index INT NOT NULL,
    game STRING,
    verdict STRING NOT NULL,
    rule STRING,
    message STRING,
    line INT,
    column INT,
    turn STRING,
    turns INT NOT NULL,
    status STRING,
    winner STRING,
    to_move STRING,
    warnings INT NOT NULL,
    json STRING NOT NULL
"""

# The names the command searches directories for: *.arb in any case.
ARB_GLOB = "*.[aA][rR][bB]"


def verdict_row(record) -> tuple:
    """A checked record as a row of SCHEMA (runs on the executors)."""
    diagnostic = record.diagnostic
    return (
        record.path,
        record.index,
        record.game,
        record.verdict,
        diagnostic.rule if diagnostic else None,
        diagnostic.message if diagnostic else None,
        diagnostic.line if diagnostic else None,
        diagnostic.column if diagnostic else None,
        diagnostic.turn if diagnostic else None,
        record.turns,
        record.status,
        record.winner,
        record.to_move,
        len(record.warnings) + record.warnings_omitted,
        record.to_json(),
    )


def local_path(uri: str) -> str:
    """The path a file goes by in the verdicts: a local file's path without
    Spark's ``file:`` scheme (as the command names it), any other URI as is."""
    if uri.startswith("file://"):
        return uri[len("file://") :]
    if uri.startswith("file:"):
        return uri[len("file:") :]
    return uri


def check_files(files: Iterable[tuple[str, bytes]]) -> Iterator[tuple]:
    """Check every record of each (path, bytes) of a partition (runs on the
    executors). The bytes go to the reader as they are, so a file that is not
    UTF-8 gets the command's own verdict; records are yielded as checked."""
    import arbitre  # imported on the executor, where the work is done

    for path, content in files:
        for record in arbitre.read(io.BytesIO(content), path=local_path(path)):
            yield verdict_row(record)


def check_texts(rows: Iterable[tuple[str | None, object]]) -> Iterator[tuple]:
    """Check the records of each (path, text) of a partition (runs on the
    executors). A text may be a string or bytes; a null one is checked as an
    empty file (malformed: it holds no record)."""
    import arbitre  # imported on the executor, where the work is done

    for path, text in rows:
        if isinstance(text, (bytes, bytearray)):
            records = arbitre.read(io.BytesIO(text), path=path)
        else:
            records = arbitre.check(text or "", path=path)
        for record in records:
            yield verdict_row(record)


def ship_by_value() -> None:
    """Send this file's functions to the executors by value, even when it is
    imported as a module: then the executors need `arbitre`, not this file."""
    from pyspark import cloudpickle

    module = sys.modules.get(__name__)
    if module is not None and __name__ != "__main__":
        cloudpickle.register_pickle_by_value(module)


def file_verdicts(spark, inputs: Sequence[str], glob: str = ARB_GLOB):
    """Verdicts of the records in files and directories (searched in depth).

    Spark's binary file source reads each file whole and spreads the files
    over tasks by size (spark.sql.files.maxPartitionBytes). It leaves out
    empty files, which the command calls malformed: those are the files it
    lists but does not scan, checked here as empty texts. As Hadoop does, it
    leaves out names starting with `.` or `_`."""
    ship_by_value()
    files = (
        spark.read.format("binaryFile")
        .option("recursiveFileLookup", "true")
        .option("pathGlobFilter", glob)
        .load(list(inputs))
    )
    checked = files.select("path", "content").rdd.map(tuple).mapPartitions(check_files)

    # inputFiles() names every file listed, empty or not, as an encoded URI;
    # the paths scanned come to the driver, which holds the listing anyway.
    listed = {local_path(unquote(uri)) for uri in files.inputFiles()}
    scanned = {local_path(row.path) for row in files.select("path").collect()}
    empty = [(path, b"") for path in sorted(listed - scanned)]
    if empty:
        checked = checked.union(spark.sparkContext.parallelize(empty).mapPartitions(check_texts))
    return spark.createDataFrame(checked, SCHEMA)


def parquet_verdicts(spark, parquet: str, column: str = "record", path_column: str | None = None):
    """Verdicts of the records held in a Parquet column, one text a row.

    A row's records go by the path in `path_column`; without one, by
    ``PARQUET#N`` (as `arbitre check --stdin-filename PARQUET#N -` names
    them), N counting rows in the order Spark reads the table: the written
    order for a table of one file, not a promise for more."""
    ship_by_value()
    table = spark.read.parquet(parquet)
    if path_column:
        texts = table.select(path_column, column).rdd.map(tuple)
    else:
        texts = (
            table.select(column)
            .rdd.zipWithIndex()
            .map(lambda row_number: (f"{parquet}#{row_number[1]}", row_number[0][0]))
        )
    return spark.createDataFrame(texts.mapPartitions(check_texts), SCHEMA)


def verdicts(
    spark,
    inputs: Sequence[str] = (),
    parquet: str | None = None,
    column: str = "record",
    path_column: str | None = None,
    glob: str = ARB_GLOB,
):
    """The verdict table of every record given: files first, then Parquet."""
    tables = []
    if inputs:
        tables.append(file_verdicts(spark, inputs, glob))
    if parquet:
        tables.append(parquet_verdicts(spark, parquet, column, path_column))
    if not tables:
        raise ValueError("no records given: name files, directories or --parquet")
    table = tables[0]
    for other in tables[1:]:
        table = table.unionByName(other)
    return table


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description="Check game records with PySpark and arbitre; write one verdict row per record."
    )
    parser.add_argument(
        "inputs",
        nargs="*",
        help="record files and directories (searched in depth for --glob); any Spark path",
    )
    parser.add_argument("--parquet", help="a Parquet table with a column of record texts")
    parser.add_argument(
        "--column", default="record", help="the column of record texts (default: record)"
    )
    parser.add_argument(
        "--path-column",
        help="the column naming each text's file (default: PARQUET#ROW)",
    )
    parser.add_argument(
        "--glob",
        default=ARB_GLOB,
        help=f"the file names read, in files and directories (default: {ARB_GLOB})",
    )
    parser.add_argument(
        "--output", required=True, help="where to write the verdict table (Parquet)"
    )
    parser.add_argument("--overwrite", action="store_true", help="replace the table if it exists")
    parser.add_argument(
        "--master", help="Spark master (default: spark-submit's --master, else local[2])"
    )
    args = parser.parse_args(argv)
    if not args.inputs and not args.parquet:
        parser.error("name record files, directories or --parquet")
    return args


def main(argv: list[str] | None = None) -> int:
    """Run the job; print the counts by verdict. The exit status is
    `arbitre check`'s: 2 when a record is malformed, else 1 when one is
    illegal."""
    from pyspark.sql import SparkSession

    args = parse_args(argv)
    # Rows are small: a few shuffle partitions suit the summary below.
    builder = SparkSession.builder.appName("arbitre check").config(
        "spark.sql.shuffle.partitions", "4"
    )
    # spark-submit starts the JVM first (and says so in PYSPARK_GATEWAY_PORT):
    # its --master stands unless one is given here.
    if args.master or "PYSPARK_GATEWAY_PORT" not in os.environ:
        builder = builder.master(args.master or "local[2]")
    spark = builder.getOrCreate()
    try:
        table = verdicts(
            spark,
            args.inputs,
            args.parquet,
            args.column,
            args.path_column,
            args.glob,
        )
        table.write.mode("overwrite" if args.overwrite else "errorifexists").parquet(args.output)
        counts = {
            row["verdict"]: row["count"]
            for row in spark.read.parquet(args.output).groupBy("verdict").count().collect()
        }
    finally:
        spark.stop()
    total = sum(counts.values())
    print(
        f"{total} records: "
        + ", ".join(f"{counts.get(v, 0)} {v}" for v in ("legal", "illegal", "malformed"))
        + f"; verdicts in {args.output}"
    )
    # The command's statuses: 2 when a record is malformed, else 1 when one
    # is illegal, else 0.
    if counts.get("malformed", 0):
        return 2
    return 0 if counts.get("legal", 0) == total else 1


if __name__ == "__main__":
    sys.exit(main())
