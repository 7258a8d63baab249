package threat

import (
	"sync"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/eval"
)

// The tracker reads the evaluator's line tables (eval.Tables), so that its
// classes are the evaluator's by construction; it only lays them out for
// its own hot path: the side codes of both colours, and each colour's
// classes alone, one byte each, with the weak classes (those no threat
// set reads) folded to ClassNone.

// sideLen is the cells each side of a point that its key covers
// (eval.SideLen); a key holds the left side in its low bits, nearest cell
// first, two bits a cell, and the right side above it.
const (
	sideLen   = eval.SideLen
	sideBits  = 2 * sideLen
	sideMask  = 1<<sideBits - 1
	sideCount = eval.SideCount
)

// tables are the per-rule lookups of the tracker, shared read-only.
type tables struct {
	t    *eval.Tables
	side [2][1 << sideBits]uint8                 // raw side -> canonical side, by colour index
	full [2][sideCount * sideCount]eval.DirClass // the class of an entry
	code [2][sideCount * sideCount]uint8         // its sharp code (sharpCodes), 0 for a weak class
}

// A cell keeps, per colour, the sharp classes of its four directions as
// one code: three bits a direction, direction d at bit 3d. The classes
// that matter to the threat sets and the renju forbidden points have
// codes 1 to 6; the weak ones (no threat yet) are 0.
var sharpCodes = [8]eval.DirClass{eval.ClassNone, eval.ClassOverline, eval.ClassOpenThree,
	eval.ClassFour, eval.ClassFourFour, eval.ClassStraightFour, eval.ClassFive} // 7 is never a cell's

// codeBits is the width of one direction's code, and numCodes the number
// of a cell's codes.
const (
	codeBits = 3
	numCodes = 1 << (4 * codeBits)
)

// sharpCode is the code of a class, 0 for a weak one.
func sharpCode(c eval.DirClass) uint8 {
	for i, s := range sharpCodes[:7] {
		if s == c {
			return uint8(i)
		}
	}
	return 0
}

// classAt is direction d's class in a cell's code.
func classAt(code uint16, d int) eval.DirClass { return sharpCodes[code>>(codeBits*d)&7] }

// classesOf is a cell's four sharp classes.
func classesOf(code uint16) [4]eval.DirClass {
	var cls [4]eval.DirClass
	for d := range cls {
		cls[d] = classAt(code, d)
	}
	return cls
}

// cellInfo is what the tracker reads off a cell's code, for every code:
// its set under each mode (0 plain, 1 renju black), its flags for a colour
// without forbidden points, and how many open threes it holds.
type cellInfo struct {
	set    [2][numCodes]int8
	flags  [numCodes]uint8
	threes [numCodes]uint8
	strong [numCodes]bool // the code's combo (eval.ComboOf) is a straight or double four
}

// buildCellInfo tallies every code once.
func buildCellInfo() *cellInfo {
	ci := new(cellInfo)
	for code := range numCodes {
		var five, over, fours, threes int
		var flags uint8
		for d := range 4 {
			switch c := classAt(uint16(code), d); {
			case c == eval.ClassFive:
				five++
				flags |= eval.FlagFive
			case c == eval.ClassOverline:
				over++
			case c.IsFour():
				fours++
				if c == eval.ClassFourFour {
					fours++
				}
				flags |= eval.FlagFour
			case c == eval.ClassOpenThree:
				threes++
				flags |= eval.FlagOpenThree
			}
		}
		ci.flags[code], ci.threes[code] = flags, uint8(threes)
		cls := classesOf(uint16(code))
		cb, _ := eval.ComboOf(&cls)
		ci.strong[code] = cb == eval.ComboStraightFour || cb == eval.ComboDoubleFour
		for mode := range 2 {
			s := int8(-1)
			switch {
			case five > 0:
				s = setFive
			case mode == 1 && (over > 0 || fours >= 2):
				s = setForbidden
			case fours > 0:
				s = setFour
			case threes > 0:
				s = setThree
			}
			ci.set[mode][code] = s
		}
	}
	return ci
}

// sharedCellInfo is built once, on first use.
var sharedCellInfo = sync.OnceValue(buildCellInfo)

// buildTables lays out rule r's tables.
func buildTables(r engine.Rule) *tables {
	et := eval.TablesFor(r)
	t := &tables{t: et}
	for ci := range 2 {
		c := engine.Color(ci + 1)
		for raw := range 1 << sideBits {
			t.side[ci][raw] = uint8(et.SideIndex(c, uint32(raw)))
		}
		lt := et.Line(c)
		for i := range t.full[ci] {
			cls := lt.Entry(i).Class
			t.full[ci][i] = cls
			t.code[ci][i] = sharpCode(cls)
		}
	}
	return t
}

// ruleTables builds each rule's tables once, on first use.
var ruleTables = [...]func() *tables{
	sync.OnceValue(func() *tables { return buildTables(engine.Freestyle) }),
	sync.OnceValue(func() *tables { return buildTables(engine.Exact) }),
	sync.OnceValue(func() *tables { return buildTables(engine.Renju) }),
}

// entry is the line table index of a key for colour index ci.
func (t *tables) entry(ci int, key uint32) int {
	s := &t.side[ci]
	return int(s[key&sideMask])*sideCount + int(s[key>>sideBits&sideMask])
}
