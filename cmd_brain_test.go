package main

import (
	"bytes"
	"regexp"
	"strings"
	"testing"
)

// TestCmdBrain runs the brain subcommand on a short game and checks its
// flags.
func TestCmdBrain(t *testing.T) {
	tests := []struct {
		args []string
		in   string
		code int
		out  string // a regular expression for the whole output
	}{
		{nil, "START 15\r\nBEGIN\r\n", 0, `^OK\n\d+,\d+\n$`},
		{nil, "START 15\nEND\nBEGIN\n", 0, `^OK\n$`},
		{[]string{"--suggest"}, "START 15\nBEGIN\nPLAY 0,0\n", 0, `^OK\nSUGGEST \d+,\d+\n0,0\n$`},
		{[]string{"--debug", "--player", players()[0].name, "--seed", "7"}, "ABOUT\n", 0, `^name="Kakugo".*\n$`},
		{[]string{"--help"}, "", 0, `^$`},
		{[]string{"--no-such-flag"}, "", 2, `^$`},
		{[]string{"--player", "nobody"}, "", 2, `^$`},
		{[]string{"extra"}, "", 2, `^$`},
	}
	for _, tc := range tests {
		var out, errOut bytes.Buffer
		code := cmdBrain(tc.args, strings.NewReader(tc.in), &out, &errOut)
		if code != tc.code || !regexp.MustCompile(tc.out).MatchString(out.String()) {
			t.Errorf("brain %v: code %d, output %q (stderr %q)", tc.args, code, out.String(), errOut.String())
		}
	}
	// With no subcommand, run starts the brain.
	var out bytes.Buffer
	if code := run(nil, strings.NewReader("ABOUT\n"), &out, &out); code != 0 || !strings.HasPrefix(out.String(), `name="Kakugo"`) {
		t.Errorf("default command: code %d, output %q", code, out.String())
	}
}
