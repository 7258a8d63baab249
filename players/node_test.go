package players

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/prior"
	"github.com/kakugo/kakugo/search/mcts"
	"github.com/kakugo/kakugo/weights"
)

// TestWithNodeValue: the embedded node value by default; a file named by
// KAKUGO_NODE_WEIGHTS in its place; none for "none"; a file that is missing
// or not a node value, or another network without a file, plays without
// it and says so; kakugo-node asks for it, the default player does not.
func TestWithNodeValue(t *testing.T) {
	pol, err := prior.Load("")
	if err != nil {
		t.Fatal(err)
	}
	b, err := engine.FromMoves(15, 15, engine.Freestyle, []engine.Point{{X: 7, Y: 7}, {X: 8, Y: 8}, {X: 6, Y: 7}})
	if err != nil {
		t.Fatal(err)
	}
	valued := func(build func() mcts.Policy) bool {
		p := build()
		p.Priors(b, []engine.Pos{b.Pos(5, 7), b.Pos(9, 7)}, make([]float32, 2))
		_, ok := p.(mcts.NodeValuer).NodeValue(b, 0.1)
		return ok
	}
	dir := t.TempDir()
	node := filepath.Join(dir, "node.kvw")
	leaf := filepath.Join(dir, "value.kvw")
	if err := os.WriteFile(node, weights.Node(), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(leaf, weights.Value(), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		env, weights string
		valued, warn bool
	}{
		{"", "", true, false},
		{node, "", true, false},
		{node, "other.kkw", true, false},
		{"none", "", false, false},
		{"", "other.kkw", false, true},
		{filepath.Join(dir, "missing.kvw"), "", false, true},
		{leaf, "", false, true},
	} {
		var warn bytes.Buffer
		got := WithNodeValue(pol, tc.weights, func(k string) string {
			if k == "KAKUGO_NODE_WEIGHTS" {
				return tc.env
			}
			return ""
		}, &warn)
		if valued(got) != tc.valued || (warn.Len() > 0) != tc.warn {
			t.Errorf("KAKUGO_NODE_WEIGHTS=%q, weights %q: valued %v, warning %q; want %v, %v", tc.env, tc.weights, valued(got), warn.String(), tc.valued, tc.warn)
		}
		if tc.warn && tc.env != "" && !strings.Contains(warn.String(), tc.env) {
			t.Errorf("%q: the warning %q does not name the file", tc.env, warn.String())
		}
	}
	if o, _ := Options("kakugo-node", 1); o.Policy.NodeMix != nodeMix {
		t.Errorf("kakugo-node: node mix %v, want %v", o.Policy.NodeMix, nodeMix)
	}
	if o, _ := Options("kakugo", 1); o.Policy.NodeMix != 0 {
		t.Errorf("kakugo: node mix %v, want none", o.Policy.NodeMix)
	}
}
