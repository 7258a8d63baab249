package protocol

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/search"
)

// board15 plays moves (x, y pairs, black first) on an empty 15x15 board.
func board15(t *testing.T, r engine.Rule, moves ...int) *engine.Board {
	t.Helper()
	b, err := engine.New(15, 15, r)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i+1 < len(moves); i += 2 {
		b.Make(b.Pos(moves[i], moves[i+1]))
	}
	return b
}

// TestSwap2Decisions checks the swap2 choices on positions whose verdict is
// plain: with the interim player and without any player.
func TestSwap2Decisions(t *testing.T) {
	tests := []struct {
		name  string
		moves []int
		want  string // "SWAP", "1" (one move), "2" (two moves) or "1|2"
	}{
		// Black's adjacent pair in the centre, white lost in a corner.
		{"black better, 3 stones", []int{7, 7, 0, 0, 8, 7}, "SWAP"},
		// Black's stones in two corners, white in the centre.
		{"white better, 3 stones", []int{0, 0, 7, 7, 14, 14}, "1"},
		{"black better, 5 stones", []int{7, 7, 0, 0, 8, 7, 14, 0, 9, 8}, "SWAP"},
		{"white better, 5 stones", []int{0, 0, 7, 7, 14, 14, 8, 8, 0, 14}, "1"},
	}
	for _, tc := range tests {
		for _, withPlayer := range []bool{true, false} {
			b := board15(t, engine.Exact, tc.moves...)
			c := &swap2Chooser{}
			if withPlayer {
				c = &swap2Chooser{ctx: context.Background(), player: fast, deadline: time.Now().Add(time.Second)}
			}
			got := c.reply(b)
			kind := got
			if got != "SWAP" {
				kind = string(rune('0' + len(strings.Fields(got))))
			}
			if !strings.Contains("|"+tc.want+"|", "|"+kind+"|") {
				t.Errorf("%s (player %v): %q, want %s", tc.name, withPlayer, got, tc.want)
			}
			if b.MoveCount() != len(tc.moves)/2 {
				t.Errorf("%s: the board was changed", tc.name)
			}
		}
	}
}

// TestSwap2Opening checks the proposed opening: black in the centre, all
// three stones within two cells of it, and even by the balance test after
// white's reply.
func TestSwap2Opening(t *testing.T) {
	for _, size := range []int{15, 20, 5} {
		b, _ := engine.New(size, size, engine.Exact)
		c := &swap2Chooser{ctx: context.Background(), player: fast, deadline: time.Now().Add(time.Second)}
		got := strings.Fields(c.reply(b))
		if len(got) != 3 {
			t.Fatalf("size %d: %q", size, got)
		}
		pos := b.Clone()
		for i, mv := range got {
			f, err := parseFields(mv, 2)
			if err != nil || !pos.OnBoard(f[0], f[1]) || !pos.Legal(pos.Pos(f[0], f[1])) {
				t.Fatalf("size %d: bad stone %q", size, mv)
			}
			if abs(f[0]-size/2) > 2 || abs(f[1]-size/2) > 2 || (i == 0 && (f[0] != size/2 || f[1] != size/2)) {
				t.Errorf("size %d: stone %d at %s, not near the centre", size, i, mv)
			}
			pos.Make(pos.Pos(f[0], f[1]))
		}
		pos.Make(fast.Move(context.Background(), pos, search.Limits{}))
		if v := balance(pos); abs(v) > swap2Margin {
			t.Errorf("size %d: opening %q has balance %d after white's reply", size, got, v)
		}
	}
}

// TestSwap2Timeout: a player that never answers in time still gets a
// SWAP2BOARD answer, from the balance test alone.
func TestSwap2Timeout(t *testing.T) {
	entered := make(chan struct{}, 8)
	br := startBrain(t, Config{Player: slow{entered}, Slack: 20 * time.Millisecond}, "\n")
	br.run([]step{
		{in: "START 15\nINFO timeout_turn 60", want: []string{"OK"}},
		{in: "SWAP2BOARD\nDONE", want: []string{"SWAP2"}},
		{in: "SWAP2BOARD\n7,7\n8,7\n9,9\nDONE", want: []string{"SWAP2"}},
		{in: "SWAP2BOARD\n7,7\n8,7\n9,9\n8,8\n8,6\nDONE", want: []string{"SWAP2"}},
	})
	br.finish()
}

// TestBalance checks the balance test's signs on clear positions.
func TestBalance(t *testing.T) {
	if v := balance(board15(t, engine.Freestyle)); v <= 0 {
		t.Errorf("empty board, black to move: %d, want > 0", v)
	}
	if v := balance(board15(t, engine.Freestyle, 7, 7, 0, 0, 8, 7)); v <= swap2Margin {
		t.Errorf("black pair against a corner stone: %d", v)
	}
	if v := balance(board15(t, engine.Freestyle, 0, 0, 7, 7, 14, 14)); v >= -swap2Margin {
		t.Errorf("white centre against corners: %d", v)
	}
	// The static count is symmetric: mirrored colours, opposite sign.
	a := staticBalance(board15(t, engine.Freestyle, 7, 7, 8, 8, 6, 7))
	b := board15(t, engine.Freestyle)
	b.Put(b.Pos(7, 7), engine.White)
	b.Put(b.Pos(8, 8), engine.Black)
	b.Put(b.Pos(6, 7), engine.White)
	if staticBalance(b) != -a {
		t.Errorf("mirrored static balance %d, want %d", staticBalance(b), -a)
	}
}

// TestGainMatchesRecount checks gain against a recount of the whole board
// for every empty cell of a position, both colours.
func TestGainMatchesRecount(t *testing.T) {
	b := board15(t, engine.Freestyle, 7, 7, 8, 8, 6, 7, 0, 0, 5, 7, 14, 3, 7, 6)
	before := staticBalance(b)
	for y := 0; y < 15; y++ {
		for x := 0; x < 15; x++ {
			p := b.Pos(x, y)
			if b.At(p) != engine.Empty {
				continue
			}
			for _, c := range []engine.Color{engine.Black, engine.White} {
				g := gain(b, p, c)
				b.Put(p, c)
				after := staticBalance(b)
				b.Undo()
				if g != sign(c)*(after-before) {
					t.Fatalf("gain(%d,%d,%v) = %d, recount says %d", x, y, c, g, sign(c)*(after-before))
				}
			}
		}
	}
}

// TestFallbackMove checks the move the brain plays without its player.
func TestFallbackMove(t *testing.T) {
	xy := func(b *engine.Board, p engine.Pos) [2]int {
		x, y := b.XY(p)
		return [2]int{x, y}
	}
	// Black to move with four in a row: the five.
	b := board15(t, engine.Freestyle, 3, 3, 0, 14, 4, 3, 2, 14, 5, 3, 4, 14, 6, 3, 6, 14)
	if got := xy(b, fallbackMove(b)); got != [2]int{2, 3} && got != [2]int{7, 3} {
		t.Errorf("five: got %v", got)
	}
	// White to move, black threatens five: the block.
	b = board15(t, engine.Freestyle, 3, 3, 0, 14, 4, 3, 2, 14, 5, 3, 14, 0, 6, 3)
	if got := xy(b, fallbackMove(b)); got != [2]int{2, 3} && got != [2]int{7, 3} {
		t.Errorf("block: got %v", got)
	}
	// Empty board: the centre.
	b = board15(t, engine.Freestyle)
	if got := xy(b, fallbackMove(b)); got != [2]int{7, 7} {
		t.Errorf("empty: got %v", got)
	}
	// Renju: never a forbidden point, even when it is the best by count.
	b = board15(t, engine.Renju, 5, 7, 14, 0, 6, 7, 12, 0, 7, 5, 10, 0, 7, 6, 14, 2)
	if p := fallbackMove(b); b.IsForbidden(p) || !b.Legal(p) {
		t.Errorf("renju: forbidden %v", xy(b, p))
	}
	// A full board: no move.
	b, _ = engine.New(5, 5, engine.Freestyle)
	for i := 0; i < 25; i++ {
		b.Put(engine.Pos(0)+b.Pos(i%5, i/5), engine.Color(1+(i/5+i)%2))
	}
	if p := fallbackMove(b); p != engine.NoPos {
		t.Errorf("full board: %v", xy(b, p))
	}
}

// TestSwap2PanickyPlayer: a player that panics still leaves a SWAP2BOARD
// answer (a regression: the brain once sent an empty line).
func TestSwap2PanickyPlayer(t *testing.T) {
	br := startBrain(t, Config{Player: panicky{}, Debug: true}, "\n")
	br.run([]step{
		{in: "START 15", want: []string{"OK"}},
		{in: "SWAP2BOARD\nDONE", want: []string{"DEBUG*panicked*", "SWAP2"}},
		{in: "SWAP2BOARD\n7,7\n8,7\n9,9\nDONE", want: []string{"DEBUG*panicked*", "SWAP2"}},
		{in: "SWAP2BOARD\n7,7\n8,7\n9,9\n8,8\n8,6\nDONE", want: []string{"DEBUG*panicked*", "SWAP2"}},
	})
	br.finish()
}
