package protocol

import (
	"fmt"
	"math"
	"time"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/search"
)

// settings are what INFO sets, plus the game clock derived from them.
type settings struct {
	turn  time.Duration // timeout_turn
	match time.Duration // timeout_match, or search.Unlimited

	// left is the time left in the game when leftBounded: the manager's
	// time_left, or timeout_match minus the brain's own thinking when the
	// manager does not send time_left. It may be negative.
	left        time.Duration
	leftBounded bool
	leftFromMgr bool          // left came from time_left in this game
	used        time.Duration // the brain's thinking time in this game

	maxMemory, maxNodes, hashKB int64
	maxDepth, threads, gameType int
	showDetail                  bool

	folder        string
	folderPending bool // folder not yet passed to the player
	hashPending   bool // hashKB not yet passed to the player
}

func newSettings(lim search.Limits, detail bool) settings {
	st := settings{
		turn:       lim.Turn,
		match:      lim.Match,
		maxMemory:  lim.MaxMemory,
		maxNodes:   lim.MaxNodes,
		maxDepth:   lim.MaxDepth,
		threads:    lim.Threads,
		showDetail: detail,
	}
	if st.turn < 0 {
		st.turn = 0
	}
	if lim.Left != search.Unlimited {
		st.left, st.leftBounded, st.leftFromMgr = lim.Left, true, true
	} else {
		st.newGame()
	}
	return st
}

// newGame restarts the game clock: the whole match time is left.
func (st *settings) newGame() {
	st.used, st.leftFromMgr = 0, false
	st.left, st.leftBounded = st.match, st.match != search.Unlimited
}

// spent charges one answer's thinking time to the game clock.
func (st *settings) spent(d time.Duration) {
	st.used += d
	if st.leftBounded {
		st.left -= d
	}
}

// limits are the Limits of a move requested at `at`.
func (s *server) limits(at time.Time) search.Limits {
	st := &s.set
	lim := search.Limits{
		Turn:      st.turn,
		Match:     st.match,
		Left:      search.Unlimited,
		Start:     at,
		MaxMemory: st.maxMemory,
		MaxNodes:  st.maxNodes,
		MaxDepth:  st.maxDepth,
		// Defaults.Threads (an operator's --threads) is cut to the cores
		// too: 64 threads on 2 cores made END take 1.5 s.
		Threads: min(st.threads, s.cfg.Cores),
	}
	if st.leftBounded {
		lim.Left = st.left
		if lim.Left == search.Unlimited { // a real -1 ns must not read as "no limit"
			lim.Left--
		}
	}
	return lim
}

// Bounds of the numeric INFO values. A value outside them is clamped to
// them: a manager's "unlimited" is often a huge number (c-gomoku-cli sends
// `INFO time_left 4611686018427387903`), and a brain that answers a move
// request with an ERROR line fails under Piskvork. Times are milliseconds
// in a 32-bit int, as managers send them.
const (
	maxMillis   = math.MaxInt32
	maxMemory   = 1 << 50 // a petabyte
	maxHashKB   = 1 << 32
	maxNodes    = maxNumber
	maxDepth    = 1 << 20
	maxThreads  = 1024
	maxGameType = 3
)

// info applies one `INFO key value`. A value that is not a number is
// ignored and one out of range clamped; either is told in a MESSAGE line at
// the next command that is not INFO (never an ERROR: that command may ask
// for a move), and nothing is printed for `evaluate`.
func (s *server) info(rest string) {
	key, val := splitWord(rest)
	key = lower(key)
	st := &s.set
	// num reads the value; quiet clamps are the documented meanings of
	// out-of-range values (such as -1 for "no limit"), told to nobody.
	num := func(lo, hi int64, quiet bool) (int64, bool) {
		v, err := parseInt(val)
		if err == errTooLarge {
			v, err = hi, nil
			if len(trim(val)) > 0 && trim(val)[0] == '-' {
				v = lo
			}
			if !quiet {
				s.infoNote("INFO %s %s: out of range %d to %d; %d used", key, echo(val), lo, hi, v)
			}
			return v, true
		}
		if err != nil {
			s.infoNote("INFO %s %q: %v; value unchanged", key, echo(val), err)
			return 0, false
		}
		if c := min(max(v, lo), hi); c != v {
			if !quiet {
				s.infoNote("INFO %s %d: out of range %d to %d; %d used", key, v, lo, hi, c)
			}
			v = c
		}
		return v, true
	}
	switch key {
	case "":
		s.infoNote("INFO without a key")
	case "timeout_turn":
		if v, ok := num(0, maxMillis, false); ok {
			st.turn = time.Duration(v) * time.Millisecond
		}
	case "timeout_match":
		if v, ok := num(0, maxMillis, false); ok {
			st.match = search.Unlimited
			if v > 0 {
				st.match = time.Duration(v) * time.Millisecond
			}
			if !st.leftFromMgr {
				st.left, st.leftBounded = st.match-st.used, st.match != search.Unlimited
			}
		}
	case "time_left":
		// Anything from MaxInt32 up is the managers' "unlimited".
		if v, ok := num(math.MinInt32, maxMillis, true); ok {
			st.leftFromMgr = true
			st.left, st.leftBounded = time.Duration(v)*time.Millisecond, v != maxMillis
		}
	case "max_memory":
		if v, ok := num(0, maxMemory, false); ok {
			// The manager's figure is a ceiling, not a promise: no more is
			// used than the machine can give (GomocupJudgeLocal sends
			// 384829069721600).
			if m := s.cfg.Memory; m > 0 && v > m {
				s.debugf("INFO max_memory %d: the machine can give %d bytes; %d used", v, m, m)
				v = m
			}
			st.maxMemory = v
		}
	case "game_type":
		if v, ok := num(0, maxGameType, false); ok {
			st.gameType = int(v)
		}
	case "rule":
		if v, ok := num(0, maxMillis, false); ok {
			r, err := engine.RuleFromProtocol(int(v))
			if err != nil {
				s.infoNote("INFO rule %d: %v; still %s", v, err, s.rule)
				return
			}
			s.rule = r
		}
	case "evaluate":
		// A debugging aid of Piskvork's: the cell under the mouse. The
		// protocol forbids any answer, even to a malformed value.
	case "folder":
		if val == "" {
			s.infoNote("INFO folder without a directory")
			return
		}
		st.folder, st.folderPending = val, true
	case "max_depth":
		// 0 or less is no limit (Yixin-Board's -1).
		if v, ok := num(0, maxDepth, true); ok {
			st.maxDepth = int(v)
		}
	case "max_node":
		if v, ok := num(0, maxNodes, true); ok {
			st.maxNodes = v
		}
	case "thread_num":
		if v, ok := num(0, maxThreads, true); ok {
			// More threads than cores only share them: every move comes
			// later, and END waits for the scheduler.
			if u := int64(s.cfg.Cores); v > u {
				s.infoNote("INFO thread_num %s: %d threads used, the cores this process may use", echo(val), u)
				v = u
			}
			st.threads = int(v)
		}
	case "hash_size":
		if v, ok := num(0, maxHashKB, false); ok {
			st.hashKB, st.hashPending = v, true
		}
	case "show_detail":
		if v, ok := num(math.MinInt64+1, math.MaxInt64, true); ok {
			st.showDetail = v != 0
		}
	default:
		// Unknown keys are ignored, as the protocol asks: managers add keys.
		s.debugf("ignored INFO %s", echo(key))
		return
	}
	if s.job == nil {
		s.settle()
	}
}

// HashSizer is a Player whose memory for positions can be sized by
// Yixin-Board's `INFO hash_size` (in KiB).
type HashSizer interface {
	SetHashSize(kib int64)
}

// maxInfoNotes bounds the INFO problems kept for reporting.
const maxInfoNotes = 8

// infoNote keeps an INFO problem for the next non-INFO command.
func (s *server) infoNote(format string, args ...any) {
	if len(s.infoErrs) >= maxInfoNotes {
		s.infoLost++
		return
	}
	s.infoErrs = append(s.infoErrs, fmt.Sprintf(format, args...))
}

// reportInfoErrors tells the INFO problems kept since the last command, as
// MESSAGE lines: managers show them to the user, and Piskvork fails a
// brain that sends anything but MESSAGE or DEBUG where a move is due.
func (s *server) reportInfoErrors() {
	for _, e := range s.infoErrs {
		s.out.line("MESSAGE " + oneLine(e))
	}
	if s.infoLost > 0 {
		s.out.line(fmt.Sprintf("MESSAGE %d more INFO problems", s.infoLost))
	}
	s.infoErrs, s.infoLost = nil, 0
}
