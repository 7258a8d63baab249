package fit

import (
	"bytes"
	"io"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/value"
)

// xorData labels points by the sign of x1·x2 (with noise): no linear
// model does better than chance on it, one hidden layer does well.
func xorData(seed uint64, n int) ([][]float32, []float32) {
	rng := rand.New(rand.NewPCG(seed, 3))
	var xs [][]float32
	var ys []float32
	for range n {
		a, b := rng.NormFloat64(), rng.NormFloat64()
		x := []float32{1, float32(3 + a), float32(10 * b)} // shifted and scaled: the standardisation is folded back
		y := float32(0)
		if rng.Float64() < Sigmoid(4*a*b) {
			y = 1
		}
		xs, ys = append(xs, x), append(ys, y)
	}
	return xs, ys
}

// TestMLP: on data a linear model cannot fit, the hidden layer beats the
// logistic regression it starts from on held-out data, its raw-feature
// form (Logit, Params read by value) gives the training's predictions,
// and the same seed gives the same net.
func TestMLP(t *testing.T) {
	xs, ys := xorData(1, 8000)
	tx, ty := xorData(2, 4000)
	w0, err := Logistic(xs, ys, 3, Options{Iters: 6, L2: 1}, nil)
	if err != nil {
		t.Fatal(err)
	}
	o := MLPOptions{Hidden: 8, Epochs: 6, Batch: 64, LR: 1e-2, L2: 1e-5, Seed: 7}
	epochs := 0
	n, err := MLP(xs, ys, 3, w0, o, func(int, *Net) { epochs++ })
	if err != nil {
		t.Fatal(err)
	}
	if epochs != o.Epochs {
		t.Errorf("%d progress calls, want %d", epochs, o.Epochs)
	}
	y := func(i int) float32 { return ty[i] }
	lin := Measure(len(tx), func(i int) float64 {
		var z float64
		for j, x := range tx[i] {
			z += w0[j] * float64(x)
		}
		return Sigmoid(z)
	}, y)
	net := Measure(len(tx), func(i int) float64 { return Sigmoid(n.Logit(tx[i])) }, y)
	if net.LogLoss > lin.LogLoss-0.1 || net.Accuracy < 0.7 {
		t.Errorf("held out: net %v, linear %v", net, lin)
	}
	if got, want := len(n.Params()), paramLen(3, o.Hidden); got != want {
		t.Fatalf("%d parameters, want %d", got, want)
	}
	again, _ := MLP(xs, ys, 3, w0, o, nil)
	for i, p := range n.Params() {
		if q := again.Params()[i]; p != q {
			t.Fatalf("parameter %d: %v, then %v with the same seed", i, p, q)
		}
	}
	if _, err := MLP(nil, nil, 3, w0, o, nil); err == nil {
		t.Error("no samples: no error")
	}
}

// paramLen is value's parameter count of a net over d features.
func paramLen(d, h int) int { return d + d*h + 2*h }

// TestRunHidden: Run with a hidden layer writes a net model whose
// file is the same for the same seed, and reports the net's held-out
// loss.
func TestRunHidden(t *testing.T) {
	games := append(randomGames(1, engine.Freestyle, 40), randomGames(2, engine.Renju, 30)...)
	cfg := Config{Set: value.Patterns, Sample: SampleOptions{PerGame: 6, Seed: 5, TestFrac: 0.25}, Fit: Options{Iters: 3, L2: 10},
		MLP: MLPOptions{Hidden: 4, Epochs: 2, Batch: 32, LR: 1e-3, Seed: 5}}
	var files [2][]byte
	var log bytes.Buffer
	for i := range files {
		m, rows, err := Run(cfg, games, &log)
		if err != nil {
			t.Fatal(err)
		}
		if m.Hidden() != 4 || len(rows) != 2 {
			t.Fatalf("hidden %d, rows %+v", m.Hidden(), rows)
		}
		var buf bytes.Buffer
		if err := value.Write(&buf, m); err != nil {
			t.Fatal(err)
		}
		files[i] = buf.Bytes()
		back, err := value.Read(bytes.NewReader(files[i]))
		if err != nil || back.Hidden() != 4 || back.Set() != value.Patterns {
			t.Fatalf("read back: %v", err)
		}
	}
	if !bytes.Equal(files[0], files[1]) {
		t.Error("two runs with the same seed wrote different weights")
	}
	if !bytes.Contains(log.Bytes(), []byte("renju 15 hidden step 2: train loss")) {
		t.Errorf("no progress lines of the hidden layer:\n%s", log.String())
	}
	// A baseline of a smaller set is scored on the same samples.
	cfg.Baseline = value.NewModel(value.Counts)
	cfg.Baseline.SetWeights(value.Key{Rule: engine.Renju, Size: 15}, make([]float32, value.Counts.Len()))
	_, rows, err := Run(cfg, games, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rows {
		if want := r.Bucket == "renju 15x15"; (r.Baseline.N > 0) != want {
			t.Errorf("%s: baseline %v", r.Bucket, r.Baseline)
		} else if want && math.Abs(r.Baseline.LogLoss-math.Log(2)) > 1e-9 {
			t.Errorf("zero baseline weights: loss %v, want log 2", r.Baseline.LogLoss)
		}
	}
}

// TestRunCodes: the Codes set is fitted with the hidden layer (refused
// without one), its code weights leave their start at zero, and a
// baseline of the Patterns set is scored on its samples (their prefix).
func TestRunCodes(t *testing.T) {
	games := randomGames(3, engine.Freestyle, 40)
	cfg := Config{Set: value.Codes, Sample: SampleOptions{PerGame: 6, Seed: 5, TestFrac: 0.25}, Fit: Options{Iters: 3, L2: 10}}
	if _, _, err := Run(cfg, games, io.Discard); err == nil {
		t.Fatal("the codes set was fitted without a hidden layer")
	}
	cfg.MLP = MLPOptions{Hidden: 3, Epochs: 2, Batch: 32, LR: 1e-3, Seed: 5}
	cfg.Baseline = value.NewModel(value.Patterns)
	cfg.Baseline.SetWeights(value.Key{Rule: engine.Freestyle, Size: 15}, make([]float32, value.Patterns.Len()))
	m, rows, err := Run(cfg, games, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if m.Set() != value.Codes || len(rows) != 1 || rows[0].Baseline.N == 0 {
		t.Fatalf("set %v, rows %+v", m.Set(), rows)
	}
	w := m.Weights(value.Key{Rule: engine.Freestyle, Size: 15})
	if len(w) != paramLen(value.Codes.Len(), 3) {
		t.Fatalf("%d parameters, want %d", len(w), paramLen(value.Codes.Len(), 3))
	}
	moved := 0
	for _, x := range w[value.Patterns.Len():value.Codes.Len()] {
		if x != 0 {
			moved++
		}
	}
	if moved == 0 {
		t.Error("no code weight was fitted")
	}
}
