#!/usr/bin/env python3
"""Rapfi's move in every position where another engine moved: policy labels
on the positions the engine itself reaches (issue 21, item 4).

A policy trained on strong engines' games learns the positions those engines
reach; in play the engine meets its own, where its priors are worse (the
distribution shift of imitation learning; DAgger's remedy is to label the
learner's own states with the expert's choice). For each move ENGINE played
after the opening in c-gomoku-cli records (-sgf), the position before it is
sent to Rapfi, limited to --nodes a move, and Rapfi's answer becomes the
target: JSON lines of the Gomocup archive's format (as tools/sgf_moves.py
--jsonl writes them: a game whose only target is its last move), league
"Label" plus the rule and size (LabelF15, LabelR15, LabelF20).

Positions are deduplicated (rule, size, stones). A position Rapfi sees as lost
for the side to move (`Eval -M..`) is left out: every move loses there and
its choice teaches nothing. The split is tools/sgf_moves.py's, by opening:
OUT.train.jsonl and OUT.test.jsonl.

  python3 tools/anchors/label.py --nodes 100000 --jobs 2 --out lab kakugo runs/*.sgf

One persistent Rapfi per job (RESTART between positions, a 64 MB table);
about 0.1 s a position at 100,000 nodes on one core.
"""
import argparse
import json
import multiprocessing
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from sgf_moves import RULES, games, is_test  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
RAPFI = os.environ.get("RAPFI", os.path.join(HERE, "..", "..", "..", "shared", "anchors", "pbrain-rapfi"))


class Brain:
    """A Gomocup brain answering one BOARD at a time."""

    def __init__(self, cmd, nodes):
        self.p = subprocess.Popen(cmd, shell=True, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.nodes, self.size, self.rule = nodes, None, None

    def send(self, *lines):
        self.p.stdin.write("".join(l + "\n" for l in lines))
        self.p.stdin.flush()

    def until(self, pred):
        msgs = []
        for line in self.p.stdout:
            line = line.strip()
            if line.startswith("MESSAGE"):
                msgs.append(line[8:])
            elif pred(line):
                return line, msgs
        raise RuntimeError("brain closed its output")

    def move(self, size, rule, stones):
        """stones: (x, y) from black's first, 0-based; returns (x, y) and the
        last Eval, or None where the brain answers ERROR."""
        if size != self.size:
            self.send("START %d" % size)
            self.until(lambda l: l == "OK")
            self.send("INFO max_memory 67108864", "INFO timeout_turn 0", "INFO timeout_match 0",
                      "INFO max_node %d" % self.nodes)
            self.size, self.rule = size, None
        else:
            self.send("RESTART")
            self.until(lambda l: l == "OK")
        if rule != self.rule:
            self.send("INFO rule %s" % rule)
            self.rule = rule
        n = len(stones)
        board = ["%d,%d,%d" % (x, y, 1 if (n - i) % 2 == 0 else 2) for i, (x, y) in enumerate(stones)]
        self.send("BOARD", *board, "DONE")
        line, msgs = self.until(lambda l: l.startswith("ERROR") or re.fullmatch(r"\d+,\d+", l) is not None)
        if line.startswith("ERROR"):
            return None, None  # a position the brain refuses: no label
        ev = None
        for m in msgs:
            e = re.search(r"Eval (\S+)", m)
            if e:
                ev = e.group(1)
        x, y = map(int, line.split(","))
        return (x, y), ev

    def close(self):
        try:
            self.send("END")
            self.p.stdin.close()
            self.p.wait(timeout=5)
        except Exception:
            self.p.kill()


def positions(files, names, frac):
    seen = {}
    for path in files:
        with open(path) as f:
            for g in games(f.read()):
                rule = g["rule"]
                if rule not in RULES:
                    continue
                test = is_test(g, frac)
                xy = []
                for colour, x, y, comment in g["moves"]:
                    who = g["black"] if colour == "B" else g["white"]
                    if any(who.startswith(n) for n in names) and comment != "opening move" and xy:
                        key = (rule, g["size"], tuple(xy))
                        seen.setdefault(key, test)
                    xy.append((ord(x) - ord("a"), ord(y) - ord("a")))
    return sorted(seen.items())


def work(args):
    items, nodes = args
    b = Brain(RAPFI, nodes)
    out = []
    try:
        for (rule, size, stones), test in items:
            m, ev = b.move(size, rule, list(stones))
            if m is not None:
                out.append((rule, size, stones, test, m[0], m[1], ev))
    finally:
        b.close()
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--nodes", type=int, default=100000)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--test-frac", type=float, default=0.1)
    ap.add_argument("--limit", type=int, default=0, help="label at most this many positions (0: all)")
    ap.add_argument("--out", required=True, help="prefix of OUT.train.jsonl and OUT.test.jsonl")
    ap.add_argument("engine", help="the engine whose positions are labelled (comma-separated names)")
    ap.add_argument("files", nargs="+")
    a = ap.parse_args()
    items = positions(a.files, a.engine.split(","), a.test_frac)
    if a.limit:
        items = items[:a.limit]
    chunks = [(items[i::a.jobs * 8], a.nodes) for i in range(a.jobs * 8)]
    print("%d positions, %d test" % (len(items), sum(t for _, t in items)), file=sys.stderr)
    files = {False: open(a.out + ".train.jsonl", "w"), True: open(a.out + ".test.jsonl", "w")}
    lost = done = 0
    with multiprocessing.Pool(a.jobs) as pool:
        for res in pool.imap_unordered(work, chunks):
            for rule, size, stones, test, x, y, ev in res:
                done += 1
                if ev and ev.startswith("-M"):
                    lost += 1
                    continue
                name, tag = RULES[rule]
                moves = [[sx + 1, sy + 1] for sx, sy in stones] + [[x + 1, y + 1]]
                files[test].write(json.dumps({
                    "year": "label", "league": "Label%s%d" % (tag, size), "rule": name,
                    "board": "%dx%d" % (size, size), "black": "", "white": "", "winner_color": None,
                    "n_opening_stones_guess": len(stones), "moves": moves, "eval": ev}) + "\n")
            print("%d of %d labelled, %d lost left out" % (done, len(items), lost), file=sys.stderr)
    for f in files.values():
        f.close()


if __name__ == "__main__":
    main()
