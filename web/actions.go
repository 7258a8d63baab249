package web

import (
	"fmt"
	"net/http"

	"github.com/kakugo/kakugo/engine"
)

// moveRequest is a cell: x and y from a click, or a move in pos notation.
type moveRequest struct {
	X    *int   `json:"x"`
	Y    *int   `json:"y"`
	Move string `json:"move"`
}

// cell reads the request's cell.
func (m moveRequest) cell() (int, int, error) {
	if m.Move != "" {
		pts, err := engine.ParseMoves(m.Move)
		if err != nil || len(pts) != 1 {
			return 0, 0, fmt.Errorf("move %q: one move like h8", m.Move)
		}
		return pts[0].X, pts[0].Y, nil
	}
	if m.X == nil || m.Y == nil {
		return 0, 0, fmt.Errorf("a move needs x and y, or move (like h8)")
	}
	return *m.X, *m.Y, nil
}

// setupRequest places or removes a stone (x, y, color), or gives the move
// to a side (toMove).
type setupRequest struct {
	moveRequest
	Color  string `json:"color"`
	ToMove string `json:"toMove"`
}

// importRequest replaces the game by a record (pos, psq or SGF, told
// apart by their look).
type importRequest struct {
	Text string `json:"text"`
}

// emptyRequest is an action without arguments.
type emptyRequest struct{}

// handleAction runs one change of a game under its lock. A request that
// fails changes nothing and answers 400 with the reason; one that succeeds
// answers the new state, which the game's followers also receive.
func (s *Server) handleAction(g *game, w http.ResponseWriter, r *http.Request) {
	g.touch()
	var run func() error
	switch r.PathValue("action") {
	case "move":
		var req moveRequest
		if !readJSON(w, r, &req) {
			return
		}
		run = func() error { return g.humanMove(req) }
	case "undo":
		var req emptyRequest
		if !readJSON(w, r, &req) {
			return
		}
		run = g.undo
	case "new":
		var req newRequest
		if !readJSON(w, r, &req) {
			return
		}
		run = func() error {
			if err := g.applyNew(req); err != nil {
				return err
			}
			g.afterChangeLocked(true)
			return nil
		}
	case "settings":
		var req settingsRequest
		if !readJSON(w, r, &req) {
			return
		}
		run = func() error { return g.settings(req) }
	case "go":
		var req emptyRequest
		if !readJSON(w, r, &req) {
			return
		}
		run = g.engineMove
	case "stop":
		var req emptyRequest
		if !readJSON(w, r, &req) {
			return
		}
		run = g.stop
	case "setup":
		var req setupRequest
		if !readJSON(w, r, &req) {
			return
		}
		run = func() error { return g.setup(req) }
	case "import":
		var req importRequest
		if !readJSON(w, r, &req) {
			return
		}
		run = func() error { return g.importRecord(req.Text) }
	default:
		writeError(w, http.StatusNotFound, fmt.Sprintf("unknown action %q", r.PathValue("action")))
		return
	}
	g.mu.Lock()
	err := run()
	g.mu.Unlock()
	if err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	writeJSON(w, http.StatusOK, g.snapshot())
}

// humanMove plays the person's move; the engine answers when it is its
// turn. An analysis in progress gives way.
func (g *game) humanMove(req moveRequest) error {
	x, y, err := req.cell()
	if err != nil {
		return err
	}
	if g.job != nil && g.job.mode == modeMove {
		return errThinking
	}
	if g.engineColor == g.toMove {
		return errEngines
	}
	if err := g.playLocked(x, y); err != nil {
		return err
	}
	g.note = ""
	g.afterChangeLocked(true)
	return nil
}

// undo takes back the last move, and the engine's reply before it, so that
// it is the person's turn again (one move when the engine plays neither
// side). A search in progress is abandoned.
func (g *game) undo() error {
	if len(g.stones) == 0 {
		return fmt.Errorf("nothing to undo")
	}
	for n := 0; n < 2 && len(g.stones) > 0; n++ {
		last := g.stones[len(g.stones)-1]
		g.stones = g.stones[:len(g.stones)-1]
		g.toMove = last.C
		if g.engineColor == engine.Empty || g.toMove != g.engineColor {
			break
		}
	}
	g.truncateEvals(len(g.stones))
	g.note = ""
	g.afterChangeLocked(false)
	return nil
}

// settings changes the engine's side, player, time or analysis; the engine
// starts when it is now its turn.
func (g *game) settings(req settingsRequest) error {
	if err := g.applySettings(req); err != nil {
		return err
	}
	if g.job != nil && g.job.mode == modeMove {
		g.publishStateLocked() // the move in progress goes on
		return nil
	}
	b := g.boardLocked()
	switch {
	case g.overLocked(b):
	case g.engineColor == g.toMove && g.engineColor != engine.Empty:
		g.startLocked(modeMove)
	case g.analyse && g.job == nil:
		g.startLocked(modeAnalyse)
	case !g.analyse && g.job != nil:
		g.job.cancel() // finish marks the analysis final
	}
	g.publishStateLocked()
	return nil
}

// engineMove makes the engine play the side to move now, whoever's side
// it is.
func (g *game) engineMove() error {
	if g.overLocked(g.boardLocked()) {
		return errOver
	}
	if g.job != nil && g.job.mode == modeMove {
		return errThinking
	}
	g.startLocked(modeMove)
	g.publishStateLocked()
	return nil
}

// stop ends the search: a move in progress is played as it stands, an
// analysis stops (and so does analysing further positions).
func (g *game) stop() error {
	j := g.job
	if j == nil {
		return fmt.Errorf("the engine is not thinking")
	}
	if j.mode == modeMove {
		j.play = true
		j.cancel() // finish plays the best move found so far
		return nil
	}
	g.analyse = false
	j.cancel() // finish marks the analysis final and tells the followers
	g.publishStateLocked()
	return nil
}

// setup places a stone of either colour on an empty cell, removes the
// stone on an occupied one, or gives the move to a side; the engine does
// not answer.
func (g *game) setup(req setupRequest) error {
	if req.ToMove != "" {
		c, err := parseSide(req.ToMove, false)
		if err != nil {
			return err
		}
		g.toMove = c
		g.afterChangeLocked(false)
		return nil
	}
	x, y, err := req.cell()
	if err != nil {
		return err
	}
	b := g.boardLocked()
	if !b.OnBoard(x, y) {
		return fmt.Errorf("(%d,%d) is off the %dx%d board", x, y, g.w, g.h)
	}
	for i, st := range g.stones {
		if st.X == x && st.Y == y {
			g.stones = append(g.stones[:i:i], g.stones[i+1:]...)
			g.truncateEvals(i)
			g.afterChangeLocked(false)
			return nil
		}
	}
	c := g.toMove
	if req.Color != "" {
		if c, err = parseSide(req.Color, false); err != nil {
			return err
		}
	}
	if b.Winner() != engine.Empty {
		return errOver
	}
	g.stones = append(g.stones, stone{x, y, c})
	g.toMove = c.Opp()
	g.afterChangeLocked(false)
	return nil
}

// importRecord replaces the position by a game record.
func (g *game) importRecord(text string) error {
	rec, err := parseRecord(text, g.rule)
	if err != nil {
		return err
	}
	if rec.w == 0 {
		rec.w, rec.h = g.w, g.h
	}
	b, err := engine.New(rec.w, rec.h, rec.rule)
	if err != nil {
		return err
	}
	for i, st := range rec.stones {
		if !b.OnBoard(st.X, st.Y) {
			return fmt.Errorf("stone %d (%s) is off the %dx%d board", i+1, engine.FormatMove(st.X, st.Y), rec.w, rec.h)
		}
		if b.At(b.Pos(st.X, st.Y)) != engine.Empty {
			return fmt.Errorf("stone %d (%s) is on an occupied cell", i+1, engine.FormatMove(st.X, st.Y))
		}
		if b.Winner() != engine.Empty {
			return fmt.Errorf("stone %d (%s) comes after the game was won", i+1, engine.FormatMove(st.X, st.Y))
		}
		b.Put(b.Pos(st.X, st.Y), st.C)
	}
	g.w, g.h, g.rule = rec.w, rec.h, rec.rule
	g.stones, g.toMove = rec.stones, b.SideToMove()
	g.evals = map[int]float64{}
	g.note = ""
	g.afterChangeLocked(false)
	return nil
}

// handleExport writes the game as ?format=pos, psq or sgf.
func handleExport(g *game, w http.ResponseWriter, r *http.Request) {
	g.mu.Lock()
	text, err := g.exportLocked(r.URL.Query().Get("format"))
	g.mu.Unlock()
	if err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	writeJSON(w, http.StatusOK, map[string]string{"text": text})
}
