// Package players names the built-in players and builds them: the full
// player's variants (with the CNN prior plugged in through package prior,
// and the tuning the environment gives), the simple players and the
// sparring players. The brain, play, web and selfplay subcommands choose
// their players here by name.
package players

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/kakugo/kakugo/protocol"
	"github.com/kakugo/kakugo/search"
	"github.com/kakugo/kakugo/search/baseline"
	"github.com/kakugo/kakugo/search/mcts"
)

// Spec names a built-in player and builds a fresh one. seed feeds the
// players that choose at random among equals, so matches can be repeated.
// The full player's variants also have kakugo set: their options, to which
// New adds the CNN prior when prior is set.
type Spec struct {
	Name    string
	Summary string
	build   func(seed int64) protocol.Player
	kakugo  func(seed int64) search.KakugoOptions
	prior   bool
	// value names the embedded learned value its leaves use
	// (value.Embedded; "" the default).
	value string
}

// kakugoSpec is a variant of the full player: the default options changed
// by tweak (nil: none), with or without the CNN prior.
func kakugoSpec(name, summary string, prior bool, tweak func(*search.KakugoOptions)) Spec {
	opts := func(seed int64) search.KakugoOptions {
		opt := KakugoOptions(seed)
		if tweak != nil {
			tweak(&opt)
		}
		return opt
	}
	return Spec{Name: name, Summary: summary, prior: prior, kakugo: opts,
		build: func(seed int64) protocol.Player { return search.NewKakugo(opts(seed)) }}
}

// List lists the built-in players; the first is the default.
func List() []Spec {
	return []Spec{
		kakugoSpec("kakugo", "the full player: VCF search and defence and our VCT, then MCTS with learned leaf values and the CNN policy prior asked lazily (root, and nodes at 30 visits), its move checked against the opponent's VCT; threads from INFO thread_num, else --threads or KAKUGO_THREADS", true, nil),
		kakugoSpec("kakugo-noprior", "the full player without the CNN prior (the evaluator's priors alone; the default until 2026-11-23, then with static leaves)", false, nil),
		kakugoSpec("kakugo-rollout", "the full player with roll-out leaves (at most 30 plies of a pattern policy)", true,
			func(o *search.KakugoOptions) { o.Leaf = mcts.LeafRollout }),
		kakugoSpec("kakugo-static", "the full player with static-evaluation leaves (the evaluator's score squashed; the default until 2026-11-26)", true,
			func(o *search.KakugoOptions) { o.Leaf = mcts.LeafStatic }),
		kakugoSpec("kakugo-learned", "the same as kakugo (the name of the learned leaves' matches): a model of the game result per rule and board size over the evaluator's counts (the Codes features: counts, combo classes and tiers, line-pattern codes; logistic weights and a hidden layer), fitted to Gomocup results and Rapfi's self-play verdicts by train-value (weights/value.kvw, or the file in KAKUGO_VALUE_WEIGHTS; without them, static leaves)", true,
			func(o *search.KakugoOptions) { o.Leaf = mcts.LeafLearned }),
		withValue(kakugoSpec("kakugo-patterns", "the full player whose leaves use the previous learned value: the Patterns features (both sides' combo tiers per free point, the best tiers' race) through a hidden layer of 16 units beside the logistic weights (weights/value-patterns.kvw, train-value --features patterns --hidden 16; the default until 2026-11-27)", true, nil), "patterns"),
		kakugoSpec("kakugo-codes", "the same as kakugo (the name of its matches): leaves valued by the Codes features (the Patterns features and both sides' counts of each line-pattern code, the multiset of a free point's four direction classes) through a hidden layer of 16 units (weights/value.kvw, train-value --features codes --hidden 16)", true, nil),
		withValue(kakugoSpec("kakugo-combos", "the full player whose leaves use the previous learned value, a logistic model over the Combos features (weights/value-combos.kvw; the default until 2026-11-26)", true, nil), "combos"),
		kakugoSpec("kakugo-nowin", "the full player without the winning search (MCTS alone)", true,
			func(o *search.KakugoOptions) { o.WinSearch = search.WinSearchOff }),
		kakugoSpec("kakugo-vct", "the full player with VCT and the VCT defence check besides VCF", true,
			func(o *search.KakugoOptions) { o.WinSearch = search.WinSearchVCT }),
		kakugoSpec("kakugo-vcta", "our VCT besides VCF, without the VCT defence check or the move check (the default until the move check, 2026-11-25)", true,
			func(o *search.KakugoOptions) { o.WinSearch = search.WinSearchVCTAttack }),
		kakugoSpec("kakugo-vctc", "the same as kakugo: the chosen move is checked against the opponent's VCT (the next most visited move is played when it loses to one)", true,
			func(o *search.KakugoOptions) { o.WinSearch = search.WinSearchVCTCheck }),
		kakugoSpec("kakugo-expand3", "the full player whose tree values a node's three best children by the priors when it expands the node, each as a playout (mcts.Options.ExpandEval; KAKUGO_EXPAND_EVAL sets the count for any player)", true,
			func(o *search.KakugoOptions) { o.ExpandEval = 3 }),
		kakugoSpec("kakugo-noprobe", "the full player without the in-tree VCF probe (the default until 2026-11-26)", true,
			func(o *search.KakugoOptions) { o.VCFProbe = -1 }),
		kakugoSpec("kakugo-vctprobe", "the full player with the in-tree VCT probe: a VCT search for the side to move at every node below the root that reaches 32 visits (100 nodes; 400 at the root's children), again at 256 and 2,048 visits with twice and four times the nodes (a win makes the node terminal)", true,
			func(o *search.KakugoOptions) { o.VCTProbe, o.VCTProbeAt, o.VCTProbeRoot = 100, 32, 400 }),
		kakugoSpec("kakugo-near", "the same as kakugo since 2026-11-30 (the name of its matches): the tree's evaluator priors also read the opponent's potential and each candidate's distance from the last two moves (mcts.PriorNear, fitted by train-prior to the moves of Gomocup's strongest leagues)", true,
			func(o *search.KakugoOptions) { o.Prior = mcts.PriorNear }),
		kakugoSpec("kakugo-rich", "the full player whose tree's evaluator priors also read both sides' direction classes, a table of both sides' combo pairs, each side's stones among the eight neighbours and the distance from the third and fourth last moves (mcts.PriorRich, fitted by train-prior --rich): better held out, weaker in play (-0.108 ± 0.040 a game against Rapfi at 100,000 nodes, 2026-11-30)", true,
			func(o *search.KakugoOptions) { o.Prior = mcts.PriorRich }),
		kakugoSpec("kakugo-mix50", "the full player whose tree gives the network's priors half of each refined node's prior (λ 0.5; the default until 2026-11-30, now 0.75)", true,
			func(o *search.KakugoOptions) { o.Policy.Mix = 0.5 }),
		kakugoSpec("kakugo-classic", "the full player with the tree's evaluator priors of 2026-11-21 to 2026-11-30 (mcts.PriorClassic: combos and our potential only)", true,
			func(o *search.KakugoOptions) { o.Prior = mcts.PriorClassic }),
		kakugoSpec("kakugo-threat", "the full player with the in-tree threat probe: at every expansion below the root where the opponent has a four, a VCF search of 100 nodes for it as if we passed; a win narrows the children to the moves that may refute it", true,
			func(o *search.KakugoOptions) { o.ThreatProbe = 100 }),
		kakugoSpec("kakugo-tactics", "the full player with the in-tree VCT probe and the threat probe (kakugo-vctprobe and kakugo-threat together)", true,
			func(o *search.KakugoOptions) {
				o.VCTProbe, o.VCTProbeAt, o.VCTProbeRoot, o.ThreatProbe = 100, 32, 400, 100
			}),
		kakugoSpec("kakugo-rootprobe", "kakugo-threat with the VCT probe at the root's children only: the opponent's VCT after each of our moves, 400 nodes at 16 visits, 800 at 128, 1,600 at 1,024 (a win rules the move out)", true,
			func(o *search.KakugoOptions) {
				o.VCTProbe, o.VCTProbeAt, o.VCTProbeRoot, o.ThreatProbe = -1, 16, 400, 100
			}),
		kakugoSpec("kakugo-deepcheck", "the full player whose move check may use half the time left before the hard limit for each move it checks (the fixed 15% share when that is more; not under a match clock)", true,
			func(o *search.KakugoOptions) { o.CheckRest = 50 }),
		kakugoSpec("kakugo-fastcheck", "the full player whose move check takes the opponent's VCT as found once the search proves it, without extracting the proof and replaying it through the checker (win.Search.Detect: most of a short check's time went there)", true,
			func(o *search.KakugoOptions) { o.FastCheck = 1 }),
		kakugoSpec("kakugo-keep", "the full player that plays a win its VCT found but had no time to extract or check (or could not extract), from the search's table, where it dropped it (win.Search.KeepUnchecked)", true,
			func(o *search.KakugoOptions) { o.KeepUnchecked = 1 }),
		kakugoSpec("kakugo-fast", "kakugo-fastcheck and kakugo-keep together: no time spent on a proof's extraction and check where the verdict or the first move is enough; level with kakugo against full Rapfi (+0.005 ± 0.021 a game over 400, 2026-11-29)", true,
			func(o *search.KakugoOptions) { o.FastCheck, o.KeepUnchecked = 1, 1 }),
		kakugoSpec("kakugo-node", "the full player whose tree moves a node's value a fifth of the way toward the node value where it asks the network for priors (the network's reading of the board beside the leaf value: weights/node.kvw, train-value --features trunk); level with kakugo against Rapfi at 20,000 nodes", true,
			func(o *search.KakugoOptions) { o.Policy.NodeMix = nodeMix }),
		kakugoSpec(jointName, "the full player with the network and node value trained together (weights/joint.kkw and joint-node.kvw, `train --value-head`, session 45): the network's priors, and a node's value moved 0.3 of the way toward the node value where it asks the network; KAKUGO_NODE_WEIGHTS and KAKUGO_NODE_MIX apply as to kakugo-node", true,
			func(o *search.KakugoOptions) { o.Policy.NodeMix = jointNodeMix }),
		kakugoSpec("kakugo-useturn", "the full player whose tree search goes on to its hard limit once its move cannot change, when no match clock keeps the time saved: the default since 2026-12-07 (session 40), so the same as kakugo", true,
			func(o *search.KakugoOptions) { o.UseTurn = 1 }),
		kakugoSpec("kakugo-settle", "the full player whose tree search stops once its move cannot change, also when no match clock keeps the time saved (the default until 2026-12-07: -0.067 ± 0.029 a game against kakugo's search on to the hard limit, full Rapfi, freestyle 20, 300 pairs)", true,
			func(o *search.KakugoOptions) { o.UseTurn = -1 }),
		kakugoSpec("kakugo-deepen", "the full player whose tree search stops once its move is settled (as kakugo-settle), where only the turn limits the move; the move check and the rest of the turn run as then, and the time left before the tree's hard limit goes into the chosen move's subtree, the part the next move keeps", true,
			func(o *search.KakugoOptions) { o.Deepen = 1 }),
		kakugoSpec("kakugo-finish", "the full player whose chosen move, once the tree search (on to its hard limit less the move check's share, as kakugo), the move check and the rest of the turn are done, has its subtree deepened until the move's hard limit, where only the turn limits the move: the check's share that the check leaves unused goes where the next move keeps it", true,
			func(o *search.KakugoOptions) { o.Finish = 1 }),
		kakugoSpec("kakugo-deepfinish", "kakugo-deepen whose deepening runs on to the move's hard limit (kakugo-finish's), not the tree search's: the tree stops once its move is settled, the move check and the rest of the turn run, and all the time left goes into the chosen move's subtree", true,
			func(o *search.KakugoOptions) { o.Deepen, o.Finish = 1, 1 }),
		kakugoSpec("kakugo-early", "the full player whose move check first looks at the tree's best move halfway through the tree's time, where only the turn limits the move: when it proves that move lost to the opponent's VCT, the second half of the tree search chooses among the other moves, so the move played instead is searched, not merely the next most visited (level or worse against full Rapfi: -0.038 ± 0.042 a game over 133 pairs, session 43)", true,
			func(o *search.KakugoOptions) { o.EarlyCheck = 1 }),
		kakugoSpec("kakugo-forced", "the full player that, where only the turn limits the move, spends the rest of the turn after a forced block (the opponent threatens one five) searching the position after the block into the kept tree, for the next move (level or worse against full Rapfi: -0.047 ± 0.027 a game over 300 pairs on freestyle 20, level on freestyle 15, session 44)", true,
			func(o *search.KakugoOptions) { o.Forced = 1 }),
		kakugoSpec("kakugo-ab", "the full player with an alpha-beta search in place of the tree search (package search/ab: iterative deepening, PVS, threat-restricted moves, late-move reductions, a quiescence of winning fours, the learned value at the leaves, the CNN's move order at the root and at nodes 4 plies or more from the horizon: KAKUGO_AB_POLICY); the winning search before it and the move check after it as in kakugo", true,
			func(o *search.KakugoOptions) { o.AlphaBeta, o.ABPolicyDepth = true, 4 }),
		kakugoSpec("kakugo-abveto", "the full player whose tree search leaves 35% of the hard limit to the alpha-beta search of kakugo-ab, which vetoes the tree's move when it finds it lost (the tree's next move it does not find lost is played); KAKUGO_AB_VETO sets the share", true,
			func(o *search.KakugoOptions) { o.ABVeto, o.ABPolicyDepth = 35, 4 }),
		kakugoSpec("kakugo-quiet", "the full player that, where our VCT fails and nothing must be parried, tries its best quiet moves (closed threes, double twos) for one after which no reply stops a VCT, in 20% of the hard limit (KAKUGO_QUIET sets the share)", true,
			func(o *search.KakugoOptions) { o.QuietWin = 20 }),
		kakugoSpec("kakugo-abstatic", "kakugo-ab with the evaluator's static score at the leaves (10 ns against the learned value's 930)", true,
			func(o *search.KakugoOptions) { o.AlphaBeta, o.ABPolicyDepth, o.Leaf = true, 4, mcts.LeafStatic }),
		kakugoSpec("kakugo-rest", "the same as kakugo since 2026-11-30 (the name of older matches) but under a playout limit, where it keeps the rest on: the full player that spends what a turn-only move leaves unused on the winning search: our VCT again where it stopped at its limit, then a longer check of the move", true,
			func(o *search.KakugoOptions) { o.Rest = 1 }),
		kakugoSpec("kakugo-norest", "the full player as it was until 2026-11-30: no rest of a turn-only move for the winning search, our VCT's first search at 60% of the hard limit in every move (the default's is 10% where the rest of the turn follows; 25% until session 37, KAKUGO_VCT_SHARE=25), the deep tier of the priors only in moves planned at 700 ms or more (KAKUGO_DEEP_MIN_MS still sets it)", true,
			func(o *search.KakugoOptions) {
				o.Rest = -1
				if o.DeepMinTime == 0 {
					o.DeepMinTime = 700 * time.Millisecond
				}
			}),
		kakugoSpec("kakugo-restcheck", "the full player whose move check keeps 30% of the hard limit (15%) and may use it for each move it checks, and which spends what a turn-only move leaves unused on the winning search: our VCT again where it stopped at its limit, then a longer check of the move", true,
			func(o *search.KakugoOptions) { o.Rest, o.CheckShare = 1, 30 }),
		kakugoSpec("kakugo-vct80", "kakugo-restcheck whose VCT search may use 80% of the hard limit (60%): more of a 300 ms turn for the attack, at the tree search's cost", true,
			func(o *search.KakugoOptions) { o.Rest, o.CheckShare, o.VCTShare = 1, 30, 80 }),
		kakugoSpec("kakugo-vcf", "the full player with VCF search and defence only (the default until 2026-11-25)", true,
			func(o *search.KakugoOptions) { o.WinSearch = search.WinSearchVCF }),
		kakugoSpec("kakugo-nn", "the same as kakugo (the name older match logs use for the player with the prior)", true, nil),
		{Name: "greedy", Summary: "Garcia's version one: the best point by combos and potentials, no search",
			build: func(int64) protocol.Player { return search.Greedy{} }},
		{Name: "interim", Summary: "five, block five, else the best point by a line count (interim default)",
			build: func(int64) protocol.Player { return search.Interim{} }},
		{Name: "testai", Summary: "Moilanen 2024 TestAI: eight-direction run scan, slightly defensive, random among the best",
			build: func(seed int64) protocol.Player { return baseline.NewTestAI(seed) }},
		{Name: "convolution", Summary: "Yan & Feng 2018: 16 hard-coded line filters, attack and defence mixed with alpha 0.5",
			build: func(seed int64) protocol.Player { return baseline.NewConvolution(seed) }},
		{Name: "alphabeta", Summary: "Adkins, Paek & Fair: alpha-beta to depth 3 over a piece-count and nearness score",
			build: func(seed int64) protocol.Player { return baseline.NewAlphaBeta(seed) }},
		{Name: "patterns", Summary: "Kulikov 2014: alpha-beta to depth 4 over learned linear and composite patterns",
			build: func(seed int64) protocol.Player { return baseline.NewPatterns(seed) }},
	}
}

// withValue is s with the embedded learned value named name.
func withValue(s Spec, name string) Spec {
	s.value = name
	return s
}

// ValueName is the embedded learned value (value.Embedded) of the full
// player's variant called name: "" for the default.
func ValueName(name string) string {
	for _, p := range List() {
		if p.Name == name {
			return p.value
		}
	}
	return ""
}

// KakugoOptions are the full player's default options with the seed. The
// thread count is left to the limits of each move, so that INFO thread_num
// overrides the brain's --threads flag and KAKUGO_THREADS (see Threads).
func KakugoOptions(seed int64) search.KakugoOptions {
	return search.KakugoOptions{Leaf: mcts.LeafDefault, Seed: uint64(seed)}
}

// New builds the player called name, its policy network read from the
// file weights when not empty (see withPrior for the errors, which go to
// warn and never stop the player).
func New(name string, seed int64, weights string, warn io.Writer) (protocol.Player, error) {
	var names []string
	for _, p := range List() {
		if p.Name == name {
			return withPrior(p, seed, weights, warn), nil
		}
		names = append(names, p.Name)
	}
	return nil, fmt.Errorf("unknown player %q (one of: %s)", name, strings.Join(names, ", "))
}

// Options are the options of the full player's variant called name with
// the seed, without the prior and the environment's tuning (the bench's
// --player), and false when name is not such a variant.
func Options(name string, seed int64) (search.KakugoOptions, bool) {
	for _, p := range List() {
		if p.Name == name && p.kakugo != nil {
			return p.kakugo(seed), true
		}
	}
	return search.KakugoOptions{}, false
}

// Threads is the thread count a player uses until the manager says
// otherwise (INFO thread_num always wins, as the protocol asks): the
// --threads flag when given (flag > 0), else the environment variable
// KAKUGO_THREADS when it holds a positive number (kept so that older match
// command lines, -e "env=KAKUGO_THREADS=2 ...", still work), else 1.
func Threads(flag int, env string) int {
	if flag > 0 {
		return flag
	}
	if n, err := strconv.Atoi(env); err == nil && n > 0 {
		return n
	}
	return 1
}
