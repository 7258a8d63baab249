package mcts

import (
	"math"
	"math/rand/v2"
	"time"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/eval"
	"github.com/kakugo/kakugo/search/proof"
	"github.com/kakugo/kakugo/search/win"
)

// mctsWorker is one search thread: its own copy of the root position with
// its own evaluator and neighbourhood set attached, its own random numbers,
// candidate lists and counters. Only the tree is shared.
type mctsWorker struct {
	s    *mctsSearch
	b    *engine.Board
	e    *eval.Evaluator
	near *mctsNear
	gen  *mctsGen
	rng  *rand.Rand
	pol  Policy      // asked at every expansion (the eager schedule), or nil
	net  Policy      // asked on the lazy schedule (mcts_policy.go), or nil
	deep Policy      // the lazy schedule's deep tier (mcts_policy.go), or nil
	vcf  *win.Search // the in-tree VCF probe, or nil
	// prober runs vcf's verdicts on its own copy of the game with the
	// threat tracker (win.Prober), set with vcf.
	prober *win.Prober

	// netIsDeep: net is the deep tier's policy, the only one (its window
	// and the first tier's overlap).
	netIsDeep bool

	path    []int32
	applied []engine.Pos // the moves on b beyond the root, in order (see sync)
	moves   []engine.Pos
	probs   []float32
	logits  []float32
	weights []uint64

	// Counters, read by the search once the thread has stopped.
	playouts int64
	nodes    int64 // moves made: tree descents and roll-out plies
	depthSum int64
	depthMax int
}

// newMctsWorker sets up thread id on a copy of root.
func newMctsWorker(s *mctsSearch, root *engine.Board, id int, pol, deep Policy) *mctsWorker {
	b := root.Clone()
	w := &mctsWorker{
		s:    s,
		b:    b,
		e:    eval.Attach(b),
		near: newMctsNear(b),
		gen:  newMctsGen(b, s.cfg.prior),
		rng:  rand.New(rand.NewPCG(s.seed, uint64(id)*0x9e3779b97f4a7c15+1)),
	}
	if s.cfg.priorScale > 0 {
		w.gen.scale = s.cfg.priorScale
	}
	switch {
	case s.cfg.policyAt <= 0:
		w.pol = pol // eager: the deep tier does not apply
	case pol == nil:
	case deep != nil && s.cfg.deepAt < s.cfg.policyAt+s.refineWindow():
		w.net, w.netIsDeep = deep, true // the windows would overlap: the deep policy alone
	default:
		w.net, w.deep = pol, deep
	}
	b.Attach(w.near)
	return w
}

// useProbes gives the worker the probes' search and the prober that runs
// its verdicts, which takes the worker's board as it is now (the root) for
// its root.
func (w *mctsWorker) useProbes(s *win.Search, p *win.Prober) {
	w.vcf, w.prober = s, p
	p.Reset(s, w.b)
}

// release detaches the worker's observers.
func (w *mctsWorker) release() {
	w.e.Detach()
	w.b.Detach(w.near)
}

// playout runs one descent from the root: select by PUCT down to a leaf,
// expand it if it has been visited often enough, evaluate the position
// reached, and back the value up the path.
//
// The moves of the path are made on the worker's board only where the
// position is needed (sync): selection reads the tree alone. A playout
// leaves its moves on the board, and the next one takes back only those
// past the prefix the two paths share, since consecutive playouts often
// follow the same line for several plies and making and taking back moves
// (the evaluator's updates) is the largest part of a playout's cost.
//
// It returns the number of leaves it valued: 1, or with Options.ExpandEval
// the children it valued at an expansion (valueChildren), each a playout.
func (w *mctsWorker) playout() int64 {
	s := w.s
	pool := s.pool
	w.path = append(w.path[:0], s.root)
	idx := s.root
	var value float64 // for the player who moved into the last node
	proved := false
	for {
		n := pool.node(idx)
		if pr := n.proof.Load(); pr != 0 {
			value, proved = float64(pr), true
			break
		}
		st := n.state.Load()
		if st == mctsTerminal {
			break // a draw: value 0
		}
		if len(w.path) > 1 && (w.s.cfg.vctProbe > 0 || w.s.cfg.vctRoot > 0) && w.vctWins(n) {
			n.proof.Store(-1) // the side to move wins: the player who moved here loses
			value, proved = -1, true
			break
		}
		if st == mctsExpanded {
			if w.net != nil && len(w.path) > 1 {
				w.maybeRefine(idx, n)
			}
			i := w.rootFocus(n)
			if i < 0 {
				i = w.selectChild(n, len(w.path) == 1)
			}
			child := n.first + int32(i)
			c := pool.node(child)
			c.vloss.Add(1)
			w.nodes++
			w.path = append(w.path, child)
			idx = child
			continue
		}
		if st == mctsLeaf && n.visits.Load() >= s.cfg.expandAt && !pool.full.Load() &&
			n.state.CompareAndSwap(mctsLeaf, mctsExpanding) {
			w.sync()
			if w.expand(n, len(w.path) == 1) {
				if w.net != nil && len(w.path) > 1 {
					w.refineLate(idx, n)
				}
				if k := s.cfg.expandEval; k > 0 {
					if count, sum, pr := w.valueChildren(n, k); count > 0 {
						w.backupMany(count, sum, pr)
						w.playouts += int64(count)
						w.depthSum += int64(count) * int64(len(w.path))
						w.depthMax = max(w.depthMax, len(w.path))
						return int64(count)
					}
				}
				continue // descend into the new children
			}
			if pr := n.proof.Load(); pr != 0 {
				value, proved = float64(pr), true
				break
			}
			if n.state.Load() == mctsTerminal {
				break
			}
		}
		w.sync()
		value, proved = w.evaluate(n)
		break
	}
	depth := len(w.path) - 1
	w.backup(value, proved)
	w.playouts++
	w.depthSum += int64(depth)
	w.depthMax = max(w.depthMax, depth)
	return 1
}

// sync makes the worker's board the position of the path's last node: it
// takes back the moves on the board past the prefix they share with the
// path's moves and makes the path's remaining ones. The moves are the same
// in the same order as making the whole path from the root, so the board,
// its history and the evaluator are exactly what that would give.
func (w *mctsWorker) sync() {
	pool := w.s.pool
	d := len(w.path) - 1
	common := 0
	for common < len(w.applied) && common < d && w.applied[common] == pool.node(w.path[common+1]).move {
		common++
	}
	for len(w.applied) > common {
		w.b.Undo()
		w.applied = w.applied[:len(w.applied)-1]
	}
	for j := common; j < d; j++ {
		m := pool.node(w.path[j+1]).move
		w.b.Make(m)
		w.applied = append(w.applied, m)
	}
}

// unwind takes back every move the playouts left on the worker's board.
func (w *mctsWorker) unwind() {
	for range w.applied {
		w.b.Undo()
	}
	w.applied = w.applied[:0]
}

// rootFocus is the root child every playout enters once the search
// focuses on its settled move (mctsSearch.focus), or -1: below the root,
// or no focus.
func (w *mctsWorker) rootFocus(n *mctsNode) int {
	if len(w.path) != 1 {
		return -1
	}
	f := int(w.s.focus.Load())
	if f <= 0 || f > int(n.count) || w.s.pool.node(n.first+int32(f-1)).proof.Load() == -1 {
		return -1
	}
	return f - 1
}

// selectChild is the PUCT choice among n's children: the highest
// Q + c * P * sqrt(N) / (1 + n), where unvisited children take the parent's
// value less a reduction (first-play urgency). A child proven to win is
// taken at once; children proven to lose are skipped while any other is
// left. At the root only the allowed children count.
func (w *mctsWorker) selectChild(n *mctsNode, atRoot bool) int {
	s := w.s
	kids := s.pool.block(n.first, int(n.count))
	parentN := float64(n.visits.Load() + n.vloss.Load())
	c := s.cfg.cpuct
	if atRoot {
		c = s.cfg.rootCPuct
	}
	scale := c * math.Sqrt(max(parentN, 1))
	fpu := -n.mean() - s.cfg.fpuReduction
	best, bestScore, fallback := -1, math.Inf(-1), -1
	for i := range kids {
		if atRoot && s.allowed != nil && !s.allowed[i] {
			continue
		}
		k := &kids[i]
		switch k.proof.Load() {
		case 1:
			return i
		case -1:
			if fallback < 0 {
				fallback = i
			}
			continue
		}
		q, v, ok := k.q()
		if !ok {
			q = fpu
		}
		score := q + scale*float64(k.priorP())/float64(1+v+k.vloss.Load())
		if score > bestScore {
			best, bestScore = i, score
		}
	}
	if best < 0 {
		best = fallback // every child loses: any of them
	}
	return best
}

// expand lists n's children (n is the position on the worker's board) and
// publishes them. It reports false, leaving n a leaf or making it terminal,
// when the game is over there or the pool is full.
func (w *mctsWorker) expand(n *mctsNode, atRoot bool) bool {
	s := w.s
	maxN := s.cfg.maxChildren
	if atRoot {
		maxN = 0
	}
	cands, out := w.gen.candidates(w.e, w.near, maxN)
	if out == mctsMoves && !atRoot {
		if w.vcfWins() {
			out = mctsWin
		} else if set := w.threatened(); len(set) > 0 {
			if only := w.gen.only(w.e, set, maxN); len(only) > 0 {
				cands = only
			}
		}
	}
	switch out {
	case mctsWin:
		n.proof.Store(-1) // the player who moved here loses
		n.state.Store(mctsTerminal)
		return false
	case mctsLoss:
		n.proof.Store(1)
		n.state.Store(mctsTerminal)
		return false
	case mctsDraw:
		n.state.Store(mctsTerminal)
		return false
	}
	w.moves, w.probs = mctsPriors(cands, w.b, w.pol, s.cfg.policyPow, w.moves, w.probs)
	first, ok := s.pool.alloc(len(cands))
	if !ok {
		n.state.Store(mctsLeaf)
		return false
	}
	kids := s.pool.block(first, len(cands))
	for i, c := range cands {
		kids[i].init(c.p, c.score)
	}
	n.first, n.count, n.kind = first, uint16(len(cands)), mctsKindOpen
	if out == mctsForced {
		n.kind = mctsKindForced
	}
	n.state.Store(mctsExpanded)
	return true
}

// vcfWins runs the in-tree VCF probe at the worker's position when the side
// to move has a four to start one: a proven win makes the node terminal.
// The root is left to the player's own winning search.
func (w *mctsWorker) vcfWins() bool {
	if w.vcf == nil || w.s.cfg.vcfProbe <= 0 || len(w.e.Fours(w.b.SideToMove())) == 0 {
		return false
	}
	return w.proves(proof.VCF, time.Time{}, w.s.cfg.vcfProbe)
}

// proves asks the probe's search whether the side to move at the worker's
// position wins by kind within nodes (and deadline, when set). Only the
// verdict is used, so the search reports it as soon as it proves the
// root, without extracting the proof or replaying it through the checker
// (win.Search.Verdict), which took a fifth of the VCF probes' time on the
// bench; Threat, which reads a proof's cells, gets it whole.
func (w *mctsWorker) proves(kind proof.Kind, deadline time.Time, nodes int64) bool {
	r := w.prober.Verdict(w.s.ctx, w.b, w.e, kind, deadline, nodes)
	w.nodes += r.Nodes
	return r.Win
}

// evaluate values the leaf n for the player who moved into it: a five for
// the side to move there is a proven loss, a full board a draw, otherwise a
// roll-out or the static evaluation.
func (w *mctsWorker) evaluate(n *mctsNode) (float64, bool) {
	b, e := w.b, w.e
	if len(e.Fives(b.SideToMove())) > 0 {
		n.proof.Store(-1)
		n.state.CompareAndSwap(mctsLeaf, mctsTerminal)
		return -1, true
	}
	if b.Full() {
		n.state.CompareAndSwap(mctsLeaf, mctsTerminal)
		return 0, false
	}
	switch w.s.cfg.leaf {
	case LeafStatic:
		return -w.staticValue(), false
	case LeafLearned:
		return -w.s.cfg.valuer.LeafValue(e), false
	}
	return -w.rollout(), false
}

// backup adds value (for the player who moved into the last node of the
// path) to every node of the path, the sign alternating, and takes back the
// virtual losses. When the leaf's result is proven, the proof climbs as far
// as it settles its parents.
func (w *mctsWorker) backup(value float64, proved bool) {
	// A proven leaf settles itself at once (mctsSettle), so backupMany's
	// climb from the last node is the same climb from its parent.
	w.backupMany(1, int64(math.Round(value*mctsValueScale)), proved)
}

// mctsSettle proves n from its children where they decide it: a child that
// wins for the player to move at n makes n a loss for the player who moved
// into it; when n's children are every saving move (a forced node) and all
// of them lose, n is a win for that player. It reports whether n is proven.
func mctsSettle(pool *mctsPool, n *mctsNode) bool {
	if n.proof.Load() != 0 {
		return true
	}
	if n.state.Load() != mctsExpanded {
		return false
	}
	kids := pool.block(n.first, int(n.count))
	lost := 0
	for i := range kids {
		switch kids[i].proof.Load() {
		case 1:
			n.proof.Store(-1)
			return true
		case -1:
			lost++
		}
	}
	if n.kind == mctsKindForced && lost == len(kids) {
		n.proof.Store(1)
		return true
	}
	return false
}
