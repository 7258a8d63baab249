package main

import (
	"github.com/kakugo/kakugo/eval"

	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

// TestCmdEval runs the eval subcommand in text and JSON form and checks its
// flag errors.
func TestCmdEval(t *testing.T) {
	var out, errOut bytes.Buffer
	if code := cmdEval([]string{"--pos", "h8a1i8a2j8", "--top", "3"}, nil, &out, &errOut); code != 0 {
		t.Fatalf("code %d, stderr %q", code, errOut.String())
	}
	for _, want := range []string{"monomials: 572", "black combo points", "g8   straight-four", "white to move"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("text output lacks %q:\n%s", want, out.String())
		}
	}
	out.Reset()
	if code := cmdEval([]string{"--json", "--size", "20", "--rule", "renju", "--pos", "j10k11", "--top", "4"}, nil, &out, &errOut); code != 0 {
		t.Fatalf("json: code %d, stderr %q", code, errOut.String())
	}
	var rep eval.Report
	if err := json.Unmarshal(out.Bytes(), &rep); err != nil {
		t.Fatalf("json: %v\n%s", err, out.String())
	}
	if rep.Monomials != 1152 || rep.Rule != "renju" || len(rep.Top) != 4 || len(rep.Colours) != 2 || rep.Stones != 2 {
		t.Errorf("json report %+v", rep)
	}
	for _, args := range [][]string{{"--size", "3"}, {"--rule", "nope"}, {"--pos", "zz"}, {"--pos", "h8h8"}, {"--bogus"}} {
		if code := cmdEval(args, nil, &out, &errOut); code != 2 {
			t.Errorf("eval %v: code %d, want 2", args, code)
		}
	}
}
