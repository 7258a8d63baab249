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
	b, _ := engine.FromMoves(15, 15, engine.Freestyle, []engine.Point{{X: 7, Y: 7}, {X: 8, Y: 8}, {X: 6, Y: 6}})
	moves := []engine.Pos{b.Pos(5, 5), b.Pos(9, 9), b.Pos(0, 14)}
	dst := make([]float32, len(moves))
	if !build().Priors(b, moves, dst) {
		t.Fatal("policy declined")
	}
	for i, p := range dst {
		if !(p > 0 && p < 1) {
			t.Errorf("move %d: prior %v", i, p)
		}
	}
	// Blocking the three at (5,5) or (9,9) is far likelier than a corner.
	if dst[2] >= dst[0] || dst[2] >= dst[1] {
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
