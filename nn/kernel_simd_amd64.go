//go:build goexperiment.simd

package nn

import "simd/archsimd"

// AVX2 versions of the kernels of kernel_go.go, built with GOEXPERIMENT=simd
// (the default amd64 build has the faster assembly of kernel_asm_amd64.s).
// The inference kernel rounds each product before adding it, as the plain
// Go kernel does, so its results are the Go kernel's bit for bit; training's
// gemmNT uses fused multiply-adds and sums in another order, so its results
// differ in the last bits, which training does not mind.

// simdKernels are the AVX2 kernels where the processor has AVX2 and FMA,
// else the plain Go ones.
func simdKernels() (kernels, bool) {
	if archsimd.X86.AVX2() && archsimd.X86.FMA() {
		return kernels{rows: gemmRowsAVX2, nt: gemmNTAVX2, relu: reluMaskAVX2, name: "avx2"}, true
	}
	return goKernels, false
}

// gemmRowsAVX2 is gemmRowsGo on 4 rows by 16 columns at a time: eight
// accumulator registers, two loads of b and four broadcasts of a per step.
// n must be a multiple of 16.
func gemmRowsAVX2(a []float32, m, k int, b [][]float32, n int, bias []float32, c [][]float32) {
	o := 0
	for ; o+4 <= m; o += 4 {
		a0, a1, a2, a3 := a[o*k:(o+1)*k], a[(o+1)*k:(o+2)*k], a[(o+2)*k:(o+3)*k], a[(o+3)*k:(o+4)*k]
		var z0, z1, z2, z3 archsimd.Float32x8
		if bias != nil {
			z0 = archsimd.BroadcastFloat32x8(bias[o])
			z1 = archsimd.BroadcastFloat32x8(bias[o+1])
			z2 = archsimd.BroadcastFloat32x8(bias[o+2])
			z3 = archsimd.BroadcastFloat32x8(bias[o+3])
		}
		for j := 0; j+16 <= n; j += 16 {
			s00, s01, s10, s11 := z0, z0, z1, z1
			s20, s21, s30, s31 := z2, z2, z3, z3
			for kk := 0; kk < k; kk++ {
				bk := b[kk][j : j+16 : j+16]
				x0 := archsimd.LoadFloat32x8Slice(bk[:8])
				x1 := archsimd.LoadFloat32x8Slice(bk[8:])
				w := archsimd.BroadcastFloat32x8(a0[kk])
				s00 = s00.Add(w.Mul(x0))
				s01 = s01.Add(w.Mul(x1))
				w = archsimd.BroadcastFloat32x8(a1[kk])
				s10 = s10.Add(w.Mul(x0))
				s11 = s11.Add(w.Mul(x1))
				w = archsimd.BroadcastFloat32x8(a2[kk])
				s20 = s20.Add(w.Mul(x0))
				s21 = s21.Add(w.Mul(x1))
				w = archsimd.BroadcastFloat32x8(a3[kk])
				s30 = s30.Add(w.Mul(x0))
				s31 = s31.Add(w.Mul(x1))
			}
			s00.StoreSlice(c[o][j : j+8])
			s01.StoreSlice(c[o][j+8 : j+16])
			s10.StoreSlice(c[o+1][j : j+8])
			s11.StoreSlice(c[o+1][j+8 : j+16])
			s20.StoreSlice(c[o+2][j : j+8])
			s21.StoreSlice(c[o+2][j+8 : j+16])
			s30.StoreSlice(c[o+3][j : j+8])
			s31.StoreSlice(c[o+3][j+8 : j+16])
		}
	}
	for ; o < m; o++ {
		a0 := a[o*k : (o+1)*k]
		var z archsimd.Float32x8
		if bias != nil {
			z = archsimd.BroadcastFloat32x8(bias[o])
		}
		for j := 0; j+16 <= n; j += 16 {
			s0, s1 := z, z
			for kk := 0; kk < k; kk++ {
				bk := b[kk][j : j+16 : j+16]
				w := archsimd.BroadcastFloat32x8(a0[kk])
				s0 = s0.Add(w.Mul(archsimd.LoadFloat32x8Slice(bk[:8])))
				s1 = s1.Add(w.Mul(archsimd.LoadFloat32x8Slice(bk[8:])))
			}
			s0.StoreSlice(c[o][j : j+8])
			s1.StoreSlice(c[o][j+8 : j+16])
		}
	}
}

// gemmNTAVX2 is gemmNTGo with 2 rows of a by 4 rows of b per pass: eight
// vector accumulators, reduced to scalars once per pair. n must be a
// multiple of 8.
func gemmNTAVX2(a [][]float32, m int, b [][]float32, k, n int, c []float32) {
	o := 0
	for ; o+2 <= m; o += 2 {
		x0s, x1s := a[o][:n], a[o+1][:n]
		c0, c1 := c[o*k:(o+1)*k], c[(o+1)*k:(o+2)*k]
		kk := 0
		for ; kk+4 <= k; kk += 4 {
			y0s, y1s, y2s, y3s := b[kk][:n], b[kk+1][:n], b[kk+2][:n], b[kk+3][:n]
			var s00, s01, s02, s03, s10, s11, s12, s13 archsimd.Float32x8
			for j := 0; j+8 <= n; j += 8 {
				x0 := archsimd.LoadFloat32x8Slice(x0s[j : j+8])
				x1 := archsimd.LoadFloat32x8Slice(x1s[j : j+8])
				y := archsimd.LoadFloat32x8Slice(y0s[j : j+8])
				s00 = x0.MulAdd(y, s00)
				s10 = x1.MulAdd(y, s10)
				y = archsimd.LoadFloat32x8Slice(y1s[j : j+8])
				s01 = x0.MulAdd(y, s01)
				s11 = x1.MulAdd(y, s11)
				y = archsimd.LoadFloat32x8Slice(y2s[j : j+8])
				s02 = x0.MulAdd(y, s02)
				s12 = x1.MulAdd(y, s12)
				y = archsimd.LoadFloat32x8Slice(y3s[j : j+8])
				s03 = x0.MulAdd(y, s03)
				s13 = x1.MulAdd(y, s13)
			}
			add4(c0[kk:kk+4], s00, s01, s02, s03)
			add4(c1[kk:kk+4], s10, s11, s12, s13)
		}
		for ; kk < k; kk++ {
			ys := b[kk][:n]
			var s0, s1 archsimd.Float32x8
			for j := 0; j+8 <= n; j += 8 {
				y := archsimd.LoadFloat32x8Slice(ys[j : j+8])
				s0 = archsimd.LoadFloat32x8Slice(x0s[j:j+8]).MulAdd(y, s0)
				s1 = archsimd.LoadFloat32x8Slice(x1s[j:j+8]).MulAdd(y, s1)
			}
			c0[kk] += hsum(s0)
			c1[kk] += hsum(s1)
		}
	}
	for ; o < m; o++ {
		xs := a[o][:n]
		co := c[o*k : (o+1)*k]
		for kk := 0; kk < k; kk++ {
			ys := b[kk][:n]
			var s archsimd.Float32x8
			for j := 0; j+8 <= n; j += 8 {
				s = archsimd.LoadFloat32x8Slice(xs[j:j+8]).MulAdd(archsimd.LoadFloat32x8Slice(ys[j:j+8]), s)
			}
			co[kk] += hsum(s)
		}
	}
}

// add4 adds the lane sums of s0..s3 to dst[0..3]. The reduction stays in
// vector registers: storing a vector and reading its lanes back as scalars
// stalls store forwarding, which measured five times slower at n=256.
func add4(dst []float32, s0, s1, s2, s3 archsimd.Float32x8) {
	h := s0.AddPairsGrouped(s1).AddPairsGrouped(s2.AddPairsGrouped(s3))
	r := h.GetLo().Add(h.GetHi())
	r.Add(archsimd.LoadFloat32x4Slice(dst)).StoreSlice(dst)
}

// hsum adds the eight lanes of v, in vector registers like add4.
func hsum(v archsimd.Float32x8) float32 {
	r := v.GetLo().Add(v.GetHi())
	r = r.AddPairs(r)
	return r.AddPairs(r).GetElem(0)
}

// reluMaskAVX2 is reluMaskGo eight lanes at a time, the lanes past the
// last multiple of 8 by reluMaskGo itself.
func reluMaskAVX2(x, r, mask []float32) {
	var zero archsimd.Float32x8
	j := 0
	for ; j+8 <= len(x); j += 8 {
		v := archsimd.LoadFloat32x8Slice(x[j : j+8])
		if r != nil {
			v = v.Add(archsimd.LoadFloat32x8Slice(r[j : j+8]))
		}
		// zero.Max(v), not v.Max(zero): the maximum instruction returns its
		// second operand when the two compare equal or one is NaN, and
		// reluMaskGo keeps v there (-0 stays -0, NaN stays NaN).
		zero.Max(v).Mul(archsimd.LoadFloat32x8Slice(mask[j : j+8])).StoreSlice(x[j : j+8])
	}
	if j < len(x) {
		var rt []float32
		if r != nil {
			rt = r[j:]
		}
		reluMaskGo(x[j:], rt, mask[j:])
	}
}

// extraKernels are the slower kernel sets this build can also run: none
// beside the plain Go ones.
func extraKernels() []kernels { return nil }
