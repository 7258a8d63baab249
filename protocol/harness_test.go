package protocol

import (
	"context"
	"fmt"
	"io"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/search"
)

// The transcript harness runs a brain on a pipe, sends each step's lines and
// reads the lines it expects back, one step at a time, so that a test sees
// exactly which command caused which reply. A referee board follows the game
// independently of the brain: every move the brain sends is checked against
// it, and follow-up commands show that refused commands changed nothing.

// step is one exchange. want holds patterns, one per expected line:
//   - "MOVE": a move `x,y` that is legal on the referee's board; the referee
//     plays it.
//   - "SUGGEST": `SUGGEST x,y`, legal on the referee's board, not played.
//   - "SWAP2": a swap2 answer, checked against the stones of the step.
//   - a pattern with "*": a glob, "*" matching any text.
//   - "re:" followed by a regular expression that must match the line.
//   - anything else: the line exactly.
//
// In a step's input, $LAST is the last move on the referee's board.
//
// batch steps are written together with the steps after them, up to the
// first one that is not batch, before any reply is read: a manager that does
// not wait for OK (GomocupJudge).
type step struct {
	in    string
	want  []string
	batch bool
}

// sink collects the brain's output lines for the harness.
type sink struct {
	mu      sync.Mutex
	partial []byte
	lines   chan string
}

func newSink() *sink { return &sink{lines: make(chan string, 1<<16)} }

func (s *sink) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.partial = append(s.partial, p...)
	for {
		i := strings.IndexByte(string(s.partial), '\n')
		if i < 0 {
			return len(p), nil
		}
		s.lines <- string(s.partial[:i])
		s.partial = s.partial[i+1:]
	}
}

// brain is a running Serve on a pipe.
type brain struct {
	t    *testing.T
	in   *io.PipeWriter
	out  *sink
	done chan error
	eol  string
	ref  *referee
}

func startBrain(t *testing.T, cfg Config, eol string) *brain {
	t.Helper()
	pr, pw := io.Pipe()
	br := &brain{t: t, in: pw, out: newSink(), done: make(chan error, 1), eol: eol, ref: &referee{t: t}}
	go func() {
		err := Serve(pr, br.out, cfg)
		pr.Close()
		br.done <- err
	}()
	t.Cleanup(func() { pw.Close() })
	return br
}

// send writes lines (separated by "\n" in text) with the brain's line end.
func (br *brain) send(text string) {
	br.t.Helper()
	data := strings.ReplaceAll(text, "\n", br.eol) + br.eol
	if _, err := br.in.Write([]byte(data)); err != nil {
		br.t.Fatalf("writing %q: %v", text, err)
	}
}

// read returns the next output line, failing the test after timeout.
func (br *brain) read(timeout time.Duration) string {
	br.t.Helper()
	select {
	case l := <-br.out.lines:
		return l
	case <-time.After(timeout):
		br.t.Fatalf("no reply within %v", timeout)
		return ""
	}
}

// run plays a script of steps.
func (br *brain) run(steps []step) {
	br.t.Helper()
	var pending []step
	for i, st := range steps {
		// $LAST stands for the last move on the referee's board (for a
		// TAKEBACK of the brain's own reply).
		if strings.Contains(st.in, "$LAST") && br.ref.b != nil && br.ref.b.MoveCount() > 0 {
			x, y := br.ref.b.XY(br.ref.b.LastMove())
			st.in = strings.ReplaceAll(st.in, "$LAST", fmt.Sprintf("%d,%d", x, y))
		}
		pending = append(pending, st)
		if st.batch && i < len(steps)-1 {
			continue
		}
		var all []string
		for _, p := range pending {
			all = append(all, p.in)
		}
		br.send(strings.Join(all, "\n"))
		for _, p := range pending {
			var got []string
			for range p.want {
				got = append(got, br.read(5*time.Second))
			}
			br.check(p, got)
		}
		pending = nil
	}
}

// finish closes the input and checks that Serve returns nil with nothing
// more to say.
func (br *brain) finish() {
	br.t.Helper()
	br.in.Close()
	select {
	case err := <-br.done:
		if err != nil {
			br.t.Errorf("Serve returned %v", err)
		}
	case <-time.After(5 * time.Second):
		br.t.Fatal("Serve did not return after the end of input")
	}
	select {
	case l := <-br.out.lines:
		br.t.Errorf("unexpected extra output %q", l)
	default:
	}
}

var moveRE = regexp.MustCompile(`^(\d+),(\d+)$`)

// check matches a step's replies against its patterns and keeps the
// referee in step.
func (br *brain) check(st step, got []string) {
	br.t.Helper()
	ref := br.ref
	ref.command(st.in, got)
	for i, pat := range st.want {
		l := got[i]
		ok := true
		switch {
		case pat == "MOVE":
			ok = ref.move(l, true)
		case pat == "SUGGEST":
			ok = strings.HasPrefix(l, "SUGGEST ") && ref.move(strings.TrimPrefix(l, "SUGGEST "), false)
		case pat == "SWAP2":
			ok = ref.swap2(st.in, l)
		case strings.HasPrefix(pat, "re:"):
			ok = regexp.MustCompile(pat[3:]).MatchString(l)
		case strings.Contains(pat, "*"):
			ok = glob(pat, l)
		default:
			ok = l == pat
		}
		if !ok {
			br.t.Errorf("after %q: reply %d is %q, want %q (all replies %q)", st.in, i+1, l, pat, got)
		}
	}
}

// referee follows the game from the commands and the brain's replies.
type referee struct {
	t    *testing.T
	b    *engine.Board
	rule engine.Rule
}

// command updates the referee for the commands of one step, given the
// replies. Only commands that change the game matter here.
func (r *referee) command(in string, got []string) {
	failed := false
	for _, l := range got {
		if strings.HasPrefix(l, "ERROR") && !strings.HasPrefix(l, "ERROR INFO") {
			failed = true
		}
	}
	lines := strings.Split(in, "\n")
	for i := 0; i < len(lines); i++ {
		word, rest := splitWord(lines[i])
		switch upper(word) {
		case "INFO":
			key, val := splitWord(rest)
			if lower(key) == "rule" {
				if v, err := parseInt(val); err == nil {
					if rule, err := engine.RuleFromProtocol(int(v)); err == nil {
						r.rule = rule
						if r.b != nil && r.b.MoveCount() == 0 {
							r.b, _ = engine.New(r.b.Width(), r.b.Height(), rule)
						}
					}
				}
			}
		case "START", "RECTSTART", "RESTART":
			if failed {
				continue
			}
			w, h := 0, 0
			switch upper(word) {
			case "START":
				// START n, or Yixin-Board's START columns rows, whose
				// coordinates are row,col.
				a, b := splitWord(rest)
				n, _ := parseInt(a)
				w, h = int(n), int(n)
				if b != "" {
					m, _ := parseInt(b)
					w = int(m)
				}
			case "RECTSTART":
				f, _ := parseFields(rest, 2)
				w, h = f[0], f[1]
			default:
				w, h = r.b.Width(), r.b.Height()
			}
			b, err := engine.New(w, h, r.rule)
			if err != nil {
				r.t.Fatalf("referee: %v", err)
			}
			r.b = b
		case "TURN":
			if !failed {
				f, _ := parseFields(rest, 2)
				r.b.Make(r.b.Pos(f[0], f[1]))
			}
		case "TAKEBACK":
			if !failed {
				r.b.Undo()
			}
		case "PLAY":
			if !failed {
				f, _ := parseFields(rest, 2)
				r.b.Make(r.b.Pos(f[0], f[1]))
			}
		case "BOARD", "YXBOARD":
			j := i + 1
			for j < len(lines) && upper(trim(lines[j])) != "DONE" {
				j++
			}
			if !failed {
				r.setPosition(lines[i+1 : j])
			}
			i = j
		case "SWAP2BOARD":
			for i+1 < len(lines) && upper(trim(lines[i])) != "DONE" {
				i++
			}
		}
	}
}

// setPosition rebuilds the referee's board from BOARD stone lines.
func (r *referee) setPosition(stones []string) {
	var own, opp []engine.Point
	for _, s := range stones {
		f, err := parseFields(s, 3)
		if err != nil {
			r.t.Fatalf("referee: stone %q: %v", s, err)
		}
		if f[2] == 1 {
			own = append(own, engine.Point{X: f[0], Y: f[1]})
		} else {
			opp = append(opp, engine.Point{X: f[0], Y: f[1]})
		}
	}
	black, white := own, opp
	if len(opp) > len(own) {
		black, white = opp, own
	}
	b, _ := engine.New(r.b.Width(), r.b.Height(), r.b.Rule())
	for i := range black {
		b.Put(b.Pos(black[i].X, black[i].Y), engine.Black)
		if i < len(white) {
			b.Put(b.Pos(white[i].X, white[i].Y), engine.White)
		}
	}
	r.b = b
}

// move checks that l is a legal move on the referee's board and plays it
// when play is set.
func (r *referee) move(l string, play bool) bool {
	m := moveRE.FindStringSubmatch(l)
	if m == nil || r.b == nil {
		return false
	}
	var x, y int
	fmt.Sscan(m[1], &x)
	fmt.Sscan(m[2], &y)
	if !r.b.OnBoard(x, y) || !r.b.Legal(r.b.Pos(x, y)) {
		r.t.Errorf("move %s is not legal for %s on\n%s", l, r.b.SideToMove(), r.b)
		return false
	}
	if play {
		r.b.Make(r.b.Pos(x, y))
	}
	return true
}

// swap2 checks a SWAP2BOARD answer: three empty, distinct cells for no
// stones; SWAP, one or two moves for three; SWAP or one move for five.
func (r *referee) swap2(in, reply string) bool {
	lines := strings.Split(in, "\n")
	b, _ := engine.New(r.b.Width(), r.b.Height(), r.b.Rule())
	for _, l := range lines[1 : len(lines)-1] {
		f, err := parseFields(l, 2)
		if err != nil {
			f, err = parseFields(l, 3)
		}
		if err != nil {
			r.t.Fatalf("referee: swap2 stone %q: %v", l, err)
		}
		b.Make(b.Pos(f[0], f[1]))
	}
	n := b.MoveCount()
	if reply == "SWAP" {
		return n == 3 || n == 5
	}
	moves := strings.Fields(reply)
	switch {
	case n == 0 && len(moves) != 3, n == 3 && len(moves) > 2, n == 5 && len(moves) != 1:
		return false
	}
	for _, mv := range moves {
		m := moveRE.FindStringSubmatch(mv)
		if m == nil {
			return false
		}
		var x, y int
		fmt.Sscan(m[1], &x)
		fmt.Sscan(m[2], &y)
		if !b.OnBoard(x, y) || !b.Legal(b.Pos(x, y)) {
			return false
		}
		b.Make(b.Pos(x, y))
	}
	return true
}

// Players for the tests.

// fast is the interim player: real moves in microseconds.
var fast Player = search.Interim{}

// recorder wraps a player and records what it was asked, and implements
// every optional interface.
type recorder struct {
	Player
	mu       sync.Mutex
	limits   []search.Limits
	boards   []*engine.Board
	cleared  int
	folder   string
	hashKB   int64
	over     []engine.Color
	overSeen []int // stones on the board at each GameOver
	nbest    []engine.Pos
}

func (r *recorder) Move(ctx context.Context, b *engine.Board, lim search.Limits) engine.Pos {
	r.mu.Lock()
	r.limits = append(r.limits, lim)
	r.boards = append(r.boards, b.Clone())
	r.mu.Unlock()
	if lim.Info != nil {
		lim.Info("thinking\nhard")
	}
	return r.Player.Move(ctx, b, lim)
}

func (r *recorder) ClearHash()            { r.mu.Lock(); r.cleared++; r.mu.Unlock() }
func (r *recorder) SetFolder(dir string)  { r.mu.Lock(); r.folder = dir; r.mu.Unlock() }
func (r *recorder) SetHashSize(kib int64) { r.mu.Lock(); r.hashKB = kib; r.mu.Unlock() }
func (r *recorder) GameOver(b *engine.Board, w engine.Color) {
	r.mu.Lock()
	r.over = append(r.over, w)
	r.overSeen = append(r.overSeen, b.MoveCount())
	r.mu.Unlock()
}

// nbester adds YXNBEST support to the recorder: the legal cells nearest the
// centre, in order.
type nbester struct{ *recorder }

func (n nbester) NBest(_ context.Context, b *engine.Board, _ search.Limits, k int) []engine.Pos {
	var out []engine.Pos
	cx, cy := b.Width()/2, b.Height()/2
	for r := 0; r < b.Width()+b.Height() && len(out) < k; r++ {
		for y := 0; y < b.Height(); y++ {
			for x := 0; x < b.Width(); x++ {
				if abs(x-cx)+abs(y-cy) == r && b.Legal(b.Pos(x, y)) && len(out) < k {
					out = append(out, b.Pos(x, y))
				}
			}
		}
	}
	return out
}

// fixed always answers the same cell (x, y); NoPos when x < 0. It tests
// the brain's defence against players that return nonsense.
type fixed struct{ x, y int }

func (f fixed) Move(_ context.Context, b *engine.Board, _ search.Limits) engine.Pos {
	if f.x < 0 {
		return engine.NoPos
	}
	if f.x >= 1000 {
		return engine.Pos(f.x) // not a cell of any board
	}
	return b.Pos(f.x, f.y)
}

// panicky panics on every move.
type panicky struct{}

func (panicky) Move(context.Context, *engine.Board, search.Limits) engine.Pos {
	panic("player bug")
}

// slow thinks until its context is cancelled, then answers like fast.
type slow struct{ entered chan struct{} }

func (s slow) Move(ctx context.Context, b *engine.Board, lim search.Limits) engine.Pos {
	if s.entered != nil {
		s.entered <- struct{}{}
	}
	<-ctx.Done()
	return fast.Move(context.Background(), b, lim)
}

// stuck ignores its context and returns only when release is closed.
type stuck struct {
	entered chan struct{}
	release chan struct{}
}

func (s stuck) Move(_ context.Context, b *engine.Board, lim search.Limits) engine.Pos {
	s.entered <- struct{}{}
	<-s.release
	return fast.Move(context.Background(), b, lim)
}

// glob matches l against pat, where "*" stands for any text.
func glob(pat, l string) bool {
	parts := strings.Split(pat, "*")
	for i, p := range parts {
		parts[i] = regexp.QuoteMeta(p)
	}
	return regexp.MustCompile("^" + strings.Join(parts, ".*") + "$").MatchString(l)
}
