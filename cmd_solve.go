package main

import (
	"fmt"
	"io"
	"os"
	"runtime/pprof"
	"strings"
	"time"

	"github.com/spf13/pflag"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/search/win"
	"github.com/kakugo/kakugo/solve"
)

// Default locations of the shared test data, relative to the repository.
const (
	defaultPuzzles = "../shared/puzzles/renju-puzzles.jsonl"
	defaultQuintet = "../shared/positions/quintet_renju_mates.json"
	defaultMintaka = "../shared/positions/mintaka_renju_vcf.json"
	defaultGames   = "../shared/games/gomocup-games.jsonl.gz"
)

// cmdSolve finds forced wins (VCF/VCT) in positions or problems.
func cmdSolve(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := pflag.NewFlagSet("solve", pflag.ContinueOnError)
	fs.SetOutput(stderr)
	ruleName := fs.String("rule", "freestyle", "rule of pos-string positions: freestyle, standard, renju, caro, caro-exact, or a protocol number")
	size := fs.String("size", "15", "board size of pos-string positions: N or WxH")
	vcf := fs.Bool("vcf", false, "search for a VCF (victory by continuous fours)")
	vct := fs.Bool("vct", false, "search for a VCT (continuous fours and threats)")
	perPos := fs.Duration("time", time.Second, "time limit per position")
	nodes := fs.Int64("nodes", 0, "node limit per position (0 = none)")
	depth := fs.Int("depth", 0, "attack-depth limit in attacker moves, the final five included (0 = default)")
	puzzles := fs.Bool("puzzles", false, "read renju problems (JSON lines, "+defaultPuzzles+" when no file is named)")
	mode := fs.String("mode", "", "with --puzzles: only problems of this kind (VCF, VCT, VCT3, ...; a prefix of mode_name)")
	level := fs.Int("level", 0, "with --puzzles: only problems of this level (0 = any)")
	limit := fs.Int("limit", 0, "solve at most this many positions (0 = all)")
	every := fs.Int("every", 1, "solve every N-th position only (an even sample)")
	ids := fs.StringSlice("id", nil, "with --puzzles: only the problems with these ids (comma-separated)")
	cpuProfile := fs.String("cpuprofile", "", "write a CPU profile of the solving to this file")
	quintet := fs.Bool("quintet", false, "solve the quintet mates ("+defaultQuintet+" when no file is named) under their attack-depth limits")
	mintaka := fs.Bool("mintaka", false, "solve the mintaka VCF positions ("+defaultMintaka+" when no file is named)")
	games := fs.Bool("games", false, "sample positions from Gomocup games ("+defaultGames+" when no file is named) where the side to move went on to lose; implies --check")
	sample := fs.Int("sample", 300, "with --games: how many positions")
	step := fs.Int("step", 118, "with --games: take every step-th game")
	check := fs.Bool("check", false, "search without the built-in proof check, then replay every claimed win through the checker and count the rejections")
	method := fs.String("method", "dfs", "search: dfs (iterative deepening) or pn (df-pn)")
	threats := fs.String("threats", "twos", "VCT quiet threats: open-threes, threes or twos")
	schedule := fs.String("schedule", "auto", "attack-depth deepening: auto, step, double, full, quiet (VCT: on the number of threes) or weighted (VCT: one search, each move costing by its threat: four 1, open three 2, closed three 3, two 4)")
	leafVCF := fs.Int("leaf-vcf", 0, "VCT: at every attacker node look first for a VCF of up to this many fours beyond the attack budget (0 = the default, 16; -1 = off)")
	ttEntries := fs.Int("tt", 1<<20, "transposition table entries (32 bytes each)")
	noVerify := fs.Bool("no-verify", false, "do not replay found proofs through the checker (raw search speed)")
	notation := fs.String("notation", "auto", "moves in pos (h8, y from the top) or diagram (H8, row from the bottom) notation; auto picks diagram for problems")
	quiet := fs.Bool("quiet", false, "print only the summary")
	cpu := fs.Bool("cpu", false, "limit and time each position by the process's CPU time, not the wall clock (for a shared, busy machine; run with GOMAXPROCS=1)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: pbrain-kakugo solve [flags] [files]\n\nFinds forced wins for the side to move. Positions are pos strings, one per\nline (moves black first, side to move by parity), read from the files named\nor standard input; or renju problems (--puzzles), or the shared quintet or\nmintaka mates. Prints each result and a summary.\n\nflags:")
		fs.PrintDefaults()
	}
	if code, ok := parseFlags(fs, args, stderr); !ok {
		return code
	}
	fail := func(err error) int {
		fmt.Fprintln(stderr, "solve:", err)
		return 2
	}
	if *vcf && *vct {
		return fail(fmt.Errorf("--vcf and --vct exclude each other"))
	}
	if *notation != "auto" && *notation != "pos" && *notation != "diagram" {
		return fail(fmt.Errorf("--notation %q: want auto, pos or diagram", *notation))
	}
	rule, err := engine.ParseRule(*ruleName)
	if err != nil {
		return fail(err)
	}
	w, h, err := engine.ParseSize(*size)
	if err != nil {
		return fail(err)
	}
	ws := win.New(*ttEntries)
	if err := configureWin(ws, *method, *threats, *schedule); err != nil {
		return fail(err)
	}
	ws.NoVerify = *noVerify || *check
	ws.LeafVCF = *leafVCF
	opt := solve.Options{Rule: rule, W: w, H: h, VCF: *vcf, VCT: *vct, Mode: *mode, Level: *level,
		IDs: *ids, Depth: *depth, Notation: *notation}

	var cases []solve.Case
	switch {
	case *puzzles:
		cases, err = solve.ReadFiles(fs.Args(), defaultPuzzles, stdin, func(r io.Reader, name string) ([]solve.Case, error) {
			return solve.ReadPuzzles(r, name, &opt)
		})
	case *quintet:
		cases, err = solve.ReadFiles(fs.Args(), defaultQuintet, stdin, func(r io.Reader, name string) ([]solve.Case, error) {
			return solve.ReadQuintet(r, &opt)
		})
	case *games:
		*check = true
		cases, err = solve.ReadFiles(fs.Args(), defaultGames, stdin, func(r io.Reader, name string) ([]solve.Case, error) {
			return solve.ReadGames(r, name, &opt, *sample, *step)
		})
	case *mintaka:
		cases, err = solve.ReadFiles(fs.Args(), defaultMintaka, stdin, func(r io.Reader, name string) ([]solve.Case, error) {
			return solve.ReadMintaka(r, &opt)
		})
	default:
		cases, err = solve.ReadFiles(fs.Args(), "", stdin, func(r io.Reader, name string) ([]solve.Case, error) {
			return solve.ReadPos(r, name, &opt)
		})
	}
	if err != nil {
		return fail(err)
	}
	if len(opt.Skipped) > 0 {
		fmt.Fprintf(stderr, "solve: skipped %d problems whose side to move is unknown: %s\n",
			len(opt.Skipped), strings.Join(opt.Skipped, ", "))
	}
	if *every > 1 {
		var kept []solve.Case
		for i := 0; i < len(cases); i += *every {
			kept = append(kept, cases[i])
		}
		cases = kept
	}
	if *limit > 0 && len(cases) > *limit {
		cases = cases[:*limit]
	}
	clock := solve.WallClock
	if *cpu {
		if _, ok := solve.CPUTime(); !ok {
			return fail(fmt.Errorf("--cpu: no CPU clock on this system"))
		}
		clock = solve.CPUClock
	}
	if *cpuProfile != "" {
		f, err := os.Create(*cpuProfile)
		if err != nil {
			return fail(err)
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			return fail(err)
		}
		defer pprof.StopCPUProfile()
	}
	solve.Run(ws, cases, solve.Limits{PerPosition: *perPos, MaxNodes: *nodes, Clock: clock}, *quiet, *check, stdout)
	return 0
}

// configureWin applies the algorithm flags.
func configureWin(ws *win.Search, method, threats, schedule string) error {
	switch method {
	case "dfs":
		ws.Method = win.DepthFirst
	case "pn", "df-pn", "dfpn":
		ws.Method = win.ProofNumber
	default:
		return fmt.Errorf("--method %q: want dfs or pn", method)
	}
	switch threats {
	case "open-threes":
		ws.Threats = win.ThreatsOpenThrees
	case "threes":
		ws.Threats = win.ThreatsThrees
	case "twos":
		ws.Threats = win.ThreatsTwos
	default:
		return fmt.Errorf("--threats %q: want open-threes, threes or twos", threats)
	}
	switch schedule {
	case "auto":
		ws.Schedule = win.ScheduleAuto
	case "step":
		ws.Schedule = win.ScheduleStep
	case "double":
		ws.Schedule = win.ScheduleDouble
	case "full":
		ws.Schedule = win.ScheduleFull
	case "quiet":
		ws.Schedule = win.ScheduleQuiet
	case "weighted":
		ws.Schedule = win.ScheduleWeighted
	default:
		return fmt.Errorf("--schedule %q: want auto, step, double, full, quiet or weighted", schedule)
	}
	return nil
}
