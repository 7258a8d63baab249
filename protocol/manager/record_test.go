package manager

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/kakugo/kakugo/engine"
)

func TestPSQAndSGF(t *testing.T) {
	o := &Options{Engines: []EngineSpec{{Name: "alpha"}, {Name: "be]ta"}}, Width: 15, Height: 15,
		Rule: engine.Renju, TurnTime: 200 * time.Millisecond}
	// A three-stone opening: white (engine 0) moves first after it, so it
	// is listed first in the psq, and it wins on time: result 1.
	r := &GameResult{Game: 7, Black: 1, White: 0, Winner: engine.White, Reason: ForfeitTime,
		Detail: "move took 1500 ms", Started: time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC),
		Moves: []MoveRecord{{X: 7, Y: 7, Opening: true}, {X: 8, Y: 8, Opening: true}, {X: 6, Y: 6, Opening: true},
			{X: 0, Y: 14, Time: 123 * time.Millisecond}, {X: 14, Y: 0, Time: 45 * time.Millisecond}}}
	want := "Piskvorky 15x15, 11:11, 0\n8,8,0\n9,9,0\n7,7,0\n1,15,123\n15,1,45\nalpha\nbe]ta\n1,renju\n"
	if got := PSQ(o, r); got != want {
		t.Errorf("psq:\n%s\nwant:\n%s", got, want)
	}
	sgf := SGF(o, r)
	for _, part := range []string{"(;GM[4]FF[4]", "SZ[15]", "RU[renju]", "PB[be\\]ta]", "PW[alpha]", "RE[W+T]",
		"DT[2026-01-02]", ";B[hh]C[opening]", ";W[ii]C[opening]", ";B[gg]C[opening]", ";W[ao]C[123 ms]",
		";B[oa]C[45 ms])"} {
		if !strings.Contains(sgf, part) {
			t.Errorf("SGF lacks %q:\n%s", part, sgf)
		}
	}
	// Draws and rectangular boards.
	o.Width, o.Height = 20, 12
	r.Winner, r.Reason = engine.Empty, EndFull
	if s := SGF(o, r); !strings.Contains(s, "SZ[20:12]") || !strings.Contains(s, "RE[0]") {
		t.Errorf("rectangular draw SGF: %s", s)
	}
	if p := PSQ(o, r); !strings.HasPrefix(p, "Piskvorky 20x12, 11:11, 0\n") || !strings.HasSuffix(p, "\n0,renju\n") {
		t.Errorf("draw psq: %s", p)
	}
	if sgfCoord(25) != 'z' || sgfCoord(26) != 'A' || sgfCoord(31) != 'F' {
		t.Error("SGF coordinates beyond z")
	}
}

func TestRecordsWritten(t *testing.T) {
	o := quick(fakeSpec("a b", "chatter"), fakeSpec("c/d", "good", "FAKE_WEAK=1"))
	o.OutDir = filepath.Join(t.TempDir(), "games")
	o.KeepMessages = true
	sum, games := play(t, o)
	if sum.Games != 2 {
		t.Fatalf("%d games", sum.Games)
	}
	for _, r := range games {
		base := filepath.Join(o.OutDir, recordBase(&o, &r))
		if !strings.Contains(base, "a_b") || !strings.Contains(base, "c_d") {
			t.Errorf("file name %q keeps unsafe characters", base)
		}
		psq, err := os.ReadFile(base + ".psq")
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(strings.TrimSpace(string(psq)), "\n")
		if len(lines) != len(r.Moves)+4 || lines[0] != "Piskvorky 15x15, 11:11, 0" {
			t.Errorf("psq has %d lines for %d moves:\n%s", len(lines), len(r.Moves), psq)
		}
		// Black moved first (no opening) and won with a five: result 1
		// when black won.
		first := o.Engines[r.Black].Name
		if lines[len(lines)-3] != first {
			t.Errorf("psq lists %q first, want %q", lines[len(lines)-3], first)
		}
		sgf, err := os.ReadFile(base + ".sgf")
		if err != nil {
			t.Fatal(err)
		}
		if n := strings.Count(string(sgf), ";B[") + strings.Count(string(sgf), ";W["); n != len(r.Moves) {
			t.Errorf("SGF has %d moves, game %d", n, len(r.Moves))
		}
		log, err := os.ReadFile(base + ".log")
		if err != nil || !strings.Contains(string(log), "MESSAGE thinking about 1") ||
			!strings.Contains(string(log), "(unexpected) hello there") {
			t.Errorf("log (%v):\n%s", err, log)
		}
	}
}
