package mcts

import (
	"math"
	"sync"

	"github.com/kakugo/kakugo/engine"
)

// The lazy network prior. A Policy (the CNN) costs milliseconds a position
// on one core, hundreds of playouts, so asking it at every expansion spends
// more search than its priors give back (measured: the eager schedule lost
// 1-8-1 to the plain player). Instead the tree is built on the evaluator's
// cheap priors, and the network is asked only where the search has shown a
// position matters: at the root, and at a node when its visit count
// reaches a threshold. There the children's priors become
//
//	p = (1-λ)·p_eval + λ·p_net
//
// with p_net normalised over the children.
//
// Which node gets its turn is decided without a per-node flag (a flag
// would make every node bigger): a node is refined by a descent that finds
// its visit count in [T, T+k), where k is the number of search threads.
// The count only grows by the backups of descents through the node, and at
// most k descents are below it at once. Take the first descent to read the
// count after it reaches T: the backups in between are by descents that
// were already below the node when it reached T, at most k-1 of them, so
// it reads a count in the window. So no node that is visited again passes
// the threshold unrefined; with one thread exactly one descent reads T,
// and with several a set of the nodes refined in this search keeps two
// threads from refining the same node. Refining is idempotent (the mix is
// recomputed from the logits), so a node refined again, for example a
// kept root, only costs the policy call again.
//
// A second, deeper tier: a larger network costs several times more a call
// than the tree can pay at every node that reaches T, but the nodes that
// reach a higher count D are few and are where the search spends most of
// its playouts (the root and the lines it believes). With a deep policy
// (Request.DeepPolicies), a node whose count reaches D is refined again,
// the same way, with the deep policy's priors in place of the first's; the
// root gets the deep priors at the start of every search. Both windows work
// as above; D must be at least T plus the thread count, so that the two
// windows cannot overlap (a smaller D makes the deep policy the only one).
// A first-tier refinement still slow in its policy call when the count
// passes D does not write over the deep priors (refineOnce).

// PolicyOptions say where the search asks its Policy (Request.Policies)
// for priors. The zero value is the measured default schedule.
type PolicyOptions struct {
	// Visits is the visit count at which a node's children get the
	// policy's priors; the root gets them at the start of every search.
	// 0 means the measured default; a negative value asks the policy at every
	// expansion instead, its priors replacing the evaluator's (the eager
	// schedule, kept for comparison).
	Visits int
	// Mix is λ, the policy's weight in the mixed prior; 0 means
	// the measured default, and values above 1 count as 1 (the policy alone).
	Mix float64
	// DeepVisits is the visit count at which a node's children get the
	// deep policy's priors (Request.DeepPolicies) in place of the
	// policy's; 0 means the default, mctsDeepVisits. Below Visits plus the
	// thread count, the deep policy replaces the policy at every node.
	DeepVisits int
	// DeepMix is λ for the deep policy's priors (the root's and those of
	// the nodes past DeepVisits); 0 means Mix, and values above 1 count
	// as 1.
	DeepMix float64
	// RenjuBlackMix, when positive, is λ (both tiers) at the nodes where
	// black is to move under renju, whose forbidden points the network
	// does not see; values above 1 count as 1.
	RenjuBlackMix float64
	// NodeMix is the share of the network's value (NodeValuer) in a
	// node's value when the node gets the policy's priors; 0: none.
	NodeMix float64
	// Temp, when positive, is a softmax temperature over the policy's
	// priors (both tiers): each probability is raised to 1/Temp before
	// the mix, above 1 flatter, below 1 sharper.
	Temp float64
	// RootSymmetries, above 1, is how many symmetric views of the root's
	// position the root's priors average, where the policy is a
	// SymmetricPolicy (the network sees a rotated board differently, and
	// the mean of its views predicts strong play better than one view).
	// DeepSymmetries does the same at the deep tier's nodes.
	RootSymmetries, DeepSymmetries int
}

// SymmetricPolicy is a Policy that can average its priors over views of
// the board through its symmetries: SymmetricPriors is Priors over n
// views (at most the board's symmetries; the identity among them).
type SymmetricPolicy interface {
	Policy
	SymmetricPriors(b *engine.Board, moves []engine.Pos, dst []float32, n int) bool
}

// symView is a SymmetricPolicy seen as a Policy of n views.
type symView struct {
	p SymmetricPolicy
	n int
}

// Priors implements Policy.
func (v symView) Priors(b *engine.Board, moves []engine.Pos, dst []float32) bool {
	return v.p.SymmetricPriors(b, moves, dst, v.n)
}

// NodeValue passes the node value through to the policy, when it has one
// (NodeValuer), so that averaged priors keep it.
func (v symView) NodeValue(b *engine.Board, leaf float64) (float64, bool) {
	if nv, ok := v.p.(NodeValuer); ok {
		return nv.NodeValue(b, leaf)
	}
	return 0, false
}

// withSymmetries returns pol averaged over n views where n is above 1 and
// pol can, else pol.
func withSymmetries(pol Policy, n int) Policy {
	if sp, ok := pol.(SymmetricPolicy); ok && n > 1 {
		return symView{sp, n}
	}
	return pol
}

// The default lazy schedule. With the plain-Go network (about 9 ms a call
// on 15x15) every threshold below 300 spent more search than it gained;
// with the AVX2 assembly kernels (about 0.45 ms, six to eight playouts) a
// threshold of 30 beats the player without the prior at 200 ms a move,
// while 10 still asks too often (docs/testing.md, 2026-11-23). At an equal
// number of playouts, the network's time not counted, a threshold of 10
// won 62-31-7: the priors are good, and the threshold is the price the
// search can pay for them. The network's weight λ was 0.5 until
// 2026-11-30; with the evaluator's priors of PriorNear, 0.75 measured
// +0.069 ± 0.026 a game against Rapfi at 100,000 nodes (400 games) and
// +0.017 ± 0.028 against full Rapfi (300), conversion level; 1 measured
// -0.060 ± 0.051 against 0.75 (docs/testing.md, session 28).
const (
	mctsPolicyVisits = 30
	mctsPolicyMix    = 0.75
)

// mctsDeepVisits is the deep tier's default threshold: with a network
// about nine times the cost of the first (64 channels, 6 blocks against 24
// and 4), asking it at 30 visits cost over half the playouts
// (docs/testing.md, 2026-11-28).
const mctsDeepVisits = 300

// setPolicy fills the policy schedule of c from o.
func (c *Config) setPolicy(o PolicyOptions) {
	c.policyAt, c.policyMix, c.deepAt = mctsPolicyVisits, mctsPolicyMix, mctsDeepVisits
	if o.DeepVisits > 0 {
		c.deepAt = int32(min(o.DeepVisits, math.MaxInt32/2))
	}
	switch {
	case o.Visits > 0:
		c.policyAt = int32(min(o.Visits, math.MaxInt32/2))
	case o.Visits < 0:
		c.policyAt = 0 // eager
	}
	if o.Mix > 0 {
		c.policyMix = float32(min(o.Mix, 1))
	}
	c.nodeMix = float32(min(max(o.NodeMix, 0), 1))
	c.policyPow = 0
	if o.Temp > 0 {
		c.policyPow = float32(1 / o.Temp)
	}
	c.deepMix = c.policyMix
	if o.DeepMix > 0 {
		c.deepMix = float32(min(o.DeepMix, 1))
	}
	c.renjuBlackMix = float32(min(max(o.RenjuBlackMix, 0), 1))
	c.rootSym, c.deepSym = max(o.RootSymmetries, 0), max(o.DeepSymmetries, 0)
}

// refineWindow is k, the width of the refinement windows [T, T+k): the
// thread count, times the most visits one playout backs up when the
// children are valued at an expansion (Options.ExpandEval), since a count
// that jumps by up to e visits at once is first read in [T, T+e) (with
// several threads, [T, T+k·e)). Where the window is wider than one, a
// node may be read in it twice, and the refined set keeps it to one call.
func (s *mctsSearch) refineWindow() int32 {
	return s.threads * int32(max(s.cfg.expandEval, 1))
}

// mctsRefined is the set of nodes refined during one search, consulted
// only when the refinement window is wider than one (several threads, or
// children valued at expansions) and only at a node whose visit count is
// in the window, so its lock is rarely taken.
type mctsRefined struct {
	mu   sync.Mutex
	done map[int32]struct{}
}

// claim reports whether idx had not been claimed before, and claims it.
func (r *mctsRefined) claim(idx int32) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	if _, ok := r.done[idx]; ok {
		return false
	}
	if r.done == nil {
		r.done = map[int32]struct{}{}
	}
	r.done[idx] = struct{}{}
	return true
}

// lazyPolicy reports whether the worker's policy runs on the lazy
// schedule; the worker then keeps it in w.net and expands on the
// evaluator's priors.
func (w *mctsWorker) lazyPolicy() bool { return w.net != nil }

// maybeRefine refines n (node idx, the position on the worker's board, not
// the root) when this descent is the one its visit count designates: with
// the policy at the first threshold, with the deep policy at the second.
func (w *mctsWorker) maybeRefine(idx int32, n *mctsNode) {
	s := w.s
	v, k := n.visits.Load(), s.refineWindow()
	switch {
	case v >= s.cfg.policyAt && v < s.cfg.policyAt+k:
		w.refineOnce(&s.refined, idx, n, w.net)
	case w.deep != nil && v >= s.cfg.deepAt && v < s.cfg.deepAt+k:
		w.refineOnce(&s.refinedDeep, idx, n, withSymmetries(w.deep, s.cfg.deepSym))
	}
}

// refineLate refines n (node idx, just expanded by this descent) when its
// visit count already reached the threshold. With several threads, the
// descents of the others go on valuing n as a leaf while this one expands
// it, so a slow expansion (a thread preempted on a loaded machine) can see
// the count jump past the window [T, T+k) that maybeRefine watches, and n
// would never get the policy's priors. The claim keeps a node from being
// refined twice. One thread cannot see this: its own descent is the only
// one.
func (w *mctsWorker) refineLate(idx int32, n *mctsNode) {
	s := w.s
	if s.threads <= 1 {
		return
	}
	switch v := n.visits.Load(); {
	case w.deep != nil && v >= s.cfg.deepAt:
		w.refineOnce(&s.refinedDeep, idx, n, withSymmetries(w.deep, s.cfg.deepSym))
	case v >= s.cfg.policyAt:
		w.refineOnce(&s.refined, idx, n, w.net)
	}
}

// refineOnce refines n (node idx) with pol unless, with several threads,
// another has claimed it in done first.
//
// With several threads and a deep tier, a first-tier refinement can be
// overtaken: its descent claims the node, is slow in the policy call (a
// preempted thread on a loaded machine), and meanwhile the others carry the
// count past D and give the node the deep priors; the late first-tier write
// would then replace them for good (seen under -race). So the first tier
// writes its priors under the deep set's lock, and only while the node has
// no deep claim: a deep claim taken later waits for that write, and the
// deep refinement's own writes come after its claim.
func (w *mctsWorker) refineOnce(done *mctsRefined, idx int32, n *mctsNode, pol Policy) {
	s := w.s
	if s.refineWindow() > 1 && !done.claim(idx) {
		return
	}
	w.sync()
	var guard *mctsRefined
	if s.refineWindow() > 1 && w.deep != nil && done == &s.refined {
		guard = &s.refinedDeep
	}
	if !w.refine(idx, n, pol, w.mix(done == &s.refinedDeep), guard) {
		w.shiftValue(idx, n, pol)
	}
}

// refineRoot gives the root the policy's priors (the deep policy's, when
// there is one) at the start of a search.
// A root kept from an earlier search may have had them already; refining is
// idempotent, so that costs one policy call (often a cache hit) and no
// drift.
func (w *mctsWorker) refineRoot() {
	root := w.s.pool.node(w.s.root)
	if root.state.Load() == mctsExpanded {
		pol := w.net
		if w.deep != nil {
			pol = w.deep
		}
		w.refine(w.s.root, root, withSymmetries(pol, w.s.cfg.rootSym), w.mix(w.deep != nil), nil)
	}
}

// mix is λ, the policy's weight in the priors of the node on the worker's
// board when it is refined: renju black's where it has its own, else the
// deep tier's (deep: the priors are the deep policy's) or the first's. Where
// the deep policy is the only one (the windows overlap), every refinement
// is the deep policy's.
func (w *mctsWorker) mix(deep bool) float32 {
	c := w.s.cfg
	if c.renjuBlackMix > 0 && w.b.Rule() == engine.Renju && w.b.SideToMove() == engine.Black {
		return c.renjuBlackMix
	}
	if deep || w.netIsDeep {
		return c.deepMix
	}
	return c.policyMix
}

// refine sets the priors of n's children (node idx) to the mix of the
// evaluator's and pol's, lam being pol's weight (mix). n is the position
// on the worker's board. The evaluator's part is recomputed from the
// logits (the softmax over the children is what expansion gave them), so
// refining a node twice changes nothing. With a guard, the priors are written under its lock and only if
// idx is not in it (refineOnce says why); it reports whether the guard
// held idx, the priors left to the deep tier.
func (w *mctsWorker) refine(idx int32, n *mctsNode, pol Policy, lam float32, guard *mctsRefined) bool {
	kids := w.s.pool.block(n.first, int(n.count))
	if len(kids) < 2 {
		return false
	}
	w.moves, w.probs = w.moves[:0], w.probs[:0]
	for i := range kids {
		w.moves = append(w.moves, kids[i].move)
		w.probs = append(w.probs, 0)
	}
	if !pol.Priors(w.b, w.moves, w.probs) {
		return false
	}
	policyPower(w.probs, w.s.cfg.policyPow)
	sum := float32(0)
	for i, v := range w.probs {
		if !(v > 0) || math.IsInf(float64(v), 0) {
			w.probs[i] = 0
			continue
		}
		sum += v
	}
	if sum <= 0 {
		return false
	}
	// The evaluator's priors, as mctsPriors computes them.
	me := w.b.SideToMove()
	w.logits = w.logits[:0]
	top := float32(math.Inf(-1))
	ctx := newPriorCtx(w.gen.model, w.b)
	ctx.scale = w.gen.scale
	for i := range kids {
		l := ctx.logit(w.e, kids[i].move, me, me.Opp())
		w.logits = append(w.logits, l)
		top = max(top, l)
	}
	esum := float32(0)
	for i, l := range w.logits {
		v := float32(math.Exp(float64(l - top)))
		w.logits[i] = v
		esum += v
	}
	if guard != nil {
		guard.mu.Lock()
		defer guard.mu.Unlock()
		if _, deep := guard.done[idx]; deep {
			return true
		}
	}
	for i := range kids {
		kids[i].setPrior((1-lam)*w.logits[i]/esum + lam*w.probs[i]/sum)
	}
	return false
}
