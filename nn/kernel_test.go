package nn

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
)

// gemmCase builds random operands for the kernel tests: a is m x k, b is k
// rows of n (+ slack) values.
func gemmCase(rng *rand.Rand, m, k, n int) (a []float32, b [][]float32, bias []float32) {
	a = make([]float32, m*k)
	for i := range a {
		a[i] = rng.Float32()*2 - 1
	}
	b = make([][]float32, k)
	for i := range b {
		b[i] = make([]float32, n+3)
		for j := range b[i] {
			b[i][j] = rng.Float32()*2 - 1
		}
	}
	bias = make([]float32, m)
	for i := range bias {
		bias[i] = rng.Float32()
	}
	return a, b, bias
}

func newRows(m, n int) [][]float32 {
	c := make([][]float32, m)
	for i := range c {
		c[i] = make([]float32, n)
	}
	return c
}

// allKernels are the kernel sets this build has.
func allKernels() []kernels {
	ks := []kernels{goKernels, {rows: gemmRowsAxpy, nt: gemmNTGo, relu: reluMaskGo, name: "axpy"}}
	if k, ok := simdKernels(); ok {
		ks = append(ks, k)
	}
	return append(ks, extraKernels()...)
}

func TestKernelsAgree(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, sz := range [][3]int{{1, 9, 16}, {3, 7, 32}, {5, 27, 48}, {8, 288, 256}, {1, 32, 16}} {
		m, k, n := sz[0], sz[1], sz[2]
		a, b, bias := gemmCase(rng, m, k, n)
		want := newRows(m, n)
		for o := 0; o < m; o++ {
			for j := 0; j < n; j++ {
				s := float64(bias[o])
				for kk := 0; kk < k; kk++ {
					s += float64(a[o*k+kk]) * float64(b[kk][j])
				}
				want[o][j] = float32(s)
			}
		}
		// gemmNT reference: a as m rows of n, b as k rows of n.
		ar := newRows(m, n)
		for o := range ar {
			for j := range ar[o] {
				ar[o][j] = rng.Float32()*2 - 1
			}
		}
		wantNT := make([]float32, m*k)
		for o := 0; o < m; o++ {
			for kk := 0; kk < k; kk++ {
				s := 1.0 // the kernels add to what is there
				for j := 0; j < n; j++ {
					s += float64(ar[o][j]) * float64(b[kk][j])
				}
				wantNT[o*k+kk] = float32(s)
			}
		}
		for _, ks := range allKernels() {
			got := newRows(m, n)
			ks.rows(a, m, k, b, n, bias, got)
			for o := range got {
				for j := range got[o] {
					if d := math.Abs(float64(got[o][j] - want[o][j])); d > 1e-4*float64(k) {
						t.Fatalf("%s rows %v: c[%d][%d] = %v, want %v", ks.name, sz, o, j, got[o][j], want[o][j])
					}
				}
			}
			gotNT := make([]float32, m*k)
			for i := range gotNT {
				gotNT[i] = 1
			}
			ks.nt(ar, m, b, k, n, gotNT)
			for i := range gotNT {
				if d := math.Abs(float64(gotNT[i] - wantNT[i])); d > 1e-4*float64(n) {
					t.Fatalf("%s nt %v: c[%d] = %v, want %v", ks.name, sz, i, gotNT[i], wantNT[i])
				}
			}
		}
	}
}

// BenchmarkGemmRows times one 24-channel 3x3 convolution on a 15x15 board
// (m=24, k=216, n=256) with each kernel, and with an explicit im2col copy in
// front of the tiled kernel, the alternative to reading shifted planes.
func BenchmarkGemmRows(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	const m, k, n = 24, 216, 256
	a, rows, bias := gemmCase(rng, m, k, n)
	c := newRows(m, n)
	macs := float64(m * k * n)
	for _, ks := range allKernels() {
		b.Run(ks.name, func(b *testing.B) {
			for b.Loop() {
				ks.rows(a, m, k, rows, n, bias, c)
			}
			b.ReportMetric(macs*float64(b.N)/b.Elapsed().Seconds()/1e9, "GMAC/s")
		})
	}
	for _, ks := range allKernels() {
		b.Run(fmt.Sprintf("im2col+%s", ks.name), func(b *testing.B) {
			col := make([]float32, k*n)
			colRows := make([][]float32, k)
			for i := range colRows {
				colRows[i] = col[i*n : (i+1)*n]
			}
			for b.Loop() {
				for i := range colRows {
					copy(colRows[i], rows[i][:n])
				}
				ks.rows(a, m, k, colRows, n, bias, c)
			}
			b.ReportMetric(macs*float64(b.N)/b.Elapsed().Seconds()/1e9, "GMAC/s")
		})
	}
}

func BenchmarkGemmNT(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	const m, k, n = 24, 216, 256
	_, rows, _ := gemmCase(rng, 1, k, n)
	ar := newRows(m, n)
	c := make([]float32, m*k)
	macs := float64(m * k * n)
	for _, ks := range allKernels() {
		b.Run(ks.name, func(b *testing.B) {
			for b.Loop() {
				ks.nt(ar, m, rows, k, n, c)
			}
			b.ReportMetric(macs*float64(b.N)/b.Elapsed().Seconds()/1e9, "GMAC/s")
		})
	}
}

// TestSIMDKernelExact: the SIMD inference kernels (the assembly of the
// default amd64 build, archsimd under GOEXPERIMENT=simd) round every
// product before adding it, in the plain Go kernel's order, so their
// results are bit for bit the Go kernel's, with and without a bias, for row
// counts that are and are not multiples of their tiles. The network then
// gives the same policy, and the engine the same moves, in every build.
func TestSIMDKernelExact(t *testing.T) {
	ks, ok := simdKernels()
	if !ok {
		t.Skipf("this build or processor has no SIMD kernels (%q)", ks.name)
	}
	rng := rand.New(rand.NewPCG(3, 4))
	for _, ks := range append([]kernels{ks}, extraKernels()...) {
		for _, sz := range [][3]int{{6, 1, 16}, {24, 216, 256}, {13, 216, 256}, {7, 9, 32}, {32, 288, 384}, {1, 24, 16}, {12, 117, 48}, {6, 9, 0}, {6, 0, 16}, {5, 30, 80}, {24, 216, 448}} {
			m, k, n := sz[0], sz[1], sz[2]
			a, b, bias := gemmCase(rng, m, k, n)
			for _, bs := range [][]float32{bias, nil} {
				want, got := newRows(m, n), newRows(m, n)
				gemmRowsGo(a, m, k, b, n, bs, want)
				ks.rows(a, m, k, b, n, bs, got)
				for o := range got {
					for j := range got[o] {
						if math.Float32bits(got[o][j]) != math.Float32bits(want[o][j]) {
							t.Fatalf("%s %v bias %v: c[%d][%d] = %v, Go gives %v", ks.name, sz, bs != nil, o, j, got[o][j], want[o][j])
						}
					}
				}
			}
		}
	}
}

// gemmRowsAxpy is the naive direct convolution: one scaled row added at a
// time. It is kept as the reference the tiled kernels are tested and
// benchmarked against.
func gemmRowsAxpy(a []float32, m, k int, b [][]float32, n int, bias []float32, c [][]float32) {
	for o := 0; o < m; o++ {
		co := c[o][:n]
		var bv float32
		if bias != nil {
			bv = bias[o]
		}
		for j := range co {
			co[j] = bv
		}
		for kk, w := range a[o*k : (o+1)*k] {
			bk := b[kk][:n]
			for j := range co {
				co[j] += w * bk[j]
			}
		}
	}
}

// TestReluKernelsAgree checks every kernel set's activation against the Go
// kernel bit for bit, with and without the residual, on lanes that are
// negative, positive, -0, +0 and NaN, under a mask of zeros and ones.
func TestReluKernelsAgree(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	special := []float32{0, float32(math.Copysign(0, -1)), float32(math.NaN()), 1e-30, -1e-30}
	for _, n := range []int{8, 16, 24, 256, 7, 13} {
		x := make([]float32, n)
		r := make([]float32, n)
		mask := make([]float32, n)
		for j := range x {
			x[j] = rng.Float32()*2 - 1
			r[j] = rng.Float32()*2 - 1
			if rng.IntN(4) == 0 {
				x[j] = special[rng.IntN(len(special))]
			}
			if rng.IntN(6) == 0 {
				r[j] = special[rng.IntN(len(special))]
			}
			if rng.IntN(5) != 0 {
				mask[j] = 1
			}
		}
		for _, res := range []bool{false, true} {
			var rr []float32
			if res {
				rr = r
			}
			want := append([]float32(nil), x...)
			reluMaskGo(want, rr, mask)
			for _, ks := range allKernels() {
				got := append([]float32(nil), x...)
				ks.relu(got, rr, mask)
				for j := range got {
					if math.Float32bits(got[j]) != math.Float32bits(want[j]) {
						t.Fatalf("%s n=%d residual=%v lane %d: %v (%#x), want %v (%#x)", ks.name, n, res, j,
							got[j], math.Float32bits(got[j]), want[j], math.Float32bits(want[j]))
					}
				}
			}
		}
	}
}
