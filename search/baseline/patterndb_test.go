package baseline

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/search"
)

// TestPatternDBRoundTrip writes the seed set and reads it back, through a
// buffer and through an atomic save to disk, and expects equal databases
// and no temporary file left behind.
func TestPatternDBRoundTrip(t *testing.T) {
	db := SeedPatternDB()
	if n, c := db.Len(); n == 0 || c == 0 {
		t.Fatalf("seed set has %d linear and %d composite patterns", n, c)
	}
	var buf bytes.Buffer
	if _, err := db.WriteTo(&buf); err != nil {
		t.Fatal(err)
	}
	back, err := ParsePatternDB(bytes.NewReader(buf.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	if !back.Equal(db) {
		t.Fatal("database changed in a round trip through its text")
	}
	var again bytes.Buffer
	back.WriteTo(&again)
	if again.String() != buf.String() {
		t.Fatal("writing an equal database gave a different text")
	}

	dir := t.TempDir()
	path := filepath.Join(dir, PatternsFile)
	// A learned database, so the numbers are not all seed values.
	learned := db.Clone()
	learned.Learn(wonGame(t), engine.Black)
	for range 2 { // the second save replaces the first
		if err := learned.Save(path); err != nil {
			t.Fatal(err)
		}
	}
	loaded, err := LoadPatternDB(path)
	if err != nil {
		t.Fatal(err)
	}
	if !loaded.Equal(learned) {
		t.Fatal("database changed in a round trip through a file")
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Fatalf("directory holds %d entries after saving, want 1", len(entries))
	}
}

// TestParsePatternDBErrors lists malformed files; each must be refused as a
// whole.
func TestParsePatternDBErrors(t *testing.T) {
	const h = patternsHeader + "\n"
	tests := []struct{ name, text string }{
		{"empty", ""},
		{"no header", "L _XXX_ 10 0 0\n"},
		{"wrong version", "kakugo-patterns 2\n"},
		{"bad character", h + "L _XOX_ 10 0 0\n"},
		{"no stone", h + "L _____ 10 0 0\n"},
		{"too long", h + "L _XXXXXXX_ 10 0 0\n"},
		{"too short", h + "L XX 10 0 0\n"},
		{"missing field", h + "L _XXX_ 10 0\n"},
		{"bad number", h + "L _XXX_ ten 0 0\n"},
		{"negative score", h + "L _XXX_ -1 0 0\n"},
		{"huge score", h + "L _XXX_ 2000000 0 0\n"},
		{"negative count", h + "L _XXX_ 1 -2 0\n"},
		{"duplicate mirror", h + "L _XX_X_ 1 0 0\nL _X_XX_ 2 0 0\n"},
		{"unknown kind", h + "Q _XXX_ 1 0 0\n"},
		{"composite of unknown", h + "L _XXX_ 1 0 0\nC _XXX_ __XX__ 5 0 0\n"},
		{"duplicate composite", h + "L _XXX_ 1 0 0\nL __XX__ 1 0 0\nC _XXX_ __XX__ 5 0 0\nC __XX__ _XXX_ 5 0 0\n"},
	}
	for _, tc := range tests {
		if _, err := ParsePatternDB(strings.NewReader(tc.text)); err == nil {
			t.Errorf("%s: accepted", tc.name)
		}
	}
	// Comments, blank lines and composites before their parts are fine.
	ok := "# a comment\n\n" + h + "C _XXX_ __XX__ 5 1 2\nL _XXX_ 1 0 0\nL __XX__ 1 0 0\n"
	db, err := ParsePatternDB(strings.NewReader(ok))
	if err != nil {
		t.Fatal(err)
	}
	if st, found := db.Composite("__XX__", "_XXX_"); !found || st != (PatternStat{5, 1, 2}) {
		t.Errorf("composite read as %+v, %v", st, found)
	}
}

// wonGame is a freestyle game that black wins with a row of five built in
// order, while white's last moves make a split two that black never has.
func wonGame(t testing.TB) *engine.Board {
	t.Helper()
	// Black d8 e8 f8 g8 h8 (the five, last); white c12 e12 then away.
	moves, err := engine.ParseMoves("d8c12e8e12f8m2g8n14h8")
	if err != nil {
		t.Fatal(err)
	}
	b, err := engine.FromMoves(15, 15, engine.Freestyle, moves)
	if err != nil {
		t.Fatal(err)
	}
	if b.Winner() != engine.Black {
		t.Fatalf("test game: black should have won:\n%s", b)
	}
	return b
}

// TestLearnDirection checks the documented update: a pattern only the winner
// had gains max(1, score/10), one only the loser had loses as much, one both
// had stays, a draw changes nothing, and new shapes of the winner are added.
func TestLearnDirection(t *testing.T) {
	before := SeedPatternDB()
	db := before.Clone()
	if rep := db.Learn(wonGame(t), engine.Empty); rep != (LearnReport{}) || !db.Equal(before) {
		t.Fatalf("a draw taught something: %+v", rep)
	}
	rep := db.Learn(wonGame(t), engine.Black)
	if rep.Reinforced == 0 || rep.Weakened == 0 || rep.Added == 0 {
		t.Fatalf("learning report %+v: expected reinforced, weakened and added patterns", rep)
	}
	check := func(pattern string, want func(old int) int, wins, losses int) {
		t.Helper()
		old, _ := before.Linear(pattern)
		now, ok := db.Linear(pattern)
		if !ok || now.Score != want(old.Score) || now.Wins != wins || now.Losses != losses {
			t.Errorf("%s: %+v -> %+v", pattern, old, now)
		}
	}
	up := func(s int) int { return s + max(1, s/10) }
	down := func(s int) int { return max(0, s-max(1, s/10)) }
	same := func(s int) int { return s }
	check("XXXXX", up, 1, 0)  // the winner's five
	check("_XXXX_", up, 1, 0) // the open four before it
	check("_X_X_", down, 0, 1)
	check("__X__", same, 0, 0) // both sides had lone stones
	// A discovered window: the seven cells centred on the winning move h8,
	// e8 to k8.
	if st, ok := db.Linear("XXXX___"); !ok || st.Wins != 1 {
		t.Errorf("the winning window was not discovered: %+v %v", st, ok)
	}
	// Learning is repeatable: the same game moves the same way again.
	db.Learn(wonGame(t), engine.Black)
	if st, _ := db.Linear("XXXXX"); st.Score != up(up(100000)) || st.Wins != 2 {
		t.Errorf("second lesson: %+v", st)
	}
}

// TestPatternsFolder covers the player's file handling: a missing file and a
// corrupt one fall back to the seed set with an error reported (once, in
// Move's Info), a finished game is saved, and a new player loads what the
// old one learned.
func TestPatternsFolder(t *testing.T) {
	dir := t.TempDir()
	var reported []error
	p := NewPatterns(1)
	p.Report = func(err error) { reported = append(reported, err) }
	p.SetFolder(dir)
	if p.Err() == nil || len(reported) != 1 {
		t.Fatalf("missing file: err %v, reported %v", p.Err(), reported)
	}
	if !p.DB().Equal(SeedPatternDB()) {
		t.Fatal("missing file: not on the seed set")
	}

	p.GameOver(wonGame(t), engine.Black)
	path := filepath.Join(dir, PatternsFile)
	if _, err := os.Stat(path); err != nil {
		t.Fatalf("GameOver did not save: %v", err)
	}
	learned := p.DB()
	if learned.Equal(SeedPatternDB()) {
		t.Fatal("GameOver learned nothing")
	}
	q := NewPatternsFile(2, path)
	if q.Err() != nil {
		t.Fatalf("loading the saved database: %v", q.Err())
	}
	if !q.DB().Equal(learned) {
		t.Fatal("a new player did not load what the old one learned")
	}

	if err := os.WriteFile(path, []byte("kakugo-patterns 1\nL _XXX_ lots 0 0\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	c := NewPatternsFile(3, path)
	if c.Err() == nil || !c.DB().Equal(SeedPatternDB()) {
		t.Fatalf("corrupt file: err %v, seed set %v", c.Err(), c.DB().Equal(SeedPatternDB()))
	}
	var said []string
	lim := search.Limits{Info: func(s string) { said = append(said, s) }}
	b := midgame(t)
	for range 2 {
		if got := c.Move(context.Background(), b, lim); !b.Legal(got) {
			t.Fatalf("illegal move %s on a corrupt database", cell(b, got))
		}
	}
	if len(said) != 1 || !strings.Contains(said[0], "seed set") {
		t.Errorf("corrupt database reported as %q, want one message", said)
	}
}

// The protocol's optional interfaces, by their method sets: Patterns must
// keep satisfying them so the brain finds it learns and keeps files.
var (
	_ interface {
		GameOver(b *engine.Board, winner engine.Color)
	} = (*Patterns)(nil)
	_ interface{ SetFolder(dir string) } = (*Patterns)(nil)
)
