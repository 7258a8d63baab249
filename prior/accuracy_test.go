package prior

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/nn"
)

// viewGames are n short games of random legal moves near the centre
// (freestyle 15x15, renju 15x15 and freestyle 20x20 in turn), the first
// four moves an opening.
func viewGames(n int, seed uint64) []nn.Game {
	rng := rand.New(rand.NewPCG(seed, 3))
	var games []nn.Game
	for i := range n {
		size, rule := 15, engine.Freestyle
		switch i % 3 {
		case 1:
			rule = engine.Renju
		case 2:
			size = 20
		}
		b, _ := engine.New(size, size, rule)
		g := nn.Game{W: size, H: size, Rule: rule, Opening: 4}
		for len(g.Moves) < 16 {
			x, y := size/2-4+rng.IntN(9), size/2-4+rng.IntN(9)
			if b.Play(x, y) == nil {
				g.Moves = append(g.Moves, engine.Point{X: x, Y: y})
			}
		}
		games = append(games, g)
	}
	return games
}

// TestViewAccuracy: one view scores as the network's own 8-bit scoring
// does (but for ties); the threads change nothing (but for the order of
// the loss's sum); and the mean of all
// views scores a set of games and its mirror image alike.
func TestViewAccuracy(t *testing.T) {
	net, err := LoadNet("")
	if err != nil {
		t.Fatal(err)
	}
	games := viewGames(30, 1)
	all := func(*nn.Game) string { return "" }
	one, err := ViewAccuracy(net, games, 1, 1, all)
	if err != nil {
		t.Fatal(err)
	}
	ref, err := nn.EvaluateInt8(net, net.NewFeatures, games, 1, all)
	if err != nil {
		t.Fatal(err)
	}
	a, r := one[""], ref[""]
	if a.N != r.N || a.N != 30*12 || abs(a.Top1-r.Top1) > 2 || abs(a.Top5-r.Top5) > 2 || math.Abs(a.Loss-r.Loss) > 1e-3*r.Loss {
		t.Errorf("one view %+v, the network's scoring %+v", *a, *r)
	}
	eight, _ := ViewAccuracy(net, games, 8, 1, all)
	two, _ := ViewAccuracy(net, games, 8, 2, all)
	if e2, t2 := *eight[""], *two[""]; e2.N != t2.N || e2.Top1 != t2.Top1 || e2.Top5 != t2.Top5 || math.Abs(e2.Loss-t2.Loss) > 1e-9*e2.Loss {
		t.Errorf("two threads %+v, one %+v", *two[""], *eight[""])
	}
	mirror := make([]nn.Game, len(games))
	for i, g := range games {
		mirror[i] = g
		mirror[i].Moves = nil
		for _, m := range g.Moves {
			x, y := nn.Transform(6, m.X, m.Y, g.W, g.H)
			mirror[i].Moves = append(mirror[i].Moves, engine.Point{X: x, Y: y})
		}
	}
	m, _ := ViewAccuracy(net, mirror, 8, 1, all)
	e, mm := eight[""], m[""]
	if e.N != mm.N || abs(e.Top1-mm.Top1) > 2 || abs(e.Top5-mm.Top5) > 2 || math.Abs(e.Loss-mm.Loss) > 1e-3*e.Loss {
		t.Errorf("eight views %+v, of the mirror image %+v", *e, *mm)
	}
	if *e == *a {
		t.Errorf("eight views scored exactly as one: %+v", *e)
	}
}

func abs(x int) int { return max(x, -x) }
