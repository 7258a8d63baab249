package main

import (
	"bytes"
	"strings"
	"testing"
)

// TestPlaySession plays two moves against the interim player: the moves
// are numbered and the last one is bracketed on the board.
func TestPlaySession(t *testing.T) {
	var out, errOut bytes.Buffer
	code := run([]string{"play", "--player", "interim", "--time", "50ms"}, strings.NewReader("h8\nundo\nq\n"), &out, &errOut)
	s := out.String()
	for _, want := range []string{"Move 1, yours (black)", "Move 2: the engine plays", "[O]", "Took back", "(move 1, yours)"} {
		if !strings.Contains(s, want) {
			t.Errorf("output lacks %q:\n%s", want, s)
		}
	}
	if code != 0 {
		t.Errorf("code %d, stderr %q", code, errOut.String())
	}
}
