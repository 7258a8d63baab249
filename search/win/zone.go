package win

import (
	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/search/proof"
)

// The leaf VCFs' zone. A VCT looks for a VCF at every attacker node
// (Search.LeafVCF), and those searches were half of its nodes on
// positions from games against Rapfi. Like Rapfi's quick VCF, a leaf VCF
// plays its first four anywhere, but each later four only near the
// attacker's previous one (inZone): a VCF whose fours hop across the board
// is rare, and the restricted search is far narrower. It only takes
// attacking moves away, so it costs completeness, never soundness; its
// entries have their own keys, since its disproofs are not a full VCF's.

// enterZone is enter for a leaf VCF: a VCF whose fours after the first
// stay near the attacker's previous four (inZone), under its own keys.
func (w *Search) enterZone(budget int) winContext {
	saved := w.enter(proof.VCF, budget)
	if w.VCFZone >= 0 {
		w.zone, w.zoneFrom = true, w.b.MoveCount()
		w.salt = winZoneSalts[w.att-1]
	}
	return saved
}

// zoneCentre is the attacker's last move in a zone-restricted VCF, made
// at or after the move count zoneFrom, around which its next four must
// lie; NoPos where the VCF may play any four.
func (w *Search) zoneCentre() engine.Pos {
	if !w.zone {
		return engine.NoPos
	}
	ms := w.b.Moves()
	for i := len(ms) - 1; i >= w.zoneFrom && i >= len(ms)-2; i-- {
		if w.b.At(ms[i]) == w.att {
			return ms[i]
		}
	}
	return engine.NoPos
}

// winZoneSalts key the zone-restricted leaf VCFs, whose disproofs are not
// a full VCF's.
var winZoneSalts = [2]uint64{0x4d1c_8a27_e6f3_b059, 0xa83f_5e91_2c07_d6b4}

// inZone reports whether the attacker's four at p is near its last four
// at q: within two cells in both coordinates, or on a line through q
// within four. It reads a table of the offsets p-q that qualify, made per
// board geometry: a cell index is y*stride+x, and the stride exceeds
// twice the largest dx, so each offset names one (dx, dy).
func (w *Search) inZone(p, q engine.Pos) bool {
	stride := w.b.Dirs()[1]
	if w.zoneStride != stride {
		w.zoneStride = stride
		w.zoneOffsets = zoneOffsets(stride)
	}
	i := int(p - q + 4*stride + 4)
	return i >= 0 && i < len(w.zoneOffsets) && w.zoneOffsets[i]
}

// zoneOffsets is inZone's table for a board of the given stride (the
// vertical step), indexed by the offset plus 4*stride+4.
func zoneOffsets(stride engine.Pos) []bool {
	r := 4*int(stride) + 4
	t := make([]bool, 2*r+1)
	for dy := -4; dy <= 4; dy++ {
		for dx := -4; dx <= 4; dx++ {
			ax, ay := max(dx, -dx), max(dy, -dy)
			if (ax <= 2 && ay <= 2) || ((ax == 0 || ay == 0 || ax == ay) && max(ax, ay) <= 4) {
				t[dy*int(stride)+dx+r] = true
			}
		}
	}
	return t
}

// threatZone keeps, under ThreatZone below the root of a VCT, only the
// quiet threats in ms[from:] that lie in the zone (inZone) of one of the
// attacker's last ThreatZone moves since the root; elsewhere (at the root,
// in a leaf VCF, with the option off) it returns ms as it is. The caller
// tests ThreatZone first, so that the default search makes no call per
// node. Leaving moves out counts as a depth cut-off, so that no disproof
// under the zone is stored as final.
func (w *Search) threatZone(ms []winMove, from int) []winMove {
	if w.ThreatZone <= 0 || w.zone || w.kind != proof.VCT {
		return ms
	}
	var cs [16]engine.Pos
	n := 0
	played := w.b.Moves()
	for i := len(played) - 1; i >= w.rootCount && n < min(w.ThreatZone, len(cs)); i-- {
		if w.b.At(played[i]) == w.att {
			cs[n] = played[i]
			n++
		}
	}
	if n == 0 {
		return ms // the root: every threat
	}
	kept := ms[:from]
	for _, m := range ms[from:] {
		for _, c := range cs[:n] {
			if w.inZone(m.p, c) {
				kept = append(kept, m)
				break
			}
		}
	}
	if len(kept) < len(ms) {
		w.cutoffs++
	}
	return kept
}
