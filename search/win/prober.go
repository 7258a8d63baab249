package win

import (
	"context"
	"time"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/eval"
	"github.com/kakugo/kakugo/search/proof"
	"github.com/kakugo/kakugo/search/threat"
)

// Prober runs a Search's verdicts at many positions below one root, as the
// tree search's in-tree probes ask them: short searches (about a hundred
// nodes) at positions a few moves apart. Such a search is too short to
// build the threat tracker for itself (trackerMinNodes), so on its own it
// reads the evaluator, whose make and undo cost two to four times the
// tracker's even frozen. A Prober keeps its own copy of the game with a
// tracker attached, built once at the root, and brings it to each probed
// position by taking back and making only the moves past the prefix it
// shares with the last one. The search then plays on that copy and reads
// the tracker; the caller's evaluator, which stays on the caller's board
// at the same position, gives only the move-ordering potentials, frozen
// there as in Verdict. The answers, and so the nodes, are Verdict's: the
// tracker's reads are the evaluator's definitions (threat's tests).
//
// Under a rule the tracker does not handle (caro), or when the Search
// reads the evaluator by choice (ReaderEvaluator), Verdict is the
// Search's own. A Prober is used by one goroutine at a time.
type Prober struct {
	s    *Search
	b    *engine.Board // the copy, with tr attached (nil: the Search's own Verdict)
	tr   *threat.Tracker
	root int // the root's move count: the copy never goes below it
}

// Reset points p at the Search s and a new root, root's current position
// (the caller's board, with later probed positions made on top of it).
// It reuses the tracker's memory; the copy of the game costs one board.
func (p *Prober) Reset(s *Search, root *engine.Board) {
	p.s, p.root, p.b = s, root.MoveCount(), nil
	if s.Reader == ReaderEvaluator || !threat.Supports(root.Rule()) {
		return
	}
	p.b = root.Clone()
	if p.tr == nil {
		p.tr = threat.New(p.b)
	} else {
		p.tr.Reset(p.b)
	}
	p.b.Attach(p.tr)
}

// Verdict is the Search's Verdict at b's position. b is the root's game
// with moves made on top of it, and ev is attached to b; neither is
// changed.
func (p *Prober) Verdict(ctx context.Context, b *engine.Board, ev *eval.Evaluator,
	kind proof.Kind, deadline time.Time, maxNodes int64) Result {
	if p.b == nil {
		return p.s.Verdict(ctx, b, ev, kind, deadline, maxNodes)
	}
	p.follow(b)
	p.s.external = p.tr
	defer func() { p.s.external = nil }()
	return p.s.Verdict(ctx, p.b, ev, kind, deadline, maxNodes)
}

// follow brings the copy to b's position: it takes back its moves past the
// prefix they share with b's (below the root both games are the same) and
// makes b's remaining ones, each in the colour b has there.
func (p *Prober) follow(b *engine.Board) {
	want, have := b.Moves(), p.b.Moves()
	k := p.root
	for k < len(want) && k < len(have) && want[k] == have[k] {
		k++
	}
	for p.b.MoveCount() > k {
		p.b.Undo()
	}
	for _, m := range want[k:] {
		p.b.Put(m, b.At(m))
	}
	p.b.SetSideToMove(b.SideToMove())
}
