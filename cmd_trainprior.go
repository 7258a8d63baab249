package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/search/mcts"
)

// cmdTrainPrior fits the tree's evaluator prior logits (mcts.PriorNear's
// form) to the moves of game records and reports them beside the search's
// own logit sets on held-out games.
func cmdTrainPrior(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("train-prior", "usage: pbrain-kakugo train-prior [flags]\n\nFits the tree's evaluator prior logits (both sides' combos and potentials,\nthe distance from the last two moves; with --rich also both sides' direction\nclasses, a table of both sides' combo pairs, the stones of each side among\nthe eight neighbours, and the distance from the third and fourth last moves)\nto the moves of game records by a softmax over the candidates the tree lists,\nheld out by game (or --held-out records), and prints them for\nsearch/mcts/mcts_prior.go beside the search's own sets' scores.\nDeterministic: the same records and flags give the same logits.\n\nflags:", stderr)
	rf := recordFlags(fs)
	rf.Leagues = []string{"Freestyle1", "Standard1", "Renju"}
	every := fs.Int("every", 3, "sample every n-th position after the opening (game i from ply i mod n)")
	steps := fs.Int("steps", 150, "full-batch Adam steps")
	lr := fs.Float64("lr", 0.05, "Adam's learning rate")
	rich := fs.Bool("rich", false, "fit mcts.PriorRich's form (also both sides' direction classes, the combo pair table, the neighbours, the third and fourth last moves)")
	heldOut := fs.StringSlice("held-out", nil, "records held out whole (the same leagues kept); with it every game of --games trains")
	pairL2 := fs.Float64("pair-l2", 0.003, "with --rich, the L2 penalty on the combo pair table")
	if code, ok := parseFlags(fs, args, stderr); !ok {
		return code
	}
	if *every < 1 || *steps < 0 || !(*lr > 0) || !(*pairL2 >= 0) {
		fmt.Fprintln(stderr, "train-prior: --every is at least 1, --steps not negative, --lr positive, --pair-l2 not negative")
		return 2
	}
	fmt.Fprintf(stdout, "train-prior: reading %s (leagues %s)\n", strings.Join(rf.Paths, ", "), strings.Join(rf.Leagues, ","))
	games, err := rf.Load()
	if err != nil {
		fmt.Fprintln(stderr, "train-prior:", err)
		return 1
	}
	held := len(games)
	if len(*heldOut) > 0 {
		hf := *rf
		hf.Paths = *heldOut
		hg, err := hf.Load()
		if err != nil {
			fmt.Fprintln(stderr, "train-prior:", err)
			return 1
		}
		games = append(games, hg...)
	}
	var train, test []mcts.PriorSample
	missing := 0
	for i := range games {
		g := &games[i]
		b, err := engine.New(g.W, g.H, g.Rule)
		if err != nil {
			continue
		}
		moves := make([]engine.Pos, len(g.Moves))
		for j, m := range g.Moves {
			moves[j] = b.Pos(m.X, m.Y)
		}
		s, miss := mcts.PriorSamples(b, moves, g.Opening, *every, i%*every)
		missing += miss
		if len(*heldOut) > 0 && i >= held || len(*heldOut) == 0 && g.IsTest(rf.Seed, rf.TestFrac) {
			test = append(test, s...)
		} else {
			train = append(train, s...)
		}
	}
	fmt.Fprintf(stdout, "games %d: %d training and %d held-out positions (%d left out: the move played was not a candidate)\n",
		len(games), len(train), len(test), missing)
	fit := mcts.FitPrior(train, mcts.PriorFitOptions{Steps: *steps, LR: *lr, Rich: *rich, PairL2: *pairL2}, func(step int, ll float64) {
		if step == 1 || step%25 == 0 || step == *steps {
			fmt.Fprintf(stdout, "step %d: training log-likelihood %.4f a move\n", step, ll)
		}
	})
	fmt.Fprintln(stdout, "held out: log-likelihood of the move played a move, top-1, top-5, ranked past 20th, in the tree's width; the softmax's entropy")
	for _, set := range []struct {
		name string
		f    mcts.PriorFit
	}{{"classic", mcts.ClassicPrior()}, {"near (embedded)", mcts.NearPrior()}, {"rich (embedded)", mcts.RichPrior()}, {"fitted", fit}} {
		for _, rule := range []struct {
			name string
			keep func(*mcts.PriorSample) bool
		}{
			{"all", func(*mcts.PriorSample) bool { return true }},
			{"freestyle", func(s *mcts.PriorSample) bool { return s.Rule == engine.Freestyle }},
			{"standard", func(s *mcts.PriorSample) bool { return s.Rule == engine.Exact }},
			{"renju", func(s *mcts.PriorSample) bool { return s.Rule == engine.Renju }},
		} {
			sc := set.f.Score(test, rule.keep)
			fmt.Fprintf(stdout, "  %-16s %-9s %6d  %.4f  %5.1f%%  %5.1f%%  %5.2f%%  %5.1f%%  %.3f\n", set.name, rule.name, sc.N, sc.LogLik,
				100*sc.Top1, 100*sc.Top5, 100*sc.Past20, 100*sc.InWidth, sc.Entropy)
		}
	}
	fmt.Fprintf(stdout, "the fitted logits:\n%s", fit)
	return 0
}
