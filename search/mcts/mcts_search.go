package mcts

import (
	"context"
	"math"
	"sync"
	"sync/atomic"
	"time"

	"github.com/kakugo/kakugo/engine"
)

// Config holds the search's constants, the measured defaults with the
// player's Options applied (NewConfig).
type Config struct {
	cpuct         float64     // the exploration constant c of PUCT
	rootCPuct     float64     // c at the root: cpuct unless Options.RootCPuct names another
	fpuReduction  float64     // unvisited children count as the parent's value less this
	expandAt      int32       // visits a leaf needs before it is expanded (at least 1)
	expandEval    int         // children valued when their node is expanded (0: none; mcts_expandeval.go)
	maxChildren   int         // children kept below the root, best priors first
	prior         *priorModel // the evaluator's prior logits (nil: priorClassic)
	priorScale    float32     // their factor, 1/T (Options.PriorTemp; 0: 1)
	leaf          LeafMode
	valuer        LeafValuer // LeafLearned's (never nil in that mode)
	rolloutPlies  int
	staticScale   float64
	vcfProbe      int64   // node cap of the VCF probe at expansions (0: none)
	vctProbe      int64   // node cap of the first VCT probe at a node (0: none)
	vctRoot       int64   // the same at the root's children
	vctAt         int32   // visits at which a node's first VCT probe runs
	threatProbe   int64   // node cap of the opponent's VCF threat probe at expansions (0: none)
	policyAt      int32   // visits at which a node's children get the policy's priors (0: every expansion)
	policyMix     float32 // λ, the policy's weight in the mixed prior
	deepAt        int32   // visits at which a node's children get the deep policy's priors
	deepMix       float32 // λ for the deep policy's priors
	renjuBlackMix float32 // λ where black is to move under renju (0: the tier's)
	nodeMix       float32 // the network's value's share at a refined node (mcts_nodevalue.go)
	policyPow     float32 // the policy's probabilities' power, 1/T (PolicyOptions.Temp; 0: 1)
	rootSym       int     // views of the root's position averaged (PolicyOptions.RootSymmetries; 0, 1: one)
	deepSym       int     // the same at the deep tier's nodes (PolicyOptions.DeepSymmetries)
	reuseKeep     float64 // the share of a kept tree's visits a search starts from (Options.ReuseKeep; 1: all, 0: none)
	focus         bool    // a search that goes on past its settled move searches only that move's subtree (Options.Focus)
}

// mctsDefaults are the constants measured best so far (see docs/testing.md).
func mctsDefaults() Config {
	return Config{
		cpuct:        1.5,
		rootCPuct:    1.5,
		fpuReduction: 0.2,
		expandAt:     1,
		maxChildren:  40,
		prior:        &priorNear,
		leaf:         LeafLearned, // LeafStatic without a LeafValuer (NewConfig)
		rolloutPlies: mctsRolloutPlies,
		staticScale:  mctsStaticScale,
		policyAt:     mctsPolicyVisits,
		policyMix:    mctsPolicyMix,
		deepAt:       mctsDeepVisits,
		deepMix:      mctsPolicyMix,
		reuseKeep:    1,
	}
}

// mctsCheckEvery is how many playouts pass between the settled-move
// checks, which read every root child.
const mctsCheckEvery = 16

// mctsMinPlayouts is how many playouts a timed search makes before it may
// stop early because its best move cannot change.
const mctsMinPlayouts = 64

// mctsSearch is one move's search over the shared tree.
type mctsSearch struct {
	pool    *mctsPool
	root    int32
	cfg     *Config
	allowed []bool // the root children that may be chosen (nil: all)
	seed    uint64

	// Limits: a node (playout) count, a depth (max_depth: the search
	// stops once a playout has gone that many plies below the root), and
	// when timed the budget.
	maxPlayouts int64
	maxDepth    int
	timed       bool
	useAll      bool // go on to the hard limit past a settled move (Request.UseAll)
	focusOn     bool // and there into the settled move's subtree alone (Options.Focus, not Request.NoFocus)
	budget      clock
	ctx         context.Context

	threads     int32            // the workers searching (set before they are made, and by run)
	report      func(final bool) // called by the first worker between playouts (nil: never)
	refined     mctsRefined      // the nodes given the policy's priors (several threads)
	refinedDeep mctsRefined      // the nodes given the deep policy's priors (several threads)

	stop     atomic.Bool
	playouts atomic.Int64
	// focus is 1 + the root child that every playout enters once the
	// move is settled under focusOn (0: none): settled sets
	// it, and clears it when that child is proven lost.
	focus   atomic.Int32
	started time.Time
	elapsed time.Duration
	stats   mctsStats
}

// mctsStats sums the workers' counters.
type mctsStats struct {
	playouts, nodes, depthSum int64
	depthMax                  int
}

// run searches with the workers (the first runs on the calling goroutine
// and decides when to stop) until a limit or the ctx stops it.
func (s *mctsSearch) run(workers []*mctsWorker) {
	s.started = time.Now()
	s.threads = int32(len(workers))
	if workers[0].lazyPolicy() {
		workers[0].refineRoot()
	}
	var wg sync.WaitGroup
	for _, w := range workers[1:] {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 1; !s.stop.Load(); i++ {
				if n := s.playouts.Add(w.playout()); (s.maxPlayouts > 0 && n >= s.maxPlayouts) || s.deepEnough(w) {
					s.stop.Store(true)
				}
				// Every worker watches the hard limit, not only the first:
				// on a loaded machine the first one's thread may be off the
				// CPU when it passes (measured: 4 of 304 moves late at a
				// 100 ms turn with 2 threads on 2 loaded cores, 0 with 1).
				if i%mctsCheckEvery == 0 && s.timed && s.budget.HardDone() {
					s.stop.Store(true)
				}
			}
			w.unwind()
		}()
	}
	w0 := workers[0]
	for i := 0; !s.stop.Load(); i++ {
		if s.mustStop() || (i%mctsCheckEvery == 0 && s.settled()) {
			s.stop.Store(true)
			break
		}
		if s.report != nil && i%mctsCheckEvery == 0 {
			s.report(false)
		}
		if n := s.playouts.Add(w0.playout()); (s.maxPlayouts > 0 && n >= s.maxPlayouts) || s.deepEnough(w0) {
			s.stop.Store(true)
		}
	}
	w0.unwind()
	wg.Wait()
	s.elapsed = time.Since(s.started)
	for _, w := range workers {
		s.stats.playouts += w.playouts
		s.stats.nodes += w.nodes
		s.stats.depthSum += w.depthSum
		s.stats.depthMax = max(s.stats.depthMax, w.depthMax)
	}
}

// deepEnough reports whether the worker's playouts have reached max_depth.
func (s *mctsSearch) deepEnough(w *mctsWorker) bool {
	return s.maxDepth > 0 && w.depthMax >= s.maxDepth
}

// mustStop checks the limits that end a search whatever its state: the
// context, the hard time limit, a proven root.
func (s *mctsSearch) mustStop() bool {
	select {
	case <-s.ctx.Done():
		return true
	default:
	}
	if s.timed && s.budget.HardDone() {
		return true
	}
	if s.maxPlayouts > 0 && s.playouts.Load() >= s.maxPlayouts {
		return true
	}
	return s.pool.node(s.root).proof.Load() != 0
}

// settled reports whether more search cannot change the move: the root
// has one allowed child, every allowed child is proven lost, or (not under
// useAll, which searches on to the hard limit; under focusOn it sets
// focus, and the search goes on in that child's subtree alone) the most
// visited root child leads the second by more playouts than are left
// (before the hard limit at the current rate, or to the playout limit),
// or, past the soft limit of a timed search without a playout limit, the
// most visited child also has the best value.
func (s *mctsSearch) settled() bool {
	root := s.pool.node(s.root)
	if root.state.Load() != mctsExpanded {
		return false
	}
	done := s.playouts.Load()
	kids := s.pool.block(root.first, int(root.count))
	best, second := -1, -1
	open := 0
	for i := range kids {
		if s.allowed != nil && !s.allowed[i] {
			continue
		}
		if kids[i].proof.Load() != -1 {
			open++
		}
		v := kids[i].visits.Load()
		switch {
		case best < 0 || v > kids[best].visits.Load():
			best, second = i, best
		case second < 0 || v > kids[second].visits.Load():
			second = i
		}
	}
	if best < 0 || second < 0 || open == 0 {
		return true // one choice, or all lost
	}
	if s.useAll && !s.focusOn {
		return false
	}
	if f := s.focus.Load(); f > 0 {
		if kids[f-1].proof.Load() == -1 {
			s.focus.Store(0) // the settled move proved lost: the others may overtake it
		}
		return false
	}
	lead := int64(kids[best].visits.Load() - kids[second].visits.Load())
	left := int64(math.MaxInt64)
	if s.maxPlayouts > 0 {
		left = s.maxPlayouts - done
	}
	if s.timed {
		if done < mctsMinPlayouts {
			return false
		}
		el := time.Since(s.started)
		rate := float64(done) / max(el.Seconds(), 1e-6)
		remaining := (s.budget.Hard() - s.budget.Elapsed()).Seconds()
		left = min(left, int64(rate*max(remaining, 0))+1)
	}
	if lead > left {
		if s.focusOn {
			if kids[best].proof.Load() != -1 {
				s.focus.Store(int32(best) + 1)
			}
			return false
		}
		return true
	}
	if s.useAll {
		return false
	}
	if !s.timed || s.maxPlayouts > 0 || !s.budget.SoftDone() {
		return false
	}
	bq := -math.MaxFloat64
	for i := range kids {
		if s.allowed != nil && !s.allowed[i] || kids[i].visits.Load()*4 < kids[best].visits.Load() {
			continue
		}
		bq = max(bq, kids[i].mean())
	}
	return kids[best].mean() >= bq
}

// rootChild is the index of move among the root's children, or -1.
func (s *mctsSearch) rootChild(move engine.Pos) int {
	root := s.pool.node(s.root)
	if root.state.Load() != mctsExpanded {
		return -1
	}
	kids := s.pool.block(root.first, int(root.count))
	for i := range kids {
		if kids[i].move == move && (s.allowed == nil || s.allowed[i]) {
			return i
		}
	}
	return -1
}

// Ranked is a root move with its statistics.
type Ranked struct {
	Move   engine.Pos
	Visits int32   // playouts through the move
	Value  float64 // mean value for the side to move at the root, in [-1, 1]
	Proof  int32   // +1 a proven win, -1 a proven loss, 0 unknown
	Prior  float32 // the move's prior probability
}

// ranked lists the allowed root children best first: proven wins, then by
// visits, then value, then prior; proven losses last.
func (s *mctsSearch) ranked() []Ranked {
	root := s.pool.node(s.root)
	if root.state.Load() != mctsExpanded {
		return nil
	}
	kids := s.pool.block(root.first, int(root.count))
	out := make([]Ranked, 0, len(kids))
	for i := range kids {
		if s.allowed != nil && !s.allowed[i] {
			continue
		}
		k := &kids[i]
		out = append(out, Ranked{k.move, k.visits.Load(), k.mean(), k.proof.Load(), k.priorP()})
	}
	mctsSortRanked(out)
	return out
}

// mctsSortRanked orders root moves best first (insertion sort: stable and
// the lists are short).
func mctsSortRanked(r []Ranked) {
	better := func(a, b *Ranked) bool {
		if a.Proof != b.Proof {
			return a.Proof > b.Proof
		}
		if a.Visits != b.Visits {
			return a.Visits > b.Visits
		}
		if a.Value != b.Value {
			return a.Value > b.Value
		}
		return a.Prior > b.Prior
	}
	for i := 1; i < len(r); i++ {
		for j := i; j > 0 && better(&r[j], &r[j-1]); j-- {
			r[j], r[j-1] = r[j-1], r[j]
		}
	}
}

// PV is the principal variation from the root of the last search: first,
// then the most visited child at each level (a proven win before all), at
// most maxLen moves. It is empty when no search has kept a root.
func (t *Tree) PV(first engine.Pos, maxLen int) []engine.Pos {
	if !t.kept.ok {
		return nil
	}
	return pvFrom(t.pool, t.kept.root, first, maxLen)
}

// pvFrom is PV from the node root of pool.
func pvFrom(pool *mctsPool, root int32, first engine.Pos, maxLen int) []engine.Pos {
	n := pool.node(root)
	var line []engine.Pos
	for len(line) < maxLen && n.state.Load() == mctsExpanded {
		kids := pool.block(n.first, int(n.count))
		bi := -1
		for i := range kids {
			if len(line) == 0 {
				if kids[i].move == first {
					bi = i
					break
				}
				continue
			}
			if kids[i].proof.Load() == 1 {
				bi = i
				break
			}
			if bi < 0 || kids[i].visits.Load() > kids[bi].visits.Load() {
				bi = i
			}
		}
		if bi < 0 || (len(line) > 0 && kids[bi].visits.Load() == 0) {
			break
		}
		line = append(line, kids[bi].move)
		n = &kids[bi]
	}
	return line
}
