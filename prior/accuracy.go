package prior

import (
	"math"
	"slices"
	"sync"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/nn"
)

// ViewAccuracy scores the player's priors from net (its blocks in 8 bits,
// as in play) averaged over views symmetric views (SymmetricPriors; 1: the
// board as it is) on every predicted move of games, over threads
// goroutines, summed by group(game): how often the recorded move is the
// first choice or among the first five of the legal moves, and its
// cross-entropy. It measures what RootSymmetries and DeepSymmetries give
// the tree.
func ViewAccuracy(net *nn.Net, games []nn.Game, views, threads int, group func(*nn.Game) string) (map[string]*nn.Accuracy, error) {
	build, err := builder(net)
	if err != nil {
		return nil, err
	}
	threads = max(threads, 1)
	pols := make([]*netPolicy, threads)
	for i := range pols {
		pols[i] = build().(*netPolicy)
	}
	type job struct{ game, ply int }
	var jobs []job
	for gi := range games {
		for ply := games[gi].Opening; ply < len(games[gi].Moves); ply++ {
			jobs = append(jobs, job{gi, ply})
		}
	}
	parts := make([]map[string]*nn.Accuracy, threads)
	var wg sync.WaitGroup
	for t := range threads {
		wg.Add(1)
		go func() {
			defer wg.Done()
			res := map[string]*nn.Accuracy{}
			var legal []bool
			var moves []engine.Pos
			var probs []float32
			for i := t; i < len(jobs); i += threads {
				g := &games[jobs[i].game]
				key := group(g)
				acc := res[key]
				if acc == nil {
					acc = &nn.Accuracy{}
					res[key] = acc
				}
				b, mv, err := g.Position(jobs[i].ply, 0)
				if err != nil || !b.OnBoard(mv.X, mv.Y) || !b.Legal(b.Pos(mv.X, mv.Y)) {
					acc.Skipped++
					continue
				}
				legal = nn.LegalMask(b, legal)
				moves = moves[:0]
				target := -1
				w := b.Width()
				for c, ok := range legal {
					if ok {
						if c == mv.Y*w+mv.X {
							target = len(moves)
						}
						moves = append(moves, b.Pos(c%w, c/w))
					}
				}
				probs = slices.Grow(probs[:0], len(moves))[:len(moves)] // SymmetricPriors writes every entry
				if target < 0 || !pols[t].SymmetricPriors(b, moves, probs, views) {
					acc.Skipped++
					continue
				}
				scoreView(acc, probs, target)
			}
			parts[t] = res
		}()
	}
	wg.Wait()
	total := map[string]*nn.Accuracy{}
	for _, p := range parts {
		for k, a := range p {
			if total[k] == nil {
				total[k] = &nn.Accuracy{}
			}
			total[k].Merge(*a)
		}
	}
	return total, nil
}

// scoreView adds one position to acc: probs are the priors of the legal
// moves, target the index of the recorded one. A move ranks by the moves
// with a strictly higher prior, as nn's accuracy ranks by logits.
func scoreView(acc *nn.Accuracy, probs []float32, target int) {
	var sum float64
	rank := 0
	for _, p := range probs {
		sum += float64(p)
		if p > probs[target] {
			rank++
		}
	}
	loss := math.Inf(1)
	if p := float64(probs[target]); p > 0 && sum > 0 {
		loss = -math.Log(p / sum)
	}
	acc.N++
	acc.Loss += loss
	acc.Obj += loss
	if rank == 0 {
		acc.Top1++
	}
	if rank < 5 {
		acc.Top5++
	}
}
