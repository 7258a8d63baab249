package solve

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/search/win"
)

// TestParseCaps: durations in the order given; anything else is refused
// naming the flag.
func TestParseCaps(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []time.Duration
		bad  bool
	}{
		{"", nil, false},
		{"75ms", []time.Duration{75 * time.Millisecond}, false},
		{"300ms, 75ms,1s", []time.Duration{300 * time.Millisecond, 75 * time.Millisecond, time.Second}, false},
		{"75", nil, true},
		{"75ms,", nil, true},
		{"0s", nil, true},
		{"-1s", nil, true},
	} {
		got, err := ParseCaps(tc.in)
		if tc.bad {
			if err == nil || !strings.Contains(err.Error(), "--caps") {
				t.Errorf("%q: error %v, want one naming --caps", tc.in, err)
			}
			continue
		}
		if err != nil || len(got) != len(tc.want) {
			t.Errorf("%q: %v, %v; want %v", tc.in, got, err, tc.want)
			continue
		}
		for i := range got {
			if got[i] != tc.want[i] {
				t.Errorf("%q: %v, want %v", tc.in, got, tc.want)
			}
		}
	}
}

// TestCapsReport counts the proven positions within each cap, the cap
// itself included, and marks a cap above the run's own limit.
func TestCapsReport(t *testing.T) {
	ms := time.Millisecond
	wins := []time.Duration{10 * ms, 75 * ms, 76 * ms, 900 * ms}
	got := capsReport([]time.Duration{75 * ms, 150 * ms, time.Second, 2 * time.Second}, wins, time.Second, 7)
	want := "75ms: 2 of 7, 150ms: 3 of 7, 1s: 4 of 7, 2s: 4 of 7 (above the limit)"
	if got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	if got := capsReport([]time.Duration{ms}, nil, 0, 0); got != "1ms: 0 of 0" {
		t.Errorf("no positions: %q", got)
	}
}

// TestRunCaps: a run with caps prints their line; a four on the board
// is proven within a minute, the quiet position is not proven at all.
func TestRunCaps(t *testing.T) {
	o := Options{Rule: engine.Freestyle, W: 15, H: 15, VCF: true}
	// Black's four in a row with both ends open, and a quiet position.
	cases, err := Read(FromPos, nil, strings.NewReader("h8a1i8a2j8a3k8a4\nh8\n"), &o, Selection{})
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	Run(win.New(1<<10), cases, Limits{PerPosition: 10 * time.Second, Clock: WallClock,
		Caps: []time.Duration{time.Nanosecond, time.Minute}}, true, false, &out)
	if !strings.Contains(out.String(), "proven within 1ns: ") || !strings.Contains(out.String(), "1m0s: 1 of 2 (above the limit)") {
		t.Errorf("output:\n%s", out.String())
	}
}
