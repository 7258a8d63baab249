package web

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/search"
)

// The two things the engine does with a position.
const (
	modeMove    = "move"    // choose a move and play it
	modeAnalyse = "analyse" // search and show, play nothing
)

// thinkJob is one search in progress.
type thinkJob struct {
	mode    string
	version int64 // the position it searches
	cancel  context.CancelFunc
	play    bool // Stop was pressed during a move: play the best so far (under the game's lock)
}

// analysisJSON is what the page draws while the engine thinks and after.
type analysisJSON struct {
	Version  int64      `json:"version"`
	Side     int        `json:"side"` // the side to move, whose view Winrate is
	Player   string     `json:"player"`
	Playouts int64      `json:"playouts"`
	Elapsed  int64      `json:"elapsedMs"`
	Final    bool       `json:"final"`
	Moves    []moveJSON `json:"moves"`
	Proof    *proofJSON `json:"proof,omitempty"`
	Log      []string   `json:"log"`
	Best     *pointJSON `json:"best,omitempty"` // the move played or found
	Black    *float64   `json:"black,omitempty"`
	Mode     string     `json:"mode"`
	// Seq orders the updates of one game's analyses: a page that has
	// seen an update ignores older copies (a reply can overtake an event).
	Seq int64 `json:"seq"`
}

// pointJSON is a cell, with its name in pos notation.
type pointJSON struct {
	X    int    `json:"x"`
	Y    int    `json:"y"`
	Name string `json:"name"`
}

func point(x, y int) pointJSON { return pointJSON{x, y, engine.FormatMove(x, y)} }

// moveJSON is a root move of the search.
type moveJSON struct {
	pointJSON
	Visits  int         `json:"visits"`
	Winrate float64     `json:"winrate"` // for the side to move, 0 to 1
	Prior   float32     `json:"prior"`
	Proof   int         `json:"proof"`
	PV      []pointJSON `json:"pv"`
}

// proofJSON is a proven result: the side to move wins (or loses) by force,
// with the line.
type proofJSON struct {
	Result string      `json:"result"` // "win" or "loss", for the side to move
	Kind   string      `json:"kind"`   // vcf, vct, five, tree...
	Line   []pointJSON `json:"line"`
}

// maxLog bounds the engine's messages kept with an analysis.
const maxLog = 20

// startLocked starts the engine on the current position. The player is
// not safe for concurrent use, so the search waits for the one before it
// (already cancelled) to return.
func (g *game) startLocked(mode string) {
	g.stopJobLocked()
	player, err := g.playerLocked()
	if err != nil {
		g.note = err.Error()
		return
	}
	ctx, cancel := context.WithCancel(g.s.root) // the server's: closing it stops every search
	job := &thinkJob{mode: mode, version: g.version, cancel: cancel}
	g.job = job
	prev, done := g.lastDone, make(chan struct{})
	g.lastDone = done
	b := g.boardLocked()
	geo, _ := engine.New(g.w, g.h, g.rule) // for Pos -> x, y while b is searched
	side := g.toMove
	name := g.playerName
	g.analysis = &analysisJSON{Version: g.version, Side: int(side), Player: name, Mode: mode, Moves: []moveJSON{}, Log: []string{}}
	lim := search.Limits{Turn: g.turn, Match: search.Unlimited, Left: search.Unlimited,
		Threads: g.s.opt.Threads, MaxMemory: 0}
	if mode == modeAnalyse {
		lim.Turn, lim.MaxNodes = search.Unlimited, analysisPlayouts
	}
	lim.Info = func(line string) { g.onInfo(job, geo, line) }
	lim.Progress = func(p search.Progress) { g.onProgress(job, geo, p) }
	go func() {
		defer close(done)
		select {
		case <-prev:
		case <-ctx.Done():
			<-prev // never two searches in one player
			g.mu.Lock()
			play := job.play
			g.mu.Unlock()
			if !play {
				return
			}
		}
		lim.Start = time.Now()
		move := player.Move(ctx, b, lim)
		g.finish(job, geo, move, ctx.Err() != nil)
	}()
}

// finish takes the engine's move: played when the job was a move and the
// position has not changed meanwhile.
func (g *game) finish(job *thinkJob, geo *engine.Board, move engine.Pos, cancelled bool) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.job != job || g.version != job.version {
		return // abandoned: the position changed, or the server stops
	}
	g.job = nil
	if job.mode == modeAnalyse || (cancelled && !job.play) {
		if g.analysis != nil {
			g.analysis.Final = true
			g.publishAnalysisLocked(g.analysis)
		}
		g.publishStateLocked()
		return
	}
	x, y := geo.XY(move)
	if move == engine.NoPos || !geo.OnBoard(x, y) {
		g.note = fmt.Sprintf("%s found no move", g.playerName)
		g.publishStateLocked()
		return
	}
	if err := g.playLocked(x, y); err != nil {
		g.note = fmt.Sprintf("%s played %s, which is not legal: %v", g.playerName, engine.FormatMove(x, y), err)
		g.publishStateLocked()
		return
	}
	if a := g.analysis; a != nil {
		a.Final = true
		p := point(x, y)
		a.Best = &p
		g.recordEvalLocked(len(g.stones)-1, a)
	}
	last := g.analysis
	g.afterChangeLocked(true)
	if g.analysis == nil && last != nil {
		// Keep showing what led to the move until the next search says more.
		g.publishAnalysisLocked(last)
	}
}

// publishAnalysisLocked numbers an update of a and sends it to the
// followers.
func (g *game) publishAnalysisLocked(a *analysisJSON) {
	g.seq++
	a.Seq = g.seq
	g.publishLocked(event{"analysis", a})
}

// onProgress turns a snapshot of the search into an analysis event.
func (g *game) onProgress(job *thinkJob, geo *engine.Board, p search.Progress) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.job != job || g.analysis == nil {
		return
	}
	a := g.analysis
	a.Playouts, a.Elapsed, a.Final = p.Playouts, p.Elapsed.Milliseconds(), p.Final
	a.Moves = make([]moveJSON, 0, len(p.Moves)) // a fresh slice: snapshots share the old one
	for _, m := range p.Moves {
		x, y := geo.XY(m.Move)
		mj := moveJSON{pointJSON: point(x, y), Visits: m.Visits, Winrate: (m.Value + 1) / 2, Prior: m.Prior, Proof: m.Proof}
		switch m.Proof {
		case 1:
			mj.Winrate = 1
		case -1:
			mj.Winrate = 0
		}
		for _, q := range m.PV {
			mj.PV = append(mj.PV, point(geo.XY(q)))
		}
		a.Moves = append(a.Moves, mj)
	}
	if len(a.Moves) > 0 && a.Proof == nil && a.Moves[0].Proof != 0 {
		res := "win"
		if a.Moves[0].Proof < 0 {
			res = "loss"
		}
		a.Proof = &proofJSON{Result: res, Kind: "tree", Line: a.Moves[0].PV}
	}
	g.recordEvalLocked(len(g.stones), a)
	g.publishAnalysisLocked(a)
}

// recordEvalLocked keeps black's winning chance in the position with n
// stones, from the analysis a of it.
func (g *game) recordEvalLocked(n int, a *analysisJSON) {
	v, ok := 0.0, false
	switch {
	case a.Proof != nil:
		v, ok = 0, true
		if a.Proof.Result == "win" {
			v = 1
		}
	case len(a.Moves) > 0:
		v, ok = a.Moves[0].Winrate, true
	}
	if !ok {
		return
	}
	if engine.Color(a.Side) == engine.White {
		v = 1 - v
	}
	a.Black = &v
	g.evals[n] = v
}

// onInfo takes one of the engine's MESSAGE lines: kept in the log, and
// read for a proven result.
func (g *game) onInfo(job *thinkJob, geo *engine.Board, line string) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.job != job || g.analysis == nil {
		return
	}
	a := g.analysis
	log := append(a.Log[:len(a.Log):len(a.Log)], line) // copied: snapshots share the old one
	a.Log = log[max(0, len(log)-maxLog):]
	if p := parseProof(line); p != nil {
		a.Proof = p
		g.recordEvalLocked(len(g.stones), a)
	}
	g.publishAnalysisLocked(a)
}

// parseProof reads a proven result from the full player's MESSAGE lines
// (search/kakugo_search.go): "vcf win | n 812 | tm 3 | pv h8 i9 ...",
// "win (proof) | pv h8", "five", "lost to a forced win"; nil for the rest.
func parseProof(line string) *proofJSON {
	fields := strings.Split(line, " | ")
	head := strings.TrimSpace(fields[0])
	var p *proofJSON
	switch head {
	case "vcf win", "vct win":
		p = &proofJSON{Result: "win", Kind: strings.TrimSuffix(head, " win")}
	case "win (proof)":
		p = &proofJSON{Result: "win", Kind: "proof"}
	case "five":
		p = &proofJSON{Result: "win", Kind: "five"}
	case "lost to a forced win":
		return &proofJSON{Result: "loss", Kind: "threat", Line: []pointJSON{}}
	default:
		return nil
	}
	p.Line = []pointJSON{}
	for _, f := range fields[1:] {
		if pv, ok := strings.CutPrefix(strings.TrimSpace(f), "pv "); ok {
			moves, err := engine.ParseMoves(strings.ReplaceAll(pv, " ", ""))
			if err != nil {
				return nil
			}
			for _, m := range moves {
				p.Line = append(p.Line, point(m.X, m.Y))
			}
		}
	}
	return p
}

// priors are the policy's move probabilities on every cell of b (0 where
// no move may be played), or nil without a policy.
func (s *Server) priors(b *engine.Board) []float32 {
	if s.opt.NewPolicy == nil || b.Winner() != engine.Empty || b.Full() {
		return nil
	}
	var moves []engine.Pos
	for y := 0; y < b.Height(); y++ {
		for x := 0; x < b.Width(); x++ {
			if p := b.Pos(x, y); b.Legal(p) {
				moves = append(moves, p)
			}
		}
	}
	dst := make([]float32, len(moves))
	s.policyMu.Lock()
	if s.policy == nil {
		s.policy = s.opt.NewPolicy()
	}
	ok := s.policy.Priors(b, moves, dst)
	s.policyMu.Unlock()
	if !ok {
		return nil
	}
	out := make([]float32, b.Width()*b.Height())
	for i, p := range moves {
		x, y := b.XY(p)
		out[y*b.Width()+x] = dst[i]
	}
	return out
}
