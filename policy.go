package main

import (
	"fmt"
	"io"
	"os"
	"strconv"

	"github.com/kakugo/kakugo/protocol"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/nn"
	"github.com/kakugo/kakugo/search"
	"github.com/kakugo/kakugo/search/mcts"
	"github.com/kakugo/kakugo/weights"
)

// netPolicy adapts the network's move probabilities to the search's Policy
// interface. One per search thread: the nn evaluator keeps buffers and a
// cache that are not safe for concurrent use.
type netPolicy struct {
	ev    *nn.Evaluator
	probs []float32
}

// Priors implements mcts.Policy.
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
// network's weights are shared; each policy gets its own evaluator. The
// builder is called from one goroutine at a time (the player's search
// setup).
func loadPolicy(path string) (func() mcts.Policy, error) {
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
	first, err := nn.NewEvaluator(net, nn.NewBasic(), nn.EvaluatorOptions{})
	if err != nil {
		return nil, err
	}
	// The first evaluation of a board size allocates that size's buffers
	// (measured: the first move of a game searched 40% fewer playouts).
	// Do it now for the Gomocup sizes, before the manager's clock runs,
	// and hand this evaluator to the first thread.
	warm := &netPolicy{ev: first}
	for _, size := range []int{15, 20} {
		if b, err := engine.New(size, size, engine.Freestyle); err == nil {
			warm.probs = first.Policy(b, warm.probs)
		}
	}
	return func() mcts.Policy {
		if warm != nil {
			p := warm
			warm = nil
			return p
		}
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

// policyPlayer builds p. A variant of the full player with the prior gets
// the network read from weights (the embedded weights when empty); when the
// weights cannot be loaded (a missing, truncated or corrupt file) it says so
// on warn and plays on without the prior: a brain must not die over an
// optional file. The schedule comes from the environment, as the thread
// count does, so that a match can give two instances of one binary
// different settings: KAKUGO_NN_VISITS (mcts.PolicyOptions.Visits) and
// KAKUGO_NN_MIX (mcts.PolicyOptions.Mix), and the winning search's shares
// KAKUGO_VCT_SHARE and KAKUGO_CHECK_SHARE (percentFromEnv). The other players say on warn
// that they ignore a file of weights.
func policyPlayer(p playerSpec, seed int64, weights string, warn io.Writer) protocol.Player {
	if !p.prior {
		if weights != "" {
			fmt.Fprintf(warn, "pbrain-kakugo: player %s has no policy network; --weights %s ignored\n", p.name, weights)
		}
		return p.build(seed)
	}
	opt := p.kakugo(seed)
	opt.Policy = policyOptionsFromEnv(os.Getenv, warn)
	opt.VCTShare = percentFromEnv(os.Getenv, "KAKUGO_VCT_SHARE", warn)
	opt.CheckShare = percentFromEnv(os.Getenv, "KAKUGO_CHECK_SHARE", warn)
	if opt.Policy.Visits == 0 && !nn.Accelerated() {
		// Plain Go kernels: a call costs ten times more, and asking at 30
		// visits spends more search than it gains; 300 was the best
		// threshold measured for them.
		opt.Policy.Visits = plainGoPolicyVisits
	}
	if pol, err := loadPolicy(weights); err != nil {
		fmt.Fprintf(warn, "pbrain-kakugo: %v; playing without the policy prior\n", err)
	} else {
		opt.NewPolicy = pol
	}
	return search.NewKakugo(opt)
}

// plainGoPolicyVisits is the prior's threshold where the network runs on
// the plain Go kernels (docs/testing.md).
const plainGoPolicyVisits = 300

// percentFromEnv reads a tuning percentage (1 to 100) from the environment
// variable key: KAKUGO_VCT_SHARE (search.KakugoOptions.VCTShare) and
// KAKUGO_CHECK_SHARE (CheckShare), so that a match can give two instances
// of one binary different shares. 0 (unset or invalid) keeps the default.
func percentFromEnv(getenv func(string) string, key string, warn io.Writer) int {
	v := getenv(key)
	if v == "" {
		return 0
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 1 || n > 100 {
		fmt.Fprintf(warn, "pbrain-kakugo: %s=%q: not a percentage from 1 to 100; default used\n", key, v)
		return 0
	}
	return n
}

// policyOptionsFromEnv reads KAKUGO_NN_VISITS and KAKUGO_NN_MIX through
// getenv; unset or unreadable values (reported on warn) leave the default.
func policyOptionsFromEnv(getenv func(string) string, warn io.Writer) mcts.PolicyOptions {
	var o mcts.PolicyOptions
	if v := getenv("KAKUGO_NN_VISITS"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil {
			fmt.Fprintf(warn, "pbrain-kakugo: KAKUGO_NN_VISITS=%q: not an integer; default used\n", v)
		}
		o.Visits = n
	}
	if v := getenv("KAKUGO_NN_MIX"); v != "" {
		x, err := strconv.ParseFloat(v, 64)
		if err != nil || x < 0 {
			fmt.Fprintf(warn, "pbrain-kakugo: KAKUGO_NN_MIX=%q: not a number in (0, 1]; default used\n", v)
			x = 0
		}
		o.Mix = x
	}
	return o
}
