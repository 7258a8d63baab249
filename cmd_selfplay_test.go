package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/eval"
	"github.com/kakugo/kakugo/nn"
	"github.com/kakugo/kakugo/search/proof"
	"github.com/kakugo/kakugo/search/win"
	"github.com/kakugo/kakugo/selfplay"
)

// selfplayOut runs the selfplay subcommand and returns its exit code,
// standard output and standard error.
func selfplayOut(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := cmdSelfplay(args, strings.NewReader(""), &out, &errOut)
	return code, out.String(), errOut.String()
}

// TestSelfplayRecords plays short games and checks every record: it reads
// back as a training game, every move is legal, the visit lists match the
// searched moves and hold the move played when a search ran (unless every
// visited move loses to a VCT, when the move check plays an unvisited
// one), and the result is the board's.
func TestSelfplayRecords(t *testing.T) {
	dir := t.TempDir()
	ops := filepath.Join(dir, "openings.txt")
	if err := os.WriteFile(ops, []byte("# two openings\nh8i9\n0,0, 1,1, -1,1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		args []string
		open []int // opening length of each game
	}{
		{"empty board", []string{"--size", "9", "--games", "2", "--nodes", "60", "--max-moves", "40"}, []int{0, 0}},
		{"openings renju", []string{"--size", "15", "--rule", "renju", "--games", "3", "--nodes", "60",
			"--max-moves", "30", "--openings", ops, "--random-plies", "2", "--concurrency", "2"}, []int{2, 2, 3}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errOut := selfplayOut(t, tc.args...)
			if code != 0 {
				t.Fatalf("code %d: %s", code, errOut)
			}
			lines := strings.Split(strings.TrimSpace(out), "\n")
			if len(lines) != len(tc.open) || !strings.Contains(errOut, "selfplay: "+string(rune('0'+len(tc.open)))+" games") {
				t.Fatalf("%d records:\n%s\n%s", len(lines), out, errOut)
			}
			games, err := nn.ReadJSONL(strings.NewReader(out))
			if err != nil || len(games) != len(lines) {
				t.Fatalf("ReadJSONL: %d games, %v", len(games), err)
			}
			openings := map[int]int{}
			for i, line := range lines {
				var rec selfplay.Record
				if err := json.Unmarshal([]byte(line), &rec); err != nil {
					t.Fatal(err)
				}
				openings[rec.Opening]++
				checkSelfplayRecord(t, &rec, games[i])
			}
			for _, n := range tc.open {
				openings[n]--
			}
			for n, c := range openings {
				if c != 0 {
					t.Errorf("opening length %d: %d games too many", n, c)
				}
			}
		})
	}
}

// checkSelfplayRecord replays one record.
func checkSelfplayRecord(t *testing.T, rec *selfplay.Record, g nn.Game) {
	t.Helper()
	if len(g.Moves) != len(rec.Moves) || g.Opening != rec.Opening || g.Targets() != len(rec.Visits) {
		t.Fatalf("%s: read back %d moves (opening %d), record %d moves, %d visit lists",
			rec.File, len(g.Moves), g.Opening, len(rec.Moves), len(rec.Visits))
	}
	rule, err := engine.ParseRule(rec.Rule)
	if err != nil {
		t.Fatal(err)
	}
	w, h, _ := engine.ParseSize(rec.Board)
	b, _ := engine.New(w, h, rule)
	for i, m := range rec.Moves {
		p := b.Pos(m[0]-1, m[1]-1)
		if !b.Legal(p) {
			t.Fatalf("%s: move %d %v illegal", rec.File, i+1, m)
		}
		if i >= rec.Opening {
			vs := rec.Visits[i-rec.Opening]
			seen := len(vs) == 0
			for _, v := range vs {
				if v[2] <= 0 || !b.Legal(b.Pos(v[0]-1, v[1]-1)) {
					t.Fatalf("%s: move %d: bad visit entry %v", rec.File, i+1, v)
				}
				seen = seen || (v[0] == m[0] && v[1] == m[1])
			}
			if !seen && !visitedLose(b, vs) {
				t.Errorf("%s: move %d %v is not among the visited root moves %v, which do not all lose", rec.File, i+1, m, vs)
			}
		}
		b.Make(p)
	}
	want := map[engine.Color]string{engine.Black: "black", engine.White: "white", engine.Empty: "draw"}[b.Winner()]
	if rec.Result != want {
		t.Errorf("%s: result %q, board says %q", rec.File, rec.Result, want)
	}
}

// visitedLose reports whether the opponent has a VCT after each of the
// visited root moves vs ([x, y, visits], 1-based) on b: then the move
// check may play a move the tree never visited (the next of its ranked
// moves), and the record rightly lacks it. The check proves the loss
// with a warm table in a few thousand nodes; a cold search gets more.
func visitedLose(b *engine.Board, vs [][3]int) bool {
	for _, v := range vs {
		nb := b.Clone()
		nb.Make(nb.Pos(v[0]-1, v[1]-1))
		e := eval.Attach(nb)
		r := win.New(1<<16).Prove(context.Background(), nb, e, proof.VCT, time.Time{}, 200_000)
		e.Detach()
		if !r.Win {
			return false
		}
	}
	return len(vs) > 0
}

// TestSelfplayRepeatable: with a playout limit and a seed, two runs write
// the same games.
func TestSelfplayRepeatable(t *testing.T) {
	args := []string{"--size", "9", "--games", "1", "--nodes", "80", "--max-moves", "30", "--seed", "7"}
	_, a, _ := selfplayOut(t, args...)
	_, b, _ := selfplayOut(t, args...)
	if a == "" || a != b {
		t.Errorf("two runs differ:\n%s\n%s", a, b)
	}
}

// TestSelfplayBadFlags: bad options are refused with a message.
func TestSelfplayBadFlags(t *testing.T) {
	for _, args := range [][]string{
		{"--games", "0"}, {"--nodes", "-1"}, {"--size", "40"}, {"--rule", "go"},
		{"--player", "greedy"}, {"--player", "nobody"}, {"--openings", "/nonexistent/file"},
		{"--temperature", "0"}, {"stray"},
	} {
		code, out, errOut := selfplayOut(t, args...)
		if code != 2 || out != "" || !strings.Contains(errOut, "selfplay") {
			t.Errorf("%v: code %d, out %q, err %q", args, code, out, errOut)
		}
	}
}

// TestSelfplayPairsDiffer: without random draws, the two games of each
// opening differ (the second starts with the search's second choice).
func TestSelfplayPairsDiffer(t *testing.T) {
	ops := filepath.Join(t.TempDir(), "openings.txt")
	if err := os.WriteFile(ops, []byte("h8i9\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := selfplayOut(t, "--size", "15", "--games", "2", "--nodes", "60", "--max-moves", "12",
		"--openings", ops, "--random-plies", "0", "--concurrency", "1")
	if code != 0 {
		t.Fatalf("code %d: %s", code, errOut)
	}
	var moves [2]string
	for i, line := range strings.Split(strings.TrimSpace(out), "\n") {
		var rec selfplay.Record
		if err := json.Unmarshal([]byte(line), &rec); err != nil {
			t.Fatal(err)
		}
		moves[i] = fmt.Sprint(rec.Moves)
		if want := i; rec.Sampled != want {
			t.Errorf("game %d: sampled %d, want %d", i+1, rec.Sampled, want)
		}
	}
	if moves[0] == moves[1] {
		t.Errorf("both games of the opening are the same: %s", moves[0])
	}
}
