package fit

import (
	"errors"
	"fmt"
	"io"
	"math"
)

// Options tune the regression.
type Options struct {
	// Iters is the number of Newton steps (each reads every sample).
	Iters int
	// L2 is the ridge penalty on the standardised weights (the bias
	// excepted), in units of samples.
	L2 float64
}

// Metrics are a predictor's log-loss (natural log, a draw counting as
// half a win) and accuracy (over decided games: the side predicted to win
// won; an even prediction counts half) on a set of samples.
type Metrics struct {
	N        int
	LogLoss  float64
	Accuracy float64
}

// String formats the metrics as the progress lines and tables show them.
func (m Metrics) String() string {
	return fmt.Sprintf("loss %.4f acc %.1f%%", m.LogLoss, 100*m.Accuracy)
}

// Measure scores the win probabilities p(i) of n samples with results y(i).
func Measure(n int, p func(i int) float64, y func(i int) float32) Metrics {
	var loss, right float64
	decided := 0
	for i := range n {
		q := min(max(p(i), 1e-12), 1-1e-12)
		t := float64(y(i))
		loss -= t*math.Log(q) + (1-t)*math.Log(1-q)
		if t != 0.5 {
			decided++
			switch {
			case q == 0.5:
				right += 0.5
			case (q > 0.5) == (t == 1):
				right++
			}
		}
	}
	m := Metrics{N: n}
	if n > 0 {
		m.LogLoss = loss / float64(n)
	}
	if decided > 0 {
		m.Accuracy = right / float64(decided)
	}
	return m
}

// Sigmoid is the logistic function.
func Sigmoid(z float64) float64 { return 1 / (1 + math.Exp(-z)) }

// Logistic fits weights w (len d, the first feature the bias, always 1)
// so that Sigmoid(w·x) predicts y, by Newton's method on standardised
// features with a ridge penalty; the weights it returns apply to the raw
// features. progress, when not nil, is called after every step with the
// step and the weights so far. Deterministic: the same data give the same
// weights.
func Logistic(xs [][]float32, ys []float32, d int, o Options, progress func(step int, w []float64)) ([]float64, error) {
	if len(xs) == 0 {
		return nil, errors.New("no samples")
	}
	mean, std := standardise(xs, d)
	z := make([]float64, d) // the standardised row
	row := func(x []float32) []float64 {
		z[0] = 1
		for j := 1; j < d; j++ {
			z[j] = (float64(x[j]) - mean[j]) / std[j]
		}
		return z
	}
	w := make([]float64, d)
	g := make([]float64, d)
	h := make([]float64, d*d)
	raw := make([]float64, d)
	for step := 1; step <= o.Iters; step++ {
		clear(g)
		clear(h)
		for i, x := range xs {
			v := row(x)
			var s float64
			for j, vj := range v {
				s += w[j] * vj
			}
			p := Sigmoid(s)
			r, c := p-float64(ys[i]), max(p*(1-p), 1e-9)
			for j, vj := range v {
				g[j] += r * vj
				cj := c * vj
				hj := h[j*d : j*d+j+1]
				for k := range hj {
					hj[k] += cj * v[k]
				}
			}
		}
		for j := 1; j < d; j++ {
			g[j] += o.L2 * w[j]
			h[j*d+j] += o.L2
		}
		for j := range d {
			for k := 0; k < j; k++ {
				h[k*d+j] = h[j*d+k]
			}
		}
		delta, err := solve(h, g, d)
		if err != nil {
			return nil, fmt.Errorf("step %d: %w", step, err)
		}
		for j := range w {
			w[j] -= delta[j]
		}
		unstandardise(w, mean, std, raw)
		if progress != nil {
			progress(step, raw)
		}
	}
	unstandardise(w, mean, std, raw)
	return raw, nil
}

// standardise returns each feature's mean and standard deviation (1 for
// the bias and for a constant feature).
func standardise(xs [][]float32, d int) (mean, std []float64) {
	mean, std = make([]float64, d), make([]float64, d)
	for _, x := range xs {
		for j := 1; j < d; j++ {
			mean[j] += float64(x[j])
		}
	}
	n := float64(len(xs))
	for j := range mean {
		mean[j] /= n
	}
	for _, x := range xs {
		for j := 1; j < d; j++ {
			dv := float64(x[j]) - mean[j]
			std[j] += dv * dv
		}
	}
	for j := range std {
		std[j] = math.Sqrt(std[j] / n)
		if std[j] < 1e-9 {
			std[j] = 1
		}
	}
	std[0] = 1
	return mean, std
}

// unstandardise writes into raw the weights on the raw features that give
// the same logit as w on the standardised ones.
func unstandardise(w, mean, std, raw []float64) {
	raw[0] = w[0]
	for j := 1; j < len(w); j++ {
		raw[j] = w[j] / std[j]
		raw[0] -= raw[j] * mean[j]
	}
}

// solve solves the symmetric positive definite system h x = g (h is d x d,
// row-major, overwritten) by Cholesky decomposition.
func solve(h, g []float64, d int) ([]float64, error) {
	for j := range d {
		s := h[j*d+j]
		for k := range j {
			s -= h[j*d+k] * h[j*d+k]
		}
		if s <= 0 || math.IsNaN(s) {
			return nil, errors.New("the Hessian is not positive definite (raise the L2 penalty)")
		}
		l := math.Sqrt(s)
		h[j*d+j] = l
		for i := j + 1; i < d; i++ {
			t := h[i*d+j]
			for k := range j {
				t -= h[i*d+k] * h[j*d+k]
			}
			h[i*d+j] = t / l
		}
	}
	x := make([]float64, d)
	for i := range d {
		t := g[i]
		for k := range i {
			t -= h[i*d+k] * x[k]
		}
		x[i] = t / h[i*d+i]
	}
	for i := d - 1; i >= 0; i-- {
		t := x[i]
		for k := i + 1; k < d; k++ {
			t -= h[k*d+i] * x[k]
		}
		x[i] = t / h[i*d+i]
	}
	return x, nil
}

// writeProgress is the progress line of a step.
func writeProgress(w io.Writer, name string, step int, train, test Metrics) {
	fmt.Fprintf(w, "%s step %d: train %v | held-out %v\n", name, step, train, test)
}
