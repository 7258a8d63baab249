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
//   - limit: the absolute stone limit under which the proof-number
//     search stored the slot's numbers (winTable.nums); they are only read
//     back under the same limit, so a slot claimed afresh (limit 0) never
//     reads a former owner's numbers.
//
// An entry is 16 bytes, so that a bucket of winBucket is one 64-byte
// cache line: the probe was 13% of the VCT's time, most of it cache
// misses, and with 32-byte entries a probe that misses (every slot read)
// touched two lines. The df-pn numbers, which only the proof-number search
// reads, live in a parallel array for that reason.
type winEntry struct {
	key   uint64
	move  int16 // a board cell (engine.Pos fits: at most 42*37+5 cells), or -1
	limit uint16
	need  uint8
	fail  uint8
	work  uint8 // log2 of the nodes the entry's search cost, for replacement
	// leaf: a VCT node proven by its VCF (Search.LeafVCF); the proof
	// below it is the VCF's, under the leaf VCFs' keys (zone.go).
	leaf bool
}

// winNums are a slot's proof and disproof numbers (df-pn only).
type winNums struct{ pn, dn uint32 }

// winFailAll marks a disproof that no extra depth can change.
const winFailAll = 255

// winBucket is how many slots share one index; a store evicts the cheapest.
const winBucket = 4

// winTable is a fixed-size table of winEntry, in buckets of winBucket.
type winTable struct {
	slots []winEntry
	nums  []winNums // by slot, made on the proof-number search's first use
	mask  uint64    // bucket index mask
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

// bucketAt is the index of the first slot key may live in.
func (t *winTable) bucketAt(key uint64) int { return int((key>>32^key)&t.mask) * winBucket }

// probe returns the entry for key, or nil.
func (t *winTable) probe(key uint64) *winEntry {
	if i := t.probeAt(key); i >= 0 {
		return &t.slots[i]
	}
	return nil
}

// probeAt is probe's slot index, or -1.
func (t *winTable) probeAt(key uint64) int {
	if key == 0 {
		key = 1 // 0 marks an empty slot
	}
	i := t.bucketAt(key)
	b := t.slots[i : i+winBucket : i+winBucket]
	for j := range b {
		if b[j].key == key {
			return i + j
		}
	}
	return -1
}

// slot returns the entry for key, claiming a slot for it if it has none:
// an empty one, or else the one that cost least to compute. Proven entries
// count double, since a proof is what the search is after and what the
// proof extraction reads back.
func (t *winTable) slot(key uint64) *winEntry { return &t.slots[t.slotAt(key)] }

// slotAt is slot's index.
func (t *winTable) slotAt(key uint64) int {
	if key == 0 {
		key = 1
	}
	i := t.bucketAt(key)
	b := t.slots[i : i+winBucket : i+winBucket]
	victim := 0
	best := 1 << 30
	for j := range b {
		switch {
		case b[j].key == key:
			return i + j
		case b[j].key == 0:
			b[j] = winEntry{key: key, move: -1}
			return i + j
		}
		v := int(b[j].work)
		if b[j].need > 0 {
			v *= 2
		}
		if v < best {
			victim, best = j, v
		}
	}
	b[victim] = winEntry{key: key, move: -1}
	return i + victim
}

// numsAt are slot i's df-pn numbers, the parallel array made on first use.
func (t *winTable) numsAt(i int) *winNums {
	if len(t.nums) != len(t.slots) {
		t.nums = make([]winNums, len(t.slots))
	}
	return &t.nums[i]
}

// workOf is the replacement weight of a search of n nodes.
func workOf(n int64) uint8 {
	if n <= 0 {
		return 0
	}
	return uint8(bits.Len64(uint64(n)))
}
