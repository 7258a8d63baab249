package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCmdTactics runs the subcommand on a small record pair and checks its
// output file, its summary and its flag errors.
func TestCmdTactics(t *testing.T) {
	dir := t.TempDir()
	sgf := filepath.Join(dir, "g.sgf")
	msg := filepath.Join(dir, "g.msg")
	out := filepath.Join(dir, "won.txt")
	if err := os.WriteFile(sgf, []byte("(;GN[1]SZ[15]RU[0]PB[rapfi]PW[kakugo];B[hh];W[ih];B[gg];W[ii])\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(msg, []byte("Game ID: 1\n3) rapfi: Speed 1M | Depth 9 | Eval +M7 | Node 1K\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	if code := cmdTactics([]string{"--sgf", sgf, "--msg", msg, "--out", out}, nil, &stdout, &stderr); code != 0 {
		t.Fatalf("code %d, stderr %q", code, stderr.String())
	}
	got, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if want := "# game 1 ply 3: rapfi announced M7, rapfi to move wins\nh8i8\n"; string(got) != want {
		t.Errorf("output %q, want %q", got, want)
	}
	if !strings.Contains(stderr.String(), "1 games, 1 won positions") {
		t.Errorf("summary %q", stderr.String())
	}
	for _, args := range [][]string{{"--bogus"}, {"--sgf", sgf}, {}} {
		stderr.Reset()
		if code := cmdTactics(args, nil, &stdout, &stderr); code != 2 || stderr.Len() == 0 {
			t.Errorf("%v: code %d, stderr %q; want 2 and a message", args, code, stderr.String())
		}
	}
	stderr.Reset()
	if code := cmdTactics([]string{"--sgf", filepath.Join(dir, "none.sgf"), "--msg", msg}, nil, &stdout, &stderr); code != 1 {
		t.Errorf("missing file: code %d, want 1", code)
	}
}
