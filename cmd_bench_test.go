package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestCmdBench runs a tiny benchmark twice: the signature line is there and
// repeats, every position has a row, and bad flags are refused.
func TestCmdBench(t *testing.T) {
	sig := regexp.MustCompile(`(?m)^signature (\d+)$`)
	var sigs []string
	for range 2 {
		var out, errOut bytes.Buffer
		if code := cmdBench([]string{"--playouts", "60", "--nowin"}, nil, &out, &errOut); code != 0 {
			t.Fatalf("code %d, stderr %q", code, errOut.String())
		}
		m := sig.FindStringSubmatch(out.String())
		if m == nil {
			t.Fatalf("no signature in\n%s", out.String())
		}
		sigs = append(sigs, m[1])
		for _, name := range []string{"f15-a", "f20-b", "s15-c", "r15-d", "c15-a", "ce15-a", "total"} {
			if !strings.Contains(out.String(), "\n"+name+" ") {
				t.Errorf("no row %s in\n%s", name, out.String())
			}
		}
	}
	if sigs[0] != sigs[1] {
		t.Errorf("signatures %s and %s differ", sigs[0], sigs[1])
	}
	// --player searches with a variant's options: kakugo-tactics probes
	// the tree, which shows in its node count.
	var pout, perr bytes.Buffer
	if code := cmdBench([]string{"--playouts", "60", "--nowin", "--player", "kakugo-tactics"}, nil, &pout, &perr); code != 0 {
		t.Fatalf("--player: code %d, stderr %q", code, perr.String())
	}
	if m := sig.FindStringSubmatch(pout.String()); m == nil || m[1] == sigs[0] {
		t.Errorf("kakugo-tactics's bench signature %v, the default's %s", m, sigs[0])
	}
	// --cpuprofile writes a profile and leaves the signature alone.
	prof := filepath.Join(t.TempDir(), "bench.prof")
	var fout, ferr bytes.Buffer
	if code := cmdBench([]string{"--playouts", "60", "--nowin", "--cpuprofile", prof}, nil, &fout, &ferr); code != 0 {
		t.Fatalf("--cpuprofile: code %d, stderr %q", code, ferr.String())
	}
	if m := sig.FindStringSubmatch(fout.String()); m == nil || m[1] != sigs[0] {
		t.Errorf("signature with --cpuprofile %v, without %s", m, sigs[0])
	}
	if st, err := os.Stat(prof); err != nil || st.Size() == 0 {
		t.Errorf("no profile written: %v", err)
	}
	if code := cmdBench([]string{"--cpuprofile", filepath.Join(prof, "no", "dir")}, nil, &fout, &ferr); code != 1 {
		t.Errorf("an unwritable profile: code %d, want 1", code)
	}
	// --weights searches with another network: the embedded one's own file
	// gives the embedded signature; a file that is not weights is an error.
	var wout, werr bytes.Buffer
	if code := cmdBench([]string{"--playouts", "60", "--nowin", "--weights", "weights/default.kkw"}, nil, &wout, &werr); code != 0 {
		t.Fatalf("--weights: code %d, stderr %q", code, werr.String())
	}
	if m := sig.FindStringSubmatch(wout.String()); m == nil || m[1] != sigs[0] {
		t.Errorf("signature with --weights weights/default.kkw %v, embedded %s", m, sigs[0])
	}
	if code := cmdBench([]string{"--weights", "go.mod"}, nil, &wout, &werr); code != 1 {
		t.Errorf("--weights go.mod: code %d, want 1", code)
	}
	if code := cmdBench([]string{"--deep-weights", "go.mod"}, nil, &wout, &werr); code != 1 {
		t.Errorf("--deep-weights go.mod: code %d, want 1", code)
	}
	var out, errOut bytes.Buffer
	for _, args := range [][]string{{"--playouts", "0"}, {"--threads", "0"}, {"--leaf", "nope"}, {"extra"}, {"--bogus"},
		{"--player", "greedy"}, {"--player", "nope"}} {
		if code := cmdBench(args, nil, &out, &errOut); code != 2 {
			t.Errorf("bench %v: code %d, want 2", args, code)
		}
	}
}

// benchSignature is the node total of the default bench (3,000 playouts a
// position, one thread, the default player with the embedded network's
// prior and the embedded deep tier, which untimed searches ask): the
// search's fingerprint. A commit that changes the search on
// purpose changes this number, and says so with the new number in its
// message; any other change that moves it has changed the search by
// accident. 292714 before the network's weight in the mixed priors rose
// from 0.5 to 0.75 (2026-11-30, session 28; = --player kakugo-mix50);
// 288629 before the tree's evaluator priors read the last two moves
// (mcts.PriorNear, 2026-11-30).
const benchSignature = 282794

// benchSignatureNoDeep is the same without the deep tier (--deep-weights
// none): the first tier's search alone, since 2026-11-29 with the
// network's residual blocks in 8 bits (290455 before; 271530 before
// mcts.PriorNear; 288352 before λ 0.75).
const benchSignatureNoDeep = 307686

// TestBenchSignature pins the default bench's signature. It needs no clock:
// the bench stops each search at a playout count and its winning searches
// at node caps, so the number is the same on every machine, load and
// build (the network's kernels are bit-exact across builds). It takes
// about 5 s (two benches, with and without the deep tier); under the race
// detector a minute, so it is skipped there.
func TestBenchSignature(t *testing.T) {
	if raceDetector {
		t.Skip("the bench is one thread of fixed work: the race detector adds 30 s and nothing to check")
	}
	for _, c := range []struct {
		args []string
		want int
	}{{nil, benchSignature}, {[]string{"--deep-weights", "none"}, benchSignatureNoDeep}} {
		var out, errOut bytes.Buffer
		if code := cmdBench(c.args, nil, &out, &errOut); code != 0 {
			t.Fatalf("%v: code %d, stderr %q", c.args, code, errOut.String())
		}
		m := regexp.MustCompile(`(?m)^signature (\d+)$`).FindStringSubmatch(out.String())
		if m == nil {
			t.Fatalf("%v: no signature in\n%s", c.args, out.String())
		}
		if m[1] != strconv.Itoa(c.want) {
			t.Errorf("bench %v signature %s, pinned %d: if the search changed on purpose, update the pinned number (and say so in the commit)\n%s",
				c.args, m[1], c.want, out.String())
		}
	}
}
