package search

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/eval"
	"github.com/kakugo/kakugo/search/internal/testpos"
)

// kakugoRestProver stands in for the winning search of a move that needs
// more than its first share of the time: at the root (the side to move's
// own VCT) the first search stops at its limit and the second proves a
// win at win (when win is a move); every other position (the opponent's
// VCT after one of our moves) is proven lost from its lostAt-th search on
// (0: never).
type kakugoRestProver struct {
	kakugoFakeProver
	root   uint64
	win    engine.Pos
	lostAt int
	asked  map[uint64]int
	order  []uint64 // the positions after our moves, in the order first asked
}

func (f *kakugoRestProver) prove(_ context.Context, b *engine.Board, _ *eval.Evaluator, vct bool, _ time.Time, _ int64) kakugoWin {
	f.mu.Lock()
	defer f.mu.Unlock()
	if !vct {
		return kakugoWin{move: engine.NoPos}
	}
	h := b.Hash()
	f.asked[h]++
	n := f.asked[h]
	if h == f.root {
		if n == 1 || f.win == engine.NoPos {
			return kakugoWin{move: engine.NoPos, open: f.win != engine.NoPos}
		}
		return kakugoWin{win: true, move: f.win, line: []engine.Pos{f.win}, nodes: 1,
			reply: func(*engine.Board) (engine.Pos, bool) { return engine.NoPos, false }}
	}
	if n == 1 {
		f.order = append(f.order, h)
	}
	if f.lostAt > 0 && n >= f.lostAt {
		return kakugoWin{win: true, move: b.Pos(0, 0), line: []engine.Pos{b.Pos(0, 0)}, nodes: 1}
	}
	return kakugoWin{move: engine.NoPos}
}

func (f *kakugoRestProver) detect(ctx context.Context, b *engine.Board, ev *eval.Evaluator, deadline time.Time, maxNodes int64) kakugoWin {
	f.mu.Lock()
	f.detects++
	f.mu.Unlock()
	return f.prove(ctx, b, ev, true, deadline, maxNodes)
}

// kakugoRestLimits are a long turn with a small playout limit, so that the
// tree search ends early and leaves the rest of the turn however busy the
// machine; clock adds an hour's match clock (where the rest is off).
func kakugoRestLimits(lines *[]string, clock bool) Limits {
	lim := kakugoTimed(5 * time.Second)
	lim.MaxNodes = 300
	lim.Info = func(s string) { *lines = append(*lines, s) }
	if clock {
		lim.Match, lim.Left = time.Hour, time.Hour
	}
	return lim
}

// TestKakugoRestProvesTheOpenVCT: a VCT search that stopped at its limit
// goes on in the rest of the turn and its win is played, under a turn
// limit; not with the rest turned off, nor under a match clock.
func TestKakugoRestProvesTheOpenVCT(t *testing.T) {
	const pos = "h8i9h9h10j8"
	for _, c := range []struct {
		name  string
		rest  int
		clock bool
		want  bool
	}{
		{"default, under the playout limit", 0, false, false},
		{"on", 1, false, true},
		{"off", -1, false, false},
		{"match clock", 1, true, false},
	} {
		b := testpos.Board(t, 15, engine.Freestyle, pos)
		f := &kakugoRestProver{root: b.Hash(), win: b.Pos(0, 14), asked: map[uint64]int{}}
		k := NewKakugo(KakugoOptions{Rest: c.rest})
		k.newProver = func(int) kakugoProver { return f }
		var lines []string
		lim := kakugoRestLimits(&lines, c.clock)
		m := k.Move(context.Background(), b, lim)
		if got := m == f.win; got != c.want {
			t.Errorf("%s: played %s, the rest's VCT win %s: %v, want %v", c.name, engine.FormatMove(b.XY(m)), engine.FormatMove(b.XY(f.win)), got, c.want)
		}
		if got := strings.Contains(strings.Join(lines, "\n"), "rest | vct win"); got != c.want {
			t.Errorf("%s: a rest win message: %v, want %v (%q)", c.name, got, c.want, lines)
		}
		if k.reply != nil != c.want {
			t.Errorf("%s: the proof's reply kept: %v, want %v", c.name, k.reply != nil, c.want)
		}
	}
}

// TestKakugoRestRecheck: a move the first check passed but the longer
// check proves lost is replaced by the next most visited move that no
// search proves lost; with every move lost the search's choice stands; and
// a VCT search that ended complete is not run again.
func TestKakugoRestRecheck(t *testing.T) {
	const pos = "h8i9h9h10j8"
	for _, c := range []struct {
		name    string
		rest    int
		lostAt  int
		replace bool
	}{
		{"lost on the second look", 1, 2, true},
		{"rest off", -1, 2, false},
		{"never lost", 1, 0, false},
		{"lost at once, every move", 1, 1, false},
	} {
		b := testpos.Board(t, 15, engine.Freestyle, pos)
		f := &kakugoRestProver{root: b.Hash(), win: engine.NoPos, lostAt: c.lostAt, asked: map[uint64]int{}}
		k := NewKakugo(KakugoOptions{Rest: c.rest})
		k.newProver = func(int) kakugoProver { return f }
		var lines []string
		m := k.Move(context.Background(), b, kakugoRestLimits(&lines, false))
		text := strings.Join(lines, "\n")
		if !b.Legal(m) {
			t.Fatalf("%s: illegal move %v", c.name, m)
		}
		if n := f.asked[b.Hash()]; n != 1 {
			t.Errorf("%s: our complete VCT searched %d times, want 1", c.name, n)
		}
		if len(f.order) == 0 {
			t.Fatalf("%s: no move checked", c.name)
		}
		after := b.Clone()
		after.Make(m)
		first := f.order[0] == after.Hash() // the move the first check passed
		if c.replace == first || c.replace != strings.Contains(text, "rest check | "+engine.FormatMove(b.XY(m))+" instead of") {
			t.Errorf("%s: played %s (the first checked: %v), want it replaced: %v; messages %q", c.name, engine.FormatMove(b.XY(m)), first, c.replace, lines)
		}
	}
}

// kakugoShareProver records the deadline of the first VCT search at the
// root and how much of it was left when the search was asked.
type kakugoShareProver struct {
	kakugoFakeProver
	root     uint64
	deadline time.Time
	left     time.Duration
}

func (f *kakugoShareProver) prove(ctx context.Context, b *engine.Board, ev *eval.Evaluator, vct bool, deadline time.Time, maxNodes int64) kakugoWin {
	f.mu.Lock()
	if vct && b.Hash() == f.root && f.deadline.IsZero() {
		f.deadline, f.left = deadline, time.Until(deadline)
	}
	f.mu.Unlock()
	return f.kakugoFakeProver.prove(ctx, b, ev, vct, deadline, maxNodes)
}

// TestKakugoRestVCTShare: under a turn limit alone, with the rest of the
// turn to follow, our VCT's first search has the smaller share of the hard
// limit (at most kakugoRestVCTShare of it is left when it starts); with the
// rest off, or under a match clock, its deadline is the full share's
// (kakugoVCTShare, capped under the clock as before). Only bounds that
// hold however slow the machine are tested: a deadline is set from the
// moment the search is called, which comes after the move's start.
func TestKakugoRestVCTShare(t *testing.T) {
	const pos = "h8i9h9h10j8"
	for _, c := range []struct {
		name  string
		rest  int
		clock bool
	}{
		{"turn limit, the rest to follow", 1, false},
		{"turn limit, the rest off", -1, false},
		{"match clock", 1, true},
	} {
		b := testpos.Board(t, 15, engine.Freestyle, pos)
		f := &kakugoShareProver{root: b.Hash()}
		k := NewKakugo(KakugoOptions{Rest: c.rest, FixedMargins: true})
		k.newProver = func(int) kakugoProver { return f }
		var lines []string
		lim := kakugoRestLimits(&lines, c.clock)
		bud := newBudgetTogo(lim, b.MoveCount(), movesToGo)
		k.Move(context.Background(), b, lim)
		if f.deadline.IsZero() {
			t.Fatalf("%s: our VCT was not asked", c.name)
		}
		share := func(pct int) time.Duration { return bud.Hard() * time.Duration(pct) / 100 }
		switch {
		case c.rest > 0 && !c.clock:
			if f.left > share(kakugoRestVCTShare) {
				t.Errorf("%s: %v of our VCT's search left at its start, more than %d%% of the hard limit %v", c.name, f.left, kakugoRestVCTShare, bud.Hard())
			}
		default:
			want := share(kakugoVCTStepShare(kakugoVCTShare, bud, kakugoClockVCT))
			if got := f.deadline.Sub(lim.Start); got < want {
				t.Errorf("%s: our VCT's deadline %v after the move's start, want at least %v", c.name, got, want)
			}
		}
	}
}

// TestRestOn: the rest of the turn is on by default in a timed move under a
// turn limit alone, off under a match clock, under a playout limit (unless
// asked for: the tests above) and in untimed searches, and an option turns
// it on or off.
func TestRestOn(t *testing.T) {
	turn := Limits{Turn: time.Second, Match: Unlimited, Left: Unlimited}
	clock := Limits{Turn: time.Second, Match: time.Minute, Left: time.Minute}
	nodes := turn
	nodes.MaxNodes = 1000
	for _, c := range []struct {
		name  string
		rest  int
		lim   Limits
		timed bool
		want  bool
	}{
		{"default, turn limit", 0, turn, true, kakugoRestDefault},
		{"default, match clock", 0, clock, true, false},
		{"default, playout limit", 0, nodes, true, false},
		{"default, untimed", 0, turn, false, false},
		{"on, playout limit", 1, nodes, true, true},
		{"on, match clock", 1, clock, true, false},
		{"off, turn limit", -1, turn, true, false},
	} {
		k := NewKakugo(KakugoOptions{Rest: c.rest})
		k.prover = &kakugoFakeProver{} // restOn asks for one
		if got := k.restOn(c.lim, c.timed); got != c.want {
			t.Errorf("%s: rest %v, want %v", c.name, got, c.want)
		}
	}
}
