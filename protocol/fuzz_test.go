package protocol

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/search"
)

// chaos is a fast player that, depending on the position, answers well
// (the interim player), not at all, off the board, on an occupied cell, on
// a renju-forbidden cell, or by panicking: the brain must cope with all.
type chaos struct{}

func (chaos) Move(ctx context.Context, b *engine.Board, lim search.Limits) engine.Pos {
	switch b.Hash() % 7 {
	case 0:
		return engine.NoPos
	case 1:
		return engine.Pos(b.Size() + 3)
	case 2:
		if last := b.LastMove(); last != engine.NoPos {
			return last
		}
	case 3:
		if f := b.ForbiddenPoints(); len(f) > 0 {
			return f[0]
		}
	case 4:
		if b.MoveCount() == 3 {
			panic("chaos")
		}
	}
	return fast.Move(ctx, b, lim)
}

// lockedBuffer is an output buffer safe for the brain's goroutines.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.String()
}

// replyGrammar is every line the brain may write.
var replyGrammar = []*regexp.Regexp{
	regexp.MustCompile(`^OK$`),
	regexp.MustCompile(`^([0-9]|[12][0-9]|3[01]),([0-9]|[12][0-9]|3[01])$`),
	regexp.MustCompile(`^SWAP$`),
	regexp.MustCompile(`^[0-9]{1,2},[0-9]{1,2}( [0-9]{1,2},[0-9]{1,2}){1,2}$`),
	regexp.MustCompile(`^FORBID ([0-3][0-9][0-3][0-9])*\.$`),
	regexp.MustCompile(`^(ERROR|UNKNOWN|MESSAGE|DEBUG) [ -~]*$`),
	regexp.MustCompile(`^` + regexp.QuoteMeta(DefaultAbout) + `$`),
}

// FuzzServe feeds arbitrary bytes to a brain and checks that it never
// panics or hangs, that every line it writes is in the protocol's grammar,
// and that every move it sends was on the board, empty and legal (not
// renju-forbidden) for the side it was sent for, in the order it was sent.
func FuzzServe(f *testing.F) {
	for _, tc := range transcripts {
		var all []string
		for _, st := range tc.steps {
			all = append(all, st.in)
		}
		f.Add([]byte(strings.Join(all, "\r\n") + "\r\n"))
	}
	files, _ := filepath.Glob(filepath.Join("testdata", "transcripts", "*.txt"))
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		steps, err := parseTranscript(string(data))
		if err != nil {
			f.Fatal(err)
		}
		var all []string
		for _, st := range steps {
			all = append(all, st.in)
		}
		f.Add([]byte(strings.Join(all, "\n") + "\n"))
	}
	f.Add([]byte("start 9 11\nyxboard\n1,1,1\n2,2,1\n3,3,2\ndone\nyxbalancetwo -5\nyxsoosorvstep5 2\n1,1\n2,2\n3,3\n4,4\ndone\nyxquerydatabaseall\n1,1\nTURN 0,0\nyxhashload\nEND\n"))
	f.Add([]byte("START 15\nBEGIN\nTURN 7,8\nYXSTOP\nEND\n"))
	f.Add([]byte("INFO rule 4\rSTART 15\rYXBOARD\r5,7,1\r6,7,1\r7,5,1\r7,6,1\r0,0,2\r2,0,2\r4,0,2\r6,0,2\rDONE\rBEGIN\rYXSHOWFORBID\r"))
	f.Add([]byte("START 5\nBOARD\n0,0,1\n1,0,2\n2,0,1\n3,0,2\nDONE\nTAKEBACK 4,0\nYXNBEST 30\n"))
	f.Add([]byte("RECTSTART 32,5\nSWAP2BOARD\nDONE\nSWAP2BOARD\n16,2\n17,2\n18,3\nDONE\nBEGIN\n"))
	f.Add([]byte("START 15\x00\nTURN \xff,1\nturn 1 , 1\r\n\r\nPLAY 1,1\nTAKEBACK 1,1\nRESTART\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		var out lockedBuffer
		lim := DefaultLimits()
		lim.Turn = 20 * time.Millisecond
		s := newServer(Config{Player: chaos{}, Debug: true, Defaults: &lim, MaxLine: 1 << 12,
			Slack: 10 * time.Millisecond, Grace: 10 * time.Millisecond}, &out)
		var moves []string
		var bad []string
		s.onMove = func(b *engine.Board, p engine.Pos) {
			x, y := b.XY(p)
			switch {
			case !b.OnBoard(x, y):
				bad = append(bad, fmt.Sprintf("move %d,%d off the board", x, y))
			case b.At(p) != engine.Empty:
				bad = append(bad, fmt.Sprintf("move %d,%d on a stone", x, y))
			case !b.Legal(p):
				bad = append(bad, fmt.Sprintf("move %d,%d forbidden", x, y))
			case s.me != b.SideToMove():
				bad = append(bad, fmt.Sprintf("move %d,%d for %s, the brain is %s", x, y, b.SideToMove(), s.me))
			}
			moves = append(moves, fmt.Sprintf("%d,%d", x, y))
		}
		done := make(chan error, 1)
		go func() { done <- s.run(bytes.NewReader(data)) }()
		select {
		case err := <-done:
			if err != nil {
				t.Fatalf("Serve: %v", err)
			}
		case <-time.After(20 * time.Second):
			t.Fatalf("Serve hung on %q", data)
		}
		if len(bad) > 0 {
			t.Fatalf("illegal moves: %v", bad)
		}
		text := out.String()
		if text != "" && !strings.HasSuffix(text, "\n") {
			t.Fatalf("output does not end with a line end: %q", text)
		}
		next := 0
		for _, l := range strings.Split(strings.TrimSuffix(text, "\n"), "\n") {
			if text == "" {
				break
			}
			ok := false
			for _, re := range replyGrammar {
				ok = ok || re.MatchString(l)
			}
			if !ok {
				t.Fatalf("line %q is not in the grammar", l)
			}
			if next < len(moves) && l == moves[next] {
				next++
			}
		}
		if next != len(moves) {
			t.Fatalf("moves %v are not all in the output, in order", moves)
		}
	})
}
