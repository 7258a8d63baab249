// Package testpos builds the positions the search packages' tests share,
// so that each package's tests need not copy them.
package testpos

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/kakugo/kakugo/engine"
)

// Board plays pos (pos notation, such as "h8i9") on a size x size board
// under r, failing the test when pos does not parse or play.
func Board(t testing.TB, size int, r engine.Rule, pos string) *engine.Board {
	t.Helper()
	pts, err := engine.ParseMoves(pos)
	if err != nil {
		t.Fatal(err)
	}
	b, err := engine.FromMoves(size, size, r, pts)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// Stones sets up a 15x15 board under rule with black's and white's stones
// (pos notation) and toMove to move, failing the test when they do not
// parse or fit.
func Stones(t testing.TB, rule engine.Rule, black, white string, toMove engine.Color) *engine.Board {
	t.Helper()
	bl, err := engine.ParseMoves(black)
	if err != nil {
		t.Fatal(err)
	}
	wh, err := engine.ParseMoves(white)
	if err != nil {
		t.Fatal(err)
	}
	b, err := engine.FromStones(15, 15, rule, bl, wh, toMove)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// Random plays n sensible random moves on a fresh board: the centre, then
// legal moves within four lines of it that make no five.
func Random(rng *rand.Rand, size int, r engine.Rule, n int) *engine.Board {
	b, _ := engine.New(size, size, r)
	b.Make(b.Pos(size/2, size/2))
	for tries := 0; b.MoveCount() < n && tries < 10*n; tries++ {
		x := size/2 + rng.IntN(9) - 4
		y := size/2 + rng.IntN(9) - 4
		if !b.OnBoard(x, y) {
			continue
		}
		p := b.Pos(x, y)
		if !b.Legal(p) || b.IsFive(p, b.SideToMove()) {
			continue
		}
		b.Make(p)
	}
	return b
}

// Moves writes moves of b in pos notation, space separated, for messages.
func Moves(b *engine.Board, moves []engine.Pos) string {
	parts := make([]string, len(moves))
	for i, p := range moves {
		parts[i] = engine.FormatMove(b.XY(p))
	}
	return strings.Join(parts, " ")
}
