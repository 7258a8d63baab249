package proof

import (
	"errors"
	"fmt"
	"slices"

	"github.com/kakugo/kakugo/engine"
)

// The proof checker. It shares no code with the search, and not even the
// evaluator: it replays the proof on its own copy of the board, without
// observers, and every decision it takes (is this a five, may this side
// play here, does this defence stop the five) is the engine's own rules
// (Board.IsFive, Board.Legal). It replays the proof against every legal
// defence, not only the replies the search generated:
//   - after a move that leaves the attacker five points, a defence that
//     does not take every one of them away loses to the five; the checker
//     finds every stone that could take one away (the point itself, and
//     under caro the ends of the five-to-be), plays each and requires the
//     proof to go on;
//   - after any other move (a three), it tries every empty cell the
//     defender may legally play; a defence the proof does not answer must
//     leave the attacker a five, or a win by fours that the checker finds
//     and proves itself, against every defence.

// ErrCheckBudget is returned when a check needs more than its node budget.
var ErrCheckBudget = errors.New("proof check: node budget exhausted")

// DefaultCheckNodes is Check's node budget when it is given none.
const DefaultCheckNodes = 20_000_000

// checkVCFDepth bounds the checker's own VCF (attacker moves, the five
// included) for defences the proof leaves out; they normally lose to one
// unstoppable four.
const checkVCFDepth = 12

// proofChecker is the state of one Check.
type proofChecker struct {
	b        *engine.Board
	p        *Proof
	att, def engine.Color
	done     map[uint64]bool
	nodes    int64
	maxNodes int64
	stop     func() bool
	// killers[k] is the attacker's four that last won the checker's own
	// VCF k fours deep, tried first there: the defences a proof leaves
	// out are mostly far from the fight, and one VCF beats them all.
	killers   [checkVCFDepth]engine.Pos
	noKillers bool // tests: never try or record a killer
}

// Check replays the proof from the position of b, the attacker to
// move, against every legal defence, and returns nil if it wins against
// all of them. It works on a copy of b. maxNodes bounds the moves it plays
// (0 means DefaultCheckNodes); running out is an error, never a pass.
func Check(b *engine.Board, p *Proof, maxNodes int64) error {
	return CheckUntil(b, p, maxNodes, nil)
}

// ErrCheckStopped is CheckUntil's answer when stop said so.
var ErrCheckStopped = errors.New("proof check: stopped")

// CheckUntil is Check that also gives up when stop, polled every few
// thousand moves, returns true: Prove's deadline binds its check too.
func CheckUntil(b *engine.Board, p *Proof, maxNodes int64, stop func() bool) error {
	return checkWith(b, p, maxNodes, stop, false)
}

// checkWith is CheckUntil; noKillers leaves the killers unused (tests).
func checkWith(b *engine.Board, p *Proof, maxNodes int64, stop func() bool, noKillers bool) error {
	if p == nil {
		return errors.New("proof check: no proof")
	}
	if b.SideToMove() != p.attacker {
		return fmt.Errorf("proof check: %v to move, the proof is %v's", b.SideToMove(), p.attacker)
	}
	if b.Hash() != p.root {
		return errors.New("proof check: the board is not the proof's root position")
	}
	if maxNodes <= 0 {
		maxNodes = DefaultCheckNodes
	}
	c := &proofChecker{b: b.Clone(), p: p, att: p.attacker, def: p.attacker.Opp(),
		done: map[uint64]bool{}, maxNodes: maxNodes, stop: stop, noKillers: noKillers}
	for i := range c.killers {
		c.killers[i] = engine.NoPos
	}
	if len(c.fives(c.att)) > 0 {
		return nil
	}
	return c.attacker(c.fives(c.def))
}

// name writes a cell for error messages.
func (c *proofChecker) name(p engine.Pos) string {
	x, y := c.b.XY(p)
	return engine.FormatMove(x, y)
}

// fives lists the empty cells of the whole board where colour col makes a
// five.
func (c *proofChecker) fives(col engine.Color) []engine.Pos {
	var out []engine.Pos
	b := c.b
	for y := 0; y < b.Height(); y++ {
		for x := 0; x < b.Width(); x++ {
			if p := b.Pos(x, y); b.At(p) == engine.Empty && b.IsFive(p, col) {
				out = append(out, p)
			}
		}
	}
	return out
}

// fivesNear lists col's new five points after col played p: those on
// the lines through p, up to five cells away, whose five would hold p. A
// new five point of col that appears when col plays p must share its
// winning run with p (a stone of the other colour never makes one), so
// when col had none before, these are all of them. Such a run holds p and
// three more of col's stones within four cells of it on the same line, so
// lines with fewer are skipped.
func (c *proofChecker) fivesNear(p engine.Pos, col engine.Color) []engine.Pos {
	var out []engine.Pos
	for _, d := range c.b.Dirs() {
		n := 0
		for k := engine.Pos(1); k <= 4; k++ {
			if c.b.At(p+k*d) == col {
				n++
			}
			if c.b.At(p-k*d) == col {
				n++
			}
		}
		if n < 3 {
			continue
		}
		for k := engine.Pos(-5); k <= 5; k++ {
			if q := p + k*d; k != 0 && c.b.At(q) == engine.Empty && c.b.IsFive(q, col) {
				out = append(out, q)
			}
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// zone lists the cells where one stone of the side facing the five points
// fs could take a five away: each point itself, and the cells just beyond
// the run each would complete (its ends, which caro rules read). Any other
// stone leaves every five point as it is.
func (c *proofChecker) zone(fs []engine.Pos, col engine.Color) []engine.Pos {
	var out []engine.Pos
	for _, f := range fs {
		out = append(out, f)
		for _, d := range c.b.Dirs() {
			lo := f - d
			for c.b.At(lo) == col {
				lo -= d
			}
			hi := f + d
			for c.b.At(hi) == col {
				hi += d
			}
			for _, e := range [2]engine.Pos{lo, hi} {
				if c.b.At(e) == engine.Empty {
					out = append(out, e)
				}
			}
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// anyFive reports whether col still makes a five on one of the cells fs.
func (c *proofChecker) anyFive(fs []engine.Pos, col engine.Color) bool {
	for _, f := range fs {
		if c.b.At(f) == engine.Empty && c.b.IsFive(f, col) {
			return true
		}
	}
	return false
}

// count plays one more checker move against the budget.
func (c *proofChecker) count() error {
	c.nodes++
	if c.nodes > c.maxNodes {
		return ErrCheckBudget
	}
	if c.stop != nil && c.nodes&4095 == 0 && c.stop() {
		return ErrCheckStopped
	}
	return nil
}

// attacker checks an attacker-to-move position of the proof in which the
// attacker has no five point and the defender's five points are among
// dfives. Only the root needs a scan of the board for them: a stone never
// gives the other colour a five point, so below the root the attacker has
// none (defence took every one away, or there was none) and the defender's
// are the ones through its last stone (it had none before: defence says).
func (c *proofChecker) attacker(dfives []engine.Pos) error {
	h := c.b.Hash()
	if c.done[h] {
		return nil
	}
	m, ok := c.p.moves[h]
	if !ok {
		return errors.New("the proof has no answer")
	}
	if !c.b.Legal(m) {
		return fmt.Errorf("the proof's answer %s is not a legal move", c.name(m))
	}
	if err := c.count(); err != nil {
		return err
	}
	c.b.Make(m)
	err := c.defence(m, dfives)
	c.b.Undo()
	if err != nil {
		return fmt.Errorf("%s: %w", c.name(m), err)
	}
	c.done[h] = true
	return nil
}

// defence checks every legal defence after the attacker's move m, where
// the defender's five points before m were among dfives and the attacker
// had none (so its five points now are the ones through m).
func (c *proofChecker) defence(m engine.Pos, dfives []engine.Pos) error {
	for _, d := range dfives {
		if c.b.At(d) == engine.Empty && c.b.IsFive(d, c.def) {
			return fmt.Errorf("the defender makes five at %s", c.name(d))
		}
	}
	if f := c.fivesNear(m, c.att); len(f) > 0 {
		// Only a stone that takes every five point away can defend.
		for _, y := range c.zone(f, c.att) {
			if err := c.count(); err != nil {
				return err
			}
			if !c.blocks(y, f) {
				continue
			}
			c.b.Make(y)
			err := c.attacker(c.fivesNear(y, c.def))
			c.b.Undo()
			if err != nil {
				return fmt.Errorf("%s %w", c.name(y), err)
			}
		}
		return nil
	}
	// No five point: the defender may play anywhere. The attacker's win
	// against one defence usually beats the next as well, so it is tried
	// first, before even asking whether the defence is legal: a defence
	// that loses anyway needs no forbidden-point check (the costliest part
	// of a renju check, with black defending).
	hint, hintDepth := engine.NoPos, 0
	for yy := 0; yy < c.b.Height(); yy++ {
		for xx := 0; xx < c.b.Width(); xx++ {
			y := c.b.Pos(xx, yy)
			if c.b.At(y) != engine.Empty {
				continue
			}
			if err := c.count(); err != nil {
				return err
			}
			var err error
			if _, ok := c.p.moves[c.b.HashAfter(y)]; ok {
				if !c.b.Legal(y) {
					continue
				}
				c.b.Make(y)
				err = c.attacker(c.fivesNear(y, c.def))
				c.b.Undo()
			} else {
				hint, hintDepth, err = c.unanswered(y, hint, hintDepth)
			}
			if err != nil {
				return fmt.Errorf("%s %w", c.name(y), err)
			}
		}
	}
	return nil
}

// unanswered checks a defence y (an empty cell) that the proof does not
// answer: unless it is illegal, the attacker must win by fours after it,
// and the checker finds and proves that win itself. hint is the first move
// of the win against an earlier defence, found within hintDepth attacker
// moves; it is tried first. It returns the hint for the next defence.
func (c *proofChecker) unanswered(y, hint engine.Pos, hintDepth int) (engine.Pos, int, error) {
	c.b.Make(y)
	// A defender stone cannot give the attacker a five point, and any five
	// point of the defender's goes through y.
	dfives := c.fivesNear(y, c.def)
	if hint != engine.NoPos {
		won, err := c.vcfOnly(hintDepth, dfives, hint, 0)
		if err != nil || won {
			c.b.Undo()
			return hint, hintDepth, err
		}
	}
	c.b.Undo()
	if !c.b.Legal(y) {
		return hint, hintDepth, nil
	}
	c.b.Make(y)
	defer c.b.Undo()
	// Shallow wins first: most such defences lose to one unstoppable four.
	for depth := 2; depth <= checkVCFDepth; depth++ {
		won, err := c.vcf(depth, dfives, 0)
		if err != nil {
			return hint, hintDepth, err
		}
		if won != engine.NoPos {
			return won, depth, nil
		}
	}
	return hint, hintDepth, errors.New("is not answered, and no win by fours follows it")
}

// vcfOnly reports whether the attacker's four at q wins by fours within
// depth attacker moves (as vcf, with q the only first move tried), ply
// fours deep in the checker's VCF.
func (c *proofChecker) vcfOnly(depth int, dfives []engine.Pos, q engine.Pos, ply int) (bool, error) {
	if depth < 2 || c.b.At(q) != engine.Empty || !c.b.Legal(q) {
		return false, nil
	}
	if err := c.count(); err != nil {
		return false, err
	}
	c.b.Make(q)
	won, err := c.vcfDefence(depth, q, dfives, ply)
	c.b.Undo()
	return won, err
}

// fourCells lists the empty cells where col might make a four: a
// five-cell window holds three of col's stones, two empty cells and
// nothing else. Every four has such a window (its five-to-be), so none is
// missed; the caller plays each and asks the engine.
func (c *proofChecker) fourCells(col engine.Color) []engine.Pos {
	var out []engine.Pos
	b := c.b
	for yy := 0; yy < b.Height(); yy++ {
		for xx := 0; xx < b.Width(); xx++ {
			p := b.Pos(xx, yy)
			for _, d := range b.Dirs() {
				if b.At(p+4*d) == engine.Wall {
					continue
				}
				n, e1, e2 := 0, engine.NoPos, engine.NoPos
				for k := engine.Pos(0); k < 5 && n >= 0; k++ {
					switch q := p + k*d; b.At(q) {
					case col:
						n++
					case engine.Empty:
						if e1 == engine.NoPos {
							e1 = q
						} else {
							e2 = q
						}
					default:
						n = -1
					}
				}
				if n == 3 {
					out = append(out, e1, e2)
				}
			}
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// vcf looks for the attacker's win by fours, with the attacker to move,
// no five point of the attacker's on the board and the defender's five
// points in dfives. It answers every defence to each four, and returns
// the first move of the win or NoPos. depth counts attacker moves, the
// final five included.
func (c *proofChecker) vcf(depth int, dfives []engine.Pos, ply int) (engine.Pos, error) {
	if depth < 2 {
		return engine.NoPos, nil
	}
	// The killer first, before the candidates are even listed: a win with
	// it is a win, whichever move the full list would have found.
	k := engine.NoPos
	if ply < len(c.killers) && !c.noKillers {
		k = c.killers[ply]
	}
	if k != engine.NoPos {
		won, err := c.vcfOnly(depth, dfives, k, ply)
		if err != nil || won {
			return k, err
		}
	}
	var cands []engine.Pos
	if len(dfives) > 0 {
		cands = c.zone(dfives, c.def) // the attacker must block, with a four
	} else {
		cands = c.fourCells(c.att)
	}
	for _, q := range cands {
		if q == k {
			continue // tried
		}
		won, err := c.vcfOnly(depth, dfives, q, ply)
		if err != nil {
			return engine.NoPos, err
		}
		if won {
			if ply < len(c.killers) {
				c.killers[ply] = q
			}
			return q, nil
		}
	}
	return engine.NoPos, nil
}

// vcfDefence checks every defence after the attacker's candidate four q.
func (c *proofChecker) vcfDefence(depth int, q engine.Pos, dfives []engine.Pos, ply int) (bool, error) {
	if c.anyFive(dfives, c.def) {
		return false, nil // q did not block the defender's five
	}
	f := c.fivesNear(q, c.att)
	if len(f) == 0 {
		return false, nil // not a four
	}
	for _, y := range c.zone(f, c.att) {
		if err := c.count(); err != nil {
			return false, err
		}
		if !c.blocks(y, f) {
			continue
		}
		c.b.Make(y)
		m, err := c.vcf(depth-1, c.fivesNear(y, c.def), ply+1)
		c.b.Undo()
		if err != nil || m == engine.NoPos {
			return false, err
		}
	}
	return true, nil
}

// blocks reports whether the defender, to move, may legally play the
// empty cell y and leave the attacker none of the five points f. The
// five points are looked at first: a stone that leaves one standing loses
// whether or not it is legal, and the forbidden-point check is the dear
// part.
func (c *proofChecker) blocks(y engine.Pos, f []engine.Pos) bool {
	if c.b.At(y) != engine.Empty {
		return false
	}
	c.b.Make(y)
	left := c.anyFive(f, c.att)
	c.b.Undo()
	return !left && c.b.Legal(y)
}
