package nn

import (
	"encoding/binary"
	"fmt"
)

// Tensor is one named parameter tensor of a network, as the weight format
// stores it: a convolution's weights (out, in, k, k) or its bias (out).
type Tensor struct {
	Name string
	Dims []int
	Data []float32
}

// Tensors lists n's tensors in the format's order (the layers in order,
// each convolution's weights before its bias). The data are copies.
func (n *Net) Tensors() []Tensor {
	ts := make([]Tensor, 0, 2*len(n.layers))
	for _, l := range n.layers {
		ts = append(ts,
			Tensor{Name: l.name + ".w", Dims: []int{l.cout, l.cin, l.k, l.k}, Data: append([]float32(nil), l.w...)},
			Tensor{Name: l.name + ".b", Dims: []int{l.cout}, Data: append([]float32(nil), l.b...)})
	}
	return ts
}

// FromTensors builds a network of architecture a from tensors in the
// format's order, such as weights trained outside Go. It runs the weight
// file's own checks (the architecture's limits, every name and shape, no
// NaN or infinity), by encoding the tensors as a payload and decoding it,
// so that a network built here is exactly one that Save and Load carry.
func FromTensors(a Arch, ts []Tensor) (*Net, error) {
	if err := a.Validate(); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrShape, err)
	}
	var p []byte
	p = binary.LittleEndian.AppendUint16(p, uint16(len(a.Features)))
	p = append(p, a.Features...)
	for _, v := range []int{a.Planes, a.Channels, a.Blocks, a.StemKernel, a.BlockKernel, a.HeadKernel} {
		p = binary.LittleEndian.AppendUint32(p, uint32(v))
	}
	p = binary.LittleEndian.AppendUint32(p, uint32(len(ts)))
	for _, t := range ts {
		size := 1
		for _, d := range t.Dims {
			if d < 0 || d > 1<<16 {
				return nil, fmt.Errorf("%w: tensor %s dimension %d", ErrShape, t.Name, d)
			}
			if size *= d; size > maxFileBytes {
				return nil, fmt.Errorf("%w: tensor %s of shape %v is too large", ErrShape, t.Name, t.Dims)
			}
		}
		if len(t.Name) > 1<<16-1 || len(t.Dims) > 255 || size != len(t.Data) {
			return nil, fmt.Errorf("%w: tensor %s has %d values for shape %v", ErrShape, t.Name, len(t.Data), t.Dims)
		}
		p = appendTensor(p, t.Name, t.Dims, t.Data)
	}
	d := decoder{buf: p}
	n, err := d.net()
	if err != nil {
		return nil, err
	}
	if len(d.buf) != 0 {
		return nil, fmt.Errorf("%w: %d tensors, want %d", ErrShape, len(ts), 2*len(n.layers))
	}
	return n, nil
}
