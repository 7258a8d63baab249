package mcts

import (
	"context"
	"time"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/search/win"
)

// Options tune the search; a zero field keeps the measured default.
type Options struct {
	// Leaf is how new leaves are valued (LeafDefault: the stronger mode).
	Leaf LeafMode
	// Value values the leaves in LeafLearned mode (the default mode when
	// set); without it that mode is LeafStatic.
	Value LeafValuer
	// CPuct, FPUReduction, MaxChildren and StaticScale replace the tuned
	// constants when positive (for tuning matches).
	CPuct, FPUReduction float64
	// RootCPuct, when positive, replaces the exploration constant at the
	// root alone, where the move is chosen (below it CPuct stands).
	RootCPuct   float64
	MaxChildren int
	StaticScale float64
	// VCFProbe, when positive, runs a VCF search of at most this many
	// nodes at every expansion below the root where the side to move has
	// a four.
	VCFProbe int64
	// VCTProbe, when positive, runs a VCT search for the side to move of
	// at most this many nodes at every node below the root that reaches
	// VCTProbeAt visits (4 when 0) and has a four or an open three to
	// start one, and again, with twice the nodes, at each eightfold of
	// those visits (mcts_probe.go).
	VCTProbe   int64
	VCTProbeAt int32
	// VCTProbeRoot, when positive, replaces VCTProbe at the root's
	// children, where a proven VCT for the opponent rules out one of the
	// moves the search may play (the move check inside the tree); with
	// VCTProbe 0 only the root's children are probed.
	VCTProbeRoot int64
	// ThreatProbe, when positive, runs at every expansion below the root
	// where the opponent has a four to start one a VCF search of at most
	// this many nodes for the opponent as if the side to move passed; when
	// it wins, the children are only the moves that may refute it.
	ThreatProbe int64
	// ExpandEval, when positive, values that many of a node's children
	// (the best by the priors) at the expansion, each as one playout
	// (mcts_expandeval.go).
	ExpandEval int
	// Policy is where the search asks a Policy for priors.
	Policy PolicyOptions
	// Prior is the evaluator's prior logits (PriorDefault: the measured
	// default).
	Prior PriorModel
	// PriorTemp, when positive, divides those logits: a softmax
	// temperature (above 1 flatter priors, below 1 sharper; the order of
	// the candidates, and so the width's cut, does not change).
	PriorTemp float64
	// ReuseKeep, when in (0, 1), scales the visits and value sums of the
	// kept tree by that share where a search goes on from it (each node's
	// mean stays), so that the new search's playouts weigh more against
	// the ones it inherits; when negative no tree is kept (every search
	// starts fresh); 0 or 1 keeps it whole, the default.
	ReuseKeep float64
	// Focus, where a search goes on past its settled move (Request.UseAll:
	// its most visited root child leads the next by more playouts than
	// the time left allows), sends every further playout into that
	// child's subtree, the part of the tree the next move keeps, until it
	// is proven lost. Level against full Rapfi on freestyle 20 (+0.020 ±
	// 0.032 a game over 200 pairs, docs/testing.md, session 41): off by
	// default.
	Focus bool
}

// NewConfig is the measured defaults with o applied.
func NewConfig(o Options) Config {
	cfg := mctsDefaults()
	if o.Leaf != LeafDefault {
		cfg.leaf = o.Leaf
	}
	if cfg.leaf == LeafLearned {
		if cfg.valuer = o.Value; o.Value == nil {
			cfg.leaf = LeafStatic
		}
	}
	if o.CPuct > 0 {
		cfg.cpuct, cfg.rootCPuct = o.CPuct, o.CPuct
	}
	if o.FPUReduction > 0 {
		cfg.fpuReduction = o.FPUReduction
	}
	if o.RootCPuct > 0 {
		cfg.rootCPuct = o.RootCPuct
	}
	if o.MaxChildren > 0 {
		cfg.maxChildren = o.MaxChildren
	}
	if o.StaticScale > 0 {
		cfg.staticScale = o.StaticScale
	}
	if o.VCFProbe > 0 {
		cfg.vcfProbe = o.VCFProbe
	}
	if o.VCTProbe > 0 || o.VCTProbeRoot > 0 {
		cfg.vctProbe, cfg.vctRoot, cfg.vctAt = max(o.VCTProbe, 0), max(o.VCTProbe, 0), mctsVCTProbeAt
		if o.VCTProbeAt > 0 {
			cfg.vctAt = o.VCTProbeAt
		}
		if o.VCTProbeRoot > 0 {
			cfg.vctRoot = o.VCTProbeRoot
		}
	}
	if o.ExpandEval > 0 {
		cfg.expandEval = o.ExpandEval
	}
	if o.ThreatProbe > 0 {
		cfg.threatProbe = o.ThreatProbe
	}
	if o.Prior != PriorDefault {
		cfg.prior = priorModelFor(o.Prior)
	}
	if o.PriorTemp > 0 {
		cfg.priorScale = float32(1 / o.PriorTemp)
	}
	switch {
	case o.ReuseKeep < 0:
		cfg.reuseKeep = 0
	case o.ReuseKeep > 0 && o.ReuseKeep < 1:
		cfg.reuseKeep = o.ReuseKeep
	}
	cfg.focus = o.Focus
	cfg.setPolicy(o.Policy)
	return cfg
}

// Leaf is the leaf mode the search uses (LeafDefault resolved).
func (c *Config) Leaf() LeafMode { return c.leaf }

// NodeBytes is the memory one tree node takes, which converts a memory
// budget into nodes.
const NodeBytes = mctsNodeBytes

// probeEntries sizes each thread's VCF-probe table (2 MiB).
const probeEntries = 1 << 16

// Tree is the search tree, kept from move to move in a pool of nodes of
// fixed size, with the threads' VCF-probe tables. A search that finds its
// position in the tree (the game went on by moves the tree expanded, or was
// taken back to a position it has seen since it was last rebuilt) goes on
// from there. A Tree is used by one goroutine at a time; Search runs its
// threads inside the call.
type Tree struct {
	pool   *mctsPool
	kept   kept
	probes []*win.Search // per thread, made when the first probing search needs them
	// probers run the probes' verdicts, one per thread beside probes.
	probers []*win.Prober
}

// NewTree makes an empty tree of at most maxNodes nodes (at least one
// segment of the pool, 32,768 nodes).
func NewTree(maxNodes int64) *Tree { return &Tree{pool: newMctsPool(maxNodes)} }

// Resize makes the tree hold at most maxNodes nodes, as NewTree would,
// dropping the tree when that changes its size.
func (t *Tree) Resize(maxNodes int64) {
	if int64(t.pool.limit) != poolLimit(maxNodes) {
		t.pool = newMctsPool(maxNodes)
		t.kept.ok = false
	}
}

// ThreadBytes is the memory each search thread holds besides the tree:
// its VCF-probe table (2 MiB) and 1 MiB for its policy workspace, board and
// evaluator, and its prober's copy of the game with a threat tracker (tens
// of KiB) (the workspace is (1+2 blocks) x channels planes of about 300
// floats on 15x15, about half a MiB for the shipped network: an estimate
// from nn/forward.go, not a measurement). A memory budget that counts
// every thread takes it off the tree's share (64 threads once made 139 MB
// of a 20 MB max_memory).
const ThreadBytes = probeEntries*32 + 1<<20

// Clear forgets the tree and the probes' tables (YXHASHCLEAR).
func (t *Tree) Clear() {
	t.kept.ok = false
	t.pool.reset()
	for _, p := range t.probes {
		p.Clear()
	}
}

// Nodes is the number of node slots in use; Capacity the most there may
// be; Full reports whether an expansion failed for want of room since the
// tree was last rebuilt.
func (t *Tree) Nodes() int32    { return t.pool.Used() }
func (t *Tree) Capacity() int32 { return t.pool.limit }
func (t *Tree) Full() bool      { return t.pool.full.Load() }

// Request is one move's search.
type Request struct {
	Config *Config
	// Seed feeds the threads' random numbers: with a playout limit and one
	// thread, equal seeds give equal searches.
	Seed uint64
	// MaxPlayouts stops the search after that many playouts (0: none; an
	// untimed search must have one).
	MaxPlayouts int64
	// MaxDepth stops the search once a playout has gone that many plies
	// below the root (max_depth; 0: none).
	MaxDepth int
	// Timed searches stop at Hard after Start, and past Soft once the best
	// move is unlikely to change.
	Timed      bool
	Start      time.Time
	Soft, Hard time.Duration
	// UseAll keeps a timed search going to Hard even once its best move
	// is settled (the root still stops early when it has one choice, all
	// of them lost, or a proof): without a match clock the time a move
	// saves is lost, while the playouts it buys deepen the subtree that
	// the next move keeps.
	UseAll bool
	// NoFocus keeps a search that goes on past its settled move (UseAll)
	// over every root move even under Options.Focus: an n-best analysis
	// reads the runners-up's statistics too.
	NoFocus bool
	// Deepen, with UseAll, sends every playout of the search into the
	// subtree of the root move DeepenMove, from the start: the move is
	// chosen (and checked), and the time left deepens the part of the
	// tree the next move keeps, as Options.Focus does past a settled move.
	// A DeepenMove that is not a root move searches nothing (false).
	Deepen     bool
	DeepenMove engine.Pos
	// Threads is the number of search threads (at least one).
	Threads int
	// Policies[i] gives thread i its priors; a missing or nil entry leaves
	// the thread the evaluator's.
	Policies []Policy
	// DeepPolicies[i] gives thread i the deep tier of its priors
	// (PolicyOptions.DeepVisits); it applies only with Policies[i].
	DeepPolicies []Policy
	// Allowed, when not nil, are the only root moves the search may choose:
	// the parries of the opponent's proven forced win.
	Allowed []engine.Pos
	// SearchLoneMove searches a root with a single move too (an n-best
	// list wants the statistics).
	SearchLoneMove bool
	// Progress, when not nil, receives snapshots of the search while it
	// runs and once when it ends (see Snapshot); nil costs nothing.
	Progress func(Snapshot)
}

// Result is what a search found and what it cost.
type Result struct {
	// Ranked are the allowed root moves, best first: proven wins, then by
	// visits, value and prior; proven losses last.
	Ranked []Ranked
	// Reused is the root's visits when the search began: the part of the
	// tree kept from earlier moves.
	Reused int32
	// Playouts, Nodes (moves made: tree descents and roll-out plies),
	// DepthSum and DepthMax are summed over the threads; Elapsed is the
	// search's running time.
	Playouts, Nodes, DepthSum int64
	DepthMax                  int
	Elapsed                   time.Duration
}

// Search searches b (which it leaves as it found it) and reports false
// when it has no move to offer: no candidate, or no room in the pool for
// the root's children.
func (t *Tree) Search(ctx context.Context, b *engine.Board, r Request) (Result, bool) {
	s := &mctsSearch{
		pool:        t.pool,
		cfg:         r.Config,
		seed:        r.Seed,
		maxPlayouts: r.MaxPlayouts,
		maxDepth:    r.MaxDepth,
		timed:       r.Timed,
		useAll:      r.UseAll && r.Timed,
		focusOn:     r.Config.focus && r.UseAll && r.Timed && !r.NoFocus,
		budget:      clock{start: r.Start, soft: r.Soft, hard: r.Hard},
		ctx:         ctx,
	}
	workers := make([]*mctsWorker, r.Threads)
	s.threads = int32(len(workers)) // the workers' tiers depend on it (newMctsWorker)
	for i := range workers {
		var pol, deep Policy
		if i < len(r.Policies) {
			pol = r.Policies[i]
		}
		if i < len(r.DeepPolicies) {
			deep = r.DeepPolicies[i]
		}
		workers[i] = newMctsWorker(s, b, i, pol, deep)
		if s.cfg.probes() {
			for len(t.probes) <= i {
				t.probes = append(t.probes, win.New(probeEntries))
				t.probers = append(t.probers, &win.Prober{})
			}
			workers[i].useProbes(t.probes[i], t.probers[i])
		}
	}
	defer func() {
		for _, w := range workers {
			w.release()
		}
	}()
	if !t.setRoot(s, b, workers[0], r.Allowed) {
		return Result{}, false
	}
	res := Result{Reused: t.pool.node(s.root).visits.Load()}
	if r.Deepen {
		i := s.rootChild(r.DeepenMove)
		if i < 0 || !s.useAll {
			return res, false
		}
		s.focusOn = true
		s.focus.Store(int32(i) + 1)
	}
	ranked := s.ranked()
	if len(ranked) > 1 || r.SearchLoneMove {
		s.report = reporter(s, r.Progress)
		s.run(workers)
		ranked = s.ranked()
		if s.report != nil {
			s.report(true)
		}
	}
	st := s.stats
	res.Playouts, res.Nodes, res.DepthSum, res.DepthMax = st.playouts, st.nodes, st.depthSum, st.depthMax
	res.Elapsed = s.elapsed
	if len(ranked) == 0 {
		return res, false
	}
	t.keepRoot(b, s.root)
	res.Ranked = ranked
	return res, true
}

// clock is a timed search's budget: the player's, as figures.
type clock struct {
	start      time.Time
	soft, hard time.Duration
}

// Hard is the time the search may take from start.
func (c clock) Hard() time.Duration { return c.hard }

// Elapsed is the time since start.
func (c clock) Elapsed() time.Duration { return time.Since(c.start) }

// SoftDone reports whether the soft limit has passed.
func (c clock) SoftDone() bool { return time.Since(c.start) >= c.soft }

// HardDone reports whether the hard limit has passed.
func (c clock) HardDone() bool { return time.Since(c.start) >= c.hard }
