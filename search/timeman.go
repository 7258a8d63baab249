package search

import "time"

// Time control. Gomocup's judge forfeits a brain whose move takes longer than
// min(turn, time left) + 1 s; c-gomoku-cli stops it at turn + tolerance/2.
// A brain must therefore plan inside the smaller of the two limits and keep a
// margin for process scheduling and output latency.

const (
	// baseMargin covers writing the move, the pipe, and the manager's own
	// timing jitter on a loaded machine.
	baseMargin = 40 * time.Millisecond
	// marginFraction adds a share of the turn time to the margin, because
	// long turns suffer larger pauses (GC, a busy machine). 5% was enough
	// while the search stopped at 70% of the hard limit; thinking to the
	// hard limit, 3 to 4 of 800 moves at a 300 ms turn ran over it on the
	// loaded development machine (by up to 156 ms, the search itself slowed
	// to a sixth of its speed), so the margin is now 10%.
	marginFraction = 10 // 1/10 = 10%
	// maxMargin caps the margin on very long turns.
	maxMargin = 500 * time.Millisecond
	// movesToGo is how many more own moves a game is assumed to need when
	// only the match clock limits us: Gomocup games rarely pass 60 moves a side.
	movesToGo = 25
	// minMovesToGo keeps a reserve late in long games.
	minMovesToGo = 10
	// reserveFloor: a load reserve leaves at least 1/reserveFloor of the
	// hard limit.
	reserveFloor = 4
)

// Budget is the time plan for one move: a soft limit after which a search
// should stop once its best move is settled, and a hard limit it must never
// pass. Both count from the moment the request arrived.
type Budget struct {
	start time.Time
	soft  time.Duration
	hard  time.Duration
}

// NewBudget plans a move from the manager's limits; ply is the number of
// stones on the board, used to spread the match time over the game.
func NewBudget(lim Limits, ply int) Budget {
	return newBudgetTogo(lim, ply, movesToGo)
}

// newBudgetTogo is NewBudget with togo, in place of movesToGo, the own
// moves the match clock is spread over at the start of a game
// (KakugoOptions.ClockMoves).
func newBudgetTogo(lim Limits, ply, togo int) Budget {
	start := lim.Start
	if start.IsZero() {
		start = time.Now()
	}
	hard := time.Duration(1<<62 - 1)
	if lim.Turn >= 0 {
		hard = lim.Turn - margin(lim.Turn)
	}
	// With the turn as the only limit the whole turn, less the margin, goes
	// to thinking: time left unused is thrown away (a soft limit of 70% of
	// it left a third of every 0.5 s move idle against engines that use
	// 94%). The tree search goes on to the hard limit even once its move
	// cannot change (KakugoOptions.UseTurn: the next move keeps its
	// subtree), which measured level against Rapfi at 20k nodes and ran
	// over the turn more often on a loaded machine in 2026-11, and gained
	// against full Rapfi on freestyle 20 with no move over the turn in
	// 2026-12 (docs/testing.md, session 40).
	soft := hard
	if lim.Left != Unlimited && (lim.Match != Unlimited || lim.Left < hard) {
		left := lim.Left - margin(lim.Left)
		togo := time.Duration(max(togo-ply/4, minMovesToGo))
		if m := left / togo; m < soft {
			soft = m
		}
		if m := left / 4; m < hard {
			hard = m
		}
	}
	hard = max(hard, 0)
	soft = min(max(soft, 0), hard)
	return Budget{start: start, soft: soft, hard: hard}
}

// margin is the safety margin kept inside a limit of length t.
func margin(t time.Duration) time.Duration {
	return min(baseMargin+t/marginFraction, maxMargin)
}

// Instant reports whether the plan leaves no time to search: the caller
// should answer with its first reasonable move.
func (b Budget) Instant() bool { return b.hard <= 0 }

// Start is when the move's time began to count.
func (b Budget) Start() time.Time { return b.start }

// Soft is the time after which a settled search should stop.
func (b Budget) Soft() time.Duration { return b.soft }

// Hard is the time the search must never pass.
func (b Budget) Hard() time.Duration { return b.hard }

// Elapsed is the time since the request arrived.
func (b Budget) Elapsed() time.Duration { return time.Since(b.start) }

// SoftDone reports whether the soft limit has passed.
func (b Budget) SoftDone() bool { return time.Since(b.start) >= b.soft }

// HardDone reports whether the hard limit has passed.
func (b Budget) HardDone() bool { return time.Since(b.start) >= b.hard }

// Deadline is the wall-clock time of the hard limit, for contexts.
func (b Budget) Deadline() time.Time { return b.start.Add(b.hard) }

// Reserve is the plan with d less time to think: the hard limit shrinks by
// d, but never below 1/reserveFloor of itself (a short search still plays
// better than an instant move, and the machine's stalls are not certain to
// come back), and the soft limit stays inside it. A plan with no time stays
// instant.
func (b Budget) Reserve(d time.Duration) Budget {
	if d <= 0 || b.hard <= 0 {
		return b
	}
	b.hard = max(b.hard-d, b.hard/reserveFloor)
	b.soft = min(b.soft, b.hard)
	return b
}
