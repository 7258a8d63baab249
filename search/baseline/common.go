package baseline

import (
	"context"
	"math/rand/v2"
	"time"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/search"
)

// clock decides when a search must stop: the context, a deadline derived from
// the limits, and an optional cap on interior nodes. It is checked once per
// interior node and looks at the wall clock every clockEvery of them: an
// interior node near the leaves evaluates a dozen or more positions, so a
// longer stride could overrun a short deadline by milliseconds.
type clock struct {
	ctx      context.Context
	deadline time.Time
	bounded  bool
	nodes    int64
	maxNodes int64
	stopped  bool
}

// clockEvery is how many nodes pass between two looks at the wall clock.
const clockEvery = 8

// newClock derives the budget for one move. The baselines are sparring
// partners, not contenders for the clock: they take a quarter of the turn
// time, and a twentieth of what is left of the match when that is bounded,
// so they never come near a time loss. Turn == 0 means move at once: the
// deadline is the start itself, and callers still finish their cheapest
// complete answer (one ply) before they look at it.
func newClock(ctx context.Context, lim search.Limits) *clock {
	c := &clock{ctx: ctx, maxNodes: lim.MaxNodes}
	start := lim.Start
	if start.IsZero() {
		start = time.Now()
	}
	budget := time.Duration(-1)
	if lim.Turn >= 0 {
		budget = lim.Turn / 4
	}
	if lim.Match > 0 && lim.Left != search.Unlimited {
		share := lim.Left / 20
		if share < 0 {
			share = 0
		}
		if budget < 0 || share < budget {
			budget = share
		}
	}
	if budget >= 0 {
		c.bounded = true
		c.deadline = start.Add(budget)
	}
	return c
}

// stop reports whether the search must give up now. Once it has said yes it
// keeps saying yes, so an interrupted iteration is never mistaken for a
// complete one.
func (c *clock) stop() bool {
	if c.stopped {
		return true
	}
	c.nodes++
	if c.maxNodes > 0 && c.nodes >= c.maxNodes {
		c.stopped = true
		return true
	}
	if c.nodes%clockEvery == 0 {
		c.stopped = c.expired()
	}
	return c.stopped
}

// expired looks at the context and the wall clock now.
func (c *clock) expired() bool {
	if c.ctx != nil && c.ctx.Err() != nil {
		return true
	}
	return c.bounded && !time.Now().Before(c.deadline)
}

// newRand is the players' source of random tie-breaks: PCG seeded from the
// player's seed, so a match can be replayed exactly.
func newRand(seed int64) *rand.Rand {
	return rand.New(rand.NewPCG(uint64(seed), 0x9e3779b97f4a7c15))
}

// neighbourhood collects the empty cells near the stones. It keeps a stamp
// per cell so that collecting again does not need clearing.
type neighbourhood struct {
	mark  []uint32
	stamp uint32
	out   []engine.Pos
}

// near lists the empty cells within Chebyshev distance dist (at most
// engine.Pad) of a stone, in the order the stones were played. The slice is
// reused by the next call.
func (n *neighbourhood) near(b *engine.Board, dist int) []engine.Pos {
	if len(n.mark) != b.Size() {
		n.mark = make([]uint32, b.Size())
		n.stamp = 0
	}
	n.stamp++
	if n.stamp == 0 { // wrapped: old stamps could collide
		clear(n.mark)
		n.stamp = 1
	}
	n.out = n.out[:0]
	stride := b.Dirs()[1]
	for _, s := range b.Moves() {
		for dy := -dist; dy <= dist; dy++ {
			for dx := -dist; dx <= dist; dx++ {
				// The wall padding is engine.Pad cells wide, so q stays
				// inside the array and off-board cells read as Wall.
				q := s + engine.Pos(dy)*stride + engine.Pos(dx)
				if b.At(q) == engine.Empty && n.mark[q] != n.stamp {
					n.mark[q] = n.stamp
					n.out = append(n.out, q)
				}
			}
		}
	}
	return n.out
}

// centre is the opening move on an empty board.
func centre(b *engine.Board) engine.Pos {
	return b.Pos(b.Width()/2, b.Height()/2)
}

// fives looks at the cells next to stones for a five: the side to move's own
// (win) first, else the opponent's (block). Every five point touches a stone
// of its line, so distance one is enough. It returns NoPos when neither
// exists, or when the only block is a point the side to move may not play.
func fives(b *engine.Board, n *neighbourhood) (win, block engine.Pos) {
	me := b.SideToMove()
	win, block = engine.NoPos, engine.NoPos
	for _, p := range n.near(b, 1) {
		if b.IsFive(p, me) && b.Legal(p) {
			return p, engine.NoPos
		}
		if block == engine.NoPos && b.IsFive(p, me.Opp()) && b.Legal(p) {
			block = p
		}
	}
	return engine.NoPos, block
}

// forced is the move every baseline plays before thinking: the centre on an
// empty board, a five, or the block of the opponent's five.
func forced(b *engine.Board, n *neighbourhood) (engine.Pos, bool) {
	if b.MoveCount() == 0 {
		if p := centre(b); b.Legal(p) {
			return p, true
		}
	}
	win, block := fives(b, n)
	if win != engine.NoPos {
		return win, true
	}
	if block != engine.NoPos {
		return block, true
	}
	return engine.NoPos, false
}

// anyLegal is the last resort when no cell near the stones may be played: the
// first legal cell in row order, or, when renju leaves black no legal cell at
// all, the first empty one (the game cannot go on legally either way).
func anyLegal(b *engine.Board) engine.Pos {
	empty := engine.NoPos
	for y := 0; y < b.Height(); y++ {
		for x := 0; x < b.Width(); x++ {
			p := b.Pos(x, y)
			if b.At(p) != engine.Empty {
				continue
			}
			if b.Legal(p) {
				return p
			}
			if empty == engine.NoPos {
				empty = p
			}
		}
	}
	return empty
}

// windowWeight scores a five-cell window by how many stones of one colour it
// holds, when it holds no opponent stone and no wall (Garcia's monomials).
var windowWeight = [6]int{0, 1, 8, 64, 512, 4096}

// windowScore sums windowWeight over the five-cell windows through the empty
// cell p that c could still fill, counting p as c's. It is the quick score
// the searching baselines order their moves by.
func windowScore(b *engine.Board, p engine.Pos, c engine.Color) int {
	total := 0
	for _, d := range b.Dirs() {
		// Read the nine cells of the line centred on p once.
		var line [9]engine.Color
		for i := -4; i <= 4; i++ {
			line[i+4] = b.At(p + engine.Pos(i)*d)
		}
		line[4] = c
		for s := 0; s < 5; s++ {
			n := 0
			for i := s; i < s+5; i++ {
				if line[i] == c {
					n++
				} else if line[i] != engine.Empty {
					n = -1
					break
				}
			}
			if n > 0 {
				total += windowWeight[n]
			}
		}
	}
	return total
}
