package baseline

import (
	"bytes"
	"strings"
	"testing"
)

// FuzzParsePatternDB: any input either fails or gives a database that
// writes out and parses back to an equal database.
func FuzzParsePatternDB(f *testing.F) {
	var seed bytes.Buffer
	if _, err := SeedPatternDB().WriteTo(&seed); err != nil {
		f.Fatal(err)
	}
	f.Add(seed.String())
	f.Add(patternsHeader + "\n")
	f.Add(patternsHeader + "\nL xx_ 5 1 0\n")
	f.Add("garbage\n")
	f.Add(strings.Repeat("#\n", 10))
	f.Fuzz(func(t *testing.T, s string) {
		db, err := ParsePatternDB(strings.NewReader(s))
		if err != nil {
			return
		}
		var out bytes.Buffer
		if _, err := db.WriteTo(&out); err != nil {
			t.Fatal(err)
		}
		again, err := ParsePatternDB(&out)
		if err != nil || !again.Equal(db) {
			t.Fatalf("round trip of %q failed: %v", s, err)
		}
	})
}
