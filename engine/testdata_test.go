package engine

import (
	"bufio"
	"os"
	"strings"
	"testing"
)

// TestForbiddenProjectCases checks the project's own renju cases in
// testdata/renju_forbidden.txt: every empty point is either marked forbidden
// (#) or must be legal (.).
func TestForbiddenProjectCases(t *testing.T) {
	f, err := os.Open("../testdata/renju_forbidden.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	type tcase struct {
		name string
		rows []string
	}
	var cases []tcase
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		switch {
		case line == "" || strings.HasPrefix(line, "#"):
		case strings.HasPrefix(line, "="):
			cases = append(cases, tcase{name: strings.TrimSpace(line[1:])})
		default:
			c := &cases[len(cases)-1]
			c.rows = append(c.rows, strings.ReplaceAll(line, " ", ""))
		}
	}
	if len(cases) == 0 {
		t.Fatal("no cases")
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			plain := make([]string, len(tc.rows))
			for i, r := range tc.rows {
				plain[i] = strings.ReplaceAll(r, "#", ".")
			}
			b := diagram(t, Renju, plain...)
			for y, row := range tc.rows {
				for x, ch := range row {
					if ch != '.' && ch != '#' {
						continue
					}
					if got := b.IsForbidden(b.Pos(x, y)); got != (ch == '#') {
						t.Errorf("(%d,%d) %s: forbidden = %v, want %v\n%s", x, y, FormatMove(x, y), got, ch == '#', b)
					}
				}
			}
		})
	}
}
