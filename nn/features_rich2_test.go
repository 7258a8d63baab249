package nn

import (
	"math/rand/v2"
	"testing"

	"github.com/kakugo/kakugo/engine"
)

// TestRich2Diagram checks the forbidden plane on the three kinds of
// forbidden point, and that white's cells and black's legal threats stay
// zero.
func TestRich2Diagram(t *testing.T) {
	b := diagram(t, engine.Renju, engine.White,
		"...............",
		"..X.X..........", // c2 e2: d2 with the column d3 d4 makes 3-3
		"...X...........",
		"...X...........",
		"...............",
		"...............",
		".........XXX...", // j7 k7 l7 and m8 m9 m10: m7 makes 4-4
		"............X..",
		"............X..",
		"............X..",
		"...............",
		"XXX.XX.........", // a12-c12 e12 f12: d12 makes six
		"...............",
		"OOO.O..........", // white's d14 is no concern
		"...............",
	)
	f := NewRich2()
	n := 15 * 15
	dst := make([]float32, f.NumPlanes()*n)
	f.Fill(b, dst)
	at := func(x, y int) float32 { return dst[planeForbidden*n+y*15+x] }
	cases := []struct {
		name string
		x, y int
		want float32
	}{
		{"3-3 at d2", 3, 1, 1},
		{"4-4 at m7", 12, 6, 1},
		{"overline at d12", 3, 11, 1},
		{"a plain four at i7", 8, 6, 0},
		{"white's gap d14", 3, 13, 0},
		{"an empty corner", 14, 14, 0},
	}
	for _, c := range cases {
		if got := at(c.x, c.y); got != c.want {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
}

// TestRich2Forbidden checks on dense random positions that the forbidden
// plane is exactly the engine's forbidden points under renju (the cheap
// filter before the exact test misses none), zero under the other rules,
// and that the first planes are Rich's.
func TestRich2Forbidden(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	f, r := NewRich2(), NewRich()
	withPoints := 0
	for i := 0; i < 400; i++ {
		rule := engine.Renju
		if i%8 == 0 {
			rule = engine.Rules[rng.IntN(len(engine.Rules))]
		}
		b := randomGame(t, rng, 9, 9, rule, 10+rng.IntN(40))
		n := b.Width() * b.Height()
		dst := make([]float32, f.NumPlanes()*n)
		rich := make([]float32, r.NumPlanes()*n)
		f.Fill(b, dst)
		r.Fill(b, rich)
		for k, v := range rich {
			if dst[k] != v {
				t.Fatalf("position %d: plane %d cell %d: %v, Rich %v", i, k/n, k%n, dst[k], v)
			}
		}
		want := make([]float32, n)
		for _, p := range b.ForbiddenPoints() {
			x, y := b.XY(p)
			want[y*b.Width()+x] = 1
		}
		if len(b.ForbiddenPoints()) > 0 {
			withPoints++
		}
		for k, v := range want {
			if got := dst[planeForbidden*n+k]; got != v {
				t.Fatalf("position %d (%v, %d moves): cell %d forbidden %v, want %v", i, b.Rule(), len(b.Moves()), k, got, v)
			}
		}
	}
	t.Logf("%d of 400 positions had forbidden points", withPoints)
	if withPoints < 40 {
		t.Errorf("only %d of 400 positions had forbidden points: the test checks too little", withPoints)
	}
}
