package protocol

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/search"
)

// Yixin-Board's opening rules and balance analysis. Its replies are MESSAGE
// lines that it parses itself (main.c, the read loop): a cell in them is
// written "a b" with the numbers of the `x,y` the brain would send. They
// are decided like SWAP2BOARD (swap2.go): by the player's own moves and the
// balance test of lines.go, positive when black is better.

// yixinAnswer computes the reply lines of a Yixin opening step or balance
// command on b with the chooser c.
type yixinAnswer func(c *swap2Chooser, b *engine.Board) []string

// yixinJob runs answer on b as a thought: YXSTOP and the turn limits stop
// it as they stop a move, and the answer without the player (the balance
// test alone) stands in when the player fails.
func (s *server) yixinJob(at time.Time, b *engine.Board, answer yixinAnswer) {
	fb := b.Clone()
	j := &job{kind: jobSwap2, start: at}
	j.fallback = func() result { return result{text: strings.Join(answer(&swap2Chooser{}, fb), "\n")} }
	player := s.cfg.Player
	s.launch(j, s.limits(at), func(ctx context.Context, lim search.Limits) result {
		c := &swap2Chooser{ctx: ctx, player: player, lim: lim, deadline: lim.Start.Add(budget(lim))}
		return result{text: strings.Join(answer(c, b), "\n")}
	})
}

// cellText writes p as Yixin-Board reads a cell in a MESSAGE: "a b".
func cellText(b *engine.Board, p engine.Pos) string {
	x, y := b.XY(p)
	return fmt.Sprintf("%d %d", x, y)
}

// stepBoard is the board a step works on: the game's with want stones, or
// an error reply.
func (s *server) stepBoard(cmd string, want int) (*engine.Board, bool) {
	if s.board == nil {
		s.errorf("%s before START", cmd)
		return nil, false
	}
	if n := s.board.MoveCount(); n != want {
		s.errorf("%s: %d stones on the board; expected %d (send YXBOARD first)", cmd, n, want)
		return nil, false
	}
	return s.board.Clone(), true
}

// swap2Step is `YXSWAP2STEPk`, Yixin-Board's swap2 with the brain as one of
// the players:
//   - step 1, on a new game: the brain opens with three stones
//     (MESSAGE SWAP2 MOVE1..3).
//   - step 2, after YXBOARD with three stones: the brain takes black
//     (SWAP1 YES), stays white (SWAP1 NO: a BOARD for its fourth stone
//     follows), or adds two stones (MOVE4, MOVE5) for the user to choose.
//   - step 3, after YXBOARD with five stones: the brain chooses black
//     (SWAP2 YES) or white (SWAP2 NO: a BOARD for its sixth stone follows).
func (s *server) swap2Step(at time.Time, k int) {
	cmd := fmt.Sprintf("YXSWAP2STEP%d", k)
	switch k {
	case 1:
		// A new game: the stones of the last one do not count.
		w, h := s.openingSize()
		b, err := engine.New(w, h, s.rule)
		if err != nil {
			s.errorf("%s: %v", cmd, err)
			return
		}
		s.yixinJob(at, b, func(c *swap2Chooser, b *engine.Board) []string {
			var out []string
			for i, p := range c.opening(b, 2) {
				out = append(out, fmt.Sprintf("MESSAGE SWAP2 MOVE%d %s", i+1, cellText(b, p)))
			}
			return out
		})
	case 2:
		b, ok := s.stepBoard(cmd, 3)
		if !ok {
			return
		}
		s.yixinJob(at, b, func(c *swap2Chooser, b *engine.Board) []string {
			swap, moves := c.third(b)
			switch {
			case swap:
				return []string{"MESSAGE SWAP2 SWAP1 YES"}
			case len(moves) == 1:
				return []string{"MESSAGE SWAP2 SWAP1 NO"}
			}
			return []string{"MESSAGE SWAP2 MOVE4 " + cellText(b, moves[0]), "MESSAGE SWAP2 MOVE5 " + cellText(b, moves[1])}
		})
	case 3:
		b, ok := s.stepBoard(cmd, 5)
		if !ok {
			return
		}
		s.yixinJob(at, b, func(c *swap2Chooser, b *engine.Board) []string {
			if swap, _ := c.fifth(b); swap {
				return []string{"MESSAGE SWAP2 SWAP2 YES"}
			}
			return []string{"MESSAGE SWAP2 SWAP2 NO"}
		})
	}
}

// openingSize is the board of an opening step: the game's, or before any
// START 15x15. Yixin-Board sends the steps that start a game without a
// START when the brain plays black (main.c, show_forbid returns early), and
// 15x15 is its default board and every opening rule's.
func (s *server) openingSize() (w, h int) {
	if s.board == nil {
		return 15, 15
	}
	return s.board.Width(), s.board.Height()
}

// openSteps starts reading the stones of `YXSOOSORVSTEPk [N]`, which
// follow on lines of their own ("x,y", in move order) up to DONE.
func (s *server) openSteps(at time.Time, k int, arg string) {
	n := int64(0)
	if k == 4 || k == 5 {
		v, err := parseInt(arg)
		if err != nil || v < 1 {
			// The block is still read, so that its lines are not taken
			// for commands; the error comes at DONE.
			v = 0
		}
		n = v
	}
	s.block = &block{kind: blockSteps, at: at, step: k, n: int(min(n, maxSoosorvN))}
}

// maxSoosorvN bounds the number of fifth moves of Soosorv-N.
const maxSoosorvN = 10

// soosorvStep answers `YXSOOSORVSTEPk`, Yixin-Board's Soosorv-N opening
// (the first stone in the centre, the second within one cell of it, the
// third within two; after the fourth stone its player names N, and black
// offers N fifth stones, no two alike by symmetry, of which white takes
// one). stones are the block's, in move order; n is N for steps 4 and 5.
func (s *server) soosorvStep(at time.Time, k int, stones []engine.Point, n int) {
	cmd := fmt.Sprintf("YXSOOSORVSTEP%d", k)
	want := map[int]int{1: 0, 2: 3, 3: 3, 4: 4, 5: 4}[k]
	if k == 6 {
		want = max(len(stones), 5)
	}
	if len(stones) != want || ((k == 4 || k == 5) && n < 1) {
		s.errorf("%s: %d stones and N=%d; expected %d stones and N from 1 to %d", cmd, len(stones), n, want, maxSoosorvN)
		return
	}
	w, h := s.openingSize()
	b, err := engine.New(w, h, s.rule)
	opening := stones
	if k == 6 {
		opening = stones[:4]
	}
	for _, pt := range opening {
		if err == nil {
			err = put(b, pt, b.SideToMove())
		}
	}
	var offered []engine.Pos
	if k == 6 {
		for _, pt := range stones[4:] {
			if err == nil && (!b.OnBoard(pt.X, pt.Y) || b.At(b.Pos(pt.X, pt.Y)) != engine.Empty) {
				err = fmt.Errorf("fifth stone %d,%d: not an empty cell", pt.X, pt.Y)
			}
			if err == nil {
				offered = append(offered, b.Pos(pt.X, pt.Y))
			}
		}
	}
	if err != nil {
		s.errorf("%s: %v", cmd, err)
		return
	}
	var answer yixinAnswer
	switch k {
	case 1:
		answer = func(c *swap2Chooser, b *engine.Board) []string {
			var out []string
			for i, p := range c.opening(b, 1) {
				out = append(out, fmt.Sprintf("MESSAGE SOOSORV MOVE%d %s", i+1, cellText(b, p)))
			}
			return out
		}
	case 2:
		// Take black when black is still better after white's best
		// fourth stone.
		answer = func(c *swap2Chooser, b *engine.Board) []string {
			if swap, _ := c.fifth(b); swap {
				return []string{"MESSAGE SOOSORV SWAP1 YES"}
			}
			return []string{"MESSAGE SOOSORV SWAP1 NO"}
		}
	case 3:
		answer = func(c *swap2Chooser, b *engine.Board) []string {
			w, n := c.fourth(b)
			return []string{fmt.Sprintf("MESSAGE SOOSORV MOVE4 %s %d", cellText(b, w), n)}
		}
	case 4:
		answer = func(c *swap2Chooser, b *engine.Board) []string {
			if c.swapBeforeFifth(b, n) {
				return []string{"MESSAGE SOOSORV SWAP2 YES"}
			}
			return []string{"MESSAGE SOOSORV SWAP2 NO"}
		}
	case 5:
		answer = func(c *swap2Chooser, b *engine.Board) []string {
			out := []string{"MESSAGE SOOSORV MOVE5 REFRESH"}
			for _, p := range c.fifthOffers(b, n) {
				out = append(out, "MESSAGE SOOSORV MOVE5 "+cellText(b, p))
			}
			return append(out, "MESSAGE SOOSORV MOVE5 DONE")
		}
	case 6:
		answer = func(c *swap2Chooser, b *engine.Board) []string {
			return []string{"MESSAGE SOOSORV MOVE5C " + cellText(b, worstFifth(b, offered))}
		}
	}
	s.yixinJob(at, b, answer)
}

// fourth is white's fourth stone of Soosorv and the N it names. The more
// fifth stones black must offer, the worse the worst of them is for black,
// so white names more of them the better black stands after the fourth.
func (c *swap2Chooser) fourth(b *engine.Board) (engine.Pos, int) {
	c.calls = 1
	w := c.ask(b)
	pos := b.Clone()
	pos.Make(w)
	return w, soosorvN(balance(pos))
}

// soosorvN is the N white names when black leads by lead after the fourth
// stone: one, and one more per swap2Margin of black's lead, at most 5.
func soosorvN(lead int) int {
	return min(max(1+lead/swap2Margin, 1), 5)
}

// swapBeforeFifth decides whether black, with four stones on the board and
// n fifth stones to offer, had rather be white: black's best fifth stone is
// worth its balance, and each further offer gives white a choice, priced
// at half a swap2Margin (a rough price, not a measured one).
func (c *swap2Chooser) swapBeforeFifth(b *engine.Board, n int) bool {
	c.calls = 1
	k := c.ask(b)
	pos := b.Clone()
	pos.Make(k)
	return balance(pos)-(n-1)*swap2Margin/2 < 0
}

// fifthOffers are black's n fifth stones: the player's first choice, then
// the cells the balance test likes best for black, skipping any that is a
// mirror image of one already offered.
func (c *swap2Chooser) fifthOffers(b *engine.Board, n int) []engine.Pos {
	c.calls = 1
	first := c.ask(b)
	type cand struct {
		p     engine.Pos
		score int
	}
	var cands []cand
	for _, p := range candidates(b) {
		if b.Legal(p) && p != first {
			pos := b.Clone()
			pos.Make(p)
			cands = append(cands, cand{p, balance(pos)})
		}
	}
	slices.SortStableFunc(cands, func(x, y cand) int { return y.score - x.score })
	var out []engine.Pos
	var seen []string
	for _, p := range append([]engine.Pos{first}, func() []engine.Pos {
		ps := make([]engine.Pos, len(cands))
		for i, c := range cands {
			ps[i] = c.p
		}
		return ps
	}()...) {
		if len(out) == n || !b.Legal(p) {
			continue
		}
		pos := b.Clone()
		pos.Make(p)
		key := canonical(pos)
		if slices.Contains(seen, key) {
			continue
		}
		seen, out = append(seen, key), append(out, p)
	}
	return out
}

// worstFifth is white's pick among black's offered fifth stones: the one
// after which the balance test favours black least.
func worstFifth(b *engine.Board, offered []engine.Pos) engine.Pos {
	best, bestScore := offered[0], 0
	for i, p := range offered {
		pos := b.Clone()
		pos.Make(p)
		if sc := balance(pos); i == 0 || sc < bestScore {
			best, bestScore = p, sc
		}
	}
	return best
}

// canonical names a position up to the board's symmetries (the eight of a
// square board, the four of a rectangle), for telling mirror images apart.
func canonical(b *engine.Board) string {
	w, h := b.Width(), b.Height()
	var best string
	for t := range 8 {
		if w != h && t >= 4 { // a rectangle has no diagonal symmetry
			continue
		}
		cells := make([]string, 0, b.MoveCount())
		for _, m := range b.Moves() {
			x, y := b.XY(m)
			if t&1 != 0 {
				x = w - 1 - x
			}
			if t&2 != 0 {
				y = h - 1 - y
			}
			if t&4 != 0 {
				x, y = y, x
			}
			cells = append(cells, fmt.Sprintf("%d:%d,%d", b.At(m), x, y))
		}
		slices.Sort(cells)
		if key := strings.Join(cells, " "); t == 0 || key < best {
			best = key
		}
	}
	return best
}

// balanceCmd is `YXBALANCEONE S` and `YXBALANCETWO S` after YXBOARD: one
// move (two: the side to move's and the reply) that leaves the position
// as even as it can, the side that plays the first of them ahead by S in
// the balance test's units (0: even). The answer is sent like a move,
// "x,y" or "x,y x,y", and played on the brain's board.
func (s *server) balanceCmd(at time.Time, n int, arg string) {
	cmd := [...]string{"", "YXBALANCEONE", "YXBALANCETWO"}[n]
	bias := int64(0)
	if arg != "" {
		v, err := parseInt(arg)
		if err != nil {
			s.errorf("%s %q: %v", cmd, echo(arg), err)
			return
		}
		bias = min(max(v, -1<<20), 1<<20)
	}
	if !s.brainToMove(cmd) {
		return
	}
	// The fallback gets its own board: an abandoned goroutine may still be
	// using b when it runs.
	b, fb := s.board.Clone(), s.board.Clone()
	j := &job{kind: jobBalance, start: at}
	j.fallback = func() result { return result{list: balanceLine(&swap2Chooser{}, fb, n, int(bias))} }
	player := s.cfg.Player
	s.launch(j, s.limits(at), func(ctx context.Context, lim search.Limits) result {
		c := &swap2Chooser{ctx: ctx, player: player, lim: lim, deadline: lim.Start.Add(budget(lim))}
		return result{list: balanceLine(c, b, n, int(bias))}
	})
}

// balanceLine lists the lines of n moves from b (n is 1 or 2), closest to
// the bias first by the balance test, and lets evenest pick among the
// first ones with the player's replies.
func balanceLine(c *swap2Chooser, b *engine.Board, n, bias int) []engine.Pos {
	type cand struct {
		line  []engine.Pos
		score int
	}
	mover := b.SideToMove()
	var cands []cand
	pos := b.Clone()
	for _, p := range candidates(pos) {
		if !pos.Legal(p) {
			continue
		}
		pos.Make(p)
		if n == 1 {
			cands = append(cands, cand{[]engine.Pos{p}, abs(sign(mover)*balance(pos) - bias)})
		} else {
			for _, q := range candidates(pos) {
				if pos.Legal(q) {
					pos.Make(q)
					cands = append(cands, cand{[]engine.Pos{p, q}, abs(sign(mover)*balance(pos) - bias)})
					pos.Undo()
				}
			}
		}
		pos.Undo()
	}
	slices.SortStableFunc(cands, func(x, y cand) int { return x.score - y.score })
	lines := make([][]engine.Pos, len(cands))
	for i, cd := range cands {
		lines[i] = cd.line
	}
	if len(lines) == 0 {
		return nil
	}
	return c.evenest(b, lines, bias)
}

// searchDefend is Yixin-Board's `YXSEARCHDEFEND`: after YXBOARD, every move
// of the side to move ranked (as Rapfi answers it: YXNBEST over all moves),
// so that the user sees which moves hold.
func (s *server) searchDefend(at time.Time) {
	if !s.brainToMove("YXSEARCHDEFEND") {
		return
	}
	s.think(at, jobNBest, s.board.Width()*s.board.Height()-s.board.MoveCount())
}
