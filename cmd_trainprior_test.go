package main

import (
	"bytes"
	"fmt"
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
	// --held-out: those records are the whole held-out side (here the same
	// 40 games: every position of them is held out, all of --games trains),
	// and --rich prints PriorRich's tables.
	var out3 bytes.Buffer
	held := []string{"train-prior", "--games", games, "--held-out", games, "--league", "T", "--steps", "2", "--every", "2", "--rich"}
	if code := run(held, strings.NewReader(""), &out3, &errOut); code != 0 {
		t.Fatalf("--held-out: code %d: %s", code, errOut.String())
	}
	var n, train, test int
	if _, err := fmt.Sscanf(out3.String()[strings.Index(out3.String(), "games "):], "games %d: %d training and %d held-out", &n, &train, &test); err != nil || n != 80 || train == 0 || train != test {
		t.Errorf("--held-out: %d games, %d training and %d held-out positions (%v), want 80 and equal sides:\n%s", n, train, test, err, out3.String())
	}
	for _, want := range []string{"rich (embedded)  all", "\ndirMe: [...]float32{", "\npair: [...]float32{", "\nadj: [...]float32{"} {
		if !strings.Contains(out3.String(), want) {
			t.Errorf("--rich output lacks %q", want)
		}
	}
	for _, bad := range [][]string{{"--every", "0"}, {"--steps", "-1"}, {"--lr", "0"}, {"--pair-l2", "-1"}, {"--held-out", "/nonexistent.jsonl"}} {
		var stderr bytes.Buffer
		want := 2
		if bad[0] == "--held-out" {
			want = 1 // a file that cannot be read is a failure, not a flag error
		}
		if code := run(append([]string{"train-prior", "--games", games}, bad...), strings.NewReader(""), &bytes.Buffer{}, &stderr); code != want {
			t.Errorf("%v: code %d %q", bad, code, stderr.String())
		}
	}
}
