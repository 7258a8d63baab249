package search

import (
	"context"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/eval"
	"github.com/kakugo/kakugo/search/internal/testpos"
)

// TestKakugoAlphaBeta: the player with the alpha-beta search completes and
// blocks fives, plays legal moves on every rule within a turn limit and
// leaves the board as it was, and says its search line.
func TestKakugoAlphaBeta(t *testing.T) {
	for _, tc := range []struct {
		pos  string
		rule engine.Rule
		want []string
	}{
		{"h8a1i8a2j8a3k8a5", engine.Freestyle, []string{"g8", "l8"}},
		{"h8a1i8a2k8a3l8", engine.Freestyle, []string{"j8"}},
		{"h8a1i8a2j8a3o15a4k8", engine.Renju, []string{"a5"}},
	} {
		b := testpos.Board(t, 15, tc.rule, tc.pos)
		k := NewKakugo(KakugoOptions{AlphaBeta: true})
		if got := engine.FormatMove(b.XY(k.Move(context.Background(), b, kakugoNodes(5000)))); !slices.Contains(tc.want, got) {
			t.Errorf("%s: played %s, want one of %v", tc.pos, got, tc.want)
		}
	}
	rng := rand.New(rand.NewPCG(8, 9))
	for _, r := range []engine.Rule{engine.Freestyle, engine.Renju, engine.Caro, engine.Exact} {
		b := testpos.Random(rng, 15, r, 8+rng.IntN(20))
		if b.Winner() != engine.Empty {
			continue
		}
		hash, moves := b.Hash(), slices.Clone(b.Moves())
		k := NewKakugo(KakugoOptions{AlphaBeta: true})
		m := k.Move(context.Background(), b, kakugoTimed(150*time.Millisecond))
		if !b.Legal(m) || (b.SideToMove() == engine.Black && r == engine.Renju && b.IsForbidden(m)) {
			t.Errorf("%s: illegal move %v", r, m)
		}
		if b.Hash() != hash || !slices.Equal(b.Moves(), moves) {
			t.Errorf("%s: the board was changed", r)
		}
	}
	// A quiet opening: the search runs and says its line. Under a node
	// limit, not a clock: on a loaded machine a 150 ms turn can pass before
	// the first iteration ends, and the player then answers without a line.
	b := testpos.Board(t, 15, engine.Freestyle, "h8i9h10")
	var lines []string
	lim := kakugoNodes(20000)
	lim.Info = func(s string) { lines = append(lines, s) }
	m := NewKakugo(KakugoOptions{AlphaBeta: true}).Move(context.Background(), b, lim)
	if !b.Legal(m) || !slices.ContainsFunc(lines, func(s string) bool { return strings.HasPrefix(s, "depth ") }) {
		t.Errorf("move %v, lines %q: want a legal move and a depth line", m, lines)
	}
}

// TestKakugoABVeto: the alpha-beta veto replaces a tree move that lets the
// opponent's double open three in (white's j8 makes h8-i8-j8 and
// j8-j9-j10), and leaves the move that takes that point alone; without a
// search to veto with, the move stands.
func TestKakugoABVeto(t *testing.T) {
	b := testpos.Board(t, 15, engine.Freestyle, "i9h8c3i8m12j9c13j10")
	k := NewKakugo(KakugoOptions{ABVeto: 35, ABPolicyDepth: -1})
	lim := kakugoNodes(40000)
	k.size(lim)
	if k.ab == nil {
		t.Fatal("no alpha-beta search for the veto")
	}
	e := eval.Attach(b)
	defer e.Detach()
	at := func(s string) engine.Pos {
		pts, err := engine.ParseMoves(s)
		if err != nil || len(pts) != 1 {
			t.Fatalf("%s: %v", s, err)
		}
		return b.Pos(pts[0].X, pts[0].Y)
	}
	if got := k.abVeto(context.Background(), e, lim, Budget{}, false, nil, at("k9"), nil); got == at("k9") {
		t.Errorf("k9 (letting j8 in) was not vetoed")
	}
	if got := k.abVeto(context.Background(), e, lim, Budget{}, false, nil, at("j8"), nil); got != at("j8") {
		t.Errorf("j8 vetoed for %s", engine.FormatMove(b.XY(got)))
	}
	if len(b.Moves()) != 8 {
		t.Errorf("the board was changed")
	}
}
