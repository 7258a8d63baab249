package value

import (
	"math"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/eval"
)

// Model is a learned value: for each rule it has weights for, the
// probability that the side to move wins is the logistic function of the
// weights' dot product with the position's features. A rule without
// weights is valued by the static evaluation, as the search does without a
// model.
type Model struct {
	set FeatureSet
	// w[rule] are the weights of that rule (nil: none), set.Len() long.
	w [len(engine.Rules)][]float32
}

// NewModel makes a model of the feature set with no weights.
func NewModel(set FeatureSet) *Model { return &Model{set: set} }

// Set is the model's feature set.
func (m *Model) Set() FeatureSet { return m.set }

// SetWeights gives rule r the weights w (a copy is kept); it panics when w
// is not the feature set's length, a programming error.
func (m *Model) SetWeights(r engine.Rule, w []float32) {
	if len(w) != m.set.Len() {
		panic("value: weights of the wrong length")
	}
	m.w[r] = append([]float32(nil), w...)
}

// Weights are rule r's weights, or nil; the slice is the model's own.
func (m *Model) Weights(r engine.Rule) []float32 { return m.w[r] }

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
	w := m.w[e.Board().Rule()]
	if w == nil {
		return math.Tanh(float64(s) / staticTanhScale)
	}
	var buf [MaxFeatures]float32
	return math.Tanh(0.5 * Logit(w, Extract(m.set, e, s, buf[:])))
}

// Logit is the dot product of weights and features, in float64.
func Logit(w, f []float32) float64 {
	var z float64
	for i, x := range f {
		z += float64(w[i]) * float64(x)
	}
	return z
}

// WithGain is a copy of m whose logits are multiplied by g: g > 1 sharpens
// the values towards ±1 (a tuning knob of the search, which was tuned with
// the static value's spread), g = 1 is m itself.
func (m *Model) WithGain(g float32) *Model {
	c := NewModel(m.set)
	for r, w := range m.w {
		if w != nil {
			c.w[r] = make([]float32, len(w))
			for i, x := range w {
				c.w[r][i] = g * x
			}
		}
	}
	return c
}
