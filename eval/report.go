package eval

import (
	"encoding/json"
	"fmt"
	"io"
	"sort"

	"github.com/kakugo/kakugo/engine"
)

// Report is the evaluator's view of a position as `pbrain-kakugo eval`
// prints it (WriteReport), and its JSON form.
type Report struct {
	Width     int                     `json:"width"`
	Height    int                     `json:"height"`
	Rule      string                  `json:"rule"`
	ToMove    string                  `json:"to_move"`
	Stones    int                     `json:"stones"`
	Monomials int                     `json:"monomials"`
	Colours   []ColourReport          `json:"colours"`
	Static    int                     `json:"static_eval"`
	Top       []PointReport           `json:"top_points"`
	Combos    map[string][]ComboPoint `json:"combos"`
	Forbidden []string                `json:"forbidden,omitempty"`
}

// ColourReport is one colour's monomial summary.
type ColourReport struct {
	Colour string `json:"colour"`
	Alive  int    `json:"alive"`
	// Ranks counts the monomials by rank 0-9; the last entry counts those
	// that cannot become this colour's five.
	Ranks []int `json:"ranks"`
	Score int   `json:"total_score"`
}

// PointReport is a free point with its potentials and combos.
type PointReport struct {
	Point      string `json:"point"`
	Black      int    `json:"black_potential"`
	White      int    `json:"white_potential"`
	BlackCombo string `json:"black_combo"`
	WhiteCombo string `json:"white_combo"`
}

// ComboPoint is a point and its combo class for one colour.
type ComboPoint struct {
	Point string `json:"point"`
	Class string `json:"class"`
}

// NewReport collects the report from an evaluator of b.
func NewReport(b *engine.Board, e *Evaluator, top int) Report {
	rep := Report{
		Width: b.Width(), Height: b.Height(), Rule: b.Rule().String(), ToMove: b.SideToMove().String(),
		Stones: b.MoveCount(), Monomials: e.MonomialCount(), Static: e.Evaluate(),
		Combos: map[string][]ComboPoint{},
	}
	colours := []engine.Color{engine.Black, engine.White}
	for _, c := range colours {
		ranks := e.RankCounts(c)
		rep.Colours = append(rep.Colours, ColourReport{Colour: c.String(), Alive: e.AliveCount(c), Ranks: ranks[:], Score: e.TotalScore(c)})
	}
	type free struct {
		p    engine.Pos
		x, y int
	}
	var points []free
	for y := 0; y < b.Height(); y++ {
		for x := 0; x < b.Width(); x++ {
			if p := b.Pos(x, y); b.At(p) == engine.Empty {
				points = append(points, free{p, x, y})
			}
		}
	}
	byPotential := append([]free(nil), points...)
	// Ranked by the larger of the two potentials, then by the smaller:
	// the sum says little, since a stone adds to one colour's potential
	// around it what it takes from the other's.
	sort.SliceStable(byPotential, func(i, j int) bool {
		bi, wi := e.Potential(byPotential[i].p, engine.Black), e.Potential(byPotential[i].p, engine.White)
		bj, wj := e.Potential(byPotential[j].p, engine.Black), e.Potential(byPotential[j].p, engine.White)
		if hi, hj := max(bi, wi), max(bj, wj); hi != hj {
			return hi > hj
		}
		return min(bi, wi) > min(bj, wj)
	})
	for _, f := range byPotential[:min(top, len(byPotential))] {
		rep.Top = append(rep.Top, PointReport{
			Point: engine.FormatMove(f.x, f.y),
			Black: e.Potential(f.p, engine.Black), White: e.Potential(f.p, engine.White),
			BlackCombo: e.Combo(f.p, engine.Black).String(), WhiteCombo: e.Combo(f.p, engine.White).String(),
		})
	}
	for _, c := range colours {
		list := []ComboPoint{}
		byCombo := append([]free(nil), points...)
		sort.SliceStable(byCombo, func(i, j int) bool { return e.Combo(byCombo[i].p, c) > e.Combo(byCombo[j].p, c) })
		for _, f := range byCombo {
			if k := e.Combo(f.p, c); k != ComboNone {
				list = append(list, ComboPoint{engine.FormatMove(f.x, f.y), k.String()})
			}
		}
		rep.Combos[c.String()] = list
	}
	for _, f := range points {
		if e.Forbidden(f.p) {
			rep.Forbidden = append(rep.Forbidden, engine.FormatMove(f.x, f.y)+" "+e.ForbiddenKind(f.p))
		}
	}
	return rep
}

// WriteReport writes the report as text.
func WriteReport(w io.Writer, b *engine.Board, rep Report) {
	fmt.Fprintf(w, "%dx%d %s, %d stones, %s to move\n\n%s\n", rep.Width, rep.Height, rep.Rule, rep.Stones, rep.ToMove, b)
	fmt.Fprintf(w, "monomials: %d\n%-6s %6s %6s", rep.Monomials, "", "score", "alive")
	for r := 0; r < NumRanks-1; r++ {
		fmt.Fprintf(w, " %5s", fmt.Sprintf("r%d", r))
	}
	fmt.Fprintf(w, " %5s\n", "none")
	for _, c := range rep.Colours {
		fmt.Fprintf(w, "%-6s %6d %6d", c.Colour, c.Score, c.Alive)
		for _, n := range c.Ranks {
			fmt.Fprintf(w, " %5d", n)
		}
		fmt.Fprintln(w)
	}
	fmt.Fprintf(w, "\nstatic evaluation for %s: %d\n\ntop points by potential (the larger of black and white first):\n", rep.ToMove, rep.Static)
	for _, p := range rep.Top {
		fmt.Fprintf(w, "  %-4s black %4d %-20s white %4d %s\n", p.Point, p.Black, p.BlackCombo, p.White, p.WhiteCombo)
	}
	for _, c := range rep.Colours {
		list := rep.Combos[c.Colour]
		fmt.Fprintf(w, "\n%s combo points (%d):\n", c.Colour, len(list))
		for i, k := range list {
			sep := "  "
			if i%4 == 3 || i == len(list)-1 {
				sep = "\n"
			}
			fmt.Fprintf(w, "  %-4s %-20s%s", k.Point, k.Class, sep)
		}
	}
	if len(rep.Forbidden) > 0 {
		fmt.Fprintf(w, "\nforbidden for black: %v\n", rep.Forbidden)
	}
}

// WriteReportJSON writes rep as indented JSON, the form `eval --json`
// prints.
func WriteReportJSON(w io.Writer, rep Report) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(rep)
}
