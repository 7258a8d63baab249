#!/usr/bin/env python3
"""Critical positions of games against Rapfi, and Rapfi's verdict on moves.

A diagnosis for issues 20 and 21 (docs/testing.md, 2026-11-28 late night):
where in the games against full Rapfi does Kakugo's move turn the game,
and would more time, another setting or another engine have played better
there?

  critical.py extract [--jump 150] [--engine kakugo] REC.sgf REC.msg > crit.txt
      c-gomoku-cli's records of a match (-sgf, -msg with Rapfi's search
      lines): in every game the engine lost, the positions before each of
      its moves after which Rapfi's final evaluation rose by at least
      --jump (from below 400), as pos lines, each after a comment line
      with the game, the ply, Rapfi's evaluations before and after, the
      move played and the reply Rapfi's search expected. With --after,
      the positions after the engine's move, for `solve --vct`.
  critical.py score V1.txt [V2.txt ...]
      V*.txt are `tools/brain_move.py` outputs of Rapfi (show_detail on)
      asked on the positions *after* each move (brain_move's --after file
      of an asker): Rapfi's final evaluation of each, from the side of the
      player to move after the move, so higher is worse for the mover.
      Prints each file's mean (mates as +-2000, scores clipped there), the
      moves into a mate Rapfi found, and pairwise counts of positions where
      one is better by more than 50, and the mean paired difference of
      the mover's win rate (a mate 0 or 1, a score through the logistic
      of -score / --scale, 260) with its standard error.

Typical run (one process at a time, the machine otherwise idle):

  python3 tools/critical.py extract full.sgf full.msg > crit.txt
  python3 tools/brain_move.py --turn 500 ./pbrain-kakugo crit.txt --after a_k.txt > k.txt
  python3 tools/brain_move.py --turn 1000 ../shared/anchors/pbrain-rapfi a_k.txt > v_k.txt
  python3 tools/critical.py score v_k.txt v_other.txt

Read it beside matches, never alone: these positions reward whatever
avoids the one losing move, and a setting that does so by taking time from
every other move can still lose the games (it did: the move check at 40%).
"""
import argparse
import math
import re
import sys

MATE = 2000


def rapfi_eval(s):
    """Rapfi's "Eval" field as a number: mates as +-MATE, scores clipped."""
    if "M" in s:
        return MATE if s.startswith("+") else -MATE
    return max(-MATE, min(MATE, int(s)))


def extract(a):
    games = re.findall(r"\(;FF.*?\)\n", open(a.sgf).read(), re.S)
    msgs = open(a.msg).read().split("Game ID: ")[1:]
    if len(games) != len(msgs):
        sys.exit(f"{len(games)} games in {a.sgf} but {len(msgs)} in {a.msg}")
    for gi, (g, m) in enumerate(zip(games, msgs)):
        black = re.search(r"PB\[([^\]]*)\]", g).group(1)
        result = re.search(r"RE\[([^\]]*)\]", g).group(1)
        colour = "B" if black == a.engine else "W"
        if result.startswith(colour):
            continue  # the engine won this one
        moves = re.findall(r";([BW])\[([a-z])([a-z])\]", g)
        pos = [f"{x}{ord(y) - 96}" for _, x, y in moves]
        final, pv = {}, {}
        for line in m.split("\n"):
            d = re.match(r"(\d+)\) rapfi: Depth .*Eval ([^ |]+) \| Time \S+ \| (.*)$", line)
            if d and len(d.group(3).split()) >= 2:
                pv[int(d.group(1))] = d.group(3).split()
            s = re.match(r"(\d+)\) rapfi: Speed .*Eval ([^ |]+)", line)
            if s:
                final[int(s.group(1))] = rapfi_eval(s.group(2))
        for k in range(6, len(pos) + 1):
            if moves[k - 1][0] != colour or k - 1 not in final or k + 1 not in final:
                continue
            before, after = final[k - 1], final[k + 1]
            if after - before >= a.jump and before < 400:
                expected = pv.get(k - 1, ["?", "?"])[1].lower()
                print(f"# game {gi + 1} ply {k}: rapfi {before} -> {after}, "
                      f"{a.engine} played {pos[k - 1]}, rapfi expected {expected}")
                print("".join(pos[:k] if a.after else pos[:k - 1]))


def verdicts(path):
    out, cur = [], None
    for line in open(path):
        line = line.strip()
        s = re.match(r"#\s+Speed .*Eval ([^ |]+)", line)
        if s:
            cur = s.group(1)
        if re.match(r"^[a-z0-9]+ -> \S+$", line):
            out.append(None if cur is None else rapfi_eval(cur))
            cur = None
    return out


def win_rate(v, scale):
    """Rapfi's verdict on the position after a move (from the opponent's
    side) as the mover's win rate: a mate 0 or 1, a score through the
    logistic of -v / scale (Rapfi's classical scale, tools/eval_scale.py)."""
    if abs(v) >= MATE:
        return 0.0 if v > 0 else 1.0
    return 1 / (1 + math.exp(v / scale))


def score(a):
    cols = {p: verdicts(p) for p in a.files}
    n = min(len(v) for v in cols.values())
    print(f"positions {n}")
    for p, v in cols.items():
        vv = [x for x in v[:n] if x is not None]
        if not vv:
            print(f"{p}: no verdicts")
            continue
        wr = [win_rate(x, a.scale) for x in vv]
        print(f"{p}: mean {sum(vv) / len(vv):.1f}, into a mate {sum(x >= MATE for x in vv)}, "
              f"500 or more {sum(x >= 500 for x in vv)} (of {len(vv)}); the mover's win rate {sum(wr) / len(wr):.4f}")
    names = list(cols)
    for i, p in enumerate(names):
        for q in names[i + 1:]:
            ks = [k for k in range(n) if cols[p][k] is not None and cols[q][k] is not None]
            d = [cols[p][k] - cols[q][k] for k in ks]
            if not d:
                continue
            # The paired win-rate difference, with its standard error: a
            # mate or a clear score counts for what it is worth, not 2,000.
            w = [win_rate(cols[p][k], a.scale) - win_rate(cols[q][k], a.scale) for k in ks]
            m = sum(w) / len(w)
            se = math.sqrt(sum((x - m) ** 2 for x in w) / max(len(w) - 1, 1) / len(w))
            print(f"{p} - {q}: mean {sum(d) / len(d):.1f}; {p} better by more than 50 in "
                  f"{sum(x < -50 for x in d)}, worse in {sum(x > 50 for x in d)}; "
                  f"win rate {m:+.4f} ± {se:.4f}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    e = sub.add_parser("extract")
    e.add_argument("sgf")
    e.add_argument("msg")
    e.add_argument("--jump", type=int, default=150)
    e.add_argument("--engine", default="kakugo")
    e.add_argument("--after", action="store_true",
                   help="print each position after the engine's move (the opponent to move), "
                        "ready for `solve --vct`: has the opponent a forced win now?")
    s = sub.add_parser("score")
    s.add_argument("--scale", type=float, default=260, help="Rapfi's score per logit of the win rate (tools/eval_scale.py: 260)")
    s.add_argument("files", nargs="+")
    a = ap.parse_args()
    extract(a) if a.cmd == "extract" else score(a)


if __name__ == "__main__":
    main()
