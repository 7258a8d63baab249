package fit

import (
	"errors"
	"math"
	"math/rand/v2"
)

// TuneOptions tune Tune.
type TuneOptions struct {
	// Epochs are passes over the choices; each step takes Batch choices
	// and Batch result samples.
	Epochs, Batch int
	// LR is Adam's peak learning rate (cosine-decayed to a tenth).
	LR float64
	// RankWeight weighs the choices' loss against the results'.
	RankWeight float64
	// L2 pulls the parameters towards where they started (a fine-tune that
	// keeps what the results taught).
	L2 float64
	// Beta is the choices' softmax gain at the start: the logits are
	// Beta times the negated values of the positions after the moves (it
	// is learned with the rest).
	Beta float64
	// Seed feeds the order of the samples.
	Seed uint64
}

// Labelled is a result sample in sparse form.
type Labelled struct {
	F Sparse
	Y float32
}

// TuneStats are a parameter vector's scores: the choices' loss and how
// often the move played has the best value (top-1), the results' log-loss.
type TuneStats struct {
	Choices        int
	RankLoss, Top1 float64
	Results        int
	LogLoss        float64
}

// tuner holds a net's parameters in value.NewNetModel's layout (d linear
// weights, d×h input weights feature-major, h biases, h output weights).
type tuner struct {
	d, h  int
	p     []float64
	beta  float64
	acts  []float64 // per kid, h pre-activations
	dpre  []float64
	grads []float64
	gbeta float64
}

func newTuner(p []float64, d, h int) *tuner {
	return &tuner{d: d, h: h, p: p, dpre: make([]float64, h), grads: make([]float64, len(p))}
}

func (t *tuner) in() []float64   { return t.p[t.d : t.d+t.d*t.h] }
func (t *tuner) bias() []float64 { return t.p[t.d+t.d*t.h : t.d+t.d*t.h+t.h] }
func (t *tuner) out() []float64  { return t.p[t.d+t.d*t.h+t.h:] }

// forward is the logit of f; act receives the hidden pre-activations.
func (t *tuner) forward(f Sparse, act []float64) float64 {
	h, in := t.h, t.in()
	copy(act, t.bias())
	var z float64
	for k, i := range f.Idx {
		x := float64(f.Val[k])
		z += t.p[i] * x
		col := in[int(i)*h : int(i)*h+h]
		for j := range act {
			act[j] += col[j] * x
		}
	}
	for j, a := range act {
		if a > 0 {
			z += t.out()[j] * a
		}
	}
	return z
}

// backward adds dz times the gradient of f's logit to the gradients.
func (t *tuner) backward(f Sparse, act []float64, dz float64) {
	d, h := t.d, t.h
	out := t.out()
	gin := t.grads[d : d+d*h]
	gb := t.grads[d+d*h : d+d*h+h]
	gout := t.grads[d+d*h+h:]
	for j, a := range act {
		if a <= 0 {
			t.dpre[j] = 0
			continue
		}
		gout[j] += dz * a
		t.dpre[j] = dz * out[j]
		gb[j] += t.dpre[j]
	}
	for k, i := range f.Idx {
		x := float64(f.Val[k])
		t.grads[i] += dz * x
		col := gin[int(i)*h : int(i)*h+h]
		for j, g := range t.dpre {
			col[j] += g * x
		}
	}
}

// choice adds the gradient of c's loss times w (when w is not 0) and
// returns the loss and whether the move played has the best value.
func (t *tuner) choice(c *Choice, w float64) (float64, bool) {
	k, h := len(c.Kids), t.h
	if cap(t.acts) < k*h {
		t.acts = make([]float64, k*h)
	}
	acts := t.acts[:k*h]
	z := make([]float64, k) // the parent's side's values: minus the kids' logits
	top := math.Inf(-1)
	for i := range c.Kids {
		z[i] = -t.forward(c.Kids[i], acts[i*h:i*h+h])
		top = max(top, t.beta*z[i])
	}
	var sum float64
	for i := range z {
		sum += math.Exp(t.beta*z[i] - top)
	}
	loss := -(t.beta*z[0] - top - math.Log(sum))
	best := true
	for i := 1; i < k; i++ {
		if z[i] >= z[0] {
			best = false
			break
		}
	}
	if w == 0 {
		return loss, best
	}
	for i := range c.Kids {
		p := math.Exp(t.beta*z[i]-top) / sum
		if i == 0 {
			p--
		}
		// dLoss/d(beta·z_i) = p; z_i is minus the kid's logit.
		t.gbeta += w * p * z[i]
		t.backward(c.Kids[i], acts[i*h:i*h+h], -w*p*t.beta)
	}
	return loss, best
}

// result adds the gradient of s's log-loss times w (when not 0) and returns
// the loss.
func (t *tuner) result(s *Labelled, w float64) float64 {
	act := make([]float64, t.h)
	q := Sigmoid(t.forward(s.F, act))
	y := float64(s.Y)
	loss := -(y*math.Log(max(q, 1e-12)) + (1-y)*math.Log(max(1-q, 1e-12)))
	if w != 0 {
		t.backward(s.F, act, w*(q-y))
	}
	return loss
}

// Score measures parameters p (value.NewNetModel's layout for d features
// and h hidden units) with softmax gain beta on choices and results.
func Score(p []float64, d, h int, beta float64, choices []*Choice, results []*Labelled) TuneStats {
	t := newTuner(p, d, h)
	t.beta = beta
	var st TuneStats
	for _, c := range choices {
		loss, best := t.choice(c, 0)
		st.RankLoss += loss
		if best {
			st.Top1++
		}
	}
	if st.Choices = len(choices); st.Choices > 0 {
		st.RankLoss /= float64(st.Choices)
		st.Top1 /= float64(st.Choices)
	}
	for _, s := range results {
		st.LogLoss += t.result(s, 0)
	}
	if st.Results = len(results); st.Results > 0 {
		st.LogLoss /= float64(st.Results)
	}
	return st
}

// Tune fine-tunes the parameters p0 on choices (their loss times
// RankWeight) and result samples together, by Adam, and returns them with
// the learned softmax gain. progress, when not nil, is called after each
// epoch. Deterministic: the same data and options give the same result.
func Tune(p0 []float64, d, h int, choices []*Choice, results []*Labelled, o TuneOptions,
	progress func(epoch int, p []float64, beta float64)) ([]float64, float64, error) {
	if len(choices) == 0 || o.Epochs <= 0 || o.Batch <= 0 || len(p0) != d+d*h+2*h {
		return nil, 0, errors.New("tune: no choices, no epochs or batch, or parameters of the wrong length")
	}
	p := append([]float64(nil), p0...)
	t := newTuner(p, d, h)
	t.beta = o.Beta
	rng := rand.New(rand.NewPCG(o.Seed, 0x74756e65))
	m, v := make([]float64, len(p)+1), make([]float64, len(p)+1)
	order := make([]int, len(choices))
	for i := range order {
		order[i] = i
	}
	rorder := make([]int, len(results))
	for i := range rorder {
		rorder[i] = i
	}
	rpos := len(rorder)
	steps := o.Epochs * ((len(choices) + o.Batch - 1) / o.Batch)
	step := 0
	const beta1, beta2, eps = 0.9, 0.999, 1e-8
	for epoch := 1; epoch <= o.Epochs; epoch++ {
		rng.Shuffle(len(order), func(a, b int) { order[a], order[b] = order[b], order[a] })
		for start := 0; start < len(order); start += o.Batch {
			end := min(start+o.Batch, len(order))
			clear(t.grads)
			t.gbeta = 0
			n := float64(end - start)
			for _, ci := range order[start:end] {
				t.choice(choices[ci], o.RankWeight/n)
			}
			for range end - start {
				if len(results) == 0 {
					break
				}
				if rpos == len(rorder) {
					rng.Shuffle(len(rorder), func(a, b int) { rorder[a], rorder[b] = rorder[b], rorder[a] })
					rpos = 0
				}
				t.result(results[rorder[rpos]], 1/n)
				rpos++
			}
			step++
			lr := o.LR * (0.1 + 0.9*0.5*(1+math.Cos(math.Pi*float64(step)/float64(steps))))
			c1, c2 := 1-math.Pow(beta1, float64(step)), 1-math.Pow(beta2, float64(step))
			adam := func(i int, x *float64, g float64) {
				m[i] = beta1*m[i] + (1-beta1)*g
				v[i] = beta2*v[i] + (1-beta2)*g*g
				*x -= lr * (m[i] / c1) / (math.Sqrt(v[i]/c2) + eps)
			}
			for i := range p {
				adam(i, &p[i], t.grads[i]+o.L2*(p[i]-p0[i]))
			}
			adam(len(p), &t.beta, t.gbeta)
			t.beta = max(t.beta, 0.01)
		}
		if progress != nil {
			progress(epoch, p, t.beta)
		}
	}
	return p, t.beta, nil
}
