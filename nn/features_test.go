package nn

import (
	"math/rand/v2"
	"testing"

	"github.com/kakugo/kakugo/engine"
)

// diagram builds a position from rows of 'X' (black), 'O' (white) and '.'
// and gives the move to toMove.
func diagram(t *testing.T, rule engine.Rule, toMove engine.Color, rows ...string) *engine.Board {
	t.Helper()
	var black, white []engine.Point
	for y, r := range rows {
		for x, c := range r {
			switch c {
			case 'X':
				black = append(black, engine.Point{X: x, Y: y})
			case 'O':
				white = append(white, engine.Point{X: x, Y: y})
			}
		}
	}
	b, err := engine.FromStones(len(rows[0]), len(rows), rule, black, white, toMove)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestBasicFeatures(t *testing.T) {
	b := diagram(t, engine.Freestyle, engine.White,
		"..........",
		".XXXX.....",
		"..........",
		"...OOO....",
		"..........",
		".OO.......",
		"......O...",
		"..........",
		"X.........",
		"..........",
	)
	f := NewBasic()
	w, h := b.Width(), b.Height()
	dst := make([]float32, f.NumPlanes()*w*h)
	f.Fill(b, dst)
	at := func(plane, x, y int) float32 { return dst[plane*w*h+y*w+x] }
	cases := []struct {
		name        string
		plane, x, y int
		want        float32
	}{
		{"own stone (white to move)", planeOwn, 3, 3, 1},
		{"opp stone", planeOpp, 1, 1, 1},
		{"empty", planeEmpty, 0, 0, 1},
		{"not empty", planeEmpty, 1, 1, 0},
		{"on board", planeOnBoard, 9, 9, 1},
		{"white to move", planeBlack, 4, 4, 0},
		{"freestyle", planeRenju, 4, 4, 0},
		{"opp five left", planeOppFive, 0, 1, 1},
		{"opp five right", planeOppFive, 5, 1, 1},
		{"no own five", planeOwnFive, 5, 1, 0},
		{"own four from the three", planeOwnFour, 2, 3, 1},
		{"own four, far side", planeOwnFour, 7, 3, 1},
		{"own open three from two stones", planeOwnThree, 3, 5, 1},
		{"a four is not a three", planeOwnThree, 6, 3, 0},
		{"own four at the end of the three", planeOwnFour, 6, 3, 1},
		{"no three off the line", planeOwnThree, 0, 9, 0},
		{"opp four elsewhere: none", planeOppFour, 8, 8, 0},
	}
	for _, c := range cases {
		if got := at(c.plane, c.x, c.y); got != c.want {
			t.Errorf("%s: plane %d at (%d,%d) = %v, want %v", c.name, c.plane, c.x, c.y, got, c.want)
		}
	}
}

// TestBasicFiveMatchesEngine checks the five planes against IsFive on
// random positions under every rule, and the stone planes against the board.
func TestBasicFiveMatchesEngine(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	f := NewBasic()
	for _, rule := range engine.Rules {
		for trial := 0; trial < 20; trial++ {
			w, h := 7+rng.IntN(10), 7+rng.IntN(10)
			b := randomGame(t, rng, w, h, rule, rng.IntN(w*h/2))
			dst := make([]float32, f.NumPlanes()*w*h)
			f.Fill(b, dst)
			me := b.SideToMove()
			for y := 0; y < h; y++ {
				for x := 0; x < w; x++ {
					p := b.Pos(x, y)
					i := y*w + x
					empty := b.At(p) == engine.Empty
					for side, c := range []engine.Color{me, me.Opp()} {
						want := empty && b.IsFive(p, c)
						if got := dst[(planeOwnFive+side)*w*h+i] == 1; got != want {
							t.Fatalf("%s %dx%d (%d,%d) colour %v: five plane %v, IsFive %v\n%s", rule, w, h, x, y, c, got, want, b)
						}
					}
					if (dst[planeOwn*w*h+i] == 1) != (b.At(p) == me) || (dst[planeOpp*w*h+i] == 1) != (b.At(p) == me.Opp()) {
						t.Fatalf("stone planes wrong at (%d,%d)", x, y)
					}
				}
			}
		}
	}
}
