package mcts

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/eval"
	"github.com/kakugo/kakugo/search/internal/testpos"
	"github.com/kakugo/kakugo/search/proof"
	"github.com/kakugo/kakugo/search/win"
)

func TestVCTProbeNodes(t *testing.T) {
	cases := []struct {
		visits, at int32
		base, want int64
	}{
		{0, 4, 100, 0}, {3, 4, 100, 0}, {4, 4, 100, 100}, {5, 4, 100, 0}, {8, 4, 100, 0},
		{16, 4, 100, 0}, {32, 4, 100, 200}, {64, 4, 100, 0}, {256, 4, 100, 400},
		{2048, 4, 100, 800}, {16384, 4, 100, 1600}, {16, 16, 30, 30},
		{128, 16, 30, 60}, {48, 16, 30, 0}, {4, 0, 100, 0}, {4, 4, 0, 0},
		{32, 4, 1 << 15, mctsVCTProbeMax}, {256, 4, 1 << 15, mctsVCTProbeMax},
	}
	for _, c := range cases {
		if got := vctProbeNodes(c.visits, c.at, c.base); got != c.want {
			t.Errorf("vctProbeNodes(%d, %d, %d) = %d, want %d", c.visits, c.at, c.base, got, c.want)
		}
	}
}

// probeWorker is a worker on b of a search with cfg, its probes' table its own.
func probeWorker(t *testing.T, b *engine.Board, cfg Config) (*mctsSearch, *mctsWorker) {
	t.Helper()
	cfg.maxChildren = 40
	s := &mctsSearch{pool: newMctsPool(mctsSegSize), cfg: &cfg, ctx: context.Background()}
	w := newMctsWorker(s, b, 0, nil, nil)
	t.Cleanup(w.release)
	w.useProbes(win.New(1<<14), &win.Prober{})
	return s, w
}

// TestVCTProbeMakesWinsTerminal: black to move makes a double three at j8
// (a VCT of three moves, no VCF). A node there is probed when its visits
// reach the threshold, not before, and then proves the win; a descent
// through it backs the proof up as a loss for the player who moved in.
func TestVCTProbeMakesWinsTerminal(t *testing.T) {
	b := testpos.Board(t, 15, engine.Freestyle, "h8a1i8o1j10a15j9o15")
	s, w := probeWorker(t, b, Config{vctProbe: 200, vctRoot: 200, vctAt: 4})
	idx, _ := s.pool.alloc(1)
	n := s.pool.node(idx)
	n.init(b.LastMove(), 1)
	for _, v := range []int32{0, 3, 5} {
		n.visits.Store(v)
		if w.vctWins(n) {
			t.Errorf("probed at %d visits", v)
		}
	}
	n.visits.Store(4)
	if !w.vctWins(n) {
		t.Fatal("the double three's VCT was not found at 4 visits")
	}
	// In a playout: the node is a root child at its fourth visit.
	b2 := testpos.Board(t, 15, engine.Freestyle, "h8a1i8o1j10a15j9")
	s2, w2 := probeWorker(t, b2, Config{vctProbe: 200, vctRoot: 200, vctAt: 4})
	s2.root, _ = s2.pool.alloc(1)
	rn := s2.pool.node(s2.root)
	rn.init(engine.NoPos, 1)
	rn.visits.Store(4)
	kid, _ := s2.pool.alloc(1)
	k := s2.pool.node(kid)
	k.init(b2.Pos(14, 14), 1) // white o15, after which black wins
	k.visits.Store(4)
	k.state.Store(mctsExpanded) // no children needed: the probe comes first
	rn.first, rn.count = kid, 1
	rn.state.Store(mctsExpanded)
	w2.playout()
	if k.proof.Load() != -1 || rn.proof.Load() != 0 {
		t.Errorf("after the playout: child proof %d (want -1), root proof %d (want 0: it has no forced kind)", k.proof.Load(), rn.proof.Load())
	}
	if k.visits.Load() != 5 || k.mean() >= 0 {
		t.Errorf("the proven loss was not backed up: visits %d mean %v", k.visits.Load(), k.mean())
	}
}

// TestThreatProbeNarrowsChildren: white to move, black threatens the
// double four at k8. Below the root the threat probe keeps only moves
// that may refute it (k8 among them, every one in win.Search.Threat's
// list), far fewer than the quiet list; at the root and with the probe
// off, the children are the usual ones.
func TestThreatProbeNarrowsChildren(t *testing.T) {
	b := testpos.Board(t, 15, engine.Freestyle, "h8g8i8k12j8a1k9a3k10a5k11")
	want, threatened, _ := win.New(1<<14).Threat(context.Background(), b, eval.Attach(b), proof.VCF, time.Time{}, 100)
	if !threatened {
		t.Fatal("no threat: the test position is wrong")
	}
	children := func(cfg Config, atRoot bool) []engine.Pos {
		s, w := probeWorker(t, b, cfg)
		_, n := mctsExpandedNode(t, s, w, b, atRoot)
		var out []engine.Pos
		kids := s.pool.block(n.first, int(n.count))
		for i := range kids {
			out = append(out, kids[i].move)
		}
		return out
	}
	narrowed := children(Config{threatProbe: 100}, false)
	if !slices.Contains(narrowed, b.Pos(10, 7)) {
		t.Errorf("k8 is not among the children %v", narrowed)
	}
	for _, p := range narrowed {
		if !slices.Contains(want, p) {
			t.Errorf("child %v is not a refutation candidate %v", p, want)
		}
	}
	plain := children(Config{}, false)
	root := children(Config{threatProbe: 100}, true)
	if len(narrowed) >= len(plain) || len(root) < len(plain) {
		t.Errorf("children: narrowed %d, without the probe %d, at the root %d", len(narrowed), len(plain), len(root))
	}
}

// rootProofs searches b with every probe on (VCT probes from 2 visits)
// and returns the ranked root moves, and those proven lost, each checked
// by a full VCT search for the opponent after it.
func rootProofs(t *testing.T, b *engine.Board, threads int, playouts int64) (ranked []Ranked, lost int) {
	t.Helper()
	cfg := NewConfig(Options{Leaf: LeafStatic, VCFProbe: 100, VCTProbe: 100, VCTProbeAt: 2, ThreatProbe: 100})
	res := searchNodes(t, NewTree(testTreeNodes), b, &cfg, 5, threads, nil, playouts)
	check := win.New(1 << 18)
	e := eval.Attach(b)
	defer e.Detach()
	for _, r := range res.Ranked {
		if r.Proof != -1 {
			continue
		}
		lost++
		b.Make(r.Move)
		if !check.Prove(context.Background(), b, e, proof.VCT, time.Time{}, 0).Win {
			t.Errorf("threads %d: %s proven lost, but the opponent has no VCT after it", threads, testpos.Moves(b, []engine.Pos{r.Move}))
		}
		b.Undo()
	}
	return res.Ranked, lost
}

// TestVCTProbeSolvesDefence: white to move against black's double-three
// threat at j8, with a few moves that hold (a complete VCT search for
// black after every white move says which): the search chooses one of
// them, and proves lost only moves that lose. In a lost position (black's
// double three with nothing of white's near) the moves the search takes
// seriously are proven lost, each rightly. One thread and two (the race
// detector watches the shared tree and the probes).
func TestVCTProbeSolvesDefence(t *testing.T) {
	b := testpos.Stones(t, engine.Freestyle, "h8i8j9j10", "k10i9h9i11", engine.White)
	check := win.New(1 << 18)
	e := eval.Attach(b)
	holds := map[engine.Pos]bool{}
	for _, p := range mctsNearWant(b) {
		b.Make(p)
		if r := check.Prove(context.Background(), b, e, proof.VCT, time.Time{}, 50000); !r.Win && r.Complete {
			holds[p] = true
		}
		b.Undo()
	}
	e.Detach()
	if len(holds) == 0 || len(holds) > 8 {
		t.Fatalf("%d moves hold: the test position is wrong", len(holds))
	}
	lostBoard := testpos.Board(t, 15, engine.Freestyle, "h8a1i8o1j10a15j9")
	for _, threads := range []int{1, 2} {
		ranked, _ := rootProofs(t, b, threads, 4000)
		if best := ranked[0].Move; !holds[best] {
			t.Errorf("threads %d: the search chose %s, which loses to a VCT", threads, testpos.Moves(b, []engine.Pos{best}))
		}
		ranked, lost := rootProofs(t, lostBoard, threads, 4000)
		if lost < 10 {
			t.Errorf("threads %d: %d of %d root moves proven lost in a lost position", threads, lost, len(ranked))
		}
	}
}
