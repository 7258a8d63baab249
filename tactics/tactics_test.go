package tactics

import (
	"bytes"
	"strings"
	"testing"

	"github.com/kakugo/kakugo/engine"
)

const sgfTwo = `(;FF[4]GM[4]GN[1]EV[rapfi x kakugo]RU[0]SZ[15]PB[rapfi]PW[kakugo]RE[B+1]
;B[hh]C[opening move];W[ih]C[opening move];B[gg]C[471ms];W[ii]C[20ms];B[ff]C[1ms])

(;FF[4]GM[4]GN[2]RU[4]SZ[15]PB[kakugo]PW[rapfi]C[a \] bracket]
;B[hh];W[ih];B[gg];W[ii])
`

const msgTwo = `----------------------------------------
Game ID: 1
Engines: rapfi x kakugo
3) rapfi: OptiTime 423ms | MaxTime 470ms
3) rapfi: Depth 9-13 | Eval 180 | Time 2ms | H4 G5
3) rapfi: Depth 10-13 | Eval +M5 | Time 2ms | G7 F6
4) kakugo: depth 8-22 | ev 0.49 | n 7072
4) rapfi: Depth 16-28 | Eval -58 | Time 102ms
5) rapfi: Speed 1M | Depth 1-1 | Eval +M1 | Node 1K
----------------------------------------
Game ID: 2
4) rapfi: Depth 3-4 | Eval +M9 | Time 1ms | J5
4) rapfi: Speed 9K | Depth 4-4 | Eval -M6 | Node 1K | Time 3ms
`

func TestEvalField(t *testing.T) {
	for _, c := range []struct {
		in          string
		mate, score int
		ok          bool
	}{
		{"Depth 2-3 | Eval 47 | Time 0ms", 0, 47, true},
		{"Depth 16-28 | Eval -58 | Time 102ms", 0, -58, true},
		{"Depth 21-31 | Eval +M31 | Time 204ms | L6", 31, 0, true},
		{"Speed 1M | Depth 4 | Eval -M8 | Node 3K", -8, 0, true},
		{"Eval +Mx", 0, 0, true},
		{"Eval -M0", 0, 0, true},
		{"Eval VAL_NONE", 0, 0, true},
		{"Eval 99999999999", 0, 0, true},
		{"OptiTime 423ms | MaxTime 470ms", 0, 0, false},
		{"depth 8-22 | ev 0.49", 0, 0, false},
	} {
		m, sc, ok := evalField(c.in)
		if m != c.mate || sc != c.score || ok != c.ok {
			t.Errorf("evalField(%q) = %d, %d, %v; want %d, %d, %v", c.in, m, sc, ok, c.mate, c.score, c.ok)
		}
	}
}

func TestReadSGF(t *testing.T) {
	games, err := ReadSGF(strings.NewReader(sgfTwo))
	if err != nil {
		t.Fatal(err)
	}
	if len(games) != 2 {
		t.Fatalf("%d games, want 2", len(games))
	}
	g := games[0]
	if g.ID != 1 || g.Black != "rapfi" || g.White != "kakugo" || g.Rule != 0 || g.Size != 15 || len(g.Moves) != 5 {
		t.Errorf("game 1: %+v", g)
	}
	if g.Moves[0] != (engine.Point{X: 7, Y: 7}) || g.Moves[4] != (engine.Point{X: 5, Y: 5}) {
		t.Errorf("game 1 moves %v", g.Moves)
	}
	if games[1].Rule != 4 || len(games[1].Moves) != 4 {
		t.Errorf("game 2: %+v", games[1])
	}
	for _, bad := range []string{
		"(;B[hh];B[ii])",   // two black moves
		"(;B[h])",          // one letter
		"(;B[hh]",          // unterminated game
		"(;B[hh)",          // unterminated value
		"(;B[hh](;W[ii]))", // a variation
		"B[hh]",            // outside a game
		"(;SZ[99];B[hh])",  // size out of range
		"(;GN[x];B[hh])",   // bad number
		")",                // stray close
	} {
		if _, err := ReadSGF(strings.NewReader(bad)); err == nil {
			t.Errorf("ReadSGF(%q) accepted", bad)
		}
	}
}

func TestReadMessages(t *testing.T) {
	mates, err := ReadMessages(strings.NewReader(msgTwo))
	if err != nil {
		t.Fatal(err)
	}
	want := []Mate{
		{Game: 1, Ply: 3, Engine: "rapfi", Mate: 5}, // the last Eval line of the move counts
		{Game: 1, Ply: 4, Engine: "rapfi", Score: -58},
		{Game: 1, Ply: 5, Engine: "rapfi", Mate: 1},
		{Game: 2, Ply: 4, Engine: "rapfi", Mate: -6},
	}
	if len(mates) != len(want) {
		t.Fatalf("mates %+v, want %+v", mates, want)
	}
	for i := range want {
		if mates[i] != want[i] {
			t.Errorf("mate %d: %+v, want %+v", i, mates[i], want[i])
		}
	}
}

func TestExtract(t *testing.T) {
	games, _ := ReadSGF(strings.NewReader(sgfTwo))
	mates, _ := ReadMessages(strings.NewReader(msgTwo))
	ps := Extract(games, mates, "rapfi")
	if len(ps) != 2 {
		t.Fatalf("%d positions, want 2: %+v", len(ps), ps)
	}
	// Game 1: rapfi (black) wins, to move at ply 3: the first two stones.
	if p := ps[0]; p.Game != 1 || p.Ply != 3 || len(p.Moves) != 2 || !p.Announcer || p.Mate != 5 {
		t.Errorf("game 1: %+v", p)
	}
	// Game 2: rapfi (white) loses after its move 4: four stones, black to move wins.
	if p := ps[1]; p.Game != 2 || len(p.Moves) != 4 || p.Announcer || p.Mate != 6 {
		t.Errorf("game 2: %+v", p)
	}
	if got := Extract(games, mates, "kakugo"); len(got) != 0 {
		t.Errorf("kakugo announced nothing, got %+v", got)
	}
	var buf bytes.Buffer
	if err := Write(&buf, ps); err != nil {
		t.Fatal(err)
	}
	want := "# game 1 ply 3: rapfi announced M5, rapfi to move wins\nh8i8\n" +
		"# game 2 ply 4: rapfi announced M6, the opponent to move wins\nh8i8g7i9\n"
	if buf.String() != want {
		t.Errorf("Write:\n%s\nwant:\n%s", buf.String(), want)
	}
}

// TestRewind: positions taken back keep their origin, carry the moves
// taken back in order, and are written with them; too short ones drop out.
func TestRewind(t *testing.T) {
	games, _ := ReadSGF(strings.NewReader(sgfTwo))
	mates, _ := ReadMessages(strings.NewReader(msgTwo))
	ps := Extract(games, mates, "rapfi")
	for _, tc := range []struct {
		n     int
		moves []int // stones left per position
	}{{0, []int{2, 4}}, {-1, []int{2, 4}}, {1, []int{1, 3}}, {2, []int{2}}, {4, nil}} {
		got := Rewind(ps, tc.n)
		if len(got) != len(tc.moves) {
			t.Fatalf("Rewind %d: %d positions, want %d", tc.n, len(got), len(tc.moves))
		}
		for i, p := range got {
			src := ps[len(ps)-len(got)+i]
			if len(p.Moves) != tc.moves[i] || p.Game != src.Game || p.Ply != src.Ply {
				t.Errorf("Rewind %d, position %d: %+v", tc.n, i, p)
			}
			whole := append(append([]engine.Point(nil), p.Moves...), p.Played...)
			if len(whole) != len(src.Moves) {
				t.Errorf("Rewind %d, position %d: %d+%d moves, want %d", tc.n, i, len(p.Moves), len(p.Played), len(src.Moves))
				continue
			}
			for j := range whole {
				if whole[j] != src.Moves[j] {
					t.Errorf("Rewind %d, position %d: move %d is %v, want %v", tc.n, i, j, whole[j], src.Moves[j])
				}
			}
		}
	}
	var buf bytes.Buffer
	if err := Write(&buf, Rewind(Rewind(ps, 1), 1)); err != nil {
		t.Fatal(err)
	}
	if want := "# game 2 ply 4: rapfi announced M6, the opponent to move wins after g7 i9\nh8i8\n"; buf.String() != want {
		t.Errorf("Write:\n%q\nwant:\n%q", buf.String(), want)
	}
}

// FuzzReadSGF: any input gives games or an error, never a panic, and every
// move read is on a board of at most 26 letters.
func FuzzReadSGF(f *testing.F) {
	f.Add(sgfTwo)
	f.Add("(;B[hh](")
	f.Fuzz(func(t *testing.T, s string) {
		games, err := ReadSGF(strings.NewReader(s))
		if err != nil {
			return
		}
		for _, g := range games {
			for _, m := range g.Moves {
				if m.X < 0 || m.X >= 26 || m.Y < 0 || m.Y >= 26 {
					t.Fatalf("move %v off any board", m)
				}
			}
		}
	})
}

// FuzzReadMessages: any input is read without a panic, and every mate
// found has a positive ply.
func FuzzReadMessages(f *testing.F) {
	f.Add(msgTwo)
	f.Add("Game ID: 3\n0) x: Eval +M1\n")
	f.Fuzz(func(t *testing.T, s string) {
		mates, err := ReadMessages(strings.NewReader(s))
		if err != nil {
			return
		}
		for _, m := range mates {
			if m.Ply <= 0 || m.Game == 0 {
				t.Fatalf("mate %+v", m)
			}
		}
	})
}
