package main

import (
	"bytes"
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// The packages in layers: a package imports only packages of lower layers,
// so imports run one way and no package reaches up (docs/architecture.md).
// A new package must be given its place here and in that document.
var architectureLayers = map[string]int{
	"engine":                  0,
	"weights":                 0,
	"eval":                    1,
	"nn":                      1,
	"search/proof":            1,
	"search/internal/testpos": 1,
	"protocol/manager":        1,
	"tactics":                 1,
	"search/ab":               2,
	"search/threat":           2,
	"training":                2,
	"policydata":              2,
	"value":                   2,
	"value/fit":               3,
	"search/win":              3,
	"search/mcts":             4,
	"solve":                   4,
	"search":                  5,
	"prior":                   5,
	"search/baseline":         6,
	"protocol":                6,
	"selfplay":                6,
	"web":                     7,
	"players":                 7,
	"play":                    7,
	"main":                    8,
}

// moduleImports runs go list over the module and returns each package's
// imports inside the module, by path relative to the module root ("main"
// for the root), as lines "pkg -> dep dep ...".
func moduleImports(t *testing.T) []string {
	t.Helper()
	gobin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command to list the packages with")
	}
	out, err := exec.Command(gobin, "list", "-f", "{{.ImportPath}}{{range .Imports}} {{.}}{{end}}", "./...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	const module = "github.com/kakugo/kakugo"
	name := func(path string) string {
		if path == module {
			return "main"
		}
		return strings.TrimPrefix(path, module+"/")
	}
	var lines []string
	for _, l := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.Fields(l)
		deps := []string{}
		for _, d := range f[1:] {
			if d == module || strings.HasPrefix(d, module+"/") {
				deps = append(deps, name(d))
			}
		}
		lines = append(lines, strings.TrimSpace(name(f[0])+" -> "+strings.Join(deps, " ")))
	}
	slices.Sort(lines)
	return lines
}

// TestArchitecture checks the import graph: every package has its layer
// and imports only lower layers, and docs/architecture.md shows the graph
// exactly as go list reports it.
func TestArchitecture(t *testing.T) {
	graph := moduleImports(t)
	for _, l := range graph {
		pkg, deps, _ := strings.Cut(l, " ->")
		layer, ok := architectureLayers[pkg]
		if !ok {
			t.Errorf("package %s has no layer: give it one in architectureLayers and docs/architecture.md", pkg)
			continue
		}
		for _, d := range strings.Fields(deps) {
			if dl, ok := architectureLayers[d]; ok && dl >= layer {
				t.Errorf("%s (layer %d) imports %s (layer %d): imports must run down the layers", pkg, layer, d, dl)
			}
		}
	}
	doc, err := os.ReadFile("docs/architecture.md")
	if err != nil {
		t.Fatal(err)
	}
	const marker = "<!-- import graph -->"
	_, rest, ok := bytes.Cut(doc, []byte(marker+"\n```text\n"))
	if !ok {
		t.Fatalf("docs/architecture.md has no %q block", marker)
	}
	block, _, _ := bytes.Cut(rest, []byte("```"))
	var shown []string
	for _, l := range strings.Split(strings.TrimSpace(string(block)), "\n") {
		shown = append(shown, strings.TrimSpace(l))
	}
	if !slices.Equal(shown, graph) {
		t.Errorf("docs/architecture.md shows another import graph than go list; the graph is now:\n%s", strings.Join(graph, "\n"))
	}
}
