package tactics

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// TestFromFiles reads two pairs of record files: the games add up, each
// announced win is found, and unpaired or missing files are errors.
func TestFromFiles(t *testing.T) {
	dir := t.TempDir()
	write := func(name, data string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	sgf1 := write("1.sgf", "(;GN[1]SZ[15]RU[0]PB[rapfi]PW[kakugo];B[hh];W[ih];B[gg];W[ii])\n")
	msg1 := write("1.msg", "Game ID: 1\n3) rapfi: Speed 1M | Depth 9 | Eval +M7 | Node 1K\n")
	sgf2 := write("2.sgf", "(;GN[1]SZ[15]RU[0]PB[kakugo]PW[rapfi];B[hh];W[ih];B[gg];W[ii])\n(;GN[2]SZ[15]RU[0]PB[kakugo]PW[rapfi];B[hh];W[ih])\n")
	msg2 := write("2.msg", "Game ID: 1\n2) rapfi: Speed 1M | Depth 9 | Eval -M6 | Node 1K\n")
	ps, games, err := FromFiles([]string{sgf1, sgf2}, []string{msg1, msg2}, "rapfi")
	if err != nil {
		t.Fatal(err)
	}
	if games != 3 || len(ps) != 2 || Announced(ps) != 1 {
		t.Errorf("%d games, %d positions, %d to the announcer: want 3, 2, 1 (%+v)", games, len(ps), Announced(ps), ps)
	}
	var stdout bytes.Buffer
	out := filepath.Join(dir, "won.txt")
	if err := WriteFile("-", &stdout, ps); err != nil || stdout.Len() == 0 {
		t.Errorf("to stdout: %v, %q", err, stdout.String())
	}
	if err := WriteFile(out, nil, ps); err != nil {
		t.Error(err)
	} else if data, _ := os.ReadFile(out); string(data) != stdout.String() {
		t.Errorf("file %q, stdout %q", data, stdout.String())
	}
	if err := WriteFile(filepath.Join(dir, "no", "won.txt"), nil, ps); err == nil {
		t.Error("wrote into a missing directory")
	}
	if _, _, err := FromFiles([]string{sgf1}, nil, "rapfi"); err == nil {
		t.Error("an unpaired file was read")
	}
	if _, _, err := FromFiles([]string{filepath.Join(dir, "none.sgf")}, []string{msg1}, "rapfi"); err == nil {
		t.Error("a missing file was read")
	}
}
