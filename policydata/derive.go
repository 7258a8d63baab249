package policydata

import "github.com/kakugo/kakugo/nn"

// Derived planes (version 2): planes that the reader computes from the
// stones instead of reading entries. Rich's window counts are nonzero on
// most empty cells near the stones: on session 21's training file 192.6 M
// values against the 16.6 M entries stored (Stats.Derived), which as
// entries would not fit the 64 MiB a device call carries, while the
// trainer computes them from the stone planes with four convolutions.
// Write checks every derived value against what the features computed,
// so a layout below that disagreed with nn would fail the export, never
// write wrong planes.
const (
	deriveNone    uint8 = iota
	deriveWin2Own       // five-cell windows through the cell with two of the side to move's stones and none of the opponent's
	deriveWin2Opp       // the same with the opponent's stones
	deriveWin1Own       // windows with one of the side to move's stones and none of the opponent's
	deriveWin1Opp       // the same with the opponent's stones
	deriveKinds
)

// derivedPlane is one derived plane of a feature set: its index, what it
// counts, and the divisor that makes the count the plane's value.
type derivedPlane struct {
	plane         int
	kind, divisor uint8
}

// richWindows is Rich's layout (nn/features_rich.go): planes 15 to 18 are
// the window counts by rank and side, divided by 5. Rich2 keeps Rich's
// planes first.
var richWindows = []derivedPlane{
	{15, deriveWin2Own, 5}, {16, deriveWin2Opp, 5},
	{17, deriveWin1Own, 5}, {18, deriveWin1Opp, 5},
}

// layouts maps a feature set's name to its derived planes; a set not
// listed has none.
var layouts = map[string][]derivedPlane{
	nn.RichName:  richWindows,
	nn.Rich2Name: richWindows,
}

// planeLayout returns, for a feature set with the given planes, each
// plane's derivation kind and divisor (deriveNone and 1 for the rest).
func planeLayout(features string, planes int) (kind, divisor []uint8) {
	kind, divisor = make([]uint8, planes), make([]uint8, planes)
	for p := range divisor {
		divisor[p] = 1
	}
	for _, d := range layouts[features] {
		if d.plane < planes {
			kind[d.plane], divisor[d.plane] = d.kind, d.divisor
		}
	}
	return kind, divisor
}

// anyDerived reports whether a layout's kinds derive any plane.
func anyDerived(kind []uint8) bool {
	for _, k := range kind {
		if k != deriveNone {
			return true
		}
	}
	return false
}

// windowCounts computes the four window counts of every empty cell of a
// w x h board whose cells hold 0 (empty), 1 (the side to move's stone) or
// 2 (the opponent's), cell y*w+x: out[kind-1][cell] for kinds
// deriveWin2Own to deriveWin1Opp. A window is five cells in a row along
// one of the four directions, all on the board; the trainer computes the
// same (tools/gpu/train_policy.py, window_counts).
func windowCounts(w, h int, cells []uint8, out *[4][]uint8) {
	n := w * h
	for k := range out {
		if len(out[k]) != n {
			out[k] = make([]uint8, n)
		} else {
			clear(out[k])
		}
	}
	for _, d := range [4][2]int{{1, 0}, {0, 1}, {1, 1}, {1, -1}} {
		for y := 0; y < h; y++ {
			ey := y + 4*d[1]
			if ey < 0 || ey >= h {
				continue
			}
			for x := 0; x+4*d[0] < w; x++ {
				var cnt [3]int
				for i := range 5 {
					cnt[cells[(y+i*d[1])*w+x+i*d[0]]]++
				}
				for side := range 2 {
					own, opp := cnt[1+side], cnt[2-side]
					if opp != 0 || own == 0 || own > 2 {
						continue
					}
					dst := out[2*(2-own)+side]
					for i := range 5 {
						if c := (y+i*d[1])*w + x + i*d[0]; cells[c] == 0 {
							dst[c]++
						}
					}
				}
			}
		}
	}
}
