package win

import (
	"context"
	"slices"
	"time"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/eval"
	"github.com/kakugo/kakugo/search/proof"
)

// Defend is the defence check: does the opponent (the side NOT to move)
// have a forced win of the given kind if we pass? If so, it returns the
// moves for the side to move after which no such win exists any more
// (possibly empty: lost), threatened=true.
//
// The candidates are the cells the opponent's proof plays on (a move
// anywhere else leaves that proof standing) and our own fours (a
// counter-four gains a tempo and may break it); each is played and the
// opponent's win searched for again. A candidate whose search ran out of
// time or nodes without a win counts as safe, and candidates left
// unchecked at the deadline are left out. The opponent's proofs after
// each candidate are neither extracted nor checked (Detect): a false win
// would only make a move look unsafe.
func (w *Search) Defend(ctx context.Context, b *engine.Board, ev *eval.Evaluator,
	kind proof.Kind, deadline time.Time, maxNodes int64) (safe []engine.Pos, threatened bool) {
	if ctx == nil {
		ctx = context.Background()
	}
	cands, threatened, spent := w.Threat(ctx, b, ev, kind, deadline, maxNodes)
	if !threatened {
		return nil, false
	}
	// Only the candidates' verdicts count: their proofs are neither
	// extracted nor checked (Verdict).
	for i, c := range cands {
		if expired(ctx, deadline) {
			break
		}
		var per int64
		if maxNodes > 0 {
			per = (maxNodes - spent) / int64(len(cands)-i)
			if per <= 0 {
				break
			}
		}
		b.Make(c)
		r := w.Verdict(ctx, b, ev, kind, deadline, per)
		b.Undo()
		spent += r.Nodes
		if !r.Win {
			safe = append(safe, c)
		}
	}
	slices.Sort(safe)
	return safe, true
}

// defenceCandidates lists the legal moves that may refute the opponent's
// win: its principal line first (the likeliest refutations), then the
// rest of its proof's cells, then our fours.
func (w *Search) defenceCandidates(b *engine.Board, ev *eval.Evaluator, threat Result) []engine.Pos {
	seen := map[engine.Pos]bool{}
	var out []engine.Pos
	add := func(p engine.Pos) {
		if !seen[p] && b.Legal(p) {
			seen[p] = true
			out = append(out, p)
		}
	}
	for _, p := range threat.Line {
		add(p)
	}
	if threat.Proof != nil {
		for _, p := range threat.Proof.Cells() {
			add(p)
		}
	}
	fours := slices.Clone(ev.Fours(b.SideToMove()))
	slices.Sort(fours)
	for _, p := range fours {
		add(p)
	}
	return out
}
