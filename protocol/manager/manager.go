// Package manager is the manager side of the Gomocup protocol: it runs games
// between brains (any Gomocup executable, each in its own process), keeps the
// time, judges every move with the engine package's rules, and scores the
// match (wins, draws, forfeits, Elo with an error bar, SPRT).
//
// It speaks to brains the way c-gomoku-cli and GomocupJudge do: START (or
// RECTSTART), the INFO settings, then BEGIN on an empty board or BOARD ...
// DONE with the opening in move order, and TURN afterwards, with
// `INFO time_left` before every move command.
package manager

import (
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"time"

	"github.com/kakugo/kakugo/engine"
)

// EngineSpec says how to run one brain.
type EngineSpec struct {
	// Name labels the engine in results and records.
	Name string
	// Command is the executable and its arguments.
	Command []string
	// Dir is the working directory of the process ("" = the manager's).
	Dir string
	// Env holds extra KEY=VALUE environment variables for the process.
	Env []string
}

// ParseEngineSpec reads an engine given on the command line. The text is
// split like a shell command line (whitespace, '...' and "..." quoting,
// backslash before a quote, a space or a backslash). Leading words of the
// form name=NAME, dir=DIR, env=KEY=VALUE and cmd=COMMAND set those fields
// (cmd's value is split again, so it can carry arguments in quotes); the
// first other word starts the command, which takes the rest of the line:
//
//	name=greedy ./pbrain-kakugo --player greedy
//	cmd="./pbrain-kakugo --player greedy" name=greedy
func ParseEngineSpec(s string) (EngineSpec, error) {
	words, err := SplitCommand(s)
	if err != nil {
		return EngineSpec{}, err
	}
	var e EngineSpec
	i := 0
words:
	for ; i < len(words); i++ {
		key, val, ok := strings.Cut(words[i], "=")
		if !ok {
			break
		}
		switch key {
		case "name":
			e.Name = val
		case "dir":
			e.Dir = val
		case "env":
			if !strings.Contains(val, "=") {
				return EngineSpec{}, fmt.Errorf("engine %q: env wants KEY=VALUE, got %q", s, val)
			}
			e.Env = append(e.Env, val)
		case "cmd":
			c, err := SplitCommand(val)
			if err != nil {
				return EngineSpec{}, fmt.Errorf("engine %q: cmd: %w", s, err)
			}
			e.Command = append(e.Command, c...)
		default:
			// Not one of our keys: the command starts here.
			break words
		}
	}
	e.Command = append(e.Command, words[i:]...)
	// An empty quoted word ("") is a word, but not a program to run.
	if len(e.Command) == 0 || e.Command[0] == "" {
		return EngineSpec{}, fmt.Errorf("engine %q: no command", s)
	}
	return e, nil
}

// SplitCommand splits a command line into words the way a POSIX shell would
// for the simple cases: blanks separate words; single quotes keep everything
// literally; double quotes keep blanks, and a backslash in them escapes only
// a double quote or a backslash; outside quotes a backslash escapes a quote,
// a blank or a backslash and is literal otherwise (so Windows paths work).
func SplitCommand(s string) ([]string, error) {
	var words []string
	var cur strings.Builder
	inWord := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			if inWord {
				words = append(words, cur.String())
				cur.Reset()
				inWord = false
			}
		case c == '\'':
			j := strings.IndexByte(s[i+1:], '\'')
			if j < 0 {
				return nil, fmt.Errorf("unterminated ' in %q", s)
			}
			cur.WriteString(s[i+1 : i+1+j])
			i += j + 1
			inWord = true
		case c == '"':
			i++
			for ; i < len(s) && s[i] != '"'; i++ {
				if s[i] == '\\' && i+1 < len(s) && (s[i+1] == '"' || s[i+1] == '\\') {
					i++
				}
				cur.WriteByte(s[i])
			}
			if i >= len(s) {
				return nil, fmt.Errorf("unterminated \" in %q", s)
			}
			inWord = true
		case c == '\\' && i+1 < len(s) && strings.IndexByte("\"' \t\\", s[i+1]) >= 0:
			i++
			cur.WriteByte(s[i])
			inWord = true
		default:
			cur.WriteByte(c)
			inWord = true
		}
	}
	if inWord {
		words = append(words, cur.String())
	}
	return words, nil
}

// Options configure a match. The zero value is not usable: Engines, the
// board size and a time limit are required; Defaults fills in the rest.
type Options struct {
	// Engines are the brains; at least two.
	Engines []EngineSpec
	// Width and Height are the board's size.
	Width, Height int
	// Rule is the winning rule, sent as `INFO rule` and used to judge moves.
	Rule engine.Rule
	// TurnTime is the time per move and MatchTime the time per game and
	// engine (0 = no limit); at least one must be set.
	TurnTime, MatchTime time.Duration
	// Tolerance is how late a move may be before it loses on time.
	Tolerance time.Duration
	// HardTimeout is how long past the tolerated limit the manager still
	// waits: a move in that window loses on time; no move at all is
	// "no reply" and the process is killed.
	HardTimeout time.Duration
	// StartTimeout bounds the wait for OK after START.
	StartTimeout time.Duration
	// Grace is how long a brain has to exit after END before it is killed.
	Grace time.Duration
	// MaxMemory is sent as `INFO max_memory` in bytes (0 = no limit). The
	// manager does not measure memory.
	MaxMemory int64
	// DrawAfter adjudicates a draw once the board holds that many stones,
	// opening included (0 = only a full board is a draw).
	DrawAfter int
	// Openings are played in pairs, one game with each colour; none means
	// every game starts on the empty board.
	Openings []Opening
	// RandomOrder picks the openings in a random order drawn from Seed
	// instead of in file order.
	RandomOrder bool
	// Seed drives RandomOrder.
	Seed uint64
	// Games is the number of games per pair of engines. They come in
	// pairs (one opening, both colours), so an even number keeps every
	// pair complete; with an odd number the last pair is cut in half.
	Games int
	// Concurrency is the number of games played at once.
	Concurrency int
	// Gauntlet pairs the first engine with each other one; otherwise every
	// engine meets every other (round robin).
	Gauntlet bool
	// ToMove plays each opening once per pair of engines, the first engine
	// of the pair taking the side to move (a conversion test: from
	// positions where the side to move has a forced win, how often does the
	// first engine win against the second's defence). Games counts games,
	// one opening each; the Elo of such a match means nothing.
	ToMove bool
	// Reuse keeps one process per engine and game slot for the whole match,
	// with a new START per game (as c-gomoku-cli does); otherwise each game
	// starts fresh processes and ends them with END.
	Reuse bool
	// SPRT, when set, runs a sequential test on a two-engine match and stops
	// as soon as it accepts or rejects.
	SPRT *SPRT
	// OutDir, when set, receives a psq and an SGF record of every game.
	OutDir string
	// KeepMessages also writes each game's MESSAGE (and other non-move)
	// lines from the brains into a .log file in OutDir.
	KeepMessages bool
	// Info holds extra `INFO key value` lines sent after START (key value,
	// without the INFO word).
	Info []string
	// Progress, when set, receives one line per finished game.
	Progress io.Writer
	// OnGame, when set, is called with every counted game as it finishes,
	// from one goroutine at a time.
	OnGame func(*GameResult)
	// OnMove, when set, is called after every move of a game in progress
	// (and once at its start, with the opening stones), from the goroutine
	// that plays it, with the game so far: for watching a match move by
	// move. The callee may keep the result but must not change its Moves.
	OnMove func(GameResult)
}

// Defaults fills the unset timing and scheduling fields with usual values:
// tolerance 1 s (GomocupJudge's margin), hard timeout 2 s, START timeout
// 10 s, END grace 1 s, one game at a time, one pair of games.
func (o *Options) Defaults() {
	if o.Tolerance == 0 {
		o.Tolerance = time.Second
	}
	if o.HardTimeout == 0 {
		o.HardTimeout = 2 * time.Second
	}
	if o.StartTimeout == 0 {
		o.StartTimeout = 10 * time.Second
	}
	if o.Grace == 0 {
		o.Grace = time.Second
	}
	if o.Concurrency <= 0 {
		o.Concurrency = 1
	}
	if o.Games <= 0 {
		o.Games = 2
	}
}

// validate checks what Run cannot work without, and names engines that
// have no name.
func (o *Options) validate() error {
	if len(o.Engines) < 2 {
		return errors.New("a match needs at least two engines")
	}
	if _, err := engine.New(o.Width, o.Height, o.Rule); err != nil {
		return err
	}
	if o.TurnTime <= 0 && o.MatchTime <= 0 {
		return errors.New("set a turn time, a match time or both")
	}
	if o.ToMove && len(o.Openings) == 0 {
		return errors.New("playing the side to move needs openings")
	}
	if o.TurnTime < 0 || o.MatchTime < 0 || o.Tolerance < 0 || o.HardTimeout < 0 {
		return errors.New("times must not be negative")
	}
	if o.SPRT != nil {
		if len(o.Engines) != 2 {
			return errors.New("SPRT needs exactly two engines")
		}
		if err := o.SPRT.check(); err != nil {
			return err
		}
	}
	for i, op := range o.Openings {
		if _, err := op.Board(o.Width, o.Height, o.Rule); err != nil {
			return fmt.Errorf("opening %d (line %d): %w", i+1, op.Line, err)
		}
	}
	seen := map[string]int{}
	for i := range o.Engines {
		e := &o.Engines[i]
		if len(e.Command) == 0 {
			return fmt.Errorf("engine %d has no command", i+1)
		}
		if e.Name == "" {
			e.Name = strings.TrimSuffix(filepath.Base(e.Command[0]), filepath.Ext(e.Command[0]))
		}
		seen[e.Name]++
	}
	// Same names (one binary with different flags) get a number so that
	// results and records stay apart.
	count := map[string]int{}
	for i := range o.Engines {
		e := &o.Engines[i]
		if seen[e.Name] > 1 {
			count[e.Name]++
			e.Name = fmt.Sprintf("%s#%d", e.Name, count[e.Name])
		}
	}
	return nil
}
