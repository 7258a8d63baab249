package value

import (
	"fmt"
	"math"
	"slices"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/eval"
)

// JointHead is a node value (a model of the Trunk set) trained together
// with the policy network whose trunk it reads: `pbrain-kakugo train
// --value-head`, through nn.TrainConfig.Value, whose interface it
// implements (nn.ValueHead; this package does not import nn). Each
// position's features are the Trunk set's: the bias, the leaf value's
// logit (Leaf's, computed on the position: it has no gradient) and the
// network's trunk statistics. The loss is the log-loss of the result for
// the side to move; its gradient reaches the channel statistics (means
// and maxima) and through them the trunk, but not the policy's top logit
// and entropy, which it reads as they are.
//
// Its parameters are one vector per rule and board size, in Model's
// layout, trained by Adam with decoupled weight decay at the network's
// learning rate times LRScale; Model returns them as a Model to write.
type JointHead struct {
	// Leaf is the leaf value whose logit is the second feature.
	Leaf *Model
	// LRScale multiplies the learning rate Step is given; WeightDecay is
	// AdamW's, on every parameter but the biases.
	LRScale, WeightDecay float64

	hidden int
	params map[Key]*jointParams
}

// jointParams is one key's parameters with their Adam moments and each
// thread's gradient accumulator.
type jointParams struct {
	w       []float32
	m, v    []float64
	grads   [][]float32
	touched []bool
	step    int
}

// NewJointHead starts a head from init (a Trunk model: its hidden units
// and every key's weights, copied), for training over threads goroutines,
// with leaf giving the leaf value feature.
func NewJointHead(init, leaf *Model, threads int) (*JointHead, error) {
	if init.Set() != Trunk {
		return nil, fmt.Errorf("value head: a model of the %v features, not %v", init.Set(), Trunk)
	}
	if leaf == nil || leaf.Set() == Trunk {
		return nil, fmt.Errorf("value head: the leaf value must be a leaf model")
	}
	h := &JointHead{Leaf: leaf, LRScale: 1, WeightDecay: 1e-4, hidden: init.Hidden(), params: map[Key]*jointParams{}}
	for _, k := range init.Keys() {
		w := slices.Clone(init.Weights(k))
		p := &jointParams{w: w, m: make([]float64, len(w)), v: make([]float64, len(w)),
			grads: make([][]float32, max(threads, 1)), touched: make([]bool, max(threads, 1))}
		for t := range p.grads {
			p.grads[t] = make([]float32, len(w))
		}
		h.params[k] = p
	}
	return h, nil
}

// Model returns the head's current parameters as a Trunk model.
func (h *JointHead) Model() *Model {
	m := NewNetModel(Trunk, h.hidden)
	for k, p := range h.params {
		m.SetWeights(k, slices.Clone(p.w))
	}
	return m
}

// Loss implements nn.ValueHead: the log-loss of the head's prediction of
// target for b from the trunk statistics stats. A board whose rule and
// size have no parameters, or whose static evaluation settles it (the node
// value leaves those alone), is not valued.
func (h *JointHead) Loss(thread int, b *engine.Board, stats []float32, target float64, dStats []float32, scale float32) (float64, bool, bool) {
	p := h.params[Key{b.Rule(), max(b.Width(), b.Height())}]
	if p == nil {
		return 0, false, false
	}
	e := eval.Attach(b)
	if _, exact := Exact(e.Evaluate()); exact {
		e.Detach()
		return 0, false, false
	}
	leaf := h.Leaf.LeafValue(e)
	e.Detach()
	var buf [trunkLen]float32
	f, ok := TrunkFeatures(leaf, stats, buf[:])
	if !ok {
		return 0, false, false
	}
	d, H := len(f), h.hidden
	w := p.w
	var act [MaxHidden]float32
	a := act[:H]
	if H > 0 {
		copy(a, w[d+d*H:d+d*H+H])
		addHidden(a, w[d:], f)
	}
	z := Logit(w[:d], f)
	if H > 0 {
		z += reluOut(a, w[d+d*H+H:])
	}
	pr := 1 / (1 + math.Exp(-z))
	const eps = 1e-7
	pc := min(max(pr, eps), 1-eps)
	loss := -(target*math.Log(pc) + (1-target)*math.Log(1-pc))
	right := (pr > 0.5) == (target > 0.5)
	if target == 0.5 {
		right = math.Abs(pr-0.5) < 0.25
	}
	if dStats == nil {
		return loss, right, true
	}
	dz := float32(pr-target) * scale
	g := p.grads[thread]
	p.touched[thread] = true
	out := w[d+d*H+H:]
	// The gradient with respect to each feature, for the statistics.
	var df [trunkLen]float32
	for i, x := range f {
		g[i] += dz * x
		df[i] = dz * w[i]
	}
	for j := 0; j < H; j++ {
		if a[j] <= 0 {
			continue
		}
		g[d+d*H+H+j] += dz * a[j]
		da := dz * out[j]
		g[d+d*H+j] += da
		for i, x := range f {
			g[d+i*H+j] += da * x
			df[i] += da * w[d+i*H+j]
		}
	}
	// Features 0 and 1 are the bias and the leaf logit; the statistics
	// follow, the channel means and maxima first, then the top logit and
	// the entropy, which get no gradient (the policy's own loss trains
	// those).
	nch := len(stats) - 2
	for k := 0; k < nch && k < len(dStats); k++ {
		dStats[k] += df[2+k]
	}
	return loss, right, true
}

// Step implements nn.ValueHead: one AdamW step of every key some thread
// valued a position of since the last, at the learning rate lr·LRScale.
func (h *JointHead) Step(lr float64) {
	const b1, b2, eps = 0.9, 0.999, 1e-8
	lr *= h.LRScale
	for _, p := range h.params {
		if !slices.Contains(p.touched, true) {
			continue
		}
		p.step++
		c1 := 1 - math.Pow(b1, float64(p.step))
		c2 := 1 - math.Pow(b2, float64(p.step))
		d := trunkLen
		H := h.hidden
		for i := range p.w {
			var gi float64
			for t := range p.grads {
				gi += float64(p.grads[t][i])
			}
			p.m[i] = b1*p.m[i] + (1-b1)*gi
			p.v[i] = b2*p.v[i] + (1-b2)*gi*gi
			upd := lr * (p.m[i] / c1) / (math.Sqrt(p.v[i]/c2) + eps)
			if i != 0 && !(i >= d+d*H && i < d+d*H+H) { // no decay of the biases
				upd += lr * h.WeightDecay * float64(p.w[i])
			}
			p.w[i] -= float32(upd)
		}
		for t := range p.grads {
			clear(p.grads[t])
			p.touched[t] = false
		}
	}
}
