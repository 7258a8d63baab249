// Package engine holds the game: the board, the rules, hashing, make and
// undo, and the win and renju forbidden-move checks. It imports none of the
// engine's other packages.
package engine

import (
	"errors"
	"fmt"
)

// Pad is the number of wall cells around the board. Five is enough for every
// line scan the engine does (a stone plus five cells each way) to stay inside
// the array without bounds checks.
const Pad = 5

// MinSize and MaxSize bound the width and height of a board.
const (
	MinSize = 5
	MaxSize = 32
)

// Pos is an index into the padded one-dimensional cell array of a Board.
// Positions are only meaningful for the board (or a board of the same size)
// that produced them.
type Pos int32

// NoPos stands for "no move".
const NoPos Pos = -1

// Observer follows every stone placed and removed on a board, so that it can
// keep incremental state (the evaluator's tables) in step with the game.
type Observer interface {
	// Made is called after a stone of colour c has been placed at p.
	Made(b *Board, p Pos, c Color)
	// Undone is called after the stone of colour c at p has been removed.
	Undone(b *Board, p Pos, c Color)
}

// Board is a game in progress: the stones, the side to move, the move
// history and its Zobrist hash. Black moves first and the sides alternate;
// Put and SetSideToMove set up positions that did not arise that way (puzzles,
// recorded diagrams).
type Board struct {
	w, h, stride int
	rule         Rule
	cells        []Color
	hash         uint64
	side         Color
	moves        []Pos
	observers    []Observer
	dirs         [4]Pos
}

// ErrOccupied, ErrOffBoard and ErrForbidden are returned by Play.
var (
	ErrOccupied  = errors.New("cell is occupied")
	ErrOffBoard  = errors.New("coordinates are off the board")
	ErrForbidden = errors.New("forbidden point for black")
)

// New returns an empty w x h board under rule r.
func New(w, h int, r Rule) (*Board, error) {
	if w < MinSize || w > MaxSize || h < MinSize || h > MaxSize {
		return nil, fmt.Errorf("board %dx%d is not supported (%d to %d)", w, h, MinSize, MaxSize)
	}
	if r > CaroExact {
		return nil, fmt.Errorf("unknown rule %d", r)
	}
	// Rows share their padding: the Pad wall cells after a row are also the
	// Pad wall cells before the next one.
	stride := w + Pad
	b := &Board{w: w, h: h, stride: stride, rule: r, side: Black}
	b.cells = make([]Color, (h+2*Pad)*stride+Pad)
	for i := range b.cells {
		b.cells[i] = Wall
	}
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			b.cells[b.Pos(x, y)] = Empty
		}
	}
	s := Pos(stride)
	b.dirs = [4]Pos{1, s, s + 1, s - 1}
	b.moves = make([]Pos, 0, w*h)
	return b, nil
}

// Width is the number of columns (x runs from 0 to Width-1).
func (b *Board) Width() int { return b.w }

// Height is the number of rows (y runs from 0 to Height-1).
func (b *Board) Height() int { return b.h }

// Rule is the rule the game is played under.
func (b *Board) Rule() Rule { return b.rule }

// Size is the length of the padded cell array; every Pos of the board is
// below it, so observers can size per-cell arrays with it.
func (b *Board) Size() int { return len(b.cells) }

// Dirs are the Pos offsets of the four line directions: horizontal,
// vertical, diagonal and anti-diagonal.
func (b *Board) Dirs() [4]Pos { return b.dirs }

// Pos is the index of cell (x, y); the caller guarantees it is on the board.
func (b *Board) Pos(x, y int) Pos { return Pos((y+Pad)*b.stride + x + Pad) }

// XY is the inverse of Pos.
func (b *Board) XY(p Pos) (x, y int) {
	return int(p)%b.stride - Pad, int(p)/b.stride - Pad
}

// OnBoard reports whether (x, y) is a cell of the board.
func (b *Board) OnBoard(x, y int) bool { return x >= 0 && y >= 0 && x < b.w && y < b.h }

// At is the content of p: a stone, Empty, or Wall outside the board.
func (b *Board) At(p Pos) Color { return b.cells[p] }

// SideToMove is the colour that plays next.
func (b *Board) SideToMove() Color { return b.side }

// SetSideToMove gives the move to c, for positions set up with Put.
func (b *Board) SetSideToMove(c Color) {
	if c != b.side {
		b.side = c
		b.hash ^= zobristWhite
	}
}

// Hash is the Zobrist key of the stones and the side to move.
func (b *Board) Hash() uint64 { return b.hash }

// MoveCount is the number of stones on the board.
func (b *Board) MoveCount() int { return len(b.moves) }

// Moves is the move history, oldest first. The slice is the board's own:
// callers must not modify it, and it changes with the next Make or Undo.
func (b *Board) Moves() []Pos { return b.moves }

// LastMove is the most recent move, or NoPos on an empty board.
func (b *Board) LastMove() Pos {
	if len(b.moves) == 0 {
		return NoPos
	}
	return b.moves[len(b.moves)-1]
}

// Full reports whether no empty cell is left.
func (b *Board) Full() bool { return len(b.moves) == b.w*b.h }

// Attach adds an observer that is told of every later Make and Undo.
func (b *Board) Attach(o Observer) { b.observers = append(b.observers, o) }

// Detach removes an observer added with Attach, and reports whether it
// was attached.
func (b *Board) Detach(o Observer) bool {
	for i, x := range b.observers {
		if x == o {
			b.observers = append(b.observers[:i], b.observers[i+1:]...)
			return true
		}
	}
	return false
}

// Make places a stone of the side to move at p, which must be empty. It does
// not check legality: searches call it on moves they generated themselves.
func (b *Board) Make(p Pos) { b.Put(p, b.side) }

// Put places a stone of colour c at the empty cell p and gives the move to
// the other side. It is Make for positions that do not alternate; the stone
// goes into the history, so Undo takes it back like any move.
func (b *Board) Put(p Pos, c Color) {
	b.cells[p] = c
	x, y := b.XY(p)
	b.hash ^= zobrist[c-1][y*MaxSize+x]
	b.moves = append(b.moves, p)
	b.SetSideToMove(c.Opp())
	for _, o := range b.observers {
		o.Made(b, p, c)
	}
}

// Undo takes back the last move and gives the move back to its colour. It
// panics on an empty board.
func (b *Board) Undo() {
	p := b.moves[len(b.moves)-1]
	b.moves = b.moves[:len(b.moves)-1]
	c := b.cells[p]
	b.cells[p] = Empty
	x, y := b.XY(p)
	b.hash ^= zobrist[c-1][y*MaxSize+x]
	b.SetSideToMove(c)
	for _, o := range b.observers {
		o.Undone(b, p, c)
	}
}

// Play is the checked form of Make for moves that come from outside: it
// refuses cells off the board, occupied cells, and renju forbidden points.
func (b *Board) Play(x, y int) error {
	if !b.OnBoard(x, y) {
		return ErrOffBoard
	}
	p := b.Pos(x, y)
	if b.cells[p] != Empty {
		return ErrOccupied
	}
	if b.SideToMove() == Black && b.IsForbidden(p) {
		return ErrForbidden
	}
	b.Make(p)
	return nil
}

// Legal reports whether the side to move may play at p.
func (b *Board) Legal(p Pos) bool {
	if p < 0 || int(p) >= len(b.cells) || b.cells[p] != Empty {
		return false
	}
	return b.SideToMove() != Black || !b.IsForbidden(p)
}

// Clone is an independent copy of the game without its observers.
func (b *Board) Clone() *Board {
	c := *b
	c.cells = append([]Color(nil), b.cells...)
	c.moves = append(make([]Pos, 0, cap(b.moves)), b.moves...)
	c.observers = nil
	return &c
}

// String draws the board with x as letters and y+1 as numbers, in the pos
// notation used by opening files (h8 is x=7, y=7).
func (b *Board) String() string {
	out := []byte("   ")
	for x := 0; x < b.w; x++ {
		out = append(out, ' ', byte('a'+x))
	}
	out = append(out, '\n')
	for y := 0; y < b.h; y++ {
		out = append(out, fmt.Sprintf("%3d", y+1)...)
		for x := 0; x < b.w; x++ {
			ch := byte('.')
			switch b.cells[b.Pos(x, y)] {
			case Black:
				ch = 'X'
			case White:
				ch = 'O'
			}
			out = append(out, ' ', ch)
		}
		out = append(out, '\n')
	}
	return string(out)
}
