package web

import (
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/protocol"
)

// stone is one stone of a position, in the order it was placed.
type stone struct {
	X, Y int
	C    engine.Color
}

// game is one board on the server: the position, the engine's settings,
// its search in progress and the pages that follow it. mu guards all of it.
type game struct {
	s  *Server
	id string

	mu      sync.Mutex
	w, h    int
	rule    engine.Rule
	stones  []stone
	toMove  engine.Color
	version int64 // counts changes of the position, so late results are dropped

	engineColor engine.Color // the engine's side; Empty: it plays only when asked
	playerName  string
	turn        time.Duration
	analyse     bool // analyse every position while nobody else thinks
	player      protocol.Player
	playerFor   string // the name player was built for

	job      *thinkJob
	lastDone chan struct{} // closed when the last search's goroutine has returned
	analysis *analysisJSON // the latest analysis of this position
	seq      int64         // numbers the analysis updates (analysisJSON.Seq)
	evals    map[int]float64
	prior    []float32
	note     string // a word from the engine (an illegal move, a failure)

	subs   map[chan event]struct{}
	used   time.Time
	closed bool
}

// newRequest starts or restarts a game; empty fields keep the current (or
// default) setting.
type newRequest struct {
	Size   string `json:"size"`
	Rule   string `json:"rule"`
	Engine string `json:"engine"`
	Player string `json:"player"`
	TimeMs int64  `json:"timeMs"`
}

// Defaults of a new game.
const (
	defaultTurn = 2 * time.Second
	// analysisPlayouts bounds an analysis: about a minute or two of the
	// full player on one thread.
	analysisPlayouts = 2 << 20
)

func newGame(s *Server, req newRequest) (*game, error) {
	done := make(chan struct{})
	close(done)
	g := &game{s: s, id: newID(), w: 15, h: 15, rule: engine.Freestyle, toMove: engine.Black,
		engineColor: engine.White, playerName: s.opt.Players[0].Name, turn: defaultTurn,
		lastDone: done, evals: map[int]float64{}, subs: map[chan event]struct{}{}, used: time.Now()}
	if err := g.applyNew(req); err != nil {
		return nil, err
	}
	return g, nil
}

// applyNew checks req and, when it is good, clears the board with its
// settings; a bad request changes nothing.
func (g *game) applyNew(req newRequest) error {
	w, h, rule := g.w, g.h, g.rule
	var err error
	if req.Size != "" {
		if w, h, err = engine.ParseSize(req.Size); err != nil {
			return err
		}
	}
	if req.Rule != "" {
		if rule, err = engine.ParseRule(req.Rule); err != nil {
			return err
		}
	}
	if _, err := engine.New(w, h, rule); err != nil {
		return err
	}
	if err := g.applySettings(settingsRequest{Engine: req.Engine, Player: req.Player, TimeMs: req.TimeMs}); err != nil {
		return err
	}
	g.w, g.h, g.rule = w, h, rule
	g.stones, g.toMove = nil, engine.Black
	g.evals = map[int]float64{}
	return nil
}

// settingsRequest changes how the engine plays; empty fields keep the
// setting.
type settingsRequest struct {
	Engine  string `json:"engine"`
	Player  string `json:"player"`
	TimeMs  int64  `json:"timeMs"`
	Analyse *bool  `json:"analyse"`
}

// applySettings checks every field first, so that a bad one changes
// nothing.
func (g *game) applySettings(req settingsRequest) error {
	colour := g.engineColor
	if req.Engine != "" {
		c, err := parseSide(req.Engine, true)
		if err != nil {
			return err
		}
		colour = c
	}
	if req.Player != "" && !g.s.knownPlayer(req.Player) {
		return fmt.Errorf("unknown player %q (one of: %s)", req.Player, g.s.playerNames())
	}
	turn := g.turn
	if req.TimeMs != 0 {
		turn = time.Duration(req.TimeMs) * time.Millisecond
		if turn <= 0 || turn > g.s.opt.MaxTime {
			return fmt.Errorf("time per move %d ms: must be from 1 ms to %d ms", req.TimeMs, g.s.opt.MaxTime.Milliseconds())
		}
	}
	g.engineColor, g.turn = colour, turn
	if req.Player != "" {
		g.playerName = req.Player
	}
	if req.Analyse != nil {
		g.analyse = *req.Analyse
	}
	return nil
}

// parseSide reads black or white (or none, when allowed).
func parseSide(s string, none bool) (engine.Color, error) {
	switch strings.ToLower(s) {
	case "black", "b", "x":
		return engine.Black, nil
	case "white", "w", "o":
		return engine.White, nil
	case "none", "":
		if none {
			return engine.Empty, nil
		}
	}
	if none {
		return engine.Empty, fmt.Errorf("side %q: black, white or none", s)
	}
	return engine.Empty, fmt.Errorf("side %q: black or white", s)
}

func (s *Server) knownPlayer(name string) bool {
	for _, p := range s.opt.Players {
		if p.Name == name {
			return true
		}
	}
	return false
}

func (s *Server) playerNames() string {
	var names []string
	for _, p := range s.opt.Players {
		names = append(names, p.Name)
	}
	return strings.Join(names, ", ")
}

// board builds the position. The stones were checked when they were
// placed, so it cannot fail.
func (g *game) boardLocked() *engine.Board {
	b, err := engine.New(g.w, g.h, g.rule)
	if err != nil {
		panic(fmt.Sprintf("web: a checked size fails: %v", err))
	}
	for _, st := range g.stones {
		b.Put(b.Pos(st.X, st.Y), st.C)
	}
	b.SetSideToMove(g.toMove)
	return b
}

// alternating reports whether the stones alternate from black, as a move
// sequence (pos, psq) must.
func alternating(stones []stone) bool {
	for i, st := range stones {
		if st.C != engine.Black+engine.Color(i%2) {
			return false
		}
	}
	return true
}

// Errors of moves the page sends.
var (
	errOver     = errors.New("the game is over: undo, or start a new game")
	errThinking = errors.New("the engine is thinking: wait for its move, or press Stop")
	errEngines  = errors.New("it is the engine's turn: wait for its move, or undo")
)

// playLocked plays a move of the side to move after checking it.
func (g *game) playLocked(x, y int) error {
	b := g.boardLocked()
	if b.Winner() != engine.Empty || b.Full() {
		return errOver
	}
	if err := b.Play(x, y); err != nil {
		if !b.OnBoard(x, y) {
			return fmt.Errorf("(%d,%d) is off the %dx%d board", x, y, g.w, g.h)
		}
		return fmt.Errorf("%s: %w", engine.FormatMove(x, y), err)
	}
	g.stones = append(g.stones, stone{x, y, g.toMove})
	g.toMove = g.toMove.Opp()
	return nil
}

// truncateEvals forgets the evaluations of positions with more than n
// stones (they are no longer in the game).
func (g *game) truncateEvals(n int) {
	for k := range g.evals {
		if k > n {
			delete(g.evals, k)
		}
	}
}

// over reports whether the position is won or the board full.
func (g *game) overLocked(b *engine.Board) bool {
	return b.Winner() != engine.Empty || b.Full()
}

// afterChangeLocked follows a change of the position: the old analysis
// goes, the heat map is recomputed, the engine starts when it is its turn
// (unless autoplay is off: while setting up a position) or analysis is on,
// and the followers see the new state.
func (g *game) afterChangeLocked(autoplay bool) {
	g.version++
	g.analysis = nil
	g.stopJobLocked()
	b := g.boardLocked()
	g.prior = g.s.priors(b)
	if !g.overLocked(b) {
		switch {
		case autoplay && g.engineColor == g.toMove:
			g.startLocked(modeMove)
		case g.analyse:
			g.startLocked(modeAnalyse)
		}
	}
	g.publishStateLocked()
}

// stopJobLocked abandons the search in progress: its result is dropped.
func (g *game) stopJobLocked() {
	if g.job != nil {
		g.job.cancel()
		g.job = nil
	}
}

// playerLocked is the game's player, built on first use and again when the
// player's name changes.
func (g *game) playerLocked() (protocol.Player, error) {
	if g.player == nil || g.playerFor != g.playerName {
		p, err := g.s.opt.NewPlayer(g.playerName)
		if err != nil {
			return nil, err
		}
		g.player, g.playerFor = p, g.playerName
	}
	return g.player, nil
}

func (g *game) touch() {
	g.mu.Lock()
	g.used = time.Now()
	g.mu.Unlock()
}

func (g *game) lastUsed() time.Time {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.used
}

func (g *game) followers() int {
	g.mu.Lock()
	defer g.mu.Unlock()
	return len(g.subs)
}

// close stops the game's search and its event streams.
func (g *game) close() {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.stopJobLocked()
	g.closed = true
	for ch := range g.subs {
		close(ch)
		delete(g.subs, ch)
	}
}
