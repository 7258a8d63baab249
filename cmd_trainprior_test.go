package main

import (
	"bytes"
	"strings"
	"testing"
)

// TestTrainPrior runs train-prior on random games in the archive's format:
// progress lines, the three logit sets' held-out scores, the fitted logits
// in Go; the same run prints the same; bad flags are flag errors.
func TestTrainPrior(t *testing.T) {
	games := writeRandomGames(t, t.TempDir())
	args := []string{"train-prior", "--games", games, "--league", "T", "--test-frac", "0.3", "--steps", "5", "--every", "2"}
	var out1, out2, errOut bytes.Buffer
	if code := run(args, strings.NewReader(""), &out1, &errOut); code != 0 {
		t.Fatalf("code %d: %s", code, errOut.String())
	}
	for _, want := range []string{"step 5: training log-likelihood", "classic          freestyle", "near (embedded)  all", "fitted           all", "the fitted logits:\nattack: [...]float32{eval.ComboNone: ", "\nprev: [...]float32{"} {
		if !strings.Contains(out1.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out1.String())
		}
	}
	if code := run(args, strings.NewReader(""), &out2, &errOut); code != 0 || out2.String() != out1.String() {
		t.Errorf("a second run: code %d, same output %v", code, out2.String() == out1.String())
	}
	for _, bad := range [][]string{{"--every", "0"}, {"--steps", "-1"}, {"--lr", "0"}} {
		var stderr bytes.Buffer
		if code := run(append([]string{"train-prior", "--games", games}, bad...), strings.NewReader(""), &bytes.Buffer{}, &stderr); code != 2 {
			t.Errorf("%v: code %d %q", bad, code, stderr.String())
		}
	}
}
