package nn

import (
	"fmt"
	"math"
	"math/rand/v2"
)

// Deepen returns a copy of n with extra residual blocks appended after its
// last block, computing exactly the function n computes. Each new block's
// second convolution starts at zero, so the block adds nothing to its input,
// which is already non-negative (the output of a ReLU), and the block is the
// identity; its first convolution starts He-normal, so the second one gets
// gradients from the first step and the block can learn. Training a larger
// network from a trained smaller one (Chen, Goodfellow and Shlens, Net2Net,
// 2016) keeps what the smaller one learned, where training it from scratch
// on this project's CPUs would take days.
func Deepen(n *Net, extra int, seed uint64) (*Net, error) {
	a := n.arch
	if extra < 1 {
		return nil, fmt.Errorf("nn: deepen by %d blocks (want 1 or more)", extra)
	}
	a.Blocks += extra
	if err := a.Validate(); err != nil {
		return nil, err
	}
	d := newNet(a)
	// The stem and the old blocks lead both flat vectors in the same
	// layout; the head, last, moves behind the new blocks.
	old := len(n.layers) - 1
	copy(d.params, n.params[:n.layers[old].wOff])
	rng := rand.New(rand.NewPCG(seed, 0x64656570))
	for i := old; i < len(d.layers)-1; i += 2 {
		l := d.layers[i] // a new block's first convolution
		std := math.Sqrt(2 / float64(l.cin*l.k*l.k))
		for j := range l.w {
			l.w[j] = float32(rng.NormFloat64() * std)
		}
	}
	head, oldHead := d.layers[len(d.layers)-1], n.layers[old]
	copy(head.w, oldHead.w)
	copy(head.b, oldHead.b)
	return d, nil
}

// WidenInputs returns a copy of n that reads the feature set f, whose first
// planes must be n's own (Rich extends Basic so, Rich2 Rich), computing
// exactly the function n computes: the stem's weights on the new planes
// start at zero.
// They get gradients from the first step (the planes are not zero), so
// fine-tuning the copy teaches the trained network to use the new inputs
// instead of learning everything again.
func WidenInputs(n *Net, f Features) (*Net, error) {
	a := n.arch
	if a.Features == f.Name() {
		return nil, fmt.Errorf("nn: widen: the network already reads %s", f.Name())
	}
	if f.NumPlanes() <= a.Planes {
		return nil, fmt.Errorf("nn: widen %d input planes to %s's %d (want more)", a.Planes, f.Name(), f.NumPlanes())
	}
	if !extends(f.Name(), a.Features) {
		return nil, fmt.Errorf("nn: widen %s to %s (its first planes are not %s's)", a.Features, f.Name(), a.Features)
	}
	a.Features, a.Planes = f.Name(), f.NumPlanes()
	if err := a.Validate(); err != nil {
		return nil, err
	}
	d := newNet(a)
	old, stem := n.layers[0], d.layers[0]
	taps := old.k * old.k
	for o := 0; o < old.cout; o++ {
		copy(stem.w[(o*stem.cin)*taps:(o*stem.cin+old.cin)*taps], old.w[(o*old.cin)*taps:(o+1)*old.cin*taps])
	}
	copy(stem.b, old.b)
	// Everything after the stem has the same shapes and order.
	copy(d.params[stem.bOff+stem.cout:], n.params[old.bOff+old.cout:])
	return d, nil
}
