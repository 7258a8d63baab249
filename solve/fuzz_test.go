package solve

import (
	"bytes"
	"testing"

	"github.com/kakugo/kakugo/engine"
)

// The readers of solve's inputs take files from anywhere: whatever the
// bytes, they return cases or an error, never panic, and every case they
// return holds a board on which the game is not over.

func fuzzSolveOptions() *Options {
	return &Options{Rule: engine.Renju, W: 15, H: 15}
}

func checkSolveCases(t *testing.T, cases []Case, err error) {
	if err != nil {
		return
	}
	for _, c := range cases {
		if c.board == nil {
			t.Fatalf("case %s without a board", c.name)
		}
		if c.board.Winner() != engine.Empty {
			t.Fatalf("case %s: the game is already won", c.name)
		}
	}
}

func FuzzReadPosCases(f *testing.F) {
	for _, s := range []string{"h8i9g7\n# comment\n\nh8\n", "", "z99", "h8h8", "a1b1a2b2a3b3a4b4a5"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		cases, err := ReadPos(bytes.NewReader(data), "fuzz", fuzzSolveOptions())
		checkSolveCases(t, cases, err)
	})
}

func FuzzReadPuzzleCases(f *testing.F) {
	for _, s := range []string{
		`{"id":"1","size":15,"rule":"renju","to_move":"black","mode_name":"VCF","level":1,"black":["H8","J8"],"white":["H9"]}`,
		`{"id":"2","size":6,"rule":"renju","to_move":"white","mode_name":"VCT","black":["a15"],"white":["b15","c15"]}`,
		`{"size":99}`, `{"black":["H8","H8"],"white":[]}`, "not json", "",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		cases, err := ReadPuzzles(bytes.NewReader(data), "fuzz", fuzzSolveOptions())
		checkSolveCases(t, cases, err)
	})
}

func FuzzReadQuintetCases(f *testing.F) {
	for _, s := range []string{
		`[{"test":"t","rule":"renju","rows":[". x o",". . ."],"to_move":"black"}]`,
		`[{"test":"t","rule":"gomoku","rows":[]}]`, `[]`, `{}`, "",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		cases, err := ReadQuintet(bytes.NewReader(data), fuzzSolveOptions())
		checkSolveCases(t, cases, err)
	})
}

func FuzzReadMintakaCases(f *testing.F) {
	for _, s := range []string{
		`[{"test":"t","rule":"renju","size":15,"black":["H8","J8"],"white":["H9"],"to_move":"black"}]`,
		`[{"size":0}]`, `[]`, "",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		cases, err := ReadMintaka(bytes.NewReader(data), fuzzSolveOptions())
		checkSolveCases(t, cases, err)
	})
}
