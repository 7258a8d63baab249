package solve

import (
	"bufio"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/search/proof"
)

// solveGame is one line of gomocup-games.jsonl.gz.
type solveGame struct {
	File   string   `json:"file"`
	Rule   string   `json:"rule"`
	Board  string   `json:"board"`
	Winner string   `json:"winner_color"`
	Moves  [][2]int `json:"moves"`
}

// ReadGames samples positions from Gomocup games in which the side to
// move went on to lose: a win the search claims there is suspect, and
// every claimed win is checked. It takes every step-th game that has a
// winner until it has sample positions; in each it picks a position a
// few moves before the end (2 to 16 plies, by the game's index), where
// threats are thick on the board.
func ReadGames(r io.Reader, name string, o *Options, sample, step int) ([]Case, error) {
	zr, err := gzip.NewReader(r)
	if err != nil {
		return nil, err
	}
	defer zr.Close()
	var out []Case
	sc := bufio.NewScanner(zr)
	sc.Buffer(make([]byte, 1<<20), 1<<22)
	step = max(step, 1)
	for n := 0; sc.Scan() && len(out) < sample; n++ {
		if n%step != 0 {
			continue
		}
		var g solveGame
		if err := json.Unmarshal(sc.Bytes(), &g); err != nil {
			return nil, fmt.Errorf("game %d: %w", n+1, err)
		}
		c, ok, err := gameCase(g, n, o)
		if err != nil {
			return nil, fmt.Errorf("game %d (%s): %w", n+1, g.File, err)
		}
		if ok {
			out = append(out, c)
		}
	}
	return out, sc.Err()
}

// gameCase builds the sampled position of game number n, if it has one.
func gameCase(g solveGame, n int, o *Options) (Case, bool, error) {
	var loser engine.Color
	switch g.Winner {
	case "black":
		loser = engine.White
	case "white":
		loser = engine.Black
	default:
		return Case{}, false, nil
	}
	rule, err := engine.ParseRule(g.Rule)
	if err != nil {
		return Case{}, false, err
	}
	w, h, err := engine.ParseSize(strings.ReplaceAll(g.Board, " ", ""))
	if err != nil {
		return Case{}, false, err
	}
	// After k moves black is to move when k is even.
	k := len(g.Moves) - 2 - 2*(n%8)
	if (k%2 == 0) != (loser == engine.Black) {
		k--
	}
	if k < 1 {
		return Case{}, false, nil
	}
	moves := make([]engine.Point, k)
	for i, m := range g.Moves[:k] {
		moves[i] = engine.Point{X: m[0] - 1, Y: m[1] - 1}
	}
	b, err := engine.FromMoves(w, h, rule, moves)
	if err != nil {
		return Case{}, false, nil // a record that does not replay (forbidden-move endings and the like)
	}
	if b.HasFive(engine.Black) || b.HasFive(engine.White) {
		return Case{}, false, nil
	}
	name := fmt.Sprintf("%s after %d moves (%v lost)", g.File, k, loser)
	return Case{name: name, board: b, kind: o.kindFor(proof.VCT), depth: o.Depth, diagram: o.Notation == "diagram"}, true, nil
}
