//go:build !goexperiment.simd || !amd64

package nn

// simdKernels reports that this build has no SIMD kernels: build with
// GOEXPERIMENT=simd on amd64 for the AVX2 ones.
func simdKernels() (kernels, bool) { return goKernels, false }
