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
  python3 tools/conv_positions.py --all --plies 8-30 --every 5 kakugo REC.sgf > sample.txt
  pbrain-kakugo solve --vct --cpu --time 1s --caps 138ms,300ms lost.txt

Rows map to pos rows as a=1 (the records' own orientation), which is what
the opening files and `solve` read.
"""
import argparse
import os
import signal
import sys

# The SGF reader is the match tools' own (tools/anchors/games.py).
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "anchors"))
from games import load, pos_string as pos  # noqa: E402


def main():
    if hasattr(signal, "SIGPIPE"):
        signal.signal(signal.SIGPIPE, signal.SIG_DFL)  # a closed pipe (| head) ends quietly
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--all", action="store_true", help="every game, won ones too")
    ap.add_argument("--plies", default="", metavar="A-B",
                    help="only positions before the engine's move number A to B (counted from 1 with the opening's stones)")
    ap.add_argument("--every", type=int, default=1, metavar="K",
                    help="only every K-th of the positions left, in order (an even sample)")
    ap.add_argument("engine")
    ap.add_argument("records", nargs="+")
    a = ap.parse_args()
    lo, hi = 1, 10**9
    if a.plies:
        lo, hi = (int(x) for x in a.plies.split("-"))
    k = 0
    for path in a.records:
        for g in load([path]):
            if a.engine not in (g["black"], g["white"]):
                continue
            colour = "B" if g["black"] == a.engine else "W"
            result, moves = g["result"], g["moves"]
            if not a.all and result.startswith(colour + "+"):
                continue
            for i in range(g["opening"], len(moves)):
                if moves[i][0] != colour or not lo <= i + 1 <= hi:
                    continue
                k += 1
                if k % a.every:
                    continue
                played = pos(moves[i:i + 1])
                print(f"# {path} {g['name']} ply {i + 1}: {a.engine} played {played}; result {result}")
                print(pos(moves[:i]))


if __name__ == "__main__":
    main()
