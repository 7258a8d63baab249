package nn

import (
	"os"
	"testing"
)

// defaultArch is the architecture of the shipped weights (rich-v1 since
// 2026-11-29, session 19), and basicArch the same network on Basic's planes
// (the shipped one before).
var (
	defaultArch = Arch{Features: RichName, Planes: richPlanes, Channels: 24, Blocks: 4, StemKernel: 3, BlockKernel: 3, HeadKernel: 3}
	basicArch   = Arch{Features: BasicName, Planes: basicPlanes, Channels: 24, Blocks: 4, StemKernel: 3, BlockKernel: 3, HeadKernel: 3}
)

// defaultOrRandom is the shipped network, read from ../weights (package nn
// cannot import package weights, which embeds it), or a random network of
// the same architecture when the file is absent. Random weights spread the
// logits far wider than trained ones, which makes the softmax slower.
func defaultOrRandom(tb testing.TB) *Net {
	tb.Helper()
	if data, err := os.ReadFile("../weights/default.kkw"); err == nil {
		n, err := LoadBytes(data)
		if err != nil {
			tb.Fatal(err)
		}
		return n
	}
	n, err := NewRandom(defaultArch, 1)
	if err != nil {
		tb.Fatal(err)
	}
	return n
}
