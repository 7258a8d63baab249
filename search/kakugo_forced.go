package search

import (
	"context"
	"fmt"

	"github.com/kakugo/kakugo/engine"
)

// The forced reply's search (KakugoOptions.Forced). When the opponent
// threatens one five, the block is the only move that does not lose, and
// the player answers it at once: where only the turn limits the move, the
// rest of the turn is lost. With Forced on, the player spends it on the
// tree search of the position after the block (the opponent to move), to
// the move's hard limit: the tree keeps that search, so the next move
// starts from the subtree of the opponent's reply with the playouts this
// one bought. The move played is the block either way; only its output
// comes later, inside the same hard limit as every searched move.
//
// Fours are frequent in the tactical phases where the games against Rapfi
// are lost (tempo fours before a three, the defender's counter-fours), and
// the move after one is often the one that decides. Yet against full Rapfi
// at 0.5 s a move it did not help: level on freestyle 15 (-0.005 ± 0.046
// a game, 100 pairs), level or worse on freestyle 20 (-0.047 ± 0.027, 300
// pairs; docs/testing.md, session 44). Off by default.

// kakugoForcedDefault is what KakugoOptions.Forced 0 means.
const kakugoForcedDefault = false

// forcedOn reports whether a move under lim searches on after a forced
// block (KakugoOptions.Forced): only where the turn alone limits it, as
// the whole-turn search.
func (k *Kakugo) forcedOn(lim Limits) bool {
	return kakugoSwitch(k.opt.Forced, kakugoForcedDefault) && turnOnly(lim)
}

// searchForced searches the position after move, the block of the
// opponent's only five on b, until bud's hard limit, into the kept tree.
func (k *Kakugo) searchForced(ctx context.Context, b *engine.Board, lim Limits, bud Budget, move engine.Pos) {
	if bud.HardDone() || !b.Legal(move) {
		return
	}
	k.size(lim)
	after := b.Clone()
	after.Make(move)
	req := k.turnRequest(k.opt.Seed^after.Hash(), bud)
	k.setThreads(&req, lim, bud, true)
	res, ok := k.tree.Search(ctx, after, req)
	if !ok {
		return
	}
	k.stats.playouts, k.stats.nodes = res.Playouts, res.Nodes
	k.stats.mctsTime, k.stats.threads = res.Elapsed, req.Threads
	line := fmt.Sprintf("forced %s | n %d | tm %d", engine.FormatMove(b.XY(move)), res.Playouts, bud.Elapsed().Milliseconds())
	if len(res.Ranked) > 0 {
		line += " | expects " + engine.FormatMove(after.XY(res.Ranked[0].Move))
	}
	k.say(lim, line)
}
