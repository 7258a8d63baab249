package search

import (
	"context"
	"testing"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/search/internal/testpos"
	"github.com/kakugo/kakugo/search/mcts"
)

// TestKakugoMaxDepth checks that max_depth ends the default player's tree
// search: once a playout has gone MaxDepth plies deep it stops, long before
// the playout limit, and no playout went much deeper than asked.
func TestKakugoMaxDepth(t *testing.T) {
	for _, depth := range []int{2, 4} {
		b := testpos.Board(t, 15, engine.Freestyle, "h8i9h9")
		k := NewKakugo(KakugoOptions{WinSearch: WinSearchOff})
		lim := kakugoNodes(200000)
		lim.MaxDepth = depth
		if m := k.Move(context.Background(), b, lim); !b.Legal(m) {
			t.Fatalf("depth %d: illegal move", depth)
		}
		if k.stats.playouts >= 200000 {
			t.Errorf("depth %d: %d playouts, the depth limit did not stop the search", depth, k.stats.playouts)
		}
	}
}

// TestKakugoThreadMemory checks that each thread's tables come off the
// tree's share of max_memory: more threads, fewer tree nodes.
func TestKakugoThreadMemory(t *testing.T) {
	limit := func(threads int) int32 {
		k := NewKakugo(KakugoOptions{})
		lim := kakugoNodes(100)
		lim.MaxMemory, lim.Threads = 64<<20, threads
		k.size(lim)
		return k.tree.Capacity()
	}
	one, many := limit(1), limit(8)
	if many >= one {
		t.Fatalf("8 threads leave %d tree nodes, one thread %d: the threads' tables are not counted", many, one)
	}
	if got, want := int64(one-many)*mcts.NodeBytes, int64(7*mcts.ThreadBytes); got < want*9/10 || got > want*11/10 {
		t.Errorf("7 more threads took %d bytes off the tree, want about %d", got, want)
	}
}

// TestKakugoVetoMemory: the alpha-beta veto's table comes off the tree's
// share of max_memory, byte for byte.
func TestKakugoVetoMemory(t *testing.T) {
	capacity := func(veto int) (int32, int) {
		k := NewKakugo(KakugoOptions{ABVeto: veto, ABPolicyDepth: -1})
		lim := kakugoNodes(100)
		lim.MaxMemory = 64 << 20
		k.size(lim)
		return k.tree.Capacity(), k.abBits
	}
	plain, _ := capacity(0)
	veto, bits := capacity(35)
	if bits == 0 {
		t.Fatal("no alpha-beta table for the veto")
	}
	got, want := int64(plain-veto)*mcts.NodeBytes, int64(16)<<bits
	if got < want-mcts.NodeBytes || got > want+mcts.NodeBytes {
		t.Errorf("the veto's table (%d bytes) took %d bytes off the tree", want, got)
	}
}
