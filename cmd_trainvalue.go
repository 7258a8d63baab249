package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/kakugo/kakugo/value"
	"github.com/kakugo/kakugo/value/fit"
)

// cmdTrainValue fits the learned leaf value to the results of game records
// and reports it beside the static evaluation on held-out games.
func cmdTrainValue(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("train-value", "usage: pbrain-kakugo train-value [flags]\n\nFits the learned leaf value (a logistic model per rule over the\nevaluator's counts) to the results of game records, held out by game,\nand writes its weight file. Deterministic: the same records and flags\ngive the same file.\n\nflags:", stderr)
	rf := recordFlags(fs)
	features := fs.String("features", "combos", "feature set: counts or combos")
	perGame := fs.Int("per-game", 8, "positions sampled from each game (0: every position after the opening)")
	iters := fs.Int("iters", 8, "Newton steps")
	l2 := fs.Float64("l2", 1, "ridge penalty on the standardised weights")
	out := fs.String("out", "value.kvw", "where the weights are written")
	reread := fs.StringSlice("reread", []string{"standard=freestyle"}, "RULE=AS: read the games of RULE a second time under rule AS, for weights of AS on their board size (the archive has no freestyle 15x15 games; none: --reread '')")
	if code, ok := parseFlags(fs, args, stderr); !ok {
		return code
	}
	set, err := value.ParseFeatureSet(*features)
	if err != nil {
		fmt.Fprintln(stderr, "train-value:", err)
		return 2
	}
	rr, err := fit.ParseReread(*reread)
	if err != nil {
		fmt.Fprintln(stderr, "train-value:", err)
		return 2
	}
	fmt.Fprintf(stdout, "train-value: reading %s\n", strings.Join(rf.Paths, ", "))
	games, err := rf.Load()
	if err != nil {
		fmt.Fprintln(stderr, "train-value:", err)
		return 1
	}
	cfg := fit.Config{Set: set, Sample: fit.SampleOptions{PerGame: *perGame, Seed: rf.Seed, TestFrac: rf.TestFrac, Reread: rr},
		Fit: fit.Options{Iters: *iters, L2: *l2}}
	model, rows, err := fit.Run(cfg, games, stdout)
	if err != nil {
		fmt.Fprintln(stderr, "train-value:", err)
		return 1
	}
	fit.WriteReport(stdout, set, rows)
	var buf bytes.Buffer
	if err := value.Write(&buf, model); err != nil {
		fmt.Fprintln(stderr, "train-value:", err)
		return 1
	}
	if err := os.WriteFile(*out, buf.Bytes(), 0o644); err != nil {
		fmt.Fprintln(stderr, "train-value:", err)
		return 1
	}
	fmt.Fprintf(stdout, "train-value: wrote %s (%d bytes)\n", *out, buf.Len())
	return 0
}
