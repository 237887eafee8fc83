#!/usr/bin/env python3
"""The Python package's figures (docs/python.md, issue 35's aims): checking
the bench corpora through `arbitre.read` against the command's CPU time on
one core (`check --jobs 1`), and two threads reading against one.

usage: benches/python.py [ARBITRE_BIN] [--runs N] [--copies K]

Run from the project root after `cargo build --release` and, in the Python
environment running this script, `maturin develop --release -m
python/Cargo.toml` (or the release wheel installed). Corpora are those of
benches/stream.py (the side-by-side corpora when present, else `arbitre
random`), each repeated K times (64 by default).
"""
import argparse, os, pathlib, statistics, subprocess, sys

from stream import WORK, corpus, measure, write

# The records of a file read and counted; the loop's own CPU time printed.
READ = """
import sys, time, arbitre
start = time.process_time()
n = sum(1 for _ in arbitre.read(sys.argv[1]))
print(n, time.process_time() - start)
"""

# The same file read by one thread twice, then by two threads at once.
THREADS = """
import sys, threading, time, arbitre
def count(path):
    sum(1 for _ in arbitre.read(path))
start = time.perf_counter()
count(sys.argv[1]); count(sys.argv[1])
one = time.perf_counter() - start
start = time.perf_counter()
threads = [threading.Thread(target=count, args=(sys.argv[1],)) for _ in range(2)]
for t in threads: t.start()
for t in threads: t.join()
print(one, time.perf_counter() - start)
"""


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("binary", nargs="?", default="target/release/arbitre")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--copies", type=int, default=64)
    o = ap.parse_args()
    arb = str(pathlib.Path(o.binary).resolve())
    if not os.access(arb, os.X_OK):
        sys.exit(f"no arbitre binary at {arb}: cargo build --release first")
    WORK.mkdir(exist_ok=True)
    py = sys.executable
    print(f"{'corpus':<16} {'MB':>6} {'records':>8} {'cli cpu':>8} {'read cpu':>9} "
          f"{'(loop)':>7} {'ratio':>6} {'2 threads':>10}")
    for game in ("simpei", "puluc", "superpion"):
        big = write(f"python-{game}", corpus(arb, game), o.copies)
        cli = statistics.median(measure([arb, "check", "--jobs", "1", str(big)])[0]
                                for _ in range(o.runs))
        runs, loops, records = [], [], 0
        for _ in range(o.runs):
            cpu, _ = measure([py, "-c", READ, str(big)])
            runs.append(cpu)
        for _ in range(o.runs):
            out = subprocess.run([py, "-c", READ, str(big)], capture_output=True,
                                 text=True, check=True).stdout.split()
            records, loop = int(out[0]), float(out[1])
            loops.append(loop)
        read = statistics.median(runs)
        ratios = []
        for _ in range(o.runs):
            out = subprocess.run([py, "-c", THREADS, str(big)], capture_output=True,
                                 text=True, check=True).stdout.split()
            ratios.append(float(out[1]) / float(out[0]))
        print(f"{game + f' x{o.copies}':<16} {big.stat().st_size / 1e6:>6.1f} {records:>8} "
              f"{cli:>8.2f} {read:>9.2f} {statistics.median(loops):>7.2f} "
              f"{read / cli:>6.2f} {statistics.median(ratios):>10.2f}")


if __name__ == "__main__":
    main()
