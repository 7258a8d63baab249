package eval

import (
	"bufio"
	"encoding/json"
	"math/rand/v2"
	"os"
	"sort"
	"strings"
	"testing"

	"github.com/kakugo/kakugo/engine"
)

// buildIncrementally plays the stones of a position in a random order (the
// colours need not alternate) with an evaluator attached, so that the
// position is reached through the incremental path.
func buildIncrementally(t *testing.T, w, h int, r engine.Rule, black, white []engine.Point, toMove engine.Color, seed uint64) (*engine.Board, *Evaluator) {
	t.Helper()
	b, err := engine.New(w, h, r)
	if err != nil {
		t.Fatal(err)
	}
	e := Attach(b)
	type stone struct {
		p engine.Point
		c engine.Color
	}
	var all []stone
	for _, p := range black {
		all = append(all, stone{p, engine.Black})
	}
	for _, p := range white {
		all = append(all, stone{p, engine.White})
	}
	rng := rand.New(rand.NewPCG(seed, 7))
	rng.Shuffle(len(all), func(i, j int) { all[i], all[j] = all[j], all[i] })
	for _, s := range all {
		b.Put(b.Pos(s.p.X, s.p.Y), s.c)
	}
	b.SetSideToMove(toMove)
	if err := e.Verify(); err != nil {
		t.Fatalf("incremental build: %v", err)
	}
	return b, e
}

func TestForbiddenMintaka(t *testing.T) {
	const path = "../../shared/positions/mintaka_renju_forbidden.json"
	data, err := os.ReadFile(path)
	if err != nil {
		t.Skipf("skipping: %s not readable (%v)", path, err)
	}
	var cases []struct {
		Test     string            `json:"test"`
		Size     int               `json:"size"`
		Black    []string          `json:"black"`
		White    []string          `json:"white"`
		Expected map[string]string `json:"expected_forbidden_points_for_black"`
	}
	if err := json.Unmarshal(data, &cases); err != nil {
		t.Fatal(err)
	}
	for i, tc := range cases {
		t.Run(tc.Test, func(t *testing.T) {
			cells := func(list []string) []engine.Point {
				var out []engine.Point
				for _, s := range list {
					p, err := engine.ParseDiagramCell(s, tc.Size)
					if err != nil {
						t.Fatal(err)
					}
					out = append(out, p)
				}
				return out
			}
			b, e := buildIncrementally(t, tc.Size, tc.Size, engine.Renju, cells(tc.Black), cells(tc.White), engine.Black, uint64(i))
			got := map[string]string{}
			for _, p := range e.ForbiddenPoints() {
				x, y := b.XY(p)
				got[engine.FormatDiagramCell(x, y, tc.Size)] = e.ForbiddenKind(p)
			}
			for k, v := range tc.Expected {
				if got[strings.ToUpper(k)] != v {
					t.Errorf("%s: got %q, want %q", k, got[strings.ToUpper(k)], v)
				}
			}
			if len(got) != len(tc.Expected) {
				t.Errorf("forbidden points %v, want %v\n%s", got, tc.Expected, b)
			}
		})
	}
}

// TestForbiddenDiagrams checks the project's own forbidden-point diagrams.
func TestForbiddenDiagrams(t *testing.T) {
	f, err := os.Open("../testdata/renju_forbidden.txt")
	if err != nil {
		t.Skipf("skipping: %v", err)
	}
	defer f.Close()
	type diagram struct {
		name string
		rows []string
	}
	var ds []diagram
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		switch {
		case strings.HasPrefix(line, "="):
			ds = append(ds, diagram{name: strings.TrimSpace(line[1:])})
		case line == "" || strings.HasPrefix(line, "#"):
		case len(ds) > 0:
			ds[len(ds)-1].rows = append(ds[len(ds)-1].rows, strings.ReplaceAll(line, " ", ""))
		}
	}
	if len(ds) == 0 {
		t.Skip("no diagrams")
	}
	for i, d := range ds {
		t.Run(d.name, func(t *testing.T) {
			var black, white []engine.Point
			var want []string
			for y, row := range d.rows {
				for x, ch := range row {
					switch ch {
					case 'X':
						black = append(black, engine.Point{X: x, Y: y})
					case 'O':
						white = append(white, engine.Point{X: x, Y: y})
					case '#':
						want = append(want, engine.FormatMove(x, y))
					}
				}
			}
			b, e := buildIncrementally(t, len(d.rows[0]), len(d.rows), engine.Renju, black, white, engine.Black, uint64(i))
			var got []string
			for _, p := range e.ForbiddenPoints() {
				got = append(got, engine.FormatMove(b.XY(p)))
			}
			sort.Strings(got)
			sort.Strings(want)
			if strings.Join(got, " ") != strings.Join(want, " ") {
				t.Errorf("forbidden %v, want %v\n%s", got, want, b)
			}
		})
	}
}

// TestRenjuDenseRandom plays black-heavy random renju positions, where
// double threes and their recursive checks are common, and compares every
// forbidden point with the engine after each move.
func TestRenjuDenseRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(42, 42))
	uncertain := 0
	games := 30
	if testing.Short() {
		games = 8
	}
	for g := 0; g < games; g++ {
		b, _ := engine.New(15, 15, engine.Renju)
		e := Attach(b)
		for i := 0; i < 70; i++ {
			p := randomNear(b, rng)
			c := engine.Black
			if rng.IntN(3) == 0 {
				c = engine.White
			}
			b.Put(p, c)
			if b.IsFive(p, c) {
				b.Undo()
				continue
			}
			if err := e.Verify(); err != nil {
				t.Fatalf("game %d: %v\n%s", g, err, b)
			}
			if err := checkAgainstEngine(t, e); err != nil {
				t.Fatalf("game %d: %v\n%s", g, err, b)
			}
			for y := 0; y < 15; y++ {
				for x := 0; x < 15; x++ {
					if e.Flags(b.Pos(x, y), engine.Black)&FlagUncertain != 0 {
						uncertain++
					}
				}
			}
		}
		e.Detach()
	}
	t.Logf("points settled by the recursive check, summed over positions: %d", uncertain)
}
