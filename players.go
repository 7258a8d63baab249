package main

import (
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/kakugo/kakugo/protocol"
	"github.com/kakugo/kakugo/search"
	"github.com/kakugo/kakugo/search/baseline"
)

// playerSpec names a built-in player and builds a fresh one. seed feeds the
// players that choose at random among equals, so matches can be repeated.
type playerSpec struct {
	name    string
	summary string
	build   func(seed int64) protocol.Player
}

// players lists the built-in players; the first is the default.
func players() []playerSpec {
	return []playerSpec{
		{"kakugo", "the full player: VCF search and defence, then MCTS; threads from INFO thread_num, else --threads or KAKUGO_THREADS",
			func(seed int64) protocol.Player { return search.NewKakugo(kakugoOptions(seed, search.LeafDefault)) }},
		{"kakugo-rollout", "the full player with roll-out leaves (at most 30 plies of a pattern policy)",
			func(seed int64) protocol.Player { return search.NewKakugo(kakugoOptions(seed, search.LeafRollout)) }},
		{"kakugo-static", "the full player with static-evaluation leaves (the evaluator's score squashed)",
			func(seed int64) protocol.Player { return search.NewKakugo(kakugoOptions(seed, search.LeafStatic)) }},
		{"kakugo-nowin", "the full player without the winning search (MCTS alone)",
			func(seed int64) protocol.Player {
				opt := kakugoOptions(seed, search.LeafDefault)
				opt.WinSearch = search.WinSearchOff
				return search.NewKakugo(opt)
			}},
		{"kakugo-vct", "the full player with VCT and the VCT defence check besides VCF",
			func(seed int64) protocol.Player {
				opt := kakugoOptions(seed, search.LeafDefault)
				opt.WinSearch = search.WinSearchVCT
				return search.NewKakugo(opt)
			}},
		{"kakugo-nn", "the full player with the CNN policy prior (embedded weights or --weights) mixed in lazily at the root and busy nodes; not the default until a match shows it helps",
			func(seed int64) protocol.Player { return nnPlayer(seed, "", os.Stderr) }},
		{"greedy", "Garcia's version one: the best point by combos and potentials, no search",
			func(int64) protocol.Player { return search.Greedy{} }},
		{"interim", "five, block five, else the best point by a line count (interim default)",
			func(int64) protocol.Player { return search.Interim{} }},
		{"testai", "Moilanen 2024 TestAI: eight-direction run scan, slightly defensive, random among the best",
			func(seed int64) protocol.Player { return baseline.NewTestAI(seed) }},
		{"convolution", "Yan & Feng 2018: 16 hard-coded line filters, attack and defence mixed with alpha 0.5",
			func(seed int64) protocol.Player { return baseline.NewConvolution(seed) }},
		{"alphabeta", "Adkins, Paek & Fair: alpha-beta to depth 3 over a piece-count and nearness score",
			func(seed int64) protocol.Player { return baseline.NewAlphaBeta(seed) }},
		{"patterns", "Kulikov 2014: alpha-beta to depth 4 over learned linear and composite patterns",
			func(seed int64) protocol.Player { return baseline.NewPatterns(seed) }},
	}
}

// kakugoOptions are the full player's options: the leaf mode and the seed.
// The thread count is left to the limits of each move, so that INFO
// thread_num overrides the brain's --threads flag and KAKUGO_THREADS (see
// brainThreads).
func kakugoOptions(seed int64, leaf search.LeafMode) search.KakugoOptions {
	return search.KakugoOptions{Leaf: leaf, Seed: uint64(seed)}
}

// newPlayer builds the player called name.
func newPlayer(name string, seed int64) (protocol.Player, error) {
	return newPlayerWith(name, seed, "", os.Stderr)
}

// newPlayerWith builds the player called name, its policy network read
// from the file weights when not empty (see policyPlayer for the errors,
// which go to warn and never stop the player).
func newPlayerWith(name string, seed int64, weights string, warn io.Writer) (protocol.Player, error) {
	var names []string
	for _, p := range players() {
		if p.name == name {
			return policyPlayer(p, seed, weights, warn), nil
		}
		names = append(names, p.name)
	}
	return nil, fmt.Errorf("unknown player %q (one of: %s)", name, strings.Join(names, ", "))
}
