#!/usr/bin/env python3
"""An independent second referee for `arbitre standings` (standings.md).

Reads `arbitre check --format json PATHS`, computes the standings itself, and
(with --compare) diffs them against `arbitre standings --format json --crosstable`.
Standard library only; written without reading src/standings/.
"""
import argparse
import json
import math
import re
import subprocess
import sys
from fractions import Fraction

TWO = "two-player"
MULTI = "multi-player"
SUPERPION_TWO_MODES = {"two-players", "two-super-players"}
CAMPS = {"simpei": ["red", "blue"], "puluc": ["a", "b"]}


def parse_points(text):
    parts = text.split(",")
    if len(parts) != 3:
        raise SystemExit("--points W,D,L")
    return [Fraction(p) for p in parts]


def headers_of(path, cache={}):
    """Each record's header text, in order: pairs of `---` lines."""
    if path in cache:
        return cache[path]
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            lines = f.read().split("\n")
    except OSError:
        lines = []
    delims = [i for i, l in enumerate(lines) if l.lstrip("\ufeff").rstrip("\r") == "---"]
    heads = []
    for k in range(0, len(delims) - 1, 2):
        heads.append("\n".join(lines[delims[k] + 1: delims[k + 1]]))
    cache[path] = heads
    return heads


def header_value(record, key):
    """A top-level `key: value` line of the record's header (a tiny parser, enough for `mode` and `end`)."""
    heads = headers_of(record["path"])
    idx = record["index"]
    if idx < len(heads):
        m = re.search(r"^%s:\s*([A-Za-z-]+)\s*$" % key, heads[idx], re.M)
        if m:
            return m.group(1)
    return None


def event_of(record):
    """The report's event; for a record the game refused (no `tournament` in its report), the header's line."""
    if "tournament" in record:
        return (record.get("tournament") or {}).get("event")
    heads = headers_of(record["path"])
    idx = record["index"]
    if idx < len(heads):
        m = re.search(r"^event:[ \t]*(.*?)[ \t]*$", heads[idx], re.M)
        if m:
            v = m.group(1)
            return v[1:-1] if len(v) >= 2 and v[0] == v[-1] and v[0] in "\"'" else v
    return None


def mode_of(record):
    return header_value(record, "mode") or "four-players"


def family_of(record):
    if record["game"] != "superpion":
        return TWO
    return TWO if mode_of(record) in SUPERPION_TWO_MODES else MULTI


def round_key(r):
    t = (r.get("tournament") or {}).get("round")
    if t is None:
        return None
    try:
        return int(str(t))
    except ValueError:
        return str(t)


def why_not(record):
    """None when the record counts, else the reason (standings.schema's names)."""
    if record["verdict"] == "malformed":
        return "malformed"
    if record["verdict"] == "illegal":
        return "illegal"
    if record["status"] != "finished":
        return "abandoned" if header_value(record, "end") == "abandoned" else "unfinished"
    players = record.get("players") or {}
    camps = CAMPS.get(record["game"]) or list((record["outcome"]["scores"] or {}).keys())
    names = []
    for c in camps:
        n = players.get(c)
        if n is None:
            return "player-not-named"
        names.append(n)
    if len(set(names)) != len(names):
        return "same-player-twice"
    return None


def rank_spans(keys):
    """keys: list of tie keys in order; returns rank strings and places."""
    out = []
    i = 0
    while i < len(keys):
        j = i
        while j + 1 < len(keys) and keys[j + 1] == keys[i]:
            j += 1
        r = str(i + 1) if i == j else "%d-%d" % (i + 1, j + 1)
        for _ in range(i, j + 1):
            out.append((r, i + 1))
        i = j + 1
    return out


def two_player(records, points, wins_in_tie, cross_all=False):
    W, D, L = points
    games = []  # (a, b, result for a as Fraction 1/½/0, record)
    for r in records:
        players = r["players"]
        if r["game"] == "superpion":
            s = r["outcome"]["scores"]
            c1, c2 = "player1", "player2"
            res = Fraction(1) if s[c1] > s[c2] else Fraction(0) if s[c1] < s[c2] else Fraction(1, 2)
        else:
            c1, c2 = CAMPS[r["game"]]
            w = r["winner"]
            res = Fraction(1) if w == c1 else Fraction(0) if w == c2 else Fraction(1, 2)
        games.append((players[c1], players[c2], res, r))
    st = {}
    for a, b, res, _ in games:
        for p, q in ((a, res), (b, 1 - res)):
            e = st.setdefault(p, {"games": 0, "wins": 0, "draws": 0, "losses": 0})
            e["games"] += 1
            e["wins" if q == 1 else "losses" if q == 0 else "draws"] += 1
    for p, e in st.items():
        e["points"] = W * e["wins"] + D * e["draws"] + L * e["losses"]
    for e in st.values():
        e["sb"] = Fraction(0)
        e["bh"] = Fraction(0)
    for a, b, res, _ in games:
        st[a]["bh"] += st[b]["points"]
        st[b]["bh"] += st[a]["points"]
        st[a]["sb"] += st[b]["points"] * res
        st[b]["sb"] += st[a]["points"] * (1 - res)
    order = sorted(st, key=lambda p: (-st[p]["points"], -st[p]["sb"], -st[p]["bh"], -st[p]["wins"], p.encode()))
    tie = [(st[p]["points"], st[p]["sb"], st[p]["bh"]) + ((st[p]["wins"],) if wins_in_tie else ()) for p in order]
    rows = []
    for p, (rank, place) in zip(order, rank_spans(tie)):
        e = st[p]
        rows.append({"rank": rank, "place": place, "player": p, "games": e["games"], "wins": e["wins"],
                     "draws": e["draws"], "losses": e["losses"], "points": e["points"],
                     "sonneborn_berger": e["sb"], "buchholz": e["bh"]})
    # crosstable: pairwise order by round when both have one, else input order
    import functools

    def cmp(x, y):
        rx, ry = round_key(x[3]), round_key(y[3])
        if rx is not None and ry is not None and type(rx) == type(ry) and rx != ry:
            return -1 if rx < ry else 1
        return x[4] - y[4]

    seq = [g + (i,) for i, g in enumerate(games)]
    if cross_all:
        # the other reading: a pair's games by round when every one of them has one, else by input order
        pairs = {}
        for g in seq:
            pairs.setdefault(frozenset((g[0], g[1])), []).append(g)
        seq = []
        for gs in pairs.values():
            if all(round_key(g[3]) is not None for g in gs):
                gs.sort(key=lambda g: (round_key(g[3]), g[4]))
            seq += gs
    else:
        seq.sort(key=functools.cmp_to_key(cmp))
    sym = {Fraction(1): "1", Fraction(1, 2): "½", Fraction(0): "0"}
    cells = {}
    for a, b, res, _, _ in seq:
        cells.setdefault((a, b), []).append(sym[res])
        cells.setdefault((b, a), []).append(sym[1 - res])
    cross = []
    for p in order:
        cross.append({"player": p, "cells": [["x"] if p == q else cells.get((p, q), []) for q in order]})
    return rows, cross


def multi_player(records, first_place):
    st = {}
    for r in records:
        s = r["outcome"]["scores"]
        players = r["players"]
        camps = [c for c in s if c in players]
        if first_place == "team" and r["outcome"].get("teams"):
            teams = r["outcome"]["teams"]
            best = max(t["score"] for t in teams)
            winners = {c for t in teams if t["score"] == best for c in t["sides"]}
        else:
            top = max(s[c] for c in camps)
            winners = {c for c in camps if s[c] == top}
        for c in camps:
            e = st.setdefault(players[c], {"games": 0, "wins": 0, "total": 0})
            e["games"] += 1
            e["total"] += s[c]
            e["wins"] += c in winners
    avg = {p: Fraction(e["total"], e["games"]) for p, e in st.items()}
    order = sorted(st, key=lambda p: (-st[p]["total"], -st[p]["wins"], -avg[p], p.encode()))
    tie = [(st[p]["total"], st[p]["wins"], avg[p]) for p in order]
    rows = []
    for p, (rank, place) in zip(order, rank_spans(tie)):
        e = st[p]
        rows.append({"rank": rank, "place": place, "player": p, "games": e["games"], "wins": e["wins"],
                     "total": e["total"], "average": math.floor(avg[p] * 100 + Fraction(1, 2)) / Fraction(100)})
    return rows


def standings(report, points, wins_in_tie=True, first_place="individual", cross_all=False):
    groups = {}
    orderk = []
    for r in report["records"]:
        event = event_of(r)
        key = (event, r["game"], family_of(r))
        if key not in groups:
            groups[key] = {"counted": [], "not_counted": []}
            orderk.append(key)
        why = why_not(r)
        if why is None:
            groups[key]["counted"].append(r)
        else:
            groups[key]["not_counted"].append({"path": r["path"], "index": r["index"], "reason": why})
    # a player in two counted records of one event and round: warned in the later record's group,
    # against the first record the player was seen in
    seen = {}
    for key in orderk:
        groups[key]["warnings"] = []
    for r in report["records"]:
        event = event_of(r)
        key = (event, r["game"], family_of(r))
        rnd = round_key(r)
        if why_not(r) is not None or rnd is None:
            continue
        for name in dict.fromkeys(n for c, n in r["players"].items() if c in (CAMPS.get(r["game"]) or r["outcome"]["scores"])):
            k = (event, rnd, name)
            here = {"path": r["path"], "index": r["index"]}
            if k in seen:
                groups[key]["warnings"].append({"player": name, "round": rnd, "first": seen[k], "again": here})
            else:
                seen[k] = here
    out = []
    for key in orderk:
        g = groups[key]
        doc = {"event": key[0], "game": key[1], "family": key[2], "counted": len(g["counted"]),
               "not_counted": g["not_counted"], "warnings": g["warnings"]}
        if key[2] == TWO:
            doc["rows"], doc["crosstable"] = two_player(g["counted"], points, wins_in_tie, cross_all)
        else:
            doc["rows"] = multi_player(g["counted"], first_place)
        out.append(doc)
    return out


def num(x):
    return float(x)


def compare(mine, theirs, label):
    """Lists of differences between our groups and arbitre's."""
    diffs = []
    tg = theirs["groups"]
    if [(g["event"], g["game"], g["family"]) for g in mine] != [(g["event"], g["game"], g["family"]) for g in tg]:
        diffs.append("%s: groups differ: %r vs %r" % (label, [(g["event"], g["game"], g["family"]) for g in mine],
                                                      [(g["event"], g["game"], g["family"]) for g in tg]))
        return diffs
    for m, t in zip(mine, tg):
        name = "%s %s/%s/%s" % (label, m["event"], m["game"], m["family"])
        if m["counted"] != t["counted"]:
            diffs.append("%s: counted %d vs %d" % (name, m["counted"], t["counted"]))
        mn = [(n["path"], n["index"], n["reason"]) for n in m["not_counted"]]
        tn = [(n["path"], n["index"], n["reason"]) for n in t["not_counted"]]
        if mn != tn:
            diffs.append("%s: not counted differ:\n  mine   %r\n  arbitre %r" % (name, mn, tn))
        tw = [{k: w[k] for k in ("player", "round", "first", "again")} for w in t["warnings"]]
        if m["warnings"] != tw:
            diffs.append("%s: warnings differ:\n  mine    %r\n  arbitre %r" % (name, m["warnings"], tw))
        cols = ["rank", "place", "player", "games", "wins"]
        cols += ["draws", "losses", "points", "sonneborn_berger", "buchholz"] if m["family"] == TWO else ["total", "average"]
        if len(m["rows"]) != len(t["rows"]):
            diffs.append("%s: %d rows vs %d" % (name, len(m["rows"]), len(t["rows"])))
        for mr, tr in zip(m["rows"], t["rows"]):
            for c in cols:
                a, b = mr.get(c), tr.get(c)
                if isinstance(a, Fraction):
                    same = b is not None and abs(num(a) - b) < 1e-9
                else:
                    same = a == b
                if not same:
                    diffs.append("%s: row %s: %s mine %r arbitre %r" % (name, mr["player"], c,
                                                                       num(a) if isinstance(a, Fraction) else a, b))
        if m["family"] == TWO and m.get("crosstable") != t.get("crosstable"):
            diffs.append("%s: crosstable differs:\n  mine    %r\n  arbitre %r" % (name, m.get("crosstable"), t.get("crosstable")))
    return diffs


def default_encoder(o):
    if isinstance(o, Fraction):
        return float(o)
    raise TypeError(o)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("paths", nargs="+")
    ap.add_argument("--arbitre", default="./target/debug/arbitre")
    ap.add_argument("--points", default="1,0.5,0")
    ap.add_argument("--compare", action="store_true", help="diff against arbitre standings; exit 1 on a difference")
    ap.add_argument("--wins-not-in-tie", action="store_true",
                    help="players equal on points, SB and Buchholz share a rank whatever their wins")
    ap.add_argument("--team-first-place", action="store_true",
                    help="in teams, a first place is the winning team's, not the highest own score")
    ap.add_argument("--cross-order-all", action="store_true",
                    help="a crosstable cell by round only when all of the pair's games have one (else input order), "
                         "not record by record")
    a = ap.parse_args()
    points = parse_points(a.points)
    check = subprocess.run([a.arbitre, "check", "--format", "json"] + a.paths, capture_output=True, text=True)
    report = json.loads(check.stdout)
    mine = standings(report, points, not a.wins_not_in_tie, "team" if a.team_first_place else "individual",
                     a.cross_order_all)
    if not a.compare:
        json.dump(mine, sys.stdout, indent=1, ensure_ascii=False, default=default_encoder)
        print()
        return 0
    st = subprocess.run([a.arbitre, "standings", "--format", "json", "--crosstable", "--points", a.points] + a.paths,
                        capture_output=True, text=True)
    theirs = json.loads(st.stdout)
    diffs = compare(mine, theirs, " ".join(a.paths))
    for d in diffs:
        print(d)
    print("compared %d records, %d groups: %d differences" % (len(report["records"]), len(mine), len(diffs)),
          file=sys.stderr)
    return 1 if diffs else 0


if __name__ == "__main__":
    sys.exit(main())
