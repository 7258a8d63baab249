package fit

import (
	"math/rand/v2"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/eval"
	"github.com/kakugo/kakugo/nn"
	"github.com/kakugo/kakugo/value"
)

// The search values a tree's leaves to choose among siblings: what it needs
// of the value is that the position after a good move looks better than the
// positions after the other moves of the same parent. A game's result says
// that only weakly (one later mistake decides it); a strong player's choice
// says it directly. Comparison training (Tesauro's, and Hoki's for shogi's
// Bonanza) turns the choice into a loss: the values of the positions after
// each move of a parent, seen from the parent's side to move, are the
// logits of a softmax over the moves, and the move the strong player chose
// is its target.

// Sparse is a feature vector's non-zero entries.
type Sparse struct {
	Idx []uint16
	Val []float32
}

// SparseOf keeps f's non-zero entries.
func SparseOf(f []float32) Sparse {
	var s Sparse
	for i, x := range f {
		if x != 0 {
			s.Idx = append(s.Idx, uint16(i))
			s.Val = append(s.Val, x)
		}
	}
	return s
}

// Choice is one position of a strong player's game: the Codes features of
// the position after each move considered, the move played first.
type Choice struct {
	Kids []Sparse
	Key  value.Key
	Test bool
}

// ChoiceStats count what Choices kept and skipped.
type ChoiceStats struct {
	Positions, Kept, Settled, Kids int
}

// Near is how far (in either axis) from a stone a move is considered:
// the moves of a strong game are nearly all within two cells of one.
const Near = 2

// Choices replays games and returns, for the plies take marks in each
// (take(gi) is nil for none), the position's Choice. The moves considered
// are the legal cells within Near of a stone whose position after them the
// static evaluation does not settle (the search never asks the model
// there); a position is kept when the move played is one of them and it
// has at least one rival. Same games, same choices.
func Choices(games []*nn.Game, take func(gi int) []bool, opt SampleOptions) ([]Choice, ChoiceStats) {
	var out []Choice
	var st ChoiceStats
	for gi, g := range games {
		marks := take(gi)
		if marks == nil {
			continue
		}
		out = choicesOf(out, &st, g, g.Rule, marks, opt)
		if as, ok := opt.Reread[g.Rule]; ok {
			out = choicesOf(out, &st, g, as, marks, opt)
		}
	}
	return out, st
}

// choicesOf appends the choices of g read under rule.
func choicesOf(out []Choice, st *ChoiceStats, g *nn.Game, rule engine.Rule, take []bool, opt SampleOptions) []Choice {
	b, err := engine.New(g.W, g.H, rule)
	if err != nil {
		return out
	}
	e := eval.Attach(b)
	defer e.Detach()
	test := g.IsTest(opt.Seed, opt.TestFrac)
	key := value.Key{Rule: rule, Size: max(g.W, g.H)}
	var buf [value.MaxFeatures]float32
	for ply, m := range g.Moves {
		played := b.Pos(m.X, m.Y)
		if b.Winner() != engine.Empty || !b.Legal(played) {
			break
		}
		if ply < len(take) && take[ply] && b.MoveCount() > 0 {
			st.Positions++
			if c, ok := choiceAt(e, played, buf[:]); ok {
				c.Key, c.Test = key, test
				out = append(out, c)
				st.Kept++
				st.Kids += len(c.Kids)
			} else {
				st.Settled++
			}
		}
		b.Make(played)
	}
	return out
}

// choiceAt is the choice of e's position where played was played.
func choiceAt(e *eval.Evaluator, played engine.Pos, buf []float32) (Choice, bool) {
	b := e.Board()
	kid := func(p engine.Pos) (Sparse, bool) {
		b.Make(p)
		defer b.Undo()
		s := e.Evaluate()
		if _, exact := value.Exact(s); exact {
			return Sparse{}, false
		}
		return SparseOf(value.Extract(value.Codes, e, s, buf)), true
	}
	first, ok := kid(played)
	if !ok {
		return Choice{}, false
	}
	c := Choice{Kids: []Sparse{first}}
	for _, p := range nearMoves(b) {
		if p == played {
			continue
		}
		if f, ok := kid(p); ok {
			c.Kids = append(c.Kids, f)
		}
	}
	return c, len(c.Kids) >= 2
}

// nearMoves are the legal empty cells within Near of a stone, in board
// order.
func nearMoves(b *engine.Board) []engine.Pos {
	var out []engine.Pos
	for y := range b.Height() {
		for x := range b.Width() {
			p := b.Pos(x, y)
			if b.At(p) != engine.Empty || !b.Legal(p) || !nearStone(b, x, y) {
				continue
			}
			out = append(out, p)
		}
	}
	return out
}

func nearStone(b *engine.Board, x, y int) bool {
	for dy := -Near; dy <= Near; dy++ {
		for dx := -Near; dx <= Near; dx++ {
			if b.OnBoard(x+dx, y+dy) && b.At(b.Pos(x+dx, y+dy)) != engine.Empty {
				return true
			}
		}
	}
	return false
}

// ChoosePlies marks up to perGame plies of g after its opening (every one
// for perGame 0), drawn by a generator seeded with seed and index, as
// choosePlies does for the result samples.
func ChoosePlies(g *nn.Game, perGame int, seed, index uint64) []bool {
	return choosePlies(g, SampleOptions{PerGame: perGame, Seed: seed}, index)
}

// PliesOf marks the plies among marks (an engine's moves) and draws up to
// perGame of them (every one for 0) with a generator seeded as ChoosePlies.
func PliesOf(n int, marks map[int]float32, perGame int, seed, index uint64) []bool {
	take := make([]bool, n)
	var plies []int
	for ply := range n {
		if _, ok := marks[ply]; ok {
			plies = append(plies, ply)
		}
	}
	if perGame > 0 && perGame < len(plies) {
		rng := rand.New(rand.NewPCG(seed, index))
		rng.Shuffle(len(plies), func(i, j int) { plies[i], plies[j] = plies[j], plies[i] })
		plies = plies[:perGame]
	}
	for _, p := range plies {
		take[p] = true
	}
	return take
}
