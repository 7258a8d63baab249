#!/usr/bin/env python3
"""Asks a Gomocup brain for its move in each position of a pos file.

For the defence diagnosis of issue 20 (docs/testing.md, 2026-11-26,
"Where the tactics fail"): each position (a pos string per line, black
first, side to move by parity; `#` lines are copied through as comments)
is sent to a fresh brain process as a BOARD under a turn limit, and the
move it answers is printed after the position, with its MESSAGE lines
prefixed by `#`. The position with the move is written to --after FILE,
ready for `pbrain-kakugo solve --vct` (has the opponent a forced win
after the move?).

  python3 tools/brain_move.py --turn 500 --rule 0 --after after.txt \\
      "./pbrain-kakugo" positions.txt

One process per position: no tree or table is carried from one to the
next. --info adds INFO lines (max_node N: a node-limited search). Run it
on a quiet core, as the brain's own timing decides its move.
"""
import argparse
import re
import subprocess


def board_lines(pos):
    moves = re.findall(r"([a-z])(\d+)", pos)
    n = len(moves)
    out = []
    for i, (c, r) in enumerate(moves):
        own = 1 if (n - i) % 2 == 0 else 2  # the side to move's stones are 1
        out.append(f"{ord(c) - ord('a')},{int(r) - 1},{own}")
    return out


def ask(cmd, pos, turn, rule, size, info=()):
    script = [f"START {size}", f"INFO timeout_turn {turn}", "INFO timeout_match 0",
              "INFO max_memory 67108864", f"INFO rule {rule}", "INFO show_detail 1",
              *(f"INFO {i}" for i in info), "BOARD", *board_lines(pos), "DONE"]
    p = subprocess.Popen(cmd, shell=True, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         stderr=subprocess.DEVNULL, text=True)
    p.stdin.write("\n".join(script) + "\n")
    p.stdin.flush()
    messages, move = [], None
    for line in p.stdout:
        line = line.strip()
        if line.startswith("MESSAGE"):
            messages.append(line[8:])
        elif re.fullmatch(r"\d+,\d+", line):
            x, y = map(int, line.split(","))
            move = f"{chr(ord('a') + x)}{y + 1}"
            break
    p.stdin.write("END\n")
    p.stdin.close()
    p.wait(timeout=10)
    return move, messages


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("cmd")
    ap.add_argument("positions")
    ap.add_argument("--turn", type=int, default=500, help="timeout_turn in ms")
    ap.add_argument("--rule", type=int, default=0, help="protocol rule number (0 freestyle, 4 renju)")
    ap.add_argument("--size", type=int, default=15)
    ap.add_argument("--after", help="write each position with the move played to this file")
    ap.add_argument("--info", action="append", default=[], metavar="KEY VALUE",
                    help="a further INFO line before the board (repeatable), e.g. --info 'max_node 1000'")
    a = ap.parse_args()
    after = open(a.after, "w") if a.after else None
    comment = ""
    for line in open(a.positions):
        line = line.strip()
        if not line:
            continue
        if line.startswith("#"):
            comment = line
            print(line)
            continue
        move, messages = ask(a.cmd, line, a.turn, a.rule, a.size, a.info)
        for m in messages:
            print("#   " + m)
        print(f"{line} -> {move}")
        if after and move:
            after.write(f"{comment} | brain played {move}\n{line}{move}\n")
    if after:
        after.close()


if __name__ == "__main__":
    main()
