package win

import (
	"context"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/eval"
	"github.com/kakugo/kakugo/search/internal/testpos"
	"github.com/kakugo/kakugo/search/proof"
)

// TestProberIsVerdict walks a random path of moves below a random root,
// forward and back as a tree search's playouts do, and at each position
// asks a Prober and, on a second Search given the same calls in the same
// order (so that both tables hold the same), the plain Verdict. The
// answers must agree to the node: the Prober's copy of the game and its
// tracker make it the same search. The caller's board and evaluator must
// come back as they were. Caro, which the tracker does not handle, takes
// the Search's own Verdict.
func TestProberIsVerdict(t *testing.T) {
	steps := 160
	if testing.Short() {
		steps = 60
	}
	for _, rule := range []engine.Rule{engine.Freestyle, engine.Renju, engine.Exact, engine.Caro} {
		rng := rand.New(rand.NewPCG(11, uint64(rule)))
		b := testpos.Random(rng, 15, rule, 10+rng.IntN(10))
		if b.HasFive(engine.Black) || b.HasFive(engine.White) {
			t.Fatalf("%v: the random root has a five", rule)
		}
		ev := eval.Attach(b)
		probed, plain := New(1<<14), New(1<<14)
		var p Prober
		p.Reset(probed, b)
		if tracked := p.b != nil; tracked != (rule != engine.Caro) {
			t.Fatalf("%v: the prober keeps a copy: %v", rule, tracked)
		}
		root, wins := b.MoveCount(), 0
		for step := range steps {
			if b.MoveCount() > root && (rng.IntN(3) == 0 || b.HasFive(engine.Black) || b.HasFive(engine.White)) {
				b.Undo()
				continue
			}
			if b.HasFive(engine.Black) || b.HasFive(engine.White) {
				continue
			}
			for _, kind := range []proof.Kind{proof.VCF, proof.VCT} {
				nodes := []int64{100, 3000}[rng.IntN(2)]
				hash, count := b.Hash(), b.MoveCount()
				got := p.Verdict(context.Background(), b, ev, kind, time.Time{}, nodes)
				if b.Hash() != hash || b.MoveCount() != count {
					t.Fatalf("%v step %d: the prober moved the caller's board", rule, step)
				}
				want := plain.Verdict(context.Background(), b, ev, kind, time.Time{}, nodes)
				if got.Win != want.Win || got.Move != want.Move || got.Nodes != want.Nodes || got.Complete != want.Complete {
					t.Fatalf("%v step %d %v %d nodes: prober %v %s %d nodes, Verdict %v %s %d nodes\n%v", rule, step, kind, nodes,
						got.Win, winCell(b, got.Move), got.Nodes, want.Win, winCell(b, want.Move), want.Nodes, b)
				}
				if got.Win {
					wins++
				}
			}
			if err := ev.Verify(); err != nil {
				t.Fatalf("%v step %d: the evaluator no longer follows the board: %v", rule, step, err)
			}
			makeNear(rng, b)
		}
		for b.MoveCount() > root {
			b.Undo()
		}
		ev.Detach()
		t.Logf("%v: %d wins among the verdicts", rule, wins)
		if wins == 0 {
			t.Errorf("%v: no verdict was a win: the walk compared no proof", rule)
		}
	}
}

// makeNear makes a random legal move of the side to move next to a stone
// (or anywhere on an empty board).
func makeNear(rng *rand.Rand, b *engine.Board) {
	for {
		p := b.Pos(rng.IntN(b.Width()), rng.IntN(b.Height()))
		if !b.Legal(p) || (b.MoveCount() > 0 && !hasNeighbour(b, p)) {
			continue
		}
		b.Make(p)
		return
	}
}

// hasNeighbour reports whether a stone lies among the eight cells around p.
func hasNeighbour(b *engine.Board, p engine.Pos) bool {
	x, y := b.XY(p)
	for dy := -1; dy <= 1; dy++ {
		for dx := -1; dx <= 1; dx++ {
			if (dx != 0 || dy != 0) && b.OnBoard(x+dx, y+dy) && b.At(b.Pos(x+dx, y+dy)) != engine.Empty {
				return true
			}
		}
	}
	return false
}

// TestProberResetMovesOn: a Prober reset at a later root (the next move's
// search) follows that root, not the old one.
func TestProberResetMovesOn(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 5))
	b := testpos.Random(rng, 15, engine.Freestyle, 16)
	ev := eval.Attach(b)
	defer ev.Detach()
	probed, plain := New(1<<12), New(1<<12)
	var p Prober
	for round := range 6 {
		p.Reset(probed, b)
		for range 3 {
			makeNear(rng, b)
		}
		if b.HasFive(engine.Black) || b.HasFive(engine.White) {
			break
		}
		got := p.Verdict(context.Background(), b, ev, proof.VCT, time.Time{}, 3000)
		want := plain.Verdict(context.Background(), b, ev, proof.VCT, time.Time{}, 3000)
		if got.Win != want.Win || got.Nodes != want.Nodes {
			t.Fatalf("round %d: prober %v %d nodes, Verdict %v %d nodes", round, got.Win, got.Nodes, want.Win, want.Nodes)
		}
		if p.b.Hash() != b.Hash() {
			t.Fatalf("round %d: the copy is not at the caller's position", round)
		}
	}
}
