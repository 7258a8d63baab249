#!/usr/bin/env python3
"""Scores, Elo, paired differences and move times from match records.

Reads c-gomoku-cli's SGF collections (`-sgf FILE`) and the per-game SGF
files of `pbrain-kakugo match --out-dir DIR` (pass the directory or the
files). Every figure is from the named engine's side (default "kakugo").

  games.py score [--engine NAME] [--budget MS] REC...
      wins-losses-draws, score, Elo with its 95% interval, the same by
      colour, and the engine's moves over the budget (default 500 ms) with
      the longest.
  games.py paired [--engine NAME] [--colour black|white] A B
      A and B are two runs on the same openings and colours (the same
      srand and -repeat, or the same --to-move position file): the mean
      per-game score difference A minus B, its standard error, z, and how
      many games each did better in. Games pair by their order. --colour
      keeps the pairs the engine played with that colour (for a change
      to one colour, the other colour's pairs measure the noise).
  games.py clock [--engine NAME] [--match S] REC...
      under a game clock: the engine's thinking time per game (mean,
      largest, the share of the clock), its moves per game, and its time
      by move number (mean of its 1st-5th, 6th-10th ... moves), so a time
      plan can be read against where the games are decided.

  games.py agree [--engine NAME] [--split PLY] REC...
      how often the engine played the reply Rapfi expected: for each of
      Rapfi's moves in c-gomoku-cli's -msg file beside REC (NAME.msg for
      NAME.sgf), the second move of its last search line's PV when the
      first is the move it played; the engine's next move agrees or not.
      Per record and in all, with its standard error, and split by ply at
      --split (default 30: the opening and early middle game, the rest).
      A figure per move, not per game: two players' runs on the same
      openings differ by far less noise than their scores do, so it
      screens a change before a long match (it measures agreement with
      Rapfi's 0.5 s search, not strength).
  games.py forbidden [--engine NAME] [--kakugo PATH] REC...
      renju games only: of the games white won by a five, how many ended
      on a point that was forbidden to black at black's last move (black
      could not block there), for the engine's losses as black and its
      wins as white. Asks `pbrain-kakugo eval --json` for the forbidden
      points (--kakugo, default ./pbrain-kakugo).

A record's move times are the SGF comments "123ms" (c-gomoku-cli) or
"123 ms" (match); opening stones carry no time and are skipped.
"""
import argparse
import glob
import json
import math
import os
import re
import signal
import subprocess
import sys

GAME = re.compile(r"\(;(.*?)\)\s*(?=\(;|$)", re.S)
MOVE = re.compile(r";([BW])\[([a-z]{2})\](?:C\[([^\]]*)\])?")


def load(paths):
    """Yields one dict per game, in file order (directories sorted)."""
    for p in paths:
        files = sorted(glob.glob(os.path.join(p, "*.sgf"))) if os.path.isdir(p) else [p]
        for f in files:
            with open(f, encoding="utf-8", errors="replace") as fh:
                text = fh.read()
            for g in GAME.findall(text):
                # The root node: up to the first move (a ";" may stand in a
                # property, as in match's GC).
                head = re.split(r";\s*[BW]\[", g, maxsplit=1)[0]
                pb = re.search(r"PB\[([^\]]*)\]", g)
                pw = re.search(r"PW\[([^\]]*)\]", g)
                res = re.search(r"RE\[([^\]]*)\]", g)
                gn = re.search(r"GN\[([^\]]*)\]", g)
                ru = re.search(r"RU\[([^\]]*)\]", head)
                te = re.search(r"TE\[([^\]]*)\]", head) or re.search(r"(?<![A-Z])C\[([^\]]*)\]", head)
                moves = MOVE.findall(g[len(head):])
                times = []
                for colour, _, c in moves:
                    m = re.fullmatch(r"\s*(\d+)\s*ms\s*", c or "")
                    if m:
                        times.append((colour, int(m.group(1))))
                yield {
                    "name": gn.group(1) if gn else "?",
                    "black": pb.group(1) if pb else "?",
                    "white": pw.group(1) if pw else "?",
                    "result": res.group(1) if res else "?",
                    # c-gomoku-cli writes the rule's number, match its name
                    "rule": {"0": "freestyle", "1": "standard", "4": "renju"}.get(ru.group(1), ru.group(1)) if ru else "?",
                    # how the game ended: c-gomoku-cli's TE, match's root comment
                    "end": te.group(1) if te else "?",
                    "moves": moves,  # (colour, "xy" in SGF letters, comment)
                    "opening": sum(1 for _, _, c in moves if c.startswith("opening")),
                    "times": times,
                    "file": f,
                }


def points(g, engine):
    """The engine's score in a game: 1, 0.5 or 0; None if it did not play."""
    if g["black"] == engine:
        colour = "B"
    elif g["white"] == engine:
        colour = "W"
    else:
        return None
    r = g["result"]
    if r.startswith("B+") or r.startswith("W+"):
        return 1.0 if r[0] == colour else 0.0
    return 0.5


def elo(p):
    p = min(max(p, 1e-3), 1 - 1e-3)
    return -400 * math.log10(1 / p - 1) + 0.0


def score(args):
    gs = [g for g in load(args.records) if points(g, args.engine) is not None]
    if not gs:
        sys.exit("no games with engine %r" % args.engine)
    pts = [points(g, args.engine) for g in gs]
    n = len(pts)
    w, l = pts.count(1.0), pts.count(0.0)
    d = n - w - l
    p = sum(pts) / n
    se = math.sqrt(sum((x - p) ** 2 for x in pts) / n / n)
    lo, hi = elo(p - 1.96 * se), elo(p + 1.96 * se)
    print("%s: %d-%d-%d of %d, score %.1f%%, Elo %+.0f (%+.0f to %+.0f)"
          % (args.engine, w, l, d, n, 100 * p, elo(p), lo, hi))
    # By colour: under renju the two sides play different games (black's
    # forbidden points), and a weakness of one colour hides in the total.
    parts = []
    for colour, key in (("black", "black"), ("white", "white")):
        cp = [points(g, args.engine) for g in gs if g[key] == args.engine]
        if cp:
            parts.append("as %s %d-%d-%d (%.1f%%)" % (colour, cp.count(1.0), cp.count(0.0),
                                                    len(cp) - cp.count(1.0) - cp.count(0.0),
                                                    100 * sum(cp) / len(cp)))
    print("; ".join(parts))
    mine = [t for g in gs for colour, t in g["times"]
            if (g["black"] == args.engine) == (colour == "B")]
    over = sum(1 for t in mine if t > args.budget)
    if mine:
        print("moves over %d ms: %d of %d, longest %d ms, mean %.0f ms"
              % (args.budget, over, len(mine), max(mine), sum(mine) / len(mine)))


def paired(args):
    ga = [g for g in load([args.a]) if points(g, args.engine) is not None]
    gb = [g for g in load([args.b]) if points(g, args.engine) is not None]
    n = min(len(ga), len(gb))
    if n == 0:
        sys.exit("no pairs")
    if len(ga) != len(gb):
        print("note: %d games in A, %d in B; compared the first %d" % (len(ga), len(gb), n))
    ga, gb = ga[:n], gb[:n]
    if args.colour:
        # The games the engine played with that colour, still paired by
        # order: for a change that acts on one colour only, the other
        # colour's pairs are a placebo (the same engine twice).
        key = "black" if args.colour == "black" else "white"
        keep = [i for i in range(n) if ga[i][key] == args.engine]
        if any(gb[i][key] != args.engine for i in keep):
            sys.exit("A and B differ in colours: not the same openings and order")
        ga, gb = [ga[i] for i in keep], [gb[i] for i in keep]
        n = len(keep)
        if n == 0:
            sys.exit("no pairs with the engine as %s" % args.colour)
    a = [points(g, args.engine) for g in ga]
    b = [points(g, args.engine) for g in gb]
    diff = [a[i] - b[i] for i in range(n)]
    mean = sum(diff) / n
    var = sum((x - mean) ** 2 for x in diff) / max(n - 1, 1)
    se = math.sqrt(var / n)
    z = mean / se if se > 0 else float("inf") if mean else 0.0
    better = sum(1 for x in diff if x > 0)
    worse = sum(1 for x in diff if x < 0)
    print("%d pairs%s: A %.1f%%, B %.1f%%, A-B %+.3f ± %.3f a game (z %.2f); A better in %d, B in %d"
          % (n, " as " + args.colour if args.colour else "", 100 * sum(a) / n, 100 * sum(b) / n,
             mean, se, z, better, worse))


def clock(args):
    gs = [g for g in load(args.records) if points(g, args.engine) is not None]
    if not gs:
        sys.exit("no games with engine %r" % args.engine)
    totals, counts, by = [], [], {}
    for g in gs:
        mine = [t for colour, t in g["times"] if (g["black"] == args.engine) == (colour == "B")]
        totals.append(sum(mine))
        counts.append(len(mine))
        for i, t in enumerate(mine):
            by.setdefault(i // 5, []).append(t)
    n = len(gs)
    mean = sum(totals) / n
    line = "%s: %d games, thinking %.1f s a game on average (largest %.1f s), %.1f moves a game" % (
        args.engine, n, mean / 1000, max(totals) / 1000, sum(counts) / n)
    if args.match > 0:
        line += ", %.0f%% of the %g s clock on average" % (100 * mean / 1000 / args.match, args.match)
    print(line)
    for k in sorted(by):
        ts = by[k]
        print("  moves %d-%d: %d moves, mean %.0f ms, longest %d ms" % (
            5 * k + 1, 5 * k + 5, len(ts), sum(ts) / len(ts), max(ts)))


def pos_string(moves):
    """SGF points as a pos string: columns a.., rows counted from 1 in the
    records' own order (as tools/conv_positions.py and `eval --pos` read)."""
    return "".join("%s%d" % (xy[0], ord(xy[1]) - ord("a") + 1) for _, xy, _ in moves)


def forbidden(args):
    count = {"black": [0, 0], "white": [0, 0]}  # the engine's colour: [white's fives, on a forbidden point]
    for g in load(args.records):
        if g["rule"] != "renju" or not g["result"].startswith("W+") or "five" not in g["end"]:
            continue
        if args.engine not in (g["black"], g["white"]) or not g["moves"] or g["moves"][-1][0] != "W":
            continue
        colour = "black" if g["black"] == args.engine else "white"
        before, last = g["moves"][:-2], g["moves"][-1][1]  # black to move, its last move
        out = subprocess.run([args.kakugo, "eval", "--json", "--rule", "renju", "--size", str(args.size),
                              "--top", "0", "--pos", pos_string(before)],
                             capture_output=True, text=True, check=True).stdout
        points = {f.split()[0] for f in json.loads(out).get("forbidden", [])}
        count[colour][0] += 1
        if pos_string([(None, last, None)]) in points:
            count[colour][1] += 1
    print("%s lost as black: %d games to a white five, %d of them on a point forbidden to black" % (
        args.engine, *count["black"]))
    print("%s won as white: %d games by a five, %d of them on a point forbidden to black" % (
        args.engine, *count["white"]))


RAPFI_PV = re.compile(r"(\d+)\) (\S+): Depth .*\| Eval \S+ \| Time \S+ \| ([A-Z]\d+(?: [A-Z]\d+)+)\s*$")


def rapfi_lines(path):
    """Rapfi's last search line of each move, per game of a -msg file:
    {game id: {move number: [pv moves in the records' notation]}}."""
    out, game = {}, None
    with open(path, encoding="utf-8", errors="replace") as fh:
        for line in fh:
            if line.startswith("Game ID:"):
                game = out.setdefault(line.split(":", 1)[1].strip(), {})
                continue
            m = RAPFI_PV.match(line)
            if m and game is not None and m.group(2) == "rapfi":
                game[int(m.group(1))] = m.group(3).lower().split()
    return out


def agree(args):
    rows = []
    for rec in args.records:
        msg = re.sub(r"\.sgf$", "", rec) + ".msg"
        if not os.path.exists(msg):
            sys.exit("%s: no %s beside it" % (rec, msg))
        pvs = rapfi_lines(msg)
        n = [[0, 0], [0, 0]]  # [early, late]: [agreed, asked]
        for g in load([rec]):
            if args.engine not in (g["black"], g["white"]):
                continue
            moves = [pos_string([m]) for m in g["moves"]]
            for k, pv in pvs.get(g["name"], {}).items():
                # move k (from 1) is Rapfi's; the engine's reply is move k+1
                if k < len(moves) and moves[k - 1] == pv[0]:
                    part = n[0 if k + 1 <= args.split else 1]
                    part[1] += 1
                    part[0] += moves[k] == pv[1]
        rows.append((rec, n))

    def line(name, n):
        a, t = n
        p = a / t if t else 0
        return "%s: %d of %d (%.1f%% +- %.1f)" % (name, a, t, 100 * p, 100 * math.sqrt(p * (1 - p) / t) if t else 0)

    total = [[0, 0], [0, 0]]
    for rec, n in rows:
        both = [n[0][0] + n[1][0], n[0][1] + n[1][1]]
        print("%s  [plies <= %d %s; later %s]" % (line(rec, both), args.split, line("", n[0])[2:], line("", n[1])[2:]))
        for i in range(2):
            total[i][0] += n[i][0]
            total[i][1] += n[i][1]
    if len(rows) > 1:
        both = [total[0][0] + total[1][0], total[0][1] + total[1][1]]
        print("%s  [plies <= %d %s; later %s]" % (line("all", both), args.split, line("", total[0])[2:], line("", total[1])[2:]))


def main():
    if hasattr(signal, "SIGPIPE"):
        signal.signal(signal.SIGPIPE, signal.SIG_DFL)  # a closed pipe (| head) ends quietly
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    s = sub.add_parser("score")
    s.add_argument("--engine", default="kakugo")
    s.add_argument("--budget", type=int, default=500)
    s.add_argument("records", nargs="+")
    s.set_defaults(run=score)
    p = sub.add_parser("paired")
    p.add_argument("--engine", default="kakugo")
    p.add_argument("--colour", choices=["black", "white"], help="only the games the engine played with this colour")
    p.add_argument("a")
    p.add_argument("b")
    p.set_defaults(run=paired)
    c = sub.add_parser("clock")
    c.add_argument("--engine", default="kakugo")
    c.add_argument("--match", type=float, default=0, help="the game clock in seconds")
    c.add_argument("records", nargs="+")
    c.set_defaults(run=clock)
    a = sub.add_parser("agree")
    a.add_argument("--engine", default="kakugo")
    a.add_argument("--split", type=int, default=30, help="the last ply of the first part")
    a.add_argument("records", nargs="+")
    a.set_defaults(run=agree)
    f = sub.add_parser("forbidden")
    f.add_argument("--engine", default="kakugo")
    f.add_argument("--kakugo", default="./pbrain-kakugo", help="the pbrain-kakugo binary that lists the forbidden points")
    f.add_argument("--size", type=int, default=15)
    f.add_argument("records", nargs="+")
    f.set_defaults(run=forbidden)
    args = ap.parse_args()
    args.run(args)


if __name__ == "__main__":
    main()
