package mcts

import "testing"

// TestParseLeaf reads the names String gives and "" (the default), and
// refuses anything else.
func TestParseLeaf(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want LeafMode
		ok   bool
	}{{"", LeafDefault, true}, {"rollout", LeafRollout, true}, {"static", LeafStatic, true},
		{"learned", LeafLearned, true}, {"default", LeafDefault, false}, {"Static", LeafDefault, false}} {
		if got, ok := ParseLeaf(tc.in); got != tc.want || ok != tc.ok {
			t.Errorf("%q: %v %v, want %v %v", tc.in, got, ok, tc.want, tc.ok)
		}
	}
}
