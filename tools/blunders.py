#!/usr/bin/env python3
"""The moves that lost a game, and the moves that would have held.

For the defence diagnosis of issue 20 (docs/testing.md, 2026-11-27, "Where
the games against Rapfi are lost"). Three steps around `pbrain-kakugo solve`
and `tools/brain_move.py`:

  blunders.py after [--engine NAME] REC... > after.txt
      for every game the engine lost, the position after each of its own
      moves (not the opening's), a pos string per line under a comment
      "# game G ply P".
  pbrain-kakugo solve --vct --cpu --time 1s after.txt > after.out
  blunders.py first after.txt after.out > blunder.txt
      for each game, the position before the engine's first move after
      which our VCT proves the opponent's win: "# game G ply P blunder M
      vct T ms" and the position with the engine to move.
  pbrain-kakugo solve --vct --defend --cpu --time 3s blunder.txt > defend.out
  python3 tools/brain_move.py --turn 500 "./pbrain-kakugo" blunder.txt > moves.txt
  blunders.py score blunder.txt defend.out moves.txt
      of the positions with a move that holds (a safe one of --defend), how
      many times the brain played one, the game's losing move, or another.
  blunders.py fired [--engine NAME] REC.sgf REC.msg > fired.txt
      the positions before each of the engine's moves whose move check
      proved the move lost ("loses to a vct") and found no replacement (no
      "instead of"), for `solve --vct --defend`: could any move have held?

Positions are pos strings (black first, the SGF's own row order, as
tools/conv_positions.py writes them). Safe means not proven lost within
--defend's time: a move whose search ran out of time counts as safe.
"""
import argparse
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "anchors"))
from games import load, points  # noqa: E402


def pos(moves):
    return "".join(f"{xy[0]}{ord(xy[1]) - ord('a') + 1}" for _, xy, _ in moves)


def after(args):
    for gi, g in enumerate(load(args.records), 1):
        if points(g, args.engine) != 0.0:
            continue
        colour = "B" if g["black"] == args.engine else "W"
        for i, (c, _, comment) in enumerate(g["moves"]):
            if c == colour and not comment.startswith("opening") and i < len(g["moves"]) - 1:
                print(f"# game {gi} ply {i + 1}")
                print(pos(g["moves"][: i + 1]))


def comments(path):
    """Maps the line number of each position to the comment above it."""
    out, last = {}, ""
    with open(path) as fh:
        for n, line in enumerate(fh, 1):
            line = line.strip()
            if line.startswith("#"):
                last = line[1:].strip()
            elif line:
                out[n] = (last, line)
    return out


SOLVED = re.compile(r"\[\d+/\d+\] \S+?:(\d+), \w+ \w+: (.*?) \| nodes \d+ \| ([\d.]+) ms")


def first(args):
    where = comments(args.positions)
    done = set()
    with open(args.solved) as fh:
        for line in fh:
            m = SOLVED.match(line)
            if not m or not m.group(2).startswith("win"):
                continue
            comment, p = where[int(m.group(1))]
            game = re.match(r"game (\d+)", comment).group(1)
            if game in done:
                continue
            done.add(game)
            moves = re.findall(r"[a-z]\d+", p)
            print(f"# {comment} blunder {moves[-1]} vct {float(m.group(3)):.0f} ms")
            print("".join(moves[:-1]))


DEFENDED = re.compile(r"\[\d+/\d+\] \S+?:(\d+), .* defence: (.*?) \|")


def score(args):
    where = comments(args.blunders)
    safe = {}
    with open(args.defended) as fh:
        for line in fh:
            m = DEFENDED.match(line)
            if m:
                s = re.match(r"threatened, safe \d+: (.*)", m.group(2))
                safe[where[int(m.group(1))][1]] = [] if not s or s.group(1) == "lost" else s.group(1).split()
    blunder = {p: re.search(r"blunder (\S+)", c).group(1) for c, p in where.values()}
    held = lost = other = n = 0
    with open(args.moves) as fh:
        for line in fh:
            m = re.match(r"^([a-z0-9]+) -> (\S+)$", line.strip())
            if not m or not safe.get(m.group(1)):
                continue
            n += 1
            if m.group(2) in safe[m.group(1)]:
                held += 1
            elif m.group(2) == blunder.get(m.group(1)):
                lost += 1
            else:
                other += 1
    print(f"positions with a move that holds: {n}; played one {held}, the game's losing move {lost}, another {other}")


def fired(args):
    msgs, game = {}, 0
    with open(args.msg) as fh:
        for line in fh:
            if line.startswith("Game ID"):
                game = int(line.split()[-1])
            m = re.match(r"(\d+)\) " + re.escape(args.engine) + r": (.*)", line)
            if m:
                msgs.setdefault((game, int(m.group(1))), []).append(m.group(2))
    games = list(load([args.sgf]))
    for (g, n), lines in sorted(msgs.items()):
        if not any("loses to a vct" in x for x in lines) or any("instead of" in x for x in lines):
            continue
        if g > len(games) or n - 1 >= len(games[g - 1]["moves"]):
            continue
        print(f"# game {g} ply {n} result {points(games[g - 1], args.engine)}")
        print(pos(games[g - 1]["moves"][: n - 1]))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    a = sub.add_parser("after")
    a.add_argument("--engine", default="kakugo")
    a.add_argument("records", nargs="+")
    f = sub.add_parser("first")
    f.add_argument("positions")
    f.add_argument("solved")
    s = sub.add_parser("score")
    s.add_argument("blunders")
    s.add_argument("defended")
    s.add_argument("moves")
    fi = sub.add_parser("fired")
    fi.add_argument("--engine", default="kakugo")
    fi.add_argument("sgf")
    fi.add_argument("msg")
    args = ap.parse_args()
    {"after": after, "first": first, "score": score, "fired": fired}[args.cmd](args)


if __name__ == "__main__":
    main()
