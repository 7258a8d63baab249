package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/eval"
	"github.com/kakugo/kakugo/prior"
	"github.com/kakugo/kakugo/tactics"
	"github.com/kakugo/kakugo/value"
	"github.com/kakugo/kakugo/value/fit"
)

// cmdTrainValue fits the learned leaf value to the results of game records
// and reports it beside the static evaluation on held-out games.
func cmdTrainValue(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("train-value", "usage: pbrain-kakugo train-value [flags]\n\nFits the learned leaf value (a logistic model per rule over the\nevaluator's counts, optionally with a hidden layer beside it) to the results of game records, held out by game,\nand writes its weight file (--features trunk: the node value, over the policy network's trunk). Deterministic: the same records and flags\ngive the same file.\n\nflags:", stderr)
	rf := recordFlags(fs)
	features := fs.String("features", "codes", "feature set: counts, combos, patterns, codes or fine (need --hidden; fine: codes with the open twos and threes split as Rapfi's patterns are) or trunk (the node value: the policy network's trunk beside the leaf value, needs --hidden)")
	perGame := fs.Int("per-game", 8, "positions sampled from each game (0: every position after the opening)")
	iters := fs.Int("iters", 8, "Newton steps")
	l2 := fs.Float64("l2", 1, "ridge penalty on the standardised weights")
	out := fs.String("out", "value.kvw", "where the weights are written")
	var mlp fit.MLPOptions
	fs.IntVar(&mlp.Hidden, "hidden", 16, "hidden units beside the logistic weights (0: the logistic model alone)")
	fs.IntVar(&mlp.Epochs, "epochs", 8, "passes over the training positions of the hidden layer")
	fs.IntVar(&mlp.Batch, "batch", 256, "positions per Adam step of the hidden layer")
	fs.Float64Var(&mlp.LR, "lr", 2e-3, "peak learning rate of the hidden layer")
	fs.Float64Var(&mlp.L2, "weight-decay", 1e-4, "weight decay of the hidden layer")
	reread := fs.StringSlice("reread", []string{"standard=freestyle"}, "RULE=AS: read the games of RULE a second time under rule AS, for weights of AS on their board size (the archive has no freestyle 15x15 games; none: --reread '')")
	engSGF := fs.StringArray("engine-sgf", nil, "c-gomoku-cli -sgf file of games with a strong engine (repeat, in step with --engine-msg): its verdicts label more positions; the path as given keys the held-out split, so give the same path to get the same file")
	engMsg := fs.StringArray("engine-msg", nil, "c-gomoku-cli -msg file of the same games (repeat)")
	engOpt := fit.EngineOptions{}
	fs.StringSliceVar(&engOpt.Engines, "engine", []string{"rapfi"}, "the engines whose final search lines (Eval) label the positions they were to move in (c-gomoku-cli -engine names)")
	byFile := fs.Bool("bucket-by-file", false, "report each --engine-sgf file's held-out positions in a bucket of its own (the file's name beside the engines'), not one for all: the fit is the same")
	fs.Float64Var(&engOpt.Scale, "engine-scale", 260, "an engine score s labels its position Sigmoid(s/scale) (a mate 1 or 0); 260 fits Rapfi's classical scores to results")
	policyFile := fs.String("policy-weights", "", "with --features trunk: the policy network whose trunk is read (default: the embedded one)")
	leafFile := fs.String("leaf-weights", "", "with --features trunk: the learned leaf value whose logit is a feature (default: the embedded one)")
	baseline := fs.String("baseline", "", "score this weight file beside the new weights (\"default\", \"patterns\" or \"combos\": the embedded ones)")
	if code, ok := parseFlags(fs, args, stderr); !ok {
		return code
	}
	if len(*engSGF) != len(*engMsg) || engOpt.Scale <= 0 {
		fmt.Fprintln(stderr, "train-value: --engine-sgf and --engine-msg come in pairs, and --engine-scale is positive")
		return 2
	}
	if mlp.Hidden < 0 || mlp.Hidden > value.MaxHidden || mlp.Hidden > 0 && (mlp.Epochs <= 0 || mlp.Batch <= 0 || !(mlp.LR > 0)) {
		fmt.Fprintf(stderr, "train-value: --hidden is 0 to %d, and with hidden units --epochs, --batch and --lr are positive\n", value.MaxHidden)
		return 2
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
	if set.Sparse() && mlp.Hidden == 0 {
		fmt.Fprintf(stderr, "train-value: the %v features are fitted with the hidden layer: give --hidden\n", set)
		return 2
	}
	cfg := fit.Config{Set: set, Sample: fit.SampleOptions{PerGame: *perGame, Seed: rf.Seed, TestFrac: rf.TestFrac, Reread: rr, Sparse: set},
		Fit: fit.Options{Iters: *iters, L2: *l2}, MLP: mlp}
	cfg.MLP.Seed = rf.Seed
	if set == value.Trunk {
		if *baseline != "" {
			fmt.Fprintln(stderr, "train-value: --baseline does not apply to --features trunk (its report's baseline is the leaf value it starts from)")
			return 2
		}
		if cfg.Sample.Features, err = nodeFeatures(*policyFile, *leafFile); err != nil {
			fmt.Fprintln(stderr, "train-value:", err)
			return 1
		}
	}
	if *baseline != "" {
		switch *baseline {
		case "default", "patterns", "combos":
			cfg.Baseline, err = value.Embedded(*baseline)
		default:
			cfg.Baseline, err = value.Load(*baseline)
		}
		if err != nil {
			fmt.Fprintln(stderr, "train-value:", err)
			return 1
		}
		if !cfg.Baseline.Set().PrefixOf(set) {
			fmt.Fprintf(stderr, "train-value: the baseline reads the %v features, which the %v samples do not begin with: train it on its own set\n", cfg.Baseline.Set(), set)
			return 2
		}
	}
	for i := range *engSGF {
		games, mates, err := tactics.ReadPair((*engSGF)[i], (*engMsg)[i])
		if err != nil {
			fmt.Fprintln(stderr, "train-value:", err)
			return 1
		}
		eg, est := fit.EngineGames((*engSGF)[i], games, mates, engOpt)
		tag := strings.Join(engOpt.Engines, ",")
		bucket := tag
		if *byFile {
			bucket += " " + filepath.Base((*engSGF)[i])
		}
		samples, _ := fit.EngineSamples(eg, cfg.Sample, "("+bucket+")")
		fmt.Fprintf(stdout, "train-value: %s: %d games, %d verdicts of %s (%d mates), %d positions kept\n",
			(*engSGF)[i], est.Games, est.Verdicts, tag, est.Mates, len(samples))
		cfg.Extra = append(cfg.Extra, samples...)
	}
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

// nodeFeatures reads the network and the leaf value a node value (the
// trunk features) is fitted over.
func nodeFeatures(policyFile, leafFile string) (func(*engine.Board, *eval.Evaluator, []float32) ([]float32, bool), error) {
	net, err := prior.LoadNet(policyFile)
	if err != nil {
		return nil, fmt.Errorf("policy weights %s: %w", nameOrEmbedded(policyFile), err)
	}
	leaf, err := value.Load(leafFile)
	if err != nil {
		return nil, err
	}
	return prior.NodeFeatures(net, leaf)
}
