package nn

import (
	"math/rand/v2"
	"testing"

	"github.com/kakugo/kakugo/engine"
)

// TestRichFeatures checks the planes Rich adds on a diagram, and that its
// first planes are Basic's.
func TestRichFeatures(t *testing.T) {
	// Black b2, white d4, black c2, white e4, black a10: white to move.
	b, err := engine.New(10, 10, engine.Freestyle)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range []engine.Point{{X: 1, Y: 1}, {X: 3, Y: 3}, {X: 2, Y: 1}, {X: 4, Y: 3}, {X: 0, Y: 9}} {
		if err := b.Play(m.X, m.Y); err != nil {
			t.Fatal(err)
		}
	}
	f := NewRich()
	w, h := b.Width(), b.Height()
	n := w * h
	dst := make([]float32, f.NumPlanes()*n)
	f.Fill(b, dst)
	basic := make([]float32, basicPlanes*n)
	NewBasic().Fill(b, basic)
	for i, v := range basic {
		if dst[i] != v {
			t.Fatalf("plane %d cell %d: %v, Basic %v", i/n, i%n, dst[i], v)
		}
	}
	at := func(plane, x, y int) float32 { return dst[plane*n+y*w+x] }
	cases := []struct {
		name        string
		plane, x, y int
		want        float32
	}{
		{"last move (black a10)", planeLast, 0, 9, 1},
		{"not the last move", planeLast, 2, 1, 0},
		{"the move before (white e4)", planePrev, 4, 3, 1},
		// White (to move) has d4 e4: f4 makes three in the windows
		// b4-f4, c4-g4, d4-h4 (three), c4 in a4-e4, b4-f4, c4-g4.
		{"own threes at f4", planeOwnThrees, 5, 3, 3.0 / 5},
		{"own threes at c4", planeOwnThrees, 2, 3, 3.0 / 5},
		{"own twos at f4 (d4-h4 has e4 only)", planeOwnTwos, 5, 3, 1.0 / 5},
		// Black's b2 c2: a2 is in one window, a2-e2; d2 in a2-e2 and b2-f2.
		{"opp threes at a2", planeOppThrees, 0, 1, 1.0 / 5},
		{"opp threes at d2", planeOppThrees, 3, 1, 2.0 / 5},
		{"no threes far away", planeOwnThrees, 9, 9, 0},
		{"stone cells are zero", planeOwnThrees, 3, 3, 0},
		// e5: four vertical windows with e4 alone, two diagonal ones with
		// d4 alone (the other two hold black's b2 too).
		{"own twos at e5", planeOwnTwos, 4, 4, 6.0 / 5},
	}
	for _, c := range cases {
		if got := at(c.plane, c.x, c.y); got != c.want {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
}

// TestRichDouble checks the double-threat planes: a cell where a stone
// makes a four and an open three is marked, one that makes a four alone
// is not.
func TestRichDouble(t *testing.T) {
	b := diagram(t, engine.Freestyle, engine.Black,
		"..........",
		"..........",
		"..XXX.....",
		"..........",
		".....X....",
		".....X....",
		"..........",
		"..........",
		"..........",
		"..........",
	)
	f := NewRich()
	n := 100
	dst := make([]float32, f.NumPlanes()*n)
	f.Fill(b, dst)
	at := func(plane, x, y int) float32 { return dst[plane*n+y*10+x] }
	if got := at(planeOwnDouble, 5, 2); got != 1 {
		t.Errorf("f3 (four and open three): %v, want 1", got)
	}
	if got := at(planeOwnDouble, 1, 2); got != 0 {
		t.Errorf("b3 (four alone): %v, want 0", got)
	}
	if got := at(planeOppDouble, 5, 2); got != 0 {
		t.Errorf("f3 for white: %v, want 0", got)
	}
}

// TestWidenInputsSameFunction checks that a (random) network widened to a
// set that extends its own gives the network's logits on every rule, and
// that the new stem weights learn; and that every other widening is
// refused.
func TestWidenInputsSameFunction(t *testing.T) {
	for _, c := range []struct{ from, to string }{
		{BasicName, RichName},
		{RichName, Rich2Name},
		{BasicName, Rich2Name},
	} {
		t.Run(c.from+"-"+c.to, func(t *testing.T) {
			checkWiden(t, c.from, c.to)
		})
	}
	for _, c := range []struct{ from, to string }{
		{RichName, RichName},
		{RichName, BasicName},
		{Rich2Name, RichName},
	} {
		f, _ := FeaturesFor(c.from)
		a := basicArch
		a.Features, a.Planes = c.from, f.NumPlanes()
		n, err := NewRandom(a, 1)
		if err != nil {
			t.Fatal(err)
		}
		to, _ := FeaturesFor(c.to)
		if _, err := WidenInputs(n, to); err == nil {
			t.Errorf("%s widened to %s", c.from, c.to)
		}
	}
}

func checkWiden(t *testing.T, from, to string) {
	fb, err := FeaturesFor(from)
	if err != nil {
		t.Fatal(err)
	}
	a := basicArch
	a.Features, a.Planes = from, fb.NumPlanes()
	n, err := NewRandom(a, 1)
	if err != nil {
		t.Fatal(err)
	}
	ft, _ := FeaturesFor(to)
	d, err := WidenInputs(n, ft)
	if err != nil {
		t.Fatal(err)
	}
	if a := d.Arch(); a.Features != to || a.Planes != ft.NumPlanes() {
		t.Fatalf("arch %v", a)
	}
	rng := rand.New(rand.NewPCG(7, 8))
	wn, wd := NewWorkspace(), NewWorkspace()
	fr := d.NewFeatures()
	for _, rule := range engine.Rules {
		// Long renju games, so that black has forbidden points.
		b := randomGame(t, rng, 15, 15, rule, 10+rng.IntN(50))
		pb := make([]float32, fb.NumPlanes()*225)
		pr := make([]float32, fr.NumPlanes()*225)
		fb.Fill(b, pb)
		fr.Fill(b, pr)
		ln, ld := make([]float32, 225), make([]float32, 225)
		if err := n.Forward(wn, pb, 15, 15, ln); err != nil {
			t.Fatal(err)
		}
		if err := d.Forward(wd, pr, 15, 15, ld); err != nil {
			t.Fatal(err)
		}
		for i := range ln {
			if ln[i] != ld[i] {
				t.Fatalf("rule %v cell %d: logit %v, widened %v", rule, i, ln[i], ld[i])
			}
		}
	}
	// A freestyle position has no forbidden points (an all-zero plane gets
	// no gradient): the gradient is taken under renju.
	b := randomGame(t, rng, 15, 15, engine.Renju, 40)
	var target engine.Point
	for i := 0; i < 225; i++ {
		if p := (engine.Point{X: i % 15, Y: i / 15}); b.Legal(b.Pos(p.X, p.Y)) {
			target = p
			break
		}
	}
	grad := make([]float32, d.NumParams())
	if _, ok := newSampler(d.NewFeatures(), goKernels).run(d, b, target, grad, 1); !ok {
		t.Fatal("target not legal")
	}
	stem := d.layers[0]
	taps := stem.k * stem.k
	nonzero := 0
	for o := 0; o < stem.cout; o++ {
		for i := (o*stem.cin + fb.NumPlanes()) * taps; i < (o+1)*stem.cin*taps; i++ {
			if grad[stem.wOff+i] != 0 {
				nonzero++
			}
		}
	}
	if nonzero == 0 {
		t.Error("the new planes' stem weights get no gradient")
	}
}

// TestFeatureSets checks that an architecture names a known feature set
// with its number of planes, and that a network builds the set it reads.
func TestFeatureSets(t *testing.T) {
	for _, c := range []struct {
		name   string
		planes int
		ok     bool
	}{
		{BasicName, basicPlanes, true},
		{RichName, richPlanes, true},
		{Rich2Name, rich2Planes, true},
		{RichName, basicPlanes, false},
		{Rich2Name, richPlanes, false},
		{BasicName, richPlanes, false},
		{"colour-v9", basicPlanes, false},
	} {
		a := Arch{Features: c.name, Planes: c.planes, Channels: 2, Blocks: 1, StemKernel: 3, BlockKernel: 3, HeadKernel: 1}
		if err := a.Validate(); (err == nil) != c.ok {
			t.Errorf("%s with %d planes: %v, want ok %v", c.name, c.planes, err, c.ok)
			continue
		}
		if !c.ok {
			continue
		}
		net, err := NewRandom(a, 1)
		if err != nil {
			t.Fatal(err)
		}
		if f := net.NewFeatures(); f.Name() != c.name || f.NumPlanes() != c.planes {
			t.Errorf("%s: NewFeatures gives %s with %d planes", c.name, f.Name(), f.NumPlanes())
		}
	}
}

// TestExtends checks the prefix relation WidenInputs relies on.
func TestExtends(t *testing.T) {
	for _, c := range []struct {
		to, from string
		want     bool
	}{
		{RichName, BasicName, true},
		{Rich2Name, RichName, true},
		{Rich2Name, BasicName, true},
		{BasicName, RichName, false},
		{RichName, Rich2Name, false},
		{RichName, RichName, false},
		{BasicName, "", false},
		{"colour-v9", "", false},
		{"colour-v9", BasicName, false},
	} {
		if got := extends(c.to, c.from); got != c.want {
			t.Errorf("extends(%q, %q) = %v, want %v", c.to, c.from, got, c.want)
		}
	}
}
