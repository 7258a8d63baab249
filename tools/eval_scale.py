#!/usr/bin/env python3
"""The scale of an engine's scores, fitted to game results.

Reads pairs of c-gomoku-cli records (NAME.sgf beside NAME.msg), takes the
engine's final score on each move it searched (lines "N) ENGINE: ... | Eval
S | ..."; mates are left out) and the result of the game for that engine,
and fits P(the engine wins) = Sigmoid(a*S + b) by Newton's method. 1/a is
the scale `train-value --engine-scale` takes (b, the engine's edge over its
opponent in these games, is not part of a position's label). Decided games
only. Used for Rapfi's classical scores (docs/testing.md, 2026-11-26:
scale 260 on 40,082 and again on 63,630 positions of Kakugo-Rapfi games):

  python3 tools/eval_scale.py rapfi n_*.msg m_*.msg
"""
import math
import re
import sys


def engine_won(game, name):
    """1.0 or 0.0 when the SGF game is decided for or against name, else None."""
    black = re.search(r'PB\[(.*?)\]', game).group(1)
    result = re.search(r'RE\[(.*?)\]', game).group(1)
    if not result or result[0] not in 'BW':
        return None
    return 1.0 if (result[0] == 'B') == (black == name) else 0.0


def points(name, msg_path):
    """(score, won) pairs of one record pair."""
    won = {}
    for game in open(msg_path[:-4] + '.sgf').read().split('(;')[1:]:
        gn = int(re.search(r'GN\[(\d+)\]', game).group(1))
        won[gn] = engine_won(game, name)
    final = {}
    gid = None
    line_re = re.compile(r'(\d+)\) ' + re.escape(name) + r': .*\| Eval (\S+)')
    for line in open(msg_path):
        m = re.match(r'Game ID: (\d+)', line)
        if m:
            gid = int(m.group(1))
            continue
        m = line_re.match(line)
        if m and gid is not None:
            final[(gid, int(m.group(1)))] = m.group(2)  # the last line of a move counts
    out = []
    for (gid, _), ev in final.items():
        if won.get(gid) is not None and re.fullmatch(r'-?\d+', ev):
            out.append((int(ev), won[gid]))
    return out


def fit(pts):
    """Newton's method for Sigmoid(a*s + b)."""
    a, b = 0.005, 0.0
    for _ in range(100):
        ga = gb = haa = hab = hbb = 0.0
        for s, y in pts:
            p = 1 / (1 + math.exp(-(a * s + b)))
            g, w = p - y, p * (1 - p)
            ga, gb = ga + g * s, gb + g
            haa, hab, hbb = haa + w * s * s, hab + w * s, hbb + w
        det = haa * hbb - hab * hab
        a -= (hbb * ga - hab * gb) / det
        b -= (haa * gb - hab * ga) / det
    return a, b


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    pts = [p for path in sys.argv[2:] for p in points(sys.argv[1], path)]
    a, b = fit(pts)
    print(f"{len(pts)} positions: scale {1 / a:.0f} (a {a:.6f}), offset b {b:.2f}")


if __name__ == '__main__':
    main()
