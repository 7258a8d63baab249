package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"sort"
	"strings"
	"syscall"
	"time"

	"github.com/spf13/pflag"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/nn"
	"github.com/kakugo/kakugo/weights"
)

// recordFlags are the options shared by train and nneval that choose game
// records and filter them.
type recordFlags struct {
	paths          []string
	rule, size     string
	leagues, years []string
	rules          []string
	seed           uint64
	testFrac       float64
}

func (rf *recordFlags) register(fs *pflag.FlagSet) {
	fs.StringSliceVar(&rf.paths, "games", []string{"../shared/games/gomocup-games.jsonl.gz"},
		"game records: Gomocup .jsonl[.gz], .psq files or directories of them, .csv lines position,move")
	fs.StringVar(&rf.rule, "rule", "freestyle", "rule of .psq and .csv records (the .jsonl records carry their own)")
	fs.StringVar(&rf.size, "size", "15", "board size of .csv records: N or WxH")
	fs.StringSliceVar(&rf.leagues, "league", nil, "keep only these leagues (e.g. Freestyle1,Standard1,Renju)")
	fs.StringSliceVar(&rf.years, "year", nil, "keep only these years (e.g. 2021)")
	fs.StringSliceVar(&rf.rules, "rules", nil, "keep only these rules (freestyle, standard, renju)")
	fs.Uint64Var(&rf.seed, "seed", 1, "seed of the train/test split (and of training)")
	fs.Float64Var(&rf.testFrac, "test-frac", 0.1, "fraction of games (grouped by league and opening) held out for testing")
}

// load reads every record and applies the filters.
func (rf *recordFlags) load() ([]nn.Game, error) {
	rule, err := engine.ParseRule(rf.rule)
	if err != nil {
		return nil, err
	}
	w, h, err := engine.ParseSize(rf.size)
	if err != nil {
		return nil, err
	}
	return nn.LoadRecords(rf.paths, rule, w, h, nn.RecordFilter{Leagues: rf.leagues, Years: rf.years, Rules: rf.rules})
}

// split divides games into the training and the test side.
func (rf *recordFlags) split(games []nn.Game) (train, test []nn.Game) {
	return nn.SplitGames(games, rf.seed, rf.testFrac)
}

func basicFeatures() nn.Features { return nn.NewBasic() }

// cmdTrain trains the policy network on game records.
func cmdTrain(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := pflag.NewFlagSet("train", pflag.ContinueOnError)
	fs.SetOutput(stderr)
	var rf recordFlags
	rf.register(fs)
	channels := fs.Int("channels", 24, "channels of the stem and the residual blocks")
	blocks := fs.Int("blocks", 4, "residual blocks")
	headKernel := fs.Int("head-kernel", 1, "kernel size of the policy head (1 or 3)")
	threads := fs.Int("threads", 1, "goroutines per batch")
	batch := fs.Int("batch", 64, "positions per step")
	steps := fs.Int64("steps", 20000, "length of the run in steps (the learning-rate schedule ends there)")
	warmup := fs.Int64("warmup", 200, "warm-up steps")
	lr := fs.Float64("lr", 2e-3, "peak learning rate")
	minLR := fs.Float64("min-lr", 5e-5, "final learning rate")
	wd := fs.Float64("weight-decay", 1e-4, "AdamW weight decay")
	evalEvery := fs.Int("eval-every", 500, "steps between held-out evaluations")
	evalPositions := fs.Int("eval-positions", 2000, "held-out positions per evaluation during training")
	ckpt := fs.String("checkpoint", "nn-train.ckpt", "checkpoint file, written as the run goes")
	resume := fs.Bool("resume", false, "continue the run saved in --checkpoint (its architecture; --channels, --blocks and --head-kernel must match it or be left out)")
	ckptEvery := fs.Int("checkpoint-every", 500, "steps between checkpoints")
	out := fs.String("out", "nn-train.kkw", "where the compressed weights are written")
	maxTime := fs.Duration("max-time", 0, "stop (with a checkpoint) after this long; 0 for no limit")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: pbrain-kakugo train [flags]\n\nSupervised training of the policy network on game records, with the 8\nboard symmetries and a held-out split by game. --resume continues the run\nsaved in --checkpoint.\n\nflags:")
		fs.PrintDefaults()
	}
	if code, ok := parseFlags(fs, args, stderr); !ok {
		return code
	}
	arch := nn.Arch{Features: nn.BasicName, Planes: nn.NewBasic().NumPlanes(), Channels: *channels,
		Blocks: *blocks, StemKernel: 3, BlockKernel: 3, HeadKernel: *headKernel}
	net, opt, code := trainStart(fs, arch, rf.seed, *ckpt, *resume, stdout, stderr)
	if net == nil {
		return code
	}
	fmt.Fprintf(stdout, "train: reading %s\n", strings.Join(rf.paths, ", "))
	games, err := rf.load()
	if err != nil {
		fmt.Fprintln(stderr, "train:", err)
		return 1
	}
	train, test := rf.split(games)
	cfg := nn.TrainConfig{Seed: rf.seed, Threads: *threads, Batch: *batch, Steps: *steps, Warmup: *warmup,
		LR: *lr, MinLR: *minLR, WeightDecay: *wd, EvalEvery: *evalEvery, EvalPositions: *evalPositions,
		Checkpoint: *ckpt, Out: *out, CheckpointEvery: *ckptEvery, MaxTime: *maxTime, Log: stdout}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := nn.Train(ctx, cfg, net, opt, basicFeatures, train, test); err != nil {
		fmt.Fprintln(stderr, "train:", err)
		return 1
	}
	return 0
}

// trainStart is the network and optimiser a run starts from: a new network
// of arch (its weights drawn from seed), or with resume the run saved in ckpt, whose architecture flags
// given on the command line must match. A checkpoint is never resumed
// silently: without --resume an existing one is an error, so that a run in
// a directory with an old nn-train.ckpt does not continue it unawares. On
// an error net is nil and code the exit code.
func trainStart(fs *pflag.FlagSet, arch nn.Arch, seed uint64, ckpt string, resume bool, stdout, stderr io.Writer) (*nn.Net, *nn.Adam, int) {
	f, err := os.Open(ckpt)
	if !resume {
		if err == nil {
			f.Close()
			fmt.Fprintf(stderr, "train: checkpoint %s exists: pass --resume to continue that run, or name another --checkpoint\n", ckpt)
			return nil, nil, 2
		}
		net, err := nn.NewRandom(arch, seed)
		if err != nil {
			fmt.Fprintln(stderr, "train:", err)
			return nil, nil, 2
		}
		return net, nn.NewAdam(net), 0
	}
	if err != nil {
		fmt.Fprintf(stderr, "train: --resume: %v\n", err)
		return nil, nil, 2
	}
	net, opt, err := nn.LoadCheckpoint(f)
	f.Close()
	if err != nil {
		fmt.Fprintf(stderr, "train: checkpoint %s: %v\n", ckpt, err)
		return nil, nil, 1
	}
	got := net.Arch()
	for _, c := range []struct {
		flag      string
		want, has int
	}{{"channels", arch.Channels, got.Channels}, {"blocks", arch.Blocks, got.Blocks}, {"head-kernel", arch.HeadKernel, got.HeadKernel}} {
		if fs.Changed(c.flag) && c.want != c.has {
			fmt.Fprintf(stderr, "train: --%s %d, but the checkpoint %s has %d\n", c.flag, c.want, ckpt, c.has)
			return nil, nil, 2
		}
	}
	fmt.Fprintf(stdout, "train: resuming %s at step %d: %s\n", ckpt, opt.Step, got)
	return net, opt, 0
}

// cmdNNEval reports the top-1 and top-5 accuracy of policy weights on game
// records.
func cmdNNEval(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := pflag.NewFlagSet("nneval", pflag.ContinueOnError)
	fs.SetOutput(stderr)
	var rf recordFlags
	rf.register(fs)
	weightsPath := fs.String("weights", "", "weights file (default: the embedded weights)")
	split := fs.String("split", "all", "which games to score: all, test or train (the split of train's --seed and --test-frac)")
	by := fs.String("by", "league", "group the results by league, rule, year, size or none")
	threads := fs.Int("threads", 1, "goroutines")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: pbrain-kakugo nneval [flags]\n\nTop-1 and top-5 move-prediction accuracy of policy weights on game\nrecords (every move after the opening stones).\n\nflags:")
		fs.PrintDefaults()
	}
	if code, ok := parseFlags(fs, args, stderr); !ok {
		return code
	}
	var net *nn.Net
	var err error
	start := time.Now()
	if *weightsPath == "" {
		*weightsPath = weights.DefaultName + " (embedded)"
		net, err = nn.LoadBytes(weights.Default())
	} else if f, ferr := os.Open(*weightsPath); ferr != nil {
		err = ferr
	} else {
		net, err = nn.Load(f)
		f.Close()
	}
	if err != nil {
		fmt.Fprintf(stderr, "nneval: %s: %v\n", *weightsPath, err)
		return 1
	}
	fmt.Fprintf(stdout, "weights %s: %v, %d parameters, loaded in %v\n", *weightsPath, net.Arch(), net.NumParams(), time.Since(start).Round(time.Microsecond))
	games, err := rf.load()
	if err != nil {
		fmt.Fprintln(stderr, "nneval:", err)
		return 1
	}
	train, test := rf.split(games)
	switch *split {
	case "test":
		games = test
	case "train":
		games = train
	case "all":
	default:
		fmt.Fprintf(stderr, "nneval: --split must be all, test or train, not %q\n", *split)
		return 2
	}
	group := func(g *nn.Game) string {
		switch *by {
		case "league":
			return strings.TrimSpace(g.Year + " " + g.League + " " + g.Rule.String())
		case "rule":
			return g.Rule.String()
		case "year":
			return g.Year
		case "size":
			return fmt.Sprintf("%dx%d", g.W, g.H)
		}
		return "all"
	}
	start = time.Now()
	res := nn.Evaluate(net, basicFeatures, games, *threads, group)
	var total nn.Accuracy
	keys := make([]string, 0, len(res))
	for k := range res {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		a := res[k]
		total.Merge(*a)
		fmt.Fprintf(stdout, "%-32s %s", k, a)
		if a.Skipped > 0 {
			fmt.Fprintf(stdout, ", %d illegal moves skipped", a.Skipped)
		}
		fmt.Fprintln(stdout)
	}
	fmt.Fprintf(stdout, "%-32s %s  [%d games, %s split, %v]\n", "total", total, len(games), *split, time.Since(start).Round(time.Second))
	return 0
}
