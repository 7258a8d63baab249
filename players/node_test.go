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

// TestFirstTierJoint: kakugo-joint's first tier is the joint network with
// its own node value (its priors are not the default network's, and the
// node value it gives is the joint one's, not node.kvw's); with a file of
// weights it reads that file, as every player does; kakugo-node keeps the
// default network.
func TestFirstTierJoint(t *testing.T) {
	b, err := engine.FromMoves(15, 15, engine.Freestyle, []engine.Point{{X: 7, Y: 7}, {X: 8, Y: 8}, {X: 6, Y: 7}})
	if err != nil {
		t.Fatal(err)
	}
	cands := []engine.Pos{b.Pos(5, 7), b.Pos(9, 7), b.Pos(8, 7)}
	read := func(name, weightsFile string) ([]float32, float64, bool) {
		o, ok := Options(name, 1)
		if !ok {
			t.Fatalf("no player %s", name)
		}
		var warn bytes.Buffer
		build, err := FirstTier(name, o, weightsFile, func(string) string { return "" }, &warn)
		if err != nil {
			t.Fatal(err)
		}
		p := build()
		pr := make([]float32, len(cands))
		p.Priors(b, cands, pr)
		nv, ok := p.(mcts.NodeValuer)
		if !ok {
			return pr, 0, false
		}
		v, ok := nv.NodeValue(b, 0.1)
		return pr, v, ok
	}
	jp, jv, jok := read("kakugo-joint", "")
	np, nv, nok := read("kakugo-node", "")
	if !jok || !nok {
		t.Fatalf("node values: joint %v, node %v", jok, nok)
	}
	same := true
	for i := range jp {
		same = same && jp[i] == np[i]
	}
	if same || jv == nv {
		t.Errorf("kakugo-joint's priors %v and node value %v are kakugo-node's (%v, %v)", jp, jv, np, nv)
	}
	dir := t.TempDir()
	def := filepath.Join(dir, "default.kkw")
	if err := os.WriteFile(def, weights.Default(), 0o644); err != nil {
		t.Fatal(err)
	}
	fp, _, _ := read("kakugo-joint", def)
	for i := range fp {
		if fp[i] != np[i] {
			t.Errorf("kakugo-joint with the default network's file: priors %v, want the default's %v", fp, np)
			break
		}
	}
	if o, _ := Options("kakugo-joint", 1); o.Policy.NodeMix != jointNodeMix {
		t.Errorf("kakugo-joint: node mix %v, want %v", o.Policy.NodeMix, jointNodeMix)
	}
}
