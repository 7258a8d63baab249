package nn

import "github.com/kakugo/kakugo/engine"

// A value head trained with the network. The node value (package value,
// the Trunk feature set) reads a summary of the trunk, the trunk
// statistics; fitted on a frozen network it predicts the game's result a
// little better than the leaf value alone. Trained together, the value's
// gradient also flows into the trunk through the statistics it reads (each
// channel's mean over the board and its maximum), so the trunk learns
// features that tell the result as well as the move. The head's own model
// lives with its caller (it reads more than the network: the leaf value);
// this package only hands it the statistics and takes back their gradient.

// ValueHead is a value model trained beside the policy (TrainConfig.Value).
// Its methods are called from the training's goroutines, each with its own
// thread number, and Step between batches.
type ValueHead interface {
	// Loss returns the log-loss of the head's prediction of target (the
	// result for the side to move of b: 1 a win, 0 a loss, 1/2 a draw)
	// from the trunk statistics stats (StatsLen long) and whether the
	// prediction was on the right side of 1/2 (a draw counts as right
	// within 0.25 of it); ok is false when the head does not value b (a
	// rule or size it has no model for). With dStats non-nil (training)
	// it writes there scale times the loss's gradient with respect to
	// each statistic and adds scale times the gradient with respect to
	// its own parameters to the accumulator of thread (0 to the
	// training's Threads - 1).
	Loss(thread int, b *engine.Board, stats []float32, target float64, dStats []float32, scale float32) (loss float64, right, ok bool)
	// Step applies the gradients every thread accumulated since the last
	// Step at learning rate lr (the network's, of the same step) and
	// clears them.
	Step(lr float64)
}

// trunkStats writes the channel statistics of the last forward pass into
// dst (2·Channels long; the start of Evaluator.LastStats' layout): each
// channel's mean over the w x h cells and its maximum. argmax, when
// non-nil, gets each channel's maximum's index within its plane's span
// (the first such cell).
func (b *buffers) trunkStats(dst []float32, argmax []int) {
	g := b.g
	act := b.lastAct()
	n := float32(g.w * g.h)
	for c := 0; c < b.net.arch.Channels; c++ {
		s := c*g.stride + g.start
		var sum, mx float32
		at := 0
		for j, x := range act[s : s+g.span] {
			sum += x
			if x > mx {
				mx, at = x, j
			}
		}
		dst[2*c], dst[2*c+1] = sum/n, mx
		if argmax != nil {
			argmax[c] = at
		}
	}
}

// addValueGrad adds to dY, the gradient of the last block's output, the
// value head's: dStats holds the loss's gradient with respect to each
// channel's mean and maximum (trunkStats' layout), argmax the maxima's
// cells. The mean's share goes to every cell of the span; off the board
// the output is zero and the ReLU's gradient clears it again.
func (b *buffers) addValueGrad(dY, dStats []float32, argmax []int) {
	g := b.g
	n := float32(g.w * g.h)
	for c := 0; c < b.net.arch.Channels; c++ {
		s := c*g.stride + g.start
		dm := dStats[2*c] / n
		if dm != 0 {
			for j := range dY[s : s+g.span] {
				dY[s+j] += dm
			}
		}
		dY[s+argmax[c]] += dStats[2*c+1]
	}
}
