package manager

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/kakugo/kakugo/engine"
)

// recordBase is the file name of a game's records, without extension:
// number, black, white.
func recordBase(o *Options, r *GameResult) string {
	return fmt.Sprintf("%05d_%s_vs_%s", r.Game, safeName(o.Engines[r.Black].Name), safeName(o.Engines[r.White].Name))
}

// safeName keeps letters, digits, '-', '.' and '+' of an engine name for a
// file name.
func safeName(s string) string {
	b := []byte(s)
	for i, c := range b {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '.' || c == '+') {
			b[i] = '_'
		}
	}
	return string(b)
}

// writeRecords saves a game as psq and SGF in o.OutDir, and its brain
// output as .log when o.KeepMessages.
func writeRecords(o *Options, r *GameResult) error {
	base := filepath.Join(o.OutDir, recordBase(o, r))
	if err := os.WriteFile(base+".psq", []byte(PSQ(o, r)), 0o644); err != nil {
		return err
	}
	if err := os.WriteFile(base+".sgf", []byte(SGF(o, r)), 0o644); err != nil {
		return err
	}
	if o.KeepMessages {
		var sb strings.Builder
		fmt.Fprintf(&sb, "game %d: %s (black) vs %s (white): %s\n", r.Game,
			o.Engines[r.Black].Name, o.Engines[r.White].Name, describe(o, r))
		if op := openingName(o, r); op != "" {
			fmt.Fprintln(&sb, op)
		}
		for _, l := range r.Log {
			sb.WriteString(l)
			sb.WriteByte('\n')
		}
		if err := os.WriteFile(base+".log", []byte(sb.String()), 0o644); err != nil {
			return err
		}
	}
	return nil
}

// describe says who won and how, in words.
func describe(o *Options, r *GameResult) string {
	var s string
	switch r.Winner {
	case engine.Empty:
		s = "draw (" + string(r.Reason) + ")"
	default:
		s = fmt.Sprintf("%s wins with %s (%s)", o.Engines[r.Engine(r.Winner)].Name, r.Winner, r.Reason)
	}
	if r.Detail != "" {
		s += ": " + r.Detail
	}
	return s
}

// openingName says which opening a game started from, or "" for the
// empty board.
func openingName(o *Options, r *GameResult) string {
	if r.Opening < 0 || r.Opening >= len(o.Openings) {
		return ""
	}
	op := o.Openings[r.Opening]
	return fmt.Sprintf("opening %s (%s, line %d)", PosString(op.Moves(o.Width, o.Height)), op.Text, op.Line)
}

// PSQ writes a game in Piskvork's record format: the header
// "Piskvorky WxH, 11:11, 0", one "x,y,ms" line per stone (1-based; opening
// stones take 0 ms), the two engine names (first the one that moved first
// after the opening), and "result,league" with result 1 when the first
// listed engine won, 2 when the second did, 0 for a draw; the league field
// carries the rule.
func PSQ(o *Options, r *GameResult) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "Piskvorky %dx%d, 11:11, 0\n", o.Width, o.Height)
	nOpen := 0
	for _, m := range r.Moves {
		fmt.Fprintf(&sb, "%d,%d,%d\n", m.X+1, m.Y+1, m.Time.Milliseconds())
		if m.Opening {
			nOpen++
		}
	}
	first := engine.Black
	if nOpen%2 == 1 {
		first = engine.White
	}
	fmt.Fprintf(&sb, "%s\n%s\n", o.Engines[r.Engine(first)].Name, o.Engines[r.Engine(first.Opp())].Name)
	result := 0
	switch r.Winner {
	case first:
		result = 1
	case first.Opp():
		result = 2
	}
	fmt.Fprintf(&sb, "%d,%s\n", result, o.Rule)
	return sb.String()
}

// sgfCoord is one SGF coordinate letter: a-z for 0-25, A-Z beyond.
func sgfCoord(v int) byte {
	if v < 26 {
		return byte('a' + v)
	}
	return byte('A' + v - 26)
}

// sgfText escapes a property value.
func sgfText(s string) string {
	return strings.NewReplacer(`\`, `\\`, `]`, `\]`).Replace(s)
}

// SGF writes a game as SGF (GM[4], Gomoku/Renju): the opening stones as
// moves commented "opening", every later move with its thinking time in
// the comment, and RE as B+/W+ for a five, B+T/W+T for a time loss, B+F/W+F
// for other forfeits, 0 for a draw.
func SGF(o *Options, r *GameResult) string {
	var sb strings.Builder
	sb.WriteString("(;GM[4]FF[4]CA[UTF-8]AP[pbrain-kakugo match]")
	if o.Width == o.Height {
		fmt.Fprintf(&sb, "SZ[%d]", o.Width)
	} else {
		fmt.Fprintf(&sb, "SZ[%d:%d]", o.Width, o.Height)
	}
	re := "0"
	if r.Winner != engine.Empty {
		re = "B+"
		if r.Winner == engine.White {
			re = "W+"
		}
		switch {
		case r.Reason == ForfeitTime:
			re += "T"
		case r.Reason.Forfeit():
			re += "F"
		}
	}
	fmt.Fprintf(&sb, "RU[%s]PB[%s]PW[%s]RE[%s]GN[game %d]DT[%s]",
		o.Rule, sgfText(o.Engines[r.Black].Name), sgfText(o.Engines[r.White].Name), re, r.Game,
		r.Started.Format("2006-01-02"))
	gc := fmt.Sprintf("turn %d ms", o.TurnTime.Milliseconds())
	if o.MatchTime > 0 {
		gc += fmt.Sprintf(", match %d ms", o.MatchTime.Milliseconds())
		fmt.Fprintf(&sb, "TM[%g]", o.MatchTime.Seconds())
	}
	if op := openingName(o, r); op != "" {
		gc += "; " + op
	}
	fmt.Fprintf(&sb, "GC[%s]C[%s]", sgfText(gc), sgfText(describe(o, r)))
	for i, m := range r.Moves {
		c := "B"
		if i%2 == 1 {
			c = "W"
		}
		fmt.Fprintf(&sb, "\n;%s[%c%c]", c, sgfCoord(m.X), sgfCoord(m.Y))
		if m.Opening {
			sb.WriteString("C[opening]")
		} else {
			fmt.Fprintf(&sb, "C[%d ms]", m.Time.Milliseconds())
		}
	}
	sb.WriteString(")\n")
	return sb.String()
}
