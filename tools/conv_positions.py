#!/usr/bin/env python3
"""The positions one engine moved from in game records, as pos strings.

For the conversion diagnosis of issue 20 (docs/testing.md, 2026-11-26,
"Where the tactics fail"): from the SGF records of `match --to-move`
(one file per game, `--out-dir`) or of c-gomoku-cli (one collection),
writes, for every game the named engine did not win (or every game with
--all), each position in which the engine was to move after the opening
stones, preceded by a comment line naming the game, the ply, the move the
engine played there and the result. Feed them to `solve`:

  python3 tools/conv_positions.py kakugo conv_X/*.sgf > lost.txt
  pbrain-kakugo solve --vct --cpu --time 1s --caps 138ms,300ms lost.txt

Rows map to pos rows as a=1 (the records' own orientation), which is what
the opening files and `solve` read.
"""
import os
import sys

# The SGF reader is the match tools' own (tools/anchors/games.py).
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "anchors"))
from games import load  # noqa: E402


def pos(moves):
    """Moves (colour, SGF letters, comment) in pos notation, row a=1."""
    return "".join(f"{xy[0]}{ord(xy[1]) - ord('a') + 1}" for _, xy, _ in moves)


def main():
    args = sys.argv[1:]
    every = "--all" in args
    args = [a for a in args if a != "--all"]
    if len(args) < 2:
        sys.exit("usage: conv_positions.py [--all] ENGINE FILE.sgf...")
    engine = args[0]
    for path in args[1:]:
        for g in load([path]):
            if engine not in (g["black"], g["white"]):
                continue
            colour = "B" if g["black"] == engine else "W"
            result, moves = g["result"], g["moves"]
            if not every and result.startswith(colour + "+"):
                continue
            for i in range(g["opening"], len(moves)):
                if moves[i][0] != colour:
                    continue
                played = pos(moves[i:i + 1])
                print(f"# {path} {g['name']} ply {i + 1}: {engine} played {played}; result {result}")
                print(pos(moves[:i]))


if __name__ == "__main__":
    main()
