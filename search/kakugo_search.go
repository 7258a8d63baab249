package search

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/eval"
)

// search runs the primary MCTS from b over the allowed moves (nil: all
// candidates) and returns the best move and the ranked root moves.
func (k *Kakugo) search(ctx context.Context, b *engine.Board, lim Limits, bud Budget, timed bool, allowed []engine.Pos, nbest int) (engine.Pos, []mctsRanked) {
	s := &mctsSearch{
		pool:        k.pool,
		cfg:         &k.cfg,
		seed:        k.opt.Seed ^ b.Hash(),
		maxPlayouts: lim.MaxNodes,
		timed:       timed,
		budget:      bud,
		ctx:         ctx,
	}
	if !timed && s.maxPlayouts <= 0 {
		s.maxPlayouts = kakugoUntimedPlayouts
	}
	nt := k.threads(lim)
	for len(k.policies) < nt && k.opt.NewPolicy != nil {
		k.policies = append(k.policies, k.opt.NewPolicy())
	}
	workers := make([]*mctsWorker, nt)
	for i := range workers {
		var pol Policy
		if k.opt.NewPolicy != nil {
			pol = k.policies[i]
		}
		workers[i] = newMctsWorker(s, b, i, pol)
		if k.cfg.vcfProbe > 0 {
			for len(k.probes) <= i {
				k.probes = append(k.probes, k.newProver(kakugoProbeEntries))
			}
			workers[i].vcf = k.probes[i]
		}
	}
	defer func() {
		for _, w := range workers {
			w.release()
		}
	}()
	if !k.setRoot(s, b, workers[0], allowed, bud, timed) {
		return kakugoFallback(b, allowed), nil
	}
	k.stats.reused = k.pool.node(s.root).visits.Load()
	ranked := s.ranked()
	if len(ranked) > 1 || nbest > 1 {
		s.run(workers)
		ranked = s.ranked()
	}
	k.stats.playouts, k.stats.nodes = s.stats.playouts, s.stats.nodes
	k.stats.mctsTime, k.stats.threads = s.elapsed, nt
	if len(ranked) == 0 {
		return kakugoFallback(b, allowed), nil
	}
	k.keepRoot(b, s.root)
	move := ranked[0].move
	if lim.Info != nil {
		lim.Info(kakugoSearchLine(b, s, ranked[0], bud))
	}
	return move, ranked
}

// kakugoCompactCost bounds the time compaction takes per node in use
// (measured: 49 ns of CPU per node in use, compacting a 1.07M-node tree
// to its most visited child's subtree on the development machine).
const kakugoCompactCost = 50 * time.Nanosecond

// setRoot places the search's root at b: the node of the kept tree the game
// has reached, or a fresh one, expanded, with its children restricted to
// allowed when given. It reports false when b has no move to search.
func (k *Kakugo) setRoot(s *mctsSearch, b *engine.Board, w *mctsWorker, allowed []engine.Pos, bud Budget, timed bool) bool {
	pool := k.pool
	kept := k.reuse(b)
	if kept && pool.Used() > pool.limit/2 {
		// Half full: slide the live subtree to the front, unless that
		// could take a noticeable part of a short move.
		if time.Duration(pool.Used())*kakugoCompactCost < bud.Hard()/8 || !timed {
			k.tree.root = pool.compact(k.tree.root)
			k.tree.fresh = true // the ancestors are gone
		} else {
			kept = false
		}
	}
	if !kept {
		pool.reset()
		idx, _ := pool.alloc(1) // an empty pool has room for one node
		pool.node(idx).init(b.LastMove(), 1)
		k.tree = kakugoTree{ok: true, root: idx, fresh: true}
	}
	s.root = k.tree.root
	root := pool.node(s.root)
	if allowed != nil && root.state.Load() == mctsExpanded && !kakugoCovers(pool, root, allowed) {
		// The parries are not all among the kept children: list them alone
		// under a fresh root.
		pool.reset()
		idx, _ := pool.alloc(1)
		pool.node(idx).init(b.LastMove(), 1)
		k.tree = kakugoTree{ok: true, root: idx, fresh: true}
		s.root, root = idx, pool.node(idx)
		if !k.expandWith(s, w, root, allowed) {
			return false
		}
	}
	if root.state.Load() == mctsLeaf {
		if allowed != nil {
			if !k.expandWith(s, w, root, allowed) {
				return false
			}
		} else if root.state.CompareAndSwap(mctsLeaf, mctsExpanding) && !w.expand(root, true) {
			return false
		}
	}
	if root.state.Load() != mctsExpanded {
		return false
	}
	if allowed != nil {
		kids := pool.block(root.first, int(root.count))
		s.allowed = make([]bool, len(kids))
		for i := range kids {
			s.allowed[i] = slices.Contains(allowed, kids[i].move)
		}
	}
	return true
}

// kakugoCovers reports whether every move of list is a child of n.
func kakugoCovers(pool *mctsPool, n *mctsNode, list []engine.Pos) bool {
	kids := pool.block(n.first, int(n.count))
	for _, p := range list {
		found := false
		for i := range kids {
			if kids[i].move == p {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}

// expandWith expands the root n with exactly the legal moves of list, their
// priors from the evaluator's logits.
func (k *Kakugo) expandWith(s *mctsSearch, w *mctsWorker, n *mctsNode, list []engine.Pos) bool {
	b, e := w.b, w.e
	me := b.SideToMove()
	w.gen.next()
	w.gen.cands = w.gen.cands[:0]
	for _, p := range list {
		if b.Legal(p) {
			w.gen.add(e, p, me, me.Opp())
		}
	}
	if len(w.gen.cands) == 0 {
		return false
	}
	w.gen.sort(0)
	cands := w.gen.cands
	w.moves, w.probs = mctsPriors(cands, b, w.pol, w.moves, w.probs)
	first, ok := s.pool.alloc(len(cands))
	if !ok {
		return false
	}
	kids := s.pool.block(first, len(cands))
	for i, c := range cands {
		kids[i].init(c.p, c.score)
	}
	n.first, n.count, n.kind = first, uint16(len(cands)), mctsKindOpen
	n.state.Store(mctsExpanded)
	return true
}

// reuse moves the kept tree's root to b when b continues the game the tree
// was built for, by the moves played since (ours and the opponent's), or,
// after a TAKEBACK, when b is still reached from the tree's base; it
// reports false when the tree cannot serve (another game, a takeback past
// the base, a position set up anew, a move the tree never expanded).
func (k *Kakugo) reuse(b *engine.Board) bool {
	t := &k.tree
	if !t.ok || t.w != b.Width() || t.h != b.Height() || t.rule != b.Rule() {
		return false
	}
	idx, side, ok := k.walk(b, t.root, len(t.moves), t.side)
	if !ok {
		idx, side, ok = k.walk(b, t.base, t.baseLen, t.baseSide)
	}
	if !ok {
		return false
	}
	t.root, t.side = idx, side
	t.moves = append(t.moves[:0], b.Moves()...)
	t.colours = t.colours[:0]
	for _, p := range t.moves {
		t.colours = append(t.colours, b.At(p))
	}
	return true
}

// walk follows b's moves down from node idx, whose position is the tree's
// first n moves with side to move, and returns the node of b's position;
// ok is false when b does not extend those n moves or the tree lacks a
// node on the way.
func (k *Kakugo) walk(b *engine.Board, idx int32, n int, side engine.Color) (int32, engine.Color, bool) {
	t := &k.tree
	moves := b.Moves()
	if len(moves) < n || n > len(t.moves) {
		return 0, side, false
	}
	for i, p := range t.moves[:n] {
		if moves[i] != p || b.At(p) != t.colours[i] {
			return 0, side, false
		}
	}
	pool := k.pool
	for _, p := range moves[n:] {
		nd := pool.node(idx)
		if b.At(p) != side || nd.state.Load() != mctsExpanded {
			return 0, side, false
		}
		kids := pool.block(nd.first, int(nd.count))
		next := int32(-1)
		for i := range kids {
			if kids[i].move == p {
				next = nd.first + int32(i)
				break
			}
		}
		if next < 0 {
			return 0, side, false
		}
		idx, side = next, side.Opp()
	}
	return idx, side, side == b.SideToMove()
}

// keepRoot records that the tree's root stands at b; a new root becomes
// the base as well.
func (k *Kakugo) keepRoot(b *engine.Board, root int32) {
	t := &k.tree
	t.ok, t.root = true, root
	t.w, t.h, t.rule, t.side = b.Width(), b.Height(), b.Rule(), b.SideToMove()
	t.moves = append(t.moves[:0], b.Moves()...)
	t.colours = t.colours[:0]
	for _, p := range t.moves {
		t.colours = append(t.colours, b.At(p))
	}
	if t.fresh {
		t.base, t.baseLen, t.baseSide, t.fresh = root, len(t.moves), t.side, false
	}
}

// kakugoFallback is the greedy choice among the allowed moves (nil: all),
// for positions the tree cannot search (no candidate, no memory).
func kakugoFallback(b *engine.Board, allowed []engine.Pos) engine.Pos {
	e := eval.Attach(b)
	defer e.Detach()
	return kakugoChoice(e, allowed)
}

// kakugoChoice is the greedy player's move when the player has no time or
// no tree to search, kept to the allowed moves when there are any: the
// moves that parry the opponent's proven forced win, outside which every
// move loses. The greedy choice stands when it is one of them; otherwise
// the legal parry of the highest greedy value (greedyChoice's sum) is
// played, the first in the list among equals.
func kakugoChoice(e *eval.Evaluator, allowed []engine.Pos) engine.Pos {
	move := greedyChoice(e)
	if len(allowed) == 0 || slices.Contains(allowed, move) {
		return move
	}
	b := e.Board()
	me, op := b.SideToMove(), b.SideToMove().Opp()
	best, bestValue := engine.NoPos, 0
	for _, p := range allowed {
		if !b.Legal(p) {
			continue
		}
		v := greedyAttack[e.Combo(p, me)] + greedyDefence[e.Combo(p, op)] +
			e.WeightedPotential(p, me)
		if best == engine.NoPos || v > bestValue {
			best, bestValue = p, v
		}
	}
	if best == engine.NoPos { // no parry is legal: nothing saves the game
		return move
	}
	return best
}

// kakugoMoves writes moves in pos notation, space separated.
func kakugoMoves(b *engine.Board, moves []engine.Pos) string {
	parts := make([]string, len(moves))
	for i, p := range moves {
		parts[i] = engine.FormatMove(b.XY(p))
	}
	return strings.Join(parts, " ")
}

// kakugoRate writes a per-second rate briefly (950, 12.3k, 1.2M).
func kakugoRate(n int64, d time.Duration) string {
	r := float64(n) / max(d.Seconds(), 1e-9)
	switch {
	case r >= 1e6:
		return fmt.Sprintf("%.1fM", r/1e6)
	case r >= 1e4:
		return fmt.Sprintf("%.0fk", r/1e3)
	case r >= 1e3:
		return fmt.Sprintf("%.1fk", r/1e3)
	}
	return fmt.Sprintf("%.0f", r)
}

// kakugoEv is a root move's value as engine users read it: the win rate
// from 0 to 1, or the proven result.
func kakugoEv(r mctsRanked) string {
	switch r.proof {
	case 1:
		return "win"
	case -1:
		return "loss"
	}
	return fmt.Sprintf("%.2f", (r.value+1)/2)
}

// kakugoSearchLine is the MESSAGE line after a search:
// depth avg-max | ev | playouts | playouts per second | ms | pv.
func kakugoSearchLine(b *engine.Board, s *mctsSearch, best mctsRanked, bud Budget) string {
	st := s.stats
	avg := 0
	if st.playouts > 0 {
		avg = int(st.depthSum / st.playouts)
	}
	return fmt.Sprintf("depth %d-%d | ev %s | n %d | nps %s | tm %d | pv %s",
		avg, st.depthMax, kakugoEv(best), st.playouts, kakugoRate(st.playouts, s.elapsed),
		bud.Elapsed().Milliseconds(), kakugoMoves(b, s.pv(best.move, 12)))
}

// kakugoWinLine is the MESSAGE line for a proven win.
func kakugoWinLine(b *engine.Board, vct bool, r kakugoWin, bud Budget) string {
	kind := "vcf"
	if vct {
		kind = "vct"
	}
	return fmt.Sprintf("%s win | n %d | tm %d | pv %s", kind, r.nodes, bud.Elapsed().Milliseconds(), kakugoMoves(b, r.line))
}

// kakugoNBestLine is the MESSAGE line of the i-th best move.
func kakugoNBestLine(b *engine.Board, i int, r mctsRanked) string {
	return fmt.Sprintf("nbest %d %s | n %d | ev %s", i, engine.FormatMove(b.XY(r.move)), r.visits, kakugoEv(r))
}
