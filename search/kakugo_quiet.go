package search

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/eval"
)

// The quiet-move win (KakugoOptions.QuietWin; player kakugo-quiet). Many
// of the wins Rapfi announces and our VCT cannot prove start with a move
// that threatens nothing at once: a closed three or a double two after
// which the defender, whatever it plays, cannot stop a VCT (Thomsen's
// λ-search one order up). On the freestyle conversion set such moves won
// 7 of 55 positions our VCT could not prove in 2 s, and the winning ones
// ranked 2nd to 23rd among the candidates by our combo and potential
// (docs/testing.md, 2026-11-28 session 12). The phase tries the best few
// with the prover's forced question (win.Search.Forced): a move after
// which we threaten a VCT and every reply that may stop it is answered by
// a checked VCT is played. Measured level at 300 ms to 1 s a move (at
// 1 s it has time for three to six candidates); so not the default.

// kakugoQuietMoves bounds the candidates tried.
const kakugoQuietMoves = 16

// kakugoQuietStep is the share of the phase one candidate may use, in
// percent: the best placed get time enough to be decided.
const kakugoQuietStep = 40

// quietWin returns a quiet move that wins, or NoPos. It runs only where
// the opponent threatens nothing the tree must parry (allowed empty) and
// the player's own search (not an n-best request) chooses.
func (k *Kakugo) quietWin(ctx context.Context, b *engine.Board, e *eval.Evaluator, lim Limits, bud Budget, timed bool, allowed []engine.Pos, nbest int) engine.Pos {
	if k.opt.QuietWin <= 0 || nbest != 0 || len(allowed) > 0 || k.prover == nil ||
		!k.win.searchesVCT() || !k.proverIdle() {
		return engine.NoPos
	}
	cands := quietCands(b, e, kakugoQuietMoves)
	if len(cands) == 0 {
		return engine.NoPos
	}
	pc := proverCall{k: k, ctx: ctx, lim: lim, bud: bud, timed: timed}
	phase := bud.Hard() * time.Duration(k.opt.QuietWin) / 100
	end := time.Now().Add(phase)
	tried := 0
	for _, q := range cands {
		if timed && !time.Now().Before(end) {
			break
		}
		pb := b.Clone()
		pb.Make(q)
		pe := eval.Attach(pb)
		var won bool
		f := func(c context.Context, dl time.Time, mn int64) {
			won = k.prover.forced(c, pb, pe, dl, mn)
		}
		var ran bool
		if timed {
			ran = pc.runUntil(minTime(end, time.Now().Add(phase*kakugoQuietStep/100)), kakugoDefendNodes, f)
		} else {
			ran = pc.run(0, kakugoDefendNodes, f)
		}
		if !ran {
			break // the prover is abandoned or out of time
		}
		tried++
		if won {
			k.say(lim, fmt.Sprintf("win (quiet move) | %s: every reply leaves a vct", engine.FormatMove(b.XY(q))))
			return q
		}
	}
	k.say(lim, fmt.Sprintf("quiet | no win in %d of %d candidates", tried, len(cands)))
	return engine.NoPos
}

// quietCands are the side to move's quiet candidates, best first: the
// empty cells where its stone makes a closed three, a double two or two
// closed threes (a four or an open three is the VCT's), by combo, then its
// potential there, then the opponent's.
func quietCands(b *engine.Board, e *eval.Evaluator, n int) []engine.Pos {
	me, op := b.SideToMove(), b.SideToMove().Opp()
	var ps []engine.Pos
	for i := range b.Size() {
		p := engine.Pos(i)
		if b.At(p) != engine.Empty {
			continue
		}
		switch e.Combo(p, me) {
		case eval.ComboThree, eval.ComboDoubleTwo, eval.ComboDoubleClosedThree:
			if !(me == engine.Black && e.Forbidden(p)) {
				ps = append(ps, p)
			}
		}
	}
	slices.SortFunc(ps, func(a, c engine.Pos) int {
		return cmp.Or(cmp.Compare(e.Combo(c, me), e.Combo(a, me)),
			cmp.Compare(e.Potential(c, me), e.Potential(a, me)),
			cmp.Compare(e.Potential(c, op), e.Potential(a, op)),
			cmp.Compare(a, c))
	})
	return ps[:min(n, len(ps))]
}

func minTime(a, b time.Time) time.Time {
	if a.Before(b) {
		return a
	}
	return b
}
