package nn

import "github.com/kakugo/kakugo/engine"

// Features computes the input planes of a position, always from the view of
// the side to move. Implementations may keep scratch buffers, so one value
// serves one goroutine.
type Features interface {
	// Name identifies the feature set; a network trained on one set
	// refuses another (Arch.Features).
	Name() string
	// NumPlanes is the number of planes Fill writes.
	NumPlanes() int
	// Fill writes the planes of b into dst, plane after plane, cell (x, y)
	// of plane k at k*w*h + y*w + x. dst has NumPlanes()*w*h values and is
	// zero on entry.
	Fill(b *engine.Board, dst []float32)
}

// BasicName is the name of the Basic feature set.
const BasicName = "basic-v1"

// The planes of Basic, in order.
const (
	planeOwn = iota
	planeOpp
	planeEmpty
	planeOnBoard  // 1 on every cell: with zero padding it marks the edge
	planeBlack    // 1 everywhere when black is to move
	planeRenju    // 1 everywhere under renju
	planeExact    // 1 everywhere under the exact-five rules
	planeOwnFive  // empty cell where the side to move makes five
	planeOppFive  // empty cell where the opponent makes five
	planeOwnFour  // directions in which a stone here makes a four
	planeOppFour  //   (five cells: four stones and one empty), 0 to 4
	planeOwnThree // directions in which a stone here makes an open three
	planeOppThree //   (3 stones and a gap inside six cells with empty ends)
	basicPlanes
)

// Basic is the built-in feature set: stones, empty and on-board cells, the
// side to move and the rule, and for both players the cells where a stone
// makes five (exactly, by engine.Board.IsFive), and the number of directions
// in which it makes a four or an open three, found by line scans. The
// threats are the patterns Yan and Feng feed as predefined filters; the
// evaluator's richer classes can replace them through another Features.
type Basic struct {
	// flags[c][p]: bits 0-3 four directions, 4-7 three directions, 8 five
	// candidate, for colour c+1 at Pos p.
	flags [2][]uint16
	// windows, when not nil, gets Rich's window counts from the same scan
	// (countWindow), so that the five-cell windows are read once.
	windows *[2][]uint16
}

// NewBasic returns a Basic feature set with its own scratch space.
func NewBasic() *Basic { return &Basic{} }

// Name implements Features.
func (*Basic) Name() string { return BasicName }

// NumPlanes implements Features.
func (*Basic) NumPlanes() int { return basicPlanes }

const (
	flagFive  = 1 << 8
	threeBits = 4
)

// Fill implements Features.
func (f *Basic) Fill(b *engine.Board, dst []float32) {
	w, h := b.Width(), b.Height()
	n := w * h
	me := b.SideToMove()
	f.scan(b)
	plane := func(k int) []float32 { return dst[k*n : (k+1)*n] }
	var constant [3]bool
	constant[0] = me == engine.Black
	constant[1] = b.Rule() == engine.Renju
	constant[2] = b.Rule() == engine.Exact || b.Rule() == engine.CaroExact
	for k, on := range constant {
		if on {
			pl := plane(planeBlack + k)
			for i := range pl {
				pl[i] = 1
			}
		}
	}
	onBoard := plane(planeOnBoard)
	for i := range onBoard {
		onBoard[i] = 1
	}
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			i := y*w + x
			p := b.Pos(x, y)
			switch b.At(p) {
			case me:
				dst[planeOwn*n+i] = 1
				continue
			case me.Opp():
				dst[planeOpp*n+i] = 1
				continue
			}
			dst[planeEmpty*n+i] = 1
			for side, c := range [2]engine.Color{me, me.Opp()} {
				fl := f.flags[c-1][p]
				if fl == 0 {
					continue
				}
				if fl&flagFive != 0 && b.IsFive(p, c) {
					dst[(planeOwnFive+side)*n+i] = 1
				}
				dst[(planeOwnFour+side)*n+i] = float32(popcount4(fl))
				dst[(planeOwnThree+side)*n+i] = float32(popcount4(fl >> threeBits))
			}
		}
	}
}

func popcount4(v uint16) int {
	return int(v&1 + v>>1&1 + v>>2&1 + v>>3&1)
}

// scan sets the threat flags of every empty cell by sliding five- and
// six-cell windows along the four directions. Windows stop at walls, which
// the padded board gives for free.
func (f *Basic) scan(b *engine.Board) {
	zeroed(&f.flags, b.Size())
	if f.windows != nil {
		zeroed(f.windows, b.Size())
	}
	dirs := b.Dirs()
	w, h := b.Width(), b.Height()
	for di, d := range dirs {
		for y := 0; y < h; y++ {
			for x := 0; x < w; x++ {
				s := b.Pos(x, y)
				cnt := count5(b, s, d)
				if cnt[engine.Wall] == 0 {
					f.window5(b, s, d, di, cnt)
					if f.windows != nil {
						f.countWindow(b, s, d, cnt)
					}
				}
				// The six-cell window: empty ends around four cells.
				e := s + 5*d
				if b.At(s) == engine.Empty && b.At(e) == engine.Empty && cnt[engine.Wall] == 0 {
					var mid [4]int
					for i := engine.Pos(1); i < 5; i++ {
						mid[b.At(s+i*d)]++
					}
					for c := engine.Black; c <= engine.White; c++ {
						if mid[c] == 2 && mid[engine.Empty] == 2 {
							f.mark(b, s+d, d, 4, c, 1<<(threeBits+di))
						}
					}
				}
			}
		}
	}
}

// zeroed makes both colours' slices of scratch size cells long and zero.
func zeroed(scratch *[2][]uint16, size int) {
	for c := range scratch {
		if len(scratch[c]) != size {
			scratch[c] = make([]uint16, size)
		} else {
			clear(scratch[c])
		}
	}
}

// count5 counts the cells of the five-cell window at s along d by content
// (indexed by engine.Color, walls included).
func count5(b *engine.Board, s, d engine.Pos) [4]int {
	var cnt [4]int
	for i := engine.Pos(0); i < 5; i++ {
		cnt[b.At(s+i*d)]++
	}
	return cnt
}

// window5 marks the empty cells of the five-cell window at s along d.
func (f *Basic) window5(b *engine.Board, s, d engine.Pos, di int, cnt [4]int) {
	for c := engine.Black; c <= engine.White; c++ {
		if cnt[c.Opp()] != 0 {
			continue
		}
		switch cnt[c] {
		case 4:
			f.mark(b, s, d, 5, c, flagFive)
		case 3:
			f.mark(b, s, d, 5, c, 1<<di)
		}
	}
}

// mark ors bit into the flags of colour c at the empty cells of the n-cell
// run at s along d.
func (f *Basic) mark(b *engine.Board, s, d engine.Pos, n int, c engine.Color, bit uint16) {
	fl := f.flags[c-1]
	for i := 0; i < n; i++ {
		p := s + engine.Pos(i)*d
		if b.At(p) == engine.Empty {
			fl[p] |= bit
		}
	}
}
