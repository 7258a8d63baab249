package protocol

import (
	"context"
	"fmt"
	"strings"
	"sync/atomic"
	"time"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/search"
)

// jobKind says what a thought answers.
type jobKind int

const (
	jobMove    jobKind = iota // BEGIN, TURN, BOARD: a move
	jobNBest                  // YXNBEST: MESSAGE lines, then a move
	jobSwap2                  // SWAP2BOARD, Yixin opening steps: reply lines
	jobBalance                // YXBALANCEONE, YXBALANCETWO: moves on one line
)

// result is what a thought produced.
type result struct {
	move    engine.Pos   // jobMove, jobNBest: NoPos when there is none
	list    []engine.Pos // jobNBest: the ranked moves; jobBalance: the line
	text    string       // jobSwap2: the reply lines, "\n" between them
	failure string       // why the player gave nothing useful, for DEBUG
}

// job is one thought in progress. The goroutine that runs the player owns
// nothing of the server; it sends its result on done (buffered, so an
// abandoned goroutine never blocks) and its MESSAGE lines only while live.
type job struct {
	kind     jobKind
	start    time.Time // arrival of the command that asked for it
	n        int       // YXNBEST count
	cancel   context.CancelFunc
	done     chan result
	timer    *time.Timer // fires when the brain stops waiting for the player
	giveUp   time.Time
	stopped  bool
	live     atomic.Bool
	fallback func() result // the answer without the player
}

// budget is the time the manager allows for a move: timeout_turn, cut to the
// time left in the game.
func budget(lim search.Limits) time.Duration {
	t := lim.Turn
	if lim.Left != search.Unlimited && lim.Left < t {
		t = max(lim.Left, 0)
	}
	return t
}

// launch runs work in its own goroutine as the thought j. The player is
// cancelled Slack after the manager's budget and abandoned Grace after that;
// if the player is still inside an abandoned call, the brain does not call it
// again at the same time but answers at once without it.
func (s *server) launch(j *job, lim search.Limits, work func(ctx context.Context, lim search.Limits) result) {
	if !s.playerIdle() {
		s.debugf("the player has not returned from its last call: answering without it")
		s.deliver(j, j.fallback())
		return
	}
	backstop := lim.Start.Add(budget(lim) + s.slack)
	ctx, cancel := context.WithDeadline(s.root, backstop)
	j.cancel = cancel
	j.done = make(chan result, 1)
	j.giveUp = backstop.Add(s.grace)
	j.timer = time.NewTimer(time.Until(j.giveUp))
	j.live.Store(true)
	if s.set.showDetail {
		lim.Info = func(msg string) { s.out.send(&j.live, "MESSAGE "+oneLine(msg)) }
	}
	busy := make(chan struct{})
	s.busy, s.job = busy, j
	go func() {
		var r result
		// Deferred calls run last first: recover, then mark the player idle,
		// then hand over the result, so that whoever receives it may call the
		// player again.
		defer func() { j.done <- r }()
		defer close(busy)
		defer func() {
			if p := recover(); p != nil {
				r = result{move: engine.NoPos, failure: fmt.Sprint("player panicked: ", p)}
			}
		}()
		r = work(ctx, lim)
	}()
}

// stop cancels the thought in progress; its answer comes when the player
// returns, or Grace from now without it.
func (s *server) stop() {
	j := s.job
	if j == nil || j.stopped {
		return
	}
	j.stopped = true
	j.cancel()
	if at := time.Now().Add(s.grace); at.Before(j.giveUp) {
		j.giveUp = at
		j.timer.Reset(s.grace)
	}
}

// finish ends the thought in progress with its result, or with its fallback
// when the player took too long.
func (s *server) finish(r result, timedOut bool) {
	j := s.job
	s.job = nil
	j.live.Store(false)
	j.timer.Stop()
	j.cancel()
	if timedOut {
		s.debugf("the player did not answer in time: answering without it")
		r = j.fallback()
	}
	s.deliver(j, r)
}

// deliver prints the answer of a thought, replacing whatever is illegal in it.
func (s *server) deliver(j *job, r result) {
	s.set.spent(time.Since(j.start))
	if r.failure != "" {
		s.debugf("%s", r.failure)
	}
	if j.kind == jobSwap2 {
		if r.text == "" { // the player panicked
			r = j.fallback()
		}
		for _, l := range strings.Split(r.text, "\n") {
			s.out.line(l)
		}
		return
	}
	if j.kind == jobBalance {
		s.deliverLine(j, r)
		return
	}
	b := s.board
	if j.kind == jobNBest {
		var ranked []engine.Pos
		for _, p := range r.list {
			if len(ranked) < j.n && b.Legal(p) && !contains(ranked, p) {
				ranked = append(ranked, p)
			}
		}
		if len(ranked) > 0 {
			r.move = ranked[0]
		} else if b.Legal(r.move) {
			ranked = []engine.Pos{r.move}
		}
		for i, p := range ranked {
			x, y := b.XY(p)
			s.out.line(fmt.Sprintf("MESSAGE NBEST %d %d,%d", i+1, x, y))
		}
	}
	p := r.move
	if !b.Legal(p) {
		if r.failure == "" {
			s.debugf("the player gave no legal move: answering with a fallback")
		}
		p = fallbackMove(b)
	}
	if p == engine.NoPos {
		s.noLegalMove()
		return
	}
	s.sendMove(p)
}

// noLegalMove answers a request for a move when the side to move has none
// (the callers have found none). Where renju leaves black only forbidden
// cells the game is lost whatever it does, but a manager waits for a move
// and, with none, scores a time forfeit or hangs (an untimed GUI): the
// brain plays a forbidden cell and lets the manager end the game. A full
// board has no cell to play.
func (s *server) noLegalMove() {
	b := s.board
	if p := nearestEmpty(b); p != engine.NoPos {
		s.out.line("MESSAGE only forbidden points are left for black: playing one, the game is lost")
		s.sendMove(p)
		return
	}
	s.errorf("no legal move for %s", b.SideToMove())
}

func contains(list []engine.Pos, p engine.Pos) bool {
	for _, q := range list {
		if q == p {
			return true
		}
	}
	return false
}

// sendMove answers with the brain's move p: played at once, or suggested and
// played when PLAY confirms it.
func (s *server) sendMove(p engine.Pos) {
	if s.onMove != nil {
		s.onMove(s.board, p)
	}
	x, y := s.board.XY(p)
	if s.cfg.Suggest {
		s.suggested = p
		s.out.line(fmt.Sprintf("SUGGEST %d,%d", x, y))
		return
	}
	s.board.Make(p)
	s.out.line(fmt.Sprintf("%d,%d", x, y))
	s.checkOver()
}

// think starts the search for the brain's move on the current board. The
// caller has checked that the brain is to move and the game is on.
func (s *server) think(at time.Time, kind jobKind, n int) {
	b := s.board
	if !hasLegalMove(b) {
		s.noLegalMove()
		return
	}
	j := &job{kind: kind, start: at, n: n}
	j.fallback = func() result { return result{move: engine.NoPos} }
	clone, player := b.Clone(), s.cfg.Player
	lim := s.limits(at)
	s.launch(j, lim, func(ctx context.Context, lim search.Limits) result {
		if kind == jobNBest {
			if nb, ok := player.(NBester); ok {
				list := nb.NBest(ctx, clone, lim, n)
				r := result{move: engine.NoPos, list: list}
				if len(list) > 0 {
					r.move = list[0]
				}
				return r
			}
		}
		return result{move: player.Move(ctx, clone, lim)}
	})
}

// checkOver reports the end of the game to the player when the last move
// made five or filled the board.
func (s *server) checkOver() {
	if w := s.board.Winner(); w != engine.Empty {
		s.gameOver(w)
	} else if s.board.Full() {
		s.gameOver(engine.Empty)
	}
}

// gameOver tells a GameObserver how the game ended, once per game. A player
// still inside an abandoned call is not told: it must never be called from
// two goroutines at once.
func (s *server) gameOver(winner engine.Color) {
	if s.over {
		return
	}
	s.over = true
	if o, ok := s.cfg.Player.(GameObserver); ok && s.playerIdle() {
		o.GameOver(s.board.Clone(), winner)
	}
}

// abandonGame ends an unfinished game with an unknown result before a new
// one replaces it.
func (s *server) abandonGame() {
	if s.board != nil && s.board.MoveCount() > 0 {
		s.gameOver(engine.Empty)
	}
}

// deliverLine prints and plays the moves of a balance command, all on one
// line; an illegal or missing move is replaced by the fallback's line.
func (s *server) deliverLine(j *job, r result) {
	legal := func(list []engine.Pos) bool {
		b := s.board.Clone()
		for _, p := range list {
			if !b.Legal(p) {
				return false
			}
			b.Make(p)
		}
		return len(list) > 0
	}
	if !legal(r.list) {
		r = j.fallback()
		if !legal(r.list) {
			s.errorf("no legal move for %s", s.board.SideToMove())
			return
		}
	}
	parts := make([]string, len(r.list))
	for i, p := range r.list {
		x, y := s.board.XY(p)
		parts[i] = fmt.Sprintf("%d,%d", x, y)
		s.board.Make(p)
	}
	s.out.line(strings.Join(parts, " "))
	s.checkOver()
}
