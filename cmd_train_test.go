package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestTrainResume checks that a checkpoint is resumed only when asked, that
// the resume says what it continues, that architecture flags contradicting
// the checkpoint are refused, and that progress shows from the first step.
func TestTrainResume(t *testing.T) {
	dir := t.TempDir()
	games := filepath.Join(dir, "g.csv")
	lines := []string{"h8,i9", "h8i9,g7", "h8i9g7,j10", "h8i9g7j10,f6", "i9,h8", "i9h8,j10", "g7,h8", "g7h8,f6"}
	if err := os.WriteFile(games, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	ckpt := filepath.Join(dir, "run.ckpt")
	base := []string{"train", "--games", games, "--channels", "4", "--blocks", "1", "--batch", "4",
		"--eval-every", "100", "--checkpoint", ckpt, "--out", filepath.Join(dir, "w.kkw"), "--test-frac", "0"}
	train := func(extra ...string) (int, string, string) {
		var out, errOut bytes.Buffer
		code := run(append(append([]string{}, base...), extra...), strings.NewReader(""), &out, &errOut)
		return code, out.String(), errOut.String()
	}
	code, out, errOut := train("--steps", "12")
	if code != 0 || !strings.Contains(out, "step 1 ") || !strings.Contains(out, "step 10 ") {
		t.Fatalf("first run: code %d, no early progress lines:\n%s\n%s", code, out, errOut)
	}
	if code, _, errOut := train("--steps", "20"); code != 2 || !strings.Contains(errOut, "--resume") {
		t.Errorf("an existing checkpoint was not refused without --resume: code %d, %q", code, errOut)
	}
	if code, _, errOut := train("--steps", "20", "--resume", "--channels", "8"); code != 2 || !strings.Contains(errOut, "--channels 8") {
		t.Errorf("a contradicting --channels was not refused: code %d, %q", code, errOut)
	}
	code, out, errOut = train("--steps", "20", "--resume")
	if code != 0 || !strings.Contains(out, "resuming "+ckpt+" at step 12") {
		t.Errorf("resume: code %d:\n%s\n%s", code, out, errOut)
	}
	// A later --checkpoint wins: there is nothing to resume there.
	if code, _, errOut := train("--steps", "20", "--resume", "--checkpoint", filepath.Join(dir, "none.ckpt")); code != 2 {
		t.Errorf("--resume without a checkpoint: code %d %s", code, errOut)
	}
}
