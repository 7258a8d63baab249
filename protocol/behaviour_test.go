package protocol

import (
	"bytes"
	"errors"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/search"
)

// TestLimits checks what the player is told for each move: the defaults,
// every INFO key that reaches Limits, the brain's own clock when the
// manager sends no time_left, and the arrival time.
func TestLimits(t *testing.T) {
	rec := &recorder{Player: fast}
	br := startBrain(t, Config{Player: rec, Cores: 8, Memory: 1 << 40}, "\n")
	before := time.Now()
	br.run([]step{
		{in: "START 15", want: []string{"OK"}},
		{in: "BEGIN", want: []string{"MESSAGE thinking hard", "MOVE"}},
		{in: "INFO timeout_turn 2000\nINFO timeout_match 100000\nINFO max_memory 367001600\nINFO max_node 5000\nINFO max_depth 12\nINFO thread_num 4"},
		{in: "TURN 0,0", want: []string{"MESSAGE thinking hard", "MOVE"}},
		{in: "INFO time_left 50000\nTURN 0,1", want: []string{"MESSAGE thinking hard", "MOVE"}},
		{in: "INFO time_left -500\nINFO show_detail 0\nTURN 0,2", want: []string{"MOVE"}},
		{in: "INFO time_left 2147483647\nINFO timeout_match 0\nTURN 0,3", want: []string{"MOVE"}},
		{in: "INFO timeout_match 60000\nSTART 15", want: []string{"OK"}},
		{in: "BEGIN", want: []string{"MOVE"}},
	})
	br.finish()
	lims := rec.limits
	if len(lims) != 6 {
		t.Fatalf("%d moves asked, want 6", len(lims))
	}
	type want struct {
		turn, match, left time.Duration
		info              bool
	}
	u := search.Unlimited
	wants := []want{
		{DefaultTurn, u, u, true},
		{2 * time.Second, 100 * time.Second, 100 * time.Second, true}, // less the brain's own time
		{2 * time.Second, 100 * time.Second, 50 * time.Second, true},
		{2 * time.Second, 100 * time.Second, -500 * time.Millisecond, false},
		{2 * time.Second, u, u, false},
		{2 * time.Second, 60 * time.Second, 60 * time.Second, false}, // a new game: all of it
	}
	for i, w := range wants {
		l := lims[i]
		left := l.Left
		if i == 1 && left <= 99*time.Second {
			t.Errorf("move %d: left %v, want a little under 100s", i, left)
		}
		if i == 1 && left <= 100*time.Second {
			left = w.left
		}
		if l.Turn != w.turn || l.Match != w.match || left != w.left || (l.Info != nil) != w.info {
			t.Errorf("move %d: turn %v match %v left %v info %v; want %+v", i, l.Turn, l.Match, l.Left, l.Info != nil, w)
		}
		if l.Start.Before(before) || l.Start.After(time.Now()) {
			t.Errorf("move %d: start %v not the arrival time", i, l.Start)
		}
	}
	if l := lims[2]; l.MaxMemory != 367001600 || l.MaxNodes != 5000 || l.MaxDepth != 12 || l.Threads != 4 {
		t.Errorf("memory, nodes, depth, threads: %+v", l)
	}
	if l := lims[0]; l.Threads != 1 || l.MaxMemory != 0 || l.MaxNodes != 0 {
		t.Errorf("defaults: %+v", l)
	}
}

// TestThreadCap: thread_num and the operator's default are cut to the
// cores, the first with a MESSAGE; max_memory is cut to the machine's.
func TestThreadCap(t *testing.T) {
	rec := &recorder{Player: fast}
	defaults := DefaultLimits()
	defaults.Threads = 64
	br := startBrain(t, Config{Player: rec, Cores: 3, Memory: 1 << 30, Defaults: &defaults}, "\n")
	br.run([]step{
		{in: "START 15", want: []string{"OK"}},
		{in: "BEGIN", want: []string{"MESSAGE thinking hard", "MOVE"}},
		{in: "INFO thread_num 64\nINFO max_memory 384829069721600\nTURN 0,0", want: []string{
			"MESSAGE INFO thread_num 64: 3 threads used*", "MESSAGE thinking hard", "MOVE"}},
		{in: "INFO thread_num 2\nINFO max_memory 0\nTURN 0,1", want: []string{"MESSAGE thinking hard", "MOVE"}},
	})
	br.finish()
	got := rec.limits
	if len(got) != 3 || got[0].Threads != 3 || got[1].Threads != 3 || got[1].MaxMemory != 1<<30 || got[2].Threads != 2 || got[2].MaxMemory != 0 {
		t.Errorf("limits %+v", got)
	}
}

// TestOptionalInterfaces checks the calls to HashClearer, NBester,
// GameObserver, FolderUser and HashSizer.
func TestOptionalInterfaces(t *testing.T) {
	rec := &recorder{Player: fast}
	br := startBrain(t, Config{Player: nbester{rec}, Quiet: true}, "\r\n")
	br.run([]step{
		{in: "INFO folder C:\\kakugo dir\\x\nINFO hash_size 1024"},
		{in: "START 15", want: []string{"OK"}},
		{in: "YXHASHCLEAR\nYXHASHCLEAR"},
		{in: "YXNBEST 3", want: []string{"MESSAGE NBEST 1 7,7", "MESSAGE NBEST 2 7,6", "MESSAGE NBEST 3 6,7", "7,7"}},
		// White has an open four on row 0; the brain blocks one end.
		{in: "YXBOARD\n7,7,1\n1,0,2\n7,8,1\n2,0,2\n7,9,1\n3,0,2\n14,14,1\n4,0,2\nDONE"},
		{in: "BEGIN", want: []string{"MOVE"}},
	})
	other := "0,0"
	switch br.ref.b.LastMove() {
	case br.ref.b.Pos(0, 0):
		other = "5,0"
	case br.ref.b.Pos(5, 0):
	default:
		t.Fatalf("the brain did not block the open four")
	}
	br.run([]step{
		// White makes five with TURN: the game is over.
		{in: "TURN " + other, want: []string{"ERROR*over*white made five*"}},
		{in: "TURN 5,5", want: []string{"ERROR*"}},
		{in: "BEGIN", want: []string{"ERROR*"}},
		{in: "TAKEBACK " + other, want: []string{"OK"}},
		{in: "TURN 5,5", want: []string{"MOVE"}},
		{in: "START 15", want: []string{"OK"}}, // over an unfinished game
		// The brain makes five: a win for black.
		{in: "BOARD\n7,7,1\n0,0,2\n7,8,1\n1,0,2\n7,9,1\n2,0,2\n7,10,1\n14,14,2\nDONE", want: []string{"re:^7,(6|11)$"}},
		{in: "RESTART", want: []string{"OK"}}, // over a finished game: nothing more
		{in: "RESTART", want: []string{"OK"}}, // over an empty board: nothing
	})
	br.finish()
	if rec.folder != `C:\kakugo dir\x` || rec.hashKB != 1024 || rec.cleared != 2 {
		t.Errorf("folder %q hash %d cleared %d", rec.folder, rec.hashKB, rec.cleared)
	}
	wantOver := []engine.Color{engine.White, engine.Empty, engine.Black}
	if len(rec.over) != len(wantOver) {
		t.Fatalf("GameOver calls %v, want %v", rec.over, wantOver)
	}
	for i, w := range wantOver {
		if rec.over[i] != w {
			t.Errorf("GameOver %d: winner %v, want %v (all %v)", i, rec.over[i], w, rec.over)
		}
	}
}

// TestBadPlayers checks that whatever a player returns, the brain sends a
// legal move: never off the board, occupied, or renju-forbidden.
func TestBadPlayers(t *testing.T) {
	renju := "INFO rule 4\nYXBOARD\n5,7,1\n6,7,1\n7,5,1\n7,6,1\n14,0,2\n12,0,2\n10,0,2\n14,2,2\nDONE"
	players := map[string]Player{
		"no move":   fixed{-1, 0},
		"off board": fixed{1000, 0},
		"occupied":  fixed{5, 7},
		"forbidden": fixed{7, 7},
		"panics":    panicky{},
	}
	for name, p := range players {
		t.Run(name, func(t *testing.T) {
			br := startBrain(t, Config{Player: p, Debug: true}, "\n")
			br.run([]step{
				{in: "START 15", want: []string{"OK"}},
				{in: renju},
				{in: "BEGIN", want: []string{"DEBUG*", "MOVE"}},
				{in: "TURN 0,14", want: []string{"DEBUG*", "MOVE"}},
			})
			br.finish()
		})
	}
}

// TestReader checks line splitting: every line end, empty lines, a last
// line without an end, and long lines.
func TestReader(t *testing.T) {
	tests := []struct {
		in   string
		max  int
		want []string // "!n" stands for a too-long line of n bytes
	}{
		{"a\nb\n", 10, []string{"a", "b"}},
		{"a\r\nb\r\n", 10, []string{"a", "b"}},
		{"a\rb\r", 10, []string{"a", "b"}},
		{"a\n\rb", 10, []string{"a", "", "b"}},
		{"a\r\r\nb", 10, []string{"a", "", "b"}},
		{"\n\n", 10, []string{"", ""}},
		{"last", 10, []string{"last"}},
		{"", 10, nil},
		{"12345\n123456\n1234567890123\nx", 6, []string{"12345", "123456", "!13", "x"}},
		{"a\x00b\xff\n", 10, []string{"a\x00b\xff"}},
	}
	for _, tc := range tests {
		out := make(chan line)
		var err error
		go readLines(strings.NewReader(tc.in), tc.max, out, make(chan struct{}), &err)
		var got []string
		for l := range out {
			if l.tooLong {
				got = append(got, "!"+strconv.Itoa(l.n))
			} else {
				got = append(got, l.text)
			}
		}
		if strings.Join(got, "|") != strings.Join(tc.want, "|") || len(got) != len(tc.want) || err != nil {
			t.Errorf("%q: got %q (%v), want %q", tc.in, got, err, tc.want)
		}
	}
}

// TestReaderStops checks that the reader goroutine ends when Serve has
// returned, even with input left.
func TestReaderStops(t *testing.T) {
	out := make(chan line)
	done := make(chan struct{})
	var err error
	finished := make(chan struct{})
	go func() {
		readLines(strings.NewReader("a\nb\nc\n"), 10, out, done, &err)
		close(finished)
	}()
	<-out
	close(done)
	select {
	case <-finished:
	case <-time.After(time.Second):
		t.Fatal("reader did not stop")
	}
}

// TestParse checks the number readers.
func TestParse(t *testing.T) {
	ints := []struct {
		in   string
		want int64
		ok   bool
	}{
		{"0", 0, true}, {" 42 ", 42, true}, {"-7", -7, true}, {"+7", 7, true},
		{"", 0, false}, {"-", 0, false}, {"1.5", 0, false}, {"1e6", 0, false}, {"0x10", 0, false},
		{"99999999999999999999", 0, false}, {"4611686018427387904", 0, false}, {"4611686018427387903", 1<<62 - 1, true},
		{"١٢", 0, false}, {"7\x00", 7, true},
	}
	for _, tc := range ints {
		v, err := parseInt(tc.in)
		if (err == nil) != tc.ok || (tc.ok && v != tc.want) {
			t.Errorf("parseInt(%q) = %d, %v", tc.in, v, err)
		}
	}
	fields := []struct {
		in string
		n  int
		ok bool
	}{
		{"7,8", 2, true}, {" 7 , 8 ", 2, true}, {"7,8,1", 3, true},
		{"7", 2, false}, {"7,8,", 2, false}, {",", 2, false}, {"7,-8", 2, false}, {"7,8", 3, false},
		{"1048577,0", 2, false},
	}
	for _, tc := range fields {
		if _, err := parseFields(tc.in, tc.n); (err == nil) != tc.ok {
			t.Errorf("parseFields(%q, %d): %v", tc.in, tc.n, err)
		}
	}
}

// failWriter fails every write.
type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errors.New("broken pipe") }

// TestEOFAndErrors checks the ends of a session: end of input anywhere,
// a failing output, a failing input, and a missing player.
func TestEOFAndErrors(t *testing.T) {
	inputs := map[string]string{
		"mid block":          "START 15\nBOARD\n1,1,1\n",
		"mid line":           "START 15\nBEGI",
		"mid line in block":  "START 15\nBOARD\n1,1",
		"move without eol":   "START 15\nBEGIN",
		"nothing":            "",
		"mid swap2":          "START 15\nSWAP2BOARD\n",
		"after info problem": "INFO rule 99",
	}
	wantOut := map[string]string{
		"mid block":          "OK\n",
		"mid line":           "OK\nUNKNOWN BEGI\n",
		"mid line in block":  "OK\n",
		"move without eol":   "OK\n7,7\n",
		"nothing":            "",
		"mid swap2":          "OK\n",
		"after info problem": "",
	}
	for name, in := range inputs {
		var out bytes.Buffer
		if err := Serve(strings.NewReader(in), &out, Config{Player: fast}); err != nil {
			t.Errorf("%s: %v", name, err)
		}
		if out.String() != wantOut[name] {
			t.Errorf("%s: output %q, want %q", name, out.String(), wantOut[name])
		}
	}
	if err := Serve(strings.NewReader("ABOUT\n"), failWriter{}, Config{Player: fast}); err == nil {
		t.Error("a failing output gave no error")
	}
	if err := Serve(errReader{}, &bytes.Buffer{}, Config{Player: fast}); err == nil {
		t.Error("a failing input gave no error")
	}
	if err := Serve(strings.NewReader("ABOUT\n"), &bytes.Buffer{}, Config{}); err == nil {
		t.Error("no player gave no error")
	}
}

type errReader struct{}

func (errReader) Read([]byte) (int, error) { return 0, errors.New("read failed") }
