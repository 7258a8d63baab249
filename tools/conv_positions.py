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
import re
import sys


def games(text):
    """Yields (black, white, result, moves, opening stones) per game."""
    for g in re.findall(r"\(;(.*?)\)\s*(?=\(|$)", text, re.S):
        pb = re.search(r"PB\[([^\]]*)\]", g).group(1)
        pw = re.search(r"PW\[([^\]]*)\]", g).group(1)
        re_ = re.search(r"RE\[([^\]]*)\]", g)
        result = re_.group(1) if re_ else "?"
        name = re.search(r"GN\[([^\]]*)\]", g)
        moves = re.findall(r";([BW])\[([a-z])([a-z])\](?:C\[([^\]]*)\])?", g)
        opening = sum(1 for m in moves if m[3].startswith("opening"))
        yield (name.group(1) if name else "?"), pb, pw, result, moves, opening


def pos(moves):
    return "".join(f"{x}{ord(y) - ord('a') + 1}" for _, x, y, _ in moves)


def main():
    args = sys.argv[1:]
    every = "--all" in args
    args = [a for a in args if a != "--all"]
    if len(args) < 2:
        sys.exit("usage: conv_positions.py [--all] ENGINE FILE.sgf...")
    engine = args[0]
    for path in args[1:]:
        for name, pb, pw, result, moves, opening in games(open(path).read()):
            if engine not in (pb, pw):
                continue
            colour = "B" if pb == engine else "W"
            if not every and result.startswith(colour + "+"):
                continue
            for i in range(opening, len(moves)):
                if moves[i][0] != colour:
                    continue
                played = f"{moves[i][1]}{ord(moves[i][2]) - ord('a') + 1}"
                print(f"# {path} {name} ply {i + 1}: {engine} played {played}; result {result}")
                print(pos(moves[:i]))


if __name__ == "__main__":
    main()
