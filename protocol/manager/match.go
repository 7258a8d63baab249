package manager

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/kakugo/kakugo/engine"
)

// Run plays the match that o describes and returns its results. Games run
// o.Concurrency at a time; a brain that fails loses its game and the match
// goes on. Cancelling ctx stops the match: games in progress are abandoned
// and the summary covers the finished ones (Summary.Interrupted). An SPRT
// that reaches a verdict stops the match the same way. The error is for a
// match that cannot start (bad options, no output directory) or for game
// records that could not be written; the summary is valid in the latter case.
func Run(ctx context.Context, o Options) (*Summary, error) {
	o.Defaults()
	if err := o.validate(); err != nil {
		return nil, err
	}
	if o.OutDir != "" {
		if err := os.MkdirAll(o.OutDir, 0o755); err != nil {
			return nil, err
		}
	}
	if o.RandomOrder && o.Seed == 0 {
		o.Seed = rand.Uint64()
	}
	jobs := schedule(&o)
	sum := newSummary(&o, len(jobs))

	inner, stop := context.WithCancel(ctx)
	defer stop()
	jobCh := make(chan job)
	resCh := make(chan GameResult)
	go func() {
		defer close(jobCh)
		for _, j := range jobs {
			select {
			case jobCh <- j:
			case <-inner.Done():
				return
			}
		}
	}()
	var wg sync.WaitGroup
	for range o.Concurrency {
		wg.Add(1)
		go func() {
			defer wg.Done()
			w := &worker{o: &o, procs: map[int]*brain{}}
			defer w.close()
			for j := range jobCh {
				if inner.Err() != nil {
					return
				}
				resCh <- w.play(inner, j)
			}
		}()
	}
	go func() {
		wg.Wait()
		close(resCh)
	}()

	var recErr error
	decided := false
	for r := range resCh {
		// Once the SPRT has decided, games that a worker had already begun
		// (or finished a moment before the cancel reached it) are dropped,
		// so the verdict always rests on exactly the games that decided it.
		if r.Aborted || decided {
			continue
		}
		if o.OutDir != "" {
			if err := writeRecords(&o, &r); err != nil && recErr == nil {
				recErr = err
			}
		}
		sum.add(&r)
		if o.OnGame != nil {
			o.OnGame(&r)
		}
		if o.Progress != nil {
			fmt.Fprintln(o.Progress, sum.progressLine(&r))
		}
		if sum.SPRT != nil && sum.SPRT.Verdict != Continue {
			decided = true
			stop()
		}
	}
	sum.Interrupted = ctx.Err() != nil
	sum.Elapsed = time.Since(sum.started)
	return sum, recErr
}

// schedule lists the games: for each opening in turn, every pair of
// engines plays it twice with the colours swapped (the first of the two
// games gives black to the engine listed first).
func schedule(o *Options) []job {
	var pairs [][2]int
	n := len(o.Engines)
	for i := 0; i < n; i++ {
		for j := i + 1; j < n; j++ {
			if o.Gauntlet && i > 0 {
				break
			}
			pairs = append(pairs, [2]int{i, j})
		}
	}
	var order []int
	if len(o.Openings) > 0 {
		if o.RandomOrder {
			r := rand.New(rand.NewPCG(o.Seed, o.Seed^0x9e3779b97f4a7c15))
			order = r.Perm(len(o.Openings))
		} else {
			order = make([]int, len(o.Openings))
			for i := range order {
				order[i] = i
			}
		}
	}
	var jobs []job
	if o.ToMove {
		return scheduleToMove(o, pairs, order)
	}
	pair := 0
	for k := 0; 2*k < o.Games; k++ {
		op := -1
		if len(order) > 0 {
			op = order[k%len(order)]
		}
		for _, p := range pairs {
			jobs = append(jobs, job{game: len(jobs) + 1, pair: pair, black: p[0], white: p[1], opening: op})
			if 2*k+1 < o.Games {
				jobs = append(jobs, job{game: len(jobs) + 1, pair: pair, black: p[1], white: p[0], opening: op})
			}
			pair++
		}
	}
	return jobs
}

// scheduleToMove lists the games of a ToMove match: each of o.Games
// openings once per pair, the pair's first engine taking the colour whose
// turn it is after the opening (black after an even number of stones).
func scheduleToMove(o *Options, pairs [][2]int, order []int) []job {
	var jobs []job
	for k := 0; k < o.Games; k++ {
		op := order[k%len(order)]
		blackToMove := len(o.Openings[op].coords)%2 == 0
		for i, p := range pairs {
			j := job{game: len(jobs) + 1, pair: k*len(pairs) + i, black: p[0], white: p[1], opening: op}
			if !blackToMove {
				j.black, j.white = p[1], p[0]
			}
			jobs = append(jobs, j)
		}
	}
	return jobs
}

// add counts one more result.
func (t *Trinomial) add(score float64) {
	switch score {
	case 1:
		t.Wins++
	case 0:
		t.Losses++
	default:
		t.Draws++
	}
}

// Score is the points scored.
func (t Trinomial) Score() float64 { return float64(t.Wins) + float64(t.Draws)/2 }

// EngineStats are one engine's results over the whole match.
type EngineStats struct {
	Name string
	// Results are its wins, draws and losses against everyone.
	Results Trinomial
	// Forfeits counts its forfeited games by reason.
	Forfeits map[Reason]int
	// Moves counts its moves (opening stones excluded), Bounded those with
	// a budget (MoveRecord.Budget), Over those that took longer than it
	// (the tolerance is not counted), Longest the longest move and Closest
	// the least time a bounded move left of its budget (negative when one
	// ran over).
	Moves, Bounded, Over int
	Longest              time.Duration
	Closest              time.Duration
}

// addMove counts one of the engine's moves.
func (e *EngineStats) addMove(m MoveRecord) {
	e.Moves++
	e.Longest = max(e.Longest, m.Time)
	if m.Budget > 0 {
		e.Bounded++
		if m.Time > m.Budget {
			e.Over++
		}
		if spare := m.Budget - m.Time; e.Bounded == 1 || spare < e.Closest {
			e.Closest = spare
		}
	}
}

// PairStats are the results between two engines, from the side of A (the
// one listed first).
type PairStats struct {
	A, B int
	// Results are A's wins, draws and losses against B.
	Results Trinomial
	// AsBlack and AsWhite split Results by A's colour.
	AsBlack, AsWhite Trinomial
	// Penta counts the completed game pairs by A's points in the pair.
	Penta Pentanomial
	// pending holds A's score in pairs with one game finished.
	pending map[int]float64
}

// Elo is A's Elo difference over B: from the game pairs (pentanomial) when
// at least one pair is complete, otherwise from the games (trinomial).
func (p *PairStats) Elo() Estimate {
	if p.Penta.Pairs() > 0 {
		return p.Penta.Estimate()
	}
	return p.Results.Estimate()
}

// SPRTResult is where the sequential test stands.
type SPRTResult struct {
	SPRT
	// Model is the sample the LLR was computed from ("pentanomial").
	Model        string
	LLR          float64
	Lower, Upper float64
	Verdict      Verdict
}

// Summary is the outcome of a match.
type Summary struct {
	Engines []EngineStats
	Pairs   []PairStats
	// Games is the number of games counted; Scheduled the number planned.
	Games, Scheduled int
	// BlackWins, WhiteWins and Draws count results by colour.
	BlackWins, WhiteWins, Draws int
	// Ends counts games by how they ended.
	Ends map[Reason]int
	// SPRT is set when the match ran a sequential test.
	SPRT *SPRTResult
	// Interrupted is set when the match was stopped from outside.
	Interrupted bool
	// Elapsed is the match's wall time.
	Elapsed time.Duration
	// Settings describe the match for reports.
	Settings Settings

	started time.Time
}

// newSummary prepares an empty summary for the scheduled games.
func newSummary(o *Options, scheduled int) *Summary {
	s := &Summary{Scheduled: scheduled, Ends: map[Reason]int{}, started: time.Now()}
	for _, e := range o.Engines {
		s.Engines = append(s.Engines, EngineStats{Name: e.Name, Forfeits: map[Reason]int{}})
		s.Settings.EngineCommands = append(s.Settings.EngineCommands, strings.Join(e.Command, " "))
	}
	for i := range o.Engines {
		for j := i + 1; j < len(o.Engines); j++ {
			if o.Gauntlet && i > 0 {
				break
			}
			s.Pairs = append(s.Pairs, PairStats{A: i, B: j, pending: map[int]float64{}})
		}
	}
	if o.SPRT != nil {
		lo, hi := o.SPRT.Bounds()
		s.SPRT = &SPRTResult{SPRT: *o.SPRT, Model: "pentanomial", Lower: lo, Upper: hi, Verdict: Continue}
		s.Settings.SPRTDescription = o.SPRT.String()
	}
	s.Settings.Rule = o.Rule.String()
	s.Settings.RuleProtocolValue = o.Rule.ProtocolValue()
	s.Settings.Width, s.Settings.Height = o.Width, o.Height
	s.Settings.TurnMs, s.Settings.MatchMs = o.TurnTime.Milliseconds(), o.MatchTime.Milliseconds()
	s.Settings.ToleranceMs = o.Tolerance.Milliseconds()
	s.Settings.HardTimeoutMs = o.HardTimeout.Milliseconds()
	s.Settings.StartTimeoutMs = o.StartTimeout.Milliseconds()
	s.Settings.GraceMs = o.Grace.Milliseconds()
	s.Settings.MaxMemory, s.Settings.DrawAfter = o.MaxMemory, o.DrawAfter
	s.Settings.Openings, s.Settings.RandomOrder, s.Settings.Seed = len(o.Openings), o.RandomOrder, o.Seed
	s.Settings.GamesPerPair = o.Games
	s.Settings.Concurrency, s.Settings.Gauntlet, s.Settings.Reuse = o.Concurrency, o.Gauntlet, o.Reuse
	s.Settings.ToMove = o.ToMove
	s.Settings.OutDir, s.Settings.KeepMessages, s.Settings.InfoLines = o.OutDir, o.KeepMessages, o.Info
	return s
}

// scoreFor is engine e's score in r.
func scoreFor(r *GameResult, e int) float64 {
	switch {
	case r.Winner == engine.Empty:
		return 0.5
	case r.Engine(r.Winner) == e:
		return 1
	}
	return 0
}

// pair finds the stats of engines a and b.
func (s *Summary) pair(a, b int) *PairStats {
	if a > b {
		a, b = b, a
	}
	for i := range s.Pairs {
		if s.Pairs[i].A == a && s.Pairs[i].B == b {
			return &s.Pairs[i]
		}
	}
	panic(fmt.Sprintf("no pair %d-%d in the schedule", a, b))
}

// add counts a finished game.
func (s *Summary) add(r *GameResult) {
	s.Games++
	switch r.Winner {
	case engine.Black:
		s.BlackWins++
	case engine.White:
		s.WhiteWins++
	default:
		s.Draws++
	}
	s.Ends[r.Reason]++
	for _, e := range []int{r.Black, r.White} {
		s.Engines[e].Results.add(scoreFor(r, e))
	}
	for _, e := range r.Failed {
		s.Engines[e].Forfeits[r.Reason]++
	}
	for i, m := range r.Moves {
		if m.Opening {
			continue
		}
		c := engine.Black // black plays the moves of even index
		if i%2 == 1 {
			c = engine.White
		}
		s.Engines[r.Engine(c)].addMove(m)
	}
	if r.Late != nil && len(r.Failed) == 1 {
		s.Engines[r.Failed[0]].addMove(*r.Late)
	}
	p := s.pair(r.Black, r.White)
	sa := scoreFor(r, p.A)
	p.Results.add(sa)
	if r.Black == p.A {
		p.AsBlack.add(sa)
	} else {
		p.AsWhite.add(sa)
	}
	if first, ok := p.pending[r.Pair]; ok {
		delete(p.pending, r.Pair)
		p.Penta[int(2*(first+sa)+0.5)]++
	} else {
		p.pending[r.Pair] = sa
	}
	if s.SPRT != nil && s.SPRT.Verdict == Continue {
		s.SPRT.LLR = s.SPRT.LLRPentanomial(p.Penta)
		if p.Penta.Pairs() >= SPRTMinPairs {
			s.SPRT.Verdict = s.SPRT.Decide(s.SPRT.LLR)
		}
	}
}

// progressLine describes a finished game and where its pair of engines
// stands.
func (s *Summary) progressLine(r *GameResult) string {
	names := func(e int) string { return s.Engines[e].Name }
	res := "1/2-1/2"
	switch r.Winner {
	case engine.Black:
		res = "1-0"
	case engine.White:
		res = "0-1"
	}
	how := string(r.Reason)
	if r.Reason.Forfeit() && len(r.Failed) == 1 {
		how = fmt.Sprintf("%s by %s: %s", r.Reason, names(r.Failed[0]), r.Detail)
		if len(how) > 120 {
			how = how[:117] + "..."
		}
	}
	p := s.pair(r.Black, r.White)
	e := p.Elo()
	line := fmt.Sprintf("[%d/%d] game %d: %s - %s %s (%s, %d moves) | %s - %s +%d -%d =%d %.1f%% Elo %s",
		s.Games, s.Scheduled, r.Game, names(r.Black), names(r.White), res, how, len(r.Moves),
		names(p.A), names(p.B), p.Results.Wins, p.Results.Losses, p.Results.Draws,
		100*p.Results.Score()/float64(p.Results.Games()), formatElo(e))
	if s.SPRT != nil {
		line += fmt.Sprintf(" | LLR %.2f [%.2f, %.2f]", s.SPRT.LLR, s.SPRT.Lower, s.SPRT.Upper)
		if s.SPRT.Verdict != Continue {
			line += " " + string(s.SPRT.Verdict)
		}
	}
	return line
}
