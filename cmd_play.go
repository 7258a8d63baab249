package main

import (
	"fmt"
	"io"
	"os"
	"runtime"
	"time"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/play"
	"github.com/kakugo/kakugo/players"
)

// cmdPlay lets a person play the engine in the terminal.
func cmdPlay(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("play", "usage: pbrain-kakugo play [flags]\n\nType moves like h8 (column letter, row number), 'undo' to take back\nyour last move, 'quit' to stop.\n\nflags:", stderr)
	ruleName := fs.String("rule", "freestyle", "rule: freestyle, standard, renju, caro, caro-exact, or a protocol number")
	size := fs.String("size", "15", "board size: N or WxH")
	colour := fs.String("engine", "white", "the engine's colour: black or white")
	playerName := fs.String("player", players.List()[0].Name, "the engine's player (see pbrain-kakugo --help)")
	seed := fs.Int64("seed", 1, "seed for players that break ties at random")
	weightsFile := fs.String("weights", "", "policy network weights replacing the embedded ones (players with the CNN prior; an unreadable file is reported and the player plays without the prior)")
	turn := fs.Duration("time", 2*time.Second, "the engine's time per move")
	threads := fs.Int("threads", 0, "the engine's search threads (0: KAKUGO_THREADS from the environment, else 1)")
	if code, ok := parseFlags(fs, args, stderr); !ok {
		return code
	}
	g := play.Game{Name: *playerName, Turn: *turn,
		Threads: min(players.Threads(*threads, os.Getenv("KAKUGO_THREADS")), runtime.GOMAXPROCS(0))}
	rule, err := engine.ParseRule(*ruleName)
	if err != nil {
		fmt.Fprintln(stderr, "play:", err)
		return 2
	}
	w, h, err := engine.ParseSize(*size)
	if err != nil {
		fmt.Fprintln(stderr, "play:", err)
		return 2
	}
	if g.Board, err = engine.New(w, h, rule); err != nil {
		fmt.Fprintln(stderr, "play:", err)
		return 2
	}
	var ok bool
	if g.Engine, ok = play.ParseColour(*colour); !ok {
		fmt.Fprintf(stderr, "play: --engine must be black or white, not %q\n", *colour)
		return 2
	}
	if g.Player, err = players.New(*playerName, *seed, *weightsFile, stderr); err != nil {
		fmt.Fprintln(stderr, "play:", err)
		return 2
	}
	play.Run(g, stdin, stdout)
	return 0
}
