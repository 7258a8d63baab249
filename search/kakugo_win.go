package search

import (
	"context"
	"time"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/eval"
	"github.com/kakugo/kakugo/search/proof"
	"github.com/kakugo/kakugo/search/win"
)

// kakugoWinSearch adapts the winning search (win.Search) to kakugoProver.
// keep is win.Search.KeepUnchecked for prove's questions (our VCT, and the
// move check without FastCheck); it is set for those calls only.
type kakugoWinSearch struct {
	w    *win.Search
	keep bool
}

// newKakugoWinSearch is the player's prover with a table of about entries
// entries; nil (no winning search) when entries is 0.
func newKakugoWinSearch(entries int, keep bool) kakugoProver {
	if entries <= 0 {
		return nil
	}
	return kakugoWinSearch{win.New(entries), keep}
}

// checkGrace is how long past deadline a found proof's check may run in a
// call whose context ends at ctx's deadline: until the grace the caller
// waits past that (kakugoProverGrace) begins, so that the check ends
// before the caller gives up on the call. A call waited for only the grace
// past its deadline gets none (proverCall.checkRest gives more). Every
// method sets it afresh on the one win.Search, which keeps it.
func checkGrace(ctx context.Context, deadline time.Time) time.Duration {
	end, ok := ctx.Deadline()
	if !ok || deadline.IsZero() {
		return 0
	}
	return max(end.Sub(deadline)-kakugoProverGrace, 0)
}

func kakugoKind(vct bool) proof.Kind {
	if vct {
		return proof.VCT
	}
	return proof.VCF
}

func (k kakugoWinSearch) prove(ctx context.Context, b *engine.Board, ev *eval.Evaluator, vct bool, deadline time.Time, maxNodes int64) kakugoWin {
	k.w.CheckGrace = checkGrace(ctx, deadline)
	k.w.KeepUnchecked = k.keep
	defer func() { k.w.KeepUnchecked = false }()
	return kakugoWinOf(k.w.Prove(ctx, b, ev, kakugoKind(vct), deadline, maxNodes))
}

// kakugoWinOf is the player's view of a search result.
func kakugoWinOf(r win.Result) kakugoWin {
	out := kakugoWin{win: r.Win, move: r.Move, line: r.Line, nodes: r.Nodes, open: !r.Win && !r.Complete, lead: r.Lead}
	if r.Win && r.Proof != nil {
		out.reply = r.Proof.Reply
	}
	return out
}

func (k kakugoWinSearch) detect(ctx context.Context, b *engine.Board, ev *eval.Evaluator, deadline time.Time, maxNodes int64) kakugoWin {
	return kakugoWinOf(k.w.Verdict(ctx, b, ev, proof.VCT, deadline, maxNodes))
}

func (k kakugoWinSearch) defend(ctx context.Context, b *engine.Board, ev *eval.Evaluator, vct bool, deadline time.Time, maxNodes int64) ([]engine.Pos, bool) {
	k.w.CheckGrace = checkGrace(ctx, deadline)
	return k.w.Defend(ctx, b, ev, kakugoKind(vct), deadline, maxNodes)
}

func (k kakugoWinSearch) forced(ctx context.Context, b *engine.Board, ev *eval.Evaluator, deadline time.Time, maxNodes int64) bool {
	k.w.CheckGrace = checkGrace(ctx, deadline)
	won, _ := k.w.Forced(ctx, b, ev, proof.VCT, deadline, maxNodes)
	return won
}

func (k kakugoWinSearch) clear() { k.w.Clear() }
