package search

import (
	"context"
	"time"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/eval"
)

// kakugoProver is the winning search (VCF and VCT proofs, and the defence
// check) as the player uses it. The player only calls it through this
// interface, so that it can be tested with a stand-in and run without one.
type kakugoProver interface {
	// prove looks for a forced win for the side to move, with fours only
	// (vct false) or fours and threes. ev is attached to b; both are
	// restored.
	prove(ctx context.Context, b *engine.Board, ev *eval.Evaluator, vct bool, deadline time.Time, maxNodes int64) kakugoWin
	// detect asks whether the side to move has a VCT, as prove does, but
	// reports it once the search proves it, with neither the proof nor
	// its check (win.Search.Detect): line holds at most the first move
	// and reply is nil. For the move check, which only drops the moves
	// the opponent wins against.
	detect(ctx context.Context, b *engine.Board, ev *eval.Evaluator, deadline time.Time, maxNodes int64) kakugoWin
	// defend asks whether the opponent would have such a win if the side
	// to move passed, and if so which moves leave it none.
	defend(ctx context.Context, b *engine.Board, ev *eval.Evaluator, vct bool, deadline time.Time, maxNodes int64) (safe []engine.Pos, threatened bool)
	// forced asks whether the opponent wins (by a VCT) whatever the side
	// to move plays (win.Search.Forced): true only when every reply that
	// may refute it was answered by a checked proof within the limits.
	forced(ctx context.Context, b *engine.Board, ev *eval.Evaluator, deadline time.Time, maxNodes int64) bool
	// clear drops the prover's memory (YXHASHCLEAR).
	clear()
}

// kakugoWin is a proven forced win.
type kakugoWin struct {
	win   bool
	move  engine.Pos   // the first move
	line  []engine.Pos // one winning line, both sides' moves
	nodes int64
	// open is true when a limit stopped the search before it proved a win
	// or that none exists within its depth: more time may still find one.
	open bool
	// lead is, when open, the attacking move the search was following at
	// the root, or the first move of a win it proved but did not extract
	// or check in time (win.Result.Lead); NoPos otherwise.
	lead engine.Pos
	// reply answers a later position of the same win (after the
	// defender's move), or ok=false once the game has left the proof.
	reply func(b *engine.Board) (move engine.Pos, ok bool)
}

// Win-search budgets: the share of the hard limit each step may use in a
// timed search, and the node caps under a playout limit. Our VCT's 30%
// measured better than 15% at 200 ms a move (about +23 Elo freestyle over
// 400 games, +49 ± 36 renju) and level with 45% in self-play
// (docs/testing.md). Against a real defender it is 60%: of 40 positions in
// which Rapfi announced a forced win, our VCT proves 2 in 75 ms, 8 in
// 150 ms, 13 in 300 ms and 19 in 1 s, and a search that finds nothing
// stops early in quiet positions, so the share costs the tree search time
// only where threats abound. In matches against Rapfi the change (with the
// whole turn used, timeman.go) measured level, neither better nor worse
// (docs/testing.md, 2026-11-26).
const (
	kakugoVCFShare    = 10 // percent of the hard limit
	kakugoDefendShare = 8
	kakugoVCTShare    = 60
	// kakugoRestVCTShare replaces kakugoVCTShare in a move whose unused
	// time goes to the rest of the turn (kakugo_rest.go: a turn limit
	// without a match clock), which continues a VCT stopped at its limit
	// after the tree search. The tree search stops once its move cannot
	// change by the hard limit, so the earlier it starts the later it
	// stops, and its time, not the VCT's, is what a longer turn buys
	// (session 23). With the deep tier of the priors in every move
	// (players' deepMinTime) the three measured +0.067 ± 0.023 a game over
	// 500 pairs against Rapfi at 100,000 nodes on freestyle 15 and 20
	// (docs/testing.md, session 25). Under a match clock the rest is off
	// and the share stays kakugoVCTShare, as measured there. 10% rather
	// than 25%: against full Rapfi the first search proved a win in 5 of
	// about 1,000 freestyle 20 moves while it took a median 73 ms of the
	// tree's time, and at 10% the player measured +0.044 ± 0.018 a game
	// over 700 pairs on freestyle 20, freestyle 15 and renju 15 (sessions
	// 35-37; level against Rapfi at 100,000 nodes in session 26). The
	// true gain is likely smaller: more tree time alone predicts about
	// +0.012 a game.
	kakugoRestVCTShare = 10
	// kakugoRenjuBlackVCTShare is our VCT's share when black is to move
	// under renju. In 150 renju positions of the default's games against
	// Rapfi with black (Kakugo) to move, our VCT proved a win in 4 (3 of
	// them within 100 ms) and ran to a 300 ms limit in 60; with white to
	// move it proved 24 and ran out in 22 (freestyle 15: 7 and 26). Black's
	// share is the tree's time in the positions that are sharpest, but at
	// 20% (about 40% more playouts in those positions) it measured level
	// against full Rapfi (+0.035 ± 0.039 a game over 100 black games;
	// docs/testing.md, session 20): the default stays the common share,
	// kakugoVCTShare, also where kakugoRestVCTShare replaces that.
	kakugoRenjuBlackVCTShare = 60
	kakugoVCFNodes           = 5000
	kakugoVCTNodes           = 5000
	kakugoDefendNodes        = 3000

	// kakugoKeepUncheckedDefault is what KakugoOptions.KeepUnchecked 0
	// means.
	kakugoKeepUncheckedDefault = false

	// kakugoProverGrace is how long past its deadline a prover call is
	// waited for before it is abandoned.
	kakugoProverGrace = 5 * time.Millisecond
)

// winSearch runs the winning search: our VCF, the opponent's VCF threat,
// under WinSearchVCT our VCT and the opponent's VCT threat, and under
// WinSearchVCTAttack our VCT only. It returns a proven winning move, or
// NoPos and the moves that parry the opponent's threat (nil when there is
// none, or when nothing parries it: then every move is as good as lost and
// the search chooses among all). rest says that the rest of the turn
// follows the move (useRest), which gives our VCT its smaller first share.
//
// In a timed search every call runs on a copy of the position in its own
// goroutine and is abandoned if it overruns its deadline (the prover's own
// checks, or a proof check it cannot interrupt, may miss it): the player's
// clock must not depend on another component keeping time. An abandoned
// call keeps the prover until it returns; until then the player plays
// without the winning search.
func (k *Kakugo) winSearch(ctx context.Context, b *engine.Board, e *eval.Evaluator, lim Limits, bud Budget, timed, rest bool) ([]engine.Pos, engine.Pos) {
	if k.prover == nil || !k.proverIdle() {
		return nil, engine.NoPos
	}
	pb, pe := b, e
	if timed {
		pb = b.Clone()
		pe = eval.Attach(pb)
	}
	pc := proverCall{k: k, ctx: ctx, lim: lim, bud: bud, timed: timed}
	defer func() {
		if timed && !pc.abandoned {
			pe.Detach()
		}
	}()
	call := pc.run
	kinds := []bool{false, true}
	if !k.win.searchesVCT() {
		kinds = kinds[:1]
	}
	// parry holds the moves that stop the opponent's VCF threat, once
	// found: our VCT is still tried, since its proof answers every
	// counter-four the opponent may play on the way (the proof checker
	// verifies that), and only when it fails do the parries restrict the
	// tree search. Measured on the renju tactics set: two of the won
	// positions Kakugo failed to convert had a VCT proven in 12 and 36 ms
	// that was never searched because of such a threat.
	var parry []engine.Pos
	for _, vct := range kinds {
		share, nodes := kakugoVCFShare, int64(kakugoVCFNodes)
		if vct {
			share, nodes = kakugoVCTStepShare(k.vctShareFor(b, rest), bud, k.clockVCT), kakugoVCTNodes
		}
		var r kakugoWin
		pc.checkRest = vct
		ran := call(share, nodes, func(c context.Context, dl time.Time, mn int64) { r = k.prover.prove(c, pb, pe, vct, dl, mn) })
		pc.checkRest = false
		if !ran {
			return parry, engine.NoPos
		}
		k.stats.winNodes += r.nodes
		if vct {
			k.vctOpen, k.vctLead = r.open, r.lead // a lead comes only with an open search
		}
		if r.win && b.Legal(r.move) {
			k.reply = r.reply
			k.say(lim, kakugoWinLine(b, vct, r, bud))
			return nil, r.move
		}
		if parry != nil {
			return parry, engine.NoPos
		}
		if vct && !k.win.defendsVCT() {
			break
		}
		var safe []engine.Pos
		var threatened bool
		share = kakugoDefendShare
		if vct {
			share = k.defendVCT
		}
		if !call(share, kakugoDefendNodes, func(c context.Context, dl time.Time, mn int64) {
			safe, threatened = k.prover.defend(c, pb, pe, vct, dl, mn)
		}) {
			return nil, engine.NoPos
		}
		if threatened {
			if len(safe) == 0 {
				k.say(lim, "lost to a forced win")
				return nil, engine.NoPos
			}
			if vct || len(kinds) == 1 {
				return safe, engine.NoPos
			}
			parry = safe // a VCF threat: our VCT next, then these
		}
	}
	return nil, engine.NoPos
}

// vctShareFor is our VCT's share of the hard limit in position b: under
// renju with black to move, vctShareRB; where the rest of the turn follows
// the move (rest: restOn), vctShareTO.
func (k *Kakugo) vctShareFor(b *engine.Board, rest bool) int {
	switch {
	case b.Rule() == engine.Renju && b.SideToMove() == engine.Black:
		return k.vctShareRB
	case rest:
		return k.vctShareTO
	}
	return k.vctShare
}

// kakugoVCTStepShare is our VCT's share of the hard limit: share, but
// under a match clock (a soft limit below the hard one) at most clock
// (in percent) of the soft limit, by default kakugoClockVCT. A clock's hard
// limit is a quarter of the time left, and 60% of it at every sharp move
// would drain the clock in a few moves.
func kakugoVCTStepShare(share int, bud Budget, clock int) int {
	soft, hard := bud.Soft(), bud.Hard()
	if hard <= 0 || soft >= hard {
		return share
	}
	return max(min(share, int(int64(clock)*int64(soft)/int64(hard))), 1)
}

// kakugoClockVCT is our VCT's cap under a match clock in percent of the
// soft limit: 60%, the share it has of the hard limit under a turn limit
// alone, so that the tree keeps the rest. The tree search stops at the
// soft limit once its move is stable, so a VCT that ran past it left the
// tree its minimum of playouts: at the former cap, twice the soft limit,
// 38-42% of the tree searches under a 30 s clock made 200 playouts or
// fewer. Against Rapfi at 20,000 nodes under that clock (5 s turns), 60
// against 200: +0.144 ± 0.035 a game over 195 pairs on freestyle 15, renju
// 15 and freestyle 20, with less of the clock used; against full Rapfi,
// +0.037 ± 0.041 over 80 pairs (level; docs/testing.md, 2026-11-28 late).
const kakugoClockVCT = 60

// proverIdle reports whether the prover is free: no abandoned call of an
// earlier move is still running in it.
func (k *Kakugo) proverIdle() bool {
	if k.proverBusy == nil {
		return true
	}
	select {
	case <-k.proverBusy:
		k.proverBusy = nil
		return true
	default:
		return false
	}
}

// proverCall runs the steps of one move's winning search: each with the
// deadline and node cap of its step, in a timed search on its own goroutine,
// abandoned (and the prover marked busy) if it overruns.
type proverCall struct {
	k         *Kakugo
	ctx       context.Context
	lim       Limits
	bud       Budget
	timed     bool
	abandoned bool // a step was abandoned: its board is still in use
	// checkRest lets the step's found proof be checked until halfway
	// from the step's deadline to the hard limit (the call is waited for
	// that long and the grace; the prover gives the check the call's
	// context less the grace, checkGrace): our VCT's step, whose proof
	// found near its deadline was otherwise thrown away unchecked.
	checkRest bool
}

// run runs f with the deadline and node cap of a step of share percent of
// the hard limit (at most nodes under a playout limit), and reports whether
// it finished.
func (c *proverCall) run(share int, nodes int64, f func(ctx context.Context, deadline time.Time, maxNodes int64)) bool {
	if !c.timed {
		f(c.ctx, time.Time{}, nodes)
		return true
	}
	return c.runUntil(time.Now().Add(c.bud.Hard()*time.Duration(share)/100), nodes, f)
}

// runUntil is run (timed) with the step's deadline given, never past the
// hard limit.
func (c *proverCall) runUntil(deadline time.Time, nodes int64, f func(ctx context.Context, deadline time.Time, maxNodes int64)) bool {
	bud := c.bud
	if dl := bud.Deadline(); deadline.After(dl) {
		deadline = dl
	}
	if !time.Now().Before(deadline) {
		// No time left for this step (a move that starts late on a busy
		// machine): skip it rather than start a call only to abandon it,
		// which would also keep the prover from the next move.
		return false
	}
	if c.lim.MaxNodes <= 0 {
		nodes = 0
	}
	wait := deadline.Add(kakugoProverGrace)
	if c.checkRest {
		if half := deadline.Add(bud.Deadline().Sub(deadline) / 2).Add(kakugoProverGrace); half.After(wait) {
			wait = half
		}
	}
	if dl := bud.Deadline(); wait.After(dl) {
		wait = dl
	}
	cctx, cancel := context.WithDeadline(c.ctx, wait)
	defer cancel()
	done := make(chan struct{})
	go func() {
		defer close(done)
		f(cctx, deadline, nodes)
	}()
	select {
	case <-done:
		return true
	case <-cctx.Done():
		select {
		case <-done: // finished just in time
			return true
		default:
		}
		c.abandoned = true
		c.k.proverBusy = done
		return false
	}
}
