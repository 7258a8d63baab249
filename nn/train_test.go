package nn

import (
	"bytes"
	"context"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/kakugo/kakugo/engine"
)

// syntheticGames are random games on small boards whose every recorded move
// follows a simple rule the network can learn: play next to the opponent's
// last stone, on its right (or anywhere legal when that cell is taken).
func syntheticGames(t testing.TB, n int, seed uint64) []Game {
	rng := rand.New(rand.NewPCG(seed, 1))
	var games []Game
	for len(games) < n {
		w, h := 9, 9
		if len(games)%3 == 0 {
			w, h = 11, 8
		}
		b, _ := engine.New(w, h, engine.Freestyle)
		g := Game{W: w, H: h, Rule: engine.Freestyle, Source: "synthetic", Opening: 1}
		g.Source = string(rune('a'+len(games)%26)) + string(rune('a'+len(games)/26))
		first := engine.Point{X: rng.IntN(w), Y: rng.IntN(h)}
		g.Moves = append(g.Moves, first)
		b.Make(b.Pos(first.X, first.Y))
		for len(g.Moves) < 12 {
			last := g.Moves[len(g.Moves)-1]
			next := engine.Point{X: last.X + 1, Y: last.Y}
			if !b.OnBoard(next.X, next.Y) || b.At(b.Pos(next.X, next.Y)) != engine.Empty {
				next = engine.Point{X: rng.IntN(w), Y: rng.IntN(h)}
				if b.At(b.Pos(next.X, next.Y)) != engine.Empty {
					continue
				}
			}
			if b.IsFive(b.Pos(next.X, next.Y), b.SideToMove()) {
				break
			}
			g.Moves = append(g.Moves, next)
			b.Make(b.Pos(next.X, next.Y))
		}
		games = append(games, g)
	}
	return games
}

var tinyArch = Arch{Features: BasicName, Planes: basicPlanes, Channels: 8, Blocks: 1, StemKernel: 3, BlockKernel: 3, HeadKernel: 3}

func TestTrainLearns(t *testing.T) {
	games := syntheticGames(t, 120, 1)
	train, test := games[:100], games[100:]
	net, _ := NewRandom(tinyArch, 1)
	before := Evaluate(net, func() Features { return NewBasic() }, test, 2, func(*Game) string { return "" })[""]
	cfg := TrainConfig{Seed: 1, Threads: 2, Batch: 32, Steps: 150, Warmup: 10, LR: 5e-3, MinLR: 1e-4}
	if err := Train(context.Background(), cfg, net, NewAdam(net), func() Features { return NewBasic() }, train, test); err != nil {
		t.Fatal(err)
	}
	after := Evaluate(net, func() Features { return NewBasic() }, test, 2, func(*Game) string { return "" })[""]
	t.Logf("before: %v\nafter:  %v", before, after)
	if after.Loss >= before.Loss*0.7 || after.Top1 <= before.Top1+after.N/4 {
		t.Fatalf("training did not learn the rule:\nbefore %v\nafter  %v", before, after)
	}
}

// TestTrainResumes stops a run halfway through a checkpoint and resumes it:
// the weights must equal those of the run made in one go.
func TestTrainResumes(t *testing.T) {
	games := syntheticGames(t, 40, 2)
	dir := t.TempDir()
	feats := func() Features { return NewBasic() }
	cfg := TrainConfig{Seed: 5, Threads: 2, Batch: 8, Steps: 12, Warmup: 3, LR: 3e-3, MinLR: 1e-4}
	straight, _ := NewRandom(tinyArch, 2)
	if err := Train(context.Background(), cfg, straight, NewAdam(straight), feats, games, nil); err != nil {
		t.Fatal(err)
	}
	staged := cfg
	staged.Checkpoint = filepath.Join(dir, "ckpt")
	staged.Out = filepath.Join(dir, "out.kkw")
	staged.StopAt = 5
	first, _ := NewRandom(tinyArch, 2)
	if err := Train(context.Background(), staged, first, NewAdam(first), feats, games, nil); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(staged.Checkpoint)
	if err != nil {
		t.Fatal(err)
	}
	resumed, opt, err := LoadCheckpoint(f)
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	if opt.Step != 5 {
		t.Fatalf("checkpoint at step %d, want 5", opt.Step)
	}
	staged.StopAt = 0
	if err := Train(context.Background(), staged, resumed, opt, feats, games, nil); err != nil {
		t.Fatal(err)
	}
	for i := range straight.params {
		if straight.params[i] != resumed.params[i] {
			t.Fatalf("param %d: %v straight, %v resumed", i, straight.params[i], resumed.params[i])
		}
	}
	// The weights written beside the checkpoint load and match too.
	data, err := os.ReadFile(staged.Out)
	if err != nil {
		t.Fatal(err)
	}
	out, err := LoadBytes(data)
	if err != nil {
		t.Fatal(err)
	}
	var a, b bytes.Buffer
	out.Save(&a)
	resumed.Save(&b)
	if !bytes.Equal(a.Bytes(), b.Bytes()) {
		t.Fatal("written weights differ from the trained network")
	}
}
