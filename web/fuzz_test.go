package web

import (
	"testing"

	"github.com/kakugo/kakugo/engine"
)

// FuzzParseRecord feeds the import parser anything: it must not panic,
// and what it accepts must stay within a board's bounds in stones and
// survive a round trip through SGF.
func FuzzParseRecord(f *testing.F) {
	for _, s := range []string{
		"h8i9g7", "h8 i9\ng7", "Piskvorky 20x20, 11:11, 0\n10,10,0\n11,11,5\nkakugo\npela\n1,0\n",
		"(;GM[4]FF[4]SZ[15]RU[renju];B[hh];W[ii](;B[jj])(;B[kk]))", "(;SZ[15:20]AB[aa][bb]AW[cc];B[dd])",
		"(;C[a \\] b];B[hh])", "((;B[hh]))", "(;B[])", "Piskvorky", "(", "z99",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		rec, err := parseRecord(text, engine.Freestyle)
		if err != nil {
			return
		}
		if len(rec.stones) > maxRecordStones {
			t.Fatalf("%d stones", len(rec.stones))
		}
		for _, s := range rec.stones {
			if s.C != engine.Black && s.C != engine.White {
				t.Fatalf("stone colour %v", s.C)
			}
		}
		if rec.w == 0 {
			rec.w, rec.h = 26, 26
		}
		if _, err := engine.New(rec.w, rec.h, rec.rule); err != nil {
			return
		}
		for _, s := range rec.stones {
			if s.X < 0 || s.Y < 0 || s.X >= rec.w || s.Y >= rec.h {
				return // refused by the import, which checks the board
			}
		}
		// Written as SGF and read back, the stones are the same.
		g := &game{w: rec.w, h: rec.h, rule: rec.rule, stones: rec.stones, toMove: engine.Black}
		out, err := g.exportLocked("sgf")
		if err != nil {
			t.Fatal(err)
		}
		back, err := parseRecord(out, engine.Freestyle)
		if err != nil {
			t.Fatalf("%q: %v", out, err)
		}
		if back.w != rec.w || back.h != rec.h || back.rule != rec.rule || len(back.stones) != len(rec.stones) {
			t.Fatalf("round trip of %q: %+v, want %+v", out, back, rec)
		}
		for i := range back.stones {
			if back.stones[i] != rec.stones[i] {
				t.Fatalf("round trip stone %d: %v, want %v", i, back.stones[i], rec.stones[i])
			}
		}
	})
}
