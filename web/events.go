package web

import (
	"encoding/json"
	"fmt"
	"net/http"
	"sort"
	"time"

	"github.com/kakugo/kakugo/engine"
)

// event is one server-sent event: its name and its JSON data.
type event struct {
	name string
	data any
}

// followerBuffer is how many events may wait for a slow page; beyond it
// events are dropped for that page (each state event is complete, so the
// next one repairs what it missed).
const followerBuffer = 64

// keepAlive is how often an idle stream sends a comment, so that proxies
// and browsers keep it open.
const keepAlive = 15 * time.Second

// stateJSON is a game as the page draws it.
type stateJSON struct {
	ID          string        `json:"id"`
	Version     int64         `json:"version"`
	Width       int           `json:"width"`
	Height      int           `json:"height"`
	Rule        string        `json:"rule"`
	Stones      []stoneJSON   `json:"stones"`
	ToMove      int           `json:"toMove"`
	Winner      int           `json:"winner"`
	Over        bool          `json:"over"`
	Result      string        `json:"result"`
	Forbidden   []pointJSON   `json:"forbidden"`
	Engine      string        `json:"engine"`
	Player      string        `json:"player"`
	TimeMs      int64         `json:"timeMs"`
	Analyse     bool          `json:"analyse"`
	Thinking    string        `json:"thinking"`
	Evals       []evalJSON    `json:"evals"`
	Prior       []float32     `json:"prior"`
	Analysis    *analysisJSON `json:"analysis"`
	Alternating bool          `json:"alternating"`
	Note        string        `json:"note"`
}

type stoneJSON struct {
	pointJSON
	Color int `json:"color"`
}

type evalJSON struct {
	Ply   int     `json:"ply"`
	Black float64 `json:"black"`
}

// colourName names a side for the page.
func colourName(c engine.Color) string {
	switch c {
	case engine.Black:
		return "black"
	case engine.White:
		return "white"
	}
	return "none"
}

// snapshot is the game's state, under its lock.
func (g *game) snapshot() stateJSON {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.stateLocked()
}

func (g *game) stateLocked() stateJSON {
	b := g.boardLocked()
	st := stateJSON{ID: g.id, Version: g.version, Width: g.w, Height: g.h, Rule: g.rule.String(),
		Stones: []stoneJSON{}, ToMove: int(g.toMove), Winner: int(b.Winner()), Forbidden: []pointJSON{},
		Engine: colourName(g.engineColor), Player: g.playerName, TimeMs: g.turn.Milliseconds(),
		Analyse: g.analyse, Evals: []evalJSON{}, Prior: g.prior,
		Alternating: alternating(g.stones), Note: g.note}
	if g.analysis != nil {
		// A copy: the search goes on changing the game's own. Its slices
		// are replaced, never written in place, so sharing them is safe.
		a := *g.analysis
		st.Analysis = &a
	}
	for _, s := range g.stones {
		st.Stones = append(st.Stones, stoneJSON{point(s.X, s.Y), int(s.C)})
	}
	switch {
	case b.Winner() != engine.Empty:
		st.Over, st.Result = true, fmt.Sprintf("%s wins with a five", colourName(b.Winner()))
	case b.Full():
		st.Over, st.Result = true, "draw: the board is full"
	}
	if !st.Over {
		for _, p := range b.ForbiddenPoints() {
			st.Forbidden = append(st.Forbidden, point(b.XY(p)))
		}
	}
	if g.job != nil {
		st.Thinking = g.job.mode
	}
	for ply, v := range g.evals {
		st.Evals = append(st.Evals, evalJSON{ply, v})
	}
	sort.Slice(st.Evals, func(i, j int) bool { return st.Evals[i].Ply < st.Evals[j].Ply })
	return st
}

// publishStateLocked sends the state to every follower.
func (g *game) publishStateLocked() {
	g.publishLocked(event{"state", g.stateLocked()})
}

// publishLocked sends ev to every follower that has room for it. The data
// is encoded here, under the lock, because it may change after.
func (g *game) publishLocked(ev event) {
	if len(g.subs) == 0 {
		return
	}
	data, err := json.Marshal(ev.data)
	if err != nil {
		return
	}
	ev.data = json.RawMessage(data)
	for ch := range g.subs {
		select {
		case ch <- ev:
		default:
		}
	}
}

// handleGameEvents streams a game's state and analysis as server-sent
// events until the page goes away.
func (s *Server) handleGameEvents(g *game, w http.ResponseWriter, r *http.Request) {
	ch := make(chan event, followerBuffer)
	g.mu.Lock()
	if g.closed {
		g.mu.Unlock()
		writeError(w, http.StatusGone, "the game was closed")
		return
	}
	g.subs[ch] = struct{}{}
	first := []event{{"state", g.stateLocked()}}
	g.mu.Unlock()
	defer func() {
		g.mu.Lock()
		if _, ok := g.subs[ch]; ok {
			delete(g.subs, ch)
		}
		g.mu.Unlock()
	}()
	stream(w, r, s, first, ch)
}

// stream writes events from ch (after first) until the request ends, ch
// closes or the server stops.
func stream(w http.ResponseWriter, r *http.Request, s *Server, first []event, ch <-chan event) {
	flusher, ok := w.(http.Flusher)
	if !ok {
		writeError(w, http.StatusInternalServerError, "streaming unsupported")
		return
	}
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusOK)
	send := func(ev event) bool {
		data, err := json.Marshal(ev.data)
		if err != nil {
			return false
		}
		if _, err := fmt.Fprintf(w, "event: %s\ndata: %s\n\n", ev.name, data); err != nil {
			return false
		}
		flusher.Flush()
		return true
	}
	for _, ev := range first {
		if !send(ev) {
			return
		}
	}
	tick := time.NewTicker(keepAlive)
	defer tick.Stop()
	for {
		select {
		case ev, ok := <-ch:
			if !ok || !send(ev) {
				return
			}
		case <-tick.C:
			if _, err := fmt.Fprint(w, ": keep-alive\n\n"); err != nil {
				return
			}
			flusher.Flush()
		case <-r.Context().Done():
			return
		case <-s.root.Done():
			return
		}
	}
}
