package nn

import (
	"fmt"
	"math"
)

// Eight-bit inference (EvaluatorOptions.Int8). The residual blocks'
// convolutions, nearly all of a forward pass's work, run on integers:
// each output channel's weights scaled to -127..127 (its own scale), each
// layer's input activations, which follow a ReLU and are never negative,
// scaled to 0..127 by their largest value in this position (a scale read
// off the position, so no calibration set is needed and no activation is
// clipped). The products are summed exactly in 32 bits and turned back
// into floats once per output: float32(sum) times the two scales, plus
// the bias. The stem (a few input planes) and the head (one output plane)
// stay in floats.
//
// Integer sums are exact in any order, so the assembly kernels (AVX-512
// VNNI, four products a lane an instruction; AVX2, two) and the plain Go
// one give the same results bit for bit and the network the same move on
// every machine, as the float kernels do. Activations stop at 127, not
// 255, so that AVX2's pairwise byte products (VPMADDUBSW, which saturates
// at 32,767) never saturate: 2 x 127 x 127 = 32,258.

// q8Max is the largest quantized activation and weight magnitude.
const q8Max = 127

// qlayer is a block convolution with 8-bit weights. The k dimension runs
// over steps s = g*taps + t: group g of four input channels (4g..4g+3) at
// tap t, one 32-bit word of four signed bytes per output channel and step.
type qlayer struct {
	cin, cout, k int
	steps        int
	w            []uint32  // [cout][steps]
	scale        []float32 // per output channel: weight = int8 * scale
	b            []float32 // the float bias
}

// qnet is a network's residual blocks in 8 bits, two layers per block.
type qnet struct{ layers []qlayer }

// quantizable reports whether n's blocks can run in 8 bits: their input
// channels must come in whole groups of four.
func quantizable(a Arch) bool { return a.Channels%4 == 0 }

// quantize returns n's blocks with 8-bit weights: each output channel's
// weights divided by its largest magnitude over 127 and rounded to the
// nearest integer (a channel of zeros keeps the scale 0).
func quantize(n *Net) (*qnet, error) {
	if !quantizable(n.arch) {
		return nil, fmt.Errorf("nn: %d channels are not whole groups of four", n.arch.Channels)
	}
	q := &qnet{}
	for i := 1; i < len(n.layers)-1; i++ {
		q.layers = append(q.layers, quantizeLayer(&n.layers[i]))
	}
	return q, nil
}

func quantizeLayer(l *layer) qlayer {
	taps := l.k * l.k
	groups := l.cin / 4
	ql := qlayer{cin: l.cin, cout: l.cout, k: l.k, steps: groups * taps,
		scale: make([]float32, l.cout), b: l.b}
	ql.w = make([]uint32, l.cout*ql.steps)
	for o := 0; o < l.cout; o++ {
		ws := l.w[o*l.cin*taps : (o+1)*l.cin*taps] // [in][tap]
		var amax float32
		for _, v := range ws {
			amax = max(amax, float32(math.Abs(float64(v))))
		}
		if amax == 0 {
			continue
		}
		ql.scale[o] = amax / q8Max
		inv := q8Max / amax
		for g := 0; g < groups; g++ {
			for t := 0; t < taps; t++ {
				var word uint32
				for c := 0; c < 4; c++ {
					v := math.RoundToEven(float64(ws[(4*g+c)*taps+t] * inv))
					v = max(-q8Max, min(q8Max, v))
					word |= uint32(uint8(int8(v))) << (8 * c)
				}
				ql.w[o*ql.steps+g*taps+t] = word
			}
		}
	}
	return ql
}

// kernels8 are the 8-bit kernels a workspace runs on.
type kernels8 struct {
	// gemm is c[o][j] = bias[o] + scale[o] * sum_s dot4(w[o*ks+s], b[s][j])
	// over o < m, j < n: dot4 sums the products of a word's four signed
	// bytes of w with the four unsigned bytes of b's word.
	gemm func(w []uint32, m, ks int, b [][]uint32, n int, scale, bias []float32, c [][]float32)
	// pack sets q[g*stride+p], for g < groups and p < stride, to the
	// rounded x[(4g+i)*stride+p]*inv of i = 0..3 in its bytes i.
	pack func(x []float32, groups, stride int, inv float32, q []uint32)
	// max is the largest of 0 and x's values.
	max  func(x []float32) float32
	name string
}

// go8Kernels are the plain Go 8-bit kernels.
var go8Kernels = kernels8{gemm: gemm8Go, pack: pack8Go, max: maxGo, name: "go"}

// dot4 is the sum of the products of w's four bytes, signed, and a's,
// unsigned.
func dot4(w, a uint32) int32 {
	return int32(int8(w))*int32(uint8(a)) + int32(int8(w>>8))*int32(uint8(a>>8)) +
		int32(int8(w>>16))*int32(uint8(a>>16)) + int32(int8(w>>24))*int32(uint8(a>>24))
}

func gemm8Go(w []uint32, m, ks int, b [][]uint32, n int, scale, bias []float32, c [][]float32) {
	acc := make([]int32, n)
	for o := 0; o < m; o++ {
		clear(acc)
		for s, wv := range w[o*ks : (o+1)*ks] {
			for j, a := range b[s][:n] {
				acc[j] += dot4(wv, a)
			}
		}
		co := c[o][:n]
		for j, v := range acc {
			// The conversion rounds the product, so that no compiler
			// fuses it with the addition: the assembly rounds it too.
			co[j] = float32(float32(v)*scale[o]) + bias[o]
		}
	}
}

func pack8Go(x []float32, groups, stride int, inv float32, q []uint32) {
	for g := 0; g < groups; g++ {
		qs := q[g*stride : (g+1)*stride]
		for c := 0; c < 4; c++ {
			xs := x[(4*g+c)*stride : (4*g+c+1)*stride]
			for p, v := range xs {
				// Round half to even, as the processor's conversion does.
				r := uint32(int32(math.RoundToEven(float64(float32(v * inv)))))
				if c == 0 {
					qs[p] = r & 0xff
				} else {
					qs[p] |= (r & 0xff) << (8 * c)
				}
			}
		}
	}
}

func maxGo(x []float32) float32 {
	var m float32
	for _, v := range x {
		if v > m {
			m = v
		}
	}
	return m
}

// conv8 runs the 8-bit layer l from in to out over the span of every
// output plane, as conv runs a float layer.
func (b *buffers) conv8(k kernels8, l *qlayer, in, out []float32) {
	g := b.g
	x := in[:l.cin*g.stride]
	var inv, sx float32
	if mx := k.max(x); mx > 0 {
		inv, sx = q8Max/mx, mx/q8Max
	}
	groups := l.cin / 4
	if len(b.q8) < groups*g.stride {
		b.q8 = make([]uint32, groups*g.stride)
	}
	q := b.q8[:groups*g.stride]
	k.pack(x, groups, g.stride, inv, q)
	offs := b.offs[l.k]
	if len(b.rows8) < groups*len(offs) {
		b.rows8 = make([][]uint32, groups*len(offs))
	}
	rows := tapRows(g, b.rows8, q, groups, offs)
	if len(b.scale8) < l.cout {
		b.scale8 = make([]float32, l.cout)
	}
	scale := b.scale8[:l.cout]
	for o := range scale {
		scale[o] = l.scale[o] * sx
	}
	cs := spanRows(g, b.rowsC, out, l.cout)
	k.gemm(l.w, l.cout, len(rows), rows, g.span, scale, l.b, cs)
}
