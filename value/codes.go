package value

import (
	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/eval"
	"github.com/kakugo/kakugo/nn"
)

// A point's line-pattern code for one colour is the multiset of its four
// direction classes (what a stone there makes along each line, in any
// order): Rapfi's classical evaluation values each free point by such a
// combination of its four line patterns. The combo class the evaluator
// keeps is a coarse reading of the same four classes; the code keeps
// them all, so a model can weigh, say, a point of two open twos against
// one of an open two and a closed three.

// dirClasses is the number of direction classes a code is made of.
const dirClasses = eval.NumDirClasses

// numCodes is the number of multisets of four classes (code 0: four
// ClassNone, a point that makes nothing, is not counted).
const numCodes = dirClasses * (dirClasses + 1) * (dirClasses + 2) * (dirClasses + 3) / 24

// codesOwn is the number of code features per colour.
const codesOwn = numCodes - 1

// codeTable maps four classes, as the base-dirClasses number
// c0 + c1·n + c2·n² + c3·n³, to their code: the rank of the sorted
// multiset, 0 for four ClassNone.
type codeTable [dirClasses * dirClasses * dirClasses * dirClasses]uint16

// codes is the table, made once: it never changes after.
var codes = makeCodeTable()

func makeCodeTable() *codeTable {
	t := new(codeTable)
	fillCodeTable(t[:], dirClasses)
	return t
}

// fillCodeTable fills t, indexed by four classes of n in base n (the
// first least significant), with the rank of their sorted multiset.
func fillCodeTable(t []uint16, n int) {
	rank := multisetRanks(n)
	for i := range t {
		t[i] = rank[sortedKey([4]int{i % n, i / n % n, i / (n * n) % n, i / (n * n * n)}, n)]
	}
}

// multisetRanks ranks the sorted multisets c0 >= c1 >= c2 >= c3 of n
// classes by their number with the largest class least significant, so
// that four zeros is rank 0 (as makeCodeTable does).
func multisetRanks(n int) map[int]uint16 {
	rank := map[int]uint16{}
	next := uint16(0)
	for c3 := range n {
		for c2 := c3; c2 < n; c2++ {
			for c1 := c2; c1 < n; c1++ {
				for c0 := c1; c0 < n; c0++ {
					rank[((c3*n+c2)*n+c1)*n+c0] = next
					next++
				}
			}
		}
	}
	return rank
}

// sortedKey is the number of the multiset c (sorted descending, c[0] the
// largest and least significant) in base n.
func sortedKey(c [4]int, n int) int {
	for a := 1; a < 4; a++ {
		for b := a; b > 0 && c[b] > c[b-1]; b-- {
			c[b], c[b-1] = c[b-1], c[b]
		}
	}
	return ((c[3]*n+c[2])*n+c[1])*n + c[0]
}

// code is the line-pattern code of the four classes cls.
func code(cls [4]eval.DirClass) int {
	n := dirClasses
	return int(codes[((int(cls[3])*n+int(cls[2]))*n+int(cls[1]))*n+int(cls[0])])
}

// extractCodes writes the own features of a sparse set (Codes or Fine)
// into f: for each code but 0, the number of free points with that code
// for the side to move, then for the opponent. A renju black forbidden
// point counts for neither colour's black codes (the combo counts already
// count it).
func extractCodes(set FeatureSet, e *eval.Evaluator, me engine.Color, f []float32) {
	clear(f[:2*sparseOwn(set)])
	var hits [maxCodeHits]uint16
	for _, k := range appendHits(set, hits[:0], e, me) {
		f[k]++
	}
}

// sparseOwn is the number of code features per colour of a sparse set.
func sparseOwn(set FeatureSet) int {
	if set == Fine {
		return fineOwn
	}
	return codesOwn
}

// appendHits appends the sparse set's code hits (appendCodeHits).
func appendHits(set FeatureSet, dst []uint16, e *eval.Evaluator, me engine.Color) []uint16 {
	if set == Fine {
		return appendFineHits(dst, e, me)
	}
	return appendCodeHits(dst, e, me)
}

// maxCodeHits bounds the code features a position adds: two per free
// point of the largest board.
const maxCodeHits = 2 * 32 * 32

// noClasses are the classes of a point on no line of either colour, whose
// code is 0 (TestCodeOfNoClasses).
var noClasses [4]eval.DirClass

// appendCodeHits appends to dst, for each free point and colour with a
// code but 0, the index of its code feature within the Codes set's own
// features (a feature counted n times appears n times), in the order
// extractCodes counts them.
func appendCodeHits(dst []uint16, e *eval.Evaluator, me engine.Color) []uint16 {
	b := e.Board()
	op := me.Opp()
	renju := b.Rule() == engine.Renju
	// Outside the stones' neighbourhood every cell has code 0 for both.
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
			cm, co := e.Classes(p, me), e.Classes(p, op)
			if cm == noClasses && co == noClasses {
				continue // code 0 for both: most cells far from the stones
			}
			forbidden := renju && e.Forbidden(p)
			if k := code(cm); k > 0 && !(forbidden && me == engine.Black) {
				dst = append(dst, uint16(k-1))
			}
			if k := code(co); k > 0 && !(forbidden && op == engine.Black) {
				dst = append(dst, uint16(codesOwn+k-1))
			}
		}
	}
	return dst
}

// codesLogit is the logit of a sparse model (Codes or Fine) with
// parameters w for e's position (static score s) without the dense
// feature vector: the Patterns prefix as usual, and each code feature's
// weights added once for every point that counts it, which is the dot
// product with its count (summed in another order, so the last bits may
// differ from Predict's).
func (m *Model) codesLogit(w []float32, e *eval.Evaluator, s int) float64 {
	var buf [patternsLen]float32
	f := Extract(Patterns, e, s, buf[:])
	var hits [maxCodeHits]uint16
	hs := appendHits(m.set, hits[:0], e, e.Board().SideToMove())
	d := m.set.Len()
	z := Logit(w[:patternsLen], f)
	lin := w[patternsLen:d]
	for _, k := range hs {
		z += float64(lin[k])
	}
	h := m.hidden
	if h == 0 {
		return z
	}
	p := w[d:]
	var act [MaxHidden]float32
	a := act[:h]
	copy(a, p[d*h:d*h+h])
	if h == 16 { // the default's width: the vector kernels
		a16 := (*[16]float32)(a)
		nn.AddScaledColumns16(a16, p[:len(f)*16], f)
		nn.AddColumns16(a16, p[patternsLen*16:d*16], hs)
	} else {
		addHidden(a, p, f)
		for _, k := range hs {
			col := p[(patternsLen+int(k))*h : (patternsLen+int(k))*h+h]
			for j := range a {
				a[j] += col[j]
			}
		}
	}
	return z + reluOut(a, p[d*h+h:d*h+2*h])
}
