package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/kakugo/kakugo/nn"
	"github.com/kakugo/kakugo/tactics"
	"github.com/kakugo/kakugo/value"
	"github.com/kakugo/kakugo/value/fit"
)

// cmdTuneValue fine-tunes a learned value (the Codes features with hidden
// units) on strong players' choices beside the games' results.
func cmdTuneValue(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("tune-value", "usage: pbrain-kakugo tune-value [flags]\n\nFine-tunes a learned value (the codes features with a hidden layer) so that\nthe position after the move a strong player chose looks better than the\npositions after the parent's other moves (comparison training: a softmax\nover the moves of each sampled position), with the games' results beside\nit, held out by game. Reports both losses and how often the move played\nhas the best value, before and after each epoch, and writes the weights.\nDeterministic: the same records and flags give the same file.\n\nflags:", stderr)
	rf := recordFlags(fs)
	from := fs.String("from", "default", "the weights to start from: \"default\" (embedded) or a file of the codes features")
	rankLeagues := fs.StringSlice("rank-league", []string{"Freestyle1", "Standard1", "Renju"}, "leagues of the records whose moves are the choices")
	perGame := fs.Int("per-game", 8, "result positions sampled from each game")
	choicesPerGame := fs.Int("choices-per-game", 8, "choices sampled from each game of the rank leagues (and of each engine's moves)")
	engSGF := fs.StringArray("engine-sgf", nil, "c-gomoku-cli -sgf file of games with a strong engine (repeat, in step with --engine-msg): its moves are choices, its verdicts label result positions")
	engMsg := fs.StringArray("engine-msg", nil, "c-gomoku-cli -msg file of the same games (repeat)")
	engOpt := fit.EngineOptions{}
	fs.StringSliceVar(&engOpt.Engines, "engine", []string{"rapfi"}, "the engines whose moves and verdicts are read (c-gomoku-cli -engine names)")
	fs.Float64Var(&engOpt.Scale, "engine-scale", 260, "an engine score s labels its position Sigmoid(s/scale)")
	reread := fs.StringSlice("reread", []string{"standard=freestyle"}, "RULE=AS: read the games of RULE a second time under rule AS")
	var o fit.TuneOptions
	fs.IntVar(&o.Epochs, "epochs", 3, "passes over the choices")
	fs.IntVar(&o.Batch, "batch", 64, "choices (and result positions) per Adam step")
	fs.Float64Var(&o.LR, "lr", 3e-4, "peak learning rate")
	fs.Float64Var(&o.RankWeight, "rank-weight", 1, "weight of the choices' loss against the results' log-loss")
	fs.Float64Var(&o.L2, "l2", 1e-3, "pull of the parameters towards the starting weights")
	fs.Float64Var(&o.Beta, "beta", 4, "the choices' softmax gain at the start (learned)")
	out := fs.String("out", "value-tuned.kvw", "where the weights are written")
	if code, ok := parseFlags(fs, args, stderr); !ok {
		return code
	}
	if len(*engSGF) != len(*engMsg) || engOpt.Scale <= 0 || o.Epochs <= 0 || o.Batch <= 0 || !(o.LR > 0) || !(o.Beta > 0) {
		fmt.Fprintln(stderr, "tune-value: --engine-sgf and --engine-msg come in pairs; --engine-scale, --epochs, --batch, --lr and --beta are positive")
		return 2
	}
	var start *value.Model
	var err error
	if *from == "default" {
		start, err = value.Default()
	} else {
		start, err = value.Load(*from)
	}
	if err == nil && (start.Set() != value.Codes || start.Hidden() == 0) {
		err = fmt.Errorf("%s: the weights are not of the codes features with hidden units", *from)
	}
	if err != nil {
		fmt.Fprintln(stderr, "tune-value:", err)
		return 1
	}
	rr, err := fit.ParseReread(*reread)
	if err != nil {
		fmt.Fprintln(stderr, "tune-value:", err)
		return 2
	}
	fmt.Fprintf(stdout, "tune-value: reading %s\n", strings.Join(rf.Paths, ", "))
	games, err := rf.Load()
	if err != nil {
		fmt.Fprintln(stderr, "tune-value:", err)
		return 1
	}
	sopt := fit.SampleOptions{PerGame: *perGame, Seed: rf.Seed, TestFrac: rf.TestFrac, Reread: rr, Codes: true}
	results, st := fit.Samples(games, sopt)
	fmt.Fprintf(stdout, "tune-value: %d games with a result, %d result positions\n", st.Games, len(results))
	var ptrs []*nn.Game
	var marks [][]bool
	for i := range games {
		if slices.Contains(*rankLeagues, games[i].League) {
			ptrs = append(ptrs, &games[i])
			marks = append(marks, fit.ChoosePlies(&games[i], *choicesPerGame, rf.Seed^0x63686f, uint64(i)))
		}
	}
	for i := range *engSGF {
		tg, mates, err := tactics.ReadPair((*engSGF)[i], (*engMsg)[i])
		if err != nil {
			fmt.Fprintln(stderr, "tune-value:", err)
			return 1
		}
		eg, est := fit.EngineGames((*engSGF)[i], tg, mates, engOpt)
		samples, _ := fit.EngineSamples(eg, sopt, "(engine)")
		results = append(results, samples...)
		for j := range eg {
			ptrs = append(ptrs, &eg[j].Game)
			marks = append(marks, fit.PliesOf(len(eg[j].Game.Moves), eg[j].Labels, *choicesPerGame, rf.Seed^0x656e67, uint64(len(ptrs))))
		}
		fmt.Fprintf(stdout, "tune-value: %s: %d games, %d verdicts, %d labelled positions\n", (*engSGF)[i], est.Games, est.Verdicts, len(samples))
	}
	choices, cst := fit.Choices(ptrs, func(i int) []bool { return marks[i] }, sopt)
	fmt.Fprintf(stdout, "tune-value: %d choices from %d games (%d positions, %d settled or without a rival; %.1f moves a choice)\n",
		cst.Kept, len(ptrs), cst.Positions, cst.Settled, float64(cst.Kids)/float64(max(cst.Kept, 1)))
	tuned, err := tuneKeys(start, choices, results, o, stdout)
	if err != nil {
		fmt.Fprintln(stderr, "tune-value:", err)
		return 1
	}
	var buf bytes.Buffer
	if err := value.Write(&buf, tuned); err != nil {
		fmt.Fprintln(stderr, "tune-value:", err)
		return 1
	}
	if err := os.WriteFile(*out, buf.Bytes(), 0o644); err != nil {
		fmt.Fprintln(stderr, "tune-value:", err)
		return 1
	}
	fmt.Fprintf(stdout, "tune-value: wrote %s (%d bytes)\n", *out, buf.Len())
	return 0
}

// tuneKeys tunes each key of start that has choices, reporting held-out
// scores before and after each epoch, and returns the tuned model (the
// other keys as they were).
func tuneKeys(start *value.Model, choices []fit.Choice, results []fit.Sample, o fit.TuneOptions, log io.Writer) (*value.Model, error) {
	d, h := start.Set().Len(), start.Hidden()
	tuned := value.NewNetModel(start.Set(), h)
	for _, key := range start.Keys() {
		w32 := start.Weights(key)
		var trainC, testC []*fit.Choice
		for i := range choices {
			if c := &choices[i]; c.Key == key {
				if c.Test {
					testC = append(testC, c)
				} else {
					trainC = append(trainC, c)
				}
			}
		}
		name := fmt.Sprintf("%s %d", key.Rule, key.Size)
		if len(trainC) == 0 {
			fmt.Fprintf(log, "%s: no choices, the weights stay\n", name)
			tuned.SetWeights(key, w32)
			continue
		}
		var trainR, testR []*fit.Labelled
		for i := range results {
			s := &results[i]
			if s.Key != key || len(s.F) < d {
				continue
			}
			l := &fit.Labelled{F: fit.SparseOf(s.F[:d]), Y: s.Y}
			if s.Test {
				testR = append(testR, l)
			} else {
				trainR = append(trainR, l)
			}
		}
		p0 := make([]float64, len(w32))
		for i, x := range w32 {
			p0[i] = float64(x)
		}
		report := func(epoch int, p []float64, beta float64) {
			tr := fit.Score(p, d, h, beta, trainC, nil)
			te := fit.Score(p, d, h, beta, testC, testR)
			fmt.Fprintf(log, "%s epoch %d: gain %.2f; train choices %d loss %.4f top-1 %.1f%%; held out: choices %d loss %.4f top-1 %.1f%%, results %d log-loss %.4f\n",
				name, epoch, beta, tr.Choices, tr.RankLoss, 100*tr.Top1, te.Choices, te.RankLoss, 100*te.Top1, te.Results, te.LogLoss)
		}
		fmt.Fprintf(log, "%s: %d training choices, %d held out; %d training results, %d held out\n", name, len(trainC), len(testC), len(trainR), len(testR))
		report(0, p0, o.Beta)
		p, _, err := fit.Tune(p0, d, h, trainC, trainR, o, report)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		w := make([]float32, len(p))
		for i, x := range p {
			w[i] = float32(x)
		}
		tuned.SetWeights(key, w)
	}
	return tuned, nil
}
