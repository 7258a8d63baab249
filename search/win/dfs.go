package win

import (
	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/eval"
	"github.com/kakugo/kakugo/search/proof"
)

// Depth-first search of the AND/OR tree under an attack budget, the
// iterated form of Allis's threat-space search: Prove raises the budget
// one attacking move at a time, and the transposition table carries the
// proofs and the depth-bounded disproofs from one iteration to the next.

// lastFour settles an attacker node with two moves left without playing
// a move through the evaluator. With no five point on the board for
// either side, outside caro, the attacker wins in two moves exactly when
// one four leaves five points that the defender cannot stop with one
// stone: two of them (the evaluator's straight fours and double fours),
// or under renju, for white, one that is forbidden for black once the
// four stands (tried on a plain copy of the board). It returns that four,
// or NoPos when there is none; settled is false where the search must
// decide.
func (w *Search) lastFour() (q engine.Pos, settled bool) {
	if w.caro || len(w.th.Fives(w.att)) > 0 || len(w.th.Fives(w.def)) > 0 {
		return engine.NoPos, false
	}
	if q = w.unstoppable(); q != engine.NoPos {
		return q, true
	}
	if w.att == engine.White && w.b.Rule() == engine.Renju {
		for _, p := range w.th.Fours(engine.White) {
			fs := w.th.AppendFivePoints(w.cells[:0], p, engine.White)
			w.cells = fs
			if len(fs) != 1 || !w.blackMayBeForbidden(fs[0]) {
				continue
			}
			pb := w.plainBoard()
			pb.Put(p, engine.White)
			won := pb.IsForbidden(fs[0]) && pb.IsFive(fs[0], engine.White)
			pb.Undo()
			if won && (q == engine.NoPos || p < q) {
				q = p
			}
		}
	}
	return q, true
}

// blackMayBeForbidden reports whether the free point f can be forbidden
// for black once white has added stones: a white stone only weakens black's
// lines, so black's classes at f now must already hold an overline, a
// double four along one line, or two threes and fours, and no five. It
// spares the full forbidden test (IsForbidden, which plays the threes out)
// at most of white's fours: that test took 16% of the time of white's
// renju VCTs.
func (w *Search) blackMayBeForbidden(f engine.Pos) bool {
	n := 0
	may := false
	for d := range 4 {
		switch c := w.th.Class(f, d, engine.Black); {
		case c == eval.ClassFive:
			return false
		case c == eval.ClassOverline || c == eval.ClassFourFour:
			may = true
		case c >= eval.ClassOpenThree:
			n++
		}
	}
	return may || n >= 2
}

// winRes is the value of a searched node.
type winRes uint8

const (
	winUnknown   winRes = iota // a limit stopped the search
	winProven                  // the attacker wins
	winDisproven               // the attacker does not win within the budget
)

// dfsAttack searches the attacker node at ply; need is the number of
// attacker moves the proof takes when proven.
func (w *Search) dfsAttack(ply int) (winRes, int) {
	if w.stop() {
		return winUnknown, 0
	}
	budget := w.budget()
	key := w.key()
	if r, n := w.ttVerdict(w.tt.probe(key), budget); r != winUnknown {
		return r, n
	}
	if n := w.narrowerWin(key, budget); n > 0 {
		return winProven, n
	}
	if n := w.leafVCF(ply, key, budget); n > 0 {
		return winProven, n
	} else if w.stopped {
		return winUnknown, 0
	}
	if budget == 2 {
		if q, settled := w.lastFour(); settled {
			if q == engine.NoPos {
				w.cutoffs++ // more budget might find more
				return winDisproven, 0
			}
			w.storeWin(key, 2, q, false)
			return winProven, 2
		}
	}
	start, cut := w.nodes, w.cutoffs
	ms, out, need := w.attackerMoves(w.buf(ply), ply, budget)
	w.keep(ply, ms)
	switch out {
	case winAttackerWins:
		return winProven, need
	case winDefenderHolds:
		w.storeFail(key, budget, cut, 1)
		return winDisproven, 0
	}
	pre := w.canPreProbe()
	root := ply == 0 && w.kind == proof.VCT // not a root leaf VCF (kind VCF there)
	if root {
		w.iterLead, w.iterWork = engine.NoPos, -1
	}
	for _, m := range ms {
		if pre {
			switch r, n := w.preProbe(m.p, budget); r {
			case winDisproven:
				continue
			case winProven:
				w.proved(key, m.p, n+1, budget, start)
				return winProven, n + 1
			}
		}
		before := w.nodes
		cost := w.play(m.p)
		r, n := w.dfsDefend(ply + 1)
		if r == winDisproven {
			w.noteRefuted(before)
		}
		w.unplay()
		if root {
			w.noteLead(m.p, w.nodes-before)
		}
		if w.stopped {
			return winUnknown, 0
		}
		switch r {
		case winProven:
			w.proved(key, m.p, n+cost, budget, start)
			return winProven, n + cost
		case winUnknown:
			return winUnknown, 0
		}
	}
	w.storeFail(key, budget, cut, w.nodes-start)
	return winDisproven, 0
}

// noteLead counts the nodes a root attacking move took in this iteration
// (all of them, or those until a limit stopped it): the one that took the
// most so far, in the latest iteration that reached the root's moves, is
// the search's lead (Result.Lead), the attack that held out longest.
func (w *Search) noteLead(p engine.Pos, work int64) {
	if work > w.iterWork {
		w.iterLead, w.iterWork = p, work
	}
	w.lead = w.iterLead
}

// proved records that the attacker's move p wins the node key (with
// budget moves left, searched since the node count start) in need moves.
// History heuristic: a move that proved one node is tried early in its
// neighbours (measured: a few more VCTs within 1 s).
func (w *Search) proved(key uint64, p engine.Pos, need, budget int, start int64) {
	w.hist[p] = min(w.hist[p]+int32(budget*budget), 1<<13)
	w.storeWin(key, need, p, false).work = workOf(w.nodes - start)
}

// storeWin records in the table a win of need attacker moves starting
// with move; leaf marks a VCT node proven by its leaf VCF, whose proof is
// read back under the VCF's keys. It returns the entry.
func (w *Search) storeWin(key uint64, need int, move engine.Pos, leaf bool) *winEntry {
	e := w.tt.slot(key)
	e.need, e.move, e.leaf = uint8(need), int16(move), leaf
	return e
}

// leafVCF looks for a VCF of up to budget+LeafVCF fours (within the depth
// cap) from the attacker node at ply with table key key, where one
// applies: a VCT node with at least two moves of budget. A win is stored
// as the node's (a leaf entry: its proof is read back under the leaf
// VCFs' keys, which every leaf VCF of the search shares: the zone's salt,
// or the VCF salt with the zone off); it returns the VCF's length, or 0.
func (w *Search) leafVCF(ply int, key uint64, budget int) int {
	if w.kind != proof.VCT || w.leafExtra <= 0 || budget < 2 {
		return 0
	}
	saved := w.enterZone(min(budget+w.leafExtra, w.depthCap-w.attStones))
	r, n := w.dfsAttack(ply)
	var e *winEntry
	if r == winProven {
		e = w.tt.probe(w.key())
	}
	w.leave(saved)
	if e == nil || e.need == 0 {
		return 0
	}
	w.storeWin(key, n, engine.Pos(e.move), true)
	return n
}

// canPreProbe reports whether the attacker node on the board may look up
// its fours' grandchildren before playing them (preProbe): outside caro,
// where a five can also be stopped at the far end of its line, under the
// plain budget (a four costs one move), and when the defender has no five
// point, so that its only replies to a four are the four's five points.
func (w *Search) canPreProbe() bool {
	return !w.caro && !w.weighted && !w.noPreProbe && len(w.th.Fives(w.def)) == 0
}

// preProbe looks up the attacker node after the attacker's four at p and
// the defender's forced block, without playing either: in VCF #113 of the
// renju set, 55% of the attacker nodes (477k of 862k) were positions the
// table had already settled, each reached through two evaluator moves;
// looking them up first halved the nodes (1.73M to 839k) and the time. It
// applies when p makes a four with a single five point q that the
// defender may take (under renju a black defender's q must not possibly
// be forbidden: white's stone at p can only make black's lines weaker);
// it returns winProven with the node's need, winDisproven (counting a
// depth cut-off as the node's own probe would) or winUnknown to play the
// move.
func (w *Search) preProbe(p engine.Pos, budget int) (winRes, int) {
	fs := w.th.AppendFivePoints(w.fives[:0], p, w.att)
	w.fives = fs
	if len(fs) != 1 {
		return winUnknown, 0
	}
	q := fs[0]
	if w.def == engine.Black && w.b.Rule() == engine.Renju && w.blackMayBeForbidden(q) {
		return winUnknown, 0
	}
	return w.ttVerdict(w.tt.probe(w.keyOf(w.b.HashAfter2(p, q))), budget-1)
}

// ttVerdict is what the table entry e (nil: none) settles of an attacker
// node with budget moves left: winProven with the need, winDisproven (a
// disproof that holds only up to some depth counts as a depth cut-off),
// or winUnknown when the node must be searched.
func (w *Search) ttVerdict(e *winEntry, budget int) (winRes, int) {
	switch {
	case e == nil:
		return winUnknown, 0
	case e.need > 0 && int(e.need) <= budget:
		return winProven, int(e.need)
	case e.fail == winFailAll:
		return winDisproven, 0
	case int(e.fail) >= budget:
		w.cutoffs++
		return winDisproven, 0
	}
	return winUnknown, 0
}

// storeFail records a disproof; it holds at any depth when no depth limit
// was hit since cut was read.
func (w *Search) storeFail(key uint64, budget int, cut, work int64) {
	e := w.tt.slot(key)
	f := uint8(min(budget, winFailAll-1))
	if w.cutoffs == cut {
		f = winFailAll
	}
	if e.fail != winFailAll && f > e.fail {
		e.fail = f
	}
	e.work = max(e.work, workOf(work))
}

// dfsDefend searches the defender node at ply: proven when every reply
// is, with need the largest of theirs.
func (w *Search) dfsDefend(ply int) (winRes, int) {
	budget := w.budget()
	ms, out, need := w.defenderMoves(w.buf(ply), ply, budget)
	w.keep(ply, ms)
	if w.stopped {
		return winUnknown, 0
	}
	switch out {
	case winAttackerWins:
		if need > budget {
			w.cutoffs++
			return winDisproven, 0
		}
		return winProven, need
	case winDefenderHolds:
		return winDisproven, 0
	}
	w.orderReplies(ms, budget)
	worst := 0
	for _, m := range ms {
		// A reply whose attacker node the table settles is not played. The
		// probe is repeated after orderReplies's: the searches of the
		// earlier replies may have changed the entry since.
		r, n := w.ttVerdict(w.tt.probe(w.keyOf(w.b.HashAfter(m.p))), budget)
		if r == winUnknown {
			w.play(m.p)
			r, n = w.dfsAttack(ply + 1)
			w.unplay()
		}
		if w.stopped {
			return winUnknown, 0
		}
		if r != winProven {
			if r == winDisproven {
				// Defender history: a reply that refuted one attack is
				// tried early against the others.
				w.dhist[m.p] = min(w.dhist[m.p]+int32(budget*budget), 1<<13)
			}
			return r, 0
		}
		worst = max(worst, n)
	}
	return winProven, worst
}

// orderReplies sorts a defender node's replies by what the table knows of
// the attacker nodes they lead to: a reply already known to refute the
// attack comes first (the node is then settled at once), then the
// unknown ones, those that held out against a larger budget before the
// others (a refutation in the last iteration is the likeliest one now),
// and the replies already proven to lose come last. The generator's order
// breaks ties.
func (w *Search) orderReplies(ms []winMove, budget int) {
	if len(ms) < 2 {
		return
	}
	for i := range ms {
		e := w.tt.probe(w.keyOf(w.b.HashAfter(ms[i].p)))
		if e == nil {
			continue
		}
		switch {
		case e.need > 0 && int(e.need) <= budget:
			ms[i].score -= 1 << 28
		case e.fail == winFailAll || int(e.fail) >= budget:
			ms[i].score += 1 << 28
		case e.fail > 0:
			ms[i].score += int32(e.fail) << 20
		}
	}
	sortMoves(ms)
}

// narrowerWin looks up a VCT attacker node in the narrower threat levels'
// tables, under the depth-first search with a search per level: a win
// with open threes only is a win with closed threes and twos too, in the
// same number of moves (a wider level's attacking moves include the
// narrower one's, and the defender's replies do not depend on the level).
// A win found there is copied into the node's own entry, so that the proof
// is read back under the current level's keys, and its length returned
// (0: none). On every eighth renju VCT problem at 800,000 nodes (with the
// defender history) it saved 1% of the nodes (18,687,632 to 18,493,420);
// on 高飞习题合集#37 alone, whose open-three search proves much of the
// closed-three win's tree, 786k to 598k (without the history).
func (w *Search) narrowerWin(key uint64, budget int) int {
	if w.kind != proof.VCT || w.level == 0 || w.weighted || w.quietLimit > 0 || w.Method != DepthFirst {
		return 0
	}
	h := w.b.Hash()
	for l := 0; l < w.level; l++ {
		if e := w.tt.probe(h ^ w.saltFor(proof.VCT, l)); e != nil && e.need > 0 && int(e.need) <= budget {
			// Read before storing: the store may claim e's slot.
			need, move, leaf := int(e.need), engine.Pos(e.move), e.leaf
			w.storeWin(key, need, move, leaf)
			return need
		}
	}
	return 0
}

// noteRefuted records, with the attacker's refuted move still on the
// board, the nodes its refutation took (since before) in the table entry
// of the defender node the move led to, where the next iteration's
// orderByWork reads it. The table's entries are for attacker nodes
// otherwise; a defender node's key differs by the side to move, so such
// an entry is never read as an attacker node's.
func (w *Search) noteRefuted(before int64) {
	if w.kind != proof.VCT {
		return
	}
	e := w.tt.slot(w.key())
	e.work = max(e.work, workOf(w.nodes-before))
}
