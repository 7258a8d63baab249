package win

import (
	"slices"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/eval"
	"github.com/kakugo/kakugo/search/proof"
)

// Threats beyond the open three. Renju problem collections count as a
// threat any move after which the attacker would win by fours if the
// defender passed: a closed three that makes a four-three point, two
// closed threes, and so on. The VCT tries the attacker's closed threes
// (threat level 1) and twos (level 2) as such moves; at the defender's
// node a VCF search with the defender
// passing says whether the move threatens anything, and its proof says
// where the defence must play: on one of the cells that proof uses (a
// stone anywhere else leaves it standing), or a counter-four. The proof
// checker then makes sure that every other defence really loses.

// closedThrees appends the attacker's moves that make one or two closed
// threes and nothing stronger, and at threat level 2 those that make
// twos; under ScheduleWeighted only those the budget left can pay for.
func (w *Search) closedThrees(dst []winMove, budget int) []winMove {
	b := w.b
	if w.weighted && !affords(budget, eval.ComboThree) {
		w.cutoffs++
		return dst
	}
	twos := w.threatLevel() >= 2
	if twos && w.weighted && !affords(budget, eval.ComboTwo) {
		w.cutoffs++
		twos = false
	}
	for y := 0; y < b.Height(); y++ {
		for x := 0; x < b.Width(); x++ {
			p := b.Pos(x, y)
			if b.At(p) != engine.Empty || !w.th.HasNear(p, w.att) {
				continue
			}
			c := w.th.Combo(p, w.att)
			if c == eval.ComboThree || c == eval.ComboDoubleClosedThree ||
				(twos && (c == eval.ComboTwo || c == eval.ComboDoubleTwo)) {
				dst = append(dst, winMove{p, w.attackScore(p)})
			}
		}
	}
	return dst
}

// winContext is the part of the search state a sub-search changes.
type winContext struct {
	kind     proof.Kind
	salt     uint64
	limit    int
	zone     bool
	zoneFrom int
}

// enter switches to a sub-search of kind for the same attacker with budget
// attacker moves, and returns what to restore.
func (w *Search) enter(kind proof.Kind, budget int) winContext {
	saved := winContext{w.kind, w.salt, w.limit, w.zone, w.zoneFrom}
	w.zone = false
	w.kind, w.salt, w.limit = kind, w.saltFor(kind, w.level), w.attStones+budget
	return saved
}

// leave restores the state enter saved.
func (w *Search) leave(c winContext) {
	w.kind, w.salt, w.limit, w.zone, w.zoneFrom = c.kind, c.salt, c.limit, c.zone, c.zoneFrom
}

// winThreatVCFDepth bounds the VCF that makes a quiet move a threat, in
// attacker moves, the five included. On an even tenth of the renju
// collection's VCTs 99.4% of the threats proven in 1 s needed at most 5,
// and the failed searches for longer ones cost a sixth of the threat
// searches' nodes (84 of 108 solved with the bound, 83 without). A
// longer threat is only missed, never misjudged. With the leaf VCFs'
// zone (2026-11-26) 7 measured better than 5: on the 40 renju positions
// from games against Rapfi (r15-a) 32 proven in 1 s against 30 (27
// against 25 within 300 ms), the 80 freestyle ones level (10 gave the
// same as 7), and every eighth renju VCT problem at 800,000 nodes 121
// solved either way, with 2% fewer nodes.
const winThreatVCFDepth = 7

// threatReplies generates a VCT defender node where the attacker has no
// five point and no unstoppable four: the attacker's move was a threat
// only if the attacker wins by fours when the defender passes.
func (w *Search) threatReplies(dst []winMove, ply, budget int) ([]winMove, winOutcome, int) {
	ev, d := w.th, w.def
	w.b.SetSideToMove(w.att)
	saved := w.enter(proof.VCF, min(budget, winThreatVCFDepth))
	r, need := w.dfsAttack(ply + 1)
	ok := r == winProven
	if ok {
		clear(w.threatSeen)
		w.threat, w.blocks, w.fivePts, w.forbidden = w.threat[:0], w.blocks[:0], w.fivePts[:0], w.forbidden[:0]
		ok = w.threatWalk(ply + 1)
	}
	w.leave(saved)
	w.b.SetSideToMove(d)
	if !ok {
		return dst, winDefenderHolds, 0
	}
	w.threat = w.interference(w.threat)
	slices.Sort(w.threat)
	w.threat = slices.Compact(w.threat)
	for _, p := range w.threat {
		if w.legalFor(p, d) && ev.Flags(p, d)&eval.FlagFour == 0 {
			dst = append(dst, winMove{p, w.defendScore(p)})
		}
	}
	for _, p := range ev.Fours(d) {
		dst = append(dst, winMove{p, w.defendScore(p) + 1<<24})
	}
	if len(dst) == 0 {
		return dst, winAttackerWins, need
	}
	sortMoves(dst)
	return dst, winOpen, 0
}

// interference adds to the cells of a threat's proof the defender stones
// that would break it from outside: a stone that lines up with one of the
// defender's forced blocks (recorded in w.blocks) so that the block makes
// a four or a five of the defender's, which the attacker must then answer.
// Such a stone shares a five-cell window with the block, the window holding
// no attacker stone and at least two defender stones, counting the proof's
// other blocks. Under caro a
// stone beyond a five point can also spoil the five, so the cells near the
// five points are added too.
func (w *Search) interference(cells []engine.Pos) []engine.Pos {
	b := w.b
	for _, q := range w.blocks {
		for _, d := range b.Dirs() {
			for s := engine.Pos(-4); s <= 0; s++ {
				own, empty := 0, 0
				for k := s; k < s+5; k++ {
					switch c := q + k*d; b.At(c) {
					case w.def:
						own++
					case engine.Empty:
						empty++
						if k != 0 && slices.Contains(w.blocks, c) {
							own++ // another block of the same proof
						}
					}
				}
				if own < 2 || own+empty < 5 {
					continue
				}
				for k := s; k < s+5; k++ {
					if c := q + k*d; k != 0 && b.At(c) == engine.Empty {
						cells = append(cells, c)
					}
				}
			}
		}
	}
	// Under renju a black stone can make a forbidden point that black could
	// not block on legal again (turning a double three into a four-three,
	// say): every cell on the lines through such a point is a candidate.
	// A three through it counts only if its straight-four point is not
	// forbidden in turn, so the lines through those points count too.
	for _, f := range w.forbidden {
		cells = w.lineCells(cells, f)
		for d := range 4 {
			if w.th.Class(f, d, engine.Black) == eval.ClassOpenThree {
				w.gains = w.th.AppendGains(w.gains[:0], f, d, engine.Black)
				for _, g := range w.gains {
					cells = w.lineCells(cells, g)
				}
			}
		}
	}
	if w.caro {
		for _, f := range w.fivePts {
			cells = w.blockCells(cells, []engine.Pos{f})
		}
	}
	return cells
}

// threatWalk collects into w.threat the cells of the VCF proof from the
// current attacker node: the attacker's fours, the defender's blocks and
// the final five points. Where the table lost a node it is searched again.
func (w *Search) threatWalk(ply int) bool {
	if f := w.th.Fives(w.att); len(f) > 0 {
		w.threat = append(w.threat, f...)
		w.fivePts = append(w.fivePts, f...)
		return true
	}
	h := w.b.Hash()
	if w.threatSeen[h] {
		return true
	}
	w.threatSeen[h] = true
	e := w.tt.probe(w.key())
	if e == nil || e.need == 0 || int(e.need) > w.budget() {
		if r, _ := w.dfsAttack(ply); r != winProven {
			return false
		}
		if e = w.tt.probe(w.key()); e == nil || e.need == 0 {
			return false
		}
	}
	m := engine.Pos(e.move)
	if !w.legalFor(m, w.att) {
		return false
	}
	w.threat = append(w.threat, m)
	w.play(m)
	defer w.unplay()
	ms, out, _ := w.defenderMoves(w.buf(ply+1), ply+1, w.budget())
	w.keep(ply+1, ms)
	w.fivePts = append(w.fivePts, w.th.Fives(w.att)...)
	if w.def == engine.Black {
		for _, f := range w.th.Fives(w.att) {
			if w.th.Forbidden(f) {
				w.forbidden = append(w.forbidden, f)
			}
		}
	}
	switch out {
	case winAttackerWins:
		w.threat = append(w.threat, w.th.Fives(w.att)...)
		return true
	case winDefenderHolds:
		return false
	}
	for _, r := range slices.Clone(ms) {
		w.threat = append(w.threat, r.p)
		w.blocks = append(w.blocks, r.p)
		w.play(r.p)
		ok := w.threatWalk(ply + 2)
		w.unplay()
		if !ok {
			return false
		}
	}
	return true
}

// winCounterVCFDepth bounds the defender's VCF that againstCounterVCF
// looks for, in the defender's moves.
const winCounterVCFDepth = 16

// againstCounterVCF prunes the quiet attacking moves in ms[quiet:] (the
// caller's list, at ply-1) when
// the defender would win by fours if the attacker passed: a three gives
// him the move, and he answers it with that VCF. Only quiet moves on the
// cells of his VCF's proof survive, or where an attacker stone would turn
// one of the attacker's forced blocks into a four of its own (the cells
// interference finds, with the roles swapped). This prunes attacking
// moves only, so it costs completeness, never soundness.
func (w *Search) againstCounterVCF(ms []winMove, quiet, ply int) []winMove {
	if !w.defenderVCF(ply, true) {
		return ms
	}
	kept := ms[:quiet]
	for _, m := range ms[quiet:] {
		if slices.Contains(w.threat, m.p) {
			kept = append(kept, m)
		}
	}
	return kept
}

// defenderVCF reports whether the defender, given the move, wins by
// fours (within winCounterVCFDepth of his moves); with cells, it also
// leaves in w.threat the cells of that VCF's proof and the cells where an
// attacker stone would spoil it (interference, roles swapped).
func (w *Search) defenderVCF(ply int, cells bool) bool {
	att, def, stones, side := w.att, w.def, w.attStones, w.b.SideToMove()
	saved := winContext{w.kind, w.salt, w.limit, w.zone, w.zoneFrom}
	w.zone = false
	w.att, w.def, w.attStones = def, att, 0
	w.kind, w.salt, w.limit = proof.VCF, winSalts[0][def-1], winCounterVCFDepth
	w.b.SetSideToMove(def)
	r, _ := w.dfsAttack(ply)
	won := r == winProven
	if won && cells {
		clear(w.threatSeen)
		w.threat, w.blocks, w.fivePts, w.forbidden = w.threat[:0], w.blocks[:0], w.fivePts[:0], w.forbidden[:0]
		if won = w.threatWalk(ply); won {
			w.threat = w.interference(w.threat)
		}
	}
	w.b.SetSideToMove(side)
	w.att, w.def, w.attStones = att, def, stones
	w.leave(saved)
	return won
}
