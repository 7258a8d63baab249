//go:build amd64 && !purego

package nn

//go:noescape
func addColumns16AVX2(a *[16]float32, cols *float32, hits *uint16, n int)

// addColumns16 sums on AVX2 where the processor has it: two 8-lane adds a
// hit instead of sixteen scalar ones (the leaf value's largest part).
func addColumns16(a *[16]float32, cols []float32, hits []uint16) {
	if hasAVX2() {
		addColumns16AVX2(a, &cols[0], &hits[0], len(hits))
		return
	}
	addColumns16Go(a, cols, hits)
}

//go:noescape
func addScaledColumns16AVX2(a *[16]float32, cols *float32, x *float32, n int)

// addScaledColumns16 multiplies and adds on AVX2 where the processor has
// it (separate multiplies and adds: no fused rounding).
func addScaledColumns16(a *[16]float32, cols []float32, x []float32) {
	if hasAVX2() {
		addScaledColumns16AVX2(a, &cols[0], &x[0], len(x))
		return
	}
	addScaledColumns16Go(a, cols, x)
}
