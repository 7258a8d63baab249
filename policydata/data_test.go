package policydata

import (
	"bytes"
	"compress/gzip"
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/nn"
)

// randomGame plays random legal moves from the centre outwards until a five
// or n moves; it never plays a renju forbidden point.
func randomGame(t *testing.T, rng *rand.Rand, w, h int, rule engine.Rule, n int) nn.Game {
	t.Helper()
	b, err := engine.New(w, h, rule)
	if err != nil {
		t.Fatal(err)
	}
	g := nn.Game{W: w, H: h, Rule: rule, Year: "2021", League: rule.String(), Source: "random", Opening: 3}
	for len(g.Moves) < n && b.Winner() == engine.Empty {
		// Near the centre, so that lines form and the threat planes fill.
		x, y := w/2+rng.IntN(7)-3, h/2+rng.IntN(7)-3
		p := b.Pos(x, y)
		if b.At(p) != engine.Empty || !b.Legal(p) {
			continue
		}
		b.Make(p)
		g.Moves = append(g.Moves, engine.Point{X: x, Y: y})
	}
	return g
}

// forbiddenGame reaches a renju position where black, to move, may not
// play (7,7): it makes two open threes.
func forbiddenGame() nn.Game {
	pts := []engine.Point{{X: 5, Y: 7}, {X: 0, Y: 0}, {X: 6, Y: 7}, {X: 0, Y: 2}, {X: 7, Y: 5}, {X: 0, Y: 4},
		{X: 7, Y: 6}, {X: 0, Y: 6}, {X: 10, Y: 10}, {X: 14, Y: 14}}
	return nn.Game{W: 15, H: 15, Rule: engine.Renju, Year: "2021", League: "Renju", Source: "forbidden", Opening: 2, Moves: pts}
}

func smallNet(t *testing.T) *nn.Net { return smallNetOf(t, nn.BasicName) }

// smallNetOf is a small random network of the named feature set.
func smallNetOf(t *testing.T, features string) *nn.Net {
	t.Helper()
	f, err := nn.FeaturesFor(features)
	if err != nil {
		t.Fatal(err)
	}
	net, err := nn.NewRandom(nn.Arch{Features: features, Planes: f.NumPlanes(), Channels: 4, Blocks: 1,
		StemKernel: 3, BlockKernel: 3, HeadKernel: 3}, 5)
	if err != nil {
		t.Fatal(err)
	}
	return net
}

func features() nn.Features { return nn.NewBasic() }

// TestPositionsRoundTrip: for every feature set, every exported position
// reads back to exactly the planes nn's features compute (the derived
// window planes included) and the legal cells nn.LegalMask gives, with its
// target and its side of the split, and the probes hold the reference
// network's logits.
func TestPositionsRoundTrip(t *testing.T) {
	for _, name := range nn.FeatureSetNames() {
		t.Run(name, func(t *testing.T) { testRoundTrip(t, name) })
	}
}

func testRoundTrip(t *testing.T, name string) {
	rng := rand.New(rand.NewPCG(3, 4))
	var train, test []nn.Game
	for i, c := range []struct {
		w, h int
		rule engine.Rule
	}{{15, 15, engine.Freestyle}, {15, 15, engine.Exact}, {15, 15, engine.Renju}, {20, 20, engine.Freestyle}, {12, 9, engine.Renju}} {
		for k := range 3 {
			g := randomGame(t, rng, c.w, c.h, c.rule, 40+10*k)
			if (i+k)%3 == 0 {
				test = append(test, g)
			} else {
				train = append(train, g)
			}
		}
	}
	train = append(train, forbiddenGame())
	net := smallNetOf(t, name)
	var buf bytes.Buffer
	st, err := Write(&buf, Source{Train: train, Test: test, Features: net.NewFeatures, Net: net, Probes: 5})
	if err != nil {
		t.Fatal(err)
	}
	d, err := Read(bytes.NewReader(buf.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	if d.Positions() != st.TrainPositions+st.TestPositions || st.Games != len(train)+len(test) || st.Skipped != 0 {
		t.Fatalf("stats %+v, %d positions read", st, d.Positions())
	}
	i := 0
	forbidden, derived := 0, 0
	kind, _ := planeLayout(name, net.Arch().Planes)
	f := net.NewFeatures()
	for side, games := range [2][]nn.Game{train, test} {
		for _, g := range games {
			for ply := g.Opening; ply < len(g.Moves); ply++ {
				b, move, err := g.Position(ply, 0)
				if err != nil {
					t.Fatal(err)
				}
				want := make([]float32, f.NumPlanes()*g.W*g.H)
				f.Fill(b, want)
				legal := nn.LegalMask(b, nil)
				w, h, planes, gotLegal, target, isTest := d.Position(i)
				if w != g.W || h != g.H || target != move.Y*g.W+move.X || isTest != (side == 1) {
					t.Fatalf("position %d: %dx%d target %d test %v, want %dx%d %d %v", i, w, h, target, isTest, g.W, g.H, move.Y*g.W+move.X, side == 1)
				}
				for k := range want {
					if kind[k/(w*h)] != deriveNone && want[k] != 0 {
						derived++
					}
					if planes[k] != want[k] {
						t.Fatalf("position %d (%s ply %d): plane %d cell %d = %v, want %v", i, g.Source, ply, k/(w*h), k%(w*h), planes[k], want[k])
					}
				}
				for k := range legal {
					if gotLegal[k] != legal[k] {
						t.Fatalf("position %d: legal[%d] = %v, want %v", i, k, gotLegal[k], legal[k])
					}
					if !legal[k] && b.At(b.Pos(k%w, k/w)) == engine.Empty {
						forbidden++
					}
				}
				i++
			}
		}
	}
	if i != d.Positions() {
		t.Fatalf("%d positions read, %d expected", d.Positions(), i)
	}
	if st.Derived != derived || (name != nn.BasicName) != (derived > 0) {
		t.Fatalf("%d derived values counted, %d in the planes", st.Derived, derived)
	}
	if forbidden == 0 {
		t.Fatal("no forbidden point was exported: the test does not cover them")
	}
	pos, logits := d.Probes()
	if len(pos) != 5 {
		t.Fatalf("%d probes, want 5", len(pos))
	}
	ws := nn.NewWorkspace()
	for k, p := range pos {
		w, h, planes, _, _, isTest := d.Position(p)
		if !isTest {
			t.Fatalf("probe %d is a training position", p)
		}
		want := make([]float32, w*h)
		if err := net.Forward(ws, planes, w, h, want); err != nil {
			t.Fatal(err)
		}
		for c := range want {
			if logits[k][c] != want[c] {
				t.Fatalf("probe %d cell %d: %v, want %v", k, c, logits[k][c], want[c])
			}
		}
	}
}

// plainFile is the uncompressed positions file of forbiddenGame with the
// given features.
func plainFile(tb testing.TB, fs func() nn.Features) []byte {
	tb.Helper()
	var buf bytes.Buffer
	if _, err := Write(&buf, Source{Train: []nn.Game{forbiddenGame()}, Features: fs}); err != nil {
		tb.Fatal(err)
	}
	zr, err := gzip.NewReader(&buf)
	if err != nil {
		tb.Fatal(err)
	}
	var plain bytes.Buffer
	if _, err := plain.ReadFrom(zr); err != nil {
		tb.Fatal(err)
	}
	return plain.Bytes()
}

// TestReadRejects: damaged files are errors wrapping ErrFormat, never
// panics.
func TestReadRejects(t *testing.T) {
	good := plainFile(t, features)
	if _, err := Read(bytes.NewReader(good)); err != nil {
		t.Fatalf("uncompressed file: %v", err)
	}
	for name, data := range map[string][]byte{
		"empty":     nil,
		"magic":     append([]byte("KKGOPOX\n"), good[8:]...),
		"truncated": good[:len(good)-1],
		"trailing":  append(bytes.Clone(good), 0),
		"version":   append(append(bytes.Clone(good[:8]), 3, 0, 0, 0), good[12:]...),
	} {
		if _, err := Read(bytes.NewReader(data)); !errors.Is(err, ErrFormat) {
			t.Errorf("%s: %v, want ErrFormat", name, err)
		}
	}
	// A plane kind past the last, a divisor of 0, a derived stone plane.
	kinds := 8 + 4 + 2 + len(nn.BasicName) + 4
	planes := nn.NewBasic().NumPlanes()
	for name, at := range map[string]int{"kind": kinds + 5, "divisor": kinds + planes + 5, "derived stones": kinds} {
		bad := bytes.Clone(good)
		bad[at] = map[string]byte{"kind": deriveKinds, "divisor": 0, "derived stones": deriveWin1Own}[name]
		if _, err := Read(bytes.NewReader(bad)); !errors.Is(err, ErrFormat) {
			t.Errorf("%s: %v, want ErrFormat", name, err)
		}
	}
	// A move off the board: the game's first move cell, after the header.
	bad := bytes.Clone(good)
	off := bytes.Index(bad, []byte("2021 Renju")) + len("2021 Renju") + 5*4 + 5 + 2*4
	bad[off], bad[off+1] = 0xff, 0xff
	if _, err := Read(bytes.NewReader(bad)); !errors.Is(err, ErrFormat) {
		t.Errorf("move off the board: %v, want ErrFormat", err)
	}
}

// FuzzRead: the reader never panics, and what it accepts can be rebuilt
// position by position.
func FuzzRead(f *testing.F) {
	f.Add(plainFile(f, features))
	f.Add(plainFile(f, func() nn.Features { return nn.NewRich2() }))
	f.Add([]byte("KKGOPOS\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		d, err := Read(bytes.NewReader(data))
		if err != nil {
			return
		}
		for i := range min(d.Positions(), 50) {
			d.Position(i)
		}
		d.Probes()
	})
}

// TestVersion1: a file of the first version (no plane kinds or divisors,
// at most 16 planes) still reads, position for position as its version 2
// twin.
func TestVersion1(t *testing.T) {
	v2 := plainFile(t, features)
	planes := nn.NewBasic().NumPlanes()
	head := 8 + 4 + 2 + len(nn.BasicName) + 4 // magic, version, name, planes
	v1 := append(append(append([]byte(nil), v2[:8]...), 1, 0, 0, 0), v2[12:head]...)
	v1 = append(v1, v2[head+2*planes:]...)
	d1, err := Read(bytes.NewReader(v1))
	if err != nil {
		t.Fatal(err)
	}
	d2, err := Read(bytes.NewReader(v2))
	if err != nil {
		t.Fatal(err)
	}
	if d1.Positions() != d2.Positions() || d1.Positions() == 0 {
		t.Fatalf("%d and %d positions", d1.Positions(), d2.Positions())
	}
	for i := range d1.Positions() {
		_, _, p1, l1, t1, _ := d1.Position(i)
		_, _, p2, l2, t2, _ := d2.Position(i)
		if !slices.Equal(p1, p2) || !slices.Equal(l1, l2) || t1 != t2 {
			t.Fatalf("position %d differs between the versions", i)
		}
	}
}

// TestDerivedChecked: a layout that disagrees with the features (here the
// wrong divisor for Rich's window planes) fails the export instead of
// writing wrong planes.
func TestDerivedChecked(t *testing.T) {
	saved := layouts[nn.RichName]
	defer func() { layouts[nn.RichName] = saved }()
	wrong := slices.Clone(saved)
	wrong[0].divisor = 4
	layouts[nn.RichName] = wrong
	rng := rand.New(rand.NewPCG(5, 6))
	g := randomGame(t, rng, 15, 15, engine.Freestyle, 30)
	var buf bytes.Buffer
	_, err := Write(&buf, Source{Train: []nn.Game{g}, Features: func() nn.Features { return nn.NewRich() }})
	if err == nil || !strings.Contains(err.Error(), "derivation") {
		t.Fatalf("a wrong layout exported: %v", err)
	}
}
