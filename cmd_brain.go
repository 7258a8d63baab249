package main

import (
	"fmt"
	"io"
	"os"
	"runtime/pprof"

	"github.com/spf13/pflag"

	"github.com/kakugo/kakugo/players"
	"github.com/kakugo/kakugo/protocol"
)

// cmdBrain is the Gomocup brain: the protocol on stdin and stdout, the
// chosen player behind it. It is what managers run.
func cmdBrain(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	cfg, profile, code := brainConfig(args, os.Getenv, stderr)
	if cfg == nil {
		return code
	}
	if profile != "" {
		// A profile of real play (our VCT, the move check and the tree
		// in their turn's proportions), for go tool pprof and for the
		// profile-guided build (default.pgo): written when the manager
		// sends END or closes the input.
		f, err := os.Create(profile)
		if err != nil {
			fmt.Fprintf(stderr, "pbrain-kakugo brain: %v\n", err)
			return 1
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			fmt.Fprintf(stderr, "pbrain-kakugo brain: %v\n", err)
			return 1
		}
		defer pprof.StopCPUProfile()
	}
	if err := protocol.Serve(stdin, stdout, *cfg); err != nil {
		fmt.Fprintf(stderr, "pbrain-kakugo brain: %v\n", err)
		return 1
	}
	return 0
}

// brainConfig reads the brain's flags (and, through getenv, its
// environment) into the protocol's configuration and the CPU profile's
// path (empty for none); on a usage error or --help it returns nil and the
// exit code.
func brainConfig(args []string, getenv func(string) string, stderr io.Writer) (*protocol.Config, string, int) {
	fs, f := newBrainFlags(stderr)
	if code, ok := parseFlags(fs, args, stderr); !ok {
		return nil, "", code
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "pbrain-kakugo brain: unexpected argument %q\n", fs.Arg(0))
		return nil, "", 2
	}
	if *f.threads < 0 {
		fmt.Fprintf(stderr, "pbrain-kakugo brain: --threads %d: want 0 or more\n", *f.threads)
		return nil, "", 2
	}
	// The protocol starts from these limits and INFO replaces them, so
	// thread_num from the manager overrides the flag.
	defaults := protocol.DefaultLimits()
	defaults.Threads = players.Threads(*f.threads, getenv("KAKUGO_THREADS"))
	player, err := players.New(*f.player, *f.seed, *f.weights, stderr)
	if err != nil {
		fmt.Fprintf(stderr, "pbrain-kakugo brain: %v\n", err)
		return nil, "", 2
	}
	if fu, ok := player.(protocol.FolderUser); ok && *f.folder != "" {
		fu.SetFolder(*f.folder)
	}
	return &protocol.Config{Player: player, Suggest: *f.suggest, Debug: *f.debug, Quiet: *f.quiet, Defaults: &defaults,
		About: fmt.Sprintf(`name="Kakugo", version="%s", author="The Kakugo authors", country="International", www="https://github.com/kakugo/kakugo"`, versionString())}, *f.cpuProfile, 0
}

// brainFlagValues are where the brain's flags land.
type brainFlagValues struct {
	player, weights, folder, cpuProfile *string
	seed                                *int64
	suggest, debug, quiet               *bool
	threads                             *int
}

// newBrainFlags defines the brain's flags, for brainConfig and for the
// top-level --help.
func newBrainFlags(out io.Writer) (*pflag.FlagSet, *brainFlagValues) {
	fs := newFlagSet("brain", "usage: pbrain-kakugo [brain] [flags]   Gomocup brain on stdin/stdout", out)
	def := ""
	if ps := players.List(); len(ps) > 0 {
		def = ps[0].Name
	}
	return fs, &brainFlagValues{
		player:     fs.String("player", def, "the player that chooses the moves (see pbrain-kakugo --help)"),
		seed:       fs.Int64("seed", 1, "seed for players that choose at random among equal moves"),
		weights:    fs.String("weights", "", "policy network weights replacing the embedded ones (players with the CNN prior; an unreadable file is reported and the player plays without the prior)"),
		suggest:    fs.Bool("suggest", false, "answer moves with SUGGEST x,y and play them on PLAY"),
		debug:      fs.Bool("debug", false, "send DEBUG lines to the manager"),
		quiet:      fs.Bool("quiet", false, "no MESSAGE lines about the search before each move until the manager sends INFO show_detail 1"),
		folder:     fs.String("folder", "", "directory for players that learn between games (patterns) until the manager sends INFO folder"),
		cpuProfile: fs.String("cpuprofile", "", "write a CPU profile of the whole session to this file when the manager sends END (go tool pprof reads it)"),
		threads:    fs.Int("threads", 0, "search threads until the manager sends INFO thread_num, which overrides it (0: KAKUGO_THREADS from the environment, else 1)"),
	}
}
