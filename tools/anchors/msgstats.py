#!/usr/bin/env python3
"""Kakugo's search lines in c-gomoku-cli -msg files, against Rapfi's.

  msgstats.py split FILE...
      per file, Kakugo's moves with a search line ("depth .. | n N | nps
      Rk | tm T"): the tree search's time (N / nps) and the rest of the
      move (T less it: our VCT, the move check), mean and median. FILE
      is a -msg file or tools/brain_move.py's output.
  msgstats.py calibration MSG...
      Kakugo's own ev (its win rate) after each of its moves, grouped by
      Rapfi's final Eval of the next position (from Rapfi's side: positive
      is bad for Kakugo; a mate counts as beyond 1,000): is the engine as
      worried as Rapfi is sure?
  msgstats.py losing MSG...
      the move that let Rapfi's first announced win in (Kakugo's move
      just before Rapfi's first "Eval +M.." of a game): Rapfi's eval of
      the position before it, what Kakugo's move check said on it (it
      replaced a move, it found only losing moves, or nothing), and
      whether Kakugo spent under 200 ms on it.

For docs/testing.md, 2026-11-29 (sessions 15 and 16).
"""
import argparse
import re
import signal
import statistics

SEARCH = re.compile(r"depth \S+ \| ev \S+ \| n (\d+) \| nps (\d+)k \| tm (\d+)")
EV = re.compile(r"(\d+)\) kakugo: .*\| ev (\S+) ")  # search lines and proven results alike
RAPFI = re.compile(r"(\d+)\) rapfi: Depth .*\| Eval (\S+) ")
CHECK = re.compile(r"(\d+)\) kakugo: check \| (.*)")
MOVETIME = re.compile(r"(\d+)\) kakugo: depth .*\| tm (\d+)")
BUCKETS = [(-10**9, -1000), (-1000, -300), (-300, -100), (-100, 100), (100, 300),
           (300, 1000), (1000, 29999), (29999, 10**9)]


def games(path):
    return open(path, encoding="utf-8", errors="replace").read().split("Game ID:")[1:]


def split(args):
    for path in args.msg:
        tree, rest, total = [], [], []
        for m in SEARCH.finditer(open(path, encoding="utf-8", errors="replace").read()):
            n, nps, tm = int(m.group(1)), int(m.group(2)), int(m.group(3))
            t = n / nps  # ms: nps is in thousands a second
            tree.append(t)
            rest.append(tm - t)
            total.append(tm)
        if not tree:
            print("%s: no search lines" % path)
            continue
        print("%s: %d moves, move mean %.0f ms median %.0f | tree mean %.0f median %.0f | rest mean %.0f median %.0f" % (
            path, len(tree), statistics.mean(total), statistics.median(total),
            statistics.mean(tree), statistics.median(tree), statistics.mean(rest), statistics.median(rest)))


def ev_value(s):
    """The ev field as a win rate: a proven win 1, a proven loss 0."""
    return {"win": 1.0, "loss": 0.0}.get(s) if s in ("win", "loss") else float(s)


def calibration(args):
    by = {b: [] for b in BUCKETS}
    for path in args.msg:
        for g in games(path):
            ours = {int(m.group(1)): ev_value(m.group(2)) for m in EV.finditer(g)}
            theirs = {}
            for m in RAPFI.finditer(g):
                theirs[int(m.group(1))] = m.group(2)  # the last line of a move is its final one
            for ply, ev in ours.items():
                r = theirs.get(ply + 1)
                if r is None:
                    continue
                v = (30000 if r.startswith("+") else -30000) if "M" in r else int(r)
                for lo, hi in BUCKETS:
                    if lo <= v < hi:
                        by[(lo, hi)].append(ev)
    for (lo, hi), evs in by.items():
        if evs:
            print("Rapfi %s..%s: %d positions, Kakugo's ev mean %.3f" % (
                "-inf" if lo < -10**8 else lo, "mate" if hi > 10**8 else hi, len(evs), statistics.mean(evs)))


def losing(args):
    for path in args.msg:
        count = {"games": 0, "no announced win": 0, "check replaced the move": 0,
                 "check found only losing moves": 0, "no check line": 0, "under 200 ms": 0}
        before = {"under 300": 0, "300-1000": 0, "over 1000": 0, "other": 0}
        for g in games(path):
            count["games"] += 1
            theirs = {}
            for m in RAPFI.finditer(g):
                theirs[int(m.group(1))] = m.group(2)  # a move's last line is its final one
            mates = sorted(p for p, e in theirs.items() if e.startswith("+M"))
            if not mates:
                count["no announced win"] += 1
                continue
            ply = mates[0] - 1  # Kakugo's move that let the win in
            checks = [m.group(2) for m in CHECK.finditer(g) if int(m.group(1)) == ply]
            if any("instead of" in c for c in checks):
                count["check replaced the move"] += 1
            elif checks:
                count["check found only losing moves"] += 1
            else:
                count["no check line"] += 1
            tm = [int(m.group(2)) for m in MOVETIME.finditer(g) if int(m.group(1)) == ply]
            if tm and tm[-1] < 200:
                count["under 200 ms"] += 1
            e = theirs.get(ply - 1, "")
            if re.fullmatch(r"-?\d+", e):
                v = int(e)
                before["under 300" if v < 300 else "300-1000" if v <= 1000 else "over 1000"] += 1
            else:
                before["other"] += 1
        print("%s: %s" % (path, ", ".join("%s %d" % kv for kv in count.items())))
        print("  Rapfi's eval before the losing move: %s" % ", ".join("%s %d" % kv for kv in before.items()))


def main():
    if hasattr(signal, "SIGPIPE"):
        signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    for name, run in (("split", split), ("calibration", calibration), ("losing", losing)):
        p = sub.add_parser(name)
        p.add_argument("msg", nargs="+")
        p.set_defaults(run=run)
    args = ap.parse_args()
    args.run(args)


if __name__ == "__main__":
    main()
