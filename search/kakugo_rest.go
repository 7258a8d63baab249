package search

import (
	"context"
	"fmt"
	"time"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/eval"
	"github.com/kakugo/kakugo/search/mcts"
)

// The rest of the turn (issue 20). Under a turn limit without a match
// clock the time a move leaves unused is lost, and the tree search stops
// once its move cannot change: against Rapfi at 0.5 s a move the player
// thought about 170 to 210 ms of its 410 ms hard limit, and in the
// conversion test at 300 ms about 160 of 230 ms. Both of the player's
// tactical failures against Rapfi lie in reach of more winning-search time
// (docs/testing.md, 2026-11-26, "Where the tactics fail"): of the 80
// conversion games from won freestyle positions, the 15 lost or drawn
// include 7 whose win our VCT proves within 1 s but not within the 138 ms
// it had; and after the move that let Rapfi's announced win in, our VCT
// proves that win within 300 ms in 13 of 40 games and within 500 ms in 15,
// while the move check gave each move 61 ms.
//
// So the rest goes to the winning search, after the tree search and the
// move check: first our own VCT again when its search stopped at its limit
// (the transposition table keeps what it searched, so the deepening goes
// on where it stopped), with half the rest when the move check follows;
// then the move check again on the move about to be played, with the time
// left, and when that move now proves lost, on the next most visited
// moves in turn. A search that runs out of time proves nothing and the
// move stands. The phases end well before the hard limit, so that a stall
// of the machine near the end costs no move over the turn.
const (
	// kakugoRestEnd is the percent of the hard limit by which the rest
	// phases end.
	kakugoRestEnd = 90
	// kakugoRestMin is the percent of the hard limit below which no rest
	// phase starts.
	kakugoRestMin = 6
	// kakugoRestDefault is what KakugoOptions.Rest 0 means: on. Against
	// Rapfi at 20k nodes, 200 games paired with the default, the rest
	// alone (player kakugo-rest) measured level, -0.028 ± 0.027 a game,
	// and with the check's 30% (kakugo-restcheck) weaker, -0.080 ± 0.031
	// (docs/testing.md, 2026-11-26); with our VCT's first search at 25%
	// of the hard limit (kakugoRestVCTShare, 10% since session 37) it
	// gives that search the time the tree search leaves (session 25).
	kakugoRestDefault = true
)

// restOn reports whether the move spends the rest of its turn on the
// winning search: a timed move under a turn limit only (a match clock
// keeps the time saved), with a prover. By default not under a playout
// limit either (Limits.MaxNodes, a manager's max_node): such a move is
// measured in nodes, and the same seed must give the same move on any
// machine, which time spent on the rest would not.
func (k *Kakugo) restOn(lim Limits, timed bool) bool {
	on := kakugoRestDefault && lim.MaxNodes <= 0
	if k.opt.Rest != 0 {
		on = k.opt.Rest > 0
	}
	return on && timed && lim.Turn >= 0 && lim.Left == Unlimited && k.prover != nil
}

// useRest spends the rest of the turn on our VCT, where the first search
// stopped at its limit, and (check: the move check is on) on a longer
// check of move; it returns the move to play: a proven win, a move that
// survives the longer check in place of one that does not, or move.
// ranked are the tree's root moves, lost the moves the first check found
// lost.
func (k *Kakugo) useRest(ctx context.Context, b *engine.Board, lim Limits, bud Budget, move engine.Pos, ranked []mcts.Ranked, lost []engine.Pos, check bool) engine.Pos {
	if len(ranked) > 0 && ranked[0].Proof == 1 {
		return move // the tree proved its win
	}
	end := bud.Start().Add(bud.Hard() * kakugoRestEnd / 100)
	minLeft := bud.Hard() * kakugoRestMin / 100
	pc := proverCall{k: k, ctx: ctx, lim: lim, bud: bud, timed: true}
	if k.vctOpen {
		left := time.Until(end)
		if left < minLeft || !k.proverIdle() {
			return move
		}
		deadline := end
		if check {
			deadline = time.Now().Add(left / 2)
		}
		pb := b.Clone()
		pe := eval.Attach(pb)
		var r kakugoWin
		if !pc.runUntil(deadline, 0, func(c context.Context, dl time.Time, mn int64) {
			r = k.prover.prove(c, pb, pe, true, dl, mn)
		}) {
			return move
		}
		k.stats.winNodes += r.nodes
		if r.win && b.Legal(r.move) {
			k.reply = r.reply
			k.say(lim, "rest | "+kakugoWinLine(b, true, r, bud))
			return r.move
		}
	}
	if !check {
		return move
	}
	return k.recheck(b, lim, &pc, end, minLeft, move, kakugoCheckCands(move, ranked, lost))
}

// recheck is useRest's longer move check: cands[0] (move) with two thirds
// of the time left before end, and while the candidate in turn proves
// lost, the next with half of what is left. It returns the first that no
// search proves lost (unchecked ones included: a move not known to lose
// beats one known to), or move when all of them lose.
func (k *Kakugo) recheck(b *engine.Board, lim Limits, pc *proverCall, end time.Time, minLeft time.Duration, move engine.Pos, cands []engine.Pos) engine.Pos {
	for i, m := range cands {
		if !b.Legal(m) {
			continue
		}
		left := time.Until(end)
		if left < minLeft/2 || !k.proverIdle() {
			if i == 0 {
				return move
			}
			return m // unchecked: the best that is left
		}
		step := left / 2
		if i == 0 {
			step = left * 2 / 3
		}
		pb := b.Clone()
		pb.Make(m)
		pe := eval.Attach(pb)
		var r kakugoWin
		if !pc.runUntil(time.Now().Add(step), 0, func(c context.Context, dl time.Time, mn int64) {
			r = k.checkProve(c, pb, pe, dl, mn)
		}) {
			if i == 0 {
				return move
			}
			return m
		}
		k.stats.winNodes += r.nodes
		if !r.win {
			if m != move {
				k.say(lim, fmt.Sprintf("rest check | %s instead of %s", engine.FormatMove(b.XY(m)), engine.FormatMove(b.XY(move))))
			}
			return m
		}
		k.say(lim, fmt.Sprintf("rest check | %s loses to a vct | pv %s", engine.FormatMove(b.XY(m)), kakugoMoves(pb, r.line)))
	}
	return move
}
