package baseline

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
)

// PatternStat is what the pattern database knows of one pattern.
type PatternStat struct {
	// Score is the pattern's value in the evaluation, never negative.
	Score int
	// Wins and Losses count the games after which the pattern was
	// reinforced (only the winner had it) or weakened (only the loser had it).
	Wins, Losses int
}

// PatternDB is the Patterns player's knowledge: linear patterns (the cells of
// one line) and composite patterns (two linear patterns whose lines cross at
// a stone), each with a learned score. The text format is described in
// PATTERNS.md. The zero value is not usable; start from SeedPatternDB,
// ParsePatternDB or LoadPatternDB.
type PatternDB struct {
	linear    map[string]PatternStat
	composite map[[2]string]PatternStat
}

// Pattern alphabet: an own stone, an empty cell, and a blocked cell (an
// opponent stone or the edge of the board).
const (
	patOwn     = 'X'
	patEmpty   = '_'
	patBlocked = '|'
)

// Bounds on patterns and scores: windows of up to seven cells keep the
// matching tables at 4^7 entries, and the score cap keeps sums far below the
// search's win score.
const (
	minPatternLen = 3
	maxPatternLen = 7
	maxScore      = 1_000_000
	// maxPatterns caps each kind so that learning cannot grow the file
	// without bound; discoveries beyond it are dropped.
	maxPatterns = 4000
)

// patternsHeader is the first line of every database file; the number is
// the format version.
const patternsHeader = "kakugo-patterns 1"

// CanonicalPattern checks a linear pattern and returns the form the database
// stores: of the pattern and its mirror image (the same shape read the other
// way along the line), the one that sorts first.
func CanonicalPattern(s string) (string, error) {
	if len(s) < minPatternLen || len(s) > maxPatternLen {
		return "", fmt.Errorf("pattern %q: length %d is not %d to %d", s, len(s), minPatternLen, maxPatternLen)
	}
	own := false
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case patOwn:
			own = true
		case patEmpty, patBlocked:
		default:
			return "", fmt.Errorf("pattern %q: %q is not one of X _ |", s, s[i])
		}
	}
	if !own {
		return "", fmt.Errorf("pattern %q: no stone", s)
	}
	return min(s, reverse(s)), nil
}

func reverse(s string) string {
	r := []byte(s)
	slices.Reverse(r)
	return string(r)
}

// compositeKey orders the two parts of a composite pattern.
func compositeKey(a, b string) [2]string {
	if b < a {
		a, b = b, a
	}
	return [2]string{a, b}
}

// NewPatternDB returns an empty database.
func NewPatternDB() *PatternDB {
	return &PatternDB{linear: map[string]PatternStat{}, composite: map[[2]string]PatternStat{}}
}

// Linear returns the entry of a linear pattern, in any orientation.
func (db *PatternDB) Linear(s string) (PatternStat, bool) {
	c, err := CanonicalPattern(s)
	if err != nil {
		return PatternStat{}, false
	}
	st, ok := db.linear[c]
	return st, ok
}

// Composite returns the entry of the composite of linear patterns a and b.
func (db *PatternDB) Composite(a, b string) (PatternStat, bool) {
	ca, err1 := CanonicalPattern(a)
	cb, err2 := CanonicalPattern(b)
	if err1 != nil || err2 != nil {
		return PatternStat{}, false
	}
	st, ok := db.composite[compositeKey(ca, cb)]
	return st, ok
}

// SetLinear adds or replaces a linear pattern.
func (db *PatternDB) SetLinear(s string, st PatternStat) error {
	c, err := CanonicalPattern(s)
	if err != nil {
		return err
	}
	if err := st.check(); err != nil {
		return fmt.Errorf("pattern %q: %w", s, err)
	}
	db.linear[c] = st
	return nil
}

// SetComposite adds or replaces a composite pattern; both parts must already
// be linear patterns of the database.
func (db *PatternDB) SetComposite(a, b string, st PatternStat) error {
	ca, err := CanonicalPattern(a)
	if err != nil {
		return err
	}
	cb, err := CanonicalPattern(b)
	if err != nil {
		return err
	}
	for _, part := range [2]string{ca, cb} {
		if _, ok := db.linear[part]; !ok {
			return fmt.Errorf("composite %s+%s: %q is not a linear pattern of the database", a, b, part)
		}
	}
	if err := st.check(); err != nil {
		return fmt.Errorf("composite %s+%s: %w", a, b, err)
	}
	db.composite[compositeKey(ca, cb)] = st
	return nil
}

func (st PatternStat) check() error {
	if st.Score < 0 || st.Score > maxScore {
		return fmt.Errorf("score %d is not 0 to %d", st.Score, maxScore)
	}
	if st.Wins < 0 || st.Losses < 0 {
		return errors.New("negative game count")
	}
	return nil
}

// Len is the number of linear and of composite patterns.
func (db *PatternDB) Len() (linear, composite int) {
	return len(db.linear), len(db.composite)
}

// Clone is an independent copy.
func (db *PatternDB) Clone() *PatternDB {
	c := NewPatternDB()
	for k, v := range db.linear {
		c.linear[k] = v
	}
	for k, v := range db.composite {
		c.composite[k] = v
	}
	return c
}

// Equal reports whether two databases hold the same patterns and numbers.
func (db *PatternDB) Equal(o *PatternDB) bool {
	if len(db.linear) != len(o.linear) || len(db.composite) != len(o.composite) {
		return false
	}
	for k, v := range db.linear {
		if w, ok := o.linear[k]; !ok || w != v {
			return false
		}
	}
	for k, v := range db.composite {
		if w, ok := o.composite[k]; !ok || w != v {
			return false
		}
	}
	return true
}

// WriteTo writes the database in its text format, patterns sorted, so that
// equal databases give equal files.
func (db *PatternDB) WriteTo(w io.Writer) (int64, error) {
	bw := bufio.NewWriter(w)
	var n int64
	put := func(format string, args ...any) {
		k, _ := fmt.Fprintf(bw, format, args...)
		n += int64(k)
	}
	put("%s\n", patternsHeader)
	put("# Kakugo pattern database (see search/baseline/PATTERNS.md).\n")
	put("# L pattern score wins losses | C pattern pattern score wins losses\n")
	lin := make([]string, 0, len(db.linear))
	for k := range db.linear {
		lin = append(lin, k)
	}
	slices.Sort(lin)
	for _, k := range lin {
		st := db.linear[k]
		put("L %s %d %d %d\n", k, st.Score, st.Wins, st.Losses)
	}
	comp := make([][2]string, 0, len(db.composite))
	for k := range db.composite {
		comp = append(comp, k)
	}
	slices.SortFunc(comp, func(a, b [2]string) int {
		return strings.Compare(a[0]+" "+a[1], b[0]+" "+b[1])
	})
	for _, k := range comp {
		st := db.composite[k]
		put("C %s %s %d %d %d\n", k[0], k[1], st.Score, st.Wins, st.Losses)
	}
	return n, bw.Flush()
}

// ParsePatternDB reads a database in its text format. Any malformed line,
// duplicate pattern or composite whose parts are not linear patterns of the
// file makes the whole file invalid: a half-read database would silently
// play worse than the seed set.
func ParsePatternDB(r io.Reader) (*PatternDB, error) {
	db := NewPatternDB()
	type pending struct {
		line int
		a, b string
		st   PatternStat
	}
	var comps []pending
	sc := bufio.NewScanner(r)
	lineNo, header := 0, false
	for sc.Scan() {
		lineNo++
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if !header {
			if line != patternsHeader {
				return nil, fmt.Errorf("line %d: expected header %q", lineNo, patternsHeader)
			}
			header = true
			continue
		}
		f := strings.Fields(line)
		bad := func(err error) error { return fmt.Errorf("line %d: %w", lineNo, err) }
		switch {
		case f[0] == "L" && len(f) == 5:
			st, err := parseStat(f[2:])
			if err != nil {
				return nil, bad(err)
			}
			c, err := CanonicalPattern(f[1])
			if err != nil {
				return nil, bad(err)
			}
			if _, dup := db.linear[c]; dup {
				return nil, bad(fmt.Errorf("pattern %q listed twice", f[1]))
			}
			if err := db.SetLinear(c, st); err != nil {
				return nil, bad(err)
			}
		case f[0] == "C" && len(f) == 6:
			st, err := parseStat(f[3:])
			if err != nil {
				return nil, bad(err)
			}
			comps = append(comps, pending{lineNo, f[1], f[2], st})
		default:
			return nil, bad(fmt.Errorf("cannot read %q", line))
		}
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if !header {
		return nil, errors.New("empty pattern file: no header")
	}
	// Composites are checked after all linear patterns are known, so the
	// file's order does not matter.
	for _, c := range comps {
		if _, dup := db.Composite(c.a, c.b); dup {
			return nil, fmt.Errorf("line %d: composite %s+%s listed twice", c.line, c.a, c.b)
		}
		if err := db.SetComposite(c.a, c.b, c.st); err != nil {
			return nil, fmt.Errorf("line %d: %w", c.line, err)
		}
	}
	return db, nil
}

func parseStat(f []string) (PatternStat, error) {
	var v [3]int
	for i, s := range f {
		n, err := strconv.Atoi(s)
		if err != nil {
			return PatternStat{}, fmt.Errorf("bad number %q", s)
		}
		v[i] = n
	}
	st := PatternStat{Score: v[0], Wins: v[1], Losses: v[2]}
	return st, st.check()
}

// LoadPatternDB reads a database file.
func LoadPatternDB(path string) (*PatternDB, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	db, err := ParsePatternDB(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return db, nil
}

// Save writes the database to path atomically: it writes a temporary file in
// the same directory, syncs it and renames it over path, so a crash or a
// full disk leaves either the old file or the new one, never half of one.
func (db *PatternDB) Save(path string) (err error) {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	if _, err = db.WriteTo(tmp); err != nil {
		return err
	}
	if err = tmp.Sync(); err != nil {
		return err
	}
	if err = tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}

// SeedPatternDB is the built-in starting knowledge: the classic shapes of
// five-in-a-row with hand-set scores, and their crossings. Learning starts
// from here, and the player falls back to it when its file is missing or
// corrupt.
func SeedPatternDB() *PatternDB {
	db := NewPatternDB()
	type seed struct {
		s     string
		score int
		class int // 4: four, 3: three, 2: two (for the composites), 0: none
	}
	seeds := []seed{
		{"XXXXX", 100000, 0},
		{"_XXXX_", 20000, 0},
		{"|XXXX_", 2500, 4},
		{"X_XXX", 2500, 4},
		{"XX_XX", 2500, 4},
		{"_XXX_", 1000, 3},
		{"_XX_X_", 800, 3},
		{"|XXX__", 120, 0},
		{"|XX_X_", 100, 0},
		{"|X_XX_", 100, 0},
		{"__XX__", 60, 2},
		{"_X_X_", 30, 2},
		{"|XX___", 10, 0},
		{"__X__", 2, 0},
	}
	for _, s := range seeds {
		if err := db.SetLinear(s.s, PatternStat{Score: s.score}); err != nil {
			panic(err) // the table above is wrong: a programming error
		}
	}
	// A crossing is worth more than its parts: one stone that makes two
	// threats at once is the combination the search should aim for.
	pair := map[[2]int]int{
		{4, 4}: 15000, {4, 3}: 15000, {3, 3}: 6000,
		{4, 2}: 400, {3, 2}: 300, {2, 2}: 100,
	}
	for i, a := range seeds {
		for _, b := range seeds[i:] {
			ca, cb := max(a.class, b.class), min(a.class, b.class)
			if v, ok := pair[[2]int{ca, cb}]; ok && cb > 0 {
				if err := db.SetComposite(a.s, b.s, PatternStat{Score: v}); err != nil {
					panic(err)
				}
			}
		}
	}
	return db
}
