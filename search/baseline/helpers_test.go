package baseline

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/search"
)

// mover is the player interface as the tests drive it.
type mover interface {
	Move(ctx context.Context, b *engine.Board, lim search.Limits) engine.Pos
}

// maker builds a fresh player from a seed.
type maker struct {
	name string
	make func(seed int64) mover
}

// baselines are the four players of the package.
var baselines = []maker{
	{"testai", func(s int64) mover { return NewTestAI(s) }},
	{"convolution", func(s int64) mover { return NewConvolution(s) }},
	{"alphabeta", func(s int64) mover { return NewAlphaBeta(s) }},
	{"patterns", func(s int64) mover { return NewPatterns(s) }},
}

// interim is the existing simple player, the common opponent.
var interim = maker{"interim", func(int64) mover { return search.Interim{} }}

// game is the record of one played game.
type game struct {
	winner engine.Color
	moves  []engine.Pos
}

// playGame plays black against white from the position b (which it
// modifies) until a five or a full board, failing the test on any illegal
// move or any change a player leaves on the board. lim.Start is set afresh
// for every move.
func playGame(t testing.TB, b *engine.Board, black, white mover, lim search.Limits) game {
	t.Helper()
	return playMoves(t, b, black, white, lim, b.Width()*b.Height())
}

// playMoves is playGame stopped after at most n moves.
func playMoves(t testing.TB, b *engine.Board, black, white mover, lim search.Limits, n int) game {
	t.Helper()
	ctx := context.Background()
	for played := 0; !b.Full() && played < n; played++ {
		pl := black
		if b.SideToMove() == engine.White {
			pl = white
		}
		hash, n, side := b.Hash(), b.MoveCount(), b.SideToMove()
		lim.Start = time.Now()
		p := pl.Move(ctx, b, lim)
		if b.Hash() != hash || b.MoveCount() != n || b.SideToMove() != side {
			t.Fatalf("%T changed the board during Move", pl)
		}
		if !b.Legal(p) {
			t.Fatalf("%T played illegal %v (%s) on move %d under %v:\n%s", pl, p, cell(b, p), n+1, b.Rule(), b)
		}
		b.Make(p)
		if w := b.Winner(); w != engine.Empty {
			return game{w, append([]engine.Pos(nil), b.Moves()...)}
		}
	}
	return game{engine.Empty, append([]engine.Pos(nil), b.Moves()...)}
}

// cell names p for messages.
func cell(b *engine.Board, p engine.Pos) string {
	if p < 0 || int(p) >= b.Size() || b.At(p) == engine.Wall {
		return fmt.Sprintf("off-board %d", p)
	}
	x, y := b.XY(p)
	return engine.FormatMove(x, y)
}

// randomOpening plays n random legal stones near the centre, none making a
// five, so that matches between deterministic players differ.
func randomOpening(b *engine.Board, rng *rand.Rand, n int) {
	cx, cy := b.Width()/2, b.Height()/2
	for b.MoveCount() < n {
		x, y := cx+rng.IntN(5)-2, cy+rng.IntN(5)-2
		if !b.OnBoard(x, y) {
			continue
		}
		if p := b.Pos(x, y); b.Legal(p) && !b.IsFive(p, b.SideToMove()) {
			b.Make(p)
		}
	}
}

// newBoard is engine.New for tests.
func newBoard(t testing.TB, w, h int, r engine.Rule) *engine.Board {
	t.Helper()
	b, err := engine.New(w, h, r)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// midgame is a fixed 15x15 freestyle position of 30 moves, reached by two
// seeded baselines from a random opening, with no five on the board.
func midgame(t testing.TB) *engine.Board {
	t.Helper()
	b := newBoard(t, 15, 15, engine.Freestyle)
	randomOpening(b, newRand(7), 4)
	black, white := NewTestAI(1), NewConvolution(2)
	for b.MoveCount() < 30 {
		pl := mover(black)
		if b.SideToMove() == engine.White {
			pl = white
		}
		p := pl.Move(context.Background(), b, search.Limits{})
		b.Make(p)
		if b.Winner() != engine.Empty {
			t.Fatalf("midgame position ended early:\n%s", b)
		}
	}
	return b
}
