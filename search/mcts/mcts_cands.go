package mcts

import (
	"math"
	"slices"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/eval"
)

// Policy supplies prior probabilities for the tree's moves in place of the
// evaluator's, for example from a trained network. Priors writes into
// dst[i] a probability for moves[i] (they need not sum to one; they are
// normalised over the moves) and reports whether it could; on false the
// evaluator's priors are used. A Policy is used by one search thread only:
// Request.Policies has one per thread (the player builds them with
// search.KakugoOptions.NewPolicy).
type Policy interface {
	Priors(b *engine.Board, moves []engine.Pos, dst []float32) bool
}

// mctsCand is a candidate move with its logit, and after mctsPriors its
// prior probability.
type mctsCand struct {
	p     engine.Pos
	score float32
}

// mctsOutcome is what candidate generation found at a position.
type mctsOutcome uint8

const (
	// mctsMoves: the candidates are listed.
	mctsMoves mctsOutcome = iota
	// mctsForced: the opponent has a five to complete; the candidates are
	// the cells that stop it, and every other move loses at once.
	mctsForced
	// mctsWin: the side to move completes a five.
	mctsWin
	// mctsLoss: the opponent's five cannot be stopped (several of them, or
	// only renju-forbidden blocks for black).
	mctsLoss
	// mctsDraw: no empty cell is left.
	mctsDraw
)

// mctsGen lists candidate moves. Each search thread has its own.
type mctsGen struct {
	seen  []uint32 // generation marks, to merge point sets without duplicates
	gen   uint32
	cands []mctsCand
	alt   []mctsCand // only's list, kept apart so that cands survive it
	keys  []uint64   // sort's scratch space
	model *priorModel
	scale float32  // the logits' factor (priorCtx.scale)
	ctx   priorCtx // the logits' context, set by next
}

// newMctsGen lists candidates on b's boards with m's prior logits (nil:
// priorClassic, the order PriorSamples lists them in).
func newMctsGen(b *engine.Board, m *priorModel) *mctsGen {
	if m == nil {
		m = &priorClassic
	}
	return &mctsGen{seen: make([]uint32, b.Size()), model: m, scale: 1}
}

// candidates lists the moves worth considering for the side to move, best
// logit first, at most maxN of them (0 = all), in g.cands:
//
//   - a five to complete: none, the outcome is mctsWin;
//   - the opponent has a five to complete: the legal cells that stop it
//     (mctsForced), or mctsLoss when there are none or too many;
//   - the opponent has an open three on the board (it could make a
//     straight four): only our own fours and the opponent's four points,
//     which hold every block of the three;
//   - otherwise the free cells near stones.
//
// Renju black's forbidden points are never listed. On an empty board the
// centre is the only candidate.
func (g *mctsGen) candidates(e *eval.Evaluator, near *mctsNear, maxN int) ([]mctsCand, mctsOutcome) {
	b := e.Board()
	me := b.SideToMove()
	op := me.Opp()
	g.cands = g.cands[:0]
	if len(e.Fives(me)) > 0 {
		return g.cands, mctsWin
	}
	if b.Full() {
		return g.cands, mctsDraw
	}
	if b.MoveCount() == 0 {
		g.cands = append(g.cands, mctsCand{b.Pos(b.Width()/2, b.Height()/2), 0})
		return g.cands, mctsMoves
	}
	g.next(b)
	legal := func(p engine.Pos) bool { return me != engine.Black || !e.Forbidden(p) }
	if fives := e.Fives(op); len(fives) > 0 {
		for _, p := range fives {
			if legal(p) {
				g.add(e, p, me, op)
			}
		}
		if len(g.cands) == 0 {
			return g.cands, mctsLoss
		}
		g.sort(0)
		return g.cands, mctsForced
	}
	if mctsOpenThree(e, op) {
		for _, p := range e.Fours(me) {
			g.add(e, p, me, op)
		}
		for _, p := range e.Fours(op) {
			if legal(p) {
				g.add(e, p, me, op)
			}
		}
	}
	if len(g.cands) == 0 {
		for _, p := range near.list {
			if legal(p) {
				g.add(e, p, me, op)
			}
		}
	}
	if len(g.cands) == 0 { // only forbidden points near the stones
		return g.cands, mctsLoss
	}
	g.sort(maxN)
	return g.cands, mctsMoves
}

// mctsOpenThree reports whether c has an open three on the board: a point
// where its stone would make a straight four.
func mctsOpenThree(e *eval.Evaluator, c engine.Color) bool {
	for _, p := range e.Fours(c) {
		if e.Combo(p, c) == eval.ComboStraightFour {
			return true
		}
	}
	return false
}

// only lists, as candidates does, the legal moves of set (the refutations
// of the opponent's threat: mcts_probe.go), best logit first, at most maxN
// of them (0 = all). It leaves the list candidates made alone.
func (g *mctsGen) only(e *eval.Evaluator, set []engine.Pos, maxN int) []mctsCand {
	me := e.Board().SideToMove()
	op := me.Opp()
	g.next(e.Board())
	saved := g.cands
	g.cands = g.alt[:0]
	for _, p := range set {
		if me != engine.Black || !e.Forbidden(p) {
			g.add(e, p, me, op)
		}
	}
	g.sort(maxN)
	out := g.cands
	g.alt, g.cands = out, saved
	return out
}

// next starts a new list of candidates on b's position: the marks of the
// last list are forgotten and the logits read b's recent moves.
func (g *mctsGen) next(b *engine.Board) {
	g.ctx = newPriorCtx(g.model, b)
	g.ctx.scale = g.scale
	g.gen++
	if g.gen == 0 { // wrapped: forget every old mark
		clear(g.seen)
		g.gen = 1
	}
}

// add appends p with its logit unless it is already listed.
func (g *mctsGen) add(e *eval.Evaluator, p engine.Pos, me, op engine.Color) {
	if g.seen[p] == g.gen {
		return
	}
	g.seen[p] = g.gen
	g.cands = append(g.cands, mctsCand{p, g.ctx.logit(e, p, me, op)})
}

// logTableSize bounds the potentials whose logarithm is read from a
// table; nearly every candidate's is below it.
const logTableSize = 4096

// logTable holds float32(math.Log(1+i)) for i < logTableSize, made once
// and never written after.
var logTable = func() *[logTableSize]float32 {
	t := new([logTableSize]float32)
	for i := range t {
		t[i] = float32(math.Log(float64(1 + i)))
	}
	return t
}()

// logOnePlus is float32(math.Log(1+pot)), from the table where it can be
// (the same value: the table holds exactly what the call returns).
func logOnePlus(pot int) float32 {
	if pot >= 0 && pot < logTableSize {
		return logTable[pot]
	}
	return float32(math.Log(float64(1 + pot)))
}

// sort orders the candidates by logit, the cell index breaking ties so that
// the order never depends on how the list was built, and keeps the best
// maxN (all when maxN is 0). It sorts one integer a candidate, the logit's
// order above the cell's, which is the comparison's order (cmp.Compare's:
// NaN lowest, -0 equal to +0) without a call per comparison: sorting
// through a comparison function was a twentieth of the tree's time.
func (g *mctsGen) sort(maxN int) {
	g.keys = g.keys[:0]
	for _, c := range g.cands {
		g.keys = append(g.keys, uint64(^logitOrder(c.score))<<32|uint64(uint32(c.p)))
	}
	if maxN > 0 && len(g.keys) > maxN {
		selectLowest(g.keys, maxN) // the best maxN first, in any order
		g.keys = g.keys[:maxN]
	}
	slices.Sort(g.keys)
	g.cands = g.cands[:len(g.keys)]
	for i, k := range g.keys {
		g.cands[i] = mctsCand{engine.Pos(uint32(k)), logitOf(uint32(^(k >> 32)))}
	}
}

// selectLowest moves the k lowest of keys (0 < k < len(keys)) to its
// front, in no particular order (Hoare's selection, the median of three as
// pivot): the candidates past maxN need not be sorted.
func selectLowest(keys []uint64, k int) {
	lo, hi := 0, len(keys)-1
	for hi > lo {
		mid := lo + (hi-lo)/2
		a, b, c := keys[lo], keys[mid], keys[hi]
		pivot := max(min(a, b), min(max(a, b), c))
		i, j := lo, hi
		for i <= j {
			for keys[i] < pivot {
				i++
			}
			for keys[j] > pivot {
				j--
			}
			if i <= j {
				keys[i], keys[j] = keys[j], keys[i]
				i++
				j--
			}
		}
		// keys[lo..j] <= pivot <= keys[i..hi], and j < i.
		switch {
		case k <= j:
			hi = j
		case k > i:
			lo = i
		default:
			return // keys[:k] <= pivot <= keys[k:]
		}
	}
}

// logitOrder maps a logit to an unsigned integer of the same order as
// cmp.Compare gives floats: NaN is 0, below every number, and -0 is +0.
func logitOrder(s float32) uint32 {
	if s != s {
		return 0
	}
	if s == 0 {
		s = 0 // -0 as +0
	}
	b := math.Float32bits(s)
	if b&0x80000000 != 0 {
		return ^b // negative: larger magnitudes lower (-Inf gives 0x007fffff, above NaN's 0)
	}
	return b | 0x80000000
}

// logitOf is the logit logitOrder mapped to k (a NaN for 0).
func logitOf(k uint32) float32 {
	switch {
	case k == 0:
		return float32(math.NaN())
	case k&0x80000000 != 0:
		return math.Float32frombits(k &^ 0x80000000)
	}
	return math.Float32frombits(^k)
}

// mctsPriors turns the candidates' logits into probabilities (a softmax),
// or takes them from pol when it answers, raised to the power pow
// (policyPower); probs is scratch space.
func mctsPriors(cands []mctsCand, b *engine.Board, pol Policy, pow float32, moves []engine.Pos, probs []float32) ([]engine.Pos, []float32) {
	if pol != nil {
		moves, probs = moves[:0], probs[:0]
		for _, c := range cands {
			moves = append(moves, c.p)
			probs = append(probs, 0)
		}
		if pol.Priors(b, moves, probs) {
			policyPower(probs, pow)
			sum := float32(0)
			for _, v := range probs {
				if v > 0 && !math.IsInf(float64(v), 0) {
					sum += v
				}
			}
			if sum > 0 {
				for i, v := range probs {
					if v > 0 && !math.IsInf(float64(v), 0) {
						cands[i].score = v / sum
					} else {
						cands[i].score = 0
					}
				}
				return moves, probs
			}
		}
	}
	if len(cands) == 0 {
		return moves, probs
	}
	top := cands[0].score
	for _, c := range cands {
		top = max(top, c.score)
	}
	sum := float32(0)
	for i, c := range cands {
		v := float32(math.Exp(float64(c.score - top)))
		cands[i].score = v
		sum += v
	}
	for i := range cands {
		cands[i].score /= sum
	}
	return moves, probs
}

// policyPower raises the positive, finite probabilities in probs to the
// power pow, in place: 1/T for a softmax temperature T over the policy's
// logits (PolicyOptions.Temp). The caller normalises; pow 1 (and 0, a
// Config's zero value) changes nothing.
func policyPower(probs []float32, pow float32) {
	if pow == 1 || pow == 0 {
		return
	}
	for i, v := range probs {
		if v > 0 && !math.IsInf(float64(v), 0) {
			probs[i] = float32(math.Pow(float64(v), float64(pow)))
		}
	}
}
