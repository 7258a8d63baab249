package value

import "math"

// The node value. The policy network is asked at the tree's nodes that
// reach a visit threshold (search/mcts, mcts_policy.go); its trunk has read
// the whole board there, and a summary of that reading (nn's trunk
// statistics) beside the learned leaf value predicts the game's result
// better than the leaf value alone (docs/testing.md, 2026-11-28 night:
// held-out log-loss 0.015 to 0.023 lower). A Model of the Trunk set is that
// predictor; package prior asks it where the network has just run.

// maxLeafLogit bounds the leaf value's logit, so that a leaf value of ±1
// (a position the static evaluation settles, which the node value leaves
// alone) cannot make an infinite feature.
const maxLeafLogit = 16

// TrunkFeatures writes the Trunk set's features into dst (at least
// Trunk.Len() long) and returns them: the bias, the logit of leaf (the
// learned leaf value in [-1, 1] of the same position, 2·atanh(leaf)), and
// the network's trunk statistics stats. It reports false when stats is not
// the length the set was made for (a network of another width).
func TrunkFeatures(leaf float64, stats []float32, dst []float32) ([]float32, bool) {
	if len(stats) != trunkLen-2 {
		return nil, false
	}
	f := dst[:trunkLen]
	z := 2 * math.Atanh(max(-1, min(1, leaf)))
	f[0], f[1] = 1, float32(max(-maxLeafLogit, min(maxLeafLogit, z)))
	copy(f[2:], stats)
	return f, true
}
