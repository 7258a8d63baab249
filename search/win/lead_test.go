package win

import (
	"context"
	"testing"
	"time"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/eval"
	"github.com/kakugo/kakugo/search/internal/testpos"
	"github.com/kakugo/kakugo/search/proof"
)

// TestWinLeadWhenStopped: a VCT stopped by its node limit names a lead, a
// free cell, the same on a second identical search, and the winning move
// when stopped just short of its proof; a proven win, a finished search
// without one and a VCF name none.
func TestWinLeadWhenStopped(t *testing.T) {
	// Black to move; Rapfi announced a mate here in a game of 2026-11-30
	// (freestyle 15) that our VCT does not prove within 3 s.
	b := testpos.Board(t, 15, engine.Freestyle, "h7i8i10h10e13g12h9g8f8e11h6g7f6h5")
	ev := eval.Attach(b)
	var leads []engine.Pos
	for range 2 {
		w := New(1 << 16)
		r := w.Prove(context.Background(), b, ev, proof.VCT, time.Time{}, 20000)
		if r.Win || r.Complete {
			t.Fatalf("win %v complete %v within 20,000 nodes: the position no longer tests a stopped search", r.Win, r.Complete)
		}
		if r.Lead == engine.NoPos || b.At(r.Lead) != engine.Empty {
			t.Fatalf("lead %v: want a free cell", r.Lead)
		}
		leads = append(leads, r.Lead)
	}
	if leads[0] != leads[1] {
		t.Errorf("two identical searches led with %v and %v", leads[0], leads[1])
	}
	w := New(1 << 16)
	if r := w.Prove(context.Background(), b, ev, proof.VCF, time.Time{}, 50); r.Lead != engine.NoPos {
		t.Errorf("a VCF stopped by its limit led with %v", r.Lead)
	}

	// White to move, a 15-move VCT (another won position of those games):
	// stopped a little before it proves the root, the search leads with
	// the move that then wins. (Deterministic: a change of the search's
	// order may move the lead; then this says so.)
	deep := testpos.Board(t, 15, engine.Freestyle, "e9c11b12e10f10g11d8f9d11e7d7d9c8e6e5c7f5f8d5c5d6d4g6h7")
	dev := eval.Attach(deep)
	full := New(1<<16).Prove(context.Background(), deep, dev, proof.VCT, time.Time{}, 0)
	if !full.Win {
		t.Fatal("the 15-move VCT was not found")
	}
	if r := New(1<<16).Prove(context.Background(), deep, dev, proof.VCT, time.Time{}, full.Nodes-2000); r.Win || r.Lead != full.Move {
		t.Errorf("stopped 2,000 nodes short of the proof: win %v, lead %v; want the winning move %v", r.Win, r.Lead, full.Move)
	}

	won := testpos.Stones(t, engine.Freestyle, "e8f8g8h9h10", "d8a1o1a15", engine.Black)
	if r := New(1<<12).Prove(context.Background(), won, eval.Attach(won), proof.VCT, time.Time{}, 0); !r.Win || r.Lead != engine.NoPos {
		t.Errorf("a proven win: win %v, lead %v; want a win and no lead", r.Win, r.Lead)
	}
	quiet := testpos.Stones(t, engine.Freestyle, "h8", "i9", engine.Black)
	if r := New(1<<12).Prove(context.Background(), quiet, eval.Attach(quiet), proof.VCT, time.Time{}, 0); r.Win || !r.Complete || r.Lead != engine.NoPos {
		t.Errorf("a finished search without a win: win %v complete %v lead %v", r.Win, r.Complete, r.Lead)
	}
}
