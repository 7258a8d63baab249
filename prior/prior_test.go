package prior

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/kakugo/kakugo/engine"
)

// TestLoadPolicy: the embedded weights load and give a probability to every
// legal candidate; a missing or corrupt file is an error, not a panic.
func TestLoadPolicy(t *testing.T) {
	build, err := Load("")
	if err != nil {
		t.Fatal(err)
	}
	// Black's open three on row 7 (x = 6, 7, 8), white to move. (Until
	// 2026-11-26 the position was black 7,7 and 6,6 against white 8,8: no
	// three, so nothing made the "blocks" likelier than a corner, and the
	// GPU-trained network rightly prefers moves near the stones to both.)
	b, _ := engine.FromMoves(15, 15, engine.Freestyle, []engine.Point{{X: 7, Y: 7}, {X: 7, Y: 8}, {X: 6, Y: 7}, {X: 6, Y: 8}, {X: 8, Y: 7}})
	moves := []engine.Pos{b.Pos(5, 7), b.Pos(9, 7), b.Pos(0, 14)}
	dst := make([]float32, len(moves))
	if !build().Priors(b, moves, dst) {
		t.Fatal("policy declined")
	}
	for i, p := range dst {
		if !(p > 0 && p < 1) {
			t.Errorf("move %d: prior %v", i, p)
		}
	}
	// Blocking the three at (5,7) or (9,7) is far likelier than a corner.
	if 10*dst[2] >= dst[0] || 10*dst[2] >= dst[1] {
		t.Errorf("corner prior %v not below the blocks %v %v", dst[2], dst[0], dst[1])
	}
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.kkw")
	os.WriteFile(bad, []byte("KKGONN\r\n\x01\x00\x00\x00garbage"), 0o644)
	for _, path := range []string{filepath.Join(dir, "missing.kkw"), bad} {
		if _, err := Load(path); err == nil {
			t.Errorf("%s: loaded", path)
		}
	}
}
