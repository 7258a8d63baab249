package protocol

import (
	"testing"
	"time"
)

// The tests of thinking in its own goroutine: YXSTOP, END mid-thought,
// commands that arrive during a thought, the backstop on overruns, and a
// player that ignores its context altogether.

// loaded is how late a loaded machine may run a goroutine that is due: the
// upper bounds on wall time allow it, so that they catch a wait for the
// wrong event (a 600 s turn, a player that never returns) and not a busy
// scheduler. TestKakugoTimeLimits once failed at 308 ms for 200 ms on a
// loaded 2-core machine; 1 s is GomocupJudge's own tolerance.
const loaded = time.Second

// waitEntered waits until a test player has been called.
func waitEntered(t *testing.T, entered chan struct{}) {
	t.Helper()
	select {
	case <-entered:
	case <-time.After(5 * time.Second):
		t.Fatal("the player was never called")
	}
}

// TestYXSTOP: a player that thinks until cancelled answers at once on
// YXSTOP; INFO and ABOUT are answered without stopping it.
func TestYXSTOP(t *testing.T) {
	entered := make(chan struct{}, 4)
	br := startBrain(t, Config{Player: slow{entered}}, "\n")
	br.run([]step{
		{in: "START 15\nINFO timeout_turn 600000", want: []string{"OK"}},
	})
	br.send("BEGIN")
	waitEntered(t, entered)
	br.run([]step{
		{in: "ABOUT", want: []string{about}},
		{in: "INFO time_left 500000\nINFO rule 99"}, // problem reported at the next command
	})
	select {
	case l := <-br.out.lines:
		t.Fatalf("the thought ended early with %q", l)
	case <-time.After(100 * time.Millisecond):
	}
	t0 := time.Now()
	br.send("YXSTOP")
	got := []string{br.read(time.Second), br.read(time.Second)}
	br.check(step{in: "BEGIN", want: []string{"MESSAGE INFO rule 99*", "MOVE"}}, got)
	if d := time.Since(t0); d > loaded {
		t.Errorf("YXSTOP took %v", d)
	}
	br.finish()
}

// TestENDMidThought: END returns from Serve promptly while the player
// thinks, and nothing is written after.
func TestENDMidThought(t *testing.T) {
	for _, name := range []string{"slow", "stuck"} {
		t.Run(name, func(t *testing.T) {
			entered := make(chan struct{}, 4)
			release := make(chan struct{})
			defer close(release)
			var p Player = slow{entered}
			if name == "stuck" {
				p = stuck{entered, release}
			}
			br := startBrain(t, Config{Player: p}, "\r\n")
			br.run([]step{{in: "START 15", want: []string{"OK"}}})
			br.send("BEGIN")
			waitEntered(t, entered)
			t0 := time.Now()
			br.send("END")
			select {
			case err := <-br.done:
				if err != nil {
					t.Errorf("Serve: %v", err)
				}
			case <-time.After(2 * time.Second):
				t.Fatal("Serve did not return after END")
			}
			if d := time.Since(t0); d > loaded {
				t.Errorf("END took %v", d)
			}
			time.Sleep(50 * time.Millisecond)
			select {
			case l := <-br.out.lines:
				t.Errorf("output after END: %q", l)
			default:
			}
		})
	}
}

// TestCommandDuringThought: a command that needs the board stops the
// thought, gets the move first, then its own answer, in order.
func TestCommandDuringThought(t *testing.T) {
	entered := make(chan struct{}, 4)
	br := startBrain(t, Config{Player: slow{entered}}, "\n")
	br.run([]step{{in: "START 15\nINFO timeout_turn 600000", want: []string{"OK"}}})
	br.send("BEGIN")
	waitEntered(t, entered)
	// A manager that does not wait: YXSHOWFORBID, then more, then END.
	br.send("YXSHOWFORBID\nABOUT\nINFO rule 1\nTAKEBACK 7,7\nEND\nABOUT")
	want := []string{"7,7", "FORBID .", about, "OK"}
	for i, w := range want {
		if got := br.read(2 * time.Second); got != w {
			t.Errorf("reply %d: %q, want %q", i, got, w)
		}
	}
	select {
	case err := <-br.done:
		if err != nil {
			t.Error(err)
		}
	case <-time.After(2 * time.Second):
		t.Fatal("Serve did not return at the END in the queue")
	}
}

// TestBackstop: a player that would think forever is cancelled Slack after
// the manager's budget.
func TestBackstop(t *testing.T) {
	entered := make(chan struct{}, 4)
	br := startBrain(t, Config{Player: slow{entered}, Slack: 50 * time.Millisecond}, "\n")
	br.run([]step{{in: "START 15\nINFO timeout_turn 100", want: []string{"OK"}}})
	t0 := time.Now()
	br.run([]step{{in: "BEGIN", want: []string{"MOVE"}}})
	if d := time.Since(t0); d < 140*time.Millisecond || d > 150*time.Millisecond+loaded {
		t.Errorf("move after %v, want about 150ms", d)
	}
	// time_left below the turn time is the budget.
	t0 = time.Now()
	br.run([]step{{in: "INFO timeout_turn 5000\nINFO time_left 100\nTURN 0,0", want: []string{"MOVE"}}})
	if d := time.Since(t0); d < 140*time.Millisecond || d > 150*time.Millisecond+loaded {
		t.Errorf("move after %v, want about 150ms", d)
	}
	br.finish()
}

// TestStuckPlayer: a player that ignores cancellation is abandoned Grace
// after YXSTOP; while it is still inside its call the brain answers without
// it, and once it has returned the brain uses it again.
func TestStuckPlayer(t *testing.T) {
	entered := make(chan struct{}, 4)
	release := make(chan struct{})
	rec := &recorder{Player: stuck{entered, release}}
	grace := 50 * time.Millisecond
	br := startBrain(t, Config{Player: rec, Grace: grace, Quiet: true}, "\n")
	br.run([]step{{in: "START 15\nINFO timeout_turn 600000", want: []string{"OK"}}})
	br.send("BEGIN")
	waitEntered(t, entered)
	t0 := time.Now()
	br.send("YXSTOP")
	br.check(step{in: "BEGIN", want: []string{"MOVE"}}, []string{br.read(time.Second)})
	if d := time.Since(t0); d < grace || d > grace+loaded {
		t.Errorf("fallback after %v, want about %v", d, grace)
	}
	// Still stuck: answered at once without the player, which is not called.
	br.run([]step{
		{in: "TURN 0,0", want: []string{"MOVE"}},
		{in: "YXHASHCLEAR"},
		{in: "ABOUT", want: []string{about}}, // YXHASHCLEAR was handled
	})
	close(release)
	// The abandoned call returns; its answer is dropped, and the player
	// plays again.
	time.Sleep(50 * time.Millisecond)
	br.send("TURN 0,1")
	waitEntered(t, entered)
	br.check(step{in: "TURN 0,1", want: []string{"MOVE"}}, []string{br.read(time.Second)})
	br.finish()
	if n := len(rec.limits); n != 2 {
		t.Errorf("player called %d times, want 2", n)
	}
	if rec.cleared != 0 {
		t.Error("ClearHash called while the player was busy")
	}
}
