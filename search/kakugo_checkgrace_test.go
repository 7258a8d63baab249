package search

import (
	"context"
	"testing"
	"time"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/eval"
)

// TestProverCallCheckRest: a step with checkRest is waited for (its
// context's deadline) until halfway from its deadline to the hard limit
// and the grace, other steps until their deadline and the grace; never
// past the hard limit. The deadlines are read off the context, not timed.
func TestProverCallCheckRest(t *testing.T) {
	start := time.Now()
	bud := Budget{start: start, soft: 700 * time.Millisecond, hard: time.Second}
	for _, tc := range []struct {
		checkRest bool
		deadline  time.Duration // after start
		want      time.Duration // the context's deadline after start
	}{
		{false, 400 * time.Millisecond, 400*time.Millisecond + kakugoProverGrace},
		{true, 400 * time.Millisecond, 700*time.Millisecond + kakugoProverGrace},
		{true, 999 * time.Millisecond, time.Second},  // the grace reaches past the hard limit
		{false, 999 * time.Millisecond, time.Second}, // likewise
	} {
		pc := proverCall{k: &Kakugo{}, ctx: context.Background(), bud: bud, timed: true, checkRest: tc.checkRest}
		var step, wait time.Time
		ran := pc.runUntil(start.Add(tc.deadline), 0, func(ctx context.Context, dl time.Time, _ int64) {
			step = dl
			wait, _ = ctx.Deadline()
		})
		if !ran && time.Now().Before(start.Add(tc.deadline)) {
			t.Fatalf("%+v: the step did not run", tc)
		}
		if !ran {
			continue // a slow machine reached the deadline first: nothing to read
		}
		want := start.Add(tc.want)
		if !step.Equal(start.Add(tc.deadline)) || wait.Sub(want).Abs() > time.Millisecond {
			t.Errorf("%+v: step deadline %v, wait %v after start, want %v", tc, step.Sub(start), wait.Sub(start), want.Sub(start))
		}
	}
}

// TestCheckGrace: the prover gives a found proof's check the call's
// context less the caller's grace past the step's deadline: none for a
// call waited for only the grace, the rest for a checkRest step, none
// without a deadline or a context deadline.
func TestCheckGrace(t *testing.T) {
	dl := time.Now().Add(time.Second)
	ctx, cancel := context.WithDeadline(context.Background(), dl.Add(kakugoProverGrace))
	defer cancel()
	if g := checkGrace(ctx, dl); g != 0 {
		t.Errorf("a call waited for the grace: %v, want 0", g)
	}
	ctx2, cancel2 := context.WithDeadline(context.Background(), dl.Add(300*time.Millisecond+kakugoProverGrace))
	defer cancel2()
	if g := checkGrace(ctx2, dl); g != 300*time.Millisecond {
		t.Errorf("a checkRest call: %v, want 300ms", g)
	}
	if g := checkGrace(context.Background(), dl); g != 0 {
		t.Errorf("no context deadline: %v", g)
	}
	if g := checkGrace(ctx2, time.Time{}); g != 0 {
		t.Errorf("no step deadline: %v", g)
	}
	early, cancel3 := context.WithDeadline(context.Background(), dl.Add(-time.Millisecond))
	defer cancel3()
	if g := checkGrace(early, dl); g != 0 {
		t.Errorf("a context ending first: %v", g)
	}
	w := newKakugoWinSearch(1<<10, true).(kakugoWinSearch)
	b, _ := engine.New(15, 15, engine.Freestyle)
	b.Make(b.Pos(7, 7))
	e := eval.Attach(b)
	defer e.Detach()
	w.prove(ctx2, b, e, true, dl, 0)
	if w.w.CheckGrace != 300*time.Millisecond {
		t.Errorf("prove set the search's CheckGrace to %v, want 300ms", w.w.CheckGrace)
	}
	if w.w.KeepUnchecked {
		t.Error("prove left KeepUnchecked on for the search's other questions (defend and forced read the proof)")
	}
	// The next calls, waited for only the grace, take none: the
	// search keeps no grace from the call before.
	w.forced(ctx, b, e, dl, 0)
	if w.w.CheckGrace != 0 {
		t.Errorf("forced after prove: CheckGrace %v, want 0", w.w.CheckGrace)
	}
	w.w.CheckGrace = time.Minute
	w.defend(ctx, b, e, true, dl, 0)
	if w.w.CheckGrace != 0 {
		t.Errorf("defend: CheckGrace %v, want 0", w.w.CheckGrace)
	}
}
