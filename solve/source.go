package solve

import (
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/kakugo/kakugo/search/win"
)

// Default locations of the shared test data, relative to the repository.
const (
	DefaultPuzzles = "../shared/puzzles/renju-puzzles.jsonl"
	DefaultQuintet = "../shared/positions/quintet_renju_mates.json"
	DefaultMintaka = "../shared/positions/mintaka_renju_vcf.json"
	DefaultGames   = "../shared/games/gomocup-games.jsonl.gz"
)

// Source is the kind of file the positions come from.
type Source int

// The sources: pos strings (the default), renju problems, the quintet
// mates, positions sampled from Gomocup games, the mintaka VCF positions.
const (
	FromPos Source = iota
	FromPuzzles
	FromQuintet
	FromGames
	FromMintaka
)

// Selection says which of the positions read are solved: every Every-th
// (0 or 1: all), at most Limit (0: no limit), and for FromGames, Sample
// positions from every Step-th game.
type Selection struct {
	Every, Limit int
	Sample, Step int
}

// Read reads the cases of src from the files named, or from the source's
// shared default file when none is named (standard input for pos
// strings), and keeps those sel selects.
func Read(src Source, names []string, stdin io.Reader, o *Options, sel Selection) ([]Case, error) {
	def, read := "", func(r io.Reader, name string) ([]Case, error) { return ReadPos(r, name, o) }
	switch src {
	case FromPuzzles:
		def, read = DefaultPuzzles, func(r io.Reader, name string) ([]Case, error) { return ReadPuzzles(r, name, o) }
	case FromQuintet:
		def, read = DefaultQuintet, func(r io.Reader, _ string) ([]Case, error) { return ReadQuintet(r, o) }
	case FromGames:
		def, read = DefaultGames, func(r io.Reader, name string) ([]Case, error) { return ReadGames(r, name, o, sel.Sample, sel.Step) }
	case FromMintaka:
		def, read = DefaultMintaka, func(r io.Reader, _ string) ([]Case, error) { return ReadMintaka(r, o) }
	}
	cases, err := ReadFiles(names, def, stdin, read)
	if err != nil {
		return nil, err
	}
	if sel.Every > 1 {
		var kept []Case
		for i := 0; i < len(cases); i += sel.Every {
			kept = append(kept, cases[i])
		}
		cases = kept
	}
	if sel.Limit > 0 && len(cases) > sel.Limit {
		cases = cases[:sel.Limit]
	}
	return cases, nil
}

// Configure sets the winning search's algorithm from the solve
// subcommand's --method, --threats and --schedule.
func Configure(ws *win.Search, method, threats, schedule string) error {
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

// ClockFor is the clock that limits and times each position: the process's
// CPU time when cpu is set (an error where the system has none), else the
// wall clock.
func ClockFor(cpu bool) (Clock, error) {
	if !cpu {
		return WallClock, nil
	}
	if _, ok := CPUTime(); !ok {
		return nil, fmt.Errorf("--cpu: no CPU clock on this system")
	}
	return CPUClock, nil
}

// ParseCaps reads --caps: comma-separated positive durations, in the
// order given; the empty string is none.
func ParseCaps(s string) ([]time.Duration, error) {
	if s == "" {
		return nil, nil
	}
	var caps []time.Duration
	for _, f := range strings.Split(s, ",") {
		d, err := time.ParseDuration(strings.TrimSpace(f))
		if err != nil || d <= 0 {
			return nil, fmt.Errorf("--caps %q: want positive durations separated by commas", s)
		}
		caps = append(caps, d)
	}
	return caps, nil
}
