package nn

// The two matrix kernels every layer runs on, in plain Go. A convolution
// in the padded plane layout (see geom.go) is a product whose B rows are the
// input planes shifted by each tap's offset, so no im2col copy is needed;
// kernel_asm_amd64.s (the default on amd64) and kernel_simd_amd64.go
// (GOEXPERIMENT=simd) have AVX2 versions of the same two functions.

// gemmRowsGo sets c[o][j] = bias[o] + sum_kk a[o*k+kk] * b[kk][j] for o < m,
// j < n. bias may be nil. n must be a multiple of 4.
//
// The tile is 2 rows by 4 columns: eight accumulators plus the six values
// loaded per step fit the sixteen floating-point registers of amd64, which
// measured faster than both the axpy form and 4x4 tiles (see bench_test.go).
func gemmRowsGo(a []float32, m, k int, b [][]float32, n int, bias []float32, c [][]float32) {
	o := 0
	for ; o+2 <= m; o += 2 {
		a0, a1 := a[o*k:(o+1)*k], a[(o+1)*k:(o+2)*k]
		c0, c1 := c[o][:n], c[o+1][:n]
		var bias0, bias1 float32
		if bias != nil {
			bias0, bias1 = bias[o], bias[o+1]
		}
		for j := 0; j+4 <= n; j += 4 {
			s00, s01, s02, s03 := bias0, bias0, bias0, bias0
			s10, s11, s12, s13 := bias1, bias1, bias1, bias1
			for kk, w0 := range a0 {
				w1 := a1[kk]
				bk := b[kk][j : j+4 : j+4]
				x0, x1, x2, x3 := bk[0], bk[1], bk[2], bk[3]
				s00 += w0 * x0
				s01 += w0 * x1
				s02 += w0 * x2
				s03 += w0 * x3
				s10 += w1 * x0
				s11 += w1 * x1
				s12 += w1 * x2
				s13 += w1 * x3
			}
			c0[j], c0[j+1], c0[j+2], c0[j+3] = s00, s01, s02, s03
			c1[j], c1[j+1], c1[j+2], c1[j+3] = s10, s11, s12, s13
		}
	}
	for ; o < m; o++ {
		a0 := a[o*k : (o+1)*k]
		c0 := c[o][:n]
		var bias0 float32
		if bias != nil {
			bias0 = bias[o]
		}
		for j := 0; j+4 <= n; j += 4 {
			s0, s1, s2, s3 := bias0, bias0, bias0, bias0
			for kk, w0 := range a0 {
				bk := b[kk][j : j+4 : j+4]
				s0 += w0 * bk[0]
				s1 += w0 * bk[1]
				s2 += w0 * bk[2]
				s3 += w0 * bk[3]
			}
			c0[j], c0[j+1], c0[j+2], c0[j+3] = s0, s1, s2, s3
		}
	}
}

// gemmNTGo adds to c[o*k+kk] the dot product of a[o][:n] and b[kk][:n] for
// o < m, kk < k: the weight gradient of a convolution, with a the output
// gradients and b the shifted input planes. n must be a multiple of 4.
func gemmNTGo(a [][]float32, m int, b [][]float32, k, n int, c []float32) {
	for o := 0; o < m; o++ {
		ao := a[o][:n]
		co := c[o*k : (o+1)*k]
		kk := 0
		for ; kk+2 <= k; kk += 2 {
			b0, b1 := b[kk][:n], b[kk+1][:n]
			var s00, s01, s02, s03, s10, s11, s12, s13 float32
			for j := 0; j+4 <= len(ao); j += 4 {
				x := ao[j : j+4 : j+4]
				y0 := b0[j : j+4 : j+4]
				y1 := b1[j : j+4 : j+4]
				s00 += x[0] * y0[0]
				s01 += x[1] * y0[1]
				s02 += x[2] * y0[2]
				s03 += x[3] * y0[3]
				s10 += x[0] * y1[0]
				s11 += x[1] * y1[1]
				s12 += x[2] * y1[2]
				s13 += x[3] * y1[3]
			}
			co[kk] += (s00 + s01) + (s02 + s03)
			co[kk+1] += (s10 + s11) + (s12 + s13)
		}
		for ; kk < k; kk++ {
			bk := b[kk][:n]
			var s0, s1, s2, s3 float32
			for j := 0; j+4 <= len(ao); j += 4 {
				x := ao[j : j+4 : j+4]
				y := bk[j : j+4 : j+4]
				s0 += x[0] * y[0]
				s1 += x[1] * y[1]
				s2 += x[2] * y[2]
				s3 += x[3] * y[3]
			}
			co[kk] += (s0 + s1) + (s2 + s3)
		}
	}
}

// reluMaskGo sets x[j] = max(x[j] + r[j], 0) * mask[j] (r may be nil): the
// activation after a convolution, with the residual sum and the zeroing of
// off-board positions folded in.
func reluMaskGo(x, r, mask []float32) {
	mask = mask[:len(x)]
	if r != nil {
		r = r[:len(x)]
		for j := range x {
			x[j] += r[j]
		}
	}
	for j, v := range x {
		if v < 0 {
			v = 0
		}
		x[j] = v * mask[j]
	}
}
