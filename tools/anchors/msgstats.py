#!/usr/bin/env python3
"""Kakugo's search lines in c-gomoku-cli -msg files, against Rapfi's.

  msgstats.py split [--colour black|white] FILE...
      per file, Kakugo's moves with a search line ("depth .. | n N | nps
      Rk | tm T"): the tree search's playouts (N) and time (N / nps), the
      rest of the move (T less it: our VCT, the move check), mean and
      median. FILE is a -msg file or tools/brain_move.py's output.
      --by-move N (-msg files only): the same by Kakugo's move number in
      its games (1 to N, the last bucket every later move), over all
      FILEs: where in a game the tree stops early.
  msgstats.py calibration [--colour black|white] MSG...
      Kakugo's own ev (its win rate) after each of its moves, grouped by
      Rapfi's final Eval of the next position (from Rapfi's side: positive
      is bad for Kakugo; a mate counts as beyond 1,000): is the engine as
      worried as Rapfi is sure?
  msgstats.py trend [--colour black|white] [--moves N] MSG...
      Rapfi's final Eval after each of Kakugo's moves (from Rapfi's side:
      positive is bad for Kakugo; a mate counts as 1,000, scores are
      clipped there), mean by the number of moves Kakugo has made in the
      game (1 to N, the last bucket every later move), per colour: does
      the game slide or turn on one move?
  msgstats.py loss [--colour black|white] MSG...
      what each of Kakugo's moves costs in Rapfi's eval: Rapfi's final
      Eval after the move less its Eval before it (from Rapfi's side: a
      positive loss is Kakugo's; after the move a mate counts as 1,000,
      scores are clipped there), over the moves where Rapfi's Eval before
      was within +-1,000 and no mate, by colour, by ply (1-11, 12-19, 20-29,
      30 on) and by the time the move left its tree search (the rest of
      the move under 80 ms, 80-200 ms, or 200 ms and more: our VCT at its
      cap; moves without a search line apart).
  msgstats.py losing [--colour black|white] MSG...
      the move that let Rapfi's first announced win in (Kakugo's move
      just before Rapfi's first "Eval +M.." of a game): Rapfi's eval of
      the position before it, what Kakugo's move check said on it (it
      replaced a move, it found only losing moves, or nothing), and
      whether Kakugo spent under 200 ms on it.

--colour keeps Kakugo's moves with that colour (black moves first under
every rule here: in a -msg file Kakugo's move N, counted from 1 with the
opening's moves, is black's when N is odd; in brain_move.py's output the
position's move count says it). For losing, the colour is Kakugo's in the
game.

For docs/testing.md, 2026-11-29 (sessions 15, 16 and 22) and 2026-11-30 (session 23).
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


KAKUGO = re.compile(r"^(\d+)\) kakugo: (.*)$", re.M)
POSLINE = re.compile(r"^(\S+) -> \S+", re.M)


def colour_of(ply):
    """Black's or white's move N (counted from 1: black moves first)."""
    return "black" if ply % 2 == 1 else "white"


def search_lines(path):
    """(colour, line) for each of Kakugo's lines in a -msg file, or each
    search comment of brain_move.py's output with the colour to move in
    the position the next line names."""
    text = open(path, encoding="utf-8", errors="replace").read()
    if "kakugo:" in text:
        for m in KAKUGO.finditer(text):
            yield colour_of(int(m.group(1))), m.group(2)
        return
    pending = []
    for line in text.splitlines():
        if line.startswith("#"):
            pending.append(line)
            continue
        m = POSLINE.match(line)
        if m:
            moves = len(re.findall(r"[a-z]", m.group(1)))
            for p in pending:
                yield colour_of(moves + 1), p
        pending = []


def split(args):
    if args.by_move:
        split_by_move(args)
        return
    for path in args.msg:
        tree, rest, total, playouts = [], [], [], []
        for colour, line in search_lines(path):
            m = SEARCH.search(line)
            if not m or (args.colour and colour != args.colour):
                continue
            n, nps, tm = int(m.group(1)), int(m.group(2)), int(m.group(3))
            t = n / nps if nps else 0  # ms: nps is in thousands a second
            tree.append(t)
            rest.append(tm - t)
            total.append(tm)
            playouts.append(n)
        if not tree:
            print("%s: no search lines" % path)
            continue
        print("%s: %d moves, move mean %.0f ms median %.0f | playouts mean %.0f | tree mean %.0f median %.0f | rest mean %.0f median %.0f" % (
            path, len(tree), statistics.mean(total), statistics.median(total), statistics.mean(playouts),
            statistics.mean(tree), statistics.median(tree), statistics.mean(rest), statistics.median(rest)))


def split_by_move(args):
    by = {}
    for path in args.msg:
        for g in games(path):
            lines = [(int(m.group(1)), m.group(2)) for m in KAKUGO.finditer(g)]
            if not lines or (args.colour and colour_of(lines[0][0]) != args.colour):
                continue
            first = lines[0][0]
            for ply, line in lines:
                s = SEARCH.search(line)
                if not s:
                    continue  # a five, a block, a proven win: no tree search
                # Kakugo's move number from the ply, as trend counts it, so
                # that moves without a search line keep the later ones' numbers.
                k = min((ply - first) // 2 + 1, args.by_move)
                n, nps, tm = int(s.group(1)), int(s.group(2)), int(s.group(3))
                by.setdefault(k, []).append((tm, n, n / nps if nps else 0))
    if not by:
        print("no search lines by move (--by-move reads -msg files only)")
    for k, v in sorted(by.items()):
        print("move %d%s: %d | move mean %.0f ms median %.0f | playouts mean %.0f | tree mean %.0f" % (
            k, "+" if k == args.by_move else "", len(v), statistics.mean(x[0] for x in v),
            statistics.median(x[0] for x in v), statistics.mean(x[1] for x in v), statistics.mean(x[2] for x in v)))


def ev_value(s):
    """The ev field as a win rate: a proven win 1, a proven loss 0."""
    return {"win": 1.0, "loss": 0.0}.get(s) if s in ("win", "loss") else float(s)


def calibration(args):
    by = {b: [] for b in BUCKETS}
    for path in args.msg:
        for g in games(path):
            ours = {int(m.group(1)): ev_value(m.group(2)) for m in EV.finditer(g)
                    if not args.colour or colour_of(int(m.group(1))) == args.colour}
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


def trend(args):
    cols = [args.colour] if args.colour else ["black", "white"]
    by = {c: {} for c in cols}
    for path in args.msg:
        for g in games(path):
            ours = sorted({int(m.group(1)) for m in KAKUGO.finditer(g)})
            if not ours or colour_of(ours[0]) not in by:
                continue
            theirs = {}
            for m in RAPFI.finditer(g):
                theirs[int(m.group(1))] = m.group(2)  # a move's last line is its final one
            for ply, e in theirs.items():
                if ply < ours[0]:
                    continue
                v = (1000 if e.startswith("+") else -1000) if "M" in e else max(-1000, min(1000, int(e)))
                k = min((ply - ours[0] + 1) // 2, args.moves)  # Kakugo's moves before this one
                by[colour_of(ours[0])].setdefault(k, []).append(v)
    for c in cols:
        row = by[c]
        print("%s: %s" % (c, " ".join("%d%s %.0f (%d)" % (k, "+" if k == args.moves else "", statistics.mean(v), len(v))
                                       for k, v in sorted(row.items()))))


def loss(args):
    plies = [(1, 12), (12, 20), (20, 30), (30, 10**6)]
    rests = [(-10**6, 80), (80, 200), (200, 10**6)]
    rows = []
    for path in args.msg:
        for g in games(path):
            theirs = {}
            for m in RAPFI.finditer(g):
                theirs[int(m.group(1))] = m.group(2)  # a move's last line is its final one
            lines = {}
            for m in KAKUGO.finditer(g):
                lines.setdefault(int(m.group(1)), []).append(m.group(2))
            for ply, ls in lines.items():
                b, a = theirs.get(ply - 1), theirs.get(ply + 1)
                if b is None or a is None or "M" in b or abs(int(b)) > 1000:
                    continue
                after = (1000 if a.startswith("+") else -1000) if "M" in a else max(-1000, min(1000, int(a)))
                colour = colour_of(ply)
                if args.colour and colour != args.colour:
                    continue
                rest = None
                for line in ls:
                    m = SEARCH.search(line)
                    if m:
                        n, nps, tm = int(m.group(1)), int(m.group(2)), int(m.group(3))
                        rest = tm - (n / nps if nps else 0)
                rows.append((colour, ply, after - int(b), rest))
    for colour in ("black", "white"):
        r = [x for x in rows if x[0] == colour]
        if not r:
            continue
        print("%s: %d moves, mean loss %.1f" % (colour, len(r), statistics.mean(x[2] for x in r)))
        for lo, hi in plies:
            s = [x[2] for x in r if lo <= x[1] < hi]
            if s:
                print("  ply %s: %d moves, mean loss %.1f" % ("%d-%d" % (lo, hi - 1) if hi < 10**6 else "%d on" % lo, len(s), statistics.mean(s)))
        for lo, hi in rests:
            s = [x[2] for x in r if x[3] is not None and lo <= x[3] < hi]
            if s:
                print("  rest %s ms: %d moves, mean loss %.1f" % (
                    "under %d" % hi if lo < 0 else "%d on" % lo if hi > 10**5 else "%d-%d" % (lo, hi), len(s), statistics.mean(s)))
        s = [x[2] for x in r if x[3] is None]
        if s:
            print("  no search line (a five, a block, a proven win or loss): %d moves, mean loss %.1f" % (len(s), statistics.mean(s)))


def losing(args):
    for path in args.msg:
        count = {"games": 0, "no announced win": 0, "check replaced the move": 0,
                 "check found only losing moves": 0, "no check line": 0, "under 200 ms": 0}
        before = {"under 300": 0, "300-1000": 0, "over 1000": 0, "other": 0}
        for g in games(path):
            if args.colour and not any(colour_of(int(m.group(1))) == args.colour for m in KAKUGO.finditer(g)):
                continue
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
    for name, run in (("split", split), ("calibration", calibration), ("trend", trend), ("loss", loss), ("losing", losing)):
        p = sub.add_parser(name)
        if name == "trend":
            p.add_argument("--moves", type=int, default=20, help="the last bucket: this many moves and more")
        if name == "split":
            p.add_argument("--by-move", type=int, default=0, help="by Kakugo's move number, the last bucket this and more")
        p.add_argument("--colour", choices=("black", "white"), help="only Kakugo's moves (games) with this colour")
        p.add_argument("msg", nargs="+")
        p.set_defaults(run=run)
    args = ap.parse_args()
    args.run(args)


if __name__ == "__main__":
    main()
