// Package play is the game against the engine in the terminal (the play
// subcommand): the board drawn with the last move marked, the person's
// moves read in pos notation, undo of a whole turn.
package play

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/protocol"
	"github.com/kakugo/kakugo/search"
)

// Game is a game to play: the board it starts from, the engine's player,
// its name as greeted, its colour, and its time and threads for each move.
type Game struct {
	Board   *engine.Board
	Player  protocol.Player
	Name    string
	Engine  engine.Color
	Turn    time.Duration
	Threads int
}

// ParseColour reads the engine's colour: black (b, x) or white (w, o), in
// any case.
func ParseColour(s string) (engine.Color, bool) {
	switch strings.ToLower(s) {
	case "black", "b", "x":
		return engine.Black, true
	case "white", "w", "o":
		return engine.White, true
	}
	return engine.Empty, false
}

// Run plays g with the person's moves from in and everything said on out,
// until a five, a full board, the end of in or quit.
func Run(g Game, in io.Reader, out io.Writer) {
	b := g.Board
	fmt.Fprintf(out, "Kakugo (%s), %s on %dx%d. You play %s.\n", g.Name, b.Rule(), b.Width(), b.Height(), g.Engine.Opp())
	sc := bufio.NewScanner(in)
	for {
		fmt.Fprint(out, "\n", Board(b))
		if winner := b.Winner(); winner != engine.Empty {
			if winner == g.Engine {
				fmt.Fprintln(out, "The engine wins.")
			} else {
				fmt.Fprintln(out, "You win.")
			}
			return
		}
		if b.Full() {
			fmt.Fprintln(out, "Draw: the board is full.")
			return
		}
		if b.SideToMove() == g.Engine {
			lim := search.Limits{Turn: g.Turn, Match: search.Unlimited, Left: search.Unlimited, Start: time.Now(), Threads: g.Threads}
			p := g.Player.Move(context.Background(), b, lim)
			if !b.Legal(p) {
				fmt.Fprintln(out, "The engine has no legal move: you win.")
				return
			}
			x, y := b.XY(p)
			b.Make(p)
			fmt.Fprintf(out, "Move %d: the engine plays %s\n", b.MoveCount(), engine.FormatMove(x, y))
			continue
		}
		fmt.Fprintf(out, "Move %d, yours (%s): ", b.MoveCount()+1, b.SideToMove())
		if !sc.Scan() {
			fmt.Fprintln(out)
			return
		}
		line := strings.ToLower(strings.TrimSpace(sc.Text()))
		switch line {
		case "":
			continue
		case "quit", "exit", "q":
			return
		case "undo":
			fmt.Fprintln(out, UndoTurn(b, g.Engine))
			continue
		}
		moves, err := engine.ParseMoves(line)
		if err != nil || len(moves) != 1 {
			fmt.Fprintln(out, "Type one move like h8, or undo, or quit.")
			continue
		}
		if err := b.Play(moves[0].X, moves[0].Y); err != nil {
			fmt.Fprintf(out, "%s: %v\n", line, err)
		}
	}
}

// UndoTurn takes back the engine's reply and your move before it, so that
// it is your turn again, and says what it took back. When the engine
// opened the game, its first move stays: taking it back would only have
// it played again.
func UndoTurn(b *engine.Board, engineColour engine.Color) string {
	var taken []string
	for b.MoveCount() > 0 {
		last := b.LastMove()
		if b.MoveCount() == 1 && b.At(last) == engineColour {
			break
		}
		x, y := b.XY(last)
		who := "yours"
		if b.At(last) == engineColour {
			who = "the engine's"
		}
		b.Undo()
		taken = append(taken, fmt.Sprintf("%s (move %d, %s)", engine.FormatMove(x, y), b.MoveCount()+1, who))
		if b.SideToMove() != engineColour {
			break
		}
	}
	if len(taken) == 0 {
		return "Nothing to take back."
	}
	return "Took back " + strings.Join(taken, " and ") + "."
}

// Board draws the board as engine.Board.String does, with the last move
// in brackets so that the eye finds it.
func Board(b *engine.Board) string {
	var sb strings.Builder
	sb.WriteString("   ")
	for x := 0; x < b.Width(); x++ {
		sb.WriteByte(' ')
		sb.WriteByte(byte('a' + x))
	}
	sb.WriteByte('\n')
	lx, ly := -1, -1
	if b.MoveCount() > 0 {
		lx, ly = b.XY(b.LastMove())
	}
	for y := 0; y < b.Height(); y++ {
		fmt.Fprintf(&sb, "%3d", y+1)
		for x := 0; x < b.Width(); x++ {
			sep := byte(' ')
			switch {
			case y == ly && x == lx:
				sep = '['
			case y == ly && x == lx+1:
				sep = ']'
			}
			ch := byte('.')
			switch b.At(b.Pos(x, y)) {
			case engine.Black:
				ch = 'X'
			case engine.White:
				ch = 'O'
			}
			sb.WriteByte(sep)
			sb.WriteByte(ch)
		}
		if y == ly && lx == b.Width()-1 {
			sb.WriteByte(']')
		}
		sb.WriteByte('\n')
	}
	return sb.String()
}
