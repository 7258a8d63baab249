package main

import (
	"fmt"
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

// newPlayer builds the player called name.
func newPlayer(name string, seed int64) (protocol.Player, error) {
	var names []string
	for _, p := range players() {
		if p.name == name {
			return p.build(seed), nil
		}
		names = append(names, p.name)
	}
	return nil, fmt.Errorf("unknown player %q (one of: %s)", name, strings.Join(names, ", "))
}
