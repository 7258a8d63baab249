package web

import (
	"fmt"
	"net/http/httptest"
	"os"
	"testing"

	"github.com/kakugo/kakugo/protocol"
	"github.com/kakugo/kakugo/search"
)

// brainEnv makes the test binary a Gomocup brain playing the player it
// names, so that the watch tests run real brains without the main program.
const brainEnv = "KAKUGO_WEB_TEST_BRAIN"

func TestMain(m *testing.M) {
	if name := os.Getenv(brainEnv); name != "" {
		p, err := testPlayer(name)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
		if err := protocol.Serve(os.Stdin, os.Stdout, protocol.Config{Player: p, Quiet: true}); err != nil {
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// testPlayers are real players: the full player without the CNN (which
// lives in main), and the greedy one-ply player.
var testPlayers = []PlayerInfo{
	{Name: "kakugo", Summary: "the full player without the CNN prior"},
	{Name: "greedy", Summary: "the best point by combos and potentials"},
}

func testPlayer(name string) (protocol.Player, error) {
	switch name {
	case "kakugo":
		return search.NewKakugo(search.KakugoOptions{}), nil
	case "greedy":
		return search.Greedy{}, nil
	}
	return nil, fmt.Errorf("unknown player %q", name)
}

// newTestServer serves the board with the test players; the built-in
// players run as brains through this test binary.
func newTestServer(t *testing.T) (*Server, *httptest.Server) {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	s, err := New(Options{Players: testPlayers, NewPlayer: testPlayer,
		BrainCommand: func(p string) []string { return []string{"env", brainEnv + "=" + p, exe} }})
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(s)
	t.Cleanup(func() {
		s.Close()
		ts.Close()
	})
	return s, ts
}
