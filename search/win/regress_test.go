package win

import (
	"context"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/eval"
	"github.com/kakugo/kakugo/search/internal/testpos"
	"github.com/kakugo/kakugo/search/proof"
)

// TestWinLastFour runs the rule table with the attack limited to two
// moves, where lastFour settles the root without a search: a win of depth
// two is found (with a proof the checker accepts), any other verdict is
// no win.
func TestWinLastFour(t *testing.T) {
	for _, tc := range winCases {
		for rule, want := range tc.want {
			for _, kind := range []proof.Kind{proof.VCF, proof.VCT} {
				b := testpos.Stones(t, rule, tc.black, tc.white, tc.toMove)
				ev := eval.Attach(b)
				w := New(1 << 12)
				w.MaxDepth, w.NoVerify = 2, true
				r := w.Prove(context.Background(), b, ev, kind, time.Time{}, 0)
				ev.Detach()
				name := tc.name + "/" + rule.String() + "/" + kind.String()
				if r.Win != (want.depth == 2) || !r.Complete {
					t.Errorf("%s: win %v complete %v, want depth %d", name, r.Win, r.Complete, want.depth)
					continue
				}
				if !r.Win {
					continue
				}
				if r.Depth != 2 || (want.move != "" && winCell(b, r.Move) != want.move) {
					t.Errorf("%s: %s in %d, want %s in 2", name, winCell(b, r.Move), r.Depth, want.move)
				}
				if err := proof.Check(b, r.Proof, 0); err != nil {
					t.Errorf("%s: checker: %v", name, err)
				}
			}
		}
	}
}

// winCaroFarEnd is a freestyle-looking position played under caro (pos
// notation, black first) on which the search once claimed a false VCT:
// after black e7 (d8-e7-f6, open at c9 and g5) white h4 closes the far
// end, and black's c9 then makes a "straight four" c9-f6 whose five
// points b10 and g5 white's single stone b10 spoils under caro (it takes
// b10 and closes the five c9-g5 at both ends). The evaluator rated c9 a
// straight four, so the search let h4 go unanswered; the checker refused
// the proof (taking 12-18 s to do so in some configurations).
const winCaroFarEnd = "h8g11h6h10d7j9f6j4d8i4j5f9"

// TestWinCaroFarEndBlock checks the repair: after e7 h4 black has no
// unstoppable four under caro (and has one, c9 or g5, under freestyle),
// and a VCT search of the position claims no win the checker refuses.
func TestWinCaroFarEndBlock(t *testing.T) {
	moves, err := engine.ParseMoves(winCaroFarEnd + "e7h4")
	if err != nil {
		t.Fatal(err)
	}
	for _, rule := range []engine.Rule{engine.Caro, engine.CaroExact, engine.Freestyle} {
		b, err := engine.FromMoves(15, 15, rule, moves)
		if err != nil {
			t.Fatal(err)
		}
		ev := eval.Attach(b)
		w := New(1 << 10)
		w.begin(context.Background(), b, ev, proof.VCT, time.Time{}, 0)
		q := w.unstoppable()
		w.end()
		ev.Detach()
		if caro := rule != engine.Freestyle; caro != (q == engine.NoPos) {
			t.Errorf("%v: unstoppable four %s", rule, winCell(b, q))
		}
	}
	moves = moves[:len(moves)-2]
	b, err := engine.FromMoves(15, 15, engine.Caro, moves)
	if err != nil {
		t.Fatal(err)
	}
	ev := eval.Attach(b)
	defer ev.Detach()
	w := New(1 << 16)
	w.NoVerify = true
	nodes := int64(20_000)
	if testing.Short() {
		nodes = 5_000
	}
	r := w.Prove(context.Background(), b, ev, proof.VCT, time.Time{}, nodes)
	if r.Win {
		if err := proof.Check(b, r.Proof, 0); err != nil {
			t.Errorf("a false win %s: %v", winCell(b, r.Move), err)
		}
	}
	if r.Win && winCell(b, r.Move) == "e7" && r.Depth == 4 {
		t.Errorf("the old false win e7 in 4 again")
	}
}

// winRenjuForbidding is a renju position (pos notation, black first, from
// a game of Kakugo's against Rapfi, black to move) on which the search
// once claimed a VCT that the checker refused: after l7 l5 l10 l6 j9 n11
// m11 i10 j8 i8 j6, black has two straight-four points, j7 (j6-j9) and k9
// (j8-m11), which share no killer, so the search let white go without a
// reply; but white j7 takes the first and makes k9 forbidden: with j7
// white, j10 is no longer a double four for black, so the three i11-k9-l8
// through j10 becomes real and k9 a 4-3-3.
const winRenjuForbidding = "l8l14m14i12n14j11l12o11l9k11k8l11i11m10"

// TestWinRenjuForbiddingKiller checks the repair: white j7 is among the
// replies at the node after j6, the position's VCT is found with a proof
// the checker accepts, and no proof is refused on the way.
func TestWinRenjuForbiddingKiller(t *testing.T) {
	moves, err := engine.ParseMoves(winRenjuForbidding + "l7l5l10l6j9n11m11i10j8i8j6")
	if err != nil {
		t.Fatal(err)
	}
	b, err := engine.FromMoves(15, 15, engine.Renju, moves)
	if err != nil {
		t.Fatal(err)
	}
	ev := eval.Attach(b)
	w := New(1 << 10)
	w.begin(context.Background(), b, ev, proof.VCT, time.Time{}, 0)
	w.att, w.def = engine.Black, engine.White
	ms, out, _ := w.defenderMoves(nil, 0, 4)
	w.end()
	ev.Detach()
	found := false
	for _, m := range ms {
		found = found || winCell(b, m.p) == "j7"
	}
	if out != winOpen || !found {
		t.Errorf("after j6: outcome %v, replies %v: j7 missing", out, ms)
	}
	moves = moves[:len(moves)-11]
	if b, err = engine.FromMoves(15, 15, engine.Renju, moves); err != nil {
		t.Fatal(err)
	}
	ev = eval.Attach(b)
	defer ev.Detach()
	w = New(1 << 16)
	r := w.Prove(context.Background(), b, ev, proof.VCT, time.Time{}, 200_000)
	if w.Rejected != 0 || !r.Win {
		t.Fatalf("win %v, proofs refused by the checker %d", r.Win, w.Rejected)
	}
	if err := proof.Check(b, r.Proof, 0); err != nil {
		t.Errorf("the win %s: %v", winCell(b, r.Move), err)
	}
}

// TestWinRenjuStoppersComplete checks the defender's replies to black's
// unstoppable fours under renju against a brute force on random
// positions: every white stone after which black has no legal point that
// makes an unstoppable four must be among the replies (a reply that does
// not stop them only costs the search nodes; a missing one makes it claim
// a false win).
func TestWinRenjuStoppersComplete(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	positions, stoppers := 0, 0
	want := 30
	if testing.Short() {
		want = 10
	}
	for game := 0; game < 20000 && positions < want; game++ {
		b, err := engine.New(15, 15, engine.Renju)
		if err != nil {
			t.Fatal(err)
		}
		ev := eval.Attach(b)
		for ply := 0; ply < 40; ply++ {
			// Stones in the middle 7x7 make lines quickly.
			var p engine.Pos
			ok := false
			for try := 0; try < 50 && !ok; try++ {
				p = b.Pos(4+rng.IntN(7), 4+rng.IntN(7))
				ok = b.Legal(p) && !b.IsFive(p, b.SideToMove())
			}
			if !ok {
				break
			}
			b.Make(p)
			if b.SideToMove() != engine.White || len(ev.Fives(engine.Black)) > 0 || len(ev.Fives(engine.White)) > 0 {
				continue
			}
			w := New(1 << 10)
			w.begin(context.Background(), b, ev, proof.VCT, time.Time{}, 0)
			w.att, w.def = engine.Black, engine.White
			if w.unstoppable() == engine.NoPos || !twoThrees(w) {
				w.end()
				continue
			}
			ms, out, _ := w.defenderMoves(nil, 0, 4)
			w.end()
			positions++
			seen := map[engine.Pos]int{}
			for _, m := range ms {
				seen[m.p]++
				if seen[m.p] > 1 {
					t.Errorf("%v: reply %s listed twice", b, winCell(b, m.p))
				}
			}
			pb := b.Clone()
			for y := range 15 {
				for x := range 15 {
					c := pb.Pos(x, y)
					if !pb.Legal(c) {
						continue
					}
					pb.Put(c, engine.White)
					stops := true
					for v := range 15 {
						for u := range 15 {
							q := pb.Pos(u, v)
							if pb.At(q) == engine.Empty && !pb.IsForbidden(q) && unstoppableAt(pb, q, engine.Black) {
								stops = false
							}
						}
					}
					pb.Undo()
					if stops {
						stoppers++
						if out != winOpen || seen[c] == 0 {
							t.Errorf("%s\nwhite %s stops every unstoppable four; replies %v (outcome %v)", b, winCell(b, c), ms, out)
						}
					}
				}
			}
		}
		ev.Detach()
	}
	if positions < want {
		t.Fatalf("only %d positions with an unstoppable four for black", positions)
	}
	t.Logf("%d positions, %d stopping replies", positions, stoppers)
}

// twoThrees reports whether one of black's unstoppable four points has open
// threes in two directions: the points a white stone can make forbidden.
func twoThrees(w *Search) bool {
	for _, q := range w.unstoppableCands(nil) {
		if w.blackThrees(q) >= 2 {
			return true
		}
	}
	return false
}
