package value

import (
	"math/rand/v2"
	"testing"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/eval"
)

// TestFineTable: a fine code names a multiset of four fine classes, as a
// code does one of four classes: order-free, one code per multiset, four
// zeros code 0, codes 0 to numFineCodes-1.
func TestFineTable(t *testing.T) {
	n := fineClasses
	seen := map[int]int{}
	for i := range n * n * n * n {
		c := [4]int{i % n, i / n % n, i / (n * n) % n, i / (n * n * n)}
		k := int(fineCodes[i])
		if k >= numFineCodes {
			t.Fatalf("%v: code %d outside 0-%d", c, k, numFineCodes-1)
		}
		key := sortedKey(c, n)
		if prev, ok := seen[k]; ok && prev != key {
			t.Fatalf("code %d names two multisets", k)
		}
		seen[k] = key
		r := [4]int{c[2], c[0], c[3], c[1]}
		if j := ((r[3]*n+r[2])*n+r[1])*n + r[0]; fineCodes[j] != fineCodes[i] {
			t.Fatalf("%v and %v: codes %d and %d", c, r, fineCodes[i], fineCodes[j])
		}
	}
	if len(seen) != numFineCodes || fineCodes[0] != 0 {
		t.Errorf("%d codes used, want %d; four zeros code %d", len(seen), numFineCodes, fineCodes[0])
	}
	// The unsplit classes keep their order and the split ones take
	// consecutive fine classes: every fine class is used once.
	used := map[uint8]bool{}
	for c := range eval.NumDirClasses {
		used[fineOf[c]] = true
	}
	for _, f := range []uint8{fineOpenTwo3, fineOpenTwo4, fineOpenThree2} {
		used[f] = true
	}
	if len(used) != fineClasses {
		t.Errorf("%d fine classes used, want %d", len(used), fineClasses)
	}
}

// TestFineClass: the fine class of the best line a black stone on the
// point makes, on the shapes the split classes tell apart (black stones,
// white stones, the point; white's first stones are placed far away when
// it has none to block with, so that the colours alternate).
func TestFineClass(t *testing.T) {
	for _, tc := range []struct {
		black, white, at string
		want             uint8
	}{
		{"h8", "", "i8", fineOpenTwo4},       // .XX. with room: f8 g8 j8 k8 make open threes
		{"h8", "", "j8", fineOpenTwo3},       // X.X: g8 i8 k8
		{"h8", "", "k8", fineOpenTwo2},       // X..X: i8 j8
		{"h8", "", "h9", fineOpenTwo4},       // the same along a column
		{"h8", "g8", "i8", 2},                // OXX: a closed two, not split
		{"h8i8", "", "j8", fineOpenThree2},   // .XXX.: two straight-four points
		{"h8i8", "", "k8", fineOpenThree1},   // XX.X: j8 alone
		{"h8i8", "f8", "j8", fineOpenThree1}, // O.XXX.: only k8 makes a straight four
		{"h8i8", "g8", "j8", fineThree},      // OXXX: a closed three
		{"h8i8j8", "", "k8", fineOf[eval.ClassStraightFour]},
	} {
		b, _ := engine.New(15, 15, engine.Freestyle)
		e := eval.Attach(b)
		bl, err1 := engine.ParseMoves(tc.black)
		wh, err2 := engine.ParseMoves(tc.white)
		far, _ := engine.ParseMoves("a1o1a15")
		at, err3 := engine.ParseMoves(tc.at)
		if err1 != nil || err2 != nil || err3 != nil {
			t.Fatal(err1, err2, err3)
		}
		wh = append(wh, far...)
		for i, p := range bl {
			b.Put(b.Pos(p.X, p.Y), engine.Black)
			b.Put(b.Pos(wh[i].X, wh[i].Y), engine.White)
		}
		p := b.Pos(at[0].X, at[0].Y)
		best := uint8(0)
		for d := range 4 {
			best = max(best, fineClass(e.Line(p, d, engine.Black)))
		}
		e.Detach()
		if best != tc.want {
			t.Errorf("black %s, white %s, black on %s: fine class %d, want %d", tc.black, tc.white, tc.at, best, tc.want)
		}
	}
}

// TestFineCountsPoints: the Fine set's code features equal a count made
// point by point from the line table (Evaluator.Line and fineClass), with
// renju black's forbidden points left out, on random positions of every
// rule; and they refine the Codes set's: merging the split classes gives
// the Codes set's counts.
func TestFineCountsPoints(t *testing.T) {
	rng := rand.New(rand.NewPCG(6, 78))
	merge := [fineClasses]eval.DirClass{}
	for c := range eval.NumDirClasses {
		merge[fineOf[c]] = eval.DirClass(c)
	}
	merge[fineOpenTwo3], merge[fineOpenTwo4] = eval.ClassOpenTwo, eval.ClassOpenTwo
	merge[fineOpenThree2] = eval.ClassOpenThree
	for _, rule := range engine.Rules {
		for range 8 {
			b := randomGame(rng, 15, rule, 10+rng.IntN(50))
			e := eval.Attach(b)
			me := b.SideToMove()
			want := make([]float32, 2*fineOwn)
			merged := make([]float32, 2*codesOwn)
			for y := range b.Height() {
				for x := range b.Width() {
					p := b.Pos(x, y)
					if b.At(p) != engine.Empty {
						continue
					}
					for side, c := range []engine.Color{me, me.Opp()} {
						if c == engine.Black && rule == engine.Renju && e.Forbidden(p) {
							continue
						}
						var f [4]int
						var cls [4]eval.DirClass
						for d := range 4 {
							f[d] = int(fineClass(e.Line(p, d, c)))
							cls[d] = merge[f[d]]
						}
						if k := int(fineCodes[sortedKey(f, fineClasses)]); k > 0 {
							want[side*fineOwn+k-1]++
						}
						if k := code(cls); k > 0 {
							merged[side*codesOwn+k-1]++
						}
					}
				}
			}
			var buf, cbuf [MaxFeatures]float32
			got := Extract(Fine, e, e.Evaluate(), buf[:])[patternsLen:]
			codes := Extract(Codes, e, e.Evaluate(), cbuf[:])[patternsLen:]
			for i := range want {
				if got[i] != want[i] {
					t.Fatalf("%v, %d stones: fine feature %d is %v, counted %v", rule, b.MoveCount(), i, got[i], want[i])
				}
			}
			for i := range merged {
				if codes[i] != merged[i] {
					t.Fatalf("%v, %d stones: code feature %d is %v, the merged fine codes %v", rule, b.MoveCount(), i, codes[i], merged[i])
				}
			}
			e.Detach()
		}
	}
}

// TestPrefixOf: each set's features begin with those of the sets it names
// as prefixes, checked on the features themselves; Codes and Fine share
// only the Patterns prefix.
func TestPrefixOf(t *testing.T) {
	rng := rand.New(rand.NewPCG(12, 1))
	b := randomGame(rng, 15, engine.Freestyle, 40)
	e := eval.Attach(b)
	defer e.Detach()
	s := e.Evaluate()
	sets := []FeatureSet{Counts, Combos, Patterns, Codes, Fine}
	for _, a := range sets {
		for _, c := range sets {
			var fa, fc [MaxFeatures]float32
			x, y := Extract(a, e, s, fa[:]), Extract(c, e, s, fc[:])
			same := len(x) <= len(y)
			for i := 0; same && i < len(x); i++ {
				same = x[i] == y[i]
			}
			if a.PrefixOf(c) != same {
				t.Errorf("%v.PrefixOf(%v) = %v, the features say %v", a, c, a.PrefixOf(c), same)
			}
		}
		if a.PrefixOf(Trunk) || Trunk.PrefixOf(a) {
			t.Errorf("%v and trunk: a prefix", a)
		}
	}
}

// TestFineCodeOfNoClasses: a point on no line of a colour has fine code
// 0, which appendFineHits relies on to skip it (and every cell outside
// the stones' neighbourhood).
func TestFineCodeOfNoClasses(t *testing.T) {
	if k := unsplitFine[code(noClasses)]; k != 0 {
		t.Fatalf("fine code of no classes %d, want 0", k)
	}
}
