package nn

import (
	"fmt"
	"math"

	"github.com/kakugo/kakugo/engine"
)

// teacher gives a training worker the soft targets of knowledge
// distillation: a network's move probabilities on the position being
// learned, seen through the same symmetry.
type teacher struct {
	ev   *Evaluator
	temp float64
	buf  []float32
}

// newTeacher makes a worker's teacher of net. temp <= 0 means 1.
func newTeacher(net *Net, f Features, temp float64) (*teacher, error) {
	if temp <= 0 {
		temp = 1
	}
	if math.IsNaN(temp) || math.IsInf(temp, 0) {
		return nil, fmt.Errorf("nn: teacher temperature %v", temp)
	}
	// No cache: a training position rarely repeats under its symmetry,
	// and the cache would copy every answer.
	ev, err := NewEvaluator(net, f, EvaluatorOptions{CacheSize: -1, Int8: true})
	if err != nil {
		return nil, fmt.Errorf("nn: teacher: %w", err)
	}
	return &teacher{ev: ev, temp: temp}, nil
}

// probs returns the teacher's probabilities on b, at cell y*w+x, zero off
// the legal cells; the slice is reused by the next call. A temperature T
// raises them to the power 1/T and normalises again, which is the softmax
// of the logits divided by T.
func (t *teacher) probs(b *engine.Board) []float32 {
	t.buf = t.ev.Policy(b, t.buf)
	if t.temp == 1 {
		return t.buf
	}
	inv := 1 / t.temp
	var sum float64
	for i, p := range t.buf {
		if p > 0 {
			v := math.Pow(float64(p), inv)
			t.buf[i] = float32(v)
			sum += v
		}
	}
	if sum > 0 {
		for i := range t.buf {
			t.buf[i] = float32(float64(t.buf[i]) / sum)
		}
	}
	return t.buf
}
