package web

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"
)

// call sends a JSON request (body nil: none for GET, {} for POST) and
// decodes the answer into out when it is not nil; it returns the status.
func call(t *testing.T, ts *httptest.Server, method, path string, body any, out any) int {
	t.Helper()
	code, err := send(ts, method, path, body, out)
	if err != nil {
		t.Fatalf("%s %s: %v", method, path, err)
	}
	return code
}

// send is call for any goroutine: it returns its errors.
func send(ts *httptest.Server, method, path string, body any, out any) (int, error) {
	var rd io.Reader
	if method == http.MethodPost {
		if body == nil {
			body = map[string]any{}
		}
		data, err := json.Marshal(body)
		if err != nil {
			return 0, err
		}
		rd = bytes.NewReader(data)
	}
	req, err := http.NewRequest(method, ts.URL+path, rd)
	if err != nil {
		return 0, err
	}
	if rd != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := ts.Client().Do(req)
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	if err != nil {
		return 0, err
	}
	if out != nil {
		if err := json.Unmarshal(data, out); err != nil {
			return 0, fmt.Errorf("%v in %s", err, data)
		}
	}
	return resp.StatusCode, nil
}

// newGameFor starts a game and returns its state.
func newGameFor(t *testing.T, ts *httptest.Server, req newRequest) stateJSON {
	t.Helper()
	var st stateJSON
	if code := call(t, ts, "POST", "/api/games", req, &st); code != 200 {
		t.Fatalf("new game %+v: status %d", req, code)
	}
	return st
}

// waitState polls the game until ok holds (generous: the machine may be
// loaded; the wait only bounds a hang).
func waitState(t *testing.T, ts *httptest.Server, id string, what string, ok func(stateJSON) bool) stateJSON {
	t.Helper()
	deadline := time.Now().Add(2 * time.Minute)
	for {
		var st stateJSON
		call(t, ts, "GET", "/api/games/"+id, nil, &st)
		if ok(st) {
			return st
		}
		if time.Now().After(deadline) {
			t.Fatalf("waiting for %s: last state %+v", what, st)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func names(st stateJSON) string {
	var sb strings.Builder
	for _, s := range st.Stones {
		sb.WriteString(s.Name)
	}
	return sb.String()
}

func TestEngineAnswersAMove(t *testing.T) {
	for _, player := range []string{"greedy", "kakugo"} {
		t.Run(player, func(t *testing.T) {
			_, ts := newTestServer(t)
			st := newGameFor(t, ts, newRequest{Engine: "white", Player: player, TimeMs: 200})
			var after stateJSON
			if code := call(t, ts, "POST", "/api/games/"+st.ID+"/move", map[string]any{"move": "h8"}, &after); code != 200 {
				t.Fatalf("move h8: status %d", code)
			}
			if len(after.Stones) != 1 || after.Stones[0].Name != "h8" || after.ToMove != 2 {
				t.Fatalf("after h8: %+v", after)
			}
			done := waitState(t, ts, st.ID, "the engine's reply", func(s stateJSON) bool { return len(s.Stones) == 2 && s.Thinking == "" })
			if done.Stones[1].Color != 2 || done.ToMove != 1 || done.Stones[1].Name == "h8" {
				t.Fatalf("the engine's reply: %+v", done.Stones)
			}
			// The person's move by coordinates; then undo takes back both.
			x, y := 0, 0
			call(t, ts, "POST", "/api/games/"+st.ID+"/move", map[string]any{"x": x, "y": y}, nil)
			waitState(t, ts, st.ID, "the second reply", func(s stateJSON) bool { return len(s.Stones) == 4 && s.Thinking == "" })
			var undone stateJSON
			if code := call(t, ts, "POST", "/api/games/"+st.ID+"/undo", nil, &undone); code != 200 || len(undone.Stones) != 2 || undone.ToMove != 1 {
				t.Fatalf("undo: status %d, %+v", code, undone.Stones)
			}
		})
	}
}

// sse reads server-sent events from path until stop says so or the
// context ends.
func sse(t *testing.T, ctx context.Context, ts *httptest.Server, path string, stop func(name string, data []byte) bool) {
	t.Helper()
	req, _ := http.NewRequestWithContext(ctx, "GET", ts.URL+path, nil)
	resp, err := ts.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if ct := resp.Header.Get("Content-Type"); ct != "text/event-stream" {
		t.Fatalf("events: content type %q", ct)
	}
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	name := ""
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "event: "):
			name = strings.TrimPrefix(line, "event: ")
		case strings.HasPrefix(line, "data: "):
			if stop(name, []byte(strings.TrimPrefix(line, "data: "))) {
				return
			}
		}
	}
	t.Fatalf("event stream %s ended: %v", path, sc.Err())
}

func TestAnalysisStreams(t *testing.T) {
	_, ts := newTestServer(t)
	st := newGameFor(t, ts, newRequest{Engine: "none", Player: "kakugo"})
	call(t, ts, "POST", "/api/games/"+st.ID+"/import", importRequest{Text: "h8h9i8i9"}, &st)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	started := make(chan struct{})
	var live, final *analysisJSON
	var states []stateJSON
	go func() {
		<-started
		if code, err := send(ts, "POST", "/api/games/"+st.ID+"/settings", map[string]any{"analyse": true}, nil); code != 200 {
			t.Errorf("analyse on: status %d %v", code, err)
		}
	}()
	sse(t, ctx, ts, "/api/games/"+st.ID+"/events", func(name string, data []byte) bool {
		switch name {
		case "state":
			var s stateJSON
			if err := json.Unmarshal(data, &s); err != nil {
				t.Fatal(err)
			}
			states = append(states, s)
			if len(states) == 1 {
				close(started)
			}
		case "analysis":
			var a analysisJSON
			if err := json.Unmarshal(data, &a); err != nil {
				t.Fatal(err)
			}
			if len(a.Moves) > 0 && a.Playouts > 0 && !a.Final && live == nil {
				live = &a
				// Stop it: the analysis ends with a final snapshot.
				go send(ts, "POST", "/api/games/"+st.ID+"/stop", nil, nil)
			}
			if a.Final || a.Proof != nil {
				final = &a
				return true
			}
		}
		return false
	})
	if len(states) == 0 || names(states[0]) != "h8h9i8i9" {
		t.Fatalf("first state event: %+v", states)
	}
	if final == nil {
		t.Fatal("no final analysis")
	}
	a := final
	if live != nil {
		a = live
	}
	if a.Side != 1 || a.Mode != modeAnalyse {
		t.Errorf("analysis side %d mode %q, want black (1) analysing", a.Side, a.Mode)
	}
	for _, m := range a.Moves {
		if len(m.PV) == 0 || m.PV[0] != m.pointJSON {
			t.Errorf("move %s: its line %v does not start with it", m.Name, m.PV)
		}
		if m.Winrate < 0 || m.Winrate > 1 || m.Visits < 0 {
			t.Errorf("move %s: win rate %v visits %d", m.Name, m.Winrate, m.Visits)
		}
	}
	for i := 1; i < len(a.Moves); i++ {
		if a.Moves[i].Proof == 0 && a.Moves[i-1].Proof == 0 && a.Moves[i].Visits > a.Moves[i-1].Visits {
			t.Errorf("moves not best first: %s %d before %s %d", a.Moves[i-1].Name, a.Moves[i-1].Visits, a.Moves[i].Name, a.Moves[i].Visits)
		}
	}
	// The analysis never plays: the position is as it was.
	after := waitState(t, ts, st.ID, "the analysis to stop", func(s stateJSON) bool { return s.Thinking == "" })
	if names(after) != "h8h9i8i9" || after.Analyse {
		t.Fatalf("after the analysis: %s, analyse %v", names(after), after.Analyse)
	}
	if len(after.Evals) == 0 || after.Evals[0].Ply != 4 {
		t.Errorf("evaluation graph: %+v, want a point at ply 4", after.Evals)
	}
}

func TestBadRequestsChangeNothing(t *testing.T) {
	_, ts := newTestServer(t)
	st := newGameFor(t, ts, newRequest{Rule: "renju", Engine: "none", Player: "greedy"})
	// j8 is a double three for black (see the browser test).
	call(t, ts, "POST", "/api/games/"+st.ID+"/import", importRequest{Text: "h8a1i8o1j9a15j10o15"}, &st)
	if names(st) != "h8a1i8o1j9a15j10o15" {
		t.Fatalf("import: %s", names(st))
	}
	game := "/api/games/" + st.ID
	tests := []struct {
		name, path string
		body       any
		want       int
		says       string
	}{
		{"occupied", game + "/move", map[string]any{"move": "h8"}, 400, "occupied"},
		{"forbidden", game + "/move", map[string]any{"move": "j8"}, 400, "forbidden"},
		{"off the board", game + "/move", map[string]any{"x": 15, "y": 3}, 400, "off the"},
		{"negative", game + "/move", map[string]any{"x": -1, "y": 3}, 400, "off the"},
		{"no cell", game + "/move", map[string]any{}, 400, "needs x and y"},
		{"two moves", game + "/move", map[string]any{"move": "a2a3"}, 400, "one move"},
		{"not a move", game + "/move", map[string]any{"move": "zz"}, 400, "one move"},
		{"unknown field", game + "/move", map[string]any{"mvoe": "a2"}, 400, "unknown field"},
		{"wrong type", game + "/move", map[string]any{"x": "a"}, 400, "malformed"},
		{"unknown player", game + "/settings", map[string]any{"player": "stockfish"}, 400, "unknown player"},
		{"bad side", game + "/settings", map[string]any{"engine": "red"}, 400, "black, white or none"},
		{"bad time", game + "/settings", map[string]any{"timeMs": -5}, 400, "time per move"},
		{"huge time", game + "/settings", map[string]any{"timeMs": 1e9}, 400, "time per move"},
		{"bad size", game + "/new", map[string]any{"size": "99"}, 400, "size"},
		{"bad rule", game + "/new", map[string]any{"rule": "chess"}, 400, "rule"},
		{"bad player on new", game + "/new", map[string]any{"player": "nobody"}, 400, "unknown player"},
		{"garbage record", game + "/import", map[string]any{"text": "hello world"}, 400, "not a pos string"},
		{"occupied record", game + "/import", map[string]any{"text": "h8h8"}, 400, "occupied"},
		{"record after a win", game + "/import", map[string]any{"text": "a1b1a2b2a3b3a4b4a5b5"}, 400, "after the game was won"},
		{"record off the board", game + "/import", map[string]any{"text": "Piskvorky 20x20, 11:11, 0\n18,18,0\n"}, 200, ""},
		{"bad psq", game + "/import", map[string]any{"text": "Piskvorky 99x99, 1:1, 0\n1,1,0\n"}, 400, "psq header"},
		{"bad sgf", game + "/import", map[string]any{"text": "(;GM[4]SZ[15];B[hh"}, 400, "SGF"},
		{"sgf not gomoku", game + "/import", map[string]any{"text": "(;GM[1]SZ[19];B[dd])"}, 400, "GM[4]"},
		{"bad export", game + "/export?format=png", nil, 400, "pos, psq or sgf"},
		{"stop idle", game + "/stop", map[string]any{}, 400, "not thinking"},
		{"unknown action", game + "/fly", map[string]any{}, 404, "unknown action"},
		{"unknown game", "/api/games/nope/move", map[string]any{"move": "a1"}, 404, "no such game"},
		{"setup bad colour", game + "/setup", map[string]any{"x": 2, "y": 2, "color": "green"}, 400, "black or white"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var before stateJSON
			call(t, ts, "GET", game, nil, &before)
			method := "POST"
			if tc.body == nil {
				method = "GET"
			}
			var out map[string]any
			code := call(t, ts, method, tc.path, tc.body, &out)
			if code != tc.want {
				t.Fatalf("status %d, want %d (%v)", code, tc.want, out)
			}
			if tc.want != 200 {
				msg, _ := out["error"].(string)
				if !strings.Contains(msg, tc.says) {
					t.Errorf("message %q does not say %q", msg, tc.says)
				}
				var after stateJSON
				call(t, ts, "GET", game, nil, &after)
				if after.Version != before.Version || names(after) != names(before) || after.Player != before.Player ||
					after.TimeMs != before.TimeMs || after.Rule != before.Rule || after.Engine != before.Engine {
					t.Errorf("a refused request changed the game:\n%+v\n%+v", before, after)
				}
			} else {
				// Put the position back for the next cases.
				call(t, ts, "POST", game+"/import", importRequest{Text: "h8a1i8o1j9a15j10o15"}, nil)
				call(t, ts, "POST", game+"/new", newRequest{Size: "15"}, nil)
				call(t, ts, "POST", game+"/import", importRequest{Text: "h8a1i8o1j9a15j10o15"}, nil)
			}
		})
	}
}

func TestRequestsMustComeFromThePage(t *testing.T) {
	_, ts := newTestServer(t)
	st := newGameFor(t, ts, newRequest{Engine: "none"})
	post := func(ct, origin string) int {
		req, _ := http.NewRequest("POST", ts.URL+"/api/games/"+st.ID+"/move", strings.NewReader(`{"move":"h8"}`))
		if ct != "" {
			req.Header.Set("Content-Type", ct)
		}
		if origin != "" {
			req.Header.Set("Origin", origin)
		}
		resp, err := ts.Client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	if code := post("text/plain", ""); code != http.StatusUnsupportedMediaType {
		t.Errorf("a form-like POST: status %d", code)
	}
	if code := post("application/json", "http://evil.example"); code != http.StatusForbidden {
		t.Errorf("a cross-origin POST: status %d", code)
	}
	if code := post("application/json", ts.URL); code != 200 {
		t.Errorf("a same-origin POST: status %d", code)
	}
	// A name that is not localhost (DNS rebinding) is refused, whatever
	// the method.
	req, _ := http.NewRequest("GET", ts.URL+"/api/games/"+st.ID, nil)
	req.Host = "evil.example:8015"
	resp, err := ts.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusForbidden {
		t.Errorf("Host evil.example: status %d", resp.StatusCode)
	}
	for host, ok := range map[string]bool{"127.0.0.1:8015": true, "localhost:8015": true, "[::1]:80": true,
		"192.168.1.5": true, "LOCALHOST": true, "evil.example": false, "localhost.evil.example:80": false, "": false} {
		if directHost(host) != ok {
			t.Errorf("directHost(%q) = %v", host, !ok)
		}
	}
}

// TestTwoGamesDoNotMix plays two games at once, as two tabs would, with
// their moves interleaved by the scheduler; each keeps its own.
func TestTwoGamesDoNotMix(t *testing.T) {
	_, ts := newTestServer(t)
	lines := []string{"h8h9i8i9j8j9", "a1b1a2b2a3b3c5c6"}
	var wg sync.WaitGroup
	ids := make([]string, len(lines))
	for i, line := range lines {
		st := newGameFor(t, ts, newRequest{Engine: "none", Player: "greedy"})
		ids[i] = st.ID
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := 0; j < len(line); j += 2 {
				if code, err := send(ts, "POST", "/api/games/"+st.ID+"/move", map[string]any{"move": line[j : j+2]}, nil); code != 200 {
					t.Errorf("game %d move %s: status %d %v", i, line[j:j+2], code, err)
				}
			}
		}()
	}
	wg.Wait()
	for i, id := range ids {
		var st stateJSON
		call(t, ts, "GET", "/api/games/"+id, nil, &st)
		if names(st) != lines[i] {
			t.Errorf("game %d: %s, want %s", i, names(st), lines[i])
		}
	}
	// And two games with the engine thinking at once.
	a := newGameFor(t, ts, newRequest{Engine: "white", Player: "kakugo", TimeMs: 200})
	b := newGameFor(t, ts, newRequest{Engine: "black", Player: "kakugo", TimeMs: 200})
	call(t, ts, "POST", "/api/games/"+a.ID+"/move", map[string]any{"move": "a1"}, nil)
	sa := waitState(t, ts, a.ID, "a's reply", func(s stateJSON) bool { return len(s.Stones) == 2 && s.Thinking == "" })
	sb := waitState(t, ts, b.ID, "b's first move", func(s stateJSON) bool { return len(s.Stones) == 1 && s.Thinking == "" })
	if sa.Stones[0].Name != "a1" || sb.Stones[0].Name != "h8" || sb.Stones[0].Color != 1 {
		t.Errorf("games mixed: %s / %s", names(sa), names(sb))
	}
}

func TestSetupAndExport(t *testing.T) {
	_, ts := newTestServer(t)
	st := newGameFor(t, ts, newRequest{Engine: "white", Player: "greedy"})
	game := "/api/games/" + st.ID
	for _, c := range []map[string]any{
		{"move": "h8", "color": "black"}, {"move": "i9", "color": "black"}, {"move": "a1", "color": "white"},
	} {
		if code := call(t, ts, "POST", game+"/setup", c, &st); code != 200 {
			t.Fatalf("setup %v: %d", c, code)
		}
	}
	if st.Thinking != "" || len(st.Stones) != 3 || st.Alternating || st.ToMove != 1 {
		t.Fatalf("after setup: %+v", st)
	}
	var out map[string]string
	if code := call(t, ts, "GET", game+"/export?format=pos", nil, &out); code != 400 {
		t.Errorf("pos of a set-up position: %d %v", code, out)
	}
	call(t, ts, "GET", game+"/export?format=sgf", nil, &out)
	if !strings.Contains(out["text"], ";B[hh]\n;B[ii]\n;W[aa]") {
		t.Errorf("SGF: %q", out["text"])
	}
	// Clicking a stone in set-up removes it; the side to move can be set.
	call(t, ts, "POST", game+"/setup", map[string]any{"move": "i9"}, &st)
	call(t, ts, "POST", game+"/setup", map[string]any{"toMove": "white"}, &st)
	if names(st) != "h8a1" || st.ToMove != 2 || st.Thinking != "" {
		t.Fatalf("after removing i9: %s, to move %d, thinking %q", names(st), st.ToMove, st.Thinking)
	}
	// The engine plays white when asked.
	call(t, ts, "POST", game+"/go", nil, nil)
	st = waitState(t, ts, st.ID, "the engine's move", func(s stateJSON) bool { return len(s.Stones) == 3 && s.Thinking == "" })
	if st.Stones[2].Color != 2 {
		t.Errorf("engine's stone colour %d", st.Stones[2].Color)
	}
}

func TestRecordsRoundTrip(t *testing.T) {
	_, ts := newTestServer(t)
	for _, size := range []string{"15", "20", "12x17"} {
		st := newGameFor(t, ts, newRequest{Size: size, Rule: "standard", Engine: "none"})
		game := "/api/games/" + st.ID
		line := "h8i9g7j10k11c3d4e2"
		if code := call(t, ts, "POST", game+"/import", importRequest{Text: line}, &st); code != 200 {
			t.Fatalf("import on %s", size)
		}
		for _, format := range []string{"pos", "psq", "sgf"} {
			var out map[string]string
			if code := call(t, ts, "GET", game+"/export?format="+format, nil, &out); code != 200 {
				t.Fatalf("%s export: %d %v", format, code, out)
			}
			fresh := newGameFor(t, ts, newRequest{Engine: "none"})
			var back stateJSON
			if code := call(t, ts, "POST", "/api/games/"+fresh.ID+"/import", importRequest{Text: out["text"]}, &back); code != 200 {
				t.Fatalf("%s import of %q: %d", format, out["text"], code)
			}
			if names(back) != line {
				t.Errorf("%s on %s: %s, want %s", format, size, names(back), line)
			}
			if format != "pos" && (back.Width != st.Width || back.Height != st.Height) {
				t.Errorf("%s on %s: size %dx%d", format, size, back.Width, back.Height)
			}
			if format == "sgf" && back.Rule != "standard" {
				t.Errorf("sgf rule %s", back.Rule)
			}
		}
	}
}

func TestWatchAMatch(t *testing.T) {
	_, ts := newTestServer(t)
	var w watchJSON
	if code := call(t, ts, "POST", "/api/watch", watchRequest{First: "greedy", Second: "kakugo", Games: 2, TimeMs: 100,
		Size: "15", Rule: "freestyle", Opening: "h8i9"}, &w); code != 200 {
		t.Fatalf("watch: status %d", code)
	}
	if w.Names != [2]string{"greedy", "kakugo"} {
		t.Fatalf("names %v", w.Names)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	moves := 0
	var last watchJSON
	sse(t, ctx, ts, "/api/watch/"+w.ID+"/events", func(name string, data []byte) bool {
		if err := json.Unmarshal(data, &last); err != nil {
			t.Fatal(err)
		}
		if last.Current != nil && len(last.Current.Stones) > 2 {
			moves++
		}
		return last.Done
	})
	if last.Error != "" || len(last.Results) != 2 {
		t.Fatalf("match: %+v", last)
	}
	if s := last.Score; s[0]+s[1]+s[2] != 2 {
		t.Errorf("score %v for 2 games", s)
	}
	if moves < 2 {
		t.Errorf("saw %d moves go by", moves)
	}
	for _, r := range last.Results {
		if r.Moves < 3 || r.Reason == "" {
			t.Errorf("result %+v", r)
		}
	}
	// Brains that do not exist are refused before anything starts.
	var bad map[string]string
	for _, req := range []watchRequest{
		{First: "/no/such/pbrain-x", Second: "greedy", Games: 2, TimeMs: 100},
		{First: "greedy", Second: "", Games: 2, TimeMs: 100},
		{First: "greedy", Second: "kakugo", Games: 0, TimeMs: 100},
		{First: "greedy", Second: "kakugo", Games: 2, TimeMs: 0},
		{First: "greedy", Second: "kakugo", Games: 2, TimeMs: 100, Opening: "h8h8"},
		{First: "greedy", Second: "kakugo", Games: 2, TimeMs: 100, Rule: "go"},
	} {
		if code := call(t, ts, "POST", "/api/watch", req, &bad); code != 400 || bad["error"] == "" {
			t.Errorf("%+v: status %d %v", req, code, bad)
		}
	}
}

func TestParseProof(t *testing.T) {
	tests := []struct {
		line, result, kind, pv string
	}{
		{"vcf win | n 812 | tm 3 | pv h8 i9 j10", "win", "vcf", "h8i9j10"},
		{"vct win | n 5 | tm 1 | pv a1", "win", "vct", "a1"},
		{"win (proof) | pv k12", "win", "proof", "k12"},
		{"five", "win", "five", ""},
		{"lost to a forced win", "loss", "threat", ""},
		{"depth 3-9 | ev 0.52 | n 100 | nps 10k | tm 10 | pv h8", "", "", ""},
		{"check | h8 loses to a vct | pv a1 a2", "", "", ""},
		{"vcf win | pv h8 zz", "", "", ""},
	}
	for _, tc := range tests {
		p := parseProof(tc.line)
		if tc.result == "" {
			if p != nil {
				t.Errorf("%q: %+v, want none", tc.line, p)
			}
			continue
		}
		if p == nil || p.Result != tc.result || p.Kind != tc.kind {
			t.Errorf("%q: %+v", tc.line, p)
			continue
		}
		var pv string
		for _, q := range p.Line {
			pv += q.Name
		}
		if pv != tc.pv {
			t.Errorf("%q: line %s, want %s", tc.line, pv, tc.pv)
		}
	}
}

func TestPageIsServed(t *testing.T) {
	_, ts := newTestServer(t)
	for _, path := range []string{"/", "/app.js", "/style.css"} {
		resp, err := ts.Client().Get(ts.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 || len(body) < 100 {
			t.Errorf("%s: status %d, %d bytes", path, resp.StatusCode, len(body))
		}
		// No request leaves the server: no absolute URLs in the page.
		if bytes.Contains(body, []byte("http://")) || bytes.Contains(body, []byte("https://")) {
			t.Errorf("%s refers to another site", path)
		}
	}
	var info map[string]any
	call(t, ts, "GET", "/api/players", nil, &info)
	if fmt.Sprint(info["heatmap"]) != "false" {
		t.Errorf("players: %v", info)
	}
}

// decodeJSON reads a response's JSON body into out.
func decodeJSON(t *testing.T, resp *http.Response, out any) {
	t.Helper()
	defer resp.Body.Close()
	if err := json.NewDecoder(resp.Body).Decode(out); err != nil {
		t.Fatal(err)
	}
}
