package policydata

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"

	"github.com/kakugo/kakugo/nn"
)

// ErrFormat is wrapped by every error of Read about the file's content.
var ErrFormat = errors.New("policydata: bad positions file")

// maxPositionsBytes bounds the decompressed file Read accepts.
const maxPositionsBytes = 4 << 30

// Data is a positions file read back: the columns the trainer reads, for
// Go's tests of the format and for the export's own check.
type Data struct {
	Features string
	Planes   int
	Leagues  []string
	c        columns
}

// Positions is the number of positions.
func (d *Data) Positions() int { return len(d.c.game) }

// Position rebuilds position i as the trainer does: its board size, its
// planes (plane after plane, cell y*w+x), the legal cells, the target
// cell, and whether it comes from a test game.
func (d *Data) Position(i int) (w, h int, planes []float32, legal []bool, target int, test bool) {
	c := &d.c
	g := c.game[i]
	w, h = int(c.w[g]), int(c.h[g])
	n := w * h
	planes = make([]float32, d.Planes*n)
	legal = make([]bool, n)
	ply := int(c.ply[i])
	moves := c.moves[c.moveStart[g]:c.moveStart[g+1]]
	cells := make([]uint8, n)
	for k, m := range moves[:ply] {
		cells[m] = 2
		if k%2 == ply%2 {
			cells[m] = 1
		}
	}
	var windows [4][]uint8
	if anyDerived(c.kind) {
		windowCounts(w, h, cells, &windows)
	}
	for k, o := range cells {
		planes[int(o+2)%3*n+k] = 1 // 0 (empty) to plane 2, 1 to 0, 2 to 1
		legal[k] = o == 0
	}
	for p := 3; p < d.Planes; p++ {
		if kind := c.kind[p]; kind != deriveNone {
			for k, v := range windows[kind-1] {
				planes[p*n+k] = float32(v)
			}
		} else if p < 16 && c.constant[i]&(1<<p) != 0 {
			for k := range n {
				planes[p*n+k] = 1
			}
		}
	}
	for e := c.entryStart[i]; e < c.entryStart[i+1]; e++ {
		if int(c.plane[e]) == d.Planes {
			legal[c.cell[e]] = false
			continue
		}
		planes[int(c.plane[e])*n+int(c.cell[e])] += float32(c.value[e])
	}
	for p, div := range c.divisor {
		if div != 1 {
			for k := range n {
				planes[p*n+k] /= float32(div)
			}
		}
	}
	return w, h, planes, legal, int(c.target[i]), c.test[g] == 1
}

// Probes returns the probed positions and their reference logits.
func (d *Data) Probes() (pos []int, logits [][]float32) {
	off := 0
	for _, p := range d.c.probePos {
		g := d.c.game[p]
		n := int(d.c.w[g]) * int(d.c.h[g])
		pos = append(pos, int(p))
		logits = append(logits, d.c.probeLogits[off:off+n])
		off += n
	}
	return pos, logits
}

// reader reads the decompressed file front to back.
type reader struct {
	buf []byte
	err error
}

func (r *reader) take(k int) []byte {
	if r.err != nil {
		return nil
	}
	if k < 0 || k > len(r.buf) {
		r.err = fmt.Errorf("%w: truncated", ErrFormat)
		return nil
	}
	b := r.buf[:k]
	r.buf = r.buf[k:]
	return b
}

func (r *reader) u16() uint16 {
	if b := r.take(2); b != nil {
		return binary.LittleEndian.Uint16(b)
	}
	return 0
}

func (r *reader) u32() uint32 {
	if b := r.take(4); b != nil {
		return binary.LittleEndian.Uint32(b)
	}
	return 0
}

func (r *reader) str() string { return string(r.take(int(r.u16()))) }

func (r *reader) u8s(n uint32) []uint8 { return append([]uint8(nil), r.take(int(n))...) }

func (r *reader) u16s(n uint32) []uint16 {
	b := r.take(2 * int(n))
	if b == nil {
		return nil
	}
	v := make([]uint16, n)
	for i := range v {
		v[i] = binary.LittleEndian.Uint16(b[2*i:])
	}
	return v
}

func (r *reader) u32s(n uint32) []uint32 {
	b := r.take(4 * int(n))
	if b == nil {
		return nil
	}
	v := make([]uint32, n)
	for i := range v {
		v[i] = binary.LittleEndian.Uint32(b[4*i:])
	}
	return v
}

// Read reads a positions file (gzip'd) and checks every index in it, so
// that Position never reads out of range. Every failure is an error,
// never a panic.
func Read(rd io.Reader) (*Data, error) {
	zr, err := gzipReader(rd)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrFormat, err)
	}
	raw, err := io.ReadAll(io.LimitReader(zr, maxPositionsBytes+1))
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrFormat, err)
	}
	if len(raw) > maxPositionsBytes {
		return nil, fmt.Errorf("%w: larger than %d bytes", ErrFormat, maxPositionsBytes)
	}
	r := &reader{buf: raw}
	if m := r.take(8); m == nil || !bytes.Equal(m, posMagic[:]) {
		return nil, fmt.Errorf("%w: no KKGOPOS magic", ErrFormat)
	}
	v := r.u32()
	if r.err == nil && v != 1 && v != Version {
		return nil, fmt.Errorf("%w: version %d (this build reads 1 and %d)", ErrFormat, v, Version)
	}
	d := &Data{Features: r.str(), Planes: int(r.u32())}
	if r.err == nil && (d.Planes < 3 || d.Planes > maxPlanes || v == 1 && d.Planes > 16) {
		return nil, fmt.Errorf("%w: %d planes", ErrFormat, d.Planes)
	}
	c := &d.c
	if v == 1 {
		c.kind, c.divisor = planeLayout("", d.Planes)
	} else {
		c.kind, c.divisor = r.u8s(uint32(d.Planes)), r.u8s(uint32(d.Planes))
		for p := range c.kind {
			if r.err == nil && (c.kind[p] >= deriveKinds || c.divisor[p] == 0 || c.kind[p] != deriveNone && p < 3) {
				return nil, fmt.Errorf("%w: plane %d: kind %d, divisor %d", ErrFormat, p, c.kind[p], c.divisor[p])
			}
		}
	}
	nl := r.u32()
	for i := uint32(0); i < nl && r.err == nil; i++ {
		d.Leagues = append(d.Leagues, r.str())
	}
	var cnt [5]uint32
	for i := range cnt {
		cnt[i] = r.u32()
	}
	if r.err != nil {
		return nil, r.err
	}
	ng, nm, np, ne, nq := cnt[0], cnt[1], cnt[2], cnt[3], cnt[4]
	if uint64(ng)*9+uint64(nm)*2+uint64(np)*14+uint64(ne)*4+uint64(nq)*4 > uint64(len(r.buf)) {
		return nil, fmt.Errorf("%w: counts %v larger than the file", ErrFormat, cnt)
	}
	c.planes, c.features, c.leagues = d.Planes, d.Features, d.Leagues
	c.w, c.h, c.rule, c.test, c.league = r.u8s(ng), r.u8s(ng), r.u8s(ng), r.u8s(ng), r.u8s(ng)
	c.moveStart, c.moves = r.u32s(ng+1), r.u16s(nm)
	c.game, c.ply, c.target, c.constant, c.entryStart = r.u32s(np), r.u16s(np), r.u16s(np), r.u16s(np), r.u32s(np+1)
	c.cell, c.plane = r.u16s(ne), r.u8s(ne)
	for _, v := range r.take(int(ne)) {
		c.value = append(c.value, int8(v))
	}
	c.probePos = r.u32s(nq)
	if r.err != nil {
		return nil, r.err
	}
	if err := d.check(); err != nil {
		return nil, err
	}
	var cells int
	for _, p := range c.probePos {
		g := c.game[p]
		cells += int(c.w[g]) * int(c.h[g])
	}
	b := r.take(4 * cells)
	if r.err != nil {
		return nil, r.err
	}
	c.probeLogits = make([]float32, cells)
	for i := range c.probeLogits {
		c.probeLogits[i] = math.Float32frombits(binary.LittleEndian.Uint32(b[4*i:]))
	}
	if len(r.buf) != 0 {
		return nil, fmt.Errorf("%w: %d bytes after the probes", ErrFormat, len(r.buf))
	}
	return d, nil
}

// check verifies every index the columns hold.
func (d *Data) check() error {
	c := &d.c
	bad := func(format string, a ...any) error {
		return fmt.Errorf("%w: "+format, append([]any{ErrFormat}, a...)...)
	}
	if c.moveStart[0] != 0 || c.entryStart[0] != 0 {
		return bad("start offsets do not begin at 0")
	}
	for g := range c.w {
		n := int(c.w[g]) * int(c.h[g])
		if c.w[g] < 1 || c.h[g] < 1 || n > 1<<16 {
			return bad("game %d on a %dx%d board", g, c.w[g], c.h[g])
		}
		if int(c.league[g]) >= len(d.Leagues) || c.test[g] > 1 {
			return bad("game %d: league %d, test %d", g, c.league[g], c.test[g])
		}
		lo, hi := c.moveStart[g], c.moveStart[g+1]
		if hi < lo || int(hi) > len(c.moves) {
			return bad("game %d: moves %d to %d", g, lo, hi)
		}
		for _, m := range c.moves[lo:hi] {
			if int(m) >= n {
				return bad("game %d: move %d off the board", g, m)
			}
		}
	}
	if int(c.moveStart[len(c.w)]) != len(c.moves) {
		return bad("moves end at %d of %d", c.moveStart[len(c.w)], len(c.moves))
	}
	for i, g := range c.game {
		if int(g) >= len(c.w) {
			return bad("position %d: game %d", i, g)
		}
		n := int(c.w[g]) * int(c.h[g])
		if int(c.ply[i]) >= int(c.moveStart[g+1]-c.moveStart[g]) || int(c.target[i]) >= n {
			return bad("position %d: ply %d, target %d", i, c.ply[i], c.target[i])
		}
		lo, hi := c.entryStart[i], c.entryStart[i+1]
		if hi < lo || int(hi) > len(c.cell) {
			return bad("position %d: entries %d to %d", i, lo, hi)
		}
		for e := lo; e < hi; e++ {
			if int(c.cell[e]) >= n || int(c.plane[e]) > d.Planes {
				return bad("position %d: entry at cell %d plane %d", i, c.cell[e], c.plane[e])
			}
		}
	}
	if int(c.entryStart[len(c.game)]) != len(c.cell) {
		return bad("entries end at %d of %d", c.entryStart[len(c.game)], len(c.cell))
	}
	for _, p := range c.probePos {
		if int(p) >= len(c.game) {
			return bad("probe of position %d", p)
		}
	}
	return nil
}

// gzipReader gunzips r if it starts with the gzip magic, so that the fuzz
// test can feed uncompressed bytes too.
func gzipReader(r io.Reader) (io.Reader, error) { return nn.OpenMaybeGzip(r) }
