//go:build amd64 && !goexperiment.simd && !purego

package nn

// AVX2 assembly for the inference kernels (kernel_asm_amd64.s), with the
// products on 512-bit registers where the processor has AVX-512, in every
// default amd64 build: GOEXPERIMENT=simd is not needed for a fast brain.
// Build with -tags purego for the plain Go kernels only.
//
// Unlike the archsimd kernels it does not fuse the multiply and the add, so
// its results are exactly the plain Go kernel's: the network gives the same
// move on every machine. On processors with separate add and multiply
// pipes that costs no speed (see BenchmarkGemmRows).

//go:noescape
func dot2x4AVX2(a0, a1 *float32, b *[]float32, n int, out *[64]float32)

//go:noescape
func reluMask8AVX2(x, r, mask *float32, n int)

//go:noescape
func gemm6x16AVX2(a *float32, k int, b *[]float32, n int, bias *float32, c *[]float32, j0 int)

//go:noescape
func gemm6x32AVX512(a *float32, k int, b *[]float32, n int, bias *float32, c *[]float32)

//go:noescape
func gemm1x16AVX2(a *float32, k int, b *[]float32, n int, bias float32, c *float32)

// simdKernels are the assembly kernels where the processor has AVX2 (and
// the 512-bit products where it has AVX-512), else the plain Go ones. The
// activation is in assembly too: in Go its branch on the sign mispredicts
// on about half of the lanes, which made it a third of the network's time.
func simdKernels() (kernels, bool) {
	switch {
	case hasAVX512():
		return avx512Kernels, true
	case hasAVX2():
		return avx2Kernels, true
	}
	return goKernels, false
}

var (
	avx2Kernels   = kernels{rows: gemmRowsAsm, nt: gemmNTAsm, relu: reluMaskAsm, name: "avx2asm"}
	avx512Kernels = kernels{rows: gemmRowsAsm512, nt: gemmNTAsm, relu: reluMaskAsm, name: "avx512asm"}
)

// extraKernels are the slower kernel sets this processor can also run, for
// tests and benchmarks that compare them with the default.
func extraKernels() []kernels {
	if hasAVX512() {
		return []kernels{avx2Kernels}
	}
	return nil
}

// gemmRowsAsm is gemmRowsGo with six rows at a time in assembly and the
// remaining rows one at a time. It checks every bound the Go kernel would,
// so that a bad call panics instead of touching memory it should not.
func gemmRowsAsm(a []float32, m, k int, b [][]float32, n int, bias []float32, c [][]float32) {
	gemmRowsAsmWith(a, m, k, b, n, bias, c, false)
}

// gemmRowsAsm512 is gemmRowsAsm with the six-row products on 512-bit
// registers, 32 columns at a time, and the last 16 columns, if any, on
// 256-bit ones.
func gemmRowsAsm512(a []float32, m, k int, b [][]float32, n int, bias []float32, c [][]float32) {
	gemmRowsAsmWith(a, m, k, b, n, bias, c, true)
}

func gemmRowsAsmWith(a []float32, m, k int, b [][]float32, n int, bias []float32, c [][]float32, wide bool) {
	if n%16 != 0 || n == 0 || k == 0 || m == 0 {
		gemmRowsGo(a, m, k, b, n, bias, c)
		return
	}
	_ = a[m*k-1]
	_ = c[m-1]
	for kk := range b[:k] {
		_ = b[kk][n-1]
	}
	n32 := 0
	if wide {
		n32 = n &^ 31
	}
	var bias6 [6]float32
	o := 0
	for ; o+6 <= m; o += 6 {
		for r := range 6 {
			_ = c[o+r][n-1]
		}
		if bias != nil {
			copy(bias6[:], bias[o:o+6])
		}
		if n32 > 0 {
			gemm6x32AVX512(&a[o*k], k, &b[0], n32, &bias6[0], &c[o])
		}
		if n32 < n {
			gemm6x16AVX2(&a[o*k], k, &b[0], n, &bias6[0], &c[o], n32)
		}
	}
	for ; o < m; o++ {
		_ = c[o][n-1]
		var b0 float32
		if bias != nil {
			b0 = bias[o]
		}
		gemm1x16AVX2(&a[o*k], k, &b[0], n, b0, &c[o][0])
	}
}

// gemmNTAsm is gemmNTGo (training's weight gradient) with two rows of a by
// four rows of b at a time in assembly, eight lanes each. Its sums run in
// another order than the Go kernel's, so they differ in the last bits;
// training does not need them exact.
func gemmNTAsm(a [][]float32, m int, b [][]float32, k, n int, c []float32) {
	if n%8 != 0 || n == 0 || m < 2 || k < 4 {
		gemmNTGo(a, m, b, k, n, c)
		return
	}
	_ = c[m*k-1]
	for o := range a[:m] {
		_ = a[o][n-1]
	}
	for kk := range b[:k] {
		_ = b[kk][n-1]
	}
	var lanes [64]float32
	o := 0
	for ; o+2 <= m; o += 2 {
		c0, c1 := c[o*k:(o+1)*k], c[(o+1)*k:(o+2)*k]
		kk := 0
		for ; kk+4 <= k; kk += 4 {
			dot2x4AVX2(&a[o][0], &a[o+1][0], &b[kk], n, &lanes)
			for i := range 4 {
				c0[kk+i] += sum8(lanes[8*i : 8*i+8])
				c1[kk+i] += sum8(lanes[32+8*i : 32+8*i+8])
			}
		}
		for ; kk < k; kk++ { // at most three rows of b left
			bk := b[kk][:n]
			var s0, s1 float32
			for j, y := range bk {
				s0 += a[o][j] * y
				s1 += a[o+1][j] * y
			}
			c0[kk] += s0
			c1[kk] += s1
		}
	}
	if o < m {
		gemmNTGo(a[o:m], m-o, b, k, n, c[o*k:])
	}
}

func sum8(x []float32) float32 {
	x = x[:8]
	return ((x[0] + x[1]) + (x[2] + x[3])) + ((x[4] + x[5]) + (x[6] + x[7]))
}

// reluMaskAsm is reluMaskGo eight lanes at a time in assembly, with the
// bounds the Go kernel would check; lengths that are not a multiple of
// eight go to the Go kernel.
func reluMaskAsm(x, r, mask []float32) {
	n := len(x)
	if n == 0 || n%8 != 0 {
		reluMaskGo(x, r, mask)
		return
	}
	_ = mask[n-1]
	var rp *float32
	if r != nil {
		_ = r[n-1]
		rp = &r[0]
	}
	reluMask8AVX2(&x[0], rp, &mask[0], n)
}
