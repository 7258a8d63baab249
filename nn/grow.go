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
