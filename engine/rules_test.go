package engine

import (
	"strings"
	"testing"
)

// diagram builds a board from rows of X (black), O (white) and . (empty),
// top row first; the board is as wide and high as the diagram.
func diagram(t *testing.T, r Rule, rows ...string) *Board {
	t.Helper()
	var black, white []Point
	for y, row := range rows {
		for x, ch := range strings.ReplaceAll(row, " ", "") {
			switch ch {
			case 'X':
				black = append(black, Point{x, y})
			case 'O':
				white = append(white, Point{x, y})
			}
		}
	}
	w := len(strings.ReplaceAll(rows[0], " ", ""))
	b, err := FromStones(w, len(rows), r, black, white, Black)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestIsFive checks, for every rule, whether a stone at the marked cell
// ('*' in the row, replaced by the colour under test) wins.
func TestIsFive(t *testing.T) {
	type want map[Rule]bool
	all := func(v bool) want {
		return want{Freestyle: v, Exact: v, Renju: v, Caro: v, CaroExact: v}
	}
	cases := []struct {
		name  string
		row   string
		c     Color
		wants want
	}{
		{"five black", ".XX*XX.", Black, all(true)},
		{"five white", ".OO*OO.", White, all(true)},
		{"four only", "..X*XX.", Black, all(false)},
		{"overline black", "XXX*XX.", Black, want{Freestyle: true, Exact: false, Renju: false, Caro: true, CaroExact: false}},
		{"overline white", "OOO*OO.", White, want{Freestyle: true, Exact: false, Renju: true, Caro: true, CaroExact: false}},
		{"seven white", "OOO*OOO", White, want{Freestyle: true, Exact: false, Renju: true, Caro: true, CaroExact: false}},
		{"blocked both ends", "OXX*XXO", Black, want{Freestyle: true, Exact: true, Renju: true, Caro: false, CaroExact: false}},
		{"blocked one end", "OXX*XX.", Black, all(true)},
		{"at the wall", "XX*XX..", Black, all(true)},
		{"between walls", "XX*XX", Black, all(true)},
		{"wall and opponent", "XX*XXO.", Black, all(true)},
		{"gap", "XX*X.X.", Black, all(false)},
	}
	for _, tc := range cases {
		for _, r := range Rules {
			row := strings.Replace(tc.row, "*", ".", 1)
			b := diagram(t, r, row, strings.Repeat(".", len(row)), strings.Repeat(".", len(row)), strings.Repeat(".", len(row)), strings.Repeat(".", len(row)))
			p := b.Pos(strings.IndexByte(tc.row, '*'), 0)
			if got := b.IsFive(p, tc.c); got != tc.wants[r] {
				t.Errorf("%s under %s: IsFive = %v, want %v", tc.name, r, got, tc.wants[r])
			}
		}
	}
}

// TestFiveDirections places the same five along each line direction, on a
// rectangular board, touching its borders.
func TestFiveDirections(t *testing.T) {
	b, _ := New(9, 6, Freestyle)
	lines := [][]Point{
		{{4, 5}, {5, 5}, {6, 5}, {7, 5}, {8, 5}}, // bottom row, right edge
		{{0, 1}, {0, 2}, {0, 3}, {0, 4}, {0, 5}}, // left column
		{{1, 0}, {2, 1}, {3, 2}, {4, 3}, {5, 4}}, // diagonal from the top edge
		{{8, 0}, {7, 1}, {6, 2}, {5, 3}, {4, 4}}, // anti-diagonal from the corner
	}
	for i, line := range lines {
		b, _ = New(9, 6, Freestyle)
		for _, m := range line[:4] {
			b.Put(b.Pos(m.X, m.Y), White)
		}
		last := b.Pos(line[4].X, line[4].Y)
		if b.IsFive(last, Black) {
			t.Errorf("line %d: black wins with white's stones", i)
		}
		if !b.IsFive(last, White) {
			t.Errorf("line %d: white's five not seen", i)
		}
		b.Put(last, White)
		if b.Winner() != White || !b.HasFive(White) || b.HasFive(Black) {
			t.Errorf("line %d: Winner %v HasFive %v/%v", i, b.Winner(), b.HasFive(White), b.HasFive(Black))
		}
	}
}

// TestRuleFromProtocol covers every value Piskvork, Yixin-Board and Rapfi send.
func TestRuleFromProtocol(t *testing.T) {
	cases := map[int]Rule{0: Freestyle, 1: Exact, 2: Renju, 3: Exact, 4: Renju, 5: Freestyle, 6: Freestyle, 8: Caro, 9: CaroExact, 10: Caro, 11: CaroExact}
	for v, want := range cases {
		got, err := RuleFromProtocol(v)
		if err != nil || got != want {
			t.Errorf("rule %d: got %v, %v; want %v", v, got, err, want)
		}
	}
	for _, v := range []int{-1, 7, 12, 16, 1 << 30} {
		if _, err := RuleFromProtocol(v); err == nil {
			t.Errorf("rule %d accepted", v)
		}
	}
	for _, r := range Rules {
		back, err := RuleFromProtocol(r.ProtocolValue())
		if err != nil || back != r {
			t.Errorf("%v: protocol value %d maps back to %v", r, r.ProtocolValue(), back)
		}
		byName, err := ParseRule(r.String())
		if err != nil || byName != r {
			t.Errorf("%v: name maps back to %v, %v", r, byName, err)
		}
	}
}

// TestSizes checks the supported range and the cell mapping of every size.
func TestSizes(t *testing.T) {
	for _, bad := range [][2]int{{4, 15}, {15, 4}, {33, 15}, {15, 33}, {0, 0}, {-5, 10}} {
		if _, err := New(bad[0], bad[1], Freestyle); err == nil {
			t.Errorf("%dx%d accepted", bad[0], bad[1])
		}
	}
	for w := MinSize; w <= MaxSize; w += 3 {
		for h := MinSize; h <= MaxSize; h += 4 {
			b, err := New(w, h, Freestyle)
			if err != nil {
				t.Fatal(err)
			}
			empty := 0
			for p := Pos(0); int(p) < b.Size(); p++ {
				if b.At(p) == Empty {
					empty++
					x, y := b.XY(p)
					if !b.OnBoard(x, y) || b.Pos(x, y) != p {
						t.Fatalf("%dx%d: cell %d maps to (%d,%d)", w, h, p, x, y)
					}
				}
			}
			if empty != w*h {
				t.Fatalf("%dx%d: %d empty cells", w, h, empty)
			}
			// A run along any direction from a corner stays inside the array.
			for _, d := range b.Dirs() {
				for _, c := range []Pos{b.Pos(0, 0), b.Pos(w-1, h-1), b.Pos(w-1, 0), b.Pos(0, h-1)} {
					if b.At(c+5*d) != Empty && b.At(c+5*d) != Wall || b.At(c-5*d) != Empty && b.At(c-5*d) != Wall {
						t.Fatalf("%dx%d: bad padding", w, h)
					}
				}
			}
		}
	}
}

func TestPlayErrors(t *testing.T) {
	b, _ := New(15, 15, Renju)
	if err := b.Play(15, 0); err != ErrOffBoard {
		t.Errorf("off board: %v", err)
	}
	if err := b.Play(-1, 3); err != ErrOffBoard {
		t.Errorf("off board: %v", err)
	}
	if err := b.Play(7, 7); err != nil {
		t.Fatal(err)
	}
	if err := b.Play(7, 7); err != ErrOccupied {
		t.Errorf("occupied: %v", err)
	}
	// (8,7) makes two open threes for black: a row and a column.
	b3, _ := FromStones(15, 15, Renju, []Point{{5, 7}, {6, 7}, {8, 5}, {8, 6}}, []Point{{0, 0}, {0, 2}, {0, 4}, {0, 6}}, Black)
	if err := b3.Play(8, 7); err != ErrForbidden {
		t.Errorf("double three: %v\n%s", err, b3)
	}
	if err := b3.Play(8, 8); err != nil {
		t.Errorf("plain move: %v", err)
	}
}
