package search

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/eval"
	"github.com/kakugo/kakugo/search/mcts"
)

// kakugoUseTurnDefault is what KakugoOptions.UseTurn 0 means: the tree
// searches on to its hard limit once its move is settled, where only the
// turn limits the move (docs/testing.md, 2026-12-07, session 40).
const kakugoUseTurnDefault = true

// kakugoFocusDefault is what KakugoOptions.Focus 0 means.
const kakugoFocusDefault = false

// kakugoFocus is mcts.Options.Focus for KakugoOptions.Focus f.
func kakugoFocus(f int) bool { return kakugoSwitch(f, kakugoFocusDefault) }

// kakugoSwitch reads an option of the form 0 the default def, positive on,
// negative off.
func kakugoSwitch(v int, def bool) bool {
	if v != 0 {
		return v > 0
	}
	return def
}

// useTurn reports whether the tree searches on once its move is settled
// (KakugoOptions.UseTurn).
func (k *Kakugo) useTurn() bool { return kakugoSwitch(k.opt.UseTurn, kakugoUseTurnDefault) }

// search runs the primary MCTS from b over the allowed moves (nil: all
// candidates) and returns the best move and the ranked root moves.
func (k *Kakugo) search(ctx context.Context, b *engine.Board, lim Limits, bud Budget, timed bool, allowed []engine.Pos, nbest int) (engine.Pos, []mcts.Ranked) {
	req := mcts.Request{
		Config:      &k.cfg,
		Seed:        k.opt.Seed ^ b.Hash(),
		MaxPlayouts: lim.MaxNodes,
		MaxDepth:    lim.MaxDepth,
		Timed:       timed,
		// Only the turn limits the move: time it saves is lost.
		UseAll:         timed && lim.Left == Unlimited && k.useTurn() && !k.deepenOn(lim),
		Start:          bud.Start(),
		Soft:           bud.Soft(),
		Hard:           bud.Hard(),
		Allowed:        allowed,
		SearchLoneMove: nbest > 1,
		NoFocus:        nbest > 1,
		Progress:       kakugoProgress(lim.Progress),
	}
	if !timed && req.MaxPlayouts <= 0 {
		req.MaxPlayouts = kakugoUntimedPlayouts
	}
	k.setThreads(&req, lim, bud, timed)
	res, ok := k.tree.Search(ctx, b, req)
	k.stats.reused = res.Reused
	k.stats.playouts, k.stats.nodes = res.Playouts, res.Nodes
	k.stats.mctsTime, k.stats.threads = res.Elapsed, req.Threads
	if !ok {
		return kakugoFallback(b, allowed), nil
	}
	ranked := res.Ranked
	if lim.Info != nil {
		lim.Info(kakugoSearchLine(b, k.tree, res, bud))
	}
	return ranked[0].Move, ranked
}

// setThreads gives req the search threads for lim and their priors: one
// policy per thread (made on first use), and the deep tier's where bud
// asks for it (deepFor).
func (k *Kakugo) setThreads(req *mcts.Request, lim Limits, bud Budget, timed bool) {
	nt := k.threads(lim)
	for len(k.policies) < nt && k.opt.NewPolicy != nil {
		k.policies = append(k.policies, k.opt.NewPolicy())
	}
	for len(k.deep) < nt && k.opt.NewPolicy != nil && k.opt.NewDeepPolicy != nil {
		k.deep = append(k.deep, k.opt.NewDeepPolicy())
	}
	req.Threads, req.Policies = nt, k.policies
	if k.deepFor(bud, timed) {
		req.DeepPolicies = k.deep
	}
}

// deepFor reports whether a move planned by bud asks the deep tier of the
// priors (KakugoOptions.DeepMinTime). Nodes refined by it in an earlier
// move keep its priors in a kept tree.
func (k *Kakugo) deepFor(bud Budget, timed bool) bool {
	return !timed || k.opt.DeepMinTime <= 0 || bud.Soft() >= k.opt.DeepMinTime
}

// kakugoDeepenDefault is what KakugoOptions.Deepen 0 means.
const kakugoDeepenDefault = false

// deepenOn reports whether a move under lim deepens its chosen move's
// subtree after the rest of the turn (KakugoOptions.Deepen): only where
// the turn alone limits it, as the whole-turn search.
func (k *Kakugo) deepenOn(lim Limits) bool {
	return kakugoSwitch(k.opt.Deepen, kakugoDeepenDefault) && turnOnly(lim)
}

// turnOnly reports whether the turn alone limits a move under lim: no
// match clock keeps the time it saves, and no playout limit asks that the
// move be the same on any machine.
func turnOnly(lim Limits) bool { return lim.Left == Unlimited && lim.MaxNodes <= 0 }

// kakugoFinishDefault is what KakugoOptions.Finish 0 means.
const kakugoFinishDefault = false

// finishOn reports whether a move under lim deepens its chosen move's
// subtree to the move's hard limit after the rest of the turn
// (KakugoOptions.Finish), under the same limits as deepenOn.
func (k *Kakugo) finishOn(lim Limits) bool {
	return kakugoSwitch(k.opt.Finish, kakugoFinishDefault) && turnOnly(lim)
}

// deepen searches move's subtree from b until bud's hard limit (the tree
// search's), once move is chosen, checked and final: the playouts go where
// the next move keeps them.
func (k *Kakugo) deepen(ctx context.Context, b *engine.Board, lim Limits, bud Budget, move engine.Pos) {
	if bud.HardDone() || !b.Legal(move) {
		return
	}
	req := k.turnRequest(k.opt.Seed^b.Hash()^1, bud)
	req.Deepen, req.DeepenMove = true, move
	k.setThreads(&req, lim, bud, true)
	if res, ok := k.tree.Search(ctx, b, req); ok {
		k.stats.playouts += res.Playouts
		k.stats.mctsTime += res.Elapsed
		k.say(lim, fmt.Sprintf("deepen %s | n %d | tm %d", engine.FormatMove(b.XY(move)), res.Playouts, bud.Elapsed().Milliseconds()))
	}
}

// turnRequest is a timed tree search under bud that goes on to bud's hard
// limit (mcts.Request.UseAll): a search whose move is already decided
// (deepen, searchForced), for the playouts the next move keeps.
func (k *Kakugo) turnRequest(seed uint64, bud Budget) mcts.Request {
	return mcts.Request{
		Config: &k.cfg, Seed: seed, Timed: true, UseAll: true,
		Start: bud.Start(), Soft: bud.Soft(), Hard: bud.Hard(),
	}
}

// kakugoFallback is the greedy choice among the allowed moves (nil: all),
// for positions the tree cannot search (no candidate, no memory).
func kakugoFallback(b *engine.Board, allowed []engine.Pos) engine.Pos {
	e := eval.Attach(b)
	defer e.Detach()
	return kakugoChoice(e, allowed)
}

// kakugoChoice is the greedy player's move when the player has no time or
// no tree to search, kept to the allowed moves when there are any: the
// moves that parry the opponent's proven forced win, outside which every
// move loses. The greedy choice stands when it is one of them; otherwise
// the legal parry of the highest greedy value (greedyChoice's sum) is
// played, the first in the list among equals.
func kakugoChoice(e *eval.Evaluator, allowed []engine.Pos) engine.Pos {
	move := greedyChoice(e)
	if len(allowed) == 0 || slices.Contains(allowed, move) {
		return move
	}
	b := e.Board()
	me, op := b.SideToMove(), b.SideToMove().Opp()
	best, bestValue := engine.NoPos, 0
	for _, p := range allowed {
		if !b.Legal(p) {
			continue
		}
		v := greedyAttack[e.Combo(p, me)] + greedyDefence[e.Combo(p, op)] +
			e.WeightedPotential(p, me)
		if best == engine.NoPos || v > bestValue {
			best, bestValue = p, v
		}
	}
	if best == engine.NoPos { // no parry is legal: nothing saves the game
		return move
	}
	return best
}

// kakugoMoves writes moves in pos notation, space separated.
func kakugoMoves(b *engine.Board, moves []engine.Pos) string {
	parts := make([]string, len(moves))
	for i, p := range moves {
		parts[i] = engine.FormatMove(b.XY(p))
	}
	return strings.Join(parts, " ")
}

// kakugoRate writes a per-second rate briefly (950, 12.3k, 1.2M).
func kakugoRate(n int64, d time.Duration) string {
	r := float64(n) / max(d.Seconds(), 1e-9)
	switch {
	case r >= 1e6:
		return fmt.Sprintf("%.1fM", r/1e6)
	case r >= 1e4:
		return fmt.Sprintf("%.0fk", r/1e3)
	case r >= 1e3:
		return fmt.Sprintf("%.1fk", r/1e3)
	}
	return fmt.Sprintf("%.0f", r)
}

// kakugoEv is a root move's value as engine users read it: the win rate
// from 0 to 1, or the proven result.
func kakugoEv(r mcts.Ranked) string {
	switch r.Proof {
	case 1:
		return "win"
	case -1:
		return "loss"
	}
	return fmt.Sprintf("%.2f", (r.Value+1)/2)
}

// kakugoSearchLine is the MESSAGE line after a search:
// depth avg-max | ev | playouts | playouts per second | ms | pv.
func kakugoSearchLine(b *engine.Board, tree *mcts.Tree, res mcts.Result, bud Budget) string {
	best := res.Ranked[0]
	avg := 0
	if res.Playouts > 0 {
		avg = int(res.DepthSum / res.Playouts)
	}
	return fmt.Sprintf("depth %d-%d | ev %s | n %d | nps %s | tm %d | pv %s",
		avg, res.DepthMax, kakugoEv(best), res.Playouts, kakugoRate(res.Playouts, res.Elapsed),
		bud.Elapsed().Milliseconds(), kakugoMoves(b, tree.PV(best.Move, 12)))
}

// kakugoWinLine is the MESSAGE line for a proven win.
func kakugoWinLine(b *engine.Board, vct bool, r kakugoWin, bud Budget) string {
	kind := "vcf"
	if vct {
		kind = "vct"
	}
	return fmt.Sprintf("%s win | n %d | tm %d | pv %s", kind, r.nodes, bud.Elapsed().Milliseconds(), kakugoMoves(b, r.line))
}

// kakugoNBestLine is the MESSAGE line of the i-th best move.
func kakugoNBestLine(b *engine.Board, i int, r mcts.Ranked) string {
	return fmt.Sprintf("nbest %d %s | n %d | ev %s", i, engine.FormatMove(b.XY(r.Move)), r.Visits, kakugoEv(r))
}
