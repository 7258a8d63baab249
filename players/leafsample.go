package players

import (
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/eval"
	"github.com/kakugo/kakugo/search/mcts"
)

// The tree's leaves as data. The learned value is fitted to positions of
// games, but the tree asks it about its leaves: positions seven to twenty
// plies past the root, an eighth (freestyle 15) to two fifths (freestyle
// 20) of them a forced win for one side in Rapfi's eyes (docs/testing.md,
// 2026-12-01). KAKUGO_LEAF_SAMPLE=FILE makes
// the player append every KAKUGO_LEAF_SAMPLE_EVERY-th leaf it values
// (default 1009, a prime, so that the sample does not follow the
// playouts' rhythm) to FILE, one line per leaf: the position as a pos
// string, the board size, the protocol rule number and the value the
// model gave it. tools/anchors/verdicts.py then asks Rapfi for its verdict
// on each, as records that train-value reads. The sampling changes no
// move; its cost is one counter increment per leaf.

// defaultLeafSampleEvery is KAKUGO_LEAF_SAMPLE_EVERY's default.
const defaultLeafSampleEvery = 1009

// leafSampler values leaves with inner and writes every nth one to w.
// It is shared by the search's threads: the counter is atomic and the
// writes are serialised.
type leafSampler struct {
	inner mcts.LeafValuer
	every uint64
	n     atomic.Uint64
	mu    sync.Mutex
	w     io.Writer
	buf   strings.Builder
}

// LeafValue implements mcts.LeafValuer.
func (s *leafSampler) LeafValue(e *eval.Evaluator) float64 {
	v := s.inner.LeafValue(e)
	if s.n.Add(1)%s.every == 0 {
		s.write(e.Board(), v)
	}
	return v
}

// write appends one leaf's line.
func (s *leafSampler) write(b *engine.Board, v float64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.buf.Reset()
	for _, m := range b.Moves() {
		x, y := b.XY(m)
		s.buf.WriteString(engine.FormatMove(x, y))
	}
	size := strconv.Itoa(b.Width())
	if b.Height() != b.Width() {
		size += "x" + strconv.Itoa(b.Height())
	}
	fmt.Fprintf(&s.buf, " %s %d %.4f\n", size, b.Rule().ProtocolValue(), v)
	io.WriteString(s.w, s.buf.String())
}

// withLeafSample wraps v in a leafSampler when KAKUGO_LEAF_SAMPLE names a
// file (appended to, created if need be); a file that cannot be opened,
// or a bad KAKUGO_LEAF_SAMPLE_EVERY, is said on warn, and v is returned
// as it is (or sampled at the default rate): data collection must not stop
// the brain.
func withLeafSample(v mcts.LeafValuer, getenv func(string) string, warn io.Writer) mcts.LeafValuer {
	path := getenv("KAKUGO_LEAF_SAMPLE")
	if v == nil || path == "" {
		return v
	}
	every := uint64(defaultLeafSampleEvery)
	if s := getenv("KAKUGO_LEAF_SAMPLE_EVERY"); s != "" {
		n, err := strconv.ParseUint(s, 10, 32)
		if err != nil || n == 0 {
			fmt.Fprintf(warn, "pbrain-kakugo: KAKUGO_LEAF_SAMPLE_EVERY=%q: not a positive number; every %d used\n", s, every)
		} else {
			every = n
		}
	}
	f, err := os.OpenFile(path, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		fmt.Fprintf(warn, "pbrain-kakugo: KAKUGO_LEAF_SAMPLE: %v; no leaves written\n", err)
		return v
	}
	return &leafSampler{inner: v, every: every, w: f}
}
