package main

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/solve"
)

// solveRun runs the solve subcommand and returns its exit code and output.
func solveRun(t *testing.T, stdin string, args ...string) (int, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := cmdSolve(args, strings.NewReader(stdin), &out, &errOut)
	return code, out.String() + errOut.String()
}

// solveWant fails unless out contains every string of want.
func solveWant(t *testing.T, out string, want ...string) {
	t.Helper()
	for _, w := range want {
		if !strings.Contains(out, w) {
			t.Errorf("output lacks %q:\n%s", w, out)
		}
	}
}

// TestSolvePosLines reads pos strings from standard input: a four-three
// for black (VCF), a position with nothing, and a double three that only
// a VCT wins.
func TestSolvePosLines(t *testing.T) {
	in := "# four-three at h8\ne8d8f8a1g8o1h9a15h10o15\n\nh8\n"
	code, out := solveRun(t, in, "--time", "2s")
	if code != 0 {
		t.Fatalf("code %d:\n%s", code, out)
	}
	solveWant(t, out, "stdin:2, black VCF: win h8 in 3: h8 i8", "stdin:4, white VCF: not found (complete)",
		"solved 1 of 2 (50.0%)", "median", "95th percentile", "proofs rejected by the checker: 0")
	code, out = solveRun(t, "f8a1g8o1h6a15h7o15\n", "--vct", "--notation", "diagram", "--check")
	if code != 0 {
		t.Fatalf("vct: code %d:\n%s", code, out)
	}
	solveWant(t, out, "black VCT: win H8 in 3", "(checked)", "claimed wins 1, each replayed through the checker: 0 rejected")
	code, out = solveRun(t, "f8a1g8o1h6a15h7o15\n", "--vcf", "--quiet")
	if code != 0 || strings.Contains(out, "[1/1]") {
		t.Fatalf("quiet vcf: code %d:\n%s", code, out)
	}
	solveWant(t, out, "solved 0 of 1")
	if _, ok := solve.CPUTime(); ok {
		code, out = solveRun(t, in, "--cpu", "--method", "pn", "--schedule", "step")
		if code != 0 {
			t.Fatalf("cpu: code %d:\n%s", code, out)
		}
		solveWant(t, out, "win h8 in 3", "solved 1 of 2")
	}
}

// The shared files' formats as the tests write them, spelt out here rather
// than borrowed from the readers (package solve), so that a reader that
// mistook a field would fail the tests.
type (
	// testPuzzle is one line of renju-puzzles.jsonl.
	testPuzzle struct {
		ID       string   `json:"id"`
		Size     int      `json:"size"`
		Rule     string   `json:"rule"`
		ToMove   string   `json:"to_move"`
		ModeName string   `json:"mode_name"`
		Level    *int     `json:"level"`
		Black    []string `json:"black"`
		White    []string `json:"white"`
	}
	// testQuintet is one mate of quintet_renju_mates.json.
	testQuintet struct {
		Test      string   `json:"test"`
		Rule      string   `json:"rule"`
		Size      int      `json:"size"`
		ToMove    string   `json:"to_move"`
		Kind      string   `json:"kind"`
		Limit     string   `json:"limit_attacker_moves"`
		Threats   string   `json:"threat_limit"`
		Rows      []string `json:"board_rows_top_is_row15"`
		FirstMove string   `json:"first_move"`
	}
	// testMintaka is one position of mintaka_renju_vcf.json.
	testMintaka struct {
		Test   string   `json:"test"`
		Rule   string   `json:"rule"`
		Size   int      `json:"size"`
		Black  []string `json:"black"`
		White  []string `json:"white"`
		ToMove string   `json:"to_move"`
		Last   string   `json:"expected_last_attacker_move_of_solver_vcf"`
	}
	// testGame is one line of gomocup-games.jsonl.gz.
	testGame struct {
		File   string   `json:"file"`
		Rule   string   `json:"rule"`
		Board  string   `json:"board"`
		Winner string   `json:"winner_color"`
		Moves  [][2]int `json:"moves"`
	}
)

// solveDiagram turns pos-notation cells into 15x15 diagram cells.
func solveDiagram(t *testing.T, pos string) []string {
	t.Helper()
	pts, err := engine.ParseMoves(pos)
	if err != nil {
		t.Fatal(err)
	}
	out := make([]string, len(pts))
	for i, p := range pts {
		out[i] = engine.FormatDiagramCell(p.X, p.Y, 15)
	}
	return out
}

// solveFile writes a file in a temporary directory.
func solveFile(t *testing.T, name string, data []byte) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestSolvePuzzles reads problems in the shared collection's format: the
// renju win through black's forbidden block point, filtered by mode.
func TestSolvePuzzles(t *testing.T) {
	var lines []string
	for _, p := range []testPuzzle{
		{ID: "forbidden-block", Size: 15, Rule: "renju", ToMove: "white", ModeName: "VCF",
			Black: solveDiagram(t, "f8g8h6h7c3i9"), White: solveDiagram(t, "e5f6g7a15o15o1")},
		{ID: "double-three", Size: 15, Rule: "freestyle", ToMove: "black", ModeName: "VCT",
			Black: solveDiagram(t, "f8g8h6h7"), White: solveDiagram(t, "a1o1a15o15")},
		// As the shared file's line 912: skipped and counted, not fatal.
		{ID: "side-unknown", Size: 15, Rule: "renju", ToMove: "unknown(side=204)", ModeName: "1",
			Black: solveDiagram(t, "f8g8"), White: solveDiagram(t, "a1")},
	} {
		j, err := json.Marshal(p)
		if err != nil {
			t.Fatal(err)
		}
		lines = append(lines, string(j))
	}
	path := solveFile(t, "p.jsonl", []byte(strings.Join(lines, "\n")+"\n"))
	code, out := solveRun(t, "", "--puzzles", path)
	if code != 0 {
		t.Fatalf("code %d:\n%s", code, out)
	}
	solveWant(t, out, "forbidden-block, white VCF: win D12 in 2", "double-three, black VCT: win H8 in 3", "solved 2 of 2",
		"skipped 1 problems whose side to move is unknown: side-unknown")
	_, out = solveRun(t, "", "--puzzles", "--mode", "vct", path)
	solveWant(t, out, "solved 1 of 1", "double-three")
	_, out = solveRun(t, "", "--puzzles", "--limit", "1", "--vct", path)
	solveWant(t, out, "forbidden-block, white VCT: win", "solved 1 of 1")
	_, out = solveRun(t, "", "--puzzles", "--level", "3", path)
	solveWant(t, out, "solved 0 of 0")
	_, out = solveRun(t, "", "--puzzles", "--id", "double-three", path)
	solveWant(t, out, "[1/1] double-three", "solved 1 of 1")
	prof := filepath.Join(t.TempDir(), "cpu.out")
	_, out = solveRun(t, "", "--puzzles", "--id", "nothing,forbidden-block", "--quiet", "--cpuprofile", prof, path)
	solveWant(t, out, "solved 1 of 1")
	if st, err := os.Stat(prof); err != nil || st.Size() == 0 {
		t.Errorf("no CPU profile written: %v", err)
	}
}

// TestSolveQuintetAndMintaka reads both position files' formats. Quintet's
// attack-depth limit stops at the unstoppable four: the four-three takes
// 2 there (3 with the five), so a limit of 1 finds nothing.
func TestSolveQuintetAndMintaka(t *testing.T) {
	rows := make([]string, 15)
	for y := range rows {
		cells := make([]string, 15)
		for x := range cells {
			cells[x] = "."
		}
		rows[y] = strings.Join(cells, " ")
	}
	set := func(pos, c string) {
		pts, _ := engine.ParseMoves(pos)
		for _, p := range pts {
			cells := strings.Fields(rows[p.Y])
			cells[p.X] = c
			rows[p.Y] = strings.Join(cells, " ")
		}
	}
	set("e8f8g8h9h10", "X")
	set("d8a1o1a15o15", "O")
	var mates []testQuintet
	for _, limit := range []string{"2", "1", "u8::MAX"} {
		mates = append(mates, testQuintet{Test: "four-three/" + limit, Rule: "renju", Size: 15, ToMove: "black",
			Kind: "VCF", Limit: limit, Threats: "0", Rows: rows, FirstMove: "H8"})
	}
	j, _ := json.Marshal(mates)
	code, out := solveRun(t, "", "--quintet", solveFile(t, "q.json", j))
	if code != 0 {
		t.Fatalf("code %d:\n%s", code, out)
	}
	solveWant(t, out, "four-three/2 (limit 2, threat limit 0), black VCF: win H8 in 3", "(first move H8: same)",
		"four-three/1 (limit 1, threat limit 0), black VCF: not found (complete)", "solved 2 of 3", "reference move matched in 2 of 3")

	ms := []testMintaka{{Test: "mintaka-like", Rule: "renju", Size: 15, ToMove: "black",
		Black: solveDiagram(t, "e8f8g8h9h10"), White: solveDiagram(t, "d8a1o1a15o15"), Last: "H7"}}
	j, _ = json.Marshal(ms)
	_, out = solveRun(t, "", "--mintaka", solveFile(t, "m.json", j))
	solveWant(t, out, "mintaka-like, black VCF: win H8 in 3", "solved 1 of 1")
}

// TestSolveGames samples Gomocup-format records: the loser's position a
// few moves before the end, with every claimed win checked.
func TestSolveGames(t *testing.T) {
	games := []testGame{
		// Black wins along row 8; sampled with white, the loser, to move.
		{File: "g1.psq", Rule: "freestyle", Board: "15x15", Winner: "black",
			Moves: [][2]int{{8, 8}, {1, 1}, {9, 8}, {15, 1}, {10, 8}, {1, 15}, {11, 8}, {15, 15}, {12, 8}}},
		{File: "g2.psq", Rule: "renju", Board: "15x15", Winner: "", Moves: [][2]int{{8, 8}}},
	}
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	enc := json.NewEncoder(zw)
	for _, g := range games {
		if err := enc.Encode(g); err != nil {
			t.Fatal(err)
		}
	}
	zw.Close()
	code, out := solveRun(t, "", "--games", "--step", "1", solveFile(t, "g.jsonl.gz", buf.Bytes()))
	if code != 0 {
		t.Fatalf("code %d:\n%s", code, out)
	}
	solveWant(t, out, "g1.psq after 7 moves (white lost), white VCT: not found", "solved 0 of 1", "claimed wins 0")
}

// TestSolveFlagErrors checks the usage errors.
func TestSolveFlagErrors(t *testing.T) {
	for _, args := range [][]string{
		{"--vcf", "--vct"}, {"--notation", "chess"}, {"--method", "mcts"}, {"--threats", "fives"},
		{"--schedule", "never"}, {"--rule", "go"}, {"--size", "3"}, {"--bogus"},
		{"--puzzles", "/no/such/file"}, {"--detect", "--check"}, {"--detect", "--games"}, {"--keep", "--check"},
	} {
		if code, out := solveRun(t, "", args...); code != 2 {
			t.Errorf("solve %v: code %d, want 2\n%s", args, code, out)
		}
	}
	if code, out := solveRun(t, "zz\n"); code != 2 {
		t.Errorf("a bad pos line: code %d\n%s", code, out)
	}
	if code, _ := solveRun(t, "", "--help"); code != 0 {
		t.Errorf("--help: code %d", code)
	}
}

// TestSolveDetect: --detect reports the win without a proof, with the
// same first move where only one wins (white's open three h8-j8 with the
// move: g8 or k8 makes a straight four, so the move is one of them).
func TestSolveDetect(t *testing.T) {
	code, out := solveRun(t, "a1h8a3i8a5j8b1\n", "--vct", "--detect", "--time", "10s")
	if code != 0 {
		t.Fatalf("code %d:\n%s", code, out)
	}
	solveWant(t, out, "white VCT: win", "(no proof: --detect or --keep)", "solved 1 of 1")
	if !strings.Contains(out, "win g8") && !strings.Contains(out, "win k8") {
		t.Errorf("the detected first move is neither straight four:\n%s", out)
	}
}

// TestSolveDefend: --defend answers the defence question. White's open
// three h8-j8 wins if black passes (g8 makes a straight four); its ends
// g8 and k8 parry it, and so do black's counter-fours a2 and a4 (a1 a3
// a5), which white must answer first; a move elsewhere is not among
// them. With nothing on the board for white, black is not threatened;
// against white's straight four h8-k8 nothing holds.
func TestSolveDefend(t *testing.T) {
	for _, kind := range []string{"--vcf", "--vct"} {
		code, out := solveRun(t, "a1h8a3i8a5j8\na1h8a3\n", kind, "--defend", "--time", "10s")
		if code != 0 {
			t.Fatalf("%s: code %d:\n%s", kind, code, out)
		}
		solveWant(t, out, "stdin:1, black", "threatened, safe 4: a2 a4 g8 k8", "stdin:2, white", "not threatened",
			"threatened 1 of 2, lost (no safe move) 0")
	}
	// White's straight four h8-k8: no parry (black's counter-four a2
	// comes too late: white has two five points already).
	code, out := solveRun(t, "a1h8a3i8a5j8b1k8\n", "--vcf", "--defend", "--time", "10s")
	if code != 0 {
		t.Fatalf("code %d:\n%s", code, out)
	}
	solveWant(t, out, "threatened, safe 0: lost", "lost (no safe move) 1")
}
