package win

import (
	"context"
	"time"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/eval"
	"github.com/kakugo/kakugo/search/proof"
)

// A search node's bookkeeping: making and taking back moves under the
// attack budget, the table key, the limits, the move buffers.

// play makes a search move and counts it: every attacker move counts
// against the budget (not charging the forced blocks of the defender's
// fours was tried: it made each iteration bushier, and at 1 s of CPU it
// lost 25 and gained 16 of the first 867 VCT problems), and a quiet one
// (a three: no block, and no five point after it) also against the
// quiet-move limit of a VCT iteration under ScheduleQuiet.
func (w *Search) play(p engine.Pos) int {
	var c uint8
	cost := 0
	att := w.b.SideToMove() == w.att
	if att {
		cost = w.moveCost(p)
		c = uint8(cost)
		w.attStones += cost
	}
	// Only a quiet-move limit needs to know which moves are threes.
	quiet := att && w.quietLimit > 0 && len(w.th.Fives(w.def)) == 0
	w.b.Make(p)
	if quiet && len(w.th.Fives(w.att)) == 0 {
		c |= chargeQuiet
		w.quiet++
	}
	w.charged = append(w.charged, c)
	w.nodes++
	return cost
}

// moveCost is what the attacker's move p costs of the attack budget: one
// move, except under ScheduleWeighted, where it costs winCost of its
// combo (a block of the defender's five point always costs one).
func (w *Search) moveCost(p engine.Pos) int {
	if !w.weighted || w.kind != proof.VCT || len(w.th.Fives(w.def)) > 0 {
		return 1
	}
	return winCost(w.th.Combo(p, w.att))
}

// winCost is the budget a move of combo c costs under ScheduleWeighted:
// the weaker the threat, the more the defender's replies and the less
// likely a win, so the later an iteration may afford it.
func winCost(c eval.Combo) int {
	switch c {
	case eval.ComboOpenThree, eval.ComboDoubleThree:
		return 2
	case eval.ComboThree, eval.ComboDoubleClosedThree:
		return 3
	case eval.ComboTwo, eval.ComboDoubleTwo:
		return 4
	}
	return 1 // fours, and the combos that win outright
}

// affords reports whether a budget can pay for a quiet move of combo c
// under ScheduleWeighted: its winCost, then a four and a five.
func affords(budget int, c eval.Combo) bool { return budget >= winCost(c)+2 }

// unplay takes back the last search move.
func (w *Search) unplay() {
	w.b.Undo()
	n := len(w.charged) - 1
	w.attStones -= int(w.charged[n] & chargeCost)
	if w.charged[n]&chargeQuiet != 0 {
		w.quiet--
	}
	w.charged = w.charged[:n]
}

// The bits of Search.charged: the move's cost of the attack budget
// (zero for the defender's), and whether it counted against the quiet-move
// limit.
const (
	chargeCost  = 7
	chargeQuiet = 8
)

// budget is the attacker moves left at the current node.
func (w *Search) budget() int { return w.limit - w.attStones }

// key is the table key of the current position.
func (w *Search) key() uint64 { return w.keyOf(w.b.Hash()) }

// keyOf is the table key of the attacker node with Zobrist hash h under
// the current search. Under a quiet-move limit the quiet moves left are
// part of the key: the same position with fewer threes left to play is a
// different problem, and this way a result stays valid from one
// iteration to the next.
func (w *Search) keyOf(h uint64) uint64 {
	k := h ^ w.salt
	if w.quietLimit > 0 && w.kind == proof.VCT {
		k ^= uint64(w.quietLimit-w.quiet+1) * 0x9e37_79b9_7f4a_7c15
	}
	return k
}

// stop reports whether a limit has been reached; the clock and the
// context are read every 256 nodes.
func (w *Search) stop() bool {
	if w.stopped {
		return true
	}
	if w.maxNodes > 0 && w.nodes >= w.maxNodes {
		w.stopped = true
	} else if w.nodes >= w.nextCheck {
		w.nextCheck = w.nodes + 256
		if w.timeUp() {
			w.stopped = true
		}
	}
	return w.stopped
}

// timeUp reports whether the deadline has passed or the context is done.
func (w *Search) timeUp() bool { return expired(w.ctx, w.deadline) }

// expired reports whether ctx is done or deadline (when set) has passed.
func expired(ctx context.Context, deadline time.Time) bool {
	return ctx.Err() != nil || (!deadline.IsZero() && time.Now().After(deadline))
}

// buf returns the move buffer of a ply, emptied.
func (w *Search) buf(ply int) []winMove {
	for len(w.bufs) <= ply {
		w.bufs = append(w.bufs, make([]winMove, 0, 32))
	}
	return w.bufs[ply][:0]
}

// keep hands a grown buffer back to its ply.
func (w *Search) keep(ply int, ms []winMove) { w.bufs[ply] = ms[:0] }
