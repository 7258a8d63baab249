package nn

import "testing"

// defaultArch is the architecture of the shipped weights.
var defaultArch = Arch{Features: BasicName, Planes: basicPlanes, Channels: 24, Blocks: 4, StemKernel: 3, BlockKernel: 3, HeadKernel: 3}

// defaultOrRandom is a network of the default architecture with random
// weights (the nn package cannot import weights, which embeds the real ones;
// speed does not depend on the values).
func defaultOrRandom(tb testing.TB) *Net {
	tb.Helper()
	n, err := NewRandom(defaultArch, 1)
	if err != nil {
		tb.Fatal(err)
	}
	return n
}
