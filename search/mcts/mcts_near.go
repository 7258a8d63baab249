package mcts

import "github.com/kakugo/kakugo/engine"

// mctsReach is how far from a stone a move is still worth considering:
// every five, four and open-three point lies within two cells (in the 5x5
// square) of a stone of its colour, so nothing tactical is left out.
const mctsReach = 2

// mctsNear follows a board (it is an engine.Observer) and keeps the set of
// empty cells within mctsReach of a stone: the moves the tree and the
// roll-outs choose from. Updating it costs 24 counter changes a move, far
// less than scanning the board for every choice. The order of the list
// depends only on the move history, so searches stay deterministic.
type mctsNear struct {
	count []uint8      // stones in the square around each cell
	idx   []int32      // position of a cell in list, or -1
	list  []engine.Pos // the empty cells with count > 0
	offs  []engine.Pos // the square's offsets, the centre excluded
}

// newMctsNear builds the set for b's position; the caller attaches it.
func newMctsNear(b *engine.Board) *mctsNear {
	n := &mctsNear{
		count: make([]uint8, b.Size()),
		idx:   make([]int32, b.Size()),
		list:  make([]engine.Pos, 0, b.Width()*b.Height()),
	}
	dirs := b.Dirs()
	row := dirs[1]
	for dy := -mctsReach; dy <= mctsReach; dy++ {
		for dx := -mctsReach; dx <= mctsReach; dx++ {
			if dx != 0 || dy != 0 {
				n.offs = append(n.offs, engine.Pos(dy)*row+engine.Pos(dx))
			}
		}
	}
	for i := range n.idx {
		n.idx[i] = -1
	}
	for _, p := range b.Moves() {
		n.Made(b, p, b.At(p))
	}
	return n
}

// Made implements engine.Observer.
func (n *mctsNear) Made(b *engine.Board, p engine.Pos, _ engine.Color) {
	n.remove(p)
	for _, o := range n.offs {
		q := p + o
		if b.At(q) == engine.Wall {
			continue
		}
		n.count[q]++
		if n.count[q] == 1 && b.At(q) == engine.Empty {
			n.add(q)
		}
	}
}

// Undone implements engine.Observer.
func (n *mctsNear) Undone(b *engine.Board, p engine.Pos, _ engine.Color) {
	for _, o := range n.offs {
		q := p + o
		if b.At(q) == engine.Wall {
			continue
		}
		n.count[q]--
		if n.count[q] == 0 {
			n.remove(q)
		}
	}
	if n.count[p] > 0 {
		n.add(p)
	}
}

func (n *mctsNear) add(p engine.Pos) {
	if n.idx[p] >= 0 {
		return
	}
	n.idx[p] = int32(len(n.list))
	n.list = append(n.list, p)
}

func (n *mctsNear) remove(p engine.Pos) {
	i := n.idx[p]
	if i < 0 {
		return
	}
	last := n.list[len(n.list)-1]
	n.list[i] = last
	n.idx[last] = i
	n.list = n.list[:len(n.list)-1]
	n.idx[p] = -1
}
