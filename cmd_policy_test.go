package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kakugo/kakugo/nn"
	"github.com/kakugo/kakugo/policydata"
	"github.com/kakugo/kakugo/weights"
)

// TestExportImportPolicy: export-policy writes positions that read back and
// a Basic network's weights as a raw file; import-policy turns that raw file
// back into exactly that weight file; the embedded default's planes (its
// window counts derived by the reader) export too; bad input is refused
// with the right exit code.
func TestExportImportPolicy(t *testing.T) {
	dir := t.TempDir()
	games := writeTinyGames(t, dir)
	cmd := func(args ...string) (int, string, string) {
		var out, errOut bytes.Buffer
		code := run(args, strings.NewReader(""), &out, &errOut)
		return code, out.String(), errOut.String()
	}
	data, raw, kkw := filepath.Join(dir, "p.bin.gz"), filepath.Join(dir, "d.raw"), filepath.Join(dir, "d.kkw")
	basic, err := nn.NewRandom(nn.Arch{Features: nn.BasicName, Planes: nn.NewBasic().NumPlanes(), Channels: 8, Blocks: 1,
		StemKernel: 3, BlockKernel: 3, HeadKernel: 3}, 1)
	if err != nil {
		t.Fatal(err)
	}
	var saved bytes.Buffer
	if err := basic.Save(&saved); err != nil {
		t.Fatal(err)
	}
	basicPath := filepath.Join(dir, "basic.kkw")
	if err := os.WriteFile(basicPath, saved.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	def, err := nn.LoadBytes(weights.Default())
	if err != nil {
		t.Fatal(err)
	}
	defData := filepath.Join(dir, "r.bin.gz")
	if code, _, errOut := cmd("export-policy", "--games", games, "--out", defData); code != 0 {
		t.Fatalf("export-policy of the %d-plane default: code %d %q", def.Arch().Planes, code, errOut)
	}
	if f, err := os.Open(defData); err != nil {
		t.Fatal(err)
	} else {
		d, err := policydata.Read(f)
		f.Close()
		if err != nil || d.Features != def.Arch().Features || d.Planes != def.Arch().Planes || d.Positions() != 8 {
			t.Fatalf("the default's export reads back with %v", err)
		}
	}
	code, out, errOut := cmd("export-policy", "--weights", basicPath, "--games", games, "--test-frac", "0.5", "--out", data, "--raw", raw, "--probes", "2")
	if code != 0 || !strings.Contains(out, "8 games") {
		t.Fatalf("export-policy: code %d\n%s\n%s", code, out, errOut)
	}
	f, err := os.Open(data)
	if err != nil {
		t.Fatal(err)
	}
	d, err := policydata.Read(f)
	f.Close()
	if err != nil || d.Positions() != 8 {
		t.Fatalf("the export reads back with %v", err)
	}
	if code, out, errOut := cmd("import-policy", raw, "--out", kkw); code != 0 || !strings.Contains(out, fmt.Sprintf("%d parameters", basic.NumParams())) {
		t.Fatalf("import-policy: code %d\n%s\n%s", code, out, errOut)
	}
	got, err := os.ReadFile(kkw)
	if err != nil || !bytes.Equal(got, saved.Bytes()) {
		t.Errorf("the weights through raw and back differ from the file exported (%v)", err)
	}
	if code, _, _ := cmd("import-policy", data, "--out", filepath.Join(dir, "x.kkw")); code != 1 {
		t.Errorf("import-policy of a positions file: code %d, want 1", code)
	}
	if _, err := os.Stat(filepath.Join(dir, "x.kkw")); err == nil {
		t.Error("a refused import left a file")
	}
	if code, _, _ := cmd("import-policy", raw); code != 2 {
		t.Errorf("import-policy without --out: code %d, want 2", code)
	}
	if code, _, _ := cmd("export-policy", "--games", games); code != 2 {
		t.Errorf("export-policy without --out: code %d, want 2", code)
	}
}
