// Package web serves a board in the browser (the web subcommand): play
// against the engine, watch it think, analyse positions, and watch matches
// between brains. One page, embedded in the binary (static/), talks to a
// JSON API and follows each game over server-sent events. Every game lives
// on the server under its own id with its own lock, so that two tabs never
// touch each other's games.
package web

import (
	"context"
	"crypto/rand"
	"embed"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net"
	"net/http"
	"net/url"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/kakugo/kakugo/protocol"
	"github.com/kakugo/kakugo/search/mcts"
)

//go:embed static
var staticFiles embed.FS

// PlayerInfo names a built-in player for the page's menus.
type PlayerInfo struct {
	Name    string `json:"name"`
	Summary string `json:"summary"`
}

// Options configure a Server. NewPlayer and at least one of Players are
// required.
type Options struct {
	// Players are the built-in players the page offers, the default first.
	Players []PlayerInfo
	// NewPlayer builds the player called name. Each game keeps its own,
	// so that the player's tree carries over from move to move.
	NewPlayer func(name string) (protocol.Player, error)
	// NewPolicy builds the move policy the heat map shows (one is built
	// and shared under a lock); nil: no heat map.
	NewPolicy func() mcts.Policy
	// BrainCommand is the command line that runs the built-in player as a
	// Gomocup brain, for watching matches; nil: only external commands.
	BrainCommand func(player string) []string
	// Threads is the engine's search threads (0: one).
	Threads int
	// MaxGames bounds the games kept at once (0: 16, each with its own
	// player, whose search tables take memory); the least recently used
	// game nobody follows is dropped to make room.
	MaxGames int
	// MaxTime bounds the time per move a page may ask for (0: 10 minutes).
	MaxTime time.Duration
}

// Server is the web board: an http.Handler.
type Server struct {
	opt  Options
	mux  *http.ServeMux
	root context.Context
	stop context.CancelFunc

	mu      sync.Mutex
	games   map[string]*game
	watches map[string]*watch

	policyMu sync.Mutex
	policy   mcts.Policy // built on first use from NewPolicy
}

// New builds a server. Close stops what it runs in the background.
func New(opt Options) (*Server, error) {
	if opt.NewPlayer == nil || len(opt.Players) == 0 {
		return nil, errors.New("web: Options.NewPlayer and Options.Players are required")
	}
	if opt.MaxGames <= 0 {
		opt.MaxGames = 16
	}
	if opt.MaxTime <= 0 {
		opt.MaxTime = 10 * time.Minute
	}
	if opt.Threads <= 0 {
		opt.Threads = 1
	}
	s := &Server{opt: opt, games: map[string]*game{}, watches: map[string]*watch{}}
	s.root, s.stop = context.WithCancel(context.Background())
	s.routes()
	return s, nil
}

// Close cancels every engine search and match the server runs.
func (s *Server) Close() {
	s.stop()
}

// Run serves the board on addr until ctx ends, after printing the address
// to open on out.
func Run(ctx context.Context, addr string, opt Options, out io.Writer) error {
	srv, err := New(opt)
	if err != nil {
		return err
	}
	defer srv.Close()
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "Kakugo's board: http://%s/\n", ln.Addr())
	hs := &http.Server{Handler: srv, ReadHeaderTimeout: 10 * time.Second}
	go func() {
		<-ctx.Done()
		shut, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		srv.Close() // ends the event streams, which Shutdown would wait for
		hs.Shutdown(shut)
	}()
	if err := hs.Serve(ln); !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

func (s *Server) routes() {
	s.mux = http.NewServeMux()
	static, _ := fs.Sub(staticFiles, "static")
	s.mux.Handle("GET /", http.FileServerFS(static))
	s.mux.HandleFunc("GET /api/players", s.handlePlayers)
	s.mux.HandleFunc("POST /api/games", s.handleCreate)
	s.mux.HandleFunc("GET /api/games/{id}", s.withGame(func(g *game, w http.ResponseWriter, r *http.Request) {
		writeJSON(w, http.StatusOK, g.snapshot())
	}))
	s.mux.HandleFunc("GET /api/games/{id}/events", s.withGame(s.handleGameEvents))
	s.mux.HandleFunc("GET /api/games/{id}/export", s.withGame(handleExport))
	s.mux.HandleFunc("POST /api/games/{id}/{action}", s.withGame(s.handleAction))
	s.mux.HandleFunc("POST /api/watch", s.handleWatchStart)
	s.mux.HandleFunc("GET /api/watch/{id}/events", s.handleWatchEvents)
	s.mux.HandleFunc("POST /api/watch/{id}/stop", s.handleWatchStop)
}

// ServeHTTP implements http.Handler. Requests that change something must
// be JSON from the page itself: a browser sends a cross-site JSON POST
// only after a preflight this server never grants, and the Origin check
// stops the rest, so that no other web site can make this server play or
// start programs (the watch runs commands). The Host must be an IP address
// or localhost: a site whose name an attacker points at 127.0.0.1 (DNS
// rebinding) would otherwise count as the page's own origin.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if !directHost(r.Host) {
		writeError(w, http.StatusForbidden, fmt.Sprintf("host %q refused: open the board by its IP address or localhost", r.Host))
		return
	}
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		if !strings.HasPrefix(r.Header.Get("Content-Type"), "application/json") {
			writeError(w, http.StatusUnsupportedMediaType, "requests must be JSON (Content-Type: application/json)")
			return
		}
		if o := r.Header.Get("Origin"); o != "" {
			if u, err := url.Parse(o); err != nil || u.Host != r.Host {
				writeError(w, http.StatusForbidden, "cross-origin request refused")
				return
			}
		}
	}
	w.Header().Set("X-Content-Type-Options", "nosniff")
	s.mux.ServeHTTP(w, r)
}

// directHost reports whether a request's Host names this machine
// directly: an IP address or localhost, with or without a port.
func directHost(host string) bool {
	h := host
	if hh, _, err := net.SplitHostPort(host); err == nil {
		h = hh
	}
	h = strings.TrimSuffix(strings.TrimPrefix(h, "["), "]")
	return strings.EqualFold(h, "localhost") || net.ParseIP(h) != nil
}

func (s *Server) handlePlayers(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, map[string]any{
		"players":   s.opt.Players,
		"heatmap":   s.opt.NewPolicy != nil,
		"external":  true,
		"brainSelf": s.opt.BrainCommand != nil,
	})
}

// handleCreate starts a game: {"size": "15", "rule": "renju", ...} as for
// the new action.
func (s *Server) handleCreate(w http.ResponseWriter, r *http.Request) {
	var req newRequest
	if !readJSON(w, r, &req) {
		return
	}
	g, err := newGame(s, req)
	if err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	s.mu.Lock()
	s.evictLocked()
	s.games[g.id] = g
	s.mu.Unlock()
	g.mu.Lock()
	g.afterChangeLocked(true)
	g.mu.Unlock()
	writeJSON(w, http.StatusOK, g.snapshot())
}

// evictLocked drops the least recently used games nobody follows while the
// server holds MaxGames or more.
func (s *Server) evictLocked() {
	for len(s.games) >= s.opt.MaxGames {
		var ids []string
		for id, g := range s.games {
			if g.followers() == 0 {
				ids = append(ids, id)
			}
		}
		if len(ids) == 0 {
			return // every game is on someone's screen: keep them
		}
		sort.Slice(ids, func(i, j int) bool { return s.games[ids[i]].lastUsed().Before(s.games[ids[j]].lastUsed()) })
		s.games[ids[0]].close()
		delete(s.games, ids[0])
	}
}

// withGame looks up the game the path names.
func (s *Server) withGame(h func(*game, http.ResponseWriter, *http.Request)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		s.mu.Lock()
		g := s.games[r.PathValue("id")]
		s.mu.Unlock()
		if g == nil {
			writeError(w, http.StatusNotFound, "no such game (the server may have been restarted): start a new one")
			return
		}
		h(g, w, r)
	}
}

// newID is a random identifier for a game or a watch.
func newID() string {
	var b [8]byte
	rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// maxBody bounds a request (a game record is a few kilobytes).
const maxBody = 1 << 20

// readJSON decodes the request body into v, or answers 400 and reports
// false.
func readJSON(w http.ResponseWriter, r *http.Request, v any) bool {
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, maxBody))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		writeError(w, http.StatusBadRequest, "malformed request: "+err.Error())
		return false
	}
	return true
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(v)
}

// writeError answers {"error": msg}, which the page shows as it is.
func writeError(w http.ResponseWriter, status int, msg string) {
	writeJSON(w, status, map[string]string{"error": msg})
}
