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
// last two moves.
type priorRow struct {
	cm, co, dl, dn uint8
	lpm, lpo       float32
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
	ctx := newPriorCtx(&priorNear, b)
	s = PriorSample{Rule: b.Rule(), label: -1, rows: make([]priorRow, 0, len(cands))}
	for j, c := range cands {
		x, y := b.XY(c.p)
		s.rows = append(s.rows, priorRow{cm: uint8(e.Combo(c.p, me)), co: uint8(e.Combo(c.p, op)),
			dl:  uint8(priorDistClass(x, y, ctx.lx, ctx.ly)),
			dn:  uint8(priorDistClass(x, y, ctx.px, ctx.py)),
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

// priorParams is the number of fitted weights: both combo tables, both
// distance tables, both potentials' weights.
const priorParams = 2*priorCombos + 2*priorDist + 2

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
	return f
}

// ClassicPrior and NearPrior are the search's logit sets (PriorClassic,
// PriorNear).
func ClassicPrior() PriorFit { return fitOf(&priorClassic) }
func NearPrior() PriorFit    { return fitOf(&priorNear) }

// logit is r's logit under f.
func (f *PriorFit) logit(r priorRow) float64 {
	return f.w[pwAttack+int(r.cm)] + f.w[pwDefence+int(r.co)] + f.w[pwPotMe]*float64(r.lpm) +
		f.w[pwPotOp]*float64(r.lpo) + f.w[pwLast+int(r.dl)] + f.w[pwPrev+int(r.dn)]
}

// softmax writes the candidates' probabilities under f into p and returns
// the log-probability of the move played and its rank (0: the top logit).
func (f *PriorFit) softmax(s *PriorSample, p []float64) (ll float64, rank int) {
	top := math.Inf(-1)
	for j, r := range s.rows {
		p[j] = f.logit(r)
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
	// share of positions where it has the top logit; InWidth where it is
	// among the tree's children below the root (the best maxChildren).
	LogLik, Top1, InWidth float64
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
		if rank == 0 {
			sc.Top1++
		}
		if rank < width {
			sc.InWidth++
		}
	}
	if sc.N > 0 {
		n := float64(sc.N)
		sc.LogLik, sc.Top1, sc.InWidth = sc.LogLik/n, sc.Top1/n, sc.InWidth/n
	}
	return sc
}

func growFloats(p []float64, n int) []float64 {
	if cap(p) < n {
		return make([]float64, n)
	}
	return p[:n]
}

// FitPrior fits the logits to the moves of train by full-batch Adam (steps
// steps of learning rate lr, from the classic logits), reporting the mean
// log-likelihood before each step to progress (nil: none). The same
// samples and settings give the same fit.
func FitPrior(train []PriorSample, steps int, lr float64, progress func(step int, ll float64)) PriorFit {
	f := ClassicPrior()
	var grad, mom, vel [priorParams]float64
	var p []float64
	for step := 1; step <= steps; step++ {
		clear(grad[:])
		ll := 0.0
		for i := range train {
			s := &train[i]
			p = growFloats(p, len(s.rows))
			l, _ := f.softmax(s, p)
			ll += l
			for j, r := range s.rows {
				g := p[j] // the loss -log p[label] has gradient p - onehot in the logits
				if j == s.label {
					g--
				}
				grad[pwAttack+int(r.cm)] += g
				grad[pwDefence+int(r.co)] += g
				grad[pwLast+int(r.dl)] += g
				grad[pwPrev+int(r.dn)] += g
				grad[pwPotMe] += g * float64(r.lpm)
				grad[pwPotOp] += g * float64(r.lpo)
			}
		}
		n := float64(max(len(train), 1))
		if progress != nil {
			progress(step, ll/n)
		}
		b1, b2 := 1-math.Pow(0.9, float64(step)), 1-math.Pow(0.999, float64(step))
		for k := range f.w {
			g := grad[k] / n
			mom[k] = 0.9*mom[k] + 0.1*g
			vel[k] = 0.999*vel[k] + 0.001*g*g
			f.w[k] -= lr * (mom[k] / b1) / (math.Sqrt(vel[k]/b2) + 1e-8)
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
	return sb.String()
}
