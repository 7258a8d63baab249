package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/spf13/pflag"

	"github.com/kakugo/kakugo/nn"
	"github.com/kakugo/kakugo/prior"
	"github.com/kakugo/kakugo/training"
	"github.com/kakugo/kakugo/weights"
)

// recordFlags defines the options shared by train and nneval that choose
// game records and filter them.
func recordFlags(fs *pflag.FlagSet) *training.Records {
	var rf training.Records
	fs.StringSliceVar(&rf.Paths, "games", []string{"../shared/games/gomocup-games.jsonl.gz"},
		"game records: Gomocup .jsonl[.gz], .psq files or directories of them, .csv lines position,move")
	fs.StringVar(&rf.Rule, "rule", "freestyle", "rule of .psq and .csv records (the .jsonl records carry their own)")
	fs.StringVar(&rf.Size, "size", "15", "board size of .csv records: N or WxH")
	fs.StringSliceVar(&rf.Leagues, "league", nil, "keep only these leagues (e.g. Freestyle1,Standard1,Renju)")
	fs.StringSliceVar(&rf.Years, "year", nil, "keep only these years (e.g. 2021)")
	fs.StringSliceVar(&rf.Rules, "rules", nil, "keep only these rules (freestyle, standard, renju)")
	fs.Uint64Var(&rf.Seed, "seed", 1, "seed of the train/test split (and of training)")
	fs.Float64Var(&rf.TestFrac, "test-frac", 0.1, "fraction of games (grouped by league and opening) held out for testing")
	return &rf
}

// cmdTrain trains the policy network on game records.
func cmdTrain(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("train", "usage: pbrain-kakugo train [flags]\n\nSupervised training of the policy network on game records, with the 8\nboard symmetries and a held-out split by game. --resume continues the run\nsaved in --checkpoint.\n\nflags:", stderr)
	rf := recordFlags(fs)
	channels := fs.Int("channels", 24, "channels of the stem and the residual blocks")
	blocks := fs.Int("blocks", 4, "residual blocks")
	headKernel := fs.Int("head-kernel", 1, "kernel size of the policy head (1 or 3)")
	cfg := nn.TrainConfig{Log: stdout}
	fs.IntVar(&cfg.Threads, "threads", 1, "goroutines per batch")
	fs.IntVar(&cfg.Batch, "batch", 64, "positions per step")
	fs.Int64Var(&cfg.Steps, "steps", 20000, "length of the run in steps (the learning-rate schedule ends there)")
	fs.Int64Var(&cfg.Warmup, "warmup", 200, "warm-up steps")
	fs.Float64Var(&cfg.LR, "lr", 2e-3, "peak learning rate")
	fs.Float64Var(&cfg.MinLR, "min-lr", 5e-5, "final learning rate")
	fs.Float64Var(&cfg.WeightDecay, "weight-decay", 1e-4, "AdamW weight decay")
	fs.IntVar(&cfg.EvalEvery, "eval-every", 500, "steps between held-out evaluations")
	fs.IntVar(&cfg.EvalPositions, "eval-positions", 2000, "held-out positions per evaluation during training")
	fs.StringVar(&cfg.Checkpoint, "checkpoint", "nn-train.ckpt", "checkpoint file, written as the run goes")
	init := fs.String("init", "", "start from these weights (\"default\": the embedded network) with a new optimiser, to fine-tune them; the architecture is theirs")
	widen := fs.String("widen-features", "", "with --init: read this richer feature set (one whose first planes are the network's: "+strings.Join(nn.FeatureSetNames(), " < ")+"), the new planes' stem weights starting at zero (the network computes what --init's does)")
	features := fs.String("features", nn.BasicName, "the input feature set of a new network (one of "+strings.Join(nn.FeatureSetNames(), ", ")+")")
	grow := fs.Int("grow-blocks", 0, "with --init: append this many residual blocks that start as the identity (the network computes what --init's does), to train a deeper network from a trained one")
	resume := fs.Bool("resume", false, "continue the run saved in --checkpoint (its architecture; --channels, --blocks and --head-kernel must match it or be left out)")
	fs.IntVar(&cfg.CheckpointEvery, "checkpoint-every", 500, "steps between checkpoints")
	fs.StringVar(&cfg.Out, "out", "nn-train.kkw", "where the compressed weights are written")
	fs.DurationVar(&cfg.MaxTime, "max-time", 0, "stop (with a checkpoint) after this long; 0 for no limit")
	teacherPath := fs.String("teacher", "", "distil this network's move probabilities into the one trained (a weights file, or \"deep\": the embedded deep tier); a checkpoint does not record it: give it again with --resume")
	fs.Float64Var(&cfg.TeacherWeight, "teacher-weight", 0.5, "with --teacher: the teacher's share of each target (the played move has the rest)")
	fs.Float64Var(&cfg.TeacherTemp, "teacher-temp", 1, "with --teacher: the temperature of its probabilities (above 1 flatter)")
	var vh valueHeadFlags
	vh.register(fs)
	if code, ok := parseFlags(fs, args, stderr); !ok {
		return code
	}
	if err := vh.setup(fs, &cfg, *resume, stdout); err != nil {
		fmt.Fprintln(stderr, "train:", err)
		return 2
	}
	if *teacherPath != "" {
		if !(cfg.TeacherWeight >= 0 && cfg.TeacherWeight <= 1) || !(cfg.TeacherTemp > 0 && cfg.TeacherTemp <= 100) {
			fmt.Fprintln(stderr, "train: --teacher-weight must be within 0-1 and --teacher-temp within (0, 100]")
			return 2
		}
		var err error
		if cfg.Teacher, err = loadTeacher(*teacherPath); err != nil {
			fmt.Fprintf(stderr, "train: teacher %s: %v\n", *teacherPath, err)
			return 1
		}
	} else if fs.Changed("teacher-weight") || fs.Changed("teacher-temp") {
		fmt.Fprintln(stderr, "train: --teacher-weight and --teacher-temp need --teacher")
		return 2
	}
	cfg.Seed = rf.Seed
	feats, err := nn.FeaturesFor(*features)
	if err != nil {
		fmt.Fprintln(stderr, "train: --features:", err)
		return 2
	}
	arch := nn.Arch{Features: feats.Name(), Planes: feats.NumPlanes(), Channels: *channels,
		Blocks: *blocks, StemKernel: 3, BlockKernel: 3, HeadKernel: *headKernel}
	var net *nn.Net
	var opt *nn.Adam
	if *init != "" {
		if *resume || fs.Changed("channels") || fs.Changed("blocks") || fs.Changed("head-kernel") || fs.Changed("features") {
			fmt.Fprintln(stderr, "train: --init takes its architecture from the weights: no --resume, --channels, --blocks, --head-kernel or --features")
			return 2
		}
		net, opt, err = training.FromWeights(*init, cfg.Checkpoint, stdout)
		if err == nil && *widen != "" {
			var f nn.Features
			if f, err = nn.FeaturesFor(*widen); err == nil {
				if net, err = nn.WidenInputs(net, f); err == nil {
					opt = nn.NewAdam(net)
					fmt.Fprintf(stdout, "train: widened to %s: %s\n", f.Name(), net.Arch())
				}
			}
		}
		if err == nil && *grow != 0 {
			if net, err = nn.Deepen(net, *grow, rf.Seed); err == nil {
				opt = nn.NewAdam(net)
				fmt.Fprintf(stdout, "train: deepened by %d blocks: %s\n", *grow, net.Arch())
			}
		}
	} else if *grow != 0 || *widen != "" {
		fmt.Fprintln(stderr, "train: --grow-blocks and --widen-features need --init")
		return 2
	} else {
		net, opt, err = training.Start(arch, rf.Seed, cfg.Checkpoint, *resume, fs.Changed, stdout)
	}
	if err != nil {
		fmt.Fprintln(stderr, "train:", err)
		return training.ExitCode(err)
	}
	fmt.Fprintf(stdout, "train: reading %s\n", strings.Join(rf.Paths, ", "))
	games, err := rf.Load()
	if err != nil {
		fmt.Fprintln(stderr, "train:", err)
		return 1
	}
	train, test := rf.Split(games)
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := nn.Train(ctx, cfg, net, opt, net.NewFeatures, train, test); err != nil {
		fmt.Fprintln(stderr, "train:", err)
		return 1
	}
	return 0
}

// loadTeacher reads a distillation teacher: a weights file, or "deep" for
// the embedded deep tier's network.
func loadTeacher(path string) (*nn.Net, error) {
	if path == "deep" {
		return nn.LoadBytes(weights.Deep())
	}
	return prior.LoadNet(path)
}

// cmdNNEval reports the top-1 and top-5 accuracy of policy weights on game
// records.
func cmdNNEval(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("nneval", "usage: pbrain-kakugo nneval [flags]\n\nTop-1 and top-5 move-prediction accuracy of policy weights on game\nrecords (every move after the opening stones).\n\nflags:", stderr)
	rf := recordFlags(fs)
	weightsPath := fs.String("weights", "", "weights file (default: the embedded weights; \"deep\": the embedded deep tier)")
	split := fs.String("split", "all", "which games to score: all, test or train (the split of train's --seed and --test-frac)")
	by := fs.String("by", "league", "group the results by league, rule, year, size or none")
	threads := fs.Int("threads", 1, "goroutines")
	use8 := fs.Bool("int8", false, "run the network's residual blocks in 8 bits, as the player does")
	views := fs.Int("views", 0, "score the player's priors (8 bits) averaged over this many symmetric views of each position, as KAKUGO_ROOT_SYM gives the root (1: the board as it is; 0: the network's own scoring)")
	if code, ok := parseFlags(fs, args, stderr); !ok {
		return code
	}
	start := time.Now()
	net, err := loadTeacher(*weightsPath)
	switch *weightsPath {
	case "":
		*weightsPath = weights.DefaultName + " (embedded)"
	case "deep":
		*weightsPath = weights.DeepName + " (embedded)"
	}
	if err != nil {
		fmt.Fprintf(stderr, "nneval: %s: %v\n", *weightsPath, err)
		return 1
	}
	fmt.Fprintf(stdout, "weights %s: %v, %d parameters, loaded in %v\n", *weightsPath, net.Arch(), net.NumParams(), time.Since(start).Round(time.Microsecond))
	games, err := rf.Load()
	if err != nil {
		fmt.Fprintln(stderr, "nneval:", err)
		return 1
	}
	if games, err = rf.Pick(games, *split); err != nil {
		fmt.Fprintln(stderr, "nneval:", err)
		return 2
	}
	if *views > 0 {
		vstart := time.Now()
		res, err := prior.ViewAccuracy(net, games, *views, *threads, training.Group(*by))
		if err != nil {
			fmt.Fprintln(stderr, "nneval:", err)
			return 1
		}
		fmt.Fprintf(stdout, "the player's priors over %d views\n", *views)
		training.WriteGroups(stdout, res, len(games), *split, time.Since(vstart))
		return 0
	}
	if err := training.WriteAccuracy(stdout, net, games, *threads, *by, *split, *use8); err != nil {
		fmt.Fprintln(stderr, "nneval:", err)
		return 1
	}
	return 0
}
