package mcts

import (
	"context"
	"math"
	"slices"
	"testing"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/search/internal/testpos"
	"github.com/kakugo/kakugo/search/win"
)

// TestPlayoutsLeaveAPrefixOfThePath: a playout makes the moves of its path
// only where it needs the position, leaves them on the worker's board, and
// the next playout takes back only those past the prefix the two paths
// share. After every playout the moves on the board are a prefix of its
// path, the board and its evaluator are exactly the root with those moves
// made (hash, move list, the evaluator recomputed from scratch), sync
// brings the board to the path's last node, and unwind restores the root.
// Under freestyle with static leaves and renju with roll-outs (which make
// and take back moves of their own), with the probes on.
func TestPlayoutsLeaveAPrefixOfThePath(t *testing.T) {
	for _, c := range []struct {
		rule  engine.Rule
		moves string
		leaf  LeafMode
	}{
		{engine.Freestyle, "h8i9g7h9i7", LeafStatic},
		{engine.Renju, "h8h9i9g8j10i8g10", LeafRollout},
	} {
		b := testpos.Board(t, 15, c.rule, c.moves)
		rootHash, rootMoves := b.Hash(), len(b.Moves())
		cfg := mctsDefaults()
		cfg.maxChildren = 40
		cfg.leaf = c.leaf
		cfg.vcfProbe, cfg.vctProbe, cfg.vctRoot, cfg.vctAt = 30, 60, 60, 4
		s := &mctsSearch{pool: newMctsPool(mctsSegSize), cfg: &cfg, ctx: context.Background()}
		w := newMctsWorker(s, b, 0, nil, nil)
		w.useProbes(win.New(1<<12), &win.Prober{})
		tree := &Tree{pool: s.pool}
		if !tree.setRoot(s, b, w, nil) {
			t.Fatal("no root")
		}
		for i := 0; i < 400; i++ {
			w.playout()
			var pathMoves []engine.Pos
			for _, idx := range w.path[1:] {
				pathMoves = append(pathMoves, s.pool.node(idx).move)
			}
			if len(w.applied) > len(pathMoves) || !slices.Equal(w.applied, pathMoves[:len(w.applied)]) {
				t.Fatalf("%v playout %d: applied %v is not a prefix of the path %v", c.rule, i, w.applied, pathMoves)
			}
			checkBoard(t, w, b, w.applied)
			w.sync()
			if !slices.Equal(w.applied, pathMoves) {
				t.Fatalf("%v playout %d: after sync %v, want the path %v", c.rule, i, w.applied, pathMoves)
			}
			checkBoard(t, w, b, pathMoves)
		}
		w.unwind()
		if w.b.Hash() != rootHash || len(w.b.Moves()) != rootMoves || len(w.applied) != 0 {
			t.Fatalf("%v: unwind left %d moves (hash %x, root %x)", c.rule, len(w.b.Moves())-rootMoves, w.b.Hash(), rootHash)
		}
		if err := w.e.Verify(); err != nil {
			t.Fatalf("%v: evaluator after unwind: %v", c.rule, err)
		}
		if s.pool.node(s.root).visits.Load() != 400 {
			t.Fatalf("%v: root visits %d, want 400", c.rule, s.pool.node(s.root).visits.Load())
		}
		w.release()
	}
}

// checkBoard compares the worker's board with root plus moves made afresh,
// and verifies the worker's evaluator against a recomputation.
func checkBoard(t *testing.T, w *mctsWorker, root *engine.Board, moves []engine.Pos) {
	t.Helper()
	ref := root.Clone()
	for _, m := range moves {
		ref.Make(m)
	}
	if w.b.Hash() != ref.Hash() || !slices.Equal(w.b.Moves(), ref.Moves()) {
		t.Fatalf("the worker's board %v differs from the root with %v made", w.b.Moves(), moves)
	}
	if err := w.e.Verify(); err != nil {
		t.Fatalf("evaluator after %v: %v", moves, err)
	}
}

// TestLogOnePlus: the table gives exactly what the call gives, inside the
// table and past it.
func TestLogOnePlus(t *testing.T) {
	for _, pot := range []int{0, 1, 2, 9, 100, 1023, logTableSize - 1, logTableSize, 50000, 184320} {
		if got, want := logOnePlus(pot), float32(math.Log(float64(1+pot))); math.Float32bits(got) != math.Float32bits(want) {
			t.Errorf("logOnePlus(%d) = %v, want %v", pot, got, want)
		}
	}
}
