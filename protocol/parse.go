package protocol

import (
	"errors"
	"strings"
)

// Managers differ in case, spacing and line ends, and a brain must survive
// whatever bytes arrive; these helpers are the only place that looks at raw
// command text.

// maxEcho bounds how much of a bad input line is echoed in ERROR and
// UNKNOWN replies, so that one megabyte of garbage does not come back.
const maxEcho = 80

// isSpace reports the ASCII blanks that may surround words and numbers. NUL
// counts too: some tools pad lines with it.
func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\v' || c == '\f' || c == 0
}

// trim removes isSpace bytes from both ends of s.
func trim(s string) string {
	i, j := 0, len(s)
	for i < j && isSpace(s[i]) {
		i++
	}
	for j > i && isSpace(s[j-1]) {
		j--
	}
	return s[i:j]
}

// splitWord returns the first blank-separated word of s and the trimmed rest.
func splitWord(s string) (word, rest string) {
	s = trim(s)
	i := 0
	for i < len(s) && !isSpace(s[i]) {
		i++
	}
	return s[:i], trim(s[i:])
}

// upper maps ASCII letters to upper case and leaves every other byte alone.
// strings.ToUpper is avoided on purpose: it folds some non-ASCII letters onto
// ASCII ones ("ſtart" would become "START").
func upper(s string) string {
	b := []byte(s)
	for i, c := range b {
		if c >= 'a' && c <= 'z' {
			b[i] = c - 'a' + 'A'
		}
	}
	return string(b)
}

// lower is the lower-case counterpart of upper.
func lower(s string) string {
	b := []byte(s)
	for i, c := range b {
		if c >= 'A' && c <= 'Z' {
			b[i] = c - 'A' + 'a'
		}
	}
	return string(b)
}

// Number errors; the messages end up in ERROR replies.
var (
	errNoNumber = errors.New("not a number")
	errTooLarge = errors.New("number too large")
)

// maxNumber bounds every number the protocol reads: far above any sensible
// value, far below int64 overflow.
const maxNumber = 1<<62 - 1

// parseInt reads a decimal integer with an optional sign, allowing blanks
// around it. Anything else, including an empty string, is errNoNumber.
func parseInt(s string) (int64, error) {
	s = trim(s)
	neg := false
	if len(s) > 0 && (s[0] == '-' || s[0] == '+') {
		neg = s[0] == '-'
		s = s[1:]
	}
	if s == "" {
		return 0, errNoNumber
	}
	var v int64
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < '0' || c > '9' {
			return 0, errNoNumber
		}
		d := int64(c - '0')
		if v > (maxNumber-d)/10 { // checked before it can overflow
			return 0, errTooLarge
		}
		v = v*10 + d
	}
	if neg {
		v = -v
	}
	return v, nil
}

// maxCoord bounds coordinates before they are compared with the board, so
// that a huge number reads as "off the board" rather than as an overflow.
const maxCoord = 1 << 20

// parseFields reads exactly n comma-separated non-negative integers, such as
// "7,8" or " 7 , 8 , 1 ".
func parseFields(s string, n int) ([]int, error) {
	parts := strings.Split(trim(s), ",")
	if len(parts) != n {
		return nil, errors.New("expected " + [...]string{"", "one number", "x,y", "x,y,field"}[min(n, 3)])
	}
	out := make([]int, n)
	for i, p := range parts {
		v, err := parseInt(p)
		if err != nil {
			return nil, err
		}
		if v < 0 {
			return nil, errors.New("negative coordinate")
		}
		if v > maxCoord {
			return nil, errTooLarge
		}
		out[i] = int(v)
	}
	return out, nil
}

// echo makes untrusted input safe to print inside one reply line: printable
// ASCII only, and at most maxEcho bytes.
func echo(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if b.Len() >= maxEcho {
			b.WriteString("...")
			break
		}
		c := s[i]
		if c < 0x20 || c >= 0x7f {
			c = '?'
		}
		b.WriteByte(c)
	}
	return b.String()
}

// oneLine makes a message from the player fit in one output line: line
// breaks and other control characters become blanks. Unlike echo it keeps
// non-ASCII text, which managers display as they can.
func oneLine(s string) string {
	return strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f {
			return ' '
		}
		return r
	}, strings.ToValidUTF8(s, "?"))
}
