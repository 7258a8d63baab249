package main

import (
	"fmt"
	"io"

	"github.com/kakugo/kakugo/tactics"
)

// cmdTactics writes the tactics test set: the positions of recorded games
// where an engine announced a forced win for the side to move.
func cmdTactics(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("tactics", `usage: pbrain-kakugo tactics --sgf GAMES.sgf --msg GAMES.msg [--engine rapfi] [--back N] [--out won.txt]

Reads games that c-gomoku-cli recorded with -sgf and -msg and writes, for
each game in which the engine announced a forced win ("Eval +M13" when it
wins, "Eval -M8" when it loses), the first such position with the winner to
move, as an opening file. Replay it as a conversion test with
  pbrain-kakugo match --to-move --openings won.txt -e PLAYER -e DEFENDER

flags:`, stderr)
	sgfs := fs.StringArray("sgf", nil, "c-gomoku-cli -sgf file of the games (repeat, in step with --msg)")
	msgs := fs.StringArray("msg", nil, "c-gomoku-cli -msg file of the same games (repeat)")
	name := fs.String("engine", "rapfi", "the engine whose \"Eval +M..\" announcements count")
	out := fs.String("out", "-", "output opening file (- = stdout)")
	back := fs.Int("back", 0, "write each position this many plies before the announced one, the moves taken back in its comment (\"after h8 i9\"): with 1, for a loss the engine announced, the position its opponent moved from and the move that let the win in")
	if code, ok := parseFlags(fs, args, stderr); !ok {
		return code
	}
	if len(*sgfs) == 0 || len(*sgfs) != len(*msgs) {
		fmt.Fprintln(stderr, "tactics: give --sgf and --msg files in pairs")
		return 2
	}
	all, total, err := tactics.FromFiles(*sgfs, *msgs, *name)
	if err != nil {
		fmt.Fprintf(stderr, "tactics: %v\n", err)
		return 1
	}
	all = tactics.Rewind(all, *back)
	if err := tactics.WriteFile(*out, stdout, all); err != nil {
		fmt.Fprintf(stderr, "tactics: %v\n", err)
		return 1
	}
	own := tactics.Announced(all)
	fmt.Fprintf(stderr, "tactics: %d games, %d won positions (%s to move in %d, its opponent in %d)\n",
		total, len(all), *name, own, len(all)-own)
	return 0
}
