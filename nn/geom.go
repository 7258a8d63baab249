package nn

// Activations are stored one channel plane after another. Each plane is the
// board with a one-cell border of zeros (the convolution's zero padding) in
// row-major order, plus slack at the end. Cell (x, y) sits at
// (y+1)*pw + x+1. Because the border is part of the plane, a 3x3 tap is a
// constant offset, and a convolution over the whole board is a run of
// matrix products over one contiguous span of positions: from the first
// interior cell to the last, border columns included. The border positions
// inside the span receive garbage that is zeroed by the on-board mask after
// each layer.

// vecAlign is the multiple the span is rounded up to, so that the SIMD
// kernels never need a scalar tail.
const vecAlign = 16

// geom is the plane layout for one board size.
type geom struct {
	w, h   int
	pw     int       // padded width, w+2
	start  int       // index of the first interior cell
	span   int       // positions computed per plane, a multiple of vecAlign
	stride int       // floats per channel plane
	mask   []float32 // 1 on interior cells, 0 elsewhere, len stride
}

func newGeom(w, h int) *geom {
	g := &geom{w: w, h: h, pw: w + 2}
	g.start = g.pw + 1
	last := h*g.pw + w // index of cell (w-1, h-1)
	g.span = roundUp(last-g.start+1, vecAlign)
	// The widest tap reads pw+1 past the end of the span.
	g.stride = roundUp(g.start+g.span+g.pw+1, vecAlign)
	g.mask = make([]float32, g.stride)
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			g.mask[g.cell(x, y)] = 1
		}
	}
	return g
}

// cell is the index of (x, y) inside a plane.
func (g *geom) cell(x, y int) int { return (y+1)*g.pw + x + 1 }

// tapOffsets lists the plane offsets of a k x k kernel's taps in the order
// the weights store them (row by row). k is 1 or 3.
func (g *geom) tapOffsets(k int) []int {
	if k == 1 {
		return []int{0}
	}
	offs := make([]int, 0, 9)
	for dy := -1; dy <= 1; dy++ {
		for dx := -1; dx <= 1; dx++ {
			offs = append(offs, dy*g.pw+dx)
		}
	}
	return offs
}

func roundUp(n, m int) int { return (n + m - 1) / m * m }

// tapRows points rows[i*len(offs)+t], for the n planes of planes and each
// tap t, at plane i's span shifted by offs[t]: the implicit im2col the
// product kernels read. It returns the rows it set.
func tapRows[T float32 | uint32](g *geom, rows [][]T, planes []T, n int, offs []int) [][]T {
	taps := len(offs)
	rows = rows[:n*taps]
	for i := 0; i < n; i++ {
		for t, off := range offs {
			s := i*g.stride + g.start + off
			rows[i*taps+t] = planes[s : s+g.span]
		}
	}
	return rows
}

// spanRows points rows[i], for the n planes of planes, at plane i's span
// and returns the rows it set.
func spanRows(g *geom, rows [][]float32, planes []float32, n int) [][]float32 {
	rows = rows[:n]
	for i := range rows {
		s := i*g.stride + g.start
		rows[i] = planes[s : s+g.span]
	}
	return rows
}
