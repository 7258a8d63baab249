package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/protocol/manager"
)

// sprtDefaultGames caps an SPRT match when --games is not given: the test
// normally stops long before.
const sprtDefaultGames = 20000

// cmdMatch runs games between Gomocup brains and reports the score, Elo
// and, on request, an SPRT verdict.
func cmdMatch(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("match", `usage: pbrain-kakugo match [flags] [ENGINE...]

Runs games between Gomocup brains, each in its own process. Engines come
from --engine or as arguments, for example:

  pbrain-kakugo match -n 20 --turn 200ms --openings f15-base-8k.txt \
    -e "name=interim ./pbrain-kakugo --player interim" \
    -e "name=testai ./pbrain-kakugo --player testai"

Elo is the first engine's of each pair, with a 95% interval from the game
pairs (pentanomial) once any pair is complete.

flags:`, stderr)
	engines := fs.StringArrayP("engine", "e", nil,
		"a brain: [name=NAME] [dir=DIR] [env=KEY=VALUE] COMMAND [ARGS], or cmd=\"COMMAND ARGS\" (repeat; at least 2)")
	ruleName := fs.String("rule", "freestyle", "rule: freestyle, standard, renju, caro, caro-exact, or a protocol number")
	size := fs.String("size", "15", "board size: N or WxH (RECTSTART)")
	var o manager.Options
	fs.DurationVar(&o.TurnTime, "turn", time.Second, "time per move, INFO timeout_turn (0 = none)")
	fs.DurationVar(&o.MatchTime, "match", 0, "time per game and engine, INFO timeout_match (0 = none)")
	fs.DurationVar(&o.Tolerance, "tolerance", time.Second, "how late a move may be before it loses on time")
	fs.DurationVar(&o.HardTimeout, "hard-timeout", 2*time.Second, "extra wait past the tolerance before a silent brain is killed (no reply)")
	fs.DurationVar(&o.StartTimeout, "start-timeout", 10*time.Second, "wait for OK after START")
	fs.DurationVar(&o.Grace, "grace", time.Second, "time a brain has to exit after END")
	fs.Int64Var(&o.MaxMemory, "max-memory", 0, "INFO max_memory in bytes (0 = no limit; Gomocup uses 367001600); not enforced")
	fs.IntVar(&o.DrawAfter, "draw-after", 0, "adjudicate a draw once the board holds this many stones (0 = never; a full board always draws)")
	openings := fs.String("openings", "", "opening file, pos (h8i9g7) or offset (dx,dy, ...) notation; each opening is played with both colours")
	fs.BoolVar(&o.RandomOrder, "random", false, "take the openings in a random order (see --seed) instead of file order")
	fs.Uint64Var(&o.Seed, "seed", 0, "seed of the random opening order (0 = pick one and report it)")
	fs.IntVarP(&o.Games, "games", "n", 2, fmt.Sprintf("games per pair of engines (with --sprt: the cap, default %d)", sprtDefaultGames))
	fs.IntVarP(&o.Concurrency, "concurrency", "j", 1, "games played at once")
	fs.BoolVar(&o.Gauntlet, "gauntlet", false, "the first engine plays each other one (default: round robin)")
	fs.BoolVar(&o.ToMove, "to-move", false, "play each opening once, the first engine taking the side to move (a conversion test of won positions; -n counts openings)")
	fs.BoolVar(&o.Reuse, "reuse", false, "keep one process per engine for the whole match, with a new START per game")
	sprt := fs.String("sprt", "", "sequential test ELO0,ELO1 (logistic Elo of the first engine over the second); stops when decided")
	alpha := fs.Float64("alpha", 0.05, "SPRT false positive rate")
	beta := fs.Float64("beta", 0.05, "SPRT false negative rate")
	fs.StringVar(&o.OutDir, "out-dir", "", "directory for a psq and an SGF record of every game")
	fs.BoolVar(&o.KeepMessages, "keep-messages", false, "also save each game's brain output (MESSAGE lines and others) as a .log in --out-dir")
	jsonFile := fs.String("json", "", "write the summary as JSON to this file (- = stdout)")
	info := fs.StringArray("info", nil, "extra INFO line for every brain, KEY=VALUE (e.g. thread_num=1; repeat)")
	quiet := fs.BoolP("quiet", "q", false, "no progress line per game on stderr")
	if code, ok := parseFlags(fs, args, stderr); !ok {
		return code
	}
	fail := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "match: "+format+"\n", a...)
		return 2
	}

	for _, s := range append(append([]string(nil), *engines...), fs.Args()...) {
		spec, err := manager.ParseEngineSpec(s)
		if err != nil {
			return fail("%v", err)
		}
		o.Engines = append(o.Engines, spec)
	}
	if len(o.Engines) < 2 {
		return fail("give at least two engines (--engine, see --help)")
	}
	var err error
	if o.Rule, err = engine.ParseRule(*ruleName); err != nil {
		return fail("%v", err)
	}
	if o.Width, o.Height, err = engine.ParseSize(*size); err != nil {
		return fail("%v", err)
	}
	if *openings != "" {
		if o.Openings, err = manager.LoadOpenings(*openings); err != nil {
			return fail("%v", err)
		}
	}
	if o.KeepMessages && o.OutDir == "" {
		return fail("--keep-messages needs --out-dir")
	}
	if o.Tolerance == 0 {
		// The library reads 0 as "use the default"; a zero tolerance is
		// still possible from the command line.
		o.Tolerance = time.Nanosecond
	}
	for _, kv := range *info {
		line, err := manager.ParseInfo(kv)
		if err != nil {
			return fail("--info %v", err)
		}
		o.Info = append(o.Info, line)
	}
	if *sprt != "" {
		if o.SPRT, err = manager.ParseSPRT(*sprt, *alpha, *beta); err != nil {
			return fail("--sprt %v", err)
		}
		if !fs.Changed("games") {
			o.Games = sprtDefaultGames
		}
	}
	if !*quiet {
		o.Progress = stderr
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	sum, err := manager.Run(ctx, o)
	if sum == nil {
		return fail("%v", err)
	}
	code := 0
	if err != nil {
		fmt.Fprintf(stderr, "match: %v\n", err)
		code = 1
	}
	// With the JSON on stdout the table goes to stderr, so that the JSON
	// can be piped.
	table := stdout
	if *jsonFile == "-" {
		table = stderr
	}
	if err := sum.Report(table, *jsonFile, stdout); err != nil {
		fmt.Fprintf(stderr, "match: %v\n", err)
		code = 1
	}
	if sum.Interrupted && code == 0 {
		code = 130
	}
	return code
}
