#!/usr/bin/env python3
"""The streaming pipeline's figures: linearity on files that are hard for a
reporter (20,000 short illegal records; records full of warnings), and peak
memory checking a 100 MB multi-record file in every output format.

usage: benches/stream.py [ARBITRE_BIN] [--runs N] [--extra "ARGS"]

Run from the project root after `cargo build --release`. Corpora are written
to $TMPDIR/arbitre-stream; the bench corpora of the side-by-side script
(under $TMPDIR/arbitre-bench) are reused when present, else generated with
`arbitre random`.
"""
import argparse, os, pathlib, statistics, subprocess, sys, tempfile

WORK = pathlib.Path(tempfile.gettempdir()) / "arbitre-stream"
BENCH = pathlib.Path(tempfile.gettempdir()) / "arbitre-bench"


def measure(cmd, stdout=subprocess.DEVNULL):
    """CPU seconds (user+sys) and peak KiB of one run."""
    with tempfile.NamedTemporaryFile("r", suffix=".time") as t:
        subprocess.run(["/usr/bin/time", "-o", t.name, "-f", "%U %S %M", *cmd],
                       stdout=stdout, stderr=subprocess.DEVNULL)
        u, s, m = t.read().split()[-3:]
    return float(u) + float(s), int(m)


def illegal_records(n):
    # Each record's second turn places on an occupied point.
    one = "---\ngame: simpei\nplayers: {red: Ann, blue: Bob}\n---\n1. c3 c3\n"
    return one * n


def warned_record(rounds=200):
    """A Superpion game where Blue, walled in, passes every turn: one
    `superpion/blocking` warning per round."""
    turns = []
    for r in range(1, rounds + 1):
        red = "a9-a11" if r % 2 else "a11-a9"
        yellow = "n8-n10" if r % 2 else "n10-n8"
        turns.append(f"{r}.B --\n{r}.R {red}\n{r}.Y {yellow}\n")
    return ("---\ngame: superpion\nmode: three-players\nneutral: black\nsetup:\n"
            "  pieces: {blue: [e1], black: [e3, g1], red: [\"a9=S\"], yellow: [\"n8=S\"]}\n"
            "---\n" + "".join(turns))


def corpus(arb, game):
    have = BENCH / f"{game}.arb"
    if have.exists():
        return have.read_text()
    out = WORK / f"{game}.arb"
    if not out.exists():
        text = "".join(subprocess.run([arb, "random", game, "--seed", str(s)],
                                      capture_output=True, text=True).stdout
                       for s in range(600))
        out.write_text(text)
    return out.read_text()


def write(name, text, copies):
    path = WORK / f"{name}-x{copies}.arb"
    if not path.exists():
        with open(path, "w") as f:
            for _ in range(copies):
                f.write(text)
    return path


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("binary", nargs="?", default="target/release/arbitre")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--extra", default="")
    o = ap.parse_args()
    arb = str(pathlib.Path(o.binary).resolve())
    if not os.access(arb, os.X_OK):
        sys.exit(f"no arbitre binary at {arb}: cargo build --release first")
    WORK.mkdir(exist_ok=True)
    extra = o.extra.split()

    print(f"{'file':<28} {'MB':>6} {'cpu s':>7} {'linearity':>9}")
    for name, text in (("illegal-20000", illegal_records(20_000)),
                       ("warnings", warned_record() * 50)):
        small, big = write(name, text, 4), write(name, text, 16)
        cpu_small = statistics.median(measure([arb, "check", *extra, str(small)])[0]
                                      for _ in range(o.runs))
        cpu_big = statistics.median(measure([arb, "check", *extra, str(big)])[0]
                                    for _ in range(o.runs))
        lin = cpu_big / (4 * max(cpu_small, 1e-3))
        print(f"{name + ' x16':<28} {big.stat().st_size / 1e6:>6.1f} {cpu_big:>7.2f} {lin:>9.2f}")

    print()
    print(f"{'100 MB file':<28} {'format':>6} {'peak MiB':>9}")
    for game in ("simpei", "puluc", "superpion"):
        text = corpus(arb, game)
        copies = max(1, round(100e6 / len(text.encode())))
        path = write(f"{game}-100mb", text, copies)
        for fmt in ("human", "json", "jsonl"):
            _, peak = measure([arb, "check", "--format", fmt, *extra, str(path)])
            print(f"{game:<28} {fmt:>6} {peak / 1024:>9.1f}")


if __name__ == "__main__":
    main()
