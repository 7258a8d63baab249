package solve

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/eval"
	"github.com/kakugo/kakugo/search/proof"
	"github.com/kakugo/kakugo/search/win"
)

// Limits are the limits of each position, and the clock they and the
// reported times are read on.
type Limits struct {
	PerPosition time.Duration
	MaxNodes    int64
	Clock       Clock
	// Caps are shorter time limits to report on from the same run: how
	// many positions were proven (and checked) within each. The search of
	// a position is the same whatever its limit until the limit stops it,
	// so a position proven in t is proven under every cap of t or more.
	Caps []time.Duration
}

// Clock measures the time of one position: it returns a context that
// ends when the position's time is up, and a function that reads the time
// spent and releases the context.
type Clock func(limit time.Duration) (context.Context, func() time.Duration)

// WallClock is the ordinary clock: a deadline.
func WallClock(limit time.Duration) (context.Context, func() time.Duration) {
	start := time.Now()
	ctx, cancel := context.WithDeadline(context.Background(), start.Add(limit))
	return ctx, func() time.Duration {
		cancel()
		return time.Since(start)
	}
}

// CPUClock counts the process's CPU time: a watcher polls it every
// millisecond and cancels the context when the position has used limit.
func CPUClock(limit time.Duration) (context.Context, func() time.Duration) {
	start, _ := CPUTime()
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
				if now, _ := CPUTime(); now-start >= limit {
					cancel()
					return
				}
			}
		}
	}()
	return ctx, func() time.Duration {
		close(done)
		cancel()
		now, _ := CPUTime()
		return now - start
	}
}

// Run solves the cases one after another and prints the results.
// With check, every claimed win is replayed through proof.Check.
func Run(ws *win.Search, cases []Case, lim Limits, quiet, check bool, stdout io.Writer) {
	var times, wins []time.Duration
	var total time.Duration
	var nodes int64
	solved, limited, matched, withRef, rejected := 0, 0, 0, 0, 0
	for i, c := range cases {
		ws.Clear()
		ws.MaxDepth = c.depth
		ev := eval.Attach(c.board)
		rejected0, unchecked0 := ws.Rejected, ws.Unchecked
		ctx, spent := lim.Clock(lim.PerPosition)
		r := ws.Prove(ctx, c.board, ev, c.kind, time.Time{}, lim.MaxNodes)
		el := spent()
		ev.Detach()
		checkNote := ""
		if ws.Rejected > rejected0 {
			checkNote = " (a proof was found and rejected by the checker: a search bug)"
		} else if ws.Unchecked > unchecked0 && !r.Win {
			checkNote = " (a proof was found, but its check ran out of time or of nodes)"
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
			wins = append(wins, el)
			status = fmt.Sprintf("win %s in %d: %s", cellName(c.board, r.Move, c.diagram), r.Depth, lineString(c.board, r.Line, c.diagram))
			if r.Proof == nil {
				status = fmt.Sprintf("win %s (no proof: --detect or --keep)", cellName(c.board, r.Move, c.diagram))
			}
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
	if ws.Kept > 0 {
		fmt.Fprintf(stdout, "wins kept without a proof (--keep): %d\n", ws.Kept)
	}
	if check {
		fmt.Fprintf(stdout, "claimed wins %d, each replayed through the checker: %d rejected\n", solved, rejected)
	}
	if len(lim.Caps) > 0 {
		fmt.Fprintf(stdout, "proven within %s\n", capsReport(lim.Caps, wins, lim.PerPosition, n))
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
func refMatches(c Case, r win.Result) bool {
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

// capsReport says how many of n positions were proven within each cap,
// given the times of the proven ones (proof check included); a cap
// above the per-position limit is reported as the limit's count.
func capsReport(caps, wins []time.Duration, limit time.Duration, n int) string {
	parts := make([]string, len(caps))
	for i, c := range caps {
		k := 0
		for _, t := range wins {
			if t <= c {
				k++
			}
		}
		note := ""
		if limit > 0 && c > limit {
			note = " (above the limit)"
		}
		parts[i] = fmt.Sprintf("%v: %d of %d%s", c, k, n, note)
	}
	return strings.Join(parts, ", ")
}
