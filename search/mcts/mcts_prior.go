package mcts

import (
	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/eval"
)

// PriorModel names the evaluator's prior logits: the priors of every node
// until the network's are asked, and a quarter of each after (1 - λ,
// mctsPolicyMix; Options.Prior).
type PriorModel uint8

const (
	// PriorDefault is the measured default (PriorNear since 2026-11-30).
	PriorDefault PriorModel = iota
	// PriorClassic is the logits of 2026-11-21 to 2026-11-30: combos and
	// our potential.
	PriorClassic
	// PriorNear adds both sides' potentials and the distance to the last
	// two moves, fitted to strong engines' moves (priorNear). Against
	// Rapfi at 100,000 nodes a move, 0.5 s, 500 games paired with the
	// classic logits: +0.095 ± 0.028 a game; against full Rapfi on
	// freestyle 15 19.5% against 11.5% (docs/testing.md, session 27).
	PriorNear
)

// priorDist is the number of distance classes of a candidate from a recent
// move: Chebyshev distance 1 to priorDist-1, then priorDist or more (and no
// such move).
const priorDist = 6

// priorModel is one set of prior logits. A stone of the side to move on p
// has the logit attack[our combo there] + defence[the opponent's combo] +
// potMe*log(1+our potential) + potOp*log(1+the opponent's) + last[its
// distance class from the last move] + prev[from the move before].
type priorModel struct {
	attack, defence [eval.ComboFive + 1]float32
	potMe, potOp    float32
	last, prev      [priorDist]float32
	near            bool // the opponent's potential and the recent moves are read
}

// priorClassic: the combos count, but the potentials (which already rise
// steeply near threats) decide most. These weights maximise the likelihood
// of the moves played in 21,386 positions of Gomocup 2019-2021 games (-2.61
// a move; the combo logits doubled and a potential weight of 1.5 give
// -2.82).
var priorClassic = priorModel{
	attack: [...]float32{
		eval.ComboNone: 0, eval.ComboForbidden: 0, eval.ComboTwo: 0.1, eval.ComboDoubleTwo: 0.3,
		eval.ComboThree: 0.15, eval.ComboDoubleClosedThree: 0.5, eval.ComboOpenThree: 0.6,
		eval.ComboFour: 0.5, eval.ComboDoubleThree: 2, eval.ComboFourThree: 3,
		eval.ComboDoubleFour: 3, eval.ComboStraightFour: 3.5, eval.ComboFive: 6,
	},
	defence: [...]float32{
		eval.ComboNone: 0, eval.ComboForbidden: 0, eval.ComboTwo: 0.05, eval.ComboDoubleTwo: 0.2,
		eval.ComboThree: 0.1, eval.ComboDoubleClosedThree: 0.3, eval.ComboOpenThree: 0.4,
		eval.ComboFour: 0.25, eval.ComboDoubleThree: 1.5, eval.ComboFourThree: 2.25,
		eval.ComboDoubleFour: 2.25, eval.ComboStraightFour: 2.5, eval.ComboFive: 5,
	},
	potMe: 3,
}

// priorNear is fitted (softmax regression, Adam, 150 full-batch steps) to
// the moves of Gomocup's strongest leagues, 2019-2021 (Freestyle1,
// Standard1, Renju: 90,740 positions, every third move after the opening;
// 10% of the games held out): held out, -2.455 a move against priorClassic's
// -2.633 (top-1 33.6% against 33.4%). Without the distance classes the fit
// reaches -2.552: the last two moves carry half the gain.
var priorNear = priorModel{
	attack: [...]float32{
		eval.ComboNone: 0.055, eval.ComboForbidden: 0, eval.ComboTwo: -0.010, eval.ComboDoubleTwo: 0.381,
		eval.ComboThree: 0.207, eval.ComboDoubleClosedThree: 0.494, eval.ComboOpenThree: 0.409,
		eval.ComboFour: 0.078, eval.ComboDoubleThree: 0.806, eval.ComboFourThree: 2.841,
		eval.ComboDoubleFour: 4.417, eval.ComboStraightFour: 6.037, eval.ComboFive: 6,
	},
	defence: [...]float32{
		eval.ComboNone: 0.594, eval.ComboForbidden: 0.185, eval.ComboTwo: 0.409, eval.ComboDoubleTwo: 0.337,
		eval.ComboThree: 0.599, eval.ComboDoubleClosedThree: 0.689, eval.ComboOpenThree: 1.199,
		eval.ComboFour: 0.726, eval.ComboDoubleThree: 1.612, eval.ComboFourThree: 1.829,
		eval.ComboDoubleFour: 1.599, eval.ComboStraightFour: 1.465, eval.ComboFive: 5,
	},
	potMe: 5.212,
	potOp: -2.183,
	last:  [priorDist]float32{0.620, 0.332, 0.148, -0.074, -0.301, -0.602},
	prev:  [priorDist]float32{0.311, 0.173, -0.003, -0.151, -0.252, -0.300},
	near:  true,
}

// priorModelFor is the logit set m names.
func priorModelFor(m PriorModel) *priorModel {
	if m == PriorClassic {
		return &priorClassic
	}
	return &priorNear
}

// priorCtx is what a logit reads besides the candidate: the model, the
// board coordinates of the last two moves (x -1000 when there is none, so
// every distance is the last class) and the factor every logit is
// multiplied by (1/T for a softmax temperature T; Options.PriorTemp).
type priorCtx struct {
	m              *priorModel
	lx, ly, px, py int
	scale          float32
}

// newPriorCtx prepares the logits of b's side to move under m.
func newPriorCtx(m *priorModel, b *engine.Board) priorCtx {
	c := priorCtx{m: m, lx: -1000, px: -1000, scale: 1}
	if !m.near {
		return c
	}
	mv := b.Moves()
	if n := len(mv); n >= 1 {
		c.lx, c.ly = b.XY(mv[n-1])
		if n >= 2 {
			c.px, c.py = b.XY(mv[n-2])
		}
	}
	return c
}

// priorDistClass is the distance class of (x, y) from (ox, oy).
func priorDistClass(x, y, ox, oy int) int {
	d := max(x-ox, ox-x, y-oy, oy-y)
	return min(d, priorDist) - 1
}

// logit is the prior logit of a stone of me on p.
func (c *priorCtx) logit(e *eval.Evaluator, p engine.Pos, me, op engine.Color) float32 {
	m := c.m
	l := m.attack[e.Combo(p, me)] + m.defence[e.Combo(p, op)] +
		m.potMe*logOnePlus(e.WeightedPotential(p, me))
	if !m.near {
		return l * c.scale
	}
	x, y := e.Board().XY(p)
	return (l + m.potOp*logOnePlus(e.WeightedPotential(p, op)) +
		m.last[priorDistClass(x, y, c.lx, c.ly)] + m.prev[priorDistClass(x, y, c.px, c.py)]) * c.scale
}
