package web

import (
	"bufio"
	"context"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"
)

// TestRunServesAndStops runs the server as the subcommand does: it prints
// the address, serves the page there, and returns when its context ends,
// even with an event stream open.
func TestRunServesAndStops(t *testing.T) {
	pr, pw := io.Pipe()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		done <- Run(ctx, "127.0.0.1:0", Options{Players: testPlayers, NewPlayer: testPlayer}, pw)
		pw.Close()
	}()
	line, err := bufio.NewReader(pr).ReadString('\n')
	if err != nil {
		t.Fatal(err)
	}
	go io.Copy(io.Discard, pr)
	_, addr, ok := strings.Cut(strings.TrimSpace(line), "http://")
	if !ok || !strings.HasPrefix(addr, "127.0.0.1:") {
		t.Fatalf("printed %q", line)
	}
	resp, err := http.Get("http://" + addr)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 200 {
		t.Fatalf("page: %d", resp.StatusCode)
	}
	resp, err = http.Post("http://"+addr+"api/games", "application/json", strings.NewReader(`{}`))
	if err != nil {
		t.Fatal(err)
	}
	var id struct{ ID string }
	decodeJSON(t, resp, &id)
	stream, err := http.Get("http://" + addr + "api/games/" + id.ID + "/events")
	if err != nil {
		t.Fatal(err)
	}
	defer stream.Body.Close()
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("Run: %v", err)
		}
	case <-time.After(time.Minute): // only bounds a hang
		t.Fatal("Run did not return after its context ended")
	}
	// A port that cannot be listened on is an error.
	if err := Run(context.Background(), "127.0.0.1:99999", Options{Players: testPlayers, NewPlayer: testPlayer}, io.Discard); err == nil {
		t.Error("Run on port 99999: no error")
	}
	if err := Run(context.Background(), "127.0.0.1:0", Options{}, io.Discard); err == nil {
		t.Error("Run without players: no error")
	}
}
