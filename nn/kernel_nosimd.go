//go:build !amd64 || (purego && !goexperiment.simd)

package nn

// simdKernels reports that this build has no SIMD kernels: other
// processors than amd64, and -tags purego, run the plain Go ones.
func simdKernels() (kernels, bool) { return goKernels, false }

// extraKernels are the slower kernel sets this build can also run: none.
func extraKernels() []kernels { return nil }
