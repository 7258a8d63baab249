package search

import (
	"context"

	"github.com/kakugo/kakugo/engine"
)

// Interim is the first, deliberately simple player: it plays a five if it
// has one, blocks the opponent's five, and otherwise takes the point with the
// best count of own and opponent stones in the five-cell lines through it.
// It never plays a renju forbidden point. It stands in until the evaluator's
// greedy player and the full search replace it, and stays as a baseline.
type Interim struct{}

// lineWeight scores a five-cell window by the stones one colour has in it.
var lineWeight = [6]int{1, 4, 16, 64, 1024, 1 << 20}

// Move implements the player interface; it does not look at the clock
// because it answers in microseconds.
func (Interim) Move(_ context.Context, b *engine.Board, _ Limits) engine.Pos {
	me := b.SideToMove()
	if b.MoveCount() == 0 {
		return b.Pos(b.Width()/2, b.Height()/2)
	}
	var block engine.Pos = engine.NoPos
	best, bestScore := engine.NoPos, -1
	for y := 0; y < b.Height(); y++ {
		for x := 0; x < b.Width(); x++ {
			p := b.Pos(x, y)
			if !b.Legal(p) {
				continue
			}
			if b.IsFive(p, me) {
				return p
			}
			if block == engine.NoPos && b.IsFive(p, me.Opp()) {
				block = p
			}
			// Own lines count a little more than the opponent's: attack
			// when the two are equal.
			s := 5*lineCount(b, p, me) + 4*lineCount(b, p, me.Opp())
			if s > bestScore {
				best, bestScore = p, s
			}
		}
	}
	if block != engine.NoPos {
		return block
	}
	return best
}

// lineCount sums lineWeight over the windows through the empty cell p that
// hold no stone of c's opponent and no wall, by how many stones of c they hold.
func lineCount(b *engine.Board, p engine.Pos, c engine.Color) int {
	total := 0
	for _, d := range b.Dirs() {
		for start := -4; start <= 0; start++ {
			n, ok := 0, true
			for i := 0; i < 5 && ok; i++ {
				switch b.At(p + engine.Pos(start+i)*d) {
				case c:
					n++
				case engine.Empty:
				default:
					ok = false
				}
			}
			if ok {
				total += lineWeight[n]
			}
		}
	}
	return total
}
