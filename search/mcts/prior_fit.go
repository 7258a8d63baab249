package mcts

import (
	"fmt"
	"math"
	"strings"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/eval"
)

// Fitting the evaluator's prior logits (priorModel) to the moves of game
// records: a softmax over the candidates the tree would list at the
// position (all of them, as at the root), maximising the likelihood of the
// move played (pbrain-kakugo train-prior).

// PriorSample is one position of a record: its candidates, with what the
// prior logits read of each, and which of them was played.
type PriorSample struct {
	Rule  engine.Rule
	rows  []priorRow
	label int
}

// priorRow is what the logits read of one candidate: both sides' combos
// there, the logs of both sides' potentials, the distance classes from the
// last four moves, both sides' direction classes and the adjacency class.
type priorRow struct {
	cm, co, dl, dn, d3, d4 uint8
	adj                    uint8
	clm, clo               [4]eval.DirClass
	lpm, lpo               float32
}

// PriorSamples replays moves on b (an empty board of the record's rule and
// size) and returns a sample of each position from ply from on whose ply
// is phase modulo every, where the tree lists several candidates among
// ordinary moves (no five to make or stop) and the move played is one of
// them; missing counts the positions left out because it was not. The
// replay stops at an illegal move.
func PriorSamples(b *engine.Board, moves []engine.Pos, from, every, phase int) (samples []PriorSample, missing int) {
	e := eval.Attach(b)
	defer e.Detach()
	near := newMctsNear(b)
	b.Attach(near)
	defer b.Detach(near)
	gen := newMctsGen(b, nil) // listed in the classic logits' order
	for i, p := range moves {
		if i >= from && i%every == phase && b.MoveCount() > 0 {
			if s, ok, miss := priorSample(e, gen, near, p); ok {
				samples = append(samples, s)
			} else if miss {
				missing++
			}
		}
		if !b.Legal(p) {
			break
		}
		b.Make(p)
	}
	return samples, missing
}

// priorSample is the sample of e's position with p played (ok), or none:
// miss when p is not among several ordinary candidates.
func priorSample(e *eval.Evaluator, gen *mctsGen, near *mctsNear, p engine.Pos) (s PriorSample, ok, miss bool) {
	b := e.Board()
	cands, out := gen.candidates(e, near, 0)
	if out != mctsMoves || len(cands) < 2 {
		return s, false, false
	}
	me := b.SideToMove()
	op := me.Opp()
	ctx := newPriorCtx(&priorRich, b) // every recent move a row reads
	s = PriorSample{Rule: b.Rule(), label: -1, rows: make([]priorRow, 0, len(cands))}
	for j, c := range cands {
		x, y := b.XY(c.p)
		s.rows = append(s.rows, priorRow{cm: uint8(e.Combo(c.p, me)), co: uint8(e.Combo(c.p, op)),
			dl:  uint8(priorDistClass(x, y, ctx.lx, ctx.ly)),
			dn:  uint8(priorDistClass(x, y, ctx.px, ctx.py)),
			d3:  uint8(priorDistClass(x, y, ctx.x3, ctx.y3)),
			d4:  uint8(priorDistClass(x, y, ctx.x4, ctx.y4)),
			clm: e.Classes(c.p, me), clo: e.Classes(c.p, op), adj: uint8(priorAdjClass(b, c.p, me)),
			lpm: logOnePlus(e.WeightedPotential(c.p, me)), lpo: logOnePlus(e.WeightedPotential(c.p, op))})
		if c.p == p {
			s.label = j
		}
	}
	if s.label < 0 {
		return s, false, true
	}
	return s, true, false
}

// PriorFit is a set of prior logits, fitted or one of the search's own,
// its weights in float64 for the fit (at the places the pw constants name).
type PriorFit struct{ w [priorParams]float64 }

// priorParams is the number of fitted weights: both combo tables, the
// distance tables of the last two moves, both potentials' weights, then
// PriorRich's: both direction class tables, the distance tables of the
// third and fourth last moves, the combo pair table and the adjacency
// table.
const priorParams = pwAdj + priorAdj

// priorNearParams is the number of PriorNear's weights, the first ones.
const priorNearParams = pwDirMe

// priorCombos is the size of the combo tables.
const priorCombos = int(eval.ComboFive) + 1

// The weights' places in PriorFit.w.
const (
	pwAttack  = 0
	pwDefence = pwAttack + priorCombos
	pwLast    = pwDefence + priorCombos
	pwPrev    = pwLast + priorDist
	pwPotMe   = pwPrev + priorDist
	pwPotOp   = pwPotMe + 1
	pwDirMe   = pwPotOp + 1
	pwDirOp   = pwDirMe + eval.NumDirClasses
	pwOld3    = pwDirOp + eval.NumDirClasses
	pwOld4    = pwOld3 + priorDist
	pwPair    = pwOld4 + priorDist
	pwAdj     = pwPair + priorCombos*priorCombos
)

// fitOf is m's weights.
func fitOf(m *priorModel) PriorFit {
	var f PriorFit
	for i := range priorCombos {
		f.w[pwAttack+i], f.w[pwDefence+i] = float64(m.attack[i]), float64(m.defence[i])
	}
	for i := range priorDist {
		f.w[pwLast+i], f.w[pwPrev+i] = float64(m.last[i]), float64(m.prev[i])
	}
	f.w[pwPotMe], f.w[pwPotOp] = float64(m.potMe), float64(m.potOp)
	for i := range eval.NumDirClasses {
		f.w[pwDirMe+i], f.w[pwDirOp+i] = float64(m.dirMe[i]), float64(m.dirOp[i])
	}
	for i := range priorDist {
		f.w[pwOld3+i], f.w[pwOld4+i] = float64(m.old3[i]), float64(m.old4[i])
	}
	for i, v := range m.pair {
		f.w[pwPair+i] = float64(v)
	}
	for i, v := range m.adj {
		f.w[pwAdj+i] = float64(v)
	}
	return f
}

// ClassicPrior, NearPrior and RichPrior are the search's logit sets
// (PriorClassic, PriorNear, PriorRich).
func ClassicPrior() PriorFit { return fitOf(&priorClassic) }
func NearPrior() PriorFit    { return fitOf(&priorNear) }
func RichPrior() PriorFit    { return fitOf(&priorRich) }

// logit is r's logit under f.
func (f *PriorFit) logit(r *priorRow) float64 {
	l := f.w[pwAttack+int(r.cm)] + f.w[pwDefence+int(r.co)] + f.w[pwPotMe]*float64(r.lpm) +
		f.w[pwPotOp]*float64(r.lpo) + f.w[pwLast+int(r.dl)] + f.w[pwPrev+int(r.dn)] +
		f.w[pwOld3+int(r.d3)] + f.w[pwOld4+int(r.d4)] + f.w[pwPair+int(r.cm)*priorCombos+int(r.co)] + f.w[pwAdj+int(r.adj)]
	for k := range 4 {
		l += f.w[pwDirMe+int(r.clm[k])] + f.w[pwDirOp+int(r.clo[k])]
	}
	return l
}

// grad adds g times r's features to the gradient d.
func (r *priorRow) grad(d *[priorParams]float64, g float64) {
	d[pwAttack+int(r.cm)] += g
	d[pwDefence+int(r.co)] += g
	d[pwLast+int(r.dl)] += g
	d[pwPrev+int(r.dn)] += g
	d[pwOld3+int(r.d3)] += g
	d[pwOld4+int(r.d4)] += g
	d[pwPair+int(r.cm)*priorCombos+int(r.co)] += g
	d[pwAdj+int(r.adj)] += g
	d[pwPotMe] += g * float64(r.lpm)
	d[pwPotOp] += g * float64(r.lpo)
	for k := range 4 {
		d[pwDirMe+int(r.clm[k])] += g
		d[pwDirOp+int(r.clo[k])] += g
	}
}

// softmax writes the candidates' probabilities under f into p and returns
// the log-probability of the move played and its rank (0: the top logit).
func (f *PriorFit) softmax(s *PriorSample, p []float64) (ll float64, rank int) {
	top := math.Inf(-1)
	for j := range s.rows {
		p[j] = f.logit(&s.rows[j])
		top = max(top, p[j])
	}
	played := p[s.label]
	sum := 0.0
	for j := range s.rows {
		if p[j] > played {
			rank++
		}
		p[j] = math.Exp(p[j] - top)
		sum += p[j]
	}
	for j := range s.rows {
		p[j] /= sum
	}
	return played - top - math.Log(sum), rank
}

// PriorScore is how well a logit set predicts the moves of some samples.
type PriorScore struct {
	N int
	// LogLik is the mean log-probability of the move played; Top1 the
	// share of positions where it has the top logit; Top5 among the best
	// five; Past20 ranked 21st or lower (a move the tree rarely visits);
	// InWidth among the tree's children below the root (the best
	// maxChildren); Entropy the mean entropy of the candidates' softmax.
	LogLik, Top1, Top5, Past20, InWidth, Entropy float64
}

// Score rates f on the samples that keep accepts.
func (f PriorFit) Score(samples []PriorSample, keep func(*PriorSample) bool) PriorScore {
	var sc PriorScore
	var p []float64
	width := mctsDefaults().maxChildren
	for i := range samples {
		s := &samples[i]
		if !keep(s) {
			continue
		}
		p = growFloats(p, len(s.rows))
		ll, rank := f.softmax(s, p)
		sc.N++
		sc.LogLik += ll
		sc.Top1 += b2f(rank == 0)
		sc.Top5 += b2f(rank < 5)
		sc.Past20 += b2f(rank >= 20)
		sc.InWidth += b2f(rank < width)
		for _, v := range p {
			if v > 0 {
				sc.Entropy -= v * math.Log(v)
			}
		}
	}
	if sc.N > 0 {
		n := float64(sc.N)
		sc.LogLik, sc.Top1, sc.Top5, sc.Past20, sc.InWidth, sc.Entropy =
			sc.LogLik/n, sc.Top1/n, sc.Top5/n, sc.Past20/n, sc.InWidth/n, sc.Entropy/n
	}
	return sc
}

// b2f is 1 for true, 0 for false.
func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

func growFloats(p []float64, n int) []float64 {
	if cap(p) < n {
		return make([]float64, n)
	}
	return p[:n]
}

// PriorFitOptions are FitPrior's settings.
type PriorFitOptions struct {
	Steps int     // full-batch Adam steps
	LR    float64 // Adam's learning rate
	// Rich fits PriorRich's weights too (else they stay 0: PriorNear's form).
	Rich bool
	// PairL2 is the weight of an L2 penalty on the combo pair table, which
	// keeps its rare cells (two strong combos on one point) near 0, where
	// the two combo tables decide.
	PairL2 float64
}

// FitPrior fits the logits to the moves of train by full-batch Adam (from
// the classic logits), reporting the mean log-likelihood before each step
// to progress (nil: none). The same samples and options give the same fit.
func FitPrior(train []PriorSample, o PriorFitOptions, progress func(step int, ll float64)) PriorFit {
	f := ClassicPrior()
	free := priorNearParams
	if o.Rich {
		free = priorParams
	}
	var grad, mom, vel [priorParams]float64
	var p []float64
	for step := 1; step <= o.Steps; step++ {
		clear(grad[:])
		ll := 0.0
		for i := range train {
			s := &train[i]
			p = growFloats(p, len(s.rows))
			l, _ := f.softmax(s, p)
			ll += l
			for j := range s.rows {
				g := p[j] // the loss -log p[label] has gradient p - onehot in the logits
				if j == s.label {
					g--
				}
				s.rows[j].grad(&grad, g)
			}
		}
		n := float64(max(len(train), 1))
		if progress != nil {
			progress(step, ll/n)
		}
		b1, b2 := 1-math.Pow(0.9, float64(step)), 1-math.Pow(0.999, float64(step))
		for k := range free {
			g := grad[k] / n
			if k >= pwPair && k < pwAdj {
				g += o.PairL2 * f.w[k]
			}
			mom[k] = 0.9*mom[k] + 0.1*g
			vel[k] = 0.999*vel[k] + 0.001*g*g
			f.w[k] -= o.LR * (mom[k] / b1) / (math.Sqrt(vel[k]/b2) + 1e-8)
		}
	}
	return f
}

// priorComboNames are the eval.Combo constants' names, for String.
var priorComboNames = [priorCombos]string{"None", "Forbidden", "Two", "DoubleTwo", "Three",
	"DoubleClosedThree", "OpenThree", "Four", "DoubleThree", "FourThree", "DoubleFour",
	"StraightFour", "Five"}

// String writes the logits as the fields of a priorModel literal, to paste
// into mcts_prior.go.
func (f PriorFit) String() string {
	var sb strings.Builder
	row := func(name string, v []float64, combos bool) {
		fmt.Fprintf(&sb, "%s: [...]float32{", name)
		for i, x := range v {
			if i > 0 {
				sb.WriteString(", ")
			}
			if combos {
				fmt.Fprintf(&sb, "eval.Combo%s: ", priorComboNames[i])
			}
			fmt.Fprintf(&sb, "%.3f", x)
		}
		sb.WriteString("},\n")
	}
	row("attack", f.w[pwAttack:pwDefence], true)
	row("defence", f.w[pwDefence:pwLast], true)
	fmt.Fprintf(&sb, "potMe: %.3f,\npotOp: %.3f,\n", f.w[pwPotMe], f.w[pwPotOp])
	row("last", f.w[pwLast:pwPrev], false)
	row("prev", f.w[pwPrev:pwPotMe], false)
	row("dirMe", f.w[pwDirMe:pwDirOp], false)
	row("dirOp", f.w[pwDirOp:pwOld3], false)
	row("old3", f.w[pwOld3:pwOld4], false)
	row("old4", f.w[pwOld4:pwPair], false)
	row("pair", f.w[pwPair:pwAdj], false)
	row("adj", f.w[pwAdj:priorParams], false)
	return sb.String()
}
