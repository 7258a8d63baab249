package training

import (
	"fmt"
	"io"
	"sort"
	"strings"
	"time"

	"github.com/kakugo/kakugo/nn"
)

// Pick returns the games of the split side named: all, test or train.
func (r *Records) Pick(games []nn.Game, side string) ([]nn.Game, error) {
	train, test := r.Split(games)
	switch side {
	case "test":
		return test, nil
	case "train":
		return train, nil
	case "all":
		return games, nil
	}
	return nil, fmt.Errorf("--split must be all, test or train, not %q", side)
}

// Group is the key of a game's group in the accuracy report: by league
// (with year and rule), rule, year, size, or anything else for one group.
func Group(by string) func(*nn.Game) string {
	return func(g *nn.Game) string {
		switch by {
		case "league":
			return strings.TrimSpace(g.Year + " " + g.League + " " + g.Rule.String())
		case "rule":
			return g.Rule.String()
		case "year":
			return g.Year
		case "size":
			return fmt.Sprintf("%dx%d", g.W, g.H)
		}
		return "all"
	}
}

// WriteAccuracy scores net's top-1 and top-5 move prediction on games with
// threads goroutines and writes a line per group (see Group) and the total,
// which names the split side the games came from. With use8 the network's
// blocks run in 8 bits, as the player's priors do (an error when they
// cannot).
func WriteAccuracy(w io.Writer, net *nn.Net, games []nn.Game, threads int, by, side string, use8 bool) error {
	start := time.Now()
	var res map[string]*nn.Accuracy
	if use8 {
		var err error
		if res, err = nn.EvaluateInt8(net, net.NewFeatures, games, threads, Group(by)); err != nil {
			return err
		}
	} else {
		res = nn.Evaluate(net, net.NewFeatures, games, threads, Group(by))
	}
	WriteGroups(w, res, len(games), side, time.Since(start))
	return nil
}

// WriteGroups writes an accuracy line per group of res, sorted by name,
// and the total over games games of the split side named, scored in took.
func WriteGroups(w io.Writer, res map[string]*nn.Accuracy, games int, side string, took time.Duration) {
	var total nn.Accuracy
	keys := make([]string, 0, len(res))
	for k := range res {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		a := res[k]
		total.Merge(*a)
		fmt.Fprintf(w, "%-32s %s", k, a)
		if a.Skipped > 0 {
			fmt.Fprintf(w, ", %d illegal moves skipped", a.Skipped)
		}
		fmt.Fprintln(w)
	}
	fmt.Fprintf(w, "%-32s %s  [%d games, %s split, %v]\n", "total", total, games, side, took.Round(time.Second))
}
