package fit

import (
	"bytes"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/nn"
	"github.com/kakugo/kakugo/value"
)

// randomGames plays n games of random moves near the centre of a 15x15
// board under rule r to the end (a five, or 80 moves: a draw).
func randomGames(seed uint64, r engine.Rule, n int) []nn.Game {
	rng := rand.New(rand.NewPCG(seed, 1))
	var games []nn.Game
	for i := range n {
		b, _ := engine.New(15, 15, r)
		g := nn.Game{W: 15, H: 15, Rule: r, Source: "random", League: "test", Year: "1",
			Black: "a", White: string(rune('b' + i%7)), Opening: 2, Result: nn.ResultDraw}
		for tries := 0; b.Winner() == engine.Empty && b.MoveCount() < 80 && tries < 10000; tries++ {
			x, y := 7+rng.IntN(9)-4, 7+rng.IntN(9)-4
			if p := b.Pos(x, y); b.Legal(p) {
				b.Make(p)
				g.Moves = append(g.Moves, engine.Point{X: x, Y: y})
			}
		}
		switch b.Winner() {
		case engine.Black:
			g.Result = nn.ResultBlack
		case engine.White:
			g.Result = nn.ResultWhite
		}
		games = append(games, g)
	}
	return games
}

// TestRunDeterministic: the same games and seed give the same weight file
// byte for byte, progress lines name the loss and accuracy, and the report
// has a row per rule and board size.
func TestRunDeterministic(t *testing.T) {
	games := append(randomGames(1, engine.Freestyle, 60), randomGames(2, engine.Renju, 40)...)
	cfg := Config{Set: value.Combos, Sample: SampleOptions{PerGame: 6, Seed: 5, TestFrac: 0.25}, Fit: Options{Iters: 4, L2: 10}}
	var files [2][]byte
	var log bytes.Buffer
	for i := range files {
		log.Reset()
		m, rows, err := Run(cfg, games, &log)
		if err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		if err := value.Write(&buf, m); err != nil {
			t.Fatal(err)
		}
		files[i] = buf.Bytes()
		if len(rows) != 2 || rows[0].Bucket != "freestyle 15x15" || rows[1].Bucket != "renju 15x15" {
			t.Errorf("report rows %+v", rows)
		}
	}
	if !bytes.Equal(files[0], files[1]) {
		t.Error("two runs with the same seed wrote different weights")
	}
	if !strings.Contains(log.String(), "renju 15 step 4: train loss") || !strings.Contains(log.String(), "acc") {
		t.Errorf("progress lines missing:\n%s", log.String())
	}
	// Another seed samples other positions.
	cfg.Sample.Seed = 6
	m, _, err := Run(cfg, games, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	value.Write(&buf, m)
	if bytes.Equal(buf.Bytes(), files[0]) {
		t.Error("another seed gave the same weights")
	}
}

// TestSamples: the samples' labels are the result for the side to move,
// no settled position is kept, PerGame bounds each game's share, and the
// split is by game.
func TestSamples(t *testing.T) {
	games := randomGames(3, engine.Freestyle, 30)
	samples, st := Samples(games, SampleOptions{PerGame: 3, Seed: 1, TestFrac: 0.3})
	if st.Games != 30 || st.Positions > 90 || len(samples) != st.Positions-st.Exact {
		t.Errorf("stats %+v, %d samples", st, len(samples))
	}
	for _, s := range samples {
		if _, exact := value.Exact(s.Static); exact {
			t.Errorf("a settled position was kept: %d", s.Static)
		}
	}
	// Game by game: the label is the result for the side to move
	// (feature 2: black to move), and a game is on one side of the split.
	for i := range games {
		one := games[i : i+1]
		ss, _ := Samples(one, SampleOptions{Seed: 1, TestFrac: 0.3})
		for _, s := range ss {
			want := float32(0.5)
			switch one[0].Result {
			case nn.ResultBlack:
				want = s.F[2]
			case nn.ResultWhite:
				want = 1 - s.F[2]
			}
			if s.Y != want || s.Test != one[0].IsTest(1, 0.3) {
				t.Errorf("game %d: label %v test %v, want %v %v", i, s.Y, s.Test, want, !s.Test)
			}
		}
	}
	all, _ := Samples(games, SampleOptions{Seed: 1})
	want := 0
	for _, g := range games {
		want += g.Targets()
	}
	if _, st := Samples(games, SampleOptions{Seed: 1}); st.Positions != want || len(all) > want {
		t.Errorf("PerGame 0 took %d positions, want every one of %d", st.Positions, want)
	}
	unknown := []nn.Game{games[0]}
	unknown[0].Result = nn.ResultUnknown
	if s, st := Samples(unknown, SampleOptions{}); len(s) != 0 || st.NoResult != 1 {
		t.Errorf("a game without a result gave %d samples, stats %+v", len(s), st)
	}
}

// TestLogistic recovers the weights that generated the labels, and the
// weights it returns apply to the raw (unstandardised) features.
func TestLogistic(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 9))
	want := []float64{0.5, 1.5, -0.04}
	var xs [][]float32
	var ys []float32
	for range 20000 {
		x := []float32{1, float32(rng.NormFloat64()), float32(50 + 20*rng.NormFloat64())}
		z := want[0] + want[1]*float64(x[1]) + want[2]*float64(x[2])
		y := float32(0)
		if rng.Float64() < Sigmoid(z) {
			y = 1
		}
		xs, ys = append(xs, x), append(ys, y)
	}
	steps := 0
	w, err := Logistic(xs, ys, 3, Options{Iters: 8, L2: 0}, func(int, []float64) { steps++ })
	if err != nil {
		t.Fatal(err)
	}
	if steps != 8 {
		t.Errorf("%d progress calls, want 8", steps)
	}
	for i := 1; i < len(want); i++ {
		if math.Abs(w[i]-want[i]) > 0.1*math.Abs(want[i]) {
			t.Errorf("weight %d: %.4f, want about %.4f", i, w[i], want[i])
		}
	}
	// The bias is correlated with the weight of the feature of mean 50:
	// the logit at the mean is what the data pin down.
	if got, at := w[0]+50*w[2], want[0]+50*want[2]; math.Abs(got-at) > 0.05 {
		t.Errorf("logit at the mean %.4f, want about %.4f", got, at)
	}
	if _, err := Logistic(nil, nil, 3, Options{Iters: 1}, nil); err == nil {
		t.Error("no samples: no error")
	}
}

// TestMeasure: log-loss and accuracy by hand.
func TestMeasure(t *testing.T) {
	ps := []float64{0.8, 0.3, 0.5, 0.9}
	ys := []float32{1, 1, 0, 0.5}
	m := Measure(len(ps), func(i int) float64 { return ps[i] }, func(i int) float32 { return ys[i] })
	wantLoss := -(math.Log(0.8) + math.Log(0.3) + math.Log(0.5) + 0.5*math.Log(0.9) + 0.5*math.Log(0.1)) / 4
	if math.Abs(m.LogLoss-wantLoss) > 1e-12 {
		t.Errorf("log-loss %v, want %v", m.LogLoss, wantLoss)
	}
	// Decided: right, wrong, even (half): 1.5 of 3.
	if m.Accuracy != 0.5 || m.N != 4 {
		t.Errorf("accuracy %v of %d, want 0.5 of 4", m.Accuracy, m.N)
	}
}

// TestSharedGames fits on a slice of the shared Gomocup archive, when
// present: the learned value beats the static evaluation's log-loss on
// held-out games of each rule.
func TestSharedGames(t *testing.T) {
	f, err := os.Open("../../../shared/games/gomocup-games.jsonl.gz")
	if err != nil {
		t.Skip("shared games not present:", err)
	}
	defer f.Close()
	if testing.Short() {
		t.Skip("reading 35k games")
	}
	games, err := nn.ReadJSONL(f)
	if err != nil {
		t.Fatal(err)
	}
	var pick []nn.Game
	for i := range games {
		if i%10 == 0 || games[i].Rule != engine.Freestyle {
			pick = append(pick, games[i])
		}
	}
	_, rows, err := Run(Config{Set: value.Combos, Sample: SampleOptions{PerGame: 4, Seed: 1, TestFrac: 0.1}, Fit: Options{Iters: 6, L2: 1}}, pick, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 3 {
		t.Fatalf("rows %+v", rows)
	}
	for _, r := range rows {
		if r.Learned.LogLoss >= r.Refit.LogLoss || r.Learned.LogLoss >= r.Static.LogLoss {
			t.Errorf("%s: learned %v, static %v, refit %v", r.Bucket, r.Learned, r.Static, r.Refit)
		}
	}
}
