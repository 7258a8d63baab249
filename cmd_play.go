package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"runtime"
	"strings"
	"time"

	"github.com/spf13/pflag"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/players"
	"github.com/kakugo/kakugo/search"
)

// cmdPlay lets a person play the engine in the terminal.
func cmdPlay(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := pflag.NewFlagSet("play", pflag.ContinueOnError)
	fs.SetOutput(stderr)
	ruleName := fs.String("rule", "freestyle", "rule: freestyle, standard, renju, caro, caro-exact, or a protocol number")
	size := fs.String("size", "15", "board size: N or WxH")
	colour := fs.String("engine", "white", "the engine's colour: black or white")
	playerName := fs.String("player", players.List()[0].Name, "the engine's player (see pbrain-kakugo --help)")
	seed := fs.Int64("seed", 1, "seed for players that break ties at random")
	weightsFile := fs.String("weights", "", "policy network weights replacing the embedded ones (players with the CNN prior; an unreadable file is reported and the player plays without the prior)")
	turn := fs.Duration("time", 2*time.Second, "the engine's time per move")
	threads := fs.Int("threads", 0, "the engine's search threads (0: KAKUGO_THREADS from the environment, else 1)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: pbrain-kakugo play [flags]\n\nType moves like h8 (column letter, row number), 'undo' to take back\nyour last move, 'quit' to stop.\n\nflags:")
		fs.PrintDefaults()
	}
	if code, ok := parseFlags(fs, args, stderr); !ok {
		return code
	}
	rule, err := engine.ParseRule(*ruleName)
	if err != nil {
		fmt.Fprintln(stderr, "play:", err)
		return 2
	}
	w, h, err := engine.ParseSize(*size)
	if err != nil {
		fmt.Fprintln(stderr, "play:", err)
		return 2
	}
	b, err := engine.New(w, h, rule)
	if err != nil {
		fmt.Fprintln(stderr, "play:", err)
		return 2
	}
	var engineColour engine.Color
	switch strings.ToLower(*colour) {
	case "black", "b", "x":
		engineColour = engine.Black
	case "white", "w", "o":
		engineColour = engine.White
	default:
		fmt.Fprintf(stderr, "play: --engine must be black or white, not %q\n", *colour)
		return 2
	}
	player, err := players.New(*playerName, *seed, *weightsFile, stderr)
	if err != nil {
		fmt.Fprintln(stderr, "play:", err)
		return 2
	}
	fmt.Fprintf(stdout, "Kakugo (%s), %s on %dx%d. You play %s.\n", *playerName, rule, w, h, engineColour.Opp())
	in := bufio.NewScanner(stdin)
	for {
		fmt.Fprint(stdout, "\n", playBoard(b))
		if winner := b.Winner(); winner != engine.Empty {
			if winner == engineColour {
				fmt.Fprintln(stdout, "The engine wins.")
			} else {
				fmt.Fprintln(stdout, "You win.")
			}
			return 0
		}
		if b.Full() {
			fmt.Fprintln(stdout, "Draw: the board is full.")
			return 0
		}
		if b.SideToMove() == engineColour {
			lim := search.Limits{Turn: *turn, Match: search.Unlimited, Left: search.Unlimited, Start: time.Now(),
				Threads: min(players.Threads(*threads, os.Getenv("KAKUGO_THREADS")), runtime.GOMAXPROCS(0))}
			p := player.Move(context.Background(), b, lim)
			if !b.Legal(p) {
				fmt.Fprintln(stdout, "The engine has no legal move: you win.")
				return 0
			}
			x, y := b.XY(p)
			b.Make(p)
			fmt.Fprintf(stdout, "Move %d: the engine plays %s\n", b.MoveCount(), engine.FormatMove(x, y))
			continue
		}
		fmt.Fprintf(stdout, "Move %d, yours (%s): ", b.MoveCount()+1, b.SideToMove())
		if !in.Scan() {
			fmt.Fprintln(stdout)
			return 0
		}
		line := strings.ToLower(strings.TrimSpace(in.Text()))
		switch line {
		case "":
			continue
		case "quit", "exit", "q":
			return 0
		case "undo":
			fmt.Fprintln(stdout, undoTurn(b, engineColour))
			continue
		}
		moves, err := engine.ParseMoves(line)
		if err != nil || len(moves) != 1 {
			fmt.Fprintln(stdout, "Type one move like h8, or undo, or quit.")
			continue
		}
		if err := b.Play(moves[0].X, moves[0].Y); err != nil {
			fmt.Fprintf(stdout, "%s: %v\n", line, err)
		}
	}
}

// undoTurn takes back the engine's reply and your move before it, so that
// it is your turn again, and says what it took back. When the engine
// opened the game, its first move stays: taking it back would only have
// it played again.
func undoTurn(b *engine.Board, engineColour engine.Color) string {
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

// playBoard draws the board as Board.String does, with the last move in
// brackets so that the eye finds it.
func playBoard(b *engine.Board) string {
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
