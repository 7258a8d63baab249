package main

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/value"
)

// TestTrainValue runs train-value on a few random games in the archive's
// format: it prints progress and the report, writes weights that load, and
// writes the same file again for the same seed; a bad feature set is a flag
// error.
func TestTrainValue(t *testing.T) {
	dir := t.TempDir()
	var lines []string
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range 40 {
		b, _ := engine.New(15, 15, engine.Freestyle)
		var moves []string
		for tries := 0; b.Winner() == engine.Empty && b.MoveCount() < 60 && tries < 10000; tries++ {
			x, y := 7+rng.IntN(9)-4, 7+rng.IntN(9)-4
			if p := b.Pos(x, y); b.Legal(p) {
				b.Make(p)
				moves = append(moves, fmt.Sprintf("[%d, %d]", x+1, y+1))
			}
		}
		winner := "null"
		if w := b.Winner(); w != engine.Empty {
			winner = `"` + strings.ToLower(w.String()) + `"`
		}
		lines = append(lines, fmt.Sprintf(`{"year": "2021", "league": "T", "rule": "freestyle", "board": "15x15", "black": "a%d", "white": "b", "winner_color": %s, "n_opening_stones_guess": 1, "moves": [%s]}`,
			i, winner, strings.Join(moves, ", ")))
	}
	games := filepath.Join(dir, "g.jsonl")
	if err := os.WriteFile(games, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var files [2][]byte
	for i := range files {
		out := filepath.Join(dir, fmt.Sprintf("v%d.kvw", i))
		var stdout, stderr bytes.Buffer
		code := run([]string{"train-value", "--games", games, "--test-frac", "0.3", "--iters", "3", "--l2", "10", "--out", out}, strings.NewReader(""), &stdout, &stderr)
		if code != 0 || !strings.Contains(stdout.String(), "freestyle 15 step 3: train loss") || !strings.Contains(stdout.String(), "freestyle 15x15") {
			t.Fatalf("code %d:\n%s\n%s", code, stdout.String(), stderr.String())
		}
		data, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		if m, err := value.Read(bytes.NewReader(data)); err != nil || m.Weights(value.Key{Rule: engine.Freestyle, Size: 15}) == nil {
			t.Fatalf("the written weights: %v", err)
		}
		files[i] = data
	}
	if !bytes.Equal(files[0], files[1]) {
		t.Error("the same run wrote different weights")
	}
	var stderr bytes.Buffer
	if code := run([]string{"train-value", "--games", games, "--features", "lines"}, strings.NewReader(""), &bytes.Buffer{}, &stderr); code != 2 || !strings.Contains(stderr.String(), "unknown feature set") {
		t.Errorf("a bad --features: code %d %q", code, stderr.String())
	}
}
