package search

import (
	"context"
	"fmt"
	"math"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/eval"
	"github.com/kakugo/kakugo/search/ab"
	"github.com/kakugo/kakugo/search/mcts"
)

// kakugoABUntimedNodes bounds an untimed alpha-beta search with no node
// limit (bench, analysis without a clock).
const kakugoABUntimedNodes = 200_000

// abSearch runs the alpha-beta search in place of the tree search over
// the allowed moves (nil: all) and returns its move and the root moves
// ranked as the tree's would be: the move check reads them the same way.
func (k *Kakugo) abSearch(ctx context.Context, e *eval.Evaluator, lim Limits, bud Budget, timed bool, allowed []engine.Pos) (engine.Pos, []mcts.Ranked) {
	b := e.Board()
	if k.ab == nil {
		return kakugoChoice(e, allowed), nil
	}
	al := ab.Limits{MaxNodes: lim.MaxNodes, MaxDepth: lim.MaxDepth, Allowed: allowed,
		Stop: func() bool { return ctx.Err() != nil }}
	if timed {
		al.Soft, al.Hard = bud.Start().Add(bud.Soft()), bud.Start().Add(bud.Hard())
	} else if al.MaxNodes <= 0 && al.MaxDepth <= 0 {
		al.MaxNodes = kakugoABUntimedNodes
	}
	res := k.ab.Search(e, al)
	k.stats.nodes, k.stats.playouts = res.Nodes, 0
	if res.Move == engine.NoPos {
		return kakugoChoice(e, allowed), nil
	}
	// Mate scores are the search's verdicts, not proofs (quiet moves are
	// cut below the root, for both sides). The ranking marks the moves it
	// found lost, which the move check then skips as it skips the tree's
	// proven losses, but never a win: a win must not spare a move the
	// check.
	ranked := make([]mcts.Ranked, 0, len(res.Root))
	for i, r := range res.Root {
		proof := int32(0)
		if ab.Proven(r.Score) < 0 {
			proof = -1
		}
		ranked = append(ranked, mcts.Ranked{Move: r.Move, Visits: int32(len(res.Root) - i),
			Value: math.Max(-1, math.Min(1, float64(r.Score)/1000)), Proof: proof})
	}
	if lim.Info != nil {
		ev := kakugoEv(mcts.Ranked{Value: ranked[0].Value, Proof: int32(ab.Proven(res.Score))})
		lim.Info(fmt.Sprintf("depth %d | ev %s | n %d | nps %s | tm %d | pv %s", res.Depth, ev, res.Nodes,
			kakugoRate(res.Nodes, bud.Elapsed()), bud.Elapsed().Milliseconds(), kakugoMoves(b, res.PV)))
	}
	return res.Move, ranked
}
