//go:build !amd64 || purego

package nn

// addColumns16 is the plain Go kernel: this build has no assembly for it.
func addColumns16(a *[16]float32, cols []float32, hits []uint16) {
	addColumns16Go(a, cols, hits)
}

// addScaledColumns16 is the plain Go kernel: this build has no assembly
// for it.
func addScaledColumns16(a *[16]float32, cols []float32, x []float32) {
	addScaledColumns16Go(a, cols, x)
}
