package solve

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/search/proof"
)

// The readers of the shared problem files (see ../shared/puzzles/README.md
// and ../shared/positions/README.md). Their coordinates are diagram cells:
// a column letter and a row counted from the bottom of a 15x15 diagram;
// the small 6x6 problems sit in its top-left corner.

// solvePuzzle is one line of renju-puzzles.jsonl.
type solvePuzzle struct {
	ID       string   `json:"id"`
	Size     int      `json:"size"`
	Rule     string   `json:"rule"`
	ToMove   string   `json:"to_move"`
	ModeName string   `json:"mode_name"`
	Level    *int     `json:"level"`
	Black    []string `json:"black"`
	White    []string `json:"white"`
}

// ReadPuzzles reads problem lines, keeping those that pass the mode
// and level filters.
func ReadPuzzles(r io.Reader, name string, o *Options) ([]Case, error) {
	var out []Case
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 1<<22)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" {
			continue
		}
		var p solvePuzzle
		if err := json.Unmarshal([]byte(line), &p); err != nil {
			return nil, fmt.Errorf("line %d: %w", n, err)
		}
		if o.Mode != "" && !strings.HasPrefix(strings.ToUpper(p.ModeName), strings.ToUpper(o.Mode)) {
			continue
		}
		if o.Level > 0 && (p.Level == nil || *p.Level != o.Level) {
			continue
		}
		if len(o.IDs) > 0 && !slices.Contains(o.IDs, p.ID) {
			continue
		}
		if o.Mode != "" && strings.EqualFold(o.Mode, "VCT") && strings.HasPrefix(strings.ToUpper(p.ModeName), "VCT3") {
			continue // VCT3 is a kind of its own
		}
		if tm := strings.ToLower(p.ToMove); tm != "black" && tm != "white" {
			o.Skipped = append(o.Skipped, fmt.Sprintf("%s (line %d, to_move %q)", p.ID, n, p.ToMove))
			continue
		}
		rule, err := engine.ParseRule(p.Rule)
		if err != nil {
			return nil, fmt.Errorf("line %d: %w", n, err)
		}
		size := p.Size
		if size == 0 {
			size = 15
		}
		b, err := diagramBoard(size, rule, p.Black, p.White, p.ToMove)
		if err != nil {
			return nil, fmt.Errorf("line %d (%s): %w", n, p.ID, err)
		}
		kind := proof.VCT
		if strings.HasPrefix(strings.ToUpper(p.ModeName), "VCF") {
			kind = proof.VCF
		}
		out = append(out, Case{name: p.ID, board: b, kind: o.kindFor(kind), depth: o.Depth,
			diagram: o.Notation != "pos"})
	}
	return out, sc.Err()
}

// diagramBoard sets up a size x size board from diagram cells of a 15x15
// diagram (so a 6x6 problem's cells run from A15 to F10).
func diagramBoard(size int, rule engine.Rule, black, white []string, toMove string) (*engine.Board, error) {
	var stones [2][]engine.Point
	for i, list := range [2][]string{black, white} {
		for _, s := range list {
			pt, err := engine.ParseDiagramCell(s, 15)
			if err != nil {
				return nil, err
			}
			stones[i] = append(stones[i], pt)
		}
	}
	side := engine.Black
	switch strings.ToLower(toMove) {
	case "black":
	case "white":
		side = engine.White
	default:
		return nil, fmt.Errorf("to_move %q", toMove)
	}
	return engine.FromStones(size, size, rule, stones[0], stones[1], side)
}

// solveQuintet is one mate of quintet_renju_mates.json.
type solveQuintet struct {
	Test      string   `json:"test"`
	Rule      string   `json:"rule"`
	Size      int      `json:"size"`
	ToMove    string   `json:"to_move"`
	Kind      string   `json:"kind"`
	Limit     string   `json:"limit_attacker_moves"`
	Threats   string   `json:"threat_limit"`
	Rows      []string `json:"board_rows_top_is_row15"`
	FirstMove string   `json:"first_move"`
}

// ReadQuintet reads the quintet mates; each is searched under its
// attack-depth limit (u8::MAX means none, and the search's default).
func ReadQuintet(r io.Reader, o *Options) ([]Case, error) {
	var ms []solveQuintet
	if err := json.NewDecoder(r).Decode(&ms); err != nil {
		return nil, err
	}
	var out []Case
	for _, m := range ms {
		rule, err := engine.ParseRule(m.Rule)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", m.Test, err)
		}
		var black, white []string
		for y, row := range m.Rows {
			for x, cell := range strings.Fields(row) {
				name := engine.FormatDiagramCell(x, y, len(m.Rows))
				switch strings.ToUpper(cell) {
				case "X":
					black = append(black, name)
				case "O":
					white = append(white, name)
				case ".":
				default:
					return nil, fmt.Errorf("%s: row %d: cell %q", m.Test, y+1, cell)
				}
			}
		}
		b, err := diagramBoard(m.Size, rule, black, white, m.ToMove)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", m.Test, err)
		}
		// quintet's limit counts the attacking moves up to the one that
		// makes the win certain (an unstoppable four); ours also counts
		// the five that follows.
		depth := o.Depth
		if v, err := strconv.Atoi(m.Limit); err == nil && depth == 0 {
			depth = v + 1
		}
		kind := proof.VCT
		if strings.HasPrefix(strings.ToUpper(m.Kind), "VCF") {
			kind = proof.VCF
		}
		name := fmt.Sprintf("%s (limit %s, threat limit %s)", m.Test, m.Limit, m.Threats)
		out = append(out, Case{name: name, board: b, kind: o.kindFor(kind), depth: depth,
			want: m.FirstMove, wantIs: "first move", diagram: o.Notation != "pos"})
	}
	return out, nil
}

// solveMintaka is one position of mintaka_renju_vcf.json.
type solveMintaka struct {
	Test   string   `json:"test"`
	Rule   string   `json:"rule"`
	Size   int      `json:"size"`
	Black  []string `json:"black"`
	White  []string `json:"white"`
	ToMove string   `json:"to_move"`
	Last   string   `json:"expected_last_attacker_move_of_solver_vcf"`
}

// ReadMintaka reads the mintaka VCF positions; their reference is
// the last attacking move of one solution.
func ReadMintaka(r io.Reader, o *Options) ([]Case, error) {
	var ms []solveMintaka
	if err := json.NewDecoder(r).Decode(&ms); err != nil {
		return nil, err
	}
	var out []Case
	for _, m := range ms {
		rule, err := engine.ParseRule(m.Rule)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", m.Test, err)
		}
		b, err := diagramBoard(m.Size, rule, m.Black, m.White, m.ToMove)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", m.Test, err)
		}
		out = append(out, Case{name: m.Test, board: b, kind: o.kindFor(proof.VCF), depth: o.Depth,
			want: m.Last, wantIs: "last attacking move", diagram: o.Notation != "pos"})
	}
	return out, nil
}
