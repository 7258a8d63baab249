package mcts

import (
	"context"
	"testing"
	"time"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/search/internal/testpos"
)

// focusSearch is a timed, whole-turn search (Request.UseAll) over tree's
// root for b whose clock has run out: at the current rate no playout is
// left before the hard limit, so any lead settles the move. No time is
// waited for, so the test holds on any machine.
func focusSearch(t *testing.T, tree *Tree, b *engine.Board, cfg *Config) (*mctsSearch, *mctsWorker) {
	t.Helper()
	past := time.Now().Add(-time.Hour)
	s := &mctsSearch{pool: tree.pool, cfg: cfg, seed: b.Hash(), timed: true, useAll: true, focusOn: cfg.focus,
		budget: clock{start: past, soft: time.Second, hard: time.Second}, ctx: context.Background()}
	s.threads = 1
	w := newMctsWorker(s, b, 0, nil, nil)
	t.Cleanup(w.release)
	if !tree.setRoot(s, b, w, nil) {
		t.Fatal("no root")
	}
	s.started = past
	s.playouts.Store(mctsMinPlayouts)
	return s, w
}

// rootVisits are the visits of the root's children.
func rootVisits(s *mctsSearch) []int32 {
	root := s.pool.node(s.root)
	kids := s.pool.block(root.first, int(root.count))
	v := make([]int32, len(kids))
	for i := range kids {
		v[i] = kids[i].visits.Load()
	}
	return v
}

// TestFocus: a whole-turn search never stops on a settled move. With
// Focus it then sends every playout into the most visited root child,
// until that child is proven lost; without it the playouts spread over
// the root's children as before.
func TestFocus(t *testing.T) {
	const playouts = 40
	for _, rule := range []engine.Rule{engine.Freestyle, engine.Renju} {
		for _, focus := range []bool{false, true} {
			b := testpos.Board(t, 15, rule, "h8i9g7h9i7")
			cfg := NewConfig(Options{Leaf: LeafStatic, Focus: focus})
			tree := NewTree(testTreeNodes)
			searchNodes(t, tree, b, &cfg, 1, 1, nil, 3000)
			s, w := focusSearch(t, tree, b, &cfg)
			before := rootVisits(s)
			best := 0
			for i, v := range before {
				if v > before[best] {
					best = i
				}
			}
			if s.settled() {
				t.Fatalf("%v focus %v: a whole-turn search settled with %d root moves", rule, focus, len(before))
			}
			if got, want := s.focus.Load(), map[bool]int32{false: 0, true: int32(best) + 1}[focus]; got != want {
				t.Fatalf("%v focus %v: focus %d, want %d", rule, focus, got, want)
			}
			for range playouts {
				w.playout()
			}
			w.unwind()
			after := rootVisits(s)
			others := 0
			for i := range after {
				if i != best {
					others += int(after[i] - before[i])
				}
			}
			gain := int(after[best] - before[best])
			if focus && (gain != playouts || others != 0) {
				t.Errorf("%v focused: the settled move gained %d of %d playouts, the others %d", rule, gain, playouts, others)
			}
			if !focus && others == 0 {
				t.Errorf("%v unfocused: all %d playouts went to one move", rule, playouts)
			}
			if !focus {
				continue
			}
			// Proven lost, the settled move loses its focus.
			root := s.pool.node(s.root)
			s.pool.node(root.first + int32(best)).proof.Store(-1)
			if w.rootFocus(root) != -1 {
				t.Errorf("%v: a proven loss is still entered by every playout", rule)
			}
			for range 2 { // the first clears the focus, the second must not set it again
				s.settled()
				if s.focus.Load() != 0 {
					t.Errorf("%v: focus %d on a proven loss", rule, s.focus.Load())
				}
			}
		}
	}
}

// TestDeepen: a whole-turn search told to deepen a root move sends every
// playout into that move's subtree, leaving the other root moves' visits
// as they were; a move that is not a root move, or a search not over the
// whole turn, searches nothing. The playout limit, not the clock, ends the
// search, so the test holds on any machine.
func TestDeepen(t *testing.T) {
	const playouts = 200
	for _, rule := range []engine.Rule{engine.Freestyle, engine.Renju} {
		b := testpos.Board(t, 15, rule, "h8i9g7h9i7")
		cfg := NewConfig(Options{Leaf: LeafStatic})
		tree := NewTree(testTreeNodes)
		first := searchNodes(t, tree, b, &cfg, 1, 1, nil, 2000)
		move := first.Ranked[1].Move // a runner-up: the focus is the request's, not the leader's
		req := func(useAll bool, m engine.Pos) Request {
			return Request{Config: &cfg, Seed: 7, MaxPlayouts: playouts, Timed: true, Start: time.Now(),
				Soft: time.Minute, Hard: time.Minute, Threads: 1, UseAll: useAll, Deepen: true, DeepenMove: m}
		}
		visits := func() map[engine.Pos]int32 {
			res := searchNodes(t, tree, b, &cfg, 1, 1, nil, 1) // one playout: read the root
			out := map[engine.Pos]int32{}
			for _, r := range res.Ranked {
				out[r.Move] = r.Visits
			}
			return out
		}
		before := visits()
		res, ok := tree.Search(context.Background(), b, req(true, move))
		if !ok || res.Playouts != playouts {
			t.Fatalf("%v: deepening searched %v with %d playouts, want %d", rule, ok, res.Playouts, playouts)
		}
		after := visits()
		for m, v := range after {
			want := before[m]
			if m == move {
				want += playouts
			}
			// The reading playout adds one visit somewhere, before and after.
			if v < want || v > want+1 {
				t.Errorf("%v: %v has %d visits after deepening, want %d (+1)", rule, m, v, want)
			}
		}
		if _, ok := tree.Search(context.Background(), b, req(false, move)); ok {
			t.Errorf("%v: a deepening outside a whole-turn search searched", rule)
		}
		occupied := b.Moves()[0]
		if _, ok := tree.Search(context.Background(), b, req(true, occupied)); ok {
			t.Errorf("%v: deepening a move that is not a root move searched", rule)
		}
	}
}
