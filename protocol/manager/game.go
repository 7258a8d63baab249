package manager

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/kakugo/kakugo/engine"
)

// Reason says how a game ended.
type Reason string

// Game endings. The forfeits name what the losing brain did wrong.
const (
	// EndFive: the winner made a winning line under the rule.
	EndFive Reason = "five"
	// EndFull: the board filled up, a draw.
	EndFull Reason = "board full"
	// EndMoveLimit: the draw adjudication move count was reached.
	EndMoveLimit Reason = "move limit"
	// ForfeitTime: a move came later than the turn time or the time left
	// allowed, tolerance included.
	ForfeitTime Reason = "time"
	// ForfeitNoReply: no move at all by the hard deadline; the process is
	// killed.
	ForfeitNoReply Reason = "no reply"
	// ForfeitIllegal: a move off the board, on an occupied cell, or a reply
	// that is not a well-formed "x,y".
	ForfeitIllegal Reason = "illegal move"
	// ForfeitForbidden: black played a renju forbidden point.
	ForfeitForbidden Reason = "forbidden move"
	// ForfeitCrash: the process exited (or could not be written to).
	ForfeitCrash Reason = "crash"
	// ForfeitStart: the brain could not be run, refused START, or did not
	// answer it in time.
	ForfeitStart Reason = "no START reply"
)

// Forfeit reports whether r is a loss by a rule breach rather than on the
// board.
func (r Reason) Forfeit() bool {
	switch r {
	case EndFive, EndFull, EndMoveLimit:
		return false
	}
	return true
}

// MoveRecord is one stone of a game.
type MoveRecord struct {
	X, Y int
	// Time is how long the brain took (0 for opening stones).
	Time time.Duration
	// Budget is the time the brain had for the move: the turn time, or
	// what was left of its match time when that was less; 0 when neither
	// bounds it (and for opening stones).
	Budget time.Duration
	// Opening marks stones that came from the opening.
	Opening bool
}

// GameResult is one finished (or aborted) game.
type GameResult struct {
	// Game is the 1-based number of the game in the schedule.
	Game int
	// Pair numbers the pair of games that share an opening with the
	// colours swapped.
	Pair int
	// Black and White are engine indices.
	Black, White int
	// Opening indexes Options.Openings; -1 is the empty board.
	Opening int
	// Moves are the stones in order, opening included.
	Moves []MoveRecord
	// Winner is the winning colour, Empty for a draw.
	Winner engine.Color
	// Reason is how the game ended; Detail says more about a forfeit.
	Reason Reason
	Detail string
	// Failed lists the engines that forfeited (one, or two when both
	// failed to start and the game is scored a draw).
	Failed []int
	// Late is the move that lost on time (or was malformed) after the
	// brain took Late.Time to send it; it is not among Moves, but it
	// counts in the engine's move times.
	Late *MoveRecord
	// Log keeps the brains' non-move output when Options.KeepMessages.
	Log []string
	// Aborted games were cut short by the match stopping; they count for
	// nothing.
	Aborted bool
	// Started and Duration time the whole game.
	Started  time.Time
	Duration time.Duration
}

// Engine is the index of the engine that played colour c.
func (r *GameResult) Engine(c engine.Color) int {
	if c == engine.White {
		return r.White
	}
	return r.Black
}

// job is one game to play.
type job struct {
	game, pair   int
	black, white int
	opening      int
}

// player is one side of a game in progress.
type player struct {
	eng    int
	name   string
	b      *brain
	color  engine.Color
	synced bool // has been sent the position (BEGIN or BOARD)
	left   time.Duration
}

// worker plays games one after another, holding processes between games
// when Options.Reuse is set.
type worker struct {
	o     *Options
	procs map[int]*brain
}

// failure is a forfeit found while playing.
type failure struct {
	reason Reason
	detail string
}

// unlimitedLeft is `INFO time_left` when there is no match time.
const unlimitedLeft = 2147483647

// play runs one game to its end.
func (w *worker) play(ctx context.Context, j job) (res GameResult) {
	o := w.o
	res = GameResult{Game: j.game, Pair: j.pair, Black: j.black, White: j.white,
		Opening: j.opening, Started: time.Now()}
	defer func() { res.Duration = time.Since(res.Started) }()

	var b *engine.Board
	if j.opening >= 0 {
		var err error
		if b, err = o.Openings[j.opening].Board(o.Width, o.Height, o.Rule); err != nil {
			panic(fmt.Sprintf("opening validated before the match fails: %v", err))
		}
		for _, m := range o.Openings[j.opening].Moves(o.Width, o.Height) {
			res.Moves = append(res.Moves, MoveRecord{X: m.X, Y: m.Y, Opening: true})
		}
	} else {
		b, _ = engine.New(o.Width, o.Height, o.Rule)
	}

	var sides [3]*player
	for _, c := range []engine.Color{engine.Black, engine.White} {
		p := &player{eng: res.Engine(c), color: c, left: o.MatchTime}
		p.name = o.Engines[p.eng].Name
		sides[c] = p
	}
	logf := func(p *player, format string, args ...any) {
		if o.KeepMessages {
			res.Log = append(res.Log, fmt.Sprintf("%3d %-5s %s: %s", b.MoveCount()+1, p.color, p.name,
				fmt.Sprintf(format, args...)))
		}
	}
	defer w.release(sides[engine.Black], sides[engine.White], &res)

	// Start both brains; a failure forfeits the game, both failures draw it.
	var fails [3]*failure
	for _, c := range []engine.Color{engine.Black, engine.White} {
		fails[c] = w.startBrain(ctx, sides[c], logf)
		if ctx.Err() != nil {
			res.Aborted = true
			return res
		}
	}
	switch {
	case fails[engine.Black] != nil && fails[engine.White] != nil:
		res.Reason, res.Failed = fails[engine.Black].reason, []int{j.black, j.white}
		res.Detail = fmt.Sprintf("black: %s; white: %s", fails[engine.Black].detail, fails[engine.White].detail)
		return res
	case fails[engine.Black] != nil:
		forfeit(&res, sides[engine.Black], *fails[engine.Black])
		return res
	case fails[engine.White] != nil:
		forfeit(&res, sides[engine.White], *fails[engine.White])
		return res
	}

	if o.OnMove != nil {
		o.OnMove(res)
	}
	for {
		p := sides[b.SideToMove()]
		budget := p.budget(w.o)
		x, y, took, f := w.move(ctx, b, p, logf)
		if ctx.Err() != nil {
			res.Aborted = true
			return res
		}
		if f != nil {
			if took > 0 {
				res.Late = &MoveRecord{X: x, Y: y, Time: took, Budget: budget}
			}
			forfeit(&res, p, *f)
			return res
		}
		if err := b.Play(x, y); err != nil {
			reason := ForfeitIllegal
			if errors.Is(err, engine.ErrForbidden) {
				reason = ForfeitForbidden
			}
			forfeit(&res, p, failure{reason, fmt.Sprintf("%d,%d: %v", x, y, err)})
			return res
		}
		res.Moves = append(res.Moves, MoveRecord{X: x, Y: y, Time: took, Budget: budget})
		if o.OnMove != nil {
			o.OnMove(res)
		}
		switch {
		case b.Winner() == p.color:
			res.Winner, res.Reason = p.color, EndFive
			return res
		case b.Full():
			res.Reason = EndFull
			return res
		case o.DrawAfter > 0 && b.MoveCount() >= o.DrawAfter:
			res.Reason = EndMoveLimit
			return res
		}
	}
}

// forfeit scores the game as lost by p.
func forfeit(res *GameResult, p *player, f failure) {
	res.Winner = p.color.Opp()
	res.Reason, res.Detail = f.reason, f.detail
	res.Failed = []int{p.eng}
	if p.b != nil && (f.reason == ForfeitCrash || f.reason == ForfeitNoReply || f.reason == ForfeitStart) {
		p.b.broken = true
	}
}

// startBrain gets a process for p (reused or new), starts a game with START
// or RECTSTART and sends the INFO settings.
func (w *worker) startBrain(ctx context.Context, p *player, logf func(*player, string, ...any)) *failure {
	o := w.o
	if b := w.procs[p.eng]; b != nil && !b.broken && !b.exited() {
		p.b = b
		b.drain(func(s string) { logf(p, "(between games) %s", s) })
	} else {
		if b != nil {
			b.kill()
		}
		delete(w.procs, p.eng)
		b, err := launch(o.Engines[p.eng])
		if err != nil {
			return &failure{ForfeitStart, "cannot run: " + err.Error()}
		}
		p.b = b
		if o.Reuse {
			w.procs[p.eng] = b
		}
	}
	start := fmt.Sprintf("START %d", o.Width)
	if o.Width != o.Height {
		start = fmt.Sprintf("RECTSTART %d,%d", o.Width, o.Height)
	}
	if err := p.b.send(start); err != nil {
		p.b.broken = true
		return &failure{ForfeitCrash, "writing START: " + err.Error()}
	}
	deadline := time.Now().Add(o.StartTimeout)
	for {
		l, err := p.b.next(ctx, deadline)
		switch {
		case errors.Is(err, errAborted):
			return nil
		case errors.Is(err, errTimeout):
			p.b.broken = true
			return &failure{ForfeitStart, fmt.Sprintf("no OK to %q within %v", start, o.StartTimeout)}
		case errors.Is(err, errExited):
			p.b.broken = true
			return &failure{ForfeitCrash, "exited at START: " + p.b.exitDetail()}
		}
		word, _ := splitWord(l.text)
		if word == "OK" {
			break
		}
		logf(p, "%s", l.text)
		if word == "ERROR" {
			p.b.broken = true
			return &failure{ForfeitStart, fmt.Sprintf("refused %q: %s", start, l.text)}
		}
	}
	turn := o.TurnTime
	if turn <= 0 {
		// timeout_turn 0 would mean "play at once"; with only a match
		// clock the whole game's time is the bound for one move.
		turn = o.MatchTime
	}
	info := []string{
		fmt.Sprintf("INFO timeout_turn %d", turn.Milliseconds()),
		fmt.Sprintf("INFO timeout_match %d", o.MatchTime.Milliseconds()),
		fmt.Sprintf("INFO max_memory %d", o.MaxMemory),
		fmt.Sprintf("INFO rule %d", o.Rule.ProtocolValue()),
		"INFO game_type 1",
	}
	for _, kv := range o.Info {
		info = append(info, "INFO "+kv)
	}
	if err := p.b.send(info...); err != nil {
		p.b.broken = true
		return &failure{ForfeitCrash, "writing INFO: " + err.Error()}
	}
	return nil
}

// move asks p for its move on b and waits for it, judging only the timing
// and the form of the reply (the board judges the move itself).
func (w *worker) move(ctx context.Context, b *engine.Board, p *player,
	logf func(*player, string, ...any)) (x, y int, took time.Duration, f *failure) {
	o := w.o
	left := int64(unlimitedLeft)
	if o.MatchTime > 0 {
		left = p.left.Milliseconds()
	}
	cmds := []string{fmt.Sprintf("INFO time_left %d", left)}
	switch {
	case p.synced:
		lx, ly := b.XY(b.LastMove())
		cmds = append(cmds, fmt.Sprintf("TURN %d,%d", lx, ly))
	case b.MoveCount() == 0:
		cmds = append(cmds, "BEGIN")
	default:
		// The whole position in move order: 1 = own stone, 2 = opponent's.
		cmds = append(cmds, "BOARD")
		for _, m := range b.Moves() {
			mx, my := b.XY(m)
			f := 2
			if b.At(m) == p.color {
				f = 1
			}
			cmds = append(cmds, fmt.Sprintf("%d,%d,%d", mx, my, f))
		}
		cmds = append(cmds, "DONE")
	}
	p.synced = true
	p.b.drain(func(s string) { logf(p, "(unasked) %s", s) })
	if err := p.b.send(cmds...); err != nil {
		return 0, 0, 0, &failure{ForfeitCrash, "writing the move command: " + err.Error()}
	}
	sent := time.Now()

	// The move is due within budget + tolerance; the manager waits
	// HardTimeout longer so that a late move is told apart from none.
	budget := p.budget(o)
	deadline := sent.Add(budget + o.Tolerance + o.HardTimeout)
	last := "" // the last line that was not a move, to explain a silence
	for {
		l, err := p.b.next(ctx, deadline)
		switch {
		case errors.Is(err, errAborted):
			return 0, 0, 0, nil
		case errors.Is(err, errTimeout):
			msg := fmt.Sprintf("no move within %d ms", (budget + o.Tolerance + o.HardTimeout).Milliseconds())
			if last != "" {
				msg += fmt.Sprintf(" (last output %q)", last)
			}
			return 0, 0, 0, &failure{ForfeitNoReply, msg}
		case errors.Is(err, errExited):
			return 0, 0, 0, &failure{ForfeitCrash, p.b.exitDetail()}
		}
		word, rest := splitWord(l.text)
		last = l.text
		switch word {
		case "MESSAGE", "DEBUG", "ERROR", "UNKNOWN", "OK":
			// Kept for the log; c-gomoku-cli, too, waits past them.
			logf(p, "%s", l.text)
			continue
		case "SUGGEST":
			// The brain proposes; the manager always accepts, and the
			// brain's echo of PLAY is its move.
			logf(p, "%s", l.text)
			sx, sy, ok := parseMove(rest)
			if !ok {
				return 0, 0, 0, &failure{ForfeitIllegal, fmt.Sprintf("malformed reply %q", l.text)}
			}
			if err := p.b.send(fmt.Sprintf("PLAY %d,%d", sx, sy)); err != nil {
				return 0, 0, 0, &failure{ForfeitCrash, "writing PLAY: " + err.Error()}
			}
			continue
		}
		if !looksLikeMove(l.text) {
			logf(p, "(unexpected) %s", l.text)
			continue
		}
		took = l.at.Sub(sent)
		x, y, ok := parseMove(l.text)
		switch {
		case o.TurnTime > 0 && took > o.TurnTime+o.Tolerance:
			return 0, 0, took, &failure{ForfeitTime, fmt.Sprintf("move took %d ms; turn time %d ms + %d ms tolerance",
				took.Milliseconds(), o.TurnTime.Milliseconds(), o.Tolerance.Milliseconds())}
		case o.MatchTime > 0 && took > p.left+o.Tolerance:
			return 0, 0, took, &failure{ForfeitTime, fmt.Sprintf("match time: %d ms left, move took %d ms (+ %d ms tolerance)",
				p.left.Milliseconds(), took.Milliseconds(), o.Tolerance.Milliseconds())}
		case !ok:
			return 0, 0, took, &failure{ForfeitIllegal, fmt.Sprintf("malformed reply %q", l.text)}
		}
		p.left -= took
		return x, y, took, nil
	}
}

// budget is the time p has for its next move: the turn time, or what is
// left of its match time when that is less; 0 when neither bounds it.
func (p *player) budget(o *Options) time.Duration {
	budget := o.TurnTime
	if o.MatchTime > 0 && (budget <= 0 || p.left < budget) {
		budget = max(p.left, 0)
	}
	return budget
}

// splitWord returns the first word of a reply in upper case and the rest.
func splitWord(s string) (word, rest string) {
	word, rest, _ = strings.Cut(strings.TrimSpace(s), " ")
	return strings.ToUpper(word), strings.TrimSpace(rest)
}

// looksLikeMove reports whether a reply is an attempt at a move (and so is
// judged as one) rather than chatter: it has a comma or starts with a
// digit or a sign.
func looksLikeMove(s string) bool {
	if strings.Contains(s, ",") {
		return true
	}
	c := s[0]
	return c >= '0' && c <= '9' || c == '-' || c == '+'
}

// parseMove reads "x,y" (blanks around the numbers allowed). The numbers
// may be off the board; the board judges that.
func parseMove(s string) (x, y int, ok bool) {
	xs, ys, found := strings.Cut(s, ",")
	if !found {
		return 0, 0, false
	}
	x, err1 := strconv.Atoi(strings.TrimSpace(xs))
	y, err2 := strconv.Atoi(strings.TrimSpace(ys))
	return x, y, err1 == nil && err2 == nil
}

// release ends the game for both brains: with Reuse the healthy ones stay
// for the next game; otherwise both get END and are killed after the grace
// period, side by side so that a slow one does not hold the other.
func (w *worker) release(black, white *player, res *GameResult) {
	var wg sync.WaitGroup
	for _, p := range []*player{black, white} {
		b := p.b
		if b == nil {
			continue
		}
		if res.Aborted {
			b.broken = true
		}
		if w.o.Reuse && !b.broken {
			continue
		}
		delete(w.procs, p.eng)
		wg.Add(1)
		go func() {
			defer wg.Done()
			if b.broken {
				b.kill()
			} else {
				b.stop(w.o.Grace)
			}
		}()
	}
	wg.Wait()
}

// close ends every process the worker still holds.
func (w *worker) close() {
	var wg sync.WaitGroup
	for i, b := range w.procs {
		delete(w.procs, i)
		wg.Add(1)
		go func() {
			defer wg.Done()
			b.stop(w.o.Grace)
		}()
	}
	wg.Wait()
}
