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
	set    FeatureSet
	hidden int               // hidden units beside the linear weights (0: none)
	w      map[Key][]float32 // ParamLen() long each
	// pick[rule][size] is the entry a board of that rule and size uses
	// (nil: none), so that a leaf reads no map.
	pick [len(engine.Rules)][maxSize + 1][]float32
}

// NewModel makes a logistic model of the feature set with no weights.
func NewModel(set FeatureSet) *Model { return NewNetModel(set, 0) }

// MaxHidden bounds a model's hidden units.
const MaxHidden = 64

// NewNetModel makes a model of the feature set with hidden units beside
// its linear weights (0: a logistic model) and no weights. Each key's
// parameters are then, in order: the set's Len() linear weights, the
// hidden layer's input weights (feature-major: feature i's hidden weights
// are together), its biases and its output weights; the logit is the
// linear part plus Σ_j out[j]·relu(bias[j] + Σ_i in[i][j]·f_i). It panics
// when hidden is outside 0 to MaxHidden, a programming error.
func NewNetModel(set FeatureSet, hidden int) *Model {
	if hidden < 0 || hidden > MaxHidden {
		panic("value: hidden units out of range")
	}
	return &Model{set: set, hidden: hidden, w: map[Key][]float32{}}
}

// Set is the model's feature set.
func (m *Model) Set() FeatureSet { return m.set }

// Hidden is the model's number of hidden units (0: a logistic model).
func (m *Model) Hidden() int { return m.hidden }

// ParamLen is the number of parameters of each key.
func (m *Model) ParamLen() int { return paramLen(m.set.Len(), m.hidden) }

func paramLen(d, hidden int) int { return d + d*hidden + 2*hidden }

// SetWeights gives k the parameters w (a copy is kept); it panics when w
// is not ParamLen long or k names no rule or size of the engine,
// programming errors.
func (m *Model) SetWeights(k Key, w []float32) {
	if len(w) != m.ParamLen() || !k.valid() {
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
	if w == nil || m.set == Trunk { // a Trunk model values nodes, not leaves
		return math.Tanh(float64(s) / staticTanhScale)
	}
	if m.set.Sparse() {
		return math.Tanh(0.5 * m.codesLogit(w, e, s))
	}
	// Sized for the smaller sets: Go clears the whole array every call.
	var buf [patternsLen]float32
	return math.Tanh(0.5 * m.logit(w, Extract(m.set, e, s, buf[:])))
}

// logit is the model's logit for features f with parameters w.
func (m *Model) logit(w, f []float32) float64 {
	d := len(f)
	z := Logit(w[:d], f)
	if m.hidden > 0 {
		z += hiddenLogit(w[d:], f, m.hidden)
	}
	return z
}

// Predict is the model's logit for the features f of a board of rule r and
// size size (those Extract writes for its set), or false when it has no
// weights for them.
func (m *Model) Predict(r engine.Rule, size int, f []float32) (float64, bool) {
	w := m.For(r, size)
	if w == nil {
		return 0, false
	}
	return m.logit(w, f), true
}

// hiddenLogit is the hidden layer's share of the logit: p holds the input
// weights (len(f) × hidden), the biases and the output weights. Zero
// features, most of the counts, are skipped. Every product is rounded
// before it is added, as in Logit, so the value is the same on every
// processor.
func hiddenLogit(p, f []float32, hidden int) float64 {
	var act [MaxHidden]float32
	d := len(f)
	a := act[:hidden]
	copy(a, p[d*hidden:d*hidden+hidden])
	addHidden(a, p, f)
	return reluOut(a, p[d*hidden+hidden:d*hidden+2*hidden])
}

// addHidden adds to the hidden units' pre-activations a the input weights
// of p (feature-major, len(a) a feature) times the features f, skipping
// the zeros.
func addHidden(a, p, f []float32) {
	h := len(a)
	for i, x := range f {
		if x == 0 {
			continue
		}
		col := p[i*h : i*h+h]
		for j := range a {
			a[j] += float32(col[j] * x)
		}
	}
}

// reluOut is the output of the hidden units with pre-activations a and
// output weights out: Σ out[j]·relu(a[j]).
func reluOut(a, out []float32) float64 {
	var z float64
	for j, v := range a {
		if v > 0 {
			z += float64(float64(out[j]) * float64(v))
		}
	}
	return z
}

// Logit is the dot product of weights and features, in float64. Each
// product is rounded before it is added (the explicit conversion keeps the
// compiler from fusing them into FMA instructions where it may), so the
// value, and the bench's signature, are the same on every processor.
func Logit(w, f []float32) float64 {
	var z float64
	for i, x := range f {
		// Most counts are zero (nearly all of the Codes set's); a zero
		// adds nothing, so skipping it gives the same sum.
		if x != 0 {
			z += float64(float64(w[i]) * float64(x))
		}
	}
	return z
}

// WithGain is a copy of m whose logits are multiplied by g: g > 1 sharpens
// the values towards ±1 (a tuning knob of the search, which was tuned with
// the static value's spread), g = 1 is m itself.
func (m *Model) WithGain(g float32) *Model {
	c := NewNetModel(m.set, m.hidden)
	d := m.set.Len()
	for k, w := range m.w {
		scaled := append([]float32(nil), w...)
		for i := range d {
			scaled[i] *= g
		}
		for i := len(w) - m.hidden; i < len(w); i++ {
			scaled[i] *= g // the output weights
		}
		c.SetWeights(k, scaled)
	}
	return c
}
