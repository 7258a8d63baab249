package fit

import (
	"math"
	"strings"
	"testing"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/tactics"
)

// engineSGF is two games of one opening with the colours swapped (c-gomoku-cli
// -repeat), and a renju game of another pair.
const engineSGF = `(;GN[1]RU[0]SZ[15]PB[rapfi]PW[kakugo];B[hh];W[ih];B[gg];W[ii];B[ff];W[jj];B[ee])
(;GN[2]RU[0]SZ[15]PB[kakugo]PW[rapfi];B[hh];W[ih];B[gg];W[ii];B[ff])
(;GN[3]RU[4]SZ[15]PB[rapfi]PW[kakugo];B[hh];W[ih];B[hi])
`

const engineMsg = `Game ID: 1
3) rapfi: Depth 9-13 | Eval 260 | Time 2ms
3) rapfi: Depth 10-13 | Eval -260 | Time 3ms
4) kakugo: depth 8-22 | ev 0.49 | n 7072
5) rapfi: Depth 12-20 | Eval +M3 | Time 9ms
9) rapfi: Depth 1-1 | Eval 0 | Time 1ms
Game ID: 2
4) rapfi: Depth 4-4 | Eval -M6 | Time 3ms
Game ID: 3
2) kakugo: depth 3-5 | ev 0.50
3) rapfi: Depth 5-5 | Eval 0 | Time 1ms
`

func engineRecords(t *testing.T) ([]EngineGame, EngineStats) {
	t.Helper()
	games, err := tactics.ReadSGF(strings.NewReader(engineSGF))
	if err != nil {
		t.Fatal(err)
	}
	mates, err := tactics.ReadMessages(strings.NewReader(engineMsg))
	if err != nil {
		t.Fatal(err)
	}
	return EngineGames("m.sgf", games, mates, EngineOptions{Engines: []string{"rapfi"}, Scale: 260})
}

// An engine's final verdict on each move labels the position before it:
// a score through the sigmoid of score/scale, a mate 1 or 0; verdicts past
// the end of a game and other engines' lines are not labels.
func TestEngineGames(t *testing.T) {
	eg, st := engineRecords(t)
	if st.Games != 3 || st.Verdicts != 4 || st.Mates != 2 || st.Skipped != 1 {
		t.Errorf("stats %+v, want 3 games, 4 verdicts, 2 mates, 1 skipped", st)
	}
	if len(eg) != 3 {
		t.Fatalf("%d games, want 3", len(eg))
	}
	want := []map[int]float32{
		{2: float32(1 / (1 + math.E)), 4: 1}, // the last line of move 3 (-260) counts
		{3: 0},
		{2: 0.5},
	}
	for i, w := range want {
		if len(eg[i].Labels) != len(w) {
			t.Errorf("game %d: labels %v, want %v", i+1, eg[i].Labels, w)
			continue
		}
		for ply, y := range w {
			if got, ok := eg[i].Labels[ply]; !ok || math.Abs(float64(got-y)) > 1e-6 {
				t.Errorf("game %d ply %d: label %v, want %v", i+1, ply, got, y)
			}
		}
	}
	if eg[2].Game.Rule != engine.Renju || eg[0].Game.Rule != engine.Freestyle {
		t.Errorf("rules %v %v, want freestyle and renju", eg[0].Game.Rule, eg[2].Game.Rule)
	}
	// The twins of one opening share a split key; the next pair does not.
	if k0, k1, k2 := eg[0].Game.SplitKey(), eg[1].Game.SplitKey(), eg[2].Game.SplitKey(); k0 != k1 || k0 == k2 {
		t.Errorf("split keys %q %q %q: want the twins' equal, the other apart", k0, k1, k2)
	}
}

// EngineSamples replays each labelled position: its sample carries the
// label, the tagged bucket, and the same features as a position replayed
// from the moves directly.
func TestEngineSamples(t *testing.T) {
	eg, _ := engineRecords(t)
	samples, st := EngineSamples(eg, SampleOptions{Seed: 1, TestFrac: 0.5}, "(rapfi)")
	if st.Positions != 4 || len(samples)+st.Exact != 4 {
		t.Fatalf("%d positions, %d samples, %d settled; want 4 positions", st.Positions, len(samples), st.Exact)
	}
	var renju int
	for _, s := range samples {
		if !strings.HasSuffix(s.Bucket, " (rapfi)") {
			t.Errorf("bucket %q not tagged", s.Bucket)
		}
		if s.Key.Rule == engine.Renju {
			renju++
			if s.Y != 0.5 || s.Bucket != "renju 15x15 (rapfi)" {
				t.Errorf("renju sample %+v", s)
			}
		}
	}
	if renju != 1 {
		t.Errorf("%d renju samples, want 1", renju)
	}
	// The twins fall on the same side of the split.
	var sides []bool
	for _, s := range samples {
		if s.Key.Rule == engine.Freestyle {
			sides = append(sides, s.Test)
		}
	}
	for _, side := range sides {
		if side != sides[0] {
			t.Errorf("the twins' samples are split: %v", sides)
		}
	}
}
