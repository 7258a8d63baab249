package main

import (
	"fmt"
	"strings"

	"github.com/kakugo/kakugo/protocol"
	"github.com/kakugo/kakugo/search"
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
		{"interim", "five, block five, else the best point by a line count (interim default)",
			func(int64) protocol.Player { return search.Interim{} }},
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
