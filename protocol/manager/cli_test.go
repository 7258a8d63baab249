package manager

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestParseSPRTAndInfo reads the match subcommand's --sprt and --info
// values, and refuses malformed ones.
func TestParseSPRTAndInfo(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want *SPRT
	}{
		{"0,10", &SPRT{Elo0: 0, Elo1: 10, Alpha: 0.05, Beta: 0.1}},
		{" -5 , 5.5", &SPRT{Elo0: -5, Elo1: 5.5, Alpha: 0.05, Beta: 0.1}},
		{"10", nil}, {"a,b", nil}, {"", nil},
	} {
		got, err := ParseSPRT(tc.in, 0.05, 0.1)
		if tc.want == nil && err == nil || tc.want != nil && (err != nil || *got != *tc.want) {
			t.Errorf("%q: %+v %v, want %+v", tc.in, got, err, tc.want)
		}
	}
	for in, want := range map[string]string{"thread_num=1": "thread_num 1", "a=b=c": "a b=c", "k=": "k ", "=v": "", "kv": ""} {
		got, err := ParseInfo(in)
		if got != want || (err != nil) != (want == "") {
			t.Errorf("%q: %q %v, want %q", in, got, err, want)
		}
	}
}

// TestReport writes the table, the drawn seed, and the JSON to a file or
// to stdout.
func TestReport(t *testing.T) {
	o := Options{Engines: []EngineSpec{{Name: "a", Command: []string{"a"}}, {Name: "b", Command: []string{"b"}}},
		Width: 15, Height: 15, RandomOrder: true, Seed: 42}
	s := newSummary(&o, 2)
	var table, stdout bytes.Buffer
	if err := s.Report(&table, "-", &stdout); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(table.String(), "\n") || !strings.Contains(table.String(), "opening order seed: 42") {
		t.Errorf("table %q", table.String())
	}
	if !json.Valid(stdout.Bytes()) {
		t.Errorf("stdout is not JSON: %q", stdout.String())
	}
	path := filepath.Join(t.TempDir(), "sum.json")
	stdout.Reset()
	if err := s.Report(&table, path, &stdout); err != nil || stdout.Len() > 0 {
		t.Fatalf("%v, stdout %q", err, stdout.String())
	}
	if data, err := os.ReadFile(path); err != nil || !json.Valid(data) {
		t.Errorf("json file: %v %q", err, data)
	}
	if err := s.Report(&table, filepath.Join(t.TempDir(), "no", "dir.json"), &stdout); err == nil {
		t.Error("no error for an impossible path")
	}
}
