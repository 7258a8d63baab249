package baseline

import (
	"slices"

	"github.com/kakugo/kakugo/engine"
)

// patternSet is a PatternDB compiled for matching. Every line of the board
// is read as digits (0 empty, 1 own stone, 2 blocked) and each window of a
// length the database uses is a 2-bit-per-cell code that indexes a table of
// pattern numbers, so matching costs one lookup per window.
type patternSet struct {
	lens       []int
	table      [maxPatternLen + 1][]int32 // code -> pattern index + 1
	names      []string                   // canonical linear patterns
	score      []int32
	composable []bool // the pattern is part of some composite
	comp       map[uint32]int32
}

// compKey packs a pair of pattern indices, smaller first.
func compKey(a, b int32) uint32 {
	if b < a {
		a, b = b, a
	}
	return uint32(a)<<16 | uint32(b)
}

// patDigit maps the pattern alphabet to line digits.
func patDigit(ch byte) uint32 {
	switch ch {
	case patOwn:
		return 1
	case patBlocked:
		return 2
	}
	return 0
}

// patCode is the table index of a window spelled as a pattern.
func patCode(s string) uint32 {
	var code uint32
	for i := 0; i < len(s); i++ {
		code |= patDigit(s[i]) << (2 * i)
	}
	return code
}

// compile builds the matching tables of db. Indices follow the sorted
// pattern names, so two compilations of equal databases are identical.
func compile(db *PatternDB) *patternSet {
	ps := &patternSet{comp: map[uint32]int32{}}
	for k := range db.linear {
		ps.names = append(ps.names, k)
	}
	slices.Sort(ps.names)
	index := map[string]int32{}
	ps.score = make([]int32, len(ps.names))
	ps.composable = make([]bool, len(ps.names))
	for i, s := range ps.names {
		index[s] = int32(i)
		ps.score[i] = int32(db.linear[s].Score)
		L := len(s)
		if ps.table[L] == nil {
			ps.table[L] = make([]int32, 1<<(2*L))
			ps.lens = append(ps.lens, L)
		}
		ps.table[L][patCode(s)] = int32(i) + 1
		ps.table[L][patCode(reverse(s))] = int32(i) + 1
	}
	slices.Sort(ps.lens)
	for k, st := range db.composite {
		a, b := index[k[0]], index[k[1]]
		ps.composable[a], ps.composable[b] = true, true
		ps.comp[compKey(a, b)] = int32(st.Score)
	}
	return ps
}

// patBorder is how many blocked digits stand for the edge at each end of a
// line: enough for a seven-cell window centred on the first cell.
const patBorder = 3

// patLine is one line of the board: its direction and its cells in order.
type patLine struct {
	dir   int8
	cells []engine.Pos
}

// crossEntry records that an occurrence of a composable pattern along dir
// covers a stone; entries of one cell form a linked list.
type crossEntry struct {
	pat  int32
	dir  int8
	next int32
}

// patHits receives what a scan found, for learning.
type patHits struct {
	linear    []int32
	composite []uint32
}

// patEval scans positions with a patternSet. It caches the lines of the
// board size it last saw and keeps its scratch between calls.
type patEval struct {
	set       *patternSet
	w, h      int
	lines     []patLine
	digits    []uint32
	cellStamp []uint32
	cellHead  []int32
	stamp     uint32
	entries   []crossEntry
}

// prepare makes the line cache fit b.
func (e *patEval) prepare(b *engine.Board) {
	if e.w == b.Width() && e.h == b.Height() && len(e.cellStamp) == b.Size() {
		return
	}
	e.w, e.h = b.Width(), b.Height()
	e.lines = e.lines[:0]
	steps := [4][2]int{{1, 0}, {0, 1}, {1, 1}, {-1, 1}}
	for di, st := range steps {
		for y := 0; y < e.h; y++ {
			for x := 0; x < e.w; x++ {
				if b.OnBoard(x-st[0], y-st[1]) {
					continue // not the first cell of its line
				}
				var cells []engine.Pos
				for cx, cy := x, y; b.OnBoard(cx, cy); cx, cy = cx+st[0], cy+st[1] {
					cells = append(cells, b.Pos(cx, cy))
				}
				// A line shorter than five can never hold a five, so its
				// shapes are worth nothing.
				if len(cells) >= 5 {
					e.lines = append(e.lines, patLine{int8(di), cells})
				}
			}
		}
	}
	e.cellStamp = make([]uint32, b.Size())
	e.cellHead = make([]int32, b.Size())
	e.stamp = 0
}

// score is colour c's pattern total on b: the scores of the linear patterns
// found along every line, plus those of the composites whose two linear
// patterns cross at a stone of c. hits, when not nil, collects what matched.
func (e *patEval) score(b *engine.Board, c engine.Color, hits *patHits) int {
	e.prepare(b)
	ps := e.set
	e.stamp++
	if e.stamp == 0 {
		clear(e.cellStamp)
		e.stamp = 1
	}
	e.entries = e.entries[:0]
	total := 0
	for _, ln := range e.lines {
		n := len(ln.cells) + 2*patBorder
		d := e.digits[:0]
		for range patBorder {
			d = append(d, 2)
		}
		for _, q := range ln.cells {
			switch b.At(q) {
			case c:
				d = append(d, 1)
			case engine.Empty:
				d = append(d, 0)
			default:
				d = append(d, 2)
			}
		}
		for range patBorder {
			d = append(d, 2)
		}
		e.digits = d
		for _, L := range ps.lens {
			tbl := ps.table[L]
			var code uint32
			for j := 0; j < L-1; j++ {
				code |= d[j] << (2 * (j + 1))
			}
			top := uint(2 * (L - 1))
			for i := 0; i+L <= n; i++ {
				code = code>>2 | d[i+L-1]<<top
				idx := tbl[code]
				if idx == 0 {
					continue
				}
				pi := idx - 1
				total += int(ps.score[pi])
				if hits != nil {
					hits.linear = append(hits.linear, pi)
				}
				if !ps.composable[pi] {
					continue
				}
				for j := i; j < i+L; j++ {
					if d[j] == 1 {
						total += e.cross(ln.cells[j-patBorder], pi, ln.dir, hits)
					}
				}
			}
		}
	}
	return total
}

// cross records an occurrence of pattern pi along dir through the stone at
// q and returns the scores of the composites it forms there with the
// occurrences of other directions already recorded at q.
func (e *patEval) cross(q engine.Pos, pi int32, dir int8, hits *patHits) int {
	if e.cellStamp[q] != e.stamp {
		e.cellStamp[q] = e.stamp
		e.cellHead[q] = -1
	}
	total := 0
	for k := e.cellHead[q]; k >= 0; k = e.entries[k].next {
		o := e.entries[k]
		if o.dir == dir {
			continue
		}
		key := compKey(o.pat, pi)
		if v, ok := e.set.comp[key]; ok {
			total += int(v)
			if hits != nil {
				hits.composite = append(hits.composite, key)
			}
		}
	}
	e.entries = append(e.entries, crossEntry{pi, dir, e.cellHead[q]})
	e.cellHead[q] = int32(len(e.entries) - 1)
	return total
}

// value is the static evaluation for the side to move: its pattern total
// minus the opponent's.
func (e *patEval) value(b *engine.Board) int {
	me := b.SideToMove()
	return e.score(b, me, nil) - e.score(b, me.Opp(), nil)
}
