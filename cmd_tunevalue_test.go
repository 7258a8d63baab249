package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/value"
)

// TestTuneValue runs tune-value on a few random games from the embedded
// default: it reports the choices and both losses before and after its
// epoch, writes weights of the codes features that load and differ from
// the start where there were choices (freestyle 15) and not elsewhere, and
// writes the same file again; bad flags and a start of another feature set
// are refused.
func TestTuneValue(t *testing.T) {
	if testing.Short() {
		t.Skip("reads the embedded default and tunes it: -short skips")
	}
	dir := t.TempDir()
	games := writeRandomGames(t, dir)
	var files [2][]byte
	for i := range files {
		out := filepath.Join(dir, fmt.Sprintf("t%d.kvw", i))
		var stdout, stderr bytes.Buffer
		code := run([]string{"tune-value", "--games", games, "--rank-league", "T", "--test-frac", "0.3", "--epochs", "1", "--choices-per-game", "3", "--out", out},
			strings.NewReader(""), &stdout, &stderr)
		log := stdout.String()
		if code != 0 || !strings.Contains(log, "freestyle 15 epoch 0: gain 4.00") || !strings.Contains(log, "freestyle 15 epoch 1:") ||
			!strings.Contains(log, "renju 15: no choices, the weights stay") {
			t.Fatalf("code %d:\n%s\n%s", code, log, stderr.String())
		}
		data, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		files[i] = data
	}
	if !bytes.Equal(files[0], files[1]) {
		t.Error("the same run wrote different weights")
	}
	m, err := value.Read(bytes.NewReader(files[0]))
	if err != nil || m.Set() != value.Codes {
		t.Fatalf("the written weights: %v", err)
	}
	def, _ := value.Default()
	same := func(k value.Key) bool {
		a, b := m.Weights(k), def.Weights(k)
		return a != nil && b != nil && fmt.Sprint(a) == fmt.Sprint(b)
	}
	if same(value.Key{Rule: engine.Freestyle, Size: 15}) || !same(value.Key{Rule: engine.Renju, Size: 15}) {
		t.Error("freestyle 15 should be tuned and renju 15 left as it was")
	}
	patterns := filepath.Join(dir, "p.kvw")
	if code := run([]string{"train-value", "--games", games, "--features", "patterns", "--hidden", "2", "--epochs", "1", "--out", patterns},
		strings.NewReader(""), &bytes.Buffer{}, &bytes.Buffer{}); code != 0 {
		t.Fatal("train-value failed")
	}
	for _, bad := range []struct {
		args []string
		code int
		says string
	}{
		{[]string{"--epochs", "0"}, 2, "positive"},
		{[]string{"--beta", "0"}, 2, "positive"},
		{[]string{"--engine-sgf", "x.sgf"}, 2, "pairs"},
		{[]string{"--from", patterns}, 1, "not of the codes features"},
		{[]string{"--from", filepath.Join(dir, "none.kvw")}, 1, "value weights"},
	} {
		var stderr bytes.Buffer
		if code := run(append([]string{"tune-value", "--games", games}, bad.args...), strings.NewReader(""), &bytes.Buffer{}, &stderr); code != bad.code || !strings.Contains(stderr.String(), bad.says) {
			t.Errorf("%v: code %d %q", bad.args, code, stderr.String())
		}
	}
}
