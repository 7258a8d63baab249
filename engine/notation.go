package engine

import (
	"fmt"
	"strconv"
	"strings"
)

// Point is a cell in protocol coordinates: x is the column, y the row, both
// from 0, y growing downwards.
type Point struct{ X, Y int }

// ParseMoves reads a move sequence in pos notation, the notation of opening
// files and Yixin-Board's getpos: each move is a letter for x (a = 0) followed
// by a number for y (1 = 0), with no separators, black first ("h8i9g7").
// Upper-case letters are accepted. Columns beyond z are not expressible.
func ParseMoves(s string) ([]Point, error) {
	s = strings.TrimSpace(s)
	var out []Point
	for i := 0; i < len(s); {
		c := s[i] | 0x20 // lower case
		if c < 'a' || c > 'z' {
			return nil, fmt.Errorf("pos %q: expected a column letter at %d", s, i)
		}
		i++
		j := i
		for j < len(s) && s[j] >= '0' && s[j] <= '9' && j-i < 3 {
			j++
		}
		if j == i {
			return nil, fmt.Errorf("pos %q: expected a row number at %d", s, i)
		}
		y := 0
		for _, ch := range s[i:j] {
			y = y*10 + int(ch-'0')
		}
		if y < 1 {
			return nil, fmt.Errorf("pos %q: row 0 at %d", s, i)
		}
		out = append(out, Point{int(c - 'a'), y - 1})
		i = j
	}
	return out, nil
}

// FormatMove writes a cell in pos notation ("h8" for x=7, y=7).
func FormatMove(x, y int) string {
	if x < 0 || x >= 26 {
		return fmt.Sprintf("?%d", y+1)
	}
	return fmt.Sprintf("%c%d", 'a'+x, y+1)
}

// FromMoves plays a move sequence (black first) on a new w x h board. Every
// move must be on the board and empty; forbidden points are accepted because
// recorded games and openings may contain them. It fails if a move completes a
// five before the sequence ends.
func FromMoves(w, h int, r Rule, moves []Point) (*Board, error) {
	b, err := New(w, h, r)
	if err != nil {
		return nil, err
	}
	for i, m := range moves {
		if !b.OnBoard(m.X, m.Y) {
			return nil, fmt.Errorf("move %d (%d,%d): %w", i+1, m.X, m.Y, ErrOffBoard)
		}
		p := b.Pos(m.X, m.Y)
		if b.At(p) != Empty {
			return nil, fmt.Errorf("move %d (%d,%d): %w", i+1, m.X, m.Y, ErrOccupied)
		}
		if b.Winner() != Empty {
			return nil, fmt.Errorf("move %d (%d,%d): the game was already won", i+1, m.X, m.Y)
		}
		b.Make(p)
	}
	return b, nil
}

// ParseDiagramCell reads a cell in diagram notation, as renju problems and
// test positions write it: a letter for the column (A = 0) and a number for
// the row counted from the bottom, so on 15x15 "H8" is (7,7) and "A1" is
// (0,14).
func ParseDiagramCell(s string, h int) (Point, error) {
	s = strings.TrimSpace(s)
	if len(s) < 2 {
		return Point{}, fmt.Errorf("cell %q: too short", s)
	}
	c := s[0] | 0x20
	if c < 'a' || c > 'z' {
		return Point{}, fmt.Errorf("cell %q: bad column", s)
	}
	n := 0
	for _, ch := range s[1:] {
		if ch < '0' || ch > '9' || n > MaxSize {
			return Point{}, fmt.Errorf("cell %q: bad row", s)
		}
		n = n*10 + int(ch-'0')
	}
	if n < 1 || n > h {
		return Point{}, fmt.Errorf("cell %q: row off the board", s)
	}
	return Point{int(c - 'a'), h - n}, nil
}

// FormatDiagramCell is the inverse of ParseDiagramCell.
func FormatDiagramCell(x, y, h int) string {
	return fmt.Sprintf("%c%d", 'A'+x, h-y)
}

// FromStones sets up a position from stone lists, black's first, and gives
// the move to toMove. It fails on cells off the board or listed twice.
func FromStones(w, h int, r Rule, black, white []Point, toMove Color) (*Board, error) {
	b, err := New(w, h, r)
	if err != nil {
		return nil, err
	}
	for i, list := range [2][]Point{black, white} {
		for _, m := range list {
			if !b.OnBoard(m.X, m.Y) {
				return nil, fmt.Errorf("stone (%d,%d): %w", m.X, m.Y, ErrOffBoard)
			}
			p := b.Pos(m.X, m.Y)
			if b.At(p) != Empty {
				return nil, fmt.Errorf("stone (%d,%d): %w", m.X, m.Y, ErrOccupied)
			}
			b.Put(p, Color(i+1))
		}
	}
	b.SetSideToMove(toMove)
	return b, nil
}

// ParseSize reads a board size written "N" (square) or "WxH", as flags,
// opening tools and game records write it, and checks it is supported.
func ParseSize(s string) (w, h int, err error) {
	s = strings.ToLower(strings.TrimSpace(s))
	ws, hs, rect := strings.Cut(s, "x")
	w, err = strconv.Atoi(ws)
	if err != nil {
		return 0, 0, fmt.Errorf("board size %q: want N or WxH", s)
	}
	h = w
	if rect {
		if h, err = strconv.Atoi(hs); err != nil {
			return 0, 0, fmt.Errorf("board size %q: want N or WxH", s)
		}
	}
	if w < MinSize || w > MaxSize || h < MinSize || h > MaxSize {
		return 0, 0, fmt.Errorf("board size %q: sides must be %d to %d", s, MinSize, MaxSize)
	}
	return w, h, nil
}
