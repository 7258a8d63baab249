package web

import (
	"bufio"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/kakugo/kakugo/engine"
)

// record is an imported game: its stones in order, and the size and rule
// when the record says (w is 0 when it does not).
type record struct {
	w, h   int
	rule   engine.Rule
	stones []stone
}

// maxRecordStones bounds a record (a 32x32 board holds 1,024 stones).
const maxRecordStones = engine.MaxSize * engine.MaxSize

// parseRecord reads a game in one of the three formats, told apart by how
// they begin: SGF "(;", psq "Piskvorky", otherwise a pos string ("h8i9",
// spaces allowed). rule is kept unless the record names one.
func parseRecord(text string, rule engine.Rule) (record, error) {
	t := strings.TrimSpace(text)
	switch {
	case t == "":
		return record{rule: rule}, nil
	case strings.HasPrefix(t, "("):
		return parseSGF(t, rule)
	case strings.HasPrefix(strings.ToLower(t), "piskvorky"):
		return parsePSQ(t, rule)
	}
	pts, err := engine.ParseMoves(strings.Join(strings.Fields(t), ""))
	if err != nil {
		return record{}, fmt.Errorf("not a pos string, psq or SGF record: %v", err)
	}
	if len(pts) > maxRecordStones {
		return record{}, fmt.Errorf("%d moves: more than any board holds", len(pts))
	}
	return record{rule: rule, stones: alternate(pts)}, nil
}

// alternate colours a move sequence black, white, black...
func alternate(pts []engine.Point) []stone {
	out := make([]stone, len(pts))
	for i, p := range pts {
		out[i] = stone{p.X, p.Y, engine.Black + engine.Color(i%2)}
	}
	return out
}

// parsePSQ reads Piskvork's record: "Piskvorky WxH, ..." and then one
// "x,y,ms" line per move (1-based); the lines after the moves (the names,
// the result) are ignored.
func parsePSQ(t string, rule engine.Rule) (record, error) {
	sc := bufio.NewScanner(strings.NewReader(t))
	sc.Scan()
	head := strings.TrimSpace(sc.Text())
	size, _, _ := strings.Cut(strings.TrimSpace(head[len("piskvorky"):]), ",")
	w, h, err := engine.ParseSize(strings.TrimSpace(size))
	if err != nil {
		return record{}, fmt.Errorf("psq header %q: %v", head, err)
	}
	rec := record{w: w, h: h, rule: rule}
	var pts []engine.Point
	for sc.Scan() {
		f := strings.Split(strings.TrimSpace(sc.Text()), ",")
		if len(f) < 2 || len(f) > 3 {
			break
		}
		x, err1 := strconv.Atoi(strings.TrimSpace(f[0]))
		y, err2 := strconv.Atoi(strings.TrimSpace(f[1]))
		if err1 != nil || err2 != nil {
			break // the names, or the result
		}
		if len(pts) >= maxRecordStones {
			return record{}, errors.New("psq: more moves than any board holds")
		}
		pts = append(pts, engine.Point{X: x - 1, Y: y - 1})
	}
	rec.stones = alternate(pts)
	return rec, nil
}

// parseSGF reads the main line of an SGF game (GM[4]): SZ ("15" or
// "15:20"), RU when it names one of our rules, the set-up stones AB and AW,
// and the moves B and W. Variations after the main line are skipped.
func parseSGF(t string, rule engine.Rule) (record, error) {
	rec := record{rule: rule}
	depth, i := 0, 0
	for i < len(t) {
		c := t[i]
		switch {
		case c == '(':
			depth++
			i++
		case c == ')':
			// The end of the first variation: the main line is complete.
			return rec, nil
		case c == ';' || c == ' ' || c == '\n' || c == '\r' || c == '\t':
			i++
		case c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z':
			j := i
			for j < len(t) && (t[j] >= 'A' && t[j] <= 'Z' || t[j] >= 'a' && t[j] <= 'z') {
				j++
			}
			ident := t[i:j]
			var vals []string
			for {
				for j < len(t) && strings.IndexByte(" \t\r\n", t[j]) >= 0 {
					j++
				}
				if j >= len(t) || t[j] != '[' {
					break
				}
				v, n, err := sgfValue(t[j:])
				if err != nil {
					return record{}, err
				}
				vals = append(vals, v)
				j += n
			}
			if len(vals) == 0 {
				return record{}, fmt.Errorf("SGF: property %s without a value", ident)
			}
			if err := rec.sgfProperty(ident, vals); err != nil {
				return record{}, err
			}
			i = j
		default:
			return record{}, fmt.Errorf("SGF: unexpected %q at %d", c, i)
		}
	}
	if depth == 0 {
		return record{}, errors.New("SGF: no game tree")
	}
	return record{}, errors.New("SGF: unterminated game tree (no closing parenthesis)")
}

// sgfValue reads one [value] at the start of s, unescaping \] and \\, and
// returns it with the bytes it took.
func sgfValue(s string) (string, int, error) {
	var sb strings.Builder
	for i := 1; i < len(s); i++ {
		switch s[i] {
		case '\\':
			if i+1 < len(s) {
				i++
				sb.WriteByte(s[i])
			}
		case ']':
			return sb.String(), i + 1, nil
		default:
			sb.WriteByte(s[i])
		}
	}
	return "", 0, errors.New("SGF: unterminated property value")
}

// sgfProperty takes in one property of the main line.
func (rec *record) sgfProperty(ident string, vals []string) error {
	switch ident {
	case "GM":
		if g := strings.TrimSpace(vals[0]); g != "4" {
			return fmt.Errorf("SGF: GM[%s] is not a Gomoku/Renju game (GM[4])", g)
		}
	case "SZ":
		w, h, err := engine.ParseSize(strings.ReplaceAll(strings.TrimSpace(vals[0]), ":", "x"))
		if err != nil {
			return fmt.Errorf("SGF: SZ[%s]: %v", vals[0], err)
		}
		rec.w, rec.h = w, h
	case "RU":
		if r, err := engine.ParseRule(strings.ToLower(strings.TrimSpace(vals[0]))); err == nil {
			rec.rule = r
		}
	case "B", "W", "AB", "AW":
		c := engine.Black
		if strings.HasSuffix(ident, "W") {
			c = engine.White
		}
		for _, v := range vals {
			if len(rec.stones) >= maxRecordStones {
				return errors.New("SGF: more stones than any board holds")
			}
			x, y, err := sgfPoint(v)
			if err != nil {
				return err
			}
			rec.stones = append(rec.stones, stone{x, y, c})
		}
	}
	return nil
}

// sgfPoint reads a two-letter SGF point: a-z for 0-25, A-Z for 26-51.
func sgfPoint(v string) (int, int, error) {
	if len(v) != 2 {
		return 0, 0, fmt.Errorf("SGF: point %q: two letters, like hh (passes are not supported)", v)
	}
	coord := func(c byte) int {
		switch {
		case c >= 'a' && c <= 'z':
			return int(c - 'a')
		case c >= 'A' && c <= 'Z':
			return int(c-'A') + 26
		}
		return -1
	}
	x, y := coord(v[0]), coord(v[1])
	if x < 0 || y < 0 {
		return 0, 0, fmt.Errorf("SGF: point %q: letters only", v)
	}
	return x, y, nil
}

// sgfCoord writes one SGF coordinate letter.
func sgfCoord(v int) byte {
	if v < 26 {
		return byte('a' + v)
	}
	return byte('A' + v - 26)
}

// exportLocked writes the game as pos, psq or sgf. A position set up with
// stones that do not alternate has no pos or psq form.
func (g *game) exportLocked(format string) (string, error) {
	names := [3]string{"", "human", "human"}
	if g.engineColor != engine.Empty {
		names[g.engineColor] = "Kakugo (" + g.playerName + ")"
	}
	b := g.boardLocked()
	switch strings.ToLower(format) {
	case "pos", "":
		if !alternating(g.stones) {
			return "", errors.New("the stones do not alternate from black (a set-up position): export it as SGF")
		}
		var sb strings.Builder
		for _, s := range g.stones {
			if s.X >= 26 {
				return "", errors.New("pos notation has no letter for columns beyond z: export it as SGF")
			}
			sb.WriteString(engine.FormatMove(s.X, s.Y))
		}
		return sb.String(), nil
	case "psq":
		if !alternating(g.stones) {
			return "", errors.New("the stones do not alternate from black (a set-up position): export it as SGF")
		}
		var sb strings.Builder
		fmt.Fprintf(&sb, "Piskvorky %dx%d, 11:11, 0\n", g.w, g.h)
		for _, s := range g.stones {
			fmt.Fprintf(&sb, "%d,%d,0\n", s.X+1, s.Y+1)
		}
		result := 0 // psq: 1 when the first mover (black) won, 2 when the second did
		switch b.Winner() {
		case engine.Black:
			result = 1
		case engine.White:
			result = 2
		}
		fmt.Fprintf(&sb, "%s\n%s\n%d,%s\n", names[engine.Black], names[engine.White], result, g.rule)
		return sb.String(), nil
	case "sgf":
		var sb strings.Builder
		sb.WriteString("(;GM[4]FF[4]CA[UTF-8]AP[pbrain-kakugo web]")
		if g.w == g.h {
			fmt.Fprintf(&sb, "SZ[%d]", g.w)
		} else {
			fmt.Fprintf(&sb, "SZ[%d:%d]", g.w, g.h)
		}
		esc := strings.NewReplacer(`\`, `\\`, `]`, `\]`)
		fmt.Fprintf(&sb, "RU[%s]PB[%s]PW[%s]", g.rule, esc.Replace(names[engine.Black]), esc.Replace(names[engine.White]))
		switch b.Winner() {
		case engine.Black:
			sb.WriteString("RE[B+]")
		case engine.White:
			sb.WriteString("RE[W+]")
		}
		for _, s := range g.stones {
			c := "B"
			if s.C == engine.White {
				c = "W"
			}
			fmt.Fprintf(&sb, "\n;%s[%c%c]", c, sgfCoord(s.X), sgfCoord(s.Y))
		}
		sb.WriteString(")\n")
		return sb.String(), nil
	}
	return "", fmt.Errorf("format %q: pos, psq or sgf", format)
}
