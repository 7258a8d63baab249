package search

import (
	"context"
	"fmt"
	"time"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/eval"
	"github.com/kakugo/kakugo/search/mcts"
)

// The early check (KakugoOptions.EarlyCheck). The move check runs after
// the tree search, on the move the tree chose. Against full Rapfi at 0.5 s
// a move it proves that move lost to the opponent's VCT in 70 to 90 moves
// of 100 games where a move it does not find lost is left (docs/testing.md,
// session 43). The move played then is the next most visited one: a move
// the tree spent few playouts on, since they went into the lost one. The
// early check looks at the tree's best move halfway through the tree's
// time instead; when it proves that move lost, the second half of the tree
// search runs without it (mcts.Request.Allowed), so the move that
// replaces it gets the rest of the tree's time. When it proves nothing,
// the tree goes on over every move as before, and the winning search's
// table keeps what the early check searched for the final check, which
// then continues where it stopped if the move stays the same.
//
// Against the default, full Rapfi at 0.5 s a move (docs/testing.md,
// session 43): -0.038 ± 0.042 a game over 133 pairs (freestyle 20 100,
// freestyle 15 33), level or worse, so it is off. The early check proved
// the halfway move lost in 2.3 moves a game on freestyle 20, yet the final
// check replaced about as many moves as the default's (79 against 85 in
// 100 games): the tree's second choice was as often refuted.

// kakugoEarlyCheckDefault is what KakugoOptions.EarlyCheck 0 means.
const kakugoEarlyCheckDefault = false

// kakugoEarlyShare is the percent of the hard limit the early check may
// use: half the final check's, taken from the tree's second half.
const kakugoEarlyShare = kakugoCheckShare / 2

// earlyCheckOn reports whether a move under lim checks the tree's best
// move halfway through the tree search (KakugoOptions.EarlyCheck): only
// where the turn alone limits the move, since under a match clock the tree
// stops once its move is settled.
func (k *Kakugo) earlyCheckOn(lim Limits) bool {
	return kakugoSwitch(k.opt.EarlyCheck, kakugoEarlyCheckDefault) && turnOnly(lim)
}

// earlySearch is the tree search of a timed move whose move check is on:
// the tree until half of the time left before sbud's hard limit (the tree's
// own, the check's share kept), the early check on its best move, then the
// tree on to sbud's hard limit, over allowed (nil: every move) less that
// move when the check proved it lost. bud is the move's budget. It returns
// the move, the ranked root moves of the last search, and the move the
// early check proved lost (NoPos: none).
func (k *Kakugo) earlySearch(ctx context.Context, b *engine.Board, lim Limits, bud, sbud Budget, allowed []engine.Pos) (engine.Pos, []mcts.Ranked, engine.Pos) {
	half := sbud.Reserve((sbud.Hard() - sbud.Elapsed()) / 2)
	quiet := lim
	quiet.Info = nil // one search line a move: the final search's
	move, ranked := k.search(ctx, b, quiet, half, true, allowed, 0)
	first := k.stats
	if len(ranked) < 2 || ranked[0].Proof != 0 || sbud.HardDone() || !k.proverIdle() {
		return move, ranked, engine.NoPos
	}
	lost := k.earlyLost(ctx, b, lim, bud, move)
	rest := allowed
	if lost {
		rest = kakugoWithout(ranked, move)
		if len(rest) == 0 { // every move is lost: the tree's choice stands
			return move, ranked, move
		}
	}
	move2, ranked2 := k.search(ctx, b, lim, sbud, true, rest, 0)
	k.stats.playouts += first.playouts
	k.stats.nodes += first.nodes
	k.stats.mctsTime += first.mctsTime
	k.stats.reused = first.reused
	if len(ranked2) == 0 { // no search: the first half's choice
		return move, ranked, engine.NoPos
	}
	if lost {
		return move2, ranked2, move
	}
	return move2, ranked2, engine.NoPos
}

// earlyLost reports whether the opponent has a VCT after move, found
// within the early check's share.
func (k *Kakugo) earlyLost(ctx context.Context, b *engine.Board, lim Limits, bud Budget, move engine.Pos) bool {
	if !b.Legal(move) {
		return false
	}
	pb := b.Clone()
	pb.Make(move)
	pe := eval.Attach(pb)
	pc := proverCall{k: k, ctx: ctx, lim: lim, bud: bud, timed: true}
	var r kakugoWin
	if !pc.run(kakugoEarlyShare, kakugoCheckNodes, func(c context.Context, dl time.Time, mn int64) {
		r = k.checkProve(c, pb, pe, dl, mn)
	}) {
		return false
	}
	k.stats.winNodes += r.nodes
	if r.win {
		k.say(lim, fmt.Sprintf("early check | %s loses to a vct | pv %s", engine.FormatMove(b.XY(move)), kakugoMoves(pb, r.line)))
	}
	return r.win
}

// kakugoWithout lists the ranked root moves but move and those the tree
// proved lost: what the tree may still choose once move is found lost.
func kakugoWithout(ranked []mcts.Ranked, move engine.Pos) []engine.Pos {
	var out []engine.Pos
	for _, r := range ranked {
		if r.Move != move && r.Proof != -1 {
			out = append(out, r.Move)
		}
	}
	return out
}
