package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/kakugo/kakugo/nn"
)

// TestFlagErrors checks that every subcommand says what is wrong with its
// flags, and how to use it, before it exits with code 2.
func TestFlagErrors(t *testing.T) {
	tests := []struct {
		args []string
		want string // in the first line of stderr
	}{
		{[]string{"--bogus"}, "pbrain-kakugo brain: unknown flag: --bogus"},
		{[]string{"--threads", "abc"}, `pbrain-kakugo brain: invalid argument "abc" for "--threads"`},
		{[]string{"brain", "--seed=x"}, `pbrain-kakugo brain: invalid argument "x"`},
		{[]string{"play", "--time", "1x"}, `pbrain-kakugo play: invalid argument "1x" for "--time"`},
		{[]string{"solve", "--time", "1000"}, `pbrain-kakugo solve: invalid argument "1000" for "--time"`},
		{[]string{"bench", "--bogus"}, "pbrain-kakugo bench: unknown flag: --bogus"},
		{[]string{"eval", "--bogus"}, "pbrain-kakugo eval: unknown flag: --bogus"},
		{[]string{"match", "--bogus"}, "pbrain-kakugo match: unknown flag: --bogus"},
		{[]string{"selfplay", "--bogus"}, "pbrain-kakugo selfplay: unknown flag: --bogus"},
		{[]string{"train", "--bogus"}, "pbrain-kakugo train: unknown flag: --bogus"},
		{[]string{"nneval", "--bogus"}, "pbrain-kakugo nneval: unknown flag: --bogus"},
		{[]string{"nosuchcommand"}, `pbrain-kakugo: unknown subcommand "nosuchcommand"`},
	}
	for _, tc := range tests {
		var out, errOut bytes.Buffer
		code := run(tc.args, strings.NewReader(""), &out, &errOut)
		first, rest, _ := strings.Cut(errOut.String(), "\n")
		if code != 2 || !strings.Contains(first, tc.want) || !strings.Contains(rest, "usage") {
			t.Errorf("%v: code %d, stderr %q; want code 2, %q and the usage", tc.args, code, errOut.String(), tc.want)
		}
		if out.Len() != 0 {
			t.Errorf("%v: stdout %q, want nothing (a manager reads it)", tc.args, out.String())
		}
	}
}

// TestVersion checks --version and the version subcommand.
func TestVersion(t *testing.T) {
	for _, args := range [][]string{{"--version"}, {"version"}, {"-V"}} {
		var out, errOut bytes.Buffer
		if code := run(args, strings.NewReader(""), &out, &errOut); code != 0 || !strings.HasPrefix(out.String(), "pbrain-kakugo ") ||
			!strings.Contains(out.String(), "\nnetwork kernels: "+nn.KernelName()+" (8-bit blocks: "+nn.Kernel8Name()+")\n") {
			t.Errorf("%v: code %d, stdout %q, stderr %q", args, code, out.String(), errOut.String())
		}
	}
	var out, errOut bytes.Buffer
	if code := run([]string{"version", "x"}, strings.NewReader(""), &out, &errOut); code != 2 {
		t.Errorf("version x: code %d, want 2", code)
	}
}
