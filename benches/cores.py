#!/usr/bin/env python3
"""`check` on every core against one: wall time per MB of the side-by-side
corpora with the default jobs and with `--jobs 1`, each over the anchor's
one-core wall time per MB (pgn-reader + shakmaty on its chess corpus; 1.0
= as fast per MB), and whether the output of both is the same bytes.

usage: benches/cores.py [ARBITRE_BIN] [--runs N] [--jobs N]

Run from the project root after `cargo build --release`, once the
side-by-side script has made its corpora and built the anchor (under
$TMPDIR/arbitre-bench). arbitre and the anchor run in turn, so that a
drift of a shared machine hits both alike.
"""
import argparse, filecmp, pathlib, statistics, subprocess, sys, tempfile

BENCH = pathlib.Path(tempfile.gettempdir()) / "arbitre-bench"


def wall(cmd, stdout=subprocess.DEVNULL):
    """Wall seconds and CPU seconds (user+sys) of one run."""
    with tempfile.NamedTemporaryFile("r", suffix=".time") as t:
        p = subprocess.run(["/usr/bin/time", "-o", t.name, "-f", "%e %U %S", *cmd],
                           stdout=stdout, stderr=subprocess.DEVNULL)
        e, u, s = t.read().split()[-3:]
    if p.returncode != 0:
        sys.exit(f"{' '.join(cmd)} exited {p.returncode}")
    return float(e), float(u) + float(s)


def same_output(arb, corpus, jobs):
    """Whether `--format json` is the same bytes on `jobs` threads as on one."""
    with tempfile.TemporaryDirectory() as d:
        one, many = pathlib.Path(d) / "one.json", pathlib.Path(d) / "many.json"
        with open(one, "wb") as f:
            subprocess.run([arb, "check", "--format", "json", "--jobs", "1", str(corpus)], stdout=f)
        with open(many, "wb") as f:
            subprocess.run([arb, "check", "--format", "json", *jobs, str(corpus)], stdout=f)
        return filecmp.cmp(one, many, shallow=False)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("binary", nargs="?", default="target/release/arbitre")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--jobs", type=int, default=None, help="threads (default: arbitre's own)")
    o = ap.parse_args()
    arb = str(pathlib.Path(o.binary).resolve())
    anchor = BENCH / "anchor-target" / "release" / "anchor"
    pgn = BENCH / "random-chess.pgn"
    if not anchor.exists() or not pgn.exists():
        sys.exit(f"no anchor under {BENCH}: run the side-by-side script once first")
    jobs = ["--jobs", str(o.jobs)] if o.jobs else []
    print(f"{'game':<10} {'MB':>6} {'all wall':>8} {'one wall':>8} {'anchor':>7}"
          f" {'all/anchor':>10} {'one/anchor':>10} {'speed-up':>8} {'same':>5}")
    for game in ("simpei", "puluc", "superpion"):
        corpus = BENCH / f"{game}-x64.arb"
        if not corpus.exists():
            sys.exit(f"no {corpus}: run the side-by-side script once first")
        many, one, chess = [], [], []
        for _ in range(o.runs):
            many.append(wall([arb, "check", *jobs, str(corpus)])[0])
            chess.append(wall([str(anchor), str(pgn)])[0])
            one.append(wall([arb, "check", "--jobs", "1", str(corpus)])[0])
        mb, chess_mb = corpus.stat().st_size / 1e6, pgn.stat().st_size / 1e6
        per = lambda t: statistics.median(t) / mb
        anchor_per = statistics.median(chess) / chess_mb
        same = same_output(arb, BENCH / f"{game}-x16.arb", jobs)
        print(f"{game:<10} {mb:>6.1f} {statistics.median(many):>8.2f} {statistics.median(one):>8.2f}"
              f" {statistics.median(chess):>7.2f} {per(many) / anchor_per:>10.2f}"
              f" {per(one) / anchor_per:>10.2f} {statistics.median(one) / statistics.median(many):>8.2f}"
              f" {'yes' if same else 'NO':>5}")


main()
