package selfplay

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"sync"
	"time"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/protocol/manager"
	"github.com/kakugo/kakugo/search"
)

// Analyser is a player that reports its root statistics with its move (the
// full player, search.Kakugo, in every variant).
type Analyser interface {
	Analyse(ctx context.Context, b *engine.Board, lim search.Limits) (engine.Pos, []search.RootMove)
}

// Record is one self-play game as a JSON line. Its fields are
// those of the shared Gomocup archive (nn.ReadJSONL reads it as it reads
// tournament games: 1-based moves, the opening stones not predicted) plus
// the search's statistics for every searched move.
type Record struct {
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
	// Sampled counts the moves after the opening that were not the
	// search's best: drawn at random by visits (Config.RandomPlies), or the
	// second choice that starts the second game of an opening.
	Sampled int `json:"sampled,omitempty"`
}

// Config is what every game of a self-play run shares.
type Config struct {
	// Player names the player in the records; NewPlayer builds a fresh one
	// for each colour of each game.
	Player    string
	NewPlayer func(seed int64) (Analyser, error)
	W, H      int
	Rule      engine.Rule
	// Nodes is the playouts a move; a positive Turn gives each move that
	// much time instead.
	Nodes int64
	Turn  time.Duration
	// RandomPlies moves after the opening are drawn at random by
	// visits^(1/Temperature) instead of played as the best; a negative
	// count means the default: 0 with openings (they vary the games), 6
	// without.
	RandomPlies int
	Temperature float64
	// MaxMoves stones make a game a draw (0: the full board).
	MaxMoves int
	// Seed feeds the players and the random draws.
	Seed uint64
	// Openings, when given, start the games: game g plays opening g/2.
	Openings []manager.Opening
}

// Run plays the games, conc at a time, writing each record as it
// finishes (in finishing order) and a summary to stderr. It reports each
// game that fails on stderr and returns how many did.
func Run(c *Config, games, conc int, w, stderr io.Writer) (failed int) {
	var mu sync.Mutex
	var wins [3]int // draws, black, white
	var moves int
	start := time.Now()
	jobs := make(chan int)
	var wg sync.WaitGroup
	for range conc {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for g := range jobs {
				rec, err := game(c, g)
				mu.Lock()
				if err != nil {
					fmt.Fprintf(stderr, "game %d: %v\n", g+1, err)
					failed++
				} else {
					line, _ := json.Marshal(rec)
					if _, err := fmt.Fprintf(w, "%s\n", line); err != nil {
						fmt.Fprintf(stderr, "game %d: %v\n", g+1, err)
						failed++
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
	return failed
}

// game plays game number g: opening g/2, one fresh player per colour.
// Each opening is played twice, and the second game (g odd) plays the
// search's second choice at its first searched move: a deterministic
// player (a node limit, no random draws) otherwise wrote the same game
// twice.
func game(c *Config, g int) (*Record, error) {
	b, err := engine.New(c.W, c.H, c.Rule)
	op := ""
	if len(c.Openings) > 0 {
		o := c.Openings[(g/2)%len(c.Openings)]
		b, err = o.Board(c.W, c.H, c.Rule)
		op = fmt.Sprintf(":opening %d", o.Line)
	}
	if err != nil {
		return nil, fmt.Errorf("opening: %w", err)
	}
	rec := &Record{League: "selfplay", File: fmt.Sprintf("selfplay:seed %d:game %d%s", c.Seed, g+1, op),
		Rule: c.Rule.String(), Board: fmt.Sprint(c.W), Black: c.Player, White: c.Player, Opening: b.MoveCount()}
	if c.W != c.H {
		rec.Board = fmt.Sprintf("%dx%d", c.W, c.H)
	}
	for _, m := range b.Moves() {
		x, y := b.XY(m)
		rec.Moves = append(rec.Moves, [2]int{x + 1, y + 1})
	}
	var pl [2]Analyser
	for i := range pl {
		p, err := c.NewPlayer(int64(c.Seed) + int64(2*g+i))
		if err != nil {
			return nil, err
		}
		pl[i] = p
	}
	rng := rand.New(rand.NewPCG(c.Seed, uint64(g)))
	limit := c.MaxMoves
	if limit == 0 || limit > c.W*c.H {
		limit = c.W * c.H
	}
	for b.Winner() == engine.Empty && b.MoveCount() < limit {
		lim := search.Limits{Turn: search.Unlimited, Match: search.Unlimited, Left: search.Unlimited,
			Start: time.Now(), MaxNodes: c.Nodes, Threads: 1}
		if c.Turn > 0 {
			lim.Turn, lim.MaxNodes = c.Turn, 0
		}
		side := 0
		if b.SideToMove() == engine.White {
			side = 1
		}
		move, roots := pl[side].Analyse(context.Background(), b, lim)
		searched := b.MoveCount() - rec.Opening
		if searched == 0 && g%2 == 1 {
			if m, ok := second(roots, move); ok {
				move = m
				rec.Sampled++
			}
		} else if searched < c.randomPlies() && len(roots) > 1 {
			if m, ok := draw(rng, roots, c.Temperature); ok {
				move = m
				rec.Sampled++
			}
		}
		if !b.Legal(move) {
			x, y := b.XY(move)
			return nil, fmt.Errorf("move %d: %s played an illegal move %d,%d", b.MoveCount()+1, c.Player, x, y)
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

// second is the most visited root move other than move, if any was
// visited.
func second(roots []search.RootMove, move engine.Pos) (engine.Pos, bool) {
	best, bestV := engine.NoPos, 0
	for _, r := range roots {
		if r.Move != move && r.Visits > bestV {
			best, bestV = r.Move, r.Visits
		}
	}
	return best, bestV > 0
}

// draw draws a root move with probability proportional to
// visits^(1/t); ok is false when no move has visits.
func draw(rng *rand.Rand, roots []search.RootMove, t float64) (engine.Pos, bool) {
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

// randomPlies is RandomPlies with its default filled in.
func (c *Config) randomPlies() int {
	switch {
	case c.RandomPlies >= 0:
		return c.RandomPlies
	case len(c.Openings) > 0:
		return 0
	}
	return 6
}
