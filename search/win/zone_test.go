package win

import (
	"slices"
	"testing"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/search/internal/testpos"
	"github.com/kakugo/kakugo/search/proof"
)

// TestWinInZone: the offset table says what the coordinates say, for
// every pair of cells of boards of several sizes (the table is remade
// when the geometry changes).
func TestWinInZone(t *testing.T) {
	w := New(16)
	for _, size := range []int{15, 20, 9, 15} {
		b, err := engine.New(size, size, engine.Freestyle)
		if err != nil {
			t.Fatal(err)
		}
		w.b = b
		for y := range size {
			for x := range size {
				p := b.Pos(x, y)
				for v := range size {
					for u := range size {
						dx, dy := abs(u-x), abs(v-y)
						want := (dx <= 2 && dy <= 2) || ((dx == 0 || dy == 0 || dx == dy) && max(dx, dy) <= 4)
						if got := w.inZone(b.Pos(u, v), p); got != want {
							t.Fatalf("size %d: inZone((%d,%d), (%d,%d)) = %v, want %v", size, u, v, x, y, got, want)
						}
					}
				}
			}
		}
	}
	w.b = nil
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// TestWinThreatZone: under ThreatZone a quiet threat below the root is kept
// exactly when it lies in the zone of one of the attacker's last
// ThreatZone moves since the root; at the root (no attacker move since
// it), in a leaf VCF, or with the option off every threat is kept; moves
// left out count as a depth cut-off and the fours before from stay.
func TestWinThreatZone(t *testing.T) {
	// The root after h8 a1; then black (the attacker) c3, white a15,
	// black m12: two attacker moves since the root, far apart.
	b := testpos.Board(t, 15, engine.Freestyle, "h8a1c3a15m12")
	w := New(16)
	w.b, w.att, w.kind, w.rootCount = b, engine.Black, proof.VCT, b.MoveCount()
	all := func() []winMove {
		var ms []winMove
		for i := range b.Size() {
			if b.At(engine.Pos(i)) == engine.Empty {
				ms = append(ms, winMove{p: engine.Pos(i)})
			}
		}
		return ms
	}
	for _, zone := range []int{0, 1, 2} {
		w.ThreatZone = zone
		if got := w.threatZone(all(), 0); len(got) != len(all()) {
			t.Errorf("zone %d at the root: kept %d of %d", zone, len(got), len(all()))
		}
	}
	w.rootCount = 2
	c3, m12 := b.Moves()[2], b.Moves()[4]
	for _, tc := range []struct {
		zone    int
		centres []engine.Pos
	}{{1, []engine.Pos{m12}}, {2, []engine.Pos{m12, c3}}, {5, []engine.Pos{m12, c3}}} {
		w.ThreatZone = tc.zone
		ms := all()
		const from = 3 // the first three stand for fours: always kept
		cut := w.cutoffs
		got := w.threatZone(ms, from)
		want := all()[:from]
		for _, m := range all()[from:] {
			if slices.ContainsFunc(tc.centres, func(c engine.Pos) bool { return w.inZone(m.p, c) }) {
				want = append(want, m)
			}
		}
		if !slices.Equal(got, want) {
			t.Errorf("zone %d: kept %d moves, want %d", tc.zone, len(got), len(want))
		}
		if w.cutoffs != cut+1 {
			t.Errorf("zone %d: %d cut-offs counted, want 1", tc.zone, w.cutoffs-cut)
		}
	}
	w.zone = true // a leaf VCF has its own zone
	if got := w.threatZone(all(), 0); len(got) != len(all()) {
		t.Errorf("in a leaf VCF: kept %d of %d", len(got), len(all()))
	}
	w.b = nil
}
