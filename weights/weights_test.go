package weights_test

import (
	"math"
	"testing"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/nn"
	"github.com/kakugo/kakugo/weights"
)

// TestDefaultLoads decodes the embedded weights and checks that they run
// with the built-in features and give a sensible policy.
func TestDefaultLoads(t *testing.T) {
	data := weights.Default()
	if len(data) == 0 || len(data) > 4<<20 {
		t.Fatalf("default weights are %d bytes", len(data))
	}
	checkFive(t, data)
}

// TestWide64Loads decodes the embedded wide64.kkw (weights.Deep), the
// GPU-trained 64-channel network of the default's deep tier of priors
// (README.md): its architecture, and a sensible policy.
func TestWide64Loads(t *testing.T) {
	net := checkFive(t, weights.Deep())
	if a := net.Arch(); a.Channels != 64 || a.Blocks != 6 {
		t.Errorf("wide64.kkw is %d channels x %d blocks, want 64 x 6", a.Channels, a.Blocks)
	}
}

// TestJointLoads decodes the embedded joint.kkw (weights.Joint), the
// default's architecture trained with a node value (README.md): the same
// architecture as the default, and a sensible policy.
func TestJointLoads(t *testing.T) {
	net := checkFive(t, weights.Joint())
	def, err := nn.LoadBytes(weights.Default())
	if err != nil {
		t.Fatal(err)
	}
	if net.Arch() != def.Arch() {
		t.Errorf("joint.kkw is %v, the default %v", net.Arch(), def.Arch())
	}
}

// checkFive loads the network in data and checks that it runs with the
// feature set it names and gives a sensible policy: on a board where the side
// to move can make five, the five gets most of the probability.
func checkFive(t *testing.T, data []byte) *nn.Net {
	t.Helper()
	net, err := nn.LoadBytes(data)
	if err != nil {
		t.Fatal(err)
	}
	e, err := nn.NewEvaluator(net, net.NewFeatures(), nn.EvaluatorOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for _, size := range []int{15, 20} {
		// Black: four in a row on row 7 from x=5; white scattered. Black to move.
		b, err := engine.FromStones(size, size, engine.Freestyle,
			[]engine.Point{{X: 5, Y: 7}, {X: 6, Y: 7}, {X: 7, Y: 7}, {X: 8, Y: 7}},
			[]engine.Point{{X: 4, Y: 7}, {X: 6, Y: 6}, {X: 7, Y: 8}, {X: 9, Y: 9}}, engine.Black)
		if err != nil {
			t.Fatal(err)
		}
		p := e.Policy(b, nil)
		five := p[7*size+9]
		var sum float64
		for _, v := range p {
			sum += float64(v)
		}
		if math.Abs(sum-1) > 1e-3 {
			t.Fatalf("%dx%d: probabilities sum to %v", size, size, sum)
		}
		if five < 0.5 {
			t.Errorf("%dx%d: the winning move has probability %.3f", size, size, five)
		}
	}
	return net
}

// Default must hand out a copy: a caller that scribbles on it cannot
// corrupt the next load.
func TestDefaultIsACopy(t *testing.T) {
	a := weights.Default()
	a[0] ^= 0xff
	if _, err := nn.LoadBytes(weights.Default()); err != nil {
		t.Fatal(err)
	}
}

// BenchmarkLoadDefault times decoding the embedded weights (decompression,
// checksum and shape checks).
func BenchmarkLoadDefault(b *testing.B) {
	data := weights.Default()
	for b.Loop() {
		if _, err := nn.LoadBytes(data); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(len(data)), "bytes")
}
