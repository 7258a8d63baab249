// Package policydata is the exchange between Go and the PyTorch trainer of
// the policy network (tools/gpu): the training positions with the exact
// input planes that nn's features compute (so Python never reimplements the
// five, four and three logic; only the window counts, derive.go, which the
// export checks against nn), and raw float32 weights (ReadRaw, WriteRaw)
// that Go imports into the weight format.
package policydata

import (
	"bufio"
	"compress/gzip"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/nn"
)

// The positions file, gzip'd; all integers little-endian, arrays stored
// whole one after another (columns), so numpy reads each with one call:
//
//	magic     8 bytes "KKGOPOS\n", uint32 version (2; 1 lacks kind and divisor)
//	features  uint16 length + name, uint32 planes P (3 to 64);
//	          uint8 kind[P], divisor[P]
//	leagues   uint32 count, each uint16 length + name
//	counts    uint32 games G, moves M, positions N, entries E, probes Q
//	games     uint8 w[G], h[G], rule[G], test[G], league[G];
//	          uint32 moveStart[G+1]; uint16 moves[M] (cell y*w+x, black first)
//	positions uint32 game[N]; uint16 ply[N], target[N], constant[N];
//	          uint32 entryStart[N+1]
//	entries   uint16 cell[E]; uint8 plane[E]; int8 value[E]
//	probes    uint32 position[Q]; float32 logits, w*h per probe in order
//
// Position i is game[i] before move ply[i], the side to move to play
// target[i]. Its planes are rebuilt as integers: plane 0 the side to
// move's stones (the game's moves before ply of the same parity as ply),
// plane 1 the opponent's, plane 2 the empty cells, every plane below 16
// whose bit is set in constant[i] all ones, every plane whose kind is not
// 0 the window counts of that kind (derive.go: the reader computes them
// from the stones, and no entry holds them), then each of its entries adds
// value to plane at cell; a plane's value is that integer divided by its
// divisor. An entry of plane P (one past the last) marks an empty cell where
// the side to move may not play (a renju forbidden point): the legal cells
// are plane 2's less those. The probes are logits of a reference network
// on some test positions, so the trainer can check its own forward pass
// against nn's.

var posMagic = [8]byte{'K', 'K', 'G', 'O', 'P', 'O', 'S', '\n'}

// Version is the positions file's version.
const Version = 2

// maxPlanes bounds the planes a file holds (an entry's plane is a byte, and
// plane P marks the forbidden cells).
const maxPlanes = 64

// Stats counts what Write wrote.
type Stats struct {
	Games, TrainPositions, TestPositions, Entries, Skipped int
	// Derived counts the nonzero values of the derived planes, which the
	// reader computes and no entry stores.
	Derived int
}

// Source is the games Write exports: the training side and the test side
// of the split, and which reference network's logits to store for the
// first Probes test positions (none when Net is nil).
type Source struct {
	Train, Test []nn.Game
	Features    func() nn.Features
	Net         *nn.Net
	Probes      int
}

// columns is the file's content before it is written.
type columns struct {
	planes                   int
	features                 string
	kind, divisor            []uint8 // per plane (derive.go)
	leagues                  []string
	w, h, rule, test, league []uint8
	moveStart                []uint32
	moves                    []uint16
	game                     []uint32
	ply, target, constant    []uint16
	entryStart               []uint32
	cell                     []uint16
	plane                    []uint8
	value                    []int8
	probePos                 []uint32
	probeLogits              []float32

	derived int        // the derived planes' nonzero values (Stats.Derived)
	cells   []uint8    // scratch: the board by owner (0 empty, 1 side to move, 2 opponent)
	windows [4][]uint8 // scratch: the window counts (windowCounts)
}

// Write exports src's positions: every move after a game's opening stones
// whose move is legal (a recorded forbidden move is skipped, as nn's
// training skips it).
func Write(w io.Writer, src Source) (Stats, error) {
	f := src.Features()
	c := columns{planes: f.NumPlanes(), features: f.Name()}
	if c.planes < 3 || c.planes > maxPlanes {
		return Stats{}, fmt.Errorf("policydata: %d planes (the format holds 3 to %d)", c.planes, maxPlanes)
	}
	c.kind, c.divisor = planeLayout(c.features, c.planes)
	var st Stats
	leagueID := map[string]uint8{}
	c.moveStart = []uint32{0}
	c.entryStart = []uint32{0}
	var ws *nn.Workspace
	if src.Net != nil {
		ws = nn.NewWorkspace()
	}
	var dense []float32
	var legal []bool
	for side, games := range [2][]nn.Game{src.Train, src.Test} {
		for gi := range games {
			g := &games[gi]
			if g.W > 255 || g.H > 255 || g.W*g.H > 1<<16 {
				return st, fmt.Errorf("policydata: board %dx%d", g.W, g.H)
			}
			id, ok := leagueID[g.Year+" "+g.League]
			if !ok {
				if len(c.leagues) == 255 {
					return st, errors.New("policydata: more than 255 leagues")
				}
				id = uint8(len(c.leagues))
				leagueID[g.Year+" "+g.League] = id
				c.leagues = append(c.leagues, g.Year+" "+g.League)
			}
			gameIdx := uint32(len(c.w))
			c.w, c.h, c.rule = append(c.w, uint8(g.W)), append(c.h, uint8(g.H)), append(c.rule, uint8(g.Rule))
			c.test, c.league = append(c.test, uint8(side)), append(c.league, id)
			for _, m := range g.Moves {
				c.moves = append(c.moves, uint16(m.Y*g.W+m.X))
			}
			c.moveStart = append(c.moveStart, uint32(len(c.moves)))
			st.Games++
			b, err := engine.New(g.W, g.H, g.Rule)
			if err != nil {
				return st, err
			}
			n := g.W * g.H
			for ply, m := range g.Moves {
				if ply >= g.Opening {
					t := b.Pos(m.X, m.Y)
					if !b.Legal(t) {
						st.Skipped++
					} else {
						if cap(dense) < c.planes*n {
							dense = make([]float32, c.planes*n)
						}
						dense = dense[:c.planes*n]
						clear(dense)
						f.Fill(b, dense)
						legal = nn.LegalMask(b, legal)
						if err := c.addPosition(b, gameIdx, ply, m.Y*g.W+m.X, dense, legal); err != nil {
							return st, fmt.Errorf("policydata: %s move %d: %w", g.Source, ply+1, err)
						}
						if side == 1 {
							st.TestPositions++
							if ws != nil && len(c.probePos) < src.Probes {
								logits := make([]float32, n)
								if err := src.Net.Forward(ws, dense, g.W, g.H, logits); err != nil {
									return st, err
								}
								c.probePos = append(c.probePos, uint32(len(c.game)-1))
								c.probeLogits = append(c.probeLogits, logits...)
							}
						} else {
							st.TrainPositions++
						}
					}
				}
				b.Make(b.Pos(m.X, m.Y))
			}
		}
	}
	st.Entries, st.Derived = len(c.cell), c.derived
	return st, c.write(w)
}

// addPosition appends one position: the planes' difference from what the
// stones, the constant planes and the derived planes give, as entries.
// A derived plane must equal its count over its divisor exactly.
func (c *columns) addPosition(b *engine.Board, game uint32, ply, target int, dense []float32, legal []bool) error {
	w, h := b.Width(), b.Height()
	n := w * h
	me := b.SideToMove()
	if cap(c.cells) < n {
		c.cells = make([]uint8, n)
	}
	cells := c.cells[:n]
	for i := range cells {
		switch b.At(b.Pos(i%w, i/w)) {
		case engine.Empty:
			cells[i] = 0
		case me:
			cells[i] = 1
		default:
			cells[i] = 2
		}
	}
	if anyDerived(c.kind) {
		windowCounts(w, h, cells, &c.windows)
	}
	var constant uint16
	for p := 3; p < c.planes && p < 16; p++ {
		if c.kind[p] != deriveNone {
			continue
		}
		all := true
		for _, v := range dense[p*n : (p+1)*n] {
			if v != 1 {
				all = false
				break
			}
		}
		if all {
			constant |= 1 << p
		}
	}
	for p := 0; p < c.planes; p++ {
		div := float32(c.divisor[p])
		if k := c.kind[p]; k != deriveNone {
			for i, v := range dense[p*n : (p+1)*n] {
				if want := float32(c.windows[k-1][i]) / div; v != want {
					return fmt.Errorf("plane %d cell %d holds %v, its derivation %d gives %v", p, i, v, k, want)
				}
				if v != 0 {
					c.derived++
				}
			}
			continue
		}
		for i, v := range dense[p*n : (p+1)*n] {
			base := float32(0)
			switch {
			case p >= 3 && constant&(1<<p) != 0:
				base = 1
			case p < 3:
				if (p == 0 && cells[i] == 1) || (p == 1 && cells[i] == 2) || (p == 2 && cells[i] == 0) {
					base = 1
				}
			}
			d := v*div - base
			if d == 0 {
				continue
			}
			if d != float32(math.Trunc(float64(d))) || d < -128 || d > 127 || (d+base)/div != v {
				return fmt.Errorf("plane %d cell %d holds %v, which the format cannot carry", p, i, v)
			}
			c.cell, c.plane, c.value = append(c.cell, uint16(i)), append(c.plane, uint8(p)), append(c.value, int8(d))
		}
	}
	for i, ok := range legal[:n] {
		if !ok && cells[i] == 0 {
			c.cell, c.plane, c.value = append(c.cell, uint16(i)), append(c.plane, uint8(c.planes)), append(c.value, 1)
		}
	}
	c.game = append(c.game, game)
	c.ply, c.target, c.constant = append(c.ply, uint16(ply)), append(c.target, uint16(target)), append(c.constant, constant)
	c.entryStart = append(c.entryStart, uint32(len(c.cell)))
	return nil
}

func (c *columns) write(w io.Writer) error {
	zw, err := gzip.NewWriterLevel(w, gzip.BestSpeed)
	if err != nil {
		return err
	}
	bw := bufio.NewWriterSize(zw, 1<<20)
	le := binary.LittleEndian
	put := func(v any) {
		if err == nil {
			err = binary.Write(bw, le, v)
		}
	}
	str := func(s string) {
		put(uint16(len(s)))
		put([]byte(s))
	}
	put(posMagic)
	put(uint32(Version))
	str(c.features)
	put(uint32(c.planes))
	put(c.kind)
	put(c.divisor)
	put(uint32(len(c.leagues)))
	for _, l := range c.leagues {
		str(l)
	}
	for _, v := range []int{len(c.w), len(c.moves), len(c.game), len(c.cell), len(c.probePos)} {
		put(uint32(v))
	}
	for _, v := range []any{c.w, c.h, c.rule, c.test, c.league, c.moveStart, c.moves,
		c.game, c.ply, c.target, c.constant, c.entryStart, c.cell, c.plane, c.value, c.probePos, c.probeLogits} {
		put(v)
	}
	if err != nil {
		return err
	}
	if err := bw.Flush(); err != nil {
		return err
	}
	return zw.Close()
}
