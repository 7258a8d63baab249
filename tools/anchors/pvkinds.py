#!/usr/bin/env python3
"""What kind of moves the attacker plays in Rapfi's announced wins.

  pvkinds.py SIZE WON MSG [SOLVED]

WON is `pbrain-kakugo tactics --sgf G.sgf --msg G.msg` output for one
match (its "# game G ply P" comments name the games), MSG that match's
-msg file. For every position where Rapfi announced a forced win with
itself to move, the principal variation of its last search line there
("Depth .. | Eval +M.. | Time .. | PV") is replayed and each of the
attacker's moves classified by the line shapes it makes: five, four (one
five point on a line through it), open four or double four (two), open
three (a further stone on one of its lines would give two five points),
or other (none of these: a quiet move, or a closed three or two whose
threat is a VCF, which this script does not search). Renju's forbidden
points are not looked at. Rapfi's row numbers may count from either
edge: the orientation where the line makes the most threats is taken.

A VCT (package search/win) proves a win through fours and threats only;
an "other" first move can only be one if it threatens a VCF. SOLVED, the
output of `pbrain-kakugo solve --vct ...` on WON's positions (in its
order, comments dropped: `grep -v '^#' WON > P; solve ... P`), adds a
table of the first move's kind against what our VCT said.
For docs/testing.md, 2026-11-29 (session 16).
"""
import re
import signal
import sys
from collections import Counter

PV = re.compile(r"(\d+)\) rapfi: Depth .*\| Eval \+M(\d+) \|[^|]*\| (.*)$")
DIRS = [(1, 0), (0, 1), (1, 1), (1, -1)]


def read_pvs(path):
    """(game, ply) -> the last winning PV Rapfi printed for that move."""
    out, game = {}, 0
    for line in open(path, encoding="utf-8", errors="replace"):
        line = line.strip()
        if line.startswith("Game ID:"):
            game = int(line.split(":")[1])
            continue
        m = PV.match(line)
        if m:
            out[(game, int(m.group(1)))] = m.group(3).split()
    return out


def five_points(bd, x, y, c, n):
    """Empty cells on the lines through (x, y) that give c five."""
    pts = set()
    for dx, dy in DIRS:
        for s in range(-4, 1):
            cells = [(x + (s + k) * dx, y + (s + k) * dy) for k in range(5)]
            if any(not (0 <= a < n and 0 <= b < n) for a, b in cells):
                continue
            vals = [bd.get(p, 0) for p in cells]
            if vals.count(c) == 4 and vals.count(0) == 1:
                pts.add(cells[vals.index(0)])
    return pts


def kind(bd, x, y, c, n):
    """The shape c's stone at (x, y), already placed, makes."""
    for dx, dy in DIRS:
        run = 1
        for sg in (1, -1):
            k = 1
            while bd.get((x + sg * k * dx, y + sg * k * dy), 0) == c:
                run += 1
                k += 1
        if run >= 5:
            return "five"
    fp = five_points(bd, x, y, c, n)
    if len(fp) >= 2:
        return "open or double four"
    if fp:
        return "four"
    for dx, dy in DIRS:
        for k in range(-4, 5):
            e = (x + k * dx, y + k * dy)
            if k == 0 or not (0 <= e[0] < n and 0 <= e[1] < n) or bd.get(e, 0):
                continue
            bd[e] = c
            two = len(five_points(bd, x, y, c, n) - {e}) >= 2
            del bd[e]
            if two:
                return "open three"
    return "other"


def kinds(stones, pv, n):
    """The attacker's kinds along pv from the position stones, in the
    orientation that makes the most threats, or None if pv does not fit."""
    best = None
    for flip in (False, True):
        cells = []
        for mv in pv:
            x, y = ord(mv[0].lower()) - 97, int(mv[1:]) - 1
            cells.append((x, n - 1 - y) if flip else (x, y))
        if len(set(cells)) != len(cells) or any(p in stones for p in cells):
            continue
        bd = dict(stones)
        att = 1 if len(stones) % 2 == 0 else 2
        got = []
        for i, p in enumerate(cells):
            c = att if i % 2 == 0 else 3 - att
            bd[p] = c
            if c == att:
                got.append(kind(bd, p[0], p[1], c, n))
        if best is None or sum(k != "other" for k in got) > sum(k != "other" for k in best):
            best = got
    return best


def main():
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    if len(sys.argv) not in (4, 5):
        sys.exit(__doc__)
    n, lines, pvs = int(sys.argv[1]), open(sys.argv[2]).read().split("\n"), read_pvs(sys.argv[3])
    solved = {}
    if len(sys.argv) == 5:
        for line in open(sys.argv[4]):
            m = re.match(r"\[(\d+)/\d+\].*?: (win|not found \(\w+\)|\w[^|:]*)", line)
            if m:
                solved[int(m.group(1))] = m.group(2).strip()
    moves, first, quiet, cross = Counter(), Counter(), Counter(), Counter()
    used = unmatched = index = 0
    for i, line in enumerate(lines):
        if line.startswith("#"):
            index += 1
        m = re.match(r"# game (\d+) ply (\d+): .*rapfi to move", line)
        if not m:
            continue
        pv = pvs.get((int(m.group(1)), int(m.group(2))))
        stones = {}
        for j, mv in enumerate(re.findall(r"[a-z]\d+", lines[i + 1])):
            stones[(ord(mv[0]) - 97, int(mv[1:]) - 1)] = 1 if j % 2 == 0 else 2
        got = kinds(stones, pv, n) if pv else None
        if not got:
            unmatched += 1
            continue
        used += 1
        moves.update(got)
        first[got[0]] += 1
        if solved:
            cross[(got[0], solved.get(index, "?"))] += 1
        quiet[sum(k == "other" for k in got)] += 1
    print(f"{used} positions ({unmatched} without a PV that fits)")
    print("attacker's moves:", ", ".join(f"{k} {v}" for k, v in moves.most_common()))
    print("its first move:", ", ".join(f"{k} {v}" for k, v in first.most_common()))
    print("positions by 'other' moves in the line:", ", ".join(f"{k}: {v}" for k, v in sorted(quiet.items())))
    for k in sorted({k for k, _ in cross}):
        row = {v: c for (kk, v), c in cross.items() if kk == k}
        print(f"first move {k}: our VCT", ", ".join(f"{v} {c}" for v, c in sorted(row.items())))


if __name__ == "__main__":
    main()
