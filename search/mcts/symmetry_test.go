package mcts

import (
	"context"
	"math/rand/v2"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/search/internal/testpos"
)

// mctsSymStub is a deep tier that can average views: its averaged priors
// differ from its plain ones, so a node's priors say which it got, and it
// records how many views each averaged call asked for.
type mctsSymStub struct {
	mctsDeepStub
	mu    *sync.Mutex
	views map[int]int
}

func mctsSymPrior(m engine.Pos) float32 { return float32(1 + (int(m)*3)%13) }

func (p mctsSymStub) SymmetricPriors(b *engine.Board, moves []engine.Pos, dst []float32, n int) bool {
	p.mu.Lock()
	p.views[n]++
	p.mu.Unlock()
	for i, m := range moves {
		dst[i] = mctsSymPrior(m)
	}
	return true
}

// TestMctsSymmetries: RootSymmetries gives the root the averaged priors of
// that many views, and only the root; DeepSymmetries gives them to every
// node the deep tier refines; neither set, no view is averaged; and a
// policy that cannot average is asked plainly.
func TestMctsSymmetries(t *testing.T) {
	for _, tc := range []struct {
		root, deep int
		canAverage bool
	}{{0, 0, true}, {4, 0, true}, {0, 8, true}, {4, 8, true}, {4, 8, false}} {
		b := testpos.Random(rand.New(rand.NewPCG(3, 11)), 15, engine.Freestyle, 10)
		var calls, deepCalls atomic.Int64
		stub := mctsSymStub{mctsDeepStub{&deepCalls}, &sync.Mutex{}, map[int]int{}}
		var deep Policy = stub
		if !tc.canAverage {
			deep = stub.mctsDeepStub
		}
		cfg := NewConfig(Options{Leaf: LeafStatic, Policy: PolicyOptions{Visits: 16, Mix: 1, DeepVisits: 100,
			RootSymmetries: tc.root, DeepSymmetries: tc.deep}})
		tree := NewTree(testTreeNodes)
		if _, ok := tree.Search(context.Background(), b, Request{Config: &cfg, Seed: 5 ^ b.Hash(), MaxPlayouts: 4000, Threads: 1,
			Policies: []Policy{mctsCountingPolicy{&calls}}, DeepPolicies: []Policy{deep}}); !ok {
			t.Fatal("nothing to search")
		}
		root := tree.kept.root
		averaged := func(n, want int) bool { return tc.canAverage && want > 1 && n == want }
		wantRoot := mctsDeepPrior
		if averaged(tc.root, tc.root) {
			wantRoot = mctsSymPrior
		}
		if !mctsPriorsAre(tree.pool, tree.pool.node(root), wantRoot) {
			t.Errorf("%+v: the root's priors are not the expected tier's", tc)
		}
		refinedDeep := 0
		mctsEachRefinable(tree.pool, root, func(n *mctsNode, v int32) {
			if v < 100+1 {
				return
			}
			refinedDeep++
			want := mctsDeepPrior
			if averaged(tc.deep, tc.deep) {
				want = mctsSymPrior
			}
			if !mctsPriorsAre(tree.pool, n, want) {
				t.Errorf("%+v: a deep node of %d visits without the expected priors", tc, v)
			}
		})
		if refinedDeep == 0 {
			t.Fatalf("%+v: no node reached the deep tier", tc)
		}
		want := map[int]int{}
		if averaged(tc.root, tc.root) {
			want[tc.root]++
		}
		if averaged(tc.deep, tc.deep) {
			want[tc.deep] += refinedDeep
		}
		for n, c := range stub.views {
			if c != want[n] {
				t.Errorf("%+v: %d averaged calls of %d views, want %d", tc, c, n, want[n])
			}
		}
		if len(want) != len(stub.views) {
			t.Errorf("%+v: averaged calls %v, want %v", tc, stub.views, want)
		}
	}
}

// TestMctsSymmetriesThreads: with several threads (where a node may also
// be refined late, refineLate), every node past the deep window still has
// the averaged priors.
func TestMctsSymmetriesThreads(t *testing.T) {
	const threads, deepAt = 3, 100
	b := testpos.Random(rand.New(rand.NewPCG(4, 11)), 15, engine.Freestyle, 10)
	var calls, deepCalls atomic.Int64
	cfg := NewConfig(Options{Leaf: LeafStatic, Policy: PolicyOptions{Visits: 16, Mix: 1, DeepVisits: deepAt, RootSymmetries: 4, DeepSymmetries: 4}})
	pols, deeps := make([]Policy, threads), make([]Policy, threads)
	var mu sync.Mutex
	views := map[int]int{}
	for i := range pols {
		pols[i], deeps[i] = mctsCountingPolicy{&calls}, mctsSymStub{mctsDeepStub{&deepCalls}, &mu, views}
	}
	tree := NewTree(testTreeNodes)
	if _, ok := tree.Search(context.Background(), b, Request{Config: &cfg, Seed: 6 ^ b.Hash(), MaxPlayouts: 4000, Threads: threads,
		Policies: pols, DeepPolicies: deeps}); !ok {
		t.Fatal("nothing to search")
	}
	if !mctsPriorsAre(tree.pool, tree.pool.node(tree.kept.root), mctsSymPrior) {
		t.Error("the root's priors are not the averaged ones")
	}
	past := 0
	mctsEachRefinable(tree.pool, tree.kept.root, func(n *mctsNode, v int32) {
		if v >= deepAt+threads {
			past++
			if !mctsPriorsAre(tree.pool, n, mctsSymPrior) {
				t.Errorf("a node of %d visits without the averaged priors", v)
			}
		}
	})
	if past == 0 || deepCalls.Load() != 0 || len(views) != 1 || views[4] < past {
		t.Errorf("%d nodes past the deep window, %d plain deep calls, averaged calls %v", past, deepCalls.Load(), views)
	}
}
