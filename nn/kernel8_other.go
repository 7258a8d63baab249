//go:build !amd64 || purego

package nn

// default8Kernels are the plain Go 8-bit kernels: this build has no
// assembly for them.
func default8Kernels() kernels8 { return go8Kernels }

// extra8Kernels are the slower 8-bit kernel sets this build can also run:
// none.
func extra8Kernels() []kernels8 { return nil }
