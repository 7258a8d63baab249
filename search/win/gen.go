package win

import (
	"slices"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/eval"
	"github.com/kakugo/kakugo/search/proof"
)

// Move generation of the winning search. Both node kinds read the
// position, not the last move: what the defender must answer is whatever
// the attacker threatens on the board (a five point, or failing that an
// unstoppable four to come), so a three that survived a counter-four is
// still answered. Lists are sorted by score and then by cell, so a search
// does not depend on the order of the evaluator's sets, which changes with
// the move history.

// winMove is a candidate move and its ordering score.
type winMove struct {
	p     engine.Pos
	score int32
}

// winOutcome is what a generator says about a node before any search.
type winOutcome uint8

const (
	// winOpen: the node has to be searched through the listed moves.
	winOpen winOutcome = iota
	// winAttackerWins: the attacker wins by force without search (a five
	// on the board, or a threat with no defence); need says in how many
	// attacker moves.
	winAttackerWins
	// winDefenderHolds: the attacker has no forcing move that can still
	// work here (or the defender wins first).
	winDefenderHolds
)

// Ordering scores of the attacker's moves by combo. Moves that finish the
// attack come first, then fours, then threes; potentials break ties.
var winComboScore = [...]int32{
	eval.ComboStraightFour: 1 << 24, eval.ComboDoubleFour: 1 << 23, eval.ComboFourThree: 1 << 22,
	eval.ComboFour: 1 << 20, eval.ComboDoubleThree: 1 << 19, eval.ComboOpenThree: 1 << 18,
	eval.ComboDoubleClosedThree: 1 << 17, eval.ComboThree: 1 << 16,
	eval.ComboDoubleTwo: 1 << 15, eval.ComboTwo: 1 << 14,
	eval.ComboFive: 1 << 25,
}

// sortMoves orders a move list by score, best first, then by cell. The
// order is total (no two moves share a cell), so any sort gives the same
// list: short lists, most of them, go through an insertion sort written
// out here, which costs a fraction of the generic sort's calls through
// its comparison closure (4% of the VCT's time).
func sortMoves(ms []winMove) {
	if len(ms) > 16 {
		slices.SortFunc(ms, func(a, b winMove) int {
			if a.score != b.score {
				if a.score > b.score {
					return -1
				}
				return 1
			}
			return int(a.p - b.p)
		})
		return
	}
	for i := 1; i < len(ms); i++ {
		m := ms[i]
		j := i
		for ; j > 0 && movesBefore(m, ms[j-1]); j-- {
			ms[j] = ms[j-1]
		}
		ms[j] = m
	}
}

// movesBefore reports whether a sorts before b: a higher score, or the
// same score and a lower cell.
func movesBefore(a, b winMove) bool {
	return a.score > b.score || (a.score == b.score && a.p < b.p)
}

// minPos is the smallest cell of a non-empty list: a deterministic choice
// among equivalent points.
func minPos(ps []engine.Pos) engine.Pos {
	m := ps[0]
	for _, p := range ps[1:] {
		m = min(m, p)
	}
	return m
}

// legalFor reports whether colour c may play the empty cell p: renju black
// may not play a forbidden point, which the evaluator marks.
func (w *Search) legalFor(p engine.Pos, c engine.Color) bool {
	return w.b.At(p) == engine.Empty && !(c == engine.Black && w.th.Forbidden(p))
}

// blockCells lists the cells where colour c's stone might take away every
// five point in fives (the five points of c's opponent). Outside caro a
// five point can only be stopped by occupying it, so two of them cannot be
// stopped at all; under caro a stone at the far end of the five-to-be
// also stops it, so every empty cell within five along the lines through
// the first five point is a candidate, and each candidate is tried on the
// board: the caller filters with stopsFives.
func (w *Search) blockCells(dst []engine.Pos, fives []engine.Pos) []engine.Pos {
	f := minPos(fives)
	if !w.caro {
		if len(fives) == 1 {
			dst = append(dst, f)
		}
		return dst
	}
	return w.lineCells(append(dst, f), f)
}

// lineCells appends the empty cells on the four lines through f, up to
// five cells away.
func (w *Search) lineCells(dst []engine.Pos, f engine.Pos) []engine.Pos {
	for _, d := range w.b.Dirs() {
		for k := engine.Pos(1); k <= 5; k++ {
			for _, q := range [2]engine.Pos{f - k*d, f + k*d} {
				if w.b.At(q) == engine.Empty {
					dst = append(dst, q)
				}
			}
		}
	}
	return dst
}

// stopsFives reports whether a stone of colour c at p leaves c's opponent
// with no five point. Outside caro blockCells only offers the single five
// point, which always does; under caro the move is tried on a plain copy
// of the board (a stone of c never gives its opponent a new five point,
// so the opponent's five points before it are the ones to look at).
func (w *Search) stopsFives(p engine.Pos, c engine.Color) bool {
	if !w.caro {
		return true
	}
	o := c.Opp()
	pb := w.plainBoard()
	pb.Put(p, c)
	ok := true
	for _, f := range w.th.Fives(o) {
		if pb.At(f) == engine.Empty && pb.IsFive(f, o) {
			ok = false
			break
		}
	}
	pb.Undo()
	return ok
}

// plainBoard is a copy of the search board without observers, for the
// caro tests that play a stone or two and read the board only (cheaper
// than updating the evaluator). The copy is made once per position.
func (w *Search) plainBoard() *engine.Board {
	if w.plain == nil || w.plain.Hash() != w.b.Hash() || w.plain.MoveCount() != w.b.MoveCount() {
		w.plain = w.b.Clone()
	}
	return w.plain
}

// attackerMoves generates an attacker node with budget attacker moves left
// (the final five included). need is set for winAttackerWins.
func (w *Search) attackerMoves(dst []winMove, ply, budget int) (ms []winMove, out winOutcome, need int) {
	ev, a, d := w.th, w.att, w.def
	if len(ev.Fives(a)) > 0 {
		return dst, winAttackerWins, 1
	}
	if budget < 2 {
		w.cutoffs++
		return dst, winDefenderHolds, 0
	}
	if df := ev.Fives(d); len(df) > 0 {
		// The defender threatens five: block it, with a four in a VCF.
		w.cells = w.blockCells(w.cells[:0], df)
		for _, p := range w.cells {
			if !w.legalFor(p, a) || !w.stopsFives(p, a) {
				continue
			}
			if w.kind == proof.VCF && ev.Flags(p, a)&eval.FlagFour == 0 {
				continue
			}
			dst = append(dst, winMove{p, w.attackScore(p)})
		}
		sortMoves(dst)
		if len(dst) == 0 {
			return dst, winDefenderHolds, 0
		}
		return dst, winOpen, 0
	}
	if last := w.zoneCentre(); last != engine.NoPos {
		for _, p := range ev.Fours(a) {
			if w.inZone(p, last) {
				dst = append(dst, winMove{p, w.attackScore(p)})
			}
		}
	} else {
		for _, p := range ev.Fours(a) {
			dst = append(dst, winMove{p, w.attackScore(p)})
		}
	}
	if w.kind == proof.VCT {
		if w.quietLimit > 0 && w.quiet >= w.quietLimit {
			w.quietCuts++
		} else if budget >= 3 && (!w.weighted || affords(budget, eval.ComboOpenThree)) {
			quiet := len(dst)
			for _, p := range ev.Threes(a) {
				dst = append(dst, winMove{p, w.attackScore(p)})
			}
			if w.threatLevel() >= 1 {
				dst = w.closedThrees(dst, budget)
			}
			if w.ThreatZone > 0 {
				dst = w.threatZone(dst, quiet)
			}
			if len(dst) > quiet {
				dst = w.againstCounterVCF(dst, quiet, ply+1)
			}
		} else {
			w.cutoffs++
		}
		if budget >= 3 && w.Method == DepthFirst {
			w.orderByWork(dst)
		}
	}
	sortMoves(dst)
	if len(dst) == 0 {
		return dst, winDefenderHolds, 0
	}
	return dst, winOpen, 0
}

// winWorkShift scales orderByWork's bonus: a move gains 2^winWorkShift
// per doubling of the nodes its refutation took, so an open three (scored
// 2^18) is tried before a four (2^20) whose refutation took a quarter of
// its work or less. On every eighth renju VCT problem at 800,000 nodes
// (with the defender history; 117 of 135 solved, 18,687,632 nodes
// without the ordering), with the lookups at every attacker node: shifts
// 17, 19 and 21 solved 117, 119 and 119, with 1.8%, 3.9% and 4.8% fewer
// nodes; as kept (VCT nodes with 3 or more moves left), shift 19: 119,
// 3.9% fewer.
const winWorkShift = 19

// orderByWork raises the score of each attacking move in ms by the work
// its refutation took in the last iteration (noteRefuted), where the
// table still holds it. The iterations before the one that finds a win
// fail, and at a node on the winning line the winning move is often the
// one that was hardest to refute with one move less: with the proof's own
// moves tried first (an oracle, on two problems solved in about 1 s), the
// last iteration took 2.3k and 1.1k nodes instead of 342k and 238k.
// Only where ordering pays for the lookups: VCT nodes with three moves or
// more left (the VCFs and the last two moves are most of the nodes).
func (w *Search) orderByWork(ms []winMove) {
	for i := range ms {
		if e := w.tt.probe(w.keyOf(w.b.HashAfter(ms[i].p))); e != nil {
			ms[i].score += int32(e.work) << winWorkShift
		}
	}
}

// attackScore orders the attacker's moves: by combo, then by history
// (moves that proved other nodes), then by potential.
func (w *Search) attackScore(p engine.Pos) int32 {
	c := w.th.Combo(p, w.att)
	s := int32(0)
	if int(c) < len(winComboScore) {
		s = winComboScore[c]
	}
	return s + w.hist[p] + int32(w.ev.Potential(p, w.att)+w.ev.Potential(p, w.def)/2)
}

// defenderMoves generates a defender node: the attacker has just moved and
// has budget moves left. The replies are every move that can parry the
// threat on the board:
//   - against five points: the blocks (one cell outside caro; a black
//     defender may not block on a forbidden point, which is how white wins
//     many renju VCFs);
//   - in a VCT, against the attacker's unstoppable-four points (an open
//     three on the board): every move after which none is left, plus every
//     four of the defender's own (counter-fours, which force a block and
//     may win the tempo back). Any other move lets the attacker make an
//     unstoppable four against a defender who has no five to make.
func (w *Search) defenderMoves(dst []winMove, ply, budget int) (ms []winMove, out winOutcome, need int) {
	ev, a, d := w.th, w.att, w.def
	if len(ev.Fives(d)) > 0 {
		return dst, winDefenderHolds, 0
	}
	if f := ev.Fives(a); len(f) > 0 {
		w.cells = w.blockCells(w.cells[:0], f)
		for _, p := range w.cells {
			if w.legalFor(p, d) && w.stopsFives(p, d) {
				dst = append(dst, winMove{p, w.defendScore(p)})
			}
		}
		if len(dst) == 0 {
			return dst, winAttackerWins, 1
		}
		sortMoves(dst)
		return dst, winOpen, 0
	}
	if w.kind == proof.VCF {
		return dst, winDefenderHolds, 0
	}
	if budget < 2 {
		w.cutoffs++
		return dst, winDefenderHolds, 0
	}
	q := w.unstoppable()
	if q == engine.NoPos {
		return w.threatReplies(dst, ply, budget)
	}
	if w.caro {
		dst = w.caroKillers(dst, q)
	} else {
		ks, ok := w.killers()
		if !ok {
			return w.threatReplies(dst, ply, budget)
		}
		for _, p := range ks {
			if w.legalFor(p, d) && ev.Flags(p, d)&eval.FlagFour == 0 { // counter-fours follow
				dst = append(dst, winMove{p, w.defendScore(p)})
			}
		}
		if a == engine.Black && w.b.Rule() == engine.Renju {
			dst = w.forbiddingKillers(dst) // ks is w.cells, which this reuses
		}
	}
	for _, p := range ev.Fours(d) {
		dst = append(dst, winMove{p, w.defendScore(p) + 1<<24})
	}
	if len(dst) == 0 {
		return dst, winAttackerWins, 2
	}
	sortMoves(dst)
	return dst, winOpen, 0
}

// killers lists the cells where one defender stone leaves the attacker
// no unstoppable four, outside caro. A defender stone takes an
// unstoppable point q away only by occupying it, or one of its five
// points-to-be when it has exactly two (a straight four, or two fours of
// one five point each); it never makes a new one. So the killers are the
// cells every unstoppable point loses to, read off the evaluator without
// playing anything. ok is false when no point is truly unstoppable (the
// evaluator's two fours share their five point).
func (w *Search) killers() (cells []engine.Pos, ok bool) {
	ev, a := w.th, w.att
	first := true
	w.cells = w.cells[:0]
	for _, q := range ev.Fours(a) {
		if !ev.StrongFour(q, a) {
			continue
		}
		k := append(w.kill[:0], q)
		k = ev.AppendFivePoints(k, q, a)
		slices.Sort(k[1:])
		k = slices.Compact(k)
		switch {
		case len(k) == 2:
			continue // two fours through one five point: stoppable after all
		case len(k) > 3:
			k = k[:1] // three or more five points: only q itself
		}
		w.kill = k
		if first {
			w.cells = append(w.cells[:0], k...)
			first = false
			continue
		}
		w.cells = slices.DeleteFunc(w.cells, func(p engine.Pos) bool { return !slices.Contains(k, p) })
		if len(w.cells) == 0 {
			break
		}
	}
	return w.cells, !first
}

// forbiddingKillers appends, under renju with black attacking, the white
// replies that stop every unstoppable four by making its point forbidden,
// which killers cannot see: a white stone can block a line through the
// straight-four point of a three of black's, so that point is no longer
// forbidden and the three becomes real, and a four point with two real
// threes is forbidden (a 4-3-3). Only a point where black already has
// two threes can turn forbidden this way (white makes no black four,
// three or overline), so the candidates are the cells on the lines
// through its threes' straight-four points, each tried on a plain copy
// of the board.
func (w *Search) forbiddingKillers(dst []winMove) []winMove {
	ev := w.th
	w.kill = w.unstoppableCands(w.kill[:0])
	w.cells = w.cells[:0]
	for _, q := range w.kill {
		if w.blackThrees(q) < 2 {
			continue
		}
		for dir := range 4 {
			if ev.Class(q, dir, engine.Black) == eval.ClassOpenThree {
				w.gains = ev.AppendGains(w.gains[:0], q, dir, engine.Black)
				for _, g := range w.gains {
					w.cells = w.lineCells(w.cells, g)
				}
			}
		}
	}
	return w.appendStoppers(dst)
}

// blackThrees is the number of directions in which black's stone at q
// would make an open three (real or not: the classes read lines only).
func (w *Search) blackThrees(q engine.Pos) int {
	n := 0
	for dir := range 4 {
		if w.th.Class(q, dir, engine.Black) == eval.ClassOpenThree {
			n++
		}
	}
	return n
}

// caroKillers appends the replies that stop the unstoppable point q and
// every other one under caro, where a stone beyond a five point also
// spoils it: the candidates near q's five points are each tried. A
// defender stone never makes a new unstoppable point, so after it only
// the attacker's unstoppable points of now (the candidates the evaluator
// gives) need trying, on a plain copy of the board.
func (w *Search) caroKillers(dst []winMove, q engine.Pos) []winMove {
	ev, a := w.th, w.att
	w.cells = append(w.cells[:0], q)
	w.cells = ev.AppendFivePoints(w.cells, q, a)
	n := len(w.cells)
	for _, f := range w.cells[1:n] {
		w.cells = w.blockCells(w.cells, []engine.Pos{f})
	}
	w.kill = w.unstoppableCands(w.kill[:0])
	return w.appendStoppers(dst)
}

// appendStoppers appends the candidate cells in w.cells after which, on a
// plain copy of the board, none of the attacker's unstoppable points of
// now (w.kill) is still unstoppable, or under renju for black, still
// legal. A defender stone never makes a new unstoppable point, so those
// are the only ones to try. Cells in dst already, illegal ones and the
// defender's fours (the caller lists them) are left out.
func (w *Search) appendStoppers(dst []winMove) []winMove {
	a, d := w.att, w.def
	if len(w.cells) == 0 {
		return dst
	}
	renju := a == engine.Black && w.b.Rule() == engine.Renju
	slices.Sort(w.cells)
	w.cells = slices.Compact(w.cells)
	listed := dst
	pb := w.plainBoard()
	for _, p := range w.cells {
		if !w.legalFor(p, d) || w.th.Flags(p, d)&eval.FlagFour != 0 ||
			slices.ContainsFunc(listed, func(m winMove) bool { return m.p == p }) {
			continue
		}
		pb.Put(p, d)
		ok := true
		for _, u := range w.kill {
			if u != p && !(renju && pb.IsForbidden(u)) && unstoppableAt(pb, u, a) {
				ok = false
				break
			}
		}
		pb.Undo()
		if ok {
			dst = append(dst, winMove{p, w.defendScore(p)})
		}
	}
	return dst
}

// unstoppableCands appends the attacker's points the evaluator rates a
// straight four or a double four.
func (w *Search) unstoppableCands(dst []engine.Pos) []engine.Pos {
	for _, p := range w.th.Fours(w.att) {
		if w.th.StrongFour(p, w.att) {
			dst = append(dst, p)
		}
	}
	return dst
}

// unstoppableAt reports whether colour c's stone at the empty cell u
// of the plain board b leaves five points that no single stone of the
// opponent's takes away.
func unstoppableAt(b *engine.Board, u engine.Pos, c engine.Color) bool {
	b.Put(u, c)
	ok := proof.UnstoppableFour(b, u, c)
	b.Undo()
	return ok
}

// unstoppable returns an attacker point that makes an unstoppable four (a
// straight four, or two fours where a colour may make them), or NoPos.
// Under caro the evaluator's straight four is only a candidate: a stone
// beyond one five point can close both fives at once (a four whose far
// end is already the defender's), so each is played, on a plain copy of
// the board, and tried against every single defender stone.
func (w *Search) unstoppable() engine.Pos {
	best := engine.NoPos
	for _, p := range w.th.Fours(w.att) {
		if !w.th.StrongFour(p, w.att) {
			continue
		}
		if best != engine.NoPos && p > best {
			continue
		}
		if w.caro && !unstoppableAt(w.plainBoard(), p, w.att) {
			continue
		}
		best = p
	}
	return best
}

// defendScore orders the defender's replies: the ones that hurt the
// attacker most are tried first, so a refutation is found early, and
// among equals those that refuted other attacks (the defender history:
// on every eighth renju VCT problem at 800,000 nodes, 19,225,373 nodes
// without it and 18,687,632 with it, 117 solved either way).
func (w *Search) defendScore(p engine.Pos) int32 {
	s := int32(0)
	if c := w.th.Combo(p, w.def); int(c) < len(winComboScore) {
		s = winComboScore[c] >> 4
	}
	return s + w.dhist[p] + int32(w.ev.Potential(p, w.def)+w.ev.Potential(p, w.att))
}
