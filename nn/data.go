package nn

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"hash/fnv"
	"io"
	"strconv"
	"strings"

	"github.com/kakugo/kakugo/engine"
)

// Game is a recorded game, or a single position with its move, for training
// and evaluation.
type Game struct {
	W, H int
	Rule engine.Rule
	// Year and League say where a Gomocup game was played ("2021",
	// "Freestyle1"); Source names the record (file, or file:line).
	Year, League, Source string
	// Black and White name the players, where the record says.
	Black, White string
	// Opening is the number of leading moves that are not predicted: the
	// tournament's opening stones, or a position's move sequence.
	Opening int
	// Moves are the moves in order, black first, 0-based.
	Moves []engine.Point
	// Result is how the game ended, where the record says (the value
	// function's training reads it; the policy's does not).
	Result Result
}

// Result is the outcome of a recorded game.
type Result uint8

// The results: unknown (the record does not say), a win for either
// colour, or a draw.
const (
	ResultUnknown Result = iota
	ResultBlack
	ResultWhite
	ResultDraw
)

// resultOf reads the archive's winner_color ("black", "white", or null
// for a game that ended without a winner), or where that field is absent
// the result of selfplay's records ("black", "white", "draw").
func resultOf(winner json.RawMessage, result string) Result {
	w := strings.TrimSpace(string(winner))
	if w == "" {
		w = strconv.Quote(result)
	}
	switch w {
	case "null", `"draw"`:
		return ResultDraw
	case `"black"`:
		return ResultBlack
	case `"white"`:
		return ResultWhite
	}
	return ResultUnknown
}

// Targets is the number of moves of g that are predicted.
func (g *Game) Targets() int { return max(0, len(g.Moves)-g.Opening) }

// SplitKey identifies the group of games that go to the same side of a
// train/test split: a game, together with its twin where a record has one.
// Gomocup plays every opening twice between the same two engines with the
// colours swapped, and those two games share a long prefix, so the key is
// the year, league, opening stones and the unordered pair of engines. (A
// key per opening alone would leave 1 or 2 of a league's 12 openings on
// the test side, too few to measure.) Records without a league are keyed
// by their source.
func (g *Game) SplitKey() string {
	if g.League == "" {
		return g.Source
	}
	var sb strings.Builder
	a, b := g.Black, g.White
	if b < a {
		a, b = b, a
	}
	sb.WriteString(g.Year + "|" + g.League + "|" + a + "|" + b + "|")
	for _, m := range g.Moves[:min(g.Opening, len(g.Moves))] {
		fmt.Fprintf(&sb, "%d,%d;", m.X, m.Y)
	}
	return sb.String()
}

// IsTest reports whether g belongs to the test side of the split with the
// given seed and test fraction. The split depends on nothing but the
// game's SplitKey, the seed and the fraction.
func (g *Game) IsTest(seed uint64, frac float64) bool {
	h := fnv.New64a()
	fmt.Fprintf(h, "%d|%s", seed, g.SplitKey())
	v := h.Sum64()
	v ^= v >> 33 // fnv's low bits mix poorly for similar keys
	v *= 0xff51afd7ed558ccd
	v ^= v >> 33
	return float64(v>>11)/float64(1<<53) < frac
}

// validate replays g and cuts it at the first move that is off the board,
// on an occupied cell or after a five, reporting whether it was cut.
func (g *Game) validate() (cut bool) {
	b, err := engine.New(g.W, g.H, g.Rule)
	if err != nil {
		g.Moves = nil
		return true
	}
	for i, m := range g.Moves {
		if !b.OnBoard(m.X, m.Y) || b.At(b.Pos(m.X, m.Y)) != engine.Empty || b.Winner() != engine.Empty {
			g.Moves = g.Moves[:i]
			return true
		}
		b.Make(b.Pos(m.X, m.Y))
	}
	return false
}

// jsonGame is one line of the shared Gomocup archive (games/README.md).
type jsonGame struct {
	Year    string          `json:"year"`
	League  string          `json:"league"`
	File    string          `json:"file"`
	Rule    string          `json:"rule"`
	Board   string          `json:"board"`
	Black   string          `json:"black"`
	White   string          `json:"white"`
	Opening int             `json:"n_opening_stones_guess"`
	Moves   [][2]int        `json:"moves"`
	Winner  json.RawMessage `json:"winner_color"`
	Result  string          `json:"result"` // selfplay's records
}

// OpenMaybeGzip returns a reader of r's content, gunzipped if it starts
// with the gzip magic.
func OpenMaybeGzip(r io.Reader) (io.Reader, error) {
	br := bufio.NewReader(r)
	head, _ := br.Peek(2)
	if len(head) == 2 && head[0] == 0x1f && head[1] == 0x8b {
		return gzip.NewReader(br)
	}
	return br, nil
}

// ReadJSONL reads the JSON lines of the shared Gomocup archive (gzip'd or
// not). Moves there are 1-based; games are cut at their first invalid move.
func ReadJSONL(r io.Reader) ([]Game, error) {
	rd, err := OpenMaybeGzip(r)
	if err != nil {
		return nil, err
	}
	sc := bufio.NewScanner(rd)
	sc.Buffer(make([]byte, 1<<20), 16<<20)
	var games []Game
	for line := 1; sc.Scan(); line++ {
		text := bytes.TrimSpace(sc.Bytes())
		if len(text) == 0 {
			continue
		}
		var jg jsonGame
		if err := json.Unmarshal(text, &jg); err != nil {
			return nil, fmt.Errorf("line %d: %w", line, err)
		}
		w, h, err := engine.ParseSize(jg.Board)
		if err != nil {
			return nil, fmt.Errorf("line %d: %w", line, err)
		}
		rule, err := engine.ParseRule(jg.Rule)
		if err != nil {
			return nil, fmt.Errorf("line %d: %w", line, err)
		}
		g := Game{W: w, H: h, Rule: rule, Year: jg.Year, League: jg.League, Source: jg.File,
			Black: jg.Black, White: jg.White, Opening: max(0, jg.Opening), Result: resultOf(jg.Winner, jg.Result)}
		g.Moves = make([]engine.Point, len(jg.Moves))
		for i, m := range jg.Moves {
			g.Moves[i] = engine.Point{X: m[0] - 1, Y: m[1] - 1}
		}
		g.validate()
		games = append(games, g)
	}
	return games, sc.Err()
}

// ReadPSQ reads one Piskvork game record: a header line "Piskvorky WxH,
// ...", then one "x,y,ms" line per move (1-based), then the engines' names
// and the result, which are ignored. The rule is the caller's (psq does
// not record it). The opening is the run of leading moves that took 0 ms,
// as in the shared archive, unless every move did.
func ReadPSQ(r io.Reader, source string, rule engine.Rule) (Game, error) {
	sc := bufio.NewScanner(r)
	if !sc.Scan() {
		return Game{}, fmt.Errorf("%s: empty psq", source)
	}
	head := sc.Text()
	fields := strings.Fields(strings.ReplaceAll(head, ",", " "))
	if len(fields) < 2 || !strings.HasPrefix(strings.ToLower(fields[0]), "piskvork") {
		return Game{}, fmt.Errorf("%s: not a psq header: %q", source, head)
	}
	w, h, err := engine.ParseSize(fields[1])
	if err != nil {
		return Game{}, fmt.Errorf("%s: %w", source, err)
	}
	g := Game{W: w, H: h, Rule: rule, Source: source}
	zeroRun, inRun := 0, true
	for sc.Scan() {
		parts := strings.Split(strings.TrimSpace(sc.Text()), ",")
		if len(parts) != 3 {
			break // the engines' names follow the moves
		}
		var v [3]int
		for i, p := range parts {
			if v[i], err = strconv.Atoi(strings.TrimSpace(p)); err != nil {
				break
			}
		}
		if err != nil {
			break
		}
		g.Moves = append(g.Moves, engine.Point{X: v[0] - 1, Y: v[1] - 1})
		if inRun && v[2] == 0 {
			zeroRun++
		} else {
			inRun = false
		}
	}
	if err := sc.Err(); err != nil {
		return Game{}, fmt.Errorf("%s: %w", source, err)
	}
	if zeroRun < len(g.Moves) {
		g.Opening = zeroRun
	}
	g.validate()
	return g, nil
}

// ReadCSV reads lines "position,move" in pos notation (c-gomoku-cli's
// sample format): position is the move sequence before the move, black
// first, e.g. "h8i9,g7". Each line becomes a Game whose only target is the
// move. Lines that do not parse, or whose move is not playable, are
// errors; a header line "position,move" is skipped.
func ReadCSV(r io.Reader, source string, w, h int, rule engine.Rule) ([]Game, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<16), 1<<20)
	var games []Game
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") || strings.EqualFold(text, "position,move") {
			continue
		}
		pos, mv, ok := strings.Cut(text, ",")
		if !ok {
			return nil, fmt.Errorf("%s:%d: want position,move", source, line)
		}
		seq, err := engine.ParseMoves(pos)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %w", source, line, err)
		}
		m, err := engine.ParseMoves(mv)
		if err != nil || len(m) != 1 {
			return nil, fmt.Errorf("%s:%d: bad move %q", source, line, mv)
		}
		g := Game{W: w, H: h, Rule: rule, Source: fmt.Sprintf("%s:%d", source, line),
			Opening: len(seq), Moves: append(seq, m[0])}
		if g.validate() {
			return nil, fmt.Errorf("%s:%d: the position or move is not playable on %dx%d", source, line, w, h)
		}
		games = append(games, g)
	}
	return games, sc.Err()
}
