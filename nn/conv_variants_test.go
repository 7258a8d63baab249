package nn

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
)

// Candidate plain-Go forms of gemmRows, measured against the kept one
// (gemmRowsGo, a 2x4 register tile over row slices: the convolution taken
// directly on the shifted input planes). Every form sums each output over
// kk in the same order from the bias, so all give bit-identical results;
// TestConvVariantsExact checks that. The numbers are in the issue 7 report
// and docs/testing.md: gemmRowsGo stays.

// gemmRows3x3 is gemmRowsGo with a 3x3 tile: nine accumulators and six
// loads per step (more work per load than 2x4, and it still fits the
// fifteen floating-point registers Go's amd64 ABI leaves free).
func gemmRows3x3(a []float32, m, k int, b [][]float32, n int, bias []float32, c [][]float32) {
	o := 0
	for ; o+3 <= m; o += 3 {
		a0, a1, a2 := a[o*k:(o+1)*k], a[(o+1)*k:(o+2)*k], a[(o+2)*k:(o+3)*k]
		c0, c1, c2 := c[o][:n], c[o+1][:n], c[o+2][:n]
		var b0, b1, b2 float32
		if bias != nil {
			b0, b1, b2 = bias[o], bias[o+1], bias[o+2]
		}
		j := 0
		for ; j+3 <= n; j += 3 {
			s00, s01, s02 := b0, b0, b0
			s10, s11, s12 := b1, b1, b1
			s20, s21, s22 := b2, b2, b2
			for kk, w0 := range a0 {
				w1, w2 := a1[kk], a2[kk]
				bk := b[kk][j : j+3 : j+3]
				x0, x1, x2 := bk[0], bk[1], bk[2]
				s00 += w0 * x0
				s01 += w0 * x1
				s02 += w0 * x2
				s10 += w1 * x0
				s11 += w1 * x1
				s12 += w1 * x2
				s20 += w2 * x0
				s21 += w2 * x1
				s22 += w2 * x2
			}
			c0[j], c0[j+1], c0[j+2] = s00, s01, s02
			c1[j], c1[j+1], c1[j+2] = s10, s11, s12
			c2[j], c2[j+1], c2[j+2] = s20, s21, s22
		}
		for ; j < n; j++ {
			s0, s1, s2 := b0, b1, b2
			for kk, w0 := range a0 {
				x := b[kk][j]
				s0 += w0 * x
				s1 += a1[kk] * x
				s2 += a2[kk] * x
			}
			c0[j], c1[j], c2[j] = s0, s1, s2
		}
	}
	if o < m {
		rows := c[o:m]
		var bs []float32
		if bias != nil {
			bs = bias[o:m]
		}
		gemmRowsGo(a[o*k:], m-o, k, b, n, bs, rows)
	}
}

// gemmRows1x8 computes one output row eight columns at a time: one weight
// load per step, eight input loads.
func gemmRows1x8(a []float32, m, k int, b [][]float32, n int, bias []float32, c [][]float32) {
	for o := 0; o < m; o++ {
		a0 := a[o*k : (o+1)*k]
		c0 := c[o][:n]
		var bv float32
		if bias != nil {
			bv = bias[o]
		}
		j := 0
		for ; j+8 <= n; j += 8 {
			s0, s1, s2, s3, s4, s5, s6, s7 := bv, bv, bv, bv, bv, bv, bv, bv
			for kk, w := range a0 {
				x := b[kk][j : j+8 : j+8]
				s0 += w * x[0]
				s1 += w * x[1]
				s2 += w * x[2]
				s3 += w * x[3]
				s4 += w * x[4]
				s5 += w * x[5]
				s6 += w * x[6]
				s7 += w * x[7]
			}
			copy(c0[j:j+8], []float32{s0, s1, s2, s3, s4, s5, s6, s7})
		}
		for ; j < n; j++ {
			s := bv
			for kk, w := range a0 {
				s += w * b[kk][j]
			}
			c0[j] = s
		}
	}
}

// im2colRows is the classic im2col with a GEMM: the shifted rows are first
// copied into one contiguous k x n matrix, which the 2x4 tile then reads
// at a fixed stride instead of through k slice headers.
type im2colRows struct{ buf []float32 }

func (im *im2colRows) rows(a []float32, m, k int, b [][]float32, n int, bias []float32, c [][]float32) {
	if cap(im.buf) < k*n {
		im.buf = make([]float32, k*n)
	}
	flat := im.buf[:k*n]
	for kk := 0; kk < k; kk++ {
		copy(flat[kk*n:(kk+1)*n], b[kk][:n])
	}
	o := 0
	for ; o+2 <= m; o += 2 {
		a0, a1 := a[o*k:(o+1)*k], a[(o+1)*k:(o+2)*k]
		c0, c1 := c[o][:n], c[o+1][:n]
		var bias0, bias1 float32
		if bias != nil {
			bias0, bias1 = bias[o], bias[o+1]
		}
		for j := 0; j+4 <= n; j += 4 {
			s00, s01, s02, s03 := bias0, bias0, bias0, bias0
			s10, s11, s12, s13 := bias1, bias1, bias1, bias1
			off := j
			for kk, w0 := range a0 {
				w1 := a1[kk]
				bk := flat[off : off+4 : off+4]
				off += n
				x0, x1, x2, x3 := bk[0], bk[1], bk[2], bk[3]
				s00 += w0 * x0
				s01 += w0 * x1
				s02 += w0 * x2
				s03 += w0 * x3
				s10 += w1 * x0
				s11 += w1 * x1
				s12 += w1 * x2
				s13 += w1 * x3
			}
			c0[j], c0[j+1], c0[j+2], c0[j+3] = s00, s01, s02, s03
			c1[j], c1[j+1], c1[j+2], c1[j+3] = s10, s11, s12, s13
		}
	}
	if o < m {
		var bs []float32
		if bias != nil {
			bs = bias[o:m]
		}
		gemmRowsGo(a[o*k:], m-o, k, b, n, bs, c[o:m])
	}
}

// gemmRows1x4 is the smallest tile: four accumulators, so that Go's
// register allocator keeps everything in registers.
func gemmRows1x4(a []float32, m, k int, b [][]float32, n int, bias []float32, c [][]float32) {
	for o := 0; o < m; o++ {
		a0 := a[o*k : (o+1)*k]
		c0 := c[o][:n]
		var bv float32
		if bias != nil {
			bv = bias[o]
		}
		for j := 0; j+4 <= n; j += 4 {
			s0, s1, s2, s3 := bv, bv, bv, bv
			for kk, w := range a0 {
				x := b[kk][j : j+4 : j+4]
				s0 += w * x[0]
				s1 += w * x[1]
				s2 += w * x[2]
				s3 += w * x[3]
			}
			c0[j], c0[j+1], c0[j+2], c0[j+3] = s0, s1, s2, s3
		}
	}
}

// gemmRows2x4FMA is gemmRowsGo with math.FMA, which the compiler turns
// into one fused instruction where the processor has FMA (one rounding
// instead of two, so the bits differ from gemmRowsGo's, as the AVX2
// kernels' do).
func gemmRows2x4FMA(a []float32, m, k int, b [][]float32, n int, bias []float32, c [][]float32) {
	fma := func(x, y, z float32) float32 { return float32(math.FMA(float64(x), float64(y), float64(z))) }
	o := 0
	for ; o+2 <= m; o += 2 {
		a0, a1 := a[o*k:(o+1)*k], a[(o+1)*k:(o+2)*k]
		c0, c1 := c[o][:n], c[o+1][:n]
		var bias0, bias1 float32
		if bias != nil {
			bias0, bias1 = bias[o], bias[o+1]
		}
		for j := 0; j+4 <= n; j += 4 {
			s00, s01, s02, s03 := bias0, bias0, bias0, bias0
			s10, s11, s12, s13 := bias1, bias1, bias1, bias1
			for kk, w0 := range a0 {
				w1 := a1[kk]
				bk := b[kk][j : j+4 : j+4]
				s00 = fma(w0, bk[0], s00)
				s01 = fma(w0, bk[1], s01)
				s02 = fma(w0, bk[2], s02)
				s03 = fma(w0, bk[3], s03)
				s10 = fma(w1, bk[0], s10)
				s11 = fma(w1, bk[1], s11)
				s12 = fma(w1, bk[2], s12)
				s13 = fma(w1, bk[3], s13)
			}
			c0[j], c0[j+1], c0[j+2], c0[j+3] = s00, s01, s02, s03
			c1[j], c1[j+1], c1[j+2], c1[j+3] = s10, s11, s12, s13
		}
	}
	if o < m {
		var bs []float32
		if bias != nil {
			bs = bias[o:m]
		}
		gemmRowsGo(a[o*k:], m-o, k, b, n, bs, c[o:m])
	}
}

// convVariants are the plain-Go kernel sets measured here, the kept one
// first.
func convVariants() []kernels {
	im := &im2colRows{}
	return []kernels{
		goKernels,
		{rows: gemmRowsAxpy, nt: gemmNTGo, relu: reluMaskGo, name: "axpy"},
		{rows: gemmRows3x3, nt: gemmNTGo, relu: reluMaskGo, name: "tile3x3"},
		{rows: gemmRows1x8, nt: gemmNTGo, relu: reluMaskGo, name: "tile1x8"},
		{rows: im.rows, nt: gemmNTGo, relu: reluMaskGo, name: "im2col"},
		{rows: gemmRows1x4, nt: gemmNTGo, relu: reluMaskGo, name: "tile1x4"},
		{rows: gemmRows2x4FMA, nt: gemmNTGo, relu: reluMaskGo, name: "fma2x4"},
	}
}

// TestConvVariantsExact: every plain-Go form gives the kept kernel's
// logits bit for bit, except the naive axpy form, which adds the bias
// first and so may round differently.
func TestConvVariantsExact(t *testing.T) {
	net, _ := NewRandom(defaultArch, 5)
	for _, sz := range []int{15, 20} {
		planes := make([]float32, defaultArch.Planes*sz*sz)
		net.NewFeatures().Fill(randomGame(t, rand.New(rand.NewPCG(3, 4)), sz, sz, 0, 30), planes)
		var want []float32
		for _, ks := range convVariants() {
			got := make([]float32, sz*sz)
			if err := net.Forward(newWorkspaceWith(ks), planes, sz, sz, got); err != nil {
				t.Fatal(err)
			}
			if want == nil {
				want = got
				continue
			}
			for i := range got {
				if ks.name != "axpy" && ks.name != "fma2x4" && got[i] != want[i] {
					t.Fatalf("%s %dx%d: logit %d is %v, want %v", ks.name, sz, sz, i, got[i], want[i])
				}
			}
		}
	}
}

// BenchmarkConvVariants times a whole forward pass of the default
// architecture on each plain-Go form.
func BenchmarkConvVariants(b *testing.B) {
	net, _ := NewRandom(defaultArch, 1)
	for _, ks := range convVariants() {
		for _, sz := range []int{15, 20} {
			b.Run(fmt.Sprintf("%s/%dx%d", ks.name, sz, sz), func(b *testing.B) {
				ws := newWorkspaceWith(ks)
				planes := make([]float32, defaultArch.Planes*sz*sz)
				net.NewFeatures().Fill(benchBoard(b, sz, sz), planes)
				logits := make([]float32, sz*sz)
				c0 := cpuSeconds()
				for b.Loop() {
					net.Forward(ws, planes, sz, sz, logits)
				}
				reportCPU(b, c0)
			})
		}
	}
}
