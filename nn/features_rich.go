package nn

import (
	"fmt"
	"strings"

	"github.com/kakugo/kakugo/engine"
)

// RichName is the name of the Rich feature set.
const RichName = "rich-v1"

// The planes Rich adds after Basic's, in order.
const (
	planeLast      = basicPlanes + iota // the last move's cell
	planePrev                           // the move before it
	planeOwnThrees                      // five-cell windows through an empty cell with two own stones and no opponent's, / 5
	planeOppThrees                      //   (a stone there makes three in the window)
	planeOwnTwos                        // windows with one own stone and no opponent's, / 5
	planeOppTwos
	planeOwnDouble // 1 where a stone makes two threats (fours and open threes in two directions or more)
	planeOppDouble
	richPlanes
)

// Rich is Basic plus what a 24-channel network has little room to compute
// for itself: the last two moves (the answer to a move is near it), and
// for both players, at every empty cell, how many five-cell windows a stone
// there would bring to three or to two of the player's stones with none of
// the opponent's (how much the cell builds, the monomial potentials of
// Garcia's evaluator by rank), and whether it makes two threats at once.
// Its first planes are Basic's, so a Basic network widened to it with
// zero weights on the new planes computes what it computed (WidenInputs).
//
// Two things it does not know: the move history's order beyond the board
// (an Evaluator's cache is keyed by the position, so a position reached by
// another order of moves gets the first order's answer), and under renju
// black's forbidden points (a double three there is marked as a double
// threat although black may not play it; Rich2 adds them as a plane).
type Rich struct {
	Basic
	// windows[c][p]: bits 0-4 the windows with two of colour c+1's
	// stones, bits 5-9 those with one (each at most 20).
	windows [2][]uint16
}

// NewRich returns a Rich feature set with its own scratch space.
func NewRich() *Rich {
	f := &Rich{}
	f.Basic.windows = &f.windows // counted in Basic's scan
	return f
}

// Name implements Features.
func (*Rich) Name() string { return RichName }

// NumPlanes implements Features.
func (*Rich) NumPlanes() int { return richPlanes }

// Fill implements Features.
func (f *Rich) Fill(b *engine.Board, dst []float32) {
	f.Basic.Fill(b, dst)
	w, h := b.Width(), b.Height()
	n := w * h
	moves := b.Moves()
	for k, plane := range [2]int{planeLast, planePrev} {
		if i := len(moves) - 1 - k; i >= 0 {
			x, y := b.XY(moves[i])
			dst[plane*n+y*w+x] = 1
		}
	}
	me := b.SideToMove()
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			p := b.Pos(x, y)
			if b.At(p) != engine.Empty {
				continue
			}
			i := y*w + x
			for side, c := range [2]engine.Color{me, me.Opp()} {
				wc := f.windows[c-1][p]
				dst[(planeOwnThrees+side)*n+i] = float32(wc&31) / 5
				dst[(planeOwnTwos+side)*n+i] = float32(wc>>5&31) / 5
				fl := f.flags[c-1][p]
				if popcount4(fl)+popcount4(fl>>threeBits) >= 2 {
					dst[(planeOwnDouble+side)*n+i] = 1
				}
			}
		}
	}
}

// countWindow adds the five-cell window at s along d (no wall in it; cnt
// its cells by content) to the window counts of its empty cells: for the
// colour that has two or one stones there and the other none.
func (f *Basic) countWindow(b *engine.Board, s, d engine.Pos, cnt [4]int) {
	if cnt[engine.Black] != 0 && cnt[engine.White] != 0 {
		return
	}
	for c := engine.Black; c <= engine.White; c++ {
		var add uint16
		switch cnt[c] {
		case 2:
			add = 1
		case 1:
			add = 1 << 5
		default:
			continue
		}
		wc := f.windows[c-1]
		for i := engine.Pos(0); i < 5; i++ {
			if p := s + i*d; b.At(p) == engine.Empty {
				wc[p] += add
			}
		}
	}
}

// featureSets lists the feature sets by name, each with the set whose
// planes are its first ones ("" for none): a network of the base set can
// be widened to the set (WidenInputs).
var featureSets = []struct {
	name, base string
	make       func() Features
}{
	{BasicName, "", func() Features { return NewBasic() }},
	{RichName, BasicName, func() Features { return NewRich() }},
	{Rich2Name, RichName, func() Features { return NewRich2() }},
}

// FeaturesFor returns a new Features of the named set: what a network
// whose Arch.Features is name was trained on.
func FeaturesFor(name string) (Features, error) {
	for _, s := range featureSets {
		if s.name == name {
			return s.make(), nil
		}
	}
	return nil, fmt.Errorf("nn: unknown feature set %q (want one of %s)", name, strings.Join(FeatureSetNames(), ", "))
}

// FeatureSetNames lists the known feature sets, the first planes of each
// a prefix of the next's.
func FeatureSetNames() []string {
	names := make([]string, len(featureSets))
	for i, s := range featureSets {
		names[i] = s.name
	}
	return names
}

// extends reports whether the planes of the set named from are the first
// planes of the set named to (directly or through sets between); never
// for an empty or unknown from.
func extends(to, from string) bool {
	for to != "" && from != "" {
		next := ""
		for _, s := range featureSets {
			if s.name == to {
				next = s.base
			}
		}
		if next == from {
			return true
		}
		to = next
	}
	return false
}
