package manager

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"os/exec"
	"strings"
	"sync"
	"time"
)

// Errors of brain.next.
var (
	errTimeout = errors.New("timed out")
	errExited  = errors.New("process exited")
	errAborted = errors.New("match stopped")
)

// maxLine bounds one line of brain output; a longer one ends the reading
// and the brain is treated as crashed.
const maxLine = 1 << 20

// line is one line of brain output and when it arrived, so that move times
// do not include the manager's own delays.
type line struct {
	text string
	at   time.Time
}

// brain is one running brain process.
type brain struct {
	spec   EngineSpec
	cmd    *exec.Cmd
	stdin  io.WriteCloser
	stdout io.ReadCloser
	stderr *tailBuffer
	lines  chan line     // closed after the process has exited
	quit   chan struct{} // closed by kill to release the reader
	done   chan struct{} // closed once the process is reaped
	once   sync.Once
	// exitErr and readErr are written by the reader before done and lines
	// are closed, and read only after that.
	exitErr error
	readErr error
	// broken marks a process that must not play another game (it hung,
	// crashed or never answered START).
	broken bool
}

// launch starts a brain process and its output reader.
func launch(spec EngineSpec) (*brain, error) {
	cmd := exec.Command(spec.Command[0], spec.Command[1:]...)
	cmd.Dir = spec.Dir
	if len(spec.Env) > 0 {
		cmd.Env = append(os.Environ(), spec.Env...)
	}
	setProcessGroup(cmd)
	// Wait gives up on output pipes held open by grandchildren after this.
	cmd.WaitDelay = time.Second
	b := &brain{
		spec:   spec,
		cmd:    cmd,
		stderr: &tailBuffer{max: 2048},
		lines:  make(chan line, 256),
		quit:   make(chan struct{}),
		done:   make(chan struct{}),
	}
	cmd.Stderr = b.stderr
	var err error
	if b.stdin, err = cmd.StdinPipe(); err != nil {
		return nil, err
	}
	if b.stdout, err = cmd.StdoutPipe(); err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	go b.read()
	return b, nil
}

// splitLines is a bufio.SplitFunc that ends lines at LF, CR LF or a lone
// CR; the empty lines a CR LF pair would otherwise leave are dropped by read.
func splitLines(data []byte, atEOF bool) (advance int, token []byte, err error) {
	if i := bytes.IndexAny(data, "\r\n"); i >= 0 {
		return i + 1, data[:i], nil
	}
	if atEOF && len(data) > 0 {
		return len(data), data, nil
	}
	return 0, nil, nil
}

// read forwards output lines until the process closes its output, then
// reaps it.
func (b *brain) read() {
	sc := bufio.NewScanner(b.stdout)
	sc.Buffer(make([]byte, 4096), maxLine)
	sc.Split(splitLines)
scan:
	for sc.Scan() {
		t := strings.TrimSpace(sc.Text())
		if t == "" {
			continue
		}
		select {
		case b.lines <- line{t, time.Now()}:
		case <-b.quit:
			break scan
		}
	}
	b.readErr = sc.Err()
	if b.readErr != nil {
		// Too long a line, or the pipe closed by kill: the process must go.
		b.killProcess()
	}
	b.exitErr = b.cmd.Wait()
	close(b.lines)
	close(b.done)
}

// send writes command lines to the brain.
func (b *brain) send(cmds ...string) error {
	var buf bytes.Buffer
	for _, c := range cmds {
		buf.WriteString(c)
		buf.WriteByte('\n')
	}
	_, err := b.stdin.Write(buf.Bytes())
	return err
}

// next waits for the next output line until deadline.
func (b *brain) next(ctx context.Context, deadline time.Time) (line, error) {
	t := time.NewTimer(time.Until(deadline))
	defer t.Stop()
	select {
	case l, ok := <-b.lines:
		if !ok {
			return line{}, errExited
		}
		return l, nil
	case <-t.C:
		return line{}, errTimeout
	case <-ctx.Done():
		return line{}, errAborted
	}
}

// drain takes every line that is already waiting (output the brain sent
// when it was not asked for anything) and hands it to keep.
func (b *brain) drain(keep func(string)) {
	for {
		select {
		case l, ok := <-b.lines:
			if !ok {
				return
			}
			keep(l.text)
		default:
			return
		}
	}
}

// exited reports whether the process has ended.
func (b *brain) exited() bool {
	select {
	case <-b.done:
		return true
	default:
		return false
	}
}

// exitDetail describes how the process ended, with the tail of its stderr.
func (b *brain) exitDetail() string {
	var msg string
	switch {
	case b.readErr != nil && !errors.Is(b.readErr, os.ErrClosed):
		msg = "output unreadable: " + b.readErr.Error()
	case b.exitErr != nil:
		msg = b.exitErr.Error()
	default:
		msg = "exit status 0"
	}
	if tail := b.stderr.last(); tail != "" {
		msg += "; stderr: " + tail
	}
	return msg
}

// killProcess kills the process (and its group where the platform allows)
// and closes its output so that the reader returns.
func (b *brain) killProcess() {
	b.once.Do(func() {
		close(b.quit)
		killProcessGroup(b.cmd)
		b.stdout.Close()
	})
}

// kill ends the process at once and waits for it to be reaped.
func (b *brain) kill() {
	b.killProcess()
	b.wait(5 * time.Second)
}

// stop asks the brain to exit with END and kills it after grace.
func (b *brain) stop(grace time.Duration) {
	if !b.exited() {
		_ = b.send("END")
	}
	b.stdin.Close()
	if !b.wait(grace) {
		b.kill()
	}
}

// wait waits up to d for the process to be reaped.
func (b *brain) wait(d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-b.done:
		return true
	case <-t.C:
		return false
	}
}

// tailBuffer keeps the last max bytes written to it (a brain's stderr, for
// crash reports).
type tailBuffer struct {
	mu  sync.Mutex
	max int
	buf []byte
}

// Write keeps the end of p.
func (t *tailBuffer) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.buf = append(t.buf, p...)
	if len(t.buf) > t.max {
		t.buf = append(t.buf[:0], t.buf[len(t.buf)-t.max:]...)
	}
	return len(p), nil
}

// last is the last few non-empty lines, joined with " | ".
func (t *tailBuffer) last() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	var keep []string
	for _, l := range strings.FieldsFunc(string(t.buf), func(r rune) bool { return r == '\n' || r == '\r' }) {
		if l = strings.TrimSpace(l); l != "" {
			keep = append(keep, l)
		}
	}
	if len(keep) > 3 {
		keep = keep[len(keep)-3:]
	}
	return strings.Join(keep, " | ")
}
