package win

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/eval"
	"github.com/kakugo/kakugo/search/internal/testpos"
	"github.com/kakugo/kakugo/search/proof"
)

// readersAgree proves b with the evaluator and with the tracker and
// requires the same result to the node: the tracker answers every
// question as the evaluator does, and the potentials come from the
// evaluator either way, so the two searches are one search. It also
// checks that the board and the evaluator come back as they were, the
// evaluator still attached, and every proof found with the checker.
func readersAgree(t *testing.T, name string, b *engine.Board, kind proof.Kind, nodes int64) Result {
	t.Helper()
	ev := eval.Attach(b)
	defer ev.Detach()
	hash, count := b.Hash(), b.MoveCount()
	var res [2]Result
	for i, r := range []Reader{ReaderEvaluator, ReaderTracker} {
		w := New(1 << 16)
		w.Reader, w.NoVerify = r, true
		res[i] = w.Prove(context.Background(), b, ev, kind, time.Time{}, nodes)
		if b.Hash() != hash || b.MoveCount() != count {
			t.Fatalf("%s: reader %d: the board did not come back", name, r)
		}
	}
	a, c := res[0], res[1]
	if a.Win != c.Win || a.Move != c.Move || a.Nodes != c.Nodes || a.Depth != c.Depth ||
		a.Complete != c.Complete || !slices.Equal(a.Line, c.Line) {
		t.Fatalf("%s: evaluator %v %s %d nodes depth %d, tracker %v %s %d nodes depth %d\n%v", name,
			a.Win, winCell(b, a.Move), a.Nodes, a.Depth, c.Win, winCell(b, c.Move), c.Nodes, c.Depth, b)
	}
	if c.Win {
		if err := proof.Check(b, c.Proof, 0); err != nil {
			t.Fatalf("%s: the checker rejects the tracker's proof: %v", name, err)
		}
	}
	// The evaluator must still follow the board.
	for _, p := range []engine.Pos{b.Pos(0, 0), b.Pos(b.Width()-1, b.Height()-1)} {
		if b.At(p) == engine.Empty {
			b.Put(p, engine.White)
			err := ev.Verify()
			b.Undo()
			if err != nil {
				t.Fatalf("%s: the evaluator no longer follows the board: %v", name, err)
			}
			break
		}
	}
	return c
}

// TestReadersAgreeCases: the rule-twist table of search_test.go, under
// every rule it names (caro falls back to the evaluator).
func TestReadersAgreeCases(t *testing.T) {
	for _, tc := range winCases {
		for rule := range tc.want {
			name := tc.name + "/" + rule.String()
			b := testpos.Stones(t, rule, tc.black, tc.white, tc.toMove)
			for _, kind := range []proof.Kind{proof.VCF, proof.VCT} {
				readersAgree(t, name+"/"+kind.String(), b, kind, 20_000)
			}
		}
	}
}

// TestReadersAgreeRandom: random middle-game positions under each rule
// the tracker supports, both searches, with enough nodes for the VCTs'
// threat levels and leaf VCFs to run.
func TestReadersAgreeRandom(t *testing.T) {
	n := 12
	if testing.Short() {
		n = 4
	}
	wins := 0
	for _, rule := range []engine.Rule{engine.Freestyle, engine.Exact, engine.Renju} {
		rng := rand.New(rand.NewPCG(7, uint64(rule)))
		for i := range n {
			b := testpos.Random(rng, 15, rule, 14+rng.IntN(24))
			if b.HasFive(engine.Black) || b.HasFive(engine.White) {
				continue
			}
			for _, kind := range []proof.Kind{proof.VCF, proof.VCT} {
				name := fmt.Sprintf("%v #%d %v", rule, i, kind)
				if readersAgree(t, name, b, kind, 30_000).Win {
					wins++
				}
			}
		}
	}
	if wins == 0 {
		t.Errorf("no random position was a win: the comparison saw no proof")
	}
}

// TestReadersAgreePuzzles: an even sample of the renju collection's VCF
// and VCT problems (skips without ../shared).
func TestReadersAgreePuzzles(t *testing.T) {
	f := winOpenShared(t, "puzzles/renju-puzzles.jsonl")
	defer f.Close()
	every := 37
	if testing.Short() {
		every = 400
	}
	wins := 0
	for i, p := range winPuzzles(t, f) {
		if i%every != 0 {
			continue
		}
		kind := proof.VCT
		if p.ModeName == "VCF" {
			kind = proof.VCF
		}
		if readersAgree(t, p.ID, winDiagramBoard(t, p.Size, p.Black, p.White, p.ToMove), kind, 50_000).Win {
			wins++
		}
	}
	if wins == 0 {
		t.Errorf("no problem solved: the comparison saw no proof")
	}
}
