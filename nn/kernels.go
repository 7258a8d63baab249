package nn

// kernels is a set of the two matrix kernels the layers run on. A Workspace
// carries one, so tests and benchmarks can run the same network on the plain
// Go kernels and on the SIMD ones side by side.
type kernels struct {
	// rows is gemmRows: c[o][j] = bias[o] + sum_kk a[o*k+kk] * b[kk][j].
	rows func(a []float32, m, k int, b [][]float32, n int, bias []float32, c [][]float32)
	// nt is gemmNT: c[o*k+kk] += sum_j a[o][j] * b[kk][j].
	nt func(a [][]float32, m int, b [][]float32, k, n int, c []float32)
	// relu sets x[j] = max(x[j] + r[j], 0) * mask[j]; r may be nil.
	relu func(x, r, mask []float32)
	name string
}

// goKernels are the plain Go kernels, available in every build.
var goKernels = kernels{rows: gemmRowsGo, nt: gemmNTGo, relu: reluMaskGo, name: "go"}

// defaultKernels are the fastest kernels this build and processor offer.
func defaultKernels() kernels {
	k, _ := simdKernels()
	return k
}

// Accelerated reports whether the network runs on SIMD kernels in this build
// on this processor (about ten times faster than the plain Go ones), for
// callers that weigh its cost.
func Accelerated() bool {
	_, ok := simdKernels()
	return ok
}

// KernelName names the kernels a new Workspace runs on in this build and on
// this processor: "avx512asm", "avx2asm", "avx2" (GOEXPERIMENT=simd) or
// "go". Timings of the network, and of the search that asks it, depend on
// it; `pbrain-kakugo version` prints it.
func KernelName() string { return defaultKernels().name }

// Kernel8Name names the 8-bit kernels an Evaluator with Int8 runs its
// residual blocks on: "vnniasm" (AVX-512 VNNI), "avx2asm" or "go". Their
// results are the same on every machine; their speed is not.
func Kernel8Name() string { return default8Kernels().name }
