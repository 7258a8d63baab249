package nn

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/kakugo/kakugo/engine"
)

// all8Kernels are the 8-bit kernel sets this build and processor run.
func all8Kernels() []kernels8 {
	ks := []kernels8{go8Kernels}
	if k := default8Kernels(); k.name != go8Kernels.name {
		ks = append(ks, k)
	}
	return append(ks, extra8Kernels()...)
}

// TestGemm8Agree checks every 8-bit product kernel against a direct sum,
// bit for bit, on row counts in and out of whole eights, with bytes at
// both ends of their ranges.
func TestGemm8Agree(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for _, sz := range [][3]int{{1, 9, 16}, {8, 54, 16}, {8, 54, 48}, {24, 54, 256}, {13, 7, 32}, {32, 72, 336}} {
		m, ks, n := sz[0], sz[1], sz[2]
		w := make([]uint32, m*ks)
		for i := range w {
			for c := 0; c < 4; c++ {
				v := int8(rng.IntN(2*q8Max+1) - q8Max)
				if rng.IntN(8) == 0 {
					v = [2]int8{-q8Max, q8Max}[rng.IntN(2)]
				}
				w[i] |= uint32(uint8(v)) << (8 * c)
			}
		}
		b := make([][]uint32, ks)
		for s := range b {
			b[s] = make([]uint32, n+5)
			for j := range b[s] {
				for c := 0; c < 4; c++ {
					v := uint32(rng.IntN(q8Max + 1))
					if rng.IntN(8) == 0 {
						v = q8Max
					}
					b[s][j] |= v << (8 * c)
				}
			}
		}
		scale, bias := make([]float32, m), make([]float32, m)
		for o := range scale {
			scale[o], bias[o] = rng.Float32()*1e-3, rng.Float32()*2-1
		}
		want := newRows(m, n)
		for o := 0; o < m; o++ {
			for j := 0; j < n; j++ {
				var sum int32
				for s := 0; s < ks; s++ {
					for c := 0; c < 4; c++ {
						sum += int32(int8(w[o*ks+s]>>(8*c))) * int32(uint8(b[s][j]>>(8*c)))
					}
				}
				want[o][j] = float32(float32(sum)*scale[o]) + bias[o]
			}
		}
		for _, k := range all8Kernels() {
			c := newRows(m, n)
			k.gemm(w, m, ks, b, n, scale, bias, c)
			for o := range c {
				for j := range c[o] {
					if math.Float32bits(c[o][j]) != math.Float32bits(want[o][j]) {
						t.Fatalf("%s %v: c[%d][%d] = %v, want %v", k.name, sz, o, j, c[o][j], want[o][j])
					}
				}
			}
		}
	}
}

// TestPack8Agree checks the quantizing pack and the maximum of every
// kernel set against the Go ones, with values on the rounding's halves.
func TestPack8Agree(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for _, sz := range [][2]int{{1, 8}, {6, 304}, {8, 448}} {
		groups, stride := sz[0], sz[1]
		x := make([]float32, 4*groups*stride)
		for i := range x {
			switch rng.IntN(4) {
			case 0: // zero, as the padding is
			case 1:
				x[i] = float32(rng.IntN(2*q8Max+1)) / 2 / q8Max * 3 // halves once scaled
			default:
				x[i] = rng.Float32() * 3
			}
		}
		x[rng.IntN(len(x))] = 3
		want := maxGo(x)
		inv := q8Max / want
		wantQ := make([]uint32, groups*stride)
		pack8Go(x, groups, stride, inv, wantQ)
		for i, word := range wantQ {
			for c := 0; c < 4; c++ {
				if v := (word >> (8 * c)) & 0xff; v > q8Max {
					t.Fatalf("byte %d of word %d is %d, over %d", c, i, v, q8Max)
				}
			}
		}
		for _, k := range all8Kernels() {
			if m := k.max(x); m != want {
				t.Errorf("%s %v: max %v, want %v", k.name, sz, m, want)
			}
			if m := k.max(x[:len(x)-3]); m != maxGo(x[:len(x)-3]) {
				t.Errorf("%s %v: max of an odd length %v, want %v", k.name, sz, m, maxGo(x[:len(x)-3]))
			}
			q := make([]uint32, groups*stride)
			k.pack(x, groups, stride, inv, q)
			if !slices.Equal(q, wantQ) {
				t.Errorf("%s %v: packed words differ from Go's", k.name, sz)
			}
		}
	}
}

// TestInt8Network checks the network in 8 bits: the same logits on every
// kernel set, bit for bit, and close to the float network's (the default
// weights where they are, else random ones).
func TestInt8Network(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	net := defaultOrRandom(t)
	q, err := quantize(net)
	if err != nil {
		t.Fatal(err)
	}
	a := net.Arch()
	same, total := 0, 0
	var worst float64
	for i, sz := range [][2]int{{15, 15}, {20, 20}, {9, 14}, {15, 15}, {15, 15}} {
		b := randomGame(t, rng, sz[0], sz[1], engine.Freestyle, 10+10*i)
		planes := make([]float32, a.Planes*sz[0]*sz[1])
		net.NewFeatures().Fill(b, planes)
		float := make([]float32, sz[0]*sz[1])
		if err := net.Forward(NewWorkspace(), planes, sz[0], sz[1], float); err != nil {
			t.Fatal(err)
		}
		var ref []float32
		for _, k := range all8Kernels() {
			ws := NewWorkspace()
			ws.kern8 = k
			logits := make([]float32, sz[0]*sz[1])
			if err := net.forwardWith(ws, q, planes, sz[0], sz[1], logits); err != nil {
				t.Fatal(err)
			}
			if ref == nil {
				ref = logits
				continue
			}
			for j := range logits {
				if math.Float32bits(logits[j]) != math.Float32bits(ref[j]) {
					t.Fatalf("%v kernels %s: logit %d = %v, go gives %v", sz, k.name, j, logits[j], ref[j])
				}
			}
		}
		legal := LegalMask(b, nil)
		pf, pq := slices.Clone(float), slices.Clone(ref)
		Softmax(pf, legal)
		Softmax(pq, legal)
		for j := range pf {
			worst = max(worst, math.Abs(float64(pf[j]-pq[j])))
		}
		total++
		if argmax(pf) == argmax(pq) {
			same++
		}
	}
	t.Logf("largest difference of a probability %.4f; the same best move in %d of %d", worst, same, total)
	if worst > 0.1 || same < total-1 {
		t.Errorf("8-bit network too far from the float one: largest difference %.4f, same best move %d of %d", worst, same, total)
	}
}

func argmax(x []float32) int {
	best := 0
	for i, v := range x {
		if v > x[best] {
			best = i
		}
	}
	return best
}

// TestEvaluatorInt8 checks the option: a network of whole groups of four
// channels runs in 8 bits, one without runs in floats.
func TestEvaluatorInt8(t *testing.T) {
	for _, tc := range []struct {
		channels int
		want     bool
	}{{24, true}, {7, false}} {
		a := defaultArch
		a.Channels = tc.channels
		net, _ := NewRandom(a, 1)
		e, err := NewEvaluator(net, net.NewFeatures(), EvaluatorOptions{Int8: true})
		if err != nil {
			t.Fatal(err)
		}
		if e.Int8() != tc.want {
			t.Errorf("%d channels: Int8() = %v, want %v", tc.channels, e.Int8(), tc.want)
		}
		b, _ := engine.New(15, 15, engine.Freestyle)
		b.Make(b.Pos(7, 7))
		p := e.Policy(b, nil)
		var sum float32
		for _, v := range p {
			sum += v
		}
		if math.Abs(float64(sum-1)) > 1e-3 {
			t.Errorf("%d channels: probabilities sum to %v", tc.channels, sum)
		}
	}
}

// BenchmarkForward8 times the network with its blocks in 8 bits beside
// BenchmarkForward's float runs.
func BenchmarkForward8(b *testing.B) {
	for _, a := range benchArchs {
		net, _ := NewRandom(a, 1)
		q, _ := quantize(net)
		for _, k := range all8Kernels() {
			for _, sz := range []int{15, 20} {
				b.Run(fmt.Sprintf("c%db%d/%s/%dx%d", a.Channels, a.Blocks, k.name, sz, sz), func(b *testing.B) {
					ws := NewWorkspace()
					ws.kern8 = k
					planes := make([]float32, a.Planes*sz*sz)
					net.NewFeatures().Fill(benchBoard(b, sz, sz), planes)
					logits := make([]float32, sz*sz)
					c0 := cpuSeconds()
					for b.Loop() {
						net.forwardWith(ws, q, planes, sz, sz, logits)
					}
					reportCPU(b, c0)
				})
			}
		}
	}
}
