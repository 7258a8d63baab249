package main

import (
	"fmt"
	"io"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/eval"
)

// cmdEval prints the evaluator's view of a position.
func cmdEval(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("eval", "usage: pbrain-kakugo eval [flags]\n\nPrints the monomial counts by rank, the points of highest potential and every\ncombo point of each colour, for the position --pos reaches.\n\nflags:", stderr)
	pos := fs.String("pos", "", "moves in pos notation, black first (h8i9g7); empty for an empty board")
	ruleName := fs.String("rule", "freestyle", "rule: freestyle, standard, renju, caro, caro-exact, or a protocol number")
	size := fs.String("size", "15", "board size: N or WxH")
	top := fs.Int("top", 10, "how many points to list by potential")
	asJSON := fs.Bool("json", false, "print JSON instead of text")
	if code, ok := parseFlags(fs, args, stderr); !ok {
		return code
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
	rep := eval.NewReport(b, eval.New(b), *top)
	if *asJSON {
		if err := eval.WriteReportJSON(stdout, rep); err != nil {
			fmt.Fprintln(stderr, "eval:", err)
			return 1
		}
		return 0
	}
	eval.WriteReport(stdout, b, rep)
	return 0
}
