package manager

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/kakugo/kakugo/engine"
)

// quick is a match setting fast enough for tests yet with room for a
// loaded machine: a well-behaved fake brain answers in about a millisecond.
func quick(engines ...EngineSpec) Options {
	return Options{
		Engines: engines, Width: 15, Height: 15, Rule: engine.Freestyle,
		TurnTime: time.Second, Tolerance: time.Second,
		HardTimeout: time.Second, StartTimeout: 5 * time.Second,
		Grace: 500 * time.Millisecond, Games: 2,
	}
}

// play runs a match and returns its summary and every game.
func play(t *testing.T, o Options) (*Summary, []GameResult) {
	t.Helper()
	var mu sync.Mutex
	var games []GameResult
	o.OnGame = func(r *GameResult) {
		mu.Lock()
		games = append(games, *r)
		mu.Unlock()
	}
	sum, err := Run(context.Background(), o)
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	return sum, games
}

// checkBoard replays a game and checks that the recorded result agrees
// with the rules: a five win has the winner's five made by the last move,
// and no earlier move ended the game.
func checkBoard(t *testing.T, o Options, r GameResult) {
	t.Helper()
	b, _ := engine.New(o.Width, o.Height, o.Rule)
	for i, m := range r.Moves {
		if w := b.Winner(); w != engine.Empty {
			t.Fatalf("game %d: %s already won before move %d", r.Game, w, i+1)
		}
		p := b.Pos(m.X, m.Y)
		if !m.Opening && !b.Legal(p) {
			t.Fatalf("game %d: move %d (%d,%d) is not legal", r.Game, i+1, m.X, m.Y)
		}
		b.Make(p)
	}
	switch r.Reason {
	case EndFive:
		if b.Winner() != r.Winner || r.Winner == engine.Empty {
			t.Errorf("game %d: recorded winner %s, board says %s", r.Game, r.Winner, b.Winner())
		}
	case EndFull:
		if !b.Full() || r.Winner != engine.Empty {
			t.Errorf("game %d: full-board draw on a board that is not full", r.Game)
		}
	case EndMoveLimit:
		if b.MoveCount() != o.DrawAfter || r.Winner != engine.Empty {
			t.Errorf("game %d: move-limit draw after %d stones, limit %d", r.Game, b.MoveCount(), o.DrawAfter)
		}
	}
}

func TestFaultyBrains(t *testing.T) {
	tests := []struct {
		kind   string
		env    []string
		reason Reason
		detail string
		tweak  func(*Options)
	}{
		{"crash", nil, ForfeitCrash, "exit status 3; stderr: fake brain: simulated crash", nil},
		{"offboard", nil, ForfeitIllegal, "off the board", nil},
		{"occupied", nil, ForfeitIllegal, "occupied", nil},
		{"garbage", nil, ForfeitIllegal, `malformed reply "7 7 please"`, nil},
		{"garbage-first", []string{"FAKE_FAIL_AT=1"}, ForfeitIllegal, "malformed", nil},
		{"slow", []string{"FAKE_SLEEP_MS=1200"}, ForfeitTime, "turn time 300 ms + 300 ms tolerance", func(o *Options) {
			o.TurnTime, o.Tolerance, o.HardTimeout = 300*time.Millisecond, 300*time.Millisecond, 3*time.Second
		}},
		{"slowall", []string{"FAKE_SLEEP_MS=250"}, ForfeitTime, "match time", func(o *Options) {
			// 250 ms a move against 700 ms a game and 150 ms tolerance:
			// 700 -> 450 -> 200 -> -50, and the 4th move exceeds -50 + 150.
			o.TurnTime, o.MatchTime, o.Tolerance = 0, 700*time.Millisecond, 150*time.Millisecond
			o.HardTimeout = 3 * time.Second
		}},
		{"hang", nil, ForfeitNoReply, "no move within 1000 ms", func(o *Options) {
			o.TurnTime, o.Tolerance, o.HardTimeout = 300*time.Millisecond, 200*time.Millisecond, 500*time.Millisecond
		}},
		{"error", nil, ForfeitNoReply, `no move within 1000 ms (last output "ERROR cannot move")`, func(o *Options) {
			o.TurnTime, o.Tolerance, o.HardTimeout = 300*time.Millisecond, 200*time.Millisecond, 500*time.Millisecond
		}},
		{"nostart", nil, ForfeitStart, "no OK", func(o *Options) { o.StartTimeout = 1500 * time.Millisecond }},
		{"refuse", nil, ForfeitStart, "ERROR unsupported size", nil},
	}
	for _, tc := range tests {
		t.Run(tc.kind, func(t *testing.T) {
			kind, _, _ := strings.Cut(tc.kind, "-")
			o := quick(fakeSpec("good", "good"), fakeSpec("bad", kind, tc.env...))
			if tc.tweak != nil {
				tc.tweak(&o)
			}
			sum, games := play(t, o)
			if sum.Games != 2 || len(games) != 2 {
				t.Fatalf("%d games counted, %d reported; want 2", sum.Games, len(games))
			}
			for _, r := range games {
				good := engine.Black
				if r.Black == 1 {
					good = engine.White
				}
				if r.Reason != tc.reason || r.Winner != good || len(r.Failed) != 1 || r.Failed[0] != 1 {
					t.Errorf("game %d: %s wins by %q (failed %v), want %s by %q", r.Game, r.Winner, r.Reason,
						r.Failed, good, tc.reason)
				}
				if r.Duration <= 0 || r.Started.IsZero() {
					t.Errorf("game %d: not timed (%v from %v)", r.Game, r.Duration, r.Started)
				}
				if !strings.Contains(r.Detail, tc.detail) {
					t.Errorf("game %d: detail %q lacks %q", r.Game, r.Detail, tc.detail)
				}
				checkBoard(t, o, r)
			}
			if got := sum.Engines[1].Forfeits[tc.reason]; got != 2 {
				t.Errorf("bad engine: %d forfeits by %q, want 2 (%v)", got, tc.reason, sum.Engines[1].Forfeits)
			}
			if sum.Engines[0].Results.Wins != 2 || len(sum.Engines[0].Forfeits) != 0 {
				t.Errorf("good engine: %+v", sum.Engines[0])
			}
		})
	}
}

func TestWellBehavedBrains(t *testing.T) {
	// Line endings, chatter and SUGGEST must not disturb a game. Two tactical
	// fake brains block each other to a full board, so each game pits one
	// against a weak one (first legal cell only), which makes it decisive.
	for _, tc := range []struct {
		name string
		a, b EngineSpec
	}{
		{"lf", fakeSpec("a", "good"), fakeSpec("b", "good", "FAKE_WEAK=1")},
		{"crlf-chatter", fakeSpec("a", "chatter", "FAKE_EOL=crlf"), fakeSpec("b", "good", "FAKE_WEAK=1")},
		{"cr-suggest", fakeSpec("a", "suggest", "FAKE_EOL=cr"), fakeSpec("b", "chatter", "FAKE_WEAK=1")},
	} {
		t.Run(tc.name, func(t *testing.T) {
			o := quick(tc.a, tc.b)
			o.KeepMessages = true
			sum, games := play(t, o)
			if sum.Games != 2 {
				t.Fatalf("%d games", sum.Games)
			}
			for _, r := range games {
				if r.Reason != EndFive || r.Winner == engine.Empty || len(r.Failed) != 0 {
					t.Errorf("game %d: %s by %q (%s)", r.Game, r.Winner, r.Reason, r.Detail)
				}
				checkBoard(t, o, r)
				for _, m := range r.Moves {
					if m.Time > o.TurnTime {
						t.Errorf("game %d: a move took %v", r.Game, m.Time)
					}
				}
				if tc.name == "crlf-chatter" && !strings.Contains(strings.Join(r.Log, "\n"), "MESSAGE thinking about") {
					t.Errorf("game %d: MESSAGE lines not kept: %q", r.Game, r.Log)
				}
			}
		})
	}
}

// Scripts for the rule tests. Black's overline: five stones on row 7 with
// a gap at x=3, then the gap (six in a row); white plays far away.
const (
	blackOverline = "0,7 1,7 2,7 4,7 5,7 3,7"
	whiteFar      = "0,0 0,2 0,4 10,0 12,0"
	blackFive     = "0,7 1,7 2,7 3,7 4,7"
	// Black's (7,7) makes open threes on row 7 and column 7 at once.
	blackDoubleThree = "5,7 7,5 6,7 7,6 7,7"
	whiteFar4        = "0,0 0,2 0,4 0,6"
	// White's overline, while black's stones stay apart.
	blackApart    = "10,0 12,0 14,0 10,2 12,2 14,2"
	whiteOverline = "0,7 1,7 2,7 4,7 5,7 3,7"
	// Black's five on row 7 closed at both ends by white.
	blackBlocked = "1,7 2,7 3,7 4,7 5,7"
	whiteBlocks  = "0,7 6,7 0,0 0,2"
)

func TestRules(t *testing.T) {
	tests := []struct {
		name         string
		rule         engine.Rule
		black, white string
		drawAfter    int
		winner       engine.Color
		reason       Reason
	}{
		{"freestyle overline wins", engine.Freestyle, blackOverline, whiteFar, 0, engine.Black, EndFive},
		{"standard overline does not win", engine.Exact, blackOverline, whiteFar, 11, engine.Empty, EndMoveLimit},
		{"standard five wins", engine.Exact, blackFive, whiteFar, 0, engine.Black, EndFive},
		{"renju black overline forbidden", engine.Renju, blackOverline, whiteFar, 0, engine.White, ForfeitForbidden},
		{"renju black double three forbidden", engine.Renju, blackDoubleThree, whiteFar4, 0, engine.White, ForfeitForbidden},
		{"renju black five wins", engine.Renju, blackFive, whiteFar, 0, engine.Black, EndFive},
		{"renju white overline wins", engine.Renju, blackApart, whiteOverline, 0, engine.White, EndFive},
		{"caro blocked five does not win", engine.Caro, blackBlocked, whiteBlocks, 9, engine.Empty, EndMoveLimit},
		{"freestyle blocked five wins", engine.Freestyle, blackBlocked, whiteBlocks, 0, engine.Black, EndFive},
		{"caro-exact overline does not win", engine.CaroExact, blackOverline, whiteFar, 11, engine.Empty, EndMoveLimit},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			o := quick(fakeSpec("black", "script", "FAKE_MOVES="+tc.black),
				fakeSpec("white", "script", "FAKE_MOVES="+tc.white))
			o.Rule, o.DrawAfter, o.Games = tc.rule, tc.drawAfter, 1
			sum, games := play(t, o)
			if sum.Games != 1 || len(games) != 1 {
				t.Fatalf("%d games, want 1", sum.Games)
			}
			r := games[0]
			if r.Winner != tc.winner || r.Reason != tc.reason {
				t.Fatalf("%s by %q (%s), want %s by %q", r.Winner, r.Reason, r.Detail, tc.winner, tc.reason)
			}
			checkBoard(t, o, r)
			if tc.reason == ForfeitForbidden {
				// The forbidden stone is not in the record; it must be
				// forbidden on the recorded position.
				last := strings.Fields(tc.black)
				x, y, _ := parseMove(last[len(last)-1])
				b, _ := engine.New(15, 15, tc.rule)
				for _, m := range r.Moves {
					b.Make(b.Pos(m.X, m.Y))
				}
				if b.SideToMove() != engine.Black || !b.IsForbidden(b.Pos(x, y)) {
					t.Errorf("%d,%d is not forbidden for black on the recorded position", x, y)
				}
			}
		})
	}
}

func TestOpeningsAndBoardCommand(t *testing.T) {
	// An opening with an odd number of stones gives white the first move:
	// both brains get the position with BOARD (in move order, 1 = own) and
	// then TURN. The fake brains rebuild their board from BOARD, so a wrong
	// own/opponent flag or order would make them play an occupied cell.
	ops, err := ReadOpenings(strings.NewReader("h8i9g7\n0,0, 1,1\n"))
	if err != nil {
		t.Fatal(err)
	}
	o := quick(fakeSpec("a", "good"), fakeSpec("b", "good"))
	o.Openings, o.Games = ops, 4
	sum, games := play(t, o)
	if sum.Games != 4 {
		t.Fatalf("%d games", sum.Games)
	}
	for _, r := range games {
		want := ops[(r.Game-1)/2].Moves(15, 15)
		for i, p := range want {
			if m := r.Moves[i]; m.X != p.X || m.Y != p.Y || !m.Opening || m.Time != 0 {
				t.Errorf("game %d: move %d is %+v, want opening stone %v", r.Game, i+1, m, p)
			}
		}
		if len(r.Failed) != 0 {
			t.Errorf("game %d: %s (%s)", r.Game, r.Reason, r.Detail)
		}
		checkBoard(t, o, r)
	}
	// Both games of a pair share the opening; the colours swap.
	if games[0].Pair != games[1].Pair && games[0].Opening != games[1].Opening {
		t.Errorf("pairing: %+v %+v", games[0], games[1])
	}
}

func TestRectangularBoard(t *testing.T) {
	o := quick(fakeSpec("a", "good"), fakeSpec("b", "good", "FAKE_WEAK=1"))
	o.Width, o.Height = 12, 9
	sum, games := play(t, o)
	if sum.Games != 2 {
		t.Fatalf("%d games", sum.Games)
	}
	for _, r := range games {
		if r.Reason != EndFive {
			t.Errorf("game %d: %s (%s)", r.Game, r.Reason, r.Detail)
		}
		checkBoard(t, o, r)
	}
}

func TestFullBoardDraw(t *testing.T) {
	// Two tactical fake brains block every five: the board fills up and
	// the game is drawn, on a square and a rectangular board.
	for _, size := range [][2]int{{15, 15}, {7, 5}} {
		o := quick(fakeSpec("a", "good"), fakeSpec("b", "good"))
		o.Width, o.Height = size[0], size[1]
		sum, games := play(t, o)
		if sum.Draws != 2 {
			t.Errorf("%dx%d: %d draws, want 2", size[0], size[1], sum.Draws)
		}
		for _, r := range games {
			if r.Reason != EndFull || len(r.Moves) != size[0]*size[1] {
				t.Errorf("%dx%d game %d: %s after %d moves", size[0], size[1], r.Game, r.Reason, len(r.Moves))
			}
			checkBoard(t, o, r)
		}
	}
}

// TestOnMove follows games move by move: every call extends the game by
// one stone (the first carries the opening), and the last call of a game
// has all the stones its result has.
func TestOnMove(t *testing.T) {
	o := quick(fakeSpec("good", "good"), fakeSpec("weak", "good", "FAKE_WEAK=1"))
	op, err := ParseOpening("h8i9")
	if err != nil {
		t.Fatal(err)
	}
	o.Openings = []Opening{op}
	var mu sync.Mutex
	seen := map[int][]int{} // game -> stones at each call
	o.OnMove = func(r GameResult) {
		mu.Lock()
		defer mu.Unlock()
		seen[r.Game] = append(seen[r.Game], len(r.Moves))
	}
	_, games := play(t, o)
	if len(games) != 2 {
		t.Fatalf("%d games", len(games))
	}
	for _, g := range games {
		counts := seen[g.Game]
		if len(counts) == 0 || counts[0] != 2 {
			t.Fatalf("game %d: calls %v, want the opening's 2 stones first", g.Game, counts)
		}
		for i := 1; i < len(counts); i++ {
			if counts[i] != counts[i-1]+1 {
				t.Errorf("game %d: calls %v do not grow by one", g.Game, counts)
				break
			}
		}
		if last := counts[len(counts)-1]; last != len(g.Moves) {
			t.Errorf("game %d: last call saw %d stones, the result has %d", g.Game, last, len(g.Moves))
		}
	}
}
