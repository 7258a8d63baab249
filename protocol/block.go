package protocol

import (
	"fmt"
	"time"

	"github.com/kakugo/kakugo/engine"
)

// blockKind names the commands whose stones follow on lines of their own,
// up to DONE.
type blockKind int

const (
	blockBoard blockKind = iota // BOARD: set the position, answer a move
	blockYX                     // YXBOARD: set the position, no answer
	blockSwap2                  // SWAP2BOARD: answer an opening choice
	blockSteps                  // YXSOOSORVSTEPk: answer a Soosorv step
)

func (k blockKind) String() string {
	return [...]string{"BOARD", "YXBOARD", "SWAP2BOARD", "YXSOOSORVSTEP"}[k]
}

// block collects the stone lines of one BOARD, YXBOARD or SWAP2BOARD. Errors
// are only reported at DONE, so that the remaining stone lines are not taken
// for commands.
type block struct {
	kind     blockKind
	at       time.Time
	own, opp []engine.Point // BOARD, YXBOARD: field 1 and field 2
	opp0     bool           // BOARD, YXBOARD: the first stone is field 2
	stones   []engine.Point // SWAP2BOARD, YXSOOSORVSTEPk: in order
	step, n  int            // YXSOOSORVSTEPk: k, and N for steps 4 and 5
	err      string         // the first problem
}

// maxSwap2Stones is the most stones a SWAP2BOARD can hold.
const maxSwap2Stones = 5

func (bl *block) fail(format string, args ...any) {
	if bl.err == "" {
		bl.err = fmt.Sprintf(format, args...)
	}
}

// openBlock starts reading a block. Text after the command word is ignored.
func (s *server) openBlock(kind blockKind, at time.Time, _ string) {
	s.block = &block{kind: kind, at: at}
}

// blockLine takes one line inside a block.
func (s *server) blockLine(l line) (quit bool) {
	bl := s.block
	if l.tooLong {
		bl.fail("a line of %d bytes is too long", l.n)
		return false
	}
	t := trim(l.text)
	if t == "" {
		return false
	}
	word, _ := splitWord(t)
	if upper(word) == "DONE" {
		s.block = nil
		s.closeBlock(bl)
		return false
	}
	if c := t[0] | 0x20; c >= 'a' && c <= 'z' {
		// A command where a stone should be: the manager lost track of the
		// block. Give up on it rather than swallow every later command.
		s.block = nil
		s.errorf("%s not closed by DONE; position unchanged", bl.kind)
		return s.handle(l)
	}
	s.stoneLine(bl, t)
	return false
}

// stoneLine reads "x,y,field" (BOARD, YXBOARD) or "x,y" (SWAP2BOARD).
func (s *server) stoneLine(bl *block, t string) {
	limit := engine.MaxSize * engine.MaxSize
	if s.board != nil {
		limit = s.board.Width() * s.board.Height()
	}
	if bl.kind == blockSwap2 || bl.kind == blockSteps {
		f, err := parseFields(t, 2)
		if err != nil {
			// Some managers send SWAP2BOARD stones as BOARD lines,
			// x,y,field; the colours follow from the order either way.
			if f3, err3 := parseFields(t, 3); err3 == nil {
				f, err = f3, nil
			}
		}
		if err != nil {
			bl.fail("stone %q: %v", echo(t), err)
		} else if bl.kind == blockSwap2 && len(bl.stones) >= maxSwap2Stones {
			bl.fail("more than %d stones", maxSwap2Stones)
		} else if len(bl.stones) >= limit {
			bl.fail("more stones than cells")
		} else {
			bl.stones = append(bl.stones, engine.Point{X: f[0], Y: f[1]})
		}
		return
	}
	f, err := parseFields(t, 3)
	switch {
	case err != nil:
		bl.fail("stone %q: %v", echo(t), err)
	case len(bl.own)+len(bl.opp) >= limit:
		bl.fail("more stones than cells")
	case f[2] == 1:
		bl.own = append(bl.own, engine.Point{X: f[0], Y: f[1]})
	case f[2] == 2:
		bl.opp0 = bl.opp0 || len(bl.own) == 0
		bl.opp = append(bl.opp, engine.Point{X: f[0], Y: f[1]})
	case f[2] == 3:
		bl.fail("stone %q: field 3 (continuous game) is not supported", echo(t))
	default:
		bl.fail("stone %q: field must be 1 (own) or 2 (opponent)", echo(t))
	}
}

// closeBlock acts on a block at its DONE.
func (s *server) closeBlock(bl *block) {
	switch {
	case bl.err != "":
		s.errorf("%s: %s; position unchanged", bl.kind, bl.err)
	case bl.kind == blockSteps: // needs no game: see openingSize
		s.soosorvStep(bl.at, bl.step, bl.stones, bl.n)
	case s.board == nil:
		s.errorf("%s before START", bl.kind)
	case bl.kind == blockSwap2:
		s.swap2(bl)
	default:
		s.setPosition(bl)
	}
}

// setPosition makes the block's stones the game. The colours follow from
// the counts: as many own stones as opponent stones means the brain is black
// and to move; one opponent stone more means it is white. Each colour's
// stones keep their order and the two are interleaved black first, which is
// the move order every manager sends, so TAKEBACK and renju history work.
//
// Counts that cannot come from alternating play (a position a user set up)
// still get a move, with a MESSAGE saying so: the brain is to move, and the
// colour of the first stone listed is black, as Rapfi reads such a board.
func (s *server) setPosition(bl *block) {
	var me engine.Color
	black, white := bl.own, bl.opp
	odd := ""
	switch {
	case len(bl.own) == len(bl.opp):
		me = engine.Black
	case len(bl.opp) == len(bl.own)+1:
		me = engine.White
		black, white = bl.opp, bl.own
	default:
		me = engine.Black
		if len(bl.own) == 0 || bl.opp0 {
			me = engine.White
			black, white = bl.opp, bl.own
		}
		odd = fmt.Sprintf("%s: %d own and %d opponent stones cannot come from alternating play; the brain plays %s, the colour of the first stone",
			bl.kind, len(bl.own), len(bl.opp), me)
	}
	// The position is set up anew, so it takes the rule now in force,
	// also one sent by INFO rule after the last game started.
	b, err := engine.New(s.board.Width(), s.board.Height(), s.rule)
	for i := 0; err == nil && i < max(len(black), len(white)); i++ {
		if i < len(black) {
			err = put(b, black[i], engine.Black)
		}
		if err == nil && i < len(white) {
			err = put(b, white[i], engine.White)
		}
	}
	if err == nil && (b.HasFive(engine.Black) || b.HasFive(engine.White)) {
		err = fmt.Errorf("a five is already on the board")
	}
	if err == nil && bl.kind == blockBoard && b.Full() {
		err = fmt.Errorf("the board is full")
	}
	if err != nil {
		s.errorf("%s: %v; position unchanged", bl.kind, err)
		return
	}
	b.SetSideToMove(me)
	if odd != "" {
		s.out.line("MESSAGE " + odd)
	}
	s.board, s.me, s.over, s.suggested = b, me, false, engine.NoPos
	if bl.kind == blockBoard {
		s.think(bl.at, jobMove, 1)
	}
}

// put places a stone from outside, refusing cells off the board or taken.
func put(b *engine.Board, pt engine.Point, c engine.Color) error {
	if !b.OnBoard(pt.X, pt.Y) {
		return fmt.Errorf("stone %d,%d: %w", pt.X, pt.Y, engine.ErrOffBoard)
	}
	p := b.Pos(pt.X, pt.Y)
	if b.At(p) != engine.Empty {
		return fmt.Errorf("stone %d,%d: %w", pt.X, pt.Y, engine.ErrOccupied)
	}
	b.Put(p, c)
	return nil
}
