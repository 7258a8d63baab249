package training

import (
	"errors"
	"fmt"
	"testing"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/nn"
)

// TestPickAndGroup: the split sides partition the games, an unknown side is
// refused, and each grouping names a game as the report prints it.
func TestPickAndGroup(t *testing.T) {
	var games []nn.Game
	for i := range 40 {
		games = append(games, nn.Game{W: 15, H: 15, Rule: engine.Freestyle, Year: "2021", League: "Freestyle1",
			Moves: []engine.Point{{X: i % 15, Y: i / 15}, {X: 7, Y: 7}}})
	}
	r := Records{Seed: 1, TestFrac: 0.5}
	all, err := r.Pick(games, "all")
	if err != nil || len(all) != len(games) {
		t.Fatalf("all: %d games, %v", len(all), err)
	}
	train, err1 := r.Pick(games, "train")
	test, err2 := r.Pick(games, "test")
	if err1 != nil || err2 != nil || len(train)+len(test) != len(games) {
		t.Errorf("train %d + test %d != %d (%v %v)", len(train), len(test), len(games), err1, err2)
	}
	if _, err := r.Pick(games, "both"); err == nil {
		t.Error("side both accepted")
	}
	g := &games[0]
	for by, want := range map[string]string{"league": "2021 Freestyle1 freestyle", "rule": "freestyle",
		"year": "2021", "size": "15x15", "none": "all"} {
		if got := Group(by)(g); got != want {
			t.Errorf("by %s: %q, want %q", by, got, want)
		}
	}
}

// TestExitCode: an unreadable checkpoint is a failure (1), the command
// line's mistakes are usage errors (2), wrapped or not.
func TestExitCode(t *testing.T) {
	ce := &CheckpointError{Path: "x.ckpt", Err: errors.New("bad magic")}
	if got := ExitCode(fmt.Errorf("train: %w", ce)); got != 1 {
		t.Errorf("checkpoint error: %d", got)
	}
	if got := ExitCode(errors.New("--channels 8, but ...")); got != 2 {
		t.Errorf("usage error: %d", got)
	}
	if ce.Error() != "checkpoint x.ckpt: bad magic" || !errors.Is(ce, ce.Err) {
		t.Errorf("%q", ce.Error())
	}
}
