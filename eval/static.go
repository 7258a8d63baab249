package eval

import "github.com/kakugo/kakugo/engine"

// WinScore is the static score of a position the side to move wins at
// once; forced wins and losses found without search score a fraction of
// it, so that searches can tell them from ordinary values (which stay far
// below WinScore/8).
const WinScore = 1 << 20

// rankWeight values a monomial by its rank (Garcia 3.2): each step of rank
// roughly triples it, and an unblockable (even) rank is worth about twice
// the blockable one below it. Ranks 0 and 1 (fours on the board) are valued
// through the five points instead.
var rankWeight = [NumRanks]int32{0, 0, 160, 60, 40, 14, 8, 4, 2, 1, 0}

// Evaluate is a static score of the position for the side to move:
// positive is good for it. It reads the threat sets and rank counts and
// does no search, so it costs about as much as a few dozen table reads.
//
// In order: a five to play wins (WinScore); two opponent fives that cannot
// both be blocked (or one that renju black may not block) lose; with no
// opponent five to block, a straight four, double four or four-three to
// play wins (WinScore/2), and so does a double three when the opponent has
// no four to interpose (WinScore/4). Otherwise the score is the difference
// of the rank-weighted monomial counts, the side to move's counted a fifth
// higher for the tempo, plus a bonus for its fours and threes to play
// (dropped when it must block a five first).
func (e *Evaluator) Evaluate() int {
	me := e.b.SideToMove()
	op := me.Opp()
	mi, oi := me-1, op-1
	if len(e.sets[mi][setFive].items) > 0 {
		return WinScore
	}
	opFives := e.sets[oi][setFive].items
	forced := len(opFives) > 0
	if forced {
		if len(opFives) >= 2 || (me == engine.Black && e.Forbidden(opFives[0])) {
			return -WinScore / 2
		}
	} else {
		best := ComboNone
		for _, p := range e.sets[mi][setFour].items {
			best = max(best, e.pts[p].combo[mi])
		}
		if best.Winning() {
			return WinScore / 2
		}
		if len(e.sets[oi][setFour].items) == 0 {
			for _, p := range e.sets[mi][setThree].items {
				if e.pts[p].combo[mi] == ComboDoubleThree {
					return WinScore / 4
				}
			}
		}
	}
	var score int32
	for r, w := range rankWeight {
		score += w * (6*e.rankCount[mi][r] - 5*e.rankCount[oi][r])
	}
	score /= 5
	if !forced {
		score += 30*int32(len(e.sets[mi][setFour].items)) + 60*int32(len(e.sets[mi][setThree].items))
	}
	score -= 20*int32(len(e.sets[oi][setFour].items)) + 40*int32(len(e.sets[oi][setThree].items))
	return int(score)
}
