package main

import (
	"bytes"
	"regexp"
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
	var out, errOut bytes.Buffer
	for _, args := range [][]string{{"--playouts", "0"}, {"--threads", "0"}, {"--leaf", "nope"}, {"extra"}, {"--bogus"}} {
		if code := cmdBench(args, nil, &out, &errOut); code != 2 {
			t.Errorf("bench %v: code %d, want 2", args, code)
		}
	}
}
