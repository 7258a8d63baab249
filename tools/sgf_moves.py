#!/usr/bin/env python3
"""One engine's moves in c-gomoku-cli game records, as training positions.

Default: the `position,move` lines `nneval --games FILE.csv` reads (pos
notation: column letter, row number, black first), one for every move the
named engine played after the opening stones, without duplicates, sorted.
Used to score the policy network against Rapfi's own moves (docs/testing.md,
2026-11-26):

  python3 tools/sgf_moves.py rapfi m_*_f15.sgf > rapfi_f15.csv
  pbrain-kakugo nneval --games rapfi_f15.csv --rule freestyle --size 15 --by none

--jsonl SPLIT writes the same positions as JSON lines of the Gomocup
archive's format instead (each line a game whose only target is the
engine's move; the rule and board from the record's RU and SZ, the league
"Rapfi" plus the rule and size, e.g. RapfiF15), so that one `train` or
`nneval` run reads every rule and size. SPLIT (train or test) keeps the
games of that side of a split by game: a game and its colour-swapped twin
(c-gomoku-cli -repeat plays games 2k-1 and 2k from one opening) go to the
same side, and so does every game from the same opening in any record
(runs with the same srand play the same openings, and a node-limited
engine repeats its moves): --test-frac of the openings (default 0.1) go to
the test side, by a hash of the rule, the size and the opening stones. ENGINE may be several names,
comma-separated (ra,rb: an engine's games against itself).

  python3 tools/sgf_moves.py --jsonl train ra,rb rself/f15.sgf > rapfi_train.jsonl

SGF rows map to pos rows as a=1; c-gomoku-cli's records may be the board
mirrored, which scores the same for a network trained on all symmetries.
"""
import argparse
import hashlib
import json
import re
import sys

RULES = {"0": ("freestyle", "F"), "1": ("standard", "S"), "4": ("renju", "R")}


def games(text):
    for g in re.findall(r"\(;(.*?)\)\s*(?=\(|$)", text, re.S):
        pb = re.search(r"PB\[([^\]]*)\]", g).group(1)
        pw = re.search(r"PW\[([^\]]*)\]", g).group(1)
        gn = re.search(r"GN\[(\d+)\]", g)
        ru = re.search(r"RU\[(\d+)\]", g)
        sz = re.search(r"SZ\[(\d+)\]", g)
        yield {"black": pb, "white": pw, "game": int(gn.group(1)) if gn else 0,
               "rule": ru.group(1) if ru else "0", "size": int(sz.group(1)) if sz else 15,
               "moves": re.findall(r";([BW])\[([a-z])([a-z])\](?:C\[([^\]]*)\])?", g)}


def is_test(g, frac):
    """The split of a game: its rule, size and opening stones, hashed."""
    opening = "".join(x + y for _, x, y, c in g["moves"] if c == "opening move")
    key = "%s|%d|%s" % (g["rule"], g["size"], opening)
    h = int.from_bytes(hashlib.sha256(key.encode()).digest()[:8], "big")
    return h / 2.0**64 < frac


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--jsonl", choices=["train", "test"], help="JSON lines of one side of the split")
    ap.add_argument("--test-frac", type=float, default=0.1)
    ap.add_argument("engine")
    ap.add_argument("files", nargs="+")
    a = ap.parse_args()
    names = a.engine.split(",")
    lines = set()
    for path in a.files:
        with open(path) as f:
            for g in games(f.read()):
                if a.jsonl and is_test(g, a.test_frac) != (a.jsonl == "test"):
                    continue
                rule, tag = RULES.get(g["rule"], (None, None))
                if a.jsonl and rule is None:
                    continue
                seq, xy = "", []
                for colour, x, y, comment in g["moves"]:
                    p = "%s%d" % (x, ord(y) - ord("a") + 1)
                    who = g["black"] if colour == "B" else g["white"]
                    if any(who.startswith(n) for n in names) and comment != "opening move" and seq:
                        if a.jsonl:
                            lines.add(json.dumps({
                                "year": "rapfi", "league": "Rapfi%s%d" % (tag, g["size"]), "rule": rule,
                                "board": "%dx%d" % (g["size"], g["size"]), "black": g["black"], "white": g["white"],
                                "winner_color": None, "n_opening_stones_guess": len(xy),
                                "moves": xy + [[ord(x) - ord("a") + 1, ord(y) - ord("a") + 1]]}))
                        else:
                            lines.add(seq + "," + p)
                    seq += p
                    xy.append([ord(x) - ord("a") + 1, ord(y) - ord("a") + 1])
    sys.stdout.write("".join(l + "\n" for l in sorted(lines)))


if __name__ == "__main__":
    main()
