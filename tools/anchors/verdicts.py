#!/usr/bin/env python3
"""Rapfi's verdicts on positions, as records train-value reads (issue 21).

The learned value is fitted to game positions, but the tree search asks it
about its leaves, positions seven to twenty plies past the root that no
game reached (the player writes a sample of them under KAKUGO_LEAF_SAMPLE:
players/leafsample.go). Each position of POSFILE (one per line: a pos string,
black first; further fields are read as the board size and the protocol
rule, as the sampler writes them, else --size and --rule apply) is sent to
one persistent Rapfi, limited to --nodes, and its final search line (its
`Eval`, a score or a mate) becomes the position's label. The output imitates
c-gomoku-cli's records: OUT.sgf holds one game per position, its moves and
Rapfi's answer, and OUT.msg Rapfi's line at the answer's ply, so that

  pbrain-kakugo train-value --engine ra,rb,rapfi ... \\
      --engine-sgf $PWD/OUT.sgf --engine-msg $PWD/OUT.msg --bucket-by-file

labels each position with Sigmoid(Eval/260) (a mate: 1 or 0) beside the
other records. Positions are deduplicated, shuffled with --seed and cut to
--limit. All positions of a file must share one size and rule. About 16 ms a
renju position and 36 ms a freestyle one at 20,000 nodes on one core.

  KAKUGO_LEAF_SAMPLE=$PWD/leaves_f15.txt tools/anchors/match.sh ...
  python3 tools/anchors/verdicts.py --nodes 20000 leaves_f15.txt lf15
"""
import argparse
import os
import random
import re
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from brain_move import board_lines  # noqa: E402

MOVE = re.compile(r"([a-z])(\d+)")


def read_positions(path, size, rule):
    """The file's distinct positions as (pos, size, rule), in file order."""
    seen, out = set(), []
    with open(path) as f:
        for line in f:
            fields = line.split()
            if not fields or fields[0] in seen or not MOVE.match(fields[0]):
                continue  # blank, a repeat, or not a pos string ('#' comments)
            seen.add(fields[0])
            sz = fields[1] if len(fields) > 1 else size
            rl = int(fields[2]) if len(fields) > 2 else rule
            out.append((fields[0], sz, rl))
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("posfile")
    ap.add_argument("out", help="writes OUT.sgf and OUT.msg")
    ap.add_argument("--nodes", type=int, default=20000, help="Rapfi's node limit a position")
    ap.add_argument("--limit", type=int, default=0, help="at most this many positions (0: all)")
    ap.add_argument("--seed", type=int, default=1, help="the shuffle's seed")
    ap.add_argument("--size", default="15", help="board size where a line gives none")
    ap.add_argument("--rule", type=int, default=0, help="protocol rule where a line gives none")
    anchors = os.environ.get("ANCHORS") or os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "../../../shared/anchors")
    ap.add_argument("--engine", default=os.path.join(anchors, "pbrain-rapfi"),
                    help="the labelling brain (default: Rapfi of ../shared/anchors, or of $ANCHORS)")
    a = ap.parse_args()
    rows = read_positions(a.posfile, a.size, a.rule)
    if not rows:
        sys.exit("verdicts: no positions in " + a.posfile)
    if len({(s, r) for _, s, r in rows}) > 1:
        sys.exit("verdicts: the positions are of more than one size or rule")
    random.Random(a.seed).shuffle(rows)
    if a.limit > 0:
        rows = rows[:a.limit]
    size, rule = rows[0][1], rows[0][2]
    if "x" in size:
        sys.exit("verdicts: square boards only (Rapfi's START)")
    p = subprocess.Popen([a.engine], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         stderr=subprocess.DEVNULL, text=True)

    def send(s):
        p.stdin.write(s + "\n")
        p.stdin.flush()

    send(f"START {size}")
    while True:  # MESSAGE lines may come first
        line = p.stdout.readline()
        if not line or line.startswith("ERROR"):
            sys.exit("verdicts: the engine refused START " + size)
        if line.strip() == "OK":
            break
    for s in ("INFO timeout_turn 10000", "INFO timeout_match 0", "INFO max_memory 67108864",
              f"INFO rule {rule}", f"INFO max_node {a.nodes}"):
        send(s)
    labelled = 0
    with open(a.out + ".sgf", "w") as sgf, open(a.out + ".msg", "w") as msg:
        for pos, _, _ in rows:
            send("BOARD")
            for line in board_lines(pos):
                send(line)
            send("DONE")
            last, reply = None, None
            while reply is None:
                line = p.stdout.readline()
                if not line:
                    sys.exit("verdicts: the engine stopped")
                line = line.strip()
                if line.startswith("MESSAGE") and "Eval" in line:
                    last = line[8:]
                elif re.fullmatch(r"\d+,\d+", line):
                    reply = tuple(map(int, line.split(",")))
            if last is None:
                continue  # answered without a search line: no verdict
            labelled += 1
            moves = [(ord(c) - 97, int(r) - 1) for c, r in MOVE.findall(pos)] + [reply]
            body = "".join(f";{'BW'[i % 2]}[{chr(97 + x)}{chr(97 + y)}]" for i, (x, y) in enumerate(moves))
            sgf.write(f"(;FF[4]GM[4]GN[{labelled}]EV[rapfi x rapfi]RU[{rule}]SZ[{size}]"
                      f"PB[rapfi]PW[rapfi]{body})\n")
            msg.write(f"Game ID: {labelled}\nEngines: rapfi x rapfi\n{len(moves)}) rapfi: {last}\n")
    send("END")
    print(f"verdicts: {labelled} of {len(rows)} positions labelled: {a.out}.sgf, {a.out}.msg")


if __name__ == "__main__":
    main()
