package nn

import "math"

// Trunk statistics: a summary of the position the network has read,
// for a value head beside the policy. For each channel of the last
// residual block's output its mean and its maximum over the board's cells,
// then the largest legal logit and the entropy of the policy.

// StatsLen is the number of trunk statistics of a network of arch a.
func StatsLen(a Arch) int { return 2*a.Channels + 2 }

// KeepStats makes every later Policy call keep the trunk statistics of
// its position (LastStats). Off by default: they cost about 14% of a call
// (`go test ./nn -bench 'Policy$'`: 136-143 µs against 118-125 µs on
// 15x15), which a search without a node value should not pay.
func (e *Evaluator) KeepStats() { e.keepStats = true }

// LastStats are the trunk statistics of the position of the last Policy
// call (computed with it, or cached with its probabilities); empty before
// the first call and without KeepStats. The slice is the evaluator's and
// changes with the next call.
func (e *Evaluator) LastStats() []float32 { return e.stats }

// fillStats writes the trunk statistics of the last forward pass on a
// w x h board into e.stats; top is its largest legal logit (topLegal) and
// probs the policy over the legal cells.
func (e *Evaluator) fillStats(w, h int, top float32, probs []float32) {
	bf := e.ws.buffersFor(e.net, w, h)
	nc := 2 * e.net.arch.Channels
	if cap(e.stats) < nc+2 {
		e.stats = make([]float32, nc, nc+2)
	}
	e.stats = e.stats[:nc]
	bf.trunkStats(e.stats, nil)
	var ent float32
	for _, p := range probs {
		if p > 0 {
			ent -= p * float32(math.Log(float64(p)))
		}
	}
	e.stats = append(e.stats, top, ent)
}

// topLegal is the largest of the logits on legal cells, 0 when there is
// none.
func topLegal(logits []float32, legal []bool) float32 {
	top := float32(math.Inf(-1))
	for i, ok := range legal {
		if ok {
			top = max(top, logits[i])
		}
	}
	if math.IsInf(float64(top), -1) {
		return 0
	}
	return top
}
