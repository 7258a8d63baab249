package mcts

import "slices"

// Compaction keeps the part of the tree a game still needs. Between moves
// the root moves down to the position reached, and everything outside its
// subtree is garbage; once the pool is half used, compact slides the live
// subtree to the front of the pool (mark and slide, in place): the root to
// slot 0, then every live block of children in the order it was allocated.
//
// Sliding in allocation order never moves a block upwards, even with the
// rule that a block never straddles two segments: if a block's new start
// np would straddle a boundary B, its old start op >= np could not have
// been below B either (the old block would have straddled it too), so the
// new start B is still at most op. Blocks are therefore moved in place
// without overwriting a block not yet moved, and a parent (allocated before
// its children) always stands at its new index when its children move.

// mctsLiveBlock is one live block of children found by the marking pass.
type mctsLiveBlock struct {
	old       int32  // the block's first index before compaction
	count     uint16 // its nodes
	parentBlk int32  // the block holding the parent, -1 for the root
	parentOff int32  // the parent's offset in that block
	start     int32  // the block's first index after compaction
}

// compact moves the subtree of root to the front of the pool and returns
// the root's new index (0). Only when no search runs.
func (p *mctsPool) compact(root int32) int32 {
	var blocks []mctsLiveBlock
	type item struct{ idx, blk, off int32 }
	stack := []item{{root, -1, 0}}
	for len(stack) > 0 {
		it := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		n := p.node(it.idx)
		if n.state.Load() != mctsExpanded || n.count == 0 {
			continue
		}
		id := int32(len(blocks))
		blocks = append(blocks, mctsLiveBlock{old: n.first, count: n.count, parentBlk: it.blk, parentOff: it.off})
		for j := int32(0); j < int32(n.count); j++ {
			stack = append(stack, item{n.first + j, id, j})
		}
	}
	// Process in allocation order; rank maps a marking id to its place.
	order := make([]int32, len(blocks))
	for i := range order {
		order[i] = int32(i)
	}
	slices.SortFunc(order, func(a, b int32) int { return int(blocks[a].old - blocks[b].old) })

	var saved mctsNode
	saved.copyFrom(p.node(root))
	next := int32(1) // slot 0 is the root's
	for _, id := range order {
		bl := &blocks[id]
		k := int32(bl.count)
		if next&mctsSegMask+k > mctsSegSize {
			next = (next | mctsSegMask) + 1
		}
		bl.start = next
		if bl.start != bl.old {
			dst, src := p.block(bl.start, int(k)), p.block(bl.old, int(k))
			for j := range dst { // forward copy: dst never lies above src
				dst[j].copyFrom(&src[j])
			}
		}
		next += k
		parent := &saved
		if bl.parentBlk >= 0 {
			pb := &blocks[bl.parentBlk]
			parent = p.node(pb.start + bl.parentOff)
		}
		parent.first = bl.start
	}
	p.node(0).copyFrom(&saved)
	p.mu.Lock()
	p.used.Store(next)
	p.full.Store(false)
	p.mu.Unlock()
	return 0
}
