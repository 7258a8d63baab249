package nn

import (
	"math"

	"github.com/kakugo/kakugo/engine"
)

// Symmetries: bit 0 mirrors x, bit 1 mirrors y, bit 2 swaps x and y
// (square boards only). The eight values are the eight symmetries of the
// square; a rectangle has the four without the swap.

// NumSymmetries is how many symmetries a w x h board has.
func NumSymmetries(w, h int) int {
	if w == h {
		return 8
	}
	return 4
}

// Transform maps (x, y) on a w x h board by symmetry s.
func Transform(s, x, y, w, h int) (int, int) {
	if s&1 != 0 {
		x = w - 1 - x
	}
	if s&2 != 0 {
		y = h - 1 - y
	}
	if s&4 != 0 {
		x, y = y, x
	}
	return x, y
}

// Position returns the board of game g before move ply, seen through
// symmetry s, and the move played there, transformed the same way.
func (g *Game) Position(ply, s int) (*engine.Board, engine.Point, error) {
	b, err := engine.New(g.W, g.H, g.Rule)
	if err != nil {
		return nil, engine.Point{}, err
	}
	for _, m := range g.Moves[:ply] {
		x, y := Transform(s, m.X, m.Y, g.W, g.H)
		b.Make(b.Pos(x, y))
	}
	x, y := Transform(s, g.Moves[ply].X, g.Moves[ply].Y, g.W, g.H)
	return b, engine.Point{X: x, Y: y}, nil
}

// sampler holds a worker's scratch for turning positions into losses.
type sampler struct {
	ws     *Workspace
	feats  Features
	planes []float32
	legal  []bool
	probs  []float64
	q      *qnet // the blocks in 8 bits for scoring without a gradient, or nil
	// head, when set, values the positions whose vtarget is not negative
	// (the result for the side to move), its gradient weighted by vweight
	// (ValueHead, valuehead.go); thread is the worker's number for it.
	head    ValueHead
	thread  int
	vtarget float64
	vweight float32
}

func newSampler(f Features, k kernels) *sampler {
	ws := newWorkspaceWith(k)
	ws.kern8 = default8Kernels()
	return &sampler{ws: ws, feats: f}
}

// outcome is what one position gave: its loss and the rank of the played
// move among the legal moves by logit (0 = the network's first choice).
// obj is the objective the gradient is of: the loss itself, or with a
// teacher's soft target the cross-entropy against the mixed target.
type outcome struct {
	loss, obj float64
	rank      int
	// The value head's log-loss and verdict, where it valued the position.
	vloss          float64
	vright, valued bool
}

// run evaluates net on board b with target move t. With grad non-nil it
// also adds scale times the gradient of the loss to grad. It reports false
// when the target is not a legal move there (a recorded forbidden move),
// and then touches nothing.
func (s *sampler) run(net *Net, b *engine.Board, t engine.Point, grad []float32, scale float32) (outcome, bool) {
	return s.runSoft(net, b, t, nil, 0, grad, scale)
}

// runSoft is run against a target that mixes the played move (weight
// 1-alpha) with a teacher's move probabilities soft[y*w+x] (weight alpha;
// they sum to 1 over the legal cells): knowledge distillation. The loss
// and rank stay the played move's, so held-out figures compare with any
// other run's; obj is the mixed objective. With soft nil it is run.
func (s *sampler) runSoft(net *Net, b *engine.Board, t engine.Point, soft []float32, alpha float64, grad []float32, scale float32) (outcome, bool) {
	if soft == nil {
		alpha = 0
	}
	if !b.OnBoard(t.X, t.Y) || !b.Legal(b.Pos(t.X, t.Y)) {
		return outcome{}, false
	}
	w, h := b.Width(), b.Height()
	n := w * h
	np := s.feats.NumPlanes() * n
	if cap(s.planes) < np {
		s.planes = make([]float32, np)
	}
	s.planes = s.planes[:np]
	clear(s.planes)
	s.feats.Fill(b, s.planes)
	buf := s.ws.buffersFor(net, w, h)
	buf.setInput(s.planes)
	q := s.q
	if grad != nil {
		q = nil // training differentiates the float network
	}
	buf.forward(s.ws.kern, q, s.ws.kern8)
	s.legal = LegalMask(b, s.legal)
	g := buf.g
	ti := t.Y*w + t.X
	target := float64(buf.logits[g.cell(t.X, t.Y)])
	// Softmax in float64 over the legal cells.
	m := math.Inf(-1)
	rank := 0
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			if i := y*w + x; s.legal[i] {
				v := float64(buf.logits[g.cell(x, y)])
				m = max(m, v)
				if v > target {
					rank++
				}
			}
		}
	}
	if cap(s.probs) < n {
		s.probs = make([]float64, n)
	}
	p := s.probs[:n]
	var sum float64
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			i := y*w + x
			p[i] = 0
			if s.legal[i] {
				p[i] = math.Exp(float64(buf.logits[g.cell(x, y)]) - m)
				sum += p[i]
			}
		}
	}
	logZ := m + math.Log(sum)
	out := outcome{loss: -(target - logZ), rank: rank}
	out.obj = (1 - alpha) * out.loss
	if alpha > 0 {
		for y := 0; y < h; y++ {
			for x := 0; x < w; x++ {
				if i := y*w + x; s.legal[i] && soft[i] > 0 {
					out.obj -= alpha * float64(soft[i]) * (float64(buf.logits[g.cell(x, y)]) - logZ)
				}
			}
		}
	}
	buf.valueGrad = false
	if s.head != nil && s.vtarget >= 0 {
		s.valueOf(buf, b, float32(m), p, sum, grad != nil, scale, &out)
	}
	if grad == nil {
		return out, true
	}
	buf.ensureGrad()
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			i := y*w + x
			d := p[i] / sum
			if i == ti {
				d -= 1 - alpha
			}
			if alpha > 0 && s.legal[i] {
				d -= alpha * float64(soft[i])
			}
			buf.dLogits[g.cell(x, y)] = float32(d) * scale
		}
	}
	buf.backward(s.ws.kern, grad)
	return out, true
}

// valueOf asks the sampler's value head about b, whose forward pass is in
// buf (top its largest legal logit, p/sum its policy over the legal
// cells), and records the verdict in out; with train set it also readies
// the head's gradient, times scale and the value's weight, for the
// backward pass.
func (s *sampler) valueOf(buf *buffers, b *engine.Board, top float32, p []float64, sum float64, train bool, scale float32, out *outcome) {
	nst := StatsLen(buf.net.arch)
	if cap(buf.stats) < nst {
		buf.stats = make([]float32, nst)
		buf.dStats = make([]float32, nst)
		buf.argmax = make([]int, buf.net.arch.Channels)
	}
	stats, dStats := buf.stats[:nst], buf.dStats[:nst]
	buf.trunkStats(stats, buf.argmax)
	var ent float64
	for i, ok := range s.legal[:len(p)] {
		if q := p[i] / sum; ok && q > 0 {
			ent -= q * math.Log(q)
		}
	}
	stats[nst-2], stats[nst-1] = top, float32(ent)
	var ds []float32
	if train {
		clear(dStats)
		ds = dStats
	}
	loss, right, ok := s.head.Loss(s.thread, b, stats, s.vtarget, ds, scale*s.vweight)
	if !ok {
		return
	}
	out.vloss, out.vright, out.valued = loss, right, true
	buf.valueGrad = train
}
