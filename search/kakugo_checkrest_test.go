package search

import (
	"context"
	"testing"
	"time"
)

// TestProverCallCheckRest: a step with checkRest is waited for (its
// context's deadline) until halfway from its deadline to the hard limit,
// other steps until their deadline and the grace; never past the hard
// limit. The deadlines are read off the context, not timed.
func TestProverCallCheckRest(t *testing.T) {
	start := time.Now()
	bud := Budget{start: start, soft: 700 * time.Millisecond, hard: time.Second}
	for _, tc := range []struct {
		checkRest bool
		deadline  time.Duration // after start
		want      time.Duration // the context's deadline after start
	}{
		{false, 400 * time.Millisecond, 400*time.Millisecond + kakugoProverGrace},
		{true, 400 * time.Millisecond, 700 * time.Millisecond},
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
