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
// within four.
func (w *Search) inZone(p, q engine.Pos) bool {
	px, py := w.b.XY(p)
	qx, qy := w.b.XY(q)
	dx, dy := abs(px-qx), abs(py-qy)
	if dx <= 2 && dy <= 2 {
		return true
	}
	return (dx == 0 || dy == 0 || dx == dy) && max(dx, dy) <= 4
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
