package protocol

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/search"
)

// SWAP2BOARD, the swap2 opening (Gomocup 2020). The manager sends it between
// START and BOARD, once or twice, with 0, 3 or 5 stones (black, white, black,
// white, black); the game itself then comes with BOARD, so the brain's game
// board is left alone here.
//
// The decisions rest on two things: the player's own choice of move, and the
// balance test of lines.go (the five-cell-window count after the side to
// move's best reply by that count), positive when black is better.
//   - 0 stones: the brain proposes three. Black takes the centre; white and
//     the second black stone range over the 5x5 square around it; the three
//     candidates the balance test finds closest to even are played out one
//     move further by the player (white's reply), and the one that stays
//     closest to even is sent.
//   - 3 stones: the player chooses white's fourth stone. If black is still
//     better by more than swap2Margin, the brain answers SWAP (it takes
//     black). If white is better by more than swap2Margin, it keeps white
//     and plays that stone. In between the position is balanced, and the
//     brain adds the player's fifth (black) stone and leaves the choice of
//     colour to the opponent, provided the balance stays within the margin;
//     otherwise it keeps white with the fourth stone.
//   - 5 stones: the player chooses white's sixth stone; if black is still
//     better after it, SWAP (take black), else play it as white.

// swap2Margin is the balance within which a swap2 position counts as even:
// one open two's worth of windows (a two is 4 per window, and an open two
// has four windows).
const swap2Margin = 16

// swap2 answers a SWAP2BOARD block.
func (s *server) swap2(bl *block) {
	n := len(bl.stones)
	if n != 0 && n != 3 && n != 5 {
		s.errorf("SWAP2BOARD: %d stones; expected 0, 3 or 5", n)
		return
	}
	b, err := engine.New(s.board.Width(), s.board.Height(), s.rule)
	for _, pt := range bl.stones {
		if err == nil {
			err = put(b, pt, b.SideToMove())
		}
	}
	if err != nil {
		s.errorf("SWAP2BOARD: %v", err)
		return
	}
	// The fallback gets its own board: an abandoned goroutine may still be
	// using b when it runs.
	fb := b.Clone()
	j := &job{kind: jobSwap2, start: bl.at}
	j.fallback = func() result { return result{text: (&swap2Chooser{}).reply(fb)} }
	player := s.cfg.Player
	s.launch(j, s.limits(bl.at), func(ctx context.Context, lim search.Limits) result {
		c := &swap2Chooser{ctx: ctx, player: player, lim: lim, deadline: lim.Start.Add(budget(lim))}
		return result{text: c.reply(b)}
	})
}

// swap2Chooser makes the swap2 decisions. With no player it decides by the
// balance test and fallbackMove alone.
type swap2Chooser struct {
	ctx      context.Context
	player   Player
	lim      search.Limits
	deadline time.Time // the end of the whole answer's budget
	calls    int       // player calls still planned, to share the time
}

// ask is the player's move for the side to move on b, with an equal share
// of the time left to each planned call; fallbackMove when the player gives
// nothing legal or the thought was stopped.
func (c *swap2Chooser) ask(b *engine.Board) engine.Pos {
	if c.player != nil && c.ctx.Err() == nil {
		lim := c.lim
		now := time.Now()
		lim.Start, lim.Turn = now, max(c.deadline.Sub(now)/time.Duration(max(c.calls, 1)), 0)
		c.calls--
		if p := c.player.Move(c.ctx, b.Clone(), lim); b.Legal(p) {
			return p
		}
	}
	return fallbackMove(b)
}

// reply is the SWAP2BOARD answer line for b, which holds 0, 3 or 5 stones.
func (c *swap2Chooser) reply(b *engine.Board) string {
	switch b.MoveCount() {
	case 0:
		return formatMoves(b, c.opening(b, 2)...)
	case 3:
		swap, moves := c.third(b)
		if swap {
			return "SWAP"
		}
		return formatMoves(b, moves...)
	}
	swap, w := c.fifth(b)
	if swap {
		return "SWAP"
	}
	return formatMoves(b, w)
}

// opening proposes the first three stones, the second within reach cells
// of the centre (2 for swap2, 1 for the 26 openings of Soosorv).
func (c *swap2Chooser) opening(b *engine.Board, reach int) []engine.Pos {
	var lines [][]engine.Pos
	for _, st := range openingCandidates(b) {
		if chebyshev(b, st[0], st[1]) <= reach {
			lines = append(lines, st[:])
		}
	}
	return c.evenest(b, lines, 0)
}

// evenest plays out the first three lines (closest to even first) one move
// further by the player's reply, and returns the one whose position then
// comes closest to the lead bias for the side that plays the line's first
// move, in the balance test's units.
func (c *swap2Chooser) evenest(b *engine.Board, lines [][]engine.Pos, bias int) []engine.Pos {
	tries := min(3, len(lines))
	c.calls = tries
	mover := sign(b.SideToMove())
	var best []engine.Pos
	bestScore := 0
	for i := 0; i < tries; i++ {
		pos := b.Clone()
		for _, p := range lines[i] {
			pos.Make(p)
		}
		score := 1 << 30 // no reply at all: never choose it
		if w := c.ask(pos); w != engine.NoPos {
			pos.Make(w)
			score = abs(mover*balance(pos) - bias)
		}
		if i == 0 || score < bestScore {
			best, bestScore = lines[i], score
		}
	}
	return best
}

// chebyshev is the king-move distance between two cells.
func chebyshev(b *engine.Board, p, q engine.Pos) int {
	px, py := b.XY(p)
	qx, qy := b.XY(q)
	return max(abs(px-qx), abs(py-qy))
}

// openingCandidates lists the three-stone openings black-centre, white and
// black within two cells of the centre, closest to even first by the
// balance test with white to move; among equals the more compact first.
func openingCandidates(b *engine.Board) [][3]engine.Pos {
	type cand struct {
		stones        [3]engine.Pos
		score, spread int
	}
	cx, cy := b.Width()/2, b.Height()/2
	centre := b.Pos(cx, cy)
	var around []engine.Pos
	for y := cy - 2; y <= cy+2; y++ {
		for x := cx - 2; x <= cx+2; x++ {
			if (x != cx || y != cy) && b.OnBoard(x, y) {
				around = append(around, b.Pos(x, y))
			}
		}
	}
	dist := func(p engine.Pos) int {
		x, y := b.XY(p)
		return max(abs(x-cx), abs(y-cy))
	}
	// The static count follows the stones by their gains, so that each of
	// the several hundred candidates costs only the look at the tempo.
	var cands []cand
	pos := b.Clone()
	s1 := staticBalance(pos) + gain(pos, centre, engine.Black)
	pos.Make(centre)
	for _, w := range around {
		s2 := s1 - gain(pos, w, engine.White)
		pos.Make(w)
		for _, k := range around {
			if k == w {
				continue
			}
			s3 := s2 + gain(pos, k, engine.Black)
			pos.Make(k)
			cands = append(cands, cand{[3]engine.Pos{centre, w, k}, abs(balanceFrom(pos, s3)), dist(w) + dist(k)})
			pos.Undo()
		}
		pos.Undo()
	}
	sort.SliceStable(cands, func(i, j int) bool {
		if cands[i].score != cands[j].score {
			return cands[i].score < cands[j].score
		}
		return cands[i].spread < cands[j].spread
	})
	out := make([][3]engine.Pos, len(cands))
	for i, c := range cands {
		out[i] = c.stones
	}
	return out
}

// third decides on three stones: swap (take black), white's fourth stone,
// or the fourth and fifth stones.
func (c *swap2Chooser) third(b *engine.Board) (swap bool, moves []engine.Pos) {
	c.calls = 2
	w := c.ask(b)
	if w == engine.NoPos {
		return true, nil
	}
	pos := b.Clone()
	pos.Make(w)
	s1 := balance(pos)
	switch {
	case s1 > swap2Margin:
		return true, nil
	case s1 < -swap2Margin:
		return false, []engine.Pos{w}
	}
	k := c.ask(pos)
	if k == engine.NoPos {
		return false, []engine.Pos{w}
	}
	pos.Make(k)
	if abs(balance(pos)) <= swap2Margin {
		return false, []engine.Pos{w, k}
	}
	return false, []engine.Pos{w}
}

// fifth decides on five stones: swap (take black), or white's sixth stone.
func (c *swap2Chooser) fifth(b *engine.Board) (swap bool, w engine.Pos) {
	c.calls = 1
	w = c.ask(b)
	if w == engine.NoPos {
		return true, w
	}
	pos := b.Clone()
	pos.Make(w)
	return balance(pos) > 0, w
}

// formatMoves writes moves as "x,y x,y ...".
func formatMoves(b *engine.Board, moves ...engine.Pos) string {
	parts := make([]string, len(moves))
	for i, p := range moves {
		x, y := b.XY(p)
		parts[i] = fmt.Sprintf("%d,%d", x, y)
	}
	return strings.Join(parts, " ")
}
