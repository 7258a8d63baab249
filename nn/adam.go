package nn

import (
	"encoding/binary"
	"fmt"
	"io"
	"math"
)

// Adam is the Adam optimiser with decoupled weight decay (AdamW) over a
// network's flat parameter vector. Its moments and step count travel in
// checkpoints, so a stopped run resumes where it was.
type Adam struct {
	// LR is the learning rate, Beta1 and Beta2 the moment decays, Eps
	// the denominator's guard and WeightDecay the decoupled decay per
	// unit of learning rate; the trainer sets LR per step for its
	// schedule.
	LR, Beta1, Beta2, Eps, WeightDecay float64
	// Step is the number of updates made.
	Step int64
	m, v []float32
}

// NewAdam returns an optimiser for n with the usual constants.
func NewAdam(n *Net) *Adam {
	return &Adam{LR: 1e-3, Beta1: 0.9, Beta2: 0.999, Eps: 1e-8, WeightDecay: 1e-4,
		m: make([]float32, len(n.params)), v: make([]float32, len(n.params))}
}

// Update applies one step with gradient g (the mean over the batch) to n.
func (o *Adam) Update(n *Net, g []float32) {
	o.Step++
	b1, b2 := float32(o.Beta1), float32(o.Beta2)
	c1 := 1 - math.Pow(o.Beta1, float64(o.Step))
	c2 := 1 - math.Pow(o.Beta2, float64(o.Step))
	lr := float32(o.LR * math.Sqrt(c2) / c1)
	decay := float32(1 - o.LR*o.WeightDecay)
	eps := float32(o.Eps * math.Sqrt(c2))
	p := n.params
	for i, gi := range g {
		m := b1*o.m[i] + (1-b1)*gi
		v := b2*o.v[i] + (1-b2)*gi*gi
		o.m[i], o.v[i] = m, v
		p[i] = p[i]*decay - lr*m/(float32(math.Sqrt(float64(v)))+eps)
	}
}

// SaveCheckpoint writes n with the optimiser's moments and step, in the
// weight format's container under the checkpoint magic.
func SaveCheckpoint(w io.Writer, n *Net, o *Adam) error {
	payload := n.encodePayload(nil)
	payload = appendTensor(payload, "adam.m", []int{len(o.m)}, o.m)
	payload = appendTensor(payload, "adam.v", []int{len(o.v)}, o.v)
	payload = binary.LittleEndian.AppendUint64(payload, uint64(o.Step))
	return writeContainer(w, checkpointMagic, payload)
}

// LoadCheckpoint reads what SaveCheckpoint wrote. The optimiser has the
// default constants; the caller sets its own.
func LoadCheckpoint(r io.Reader) (*Net, *Adam, error) {
	payload, err := readContainer(r, checkpointMagic)
	if err != nil {
		return nil, nil, err
	}
	d := decoder{buf: payload}
	n, err := d.net()
	if err != nil {
		return nil, nil, err
	}
	o := NewAdam(n)
	if err := d.tensor("adam.m", []int{len(o.m)}, o.m); err != nil {
		return nil, nil, err
	}
	if err := d.tensor("adam.v", []int{len(o.v)}, o.v); err != nil {
		return nil, nil, err
	}
	b, err := d.take(8)
	if err != nil {
		return nil, nil, err
	}
	o.Step = int64(binary.LittleEndian.Uint64(b))
	if len(d.buf) != 0 || o.Step < 0 {
		return nil, nil, fmt.Errorf("%w: malformed checkpoint tail", ErrShape)
	}
	return n, o, nil
}
