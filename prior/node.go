package prior

import (
	"bytes"
	"fmt"
	"math"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/eval"
	"github.com/kakugo/kakugo/nn"
	"github.com/kakugo/kakugo/search/mcts"
	"github.com/kakugo/kakugo/value"
	"github.com/kakugo/kakugo/weights"
)

// The node value (value/trunk.go): where the tree asks the policy network
// for priors, the network's trunk has read the board, and a model of the
// value.Trunk set turns that reading and the learned leaf value into a
// value of the node (mcts.NodeValuer). Training reads the same features
// through NodeFeatures, so play and training cannot drift apart.

// NodeValue implements mcts.NodeValuer: the node value of b, which must be
// the position of the last Priors call, given its learned leaf value.
func (p *netPolicy) NodeValue(b *engine.Board, leaf float64) (float64, bool) {
	if p.node == nil || b.Hash() != p.key {
		return 0, false
	}
	var buf [value.TrunkLen]float32
	f, ok := value.TrunkFeatures(leaf, p.ev.LastStats(), buf[:])
	if !ok {
		return 0, false
	}
	z, ok := p.node.Predict(b.Rule(), max(b.Width(), b.Height()), f)
	if !ok {
		return 0, false
	}
	return math.Tanh(0.5 * z), true
}

// DefaultNode reads the embedded node value (weights/node.kvw), made for
// the embedded policy network and leaf value.
func DefaultNode() (*value.Model, error) {
	m, err := value.Read(bytes.NewReader(weights.Node()))
	if err != nil {
		return nil, fmt.Errorf("node value %s (embedded): %w", weights.NodeName, err)
	}
	return m, nil
}

// WithNode returns a builder of policies like build's (built by Load) that
// also give node values from the model m of the Trunk set. m must have been
// fitted on the trunk of build's network; a model of another set is an
// error.
func WithNode(build func() mcts.Policy, m *value.Model) (func() mcts.Policy, error) {
	if m.Set() != value.Trunk {
		return nil, fmt.Errorf("node value: a model of the %v features, not %v", m.Set(), value.Trunk)
	}
	return func() mcts.Policy {
		p := build()
		if np, ok := p.(*netPolicy); ok {
			np.node = m
			np.ev.KeepStats()
		}
		return p
	}, nil
}

// NodeFeatures returns what fit.SampleOptions.Features wants for a model of
// the Trunk set: the features of b read by net's trunk beside leaf's value
// of the position (e is the evaluator attached to b). It reports an error
// when net's width is not the one the set is made for.
func NodeFeatures(net *nn.Net, leaf *value.Model) (func(b *engine.Board, e *eval.Evaluator, dst []float32) ([]float32, bool), error) {
	if got := nn.StatsLen(net.Arch()); got != value.Trunk.Len()-2 {
		return nil, fmt.Errorf("node value: the network gives %d trunk statistics, the %v set wants %d", got, value.Trunk, value.Trunk.Len()-2)
	}
	// In 8 bits, as the player reads the trunk (builder).
	ev, err := nn.NewEvaluator(net, net.NewFeatures(), nn.EvaluatorOptions{CacheSize: -1, Int8: true})
	if err != nil {
		return nil, err
	}
	ev.KeepStats()
	var probs []float32
	return func(b *engine.Board, e *eval.Evaluator, dst []float32) ([]float32, bool) {
		probs = ev.Policy(b, probs)
		return value.TrunkFeatures(leaf.LeafValue(e), ev.LastStats(), dst)
	}, nil
}
