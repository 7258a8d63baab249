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
