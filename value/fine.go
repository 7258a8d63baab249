package value

import (
	"math/bits"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/eval"
)

// The Fine set's codes are the Codes set's with finer classes. Rapfi's
// classical evaluation tells apart shapes that the evaluator's direction
// classes merge: an open two that three points turn into an open three
// (.XX. with room each side), one that only two do (X..X) and one that
// three do (X.X), and an open three with two straight-four points (.XXX.)
// from one with a single one (X.XX). Over the Gomocup games these splits
// are common (open twos 108k/55k/35k by their count of such points, open
// threes 21k/8k), while the other classes' counts of gain points hardly
// vary, so only those two classes are split: thirteen fine classes, 1,820
// multisets of four.

// fineClasses is the number of fine classes.
const fineClasses = eval.NumDirClasses + 3

// The fine classes that are not one of the evaluator's classes renumbered.
const (
	fineOpenTwo2   = iota + 3 // an open two with at most two open-three points
	fineOpenTwo3              // ... with three
	fineOpenTwo4              // ... with four or more
	fineThree                 // ClassThree
	fineOpenThree1            // an open three with one straight-four point
	fineOpenThree2            // ... with two
)

// fineOf maps a class whose fine class does not depend on its gain points
// to its fine class (the split classes map to their first fine class).
var fineOf = [eval.NumDirClasses]uint8{
	eval.ClassNone:         0,
	eval.ClassOverline:     1,
	eval.ClassTwo:          2,
	eval.ClassOpenTwo:      fineOpenTwo2,
	eval.ClassThree:        fineThree,
	eval.ClassOpenThree:    fineOpenThree1,
	eval.ClassFour:         fineOpenThree2 + 1,
	eval.ClassFourFour:     fineOpenThree2 + 2,
	eval.ClassStraightFour: fineOpenThree2 + 3,
	eval.ClassFive:         fineOpenThree2 + 4,
}

// Compile-time checks: Five is the last fine class.
const _ = uint(fineClasses - 1 - (fineOpenThree2 + 4))
const _ = uint((fineOpenThree2 + 4) - (fineClasses - 1))

// numFineCodes is the number of multisets of four fine classes; fineOwn
// the Fine set's code features per colour (code 0 is not counted).
const (
	numFineCodes = fineClasses * (fineClasses + 1) * (fineClasses + 2) * (fineClasses + 3) / 24
	fineOwn      = numFineCodes - 1
)

// fineTable maps four fine classes (base fineClasses, the first least
// significant) to their code, as codeTable does for the classes.
type fineTable [fineClasses * fineClasses * fineClasses * fineClasses]uint16

// fineCodes is the table, made once: it never changes after.
var fineCodes = makeFineTable()

func makeFineTable() *fineTable {
	t := new(fineTable)
	fillCodeTable(t[:], fineClasses)
	return t
}

// fineClass is the fine class of the line entry l.
func fineClass(l eval.LineEntry) uint8 {
	switch l.Class {
	case eval.ClassOpenTwo:
		return fineOpenTwo2 + uint8(min(max(bits.OnesCount16(l.Gains), 2), 4)-2)
	case eval.ClassOpenThree:
		return fineOpenThree1 + uint8(min(max(bits.OnesCount16(l.Gains), 1), 2)-1)
	}
	return fineOf[l.Class]
}

// fineCode is the fine code of a stone of colour c on the free point p.
// Only the split classes need the line entry (its gain points); a point
// without them, most points, takes its code's fine code from a table.
func fineCode(e *eval.Evaluator, p engine.Pos, c engine.Color) int {
	cls := e.Classes(p, c)
	if !splitClass[cls[0]] && !splitClass[cls[1]] && !splitClass[cls[2]] && !splitClass[cls[3]] {
		return int(unsplitFine[code(cls)])
	}
	k := 0
	for d := 3; d >= 0; d-- {
		f := fineOf[cls[d]]
		if splitClass[cls[d]] {
			f = fineClass(e.Line(p, d, c))
		}
		k = k*fineClasses + int(f)
	}
	return int(fineCodes[k])
}

// splitClass marks the classes whose fine class depends on the gain points.
var splitClass = [eval.NumDirClasses]bool{eval.ClassOpenTwo: true, eval.ClassOpenThree: true}

// unsplitFine maps the code of four classes none of which is split to the
// fine code of their fine classes (other codes map to 0, never read).
var unsplitFine = makeUnsplitFine()

func makeUnsplitFine() *[numCodes]uint16 {
	t := new([numCodes]uint16)
	n := dirClasses
	for i := range n * n * n * n {
		cls := [4]eval.DirClass{eval.DirClass(i % n), eval.DirClass(i / n % n), eval.DirClass(i / (n * n) % n), eval.DirClass(i / (n * n * n))}
		var f [4]int
		split := false
		for d, c := range cls {
			f[d] = int(fineOf[c])
			split = split || splitClass[c]
		}
		if !split {
			t[code(cls)] = fineCodes[sortedKey(f, fineClasses)]
		}
	}
	return t
}

// appendFineHits is appendCodeHits for the Fine set: the index of each
// free point's fine code feature, for each colour with a code but 0. The
// loop is appendCodeHits' with fineCode for code: the default leaf's scan
// is the leaf's largest cost, and a code function passed in would not be
// inlined there.
func appendFineHits(dst []uint16, e *eval.Evaluator, me engine.Color) []uint16 {
	b := e.Board()
	op := me.Opp()
	renju := b.Rule() == engine.Renju
	// Outside the stones' neighbourhood every cell has fine code 0 for
	// both colours (its classes are all none), as in appendCodeHits.
	x0, y0, x1, y1, ok := e.Neighbourhood()
	if !ok {
		return dst
	}
	for y := y0; y <= y1; y++ {
		for x := x0; x <= x1; x++ {
			p := b.Pos(x, y)
			if b.At(p) != engine.Empty {
				continue
			}
			if e.Classes(p, me) == noClasses && e.Classes(p, op) == noClasses {
				continue // fine code 0 for both
			}
			forbidden := renju && e.Forbidden(p)
			if k := fineCode(e, p, me); k > 0 && !(forbidden && me == engine.Black) {
				dst = append(dst, uint16(k-1))
			}
			if k := fineCode(e, p, op); k > 0 && !(forbidden && op == engine.Black) {
				dst = append(dst, uint16(fineOwn+k-1))
			}
		}
	}
	return dst
}
