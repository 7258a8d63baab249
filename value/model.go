package value

import (
	"math"
	"slices"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/eval"
)

// Key names what a weight vector applies to: a rule and a board size
// (the longer side of the board).
type Key struct {
	Rule engine.Rule
	Size int
}

// The board sizes a key may name (engine's limits).
const (
	minSize = 5
	maxSize = 32
)

// Model is a learned value: for each rule and board size it has weights
// for, the probability that the side to move wins is the logistic function
// of the weights' dot product with the position's features. A board of
// another size takes the weights of the same rule's nearest size; a rule
// without weights is valued by the static evaluation, as the search does
// without a model.
type Model struct {
	set FeatureSet
	w   map[Key][]float32 // set.Len() long each
	// pick[rule][size] is the entry a board of that rule and size uses
	// (nil: none), so that a leaf reads no map.
	pick [len(engine.Rules)][maxSize + 1][]float32
}

// NewModel makes a model of the feature set with no weights.
func NewModel(set FeatureSet) *Model { return &Model{set: set, w: map[Key][]float32{}} }

// Set is the model's feature set.
func (m *Model) Set() FeatureSet { return m.set }

// SetWeights gives k the weights w (a copy is kept); it panics when w is
// not the feature set's length or k names no rule or size of the engine,
// programming errors.
func (m *Model) SetWeights(k Key, w []float32) {
	if len(w) != m.set.Len() || !k.valid() {
		panic("value: weights of the wrong length, or an invalid key")
	}
	m.w[k] = append([]float32(nil), w...)
	m.repick()
}

// repick fills the nearest-size table from the entries.
func (m *Model) repick() {
	for r := range m.pick {
		for size := minSize; size <= maxSize; size++ {
			m.pick[r][size] = m.nearest(engine.Rule(r), size)
		}
	}
}

func (k Key) valid() bool {
	return int(k.Rule) < len(engine.Rules) && k.Size >= minSize && k.Size <= maxSize
}

// nearest is the entry of rule r whose size is nearest to size (the
// larger of two as near), or nil.
func (m *Model) nearest(r engine.Rule, size int) []float32 {
	for d := 0; d <= maxSize; d++ {
		if w := m.w[Key{r, size + d}]; w != nil {
			return w
		}
		if w := m.w[Key{r, size - d}]; w != nil {
			return w
		}
	}
	return nil
}

// Weights are the weights of key k exactly, or nil; the slice is the
// model's own.
func (m *Model) Weights(k Key) []float32 { return m.w[k] }

// For are the weights a board of rule r and longer side size uses, or nil.
func (m *Model) For(r engine.Rule, size int) []float32 {
	if int(r) >= len(engine.Rules) || size < minSize || size > maxSize {
		return nil
	}
	return m.pick[r][size]
}

// Keys are the model's keys in increasing order of rule, then size.
func (m *Model) Keys() []Key {
	keys := make([]Key, 0, len(m.w))
	for k := range m.w {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b Key) int {
		if a.Rule != b.Rule {
			return int(a.Rule) - int(b.Rule)
		}
		return a.Size - b.Size
	})
	return keys
}

// staticTanhScale is the search's static leaf scale: tanh(score/400).
const staticTanhScale = 400

// LeafValue values e's position for the side to move, in [-1, 1]: an
// exact win or loss as such, else the model's 2p-1 (tanh of half the
// logit), or for a rule without weights the static evaluation squashed as
// the search squashes it. It implements mcts.LeafValuer.
func (m *Model) LeafValue(e *eval.Evaluator) float64 {
	s := e.Evaluate()
	if v, ok := Exact(s); ok {
		return v
	}
	b := e.Board()
	w := m.For(b.Rule(), max(b.Width(), b.Height()))
	if w == nil {
		return math.Tanh(float64(s) / staticTanhScale)
	}
	var buf [MaxFeatures]float32
	return math.Tanh(0.5 * Logit(w, Extract(m.set, e, s, buf[:])))
}

// Logit is the dot product of weights and features, in float64. Each
// product is rounded before it is added (the explicit conversion keeps the
// compiler from fusing them into FMA instructions where it may), so the
// value, and the bench's signature, are the same on every processor.
func Logit(w, f []float32) float64 {
	var z float64
	for i, x := range f {
		z += float64(float64(w[i]) * float64(x))
	}
	return z
}

// WithGain is a copy of m whose logits are multiplied by g: g > 1 sharpens
// the values towards ±1 (a tuning knob of the search, which was tuned with
// the static value's spread), g = 1 is m itself.
func (m *Model) WithGain(g float32) *Model {
	c := NewModel(m.set)
	for k, w := range m.w {
		scaled := make([]float32, len(w))
		for i, x := range w {
			scaled[i] = g * x
		}
		c.SetWeights(k, scaled)
	}
	return c
}
