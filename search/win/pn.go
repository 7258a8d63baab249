package win

import (
	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/eval"
)

// Depth-first proof-number search (df-pn, Nagai 2002), the depth-first
// form of Allis's proof-number search: a node is expanded while its proof
// and disproof numbers stay under thresholds handed down by its parent,
// and the numbers live in the transposition table. It runs under the same
// attack budget as the depth-first search, so its proofs and disproofs
// share the table's need and fail fields; the numbers themselves are
// stored with the absolute stone limit they were computed under.

// winInf is an infinite proof or disproof number.
const winInf = 1 << 30

// winPNChild caches a child's numbers in its parent's loop.
type winPNChild struct {
	p      engine.Pos
	key    uint64
	pn, dn uint32
	need   uint8
}

// winPNState is the per-search state of df-pn.
type winPNState struct {
	frames   [][]winPNChild
	absLimit uint16 // attacker stones on the board at the budget's end
}

// pnRoot runs df-pn from the root under the current budget.
func (w *Search) pnRoot() winRes {
	w.pn.absLimit = uint16(w.rootStones + w.limit)
	w.mid(0, true, winInf, winInf)
	if w.stopped {
		return winUnknown
	}
	pn, dn, _, _ := w.pnLookup(w.key(), w.budget())
	switch {
	case pn == 0:
		return winProven
	case dn == 0:
		return winDisproven
	}
	return winUnknown
}

// pnLookup reads a node's numbers from the table: proven or disproven
// for its budget, the stored numbers when they were computed under the
// current limit, or the initial guess (1, 1); known is false for the
// guess.
func (w *Search) pnLookup(key uint64, budget int) (pn, dn uint32, need uint8, known bool) {
	i := w.tt.probeAt(key)
	if i < 0 {
		return 1, 1, 0, false
	}
	e := &w.tt.slots[i]
	if e.need > 0 && int(e.need) <= budget+w.leafExtra {
		// A proof may need more moves than the budget where leaf VCFs
		// (which reach leafExtra fours further) proved its ends.
		return 0, winInf, e.need, true
	}
	if r, _ := w.ttVerdict(e, budget); r == winDisproven {
		return winInf, 0, 0, true
	}
	if e.limit == w.pn.absLimit {
		if n := w.tt.numsAt(i); n.pn != 0 && n.dn != 0 {
			return n.pn, n.dn, 0, true
		}
	}
	return 1, 1, 0, false
}

// frame returns the child cache of a ply, emptied.
func (w *Search) frame(ply int) []winPNChild {
	for len(w.pn.frames) <= ply {
		w.pn.frames = append(w.pn.frames, make([]winPNChild, 0, 32))
	}
	return w.pn.frames[ply][:0]
}

// mid expands the node at ply until its proof number reaches thpn or its
// disproof number reaches thdn, or it is solved.
func (w *Search) mid(ply int, attacker bool, thpn, thdn uint32) {
	if w.stop() {
		return
	}
	budget := w.budget()
	key := w.key()
	start := w.nodes
	if attacker && (w.leafVCF(ply, key, budget) > 0 || w.stopped) {
		return
	}
	var ms []winMove
	var out winOutcome
	var need int
	if attacker {
		ms, out, need = w.attackerMoves(w.buf(ply), ply, budget)
	} else {
		ms, out, need = w.defenderMoves(w.buf(ply), ply, budget)
	}
	w.keep(ply, ms)
	if w.stopped {
		return
	}
	switch {
	case out == winAttackerWins && need <= budget:
		w.storeProof(key, need, engine.NoPos, 0)
		return
	case out != winOpen:
		if out == winAttackerWins {
			w.cutoffs++
		}
		e := w.tt.slot(key)
		if e.fail != winFailAll {
			e.fail = uint8(min(budget, winFailAll-1))
		}
		return
	}
	kids := w.frame(ply)
	childBudget := budget
	if attacker {
		childBudget--
	}
	for _, m := range ms {
		k := w.b.HashAfter(m.p) ^ w.salt
		pn, dn, nd, known := w.pnLookup(k, childBudget)
		if !known && attacker {
			pn = w.pnInit(m.p)
		}
		kids = append(kids, winPNChild{p: m.p, key: k, pn: pn, dn: dn, need: nd})
	}
	w.pn.frames[ply] = kids
	for {
		pn, dn, best, second, nd := pnAggregate(kids, attacker)
		if pn == 0 {
			mv := engine.NoPos
			if attacker {
				mv = kids[best].p
			}
			w.storeProof(key, int(nd), mv, w.nodes-start)
			return
		}
		if dn == 0 {
			e := w.tt.slot(key)
			if e.fail != winFailAll {
				e.fail = uint8(min(budget, winFailAll-1))
			}
			e.work = max(e.work, workOf(w.nodes-start))
			return
		}
		if pn >= thpn || dn >= thdn || w.stopped {
			i := w.tt.slotAt(key)
			e := &w.tt.slots[i]
			*w.tt.numsAt(i) = winNums{pn, dn}
			e.limit = w.pn.absLimit
			e.work = max(e.work, workOf(w.nodes-start))
			return
		}
		c := &kids[best]
		var cpn, cdn uint32
		if attacker {
			cpn = min(thpn, pnEps(second))
			cdn = satAdd(thdn-dn, c.dn)
		} else {
			cdn = min(thdn, pnEps(second))
			cpn = satAdd(thpn-pn, c.pn)
		}
		w.play(c.p)
		w.mid(ply+1, !attacker, cpn, cdn)
		w.unplay()
		c.pn, c.dn, c.need, _ = w.pnLookup(c.key, childBudget)
	}
}

// storeProof records a proven node: need attacker moves, by move at an
// attacker node.
func (w *Search) storeProof(key uint64, need int, move engine.Pos, work int64) {
	e := w.tt.slot(key)
	if e.need == 0 || int(e.need) > need {
		e.need, e.move, e.leaf = uint8(need), int16(move), false
	}
	e.work = max(e.work, workOf(work))
}

// pnAggregate combines the children's numbers: at an attacker (OR) node
// pn is the least child pn and dn the sum; at a defender (AND) node the
// other way round. best is the child to expand, second the runner-up's
// number that bounds it, need the proof's length when pn is 0.
func pnAggregate(kids []winPNChild, attacker bool) (pn, dn uint32, best int, second uint32, need uint8) {
	second = winInf
	if attacker {
		pn = winInf
		for i, k := range kids {
			dn = satAdd(dn, k.dn)
			if k.pn < pn {
				second, pn, best = pn, k.pn, i
			} else if k.pn < second {
				second = k.pn
			}
		}
		if pn == 0 {
			need = kids[best].need + 1
		}
		return pn, dn, best, second, need
	}
	dn = winInf
	for i, k := range kids {
		pn = satAdd(pn, k.pn)
		if k.dn < dn {
			second, dn, best = dn, k.dn, i
		} else if k.dn < second {
			second = k.dn
		}
		need = max(need, k.need)
	}
	return pn, dn, best, second, need
}

// satAdd adds proof numbers, saturating at winInf.
func satAdd(a, b uint32) uint32 {
	if s := a + b; s < winInf && s >= a {
		return s
	}
	return winInf
}

// pnEps is the threshold a best child gets against the runner-up's
// number n: n(1+1/4)+1 rather than n+1 (the 1+epsilon trick of
// Pawlewicz and Lew), so that the search does not jump between two
// children of nearly equal numbers at every step.
func pnEps(n uint32) uint32 {
	return satAdd(satAdd(n, n/4), 1)
}

// pnInit is the initial proof number of the attacker's move p not yet
// searched: the weaker the threat, the more replies it allows and the
// less likely it wins (df-pn+ style initial numbers, after Nagai).
func (w *Search) pnInit(p engine.Pos) uint32 {
	if len(w.th.Fives(w.def)) > 0 {
		return 1
	}
	return uint32(pnInitCost[min(int(w.th.Combo(p, w.att)), len(pnInitCost)-1)])
}

// pnInitCost is pnInit's number by the move's combo: 1 for the fours and
// what wins outright, 2 for open threes, 3 for closed threes, 4 for twos.
var pnInitCost = [...]uint8{
	eval.ComboNone: 1, eval.ComboForbidden: 1,
	eval.ComboTwo: 4, eval.ComboDoubleTwo: 4,
	eval.ComboThree: 3, eval.ComboDoubleClosedThree: 3,
	eval.ComboOpenThree: 2, eval.ComboDoubleThree: 2,
	eval.ComboFour: 1, eval.ComboFourThree: 1, eval.ComboDoubleFour: 1,
	eval.ComboStraightFour: 1, eval.ComboFive: 1,
}
