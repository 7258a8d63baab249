package search

import (
	"context"
	"testing"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/search/mcts"
)

func TestBenchPositionsAreGames(t *testing.T) {
	seen := map[string]bool{}
	rules := map[engine.Rule]bool{}
	sizes := map[int]bool{}
	for _, p := range BenchPositions() {
		if seen[p.Name] {
			t.Errorf("%s listed twice", p.Name)
		}
		seen[p.Name] = true
		b, err := p.Board()
		if err != nil {
			t.Errorf("%s: %v", p.Name, err)
			continue
		}
		if b.Winner() != engine.Empty || b.HasFive(engine.Black) || b.HasFive(engine.White) {
			t.Errorf("%s: the game is over", p.Name)
		}
		rules[p.Rule] = true
		sizes[p.Size] = true
	}
	if len(rules) != len(engine.Rules) || !sizes[15] || !sizes[20] {
		t.Errorf("the set covers rules %v and sizes %v", rules, sizes)
	}
}

func TestBenchSignatureRepeats(t *testing.T) {
	opt := BenchOptions{Playouts: 150, Threads: 1, Player: KakugoOptions{WinSearch: WinSearchOff, Seed: 1}}
	var sigs []int64
	var moves [][]string
	for range 2 {
		res, err := Bench(context.Background(), opt, nil)
		if err != nil {
			t.Fatal(err)
		}
		if len(res) != len(BenchPositions()) {
			t.Fatalf("%d results", len(res))
		}
		sig := int64(0)
		var ms []string
		for _, r := range res {
			if r.Playouts <= 0 || r.Playouts > opt.Playouts || r.Nodes <= 0 {
				t.Errorf("%s: playouts %d nodes %d", r.Position.Name, r.Playouts, r.Nodes)
			}
			sig += r.Nodes
			ms = append(ms, r.Move)
		}
		sigs = append(sigs, sig)
		moves = append(moves, ms)
	}
	if sigs[0] != sigs[1] {
		t.Errorf("signatures %d and %d differ", sigs[0], sigs[1])
	}
	for i := range moves[0] {
		if moves[0][i] != moves[1][i] {
			t.Errorf("position %d: moves %s and %s differ", i, moves[0][i], moves[1][i])
		}
	}
}

// benchPlayouts measures the MCTS alone (no winning search) on one thread:
// b.N playouts from a middle-game position, reported as playouts/s.
func benchPlayouts(b *testing.B, pos string, size int, leaf mcts.LeafMode) {
	bd, err := BenchPosition{Size: size, Rule: engine.Freestyle, Moves: pos}.Board()
	if err != nil {
		b.Fatal(err)
	}
	k := NewKakugo(KakugoOptions{Leaf: leaf, WinSearch: WinSearchOff})
	lim := kakugoNodes(int64(b.N))
	b.ResetTimer()
	k.Move(context.Background(), bd, lim)
	b.ReportMetric(float64(k.stats.playouts)/b.Elapsed().Seconds(), "playouts/s")
	b.ReportMetric(float64(k.stats.nodes)/b.Elapsed().Seconds(), "moves/s")
}

// The positions are the freestyle bench positions with the most stones.
const (
	benchMid15 = "h8g7f6g8g9"
	benchMid20 = "f5e3b7h5g3g4i6e4h4d4f2i5f4f6e5d6d7e7f8"
)

func BenchmarkPlayoutsStatic15(b *testing.B)  { benchPlayouts(b, benchMid15, 15, mcts.LeafStatic) }
func BenchmarkPlayoutsStatic20(b *testing.B)  { benchPlayouts(b, benchMid20, 20, mcts.LeafStatic) }
func BenchmarkPlayoutsRollout15(b *testing.B) { benchPlayouts(b, benchMid15, 15, mcts.LeafRollout) }
func BenchmarkPlayoutsRollout20(b *testing.B) { benchPlayouts(b, benchMid20, 20, mcts.LeafRollout) }
