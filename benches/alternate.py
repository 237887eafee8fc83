#!/usr/bin/env python3
"""Two or more builds of arbitre and the anchor run in turn, many times:
the median CPU and wall time per MB of each build over the anchor's (1.0
= as fast per MB as pgn-reader + shakmaty on its chess corpus). For a
change too small for one side-by-side run: a shared machine's speed
drifts by 10% from minute to minute, and runs in turn share the drift.

usage: benches/alternate.py GAME RUNS [--jobs N|all] BINARY...

Run from anywhere once the side-by-side script has made its corpora and
built the anchor (under $TMPDIR/arbitre-bench); GAME's corpus of 64
copies is checked with `check -q`, on one core unless --jobs says.
"""
import argparse, pathlib, resource, statistics, subprocess, sys, tempfile, time

BENCH = pathlib.Path(tempfile.gettempdir()) / "arbitre-bench"


def run(cmd):
    """Wall seconds and CPU seconds (user+sys, the children's) of one run."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    p = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if p.returncode not in (0, 1, 2):
        sys.exit(f"{' '.join(cmd)} exited {p.returncode}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("game", choices=["simpei", "puluc", "superpion"])
    ap.add_argument("runs", type=int)
    ap.add_argument("--jobs", default="1", help="a number, or `all` for the default")
    ap.add_argument("binaries", nargs="+")
    a = ap.parse_args()
    corpus = BENCH / f"{a.game}-x64.arb"
    chess = BENCH / "random-chess.pgn"
    anchor = BENCH / "anchor-target" / "release" / "anchor"
    for needed in (corpus, chess, anchor):
        if not needed.exists():
            sys.exit(f"{needed} is missing: run ../shared/bench/side-by-side.py first")
    jobs = [] if a.jobs == "all" else ["--jobs", a.jobs]
    times = {name: [] for name in ["anchor", *a.binaries]}
    for _ in range(a.runs):
        times["anchor"].append(run([str(anchor), str(chess)]))
        for binary in a.binaries:
            times[binary].append(run([binary, "check", *jobs, "-q", str(corpus)]))
    mb, chess_mb = corpus.stat().st_size / 1e6, chess.stat().st_size / 1e6

    def per_mb(name, which, size):
        return statistics.median(t[which] for t in times[name]) / size

    wall, cpu = per_mb("anchor", 0, chess_mb), per_mb("anchor", 1, chess_mb)
    print(f"{a.game}, jobs {a.jobs}, {a.runs} runs in turn; "
          f"anchor {wall * 1e3:.2f} ms/MB wall, {cpu * 1e3:.2f} ms/MB CPU")
    for binary in a.binaries:
        print(f"  {binary}: CPU ratio {per_mb(binary, 1, mb) / cpu:.3f}, "
              f"wall ratio {per_mb(binary, 0, mb) / wall:.3f} "
              f"({per_mb(binary, 0, mb) * 1e3:.2f} ms/MB wall)")


if __name__ == "__main__":
    main()
