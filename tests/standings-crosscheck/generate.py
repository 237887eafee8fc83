#!/usr/bin/env python3
"""Random events for crosscheck.py: legal random games from `arbitre random`,
given players, events, rounds and endings (some decided off the board, some
unfinished, some with a player not named). Seeded: the same seed, the same files.

    generate.py --seed 1 --events 50 --out /tmp/events   # then crosscheck.py --compare on each
    generate.py --seed 1 --events 50 --run                # generate and compare at once
"""
import argparse
import os
import random
import subprocess
import sys
import tempfile

POOL = ["Ana", "Ben", "Chloé", "Dev", "Eve", "Finn"]
EVENTS = ["Club night", "Spring open"]
MODES = ["two-players", "two-super-players", "four-players", "three-players", "teams"]
FOUR = ["blue", "red", "yellow", "black"]


def random_game(arbitre, rng, game, mode):
    cmd = [arbitre, "random", game, "--seed", str(rng.randrange(10**6)), "--max-turns", str(rng.choice([6, 20, 400, 400, 400]))]
    if mode:
        cmd += ["--mode", mode]
    text = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
    lines = text.split("\n")
    d = [i for i, l in enumerate(lines) if l == "---"]
    header = lines[d[0] + 1: d[1]]
    moves = [l for l in lines[d[1] + 1:] if l.strip()]
    return header, moves


def camps(game, mode, header):
    if game == "simpei":
        return ["red", "blue"]
    if game == "puluc":
        return ["a", "b"]
    if mode in ("two-players", "two-super-players"):
        return ["player1", "player2"]
    if mode == "three-players":
        neutral = next((l.split(":", 1)[1].strip() for l in header if l.startswith("neutral:")), "black")
        return [c for c in FOUR if c != neutral]
    return FOUR


def record(arbitre, rng):
    game = rng.choice(["simpei", "puluc", "superpion", "superpion"])
    mode = rng.choice(MODES) if game == "superpion" else None
    header, moves = random_game(arbitre, rng, game, mode)
    cs = camps(game, mode, header)
    names = rng.sample(POOL[: rng.choice([3, 4, 6])] if len(cs) <= 3 else POOL, len(cs))
    if rng.random() < 0.04:
        names[1] = names[0]
    players = dict(zip(cs, names))
    if rng.random() < 0.06:
        del players[rng.choice(cs)]
    extra = []
    r = rng.random()
    if r < 0.08:
        moves = moves[: rng.randrange(len(moves) + 1)]
    elif r < 0.35:
        # off the board; on a game already over it is an end-mismatch (illegal), which is fine too
        moves = moves[: rng.randrange(len(moves) + 1)]
        if game == "superpion":
            if rng.random() < 0.5:
                extra.append("end: time")
            else:
                scores = ", ".join("%s: %d" % (c, rng.choice([0, 3, 5, 5, 8])) for c in cs)
                extra += ["end: adjudication", "result: {%s}" % scores]
        else:
            kind = rng.choice(["resignation", "time-forfeit", "forfeit", "adjudication", "adjudication", "draw", "abandoned"])
            if kind == "draw" and game != "simpei":
                kind = "adjudication"
            extra.append("end: " + kind)
            if kind in ("adjudication", "draw") and rng.random() < 0.5 or kind == "abandoned":
                extra.append("result: none")
            elif kind != "draw":
                who = rng.choice(cs)
                extra.append("result: " + (players.get(who, who) if rng.random() < 0.5 else who))
    out = ["---"] + header + extra
    if rng.random() < 0.03:
        moves.insert(rng.randrange(len(moves) + 1), "zz!")  # malformed
    if rng.random() < 0.02:
        out.append("round: 0")  # a malformed header: still grouped by its event
    elif rng.random() < 0.02 and "neutral: black" in header:
        players["black"] = rng.choice(POOL)  # the neutral camp named: malformed
    if rng.random() < 0.85:
        out.append("event: " + rng.choice(EVENTS))
    if rng.random() < 0.8:
        out.append("round: %d" % rng.randint(1, 5))
    if rng.random() < 0.98:
        out.append("players: {%s}" % ", ".join("%s: %s" % kv for kv in players.items()))
    out.append("---")
    return "\n".join(out + moves) + "\n"


def event(arbitre, rng, folder):
    os.makedirs(folder, exist_ok=True)
    n = 0
    for f in range(rng.randint(1, 3)):
        k = rng.randint(3, 30)
        with open(os.path.join(folder, "f%d.arb" % f), "w", encoding="utf-8") as fh:
            for _ in range(k):
                fh.write(record(arbitre, rng))
        n += k
    return n


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--events", type=int, default=20)
    ap.add_argument("--out")
    ap.add_argument("--arbitre", default="./target/debug/arbitre")
    ap.add_argument("--run", action="store_true", help="run crosscheck.py --compare on each event, with 1,0.5,0 and 3,1,0")
    ap.add_argument("--check-args", default="", help="more arguments for crosscheck.py, space-separated")
    a = ap.parse_args()
    rng = random.Random(a.seed)
    out = a.out or tempfile.mkdtemp(prefix="standings-crosscheck-")
    here = os.path.dirname(os.path.abspath(__file__))
    total, failed = 0, 0
    for e in range(a.events):
        folder = os.path.join(out, "event-%03d" % e)
        total += event(a.arbitre, rng, folder)
        if a.run:
            odd = "%s,%s,%s" % tuple(rng.choice(["0.1", "0.2", "0.3", "0.33", "0.17", "2.5", "1.25", "0", "0.01"]) for _ in range(3))
            for pts in ("1,0.5,0", "3,1,0", odd):
                rc = subprocess.run([sys.executable, os.path.join(here, "crosscheck.py"), "--compare",
                                     "--arbitre", a.arbitre, "--points", pts, folder] + a.check_args.split()).returncode
                failed += rc != 0
    print("%d events, %d records in %s; %d comparisons with differences" % (a.events, total, out, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
