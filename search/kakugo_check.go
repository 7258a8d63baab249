package search

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/eval"
	"github.com/kakugo/kakugo/search/mcts"
)

// The move check (WinSearchVCTCheck): the tree search sees a few plies
// and the evaluator's threats, not the opponent's long forced wins, and the
// VCT defence check before the search (WinSearchVCT), which restricts the
// moves to those that break the one VCT it found, measured weaker: it costs
// time at every move and throws away moves that are in fact safe. The
// check instead asks, after the search, whether the opponent has a proven
// VCT once the chosen move is played. A proven (and checked) VCT means the
// move loses, so replacing it by a move without one can only help; a
// search that runs out of time proves nothing and the move stands.
//
// The check's share. Against full Rapfi at 0.5 s a move (freestyle 15, 40
// games), after each move that let Rapfi's announced win in, our VCT
// proved that win in 22 games, none within the 61 ms that 15% of the hard
// limit gives each checked move, 7 within 125 ms (30%) and 11 within 190
// ms; on renju 15, 11 of 40 within 125 ms. In those sharp positions the
// tree search runs to its limit, so more time for the check is less for
// the tree: 30% (with the rest of the turn, kakugo_rest.go; player
// kakugo-restcheck) measured -0.075 ± 0.051 a game against Rapfi at 20k
// nodes on freestyle 15 (docs/testing.md, 2026-11-26, "Where the tactics
// fail"), so the default stays 15%.
const (
	kakugoCheckShare = 15 // percent of the hard limit kept from the tree search (turn limit)
	// kakugoCheckClockShare replaces it under a match clock, whose hard
	// limit is a quarter of the time left: the share measured before
	// (2026-11-25), which keeps a sharp move's checks from draining the
	// clock.
	kakugoCheckClockShare = 15
	kakugoCheckMoves      = 8    // the chosen move and at most seven others (+25 ± 23 Elo over 4, 400 games)
	kakugoCheckNodes      = 3000 // per candidate under a playout limit (bench, untimed moves)
	// kakugoFastCheckDefault is what KakugoOptions.FastCheck 0 means.
	kakugoFastCheckDefault = false
)

// checkMove returns the first of move and the next most visited root moves
// (ranked) after which the prover finds no VCT for the opponent, or move
// when every one checked loses or time runs out; and the moves it found
// lost on the way.
func (k *Kakugo) checkMove(ctx context.Context, b *engine.Board, lim Limits, bud Budget, timed bool, move engine.Pos, ranked []mcts.Ranked) (engine.Pos, []engine.Pos) {
	if len(ranked) == 0 || ranked[0].Proof == 1 || !k.proverIdle() {
		return move, nil // nothing to check, a proven win, or no prover to check with
	}
	cands := kakugoCheckCands(move, ranked, nil)
	var lost []engine.Pos
	pc := proverCall{k: k, ctx: ctx, lim: lim, bud: bud, timed: timed}
	for _, m := range cands {
		if !b.Legal(m) {
			continue
		}
		pb := b.Clone()
		pb.Make(m)
		pe := eval.Attach(pb)
		var r kakugoWin
		ran := pc.run(k.checkStepShare(lim, bud, timed), kakugoCheckNodes, func(c context.Context, dl time.Time, mn int64) {
			r = k.checkProve(c, pb, pe, dl, mn)
		})
		if !ran {
			return m, lost // unchecked: the best that is left
		}
		k.stats.winNodes += r.nodes
		if !r.win {
			if m != move {
				k.say(lim, fmt.Sprintf("check | %s instead of %s", engine.FormatMove(b.XY(m)), engine.FormatMove(b.XY(move))))
			}
			return m, lost
		}
		lost = append(lost, m)
		k.say(lim, fmt.Sprintf("check | %s loses to a vct | pv %s", engine.FormatMove(b.XY(m)), kakugoMoves(pb, r.line)))
	}
	return move, lost
}

// checkProve asks the prover whether the side to move of b (the opponent,
// after a checked move) has a VCT: a full proof, checked, or under
// FastCheck the search's verdict alone.
func (k *Kakugo) checkProve(ctx context.Context, b *engine.Board, ev *eval.Evaluator, deadline time.Time, maxNodes int64) kakugoWin {
	fast := kakugoFastCheckDefault
	if k.opt.FastCheck != 0 {
		fast = k.opt.FastCheck > 0
	}
	if fast {
		return k.prover.detect(ctx, b, ev, deadline, maxNodes)
	}
	return k.prover.prove(ctx, b, ev, true, deadline, maxNodes)
}

// kakugoCheckCands are the moves a check looks at, in order: move, then
// the most visited root moves not proven lost in the tree nor listed in
// lost, kakugoCheckMoves in all at most.
func kakugoCheckCands(move engine.Pos, ranked []mcts.Ranked, lost []engine.Pos) []engine.Pos {
	cands := []engine.Pos{move}
	for _, r := range ranked {
		if len(cands) == kakugoCheckMoves {
			break
		}
		if r.Move != move && r.Proof != -1 && !slices.Contains(lost, r.Move) {
			cands = append(cands, r.Move)
		}
	}
	return cands
}

// checkStepShare is the percent of the hard limit the next checked move
// may use: the fixed share, or under a turn limit without a match clock,
// when KakugoOptions.CheckRest is set, that percent of the time left
// before the hard limit if it is more. The tree search often settles long
// before the turn is over (against Rapfi at 0.5 s a move the player took
// 170 ms a move on average), and the opponent's VCT after our move is what
// the time left can still look for: the attack Rapfi announces at ply 11
// to 25 is often a VCT longer than a 75 ms search finds.
func (k *Kakugo) checkStepShare(lim Limits, bud Budget, timed bool) int {
	share := k.checkShareFor(lim)
	if !timed || k.opt.CheckRest <= 0 || lim.Left != Unlimited || bud.Hard() <= 0 {
		return share
	}
	left := bud.Hard() - bud.Elapsed()
	return max(share, int(left*time.Duration(k.opt.CheckRest)/bud.Hard()))
}

// checkShareFor is the percent of the hard limit the move check keeps from
// the tree search and may use for each move it looks at: the check's
// share, at most kakugoCheckClockShare under a match clock.
func (k *Kakugo) checkShareFor(lim Limits) int {
	if lim.Left != Unlimited {
		return min(k.checkShare, kakugoCheckClockShare)
	}
	return k.checkShare
}
