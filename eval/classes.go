package eval

// DirClass is what a stone placed on a free point makes along one direction
// (Garcia's point configuration, 3.1.1). Classes are ordered by strength,
// except Overline, which sits at the bottom because it never helps the side
// that makes it (it only exists where an overline does not win).
type DirClass uint8

// Direction classes, weakest first.
const (
	// ClassNone: nothing that can still grow into a five containing the stone.
	ClassNone DirClass = iota
	// ClassOverline: a run of six or more where that does not win (exact five,
	// renju black). For renju black it makes the point forbidden.
	ClassOverline
	// ClassTwo: one more stone makes a (closed) three.
	ClassTwo
	// ClassOpenTwo: one more stone makes an open three.
	ClassOpenTwo
	// ClassThree: a closed three: one more stone makes a four.
	ClassThree
	// ClassOpenThree: an open (free) three: one more stone makes a straight
	// four. For renju black the straight four must be the rules' one (a run of
	// exactly four with empty ends that each make exactly five); whether the
	// three is real (its straight-four point is not itself forbidden) is not a
	// line-local question and is settled when combos are formed.
	ClassOpenThree
	// ClassFour: one point completes a five.
	ClassFour
	// ClassFourFour: two or more five points that are not the two ends of one
	// straight four (X.XXX.X): two fours in one line, forbidden for renju
	// black and as good as a straight four for everyone else.
	ClassFourFour
	// ClassStraightFour: an open four: a run of four with a five point at each end.
	ClassStraightFour
	// ClassFive: the stone wins.
	ClassFive
	numDirClasses
)

// NumDirClasses is the number of direction classes (ClassNone to ClassFive).
const NumDirClasses = int(numDirClasses)

var dirClassNames = [numDirClasses]string{
	"none", "overline", "two", "open-two", "three", "open-three",
	"four", "four-four", "straight-four", "five",
}

func (c DirClass) String() string {
	if c < numDirClasses {
		return dirClassNames[c]
	}
	return "class(?)"
}

// IsFour reports whether the class is a four of any kind (it threatens a five).
func (c DirClass) IsFour() bool { return c >= ClassFour && c <= ClassStraightFour }

// Combo is what a stone on a free point makes when its four direction classes
// are taken together (Garcia 3.1.2). Values from ComboTwo up are ordered by
// strength; ComboForbidden sits just above ComboNone so that strength
// comparisons such as c >= ComboFour never pick a forbidden point.
type Combo uint8

// Combo classes, weakest first.
const (
	// ComboNone: no two, no three, no four.
	ComboNone Combo = iota
	// ComboForbidden: renju black may not play here (overline, double four or
	// double three, with no five).
	ComboForbidden
	// ComboTwo: at least one two or open two, nothing stronger.
	ComboTwo
	// ComboDoubleTwo: two or more open twos.
	ComboDoubleTwo
	// ComboThree: one closed three (plus twos).
	ComboThree
	// ComboDoubleClosedThree: two or more closed threes: two four threats at
	// once on the next move.
	ComboDoubleClosedThree
	// ComboOpenThree: one open three (plus closed threes or twos).
	ComboOpenThree
	// ComboFour: one four, no open three.
	ComboFour
	// ComboDoubleThree: two or more open threes and no four. Renju black
	// never has it: only real threes count for black, and two real threes
	// make the point forbidden.
	ComboDoubleThree
	// ComboFourThree: one four and at least one open three.
	ComboFourThree
	// ComboDoubleFour: two or more fours (in two lines, or two in one line),
	// and no five.
	ComboDoubleFour
	// ComboStraightFour: an open four.
	ComboStraightFour
	// ComboFive: the stone wins.
	ComboFive
	numCombos
)

var comboNames = [numCombos]string{
	"none", "forbidden", "two", "double-two", "three", "double-closed-three",
	"open-three", "four", "double-three", "four-three", "double-four",
	"straight-four", "five",
}

func (c Combo) String() string {
	if c < numCombos {
		return comboNames[c]
	}
	return "combo(?)"
}

// Winning reports whether the combo wins by force if the opponent has no
// fours of his own to interpose: a five, a straight four, a double four or a
// four-three. (A double three also wins against a defender without fours or
// threes of his own, but less surely; test it with c >= ComboDoubleThree.)
func (c Combo) Winning() bool { return c >= ComboFourThree }

// Flag bits summarise a point's threats for one colour.
const (
	// FlagFive: a stone here makes a winning five.
	FlagFive uint8 = 1 << iota
	// FlagFour: a stone here makes at least one four (of any kind).
	FlagFour
	// FlagOpenThree: a stone here makes at least one open three (a real one
	// for renju black).
	FlagOpenThree
	// FlagForbidden: renju black may not play here.
	FlagForbidden
	// FlagUncertain: renju black only: settling the point needed the
	// recursive forbidden-point check, which is redone after every move.
	FlagUncertain
)
