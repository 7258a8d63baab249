package main

import (
	"fmt"
	"io"
	"os"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/players"
	"github.com/kakugo/kakugo/protocol/manager"
	"github.com/kakugo/kakugo/selfplay"
)

// cmdSelfplay plays the full player against itself and writes each game
// with the search's visit counts, as training records for `train`.
func cmdSelfplay(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("selfplay", "usage: pbrain-kakugo selfplay [flags]   self-play games with visit counts, as JSON lines for train", stderr)
	var c selfplay.Config
	games := fs.Int("games", 2, "games to play")
	fs.StringVar(&c.Player, "player", "kakugo", "the player (a kakugo variant: it must report visit counts)")
	size := fs.String("size", "15", "board size: N or WxH")
	rule := fs.String("rule", "freestyle", "rule: freestyle, standard, renju, caro, caro-exact (or a protocol number)")
	fs.Int64Var(&c.Nodes, "nodes", 2000, "MCTS playouts per move (the same games on every machine with one thread)")
	fs.DurationVar(&c.Turn, "turn", 0, "time per move instead of a playout count (0: use --nodes)")
	openings := fs.String("openings", "", "opening file (pos or offset lines, as match takes); each opening is played twice, the second game with the search's second choice at its first move")
	fs.IntVar(&c.RandomPlies, "random-plies", -1, "moves after the opening drawn at random by visits (-1: 0 with openings, 6 without)")
	fs.Float64Var(&c.Temperature, "temperature", 1, "temperature of the random draws: visits^(1/T)")
	fs.IntVar(&c.MaxMoves, "max-moves", 0, "a game with this many stones is a draw (0: the full board)")
	fs.Uint64Var(&c.Seed, "seed", 1, "seed of the players and of the random draws")
	out := fs.String("out", "-", "output file of JSON lines (- for standard output); appended to")
	conc := fs.Int("concurrency", 1, "games played at once")
	if code, ok := parseFlags(fs, args, stderr); !ok {
		return code
	}
	fail := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "pbrain-kakugo selfplay: "+format+"\n", a...)
		return 2
	}
	var err error
	if c.W, c.H, err = engine.ParseSize(*size); err != nil {
		return fail("%v", err)
	}
	if c.Rule, err = engine.ParseRule(*rule); err != nil {
		return fail("%v", err)
	}
	if fs.NArg() > 0 || *games <= 0 || *conc <= 0 || c.Nodes <= 0 || c.Turn < 0 || c.Temperature <= 0 || c.MaxMoves < 0 {
		return fail("games, concurrency, nodes and temperature must be positive, turn and max-moves not negative, and no arguments")
	}
	if p, err := players.New(c.Player, 1, "", os.Stderr); err != nil {
		return fail("%v", err)
	} else if _, ok := p.(selfplay.Analyser); !ok {
		return fail("player %q does not report visit counts (use a kakugo player)", c.Player)
	}
	if *openings != "" {
		if c.Openings, err = manager.LoadOpenings(*openings); err != nil {
			return fail("%v", err)
		}
	}
	w := stdout
	if *out != "-" {
		f, err := os.OpenFile(*out, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
		if err != nil {
			return fail("%v", err)
		}
		defer f.Close()
		w = f
	}
	c.NewPlayer = func(seed int64) (selfplay.Analyser, error) {
		p, err := players.New(c.Player, seed, "", os.Stderr)
		if err != nil {
			return nil, err
		}
		return p.(selfplay.Analyser), nil // checked above for this player
	}
	if selfplay.Run(&c, *games, *conc, w, stderr) > 0 {
		return 1
	}
	return 0
}
