#!/usr/bin/env python3
"""What Kakugo's move checks found, per c-gomoku-cli -msg file.

  checks.py MSG...

For each file: the games, the moves with an early check that proved the
move lost (`early check | X loses to a vct`, player kakugo-early), the moves
where a check replaced the move (any `instead of` line, the rest of the
turn's included), and the moves where a check proved a move lost and none
replaced it (every move it looked at lost). For docs/testing.md, session 43.
"""
import re
import sys


def main(paths):
    for path in paths:
        games = open(path, encoding="utf-8", errors="replace").read().split("Game ID:")[1:]
        early = replaced = all_lost = 0
        for g in games:
            per = {}
            for n, line in re.findall(r"^(\d+)\) kakugo: (.*)$", g, re.M):
                per.setdefault(n, []).append(line)
            for lines in per.values():
                if any(x.startswith("early check") for x in lines):
                    early += 1
                if any("instead of" in x for x in lines):
                    replaced += 1
                elif any(x.startswith("check") and "loses to a vct" in x for x in lines):
                    all_lost += 1
        print(f"{path}: games {len(games)}, early-lost moves {early}, "
              f"replaced {replaced}, all checked lost {all_lost}")


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    main(sys.argv[1:])
