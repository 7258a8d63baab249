package main

import (
	"fmt"
	"os"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/nn"
	"github.com/kakugo/kakugo/search"
	"github.com/kakugo/kakugo/weights"
)

// netPolicy adapts the network's move probabilities to the search's Policy
// interface. One per search thread: the nn evaluator keeps buffers and a
// cache that are not safe for concurrent use.
type netPolicy struct {
	ev    *nn.Evaluator
	probs []float32
}

// Priors implements search.Policy.
func (p *netPolicy) Priors(b *engine.Board, moves []engine.Pos, dst []float32) bool {
	p.probs = p.ev.Policy(b, p.probs)
	w := b.Width()
	for i, m := range moves {
		x, y := b.XY(m)
		dst[i] = p.probs[y*w+x]
	}
	return true
}

// loadPolicy reads the network from path, or the embedded default weights
// when path is empty, and returns a builder of per-thread policies. The
// network's weights are shared; each policy gets its own evaluator.
func loadPolicy(path string) (func() search.Policy, error) {
	var net *nn.Net
	var err error
	if path == "" {
		net, err = nn.LoadBytes(weights.Default())
	} else {
		var f *os.File
		if f, err = os.Open(path); err == nil {
			net, err = nn.Load(f)
			f.Close()
		}
	}
	if err != nil {
		return nil, fmt.Errorf("policy weights %s: %w", nameOr(path, "(embedded)"), err)
	}
	// Check the feature set once here, so the builder cannot fail later.
	if _, err := nn.NewEvaluator(net, nn.NewBasic(), nn.EvaluatorOptions{}); err != nil {
		return nil, err
	}
	return func() search.Policy {
		ev, _ := nn.NewEvaluator(net, nn.NewBasic(), nn.EvaluatorOptions{})
		return &netPolicy{ev: ev}
	}, nil
}

func nameOr(s, def string) string {
	if s == "" {
		return def
	}
	return s
}
