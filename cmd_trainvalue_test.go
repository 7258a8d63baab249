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
	games := writeRandomGames(t, dir)
	trainValueTwice(t, dir, "v", []string{"--games", games, "--test-frac", "0.3", "--iters", "3", "--l2", "10"},
		[]string{"freestyle 15 step 3: train loss", "freestyle 15x15"}, func(m *value.Model) bool {
			return m.Weights(value.Key{Rule: engine.Freestyle, Size: 15}) != nil
		})
	// A hidden layer: progress lines of its epochs, a version 2 file.
	out := filepath.Join(dir, "net.kvw")
	var stdout, errOut bytes.Buffer
	code := run([]string{"train-value", "--games", games, "--test-frac", "0.3", "--iters", "2", "--features", "patterns", "--hidden", "3", "--epochs", "2", "--out", out}, strings.NewReader(""), &stdout, &errOut)
	if code != 0 || !strings.Contains(stdout.String(), "freestyle 15 hidden step 2: train loss") {
		t.Fatalf("--hidden: code %d:\n%s\n%s", code, stdout.String(), errOut.String())
	}
	if m, err := value.Load(out); err != nil || m.Hidden() != 3 || m.Set() != value.Patterns {
		t.Fatalf("the written net: %v", err)
	}
	for _, bad := range [][]string{{"--hidden", "65"}, {"--hidden", "-1"}, {"--hidden", "4", "--epochs", "0"}, {"--features", "codes", "--hidden", "0"}, {"--features", "fine", "--hidden", "0"}} {
		var stderr bytes.Buffer
		if code := run(append([]string{"train-value", "--games", games}, bad...), strings.NewReader(""), &bytes.Buffer{}, &stderr); code != 2 || !strings.Contains(stderr.String(), "--hidden") {
			t.Errorf("%v: code %d %q", bad, code, stderr.String())
		}
	}
	// The finer codes: their own feature count, a file of their set; the
	// default (Codes) weights are no baseline for them.
	fine := filepath.Join(dir, "fine.kvw")
	stdout.Reset()
	code = run([]string{"train-value", "--games", games, "--test-frac", "0.3", "--iters", "2", "--features", "fine", "--hidden", "3", "--epochs", "2", "--out", fine}, strings.NewReader(""), &stdout, &errOut)
	if code != 0 || !strings.Contains(stdout.String(), fmt.Sprintf("%d features (fine)", value.Fine.Len())) {
		t.Fatalf("--features fine: code %d:\n%s\n%s", code, stdout.String(), errOut.String())
	}
	if m, err := value.Load(fine); err != nil || m.Hidden() != 3 || m.Set() != value.Fine {
		t.Fatalf("the written fine net: %v", err)
	}
	var stderr bytes.Buffer
	if code := run([]string{"train-value", "--games", games, "--features", "fine", "--baseline", "default"}, strings.NewReader(""), &bytes.Buffer{}, &stderr); code != 2 || !strings.Contains(stderr.String(), "baseline") {
		t.Errorf("fine with the codes baseline: code %d %q", code, stderr.String())
	}
	stderr.Reset()
	if code := run([]string{"train-value", "--games", games, "--features", "lines"}, strings.NewReader(""), &bytes.Buffer{}, &stderr); code != 2 || !strings.Contains(stderr.String(), "unknown feature set") {
		t.Errorf("a bad --features: code %d %q", code, stderr.String())
	}
}

// TestTrainValueTrunk fits a node value (the trunk features, read by the
// embedded network) on random games: a file of the Trunk set with hidden
// units, the same file again for the same seed; --baseline and a missing
// network are errors.
func TestTrainValueTrunk(t *testing.T) {
	dir := t.TempDir()
	games := writeRandomGames(t, dir)
	trainValueTwice(t, dir, "n", []string{"--games", games, "--test-frac", "0.3", "--iters", "2", "--features", "trunk",
		"--hidden", "4", "--epochs", "2"}, []string{"52 features (trunk)"}, func(m *value.Model) bool {
		return m.Set() == value.Trunk && m.Hidden() == 4
	})
	for _, bad := range [][]string{{"--baseline", "default"}, {"--policy-weights", filepath.Join(dir, "missing.kkw")}} {
		var stderr bytes.Buffer
		args := append([]string{"train-value", "--games", games, "--features", "trunk", "--out", filepath.Join(dir, "x.kvw")}, bad...)
		if code := run(args, strings.NewReader(""), &bytes.Buffer{}, &stderr); code == 0 || stderr.Len() == 0 {
			t.Errorf("%v: code %d %q", bad, code, stderr.String())
		}
	}
}

// trainValueTwice runs train-value with args twice, each time into its own
// file in dir: each run succeeds, prints every line of want and writes
// weights that load and satisfy ok, and the two files are the same.
func trainValueTwice(t *testing.T, dir, prefix string, args, want []string, ok func(*value.Model) bool) {
	t.Helper()
	var files [2][]byte
	for i := range files {
		out := filepath.Join(dir, fmt.Sprintf("%s%d.kvw", prefix, i))
		var stdout, stderr bytes.Buffer
		code := run(append(append([]string{"train-value"}, args...), "--out", out), strings.NewReader(""), &stdout, &stderr)
		if code != 0 {
			t.Fatalf("code %d:\n%s\n%s", code, stdout.String(), stderr.String())
		}
		for _, w := range want {
			if !strings.Contains(stdout.String(), w) {
				t.Fatalf("no %q in the output:\n%s\n%s", w, stdout.String(), stderr.String())
			}
		}
		data, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		if m, err := value.Read(bytes.NewReader(data)); err != nil || !ok(m) {
			t.Fatalf("the written weights: %v", err)
		}
		files[i] = data
	}
	if !bytes.Equal(files[0], files[1]) {
		t.Error("the same run wrote different weights")
	}
}

// writeRandomGames writes 40 random freestyle games in the archive's
// format to dir and returns the file's path.
func writeRandomGames(t *testing.T, dir string) string {
	t.Helper()
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
	return games
}

// TestTrainValueEngineRecords adds a strong engine's verdicts from a pair of
// c-gomoku-cli records: their positions are counted, reported in their own
// bucket, and scored beside the baseline weights; records that do not come
// in pairs are a flag error.
func TestTrainValueEngineRecords(t *testing.T) {
	dir := t.TempDir()
	games := writeRandomGames(t, dir)
	// The records' path as given keys their held-out split: given relative
	// to the test's own directory it is the same on every run (the random
	// name of the temporary directory left the rapfi positions all on the
	// training side in some runs).
	t.Chdir(dir)
	sgf, msg := "m.sgf", "m.msg"
	var sgfText, msgText strings.Builder
	for g := 1; g <= 20; g++ {
		fmt.Fprintf(&sgfText, "(;GN[%d]RU[0]SZ[15]PB[rapfi]PW[kakugo];B[hh];W[ih];B[gg];W[ii];B[ff];W[%c%c];B[%c%c])\n",
			g, 'a'+byte(g%7), 'l'+byte(g%3), 'b'+byte(g%5), 'm'+byte(g%2))
		fmt.Fprintf(&msgText, "Game ID: %d\n3) rapfi: Depth 9-13 | Eval %d | Time 2ms\n5) rapfi: Depth 9-9 | Eval %d\n", g, 40*g-400, 300-20*g)
	}
	for path, text := range map[string]string{sgf: sgfText.String(), msg: msgText.String()} {
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	out := filepath.Join(dir, "v.kvw")
	var stdout, stderr bytes.Buffer
	code := run([]string{"train-value", "--games", games, "--test-frac", "0.3", "--iters", "2", "--out", out,
		"--engine-sgf", sgf, "--engine-msg", msg, "--baseline", "default"}, strings.NewReader(""), &stdout, &stderr)
	if code != 0 {
		t.Fatalf("code %d:\n%s\n%s", code, stdout.String(), stderr.String())
	}
	for _, want := range []string{"20 games, 40 verdicts of rapfi (0 mates)", "40 more positions labelled otherwise", "freestyle 15x15 (rapfi)", "baseline"} {
		if !strings.Contains(stdout.String(), want) {
			t.Errorf("no %q in\n%s", want, stdout.String())
		}
	}
	// --bucket-by-file names the file in the report and changes nothing
	// else: the same weights, byte for byte.
	byFile := filepath.Join(dir, "vf.kvw")
	stdout.Reset()
	if code := run([]string{"train-value", "--games", games, "--test-frac", "0.3", "--iters", "2", "--out", byFile,
		"--engine-sgf", sgf, "--engine-msg", msg, "--bucket-by-file"}, strings.NewReader(""), &stdout, &stderr); code != 0 {
		t.Fatalf("--bucket-by-file: code %d: %s", code, stderr.String())
	}
	if !strings.Contains(stdout.String(), "freestyle 15x15 (rapfi m.sgf)") {
		t.Errorf("no per-file bucket in\n%s", stdout.String())
	}
	a, errA := os.ReadFile(out)
	b, errB := os.ReadFile(byFile)
	if errA != nil || errB != nil || !bytes.Equal(a, b) {
		t.Errorf("--bucket-by-file changed the weights (%v, %v)", errA, errB)
	}
	for _, args := range [][]string{{"--engine-sgf", sgf}, {"--engine-msg", msg}, {"--engine-sgf", sgf, "--engine-msg", msg, "--engine-scale", "0"}} {
		stderr.Reset()
		if code := run(append([]string{"train-value", "--games", games}, args...), strings.NewReader(""), &bytes.Buffer{}, &stderr); code != 2 {
			t.Errorf("%v: code %d, want 2 (%s)", args, code, stderr.String())
		}
	}
	if code := run([]string{"train-value", "--games", games, "--baseline", filepath.Join(dir, "none.kvw"), "--out", out}, strings.NewReader(""), &bytes.Buffer{}, &stderr); code != 1 {
		t.Errorf("a missing baseline: code %d, want 1", code)
	}
}
