package eval

// Tier is a coarse grade of a combo class, for counting the points where
// both sides have something (TierPairs): combos that play alike share a
// tier. Tiers are ordered by strength.
type Tier uint8

// The tiers, weakest first.
const (
	// TierNone: no two or better, or a renju forbidden point.
	TierNone Tier = iota
	// TierTwo: a two or open two.
	TierTwo
	// TierDoubleTwo: two or more open twos.
	TierDoubleTwo
	// TierThree: one or more closed threes (a four to make next move).
	TierThree
	// TierOpenThree: an open three.
	TierOpenThree
	// TierFour: a four.
	TierFour
	// TierDoubleThree: two open threes.
	TierDoubleThree
	// TierWinning: a five, straight four, double four or four-three.
	TierWinning
	// NumTiers is the number of tiers.
	NumTiers = int(TierWinning) + 1
)

// comboTier is the tier of each combo class.
var comboTier = [numCombos]Tier{
	ComboNone:              TierNone,
	ComboForbidden:         TierNone,
	ComboTwo:               TierTwo,
	ComboDoubleTwo:         TierDoubleTwo,
	ComboThree:             TierThree,
	ComboDoubleClosedThree: TierThree,
	ComboOpenThree:         TierOpenThree,
	ComboFour:              TierFour,
	ComboDoubleThree:       TierDoubleThree,
	ComboFourThree:         TierWinning,
	ComboDoubleFour:        TierWinning,
	ComboStraightFour:      TierWinning,
	ComboFive:              TierWinning,
}

// TierOf is the tier of combo class c.
func TierOf(c Combo) Tier {
	if c < numCombos {
		return comboTier[c]
	}
	return TierNone
}

// TierPairs is the number of free points where black's combo has tier b
// and white's tier w (0 for the pair TierNone, TierNone, which is not
// counted), counted at the first call after a move (tally).
func (e *Evaluator) TierPairs(b, w Tier) int {
	e.tally()
	return int(e.tierPairs[b][w])
}
