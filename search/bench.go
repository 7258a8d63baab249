package search

import (
	"context"
	"fmt"
	"io"
	"time"

	"github.com/kakugo/kakugo/engine"
)

// BenchPosition is one position of the fixed benchmark: a board size, a
// rule and the moves that lead to it in pos notation (letter = x from a,
// number = y + 1, black first).
type BenchPosition struct {
	Name  string
	Size  int
	Rule  engine.Rule
	Moves string
}

// BenchPositions is the fixed benchmark set: the ten positions Rapfi's
// bench searches (freestyle 15 and 20, standard, renju), written out here
// so that the benchmark needs no data files, and a few caro, caro-exact and
// renju positions of our own so that every rule is covered.
func BenchPositions() []BenchPosition {
	return []BenchPosition{
		{"f15-a", 15, engine.Freestyle, "h8g7f6g8g9"},
		{"f15-b", 15, engine.Freestyle, "h2h5h4f6"},
		{"f20-a", 20, engine.Freestyle, "e2f2h3g3g6h5f9"},
		{"f20-b", 20, engine.Freestyle, "f5e3b7h5g3g4i6e4h4d4f2i5f4f6e5d6d7e7f8"},
		{"s15-a", 15, engine.Exact, "h8h7j6i7f7"},
		{"s15-b", 15, engine.Exact, "f6i9h8"},
		{"s15-c", 15, engine.Exact, "b3k10g2f6"},
		{"r15-a", 15, engine.Renju, "h8i9j10i8i7g9"},
		{"r15-b", 15, engine.Renju, "h8h9j9j8f8i7g7i9h6e9f6k7l6i10i6f9g9g11h10i11i8"},
		{"r15-c", 15, engine.Renju, "h8h9h6i10i6i9g9g8j11i7"},
		{"r15-d", 15, engine.Renju, "h8i7j8i9i8g8j7k6j9j10"},
		{"c15-a", 15, engine.Caro, "h8i9g7i7i8g9j8k8"},
		{"c15-b", 15, engine.Caro, "h8h9i9g7j10k11i7"},
		{"ce15-a", 15, engine.CaroExact, "h8i8i9g7j10h7j8"},
	}
}

// Board builds the position.
func (p BenchPosition) Board() (*engine.Board, error) {
	pts, err := engine.ParseMoves(p.Moves)
	if err != nil {
		return nil, err
	}
	return engine.FromMoves(p.Size, p.Size, p.Rule, pts)
}

// BenchOptions set up a benchmark run.
type BenchOptions struct {
	// Playouts per position (the search's node limit).
	Playouts int64
	// Threads per search; only one thread gives a repeatable signature.
	Threads int
	// Player are the full player's options; Seed 0 is used as given.
	Player KakugoOptions
}

// BenchResult is one position's search.
type BenchResult struct {
	Position BenchPosition
	Move     string // the chosen move in pos notation
	Playouts int64  // MCTS playouts
	Nodes    int64  // moves made by the search: tree, roll-outs, winning search
	Time     time.Duration
}

// Bench searches every benchmark position with a fresh player to a fixed
// playout count and reports each search; report, when not nil, sees each
// result as it comes. With one thread the node counts are the same on every
// run and machine: their total is the search's signature.
func Bench(ctx context.Context, opt BenchOptions, report func(BenchResult)) ([]BenchResult, error) {
	var out []BenchResult
	for _, pos := range BenchPositions() {
		b, err := pos.Board()
		if err != nil {
			return out, fmt.Errorf("bench position %s: %w", pos.Name, err)
		}
		k := NewKakugo(opt.Player)
		lim := Limits{Turn: Unlimited, Match: Unlimited, Left: Unlimited, Start: time.Now(),
			MaxNodes: opt.Playouts, Threads: opt.Threads}
		start := time.Now()
		move := k.Move(ctx, b, lim)
		r := BenchResult{Position: pos, Move: engine.FormatMove(b.XY(move)),
			Playouts: k.stats.playouts, Nodes: k.stats.nodes + k.stats.winNodes, Time: time.Since(start)}
		out = append(out, r)
		if report != nil {
			report(r)
		}
		if err := ctx.Err(); err != nil {
			return out, err
		}
	}
	return out, nil
}

// WriteBench runs Bench and writes a table to w: each position's move,
// playouts, nodes, time and speeds, the totals, and last the line
// "signature N" with the node total.
func WriteBench(ctx context.Context, opt BenchOptions, w io.Writer) error {
	fmt.Fprintf(w, "%-8s %-10s %4s %5s %9s %10s %9s %9s %9s\n",
		"position", "rule", "size", "move", "playouts", "nodes", "ms", "playout/s", "nodes/s")
	var total BenchResult
	_, err := Bench(ctx, opt,
		func(r BenchResult) {
			fmt.Fprintf(w, "%-8s %-10s %4d %5s %9d %10d %9d %9.0f %9.0f\n",
				r.Position.Name, r.Position.Rule, r.Position.Size, r.Move, r.Playouts, r.Nodes,
				r.Time.Milliseconds(), benchRate(r.Playouts, r.Time), benchRate(r.Nodes, r.Time))
			total.Playouts += r.Playouts
			total.Nodes += r.Nodes
			total.Time += r.Time
		})
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "%-8s %-10s %4s %5s %9d %10d %9d %9.0f %9.0f\n", "total", "", "", "",
		total.Playouts, total.Nodes, total.Time.Milliseconds(), benchRate(total.Playouts, total.Time), benchRate(total.Nodes, total.Time))
	fmt.Fprintf(w, "signature %d\n", total.Nodes)
	return nil
}

// benchRate is a rate, 0 for no time.
func benchRate(n int64, d time.Duration) float64 {
	if d <= 0 {
		return 0
	}
	return float64(n) / d.Seconds()
}
