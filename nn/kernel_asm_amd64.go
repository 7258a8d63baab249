//go:build amd64 && !goexperiment.simd && !purego

package nn

// AVX2 assembly for the inference kernel (kernel_asm_amd64.s), in every
// default amd64 build: GOEXPERIMENT=simd is not needed for a fast brain.
// Build with -tags purego for the plain Go kernels only.
//
// Unlike the archsimd kernels it does not fuse the multiply and the add, so
// its results are exactly the plain Go kernel's: the network gives the same
// move on every machine. On processors with separate add and multiply
// pipes that costs no speed (see BenchmarkGemmRows).

func cpuid(leaf, sub uint32) (eax, ebx, ecx, edx uint32)

func xgetbv0() (eax uint32)

//go:noescape
func gemm6x16AVX2(a *float32, k int, b *[]float32, n int, bias *float32, c *[]float32)

// hasAVX2 reports whether the processor has AVX2 and the operating system
// saves the YMM registers across context switches.
func hasAVX2() bool {
	maxLeaf, _, _, _ := cpuid(0, 0)
	if maxLeaf < 7 {
		return false
	}
	_, _, ecx1, _ := cpuid(1, 0)
	const osxsave, avx = 1 << 27, 1 << 28
	if ecx1&osxsave == 0 || ecx1&avx == 0 {
		return false
	}
	if xgetbv0()&6 != 6 { // XMM and YMM state enabled by the OS
		return false
	}
	_, ebx7, _, _ := cpuid(7, 0)
	return ebx7&(1<<5) != 0
}

// simdKernels are the assembly kernels where the processor has AVX2, else
// the plain Go ones. Only the inference product is in assembly; training's
// gemmNT and the activation stay in Go.
func simdKernels() (kernels, bool) {
	if hasAVX2() {
		return kernels{rows: gemmRowsAsm, nt: gemmNTGo, relu: reluMaskGo, name: "avx2asm"}, true
	}
	return goKernels, false
}

// gemmRowsAsm is gemmRowsGo with six rows at a time in assembly and the
// remaining rows in Go. It checks every bound the Go kernel would, so that
// a bad call panics instead of touching memory it should not.
func gemmRowsAsm(a []float32, m, k int, b [][]float32, n int, bias []float32, c [][]float32) {
	if n%16 != 0 || k == 0 || m < 6 {
		gemmRowsGo(a, m, k, b, n, bias, c)
		return
	}
	_ = a[m*k-1]
	_ = c[m-1]
	for kk := range b[:k] {
		_ = b[kk][n-1]
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
		gemm6x16AVX2(&a[o*k], k, &b[0], n, &bias6[0], &c[o])
	}
	if o < m {
		var bs []float32
		if bias != nil {
			bs = bias[o:m]
		}
		gemmRowsGo(a[o*k:], m-o, k, b, n, bs, c[o:m])
	}
}
