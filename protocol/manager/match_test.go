package manager

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"
)

func TestRoundRobinGoesOnPastFailures(t *testing.T) {
	// Three engines, one of which crashes in every game, played three games
	// at a time: every game is counted and the crashes are the crasher's.
	o := quick(fakeSpec("good", "good"), fakeSpec("weak", "good", "FAKE_WEAK=1"), fakeSpec("crash", "crash"))
	o.Games, o.Concurrency = 4, 3
	sum, games := play(t, o)
	if sum.Games != 12 || len(games) != 12 || sum.Scheduled != 12 {
		t.Fatalf("%d of %d games, %d reported; want 12", sum.Games, sum.Scheduled, len(games))
	}
	if len(sum.Pairs) != 3 {
		t.Fatalf("%d pairs, want 3", len(sum.Pairs))
	}
	for i, e := range sum.Engines {
		if e.Results.Games() != 8 {
			t.Errorf("%s played %d games, want 8", e.Name, e.Results.Games())
		}
		if want := map[int]int{2: 8}[i]; e.Forfeits[ForfeitCrash] != want {
			t.Errorf("%s: %d crashes, want %d", e.Name, e.Forfeits[ForfeitCrash], want)
		}
	}
	if got := sum.Engines[2].Results.Losses; got != 8 {
		t.Errorf("crasher lost %d, want 8", got)
	}
	total := 0
	for _, p := range sum.Pairs {
		total += p.Results.Games()
		if p.Penta.Pairs() != 2 || p.AsBlack.Games() != 2 || p.AsWhite.Games() != 2 {
			t.Errorf("pair %d-%d: %d game pairs, %d as black, %d as white", p.A, p.B, p.Penta.Pairs(),
				p.AsBlack.Games(), p.AsWhite.Games())
		}
	}
	if total != 12 || sum.BlackWins+sum.WhiteWins+sum.Draws != 12 {
		t.Errorf("pair totals %d, colour totals %d+%d+%d", total, sum.BlackWins, sum.WhiteWins, sum.Draws)
	}
	for _, r := range games {
		checkBoard(t, o, r)
	}
}

func TestGauntlet(t *testing.T) {
	o := quick(fakeSpec("hero", "good"), fakeSpec("w1", "good", "FAKE_WEAK=1"),
		fakeSpec("w2", "good", "FAKE_WEAK=1"), fakeSpec("w3", "refuse"))
	o.Gauntlet, o.Concurrency = true, 2
	sum, games := play(t, o)
	if sum.Games != 6 || len(sum.Pairs) != 3 {
		t.Fatalf("%d games, %d pairs; want 6 and 3", sum.Games, len(sum.Pairs))
	}
	for _, r := range games {
		if r.Black != 0 && r.White != 0 {
			t.Errorf("game %d without the first engine: %d vs %d", r.Game, r.Black, r.White)
		}
	}
	if sum.Engines[3].Forfeits[ForfeitStart] != 2 {
		t.Errorf("refuser forfeits %v", sum.Engines[3].Forfeits)
	}
}

// startCount finds the "start #N" MESSAGE of the named engine in a game log.
func startCount(log []string, name string) int {
	for _, l := range log {
		var n int
		if i := strings.Index(l, " "+name+": MESSAGE start #"); i >= 0 {
			fmt.Sscanf(l[i+len(name)+len(": MESSAGE start #")+1:], "%d", &n)
			return n
		}
	}
	return -1
}

func TestReuse(t *testing.T) {
	// With Reuse a healthy process plays every game (its START count
	// grows); a crashed one is replaced by a fresh process each game.
	for _, reuse := range []bool{false, true} {
		o := quick(fakeSpec("good", "good"), fakeSpec("crash", "crash"))
		o.Reuse, o.KeepMessages, o.Games = reuse, true, 4
		_, games := play(t, o)
		if len(games) != 4 {
			t.Fatalf("reuse %v: %d games", reuse, len(games))
		}
		for _, r := range games {
			want := 1
			if reuse {
				want = r.Game
			}
			if got := startCount(r.Log, "good"); got != want {
				t.Errorf("reuse %v game %d: good's START #%d, want #%d\n%s", reuse, r.Game, got, want,
					strings.Join(r.Log, "\n"))
			}
			if got := startCount(r.Log, "crash"); got != 1 {
				t.Errorf("reuse %v game %d: crasher's START #%d, want #1", reuse, r.Game, got)
			}
		}
	}
}

func TestSPRTStops(t *testing.T) {
	// The engine under test wins (or loses) every game by forfeit: after
	// ten winning pairs the LLR is 3.43 > ln 19 (see TestSPRT), so the
	// match stops at 20 games of the 200 scheduled. With elo1 = 400 the
	// bounds are crossed after two pairs, but no verdict comes before
	// SPRTMinPairs pairs, so it stops at 20 games too.
	for _, elo1 := range []float64{10, 400} {
		for _, tc := range []struct {
			a, b EngineSpec
			want Verdict
		}{
			{fakeSpec("good", "good"), fakeSpec("bad", "garbage", "FAKE_FAIL_AT=1"), AcceptH1},
			{fakeSpec("bad", "garbage", "FAKE_FAIL_AT=1"), fakeSpec("good", "good"), AcceptH0},
		} {
			o := quick(tc.a, tc.b)
			// Reuse: a brain that only plays malformed moves stays healthy, and
			// two processes serve the whole match.
			o.Games, o.Reuse = 200, true
			o.SPRT = &SPRT{Elo0: 0, Elo1: 10, Alpha: 0.05, Beta: 0.05}
			if elo1 > 10 {
				o.SPRT.Elo1 = elo1
			}
			var progress bytes.Buffer
			o.Progress = &progress
			sum, _ := play(t, o)
			if sum.SPRT.Verdict != tc.want || sum.Games != 20 || sum.Interrupted {
				t.Errorf("%s after %d games (LLR %.3f, interrupted %v), want %s after 20", sum.SPRT.Verdict, sum.Games,
					sum.SPRT.LLR, sum.Interrupted, tc.want)
			}
			lines := strings.Split(strings.TrimSpace(progress.String()), "\n")
			if len(lines) != sum.Games || !strings.Contains(lines[len(lines)-1], string(tc.want)) {
				t.Errorf("progress: %d lines, last %q", len(lines), lines[len(lines)-1])
			}
		}
	}
	o := quick(fakeSpec("a", "good"), fakeSpec("b", "good"), fakeSpec("c", "good"))
	o.SPRT = &SPRT{Elo0: 0, Elo1: 10, Alpha: 0.05, Beta: 0.05}
	if _, err := Run(context.Background(), o); err == nil {
		t.Error("SPRT with three engines accepted")
	}
}

func TestCancel(t *testing.T) {
	// Stopping the match abandons the game in progress: its hung brain is
	// killed and nothing is counted.
	o := quick(fakeSpec("good", "good"), fakeSpec("hang", "hang"))
	o.TurnTime, o.HardTimeout = 10*time.Second, 10*time.Second
	ctx, cancel := context.WithTimeout(context.Background(), 500*time.Millisecond)
	defer cancel()
	start := time.Now()
	sum, err := Run(ctx, o)
	if err != nil {
		t.Fatal(err)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("Run took %v after cancel", d)
	}
	if !sum.Interrupted || sum.Games != 0 {
		t.Errorf("interrupted %v, %d games", sum.Interrupted, sum.Games)
	}
}

func TestBadOptions(t *testing.T) {
	good := fakeSpec("a", "good")
	for name, mod := range map[string]func(*Options){
		"one engine":   func(o *Options) { o.Engines = o.Engines[:1] },
		"no time":      func(o *Options) { o.TurnTime, o.MatchTime = 0, 0 },
		"board":        func(o *Options) { o.Width = 40 },
		"opening":      func(o *Options) { o.Openings = []Opening{mustOpening(t, "a1a1")} },
		"no command":   func(o *Options) { o.Engines[1].Command = nil },
		"sprt elo":     func(o *Options) { o.SPRT = &SPRT{Elo0: 5, Elo1: 0, Alpha: 0.05, Beta: 0.05} },
		"negative tol": func(o *Options) { o.Tolerance = -time.Second },
	} {
		o := quick(good, good)
		mod(&o)
		if _, err := Run(context.Background(), o); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
	// Two engines with one name get numbered apart.
	o := quick(good, good)
	if err := o.validate(); err != nil || o.Engines[0].Name != "a#1" || o.Engines[1].Name != "a#2" {
		t.Errorf("names %q %q (%v)", o.Engines[0].Name, o.Engines[1].Name, err)
	}
	// A command that cannot run forfeits its games; the match still runs.
	o = quick(good, EngineSpec{Name: "missing", Command: []string{"/nonexistent/pbrain-x"}})
	sum, _ := play(t, o)
	if sum.Engines[1].Forfeits[ForfeitStart] != 2 {
		t.Errorf("missing binary: %v", sum.Engines[1].Forfeits)
	}
}

func mustOpening(t *testing.T, s string) Opening {
	t.Helper()
	op, err := ParseOpening(s)
	if err != nil {
		t.Fatal(err)
	}
	return op
}

func TestSchedule(t *testing.T) {
	ops := make([]Opening, 10)
	o := Options{Engines: make([]EngineSpec, 3), Openings: ops, Games: 5}
	jobs := schedule(&o)
	// 3 pairs of engines x 5 games; the fifth game of each pair is alone.
	if len(jobs) != 15 {
		t.Fatalf("%d jobs, want 15", len(jobs))
	}
	for i, j := range jobs {
		if j.game != i+1 {
			t.Errorf("job %d numbered %d", i, j.game)
		}
	}
	if jobs[0].black != jobs[1].white || jobs[0].white != jobs[1].black || jobs[0].pair != jobs[1].pair ||
		jobs[0].opening != jobs[1].opening {
		t.Errorf("first pair %+v %+v: colours not swapped on one opening", jobs[0], jobs[1])
	}
	if jobs[0].opening != 0 || jobs[6].opening != 1 || jobs[12].opening != 2 {
		t.Errorf("sequential openings: %d %d %d", jobs[0].opening, jobs[6].opening, jobs[12].opening)
	}
	o.RandomOrder, o.Seed, o.Games = true, 42, 20
	a, b := schedule(&o), schedule(&o)
	seen := map[int]bool{}
	for i := range a {
		if a[i] != b[i] {
			t.Fatalf("same seed, different schedules at %d", i)
		}
		seen[a[i].opening] = true
	}
	if len(seen) != 10 {
		t.Errorf("random order used %d of 10 openings", len(seen))
	}
	o.Seed = 43
	c := schedule(&o)
	same := true
	for i := range a {
		same = same && a[i].opening == c[i].opening
	}
	if same {
		t.Error("seeds 42 and 43 give the same order")
	}
}

func TestReports(t *testing.T) {
	o := quick(fakeSpec("good", "good"), fakeSpec("bad", "offboard"))
	o.OutDir = t.TempDir()
	sum, _ := play(t, o)
	var table bytes.Buffer
	if err := sum.WriteTable(&table); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"good vs bad", "2-0-0", "illegal move 2", "+inf ± inf", "pentanomial"} {
		if !strings.Contains(table.String(), want) {
			t.Errorf("table lacks %q:\n%s", want, table.String())
		}
	}
	var js bytes.Buffer
	if err := sum.WriteJSON(&js); err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Games   int
		Engines []struct {
			Name     string
			Forfeits map[string]int
		}
		Pairs []struct {
			Results     struct{ Wins, Losses, Draws int }
			Pentanomial [5]int
			Elo         struct {
				Elo   *float64
				Score *float64
			}
		}
		Settings struct{ Rule string }
	}
	if err := json.Unmarshal(js.Bytes(), &doc); err != nil {
		t.Fatalf("%v\n%s", err, js.String())
	}
	if doc.Games != 2 || doc.Engines[1].Forfeits["illegal move"] != 2 || doc.Pairs[0].Results.Wins != 2 ||
		doc.Pairs[0].Pentanomial[4] != 1 || doc.Pairs[0].Elo.Elo != nil || *doc.Pairs[0].Elo.Score != 1 ||
		doc.Settings.Rule != "freestyle" {
		t.Errorf("JSON: %+v\n%s", doc, js.String())
	}
}

// TestMoveTimeStats: the summary counts each engine's moves, the moves over
// their budget (a slow brain over the turn time but within the tolerance
// is not forfeited, yet is counted), the longest move and the least time
// left of a budget, and the text report shows them.
func TestMoveTimeStats(t *testing.T) {
	// A 1 s turn, so that no instant reply counts as over it on a loaded
	// machine (at 100 ms one might).
	o := quick(fakeSpec("slow", "slow", "FAKE_FAIL_AT=2", "FAKE_SLEEP_MS=1100"), fakeSpec("good", "good"))
	o.TurnTime, o.Tolerance, o.Games = time.Second, 2*time.Second, 2
	sum, games := play(t, o)
	if len(games) != 2 {
		t.Fatalf("%d games", len(games))
	}
	moves := [2]int{}
	for _, g := range games {
		if len(g.Failed) > 0 {
			t.Fatalf("game %d forfeited: %s", g.Game, g.Detail)
		}
		for i, m := range g.Moves {
			if m.Opening {
				continue
			}
			if m.Budget != o.TurnTime {
				t.Errorf("game %d move %d: budget %v, want %v", g.Game, i, m.Budget, o.TurnTime)
			}
			e := g.Black
			if i%2 == 1 {
				e = g.White
			}
			moves[e]++
		}
	}
	slow, good := sum.Engines[0], sum.Engines[1]
	if slow.Moves != moves[0] || good.Moves != moves[1] || slow.Bounded != slow.Moves {
		t.Errorf("moves %d and %d (bounded %d), want %v", slow.Moves, good.Moves, slow.Bounded, moves)
	}
	// The slow brain sleeps 1,100 ms at its second move of each game.
	if slow.Over != 2 || slow.Longest < 1100*time.Millisecond || slow.Closest > -100*time.Millisecond {
		t.Errorf("slow: %d over, longest %v, closest %v; want 2 over, at least 1,100 ms, at most -100 ms", slow.Over, slow.Longest, slow.Closest)
	}
	if good.Over != 0 || good.Closest <= 0 {
		t.Errorf("good: %d over, closest %v", good.Over, good.Closest)
	}
	var rep bytes.Buffer
	sum.WriteTable(&rep)
	if !strings.Contains(rep.String(), "over budget") {
		t.Errorf("report lacks the move-time columns:\n%s", rep.String())
	}
}

// TestMoveTimeStatsCountLateMoves: a move that loses on time is not
// played, but it counts in its engine's move times.
func TestMoveTimeStatsCountLateMoves(t *testing.T) {
	o := quick(fakeSpec("slow", "slow", "FAKE_FAIL_AT=2", "FAKE_SLEEP_MS=150"), fakeSpec("good", "good"))
	o.TurnTime, o.Tolerance, o.Games = 100*time.Millisecond, time.Millisecond, 2
	sum, games := play(t, o)
	for _, g := range games {
		if g.Reason != ForfeitTime || g.Late == nil || g.Late.Time < 150*time.Millisecond {
			t.Errorf("game %d: %s, late move %+v; want a time forfeit with the late move kept", g.Game, g.Reason, g.Late)
		}
	}
	if slow := sum.Engines[0]; slow.Over != 2 || slow.Longest < 150*time.Millisecond {
		t.Errorf("slow: %d over, longest %v; want the 2 late moves counted", slow.Over, slow.Longest)
	}
}

// TestScheduleToMove checks the conversion schedule: each opening once per
// pair, the pair's first engine always on the side to move.
func TestScheduleToMove(t *testing.T) {
	ops := []Opening{mustOpening(t, "h8"), mustOpening(t, "h8i9"), mustOpening(t, "h8i9g7")}
	o := Options{Engines: make([]EngineSpec, 3), Openings: ops, Games: 3, ToMove: true, Gauntlet: true}
	jobs := schedule(&o)
	if len(jobs) != 6 { // 2 pairs (gauntlet) x 3 openings
		t.Fatalf("%d jobs, want 6", len(jobs))
	}
	pairs := map[int]bool{}
	for i, j := range jobs {
		if j.game != i+1 {
			t.Errorf("job %d numbered %d", i, j.game)
		}
		if pairs[j.pair] {
			t.Errorf("pair id %d used twice: a conversion game has no partner", j.pair)
		}
		pairs[j.pair] = true
		first := j.black
		if len(ops[j.opening].coords)%2 == 1 { // white to move
			first = j.white
		}
		if first != 0 {
			t.Errorf("job %+v: engine %d on the side to move, want 0", j, first)
		}
	}
	o.Openings, o.TurnTime, o.Width, o.Height = nil, time.Second, 15, 15
	o.Defaults()
	if err := o.validate(); err == nil || !strings.Contains(err.Error(), "needs openings") {
		t.Errorf("ToMove without openings: %v, want the openings error", err)
	}
}
