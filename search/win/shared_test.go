package win

import (
	"bufio"
	"compress/gzip"
	"context"
	"encoding/json"
	"io"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/eval"
	"github.com/kakugo/kakugo/search/proof"
)

// Tests on the shared problem collections and game records. They skip
// when ../shared is absent; the full runs go through `pbrain-kakugo solve`.

const winShared = "../../../shared/"

// winOpenShared opens a shared file or skips the test.
func winOpenShared(t *testing.T, name string) *os.File {
	t.Helper()
	f, err := os.Open(winShared + name)
	if err != nil {
		t.Skipf("skipping: %s not readable (%v)", name, err)
	}
	return f
}

// winDiagramBoard sets up a size x size board from the diagram cells of a
// 15x15 diagram (A15 is the top-left corner).
func winDiagramBoard(t *testing.T, size int, black, white []string, toMove string) *engine.Board {
	t.Helper()
	var stones [2][]engine.Point
	for i, list := range [2][]string{black, white} {
		for _, s := range list {
			pt, err := engine.ParseDiagramCell(s, 15)
			if err != nil {
				t.Fatal(err)
			}
			stones[i] = append(stones[i], pt)
		}
	}
	side := engine.Black
	if toMove == "white" {
		side = engine.White
	}
	b, err := engine.FromStones(size, size, engine.Renju, stones[0], stones[1], side)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// winSolveChecked proves a position that must be a win and checks the
// proof with the checker, which the search is told not to run itself.
func winSolveChecked(t *testing.T, name string, b *engine.Board, kind proof.Kind, depth int, nodes int64) bool {
	t.Helper()
	ev := eval.Attach(b)
	defer ev.Detach()
	w := New(1 << 18)
	w.MaxDepth, w.NoVerify = depth, true
	r := w.Prove(context.Background(), b, ev, kind, time.Now().Add(time.Minute), nodes)
	if !r.Win {
		return false
	}
	if err := proof.Check(b, r.Proof, 0); err != nil {
		t.Errorf("%s: the checker rejects the proof: %v", name, err)
	}
	return true
}

// TestWinQuintetMates solves the quintet mates under their attack-depth
// limits (quintet's limit leaves out the final five; ours counts it).
// The bench mates are left to `solve --quintet`.
func TestWinQuintetMates(t *testing.T) {
	f := winOpenShared(t, "positions/quintet_renju_mates.json")
	defer f.Close()
	var mates []struct {
		Test, Kind string
		ToMove     string   `json:"to_move"`
		Limit      string   `json:"limit_attacker_moves"`
		Rows       []string `json:"board_rows_top_is_row15"`
		Bench      bool     `json:"ignored_bench"`
	}
	if err := json.NewDecoder(f).Decode(&mates); err != nil {
		t.Fatal(err)
	}
	tried, solved := 0, 0
	for _, m := range mates {
		if m.Bench || (testing.Short() && m.Test == "test_vct_fukumi_move") {
			continue
		}
		var black, white []string
		for y, row := range m.Rows {
			for x, c := range strings.Fields(row) {
				switch c {
				case "X":
					black = append(black, engine.FormatDiagramCell(x, y, 15))
				case "O":
					white = append(white, engine.FormatDiagramCell(x, y, 15))
				}
			}
		}
		b := winDiagramBoard(t, 15, black, white, m.ToMove)
		depth := 0
		if v, err := strconv.Atoi(m.Limit); err == nil {
			depth = v + 1
		}
		kind := proof.VCT
		if m.Kind == "VCF" {
			kind = proof.VCF
		}
		tried++
		if winSolveChecked(t, m.Test, b, kind, depth, 1_000_000) {
			solved++
		} else {
			t.Logf("%s: no %v within %d attacker moves", m.Test, kind, depth)
		}
	}
	// Measured floor: all but test_vct_fukumi_move (a VCT whose key move
	// is a quiet one), which is not found within the node budget yet.
	t.Logf("quintet mates: %d of %d", solved, tried)
	if solved < tried-1 {
		t.Errorf("quintet mates: only %d of %d solved", solved, tried)
	}
}

// TestWinMintakaVCF solves the ten mintaka VCFs.
func TestWinMintakaVCF(t *testing.T) {
	f := winOpenShared(t, "positions/mintaka_renju_vcf.json")
	defer f.Close()
	var ps []struct {
		Test         string
		ToMove       string `json:"to_move"`
		Black, White []string
	}
	if err := json.NewDecoder(f).Decode(&ps); err != nil {
		t.Fatal(err)
	}
	for _, p := range ps {
		b := winDiagramBoard(t, 15, p.Black, p.White, p.ToMove)
		if !winSolveChecked(t, p.Test, b, proof.VCF, 0, 1_000_000) {
			t.Errorf("%s: no proof.VCF", p.Test)
		}
	}
}

// TestWinPuzzleSample solves an even sample of the collection's VCF and
// VCT problems (every one is a win) under a node limit: every VCF, and
// nearly every VCT, must be found, and every proof must check.
func TestWinPuzzleSample(t *testing.T) {
	f := winOpenShared(t, "puzzles/renju-puzzles.jsonl")
	defer f.Close()
	every, nodes := 61, int64(400_000)
	if testing.Short() {
		every, nodes = 211, 100_000
	}
	seen := map[string]int{}
	tried, solved := map[string]int{}, map[string]int{}
	for _, p := range winPuzzles(t, f) {
		if seen[p.ModeName]++; seen[p.ModeName]%every != 1 {
			continue
		}
		kind := proof.VCT
		if p.ModeName == "VCF" {
			kind = proof.VCF
		}
		tried[p.ModeName]++
		if winSolveChecked(t, p.ID, winDiagramBoard(t, p.Size, p.Black, p.White, p.ToMove), kind, 0, nodes) {
			solved[p.ModeName]++
		} else {
			t.Logf("%s (%s): not solved within %d nodes", p.ID, p.ModeName, nodes)
		}
	}
	t.Logf("VCF %d of %d, VCT %d of %d", solved["VCF"], tried["VCF"], solved["VCT"], tried["VCT"])
	if solved["VCF"] != tried["VCF"] {
		t.Errorf("VCF: %d of %d solved", solved["VCF"], tried["VCF"])
	}
	// Measured floors: 14 of the 18-problem VCT sample at 400k nodes;
	// with -short (100k nodes, 6 problems) half.
	floor := func(n int) bool { return solved["VCT"]*18 < n*14 }
	if testing.Short() {
		floor = func(n int) bool { return solved["VCT"]*2 < n }
	}
	if floor(tried["VCT"]) {
		t.Errorf("VCT: only %d of %d solved", solved["VCT"], tried["VCT"])
	}
}

// TestWinNoFalseWins searches positions from Gomocup games where the side
// to move went on to lose, a few moves before the end, and checks every
// win the search claims there.
func TestWinNoFalseWins(t *testing.T) {
	f := winOpenShared(t, "games/gomocup-games.jsonl.gz")
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	step, want := 97, 120
	if testing.Short() {
		step, want = 911, 24
	}
	sc := bufio.NewScanner(zr)
	sc.Buffer(make([]byte, 1<<20), 1<<22)
	positions, claimed := 0, 0
	for n := 0; sc.Scan() && positions < want; n++ {
		if n%step != 0 {
			continue
		}
		var g struct {
			Rule, Board string
			Winner      string `json:"winner_color"`
			Moves       [][2]int
		}
		if err := json.Unmarshal(sc.Bytes(), &g); err != nil {
			t.Fatal(err)
		}
		b, ok := winGamePosition(g.Rule, g.Board, g.Winner, g.Moves, n)
		if !ok {
			continue
		}
		positions++
		for _, kind := range []proof.Kind{proof.VCF, proof.VCT} {
			ev := eval.Attach(b)
			w := New(1 << 16)
			w.NoVerify = true
			r := w.Prove(context.Background(), b, ev, kind, time.Now().Add(10*time.Second), 30_000)
			ev.Detach()
			if r.Win {
				claimed++
				if err := proof.Check(b, r.Proof, 0); err != nil {
					t.Errorf("game %d, %v: a false win %s: %v", n+1, kind, winCell(b, r.Move), err)
				}
			}
		}
	}
	t.Logf("%d positions, %d claimed wins, all checked", positions, claimed)
}

// winGamePosition is the position of a game record 2 to 16 plies before
// its end with the eventual loser to move, if the record replays.
func winGamePosition(ruleName, board, winner string, moves [][2]int, n int) (*engine.Board, bool) {
	rule, err := engine.ParseRule(ruleName)
	if err != nil || (winner != "black" && winner != "white") {
		return nil, false
	}
	size, err := strconv.Atoi(strings.SplitN(board, "x", 2)[0])
	if err != nil {
		return nil, false
	}
	k := len(moves) - 2 - 2*(n%8)
	if (k%2 == 0) != (winner == "white") {
		k-- // black is to move after an even number of moves
	}
	if k < 1 {
		return nil, false
	}
	pts := make([]engine.Point, k)
	for i, m := range moves[:k] {
		pts[i] = engine.Point{X: m[0] - 1, Y: m[1] - 1}
	}
	b, err := engine.FromMoves(size, size, rule, pts)
	if err != nil || b.HasFive(engine.Black) || b.HasFive(engine.White) {
		return nil, false
	}
	return b, true
}

// winPuzzle is a VCF or VCT problem of the shared renju collection.
type winPuzzle struct {
	ID           string
	ToMove       string `json:"to_move"`
	Size         int
	ModeName     string `json:"mode_name"`
	Black, White []string
}

// winPuzzles reads the VCF and VCT problems of the collection's JSON lines
// in f, in file order.
func winPuzzles(t *testing.T, f io.Reader) []winPuzzle {
	t.Helper()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<22)
	var out []winPuzzle
	for sc.Scan() {
		var p winPuzzle
		if err := json.Unmarshal(sc.Bytes(), &p); err != nil {
			t.Fatal(err)
		}
		if p.ModeName == "VCF" || p.ModeName == "VCT" {
			out = append(out, p)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}
