package eval

import (
	"testing"

	"github.com/kakugo/kakugo/engine"
)

// window reads a state written as "b|wwwww|a": the cell before, the five
// window cells and the cell after; X black, O white, # wall, . empty.
func window(t *testing.T, s string) uint16 {
	t.Helper()
	if len(s) != 9 || s[1] != '|' || s[7] != '|' {
		t.Fatalf("bad window %q", s)
	}
	cell := func(ch byte) engine.Color {
		switch ch {
		case 'X':
			return engine.Black
		case 'O':
			return engine.White
		case '#':
			return engine.Wall
		}
		return engine.Empty
	}
	var win [5]engine.Color
	for i := range win {
		win[i] = cell(s[2+i])
	}
	return StateIndex(win, cell(s[0]), cell(s[8]))
}

func TestStateRanks(t *testing.T) {
	cases := []struct {
		rule  engine.Rule
		state string
		score uint8
		rank  uint8
	}{
		{engine.Freestyle, ".|.....|.", 1, 8},
		{engine.Freestyle, "#|.....|#", 1, 9}, // no room for a straight four
		{engine.Freestyle, ".|..X..|.", 2, 6},
		{engine.Freestyle, ".|.XX..|.", 4, 4},
		{engine.Freestyle, ".|.XXX.|.", 8, 2},
		{engine.Freestyle, "#|.XXX.|#", 8, 3},
		{engine.Freestyle, "O|X.X.X|.", 8, 3},
		{engine.Freestyle, ".|XXXX.|.", 16, 0},
		{engine.Freestyle, "O|XXXX.|.", 16, 1},
		{engine.Freestyle, ".|XX.XX|.", 16, 1},
		{engine.Freestyle, ".|XXXXX|.", 32, 0},
		{engine.Freestyle, ".|XXXX.|X", 16, 0}, // freestyle: an overline still wins
		{engine.Exact, ".|XXXX.|X", 16, RankNone},
		{engine.Renju, "X|XXX..|.", 8, RankNone},
		{engine.Freestyle, ".|XXO..|.", 0, RankNone},
		{engine.Caro, "O|.XXX.|O", 8, RankNone},
		{engine.Caro, "#|.XXX.|O", 8, 3},
		{engine.CaroExact, "X|.XXX.|.", 8, RankNone},
	}
	for _, tc := range cases {
		st := TablesFor(tc.rule).States()
		in := st.Info(window(t, tc.state), engine.Black)
		if in.Score != tc.score || in.Rank != tc.rank {
			t.Errorf("%v %s: score %d rank %d, want %d %d", tc.rule, tc.state, in.Score, in.Rank, tc.score, tc.rank)
		}
	}
	// White's view of a black window: dead.
	st := TablesFor(engine.Freestyle).States()
	if in := st.Info(window(t, ".|.XXX.|."), engine.White); in.Alive || in.Score != 0 || in.Rank != RankNone {
		t.Errorf("white's view of a black three: %+v", in)
	}
}

// TestStateNext checks every transition: the slot's digit changes and
// nothing else, walls never change, and the hot copy agrees with Info.
func TestStateNext(t *testing.T) {
	for _, r := range engine.Rules {
		st := TablesFor(r).States()
		for s := uint16(0); s < StateCount; s++ {
			cells := decodeState(s)
			for slot := 0; slot < numSlots; slot++ {
				for v := engine.Empty; v <= engine.White; v++ {
					want := cells
					if want[slot] != engine.Wall {
						want[slot] = v
					}
					if got := decodeState(st.Next(s, slot, v)); got != want {
						t.Fatalf("%v: next(%d, %d, %v) = %v, want %v", r, s, slot, v, got, want)
					}
				}
			}
			for ci, c := range []engine.Color{engine.Black, engine.White} {
				in := st.Info(s, c)
				if h := uint16(st.hot[s] >> (16 * ci)); h != uint16(in.Score)|uint16(in.Rank)<<8 {
					t.Fatalf("%v: hot %x disagrees with %+v", r, h, in)
				}
			}
		}
	}
}
