package mcts

import (
	"math"
	"sync"
	"sync/atomic"
	"unsafe"

	"github.com/kakugo/kakugo/engine"
)

// The tree lives in a pool of nodes: an arena of fixed-size segments,
// allocated as the tree grows and never beyond the pool's limit. A node's
// children are one contiguous block in a segment, named by the index of its
// first node and a count, so a node costs mctsNodeBytes and no pointers
// (the garbage collector never scans the tree).

const (
	mctsSegShift = 15
	mctsSegSize  = 1 << mctsSegShift
	mctsSegMask  = mctsSegSize - 1

	// mctsValueScale is the fixed-point scale of a node's value sum, so that
	// threads can add to it with one atomic instruction.
	mctsValueScale = 1 << 16
)

// Node states. A leaf becomes expanding while one thread lists its
// children, then expanded; a terminal node has no children (game over).
const (
	mctsLeaf int32 = iota
	mctsExpanding
	mctsExpanded
	mctsTerminal
)

// Node kinds, set at expansion: whether the children are every move that
// does not lose at once (only then may "every child loses" prove a loss).
const (
	mctsKindOpen   uint16 = iota // the children are a selection of the moves
	mctsKindForced               // the children are all the blocks of a five
)

// mctsNode is one position of the tree. Values and proofs are from the view
// of the player who made move, the move that leads here: the player who
// chooses this node at its parent. Fields a thread may change while others
// read them are atomic; the rest are written before the node's state is
// published (state is stored last, read first).
type mctsNode struct {
	move  engine.Pos
	first int32  // the first child, when expanded
	count uint16 // the number of children
	kind  uint16

	// prior is the move's prior probability as float32 bits: atomic
	// because the lazy network prior (mcts_policy.go) rewrites the priors
	// of an expanded node's children while other threads select among
	// them. On amd64 an atomic load is a plain load, so selection costs
	// the same.
	prior  atomic.Uint32
	state  atomic.Int32
	proof  atomic.Int32 // +1 a proven win, -1 a proven loss, 0 unknown
	visits atomic.Int32
	vloss  atomic.Int32 // threads now below this node
	sum    atomic.Int64 // the sum of values times mctsValueScale
}

// mctsNodeBytes is a node's size, which converts memory into nodes.
const mctsNodeBytes = int64(unsafe.Sizeof(mctsNode{}))

// init gives an unused node its move and prior and clears the rest.
func (n *mctsNode) init(move engine.Pos, prior float32) {
	n.move, n.first, n.count, n.kind = move, -1, 0, mctsKindOpen
	n.setPrior(prior)
	n.state.Store(mctsLeaf)
	n.proof.Store(0)
	n.visits.Store(0)
	n.vloss.Store(0)
	n.sum.Store(0)
}

// copyFrom copies o into n field by field (atomics cannot be copied whole);
// only when no search runs.
func (n *mctsNode) copyFrom(o *mctsNode) {
	n.move, n.first, n.count, n.kind = o.move, o.first, o.count, o.kind
	n.prior.Store(o.prior.Load())
	n.state.Store(o.state.Load())
	n.proof.Store(o.proof.Load())
	n.visits.Store(o.visits.Load())
	n.vloss.Store(o.vloss.Load())
	n.sum.Store(o.sum.Load())
}

// priorP is the node's prior probability.
func (n *mctsNode) priorP() float32 { return math.Float32frombits(n.prior.Load()) }

// setPrior replaces the node's prior probability.
func (n *mctsNode) setPrior(p float32) { n.prior.Store(math.Float32bits(p)) }

// q is the node's mean value, virtual losses counted as losses; ok is false
// for a node nobody has visited.
func (n *mctsNode) q() (q float64, visits int32, ok bool) {
	v, vl := n.visits.Load(), n.vloss.Load()
	if v+vl == 0 {
		return 0, 0, false
	}
	return (float64(n.sum.Load())/mctsValueScale - float64(vl)) / float64(v+vl), v, true
}

// mean is the node's mean value without virtual losses (0 when unvisited).
func (n *mctsNode) mean() float64 {
	v := n.visits.Load()
	if v == 0 {
		return 0
	}
	return float64(n.sum.Load()) / mctsValueScale / float64(v)
}

// mctsPool is the node arena. Allocation takes a lock (it happens once per
// expansion, rarely enough not to matter); reading nodes does not.
type mctsPool struct {
	segs  []atomic.Pointer[[mctsSegSize]mctsNode]
	limit int32 // nodes the pool may hold

	mu   sync.Mutex
	used atomic.Int32 // the next free index
	full atomic.Bool  // an allocation failed since the last reset
}

// poolLimit is the size of a pool asked for maxNodes nodes: at least one
// segment, and indices must fit an int32.
func poolLimit(maxNodes int64) int64 { return max(min(maxNodes, 1<<31-mctsSegSize), mctsSegSize) }

// newMctsPool makes a pool of at most maxNodes nodes (at least one segment).
func newMctsPool(maxNodes int64) *mctsPool {
	maxNodes = poolLimit(maxNodes)
	nseg := (maxNodes + mctsSegSize - 1) / mctsSegSize
	return &mctsPool{segs: make([]atomic.Pointer[[mctsSegSize]mctsNode], nseg), limit: int32(maxNodes)}
}

// node is the node at index i.
func (p *mctsPool) node(i int32) *mctsNode {
	return &p.segs[i>>mctsSegShift].Load()[i&mctsSegMask]
}

// block is the k nodes from index first, as a slice.
func (p *mctsPool) block(first int32, k int) []mctsNode {
	s := p.segs[first>>mctsSegShift].Load()
	off := int(first & mctsSegMask)
	return s[off : off+k]
}

// alloc reserves k contiguous nodes (k <= mctsSegSize) inside one segment
// and returns the first, or false when the pool is full. The nodes are not
// initialised.
func (p *mctsPool) alloc(k int) (int32, bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	start := p.used.Load()
	if int(start&mctsSegMask)+k > mctsSegSize { // does not fit: next segment
		start = (start | mctsSegMask) + 1
	}
	if int64(start)+int64(k) > int64(p.limit) {
		p.full.Store(true)
		return 0, false
	}
	for s := start >> mctsSegShift; s <= (start+int32(k)-1)>>mctsSegShift; s++ {
		if p.segs[s].Load() == nil {
			p.segs[s].Store(new([mctsSegSize]mctsNode))
		}
	}
	p.used.Store(start + int32(k))
	return start, true
}

// reset forgets every node; the segments stay for reuse.
func (p *mctsPool) reset() {
	p.mu.Lock()
	p.used.Store(0)
	p.full.Store(false)
	p.mu.Unlock()
}

// Used is the number of node slots handed out since the last reset.
func (p *mctsPool) Used() int32 { return p.used.Load() }
