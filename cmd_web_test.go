package main

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/kakugo/kakugo/players"
	"github.com/kakugo/kakugo/web"
)

// TestWebWiring serves the board with main's wiring: every player of
// --help is offered, the heat map comes from the embedded network, and a
// built-in player runs as this program in brain mode.
func TestWebWiring(t *testing.T) {
	var warn bytes.Buffer
	opt := webOptions(1, "", 1, &warn)
	if len(opt.Players) != len(players.List()) || opt.Players[0].Name != players.List()[0].Name {
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

// TestWebFlags: --help answers 0 with the usage, a bad flag 2, and an
// address that cannot be listened on 1 with the reason.
func TestWebFlags(t *testing.T) {
	tests := []struct {
		args []string
		code int
		says string
	}{
		{[]string{"web", "--help"}, 0, "usage: pbrain-kakugo web"},
		{[]string{"web", "--bogus"}, 2, "unknown flag"},
		{[]string{"web", "--addr", "127.0.0.1:99999"}, 1, "web:"},
	}
	for _, tc := range tests {
		var out, errOut bytes.Buffer
		if code := run(tc.args, strings.NewReader(""), &out, &errOut); code != tc.code {
			t.Errorf("%v: exit %d, want %d (%s)", tc.args, code, tc.code, errOut.String())
		}
		if !strings.Contains(errOut.String(), tc.says) {
			t.Errorf("%v: stderr %q does not say %q", tc.args, errOut.String(), tc.says)
		}
	}
}
