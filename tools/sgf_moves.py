#!/usr/bin/env python3
"""One engine's moves in c-gomoku-cli game records, as `position,move` lines.

Writes the lines `nneval --games FILE.csv` reads (pos notation: column
letter, row number, black first), one for every move the named engine
played after the opening stones, without duplicates, sorted. Used to score
the policy network against Rapfi's own moves (docs/testing.md, 2026-11-26):

  python3 tools/sgf_moves.py rapfi m_*_f15.sgf > rapfi_f15.csv
  pbrain-kakugo nneval --games rapfi_f15.csv --rule freestyle --size 15 --by none

SGF rows map to pos rows as a=1; c-gomoku-cli's records may be the board
mirrored, which scores the same for a network trained on all symmetries.
"""
import re
import sys


def games(text):
    for g in re.findall(r"\(;(.*?)\)\s*(?=\(|$)", text, re.S):
        pb = re.search(r"PB\[([^\]]*)\]", g).group(1)
        pw = re.search(r"PW\[([^\]]*)\]", g).group(1)
        yield pb, pw, re.findall(r";([BW])\[([a-z])([a-z])\](?:C\[([^\]]*)\])?", g)


def main():
    if len(sys.argv) < 3:
        sys.exit("usage: sgf_moves.py ENGINE FILE.sgf...")
    engine, lines = sys.argv[1], set()
    for path in sys.argv[2:]:
        with open(path) as f:
            for pb, pw, moves in games(f.read()):
                seq = ""
                for colour, x, y, comment in moves:
                    p = "%s%d" % (x, ord(y) - ord("a") + 1)
                    who = pb if colour == "B" else pw
                    if who.startswith(engine) and comment != "opening move" and seq:
                        lines.add(seq + "," + p)
                    seq += p
    sys.stdout.write("".join(l + "\n" for l in sorted(lines)))


if __name__ == "__main__":
    main()
