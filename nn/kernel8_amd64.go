//go:build amd64 && !purego

package nn

// Assembly for the 8-bit kernels (kernel8_amd64.s): the products on
// AVX-512 VNNI where the processor has it (VPDPBUSD, four byte products
// summed into each 32-bit lane), else on AVX2 (VPMADDUBSW then VPMADDWD,
// the same sums in two steps). Both are exact, as the Go kernel is.

//go:noescape
func gemm8x16VNNI(w *uint32, ks int, b *[]uint32, n int, scale, bias *float32, c *[]float32)

//go:noescape
func gemm8x8AVX2(w *uint32, ks int, b *[]uint32, n int, scale, bias *float32, c *[]float32)

//go:noescape
func pack8AVX2(x *float32, groups, stride int, inv float32, q *uint32)

//go:noescape
func max8AVX2(x *float32, n int) float32

// hasVNNI reports whether the processor has AVX-512 VNNI (with AVX-512F,
// BW and VL, and the operating system's support for the 512-bit
// registers).
func hasVNNI() bool { return cpuFeatures.vnni }

var (
	vnni8Kernels = kernels8{gemm: gemm8VNNI, pack: pack8Asm, max: max8Asm, name: "vnniasm"}
	avx28Kernels = kernels8{gemm: gemm8AVX2, pack: pack8Asm, max: max8Asm, name: "avx2asm"}
)

// default8Kernels are the fastest 8-bit kernels of this processor.
func default8Kernels() kernels8 {
	switch {
	case hasVNNI():
		return vnni8Kernels
	case hasAVX2():
		return avx28Kernels
	}
	return go8Kernels
}

// extra8Kernels are the slower 8-bit kernel sets this processor can also
// run, for tests and benchmarks that compare them with the default.
func extra8Kernels() []kernels8 {
	if hasVNNI() {
		return []kernels8{avx28Kernels}
	}
	return nil
}

// gemm8Check panics, as the Go kernel would, when a slice is shorter than
// the product needs, so that the assembly never reads or writes past one.
func gemm8Check(w []uint32, m, ks int, b [][]uint32, n int, scale, bias []float32, c [][]float32) {
	_ = w[m*ks-1]
	_, _, _ = scale[m-1], bias[m-1], c[m-1]
	for _, r := range b[:ks] {
		_ = r[n-1]
	}
	for _, r := range c[:m] {
		_ = r[n-1]
	}
}

// gemm8With runs rows in eights on the assembly kernel (columns in steps
// of step) and the remaining rows on the Go one.
func gemm8With(w []uint32, m, ks int, b [][]uint32, n int, scale, bias []float32, c [][]float32, step int,
	kern func(w *uint32, ks int, b *[]uint32, n int, scale, bias *float32, c *[]float32)) {
	if m == 0 || n == 0 || ks == 0 || n%step != 0 {
		gemm8Go(w, m, ks, b, n, scale, bias, c)
		return
	}
	gemm8Check(w, m, ks, b, n, scale, bias, c)
	o := 0
	for ; o+8 <= m; o += 8 {
		kern(&w[o*ks], ks, &b[0], n, &scale[o], &bias[o], &c[o])
	}
	if o < m {
		gemm8Go(w[o*ks:], m-o, ks, b, n, scale[o:], bias[o:], c[o:])
	}
}

func gemm8VNNI(w []uint32, m, ks int, b [][]uint32, n int, scale, bias []float32, c [][]float32) {
	gemm8With(w, m, ks, b, n, scale, bias, c, 16, gemm8x16VNNI)
}

func gemm8AVX2(w []uint32, m, ks int, b [][]uint32, n int, scale, bias []float32, c [][]float32) {
	gemm8With(w, m, ks, b, n, scale, bias, c, 8, gemm8x8AVX2)
}

func pack8Asm(x []float32, groups, stride int, inv float32, q []uint32) {
	if groups == 0 || stride == 0 || stride%8 != 0 {
		pack8Go(x, groups, stride, inv, q)
		return
	}
	_, _ = x[4*groups*stride-1], q[groups*stride-1]
	pack8AVX2(&x[0], groups, stride, inv, &q[0])
}

func max8Asm(x []float32) float32 {
	n := len(x) &^ 7
	var m float32
	if n > 0 {
		m = max8AVX2(&x[0], n)
	}
	return max(m, maxGo(x[n:]))
}
