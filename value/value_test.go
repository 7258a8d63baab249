package value

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/eval"
)

// randomGame plays n random moves near the centre of a size x size board
// under rule r, stopping before a five, and returns the board.
func randomGame(rng *rand.Rand, size int, r engine.Rule, n int) *engine.Board {
	b, _ := engine.New(size, size, r)
	b.Make(b.Pos(size/2, size/2))
	for tries := 0; b.MoveCount() < n && tries < 20*n; tries++ {
		x, y := size/2+rng.IntN(11)-5, size/2+rng.IntN(11)-5
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

// testModel is a model of set with weights 0.01·(i+1)·(-1)^i for every rule.
func testModel(set FeatureSet) *Model {
	m := NewModel(set)
	w := make([]float32, set.Len())
	for i := range w {
		w[i] = float32(0.01 * float64(i+1) * math.Pow(-1, float64(i)))
	}
	for _, r := range engine.Rules {
		m.SetWeights(Key{r, 15}, w)
		m.SetWeights(Key{r, 20}, w)
	}
	return m
}

// TestExtractIncremental: the features read off an evaluator that followed
// a game move by move, and back through every undo, equal those of an
// evaluator built from scratch on the same position, for every rule and
// every feature set (each is the prefix of the next).
func TestExtractIncremental(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 1))
	for _, rule := range engine.Rules {
		for game := range 6 {
			final := randomGame(rng, 15, rule, 20+rng.IntN(40))
			b, _ := engine.New(15, 15, rule)
			e := eval.Attach(b)
			check := func(when string) {
				t.Helper()
				fresh := eval.New(b.Clone())
				var a, c [MaxFeatures]float32
				fa := Extract(Codes, e, e.Evaluate(), a[:])
				fc := Extract(Codes, fresh, fresh.Evaluate(), c[:])
				for i := range fa {
					if fa[i] != fc[i] {
						t.Fatalf("%v game %d %s at %d stones: feature %d incremental %v, recomputed %v", rule, game, when, b.MoveCount(), i, fa[i], fc[i])
					}
				}
				for _, set := range []FeatureSet{Counts, Combos, Patterns} {
					fs := Extract(set, e, e.Evaluate(), c[:])
					for i := range fs {
						if fs[i] != fa[i] {
							t.Fatalf("feature %d: %v %v, Codes %v", i, set, fs[i], fa[i])
						}
					}
				}
				if err := e.Verify(); err != nil {
					t.Fatalf("%v game %d %s: %v", rule, game, when, err)
				}
			}
			for _, m := range final.Moves() {
				b.Make(m)
				check("after make")
			}
			for b.MoveCount() > 0 {
				b.Undo()
				check("after undo")
			}
			e.Detach()
		}
	}
}

// TestLeafValue: a position the static evaluation settles keeps its exact
// value, a rule without weights is valued as the search's static leaf, and
// a valued position lies strictly inside (-1, 1).
func TestLeafValue(t *testing.T) {
	m := NewModel(Combos)
	w := make([]float32, Combos.Len())
	w[1] = 1 // the static score's feature alone
	m.SetWeights(Key{engine.Freestyle, 15}, w)
	rng := rand.New(rand.NewPCG(3, 4))
	for range 50 {
		b := randomGame(rng, 15, engine.Freestyle, 30)
		e := eval.Attach(b)
		s := e.Evaluate()
		got := m.LeafValue(e)
		if v, ok := Exact(s); ok {
			if got != v {
				t.Errorf("exact score %d: value %v, want %v", s, got, v)
			}
		} else if want := math.Tanh(0.5 * float64(s) / 400); math.Abs(got-want) > 1e-6 {
			t.Errorf("score %d: value %v, want %v", s, got, want)
		}
		e.Detach()
	}
	// Renju has no weights: the static leaf.
	b := randomGame(rng, 15, engine.Renju, 30)
	e := eval.Attach(b)
	if s := e.Evaluate(); func() bool { _, ok := Exact(s); return !ok }() {
		if got, want := m.LeafValue(e), math.Tanh(float64(s)/400); got != want {
			t.Errorf("rule without weights: %v, want the static %v", got, want)
		}
	}
	// A five to play is a win, whatever the weights.
	f, _ := engine.FromMoves(15, 15, engine.Freestyle, []engine.Point{{X: 7, Y: 7}, {X: 0, Y: 0}, {X: 8, Y: 7}, {X: 0, Y: 2}, {X: 9, Y: 7}, {X: 0, Y: 4}, {X: 10, Y: 7}, {X: 0, Y: 6}})
	if v := testModel(Combos).LeafValue(eval.Attach(f)); v != 1 {
		t.Errorf("a five to play: %v, want 1", v)
	}
}

// TestGain: a gain scales the logit, so the value of a gain-1 copy is the
// model's, and the original is untouched.
func TestGain(t *testing.T) {
	m := testModel(Counts)
	g := m.WithGain(2)
	rng := rand.New(rand.NewPCG(5, 6))
	b := randomGame(rng, 15, engine.Freestyle, 25)
	e := eval.Attach(b)
	s := e.Evaluate()
	if _, ok := Exact(s); ok {
		t.Skip("the test position is settled")
	}
	var buf [MaxFeatures]float32
	z := Logit(m.For(engine.Freestyle, 15), Extract(Counts, e, s, buf[:]))
	if got, want := g.LeafValue(e), math.Tanh(z); math.Abs(got-want) > 1e-5 {
		t.Errorf("gain 2: %v, want %v", got, want)
	}
	if got, want := m.LeafValue(e), math.Tanh(z/2); math.Abs(got-want) > 1e-6 {
		t.Errorf("the original after WithGain: %v, want %v", got, want)
	}
}

// TestNetLeafValue: a model with a hidden layer values a position as its
// linear part plus the hidden layer, computed here in float64 from the
// definition; a gain scales the whole logit.
func TestNetLeafValue(t *testing.T) {
	const h = 3
	m := testNet(Patterns, h)
	rng := rand.New(rand.NewPCG(11, 12))
	checked := 0
	for range 100 {
		b := randomGame(rng, 15, engine.Freestyle, 8+rng.IntN(20))
		e := eval.Attach(b)
		s := e.Evaluate()
		if _, ok := Exact(s); ok {
			e.Detach()
			continue
		}
		var buf [MaxFeatures]float32
		f := Extract(Patterns, e, s, buf[:])
		p := m.For(engine.Freestyle, 15)
		d := len(f)
		z := 0.0
		for i, x := range f {
			z += float64(p[i]) * float64(x)
		}
		for j := range h {
			a := float64(p[d+d*h+j])
			for i, x := range f {
				a += float64(p[d+i*h+j]) * float64(x)
			}
			if a > 0 {
				z += float64(p[d+d*h+h+j]) * a
			}
		}
		if got, want := m.LeafValue(e), math.Tanh(z/2); math.Abs(got-want) > 1e-4 {
			t.Errorf("value %v, want %v", got, want)
		}
		if got, want := m.WithGain(2).LeafValue(e), math.Tanh(z); math.Abs(got-want) > 1e-4 {
			t.Errorf("gain 2: value %v, want %v", got, want)
		}
		checked++
		e.Detach()
	}
	if checked < 20 {
		t.Errorf("only %d unsettled positions", checked)
	}
}

// TestNearestSize: a board takes the weights of its rule's nearest size
// (the larger of two as near), and none of another rule's.
func TestNearestSize(t *testing.T) {
	m := NewModel(Counts)
	w15, w20 := make([]float32, Counts.Len()), make([]float32, Counts.Len())
	w15[0], w20[0] = 15, 20
	m.SetWeights(Key{engine.Freestyle, 15}, w15)
	m.SetWeights(Key{engine.Freestyle, 20}, w20)
	for _, tc := range []struct {
		size int
		want float32
	}{{5, 15}, {15, 15}, {17, 15}, {18, 20}, {20, 20}, {32, 20}} {
		if w := m.For(engine.Freestyle, tc.size); w == nil || w[0] != tc.want {
			t.Errorf("size %d: weights %v, want those of %v", tc.size, w, tc.want)
		}
	}
	if m.For(engine.Renju, 15) != nil || m.For(engine.Freestyle, 40) != nil || m.For(engine.Rule(9), 15) != nil {
		t.Error("weights for a rule or size without any")
	}
}

// TestFeatureSetNames: the names round-trip, and an unknown one is refused.
func TestFeatureSetNames(t *testing.T) {
	for _, s := range []FeatureSet{Counts, Combos, Patterns, Codes, Trunk} {
		if got, err := ParseFeatureSet(s.String()); err != nil || got != s {
			t.Errorf("%v: %v %v", s, got, err)
		}
	}
	if _, err := ParseFeatureSet("pattern4"); err == nil {
		t.Error("an unknown set was accepted")
	}
	if FeatureSet(9).Len() != 0 {
		t.Error("an unknown set has features")
	}
}

// The cost of a leaf value against the static evaluation it starts with,
// on mid-game positions (`go test ./value -run X -bench Leaf`).
func benchPositions(b *testing.B, r engine.Rule) []*eval.Evaluator {
	rng := rand.New(rand.NewPCG(7, 8))
	var es []*eval.Evaluator
	for len(es) < 64 {
		bd := randomGame(rng, 15, r, 20+rng.IntN(30))
		e := eval.Attach(bd)
		if _, ok := Exact(e.Evaluate()); !ok {
			es = append(es, e)
		}
	}
	return es
}

func BenchmarkLeafStatic(b *testing.B) {
	es := benchPositions(b, engine.Freestyle)
	var sum float64
	b.ResetTimer()
	for i := range b.N {
		sum += math.Tanh(float64(es[i%len(es)].Evaluate()) / 400)
	}
	_ = sum
}

func BenchmarkLeafCounts(b *testing.B)   { benchLeaf(b, Counts) }
func BenchmarkLeafCombos(b *testing.B)   { benchLeaf(b, Combos) }
func BenchmarkLeafPatterns(b *testing.B) { benchLeaf(b, Patterns) }
func BenchmarkLeafCodes(b *testing.B)    { benchLeaf(b, Codes) }
func BenchmarkLeafDefault(b *testing.B)  { m, _ := Default(); benchModel(b, m) }
func BenchmarkLeafFine16(b *testing.B)   { benchModel(b, testNet(Fine, 16)) }
func BenchmarkLeafCodes16(b *testing.B)  { benchModel(b, testNet(Codes, 16)) }

// The default's hidden layer alone is BenchmarkLeafDefault less
// BenchmarkLeafPatterns (the features and their linear weights).

func benchLeaf(b *testing.B, set FeatureSet) { benchModel(b, testModel(set)) }

func benchModel(b *testing.B, m *Model) {
	es := benchPositions(b, engine.Freestyle)
	var sum float64
	b.ResetTimer()
	for i := range b.N {
		sum += m.LeafValue(es[i%len(es)])
	}
	_ = sum
}

func BenchmarkLeafEmbeddedCombos(b *testing.B) {
	m, err := Embedded("combos")
	if err != nil {
		b.Fatal(err)
	}
	benchModel(b, m)
}

// TestTrunkFeatures: the Trunk set is the bias, the leaf value's logit
// (clamped where the leaf value is ±1) and the statistics; statistics of
// another length are refused; a Trunk model never values leaves itself.
func TestTrunkFeatures(t *testing.T) {
	stats := make([]float32, Trunk.Len()-2)
	for i := range stats {
		stats[i] = float32(i) / 7
	}
	var buf [MaxFeatures]float32
	for _, tc := range []struct{ leaf, logit float64 }{{0, 0}, {0.5, 2 * math.Atanh(0.5)}, {1, maxLeafLogit}, {-1, -maxLeafLogit}} {
		f, ok := TrunkFeatures(tc.leaf, stats, buf[:])
		if !ok || len(f) != Trunk.Len() || f[0] != 1 || math.Abs(float64(f[1])-tc.logit) > 1e-5 || !slices.Equal(f[2:], stats) {
			t.Errorf("leaf %v: %v %v", tc.leaf, ok, f[:3])
		}
	}
	if _, ok := TrunkFeatures(0, stats[1:], buf[:]); ok {
		t.Error("statistics of another length accepted")
	}
	m := NewNetModel(Trunk, 2)
	m.SetWeights(Key{engine.Freestyle, 15}, make([]float32, m.ParamLen()))
	b := randomGame(rand.New(rand.NewPCG(5, 6)), 15, engine.Freestyle, 12)
	e := eval.Attach(b)
	defer e.Detach()
	if got, want := m.LeafValue(e), math.Tanh(float64(e.Evaluate())/staticTanhScale); got != want {
		t.Errorf("a Trunk model's leaf value %v, want the static %v", got, want)
	}
}
