package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"runtime/pprof"
	"slices"
	"strings"
	"time"

	"github.com/spf13/pflag"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/eval"
	"github.com/kakugo/kakugo/search/proof"
	"github.com/kakugo/kakugo/search/win"
)

// Default locations of the shared test data, relative to the repository.
const (
	defaultPuzzles = "../shared/puzzles/renju-puzzles.jsonl"
	defaultQuintet = "../shared/positions/quintet_renju_mates.json"
	defaultMintaka = "../shared/positions/mintaka_renju_vcf.json"
)

// solveCase is one position for the solve subcommand.
type solveCase struct {
	name    string
	board   *engine.Board
	kind    proof.Kind
	depth   int    // attack-depth limit in attacker moves; 0 = the search's default
	want    string // a reference move to compare with, or ""
	wantIs  string // what want is: "first move" or "last attacking move"
	diagram bool   // write moves in diagram notation
}

// solveOptions are the flags that shape the cases.
type solveOptions struct {
	rule     engine.Rule
	w, h     int
	vcf, vct bool
	mode     string
	level    int
	ids      []string
	limit    int
	depth    int
	notation string
}

// kindFor is the search kind of a case whose own kind is k, unless a
// flag forces one.
func (o *solveOptions) kindFor(k proof.Kind) proof.Kind {
	switch {
	case o.vcf:
		return proof.VCF
	case o.vct:
		return proof.VCT
	}
	return k
}

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
	if err := fs.Parse(args); err != nil {
		return exitUsage(err)
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
	opt := solveOptions{rule: rule, w: w, h: h, vcf: *vcf, vct: *vct, mode: *mode, level: *level,
		ids: *ids, limit: *limit, depth: *depth, notation: *notation}

	var cases []solveCase
	switch {
	case *puzzles:
		cases, err = readSolveFiles(fs.Args(), defaultPuzzles, stdin, func(r io.Reader, name string) ([]solveCase, error) {
			return readPuzzleCases(r, name, &opt)
		})
	case *quintet:
		cases, err = readSolveFiles(fs.Args(), defaultQuintet, stdin, func(r io.Reader, name string) ([]solveCase, error) {
			return readQuintetCases(r, &opt)
		})
	case *games:
		*check = true
		cases, err = readSolveFiles(fs.Args(), defaultGames, stdin, func(r io.Reader, name string) ([]solveCase, error) {
			return readGameCases(r, name, &opt, *sample, *step)
		})
	case *mintaka:
		cases, err = readSolveFiles(fs.Args(), defaultMintaka, stdin, func(r io.Reader, name string) ([]solveCase, error) {
			return readMintakaCases(r, &opt)
		})
	default:
		cases, err = readSolveFiles(fs.Args(), "", stdin, func(r io.Reader, name string) ([]solveCase, error) {
			return readPosCases(r, name, &opt)
		})
	}
	if err != nil {
		return fail(err)
	}
	if *every > 1 {
		var kept []solveCase
		for i := 0; i < len(cases); i += *every {
			kept = append(kept, cases[i])
		}
		cases = kept
	}
	if opt.limit > 0 && len(cases) > opt.limit {
		cases = cases[:opt.limit]
	}
	clock := wallClock
	if *cpu {
		if _, ok := processCPUTime(); !ok {
			return fail(fmt.Errorf("--cpu: no CPU clock on this system"))
		}
		clock = cpuClock
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
	runSolve(ws, cases, solveLimits{*perPos, *nodes, clock}, *quiet, *check, stdout)
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

// readSolveFiles reads every named file with read, or def when none is
// named and def is set, or else standard input.
func readSolveFiles(names []string, def string, stdin io.Reader,
	read func(io.Reader, string) ([]solveCase, error)) ([]solveCase, error) {
	if len(names) == 0 && def != "" {
		names = []string{def}
	}
	if len(names) == 0 {
		return read(stdin, "stdin")
	}
	var out []solveCase
	for _, n := range names {
		f, err := os.Open(n)
		if err != nil {
			return nil, err
		}
		cs, err := read(f, n)
		f.Close()
		if err != nil {
			return nil, fmt.Errorf("%s: %w", n, err)
		}
		out = append(out, cs...)
	}
	return out, nil
}

// readPosCases reads pos strings, one per line; blank lines and lines
// starting with # are skipped. The side to move follows from the parity.
func readPosCases(r io.Reader, name string, o *solveOptions) ([]solveCase, error) {
	var out []solveCase
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<16), 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		moves, err := engine.ParseMoves(line)
		if err != nil {
			return nil, fmt.Errorf("line %d: %w", n, err)
		}
		b, err := engine.FromMoves(o.w, o.h, o.rule, moves)
		if err == nil && b.Winner() != engine.Empty {
			err = fmt.Errorf("the game is over: %s has five", b.Winner())
		}
		if err != nil {
			return nil, fmt.Errorf("line %d: %w", n, err)
		}
		out = append(out, solveCase{name: fmt.Sprintf("%s:%d", name, n), board: b, kind: o.kindFor(proof.VCF),
			depth: o.depth, diagram: o.notation == "diagram"})
	}
	return out, sc.Err()
}

// solveLimits are the limits of each position, and the clock they and
// the reported times are read on.
type solveLimits struct {
	perPos   time.Duration
	maxNodes int64
	clock    solveClock
}

// solveClock measures the time of one position: it returns a context that
// ends when the position's time is up, and a function that reads the time
// spent and releases the context.
type solveClock func(limit time.Duration) (context.Context, func() time.Duration)

// wallClock is the ordinary clock: a deadline.
func wallClock(limit time.Duration) (context.Context, func() time.Duration) {
	start := time.Now()
	ctx, cancel := context.WithDeadline(context.Background(), start.Add(limit))
	return ctx, func() time.Duration {
		cancel()
		return time.Since(start)
	}
}

// cpuClock counts the process's CPU time: a watcher polls it every
// millisecond and cancels the context when the position has used limit.
func cpuClock(limit time.Duration) (context.Context, func() time.Duration) {
	start, _ := processCPUTime()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		t := time.NewTicker(time.Millisecond)
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case <-t.C:
				if now, _ := processCPUTime(); now-start >= limit {
					cancel()
					return
				}
			}
		}
	}()
	return ctx, func() time.Duration {
		close(done)
		cancel()
		now, _ := processCPUTime()
		return now - start
	}
}

// runSolve solves the cases one after another and prints the results.
// With check, every claimed win is replayed through proof.Check.
func runSolve(ws *win.Search, cases []solveCase, lim solveLimits, quiet, check bool, stdout io.Writer) {
	var times []time.Duration
	var total time.Duration
	var nodes int64
	solved, limited, matched, withRef, rejected := 0, 0, 0, 0, 0
	for i, c := range cases {
		ws.Clear()
		ws.MaxDepth = c.depth
		ev := eval.Attach(c.board)
		rejected0, unchecked0 := ws.Rejected, ws.Unchecked
		ctx, spent := lim.clock(lim.perPos)
		r := ws.Prove(ctx, c.board, ev, c.kind, time.Time{}, lim.maxNodes)
		el := spent()
		ev.Detach()
		checkNote := ""
		if ws.Rejected > rejected0 {
			checkNote = " (a proof was found and rejected by the checker: a search bug)"
		} else if ws.Unchecked > unchecked0 && !r.Win {
			checkNote = " (a proof was found, but the time ran out while checking it)"
		}
		if check && r.Win {
			if err := proof.Check(c.board, r.Proof, 0); err != nil {
				rejected++
				checkNote = " REJECTED BY THE CHECKER: " + err.Error()
			} else {
				checkNote = " (checked)"
			}
		}
		times = append(times, el)
		total += el
		nodes += r.Nodes
		status := "not found (complete)"
		if !r.Complete {
			status = "not found (limit)"
			limited++
		}
		if r.Win {
			solved++
			status = fmt.Sprintf("win %s in %d: %s", cellName(c.board, r.Move, c.diagram), r.Depth, lineString(c.board, r.Line, c.diagram))
		}
		ref := ""
		if c.want != "" {
			withRef++
			if r.Win && refMatches(c, r) {
				matched++
				ref = fmt.Sprintf(" (%s %s: same)", c.wantIs, c.want)
			} else {
				ref = fmt.Sprintf(" (%s %s)", c.wantIs, c.want)
			}
		}
		if !quiet {
			fmt.Fprintf(stdout, "[%d/%d] %s, %v %v: %s%s%s | nodes %d | %.2f ms\n", i+1, len(cases), c.name,
				c.board.SideToMove(), c.kind, status, ref, checkNote, r.Nodes, float64(el.Microseconds())/1000)
		}
	}
	slices.Sort(times)
	ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
	n := len(cases)
	pct := 0.0
	if n > 0 {
		pct = 100 * float64(solved) / float64(n)
	}
	fmt.Fprintf(stdout, "solved %d of %d (%.1f%%), not found %d (%d stopped by a limit)\n", solved, n, pct, n-solved, limited)
	if n > 0 {
		fmt.Fprintf(stdout, "time per position: median %.2f ms, 95th percentile %.2f ms, max %.2f ms, total %.2f s\n",
			ms(percentile(times, 50)), ms(percentile(times, 95)), ms(times[n-1]), total.Seconds())
	}
	nps := 0.0
	if total > 0 {
		nps = float64(nodes) / total.Seconds()
	}
	fmt.Fprintf(stdout, "nodes %d, %.0f nodes/s; proofs rejected by the checker: %d, left unchecked at the time limit: %d\n",
		nodes, nps, ws.Rejected+rejected, ws.Unchecked)
	if check {
		fmt.Fprintf(stdout, "claimed wins %d, each replayed through the checker: %d rejected\n", solved, rejected)
	}
	if withRef > 0 {
		fmt.Fprintf(stdout, "reference move matched in %d of %d\n", matched, withRef)
	}
}

// percentile is the nearest-rank percentile of sorted durations.
func percentile(sorted []time.Duration, p int) time.Duration {
	if len(sorted) == 0 {
		return 0
	}
	i := (p*len(sorted)+99)/100 - 1
	return sorted[max(0, min(i, len(sorted)-1))]
}

// refMatches compares a win with the case's reference move: the first
// move, or the last attacking move of the principal line.
func refMatches(c solveCase, r win.Result) bool {
	if c.wantIs == "first move" {
		return strings.EqualFold(cellName(c.board, r.Move, true), c.want)
	}
	for i := len(r.Line) - 1; i >= 0; i -= 2 {
		if strings.EqualFold(cellName(c.board, r.Line[i], true), c.want) {
			return true
		}
	}
	return false
}

// cellName writes a cell in pos or diagram notation.
func cellName(b *engine.Board, p engine.Pos, diagram bool) string {
	if p == engine.NoPos {
		return "-"
	}
	x, y := b.XY(p)
	if diagram {
		return engine.FormatDiagramCell(x, y, b.Height())
	}
	return engine.FormatMove(x, y)
}

// lineString writes a line of moves separated by spaces.
func lineString(b *engine.Board, line []engine.Pos, diagram bool) string {
	s := make([]string, len(line))
	for i, p := range line {
		s[i] = cellName(b, p, diagram)
	}
	return strings.Join(s, " ")
}
