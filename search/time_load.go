package search

import "time"

// Load guard. On a machine shared with other work the process is at times
// not scheduled for tens, on a loaded two-core machine hundreds, of
// milliseconds (measured: a busy loop saw gaps of up to 156 ms at a load
// of 6.7, and such a stall inside a 100 ms move is an overrun whatever the
// search does). A fixed margin cannot cover that without wasting most of
// every move on a quiet machine. The guard instead watches how much of the
// CPU time the player asked for it actually got: when a move lost time to
// other processes, the next moves keep that much more in reserve, and the
// reserve halves with every move after, so a quiet machine soon gets its
// whole budget back.

// loadGuard is the reserve for machine load, kept between moves.
type loadGuard struct {
	reserve time.Duration
}

// loadObservation is one move's timing: the wall time from the arrival of
// the request to the answer, the part of it that the player spent before
// its own clock started (the protocol's dispatch: time the process wanted
// to run), and the CPU time the process was given while the player ran
// against the CPU time it would have used on an idle machine (busy: each
// running thread's wall time).
type loadObservation struct {
	wall, dispatch time.Duration
	busy, cpu      time.Duration
	resolution     time.Duration // the CPU clock's resolution
}

// lost is the wall time of the move that the machine gave to others:
// the dispatch delay, plus the share of the thinking time for which the
// player's threads waited for a CPU.
func (o loadObservation) lost() time.Duration {
	lost := max(o.dispatch, 0)
	think := o.wall - lost
	// A move shorter than a few ticks of the CPU clock says nothing.
	if o.busy <= 0 || think < 4*o.resolution || o.cpu >= o.busy {
		return lost
	}
	starved := float64(o.busy-max(o.cpu, 0)) / float64(o.busy)
	return lost + time.Duration(float64(think)*starved)
}

// observe records a move and updates the reserve: at least the time this
// move lost, and at least half the previous reserve.
func (g *loadGuard) observe(o loadObservation) {
	g.reserve = max(o.lost(), g.reserve/2)
}

// apply shrinks a move's plan by the reserve.
func (g *loadGuard) apply(b Budget) Budget { return b.Reserve(g.reserve) }
