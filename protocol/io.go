package protocol

import (
	"bufio"
	"fmt"
	"io"
	"sync"
	"sync/atomic"
	"time"
)

// line is one input line as the reader delivers it.
type line struct {
	text string
	// at is when the line was read: the move budget counts from it.
	at time.Time
	// tooLong marks a line longer than the limit; text is then empty and n
	// says how long it was.
	tooLong bool
	n       int
}

// readLines splits r into lines on LF, CR LF or a lone CR and sends them on
// out until r ends or done is closed; then it closes out and leaves a read
// error other than io.EOF in *errp. A line longer than max bytes is sent as
// tooLong and never held in memory beyond max bytes.
//
// A CR ends its line at once rather than after a look at the next byte: a
// manager that ends lines with a lone CR waits for the reply before it sends
// anything more.
func readLines(r io.Reader, max int, out chan<- line, done <-chan struct{}, errp *error) {
	defer close(out)
	br := bufio.NewReaderSize(r, 4096)
	buf := make([]byte, 0, 256)
	n, skipLF := 0, false
	emit := func() bool {
		l := line{at: time.Now(), tooLong: n > max, n: n}
		if !l.tooLong {
			l.text = string(buf)
		}
		buf, n = buf[:0], 0
		if cap(buf) > 64<<10 {
			buf = make([]byte, 0, 256) // do not keep one long line's buffer
		}
		select {
		case out <- l:
			return true
		case <-done:
			return false
		}
	}
	for {
		c, err := br.ReadByte()
		if err != nil {
			if n > 0 { // a last line without a line end still counts
				emit()
			}
			if err != io.EOF {
				*errp = err
			}
			return
		}
		if skipLF {
			skipLF = false
			if c == '\n' {
				continue
			}
		}
		switch c {
		case '\r':
			skipLF = true
			if !emit() {
				return
			}
		case '\n':
			if !emit() {
				return
			}
		default:
			n++
			if n <= max {
				buf = append(buf, c)
			}
		}
	}
}

// output writes reply lines. One mutex serializes the main loop and the
// thinking goroutine, so lines never interleave; every line is flushed at
// once; after close nothing more is written, because the caller of Serve
// may reuse the writer once Serve has returned.
type output struct {
	mu     sync.Mutex
	w      io.Writer
	log    io.Writer
	closed bool
	err    error
}

// flusher is a writer that buffers, such as *bufio.Writer.
type flusher interface{ Flush() error }

// send writes s as one line unless the output is closed or failed, or live
// is given and false: a thinking goroutine's MESSAGE lines must not come
// after the move that ended its thought.
func (o *output) send(live *atomic.Bool, s string) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.closed || o.err != nil || (live != nil && !live.Load()) {
		return
	}
	if _, err := io.WriteString(o.w, s+"\n"); err != nil {
		o.err = err
		return
	}
	if f, ok := o.w.(flusher); ok {
		if err := f.Flush(); err != nil {
			o.err = err
		}
	}
	if o.log != nil {
		fmt.Fprintf(o.log, "> %s\n", s)
	}
}

// line writes one line from the main loop.
func (o *output) line(s string) { o.send(nil, s) }

// input records an input line in the log, if there is one.
func (o *output) input(l line) {
	if o.log == nil {
		return
	}
	o.mu.Lock()
	defer o.mu.Unlock()
	if l.tooLong {
		fmt.Fprintf(o.log, "< (line of %d bytes)\n", l.n)
	} else {
		fmt.Fprintf(o.log, "< %s\n", echo(l.text))
	}
}

// failed returns the first write error.
func (o *output) failed() error {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.err
}

// close stops all further output.
func (o *output) close() {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.closed = true
}
