package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"sync"
	"time"

	"github.com/spf13/pflag"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/protocol/manager"
	"github.com/kakugo/kakugo/search"
)

// analyser is a player that reports its root statistics with its move (the
// full player, search.Kakugo, in every variant).
type analyser interface {
	Analyse(ctx context.Context, b *engine.Board, lim search.Limits) (engine.Pos, []search.RootMove)
}

// selfplayRecord is one self-play game as a JSON line. Its fields are
// those of the shared Gomocup archive (nn.ReadJSONL reads it as it reads
// tournament games: 1-based moves, the opening stones not predicted) plus
// the search's statistics for every searched move.
type selfplayRecord struct {
	League  string   `json:"league"`
	File    string   `json:"file"`
	Rule    string   `json:"rule"`
	Board   string   `json:"board"`
	Black   string   `json:"black"`
	White   string   `json:"white"`
	Opening int      `json:"n_opening_stones_guess"`
	Moves   [][2]int `json:"moves"`
	// Result is "black", "white" or "draw".
	Result string `json:"result"`
	// Visits holds, for each move after the opening, the root moves the
	// search visited as [x, y, visits] (1-based like Moves); empty where no
	// tree search ran (a five, a forced block, a proven win).
	Visits [][][3]int `json:"visits"`
	// Sampled counts the moves after the opening that were drawn at random
	// by visits rather than chosen as the best (--random-plies).
	Sampled int `json:"sampled,omitempty"`
}

// selfplayConfig is what every game of a self-play run shares.
type selfplayConfig struct {
	player      string
	w, h        int
	rule        engine.Rule
	nodes       int64
	turn        time.Duration
	randomPlies int
	temperature float64
	maxMoves    int
	seed        uint64
	openings    []manager.Opening
}

// cmdSelfplay plays the full player against itself and writes each game
// with the search's visit counts, as training records for `train`.
func cmdSelfplay(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := pflag.NewFlagSet("selfplay", pflag.ContinueOnError)
	fs.SetOutput(stderr)
	var c selfplayConfig
	games := fs.Int("games", 2, "games to play")
	fs.StringVar(&c.player, "player", "kakugo", "the player (a kakugo variant: it must report visit counts)")
	size := fs.String("size", "15", "board size: N or WxH")
	rule := fs.String("rule", "freestyle", "rule: freestyle, standard, renju, caro, caro-exact (or a protocol number)")
	fs.Int64Var(&c.nodes, "nodes", 2000, "MCTS playouts per move (the same games on every machine with one thread)")
	fs.DurationVar(&c.turn, "turn", 0, "time per move instead of a playout count (0: use --nodes)")
	openings := fs.String("openings", "", "opening file (pos or offset lines, as match takes); each opening is played twice")
	fs.IntVar(&c.randomPlies, "random-plies", -1, "moves after the opening drawn at random by visits (-1: 0 with openings, 6 without)")
	fs.Float64Var(&c.temperature, "temperature", 1, "temperature of the random draws: visits^(1/T)")
	fs.IntVar(&c.maxMoves, "max-moves", 0, "a game with this many stones is a draw (0: the full board)")
	fs.Uint64Var(&c.seed, "seed", 1, "seed of the players and of the random draws")
	out := fs.String("out", "-", "output file of JSON lines (- for standard output); appended to")
	conc := fs.Int("concurrency", 1, "games played at once")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: pbrain-kakugo selfplay [flags]   self-play games with visit counts, as JSON lines for train")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if err == pflag.ErrHelp {
			return 0
		}
		return 2
	}
	fail := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "pbrain-kakugo selfplay: "+format+"\n", a...)
		return 2
	}
	var err error
	if c.w, c.h, err = engine.ParseSize(*size); err != nil {
		return fail("%v", err)
	}
	if c.rule, err = engine.ParseRule(*rule); err != nil {
		return fail("%v", err)
	}
	if fs.NArg() > 0 || *games <= 0 || *conc <= 0 || c.nodes <= 0 || c.turn < 0 || c.temperature <= 0 || c.maxMoves < 0 {
		return fail("games, concurrency, nodes and temperature must be positive, turn and max-moves not negative, and no arguments")
	}
	if p, err := newPlayer(c.player, 1); err != nil {
		return fail("%v", err)
	} else if _, ok := p.(analyser); !ok {
		return fail("player %q does not report visit counts (use a kakugo player)", c.player)
	}
	if *openings != "" {
		if c.openings, err = manager.LoadOpenings(*openings); err != nil {
			return fail("%v", err)
		}
	}
	if c.randomPlies < 0 {
		c.randomPlies = 6
		if len(c.openings) > 0 {
			c.randomPlies = 0
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
	return selfplayRun(&c, *games, *conc, w, stderr)
}

// selfplayRun plays the games, conc at a time, writing each record as it
// finishes (in finishing order) and a summary to stderr.
func selfplayRun(c *selfplayConfig, games, conc int, w, stderr io.Writer) int {
	var mu sync.Mutex
	var wins [3]int // draws, black, white
	var moves int
	failed := false
	start := time.Now()
	jobs := make(chan int)
	var wg sync.WaitGroup
	for range conc {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for g := range jobs {
				rec, err := selfplayGame(c, g)
				mu.Lock()
				if err != nil {
					fmt.Fprintf(stderr, "game %d: %v\n", g+1, err)
					failed = true
				} else {
					line, _ := json.Marshal(rec)
					if _, err := fmt.Fprintf(w, "%s\n", line); err != nil {
						fmt.Fprintf(stderr, "game %d: %v\n", g+1, err)
						failed = true
					}
					switch rec.Result {
					case "black":
						wins[1]++
					case "white":
						wins[2]++
					default:
						wins[0]++
					}
					moves += len(rec.Moves) - rec.Opening
					fmt.Fprintf(stderr, "game %d: %s after %d moves (%d from the opening)\n",
						g+1, rec.Result, len(rec.Moves), rec.Opening)
				}
				mu.Unlock()
			}
		}()
	}
	for g := range games {
		jobs <- g
	}
	close(jobs)
	wg.Wait()
	el := time.Since(start)
	fmt.Fprintf(stderr, "selfplay: %d games, black %d, white %d, draws %d; %d searched moves in %v (%.0f ms a move)\n",
		wins[0]+wins[1]+wins[2], wins[1], wins[2], wins[0], moves, el.Round(time.Millisecond),
		float64(el.Milliseconds())/float64(max(moves, 1)))
	if failed {
		return 1
	}
	return 0
}

// selfplayGame plays game number g: opening g/2 (each opening twice, so
// that with random draws or a time limit the two games differ), one fresh
// player per colour.
func selfplayGame(c *selfplayConfig, g int) (*selfplayRecord, error) {
	b, err := engine.New(c.w, c.h, c.rule)
	op := ""
	if len(c.openings) > 0 {
		o := c.openings[(g/2)%len(c.openings)]
		b, err = o.Board(c.w, c.h, c.rule)
		op = fmt.Sprintf(":opening %d", o.Line)
	}
	if err != nil {
		return nil, fmt.Errorf("opening: %w", err)
	}
	rec := &selfplayRecord{League: "selfplay", File: fmt.Sprintf("selfplay:seed %d:game %d%s", c.seed, g+1, op),
		Rule: c.rule.String(), Board: fmt.Sprint(c.w), Black: c.player, White: c.player, Opening: b.MoveCount()}
	if c.w != c.h {
		rec.Board = fmt.Sprintf("%dx%d", c.w, c.h)
	}
	for _, m := range b.Moves() {
		x, y := b.XY(m)
		rec.Moves = append(rec.Moves, [2]int{x + 1, y + 1})
	}
	var pl [2]analyser
	for i := range pl {
		p, err := newPlayer(c.player, int64(c.seed)+int64(2*g+i))
		if err != nil {
			return nil, err
		}
		pl[i] = p.(analyser)
	}
	rng := rand.New(rand.NewPCG(c.seed, uint64(g)))
	limit := c.maxMoves
	if limit == 0 || limit > c.w*c.h {
		limit = c.w * c.h
	}
	for b.Winner() == engine.Empty && b.MoveCount() < limit {
		lim := search.Limits{Turn: search.Unlimited, Match: search.Unlimited, Left: search.Unlimited,
			Start: time.Now(), MaxNodes: c.nodes, Threads: 1}
		if c.turn > 0 {
			lim.Turn, lim.MaxNodes = c.turn, 0
		}
		side := 0
		if b.SideToMove() == engine.White {
			side = 1
		}
		move, roots := pl[side].Analyse(context.Background(), b, lim)
		searched := b.MoveCount() - rec.Opening
		if searched < c.randomPlies && len(roots) > 1 {
			if m, ok := selfplayDraw(rng, roots, c.temperature); ok {
				move = m
				rec.Sampled++
			}
		}
		if !b.Legal(move) {
			x, y := b.XY(move)
			return nil, fmt.Errorf("move %d: %s played an illegal move %d,%d", b.MoveCount()+1, c.player, x, y)
		}
		visits := [][3]int{}
		for _, r := range roots {
			if r.Visits > 0 {
				x, y := b.XY(r.Move)
				visits = append(visits, [3]int{x + 1, y + 1, r.Visits})
			}
		}
		rec.Visits = append(rec.Visits, visits)
		x, y := b.XY(move)
		rec.Moves = append(rec.Moves, [2]int{x + 1, y + 1})
		b.Make(move)
	}
	switch b.Winner() {
	case engine.Black:
		rec.Result = "black"
	case engine.White:
		rec.Result = "white"
	default:
		rec.Result = "draw"
	}
	return rec, nil
}

// selfplayDraw draws a root move with probability proportional to
// visits^(1/t); ok is false when no move has visits.
func selfplayDraw(rng *rand.Rand, roots []search.RootMove, t float64) (engine.Pos, bool) {
	weights := make([]float64, len(roots))
	sum := 0.0
	for i, r := range roots {
		if r.Visits > 0 {
			weights[i] = math.Pow(float64(r.Visits), 1/t)
			sum += weights[i]
		}
	}
	if sum == 0 {
		return engine.NoPos, false
	}
	x := rng.Float64() * sum
	for i, wt := range weights {
		if x -= wt; x < 0 && wt > 0 {
			return roots[i].Move, true
		}
	}
	for i := len(roots) - 1; i >= 0; i-- { // rounding left x at the end
		if weights[i] > 0 {
			return roots[i].Move, true
		}
	}
	return engine.NoPos, false
}
