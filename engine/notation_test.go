package engine

import (
	"strings"
	"testing"
)

func TestParseMoves(t *testing.T) {
	cases := []struct {
		in   string
		want []Point
		ok   bool
	}{
		{"", nil, true},
		{"h8", []Point{{7, 7}}, true},
		{"h8i9g7", []Point{{7, 7}, {8, 8}, {6, 6}}, true},
		{"H8J10a1", []Point{{7, 7}, {9, 9}, {0, 0}}, true},
		{" a15o1 ", []Point{{0, 14}, {14, 0}}, true},
		{"h", nil, false},
		{"8h", nil, false},
		{"h0", nil, false},
		{"h8,i9", nil, false},
		{"h1234", nil, false},
	}
	for _, tc := range cases {
		got, err := ParseMoves(tc.in)
		if (err == nil) != tc.ok {
			t.Errorf("%q: err %v", tc.in, err)
			continue
		}
		if tc.ok && len(got) != len(tc.want) {
			t.Errorf("%q: got %v want %v", tc.in, got, tc.want)
			continue
		}
		for i := range got {
			if got[i] != tc.want[i] {
				t.Errorf("%q: got %v want %v", tc.in, got, tc.want)
			}
		}
	}
}

func TestDiagramCell(t *testing.T) {
	for s, want := range map[string]Point{"H8": {7, 7}, "A1": {0, 14}, "O15": {14, 0}, "a15": {0, 0}} {
		got, err := ParseDiagramCell(s, 15)
		if err != nil || got != want {
			t.Errorf("%s: %v %v", s, got, err)
		}
		if back := FormatDiagramCell(got.X, got.Y, 15); !strings.EqualFold(back, s) {
			t.Errorf("%s formats back as %s", s, back)
		}
	}
	for _, s := range []string{"", "H", "H0", "H16", "88", "H-1", "H99999999999"} {
		if _, err := ParseDiagramCell(s, 15); err == nil {
			t.Errorf("%q accepted", s)
		}
	}
}

// FuzzParseMoves checks that any string either fails or parses into cells
// that format back to an equivalent string.
func FuzzParseMoves(f *testing.F) {
	for _, s := range []string{"", "h8", "h8i9g7", "A1o15", "z999", "h", "8", "\x00", "h8 i9"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		moves, err := ParseMoves(s)
		if err != nil {
			return
		}
		var out strings.Builder
		for _, m := range moves {
			if m.X < 0 || m.X >= 26 || m.Y < 0 || m.Y >= 999 {
				t.Fatalf("%q: cell %v out of range", s, m)
			}
			out.WriteString(FormatMove(m.X, m.Y))
		}
		again, err := ParseMoves(out.String())
		if err != nil || len(again) != len(moves) {
			t.Fatalf("%q -> %q does not parse back: %v", s, out.String(), err)
		}
	})
}

// FuzzParseDiagramCell checks that accepted cells are on a 15x15 board.
func FuzzParseDiagramCell(f *testing.F) {
	for _, s := range []string{"H8", "A1", "O15", "P16", "", "h08"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := ParseDiagramCell(s, 15)
		if err == nil && (p.Y < 0 || p.Y >= 15 || p.X < 0 || p.X >= 26) {
			t.Fatalf("%q: %v accepted", s, p)
		}
	})
}

// FuzzParseRule checks that rule parsing never panics and that accepted
// rules are known.
func FuzzParseRule(f *testing.F) {
	for _, s := range []string{"renju", "4", "9", "12", "-1", "caro", "", "99999999999999999999"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if r, err := ParseRule(s); err == nil && r > CaroExact {
			t.Fatalf("%q: rule %d", s, r)
		}
	})
}
