// Package protocol is the brain side of the Gomocup ("pbrain") protocol with
// the Yixin-Board extensions: it reads a manager's commands, keeps the game
// as an engine.Board of its own, asks a Player for moves and prints the
// replies. It only parses and prints; the Player chooses the moves.
//
// Behaviour that the protocol leaves open, decided here:
//   - Thinking runs in its own goroutine. While it runs, YXSTOP cancels it,
//     END returns at once, INFO, ABOUT and YXSHOWINFO are answered, and
//     commands the brain does not act on (Yixin-Board's database queries,
//     unknown ones) are consumed with what follows them; any other command
//     first stops the thought and lets its move out, then runs.
//   - INFO values out of range are clamped and told in MESSAGE lines, never
//     ERROR; thread_num is cut to the cores, max_memory to the machine.
//   - Without INFO the limits are DefaultLimits: 5 s a move, no match limit.
//     When the manager gives timeout_match but no time_left, the brain counts
//     the time left itself.
//   - A player that overruns min(timeout_turn, time_left) by Config.Slack is
//     cancelled; one that still has not answered Config.Grace later, or that
//     returns no move or an illegal one, is replaced by a fallback move (a
//     five, a block, or the best point by a line count). The brain never
//     sends an occupied, off-board or renju-forbidden point.
//   - At the end of input the brain finishes the thought in progress and the
//     commands that wait behind it, then Serve returns.
package protocol

import (
	"context"
	"errors"
	"fmt"
	"io"
	"runtime"
	"time"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/search"
)

// DefaultAbout is the ABOUT reply when Config.About is empty.
const DefaultAbout = `name="Kakugo", version="0.1", author="The Kakugo authors", country="International"`

// Defaults for the zero fields of Config.
const (
	// DefaultTurn is timeout_turn until the manager sends one: Gomocup's
	// fastgame setting.
	DefaultTurn = 5 * time.Second
	// DefaultMaxLine bounds an input line; longer lines are refused whole.
	DefaultMaxLine = 64 << 10
	// DefaultSlack is how far past the manager's budget a player may run
	// before it is cancelled. GomocupJudge forfeits at 1000 ms past it.
	DefaultSlack = 300 * time.Millisecond
	// DefaultGrace is how long a cancelled player has to answer before the
	// brain plays a fallback move itself.
	DefaultGrace = 200 * time.Millisecond
)

// maxDeferred bounds the commands queued behind a thought; the reader stops
// reading while the queue is full, which lasts at most one Grace.
const maxDeferred = 64

// DefaultLimits are the limits before any INFO: timeout_turn DefaultTurn, no
// match limit, no memory or node limit, one thread.
func DefaultLimits() search.Limits {
	return search.Limits{Turn: DefaultTurn, Match: search.Unlimited, Left: search.Unlimited, Threads: 1}
}

// Config sets up a brain. Only Player is required.
type Config struct {
	// Player chooses the moves.
	Player Player
	// About is the one-line reply to ABOUT; DefaultAbout when empty.
	About string
	// Suggest makes the brain answer move requests with `SUGGEST x,y` and
	// play the move only when the manager confirms it with PLAY.
	Suggest bool
	// Debug sends DEBUG lines (what the brain decided and why) to the
	// manager, which shows them to the author and hides them in tournaments.
	Debug bool
	// Quiet starts as if the manager had sent `INFO show_detail 0`: the
	// player's Limits.Info is nil and no MESSAGE lines come from it.
	Quiet bool
	// Log, when not nil, receives a transcript: "< " before each line read
	// and "> " before each line written.
	Log io.Writer
	// Defaults are the limits before INFO changes them; nil means
	// DefaultLimits. Start and Info are ignored.
	Defaults *search.Limits
	// MaxLine is the longest accepted input line in bytes; 0 means
	// DefaultMaxLine.
	MaxLine int
	// Slack and Grace replace DefaultSlack and DefaultGrace when positive.
	Slack, Grace time.Duration
	// Cores is the most threads a move may use, whatever INFO thread_num
	// or Defaults.Threads ask (more only share the cores: every move
	// comes later, and END waits for the scheduler); 0 means the cores
	// this process may use (runtime.GOMAXPROCS).
	Cores int
	// Memory is the most bytes a move may use (max_memory is cut to it); 0
	// means what the machine can give when the brain starts (on Linux,
	// MemAvailable or the cgroup's limit), and no cap where that is unknown.
	Memory int64
}

// Serve speaks the protocol: it reads commands from in and writes replies to
// out until END or the end of in. It returns nil after END or at the end of
// input, the read error if in fails, or the write error if out fails. It
// returns promptly on END even while the player thinks, and writes nothing
// to out after it has returned.
func Serve(in io.Reader, out io.Writer, cfg Config) error {
	if cfg.Player == nil {
		return errors.New("protocol: Config.Player is nil")
	}
	return newServer(cfg, out).run(in)
}

// server is one brain session. Everything but the output and the job's
// live flag belongs to the goroutine that runs run.
type server struct {
	cfg   Config
	out   *output
	slack time.Duration
	grace time.Duration
	root  context.Context

	// The game. board is nil until the first START.
	board     *engine.Board
	me        engine.Color // the brain's colour; Empty until decided
	over      bool         // the game has ended and GameOver was called
	suggested engine.Pos   // the move of a SUGGEST awaiting PLAY, or NoPos
	rule      engine.Rule  // the rule the next game is played under

	set      settings
	infoErrs []string // INFO problems, reported at the next command
	infoLost int      // problems beyond the ones kept in infoErrs

	block    *block   // the BOARD-like block being read, if any
	skip     *skipper // what follows an unimplemented command, if any
	job      *job     // the thought in progress, if any
	busy     chan struct{}
	deferred []line

	// onMove, set by tests, sees every move the brain sends (suggested or
	// played) on the board it is sent for, before it is played.
	onMove func(b *engine.Board, p engine.Pos)
}

func newServer(cfg Config, w io.Writer) *server {
	s := &server{
		cfg:       cfg,
		out:       &output{w: w, log: cfg.Log},
		slack:     DefaultSlack,
		grace:     DefaultGrace,
		suggested: engine.NoPos,
	}
	if cfg.Slack > 0 {
		s.slack = cfg.Slack
	}
	if cfg.Grace > 0 {
		s.grace = cfg.Grace
	}
	if s.cfg.MaxLine <= 0 {
		s.cfg.MaxLine = DefaultMaxLine
	}
	if s.cfg.About == "" {
		s.cfg.About = DefaultAbout
	}
	if s.cfg.Cores <= 0 {
		s.cfg.Cores = max(runtime.GOMAXPROCS(0), 1)
	}
	if s.cfg.Memory <= 0 {
		s.cfg.Memory = machineMemory()
	}
	lim := DefaultLimits()
	if cfg.Defaults != nil {
		lim = *cfg.Defaults
	}
	s.set = newSettings(lim, !cfg.Quiet)
	return s
}

// run is the main loop: one select over input lines, the thought's answer
// and the give-up timer, so that all game state stays in this goroutine.
func (s *server) run(in io.Reader) error {
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	// Stop output first, then let the reader and the thought go: nothing they
	// do later reaches out.
	defer cancel()
	defer close(done)
	defer s.out.close()
	s.root = ctx

	lines := make(chan line)
	var readErr error
	go readLines(in, s.cfg.MaxLine, lines, done, &readErr)
	src := lines
	for {
		if src == nil && s.job == nil {
			if readErr != nil {
				return readErr
			}
			return s.out.failed()
		}
		recv := src
		if len(s.deferred) >= maxDeferred {
			recv = nil // the thought ends within one Grace, then the queue drains
		}
		var answer <-chan result
		var giveUp <-chan time.Time
		if s.job != nil {
			answer, giveUp = s.job.done, s.job.timer.C
		}
		select {
		case l, ok := <-recv:
			if !ok {
				src = nil
				continue
			}
			s.out.input(l)
			if s.onLine(l) {
				return s.out.failed()
			}
		case r := <-answer:
			s.finish(r, false)
			if s.drain() {
				return s.out.failed()
			}
		case <-giveUp:
			s.finish(result{}, true)
			if s.drain() {
				return s.out.failed()
			}
		}
		if err := s.out.failed(); err != nil {
			return err
		}
	}
}

// onLine takes a line as it arrives. While a thought runs only YXSTOP, END,
// INFO and ABOUT are answered at once; everything else stops the thought and
// waits for its move. Once a command waits, the ones after it wait too, END
// included, so that the replies keep the order of the commands.
func (s *server) onLine(l line) (quit bool) {
	if s.job == nil && len(s.deferred) == 0 {
		return s.handle(l)
	}
	if len(s.deferred) == 0 && s.skip != nil && s.skipLine(l) {
		return false
	}
	word, rest := splitWord(l.text)
	word = upper(word)
	if len(s.deferred) == 0 && !l.tooLong {
		if !known(word) && word != "" {
			// Yixin-Board's database queries come while the brain thinks:
			// they must not cost the move its thought.
			s.consume(l, word)
			return false
		}
		switch word {
		case "END":
			return true // at once, mid-thought
		case "":
			return false
		case "YXSTOP":
			s.reportInfoErrors()
			s.stop()
			return false
		case "INFO":
			s.info(rest)
			return false
		case "ABOUT":
			s.reportInfoErrors()
			s.out.line(s.cfg.About)
			return false
		case "YXSHOWINFO":
			s.showInfo()
			return false
		}
	}
	s.stop()
	s.deferred = append(s.deferred, l)
	return false
}

// drain runs the commands that waited for a thought, until one of them
// starts another thought.
func (s *server) drain() (quit bool) {
	for s.job == nil && len(s.deferred) > 0 {
		l := s.deferred[0]
		s.deferred = s.deferred[1:]
		if len(s.deferred) == 0 {
			s.deferred = nil // let the backing array go
		}
		if s.handle(l) {
			return true
		}
	}
	if s.job != nil && len(s.deferred) > 0 {
		s.stop() // more commands wait: this thought must not run its course
	}
	s.settle()
	return false
}

// handle runs one command with no thought in progress.
func (s *server) handle(l line) (quit bool) {
	if s.block != nil {
		return s.blockLine(l)
	}
	if s.skip != nil && s.skipLine(l) {
		return false
	}
	if l.tooLong {
		s.reportInfoErrors()
		s.errorf("line of %d bytes is too long (limit %d); ignored", l.n, s.cfg.MaxLine)
		return false
	}
	word, rest := splitWord(l.text)
	cmd := upper(word)
	switch cmd {
	case "":
		return false
	case "END":
		return true
	case "INFO":
		s.info(rest)
		return false
	}
	s.reportInfoErrors()
	switch cmd {
	case "START":
		s.start(rest)
	case "RECTSTART":
		s.rectStart(rest)
	case "RESTART":
		s.restart(rest)
	case "BEGIN":
		s.begin(l.at, rest)
	case "TURN":
		s.turn(l.at, rest)
	case "BOARD":
		s.openBlock(blockBoard, l.at, rest)
	case "YXBOARD":
		s.openBlock(blockYX, l.at, rest)
	case "SWAP2BOARD":
		s.openBlock(blockSwap2, l.at, rest)
	case "DONE":
		s.errorf("DONE without BOARD, YXBOARD or SWAP2BOARD")
	case "TAKEBACK":
		s.takeback(rest)
	case "PLAY":
		s.play(rest)
	case "ABOUT":
		s.out.line(s.cfg.About)
	case "YXSTOP":
		// Nothing is thinking: nothing to stop.
	case "YXSHOWFORBID":
		s.showForbid()
	case "YXHASHCLEAR":
		s.hashClear()
	case "YXNBEST":
		s.nbest(l.at, rest)
	case "YXSEARCHDEFEND":
		s.searchDefend(l.at)
	case "YXSHOWINFO":
		s.showInfo()
	case "YXSHOWHASHUSAGE":
		s.showHashUsage()
	case "YXDRAW":
		s.draw()
	case "YXRESIGN":
		s.resign()
	case "YXBALANCEONE":
		s.balanceCmd(l.at, 1, rest)
	case "YXBALANCETWO":
		s.balanceCmd(l.at, 2, rest)
	case "YXSWAP2STEP1", "YXSWAP2STEP2", "YXSWAP2STEP3":
		s.swap2Step(l.at, int(cmd[len(cmd)-1]-'0'))
	case "YXSOOSORVSTEP1":
		s.soosorvStep(l.at, 1, nil, 0)
	case "YXSOOSORVSTEP2", "YXSOOSORVSTEP3", "YXSOOSORVSTEP4", "YXSOOSORVSTEP5", "YXSOOSORVSTEP6":
		s.openSteps(l.at, int(cmd[len(cmd)-1]-'0'), rest)
	default:
		s.consume(l, cmd)
	}
	return false
}

// known reports the commands that handle acts on; any other is consumed
// (see consume) whenever it comes.
func known(cmd string) bool {
	switch cmd {
	case "START", "RECTSTART", "RESTART", "BEGIN", "TURN", "BOARD", "YXBOARD", "SWAP2BOARD",
		"DONE", "TAKEBACK", "PLAY", "ABOUT", "END", "INFO", "YXSTOP", "YXSHOWFORBID", "YXHASHCLEAR",
		"YXNBEST", "YXSEARCHDEFEND", "YXSHOWINFO", "YXSHOWHASHUSAGE", "YXDRAW", "YXRESIGN",
		"YXBALANCEONE", "YXBALANCETWO", "YXSWAP2STEP1", "YXSWAP2STEP2", "YXSWAP2STEP3",
		"YXSOOSORVSTEP1", "YXSOOSORVSTEP2", "YXSOOSORVSTEP3", "YXSOOSORVSTEP4", "YXSOOSORVSTEP5",
		"YXSOOSORVSTEP6":
		return true
	}
	return false
}

// errorf answers ERROR with a message.
func (s *server) errorf(format string, args ...any) {
	s.out.line("ERROR " + oneLine(fmt.Sprintf(format, args...)))
}

// debugf sends a DEBUG line when Config.Debug asks for them.
func (s *server) debugf(format string, args ...any) {
	if s.cfg.Debug {
		s.out.line("DEBUG " + oneLine(fmt.Sprintf(format, args...)))
	}
}

// settle applies what INFO asked for but could not do while the player was
// busy: the folder, the hash size, and a new rule while the board is still empty.
func (s *server) settle() {
	if s.job != nil || !s.playerIdle() {
		return
	}
	if s.set.folderPending {
		s.set.folderPending = false
		if f, ok := s.cfg.Player.(FolderUser); ok {
			f.SetFolder(s.set.folder)
		}
	}
	if s.set.hashPending {
		s.set.hashPending = false
		if h, ok := s.cfg.Player.(HashSizer); ok {
			h.SetHashSize(s.set.hashKB)
		}
	}
	if b := s.board; b != nil && b.MoveCount() == 0 && b.Rule() != s.rule {
		nb, err := engine.New(b.Width(), b.Height(), s.rule)
		if err == nil {
			s.board = nb
		}
	}
}

// playerIdle reports whether no goroutine is inside the player, so that the
// main loop may call it. A player that ignored a cancellation can still be
// running after the brain has answered without it.
func (s *server) playerIdle() bool {
	if s.busy == nil {
		return true
	}
	select {
	case <-s.busy:
		s.busy = nil
		return true
	default:
		return false
	}
}
