package win

import "math/bits"

// winEntry is one transposition-table slot of the winning search, for an
// attacker-to-move position. The key already mixes in the search kind and
// the attacker's colour, so a VCF disproof is never read as a VCT one and a
// position seen as white's attack is never read as white's defence.
//
// Depth is counted in attacker moves, the final five included. A node's
// remaining budget follows from the position itself (the attacker's stone
// count against the search's absolute limit), which is why entries can be
// shared between iterations and between searches from different roots:
//   - need > 0: the attacker wins within need moves (proven for every
//     budget >= need), move is the winning move;
//   - fail > 0: no win within fail moves (disproven for every budget <=
//     fail); winFailAll means no win at any depth (no cut-off below);
//   - pn, dn, limit: the proof-number search's numbers for the absolute
//     stone limit limit; they are only read back under the same limit.
type winEntry struct {
	key   uint64
	move  int32
	pn    uint32
	dn    uint32
	limit uint16
	need  uint8
	fail  uint8
	work  uint8 // log2 of the nodes the entry's search cost, for replacement
	// leaf: a VCT node proven by its VCF (Search.LeafVCF); the proof
	// below it is the VCF's, under the leaf VCFs' keys (zone.go).
	leaf bool
}

// winFailAll marks a disproof that no extra depth can change.
const winFailAll = 255

// winBucket is how many slots share one index; a store evicts the cheapest.
const winBucket = 4

// winTable is a fixed-size table of winEntry, in buckets of winBucket.
type winTable struct {
	slots []winEntry
	mask  uint64 // bucket index mask
}

// newWinTable sizes the table to the largest power of two of buckets that
// fits entries slots (at least one bucket).
func newWinTable(entries int) winTable {
	n := entries / winBucket
	if n < 1 {
		n = 1
	}
	n = 1 << (bits.Len(uint(n)) - 1)
	return winTable{slots: make([]winEntry, n*winBucket), mask: uint64(n - 1)}
}

// clear empties every slot.
func (t *winTable) clear() { clear(t.slots) }

// bucket is the slice of the slots key may live in.
func (t *winTable) bucket(key uint64) []winEntry {
	i := int((key>>32^key)&t.mask) * winBucket
	return t.slots[i : i+winBucket]
}

// probe returns the entry for key, or nil.
func (t *winTable) probe(key uint64) *winEntry {
	if key == 0 {
		key = 1 // 0 marks an empty slot
	}
	b := t.bucket(key)
	for i := range b {
		if b[i].key == key {
			return &b[i]
		}
	}
	return nil
}

// slot returns the entry for key, claiming a slot for it if it has none:
// an empty one, or else the one that cost least to compute. Proven entries
// count double, since a proof is what the search is after and what the
// proof extraction reads back.
func (t *winTable) slot(key uint64) *winEntry {
	if key == 0 {
		key = 1
	}
	b := t.bucket(key)
	victim := 0
	best := 1 << 30
	for i := range b {
		switch {
		case b[i].key == key:
			return &b[i]
		case b[i].key == 0:
			b[i] = winEntry{key: key, move: -1}
			return &b[i]
		}
		v := int(b[i].work)
		if b[i].need > 0 {
			v *= 2
		}
		if v < best {
			victim, best = i, v
		}
	}
	b[victim] = winEntry{key: key, move: -1}
	return &b[victim]
}

// workOf is the replacement weight of a search of n nodes.
func workOf(n int64) uint8 {
	if n <= 0 {
		return 0
	}
	return uint8(bits.Len64(uint64(n)))
}
