package proof_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/eval"
	"github.com/kakugo/kakugo/search/internal/testpos"
	"github.com/kakugo/kakugo/search/proof"
	"github.com/kakugo/kakugo/search/win"
)

// The checker's tests check the winning search's proofs (package win),
// good ones and ones broken on purpose.

// prove solves b with the winning search, for a proof of its own.
func prove(t *testing.T, b *engine.Board, kind proof.Kind) win.Result {
	t.Helper()
	ev := eval.Attach(b)
	defer ev.Detach()
	w := win.New(1 << 14)
	r := w.Prove(context.Background(), b, ev, kind, time.Time{}, 0)
	if !r.Win || w.Rejected != 0 {
		t.Fatalf("no win (rejected %d)", w.Rejected)
	}
	return r
}

// winProveFor solves a position of the table for its tests.
func winProveFor(t *testing.T, rule engine.Rule, black, white string, toMove engine.Color, kind proof.Kind) (*engine.Board, win.Result) {
	t.Helper()
	b := testpos.Stones(t, rule, black, white, toMove)
	return b, prove(t, b, kind)
}

// winBreak proves b again (the search is deterministic: the same proof)
// and replaces the answer at the position reached by playing moves from b
// by m (NoPos: removed).
func winBreak(t *testing.T, b *engine.Board, kind proof.Kind, moves []engine.Pos, m engine.Pos) *proof.Proof {
	t.Helper()
	p := prove(t, b, kind).Proof
	c := b.Clone()
	for _, mv := range moves {
		c.Make(mv)
	}
	if _, ok := p.Answer(c.Hash()); !ok {
		t.Fatalf("the proof has no entry after %d moves", len(moves))
	}
	p.Set(c.Hash(), m)
	return p
}

// TestCheckerRejectsBrokenProofs breaks a good proof in each way a
// search bug could and expects the checker to notice every one.
func TestCheckerRejectsBrokenProofs(t *testing.T) {
	b, r := winProveFor(t, engine.Freestyle, "e8f8g8h9h10", "d8a1o1a15", engine.Black, proof.VCF)
	if err := proof.Check(b, r.Proof, 0); err != nil {
		t.Fatalf("the good proof: %v", err)
	}
	far := b.Pos(12, 2)
	cases := []struct {
		name  string
		proof *proof.Proof
		want  string
	}{
		{"quiet first move", winBreak(t, b, proof.VCF, nil, far), "not answered"},
		{"occupied answer", winBreak(t, b, proof.VCF, nil, b.Pos(4, 7)), "not a legal move"},
		{"missing answer", winBreak(t, b, proof.VCF, r.Line[:2], engine.NoPos), "no answer"},
		{"wrong second move", winBreak(t, b, proof.VCF, r.Line[:2], far), "not answered"},
	}
	for _, tc := range cases {
		err := proof.Check(b, tc.proof, 0)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want one containing %q", tc.name, err, tc.want)
		}
	}
	// The root must match, and the attacker must be to move.
	c := b.Clone()
	c.Make(r.Line[0])
	if proof.Check(c, r.Proof, 0) == nil {
		t.Error("a proof was accepted on another position")
	}
	if err := proof.Check(b, r.Proof, 3); !errors.Is(err, proof.ErrCheckBudget) {
		t.Error("a tiny node budget was not reported")
	}
}

// TestCheckerReadsTheRules: white's renju win through black's forbidden
// block is no win under freestyle, where black may block there; the
// checker must refuse the same proof on the same stones.
func TestCheckerReadsTheRules(t *testing.T) {
	black, white := "f8g8h6h7c3i9", "e5f6g7a15o15o1"
	b, r := winProveFor(t, engine.Renju, black, white, engine.White, proof.VCF)
	if err := proof.Check(b, r.Proof, 0); err != nil {
		t.Fatalf("renju: %v", err)
	}
	fb := testpos.Stones(t, engine.Freestyle, black, white, engine.White)
	if fb.Hash() != b.Hash() {
		t.Fatal("the two boards should hash alike")
	}
	if err := proof.Check(fb, r.Proof, 0); err == nil {
		t.Error("freestyle: the renju proof was accepted")
	}
}

// TestCheckerVCTDefences checks a VCT proof, where the defender may play
// anywhere after a three, and a hand-made false one: a lone open three is
// answered by blocking it.
func TestCheckerVCTDefences(t *testing.T) {
	b, r := winProveFor(t, engine.Freestyle, "f8g8h6h7", "a1o1a15o15", engine.Black, proof.VCT)
	if err := proof.Check(b, r.Proof, 0); err != nil {
		t.Fatalf("double three: %v", err)
	}
	lone := testpos.Stones(t, engine.Freestyle, "f8g8", "a1o1", engine.Black)
	fake := proof.New(lone, engine.Black, proof.VCT)
	fake.Set(lone.Hash(), lone.Pos(7, 7)) // h8: an open three, no more
	if err := proof.Check(lone, fake, 0); err == nil || !strings.Contains(err.Error(), "not answered") {
		t.Errorf("a lone three passed: %v", err)
	}
}

// TestCheckerKillersKeepVerdicts: the killers only reorder the checker's
// own VCF tries, so with or without them every proof gets the same
// verdict: a deep VCT's good proof, and that proof broken at each
// attacker position of its principal line (the answer removed, or moved
// to a far cell). The position is the issue 20 example, white to move,
// a VCT of 11 moves.
func TestCheckerKillersKeepVerdicts(t *testing.T) {
	b := testpos.Board(t, 15, engine.Freestyle, "g8j4g4k4k10h5l5m10k5i5i6")
	r := prove(t, b, proof.VCT)
	far := b.Pos(0, 14)
	n := 0
	c := b.Clone()
	for k := 0; k+1 < len(r.Line); k += 2 {
		good, ok := r.Proof.Answer(c.Hash())
		if !ok {
			t.Fatalf("the proof has no answer after %d moves", k)
		}
		for _, m := range []engine.Pos{engine.NoPos, far} {
			r.Proof.Set(c.Hash(), m)
			with, without := proof.Check(b, r.Proof, 0), proof.CheckWithoutKillers(b, r.Proof)
			if (with == nil) != (without == nil) {
				t.Errorf("broken after %d moves (answer %v): with killers %v, without %v", k, m, with, without)
			}
			if with != nil {
				n++
			}
		}
		r.Proof.Set(c.Hash(), good)
		c.Make(r.Line[k])
		c.Make(r.Line[k+1])
	}
	if err := proof.CheckWithoutKillers(b, r.Proof); err != nil || proof.Check(b, r.Proof, 0) != nil {
		t.Errorf("the good proof: %v", err)
	}
	if n == 0 {
		t.Error("no broken proof was rejected: the test tests nothing")
	}
	t.Logf("%d of %d broken proofs rejected (the others still win: another answer follows)", n, len(r.Line)/2*2)
}
