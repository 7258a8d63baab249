package manager

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/kakugo/kakugo/engine"
)

// OpeningFormat is the notation an opening was written in.
type OpeningFormat uint8

// The two notations of opening files (see shared/openings/README.md).
const (
	// FormatPos is "h8i9g7": a letter for x (a = 0), a number for y+1.
	FormatPos OpeningFormat = iota
	// FormatOffset is "dx,dy, dx,dy, ...": offsets from the centre cell
	// (w/2, h/2), which is 7,7 on 15x15 and 10,10 on 20x20.
	FormatOffset
)

func (f OpeningFormat) String() string {
	if f == FormatOffset {
		return "offset"
	}
	return "pos"
}

// Opening is a start position: stones in move order, black first.
type Opening struct {
	// Line is the line of the file it came from (1-based; 0 if none).
	Line int
	// Text is the opening as written.
	Text string
	// Format is the notation of Text.
	Format OpeningFormat
	// coords are absolute cells for FormatPos and centre offsets for
	// FormatOffset, which only become cells once the board size is known.
	coords []engine.Point
}

// ParseOpening reads one opening, telling the notation by the comma that
// only the offset notation has.
func ParseOpening(s string) (Opening, error) {
	s = strings.TrimSpace(s)
	if strings.Contains(s, ",") {
		return parseOffset(s)
	}
	pts, err := engine.ParseMoves(s)
	if err != nil {
		return Opening{}, err
	}
	return Opening{Text: s, Format: FormatPos, coords: pts}, nil
}

// parseOffset reads "dx,dy, dx,dy, ...".
func parseOffset(s string) (Opening, error) {
	fields := strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' })
	if len(fields)%2 != 0 {
		return Opening{}, fmt.Errorf("offset opening %q: odd number of coordinates", s)
	}
	// A trailing comma or doubled comma would hide a missing number from
	// FieldsFunc; the count of commas must match the count of numbers.
	if commas := strings.Count(strings.TrimRight(strings.TrimSpace(s), ","), ","); commas != len(fields)-1 {
		return Opening{}, fmt.Errorf("offset opening %q: empty coordinate", s)
	}
	pts := make([]engine.Point, 0, len(fields)/2)
	for i := 0; i < len(fields); i += 2 {
		dx, err1 := strconv.Atoi(fields[i])
		dy, err2 := strconv.Atoi(fields[i+1])
		if err1 != nil || err2 != nil {
			return Opening{}, fmt.Errorf("offset opening %q: bad number in %q,%q", s, fields[i], fields[i+1])
		}
		pts = append(pts, engine.Point{X: dx, Y: dy})
	}
	return Opening{Text: s, Format: FormatOffset, coords: pts}, nil
}

// Moves are the opening's cells on a w x h board (which may be off the
// board; Board checks).
func (o Opening) Moves(w, h int) []engine.Point {
	out := make([]engine.Point, len(o.coords))
	for i, p := range o.coords {
		if o.Format == FormatOffset {
			p = engine.Point{X: w/2 + p.X, Y: h/2 + p.Y}
		}
		out[i] = p
	}
	return out
}

// Board plays the opening on a new board and checks it: every stone on the
// board and on an empty cell, and no five anywhere (a decided opening is no
// test). Renju forbidden points are allowed, as opening books contain them.
func (o Opening) Board(w, h int, r engine.Rule) (*engine.Board, error) {
	b, err := engine.FromMoves(w, h, r, o.Moves(w, h))
	if err != nil {
		return nil, err
	}
	if b.Winner() != engine.Empty {
		return nil, fmt.Errorf("the opening already has a five")
	}
	return b, nil
}

// ReadOpenings reads one opening per line; blank lines and lines starting
// with # are skipped. Each line's notation is detected on its own.
func ReadOpenings(r io.Reader) ([]Opening, error) {
	var out []Opening
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 4096), 1<<20)
	for n := 1; sc.Scan(); n++ {
		t := strings.TrimSpace(strings.TrimPrefix(sc.Text(), "\ufeff"))
		if t == "" || strings.HasPrefix(t, "#") {
			continue
		}
		op, err := ParseOpening(t)
		if err != nil {
			return nil, fmt.Errorf("line %d: %w", n, err)
		}
		op.Line = n
		out = append(out, op)
	}
	return out, sc.Err()
}

// LoadOpenings reads an opening file.
func LoadOpenings(path string) ([]Opening, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	ops, err := ReadOpenings(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if len(ops) == 0 {
		return nil, fmt.Errorf("%s: no openings", path)
	}
	return ops, nil
}

// PosString writes cells in pos notation ("h8i9g7").
func PosString(moves []engine.Point) string {
	var sb strings.Builder
	for _, m := range moves {
		sb.WriteString(engine.FormatMove(m.X, m.Y))
	}
	return sb.String()
}
