package main

import (
	"bufio"
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/players"
	"github.com/kakugo/kakugo/protocol"
	"github.com/kakugo/kakugo/search"
)

// TestCmdBrain runs the brain subcommand on a short game and checks its
// flags.
func TestCmdBrain(t *testing.T) {
	tests := []struct {
		args []string
		in   string
		code int
		out  string // a regular expression for the whole output
	}{
		{nil, "START 15\r\nBEGIN\r\n", 0, `^OK\n\d+,\d+\n$`},
		{nil, "START 15\nEND\nBEGIN\n", 0, `^OK\n$`},
		{[]string{"--suggest"}, "START 15\nBEGIN\nPLAY 0,0\n", 0, `^OK\nSUGGEST \d+,\d+\n0,0\n$`},
		{[]string{"--debug", "--player", players.List()[0].Name, "--seed", "7"}, "ABOUT\n", 0, `^name="Kakugo".*\n$`},
		{nil, "START 15\nINFO timeout_turn 1000\nTURN 7,7\n", 0, `^OK\nMESSAGE depth .*\n\d+,\d+\n$`},
		{[]string{"--quiet"}, "START 15\nINFO timeout_turn 100\nTURN 7,7\n", 0, `^OK\n\d+,\d+\n$`},
		{[]string{"--quiet"}, "START 15\nINFO timeout_turn 1000\nINFO show_detail 1\nTURN 7,7\n", 0, `^OK\nMESSAGE depth .*\n\d+,\d+\n$`},
		{[]string{"--help"}, "", 0, `^$`},
		{[]string{"--no-such-flag"}, "", 2, `^$`},
		{[]string{"--player", "nobody"}, "", 2, `^$`},
		{[]string{"extra"}, "", 2, `^$`},
	}
	for _, tc := range tests {
		var out, errOut bytes.Buffer
		code := cmdBrain(tc.args, strings.NewReader(tc.in), &out, &errOut)
		if code != tc.code || !regexp.MustCompile(tc.out).MatchString(out.String()) {
			t.Errorf("brain %v: code %d, output %q (stderr %q)", tc.args, code, out.String(), errOut.String())
		}
	}
	// With no subcommand, run starts the brain.
	var out bytes.Buffer
	if code := run(nil, strings.NewReader("ABOUT\n"), &out, &out); code != 0 || !strings.HasPrefix(out.String(), `name="Kakugo"`) {
		t.Errorf("default command: code %d, output %q", code, out.String())
	}
}

// threadsPlayer records the thread count of each move's limits.
type threadsPlayer struct{ got []int }

func (p *threadsPlayer) Move(_ context.Context, b *engine.Board, lim search.Limits) engine.Pos {
	p.got = append(p.got, lim.Threads)
	for y := 0; y < b.Height(); y++ {
		for x := 0; x < b.Width(); x++ {
			if q := b.Pos(x, y); b.Legal(q) {
				return q
			}
		}
	}
	return engine.NoPos
}

// TestBrainThreads checks where the brain's thread count comes from:
// INFO thread_num, else --threads, else KAKUGO_THREADS, else 1.
func TestBrainThreads(t *testing.T) {
	tests := []struct {
		args []string
		env  string
		info string // INFO lines before the game
		want int
		code int // the exit code when the flags are refused
	}{
		{nil, "", "", 1, 0},
		{[]string{"--threads", "3"}, "", "", 3, 0},
		{[]string{"--threads=4"}, "2", "", 4, 0},
		{nil, "2", "", 2, 0},
		{nil, "junk", "", 1, 0},
		{nil, "-3", "", 1, 0},
		{[]string{"--threads", "3"}, "", "INFO thread_num 2\n", 2, 0},
		{nil, "5", "INFO thread_num 1\n", 1, 0},
		{[]string{"--threads", "0"}, "", "", 1, 0},
		{[]string{"--threads", "-1"}, "", "", 0, 2},
		{[]string{"--threads", "x"}, "", "", 0, 2},
	}
	for _, tc := range tests {
		getenv := func(k string) string {
			if k == "KAKUGO_THREADS" {
				return tc.env
			}
			return ""
		}
		var errOut bytes.Buffer
		cfg, _, code := brainConfig(tc.args, getenv, &errOut)
		if tc.code != 0 {
			if cfg != nil || code != tc.code {
				t.Errorf("%v: config %v code %d, want code %d", tc.args, cfg != nil, code, tc.code)
			}
			continue
		}
		if cfg == nil {
			t.Errorf("%v: refused (%d): %s", tc.args, code, errOut.String())
			continue
		}
		p := &threadsPlayer{}
		cfg.Player = p
		cfg.Cores = 64 // the sources of the count, not the cap, are tested here
		var out bytes.Buffer
		if err := protocol.Serve(strings.NewReader(tc.info+"START 15\nBEGIN\n"), &out, *cfg); err != nil {
			t.Fatal(err)
		}
		if len(p.got) != 1 || p.got[0] != tc.want {
			t.Errorf("%v env %q info %q: threads %v, want %d", tc.args, tc.env, tc.info, p.got, tc.want)
		}
	}
}

// TestBrainFolderFlag: --folder hands the directory to a learning player
// before any INFO folder, so the patterns player, winning a game with its
// five, writes what it learned there. The input ends without END, which
// would stop the brain before its move; at the end of input it answers
// first.
func TestBrainFolderFlag(t *testing.T) {
	dir := t.TempDir()
	var out, errOut bytes.Buffer
	code := cmdBrain([]string{"--player", "patterns", "--folder", dir}, strings.NewReader("START 15\nINFO timeout_turn 100\nBOARD\n5,5,1\n6,5,1\n7,5,1\n8,5,1\n5,9,2\n6,9,2\n7,9,2\n8,9,2\nDONE\n"), &out, &errOut)
	if code != 0 {
		t.Fatalf("code %d, stderr %q", code, errOut.String())
	}
	if _, err := os.Stat(filepath.Join(dir, "kakugo-patterns.txt")); err != nil {
		t.Errorf("no pattern database in the --folder directory: %v", err)
	}
}

// TestUsageListsBrainFlags: the top-level --help shows the brain's flags,
// since brain mode is what a bare invocation runs.
func TestUsageListsBrainFlags(t *testing.T) {
	var out bytes.Buffer
	if code := run([]string{"--help"}, strings.NewReader(""), &out, &out); code != 0 {
		t.Fatalf("--help: code %d", code)
	}
	for _, flag := range []string{"--player", "--threads", "--weights", "--quiet", "--folder", "--suggest"} {
		if !strings.Contains(out.String(), flag) {
			t.Errorf("--help does not list %s", flag)
		}
	}
}

// TestBrainCPUProfile: --cpuprofile writes a profile of the session (a
// gzipped protocol buffer, as go tool pprof and default.pgo take) once the
// manager sends END, and a path that cannot be created is refused before
// the brain starts.
func TestBrainCPUProfile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "brain.prof")
	var out, errOut bytes.Buffer
	// A manager sends END after the brain's answer: END while the brain
	// thinks may end the session before the move, which a slow machine
	// (or the race detector) showed. So each command waits for the last
	// answer, as c-gomoku-cli's would.
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	done := make(chan int, 1)
	go func() {
		done <- cmdBrain([]string{"--player", "greedy", "--cpuprofile", path}, inR, outW, &errOut)
		outW.Close()
	}()
	lines := bufio.NewScanner(outR)
	move := func() bool { // reads up to the brain's next move
		for lines.Scan() {
			out.WriteString(lines.Text() + "\n")
			if strings.Contains(lines.Text(), ",") {
				return true
			}
		}
		return false
	}
	io.WriteString(inW, "START 15\nINFO timeout_turn 100\nBEGIN\n")
	first := move()
	io.WriteString(inW, "TURN 8,8\n")
	second := first && move()
	io.WriteString(inW, "END\n")
	inW.Close()
	go io.Copy(io.Discard, outR)
	if code := <-done; code != 0 {
		t.Fatalf("code %d, stderr %q", code, errOut.String())
	}
	if !second {
		t.Errorf("the brain did not move twice: %q", out.String())
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(b) < 2 || b[0] != 0x1f || b[1] != 0x8b {
		t.Errorf("the profile is not gzipped (%d bytes)", len(b))
	}
	errOut.Reset()
	bad := filepath.Join(t.TempDir(), "missing", "brain.prof")
	if code := cmdBrain([]string{"--cpuprofile", bad}, strings.NewReader("START 15\nBEGIN\n"), &out, &errOut); code != 1 || !strings.Contains(errOut.String(), "missing") {
		t.Errorf("an uncreatable profile path: code %d, stderr %q", code, errOut.String())
	}
}
