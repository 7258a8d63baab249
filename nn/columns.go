package nn

// AddColumns16 adds to a, for each index k in hits in order, the 16 floats
// cols[16k:16k+16]: a sparse input's columns summed into 16 hidden units,
// as the learned leaf value does for its line-pattern codes. Each unit's
// sum is the same, bit for bit, on every path (the vector kernel adds lane
// by lane in the same order, without fused multiply-adds). It panics, as
// indexing would, when a hit's column lies past the end of cols.
func AddColumns16(a *[16]float32, cols []float32, hits []uint16) {
	if len(hits) == 0 {
		return
	}
	top := uint16(0)
	for _, k := range hits {
		top = max(top, k)
	}
	_ = cols[int(top)*16+15]
	addColumns16(a, cols, hits)
}

// addColumns16Go is AddColumns16's plain Go kernel, with the bounds known.
func addColumns16Go(a *[16]float32, cols []float32, hits []uint16) {
	for _, k := range hits {
		c := (*[16]float32)(cols[int(k)*16:])
		a[0] += c[0]
		a[1] += c[1]
		a[2] += c[2]
		a[3] += c[3]
		a[4] += c[4]
		a[5] += c[5]
		a[6] += c[6]
		a[7] += c[7]
		a[8] += c[8]
		a[9] += c[9]
		a[10] += c[10]
		a[11] += c[11]
		a[12] += c[12]
		a[13] += c[13]
		a[14] += c[14]
		a[15] += c[15]
	}
}

// AddScaledColumns16 adds to a, for each nonzero x[i], the 16 floats
// cols[16i:16i+16] times x[i], each product rounded before it is added: a
// dense input's weighted columns summed into 16 hidden units, bit for bit
// the same on every path. It panics when cols is shorter than 16·len(x).
func AddScaledColumns16(a *[16]float32, cols []float32, x []float32) {
	if len(x) == 0 {
		return
	}
	_ = cols[len(x)*16-1]
	addScaledColumns16(a, cols, x)
}

// addScaledColumns16Go is AddScaledColumns16's plain Go kernel.
func addScaledColumns16Go(a *[16]float32, cols []float32, x []float32) {
	for i, v := range x {
		if v == 0 {
			continue
		}
		c := (*[16]float32)(cols[i*16:])
		for j := range a {
			a[j] += float32(c[j] * v)
		}
	}
}
