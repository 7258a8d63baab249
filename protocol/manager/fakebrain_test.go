package manager

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/kakugo/kakugo/engine"
)

// The tests run brains as real processes without any external binary: the
// test binary re-executes itself with fakeEnv set, and TestMain turns into
// a scripted brain instead of running the tests.
const fakeEnv = "KAKUGO_FAKE_BRAIN"

func TestMain(m *testing.M) {
	if kind := os.Getenv(fakeEnv); kind != "" {
		os.Exit(fakeBrain(kind, os.Stdin, os.Stdout))
	}
	os.Exit(m.Run())
}

// fakeSpec is an engine that runs the fake brain of the given kind, with
// extra settings as KEY=VALUE environment variables:
//
//	FAKE_FAIL_AT  the brain's own move number in a game at which it misbehaves (2)
//	FAKE_SLEEP_MS how long "slow" sleeps at that move, or "slowall" at every move
//	FAKE_MOVES    moves "x,y x,y ..." that "script" plays in order
//	FAKE_EOL      "crlf" or "cr" line endings instead of LF
//	FAKE_WEAK     "1": play the first legal cell only (no win, no block)
func fakeSpec(name, kind string, env ...string) EngineSpec {
	return EngineSpec{Name: name, Command: []string{os.Args[0]},
		Env: append([]string{fakeEnv + "=" + kind}, env...)}
}

// fakeBrain is a small Gomocup brain. Its normal play is deterministic: a
// five if it has one, else a block of the opponent's five, else the first
// legal cell in row-major order. kind chooses how it misbehaves:
//
//	good      never
//	chatter   prints MESSAGE, DEBUG, UNKNOWN and free text before each move
//	suggest   answers with SUGGEST and plays on PLAY
//	script    plays FAKE_MOVES first
//	slow      sleeps FAKE_SLEEP_MS before its FAKE_FAIL_AT-th move
//	slowall   sleeps FAKE_SLEEP_MS before every move
//	hang      never answers its FAKE_FAIL_AT-th move
//	error     answers its FAKE_FAIL_AT-th move with ERROR, then nothing
//	crash     exits with status 3 at its FAKE_FAIL_AT-th move
//	offboard  plays 99,99 at its FAKE_FAIL_AT-th move
//	occupied  plays on the last stone at its FAKE_FAIL_AT-th move
//	garbage   answers "7 7 please" at its FAKE_FAIL_AT-th move
//	nostart   never answers START
//	refuse    answers START with ERROR
func fakeBrain(kind string, in io.Reader, out io.Writer) int {
	failAt := envInt("FAKE_FAIL_AT", 2)
	weak := os.Getenv("FAKE_WEAK") == "1"
	sleep := time.Duration(envInt("FAKE_SLEEP_MS", 0)) * time.Millisecond
	eol := "\n"
	switch os.Getenv("FAKE_EOL") {
	case "crlf":
		eol = "\r\n"
	case "cr":
		eol = "\r"
	}
	var script []engine.Point
	for _, f := range strings.Fields(os.Getenv("FAKE_MOVES")) {
		x, y, ok := parseMove(f)
		if !ok {
			fmt.Fprintln(os.Stderr, "bad FAKE_MOVES", f)
			return 2
		}
		script = append(script, engine.Point{X: x, Y: y})
	}
	w := bufio.NewWriter(out)
	say := func(s string) {
		w.WriteString(s + eol)
		w.Flush()
	}
	sc := bufio.NewScanner(in)
	var b *engine.Board
	w0, h0, rule := 15, 15, engine.Freestyle
	starts, moves := 0, 0
	reset := func() { b, _ = engine.New(w0, h0, rule) }
	reset()

	// reply chooses and sends a move (or misbehaves).
	reply := func() int {
		moves++
		if kind == "slowall" || (kind == "slow" && moves == failAt) {
			time.Sleep(sleep)
		}
		if moves == failAt {
			switch kind {
			case "hang":
				io.Copy(io.Discard, in)
				return 0
			case "error":
				say("ERROR cannot move")
				io.Copy(io.Discard, in)
				return 0
			case "crash":
				fmt.Fprintln(os.Stderr, "fake brain: simulated crash")
				return 3
			case "offboard":
				say("99,99")
				return -1
			case "occupied":
				x, y := b.XY(b.LastMove())
				say(fmt.Sprintf("%d,%d", x, y))
				return -1
			case "garbage":
				say("7 7 please")
				return -1
			}
		}
		var p engine.Pos
		if kind == "script" && len(script) > 0 {
			p, script = b.Pos(script[0].X, script[0].Y), script[1:]
		} else {
			p = fakeChoose(b, weak)
		}
		x, y := b.XY(p)
		b.Make(p)
		switch kind {
		case "chatter":
			say("MESSAGE thinking about " + strconv.Itoa(moves))
			say("DEBUG internal stuff")
			say("UNKNOWN nothing")
			say("hello there")
		case "suggest":
			say(fmt.Sprintf("SUGGEST %d,%d", x, y))
			return -1
		}
		say(fmt.Sprintf("%d,%d", x, y))
		return -1
	}

	for sc.Scan() {
		word, rest := splitWord(sc.Text())
		code := -1
		switch word {
		case "START", "RECTSTART":
			if kind == "nostart" {
				continue
			}
			if kind == "refuse" {
				say("ERROR unsupported size")
				continue
			}
			if word == "START" {
				w0, _ = strconv.Atoi(rest)
				h0 = w0
			} else {
				w0, h0, _ = parseMove(rest)
			}
			starts++
			moves = 0
			reset()
			say(fmt.Sprintf("MESSAGE start #%d", starts))
			say("OK")
		case "INFO":
			key, val, _ := strings.Cut(rest, " ")
			if key == "rule" {
				v, _ := strconv.Atoi(val)
				rule, _ = engine.RuleFromProtocol(v)
				reset()
			}
		case "BEGIN":
			code = reply()
		case "TURN":
			x, y, _ := parseMove(rest)
			b.Make(b.Pos(x, y))
			code = reply()
		case "BOARD":
			var stones [][3]int
			for sc.Scan() {
				t := strings.TrimSpace(sc.Text())
				if strings.EqualFold(t, "DONE") {
					break
				}
				var s [3]int
				fmt.Sscanf(t, "%d,%d,%d", &s[0], &s[1], &s[2])
				stones = append(stones, s)
			}
			reset()
			me := engine.Black
			if len(stones)%2 == 1 {
				me = engine.White
			}
			for _, s := range stones {
				c := me
				if s[2] == 2 {
					c = me.Opp()
				}
				b.Put(b.Pos(s[0], s[1]), c)
			}
			b.SetSideToMove(me)
			code = reply()
		case "PLAY":
			say(rest)
		case "END":
			return 0
		default:
			say("UNKNOWN " + word)
		}
		if code >= 0 {
			return code
		}
	}
	return 0
}

// fakeChoose is the fake brain's play: win, block, or the first legal cell
// (only the last when weak).
func fakeChoose(b *engine.Board, weak bool) engine.Pos {
	me := b.SideToMove()
	for _, c := range []engine.Color{me, me.Opp()} {
		if weak {
			break
		}
		for y := 0; y < b.Height(); y++ {
			for x := 0; x < b.Width(); x++ {
				if p := b.Pos(x, y); b.Legal(p) && b.IsFive(p, c) {
					return p
				}
			}
		}
	}
	for y := 0; y < b.Height(); y++ {
		for x := 0; x < b.Width(); x++ {
			if p := b.Pos(x, y); b.Legal(p) {
				return p
			}
		}
	}
	return engine.NoPos
}

func envInt(key string, def int) int {
	if v, err := strconv.Atoi(os.Getenv(key)); err == nil {
		return v
	}
	return def
}
