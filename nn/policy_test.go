package nn

import (
	"encoding/json"
	"math"
	"math/rand/v2"
	"os"
	"testing"

	"github.com/kakugo/kakugo/engine"
)

// checkMask compares LegalMask with engine.Board.Legal on every cell and
// returns the number of forbidden points seen.
func checkMask(t *testing.T, b *engine.Board) int {
	t.Helper()
	mask := LegalMask(b, nil)
	forbidden := 0
	for y := 0; y < b.Height(); y++ {
		for x := 0; x < b.Width(); x++ {
			p := b.Pos(x, y)
			if mask[y*b.Width()+x] != b.Legal(p) {
				t.Fatalf("(%d,%d): mask %v, Legal %v\n%s", x, y, mask[y*b.Width()+x], b.Legal(p), b)
			}
			if b.At(p) == engine.Empty && !b.Legal(p) {
				forbidden++
			}
		}
	}
	return forbidden
}

// TestLegalMaskRandom checks the mask's shortcut on crowded random renju
// positions with black to move, where forbidden points are common.
func TestLegalMaskRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	forbidden := 0
	for trial := 0; trial < 300; trial++ {
		w, h := 9+rng.IntN(7), 9+rng.IntN(7)
		var black, white []engine.Point
		seen := map[engine.Point]bool{}
		nb := 10 + rng.IntN(w*h/3)
		for len(black)+len(white) < nb {
			p := engine.Point{X: rng.IntN(w), Y: rng.IntN(h)}
			if seen[p] {
				continue
			}
			seen[p] = true
			if rng.IntN(4) == 0 {
				white = append(white, p)
			} else {
				black = append(black, p)
			}
		}
		b, err := engine.FromStones(w, h, engine.Renju, black, white, engine.Black)
		if err != nil {
			t.Fatal(err)
		}
		forbidden += checkMask(t, b)
	}
	if forbidden < 100 {
		t.Fatalf("only %d forbidden points seen: the test positions are too easy", forbidden)
	}
}

// TestLegalMaskMintaka checks the shared renju cases with known forbidden
// points.
func TestLegalMaskMintaka(t *testing.T) {
	data, err := os.ReadFile("../../shared/positions/mintaka_renju_forbidden.json")
	if err != nil {
		t.Skip("shared positions not present:", err)
	}
	var cases []struct {
		Size     int               `json:"size"`
		Black    []string          `json:"black"`
		White    []string          `json:"white"`
		Expected map[string]string `json:"expected_forbidden_points_for_black"`
	}
	if err := json.Unmarshal(data, &cases); err != nil {
		t.Fatal(err)
	}
	for i, c := range cases {
		var black, white []engine.Point
		for _, s := range c.Black {
			p, err := engine.ParseDiagramCell(s, c.Size)
			if err != nil {
				t.Fatal(err)
			}
			black = append(black, p)
		}
		for _, s := range c.White {
			p, err := engine.ParseDiagramCell(s, c.Size)
			if err != nil {
				t.Fatal(err)
			}
			white = append(white, p)
		}
		b, err := engine.FromStones(c.Size, c.Size, engine.Renju, black, white, engine.Black)
		if err != nil {
			t.Fatal(err)
		}
		if got := checkMask(t, b); got != len(c.Expected) {
			t.Errorf("case %d: %d forbidden points, want %d", i, got, len(c.Expected))
		}
	}
}

func TestPolicy(t *testing.T) {
	net := smallNet(t)
	rng := rand.New(rand.NewPCG(13, 14))
	e, err := NewEvaluator(net, NewBasic(), EvaluatorOptions{CacheSize: 8})
	if err != nil {
		t.Fatal(err)
	}
	for _, sz := range [][2]int{{15, 15}, {20, 20}, {12, 17}} {
		for _, rule := range []engine.Rule{engine.Freestyle, engine.Renju} {
			b := randomGame(t, rng, sz[0], sz[1], rule, 40)
			p := e.Policy(b, nil)
			mask := LegalMask(b, nil)
			var sum float64
			for i, v := range p {
				if !mask[i] && v != 0 {
					t.Fatalf("illegal cell %d has probability %v", i, v)
				}
				if v < 0 || math.IsNaN(float64(v)) {
					t.Fatalf("cell %d: probability %v", i, v)
				}
				sum += float64(v)
			}
			if math.Abs(sum-1) > 1e-4 {
				t.Fatalf("probabilities sum to %v", sum)
			}
			// A second call is answered by the cache with the same values.
			_, hits := e.CacheStats()
			q := e.Policy(b, make([]float32, 3))
			if _, h2 := e.CacheStats(); h2 != hits+1 {
				t.Fatalf("no cache hit on a repeated position")
			}
			for i := range p {
				if p[i] != q[i] {
					t.Fatalf("cached answer differs at %d", i)
				}
			}
		}
	}
	// A full board has no legal move and every probability is zero.
	full, _ := engine.New(5, 5, engine.Freestyle)
	for i := 0; i < 25; i++ {
		x, y := i%5, i/5
		c := engine.Black
		if (x+2*y)%4 >= 2 {
			c = engine.White
		}
		full.Put(full.Pos(x, y), c)
	}
	for _, v := range e.Policy(full, nil) {
		if v != 0 {
			t.Fatal("probability on a full board")
		}
	}
}

func TestEvaluatorRefusesOtherFeatures(t *testing.T) {
	net := smallNet(t)
	if _, err := NewEvaluator(net, otherFeatures{}, EvaluatorOptions{}); err == nil {
		t.Fatal("accepted a feature set the network was not trained on")
	}
}

type otherFeatures struct{}

func (otherFeatures) Name() string                        { return "other" }
func (otherFeatures) NumPlanes() int                      { return basicPlanes }
func (otherFeatures) Fill(b *engine.Board, dst []float32) {}

// TestKernelsGiveSameNetwork runs whole networks on every kernel set: the
// SIMD kernels must agree with the plain Go ones up to rounding.
func TestKernelsGiveSameNetwork(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 16))
	for _, a := range []Arch{defaultArch, {Features: BasicName, Planes: basicPlanes, Channels: 7, Blocks: 2, StemKernel: 3, BlockKernel: 1, HeadKernel: 3}} {
		net, _ := NewRandom(a, 3)
		for _, sz := range [][2]int{{15, 15}, {20, 20}, {9, 14}} {
			b := randomGame(t, rng, sz[0], sz[1], engine.Exact, 25)
			planes := make([]float32, a.Planes*sz[0]*sz[1])
			net.NewFeatures().Fill(b, planes)
			var ref []float32
			for _, k := range allKernels() {
				logits := make([]float32, sz[0]*sz[1])
				if err := net.Forward(newWorkspaceWith(k), planes, sz[0], sz[1], logits); err != nil {
					t.Fatal(err)
				}
				if ref == nil {
					ref = logits
					continue
				}
				for i := range logits {
					if d := math.Abs(float64(logits[i] - ref[i])); d > 1e-4*(1+math.Abs(float64(ref[i]))) {
						t.Fatalf("%v %v kernels %s: logit %d = %v, go gives %v", a, sz, k.name, i, logits[i], ref[i])
					}
				}
			}
		}
	}
}
