package protocol

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/search"
)

// waiter thinks until its context ends and records why it ended.
type waiter struct {
	entered chan struct{}
	ended   chan error
}

func (w waiter) Move(ctx context.Context, b *engine.Board, lim search.Limits) engine.Pos {
	w.entered <- struct{}{}
	<-ctx.Done()
	w.ended <- ctx.Err()
	return fast.Move(context.Background(), b, lim)
}

// TestConsumedCommandsKeepThinking sends Yixin-Board's database query (and
// an unknown command) while the brain thinks: they are consumed whole, the
// unknown one answered at once, and the thought runs to its deadline
// instead of being stopped.
func TestConsumedCommandsKeepThinking(t *testing.T) {
	w := waiter{entered: make(chan struct{}, 1), ended: make(chan error, 1)}
	br := startBrain(t, Config{Player: w}, "\n")
	br.run([]step{{in: "START 15", want: []string{"OK"}}})
	br.send("INFO timeout_turn 200\nBEGIN")
	waitEntered(t, w.entered)
	br.send("yxquerydatabaseall\n7,7\n8,8\ndone\nyxblockreset\nyxhashdump\n/tmp/x\nfrobnicate")
	// Each consumed command answers at most one line, at once.
	if l := br.read(5 * time.Second); !strings.HasPrefix(l, "MESSAGE YXHASHDUMP") {
		t.Fatalf("first reply %q, want the YXHASHDUMP message", l)
	}
	if l := br.read(5 * time.Second); l != "UNKNOWN frobnicate" {
		t.Fatalf("second reply %q, want UNKNOWN frobnicate", l)
	}
	if err := <-w.ended; err != context.DeadlineExceeded {
		t.Errorf("the thought ended with %v, want its deadline", err)
	}
	br.check(step{in: "BEGIN", want: []string{"MOVE"}}, []string{br.read(5 * time.Second)})
	br.finish()
}

// TestSoosorv walks Yixin-Board's Soosorv-N steps with both roles and
// checks each answer's form and legality.
func TestSoosorv(t *testing.T) {
	// No START first: Yixin-Board opens a game with the brain as black
	// without one.
	br := startBrain(t, Config{Player: fast}, "\n")
	cell := regexp.MustCompile(`^MESSAGE SOOSORV MOVE([1-3]) (\d+) (\d+)$`)
	br.send("yxsoosorvstep1")
	var stones []string
	for i := 0; i < 3; i++ {
		l := br.read(5 * time.Second)
		m := cell.FindStringSubmatch(l)
		if m == nil || m[1] != fmt.Sprint(i+1) {
			t.Fatalf("step 1 reply %d: %q", i+1, l)
		}
		stones = append(stones, m[2]+","+m[3])
	}
	// One of the 26 openings: centre, then within one, then within two.
	if stones[0] != "7,7" {
		t.Errorf("first stone %s, want the centre", stones[0])
	}
	b, _ := engine.New(15, 15, engine.Freestyle)
	for i, st := range stones {
		var x, y int
		fmt.Sscanf(st, "%d,%d", &x, &y)
		if max(abs(x-7), abs(y-7)) > i || !b.Legal(b.Pos(x, y)) {
			t.Errorf("stone %d at %s: not a Soosorv opening", i+1, st)
		}
		b.Make(b.Pos(x, y))
	}
	three := strings.Join(stones, "\n")
	br.send("yxsoosorvstep2\n" + three + "\ndone")
	if l := br.read(5 * time.Second); !regexp.MustCompile(`^MESSAGE SOOSORV SWAP1 (YES|NO)$`).MatchString(l) {
		t.Errorf("step 2: %q", l)
	}
	br.send("yxsoosorvstep3\n" + three + "\ndone")
	l := br.read(5 * time.Second)
	m := regexp.MustCompile(`^MESSAGE SOOSORV MOVE4 (\d+) (\d+) (\d+)$`).FindStringSubmatch(l)
	if m == nil {
		t.Fatalf("step 3: %q", l)
	}
	four := three + "\n" + m[1] + "," + m[2]
	br.send("yxsoosorvstep4 3\n" + four + "\ndone")
	if l := br.read(5 * time.Second); !regexp.MustCompile(`^MESSAGE SOOSORV SWAP2 (YES|NO)$`).MatchString(l) {
		t.Errorf("step 4: %q", l)
	}
	br.send("yxsoosorvstep5 3\n" + four + "\ndone")
	if l := br.read(5 * time.Second); l != "MESSAGE SOOSORV MOVE5 REFRESH" {
		t.Errorf("step 5 first line: %q", l)
	}
	var offers []string
	for {
		l := br.read(5 * time.Second)
		if l == "MESSAGE SOOSORV MOVE5 DONE" {
			break
		}
		m := regexp.MustCompile(`^MESSAGE SOOSORV MOVE5 (\d+) (\d+)$`).FindStringSubmatch(l)
		if m == nil {
			t.Fatalf("step 5: %q", l)
		}
		offers = append(offers, m[1]+","+m[2])
	}
	if len(offers) != 3 {
		t.Errorf("step 5 offered %v, want 3 cells", offers)
	}
	br.send("yxsoosorvstep6\n" + four + "\n" + strings.Join(offers, "\n") + "\ndone")
	l = br.read(5 * time.Second)
	m = regexp.MustCompile(`^MESSAGE SOOSORV MOVE5C (\d+) (\d+)$`).FindStringSubmatch(l)
	if m == nil || !strings.Contains(strings.Join(offers, " "), m[1]+","+m[2]) {
		t.Errorf("step 6: %q, want one of %v", l, offers)
	}
	// Wrong counts are refused whole.
	br.run([]step{
		{in: "START 15", want: []string{"OK"}},
		{in: "yxsoosorvstep2\n7,7\ndone", want: []string{"ERROR*expected 3 stones*"}},
		{in: "yxsoosorvstep5 0\n" + four + "\ndone", want: []string{"ERROR*N from 1*"}},
		{in: "yxswap2step2", want: []string{"ERROR*YXBOARD*"}},
	})
	br.finish()
}

// TestCanonical checks that mirror images share a key and others do not.
func TestCanonical(t *testing.T) {
	mk := func(cells ...[2]int) *engine.Board {
		b, _ := engine.New(15, 15, engine.Freestyle)
		for _, c := range cells {
			b.Make(b.Pos(c[0], c[1]))
		}
		return b
	}
	a := mk([2]int{7, 7}, [2]int{8, 7}, [2]int{9, 9})
	mirror := mk([2]int{7, 7}, [2]int{6, 7}, [2]int{5, 9})
	turned := mk([2]int{7, 7}, [2]int{7, 8}, [2]int{9, 9})
	other := mk([2]int{7, 7}, [2]int{8, 7}, [2]int{9, 8})
	if canonical(a) != canonical(mirror) || canonical(a) != canonical(turned) {
		t.Error("mirror images have different keys")
	}
	if canonical(a) == canonical(other) {
		t.Error("different positions share a key")
	}
}

// TestBoardFaults: a BOARD is refused for what is really wrong with it, and
// one whose counts cannot come from alternating play gets a move.
func TestBoardFaults(t *testing.T) {
	rows := []string{"XXOOX", "OOXXO", "XXOOX", "OOXXO", "XXOOX"} // full, no five
	var full []string
	for y, r := range rows {
		for x, c := range r {
			f := 1 // O: the brain's, 12 of them against 13
			if c == 'X' {
				f = 2
			}
			full = append(full, fmt.Sprintf("%d,%d,%d", x, y, f))
		}
	}
	br := startBrain(t, Config{Player: fast}, "\n")
	br.run([]step{
		{in: "START 5", want: []string{"OK"}},
		{in: "BOARD\n" + strings.Join(full, "\n") + "\nDONE", want: []string{"ERROR BOARD: the board is full*"}},
		{in: "BOARD\n0,0,1\n9,0,2\nDONE", want: []string{"ERROR BOARD: stone 9,0: coordinates are off the board*"}},
		// Three own stones, none of the opponent's: black (the first
		// stone's colour) to move, with a word.
		{in: "BOARD\n0,0,1\n1,1,1\n4,0,1\nDONE", want: []string{"MESSAGE BOARD: 3 own and 0 opponent stones*black*", "re:^[0-4],[0-4]$"}},
	})
	br.finish()
}

// TestYixinRectangle: `start w h` from Yixin-Board, whose coordinates are
// row,col, makes a board h wide and w high, so its last row and column are
// on the board and their transposition is not.
func TestYixinRectangle(t *testing.T) {
	br := startBrain(t, Config{Player: fast}, "\n")
	br.run([]step{
		{in: "start 20 15", want: []string{"OK"}},
		{in: "turn 14,19", want: []string{"MOVE"}},
		{in: "turn 19,14", want: []string{"ERROR*off the board*"}},
		{in: "START 15 15", want: []string{"OK"}},
		{in: "START 15 x", want: []string{"ERROR*"}},
	})
	br.finish()
}
