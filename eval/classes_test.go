package eval

import (
	"fmt"
	"strings"
	"testing"

	"github.com/kakugo/kakugo/engine"
)

// ruleViews are the rule and colour combinations whose line classification
// differs; renju white is freestyle, renju black is its own.
var ruleViews = []struct {
	name string
	rule engine.Rule
	c    engine.Color
}{
	{"free", engine.Freestyle, engine.Black},
	{"exact", engine.Exact, engine.Black},
	{"renjuB", engine.Renju, engine.Black},
	{"renjuW", engine.Renju, engine.White},
	{"caro", engine.Caro, engine.Black},
	{"caroExact", engine.CaroExact, engine.Black},
}

// expect reads an expectation list such as "*:four renjuB:three": "*" is
// the default for the views not named.
func expect(t *testing.T, spec, view string) string {
	t.Helper()
	def := ""
	for _, f := range strings.Fields(spec) {
		k, v, ok := strings.Cut(f, ":")
		if !ok {
			t.Fatalf("bad expectation %q", f)
		}
		if k == view {
			return v
		}
		if k == "*" {
			def = v
		}
	}
	return def
}

// lineBoard lays a one-line pattern along direction d of a fresh board
// whose walls touch both ends of the pattern: X is the classified colour,
// O the opponent, * the point. It returns the board, the evaluator and p.
func lineBoard(t *testing.T, pattern string, d int, r engine.Rule, c engine.Color) (*engine.Board, *Evaluator, engine.Pos) {
	t.Helper()
	n := len(pattern)
	w, h := n, engine.MinSize
	cell := func(i int) (int, int) { return i, 2 }
	switch d {
	case 1:
		w, h = engine.MinSize, n
		cell = func(i int) (int, int) { return 2, i }
	case 2:
		w, h = n, n
		cell = func(i int) (int, int) { return i, i }
	case 3:
		w, h = n, n
		cell = func(i int) (int, int) { return n - 1 - i, i }
	}
	b, err := engine.New(max(w, engine.MinSize), max(h, engine.MinSize), r)
	if err != nil {
		t.Fatal(err)
	}
	e := Attach(b)
	p := engine.NoPos
	for i, ch := range pattern {
		x, y := cell(i)
		switch ch {
		case 'X':
			b.Put(b.Pos(x, y), c)
		case 'O':
			b.Put(b.Pos(x, y), c.Opp())
		case '*':
			p = b.Pos(x, y)
		}
	}
	if p == engine.NoPos {
		t.Fatalf("pattern %q has no point", pattern)
	}
	return b, e, p
}

func TestDirectionClasses(t *testing.T) {
	cases := []struct {
		pattern string
		want    string
	}{
		{"....XXXX*....", "*:five"},
		{"...XXXX*X....", "*:five exact:overline renjuB:overline caroExact:overline"},
		{"..XX*XXX.....", "*:five exact:overline renjuB:overline caroExact:overline"},
		{"OXXXX*O", "*:five caro:none caroExact:none"},
		{"XXXX*O..", "*:five"},                         // a wall is not an opponent stone, even for caro
		{"OXXX*.O", "*:four caro:none caroExact:none"}, // caro: its five would be blocked at both ends
		{"XXX*.O", "*:four"},                           // against the wall caro still counts it
		{"..XXX*...", "*:straight-four"},
		{".XXX*.X..", "*:straight-four exact:four renjuB:four caroExact:four"},
		{"X.XX*.X", "*:four-four"},
		{"OXXX*....", "*:four"},
		{"*XXX.", "*:four"},
		{".XXX*", "*:four"},
		{"..XX*...", "*:open-three"},
		{".X.X*..", "*:open-three"},
		{"O.XX*.O", "*:three caro:none caroExact:none"}, // caro: either four would be blocked at both ends
		{".XX*.", "*:three"},
		{"X..XX*..X", "*:open-three exact:three renjuB:three caroExact:three"},
		{"...X*....", "*:open-two"},
		{"..X.*....", "*:open-two"},
		{"OX*....", "*:two"},
		{"O*X.O", "*:none"},
		{"OX*XO...", "*:none"},
		{".....*.....", "*:none"},
	}
	for _, tc := range cases {
		for _, v := range ruleViews {
			want := expect(t, tc.want, v.name)
			for d := 0; d < 4; d++ {
				b, e, p := lineBoard(t, tc.pattern, d, v.rule, v.c)
				if got := e.Class(p, d, v.c).String(); got != want {
					t.Errorf("%q %s dir %d: %s, want %s\n%s", tc.pattern, v.name, d, got, want, b)
				}
			}
		}
	}
}

// TestLineMasks checks the five points, gains and defences of a few lines.
func TestLineMasks(t *testing.T) {
	cases := []struct {
		pattern                string
		fives, gains, defences string // pattern indices of the cells
	}{
		{"OXXX*....", "5", "", ""},
		{"..XXX*...", "1 6", "", ""},
		{"..XX*...", "", "1 5", "1 5"},
		{"O.XX*...", "", "5", "1 5 6"},
		{".X.X*..", "", "2", "0 2 5"},
		{"OX*....", "", "3 4 5", ""},
	}
	for _, tc := range cases {
		b, e, p := lineBoard(t, tc.pattern, 0, engine.Freestyle, engine.Black)
		ent := e.Line(p, 0, engine.Black)
		for _, m := range []struct {
			name string
			mask uint16
			want string
		}{{"fives", ent.Fives, tc.fives}, {"gains", ent.Gains, tc.gains}, {"defences", ent.Defences, tc.defences}} {
			var got []string
			for _, q := range e.MaskPoints(nil, p, 0, m.mask) {
				x, _ := b.XY(q)
				got = append(got, fmt.Sprint(x))
			}
			if strings.Join(got, " ") != m.want {
				t.Errorf("%q %s: %v, want %s", tc.pattern, m.name, got, m.want)
			}
		}
	}
}

// diagramBoard sets up a diagram (X black, O white, * the point, anything
// else empty) under rule r, swapping the colours when c is white, so that
// the same picture tests either colour.
func diagramBoard(t *testing.T, diagram string, r engine.Rule, c engine.Color) (*engine.Board, *Evaluator, engine.Pos) {
	t.Helper()
	rows := strings.Fields(diagram)
	var own, opp []engine.Point
	p := engine.Point{X: -1}
	for y, row := range rows {
		for x, ch := range row {
			switch ch {
			case 'X':
				own = append(own, engine.Point{X: x, Y: y})
			case 'O':
				opp = append(opp, engine.Point{X: x, Y: y})
			case '*':
				p = engine.Point{X: x, Y: y}
			}
		}
	}
	black, white := own, opp
	if c == engine.White {
		black, white = opp, own
	}
	b, e := buildIncrementally(t, len(rows[0]), len(rows), r, black, white, c, 1)
	return b, e, b.Pos(p.X, p.Y)
}

func TestCombos(t *testing.T) {
	cases := []struct {
		name, diagram, want string
	}{
		{"five", `
			.........
			.........
			.XXXX*...
			.........
			.........`, "*:five"},
		{"straight four", `
			.........
			.........
			..XXX*...
			.........
			.........`, "*:straight-four"},
		{"double four", `
			....O....
			....X....
			....X....
			....X....
			OXXX*....
			.........`, "*:double-four renjuB:forbidden"},
		{"double four in one line", `
			.........
			.........
			.X.XX*.X.
			.........
			.........`, "*:double-four renjuB:forbidden"},
		{"four-three", `
			.........
			.........
			....X....
			....X....
			OXXX*....
			.........
			.........
			.........`, "*:four-three"},
		{"double three", `
			.........
			.........
			....X....
			....X....
			..XX*....
			.........
			.........
			.........`, "*:double-three renjuB:forbidden"},
		{"four", `
			.........
			.........
			OXXX*....
			.........
			.........`, "*:four"},
		{"open three", `
			..........
			..........
			...XX*....
			..........
			..........`, "*:open-three"},
		{"double closed three", `
			.........
			....O....
			....X....
			....X....
			OXX.*....
			.........
			.........`, "*:double-closed-three"},
		{"three", `
			.........
			.........
			OXX*.....
			.........
			.........`, "*:three"},
		{"double two", `
			.........
			.........
			....X....
			.........
			..X.*....
			.........
			.........`, "*:double-two"},
		{"two", `
			.........
			.........
			...X*....
			.........
			.........`, "*:two"},
		{"overline", `
			.............
			.............
			.XXX*XX......
			.............
			.............`, "*:five exact:none renjuB:forbidden caroExact:none"},
		{"five beats overline", `
			.............
			.XXX*XX......
			....X........
			....X........
			....X........
			....X........
			.............`, "*:five"},
		{"corner five on the diagonal", `
			*....
			.X...
			..X..
			...X.
			....X`, "*:five"},
		{"caro four blocked at both ends", `
			.........
			.........
			OXXX*.O..
			.........
			.........`, "*:four caro:none caroExact:none"},
		{"nothing near", `
			*........
			.........
			.........
			.........
			........X`, "*:none"},
		{"three against the wall", `
			*XX......
			.........
			.........
			.........
			.........`, "*:three"},
	}
	for _, tc := range cases {
		for _, v := range ruleViews {
			want := expect(t, tc.want, v.name)
			b, e, p := diagramBoard(t, tc.diagram, v.rule, v.c)
			if got := e.Combo(p, v.c).String(); got != want {
				t.Errorf("%s %s: %s, want %s\n%s", tc.name, v.name, got, want, b)
			}
			if v.name == "renjuB" && e.Forbidden(p) != b.IsForbidden(p) {
				t.Errorf("%s: forbidden %v, engine %v", tc.name, e.Forbidden(p), b.IsForbidden(p))
			}
		}
	}
}

// TestRenjuPseudoDoubleThree: black's row three at * has both straight-four
// points forbidden (each would make a second four in its column), so only
// the column three is real and the point is a legal open three.
func TestRenjuPseudoDoubleThree(t *testing.T) {
	diagram := `
		...............
		...............
		...............
		...............
		....X..........
		....X..........
		....X..........
		.....XX*.......
		.......XX......
		.......XX......
		........X......
		...............
		...............
		...............
		...............`
	b, e, p := diagramBoard(t, diagram, engine.Renju, engine.Black)
	if b.IsForbidden(p) {
		t.Fatalf("engine calls the point forbidden; the diagram is wrong\n%s", b)
	}
	if got := e.Combo(p, engine.Black); got != ComboOpenThree {
		t.Errorf("combo %v, want open-three\n%s", got, b)
	}
	if n := 0; true {
		for d := 0; d < 4; d++ {
			if e.Class(p, d, engine.Black) == ClassOpenThree {
				n++
			}
		}
		if n != 2 {
			t.Errorf("%d line-local open threes, want 2", n)
		}
	}
	if e.Flags(p, engine.Black)&FlagUncertain == 0 {
		t.Errorf("expected the recursive check to settle the point")
	}
}
