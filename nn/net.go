// Package nn is Kakugo's policy prior: a small residual convolutional network
// that gives a probability to every legal move. It holds the weight format,
// inference written by hand over []float32 (and, for the search's priors,
// over 8-bit integers: quant.go), and supervised training with hand-written
// backpropagation. It imports engine only.
package nn

import (
	"fmt"
	"math"
	"math/rand/v2"
)

// Arch describes a network: a stem convolution from the input planes to
// Channels planes with ReLU, Blocks residual blocks of two convolutions
// (ReLU after the first, and after the sum with the block's input), and a
// head convolution to one logit per cell. Every convolution has a bias and
// zero padding, so the same weights serve any board size.
type Arch struct {
	// Features names the input feature set the weights were trained on;
	// an Evaluator refuses a Features with another name.
	Features string
	// Planes is the number of input planes.
	Planes int
	// Channels is the width of the stem and of every block.
	Channels int
	// Blocks is the number of residual blocks.
	Blocks int
	// StemKernel, BlockKernel and HeadKernel are the kernel sizes, 1 or 3.
	StemKernel, BlockKernel, HeadKernel int
}

// Limits on an architecture, so that a corrupt header cannot ask for
// gigabytes; real networks are far below them.
const (
	maxPlanes   = 64
	maxChannels = 256
	maxBlocks   = 40
	maxNameLen  = 64
)

// Validate reports whether a is an architecture this package can run.
func (a Arch) Validate() error {
	switch {
	case a.Planes < 1 || a.Planes > maxPlanes:
		return fmt.Errorf("nn: %d input planes (want 1 to %d)", a.Planes, maxPlanes)
	case a.Channels < 1 || a.Channels > maxChannels:
		return fmt.Errorf("nn: %d channels (want 1 to %d)", a.Channels, maxChannels)
	case a.Blocks < 0 || a.Blocks > maxBlocks:
		return fmt.Errorf("nn: %d blocks (want 0 to %d)", a.Blocks, maxBlocks)
	case len(a.Features) == 0 || len(a.Features) > maxNameLen:
		return fmt.Errorf("nn: feature set name of %d bytes (want 1 to %d)", len(a.Features), maxNameLen)
	}
	f, err := FeaturesFor(a.Features)
	if err != nil {
		return err
	}
	if f.NumPlanes() != a.Planes {
		return fmt.Errorf("nn: %d input planes for %s (it has %d)", a.Planes, a.Features, f.NumPlanes())
	}
	for _, k := range []int{a.StemKernel, a.BlockKernel, a.HeadKernel} {
		if k != 1 && k != 3 {
			return fmt.Errorf("nn: kernel size %d (want 1 or 3)", k)
		}
	}
	return nil
}

func (a Arch) String() string {
	return fmt.Sprintf("%s planes=%d channels=%d blocks=%d kernels=%d/%d/%d",
		a.Features, a.Planes, a.Channels, a.Blocks, a.StemKernel, a.BlockKernel, a.HeadKernel)
}

// layer is one convolution; w is laid out [out][in][tap] and both slices
// point into the network's flat parameter vector.
type layer struct {
	name       string
	cin, cout  int
	k          int
	w, b       []float32
	wOff, bOff int // offsets of w and b in the flat vector
}

// Net is a network with its weights. It is read-only during inference, so
// one Net can serve many Evaluators and goroutines.
type Net struct {
	arch   Arch
	params []float32 // every weight and bias, layer after layer
	layers []layer   // stem, then two per block, then head
}

// Arch is the network's architecture.
func (n *Net) Arch() Arch { return n.arch }

// NewFeatures returns a new Features of the set the network reads (one per
// goroutine: a Features keeps scratch space).
func (n *Net) NewFeatures() Features {
	f, err := FeaturesFor(n.arch.Features)
	if err != nil {
		panic(err) // unreachable: every Net's Arch passed Validate
	}
	return f
}

// NumParams is the number of weights and biases.
func (n *Net) NumParams() int { return len(n.params) }

// layerShapes lists the convolutions of a in order.
func layerShapes(a Arch) []layer {
	ls := []layer{{name: "stem", cin: a.Planes, cout: a.Channels, k: a.StemKernel}}
	for i := 0; i < a.Blocks; i++ {
		ls = append(ls,
			layer{name: fmt.Sprintf("block%d.conv1", i), cin: a.Channels, cout: a.Channels, k: a.BlockKernel},
			layer{name: fmt.Sprintf("block%d.conv2", i), cin: a.Channels, cout: a.Channels, k: a.BlockKernel})
	}
	return append(ls, layer{name: "head", cin: a.Channels, cout: 1, k: a.HeadKernel})
}

// newNet allocates a zero network for a valid a.
func newNet(a Arch) *Net {
	ls := layerShapes(a)
	total := 0
	for i := range ls {
		l := &ls[i]
		l.wOff = total
		total += l.cout * l.cin * l.k * l.k
		l.bOff = total
		total += l.cout
	}
	n := &Net{arch: a, params: make([]float32, total), layers: ls}
	n.bindLayers()
	return n
}

// bindLayers points every layer's w and b at the flat parameter vector.
func (n *Net) bindLayers() {
	for i := range n.layers {
		l := &n.layers[i]
		l.w = n.params[l.wOff:l.bOff]
		l.b = n.params[l.bOff : l.bOff+l.cout]
	}
}

// NewRandom returns a network with fresh weights for training: He-normal
// convolutions, with each block's second convolution scaled down so that a
// deep stack without normalisation starts close to the identity.
func NewRandom(a Arch, seed uint64) (*Net, error) {
	if err := a.Validate(); err != nil {
		return nil, err
	}
	n := newNet(a)
	rng := rand.New(rand.NewPCG(seed, 0x6b616b75))
	for i, l := range n.layers {
		fanIn := float64(l.cin * l.k * l.k)
		std := math.Sqrt(2 / fanIn)
		if i > 0 && i < len(n.layers)-1 && i%2 == 0 {
			std *= 0.1 // second convolution of a block
		}
		if i == len(n.layers)-1 {
			std = math.Sqrt(1 / fanIn)
		}
		for j := range l.w {
			l.w[j] = float32(rng.NormFloat64() * std)
		}
	}
	return n, nil
}

// Clone is an independent copy of n.
func (n *Net) Clone() *Net {
	c := newNet(n.arch)
	copy(c.params, n.params)
	return c
}
