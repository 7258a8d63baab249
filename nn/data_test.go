package nn

import (
	"os"
	"strings"
	"testing"

	"github.com/kakugo/kakugo/engine"
)

const sampleJSONL = `{"year": "2021", "league": "Renju", "file": "Renju/a.psq", "rule": "renju", "board": "15x15", "black": "A", "white": "B", "n_opening_stones_guess": 3, "moves": [[8, 8], [9, 7], [10, 10], [7, 7], [10, 7]], "times_ms": [0, 0, 0, 5, 6]}
{"year": "2021", "league": "Renju", "file": "Renju/b.psq", "rule": "renju", "board": "15x15", "black": "B", "white": "A", "n_opening_stones_guess": 3, "moves": [[8, 8], [9, 7], [10, 10], [6, 6], [6, 6], [1, 1]], "times_ms": [0, 0, 0, 5, 6, 7]}

{"year": "2021", "league": "Freestyle1", "file": "F/c.psq", "rule": "freestyle", "board": "20x20", "black": "C", "white": "A", "n_opening_stones_guess": 1, "moves": [[10, 10], [11, 11]], "times_ms": [0, 9]}
`

func TestReadJSONL(t *testing.T) {
	games, err := ReadJSONL(strings.NewReader(sampleJSONL))
	if err != nil {
		t.Fatal(err)
	}
	if len(games) != 3 {
		t.Fatalf("%d games, want 3", len(games))
	}
	g := games[0]
	if g.W != 15 || g.H != 15 || g.Rule != engine.Renju || g.Opening != 3 || len(g.Moves) != 5 || g.Targets() != 2 {
		t.Fatalf("game 0 read as %+v", g)
	}
	if g.Moves[0] != (engine.Point{X: 7, Y: 7}) {
		t.Fatalf("moves are 1-based in the file: got %v", g.Moves[0])
	}
	if n := len(games[1].Moves); n != 4 {
		t.Fatalf("game with a repeated move cut to %d moves, want 4", n)
	}
	if games[2].W != 20 || games[2].Rule != engine.Freestyle {
		t.Fatalf("game 2 read as %+v", games[2])
	}
	// The two games of an opening between the same engines (colours
	// swapped) share a split key; another pairing does not.
	if games[0].SplitKey() != games[1].SplitKey() {
		t.Fatalf("colour-swapped twins split apart: %q vs %q", games[0].SplitKey(), games[1].SplitKey())
	}
	if games[0].SplitKey() == games[2].SplitKey() {
		t.Fatal("different games share a split key")
	}
}

func TestSplitIsDeterministicAndNearFraction(t *testing.T) {
	var games []Game
	for i := 0; i < 4000; i++ {
		games = append(games, Game{Year: "2021", League: "L", Black: string(rune('a' + i%26)), White: strings.Repeat("x", i/26),
			Moves: []engine.Point{{X: i % 7, Y: i % 5}}, Opening: 1})
	}
	count := 0
	for i := range games {
		a := games[i].IsTest(3, 0.1)
		if a != games[i].IsTest(3, 0.1) {
			t.Fatal("split is not deterministic")
		}
		if a {
			count++
		}
	}
	if count < 320 || count > 480 {
		t.Fatalf("%d of 4000 games held out at 10%%", count)
	}
	other := 0
	for i := range games {
		if games[i].IsTest(3, 0.1) != games[i].IsTest(4, 0.1) {
			other++
		}
	}
	if other == 0 {
		t.Fatal("the seed does not change the split")
	}
}

func TestReadPSQ(t *testing.T) {
	psq := "Piskvorky 20x20, 11:11, 0\n10,10,0\n11,11,0\n12,10,1234\n9,9,55\nengine1.exe\nengine2.exe\n1,Freestyle1\n"
	g, err := ReadPSQ(strings.NewReader(psq), "x.psq", engine.Freestyle)
	if err != nil {
		t.Fatal(err)
	}
	if g.W != 20 || len(g.Moves) != 4 || g.Opening != 2 || g.Moves[2] != (engine.Point{X: 11, Y: 9}) {
		t.Fatalf("read %+v", g)
	}
	if _, err := ReadPSQ(strings.NewReader("hello\n"), "bad.psq", engine.Freestyle); err == nil {
		t.Fatal("accepted a file that is not psq")
	}
}

func TestReadCSV(t *testing.T) {
	csv := "position,move\nh8i9,g7\n,h8\n# comment\n"
	games, err := ReadCSV(strings.NewReader(csv), "s.csv", 15, 15, engine.Freestyle)
	if err != nil {
		t.Fatal(err)
	}
	if len(games) != 2 || games[0].Opening != 2 || games[0].Targets() != 1 || games[0].Moves[2] != (engine.Point{X: 6, Y: 6}) {
		t.Fatalf("read %+v", games)
	}
	if games[1].Opening != 0 || games[1].Moves[0] != (engine.Point{X: 7, Y: 7}) {
		t.Fatalf("empty position read as %+v", games[1])
	}
	for _, bad := range []string{"h8h8,i9\n", "h8,h8\n", "h8\n", "h8,z99\n"} {
		if _, err := ReadCSV(strings.NewReader(bad), "bad.csv", 15, 15, engine.Freestyle); err == nil {
			t.Errorf("accepted %q", bad)
		}
	}
}

func TestSymmetries(t *testing.T) {
	for _, sz := range [][2]int{{15, 15}, {20, 20}, {12, 17}} {
		w, h := sz[0], sz[1]
		seen := map[[2]int]bool{}
		for s := 0; s < NumSymmetries(w, h); s++ {
			// Each symmetry is a bijection of the board onto itself.
			cells := map[[2]int]bool{}
			for y := 0; y < h; y++ {
				for x := 0; x < w; x++ {
					tx, ty := Transform(s, x, y, w, h)
					if tx < 0 || ty < 0 || tx >= w || ty >= h {
						t.Fatalf("%dx%d symmetry %d maps (%d,%d) off the board", w, h, s, x, y)
					}
					cells[[2]int{tx, ty}] = true
				}
			}
			if len(cells) != w*h {
				t.Fatalf("%dx%d symmetry %d is not a bijection", w, h, s)
			}
			tx, ty := Transform(s, 1, 0, w, h)
			seen[[2]int{tx, ty}] = true
		}
		// The symmetries are distinct: (1,0) has as many images.
		if len(seen) != NumSymmetries(w, h) {
			t.Fatalf("%dx%d: %d distinct images of (1,0), want %d", w, h, len(seen), NumSymmetries(w, h))
		}
	}
}

// TestSharedArchive reads the shared Gomocup archive when it is present.
func TestSharedArchive(t *testing.T) {
	f, err := os.Open("../../shared/games/gomocup-games.jsonl.gz")
	if err != nil {
		t.Skip("shared games not present:", err)
	}
	defer f.Close()
	if testing.Short() {
		t.Skip("reading 35k games")
	}
	games, err := ReadJSONL(f)
	if err != nil {
		t.Fatal(err)
	}
	if len(games) < 30000 {
		t.Fatalf("%d games", len(games))
	}
	targets := 0
	results := map[Result]int{}
	for _, g := range games {
		targets += g.Targets()
		results[g.Result]++
	}
	if targets < 1000000 {
		t.Fatalf("%d target moves", targets)
	}
	// Every game says its result (README: winner_color black, white or null).
	if results[ResultUnknown] != 0 || results[ResultBlack] < 10000 || results[ResultWhite] < 10000 || results[ResultDraw] == 0 {
		t.Errorf("results %v", results)
	}
}

// TestReadResult reads the archive's winner_color and, where it is
// absent, selfplay's result field.
func TestReadResult(t *testing.T) {
	for _, tc := range []struct {
		fields string
		want   Result
	}{
		{`"winner_color": "black"`, ResultBlack},
		{`"winner_color": "white"`, ResultWhite},
		{`"winner_color": null`, ResultDraw},
		{`"result": "white"`, ResultWhite},
		{`"result": "draw"`, ResultDraw},
		{`"result": "black", "winner_color": "white"`, ResultWhite},
		{`"league": "x"`, ResultUnknown},
		{`"winner_color": "green"`, ResultUnknown},
	} {
		line := `{"rule": "freestyle", "board": "15x15", "moves": [[8, 8]], ` + tc.fields + "}\n"
		games, err := ReadJSONL(strings.NewReader(line))
		if err != nil || len(games) != 1 {
			t.Fatalf("%s: %v %v", tc.fields, games, err)
		}
		if games[0].Result != tc.want {
			t.Errorf("%s: result %v, want %v", tc.fields, games[0].Result, tc.want)
		}
	}
}

// FuzzReadRecords feeds arbitrary text to the record readers: they return
// games or an error, never panic, and every game they return replays.
func FuzzReadRecords(f *testing.F) {
	f.Add("Piskvorky 20x20, 11:11, 0\n10,10,0\n11,11,0\n12,10,1234\n")
	f.Add("position,move\nh8i9,g7\n")
	f.Add(sampleJSONL)
	f.Add("Piskvorky 5x5\n1,1,0\n1,1,0\n99,99,1\n")
	f.Fuzz(func(t *testing.T, s string) {
		var games []Game
		if g, err := ReadPSQ(strings.NewReader(s), "f.psq", engine.Renju); err == nil {
			games = append(games, g)
		}
		if gs, err := ReadCSV(strings.NewReader(s), "f.csv", 15, 15, engine.Freestyle); err == nil {
			games = append(games, gs...)
		}
		if gs, err := ReadJSONL(strings.NewReader(s)); err == nil {
			games = append(games, gs...)
		}
		for _, g := range games {
			for ply := g.Opening; ply < len(g.Moves); ply++ {
				if _, _, err := g.Position(ply, 0); err != nil {
					t.Fatal(err)
				}
			}
		}
	})
}
