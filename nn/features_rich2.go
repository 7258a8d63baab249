package nn

import "github.com/kakugo/kakugo/engine"

// Rich2Name is the name of the Rich2 feature set.
const Rich2Name = "rich-v2"

// The plane Rich2 adds after Rich's.
const (
	planeForbidden = richPlanes + iota // black's forbidden points under renju
	rich2Planes
)

// Rich2 is Rich plus, under renju, black's forbidden points (1 at every
// empty cell where black may not play, whichever side is to move; zero
// under the other rules). Rich's double-threat plane marks a forbidden
// double three of black as a double threat: with this plane the network
// can learn that white need not answer it, and that white may aim at it.
// Its first planes are Rich's (WidenInputs).
type Rich2 struct {
	Rich
}

// NewRich2 returns a Rich2 feature set with its own scratch space.
func NewRich2() *Rich2 {
	f := &Rich2{}
	f.Basic.windows = &f.windows
	return f
}

// Name implements Features.
func (*Rich2) Name() string { return Rich2Name }

// NumPlanes implements Features.
func (*Rich2) NumPlanes() int { return rich2Planes }

// Fill implements Features.
func (f *Rich2) Fill(b *engine.Board, dst []float32) {
	f.Rich.Fill(b, dst)
	if b.Rule() != engine.Renju {
		return
	}
	w, h := b.Width(), b.Height()
	plane := dst[planeForbidden*w*h : (planeForbidden+1)*w*h]
	flags := f.flags[engine.Black-1]
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			p := b.Pos(x, y)
			if b.At(p) == engine.Empty && mayBeForbidden(b, p, flags[p]) && b.IsForbidden(p) {
				plane[y*w+x] = 1
			}
		}
	}
}

// mayBeForbidden is a cheap necessary condition for black's forbidden
// point at the empty cell p (fl its black threat flags from Basic's scan),
// so that the exact, recursive test runs on few cells: two fours need a
// four, two threes need two open threes by the scan's looser definition,
// and an overline through p needs black stones on both sides of it on one
// line (a run of six ending at p would contain a five already, and the
// game would be over).
func mayBeForbidden(b *engine.Board, p engine.Pos, fl uint16) bool {
	if popcount4(fl) > 0 || popcount4(fl>>threeBits) >= 2 {
		return true
	}
	for _, d := range b.Dirs() {
		if b.At(p-d) == engine.Black && b.At(p+d) == engine.Black {
			return true
		}
	}
	return false
}
