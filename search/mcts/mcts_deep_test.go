package mcts

import (
	"context"
	"math"
	"math/rand/v2"
	"sync/atomic"
	"testing"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/search/internal/testpos"
)

// mctsDeepStub is the deep tier's stand-in: other preferences than
// mctsCountingPolicy's, so that a node's priors say which tier set them.
type mctsDeepStub struct{ calls *atomic.Int64 }

func mctsDeepPrior(m engine.Pos) float32 { return float32(1 + (int(m)*5)%11) }

func (p mctsDeepStub) Priors(b *engine.Board, moves []engine.Pos, dst []float32) bool {
	p.calls.Add(1)
	for i, m := range moves {
		dst[i] = mctsDeepPrior(m)
	}
	return true
}

// mctsPriorsAre reports whether the children of n have exactly the priors
// prior gives them, normalised (λ = 1).
func mctsPriorsAre(p *mctsPool, n *mctsNode, prior func(engine.Pos) float32) bool {
	kids := p.block(n.first, int(n.count))
	sum := float32(0)
	for i := range kids {
		sum += prior(kids[i].move)
	}
	for i := range kids {
		if math.Abs(float64(kids[i].priorP()-prior(kids[i].move)/sum)) > 1e-5 {
			return false
		}
	}
	return true
}

// mctsEachRefinable calls f with every expanded node below root (in pool)
// whose priors a refinement may have set (two children or more, no proof),
// and its visit count.
func mctsEachRefinable(p *mctsPool, root int32, f func(n *mctsNode, visits int32)) {
	var walk func(idx int32, isRoot bool)
	walk = func(idx int32, isRoot bool) {
		n := p.node(idx)
		if n.state.Load() != mctsExpanded {
			return
		}
		if !isRoot && n.count >= 2 && n.proof.Load() == 0 {
			f(n, n.visits.Load())
		}
		for j := int32(0); j < int32(n.count); j++ {
			walk(n.first+j, false)
		}
	}
	walk(root, true)
}

// TestMctsDeepPolicySchedule: with a deep tier, the root and every node
// that passes the deep threshold get the deep policy's priors, the nodes
// between the two thresholds the first policy's, each tier asked once per
// node (with one thread and with four); a deep threshold that would overlap
// the first window makes the deep policy the only one.
func TestMctsDeepPolicySchedule(t *testing.T) {
	for _, tc := range []struct {
		threads, at, deepAt int
		seed                uint64
		expand              int // children valued at expansions
	}{
		{1, 16, 100, 1, 0}, {1, 30, 300, 2, 0}, {4, 16, 120, 3, 0}, {4, 20, 23, 4, 0},
		{1, 30, 300, 5, 3}, {1, 20, 22, 6, 3},
	} {
		b := testpos.Random(rand.New(rand.NewPCG(tc.seed, 11)), 15, engine.Freestyle, 10)
		var calls, deepCalls atomic.Int64
		cfg := NewConfig(Options{Leaf: LeafStatic, ExpandEval: tc.expand, Policy: PolicyOptions{Visits: tc.at, Mix: 1, DeepVisits: tc.deepAt}})
		pols, deeps := make([]Policy, tc.threads), make([]Policy, tc.threads)
		for i := range pols {
			pols[i], deeps[i] = mctsCountingPolicy{&calls}, mctsDeepStub{&deepCalls}
		}
		tree := NewTree(testTreeNodes)
		_, ok := tree.Search(context.Background(), b, Request{Config: &cfg, Seed: tc.seed ^ b.Hash(),
			MaxPlayouts: 6000, Threads: tc.threads, Policies: pols, DeepPolicies: deeps})
		if !ok {
			t.Fatal("nothing to search")
		}
		root := tree.kept.root
		if !mctsPriorsAre(tree.pool, tree.pool.node(root), mctsDeepPrior) {
			t.Errorf("%+v: the root's priors are not the deep policy's", tc)
		}
		k := int32(tc.threads * max(tc.expand, 1))
		overlap := tc.deepAt < tc.at+int(k)
		nLo, nHi, _ := mctsTreeCounts(tree.pool, root, int32(tc.at)+k, int32(tc.at))
		dLo, dHi, _ := mctsTreeCounts(tree.pool, root, int32(tc.deepAt)+k, int32(tc.deepAt))
		got, deep := int(calls.Load()), int(deepCalls.Load())
		if overlap {
			if got != 0 || deep < 1+nLo || deep > 1+nHi {
				t.Errorf("%+v (overlapping): %d first-tier and %d deep calls, want 0 and %d..%d", tc, got, deep, 1+nLo, 1+nHi)
			}
			continue
		}
		if deep < 1+dLo || deep > 1+dHi || dLo == 0 {
			t.Errorf("%+v: %d deep calls, want %d..%d (and some past the threshold)", tc, deep, 1+dLo, 1+dHi)
		}
		if got < nLo || got > nHi {
			t.Errorf("%+v: %d first-tier calls, want %d..%d", tc, got, nLo, nHi)
		}
		// Which tier each node's priors came from, by its count.
		mctsEachRefinable(tree.pool, root, func(n *mctsNode, v int32) {
			switch {
			case v >= int32(tc.deepAt)+k && !mctsPriorsAre(tree.pool, n, mctsDeepPrior):
				t.Errorf("%+v: a node of %d visits without the deep priors", tc, v)
			case v >= int32(tc.at)+k && v < int32(tc.deepAt) && !mctsPriorsAre(tree.pool, n, mctsStubPrior):
				t.Errorf("%+v: a node of %d visits without the first tier's priors", tc, v)
			}
		})
	}
}

// TestMctsSetPolicyDeep: the deep threshold's default and bounds.
func TestMctsSetPolicyDeep(t *testing.T) {
	for _, tc := range []struct {
		in   int
		want int32
	}{{0, mctsDeepVisits}, {-5, mctsDeepVisits}, {500, 500}, {math.MaxInt, math.MaxInt32 / 2}} {
		var c Config
		c.setPolicy(PolicyOptions{DeepVisits: tc.in})
		if c.deepAt != tc.want {
			t.Errorf("DeepVisits %d gives %d, want %d", tc.in, c.deepAt, tc.want)
		}
	}
}

// TestMctsRefineOvertaken: with several threads, a first-tier refinement
// of a node the deep tier has claimed meanwhile leaves the deep priors in
// place (the race TestMctsDeepPolicySchedule met under -race), and one of
// a node without a deep claim writes its own.
func TestMctsRefineOvertaken(t *testing.T) {
	b := testpos.Board(t, 15, engine.Freestyle, "h8i9g7h9i7")
	var calls, deepCalls atomic.Int64
	cfg := mctsDefaults()
	cfg.setPolicy(PolicyOptions{Visits: 8, Mix: 1, DeepVisits: 100})
	for _, claimed := range []bool{true, false} {
		s := &mctsSearch{pool: newMctsPool(mctsSegSize), cfg: &cfg, ctx: context.Background(), threads: 2}
		w := newMctsWorker(s, b, 0, mctsCountingPolicy{&calls}, mctsDeepStub{&deepCalls})
		idx, n := mctsExpandedNode(t, s, w, b, false)
		if claimed {
			s.refinedDeep.claim(idx)
			w.refine(idx, n, w.deep, w.mix(true), nil) // the deep refinement that overtook
		}
		w.refineOnce(&s.refined, idx, n, w.net)
		if claimed && !mctsPriorsAre(s.pool, n, mctsDeepPrior) {
			t.Error("a late first-tier refinement replaced the deep priors")
		}
		if !claimed && !mctsPriorsAre(s.pool, n, mctsStubPrior) {
			t.Error("a first-tier refinement without a deep claim did not write its priors")
		}
		w.release()
	}
	if calls.Load() != 2 {
		t.Errorf("%d first-tier calls, want 2 (the policy is asked either way)", calls.Load())
	}
}

// TestMctsDeepMix: the deep tier's priors are mixed by DeepMix, the first
// tier's by Mix, whichever way round (λ = 1 leaves a policy's priors as
// they are, 0.5 does not); where the two windows overlap the deep policy's
// every refinement is mixed by DeepMix; DeepMix 0 means Mix.
func TestMctsDeepMix(t *testing.T) {
	for _, tc := range []struct {
		threads, deepAt int
		mix, deepMix    float64
	}{
		{1, 200, 0.5, 1}, {1, 200, 1, 0.5}, {4, 22, 0.5, 1},
	} {
		b := testpos.Random(rand.New(rand.NewPCG(uint64(tc.deepAt), 5)), 15, engine.Freestyle, 10)
		var calls, deepCalls atomic.Int64
		cfg := NewConfig(Options{Leaf: LeafStatic, Policy: PolicyOptions{Visits: 20, Mix: tc.mix, DeepVisits: tc.deepAt, DeepMix: tc.deepMix}})
		pols, deeps := make([]Policy, tc.threads), make([]Policy, tc.threads)
		for i := range pols {
			pols[i], deeps[i] = mctsCountingPolicy{&calls}, mctsDeepStub{&deepCalls}
		}
		tree := NewTree(testTreeNodes)
		if _, ok := tree.Search(context.Background(), b, Request{Config: &cfg, Seed: b.Hash(),
			MaxPlayouts: 4000, Threads: tc.threads, Policies: pols, DeepPolicies: deeps}); !ok {
			t.Fatal("nothing to search")
		}
		overlap := tc.deepAt < 20+tc.threads
		root := tree.kept.root
		if got := mctsPriorsAre(tree.pool, tree.pool.node(root), mctsDeepPrior); got != (tc.deepMix == 1) {
			t.Errorf("%+v: the root's priors are the deep policy's alone: %v", tc, got)
		}
		var first, deep int
		mctsEachRefinable(tree.pool, root, func(n *mctsNode, v int32) {
			switch {
			case overlap && v >= 20+int32(tc.threads):
				deep++
				if !mctsPriorsAre(tree.pool, n, mctsDeepPrior) {
					t.Errorf("%+v (overlapping): a node of %d visits without the deep priors alone", tc, v)
				}
			case overlap:
			case v >= int32(tc.deepAt)+1:
				deep++
				if got := mctsPriorsAre(tree.pool, n, mctsDeepPrior); got != (tc.deepMix == 1) {
					t.Errorf("%+v: a node of %d visits has the deep priors alone: %v", tc, v, got)
				}
			case v >= 21 && v < int32(tc.deepAt):
				first++
				if got := mctsPriorsAre(tree.pool, n, mctsStubPrior); got != (tc.mix == 1) {
					t.Errorf("%+v: a node of %d visits has the first tier's priors alone: %v", tc, v, got)
				}
			}
		})
		if deep == 0 || (first == 0 && !overlap) {
			t.Errorf("%+v: %d deep and %d first-tier nodes looked at; the test needs both", tc, deep, first)
		}
	}
	var c Config
	c.setPolicy(PolicyOptions{Mix: 0.3})
	if c.deepMix != c.policyMix {
		t.Errorf("DeepMix 0 gives %v, want Mix's %v", c.deepMix, c.policyMix)
	}
	c.setPolicy(PolicyOptions{Mix: 0.3, DeepMix: 7})
	if c.deepMix != 1 {
		t.Errorf("DeepMix 7 gives %v, want 1", c.deepMix)
	}
}
