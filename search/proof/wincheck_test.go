package proof

import (
	"context"
	"errors"
	"maps"
	"strings"
	"testing"
	"time"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/eval"
)

// winProveFor solves a position of the table for its tests.
func winProveFor(t *testing.T, rule engine.Rule, black, white string, toMove engine.Color, kind Kind) (*engine.Board, Result) {
	t.Helper()
	b := winTestBoard(t, rule, black, white, toMove)
	ev := eval.Attach(b)
	defer ev.Detach()
	w := New(1 << 14)
	r := w.Prove(context.Background(), b, ev, kind, time.Time{}, 0)
	if !r.Win || w.Rejected != 0 {
		t.Fatalf("no win (rejected %d)", w.Rejected)
	}
	return b, r
}

// winBreak returns a copy of p with the answer at the position reached by
// playing moves from b replaced by m (NoPos: removed).
func winBreak(t *testing.T, b *engine.Board, p *Proof, moves []engine.Pos, m engine.Pos) *Proof {
	t.Helper()
	c := b.Clone()
	for _, mv := range moves {
		c.Make(mv)
	}
	q := *p
	q.moves = maps.Clone(p.moves)
	if _, ok := q.moves[c.Hash()]; !ok {
		t.Fatalf("the proof has no entry after %d moves", len(moves))
	}
	if m == engine.NoPos {
		delete(q.moves, c.Hash())
	} else {
		q.moves[c.Hash()] = m
	}
	return &q
}

// TestCheckerRejectsBrokenProofs breaks a good proof in each way a
// search bug could and expects the checker to notice every one.
func TestCheckerRejectsBrokenProofs(t *testing.T) {
	b, r := winProveFor(t, engine.Freestyle, "e8f8g8h9h10", "d8a1o1a15", engine.Black, VCF)
	if err := Check(b, r.Proof, 0); err != nil {
		t.Fatalf("the good proof: %v", err)
	}
	far := b.Pos(12, 2)
	cases := []struct {
		name  string
		proof *Proof
		want  string
	}{
		{"quiet first move", winBreak(t, b, r.Proof, nil, far), "not answered"},
		{"occupied answer", winBreak(t, b, r.Proof, nil, b.Pos(4, 7)), "not a legal move"},
		{"missing answer", winBreak(t, b, r.Proof, r.Line[:2], engine.NoPos), "no answer"},
		{"wrong second move", winBreak(t, b, r.Proof, r.Line[:2], far), "not answered"},
	}
	for _, tc := range cases {
		err := Check(b, tc.proof, 0)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want one containing %q", tc.name, err, tc.want)
		}
	}
	// The root must match, and the attacker must be to move.
	c := b.Clone()
	c.Make(r.Line[0])
	if Check(c, r.Proof, 0) == nil {
		t.Error("a proof was accepted on another position")
	}
	if err := Check(b, r.Proof, 3); !errors.Is(err, ErrCheckBudget) {
		t.Error("a tiny node budget was not reported")
	}
}

// TestCheckerReadsTheRules: white's renju win through black's forbidden
// block is no win under freestyle, where black may block there; the
// checker must refuse the same proof on the same stones.
func TestCheckerReadsTheRules(t *testing.T) {
	black, white := "f8g8h6h7c3i9", "e5f6g7a15o15o1"
	b, r := winProveFor(t, engine.Renju, black, white, engine.White, VCF)
	if err := Check(b, r.Proof, 0); err != nil {
		t.Fatalf("renju: %v", err)
	}
	fb := winTestBoard(t, engine.Freestyle, black, white, engine.White)
	if fb.Hash() != b.Hash() {
		t.Fatal("the two boards should hash alike")
	}
	if err := Check(fb, r.Proof, 0); err == nil {
		t.Error("freestyle: the renju proof was accepted")
	}
}

// TestCheckerVCTDefences checks a VCT proof, where the defender may play
// anywhere after a three, and a hand-made false one: a lone open three is
// answered by blocking it.
func TestCheckerVCTDefences(t *testing.T) {
	b, r := winProveFor(t, engine.Freestyle, "f8g8h6h7", "a1o1a15o15", engine.Black, VCT)
	if err := Check(b, r.Proof, 0); err != nil {
		t.Fatalf("double three: %v", err)
	}
	lone := winTestBoard(t, engine.Freestyle, "f8g8", "a1o1", engine.Black)
	fake := newProof(lone, engine.Black, VCT)
	fake.moves[lone.Hash()] = lone.Pos(7, 7) // h8: an open three, no more
	if err := Check(lone, fake, 0); err == nil || !strings.Contains(err.Error(), "not answered") {
		t.Errorf("a lone three passed: %v", err)
	}
}
