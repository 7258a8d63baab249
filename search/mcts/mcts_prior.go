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
	// PriorRich adds to PriorNear a weight per direction class of each
	// side (summed over the four lines through the candidate), a table of
	// both sides' combo pairs, each side's stones among the eight
	// neighbours and the distance from the third and fourth last moves
	// (priorRich). Better held out, weaker in play: against Rapfi at
	// 100,000 nodes a move -0.108 ± 0.040 a game over 200 pairs with
	// PriorNear (docs/testing.md, session 29).
	PriorRich
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
	// rich: also dirMe[our class] + dirOp[the opponent's class] in each of
	// the four lines, and old3, old4 [the distance class from the third and
	// fourth last moves]; and the pair and adj tables below.
	dirMe, dirOp [eval.NumDirClasses]float32
	old3, old4   [priorDist]float32
	// pair[our combo*priorCombos + the opponent's] and adj[priorAdjClass]:
	// also read when rich.
	pair [priorCombos * priorCombos]float32
	adj  [priorAdj]float32
	rich bool
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
	switch m {
	case PriorClassic:
		return &priorClassic
	case PriorRich:
		return &priorRich
	}
	return &priorNear
}

// priorCtx is what a logit reads besides the candidate: the model, the
// board coordinates of the recent moves it reads (last, prev, and for a
// rich model the third and fourth last; x -1000 when there is none or it
// is not read, so every distance is the last class) and the factor every
// logit is multiplied by (1/T for a softmax temperature T;
// Options.PriorTemp).
type priorCtx struct {
	m              *priorModel
	lx, ly, px, py int
	x3, y3, x4, y4 int
	scale          float32
}

// newPriorCtx prepares the logits of b's side to move under m.
func newPriorCtx(m *priorModel, b *engine.Board) priorCtx {
	c := priorCtx{m: m, lx: -1000, px: -1000, x3: -1000, x4: -1000, scale: 1}
	if !m.near {
		return c
	}
	recent := [...][2]*int{{&c.lx, &c.ly}, {&c.px, &c.py}, {&c.x3, &c.y3}, {&c.x4, &c.y4}}
	k := 2 // near reads the last two moves, rich all four
	if m.rich {
		k = 4
	}
	mv := b.Moves()
	for i, xy := range recent[:min(k, len(mv))] {
		*xy[0], *xy[1] = b.XY(mv[len(mv)-1-i])
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
	cm, co := e.Combo(p, me), e.Combo(p, op)
	l := m.attack[cm] + m.defence[co] + m.potMe*logOnePlus(e.WeightedPotential(p, me))
	if !m.near {
		return l * c.scale
	}
	x, y := e.Board().XY(p)
	l += m.potOp*logOnePlus(e.WeightedPotential(p, op)) +
		m.last[priorDistClass(x, y, c.lx, c.ly)] + m.prev[priorDistClass(x, y, c.px, c.py)]
	if m.rich {
		km, ko := e.Classes(p, me), e.Classes(p, op)
		l += m.dirMe[km[0]] + m.dirMe[km[1]] + m.dirMe[km[2]] + m.dirMe[km[3]] +
			m.dirOp[ko[0]] + m.dirOp[ko[1]] + m.dirOp[ko[2]] + m.dirOp[ko[3]] +
			m.old3[priorDistClass(x, y, c.x3, c.y3)] + m.old4[priorDistClass(x, y, c.x4, c.y4)] +
			m.pair[int(cm)*priorCombos+int(co)] + m.adj[priorAdjClass(e.Board(), p, me)]
	}
	return l * c.scale
}

// priorRich is fitted like priorNear (train-prior --rich, the combo pair
// table under an L2 penalty of 0.003), with both sides' direction classes,
// a table of (our combo, the opponent's) pairs, the stones of each side
// among the eight neighbours and the distance from the third and fourth
// last moves: held out, -2.353 a move against priorNear's -2.455 (top-1
// 34.3% against 33.6%; freestyle 20 -2.373, standard -2.537, renju -2.239),
// but more of the moves played rank past 20th (5.40% against 4.74%), and
// the tree plays worse with it (PriorRich).
var priorRich = priorModel{
	attack: [...]float32{
		eval.ComboNone: 0.356, eval.ComboForbidden: 0.000, eval.ComboTwo: -0.040, eval.ComboDoubleTwo: -0.213,
		eval.ComboThree: -0.193, eval.ComboDoubleClosedThree: -0.397, eval.ComboOpenThree: 0.859, eval.ComboFour: 0.618,
		eval.ComboDoubleThree: 1.648, eval.ComboFourThree: 3.642, eval.ComboDoubleFour: 5.390, eval.ComboStraightFour: 6.027,
		eval.ComboFive: 6.000,
	},
	defence: [...]float32{
		eval.ComboNone: 0.268, eval.ComboForbidden: -0.235, eval.ComboTwo: -0.119, eval.ComboDoubleTwo: -0.435,
		eval.ComboThree: -0.033, eval.ComboDoubleClosedThree: -0.050, eval.ComboOpenThree: 0.573, eval.ComboFour: 0.772,
		eval.ComboDoubleThree: 0.921, eval.ComboFourThree: 1.703, eval.ComboDoubleFour: 2.332, eval.ComboStraightFour: 2.408,
		eval.ComboFive: 5.000,
	},
	potMe: 2.406,
	potOp: -0.832,
	last:  [priorDist]float32{0.578, 0.271, 0.078, -0.098, -0.276, -0.585},
	prev:  [priorDist]float32{0.205, 0.153, -0.014, -0.112, -0.183, -0.201},
	dirMe: [eval.NumDirClasses]float32{-0.411, 0.575, -0.356, 0.259, 0.527, 0.091, 0.438, 1.015, 2.466, 0.000},
	dirOp: [eval.NumDirClasses]float32{-0.152, 0.479, -0.206, 0.151, 0.252, 0.529, 0.117, -0.006, -0.144, 0.000},
	old3:  [priorDist]float32{0.112, 0.013, -0.009, 0.023, -0.037, -0.026},
	old4:  [priorDist]float32{0.130, 0.144, 0.028, -0.074, -0.114, -0.159},
	pair: [priorCombos * priorCombos]float32{ // our combo's row, the opponent's column
		0.468, 0.067, -0.789, -0.210, -0.373, -0.015, 0.058, 0.074, 0.063, 0.147, 0.065, 0.438, 0.000,
		0.000, 0.000, 0.000, 0.000, 0.000, 0.000, 0.000, 0.000, 0.000, 0.000, 0.000, 0.000, 0.000,
		-0.716, 0.134, -0.571, -0.116, -0.243, 0.029, 0.229, 0.372, 0.094, 0.254, 0.057, 0.465, 0.000,
		-0.080, -0.000, 0.104, 0.016, 0.104, -0.022, 0.205, -0.074, 0.009, -0.062, -0.018, -0.191, 0.000,
		-0.065, 0.012, -0.041, 0.003, 0.031, -0.017, 0.030, 0.091, 0.020, -0.030, -0.028, -0.010, 0.000,
		0.218, 0.002, 0.051, 0.018, -0.005, 0.021, -0.040, -0.095, -0.007, -0.020, -0.005, -0.138, 0.000,
		0.106, -0.065, 0.402, 0.134, 0.242, 0.013, -0.026, -0.189, -0.063, -0.170, -0.035, -0.337, 0.000,
		-0.003, -0.130, 0.279, 0.071, 0.156, 0.003, -0.255, 0.160, -0.116, -0.090, -0.032, -0.046, 0.000,
		0.013, -0.001, 0.226, 0.019, 0.072, 0.003, -0.031, -0.187, 0.000, -0.017, -0.007, -0.087, 0.000,
		0.028, -0.008, 0.234, 0.018, -0.006, 0.000, -0.132, -0.093, -0.003, -0.000, 0.000, -0.038, 0.000,
		0.014, 0.000, 0.005, -0.000, -0.009, -0.000, -0.004, -0.005, -0.000, 0.000, 0.000, -0.001, 0.000,
		0.024, -0.012, 0.100, 0.048, 0.031, -0.014, -0.063, -0.050, -0.002, -0.018, 0.002, -0.036, 0.000,
		0.000, 0.000, 0.000, 0.000, 0.000, 0.000, 0.000, 0.000, 0.000, 0.000, 0.000, 0.000, 0.000,
	},
	adj: [priorAdj]float32{ // our neighbours' row (0 to 4 or more), the opponent's column
		-0.463, 0.255, 0.274, 0.190, 0.066,
		0.412, 0.224, 0.103, 0.081, 0.057,
		0.478, 0.167, -0.058, -0.084, -0.022,
		0.397, 0.074, -0.115, -0.253, -0.131,
		0.554, 0.208, -0.119, -0.170, -0.026,
	},
	near: true,
	rich: true,
}

// priorAdj is the number of adjacency classes: our stones among the eight
// neighbours (0 to 4 or more) times 5 plus the opponent's.
const priorAdj = 25

// priorAdjClass is p's adjacency class for me.
func priorAdjClass(b *engine.Board, p engine.Pos, me engine.Color) int {
	own, opp := 0, 0
	for _, d := range b.Dirs() {
		for _, q := range [2]engine.Pos{p + d, p - d} {
			switch b.At(q) {
			case me:
				own++
			case me.Opp():
				opp++
			}
		}
	}
	return min(own, 4)*5 + min(opp, 4)
}
