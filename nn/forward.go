package nn

import "fmt"

// Workspace holds the scratch buffers of forward and backward passes, one
// set per board size. It is not safe for concurrent use: give each goroutine
// its own. The zero value is not ready; use NewWorkspace.
type Workspace struct {
	kern  kernels
	kern8 kernels8 // the 8-bit kernels, for Evaluators with Int8
	bufs  map[[2]int]*buffers
}

// NewWorkspace returns an empty workspace that runs on the fastest kernels
// of this build and processor (AVX2 assembly on amd64, archsimd under
// GOEXPERIMENT=simd, else plain Go).
func NewWorkspace() *Workspace {
	return &Workspace{kern: defaultKernels(), kern8: default8Kernels(), bufs: map[[2]int]*buffers{}}
}

// newWorkspaceWith is NewWorkspace on chosen kernels, for tests and
// benchmarks that compare them.
func newWorkspaceWith(k kernels) *Workspace {
	return &Workspace{kern: k, kern8: go8Kernels, bufs: map[[2]int]*buffers{}}
}

// KernelName says which matrix kernels the workspace runs on ("go" or
// "avx2"), for logs and benchmark reports.
func (ws *Workspace) KernelName() string { return ws.kern.name }

// buffers are the planes of one board size. Everything outside the span of
// each plane stays zero for the buffer's whole life, which the shifted reads
// of the convolutions rely on.
type buffers struct {
	g      *geom
	net    *Net
	offs   [4][]int    // tap offsets by kernel size (1 and 3 used)
	in     []float32   // input planes
	act    [][]float32 // stem output, then each block's hidden and output planes
	logits []float32   // the head's one plane
	rowsB  [][]float32 // row slices handed to the kernels
	rowsC  [][]float32
	// 8-bit inference only (quant.go), allocated on first use.
	q8     []uint32
	rows8  [][]uint32
	scale8 []float32
	// Training only, allocated on first use.
	dA, dH, dTmp []float32
	wT           []float32
	dLogits      []float32
	// The value head's gradient for the next backward pass (valuehead.go):
	// with valueGrad set, dStats and argmax are the trunk statistics'
	// gradient and their maxima's cells.
	valueGrad bool
	stats     []float32
	dStats    []float32
	argmax    []int
}

// buffersFor returns the buffers for net n on a w x h board.
func (ws *Workspace) buffersFor(n *Net, w, h int) *buffers {
	key := [2]int{w, h}
	if b := ws.bufs[key]; b != nil && b.net.arch == n.arch {
		b.net = n
		return b
	}
	g := newGeom(w, h)
	a := n.arch
	b := &buffers{g: g, net: n}
	b.offs[1] = g.tapOffsets(1)
	b.offs[3] = g.tapOffsets(3)
	b.in = make([]float32, a.Planes*g.stride)
	b.act = make([][]float32, 1+2*a.Blocks)
	for i := range b.act {
		b.act[i] = make([]float32, a.Channels*g.stride)
	}
	b.logits = make([]float32, g.stride)
	maxK := max(a.Planes, a.Channels) * 9
	b.rowsB = make([][]float32, maxK)
	b.rowsC = make([][]float32, max(a.Planes, a.Channels))
	ws.bufs[key] = b
	return b
}

// setInput copies planes in the caller's layout (plane after plane, cell
// (x, y) at y*w+x) into the padded input planes.
func (b *buffers) setInput(planes []float32) {
	g := b.g
	for p := 0; p < b.net.arch.Planes; p++ {
		src := planes[p*g.w*g.h : (p+1)*g.w*g.h]
		dst := b.in[p*g.stride : (p+1)*g.stride]
		for y := 0; y < g.h; y++ {
			copy(dst[g.cell(0, y):g.cell(g.w, y)], src[y*g.w:(y+1)*g.w])
		}
	}
}

// conv runs layer l from in to out over the span of every output plane.
func (b *buffers) conv(k kernels, l *layer, in, out []float32) {
	rows := tapRows(b.g, b.rowsB, in, l.cin, b.offs[l.k])
	cs := spanRows(b.g, b.rowsC, out, l.cout)
	k.rows(l.w, l.cout, len(rows), rows, b.g.span, l.b, cs)
}

// reluMask applies ReLU and zeroes the off-board positions of every plane
// of x over the span; with res it adds res first (the residual sum).
func (b *buffers) reluMask(k kernels, x, res []float32, planes int) {
	g := b.g
	mask := g.mask[g.start : g.start+g.span]
	for c := 0; c < planes; c++ {
		s := c*g.stride + g.start
		var rs []float32
		if res != nil {
			rs = res[s : s+g.span]
		}
		k.relu(x[s:s+g.span], rs, mask)
	}
}

// forward runs the network on b.in and leaves the logits in b.logits and
// every activation in b.act for a backward pass. With q the residual
// blocks run in 8 bits on k8 (inference only).
func (b *buffers) forward(k kernels, q *qnet, k8 kernels8) {
	n := b.net
	ls := n.layers
	b.conv(k, &ls[0], b.in, b.act[0])
	b.reluMask(k, b.act[0], nil, n.arch.Channels)
	x := b.act[0]
	for i := 0; i < n.arch.Blocks; i++ {
		h, y := b.act[1+2*i], b.act[2+2*i]
		b.blockConv(k, q, k8, 2*i, x, h)
		b.reluMask(k, h, nil, n.arch.Channels)
		b.blockConv(k, q, k8, 2*i+1, h, y)
		b.reluMask(k, y, x, n.arch.Channels)
		x = y
	}
	b.conv(k, &ls[len(ls)-1], x, b.logits)
}

// blockConv runs the j-th convolution of the residual blocks (layer 1+j)
// from in to out: in 8 bits on k8 when q is the network's quantized form,
// else in floats on k.
func (b *buffers) blockConv(k kernels, q *qnet, k8 kernels8, j int, in, out []float32) {
	if q != nil {
		b.conv8(k8, &q.layers[j], in, out)
		return
	}
	b.conv(k, &b.net.layers[1+j], in, out)
}

// lastAct is the input of the head.
func (b *buffers) lastAct() []float32 { return b.act[len(b.act)-1] }

// Forward runs n on one position: planes holds n.Arch().Planes input planes
// of a w x h board in the caller's layout (plane after plane, cell (x, y) at
// y*w+x), and the raw logits go to logits[y*w+x]. Masking illegal cells and
// the softmax are the Evaluator's.
func (n *Net) Forward(ws *Workspace, planes []float32, w, h int, logits []float32) error {
	return n.forwardWith(ws, nil, planes, w, h, logits)
}

// forwardWith is Forward with the residual blocks in 8 bits when q is
// n's quantized form (quantize).
func (n *Net) forwardWith(ws *Workspace, q *qnet, planes []float32, w, h int, logits []float32) error {
	if w < 1 || h < 1 || w > 64 || h > 64 {
		return fmt.Errorf("nn: board %dx%d", w, h)
	}
	if len(planes) < n.arch.Planes*w*h || len(logits) < w*h {
		return fmt.Errorf("nn: buffers too short for %d planes of %dx%d", n.arch.Planes, w, h)
	}
	b := ws.buffersFor(n, w, h)
	b.setInput(planes)
	b.forward(ws.kern, q, ws.kern8)
	b.readLogits(logits)
	return nil
}

// readLogits copies the head's plane into the caller's layout.
func (b *buffers) readLogits(dst []float32) {
	g := b.g
	for y := 0; y < g.h; y++ {
		copy(dst[y*g.w:(y+1)*g.w], b.logits[g.cell(0, y):g.cell(g.w, y)])
	}
}
