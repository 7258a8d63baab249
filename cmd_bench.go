package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"runtime/pprof"

	"github.com/kakugo/kakugo/players"
	"github.com/kakugo/kakugo/prior"
	"github.com/kakugo/kakugo/search"
	"github.com/kakugo/kakugo/search/mcts"
	"github.com/kakugo/kakugo/value"
)

// cmdBench is the deterministic search benchmark: every position of
// search.BenchPositions searched by a fresh full player to a fixed playout
// count. It prints each position's move, nodes, time and speed, then the
// totals and the signature (the node total), which stays the same on every
// run and machine as long as the search does not change (one thread only).
func cmdBench(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("bench", "usage: pbrain-kakugo bench [flags]   fixed-playout search benchmark with a node signature", stderr)
	playouts := fs.Int64("playouts", 3000, "MCTS playouts per position")
	threads := fs.Int("threads", 1, "search threads (the signature is repeatable with 1 only)")
	valueFile := fs.String("value-weights", "", "learned leaf value weights from this file (default: the player's embedded ones)")
	leaf := fs.String("leaf", "", "leaf values: rollout, static or learned (the embedded value weights; default: the player's default, learned)")
	weightsFile := fs.String("weights", "", "policy network weights replacing the embedded ones (to time another network; the signature is the embedded network's)")
	deepFile := fs.String("deep-weights", "", "the deep tier of priors from this network, none for no deep tier (KAKUGO_DEEP_WEIGHTS in play; default: the embedded one, which the player asks in every move)")
	deepVisits := fs.Int("deep-visits", 0, "visits at which a node gets the deep tier's priors (0: the default)")
	noWin := fs.Bool("nowin", false, "turn the winning search off")
	noPrior := fs.Bool("noprior", false, "search without the CNN policy prior (the player kakugo-noprior)")
	player := fs.String("player", "kakugo", "the variant of the full player to search with (its options; --noprior, --nowin and --leaf still apply)")
	cpuProfile := fs.String("cpuprofile", "", "write a CPU profile of the searches to this file (go tool pprof reads it)")
	if code, ok := parseFlags(fs, args, stderr); !ok {
		return code
	}
	if fs.NArg() > 0 || *playouts <= 0 || *threads <= 0 {
		fmt.Fprintln(stderr, "pbrain-kakugo bench: playouts and threads must be positive, and no arguments")
		return 2
	}
	opt, ok := players.Options(*player, 1)
	if !ok {
		fmt.Fprintf(stderr, "pbrain-kakugo bench: %q is not a variant of the full player\n", *player)
		return 2
	}
	opt.Threads = *threads
	priorDesc := "the CNN prior"
	if *noPrior {
		priorDesc = "no prior"
	} else {
		// The embedded network by default: its kernels give the same
		// logits, bit for bit, in every build, so the signature does not
		// depend on them.
		pol, err := players.FirstTier(*player, opt, *weightsFile, func(string) string { return "" }, stderr)
		if err != nil {
			fmt.Fprintf(stderr, "pbrain-kakugo bench: %v\n", err)
			return 1
		}
		opt.NewPolicy = pol
		if *deepFile != "none" {
			deep, err := prior.LoadDeep(*deepFile)
			if err != nil {
				fmt.Fprintf(stderr, "pbrain-kakugo bench: %v\n", err)
				return 1
			}
			opt.NewDeepPolicy, opt.Policy.DeepVisits = deep, *deepVisits
			priorDesc += ", the deep tier"
		}
	}
	if *noWin {
		opt.WinSearch = search.WinSearchOff
	}
	if opt.Leaf, ok = mcts.ParseLeaf(*leaf); !ok {
		fmt.Fprintf(stderr, "pbrain-kakugo bench: unknown leaf %q (rollout, static or learned)\n", *leaf)
		return 2
	}
	if opt.Leaf == mcts.LeafDefault || opt.Leaf == mcts.LeafLearned {
		m, err := value.Embedded(players.ValueName(*player))
		if *valueFile != "" {
			m, err = value.Load(*valueFile)
		}
		if err != nil {
			fmt.Fprintf(stderr, "pbrain-kakugo bench: %v\n", err)
			return 1
		}
		opt.Value = m
	}
	if *cpuProfile != "" {
		stop, err := startCPUProfile(*cpuProfile)
		if err != nil {
			fmt.Fprintf(stderr, "pbrain-kakugo bench: %v\n", err)
			return 1
		}
		defer stop()
	}
	fmt.Fprintf(stdout, "bench: %d playouts a position, %d thread(s), %s leaves, %s\n", *playouts, *threads, search.NewKakugo(opt).Leaf(), priorDesc)
	if err := search.WriteBench(context.Background(), search.BenchOptions{Playouts: *playouts, Threads: *threads, Player: opt}, stdout); err != nil {
		fmt.Fprintf(stderr, "pbrain-kakugo bench: %v\n", err)
		return 1
	}
	return 0
}

// startCPUProfile starts a CPU profile written to path and returns the
// function that stops it and closes the file.
func startCPUProfile(path string) (stop func(), err error) {
	f, err := os.Create(path)
	if err != nil {
		return nil, err
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		f.Close()
		return nil, err
	}
	return func() {
		pprof.StopCPUProfile()
		f.Close()
	}, nil
}
