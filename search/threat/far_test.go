package threat

import (
	"testing"

	"github.com/kakugo/kakugo/engine"
)

// TestFarReach checks farReachOf against each rule's tables: a colour
// whose far cells flip skips must have the same sharp code whatever
// stands sideLen cells away on either side, for every key.
func TestFarReach(t *testing.T) {
	for _, r := range []engine.Rule{engine.Freestyle, engine.Exact, engine.Renju} {
		tb := ruleTables[r]()
		for ci := range 2 {
			reaches := false
		keys:
			for key := uint32(0); key < 1<<(2*sideBits); key++ {
				base := tb.code[ci][tb.entry(ci, key)]
				for _, sh := range []uint{2 * (sideLen - 1), sideBits + 2*(sideLen-1)} {
					for v := range uint32(4) {
						if tb.code[ci][tb.entry(ci, key&^(3<<sh)|v<<sh)] != base {
							reaches = true
							break keys
						}
					}
				}
			}
			want := farReachOf(r) == farBoth || (farReachOf(r) == farBlack && ci == 0)
			if reaches && !want {
				t.Errorf("%v: colour index %d's codes read the far cells, which flip skips", r, ci)
			}
			if !reaches && want {
				t.Logf("%v: colour index %d's codes never read the far cells (flip could skip them)", r, ci)
			}
		}
	}
}
