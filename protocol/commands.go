package protocol

import (
	"fmt"
	"strings"
	"time"

	"github.com/kakugo/kakugo/engine"
)

// The commands that change or query the game. Each one either succeeds or
// answers ERROR and leaves the state as it was.

// start is `START n`: a new game on an n x n board. Yixin-Board sends
// `START w h` (its columns, then its rows) and then every coordinate as
// row,col: its first coordinate runs over the h rows. The board is made
// so that those coordinates are x,y on it, h wide and w high; for the
// square boards every other manager uses, that is the same n x n board.
func (s *server) start(arg string) {
	first, rest := splitWord(arg)
	n, err := parseInt(first)
	h := n
	if err == nil && rest != "" {
		h, err = parseInt(rest)
	}
	if err != nil {
		s.errorf("START %q: %v", echo(arg), err)
		return
	}
	s.newGame(h, n)
}

// rectStart is `RECTSTART w,h`.
func (s *server) rectStart(arg string) {
	f, err := parseFields(arg, 2)
	if err != nil {
		s.errorf("RECTSTART %q: %v", echo(arg), err)
		return
	}
	s.newGame(int64(f[0]), int64(f[1]))
}

// restart is `RESTART`: a new game on a board of the same size.
func (s *server) restart(string) {
	if s.board == nil {
		s.errorf("RESTART before START: no board size yet")
		return
	}
	s.newGame(int64(s.board.Width()), int64(s.board.Height()))
}

// newGame replaces the game with an empty w x h board under the rule INFO
// last set, ending the old game for the player if it was unfinished.
// c-gomoku-cli starts every game this way, with no END or RESTART between.
func (s *server) newGame(w, h int64) {
	if w < engine.MinSize || w > engine.MaxSize || h < engine.MinSize || h > engine.MaxSize {
		s.errorf("unsupported board size %dx%d (%d to %d)", w, h, engine.MinSize, engine.MaxSize)
		return
	}
	b, err := engine.New(int(w), int(h), s.rule)
	if err != nil {
		s.errorf("%v", err)
		return
	}
	s.abandonGame()
	s.board, s.me, s.over, s.suggested = b, engine.Empty, false, engine.NoPos
	s.set.newGame()
	s.out.line("OK")
}

// playing checks that a game is on and that no SUGGEST waits for PLAY.
func (s *server) playing(cmd string) bool {
	switch {
	case s.board == nil:
		s.errorf("%s before START", cmd)
	case s.suggested != engine.NoPos:
		x, y := s.board.XY(s.suggested)
		s.errorf("%s while SUGGEST %d,%d waits for PLAY", cmd, x, y)
	case s.board.Winner() != engine.Empty:
		s.errorf("%s: the game is over, %s made five", cmd, s.board.Winner())
	case s.board.Full():
		s.errorf("%s: the board is full", cmd)
	default:
		return true
	}
	return false
}

// brainToMove checks that the brain may be asked for a move now. On an empty
// board it takes the side to move (black); after BOARD or YXBOARD it is the
// colour those set.
func (s *server) brainToMove(cmd string) bool {
	if !s.playing(cmd) {
		return false
	}
	side := s.board.SideToMove()
	// On an empty board (a new game, or every move taken back) the brain
	// may open whatever colour it had.
	if s.me != engine.Empty && s.me != side && s.board.MoveCount() > 0 {
		s.errorf("%s: it is the opponent's turn (the brain plays %s)", cmd, s.me)
		return false
	}
	s.me = side
	return true
}

// begin is `BEGIN`: the brain opens the game.
func (s *server) begin(at time.Time, _ string) {
	if s.brainToMove("BEGIN") {
		s.think(at, jobMove, 1)
	}
}

// turn is `TURN x,y`: the opponent played x,y; the brain answers.
func (s *server) turn(at time.Time, arg string) {
	if !s.playing("TURN") {
		return
	}
	p, ok := s.cell("TURN", arg)
	if !ok {
		return
	}
	b := s.board
	side := b.SideToMove()
	if s.me == side {
		s.errorf("TURN: it is the brain's turn, not the opponent's")
		return
	}
	if b.At(p) != engine.Empty {
		s.errorf("TURN %s: %v", echo(arg), engine.ErrOccupied)
		return
	}
	if side == engine.Black && b.IsForbidden(p) {
		// The manager judges fouls; the brain keeps the game it is given.
		s.debugf("the opponent played a forbidden point")
	}
	s.me = side.Opp()
	b.Make(p)
	s.checkOver()
	if w := b.Winner(); w != engine.Empty {
		s.errorf("the game is over: %s made five", w)
		return
	}
	if b.Full() {
		s.errorf("the game is over: the board is full")
		return
	}
	s.think(at, jobMove, 1)
}

// cell parses "x,y" and checks that it is on the board.
func (s *server) cell(cmd, arg string) (engine.Pos, bool) {
	f, err := parseFields(arg, 2)
	if err == nil && !s.board.OnBoard(f[0], f[1]) {
		err = engine.ErrOffBoard
	}
	if err != nil {
		s.errorf("%s %q: %v", cmd, echo(arg), err)
		return engine.NoPos, false
	}
	return s.board.Pos(f[0], f[1]), true
}

// takeback is `TAKEBACK x,y`: undo the last move, which must be at x,y.
func (s *server) takeback(arg string) {
	if s.board == nil {
		s.errorf("TAKEBACK before START")
		return
	}
	p, ok := s.cell("TAKEBACK", arg)
	if !ok {
		return
	}
	if last := s.board.LastMove(); last != p {
		if last == engine.NoPos {
			s.errorf("TAKEBACK: the board is empty")
		} else {
			x, y := s.board.XY(last)
			s.errorf("TAKEBACK %s: only the last move (%d,%d) can be taken back", echo(arg), x, y)
		}
		return
	}
	s.board.Undo()
	s.over, s.suggested = false, engine.NoPos
	s.out.line("OK")
}

// play is `PLAY x,y`, the manager's confirmation of a SUGGEST: the brain
// plays x,y (normally the suggested move) and echoes it.
func (s *server) play(arg string) {
	if s.board == nil || s.suggested == engine.NoPos {
		s.errorf("PLAY without a SUGGEST")
		return
	}
	p, ok := s.cell("PLAY", arg)
	if !ok {
		return
	}
	// The suggested cell itself is played even when it is not legal: renju
	// black's suggestion when only forbidden cells are left (noLegalMove).
	if !s.board.Legal(p) && p != s.suggested {
		s.errorf("PLAY %s: not a legal move for %s", echo(arg), s.board.SideToMove())
		return
	}
	if p != s.suggested {
		s.debugf("PLAY differs from the suggested move")
	}
	s.suggested = engine.NoPos
	s.board.Make(p)
	x, y := s.board.XY(p)
	s.out.line(fmt.Sprintf("%d,%d", x, y))
	s.checkOver()
}

// showForbid is Yixin-Board's `YXSHOWFORBID`: black's renju forbidden
// points as "FORBID " and two digits each for x and y, ended by a dot.
func (s *server) showForbid() {
	if s.board == nil {
		s.errorf("YXSHOWFORBID before START")
		return
	}
	var sb strings.Builder
	sb.WriteString("FORBID ")
	for _, p := range s.board.ForbiddenPoints() {
		x, y := s.board.XY(p)
		fmt.Fprintf(&sb, "%02d%02d", x, y)
	}
	sb.WriteByte('.')
	s.out.line(sb.String())
}

// hashClear is `YXHASHCLEAR`: the player forgets what it has learnt about
// positions. It has no reply.
func (s *server) hashClear() {
	h, ok := s.cfg.Player.(HashClearer)
	if !ok {
		return
	}
	if s.playerIdle() {
		h.ClearHash()
	} else {
		s.debugf("YXHASHCLEAR ignored: the player is still busy")
	}
}

// nbest is `YXNBEST n`: the n best moves, best first, as lines
// `MESSAGE NBEST <rank> x,y`, then the best one played like the answer to
// BEGIN. A player that is not an NBester gives its one move.
func (s *server) nbest(at time.Time, arg string) {
	n, err := parseInt(arg)
	if err == nil && n < 1 {
		err = fmt.Errorf("must be at least 1")
	}
	if err != nil {
		s.errorf("YXNBEST %q: %v", echo(arg), err)
		return
	}
	if !s.brainToMove("YXNBEST") {
		return
	}
	cells := int64(s.board.Width() * s.board.Height())
	s.think(at, jobNBest, int(min(n, cells)))
}
