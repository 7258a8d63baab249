package prior

import (
	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/nn"
)

// rotations are the symmetries (nn.Transform's numbering) that turn a
// square board by 0, 180, 90 and 270 degrees: the first views to average,
// since a rotation moves every stone while a mirror leaves a line fixed.
var rotations = [...]int{0, 3, 5, 6, 1, 2, 4, 7}

// SymmetricPriors implements mcts.SymmetricPolicy: Priors averaged over n
// views of b (at most its symmetries: eight on a square board, four on
// another). The identity is computed last, so that the evaluator's last
// position is b's, as NodeValue requires.
func (p *netPolicy) SymmetricPriors(b *engine.Board, moves []engine.Pos, dst []float32, n int) bool {
	w, h := b.Width(), b.Height()
	n = min(n, nn.NumSymmetries(w, h))
	if n <= 1 {
		return p.Priors(b, moves, dst)
	}
	sum := p.sum[:0]
	for range moves {
		sum = append(sum, 0)
	}
	for i := n - 1; i >= 1; i-- {
		s := rotations[i]
		if w != h {
			s = i // the four symmetries without the swap
		}
		v, err := engine.New(w, h, b.Rule())
		if err != nil {
			return false
		}
		for _, m := range b.Moves() {
			x, y := b.XY(m)
			tx, ty := nn.Transform(s, x, y, w, h)
			v.Put(v.Pos(tx, ty), b.At(m))
		}
		v.SetSideToMove(b.SideToMove())
		p.probs = p.ev.Policy(v, p.probs)
		for j, m := range moves {
			x, y := b.XY(m)
			tx, ty := nn.Transform(s, x, y, w, h)
			sum[j] += p.probs[ty*w+tx]
		}
	}
	if !p.Priors(b, moves, dst) {
		return false
	}
	for j := range moves {
		dst[j] = (dst[j] + sum[j]) / float32(n)
	}
	p.sum = sum
	return true
}
