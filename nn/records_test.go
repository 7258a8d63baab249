package nn

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/kakugo/kakugo/engine"
)

// TestLoadRecords reads every kind of path train and nneval take: a
// directory of .psq files (other files in it ignored), a .csv file and
// JSON lines; it filters by league, year and rule, drops games with no move
// to predict, and splits the games into two sides that cover them once.
func TestLoadRecords(t *testing.T) {
	dir := t.TempDir()
	write := func(name, data string) string {
		t.Helper()
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	write("psq/a.psq", "Piskvorky 20x20, 11:11, 0\n10,10,0\n11,11,0\n12,10,1234\n9,9,55\nengine1.exe\nengine2.exe\n1,Freestyle1\n")
	write("psq/notes.txt", "not a record\n")
	csv := write("s.csv", "position,move\nh8i9,g7\n")
	jsonl := write("g.jsonl", sampleJSONL)
	paths := []string{filepath.Join(dir, "psq"), csv, jsonl}

	all, err := LoadRecords(paths, engine.Freestyle, 15, 15, RecordFilter{})
	if err != nil {
		t.Fatal(err)
	}
	// 1 psq game, 1 csv position, 3 JSON games of which the 20x20 one has
	// one move past its opening, all with a move to predict.
	if len(all) != 5 {
		t.Fatalf("%d games, want 5", len(all))
	}
	renju, err := LoadRecords(paths, engine.Freestyle, 15, 15, RecordFilter{Rules: []string{"RENJU"}, Years: []string{"2021"}})
	if err != nil {
		t.Fatal(err)
	}
	if len(renju) != 2 {
		t.Fatalf("%d renju games of 2021, want 2", len(renju))
	}
	if _, err := LoadRecords([]string{filepath.Join(dir, "missing")}, engine.Freestyle, 15, 15, RecordFilter{}); err == nil {
		t.Error("a missing path was accepted")
	}
	train, test := SplitGames(all, 1, 0.5)
	if len(train)+len(test) != len(all) {
		t.Errorf("split %d + %d of %d games", len(train), len(test), len(all))
	}
	for _, g := range test {
		if !g.IsTest(1, 0.5) {
			t.Errorf("%s on the test side", g.Source)
		}
	}
}
