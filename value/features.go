package value

import (
	"fmt"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/eval"
)

// FeatureSet names the features a model reads; a weight file records it,
// and a model applies only to the features it was fitted on.
type FeatureSet uint16

// The feature sets. Every feature is a count (or flag) the evaluator keeps
// incrementally, seen from the side to move ("own") and the opponent.
const (
	// Counts: a bias, the static score (Evaluate/400), black to move, the
	// monomial rank counts of ranks 0-7 (windows with at least one own
	// stone; the empty windows, whose number grows with the board, are left
	// out) for both sides, both sides' four and open-three points, and the
	// opponent's five points (a five to block).
	Counts FeatureSet = 1
	// Combos: Counts, plus both sides' counts of the free points of each
	// combo class from forbidden to straight four, plus two interactions:
	// own open threes while the opponent has no four (a threat it must
	// answer), and the opponent's threes while the side to move has no four.
	Combos FeatureSet = 2
	// Patterns: Combos, plus the number of free points of each pair of
	// tiers (eval.Tier: the side to move's combo there graded, and the
	// opponent's), the pair of empty tiers left out, and a one-hot of the
	// pair of both sides' best tiers anywhere (who is ahead in the race of
	// threats, which a sum of counts cannot say).
	Patterns FeatureSet = 3
	// Codes: Patterns, plus for each line-pattern code (the multiset of a
	// free point's four direction classes, codes.go) the number of free
	// points with that code for the side to move, then for the opponent.
	// Its models are fitted by the hidden layer's training (the Newton
	// step fits the Patterns prefix), so they have hidden units.
	Codes FeatureSet = 4
	// Trunk: not the evaluator's counts but the policy network's reading
	// of the position, for a value at the tree's nodes where the network
	// is asked anyway (trunk.go): a bias, the learned leaf value's logit,
	// and the trunk statistics of the 24-channel policy network
	// (nn.StatsLen). Extract cannot fill it; TrunkFeatures does.
	Trunk FeatureSet = 5
	// Fine: Codes with finer classes (fine.go): the open twos told apart
	// by their number of open-three points and the open threes by their
	// number of straight-four points, as Rapfi's line patterns are.
	Fine FeatureSet = 6
)

// rankFeatures is how many ranks (0 to rankFeatures-1) are features.
const rankFeatures = 8

// comboLo and comboHi are the combo classes counted by Combos.
const (
	comboLo = eval.ComboForbidden
	comboHi = eval.ComboStraightFour
)

const (
	countsLen = 3 + 2*rankFeatures + 5
	combosLen = countsLen + 2*int(comboHi-comboLo+1) + 2
	tiers     = eval.NumTiers
	// patternsLen adds tiers² - 1 pair counts and tiers² one-hot flags.
	patternsLen = combosLen + 2*tiers*tiers - 1
	// codesLen adds both colours' code counts.
	codesLen = patternsLen + 2*codesOwn
	// fineLen adds both colours' fine code counts.
	fineLen = patternsLen + 2*fineOwn
	// trunkLen is the Trunk set's length: the bias, the leaf logit and
	// the statistics of 24 channels (a mean and a maximum each) plus the
	// top logit and the policy's entropy.
	trunkLen = 2 + 2*24 + 2
	// MaxFeatures bounds the length of every feature set.
	MaxFeatures = fineLen
	// TrunkLen is the Trunk set's length (a buffer for
	// TrunkFeatures need not be MaxFeatures long).
	TrunkLen = trunkLen
)

// Sparse reports whether the set counts line-pattern codes (Codes, Fine):
// mostly zero features, fitted by the hidden layer's training.
func (s FeatureSet) Sparse() bool { return s == Codes || s == Fine }

// PrefixOf reports whether the set's features are the first features of
// t: Counts, Combos, Patterns and Codes each begin with the ones before
// (and Fine with Patterns, but not with Codes). Trunk begins with none.
func (s FeatureSet) PrefixOf(t FeatureSet) bool {
	if s == t {
		return true
	}
	if s == Trunk || t == Trunk || s == Codes || s == Fine {
		return false
	}
	return s < t // Counts < Combos < Patterns < Codes, Fine
}

// Len is the number of features of the set, 0 for an unknown set.
func (s FeatureSet) Len() int {
	switch s {
	case Counts:
		return countsLen
	case Combos:
		return combosLen
	case Patterns:
		return patternsLen
	case Codes:
		return codesLen
	case Trunk:
		return trunkLen
	case Fine:
		return fineLen
	}
	return 0
}

// String names the set as the train-value command does.
func (s FeatureSet) String() string {
	switch s {
	case Counts:
		return "counts"
	case Combos:
		return "combos"
	case Patterns:
		return "patterns"
	case Codes:
		return "codes"
	case Trunk:
		return "trunk"
	case Fine:
		return "fine"
	}
	return fmt.Sprintf("features(%d)", uint16(s))
}

// ParseFeatureSet reads a set by the name String gives it.
func ParseFeatureSet(name string) (FeatureSet, error) {
	for _, s := range []FeatureSet{Counts, Combos, Patterns, Codes, Trunk, Fine} {
		if s.String() == name {
			return s, nil
		}
	}
	return 0, fmt.Errorf("unknown feature set %q (counts, combos, patterns, codes, fine or trunk)", name)
}

// staticScale divides the static score into a feature of order one.
const staticScale = 400

// exactScore is the static score from which Evaluate's answer is a
// detected win or loss rather than a reading of the counts (its ordinary
// values stay far below WinScore/8).
const exactScore = eval.WinScore / 8

// Exact reports whether the static score s is a detected win or loss,
// and its value in [-1, 1] for the side to move.
func Exact(s int) (float64, bool) {
	switch {
	case s >= exactScore:
		return 1, true
	case s <= -exactScore:
		return -1, true
	}
	return 0, false
}

// Extract writes the features of set for e's position, side to move first,
// into dst (at least set.Len() long) given the position's static score
// (e.Evaluate(), which the caller has already read), and returns the
// filled prefix. The Trunk set is the network's, not the evaluator's:
// Extract gives its bias alone, the rest zero (TrunkFeatures fills it).
func Extract(set FeatureSet, e *eval.Evaluator, static int, dst []float32) []float32 {
	me := e.Board().SideToMove()
	op := me.Opp()
	f := dst[:set.Len()]
	if set == Trunk {
		clear(f)
		f[0] = 1
		return f
	}
	f[0] = 1
	f[1] = float32(static) / staticScale
	f[2] = 0
	if me == engine.Black {
		f[2] = 1
	}
	mr, or := e.RankCounts(me), e.RankCounts(op)
	i := 3
	for r := range rankFeatures {
		f[i], f[i+rankFeatures] = float32(mr[r]), float32(or[r])
		i++
	}
	i += rankFeatures
	myFours, opFours := len(e.Fours(me)), len(e.Fours(op))
	myThrees, opThrees := len(e.Threes(me)), len(e.Threes(op))
	f[i], f[i+1], f[i+2], f[i+3] = float32(myFours), float32(opFours), float32(myThrees), float32(opThrees)
	f[i+4] = float32(len(e.Fives(op)))
	i += 5
	if set == Counts {
		return f
	}
	for k := comboLo; k <= comboHi; k++ {
		f[i], f[i+int(comboHi-comboLo+1)] = float32(e.ComboCount(me, k)), float32(e.ComboCount(op, k))
		i++
	}
	i += int(comboHi - comboLo + 1)
	f[i], f[i+1] = 0, 0
	if opFours == 0 {
		f[i] = float32(myThrees)
	}
	if myFours == 0 {
		f[i+1] = float32(opThrees)
	}
	if set == Combos {
		return f
	}
	extractPatterns(e, me, f[combosLen:patternsLen])
	if set == Patterns {
		return f
	}
	extractCodes(set, e, me, f[patternsLen:])
	return f
}

// extractPatterns writes the Patterns set's own features into f: the
// tier-pair counts from the side to move's view, then the one-hot of the
// best tiers.
func extractPatterns(e *eval.Evaluator, me engine.Color, f []float32) {
	clear(f)
	var best [2]eval.Tier // the side to move's, the opponent's
	for a := range eval.Tier(tiers) {
		for b := range eval.Tier(tiers) {
			var n int
			if me == engine.Black {
				n = e.TierPairs(a, b)
			} else {
				n = e.TierPairs(b, a)
			}
			if n == 0 {
				continue
			}
			best[0], best[1] = max(best[0], a), max(best[1], b)
			if k := int(a)*tiers + int(b); k > 0 {
				f[k-1] = float32(n)
			}
		}
	}
	f[tiers*tiers-1+int(best[0])*tiers+int(best[1])] = 1
}
