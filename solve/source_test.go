package solve

import (
	"fmt"
	"strings"
	"testing"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/search/win"
)

// TestReadSelection reads pos strings from standard input and keeps every
// Every-th of them, at most Limit.
func TestReadSelection(t *testing.T) {
	var in strings.Builder
	for i := range 10 {
		fmt.Fprintf(&in, "%s\n", engine.FormatMove(i, 0))
	}
	for _, tc := range []struct {
		sel  Selection
		want []string
	}{
		{Selection{}, []string{"stdin:1", "stdin:2", "stdin:3", "stdin:4", "stdin:5", "stdin:6", "stdin:7", "stdin:8", "stdin:9", "stdin:10"}},
		{Selection{Every: 3}, []string{"stdin:1", "stdin:4", "stdin:7", "stdin:10"}},
		{Selection{Every: 3, Limit: 2}, []string{"stdin:1", "stdin:4"}},
		{Selection{Limit: 20}, []string{"stdin:1", "stdin:2", "stdin:3", "stdin:4", "stdin:5", "stdin:6", "stdin:7", "stdin:8", "stdin:9", "stdin:10"}},
	} {
		o := Options{Rule: engine.Freestyle, W: 15, H: 15}
		cases, err := Read(FromPos, nil, strings.NewReader(in.String()), &o, tc.sel)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, c := range cases {
			got = append(got, c.name)
		}
		if strings.Join(got, " ") != strings.Join(tc.want, " ") {
			t.Errorf("%+v: %v, want %v", tc.sel, got, tc.want)
		}
	}
}

// TestConfigure: every accepted name sets the search, and an unknown one
// is refused naming its flag.
func TestConfigure(t *testing.T) {
	ws := win.New(1 << 10)
	if err := Configure(ws, "pn", "threes", "weighted"); err != nil ||
		ws.Method != win.ProofNumber || ws.Threats != win.ThreatsThrees || ws.Schedule != win.ScheduleWeighted {
		t.Errorf("pn threes weighted: %v %+v", err, ws)
	}
	for _, bad := range [][3]string{{"mcts", "twos", "auto"}, {"dfs", "fives", "auto"}, {"dfs", "twos", "never"}} {
		err := Configure(ws, bad[0], bad[1], bad[2])
		if err == nil || !strings.HasPrefix(err.Error(), "--") {
			t.Errorf("%v: %v", bad, err)
		}
	}
}
