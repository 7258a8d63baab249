package nn

import (
	"math/rand/v2"
	"testing"

	"github.com/kakugo/kakugo/engine"
)

// TestDeepenSameFunction checks that a deepened network gives the logits
// of the network it grew from, on every rule and two board sizes, that its
// old layers and head are copies, and that the new blocks learn: their
// second convolutions, which start at zero, get gradients at once.
func TestDeepenSameFunction(t *testing.T) {
	n := defaultOrRandom(t)
	d, err := Deepen(n, 2, 3)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := d.Arch().Blocks, n.Arch().Blocks+2; got != want {
		t.Fatalf("blocks %d, want %d", got, want)
	}
	if _, err := Deepen(n, 0, 3); err == nil {
		t.Error("Deepen by 0 blocks accepted")
	}
	if _, err := Deepen(n, maxBlocks, 3); err == nil {
		t.Error("Deepen past the block limit accepted")
	}
	rng := rand.New(rand.NewPCG(5, 6))
	wn, wd := NewWorkspace(), NewWorkspace()
	feat := n.NewFeatures()
	for _, rule := range engine.Rules {
		for _, size := range []int{15, 20} {
			b := randomGame(t, rng, size, size, rule, 10+rng.IntN(30))
			planes := make([]float32, feat.NumPlanes()*size*size)
			feat.Fill(b, planes)
			ln, ld := make([]float32, size*size), make([]float32, size*size)
			if err := n.Forward(wn, planes, size, size, ln); err != nil {
				t.Fatal(err)
			}
			if err := d.Forward(wd, planes, size, size, ld); err != nil {
				t.Fatal(err)
			}
			for i := range ln {
				if ln[i] != ld[i] {
					t.Fatalf("rule %v size %d cell %d: logit %v, deepened %v", rule, size, i, ln[i], ld[i])
				}
			}
		}
	}
	b := randomGame(t, rng, 15, 15, engine.Freestyle, 20)
	target := engine.Point{X: -1}
	for i := 0; i < 15*15 && target.X < 0; i++ {
		if p := (engine.Point{X: i % 15, Y: i / 15}); b.Legal(b.Pos(p.X, p.Y)) {
			target = p
		}
	}
	grad := make([]float32, d.NumParams())
	if _, ok := newSampler(d.NewFeatures(), goKernels).run(d, b, target, grad, 1); !ok {
		t.Fatal("target not legal")
	}
	for _, l := range d.layers[len(n.layers)-1 : len(d.layers)-1] {
		nonzero := 0
		for i := l.wOff; i < l.bOff; i++ {
			if grad[i] != 0 {
				nonzero++
			}
		}
		isSecond := l.name[len(l.name)-1] == '2'
		if isSecond && nonzero == 0 {
			t.Errorf("%s: no gradient", l.name)
		}
		allZero := true
		for _, w := range l.w {
			allZero = allZero && w == 0
		}
		if isSecond != allZero {
			t.Errorf("%s: all-zero weights %v", l.name, allZero)
		}
	}
}
