package fit

import (
	"errors"
	"math"
	"math/rand/v2"
)

// MLPOptions tune the hidden layer's training.
type MLPOptions struct {
	// Hidden is the number of hidden units (0: no hidden layer).
	Hidden int
	// Epochs are passes over the training samples, Batch the samples per
	// Adam step, LR its peak learning rate (cosine-decayed to a tenth).
	Epochs, Batch int
	LR            float64
	// L2 is the weight decay of the hidden layer.
	L2 float64
	// Seed feeds the initial weights and the order of the samples.
	Seed uint64
	// Raw, when positive, is the first of the features left raw rather
	// than standardised: sparse counts (the Codes set's), which keep the
	// zeros the training skips, and whose rare codes standardising would
	// blow up.
	Raw int
}

// Net is a logistic model with a hidden layer beside it: the logit is
// the linear part's w·x plus Σ_j out[j]·relu(bias[j] + Σ_i in[i][j]·x_i),
// all on the raw features (the layout value.Net reads).
type Net struct {
	Linear []float64
	In     []float64 // d × hidden, feature-major
	Bias   []float64
	Out    []float64
}

// MLP fits a Net to the samples: the linear part starts at the logistic
// regression's weights w0 (raw features) and the hidden layer's output at
// zero, so training starts from the linear model and adds what a hidden
// layer finds, by Adam on the log-loss over standardised features.
// progress, when not nil, is called after each epoch with the net so far.
// Deterministic: the same data and options give the same net.
func MLP(xs [][]float32, ys []float32, d int, w0 []float64, o MLPOptions, progress func(epoch int, n *Net)) (*Net, error) {
	if len(xs) == 0 || o.Hidden <= 0 || o.Epochs <= 0 || o.Batch <= 0 {
		return nil, errors.New("mlp: no samples, or no hidden units, epochs or batch")
	}
	h := o.Hidden
	mean, std := standardise(xs, d)
	if o.Raw > 0 {
		for j := o.Raw; j < d; j++ {
			mean[j], std[j] = 0, 1
		}
	}
	// The linear part on standardised features.
	lin := make([]float64, d)
	lin[0] = w0[0]
	for j := 1; j < d; j++ {
		lin[j] = w0[j] * std[j]
		lin[0] += w0[j] * mean[j]
	}
	rng := rand.New(rand.NewPCG(o.Seed, 0x6d6c70))
	in := make([]float64, d*h)
	scale := 1 / math.Sqrt(float64(d))
	for i := range in {
		in[i] = rng.NormFloat64() * scale
	}
	bias, out := make([]float64, h), make([]float64, h)
	params := [][]float64{lin, in, bias, out}
	grads := make([][]float64, len(params))
	ms, vs := make([][]float64, len(params)), make([][]float64, len(params))
	for k, p := range params {
		grads[k], ms[k], vs[k] = make([]float64, len(p)), make([]float64, len(p)), make([]float64, len(p))
	}
	n := len(xs)
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	x := make([]float64, d)
	act := make([]float64, h)
	steps := o.Epochs * ((n + o.Batch - 1) / o.Batch)
	step := 0
	const beta1, beta2, eps = 0.9, 0.999, 1e-8
	for epoch := 1; epoch <= o.Epochs; epoch++ {
		rng.Shuffle(n, func(a, b int) { order[a], order[b] = order[b], order[a] })
		for start := 0; start < n; start += o.Batch {
			end := min(start+o.Batch, n)
			for _, g := range grads {
				clear(g)
			}
			for _, si := range order[start:end] {
				row := xs[si]
				x[0] = 1
				for j := 1; j < d; j++ {
					x[j] = (float64(row[j]) - mean[j]) / std[j]
				}
				copy(act, bias)
				z := 0.0
				for i, xi := range x {
					z += lin[i] * xi
					if xi == 0 {
						continue
					}
					col := in[i*h : i*h+h]
					for j := range act {
						act[j] += col[j] * xi
					}
				}
				for j, a := range act {
					if a > 0 {
						z += out[j] * a
					}
				}
				r := Sigmoid(z) - float64(ys[si]) // dLoss/dz
				gl, gi, gb, go_ := grads[0], grads[1], grads[2], grads[3]
				for i, xi := range x {
					gl[i] += r * xi
				}
				for j, a := range act {
					if a <= 0 {
						act[j] = 0 // no gradient through an inactive unit
						continue
					}
					go_[j] += r * a
					act[j] = r * out[j] // dLoss/d(pre-activation)
					gb[j] += act[j]
				}
				for i, xi := range x {
					if xi == 0 {
						continue
					}
					col := gi[i*h : i*h+h]
					for j, dj := range act {
						col[j] += dj * xi
					}
				}
			}
			step++
			lr := o.LR * (0.1 + 0.9*0.5*(1+math.Cos(math.Pi*float64(step)/float64(steps))))
			bn := float64(end - start)
			c1, c2 := 1-math.Pow(beta1, float64(step)), 1-math.Pow(beta2, float64(step))
			for k, p := range params {
				g, m, v := grads[k], ms[k], vs[k]
				decay := 0.0
				if k == 1 || k == 3 {
					decay = o.L2
				}
				for i := range p {
					gi := g[i]/bn + decay*p[i]
					m[i] = beta1*m[i] + (1-beta1)*gi
					v[i] = beta2*v[i] + (1-beta2)*gi*gi
					p[i] -= lr * (m[i] / c1) / (math.Sqrt(v[i]/c2) + eps)
				}
			}
		}
		if progress != nil {
			progress(epoch, rawNet(lin, in, bias, out, mean, std, h))
		}
	}
	return rawNet(lin, in, bias, out, mean, std, h), nil
}

// rawNet moves the standardisation into the weights: the returned net
// reads raw features.
func rawNet(lin, in, bias, out, mean, std []float64, h int) *Net {
	d := len(lin)
	n := &Net{Linear: make([]float64, d), In: make([]float64, d*h), Bias: append([]float64(nil), bias...), Out: append([]float64(nil), out...)}
	unstandardise(lin, mean, std, n.Linear)
	for i := 1; i < d; i++ {
		for j := range h {
			w := in[i*h+j] / std[i]
			n.In[i*h+j] = w
			n.Bias[j] -= w * mean[i]
		}
	}
	for j := range h {
		n.In[j] = in[j] // the bias feature is 1 raw and standardised
	}
	return n
}

// Params are the net's parameters in the order value.NewNetModel reads
// them: linear weights, input weights, biases, output weights.
func (n *Net) Params() []float64 {
	out := append([]float64(nil), n.Linear...)
	out = append(out, n.In...)
	out = append(out, n.Bias...)
	return append(out, n.Out...)
}

// Logit is the net's logit for the raw features f.
func (n *Net) Logit(f []float32) float64 {
	h := len(n.Out)
	var z float64
	act := make([]float64, h)
	copy(act, n.Bias)
	for i, x := range f {
		z += n.Linear[i] * float64(x)
		if x == 0 {
			continue
		}
		for j := range act {
			act[j] += n.In[i*h+j] * float64(x)
		}
	}
	for j, a := range act {
		if a > 0 {
			z += n.Out[j] * a
		}
	}
	return z
}
