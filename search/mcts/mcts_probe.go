package mcts

import (
	"math/bits"
	"time"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/search/proof"
)

// Threat searches in the tree, after the MCTS-minimax hybrids of Baier and
// Winands (2015): short proof searches inside the tree make what they prove
// terminal, so that a forced win found a few plies down is backed up as a
// proven value instead of being averaged away by the playouts.
//
//   - The VCF probe (mcts_worker.go, vcfWins) at every expansion where the
//     side to move has a four.
//   - The VCT probe: at a node below the root that reaches vctAt visits,
//     and again at every eightfold of that (8, 64, ... times vctAt), with
//     twice the nodes each time (at most mctsVCTProbeMax), a VCT
//     search for the side to move when it has a four or an open three to
//     start one. Probing by visits, not at every expansion, spends the
//     search where the tree spends its playouts (the MCTS-MS variant with
//     a visit threshold): most expanded nodes are never visited again.
//     A win makes the node a loss for the side that moved into it; at the
//     root's children that is the move check of the player run on every
//     move the tree takes seriously, and the proof climbs the tree
//     (mctsSettle).
//   - The threat probe: at an expansion below the root where the opponent
//     has a four to start a VCF, a VCF search for the opponent as if the
//     side to move passed; when the opponent wins, the node's children are
//     the moves that may refute that win (win.Search.Threat: the cells of
//     its proof and our fours), every other move leaving it standing.
//
// All three use the thread's own win.Search, whose transposition table
// keeps their work between probes of the same or a transposed position
// (the cache).

// mctsVCTProbeAt is the default visit count of a node's first VCT probe.
const mctsVCTProbeAt = 4

// mctsVCTProbeMax caps the nodes of one VCT probe, however often its node
// has been visited.
const mctsVCTProbeMax = 1 << 16

// vctProbeNodes is the node cap of the VCT probe due at a node with visits
// playouts, or 0 when none is due: at at, 8*at, 64*at, ... visits, base,
// 2*base, 4*base, ... nodes. The nodes grow slower than the visits, so
// the deeper probes cost less per playout than the first: in matches
// against Rapfi, nodes growing with the visits (100 at 16, 800 at 128,
// 6,400 at 1,024) made the search three times slower in the opening.
func vctProbeNodes(visits, at int32, base int64) int64 {
	if base <= 0 || at <= 0 || visits < at || visits%at != 0 {
		return 0
	}
	q := uint32(visits / at)
	if q&(q-1) != 0 {
		return 0
	}
	k := bits.TrailingZeros32(q)
	if k%3 != 0 {
		return 0
	}
	return min(base<<(k/3), mctsVCTProbeMax)
}

// probeDeadline is the time a probe must stop by: the search's hard limit
// when it is timed, else none.
func (w *mctsWorker) probeDeadline() time.Time {
	if !w.s.timed {
		return time.Time{}
	}
	return w.s.budget.start.Add(w.s.budget.hard)
}

// vctWins runs the VCT probe due at n (the position on the worker's board,
// below the root, the last of the worker's path) and reports whether it
// proved a win for the side to move.
func (w *mctsWorker) vctWins(n *mctsNode) bool {
	if w.vcf == nil {
		return false
	}
	base := w.s.cfg.vctProbe
	if len(w.path) == 2 {
		base = w.s.cfg.vctRoot
	}
	nodes := vctProbeNodes(n.visits.Load(), w.s.cfg.vctAt, base)
	if nodes == 0 {
		return false
	}
	w.sync()
	me := w.b.SideToMove()
	if len(w.e.Fours(me)) == 0 && len(w.e.Threes(me)) == 0 {
		return false
	}
	if len(w.e.Fives(me.Opp())) > 0 {
		return false // the opponent's five must be blocked first: expansion's business
	}
	return w.proves(proof.VCT, w.probeDeadline(), nodes)
}

// threatened runs the threat probe at the worker's position (below the
// root, no five for either side on the board) and returns the moves that
// may refute the opponent's VCF, or nil when it has none that the probe
// found (or none is looked for).
func (w *mctsWorker) threatened() []engine.Pos {
	if w.vcf == nil || w.s.cfg.threatProbe <= 0 {
		return nil
	}
	op := w.b.SideToMove().Opp()
	if len(w.e.Fours(op)) == 0 || mctsOpenThree(w.e, op) {
		return nil // no VCF to start, or the open three already narrows the moves
	}
	cands, threatened, nodes := w.vcf.Threat(w.s.ctx, w.b, w.e, proof.VCF, w.probeDeadline(), w.s.cfg.threatProbe)
	w.nodes += nodes
	if !threatened {
		return nil
	}
	return cands
}

// probes reports whether the search runs any probe (and so needs the
// threads' win.Search).
func (c *Config) probes() bool { return c.vcfProbe > 0 || c.vctProbe > 0 || c.threatProbe > 0 }
