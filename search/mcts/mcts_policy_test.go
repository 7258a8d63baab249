package mcts

import (
	"context"
	"math"
	"math/rand/v2"
	"slices"
	"sync/atomic"
	"testing"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/search/internal/testpos"
)

// mctsCountingPolicy is a deterministic stand-in for the network: it
// prefers moves by their cell index modulo 7 and counts its calls in a
// counter shared by the threads' instances.
type mctsCountingPolicy struct{ calls *atomic.Int64 }

func mctsStubPrior(m engine.Pos) float32 { return float32(1 + int(m)%7) }

func (p mctsCountingPolicy) Priors(b *engine.Board, moves []engine.Pos, dst []float32) bool {
	p.calls.Add(1)
	for i, m := range moves {
		dst[i] = mctsStubPrior(m)
	}
	return true
}

func TestMctsSetPolicy(t *testing.T) {
	for _, tc := range []struct {
		in      PolicyOptions
		at      int32
		mix     float32
		comment string
	}{
		{PolicyOptions{}, mctsPolicyVisits, mctsPolicyMix, "zero value: defaults"},
		{PolicyOptions{Visits: -1}, 0, mctsPolicyMix, "negative: eager"},
		{PolicyOptions{Visits: 64, Mix: 0.25}, 64, 0.25, "given"},
		{PolicyOptions{Visits: math.MaxInt, Mix: 3}, math.MaxInt32 / 2, 1, "clipped"},
	} {
		var c Config
		c.setPolicy(tc.in)
		if c.policyAt != tc.at || c.policyMix != tc.mix {
			t.Errorf("%s: %+v gives at %d mix %v, want %d %v", tc.comment, tc.in, c.policyAt, c.policyMix, tc.at, tc.mix)
		}
	}
}

// mctsTreeCounts walks the tree under root and counts the non-root
// expanded nodes with at least two children by their visits: at least lo
// visits and not proven, and at least hi visits.
func mctsTreeCounts(p *mctsPool, root int32, lo, hi int32) (nLo, nHi, expanded int) {
	var walk func(idx int32, isRoot bool)
	walk = func(idx int32, isRoot bool) {
		n := p.node(idx)
		if n.state.Load() != mctsExpanded {
			return
		}
		expanded++
		if !isRoot && n.count >= 2 {
			v := n.visits.Load()
			if v >= lo && n.proof.Load() == 0 {
				nLo++
			}
			if v >= hi {
				nHi++
			}
		}
		for j := int32(0); j < int32(n.count); j++ {
			walk(n.first+j, false)
		}
	}
	walk(root, true)
	return
}

// mctsPriorSums checks that the children's priors of every expanded node
// still sum to one after the mixing.
func mctsPriorSums(t *testing.T, p *mctsPool, idx int32) {
	n := p.node(idx)
	if n.state.Load() != mctsExpanded {
		return
	}
	kids := p.block(n.first, int(n.count))
	sum := 0.0
	for i := range kids {
		sum += float64(kids[i].priorP())
		mctsPriorSums(t, p, n.first+int32(i))
	}
	if math.Abs(sum-1) > 1e-3 {
		t.Errorf("node %d: children's priors sum to %v", idx, sum)
	}
}

// TestMctsLazyPolicySchedule: the policy is asked at the root and once at
// each node that passes the threshold, never twice for a node, with one
// thread and with four, and with the children valued at expansions (whose
// backups make a node's count jump); the mixed priors stay normalised.
func TestMctsLazyPolicySchedule(t *testing.T) {
	for _, tc := range []struct {
		threads int
		at      int
		seed    uint64
		expand  int
	}{
		{1, 16, 1, 0}, {1, 50, 2, 0}, {1, 1, 3, 0}, {4, 16, 4, 0}, {4, 40, 5, 0},
		{1, 16, 6, 3}, {1, 30, 7, 5}, {4, 16, 8, 3},
	} {
		b := testpos.Random(rand.New(rand.NewPCG(tc.seed, 9)), 15, engine.Freestyle, 10)
		var calls atomic.Int64
		cfg := NewConfig(Options{Leaf: LeafStatic, ExpandEval: tc.expand, Policy: PolicyOptions{Visits: tc.at, Mix: 0.5}})
		k := tc.threads * max(tc.expand, 1)
		pols := make([]Policy, tc.threads)
		for i := range pols {
			pols[i] = mctsCountingPolicy{&calls}
		}
		tree := NewTree(testTreeNodes)
		searchNodes(t, tree, b, &cfg, tc.seed, tc.threads, pols, 4000)
		root := tree.kept.root
		// Every node whose count went k past the threshold was refined (the
		// window argument of mcts_policy.go); none was refined twice.
		nLo, nHi, _ := mctsTreeCounts(tree.pool, root, int32(tc.at+k), int32(tc.at))
		got := int(calls.Load())
		if got < 1+nLo || got > 1+nHi {
			t.Errorf("%d threads, threshold %d, %d children valued: %d policy calls, want %d..%d", tc.threads, tc.at, tc.expand, got, 1+nLo, 1+nHi)
		}
		if got < 2 {
			t.Errorf("%d threads, threshold %d: only %d calls", tc.threads, tc.at, got)
		}
		mctsPriorSums(t, tree.pool, root)
	}
}

// TestMctsLazyPolicyRoot: with a threshold out of reach only the root
// asks, once per search, and λ = 1 gives the root's children the policy's
// priors exactly; a kept root searched again is refined again to the same
// priors.
func TestMctsLazyPolicyRoot(t *testing.T) {
	b := testpos.Random(rand.New(rand.NewPCG(7, 9)), 15, engine.Freestyle, 10)
	var calls atomic.Int64
	cfg := NewConfig(Options{Leaf: LeafStatic, Policy: PolicyOptions{Visits: 1 << 30, Mix: 1}})
	pols := []Policy{mctsCountingPolicy{&calls}}
	tree := NewTree(testTreeNodes)
	searchNodes(t, tree, b, &cfg, 7, 1, pols, 2000)
	if c := calls.Load(); c != 1 {
		t.Fatalf("%d policy calls with the root-only schedule, want 1", c)
	}
	root := tree.pool.node(tree.kept.root)
	kids := tree.pool.block(root.first, int(root.count))
	sum := float32(0)
	for i := range kids {
		sum += mctsStubPrior(kids[i].move)
	}
	for i := range kids {
		if want := mctsStubPrior(kids[i].move) / sum; math.Abs(float64(kids[i].priorP()-want)) > 1e-6 {
			t.Fatalf("child %d: prior %v, want the policy's %v", i, kids[i].priorP(), want)
		}
	}
	// The same position again: the kept root is refined again, to the same
	// priors.
	searchNodes(t, tree, b, &cfg, 7, 1, pols, 2200)
	if c := calls.Load(); c != 2 {
		t.Errorf("%d policy calls after searching the kept root again, want 2", c)
	}
	for i := range kids {
		if want := mctsStubPrior(kids[i].move) / sum; math.Abs(float64(kids[i].priorP()-want)) > 1e-6 {
			t.Fatalf("second search, child %d: prior %v, want the policy's %v", i, kids[i].priorP(), want)
		}
	}
}

// mctsExpandedNode allocates a node for the worker's position b (its last
// move leading there) and expands it, failing the test when it cannot.
func mctsExpandedNode(t *testing.T, s *mctsSearch, w *mctsWorker, b *engine.Board, atRoot bool) (int32, *mctsNode) {
	t.Helper()
	idx, _ := s.pool.alloc(1)
	n := s.pool.node(idx)
	n.init(b.LastMove(), 1)
	n.state.Store(mctsExpanding)
	if !w.expand(n, atRoot) {
		t.Fatal("not expanded")
	}
	return idx, n
}

// TestMctsRefineMixes: refining mixes the expansion's priors with the
// policy's by λ, and refining again changes nothing.
func TestMctsRefineMixes(t *testing.T) {
	b := testpos.Board(t, 15, engine.Freestyle, "h8i9g7h9i7")
	var calls atomic.Int64
	cfg := mctsDefaults()
	cfg.setPolicy(PolicyOptions{Visits: 8, Mix: 0.3})
	s := &mctsSearch{pool: newMctsPool(mctsSegSize), cfg: &cfg, ctx: context.Background()}
	w := newMctsWorker(s, b, 0, mctsCountingPolicy{&calls}, nil)
	defer w.release()
	idx, n := mctsExpandedNode(t, s, w, b, false)
	if calls.Load() != 0 {
		t.Fatal("the lazy schedule asked the policy at an expansion")
	}
	kids := s.pool.block(n.first, int(n.count))
	eval := make([]float32, len(kids))
	stub := float32(0)
	for i := range kids {
		eval[i] = kids[i].priorP()
		stub += mctsStubPrior(kids[i].move)
	}
	for round := 0; round < 2; round++ {
		w.refine(idx, n, w.net, w.mix(false), nil)
		for i := range kids {
			want := 0.7*eval[i] + 0.3*mctsStubPrior(kids[i].move)/stub
			if math.Abs(float64(kids[i].priorP()-want)) > 1e-5 {
				t.Fatalf("round %d, child %d: prior %v, want %v", round, i, kids[i].priorP(), want)
			}
		}
	}
}

// TestMctsEagerPolicy: a negative threshold asks the policy at every
// expansion, the old schedule.
func TestMctsEagerPolicy(t *testing.T) {
	b := testpos.Random(rand.New(rand.NewPCG(8, 9)), 15, engine.Freestyle, 10)
	var calls atomic.Int64
	cfg := NewConfig(Options{Leaf: LeafStatic, Policy: PolicyOptions{Visits: -1}})
	tree := NewTree(testTreeNodes)
	searchNodes(t, tree, b, &cfg, 8, 1, []Policy{mctsCountingPolicy{&calls}}, 1500)
	_, _, expanded := mctsTreeCounts(tree.pool, tree.kept.root, 0, 0)
	if c := calls.Load(); int(c) != expanded {
		t.Errorf("%d policy calls, %d expansions", c, expanded)
	}
}

// TestMctsPolicyOffUnchanged: a policy that declines every call (on the
// default schedule) leaves the search as it is without one, move for move
// and node for node: the lazy slot changes nothing else in the search.
func TestMctsPolicyOffUnchanged(t *testing.T) {
	for _, seed := range []uint64{1, 2} {
		b := testpos.Random(rand.New(rand.NewPCG(seed, 5)), 15, engine.Freestyle, 9)
		cfg := NewConfig(Options{Leaf: LeafStatic})
		plain := NewTree(testTreeNodes)
		m1 := searchNodes(t, plain, b, &cfg, seed, 1, nil, 3000).Ranked[0].Move
		var calls atomic.Int64
		lazy := NewTree(testTreeNodes)
		m2 := searchNodes(t, lazy, b, &cfg, seed, 1, []Policy{mctsPolicyDecline{&calls}}, 3000).Ranked[0].Move
		want, got := mctsSnapshot(plain.pool, plain.kept.root), mctsSnapshot(lazy.pool, lazy.kept.root)
		if m1 != m2 || !mctsSnapEqual(&want, &got) {
			t.Errorf("seed %d: a declining policy changed the search (%v vs %v)", seed, m1, m2)
		}
		if calls.Load() < 1 {
			t.Errorf("seed %d: the policy was never asked", seed)
		}
	}
}

// mctsPolicyDecline counts its calls and always declines.
type mctsPolicyDecline struct{ calls *atomic.Int64 }

func (p mctsPolicyDecline) Priors(*engine.Board, []engine.Pos, []float32) bool {
	p.calls.Add(1)
	return false
}

// TestMctsPriorTemps: a temperature T over the evaluator's logits gives
// children priors proportional to the untempered ones to the power 1/T, in
// the same order (the width's cut unchanged), and one over the policy
// raises its probabilities to 1/T before the mix.
func TestMctsPriorTemps(t *testing.T) {
	b := testpos.Board(t, 15, engine.Freestyle, "h8i9g7h9i7j8")
	expand := func(cfg *Config) ([]engine.Pos, []float32, *mctsWorker, *mctsSearch, int32, *mctsNode) {
		var calls atomic.Int64
		s := &mctsSearch{pool: newMctsPool(mctsSegSize), cfg: cfg, ctx: context.Background()}
		w := newMctsWorker(s, b, 0, mctsCountingPolicy{&calls}, nil)
		idx, n := mctsExpandedNode(t, s, w, b, false)
		kids := s.pool.block(n.first, int(n.count))
		moves, priors := make([]engine.Pos, len(kids)), make([]float32, len(kids))
		for i := range kids {
			moves[i], priors[i] = kids[i].move, kids[i].priorP()
		}
		return moves, priors, w, s, idx, n
	}
	base := NewConfig(Options{Policy: PolicyOptions{Visits: 8, Mix: 0.5}})
	hot := NewConfig(Options{PriorTemp: 2, Policy: PolicyOptions{Visits: 8, Mix: 0.5, Temp: 0.5}})
	m0, p0, w0, _, _, _ := expand(&base)
	defer w0.release()
	m1, p1, w1, s1, idx, n := expand(&hot)
	defer w1.release()
	if !slices.Equal(m0, m1) || len(m0) < 3 {
		t.Fatalf("the temperature changed the children: %v against %v", m1, m0)
	}
	sum := 0.0
	for _, p := range p0 {
		sum += math.Sqrt(float64(p))
	}
	for i := range p0 {
		if want := math.Sqrt(float64(p0[i])) / sum; math.Abs(float64(p1[i])-want) > 1e-5 {
			t.Fatalf("child %d at T 2: prior %v, want %v (untempered %v)", i, p1[i], want, p0[i])
		}
	}
	// The policy at T 1/2: its probabilities squared, normalised, mixed
	// half and half with the tempered evaluator's.
	w1.refine(idx, n, w1.net, w1.mix(false), nil)
	stub := 0.0
	for _, m := range m1 {
		stub += math.Pow(float64(mctsStubPrior(m)), 2)
	}
	kids := s1.pool.block(n.first, int(n.count))
	for i := range kids {
		want := 0.5*float64(p1[i]) + 0.5*math.Pow(float64(mctsStubPrior(kids[i].move)), 2)/stub
		if math.Abs(float64(kids[i].priorP())-want) > 1e-5 {
			t.Fatalf("child %d refined at T 1/2: prior %v, want %v", i, kids[i].priorP(), want)
		}
	}
}

// TestMctsRenjuBlackMix: RenjuBlackMix is λ, both tiers, exactly where
// black is to move under renju; elsewhere the tier's λ stays.
func TestMctsRenjuBlackMix(t *testing.T) {
	for _, c := range []struct {
		rule       engine.Rule
		moves      string
		mix, want  float32 // want: the first tier's and the deep tier's λ
		wantDeep   float32
		renjuBlack float64
	}{
		{engine.Renju, "h8i9", 0.3, 0.2, 0.2, 0.2},     // black to move
		{engine.Renju, "h8i9g7", 0.3, 0.3, 0.6, 0.2},   // white to move
		{engine.Freestyle, "h8i9", 0.3, 0.3, 0.6, 0.2}, // not renju
		{engine.Renju, "h8i9", 0.3, 0.3, 0.6, 0},       // not set
		{engine.Renju, "h8i9", 0.3, 1, 1, 3},           // above 1 counts as 1
	} {
		b := testpos.Board(t, 15, c.rule, c.moves)
		cfg := mctsDefaults()
		cfg.setPolicy(PolicyOptions{Mix: float64(c.mix), DeepMix: 0.6, RenjuBlackMix: c.renjuBlack})
		s := &mctsSearch{pool: newMctsPool(mctsSegSize), cfg: &cfg, ctx: context.Background()}
		w := newMctsWorker(s, b, 0, nil, nil)
		if got, deep := w.mix(false), w.mix(true); got != c.want || deep != c.wantDeep {
			t.Errorf("%v %s RenjuBlackMix %v: λ %v and deep %v, want %v and %v", c.rule, c.moves, c.renjuBlack, got, deep, c.want, c.wantDeep)
		}
		w.release()
	}
}
