package manager

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kakugo/kakugo/engine"
)

func pts(xy ...int) []engine.Point {
	var out []engine.Point
	for i := 0; i < len(xy); i += 2 {
		out = append(out, engine.Point{X: xy[i], Y: xy[i+1]})
	}
	return out
}

func samePoints(a, b []engine.Point) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestParseOpening(t *testing.T) {
	tests := []struct {
		text   string
		format OpeningFormat
		w, h   int
		want   []engine.Point
	}{
		// pos: letter = x from a, number = y+1 (README: h8i9g7).
		{"h8i9g7", FormatPos, 15, 15, pts(7, 7, 8, 8, 6, 6)},
		{"k4k5j2", FormatPos, 15, 15, pts(10, 3, 10, 4, 9, 1)},
		{"q11s8o10s11", FormatPos, 20, 20, pts(16, 10, 18, 7, 14, 9, 18, 10)},
		{"  e12e11f14  ", FormatPos, 15, 15, pts(4, 11, 4, 10, 5, 13)},
		// offset: centre (w/2, h/2) = 7,7 on 15x15 and 10,10 on 20x20.
		{"5,5, 6,6, 5,7, 3,5, 2,4", FormatOffset, 20, 20, pts(15, 15, 16, 16, 15, 17, 13, 15, 12, 14)},
		{"5,5, 6,6, 5,7, 3,5, 2,4", FormatOffset, 15, 15, pts(12, 12, 13, 13, 12, 14, 10, 12, 9, 11)},
		{"0,1, 1,0, 0,3, 0,0, 2,0", FormatOffset, 15, 15, pts(7, 8, 8, 7, 7, 10, 7, 7, 9, 7)},
		{"-1,-1, -2,-3, -4,-2", FormatOffset, 15, 15, pts(6, 6, 5, 4, 3, 5)},
		{"0,0", FormatOffset, 12, 9, pts(6, 4)},
		{"1,0, 1,-1,", FormatOffset, 15, 15, pts(8, 7, 8, 6)},
	}
	for _, tc := range tests {
		op, err := ParseOpening(tc.text)
		if err != nil {
			t.Errorf("%q: %v", tc.text, err)
			continue
		}
		if op.Format != tc.format {
			t.Errorf("%q: format %s, want %s", tc.text, op.Format, tc.format)
		}
		if got := op.Moves(tc.w, tc.h); !samePoints(got, tc.want) {
			t.Errorf("%q on %dx%d: %v, want %v", tc.text, tc.w, tc.h, got, tc.want)
		}
		if _, err := op.Board(tc.w, tc.h, engine.Renju); err != nil {
			t.Errorf("%q: %v", tc.text, err)
		}
	}
	if s := PosString(pts(7, 7, 8, 8, 6, 6)); s != "h8i9g7" {
		t.Errorf("PosString = %q", s)
	}
}

func TestBadOpenings(t *testing.T) {
	for _, s := range []string{"h8i", "8h", "h0", "5,5, 6", "5,,5", "a,b", "5;5, 6,6"} {
		if op, err := ParseOpening(s); err == nil {
			t.Errorf("%q parsed as %v", s, op.Moves(15, 15))
		}
	}
	// Parsed, but wrong on the board: off it, a cell twice, a five.
	for _, s := range []string{"p8", "h8h8", "8,0", "a1b1a2b2a3b3a4b4a5", "0,0, 1,0, 0,1, 1,1, 0,2, 1,2, 0,3, 1,3, 0,-1"} {
		op, err := ParseOpening(s)
		if err != nil {
			t.Errorf("%q: %v", s, err)
			continue
		}
		if _, err := op.Board(15, 15, engine.Freestyle); err == nil {
			t.Errorf("%q accepted on 15x15", s)
		}
	}
}

func TestReadOpenings(t *testing.T) {
	text := "\ufeff# a comment\r\nh8i9g7\r\n\r\n  0,1, 1,0  \n#x\nk4k5j2"
	ops, err := ReadOpenings(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	if len(ops) != 3 {
		t.Fatalf("%d openings, want 3", len(ops))
	}
	for i, want := range []struct {
		line   int
		format OpeningFormat
	}{{2, FormatPos}, {4, FormatOffset}, {6, FormatPos}} {
		if ops[i].Line != want.line || ops[i].Format != want.format {
			t.Errorf("opening %d: line %d %s, want line %d %s", i, ops[i].Line, ops[i].Format, want.line, want.format)
		}
	}
	if _, err := ReadOpenings(strings.NewReader("h8\nh8i\n")); err == nil || !strings.Contains(err.Error(), "line 2") {
		t.Errorf("bad line: %v", err)
	}
}

func TestSharedOpenings(t *testing.T) {
	dir := filepath.Join("..", "..", "..", "shared", "openings")
	if _, err := os.Stat(dir); err != nil {
		t.Skipf("shared openings not found at %s: %v", dir, err)
	}
	// The table of shared/openings/README.md: rule, board and count.
	files := []struct {
		name   string
		rule   engine.Rule
		size   int
		count  int
		format OpeningFormat
	}{
		{"f15-base-8k.txt", engine.Freestyle, 15, 8088, FormatPos},
		{"f20-base-8k.txt", engine.Freestyle, 20, 8320, FormatPos},
		{"s15-base-24k.txt", engine.Exact, 15, 24320, FormatPos},
		{"r15-base-40k.txt", engine.Renju, 15, 40640, FormatPos},
		{"openings_freestyle.txt", engine.Freestyle, 20, 12, FormatOffset},
		{"openings_standard.txt", engine.Exact, 15, 12, FormatOffset},
		{"openings_renju.txt", engine.Renju, 15, 12, FormatOffset},
	}
	for _, f := range files {
		ops, err := LoadOpenings(filepath.Join(dir, f.name))
		if err != nil {
			t.Errorf("%s: %v", f.name, err)
			continue
		}
		if len(ops) != f.count {
			t.Errorf("%s: %d openings, want %d", f.name, len(ops), f.count)
		}
		for _, op := range ops {
			if op.Format != f.format {
				t.Errorf("%s line %d: format %s", f.name, op.Line, op.Format)
				break
			}
			if _, err := op.Board(f.size, f.size, f.rule); err != nil {
				t.Errorf("%s line %d %q: %v", f.name, op.Line, op.Text, err)
				break
			}
		}
	}
}
