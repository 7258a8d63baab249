package search

import (
	"context"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/kakugo/kakugo/engine"
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
	// A quiet opening: the search runs and says its line.
	b := testpos.Board(t, 15, engine.Freestyle, "h8i9h10")
	var lines []string
	lim := kakugoTimed(150 * time.Millisecond)
	lim.Info = func(s string) { lines = append(lines, s) }
	m := NewKakugo(KakugoOptions{AlphaBeta: true}).Move(context.Background(), b, lim)
	if !b.Legal(m) || !slices.ContainsFunc(lines, func(s string) bool { return strings.HasPrefix(s, "depth ") }) {
		t.Errorf("move %v, lines %q: want a legal move and a depth line", m, lines)
	}
}
