package manager

import (
	"testing"

	"github.com/kakugo/kakugo/engine"
)

// FuzzParseOpening: any line either fails or gives an opening that either
// sets up a legal undecided board of its size or is refused, never a panic.
func FuzzParseOpening(f *testing.F) {
	for _, s := range []string{"h8i9g7", "0,0, 1,1, -1,-1", "", "h8,i9", "z99", "1,", ",,,", "-7,-7, 7,7"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		o, err := ParseOpening(s)
		if err != nil {
			return
		}
		for _, size := range []int{15, 20} {
			b, err := o.Board(size, size, engine.Renju)
			if err != nil {
				continue
			}
			if b.MoveCount() != len(o.Moves(size, size)) || b.HasFive(engine.Black) || b.HasFive(engine.White) {
				t.Fatalf("%q on %d: accepted a board with %d stones, fives %v/%v", s, size, b.MoveCount(), b.HasFive(engine.Black), b.HasFive(engine.White))
			}
		}
	})
}

// FuzzParseEngineSpec: an accepted spec always names a command.
func FuzzParseEngineSpec(f *testing.F) {
	for _, s := range []string{`name=a ./pbrain-x --player greedy`, `cmd="./x y" name=b`, `name=`, `"unterminated`, `dir=/tmp env=A=B ./x`, ``} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		spec, err := ParseEngineSpec(s)
		if err == nil && (len(spec.Command) == 0 || spec.Command[0] == "") {
			t.Fatalf("%q: accepted without a command: %+v", s, spec)
		}
	})
}

// FuzzParseBoardSize: accepted sizes are within the engine's range.
func FuzzParseBoardSize(f *testing.F) {
	for _, s := range []string{"15", "20x20", "17x11", "4", "33x5", "x", "15X15", " 15 "} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		w, h, err := engine.ParseSize(s)
		if err == nil && (w < 5 || h < 5 || w > 32 || h > 32) {
			t.Fatalf("%q: %dx%d accepted", s, w, h)
		}
	})
}
