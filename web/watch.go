package web

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/protocol/manager"
)

// watchRequest starts a match between two brains: each a built-in player's
// name or a Gomocup brain's command line. The first plays black in the
// first game; the colours alternate.
type watchRequest struct {
	First   string `json:"first"`
	Second  string `json:"second"`
	Games   int    `json:"games"`
	TimeMs  int64  `json:"timeMs"`
	Size    string `json:"size"`
	Rule    string `json:"rule"`
	Opening string `json:"opening"`
}

// Bounds of a watched match.
const (
	maxWatchGames   = 1000
	maxWatchRunning = 4  // matches at once (each runs two brains)
	maxWatchKept    = 16 // finished matches kept for their pages
)

// watch is a match in progress or finished, with its followers.
type watch struct {
	id     string
	cancel context.CancelFunc

	mu      sync.Mutex
	state   watchJSON
	subs    map[chan event]struct{}
	started time.Time
}

// watchJSON is a match as the page draws it.
type watchJSON struct {
	ID      string            `json:"id"`
	Names   [2]string         `json:"names"`
	Width   int               `json:"width"`
	Height  int               `json:"height"`
	Rule    string            `json:"rule"`
	Games   int               `json:"games"`
	TimeMs  int64             `json:"timeMs"`
	Score   [3]float64        `json:"score"` // wins of the first, of the second, draws
	Results []watchResultJSON `json:"results"`
	Current *watchGameJSON    `json:"current"`
	Done    bool              `json:"done"`
	Error   string            `json:"error"`
}

type watchResultJSON struct {
	Game   int    `json:"game"`
	Black  string `json:"black"`
	White  string `json:"white"`
	Winner string `json:"winner"` // the engine's name, "" for a draw
	Reason string `json:"reason"`
	Moves  int    `json:"moves"`
}

type watchGameJSON struct {
	Game   int         `json:"game"`
	Black  string      `json:"black"`
	White  string      `json:"white"`
	Stones []stoneJSON `json:"stones"`
	LastMs int64       `json:"lastMs"`
}

// engineSpec turns a name or command into a brain to run: a built-in
// player runs as this program in brain mode.
func (s *Server) engineSpec(text string) (manager.EngineSpec, error) {
	text = strings.TrimSpace(text)
	if text == "" {
		return manager.EngineSpec{}, errors.New("name a player (like kakugo) or a brain's command (like ./pbrain-pela)")
	}
	if s.knownPlayer(text) {
		if s.opt.BrainCommand == nil {
			return manager.EngineSpec{}, fmt.Errorf("player %s cannot run as a brain here: give a command", text)
		}
		return manager.EngineSpec{Name: text, Command: s.opt.BrainCommand(text)}, nil
	}
	spec, err := manager.ParseEngineSpec(text)
	if err != nil {
		return manager.EngineSpec{}, err
	}
	if _, err := exec.LookPath(spec.Command[0]); err != nil {
		return manager.EngineSpec{}, fmt.Errorf("%q is neither a player (%s) nor a program that can be run: %v",
			text, s.playerNames(), err)
	}
	if spec.Name == "" {
		spec.Name = filepath.Base(spec.Command[0])
	}
	return spec, nil
}

func (s *Server) handleWatchStart(w http.ResponseWriter, r *http.Request) {
	var req watchRequest
	if !readJSON(w, r, &req) {
		return
	}
	o, err := s.watchOptions(req)
	if err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	s.mu.Lock()
	running := 0
	var oldest *watch
	for _, wt := range s.watches {
		wt.mu.Lock()
		if !wt.state.Done {
			running++
		} else if oldest == nil || wt.started.Before(oldest.started) {
			oldest = wt
		}
		wt.mu.Unlock()
	}
	if running >= maxWatchRunning {
		s.mu.Unlock()
		writeError(w, http.StatusTooManyRequests, fmt.Sprintf("%d matches are running already: stop one first", running))
		return
	}
	if len(s.watches) >= maxWatchKept && oldest != nil {
		delete(s.watches, oldest.id)
	}
	ctx, cancel := context.WithCancel(s.root)
	wt := &watch{id: newID(), cancel: cancel, subs: map[chan event]struct{}{}, started: time.Now()}
	wt.state = watchJSON{ID: wt.id, Names: [2]string{o.Engines[0].Name, o.Engines[1].Name}, Width: o.Width,
		Height: o.Height, Rule: o.Rule.String(), Games: o.Games, TimeMs: o.TurnTime.Milliseconds(),
		Results: []watchResultJSON{}}
	s.watches[wt.id] = wt
	s.mu.Unlock()

	o.OnMove = wt.onMove
	o.OnGame = wt.onGame
	go func() {
		_, err := manager.Run(ctx, o)
		wt.mu.Lock()
		defer wt.mu.Unlock()
		wt.state.Done = true
		if err != nil {
			wt.state.Error = err.Error()
		}
		wt.publishLocked()
		for ch := range wt.subs {
			close(ch)
			delete(wt.subs, ch)
		}
	}()
	wt.mu.Lock()
	st := wt.state
	wt.mu.Unlock()
	writeJSON(w, http.StatusOK, st)
}

// watchOptions checks a request and turns it into the match's options.
func (s *Server) watchOptions(req watchRequest) (manager.Options, error) {
	var o manager.Options
	a, err := s.engineSpec(req.First)
	if err != nil {
		return o, fmt.Errorf("first brain: %w", err)
	}
	b, err := s.engineSpec(req.Second)
	if err != nil {
		return o, fmt.Errorf("second brain: %w", err)
	}
	if a.Name == b.Name {
		a.Name, b.Name = a.Name+" (1)", b.Name+" (2)"
	}
	if req.Games < 1 || req.Games > maxWatchGames {
		return o, fmt.Errorf("games %d: from 1 to %d", req.Games, maxWatchGames)
	}
	turn := time.Duration(req.TimeMs) * time.Millisecond
	if turn <= 0 || turn > s.opt.MaxTime {
		return o, fmt.Errorf("time per move %d ms: from 1 ms to %d ms", req.TimeMs, s.opt.MaxTime.Milliseconds())
	}
	size, ruleName := req.Size, req.Rule
	if size == "" {
		size = "15"
	}
	if ruleName == "" {
		ruleName = "freestyle"
	}
	w, h, err := engine.ParseSize(size)
	if err != nil {
		return o, err
	}
	rule, err := engine.ParseRule(ruleName)
	if err != nil {
		return o, err
	}
	o = manager.Options{Engines: []manager.EngineSpec{a, b}, Width: w, Height: h, Rule: rule,
		TurnTime: turn, Games: req.Games, Reuse: true}
	if op := strings.Join(strings.Fields(req.Opening), ""); op != "" {
		opening, err := manager.ParseOpening(op)
		if err != nil {
			return o, fmt.Errorf("opening: %w", err)
		}
		if _, err := opening.Board(w, h, rule); err != nil {
			return o, fmt.Errorf("opening: %w", err)
		}
		o.Openings = []manager.Opening{opening}
	}
	return o, nil
}

// onMove follows the game in progress.
func (wt *watch) onMove(r manager.GameResult) {
	wt.mu.Lock()
	defer wt.mu.Unlock()
	g := &watchGameJSON{Game: r.Game, Black: wt.state.Names[r.Black], White: wt.state.Names[r.White], Stones: []stoneJSON{}}
	for i, m := range r.Moves {
		g.Stones = append(g.Stones, stoneJSON{point(m.X, m.Y), int(engine.Black) + i%2})
	}
	if n := len(r.Moves); n > 0 {
		g.LastMs = r.Moves[n-1].Time.Milliseconds()
	}
	wt.state.Current = g
	wt.publishLocked()
}

// onGame scores a finished game.
func (wt *watch) onGame(r *manager.GameResult) {
	wt.mu.Lock()
	defer wt.mu.Unlock()
	res := watchResultJSON{Game: r.Game, Black: wt.state.Names[r.Black], White: wt.state.Names[r.White],
		Reason: string(r.Reason), Moves: len(r.Moves)}
	if r.Detail != "" {
		res.Reason += ": " + r.Detail
	}
	if r.Winner == engine.Empty {
		wt.state.Score[2]++
	} else {
		e := r.Engine(r.Winner)
		res.Winner = wt.state.Names[e]
		wt.state.Score[e]++
	}
	wt.state.Results = append(wt.state.Results, res)
	wt.publishLocked()
}

func (wt *watch) publishLocked() {
	st := wt.state
	st.Results = append(make([]watchResultJSON, 0, len(st.Results)), st.Results...) // [] in JSON, never null
	for ch := range wt.subs {
		select {
		case ch <- event{"watch", st}:
		default:
		}
	}
}

func (s *Server) findWatch(w http.ResponseWriter, r *http.Request) *watch {
	s.mu.Lock()
	wt := s.watches[r.PathValue("id")]
	s.mu.Unlock()
	if wt == nil {
		writeError(w, http.StatusNotFound, "no such match")
	}
	return wt
}

func (s *Server) handleWatchEvents(w http.ResponseWriter, r *http.Request) {
	wt := s.findWatch(w, r)
	if wt == nil {
		return
	}
	ch := make(chan event, followerBuffer)
	wt.mu.Lock()
	first := []event{{"watch", wt.state}}
	if !wt.state.Done {
		wt.subs[ch] = struct{}{}
	} else {
		close(ch)
	}
	wt.mu.Unlock()
	defer func() {
		wt.mu.Lock()
		delete(wt.subs, ch)
		wt.mu.Unlock()
	}()
	stream(w, r, s, first, ch)
}

func (s *Server) handleWatchStop(w http.ResponseWriter, r *http.Request) {
	wt := s.findWatch(w, r)
	if wt == nil {
		return
	}
	var req emptyRequest
	if !readJSON(w, r, &req) {
		return
	}
	wt.cancel()
	writeJSON(w, http.StatusOK, map[string]bool{"stopping": true})
}
