package value

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/eval"
	"github.com/kakugo/kakugo/nn"
)

// TestCodeTable: a code names a multiset of four classes: the order of
// the classes does not change it, two different multisets never share
// one, four ClassNone is 0, and the codes are 0 to numCodes-1.
func TestCodeTable(t *testing.T) {
	n := dirClasses
	seen := map[int][4]eval.DirClass{}
	for i := range n * n * n * n {
		cls := [4]eval.DirClass{eval.DirClass(i % n), eval.DirClass(i / n % n), eval.DirClass(i / (n * n) % n), eval.DirClass(i / (n * n * n))}
		k := code(cls)
		if k < 0 || k >= numCodes {
			t.Fatalf("%v: code %d outside 0-%d", cls, k, numCodes-1)
		}
		sorted := sortedClasses(cls)
		if prev, ok := seen[k]; ok && prev != sorted {
			t.Fatalf("code %d names both %v and %v", k, prev, sorted)
		}
		seen[k] = sorted
		// Every rotation and swap gives the same code.
		for _, perm := range [][4]int{{1, 0, 2, 3}, {3, 2, 1, 0}, {2, 3, 0, 1}, {0, 2, 3, 1}} {
			var q [4]eval.DirClass
			for j, from := range perm {
				q[j] = cls[from]
			}
			if code(q) != k {
				t.Fatalf("%v and %v: codes %d and %d", cls, q, k, code(q))
			}
		}
	}
	if len(seen) != numCodes {
		t.Errorf("%d codes used, want %d", len(seen), numCodes)
	}
	if code([4]eval.DirClass{}) != 0 {
		t.Error("four ClassNone is not code 0")
	}
}

func sortedClasses(c [4]eval.DirClass) [4]eval.DirClass {
	for a := 1; a < 4; a++ {
		for b := a; b > 0 && c[b] > c[b-1]; b-- {
			c[b], c[b-1] = c[b-1], c[b]
		}
	}
	return c
}

// TestCodeOfNoClasses: a point on no line of a colour has code 0, which
// appendCodeHits relies on to skip it.
func TestCodeOfNoClasses(t *testing.T) {
	if k := code(noClasses); k != 0 {
		t.Fatalf("code of no classes %d, want 0", k)
	}
	if noClasses != [4]eval.DirClass{eval.ClassNone, eval.ClassNone, eval.ClassNone, eval.ClassNone} {
		t.Fatal("noClasses is not ClassNone in every direction")
	}
}

// TestCodesCountPoints: the code features equal a count made point by
// point from the line table's classes (Evaluator.Class, not the
// evaluator's per-point copy that Extract reads), with renju black's
// forbidden points left out, on random positions of every rule.
func TestCodesCountPoints(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 77))
	for _, rule := range engine.Rules {
		for range 8 {
			b := randomGame(rng, 15, rule, 10+rng.IntN(50))
			e := eval.Attach(b)
			me := b.SideToMove()
			var want [2 * codesOwn]float32
			for y := range b.Height() {
				for x := range b.Width() {
					p := b.Pos(x, y)
					if b.At(p) != engine.Empty {
						continue
					}
					for side, c := range []engine.Color{me, me.Opp()} {
						if c == engine.Black && rule == engine.Renju && e.Forbidden(p) {
							continue
						}
						var cls [4]eval.DirClass
						for d := range 4 {
							cls[d] = e.Class(p, d, c)
						}
						if k := code(cls); k > 0 {
							want[side*codesOwn+k-1]++
						}
					}
				}
			}
			var buf [MaxFeatures]float32
			f := Extract(Codes, e, e.Evaluate(), buf[:])
			got := f[patternsLen:]
			if len(got) != len(want) {
				t.Fatalf("%d code features, want %d", len(got), len(want))
			}
			nonzero := 0
			for i := range want {
				if got[i] != want[i] {
					t.Fatalf("%v, %d stones: code feature %d is %v, counted %v", rule, b.MoveCount(), i, got[i], want[i])
				}
				if got[i] != 0 {
					nonzero++
				}
			}
			if b.MoveCount() >= 10 && nonzero == 0 {
				t.Fatalf("%v, %d stones: no code counted", rule, b.MoveCount())
			}
			e.Detach()
		}
	}
}

// TestCodesLogitMatchesPredict: the leaf's sparse reading of a Codes or
// Fine model (codesLogit) gives the logit that Predict gives on the dense
// features, up to the order of the sums, with and without hidden units,
// and LeafValue is the tanh of half of it.
func TestCodesLogitMatchesPredict(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 4))
	for _, set := range []FeatureSet{Codes, Fine} {
		for _, hidden := range []int{0, 6, 16} { // 16: the default's unrolled sums
			m := testNet(set, hidden)
			for _, rule := range engine.Rules {
				for range 4 {
					b := randomGame(rng, 15, rule, 15+rng.IntN(40))
					e := eval.Attach(b)
					s := e.Evaluate()
					if _, exact := Exact(s); !exact {
						var buf [MaxFeatures]float32
						want, ok := m.Predict(rule, 15, Extract(set, e, s, buf[:]))
						got := m.codesLogit(m.For(rule, 15), e, s)
						if !ok || math.Abs(got-want) > 1e-4*(1+math.Abs(want)) {
							t.Fatalf("%v, %v, hidden %d: sparse logit %v, dense %v", set, rule, hidden, got, want)
						}
						if lv := m.LeafValue(e); math.Abs(lv-math.Tanh(0.5*got)) > 1e-12 {
							t.Fatalf("%v, %v: leaf value %v, tanh of half the logit %v", set, rule, lv, math.Tanh(0.5*got))
						}
					}
					e.Detach()
				}
			}
		}
	}
}

// TestAddCodeColumns16: the sums of the default's 16 hidden units
// (nn.AddColumns16, on AVX2 where the processor has it) are the general
// loop's, bit for bit (the bench signature depends on it).
func TestAddCodeColumns16(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 16))
	cols := make([]float32, 50*16)
	for i := range cols {
		cols[i] = float32(rng.NormFloat64())
	}
	hits := make([]uint16, 200)
	for i := range hits {
		hits[i] = uint16(rng.IntN(50))
	}
	var got, want [16]float32
	for j := range got {
		got[j] = float32(rng.NormFloat64())
		want[j] = got[j]
	}
	nn.AddColumns16(&got, cols, hits)
	for _, k := range hits {
		for j := range want {
			want[j] += cols[int(k)*16+j]
		}
	}
	if got != want {
		t.Errorf("unrolled sums %v, want %v", got, want)
	}
}
