package nn

// Backpropagation through the network, written by hand. The gradient of a
// convolution's input is itself a convolution: with transposed channels and
// the taps flipped (the 3x3 offsets are symmetric, so tap t of the flipped
// kernel reads the offset of tap t), it runs on the same kernels as the
// forward pass. The weight gradient is a product of the output gradient
// planes with the shifted input planes, summed over the span (gemmNT). Every
// gradient plane is zero off the board, so border garbage never leaks in.

// ensureGrad allocates the training buffers on first use.
func (b *buffers) ensureGrad() {
	if b.dA != nil {
		return
	}
	a, s := b.net.arch, b.g.stride
	b.dA = make([]float32, a.Channels*s)
	b.dH = make([]float32, a.Channels*s)
	b.dTmp = make([]float32, a.Channels*s)
	b.dLogits = make([]float32, s)
	b.wT = make([]float32, a.Channels*max(a.Channels, a.Planes)*9)
}

// convGradW adds to grad the weight and bias gradients of layer l, given the
// gradient dOut of its output and the input in that the forward pass read.
func (b *buffers) convGradW(k kernels, l *layer, in, dOut, grad []float32) {
	rows := tapRows(b.g, b.rowsB, in, l.cin, b.offs[l.k])
	ds := spanRows(b.g, b.rowsC, dOut, l.cout)
	gb := grad[l.bOff : l.bOff+l.cout]
	for o, d := range ds {
		var sum float32
		for _, v := range d {
			sum += v
		}
		gb[o] += sum
	}
	k.nt(ds, l.cout, rows, len(rows), b.g.span, grad[l.wOff:l.bOff])
}

// convGradIn sets dIn to the gradient of layer l's input given dOut, over
// the span of each input plane.
func (b *buffers) convGradIn(k kernels, l *layer, dOut, dIn []float32) {
	g := b.g
	offs := b.offs[l.k]
	taps := len(offs)
	// wT[i][o*taps+t] = w[o][i][taps-1-t]
	wT := b.wT[:l.cin*l.cout*taps]
	for o := 0; o < l.cout; o++ {
		for i := 0; i < l.cin; i++ {
			src := l.w[(o*l.cin+i)*taps : (o*l.cin+i+1)*taps]
			dst := wT[i*l.cout*taps+o*taps : i*l.cout*taps+(o+1)*taps]
			for t := range dst {
				dst[t] = src[taps-1-t]
			}
		}
	}
	rows := tapRows(g, b.rowsB, dOut, l.cout, offs)
	cs := spanRows(g, b.rowsC, dIn, l.cin)
	k.rows(wT, l.cin, len(rows), rows, g.span, nil, cs)
}

// reluGrad multiplies the gradient d by the derivative of the ReLU whose
// output was y (1 where y > 0), over the span of every plane. It also zeroes
// d off the board, since y is zero there.
func (b *buffers) reluGrad(d, y []float32, planes int) {
	g := b.g
	for c := 0; c < planes; c++ {
		s := c*g.stride + g.start
		ds, ys := d[s:s+g.span], y[s:s+g.span]
		for j, v := range ys {
			if v <= 0 {
				ds[j] = 0
			}
		}
	}
}

// backward adds to grad (laid out like the network's parameters) the
// gradient of the loss whose gradient with respect to the logits is in
// b.dLogits (zero off the board). The forward pass must have just run.
func (b *buffers) backward(k kernels, grad []float32) {
	n := b.net
	ls := n.layers
	C := n.arch.Channels
	head := &ls[len(ls)-1]
	x := b.lastAct()
	b.convGradW(k, head, x, b.dLogits, grad)
	dY := b.dA
	b.convGradIn(k, head, b.dLogits, dY)
	if b.valueGrad {
		b.addValueGrad(dY, b.dStats, b.argmax)
	}
	for i := n.arch.Blocks - 1; i >= 0; i-- {
		y, h := b.act[2+2*i], b.act[1+2*i]
		xin := b.act[2*i]
		// y = relu(xin + conv2(relu(conv1(xin))))
		b.reluGrad(dY, y, C) // dY is now dz, the gradient of the sum
		c1, c2 := &ls[1+2*i], &ls[2+2*i]
		b.convGradW(k, c2, h, dY, grad)
		b.convGradIn(k, c2, dY, b.dH)
		b.reluGrad(b.dH, h, C)
		b.convGradW(k, c1, xin, b.dH, grad)
		b.convGradIn(k, c1, b.dH, b.dTmp)
		// The block input's gradient: the skip path plus the conv path.
		g := b.g
		for c := 0; c < C; c++ {
			s := c*g.stride + g.start
			ds, ts := dY[s:s+g.span], b.dTmp[s:s+g.span]
			for j := range ds {
				ds[j] += ts[j]
			}
		}
	}
	b.reluGrad(dY, b.act[0], C)
	b.convGradW(k, &ls[0], b.in, dY, grad)
}
