package main

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/kakugo/kakugo/web"
)

// TestWebWiring serves the board with main's wiring: every player of
// --help is offered, the heat map comes from the embedded network, and a
// built-in player runs as this program in brain mode.
func TestWebWiring(t *testing.T) {
	var warn bytes.Buffer
	opt := webOptions(1, "", 1, &warn)
	if len(opt.Players) != len(players()) || opt.Players[0].Name != players()[0].name {
		t.Fatalf("players %v", opt.Players)
	}
	if opt.NewPolicy == nil || warn.Len() > 0 {
		t.Fatalf("no heat map: %s", warn.String())
	}
	if cmd := strings.Join(opt.BrainCommand("greedy"), " "); !strings.Contains(cmd, "--player greedy") {
		t.Errorf("brain command %q", cmd)
	}
	s, err := web.New(opt)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ts := httptest.NewServer(s)
	defer ts.Close()
	resp, err := ts.Client().Post(ts.URL+"/api/games", "application/json", strings.NewReader(`{"size":"15","rule":"renju","engine":"none"}`))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var st struct {
		Prior []float32 `json:"prior"`
		Rule  string    `json:"rule"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&st); err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("new game: %d %v", resp.StatusCode, err)
	}
	if len(st.Prior) != 225 || st.Rule != "renju" {
		t.Fatalf("heat map of %d cells, rule %s", len(st.Prior), st.Rule)
	}
	sum := 0.0
	for i, p := range st.Prior {
		if p < 0 {
			t.Fatalf("prior %v at %d", p, i)
		}
		sum += float64(p)
	}
	if sum < 0.99 || sum > 1.01 {
		t.Errorf("heat map sums to %.3f over the empty board", sum)
	}
	// A bad weights file is reported and the board serves without a heat map.
	warn.Reset()
	if opt := webOptions(1, "/no/such/weights.kkw", 1, &warn); opt.NewPolicy != nil || !strings.Contains(warn.String(), "no heat map") {
		t.Errorf("bad weights: heat map %v, warning %q", opt.NewPolicy != nil, warn.String())
	}
}
