package main

import (
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/search/win"
	"github.com/kakugo/kakugo/solve"
)

// cmdSolve finds forced wins (VCF/VCT) in positions or problems.
func cmdSolve(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("solve", "usage: pbrain-kakugo solve [flags] [files]\n\nFinds forced wins for the side to move. Positions are pos strings, one per\nline (moves black first, side to move by parity), read from the files named\nor standard input; or renju problems (--puzzles), or the shared quintet or\nmintaka mates. Prints each result and a summary.\n\nflags:", stderr)
	ruleName := fs.String("rule", "freestyle", "rule of pos-string positions: freestyle, standard, renju, caro, caro-exact, or a protocol number")
	size := fs.String("size", "15", "board size of pos-string positions: N or WxH")
	vcf := fs.Bool("vcf", false, "search for a VCF (victory by continuous fours)")
	vct := fs.Bool("vct", false, "search for a VCT (continuous fours and threats)")
	defend := fs.Bool("defend", false, "answer the defence question instead: has the opponent a forced win (--vcf or --vct) if the side to move passes, and which moves leave it none")
	perPos := fs.Duration("time", time.Second, "time limit per position")
	caps := fs.String("caps", "", "also report how many positions were proven within each of these shorter limits (comma-separated durations, e.g. 75ms,150ms,300ms), read off the same run")
	nodes := fs.Int64("nodes", 0, "node limit per position (0 = none)")
	depth := fs.Int("depth", 0, "attack-depth limit in attacker moves, the final five included (0 = default)")
	puzzles := fs.Bool("puzzles", false, "read renju problems (JSON lines, "+solve.DefaultPuzzles+" when no file is named)")
	mode := fs.String("mode", "", "with --puzzles: only problems of this kind (VCF, VCT, VCT3, ...; a prefix of mode_name)")
	level := fs.Int("level", 0, "with --puzzles: only problems of this level (0 = any)")
	var sel solve.Selection
	fs.IntVar(&sel.Limit, "limit", 0, "solve at most this many positions (0 = all)")
	fs.IntVar(&sel.Every, "every", 1, "solve every N-th position only (an even sample)")
	ids := fs.StringSlice("id", nil, "with --puzzles: only the problems with these ids (comma-separated)")
	cpuProfile := fs.String("cpuprofile", "", "write a CPU profile of the solving to this file")
	quintet := fs.Bool("quintet", false, "solve the quintet mates ("+solve.DefaultQuintet+" when no file is named) under their attack-depth limits")
	mintaka := fs.Bool("mintaka", false, "solve the mintaka VCF positions ("+solve.DefaultMintaka+" when no file is named)")
	games := fs.Bool("games", false, "sample positions from Gomocup games ("+solve.DefaultGames+" when no file is named) where the side to move went on to lose; implies --check")
	fs.IntVar(&sel.Sample, "sample", 300, "with --games: how many positions")
	fs.IntVar(&sel.Step, "step", 118, "with --games: take every step-th game")
	check := fs.Bool("check", false, "search without the built-in proof check, then replay every claimed win through the checker and count the rejections")
	method := fs.String("method", "dfs", "search: dfs (iterative deepening) or pn (df-pn)")
	threats := fs.String("threats", "twos", "VCT quiet threats: open-threes, threes or twos")
	schedule := fs.String("schedule", "auto", "attack-depth deepening: auto, step, double, full, quiet (VCT: on the number of threes) or weighted (VCT: one search, each move costing by its threat: four 1, open three 2, closed three 3, two 4)")
	vcfZone := fs.Int("vcf-zone", 0, "VCT: leaf VCFs keep their fours near the previous four (0 = on, -1 = off)")
	levelLag := fs.Int("level-lag", 0, "VCT: attacking moves each wider threat level runs behind the narrower one (0 = the default, 2)")
	threatZone := fs.Int("threat-zone", 0, "VCT: below the root, quiet threats only near one of the attacker's last N moves (0 = off)")
	leafVCF := fs.Int("leaf-vcf", 0, "VCT: at every attacker node look first for a VCF of up to this many fours beyond the attack budget (0 = the default, 16; -1 = off)")
	reader := fs.String("reader", "auto", "what the search reads the threats from: auto (the tracker where it applies), evaluator or tracker")
	ttEntries := fs.Int("tt", 1<<20, "transposition table entries (16 bytes each)")
	noVerify := fs.Bool("no-verify", false, "do not replay found proofs through the checker (raw search speed)")
	detect := fs.Bool("detect", false, "report a win as soon as the search proves it, with its first move where the table holds it, without extracting the proof or checking it (what the player's move check asks)")
	keep := fs.Bool("keep", false, "report a win whose proof the limits left unextracted or unchecked, from the table's first move (what kakugo-keep plays)")
	notation := fs.String("notation", "auto", "moves in pos (h8, y from the top) or diagram (H8, row from the bottom) notation; auto picks diagram for problems")
	quiet := fs.Bool("quiet", false, "print only the summary")
	cpu := fs.Bool("cpu", false, "limit and time each position by the process's CPU time, not the wall clock (for a shared, busy machine; run with GOMAXPROCS=1)")
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
	if (*detect || *keep) && (*check || *games) {
		return fail(fmt.Errorf("--detect and --keep report wins without a proof, which --check and --games replay"))
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
	if err := solve.Configure(ws, *method, *threats, *schedule); err != nil {
		return fail(err)
	}
	switch *reader {
	case "auto":
	case "evaluator":
		ws.Reader = win.ReaderEvaluator
	case "tracker":
		ws.Reader = win.ReaderTracker
	default:
		return fail(fmt.Errorf("--reader %q: want auto, evaluator or tracker", *reader))
	}
	ws.NoVerify = *noVerify || *check
	ws.Detect, ws.KeepUnchecked = *detect, *keep
	ws.LeafVCF = *leafVCF
	ws.VCFZone = *vcfZone
	ws.LevelLag = *levelLag
	ws.ThreatZone = *threatZone
	opt := solve.Options{Rule: rule, W: w, H: h, VCF: *vcf, VCT: *vct, Mode: *mode, Level: *level,
		IDs: *ids, Depth: *depth, Notation: *notation}

	src := solve.FromPos
	switch {
	case *puzzles:
		src = solve.FromPuzzles
	case *quintet:
		src = solve.FromQuintet
	case *games:
		src, *check = solve.FromGames, true
	case *mintaka:
		src = solve.FromMintaka
	}
	cases, err := solve.Read(src, fs.Args(), stdin, &opt, sel)
	if err != nil {
		return fail(err)
	}
	if len(opt.Skipped) > 0 {
		fmt.Fprintf(stderr, "solve: skipped %d problems whose side to move is unknown: %s\n",
			len(opt.Skipped), strings.Join(opt.Skipped, ", "))
	}
	capList, err := solve.ParseCaps(*caps)
	if err != nil {
		return fail(err)
	}
	clock, err := solve.ClockFor(*cpu)
	if err != nil {
		return fail(err)
	}
	if *cpuProfile != "" {
		stop, err := startCPUProfile(*cpuProfile)
		if err != nil {
			return fail(err)
		}
		defer stop()
	}
	lims := solve.Limits{PerPosition: *perPos, MaxNodes: *nodes, Clock: clock, Caps: capList}
	if *defend {
		solve.RunDefend(ws, cases, lims, stdout)
		return 0
	}
	solve.Run(ws, cases, lims, *quiet, *check, stdout)
	return 0
}
