package search

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/eval"
	"github.com/kakugo/kakugo/search/internal/testpos"
	"github.com/kakugo/kakugo/search/mcts"
)

// kakugoFirstLostProver proves a VCT for the side to move in the first
// position other than root that a VCT is asked for (the position after the
// first move checked), and in that position only.
type kakugoFirstLostProver struct {
	kakugoFakeProver
	root, lost uint64
}

func (f *kakugoFirstLostProver) prove(_ context.Context, b *engine.Board, _ *eval.Evaluator, vct bool, _ time.Time, _ int64) kakugoWin {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.proves++
	h := b.Hash()
	if !vct || h == f.root {
		return kakugoWin{move: engine.NoPos}
	}
	if f.lost == 0 {
		f.lost = h
	}
	if h != f.lost {
		return kakugoWin{move: engine.NoPos}
	}
	return kakugoWin{win: true, move: b.Pos(0, 0), line: []engine.Pos{b.Pos(0, 0)}, nodes: 1}
}

func (f *kakugoFirstLostProver) detect(ctx context.Context, b *engine.Board, ev *eval.Evaluator, deadline time.Time, maxNodes int64) kakugoWin {
	f.mu.Lock()
	f.detects++
	f.mu.Unlock()
	return f.prove(ctx, b, ev, true, deadline, maxNodes)
}

// TestKakugoWithout: what the tree may still choose once a move is found
// lost: every ranked move but that one and those the tree proved lost.
func TestKakugoWithout(t *testing.T) {
	b, err := engine.New(15, 15, engine.Freestyle)
	if err != nil {
		t.Fatal(err)
	}
	p := func(s string) engine.Pos {
		pts, err := engine.ParseMoves(s)
		if err != nil || len(pts) != 1 {
			t.Fatalf("%q: %v", s, err)
		}
		return b.Pos(pts[0].X, pts[0].Y)
	}
	ranked := []mcts.Ranked{{Move: p("h8")}, {Move: p("i9"), Proof: 1}, {Move: p("g7")}, {Move: p("j10"), Proof: -1}}
	for _, c := range []struct {
		move string
		want []string
	}{
		{"h8", []string{"i9", "g7"}},
		{"g7", []string{"h8", "i9"}},
		{"a1", []string{"h8", "i9", "g7"}},
	} {
		got := kakugoWithout(ranked, p(c.move))
		var names []string
		for _, m := range got {
			x, y := b.XY(m)
			names = append(names, engine.FormatMove(x, y))
		}
		if strings.Join(names, " ") != strings.Join(c.want, " ") {
			t.Errorf("without %s: %v, want %v", c.move, names, c.want)
		}
	}
	if got := kakugoWithout(ranked[:1], p("h8")); len(got) != 0 {
		t.Errorf("the only move lost: %v left", got)
	}
}

// TestEarlyCheckReplacesTheLostMove: with the early check on, a timed move
// whose tree's best move at halfway loses to the opponent's VCT (a prover
// that proves the first move it is asked about lost) says so in a message
// and plays another move; with it off no early check runs, and the final
// check still replaces the lost move. A loaded machine may leave the first
// half no time for the check, so a move without it is logged, not failed.
// (What the early check is worth is a match's to measure.)
func TestEarlyCheckReplacesTheLostMove(t *testing.T) {
	const pos = "h8i9h9h10j8"
	lim := Limits{Turn: 800 * time.Millisecond, Match: Unlimited, Left: Unlimited}
	for _, on := range []int{1, -1} {
		b := testpos.Board(t, 15, engine.Freestyle, pos)
		f := &kakugoFirstLostProver{root: b.Hash()}
		k := NewKakugo(KakugoOptions{Seed: 3, WinSearch: WinSearchVCTCheck, EarlyCheck: on})
		k.newProver = func(int) kakugoProver { return f }
		var lines []string
		l := lim
		l.Start = time.Now()
		l.Info = func(s string) { lines = append(lines, s) }
		move := k.Move(context.Background(), b.Clone(), l)
		if !b.Legal(move) {
			t.Fatalf("early %d: illegal move %v", on, move)
		}
		after := b.Clone()
		after.Make(move)
		if f.lost != 0 && after.Hash() == f.lost {
			t.Errorf("early %d: played %s, which the check proved lost", on, engine.FormatMove(b.XY(move)))
		}
		text := strings.Join(lines, "\n")
		early := strings.Contains(text, "early check |")
		switch {
		case on < 0 && early:
			t.Errorf("an early check with the option off: %q", lines)
		case on > 0 && !early:
			t.Logf("no early check ran (a loaded machine?): %q", lines)
		case on > 0 && !strings.Contains(text, "loses to a vct"):
			t.Errorf("the early check's message does not say why: %q", lines)
		}
		if n := strings.Count(text, "depth "); n > 1 {
			t.Errorf("early %d: %d search lines, want one a move: %q", on, n, lines)
		}
	}
}
