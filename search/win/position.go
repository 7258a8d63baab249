package win

import (
	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/eval"
	"github.com/kakugo/kakugo/search/threat"
)

// Position is what the winning search reads of the position under search,
// kept up to date by an observer of the board as the search makes and
// takes back moves. The evaluator (package eval) answers it, and so does
// the lighter threat tracker (package threat), which keeps only the
// threats and spends a fraction of the evaluator's time per move; the
// definitions are the evaluator's. The potentials that order moves are
// not part of it: they are read from the evaluator, frozen at the root.
type Position interface {
	// Fives, Fours and Threes are colour c's five, four and open-three
	// points (eval.Evaluator.Fives and so on), in no promised order.
	Fives(c engine.Color) []engine.Pos
	Fours(c engine.Color) []engine.Pos
	Threes(c engine.Color) []engine.Pos
	// Flags are p's threat flags for c (eval.FlagFour, ...).
	Flags(p engine.Pos, c engine.Color) uint8
	// Combo is the combo class of a stone of c on p.
	Combo(p engine.Pos, c engine.Color) eval.Combo
	// Forbidden reports whether p is a renju forbidden point for black.
	Forbidden(p engine.Pos) bool
	// Class is what a stone of c on p makes along direction d.
	Class(p engine.Pos, d int, c engine.Color) eval.DirClass
	// AppendFivePoints appends the five points of c's four at p.
	AppendFivePoints(dst []engine.Pos, p engine.Pos, c engine.Color) []engine.Pos
	// AppendGains appends the cells of eval.LineEntry.Gains of a stone of
	// c on p along d (an open three's straight-four points).
	AppendGains(dst []engine.Pos, p engine.Pos, d int, c engine.Color) []engine.Pos
	// HasNear reports whether c has a stone among the four nearest cells
	// of p on some line through it, as a stone of c on p needs to make a
	// two or more; true is always a safe answer (a filter before Combo).
	HasNear(p engine.Pos, c engine.Color) bool
	// StrongFour reports whether c's stone on p makes a straight four or
	// a double four (Combo is ComboStraightFour or ComboDoubleFour): the
	// unstoppable-four candidates read at every VCT defender node.
	StrongFour(p engine.Pos, c engine.Color) bool
}

// evalPosition is the evaluator as a Position.
type evalPosition struct{ *eval.Evaluator }

// AppendGains reads the gains off the evaluator's line entry.
func (e evalPosition) AppendGains(dst []engine.Pos, p engine.Pos, d int, c engine.Color) []engine.Pos {
	return e.MaskPoints(dst, p, d, e.Line(p, d, c).Gains)
}

// HasNear is always true for the evaluator: its combos are kept for every
// cell anyway, so the filter would save nothing.
func (e evalPosition) HasNear(engine.Pos, engine.Color) bool { return true }

// StrongFour reads the evaluator's combo.
func (e evalPosition) StrongFour(p engine.Pos, c engine.Color) bool {
	cb := e.Combo(p, c)
	return cb == eval.ComboStraightFour || cb == eval.ComboDoubleFour
}

// Reader selects what answers the search's Position.
type Reader uint8

const (
	// ReaderAuto is the tracker where it applies (ReaderTracker), else the
	// evaluator.
	ReaderAuto Reader = iota
	// ReaderEvaluator: the evaluator the caller attached.
	ReaderEvaluator
	// ReaderTracker: the threat tracker, built for each search, where the
	// rule is not caro and the node limit, if any, is at least
	// trackerMinNodes; the evaluator otherwise.
	ReaderTracker
)

// trackerMinNodes is the smallest node limit for which a search builds
// the tracker: building it reads the whole board (about 30 us, as long as 30
// evaluator nodes), which a probe of a hundred nodes does not win back.
const trackerMinNodes = 2000

// usesTracker reports whether a search of b under maxNodes runs on the
// tracker.
func (w *Search) usesTracker(b *engine.Board, maxNodes int64) bool {
	if w.Reader == ReaderEvaluator || !threat.Supports(b.Rule()) {
		return false
	}
	return maxNodes == 0 || maxNodes >= trackerMinNodes
}

// attachReader points w.th at the Position for the search of b: the
// evaluator, or the tracker, built for b and attached in the evaluator's
// place (the evaluator does not follow the search's moves then, and is
// attached again by detachReader).
func (w *Search) attachReader(b *engine.Board, ev *eval.Evaluator, maxNodes int64) {
	w.th, w.evAttached, w.tracking = evalPosition{ev}, false, false
	if w.external != nil {
		w.th = w.external // a Prober's: attached to b by the Prober, ev on another board
		return
	}
	if !w.usesTracker(b, maxNodes) {
		return
	}
	if w.tr == nil {
		w.tr = threat.New(b)
	} else {
		w.tr.Reset(b)
	}
	w.evAttached = b.Detach(ev)
	b.Attach(w.tr)
	w.th, w.tracking = w.tr, true
}

// detachReader undoes attachReader.
func (w *Search) detachReader() {
	if w.tracking {
		w.b.Detach(w.tr)
		if w.evAttached {
			w.b.Attach(w.ev)
		}
	}
	w.th, w.evAttached, w.tracking = nil, false, false
}
