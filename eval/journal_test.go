package eval

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/kakugo/kakugo/engine"
)

// snapshot is every field of an evaluator that a move changes.
type snapshot struct {
	state     []uint16
	pot       [][4]int32
	rankCount [2][NumRanks]int32
	total     [2]int32
	keys      [][4]uint32
	pts       []point
	sets      [2][numSets][]engine.Pos
	idx       [2][]int32
	uncertain []engine.Pos
}

func snap(e *Evaluator) snapshot {
	s := snapshot{state: slices.Clone(e.state), pot: slices.Clone(e.pot), rankCount: e.rankCount,
		total: e.total, keys: slices.Clone(e.keys), pts: slices.Clone(e.pts),
		uncertain: slices.Clone(e.uncertain)}
	for ci := range 2 {
		s.idx[ci] = slices.Clone(e.idx[ci])
		for k := range numSets {
			s.sets[ci][k] = slices.Clone(e.sets[ci][k].items)
		}
	}
	return s
}

func (s snapshot) diff(o snapshot) string {
	switch {
	case !slices.Equal(s.state, o.state):
		return "monomial states"
	case !slices.Equal(s.pot, o.pot) || s.rankCount != o.rankCount || s.total != o.total:
		return "potentials or rank counts"
	case !slices.Equal(s.keys, o.keys):
		return "direction keys"
	case !slices.Equal(s.pts, o.pts):
		return "point records"
	case !slices.Equal(s.uncertain, o.uncertain):
		return "uncertain points"
	}
	for ci := range 2 {
		if !slices.Equal(s.idx[ci], o.idx[ci]) {
			return fmt.Sprintf("set indices of colour %d", ci)
		}
		for k := range numSets {
			if !slices.Equal(s.sets[ci][k], o.sets[ci][k]) {
				return fmt.Sprintf("set %d of colour %d (order included)", k, ci)
			}
		}
	}
	return ""
}

// TestUndoRestoresExactly: Make then Undo leaves every field as it was,
// the candidate sets' order included (the journal replays the set moves
// backwards), under every rule; runs of moves undone together too.
func TestUndoRestoresExactly(t *testing.T) {
	for _, r := range engine.Rules {
		t.Run(r.String(), func(t *testing.T) {
			rng := rand.New(rand.NewPCG(uint64(r), 7))
			for g := 0; g < 4; g++ {
				b, _ := engine.New(15, 15, r)
				e := Attach(b)
				for ply := 0; ply < 60 && !b.Full() && b.Winner() == engine.Empty; ply++ {
					before := snap(e)
					n := 1 + rng.IntN(4)
					made := 0
					for ; made < n && b.Winner() == engine.Empty && !b.Full(); made++ {
						b.Make(randomNear(b, rng))
					}
					for range made {
						b.Undo()
					}
					if d := before.diff(snap(e)); d != "" {
						t.Fatalf("game %d ply %d: %d moves made and undone changed the %s\n%s", g, ply, made, d, b)
					}
					b.Make(randomNear(b, rng))
				}
				e.Detach()
			}
		})
	}
}

// TestUndoBeforeAttach: moves made before the evaluator was built have no
// journal; undoing them recomputes, and the evaluator stays right.
func TestUndoBeforeAttach(t *testing.T) {
	for _, r := range engine.Rules {
		rng := rand.New(rand.NewPCG(uint64(r), 11))
		b, _ := engine.New(15, 15, r)
		for range 12 {
			b.Make(randomNear(b, rng))
		}
		e := Attach(b)
		for range 5 {
			b.Make(randomNear(b, rng))
		}
		for b.MoveCount() > 0 {
			b.Undo()
			if err := e.Verify(); err != nil {
				t.Fatalf("%v, %d stones: %v", r, b.MoveCount(), err)
			}
		}
		e.Detach()
	}
}
