#!/usr/bin/env python3
"""Two or more builds of arbitre and the anchor run in turn, many times:
the median CPU and wall time per MB of each build over the anchor's (1.0
= as fast per MB as pgn-reader + shakmaty on its chess corpus). For a
change too small for one side-by-side run: a shared machine's speed
drifts by 10% from minute to minute, and runs in turn share the drift.

usage: benches/alternate.py GAME RUNS [--jobs N|all] BINARY...

Run once the side-by-side script (../shared/bench/side-by-side.py from
the project root) has made its corpora and built the anchor (under
$TMPDIR/arbitre-bench); GAME's corpus of 64 copies is checked with
`check -q`, on one core unless --jobs says. Each run times the anchor and
every binary, in an order turned by one each run; a binary's figure is
the median over the runs of its time over that run's anchor time.
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
    # Every record of the corpora is legal: anything but 0 is a failure.
    if p.returncode != 0:
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
    if a.runs < 1:
        sys.exit("at least one run")
    corpus = BENCH / f"{a.game}-x64.arb"
    chess = BENCH / "random-chess.pgn"
    anchor = BENCH / "anchor-target" / "release" / "anchor"
    for needed in (corpus, chess, anchor):
        if not needed.exists():
            sys.exit(f"{needed} is missing: run ../shared/bench/side-by-side.py first")
    jobs = [] if a.jobs == "all" else ["--jobs", a.jobs]
    mb, chess_mb = corpus.stat().st_size / 1e6, chess.stat().st_size / 1e6
    # Commands by position: the anchor first, then each binary given.
    commands = [[str(anchor), str(chess)]]
    commands += [[binary, "check", *jobs, "-q", str(corpus)] for binary in a.binaries]
    sizes = [chess_mb] + [mb] * len(a.binaries)
    ratios = [([], []) for _ in a.binaries]
    anchor_times = ([], [])
    for r in range(a.runs):
        order = list(range(len(commands)))
        order = order[r % len(order):] + order[:r % len(order)]
        per_mb = {}
        for i in order:
            wall, cpu = run(commands[i])
            per_mb[i] = (wall / sizes[i], cpu / sizes[i])
        for which in (0, 1):
            anchor_times[which].append(per_mb[0][which])
            for b in range(len(a.binaries)):
                ratios[b][which].append(per_mb[b + 1][which] / per_mb[0][which])
    median = statistics.median
    print(f"{a.game}, jobs {a.jobs}, {a.runs} runs in turn; anchor "
          f"{median(anchor_times[0]) * 1e3:.2f} ms/MB wall, "
          f"{median(anchor_times[1]) * 1e3:.2f} ms/MB CPU")
    for b, binary in enumerate(a.binaries):
        print(f"  {binary}: CPU ratio {median(ratios[b][1]):.3f}, "
              f"wall ratio {median(ratios[b][0]):.3f}")

if __name__ == "__main__":
    main()
