package players

import (
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/kakugo/kakugo/nn"
	"github.com/kakugo/kakugo/prior"
	"github.com/kakugo/kakugo/protocol"
	"github.com/kakugo/kakugo/search"
	"github.com/kakugo/kakugo/search/ab"
	"github.com/kakugo/kakugo/search/mcts"
	"github.com/kakugo/kakugo/value"
)

// withPrior builds p. A variant of the full player with the prior gets the
// network read from weights (the embedded weights when empty); when the
// weights cannot be loaded (a missing, truncated or corrupt file) it says so
// on warn and plays on without the prior: a brain must not die over an
// optional file. The schedule comes from the environment, as the thread
// count does, so that a match can give two instances of one binary
// different settings: KAKUGO_NN_VISITS (mcts.PolicyOptions.Visits) and
// KAKUGO_NN_MIX (mcts.PolicyOptions.Mix), the deep tier's network
// KAKUGO_DEEP_WEIGHTS (loadDeep), threshold KAKUGO_DEEP_VISITS and share
// KAKUGO_DEEP_MIX (mcts.PolicyOptions.DeepMix), the node value's
// share KAKUGO_NODE_MIX and weights KAKUGO_NODE_WEIGHTS (WithNodeValue), and shortest
// planned move KAKUGO_DEEP_MIN_MS (deepMinTimeFromEnv), and the winning search's shares
// KAKUGO_VCT_SHARE (KAKUGO_VCT_SHARE_RENJU_BLACK: black's under renju) and
// KAKUGO_CHECK_SHARE (percentFromEnv), the moves a
// match clock is spread over KAKUGO_CLOCK_MOVES (1 to 100, the same reader) and our
// VCT's cap under it KAKUGO_CLOCK_VCT (percent of the soft limit, up to 400), the
// alpha-beta player's policy depth KAKUGO_AB_POLICY (ABPolicyDepth) and
// tuning KAKUGO_AB (abOptionsFrom), the tree's leaves
// searched KAKUGO_LEAF_AB plies deep over the learned value (ab.LeafValuer), the tree's
// exploration constant KAKUGO_CPUCT, first-play reduction KAKUGO_FPU and
// the children of a node below the root KAKUGO_WIDTH (floatFromEnv; a
// fraction of a child is dropped), and for the learned leaf value KAKUGO_VALUE_WEIGHTS and
// KAKUGO_VALUE_GAIN (loadValue), and KAKUGO_LEAF_SAMPLE and
// KAKUGO_LEAF_SAMPLE_EVERY (withLeafSample: the tree's leaves as data). The other players say on warn that they
// ignore a file of weights.
func withPrior(p Spec, seed int64, weights string, warn io.Writer) protocol.Player {
	if !p.prior {
		if weights != "" {
			fmt.Fprintf(warn, "pbrain-kakugo: player %s has no policy network; --weights %s ignored\n", p.Name, weights)
		}
		if p.kakugo == nil {
			return p.build(seed)
		}
		opt := p.kakugo(seed)
		opt.Value = valueFor(opt.Leaf, p.value, warn)
		return search.NewKakugo(opt)
	}
	opt := tuningFromEnv(p.kakugo(seed), os.Getenv, warn)
	if v := os.Getenv("KAKUGO_AB_POLICY"); v != "" {
		if n, err := strconv.Atoi(v); err == nil && n >= -1 && n < 64 {
			opt.ABPolicyDepth = n
		} else {
			fmt.Fprintf(warn, "pbrain-kakugo: KAKUGO_AB_POLICY=%q: not an integer in [-1, 64); default used\n", v)
		}
	}
	if v := os.Getenv("KAKUGO_AB"); v != "" {
		o, err := abOptionsFrom(v)
		if err != nil {
			fmt.Fprintf(warn, "pbrain-kakugo: KAKUGO_AB=%q: %v; defaults used\n", v, err)
		} else {
			opt.AB = &o
		}
	}
	if opt.Policy.Visits == 0 && !nn.Accelerated() {
		// Plain Go kernels: a call costs ten times more, and asking at 30
		// visits spends more search than it gains; 300 was the best
		// threshold measured for them.
		opt.Policy.Visits = plainGoPolicyVisits
	}
	opt.Value = valueFor(opt.Leaf, p.value, warn)
	if v := os.Getenv("KAKUGO_LEAF_AB"); v != "" && opt.Value != nil {
		if n, err := strconv.Atoi(v); err == nil && n >= 1 && n <= 4 {
			opt.Value = ab.NewLeafValuer(opt.Value, n, 16)
		} else {
			fmt.Fprintf(warn, "pbrain-kakugo: KAKUGO_LEAF_AB=%q: not a depth from 1 to 4; the plain leaf value used\n", v)
		}
	}
	if pol, err := FirstTier(p.Name, opt, weights, os.Getenv, warn); err != nil {
		fmt.Fprintf(warn, "pbrain-kakugo: %v; playing without the policy prior\n", err)
	} else {
		opt.NewPolicy = pol
		opt.NewDeepPolicy = loadDeep(os.Getenv, warn)
		opt.DeepMinTime = deepMinTimeFromEnv(os.Getenv, warn)
	}
	return search.NewKakugo(opt)
}

// WithNodeValue gives the policies pol builds the node value
// (mcts.NodeValuer): the model in the file KAKUGO_NODE_WEIGHTS, else the
// embedded one (weights/node.kvw) when the network is the embedded one
// (weights empty: the embedded model was fitted on its trunk). "none", a
// file that cannot be read (said on warn) or another network without a
// file give pol as it is: the search then keeps its playouts' values.
func WithNodeValue(pol func() mcts.Policy, weights string, getenv func(string) string, warn io.Writer) func() mcts.Policy {
	return withNodeValue(pol, weights, prior.DefaultNode, getenv, warn)
}

// withNodeValue is WithNodeValue with defNode the embedded node value of
// the player's embedded network.
func withNodeValue(pol func() mcts.Policy, weights string, defNode func() (*value.Model, error), getenv func(string) string, warn io.Writer) func() mcts.Policy {
	path := getenv("KAKUGO_NODE_WEIGHTS")
	var m *value.Model
	var err error
	switch {
	case path == "none":
		return pol
	case path != "":
		m, err = value.Load(path)
	case weights != "":
		fmt.Fprintf(warn, "pbrain-kakugo: the embedded node value fits the embedded network only; set KAKUGO_NODE_WEIGHTS for %s\n", weights)
		return pol
	default:
		m, err = defNode()
	}
	if err == nil {
		var withNode func() mcts.Policy
		if withNode, err = prior.WithNode(pol, m); err == nil {
			return withNode
		}
	}
	name := path
	if name == "" {
		name = "(embedded)"
	}
	fmt.Fprintf(warn, "pbrain-kakugo: node value %s: %v; playing without it\n", name, err)
	return pol
}

// loadDeep builds the deep tier of the priors: the embedded network
// (weights.Deep) when KAKUGO_DEEP_WEIGHTS is unset, none when it is "none",
// else the network in that file. A file that cannot be read is said on warn
// and gives none: the player keeps its first tier.
func loadDeep(getenv func(string) string, warn io.Writer) func() mcts.Policy {
	path := getenv("KAKUGO_DEEP_WEIGHTS")
	if path == "none" {
		return nil
	}
	deep, err := prior.LoadDeep(path)
	if err != nil {
		fmt.Fprintf(warn, "pbrain-kakugo: %v; playing without the deep priors\n", err)
		return nil
	}
	return deep
}

// deepMinTime is the shortest planned move (its soft limit) that asks the
// deep tier of the priors; 0: every move. Against Rapfi at 20,000 nodes
// the deep tier was level at 0.5 s a move, ahead within the noise at 1 s
// and ahead under a 30 s game clock (2026-11-28), so it was kept to moves
// of 700 ms or more; against Rapfi at 100,000 nodes on freestyle 20 it
// leaned better at 0.5 s too (+0.023 ± 0.020 a game over 600 pairs,
// sessions 23-25), and with our VCT's smaller first share and the rest of
// the turn (package search: kakugoRestVCTShare, kakugoRestDefault)
// +0.067 ± 0.023 over 500 pairs on freestyle 15 and 20 (docs/testing.md,
// session 25).
const deepMinTime = 0

// deepMinTimeFromEnv reads KAKUGO_DEEP_MIN_MS, the shortest planned move
// in milliseconds that asks the deep tier (0: every move); unset or
// invalid (said on warn) gives deepMinTime.
func deepMinTimeFromEnv(getenv func(string) string, warn io.Writer) time.Duration {
	v := getenv("KAKUGO_DEEP_MIN_MS")
	if v == "" {
		return deepMinTime
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 0 || n > 3600000 {
		fmt.Fprintf(warn, "pbrain-kakugo: KAKUGO_DEEP_MIN_MS=%q: not a number of milliseconds from 0 to 3600000; %v used\n", v, deepMinTime)
		return deepMinTime
	}
	if n == 0 {
		return -1 // every move (0 would mean the search's default)
	}
	return time.Duration(n) * time.Millisecond
}

// valueFor is the learned leaf value for a player whose leaf mode is leaf
// and whose embedded value is named embedded (value.Embedded): loaded
// (loadValue) where that mode is the learned one, explicitly or as the
// default; nil otherwise.
func valueFor(leaf mcts.LeafMode, embedded string, warn io.Writer) mcts.LeafValuer {
	if leaf != mcts.LeafDefault && leaf != mcts.LeafLearned {
		return nil
	}
	return withLeafSample(loadValue(os.Getenv, embedded, warn), os.Getenv, warn)
}

// loadValue reads the learned leaf value from the file in
// KAKUGO_VALUE_WEIGHTS (the embedded model named embedded when unset), its logits
// multiplied by KAKUGO_VALUE_GAIN when that is a positive number (a tuning
// knob: the search's constants were tuned with the static value's spread).
// A file that cannot be read is said on warn and gives nil: the player
// then values its leaves statically, as it must not die over an optional
// file.
func loadValue(getenv func(string) string, embedded string, warn io.Writer) mcts.LeafValuer {
	var m *value.Model
	var err error
	if path := getenv("KAKUGO_VALUE_WEIGHTS"); path != "" {
		m, err = value.Load(path)
	} else {
		m, err = value.Embedded(embedded)
	}
	if err == nil && m.Set() == value.Trunk {
		err = fmt.Errorf("value weights %s: a node value (the %v features), not a leaf value", getenv("KAKUGO_VALUE_WEIGHTS"), value.Trunk)
	}
	if err != nil {
		fmt.Fprintf(warn, "pbrain-kakugo: %v; playing with the static leaf value\n", err)
		return nil
	}
	if v := getenv("KAKUGO_VALUE_GAIN"); v != "" {
		g, err := strconv.ParseFloat(v, 32)
		if err != nil || !(g > 0 && g < 100) {
			fmt.Fprintf(warn, "pbrain-kakugo: KAKUGO_VALUE_GAIN=%q: not a number in (0, 100); gain 1 used\n", v)
		} else {
			m = m.WithGain(float32(g))
		}
	}
	return m
}

// nodeMix is kakugo-node's share of the node value at a refined node
// (mcts.PolicyOptions.NodeMix). Against Rapfi at 20,000 nodes, paired with
// the default: 0.2 level (+0.005 ± 0.020 a game over 660 pairs), 0.5
// behind (-0.033 ± 0.031 over 360); docs/testing.md, 2026-11-28 (night).
// So the default player leaves it off.
const nodeMix = 0.2

// jointName is the player of the network and node value trained together
// (weights/joint.kkw, joint-node.kvw), and jointNodeMix its node value's
// share: 0.3, between the frozen node value's level 0.2 and worse 0.5,
// for a head that predicts better held out (weights/README.md).
const (
	jointName    = "kakugo-joint"
	jointNodeMix = 0.3
)

// plainGoPolicyVisits is the prior's threshold where the network runs on
// the plain Go kernels (docs/testing.md).
const plainGoPolicyVisits = 300

// tuningFromEnv applies the tuning knobs of the environment (getenv) to
// the variant's options o: KAKUGO_NN_VISITS and the rest of
// policyOptionsFromEnv, the winning search's shares KAKUGO_VCT_SHARE,
// KAKUGO_VCT_SHARE_RENJU_BLACK, KAKUGO_CHECK_SHARE and KAKUGO_DEFEND_SHARE, the clock's KAKUGO_CLOCK_MOVES
// and KAKUGO_CLOCK_VCT, the tree's KAKUGO_CPUCT, KAKUGO_ROOT_CPUCT (the root's alone), KAKUGO_FPU,
// KAKUGO_VCT_LEAD (following our VCT's unfinished attack, kakugo_lead.go) and
// KAKUGO_WIDTH, the alpha-beta veto's share KAKUGO_AB_VETO, the
// quiet-move win's KAKUGO_QUIET, the in-tree VCF probe's nodes
// KAKUGO_VCF_PROBE (KakugoOptions.VCFProbe), the children valued at an
// expansion KAKUGO_EXPAND_EVAL (KakugoOptions.ExpandEval), and the in-tree VCT probe's nodes
// KAKUGO_VCT_PROBE (a positive count turns it on), first threshold
// KAKUGO_VCT_PROBE_AT (visits) and nodes at the root's children
// KAKUGO_VCT_PROBE_ROOT (mcts.Options: VCTProbe, VCTProbeAt, VCTProbeRoot),
// the tree's evaluator prior KAKUGO_PRIOR (priorFromEnv) and its softmax
// temperature KAKUGO_PRIOR_TEMP (the network's: KAKUGO_NN_TEMP), and the
// share of the kept tree a search goes on from KAKUGO_REUSE_KEEP (in (0,
// 1], or none: KakugoOptions.ReuseKeep), and KAKUGO_FOCUS (1 on, 0 off:
// KakugoOptions.Focus).
// A knob
// that is unset or unreadable (said on warn) leaves o's value: a variant's
// own setting (kakugo-restcheck's check share, for one) stands unless the
// environment names another.
func tuningFromEnv(o search.KakugoOptions, getenv func(string) string, warn io.Writer) search.KakugoOptions {
	o.Policy = policyOptionsFromEnv(o.Policy, getenv, warn)
	setPositive(&o.VCTShare, percentFromEnv(getenv, "KAKUGO_VCT_SHARE", warn))
	setPositive(&o.RenjuBlackVCTShare, percentFromEnv(getenv, "KAKUGO_VCT_SHARE_RENJU_BLACK", warn))
	setPositive(&o.CheckShare, percentFromEnv(getenv, "KAKUGO_CHECK_SHARE", warn))
	setPositive(&o.DefendShare, percentFromEnv(getenv, "KAKUGO_DEFEND_SHARE", warn))
	setPositive(&o.ClockMoves, percentFromEnv(getenv, "KAKUGO_CLOCK_MOVES", warn))
	setPositive(&o.ClockVCT, int(floatFromEnv(getenv, "KAKUGO_CLOCK_VCT", 400, warn)))
	setPositive(&o.CPuct, floatFromEnv(getenv, "KAKUGO_CPUCT", 10, warn))
	setPositive(&o.RootCPuct, floatFromEnv(getenv, "KAKUGO_ROOT_CPUCT", 10, warn))
	setPositive(&o.VCTLead, floatFromEnv(getenv, "KAKUGO_VCT_LEAD", 2, warn))
	setPositive(&o.FPUReduction, floatFromEnv(getenv, "KAKUGO_FPU", 2, warn))
	setPositive(&o.MaxChildren, int(floatFromEnv(getenv, "KAKUGO_WIDTH", 225, warn)))
	setPositive(&o.ABVeto, percentFromEnv(getenv, "KAKUGO_AB_VETO", warn))
	setPositive(&o.QuietWin, percentFromEnv(getenv, "KAKUGO_QUIET", warn))
	setPositive(&o.VCFProbe, int64(floatFromEnv(getenv, "KAKUGO_VCF_PROBE", 1<<16, warn)))
	setPositive(&o.ExpandEval, int(floatFromEnv(getenv, "KAKUGO_EXPAND_EVAL", 40, warn)))
	setPositive(&o.VCTProbe, int64(floatFromEnv(getenv, "KAKUGO_VCT_PROBE", 1<<16, warn)))
	setPositive(&o.VCTProbeAt, int32(floatFromEnv(getenv, "KAKUGO_VCT_PROBE_AT", 1<<20, warn)))
	setPositive(&o.VCTProbeRoot, int64(floatFromEnv(getenv, "KAKUGO_VCT_PROBE_ROOT", 1<<16, warn)))
	if p, ok := priorFromEnv(getenv, warn); ok {
		o.Prior = p
	}
	setPositive(&o.PriorTemp, floatFromEnv(getenv, "KAKUGO_PRIOR_TEMP", 10, warn))
	if getenv("KAKUGO_REUSE_KEEP") == "none" {
		o.ReuseKeep = -1
	} else {
		setPositive(&o.ReuseKeep, floatFromEnv(getenv, "KAKUGO_REUSE_KEEP", 1, warn))
	}
	switch v := getenv("KAKUGO_FOCUS"); v {
	case "":
	case "1":
		o.Focus = 1
	case "0":
		o.Focus = -1
	default:
		fmt.Fprintf(warn, "pbrain-kakugo: KAKUGO_FOCUS=%q is not 1 or 0; ignored\n", v)
	}
	return o
}

// priorFromEnv reads KAKUGO_PRIOR, the tree's evaluator prior logits: 1 or
// classic (mcts.PriorClassic), 2 or near (mcts.PriorNear), 3 or rich
// (mcts.PriorRich). Unset: not ok;
// anything else: not ok, said on warn.
func priorFromEnv(getenv func(string) string, warn io.Writer) (mcts.PriorModel, bool) {
	switch v := getenv("KAKUGO_PRIOR"); v {
	case "":
		return mcts.PriorDefault, false
	case "1", "classic":
		return mcts.PriorClassic, true
	case "2", "near":
		return mcts.PriorNear, true
	case "3", "rich":
		return mcts.PriorRich, true
	default:
		fmt.Fprintf(warn, "pbrain-kakugo: KAKUGO_PRIOR=%q: not 1 (classic), 2 (near) or 3 (rich); default used\n", v)
		return mcts.PriorDefault, false
	}
}

// setPositive sets *dst to v when v is positive (a knob that was given).
func setPositive[T int | int32 | int64 | float64](dst *T, v T) {
	if v > 0 {
		*dst = v
	}
}

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
		fmt.Fprintf(warn, "pbrain-kakugo: %s=%q: not an integer from 1 to 100; default used\n", key, v)
		return 0
	}
	return n
}

// floatFromEnv reads a tuning constant in (0, limit] from the environment
// variable key: KAKUGO_CPUCT (search.KakugoOptions.CPuct) and KAKUGO_FPU
// (FPUReduction), so that a match can give two instances of one binary
// different search constants. 0 (unset or invalid, said on warn) keeps the
// default.
func floatFromEnv(getenv func(string) string, key string, limit float64, warn io.Writer) float64 {
	v := getenv(key)
	if v == "" {
		return 0
	}
	x, err := strconv.ParseFloat(v, 64)
	if err != nil || !(x > 0 && x <= limit) {
		fmt.Fprintf(warn, "pbrain-kakugo: %s=%q: not a number in (0, %g]; default used\n", key, v, limit)
		return 0
	}
	return x
}

// policyOptionsFromEnv reads KAKUGO_NN_VISITS, KAKUGO_NN_MIX, KAKUGO_DEEP_VISITS,
// KAKUGO_DEEP_MIX, KAKUGO_NN_MIX_RENJU_BLACK, KAKUGO_NODE_MIX, KAKUGO_NN_TEMP, KAKUGO_ROOT_SYM and KAKUGO_DEEP_SYM (views averaged, mcts.PolicyOptions.RootSymmetries and DeepSymmetries) through getenv over the variant's
// options o; unset or unreadable values (reported on warn) leave o's.
func policyOptionsFromEnv(o mcts.PolicyOptions, getenv func(string) string, warn io.Writer) mcts.PolicyOptions {
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
	weightFromEnv(&o.DeepMix, getenv, "KAKUGO_DEEP_MIX", warn)
	weightFromEnv(&o.RenjuBlackMix, getenv, "KAKUGO_NN_MIX_RENJU_BLACK", warn)
	if v := getenv("KAKUGO_NODE_MIX"); v != "" {
		x, err := strconv.ParseFloat(v, 64)
		if err != nil || !(x >= 0 && x <= 1) {
			fmt.Fprintf(warn, "pbrain-kakugo: KAKUGO_NODE_MIX=%q: not a number in [0, 1]; default used\n", v)
		} else {
			o.NodeMix = x
		}
	}
	if v := getenv("KAKUGO_DEEP_VISITS"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			fmt.Fprintf(warn, "pbrain-kakugo: KAKUGO_DEEP_VISITS=%q: not a positive integer; default used\n", v)
			n = 0
		}
		o.DeepVisits = n
	}
	setPositive(&o.Temp, floatFromEnv(getenv, "KAKUGO_NN_TEMP", 10, warn))
	setPositive(&o.RootSymmetries, int(floatFromEnv(getenv, "KAKUGO_ROOT_SYM", 8, warn)))
	setPositive(&o.DeepSymmetries, int(floatFromEnv(getenv, "KAKUGO_DEEP_SYM", 8, warn)))
	return o
}

// weightFromEnv sets *dst to the weight in (0, 1] that key holds; unset
// leaves *dst, anything else leaves it with a warning on warn.
func weightFromEnv(dst *float64, getenv func(string) string, key string, warn io.Writer) {
	v := getenv(key)
	if v == "" {
		return
	}
	x, err := strconv.ParseFloat(v, 64)
	if err != nil || !(x > 0 && x <= 1) {
		fmt.Fprintf(warn, "pbrain-kakugo: %s=%q: not a number in (0, 1]; default used\n", key, v)
		return
	}
	*dst = x
}

// abOptionsFrom reads the alpha-beta search's tuning from a list such as
// "width=16,lmr=1.2,late=6/10/14,plainfours" (KAKUGO_AB).
func abOptionsFrom(v string) (ab.Options, error) {
	var o ab.Options
	for _, f := range strings.Split(v, ",") {
		key, val, _ := strings.Cut(strings.TrimSpace(f), "=")
		var err error
		switch key {
		case "width":
			o.Width, err = strconv.Atoi(val)
		case "lmr":
			o.LMRDivisor, err = strconv.ParseFloat(val, 64)
		case "late":
			parts := strings.Split(val, "/")
			if len(parts) != 3 {
				return o, fmt.Errorf("late=%s: want three counts a/b/c", val)
			}
			for i, p := range parts {
				if o.LateMoves[i+1], err = strconv.Atoi(p); err != nil {
					break
				}
			}
		case "plainfours":
			o.PlainFours = true
		case "mc":
			o.MoveCount = true
		case "lmrall":
			o.LMRAll = true
		case "rfp":
			o.ReverseFutility = true
		case "qplain":
			o.QPlain, err = strconv.Atoi(val)
		case "null":
			o.NullMove = true
		case "fut":
			o.Futility = true
		default:
			return o, fmt.Errorf("unknown setting %q", key)
		}
		if err != nil {
			return o, fmt.Errorf("%s: %v", f, err)
		}
	}
	return o, nil
}

// FirstTier builds the first tier of the priors of the player name with
// options opt: the network in the file weights, else the player's embedded
// one (weights/joint.kkw for kakugo-joint, weights/default.kkw for the
// rest), with the node value (WithNodeValue, the embedded one the
// player's network's) where opt asks for one.
func FirstTier(name string, opt search.KakugoOptions, weights string, getenv func(string) string, warn io.Writer) (func() mcts.Policy, error) {
	load, defNode := prior.Load, prior.DefaultNode
	if weights == "" && name == jointName {
		load, defNode = func(string) (func() mcts.Policy, error) { return prior.LoadJoint() }, prior.JointNode
	}
	pol, err := load(weights)
	if err != nil {
		return nil, err
	}
	if opt.Policy.NodeMix > 0 {
		pol = withNodeValue(pol, weights, defNode, getenv, warn)
	}
	return pol, nil
}
