package mcts

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/eval"
	"github.com/kakugo/kakugo/search/internal/testpos"
	"github.com/kakugo/kakugo/search/win"
)

// searchNodes runs one search of n playouts from b on tree as the player
// runs it without its winning search: one untimed search seeded with the
// position's hash, pols[i] for thread i.
func searchNodes(t testing.TB, tree *Tree, b *engine.Board, cfg *Config, seed uint64, threads int, pols []Policy, n int64) Result {
	t.Helper()
	res, ok := tree.Search(context.Background(), b, Request{Config: cfg, Seed: seed ^ b.Hash(),
		MaxPlayouts: n, Threads: threads, Policies: pols})
	if !ok {
		t.Fatal("nothing to search")
	}
	return res
}

// testTreeNodes is the tree size of the tests' searches, far more than
// they fill.
const testTreeNodes = 1 << 22

// mctsNearWant is the set mctsNear should hold, computed from scratch.
func mctsNearWant(b *engine.Board) []engine.Pos {
	var out []engine.Pos
	for y := 0; y < b.Height(); y++ {
		for x := 0; x < b.Width(); x++ {
			p := b.Pos(x, y)
			if b.At(p) != engine.Empty {
				continue
			}
			near := false
			for dy := -mctsReach; dy <= mctsReach && !near; dy++ {
				for dx := -mctsReach; dx <= mctsReach && !near; dx++ {
					if b.OnBoard(x+dx, y+dy) && b.At(b.Pos(x+dx, y+dy)) != engine.Empty {
						near = true
					}
				}
			}
			if near {
				out = append(out, p)
			}
		}
	}
	return out
}

func TestMctsNearFollowsTheBoard(t *testing.T) {
	for _, size := range []int{15, 20} {
		b, _ := engine.New(size, size, engine.Freestyle)
		n := newMctsNear(b)
		b.Attach(n)
		rng := rand.New(rand.NewPCG(uint64(size), 7))
		for step := 0; step < 600; step++ {
			if b.MoveCount() > 0 && (rng.IntN(3) == 0 || b.MoveCount() > 60) {
				b.Undo()
			} else {
				x, y := rng.IntN(size), rng.IntN(size)
				if p := b.Pos(x, y); b.At(p) == engine.Empty {
					b.Make(p)
				}
			}
			got := slices.Clone(n.list)
			slices.Sort(got)
			want := mctsNearWant(b)
			if !slices.Equal(got, want) {
				t.Fatalf("size %d step %d: near list %v, want %v", size, step, got, want)
			}
			for i, p := range n.list {
				if n.idx[p] != int32(i) {
					t.Fatalf("size %d step %d: idx of %v is %d, want %d", size, step, p, n.idx[p], i)
				}
			}
		}
		// A set built from a position equals one that followed the moves.
		fresh := newMctsNear(b)
		a, c := slices.Clone(fresh.list), slices.Clone(n.list)
		slices.Sort(a)
		slices.Sort(c)
		if !slices.Equal(a, c) {
			t.Fatalf("size %d: fresh set differs", size)
		}
	}
}

func TestMctsCandidates(t *testing.T) {
	cases := []struct {
		name string
		rule engine.Rule
		pos  string
		out  mctsOutcome
		want []string // the exact candidate set, when given
		must []string // moves that must be candidates
	}{
		{"empty board: the centre", engine.Freestyle, "", mctsMoves, []string{"h8"}, nil},
		{"own five", engine.Freestyle, "h8a1i8a2j8a3k8a5", mctsWin, nil, nil},
		{"block the five", engine.Freestyle, "h8a1i8a2j8a3k8", mctsForced, []string{"g8", "l8"}, nil},
		{"two fives: both blocks, each losing", engine.Freestyle, "a1h8a2h9a4h10o15h11", mctsForced, []string{"h7", "h12"}, nil},
		{"open three: fours and blocks only", engine.Freestyle, "h8a1i8a3j8", mctsMoves,
			[]string{"f8", "g8", "k8", "l8"}, nil},
		{"quiet: near cells", engine.Freestyle, "h8i9", mctsMoves, nil, []string{"g7", "j10", "h10", "f6"}},
	}
	for _, tc := range cases {
		b := testpos.Board(t, 15, tc.rule, tc.pos)
		e := eval.Attach(b)
		n := newMctsNear(b)
		b.Attach(n)
		g := newMctsGen(b, nil)
		cands, out := g.candidates(e, n, 0)
		if out != tc.out {
			t.Errorf("%s: outcome %d, want %d", tc.name, out, tc.out)
			continue
		}
		var got []string
		for i, c := range cands {
			got = append(got, engine.FormatMove(b.XY(c.p)))
			if i > 0 && c.score > cands[i-1].score {
				t.Errorf("%s: candidates not sorted by logit", tc.name)
			}
		}
		if tc.want != nil {
			a, w := slices.Clone(got), slices.Clone(tc.want)
			slices.Sort(a)
			slices.Sort(w)
			if !slices.Equal(a, w) {
				t.Errorf("%s: candidates %v, want %v", tc.name, got, tc.want)
			}
		}
		for _, m := range tc.must {
			if !slices.Contains(got, m) {
				t.Errorf("%s: %s missing from %v", tc.name, m, got)
			}
		}
		if len(cands) > 0 {
			mctsPriors(cands, b, nil, 1, nil, nil)
			sum := float32(0)
			for _, c := range cands {
				sum += c.score
			}
			if sum < 0.999 || sum > 1.001 {
				t.Errorf("%s: priors sum to %v", tc.name, sum)
			}
		}
	}
}

// mctsPolicyStub prefers the last move's column, to test the Policy slot.
type mctsPolicyStub struct{ ok bool }

func (p mctsPolicyStub) Priors(b *engine.Board, moves []engine.Pos, dst []float32) bool {
	for i, m := range moves {
		dst[i] = float32(1 + i) // the last candidate gets the most
		_ = m
	}
	return p.ok
}

func TestMctsPriorsFromPolicy(t *testing.T) {
	b := testpos.Board(t, 15, engine.Freestyle, "h8i9")
	e := eval.Attach(b)
	n := newMctsNear(b)
	b.Attach(n)
	g := newMctsGen(b, nil)
	cands, _ := g.candidates(e, n, 0)
	k := len(cands)
	mctsPriors(cands, b, mctsPolicyStub{true}, 1, nil, nil)
	if want := float32(k) / float32(k*(k+1)/2); cands[k-1].score < want*0.999 || cands[k-1].score > want*1.001 {
		t.Errorf("policy prior of the last candidate %v, want %v", cands[k-1].score, want)
	}
	cands, _ = g.candidates(e, n, 0)
	mctsPriors(cands, b, mctsPolicyStub{false}, 1, nil, nil)
	if cands[0].score <= cands[k-1].score {
		t.Errorf("a policy that declines must leave the evaluator's priors")
	}
}

func TestMctsCandidatesRenjuNeverForbidden(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for game := 0; game < 30; game++ {
		b, _ := engine.New(15, 15, engine.Renju)
		e := eval.Attach(b)
		n := newMctsNear(b)
		b.Attach(n)
		g := newMctsGen(b, nil)
		for b.MoveCount() < 50 && b.Winner() == engine.Empty {
			cands, out := g.candidates(e, n, 0)
			if out != mctsMoves && out != mctsForced {
				break
			}
			for _, c := range cands {
				if !b.Legal(c.p) {
					t.Fatalf("game %d: illegal candidate %v after %s", game, c.p, testpos.Moves(b, b.Moves()))
				}
			}
			b.Make(cands[rng.IntN(min(len(cands), 4))].p)
		}
	}
}

func TestMctsPoolSegments(t *testing.T) {
	p := newMctsPool(3 * mctsSegSize)
	total := 0
	rng := rand.New(rand.NewPCG(1, 2))
	for {
		k := 1 + rng.IntN(300)
		first, ok := p.alloc(k)
		if !ok {
			break
		}
		if first>>mctsSegShift != (first+int32(k)-1)>>mctsSegShift {
			t.Fatalf("block %d+%d straddles segments", first, k)
		}
		blk := p.block(first, k)
		for i := range blk {
			blk[i].init(engine.Pos(i), 0.5)
		}
		total += k
	}
	if !p.full.Load() || p.Used() > p.limit || total > int(p.limit) {
		t.Fatalf("full %v used %d limit %d total %d", p.full.Load(), p.Used(), p.limit, total)
	}
	if total < int(p.limit)-3*300 {
		t.Errorf("only %d of %d nodes handed out", total, p.limit)
	}
	p.reset()
	if p.Used() != 0 || p.full.Load() {
		t.Errorf("reset left used %d full %v", p.Used(), p.full.Load())
	}
}

func TestMctsSortRanked(t *testing.T) {
	r := []Ranked{
		{Move: 1, Visits: 50, Value: 0.1},
		{Move: 2, Visits: 80, Value: -0.2, Proof: -1},
		{Move: 3, Visits: 10, Value: 0.9, Proof: 1},
		{Move: 4, Visits: 50, Value: 0.3},
		{Move: 5, Visits: 50, Value: 0.3, Prior: 0.4},
	}
	mctsSortRanked(r)
	var got []engine.Pos
	for _, x := range r {
		got = append(got, x.Move)
	}
	if want := []engine.Pos{3, 5, 4, 1, 2}; !slices.Equal(got, want) {
		t.Errorf("order %v, want %v", got, want)
	}
}

// mctsSnap is a subtree copied out of the pool, to compare trees.
type mctsSnap struct {
	move          engine.Pos
	visits, proof int32
	state         int32
	sum           int64
	prior         float32
	kind          uint16
	kids          []mctsSnap
}

func mctsSnapshot(p *mctsPool, idx int32) mctsSnap {
	n := p.node(idx)
	s := mctsSnap{move: n.move, visits: n.visits.Load(), proof: n.proof.Load(), state: n.state.Load(),
		sum: n.sum.Load(), prior: n.priorP(), kind: n.kind}
	if s.state == mctsExpanded {
		for j := int32(0); j < int32(n.count); j++ {
			s.kids = append(s.kids, mctsSnapshot(p, n.first+j))
		}
	}
	return s
}

func mctsSnapCount(s *mctsSnap) int {
	n := 1
	for i := range s.kids {
		n += mctsSnapCount(&s.kids[i])
	}
	return n
}

func mctsSnapEqual(a, b *mctsSnap) bool {
	if a.move != b.move || a.visits != b.visits || a.proof != b.proof || a.state != b.state ||
		a.sum != b.sum || a.prior != b.prior || a.kind != b.kind || len(a.kids) != len(b.kids) {
		return false
	}
	for i := range a.kids {
		if !mctsSnapEqual(&a.kids[i], &b.kids[i]) {
			return false
		}
	}
	return true
}

func TestMctsCompactKeepsTheSubtree(t *testing.T) {
	for _, seed := range []uint64{1, 2, 3} {
		b := testpos.Random(rand.New(rand.NewPCG(seed, 1)), 15, engine.Freestyle, 8)
		tree := NewTree(testTreeNodes)
		cfg := NewConfig(Options{Leaf: LeafStatic})
		searchNodes(t, tree, b, &cfg, seed, 1, nil, 6000)
		pool := tree.pool
		before := pool.Used()
		// Descend two plies along the most visited children, as a game does.
		idx := tree.kept.root
		for range 2 {
			n := pool.node(idx)
			kids := pool.block(n.first, int(n.count))
			best := 0
			for i := range kids {
				if kids[i].visits.Load() > kids[best].visits.Load() {
					best = i
				}
			}
			idx = n.first + int32(best)
		}
		want := mctsSnapshot(pool, idx)
		root := pool.compact(idx)
		got := mctsSnapshot(pool, root)
		if !mctsSnapEqual(&want, &got) {
			t.Fatalf("seed %d: the subtree changed in compaction", seed)
		}
		live := mctsSnapCount(&got)
		if pool.Used() < int32(live) || pool.Used() >= before {
			t.Errorf("seed %d: used %d after compaction, live %d, before %d", seed, pool.Used(), live, before)
		}
		// The compacted tree grows on correctly.
		tree.kept.root = root
		first, ok := pool.alloc(3)
		if !ok || first < int32(live) {
			t.Errorf("seed %d: allocation after compaction at %d (live %d)", seed, first, live)
		}
	}
}

func TestMctsVCFProbeMakesWinsTerminal(t *testing.T) {
	// Black to move: k8 makes two fours (row 8 and column k), a VCF of one move.
	b := testpos.Board(t, 15, engine.Freestyle, "h8g8i8k12j8a1k9a3k10a5k11a7")
	s := &mctsSearch{pool: newMctsPool(mctsSegSize), cfg: &Config{maxChildren: 40, vcfProbe: 30}, ctx: context.Background()}
	w := newMctsWorker(s, b, 0, nil, nil)
	defer w.release()
	w.useProbes(win.New(1<<10), &win.Prober{})
	for _, atRoot := range []bool{true, false} {
		idx, _ := s.pool.alloc(1)
		n := s.pool.node(idx)
		n.init(b.LastMove(), 1)
		n.state.Store(mctsExpanding)
		expanded := w.expand(n, atRoot)
		if atRoot && (!expanded || n.proof.Load() != 0) {
			t.Errorf("the root was probed: expanded %v proof %d", expanded, n.proof.Load())
		}
		if !atRoot && (expanded || n.proof.Load() != -1 || n.state.Load() != mctsTerminal) {
			t.Errorf("the VCF was not found: expanded %v proof %d state %d", expanded, n.proof.Load(), n.state.Load())
		}
	}
}
