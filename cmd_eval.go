package main

import (
	"encoding/json"
	"fmt"
	"io"
	"sort"

	"github.com/spf13/pflag"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/eval"
)

// evalReport is what `pbrain-kakugo eval` prints, and its JSON form.
type evalReport struct {
	Width     int                `json:"width"`
	Height    int                `json:"height"`
	Rule      string             `json:"rule"`
	ToMove    string             `json:"to_move"`
	Stones    int                `json:"stones"`
	Monomials int                `json:"monomials"`
	Colours   []evalColour       `json:"colours"`
	Static    int                `json:"static_eval"`
	Top       []evalPoint        `json:"top_points"`
	Combos    map[string][]combo `json:"combos"`
	Forbidden []string           `json:"forbidden,omitempty"`
}

// evalColour is one colour's monomial summary.
type evalColour struct {
	Colour string `json:"colour"`
	Alive  int    `json:"alive"`
	// Ranks counts the monomials by rank 0-9; the last entry counts those
	// that cannot become this colour's five.
	Ranks []int `json:"ranks"`
	Score int   `json:"total_score"`
}

// evalPoint is a free point with its potentials and combos.
type evalPoint struct {
	Point      string `json:"point"`
	Black      int    `json:"black_potential"`
	White      int    `json:"white_potential"`
	BlackCombo string `json:"black_combo"`
	WhiteCombo string `json:"white_combo"`
}

// combo is a point and its combo class for one colour.
type combo struct {
	Point string `json:"point"`
	Class string `json:"class"`
}

// cmdEval prints the evaluator's view of a position.
func cmdEval(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := pflag.NewFlagSet("eval", pflag.ContinueOnError)
	fs.SetOutput(stderr)
	pos := fs.String("pos", "", "moves in pos notation, black first (h8i9g7); empty for an empty board")
	ruleName := fs.String("rule", "freestyle", "rule: freestyle, standard, renju, caro, caro-exact, or a protocol number")
	size := fs.String("size", "15", "board size: N or WxH")
	top := fs.Int("top", 10, "how many points to list by potential")
	asJSON := fs.Bool("json", false, "print JSON instead of text")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: pbrain-kakugo eval [flags]\n\nPrints the monomial counts by rank, the points of highest potential and every\ncombo point of each colour, for the position --pos reaches.\n\nflags:")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return exitUsage(err)
	}
	rule, err := engine.ParseRule(*ruleName)
	if err != nil {
		fmt.Fprintln(stderr, "eval:", err)
		return 2
	}
	w, h, err := engine.ParseSize(*size)
	if err != nil {
		fmt.Fprintln(stderr, "eval:", err)
		return 2
	}
	moves, err := engine.ParseMoves(*pos)
	if err != nil {
		fmt.Fprintln(stderr, "eval:", err)
		return 2
	}
	b, err := engine.FromMoves(w, h, rule, moves)
	if err != nil {
		fmt.Fprintln(stderr, "eval:", err)
		return 2
	}
	rep := buildEvalReport(b, eval.New(b), *top)
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(rep); err != nil {
			fmt.Fprintln(stderr, "eval:", err)
			return 1
		}
		return 0
	}
	printEvalReport(stdout, b, rep)
	return 0
}

// buildEvalReport collects the report from an evaluator of b.
func buildEvalReport(b *engine.Board, e *eval.Evaluator, top int) evalReport {
	rep := evalReport{
		Width: b.Width(), Height: b.Height(), Rule: b.Rule().String(), ToMove: b.SideToMove().String(),
		Stones: b.MoveCount(), Monomials: e.MonomialCount(), Static: e.Evaluate(),
		Combos: map[string][]combo{},
	}
	colours := []engine.Color{engine.Black, engine.White}
	for _, c := range colours {
		ranks := e.RankCounts(c)
		rep.Colours = append(rep.Colours, evalColour{Colour: c.String(), Alive: e.AliveCount(c), Ranks: ranks[:], Score: e.TotalScore(c)})
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
		rep.Top = append(rep.Top, evalPoint{
			Point: engine.FormatMove(f.x, f.y),
			Black: e.Potential(f.p, engine.Black), White: e.Potential(f.p, engine.White),
			BlackCombo: e.Combo(f.p, engine.Black).String(), WhiteCombo: e.Combo(f.p, engine.White).String(),
		})
	}
	for _, c := range colours {
		list := []combo{}
		byCombo := append([]free(nil), points...)
		sort.SliceStable(byCombo, func(i, j int) bool { return e.Combo(byCombo[i].p, c) > e.Combo(byCombo[j].p, c) })
		for _, f := range byCombo {
			if k := e.Combo(f.p, c); k != eval.ComboNone {
				list = append(list, combo{engine.FormatMove(f.x, f.y), k.String()})
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

// printEvalReport writes the report as text.
func printEvalReport(w io.Writer, b *engine.Board, rep evalReport) {
	fmt.Fprintf(w, "%dx%d %s, %d stones, %s to move\n\n%s\n", rep.Width, rep.Height, rep.Rule, rep.Stones, rep.ToMove, b)
	fmt.Fprintf(w, "monomials: %d\n%-6s %6s %6s", rep.Monomials, "", "score", "alive")
	for r := 0; r < eval.NumRanks-1; r++ {
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
