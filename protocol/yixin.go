package protocol

import (
	"fmt"
	"math/bits"

	"github.com/kakugo/kakugo/engine"
)

// Yixin-Board (accreator/Yixin-Board, main.c) drives the brain with many
// commands of its own engine. The ones Kakugo has no use for are consumed
// here whole, with what follows them (stone lines up to DONE, or a file
// path on the next line), and answered with at most one line; they never
// stop a thought, because Yixin-Board sends its database query after
// every move, while the brain thinks about the next one.

// trailer is what follows an unimplemented command on lines of its own.
type trailer int

const (
	trailNone  trailer = iota
	trailBlock         // lines up to DONE: a position or a list of cells
	trailPath          // one line: a file path
)

// unimplemented describes a Yixin command that the brain consumes without
// acting on it: what follows it, and its one reply ("" for none). ok is
// false for a command it does not know at all.
func unimplemented(cmd string) (trail trailer, reply string, ok bool) {
	const noDB = "MESSAGE %s: Kakugo keeps no opening database"
	switch cmd {
	case "YXQUERYDATABASEALL", "YXQUERYDATABASEONE", "YXQUERYDATABASETEXT", "YXQUERYDATABASEALLT":
		// A query of an empty database: nothing to show. Yixin-Board
		// sends it after every move when "Use Database" is on (its
		// default), so a reply would only fill its log.
		return trailBlock, "", true
	case "YXDELETEDATABASEONE", "YXDELETEDATABASEALL", "YXSETBESTMOVEDATABASE",
		"YXCLEARBESTMOVEDATABASE", "YXEDITLABELDATABASE", "YXEDITTVDDATABASE", "YXEDITTEXTDATABASE":
		return trailBlock, fmt.Sprintf(noDB, cmd), true
	case "YXSETDATABASE", "YXDBTOPOS", "YXDBTOTXT", "YXTXTTODB", "YXSAVEDATABASE",
		"YXDBTOTXTALL", "YXLIBTODB", "YXDBTOLIB", "YXDBSPLIT", "YXDBMERGE":
		return trailPath, fmt.Sprintf(noDB, cmd), true
	case "YXDBCHECK", "YXDBFIX":
		return trailNone, fmt.Sprintf(noDB, cmd), true
	case "YXBLOCK", "YXBLOCKUNDO", "YXBLOCKPATH", "YXBLOCKPATHUNDO":
		return trailBlock, "MESSAGE " + cmd + ": Kakugo cannot exclude cells from its search; the cells are ignored", true
	case "YXBLOCKRESET", "YXBLOCKPATHRESET":
		// Sent after every move when the GUI resets blocks: nothing to do.
		return trailNone, "", true
	case "YXHASHDUMP", "YXHASHLOAD":
		return trailPath, "MESSAGE " + cmd + ": Kakugo's search memory cannot be saved or loaded", true
	case "YXPRINTFEATURE":
		return trailNone, "MESSAGE YXPRINTFEATURE: Kakugo has no feature list to print", true
	}
	return trailNone, "", false
}

// skipper consumes the lines that follow an unimplemented command.
type skipper struct {
	trail trailer
	lines int // lines consumed so far, to give up on a block that never ends
}

// maxSkipLines bounds a consumed block: two boards' worth of cells.
const maxSkipLines = 2 * engine.MaxSize * engine.MaxSize

// consume takes an unimplemented or unknown command whenever it comes, even
// mid-thought: its reply goes out at once and the thought goes on.
func (s *server) consume(l line, cmd string) {
	trail, reply, ok := unimplemented(cmd)
	if !ok {
		s.out.line("UNKNOWN " + echo(trim(l.text)))
		return
	}
	if reply != "" {
		s.out.line(reply)
	}
	if trail != trailNone {
		s.skip = &skipper{trail: trail}
	}
}

// skipLine takes one line after an unimplemented command. It reports false
// when the line is not part of what the command carries (a protocol
// command: the manager gave up on the block), so that the caller runs it.
func (s *server) skipLine(l line) bool {
	sk := s.skip
	word, _ := splitWord(l.text)
	cmd := upper(word)
	if cmd == "DONE" && sk.trail == trailBlock {
		s.skip = nil
		return true
	}
	if !l.tooLong && (known(cmd) || sk.lines >= maxSkipLines) {
		s.skip = nil
		return false
	}
	sk.lines++
	if sk.trail == trailPath {
		s.skip = nil
	}
	return true
}

// showInfo is `YXSHOWINFO`: Yixin-Board asks once for the engine's name and
// the upper ends of its thread and hash-size sliders (hash_size is sent as
// 2^k KiB; MAX_HASH_SIZE is the largest k).
func (s *server) showInfo() {
	s.out.line("MESSAGE " + s.cfg.About)
	s.out.line(fmt.Sprintf("MESSAGE INFO MAX_THREAD_NUM %d", s.cfg.Cores))
	kib := s.cfg.Memory >> 10
	s.out.line(fmt.Sprintf("MESSAGE INFO MAX_HASH_SIZE %d", max(bits.Len64(uint64(kib))-1, 0)))
}

// HashUser is a Player that can say how full its memory for positions is,
// for Yixin-Board's `YXSHOWHASHUSAGE`.
type HashUser interface {
	// HashUsage is the part of the memory in use, 0 to 1.
	HashUsage() float64
}

// showHashUsage is `YXSHOWHASHUSAGE`: one MESSAGE.
func (s *server) showHashUsage() {
	h, ok := s.cfg.Player.(HashUser)
	switch {
	case !ok:
		s.out.line("MESSAGE hash usage: this player keeps no memory of positions")
	case !s.playerIdle():
		s.out.line("MESSAGE hash usage: the player is still busy")
	default:
		s.out.line(fmt.Sprintf("MESSAGE hash usage: %.1f%%", 100*h.HashUsage()))
	}
}

// draw is `YXDRAW`: the user offers a draw. A brain has nobody to agree
// with, so it declines and says so; the game goes on.
func (s *server) draw() {
	s.out.line("MESSAGE draw declined: the game goes on")
}

// resign is `YXRESIGN`: the user gives the game up; the brain has won it.
func (s *server) resign() {
	if s.board == nil || s.board.MoveCount() == 0 || s.over {
		s.out.line("MESSAGE no game in progress to resign")
		return
	}
	me := s.me
	if me == engine.Empty {
		me = s.board.SideToMove()
	}
	s.gameOver(me)
	s.out.line("MESSAGE resignation accepted: " + me.String() + " wins")
}
