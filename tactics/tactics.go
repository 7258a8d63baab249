// Package tactics builds the tactics test set: the positions of recorded
// games in which a strong engine announced a forced win for the side to
// move. It reads the records c-gomoku-cli writes (-sgf and -msg), finds in
// each game the first move for which the engine's final search line says
// "Eval +M.." (a win for the engine, which is to move) or "Eval -M.." (a
// win for its opponent, to move after it), and writes those positions in
// pos notation. Replaying them with `match --to-move` against the engine
// that announced them measures how often a player converts won positions.
package tactics

import (
	"bufio"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"

	"github.com/kakugo/kakugo/engine"
)

// Game is one game of an SGF collection.
type Game struct {
	// ID is the game number (GN), 0 when absent.
	ID int
	// Black and White are the players' names (PB, PW).
	Black, White string
	// Size is the board size (SZ), 15 when absent.
	Size int
	// Rule is c-gomoku-cli's rule number (RU), -1 when absent.
	Rule int
	// Moves are the stones in order, black first.
	Moves []engine.Point
}

// ReadSGF reads a collection of Gomoku SGF games as c-gomoku-cli writes
// them: one game tree per game, properties in brackets, B[xy] and W[xy]
// moves with letters from a. Variations are not supported; comments and
// unknown properties are skipped.
func ReadSGF(r io.Reader) ([]Game, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	var games []Game
	var g *Game
	depth := 0
	for i := 0; i < len(data); {
		c := data[i]
		switch {
		case c == '(':
			depth++
			if depth > 1 {
				return nil, fmt.Errorf("byte %d: variations are not supported", i)
			}
			games = append(games, Game{Size: 15, Rule: -1})
			g = &games[len(games)-1]
			i++
		case c == ')':
			if depth == 0 {
				return nil, fmt.Errorf("byte %d: ')' outside a game", i)
			}
			depth--
			g = nil
			i++
		case c >= 'A' && c <= 'Z':
			j := i
			for j < len(data) && data[j] >= 'A' && data[j] <= 'Z' {
				j++
			}
			ident := string(data[i:j])
			i = j
			for i < len(data) && data[i] == '[' {
				val, next, err := sgfValue(data, i)
				if err != nil {
					return nil, err
				}
				i = next
				if g == nil {
					return nil, fmt.Errorf("byte %d: property %s outside a game", j, ident)
				}
				if err := g.set(ident, val); err != nil {
					return nil, fmt.Errorf("game %d: %w", len(games), err)
				}
			}
		default:
			i++
		}
	}
	if depth != 0 {
		return nil, fmt.Errorf("unterminated game")
	}
	return games, nil
}

// sgfValue reads the bracketed value at data[i] ('['), with \-escapes, and
// returns it and the index after its ']'.
func sgfValue(data []byte, i int) (string, int, error) {
	var sb strings.Builder
	for j := i + 1; j < len(data); j++ {
		switch data[j] {
		case '\\':
			j++
			if j < len(data) {
				sb.WriteByte(data[j])
			}
		case ']':
			return sb.String(), j + 1, nil
		default:
			sb.WriteByte(data[j])
		}
	}
	return "", 0, fmt.Errorf("byte %d: unterminated value", i)
}

// set applies one property to the game.
func (g *Game) set(ident, val string) error {
	var err error
	switch ident {
	case "GN":
		g.ID, err = strconv.Atoi(val)
	case "PB":
		g.Black = val
	case "PW":
		g.White = val
	case "SZ":
		g.Size, err = strconv.Atoi(val)
		if err == nil && (g.Size < 5 || g.Size > 26) {
			err = fmt.Errorf("board size %d out of range", g.Size)
		}
	case "RU":
		g.Rule, err = strconv.Atoi(val)
	case "B", "W":
		if len(val) != 2 || val[0] < 'a' || val[0] > 'z' || val[1] < 'a' || val[1] > 'z' {
			return fmt.Errorf("move %s[%s]: want two letters", ident, val)
		}
		want := "B"
		if len(g.Moves)%2 == 1 {
			want = "W"
		}
		if ident != want {
			return fmt.Errorf("move %d is %s's, want %s's", len(g.Moves)+1, ident, want)
		}
		g.Moves = append(g.Moves, engine.Point{X: int(val[0] - 'a'), Y: int(val[1] - 'a')})
	}
	if err != nil {
		return fmt.Errorf("%s[%s]: %w", ident, val, err)
	}
	return nil
}

// Mate is an engine's last word on one move: the game, the move number (the
// stone the engine was about to place, 1-based), and the mate it announced
// in its final search line (positive: the engine wins, negative: it loses;
// 0: no mate announced), or else the score of that line (the engine's own
// units, positive when it stands better; 0 when the line has no number).
type Mate struct {
	Game, Ply int
	Engine    string
	Mate      int
	Score     int
}

// ReadMessages reads c-gomoku-cli's -msg file ("Game ID: N" headers, then
// "PLY) ENGINE: TEXT" lines) and returns, for every move of every game, the
// mate in the last line the engine printed with an "Eval" field for that
// move (its final verdict), in file order.
func ReadMessages(r io.Reader) ([]Mate, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	var out []Mate
	index := map[[2]int]int{} // (game, ply) -> out index
	game := 0
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if rest, ok := strings.CutPrefix(line, "Game ID:"); ok {
			id, err := strconv.Atoi(strings.TrimSpace(rest))
			if err != nil {
				return nil, fmt.Errorf("line %d: bad game id %q", n, rest)
			}
			game = id
			continue
		}
		paren := strings.Index(line, ") ")
		colon := strings.Index(line, ": ")
		if game == 0 || paren <= 0 || colon < paren {
			continue
		}
		ply, err := strconv.Atoi(line[:paren])
		if err != nil || ply <= 0 {
			continue
		}
		eng := line[paren+2 : colon]
		mate, score, ok := evalField(line[colon+2:])
		if !ok {
			continue
		}
		key := [2]int{game, ply}
		if i, seen := index[key]; seen && out[i].Engine == eng {
			out[i].Mate, out[i].Score = mate, score
			continue
		}
		index[key] = len(out)
		out = append(out, Mate{Game: game, Ply: ply, Engine: eng, Mate: mate, Score: score})
	}
	return out, sc.Err()
}

// evalField reads the "Eval X" field of a search line: the mate distance
// with its sign for "+M13" or "-M8" (score 0), else mate 0 and the score
// ("-58": -58; 0 for anything that is no number); ok is false when the
// line has no Eval field.
func evalField(text string) (mate, score int, ok bool) {
	for _, f := range strings.Split(text, "|") {
		v, found := strings.CutPrefix(strings.TrimSpace(f), "Eval ")
		if !found {
			continue
		}
		v = strings.TrimSpace(v)
		sign := 1
		switch {
		case strings.HasPrefix(v, "+M"):
			v = v[2:]
		case strings.HasPrefix(v, "-M"):
			v, sign = v[2:], -1
		default:
			n, err := strconv.Atoi(v)
			if err != nil || n < -maxScore || n > maxScore {
				n = 0
			}
			return 0, n, true
		}
		d, err := strconv.Atoi(v)
		if err != nil || d <= 0 {
			return 0, 0, true
		}
		return sign * d, 0, true
	}
	return 0, 0, false
}

// maxScore bounds the scores kept: beyond it a number is no evaluation
// (Rapfi's scores stay within a few thousand short of a mate).
const maxScore = 1 << 20

// Position is a won position of the set.
type Position struct {
	// Moves are the stones, black first; the side to move has a forced
	// win according to Engine.
	Moves []engine.Point
	// Game and Ply say where it came from: the game's number and the
	// move number of the engine's announcement.
	Game, Ply int
	// Engine announced the win; Mate is the distance it gave (in plies).
	Engine string
	Mate   int
	// Announcer is true when the side to move is the engine itself.
	Announcer bool
	// Played are the moves taken back by Rewind: the game went on from
	// Moves with these (empty for the announced position itself).
	Played []engine.Point
}

// Rewind returns each position n plies earlier, with the moves taken back
// in Played: with n = 1 after a loss the engine announced, the position
// its opponent moved from and the move that let the win in, which is what
// a defence check has to judge. Positions with fewer than n+1 stones are
// left out; n <= 0 returns ps unchanged.
func Rewind(ps []Position, n int) []Position {
	if n <= 0 {
		return ps
	}
	var out []Position
	for _, p := range ps {
		if len(p.Moves) <= n {
			continue
		}
		k := len(p.Moves) - n
		q := p
		q.Moves = append([]engine.Point(nil), p.Moves[:k]...)
		q.Played = append(append([]engine.Point(nil), p.Moves[k:]...), p.Played...)
		out = append(out, q)
	}
	return out
}

// Extract finds, in each game, the first move for which engine announced a
// mate, and returns the position where the winner is to move: before the
// engine's move for a win of its own, after it for a loss. Games without an
// announcement give nothing; positions are ordered by game.
func Extract(games []Game, mates []Mate, engineName string) []Position {
	byID := map[int]*Game{}
	for i := range games {
		byID[games[i].ID] = &games[i]
	}
	first := map[int]Mate{}
	for _, m := range mates {
		if m.Engine != engineName || m.Mate == 0 {
			continue
		}
		if f, ok := first[m.Game]; !ok || m.Ply < f.Ply {
			first[m.Game] = m
		}
	}
	var out []Position
	for id, m := range first {
		g := byID[id]
		if g == nil {
			continue
		}
		n := m.Ply - 1 // the engine's own win: the position it moved from
		if m.Mate < 0 {
			n = m.Ply // its loss: the position after its move
		}
		if n <= 0 || n > len(g.Moves) {
			continue
		}
		out = append(out, Position{Moves: append([]engine.Point(nil), g.Moves[:n]...),
			Game: id, Ply: m.Ply, Engine: engineName, Mate: max(m.Mate, -m.Mate), Announcer: m.Mate > 0})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Game < out[j].Game })
	return out
}

// Write writes the positions as an opening file: a comment line saying
// where each comes from, then the position in pos notation.
func Write(w io.Writer, ps []Position) error {
	bw := bufio.NewWriter(w)
	for _, p := range ps {
		side := "the opponent"
		if p.Announcer {
			side = p.Engine
		}
		fmt.Fprintf(bw, "# game %d ply %d: %s announced M%d, %s to move wins", p.Game, p.Ply, p.Engine, p.Mate, side)
		if len(p.Played) > 0 {
			bw.WriteString(" after")
			for _, m := range p.Played {
				bw.WriteString(" " + engine.FormatMove(m.X, m.Y))
			}
		}
		bw.WriteByte('\n')
		for _, m := range p.Moves {
			bw.WriteString(engine.FormatMove(m.X, m.Y))
		}
		bw.WriteByte('\n')
	}
	return bw.Flush()
}
