package engine

import (
	"encoding/json"
	"os"
	"sort"
	"strings"
	"testing"
)

// sharedForbidden is the mintaka forbidden-point file beside the project.
const sharedForbidden = "../../shared/positions/mintaka_renju_forbidden.json"

type forbidCase struct {
	Test     string            `json:"test"`
	Size     int               `json:"size"`
	Black    []string          `json:"black"`
	White    []string          `json:"white"`
	Expected map[string]string `json:"expected_forbidden_points_for_black"`
}

func loadForbidCases(t *testing.T, path string) []forbidCase {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Skipf("skipping: %s not readable (%v)", path, err)
	}
	var cases []forbidCase
	if err := json.Unmarshal(data, &cases); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return cases
}

func checkForbidCases(t *testing.T, cases []forbidCase) {
	for _, tc := range cases {
		t.Run(tc.Test, func(t *testing.T) {
			cells := func(list []string) []Point {
				var out []Point
				for _, s := range list {
					p, err := ParseDiagramCell(s, tc.Size)
					if err != nil {
						t.Fatal(err)
					}
					out = append(out, p)
				}
				return out
			}
			b, err := FromStones(tc.Size, tc.Size, Renju, cells(tc.Black), cells(tc.White), Black)
			if err != nil {
				t.Fatal(err)
			}
			var got, want []string
			for _, p := range b.ForbiddenPoints() {
				x, y := b.XY(p)
				got = append(got, FormatDiagramCell(x, y, tc.Size))
			}
			for k := range tc.Expected {
				want = append(want, strings.ToUpper(k))
			}
			sort.Strings(got)
			sort.Strings(want)
			if strings.Join(got, " ") != strings.Join(want, " ") {
				t.Errorf("forbidden points\n got %v\nwant %v (%v)\n%s", got, want, tc.Expected, b)
			}
		})
	}
}

func TestForbiddenMintaka(t *testing.T) {
	checkForbidCases(t, loadForbidCases(t, sharedForbidden))
}
