package engine

import "fmt"

// Rule is the winning rule of a game.
type Rule uint8

// The rules the engine plays. The numbering is the engine's own; the
// protocol's bit masks map onto it through RuleFromProtocol.
const (
	// Freestyle: five or more in a row wins (protocol rule 0).
	Freestyle Rule = iota
	// Exact: exactly five wins, an overline does not (protocol rule 1).
	Exact
	// Renju: black wins with exactly five and may not play overline, double
	// four or double three; white wins with five or more (protocol rule 4).
	Renju
	// Caro: five or more wins unless the opponent blocks both ends (rule 8).
	Caro
	// CaroExact: caro with exactly five (protocol rule 9).
	CaroExact
)

// Rules lists every rule, in order, for tests and tools that loop over them.
var Rules = [...]Rule{Freestyle, Exact, Renju, Caro, CaroExact}

// RuleFromProtocol maps the value of `INFO rule` to a Rule. Bit 2 (continuous
// game) is ignored because every game is played as a single game; 2 alone is
// renju as Yixin-Board sends it, and 5 and 6 (Rapfi's swap variants) play as
// freestyle.
func RuleFromProtocol(v int) (Rule, error) {
	switch v {
	case 0, 5, 6:
		return Freestyle, nil
	case 1, 3:
		return Exact, nil
	case 2, 4:
		return Renju, nil
	case 8, 10:
		return Caro, nil
	case 9, 11:
		return CaroExact, nil
	}
	return Freestyle, fmt.Errorf("unsupported rule %d", v)
}

// ProtocolValue is the canonical `INFO rule` value for r.
func (r Rule) ProtocolValue() int {
	switch r {
	case Exact:
		return 1
	case Renju:
		return 4
	case Caro:
		return 8
	case CaroExact:
		return 9
	}
	return 0
}

// ParseRule accepts a rule name (freestyle, standard/exact, renju, caro,
// caro-exact) or a protocol number.
func ParseRule(s string) (Rule, error) {
	switch s {
	case "freestyle", "gomoku", "f":
		return Freestyle, nil
	case "standard", "exact", "s":
		return Exact, nil
	case "renju", "r":
		return Renju, nil
	case "caro", "c":
		return Caro, nil
	case "caro-exact", "caroexact":
		return CaroExact, nil
	}
	var v int
	if _, err := fmt.Sscanf(s, "%d", &v); err == nil && fmt.Sprint(v) == s {
		return RuleFromProtocol(v)
	}
	return Freestyle, fmt.Errorf("unknown rule %q", s)
}

func (r Rule) String() string {
	switch r {
	case Freestyle:
		return "freestyle"
	case Exact:
		return "standard"
	case Renju:
		return "renju"
	case Caro:
		return "caro"
	case CaroExact:
		return "caro-exact"
	}
	return fmt.Sprintf("rule(%d)", uint8(r))
}

// exactFive reports whether c must make exactly five (an overline does not win).
func (r Rule) exactFive(c Color) bool {
	switch r {
	case Exact, CaroExact:
		return true
	case Renju:
		return c == Black
	}
	return false
}

// caro reports whether a five blocked at both ends by the opponent fails to win.
func (r Rule) caro() bool { return r == Caro || r == CaroExact }
