package ab

import (
	"math"
	"slices"
	"time"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/eval"
)

// Scores are from the side to move's view: a five made at ply n of the
// search (the root's moves are ply 0) scores Mate-n-1 for its maker.
const (
	// Mate is the score of a five made at once.
	Mate = 30000
	// inf bounds every score.
	inf = 32000
	// winBound: scores beyond it in size are proven results.
	winBound = Mate - 1000
	// maxPly bounds the depth of a line, extensions and fours included.
	maxPly = 96
	// valueScale turns a leaf value in [-1, 1] into a score.
	valueScale = 1000
	// staticScale is the tanh argument of the evaluator's score, as the
	// tree search's static leaves read it.
	staticScale = 400
	// qFours bounds the fours the quiescence search plays in a line.
	qFours = 12
)

// Valuer values a position for its side to move, in [-1, 1], from the
// evaluator attached to its board: the learned value (package value)
// implements it.
type Valuer interface {
	LeafValue(e *eval.Evaluator) float64
}

// Options configure a Searcher.
type Options struct {
	// Valuer values the leaves; nil: tanh of the evaluator's static score.
	Valuer Valuer
	// TableBits is log2 of the transposition table's entries (16 bytes
	// each); 0: 19 (8 MiB).
	TableBits int
	// Width is the most quiet moves searched at a node below the root (0:
	// 24); threat replies are never cut.
	Width int
	// PlainFours lets the quiescence search play every four (a VCF at
	// each leaf); by default it plays only the fours that win at once
	// (straight fours, double fours, four-threes): measured on 113
	// positions of games against Rapfi, plain fours took 80% of the nodes
	// and cost a ply of depth at 300 ms.
	PlainFours bool
	// Policy, when not nil, orders the quiet moves of the root and of the
	// nodes with at least PolicyDepth plies left (0: the root only) by its
	// priors, the CNN's in the player: at 0.4 ms a position it is asked
	// where a good order saves whole subtrees.
	Policy      Policy
	PolicyDepth int
	// NullMove: a node whose opponent threatens nothing (no five point, no
	// open three) and whose leaf value is at least beta lets the opponent
	// move twice at a reduced depth; if even that fails to bring the score
	// under beta the node is cut.
	NullMove bool
	// Futility: a node one or two plies from the horizon whose leaf value
	// is far under alpha leaves its quiet moves out.
	Futility bool
	// LMRDivisor divides the late-move reduction ln(depth)·ln(index) (0:
	// 1.6; smaller reduces more). LateMoves[d] is how many moves a non-PV
	// node d plies from the horizon (d = 1..3) searches before it leaves
	// the other quiet ones out (zero: 8, 12, 16).
	LMRDivisor float64
	LateMoves  [4]int
	// MoveCount replaces LateMoves and most of Width: a node below the
	// root searches at most moveCountLimit(depth, improving) moves once
	// one of them does not lose (Rapfi's move-count pruning), so deeper
	// iterations look wider.
	MoveCount bool
	// LMRAll reduces late moves that make or stop open threes too (all
	// but our fours). With any of MoveCount, LMRAll and ReverseFutility
	// every node takes its own value, and a late move of a non-PV node
	// that is not improving is reduced one ply more.
	LMRAll bool
	// ReverseFutility cuts a non-PV node near the horizon whose own value
	// beats beta by a margin a ply, when the opponent has no four-three
	// in hand.
	ReverseFutility bool
	// QPlain is how many of a line's first quiescence fours may be plain
	// fours, when near the side's last stone (a VCF's steps); the rest
	// must win at once.
	QPlain int
}

// Policy gives prior probabilities of moves (package mcts's Policy has
// the same method): Priors writes into dst[i] a probability for moves[i]
// and reports whether it could.
type Policy interface {
	Priors(b *engine.Board, moves []engine.Pos, dst []float32) bool
}

// Limits end a search: whichever comes first. Zero values are no limit,
// except that a search with none at all stops at depth 6.
type Limits struct {
	// Soft: no new iteration starts after it; Hard: the search stops.
	Soft, Hard time.Time
	// MaxNodes bounds the nodes (checked every 256 nodes).
	MaxNodes int64
	// MaxDepth bounds the iterations' nominal depth.
	MaxDepth int
	// Allowed, when not empty, restricts the root's moves.
	Allowed []engine.Pos
	// Stop, when not nil, is polled with the clock: true stops the search.
	Stop func() bool
	// First, when Pin is set and it is a root move, is searched first in
	// every iteration, with the full window: its RootMove score is then
	// exact, not a bound (the alpha-beta veto compares another search's
	// move with the best).
	First engine.Pos
	Pin   bool
}

// RootMove is a root move's standing after the search: its score in the
// last iteration that searched it (a bound for all but the best), and the
// depth of that iteration.
type RootMove struct {
	Move  engine.Pos
	Score int
	Depth int
}

// Result is what a search found.
type Result struct {
	Move  engine.Pos // NoPos when the root has no move
	Score int
	Depth int // the deepest iteration completed
	Nodes int64
	PV    []engine.Pos
	// Root lists the root moves best first, in the order of the last
	// iteration.
	Root []RootMove
}

// Proven reports whether a score is a proven win (+1), loss (-1) or
// neither (0).
func Proven(score int) int {
	switch {
	case score >= winBound:
		return 1
	case score <= -winBound:
		return -1
	}
	return 0
}

// Searcher searches positions of one board size and rule; its table
// carries from one search to the next. It is not safe for concurrent use.
type Searcher struct {
	opt   Options
	tt    *table
	b     *engine.Board
	e     *eval.Evaluator
	near  *near
	lim   Limits
	nodes int64
	qMin  int32 // the weakest combo the quiescence search plays
	// selective: the node's own value is taken at every node (for the
	// options that read it: MoveCount, LMRAll, ReverseFutility).
	selective bool
	evals     [maxPly + 1]int
	lmr       float64
	late      [4]int
	stop      bool

	moves   [maxPly + 1][]scored
	killers [maxPly + 1][2]engine.Pos
	hist    []int32
	seen    []uint32
	mark    uint32
	pv      [maxPly + 1][maxPly + 1]engine.Pos
	pvLen   [maxPly + 1]int
	size    int
	pmoves  []engine.Pos // the policy's scratch lists
	pprobs  []float32
}

// New returns a Searcher.
func New(opt Options) *Searcher {
	if opt.TableBits <= 0 {
		opt.TableBits = 19
	}
	if opt.Width <= 0 {
		opt.Width = 24
	}
	s := &Searcher{opt: opt, tt: newTable(opt.TableBits), qMin: int32(eval.ComboFourThree),
		lmr: opt.LMRDivisor, late: opt.LateMoves}
	if s.lmr <= 0 {
		s.lmr = lmrDivisor
	}
	if s.late == [4]int{} {
		s.late = lateMoves
	}
	s.selective = opt.MoveCount || opt.LMRAll || opt.ReverseFutility
	if opt.PlainFours {
		s.qMin = int32(eval.ComboFour)
	}
	return s
}

// Clear forgets the table and the move statistics (a new game).
func (s *Searcher) Clear() {
	s.tt.clear()
	clear(s.hist)
}

// Search searches the position of e's board (e attached to it) and leaves
// the board as it found it.
func (s *Searcher) Search(e *eval.Evaluator, lim Limits) Result {
	b := e.Board()
	s.begin(e, lim)
	for i := range s.hist {
		s.hist[i] /= 4 // the last search's statistics, aged
	}
	s.killers = [maxPly + 1][2]engine.Pos{}
	res := Result{Move: engine.NoPos}
	if f := e.Fives(b.SideToMove()); len(f) > 0 {
		// The five ends the game: nothing to search (the nodes below
		// never play a move past a five point).
		res.Move, res.Score, res.PV = f[0], Mate-1, []engine.Pos{f[0]}
		res.Root = []RootMove{{Move: f[0], Score: Mate - 1}}
		return res
	}
	root := s.rootMoves(lim.Allowed)
	if len(root) == 0 {
		return res
	}
	if lim.Pin {
		pinFirst(root, lim.First)
	}
	res.Move, res.Root = root[0].Move, root
	maxDepth := lim.MaxDepth
	if maxDepth <= 0 {
		maxDepth = maxPly / 2
		if lim.Soft.IsZero() && lim.Hard.IsZero() && lim.MaxNodes <= 0 {
			maxDepth = 6
		}
	}
	s.evals[0] = noStatic
	if s.selective {
		s.evals[0] = s.static(b.Hash())
	}
	start := time.Now()
	for depth := 1; depth <= maxDepth; depth++ {
		score, best := s.searchRoot(root, depth)
		if best >= 0 {
			res.Move, res.Score = root[best].Move, score
		}
		if s.stop {
			break
		}
		res.Depth = depth
		sortRoot(root)
		res.Move, res.Score = root[0].Move, root[0].Score
		res.PV = append(res.PV[:0], s.pv[0][:s.pvLen[0]]...)
		if lim.Pin {
			pinFirst(root, lim.First)
		}
		if Proven(res.Score) != 0 || len(root) == 1 {
			break
		}
		if !lim.Soft.IsZero() && time.Since(start) > iterationStart(start, lim) {
			break
		}
	}
	res.Nodes, res.Root = s.nodes, root
	return res
}

// begin points the searcher at e's board under lim: the per-cell tables
// sized for it (the table cleared when the board size changes) and the
// stones near each cell counted afresh.
func (s *Searcher) begin(e *eval.Evaluator, lim Limits) {
	b := e.Board()
	s.b, s.e, s.lim, s.nodes, s.stop = b, e, lim, 0, false
	if s.size != b.Size() {
		s.size = b.Size()
		s.hist = make([]int32, b.Size())
		s.seen = make([]uint32, b.Size())
		s.mark = 0
		s.tt.clear()
		s.near = nil
	}
	if s.near == nil {
		s.near = newNear(b)
	} else {
		s.near.reset(b)
	}
}

// rootMoves lists the root's moves (all candidates, no width limit),
// restricted to allowed when it is not empty.
func (s *Searcher) rootMoves(allowed []engine.Pos) []RootMove {
	ms, kind := s.gen(0, 0, engine.NoPos, 0)
	if kind == genLost {
		// Every move loses: still a move, the first legal candidate.
		ms, _ = s.quietAll(0)
	}
	var root []RootMove
	for _, m := range ms {
		if len(allowed) > 0 && !containsPos(allowed, m.p) {
			continue
		}
		root = append(root, RootMove{Move: m.p, Score: -inf})
	}
	if len(root) == 0 && len(allowed) > 0 {
		for _, p := range allowed {
			if s.b.Legal(p) && s.legal(p, s.b.SideToMove()) {
				root = append(root, RootMove{Move: p, Score: -inf})
			}
		}
	}
	return root
}

// quietAll lists every legal cell near the stones, ignoring threats.
func (s *Searcher) quietAll(ply int) ([]scored, genKind) {
	me := s.b.SideToMove()
	ms := s.moves[ply][:0]
	for p := range s.near.count {
		if s.near.count[p] > 0 && s.legal(engine.Pos(p), me) {
			ms = append(ms, scored{engine.Pos(p), 0})
		}
	}
	s.moves[ply] = ms
	return ms, genMoves
}

func containsPos(ps []engine.Pos, p engine.Pos) bool {
	for _, q := range ps {
		if q == p {
			return true
		}
	}
	return false
}

// pinFirst moves first (when it is one of them) to the front of root,
// keeping the order of the rest.
func pinFirst(root []RootMove, first engine.Pos) {
	if i := slices.IndexFunc(root, func(r RootMove) bool { return r.Move == first }); i > 0 {
		toFront(root, i)
	}
}

// toFront moves root[i] to the front, keeping the order of the rest.
func toFront(root []RootMove, i int) {
	m := root[i]
	copy(root[1:i+1], root[:i])
	root[0] = m
}

// sortRoot orders the root moves by score, keeping the order of equals
// (a stable insertion sort: the lists are short).
func sortRoot(root []RootMove) {
	for i := 1; i < len(root); i++ {
		m := root[i]
		j := i
		for ; j > 0 && root[j-1].Score < m.Score; j-- {
			root[j] = root[j-1]
		}
		root[j] = m
	}
}

// searchRoot runs one iteration over the root moves; it returns the best
// score and the index of the best move fully searched in this iteration
// (-1 when none was).
func (s *Searcher) searchRoot(root []RootMove, depth int) (int, int) {
	alpha, beta := -inf, inf
	best := -1
	for i := range root {
		m := root[i].Move
		s.make(m)
		var score int
		if i == 0 {
			score = -s.search(depth-1, -beta, -alpha, 1, true)
		} else {
			score = -s.search(depth-1, -alpha-1, -alpha, 1, false)
			if score > alpha && !s.stop {
				score = -s.search(depth-1, -beta, -alpha, 1, true)
			}
		}
		s.unmake(m)
		if s.stop {
			break
		}
		root[i].Depth = depth
		if score > alpha {
			alpha, best = score, i
			root[i].Score = score
			s.setPV(0, m)
		} else {
			root[i].Score = min(score, alpha) - 1 // a bound below the best
		}
	}
	if best > 0 {
		toFront(root, best) // the new best first, the rest in their order
		best = 0
	}
	return alpha, best
}

func (s *Searcher) setPV(ply int, m engine.Pos) {
	s.pv[ply][0] = m
	n := s.pvLen[ply+1]
	copy(s.pv[ply][1:], s.pv[ply+1][:n])
	s.pvLen[ply] = n + 1
}

func (s *Searcher) make(p engine.Pos) {
	s.b.Make(p)
	s.near.add(p, 1)
}

func (s *Searcher) unmake(p engine.Pos) {
	s.b.Undo()
	s.near.add(p, -1)
}

// poll counts a node and checks the limits every 256 nodes.
func (s *Searcher) poll() bool {
	s.nodes++
	if s.nodes&255 == 0 {
		l := &s.lim
		if (l.MaxNodes > 0 && s.nodes >= l.MaxNodes) ||
			(!l.Hard.IsZero() && time.Now().After(l.Hard)) ||
			(l.Stop != nil && l.Stop()) {
			s.stop = true
		}
	}
	return s.stop
}

// evaluate is the leaf's score for the side to move.
func (s *Searcher) evaluate() int {
	var v float64
	if s.opt.Valuer != nil {
		v = s.opt.Valuer.LeafValue(s.e)
	} else {
		v = math.Tanh(float64(s.e.Evaluate()) / staticScale)
	}
	return int(math.Round(max(-1, min(1, v)) * valueScale))
}

// iterationStart is how long after start a new iteration may still begin.
// The next one takes two to three times all the earlier ones together.
// Under a match clock (a soft limit before the hard one) it starts only in
// the soft limit's first half, to end near it; with the turn alone (the
// two limits equal, time left unused is lost) it starts up to three
// quarters of the way, and the hard limit cuts it: its moves searched so
// far still count (a root move replaces the best only once it beat it).
func iterationStart(start time.Time, lim Limits) time.Duration {
	soft := lim.Soft.Sub(start)
	if !lim.Hard.IsZero() && !lim.Hard.After(lim.Soft) {
		return soft * 3 / 4
	}
	return soft / 2
}
