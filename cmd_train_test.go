package main

import (
	"bytes"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/kakugo/kakugo/nn"
	"github.com/kakugo/kakugo/value"
	"github.com/kakugo/kakugo/weights"
)

// TestTrainResume checks that a checkpoint is resumed only when asked, that
// the resume says what it continues, that architecture flags contradicting
// the checkpoint are refused, and that progress shows from the first step.
func TestTrainResume(t *testing.T) {
	dir := t.TempDir()
	games := writeTinyGames(t, dir)
	ckpt := filepath.Join(dir, "run.ckpt")
	base := []string{"train", "--games", games, "--channels", "4", "--blocks", "1", "--batch", "4",
		"--eval-every", "100", "--checkpoint", ckpt, "--out", filepath.Join(dir, "w.kkw"), "--test-frac", "0"}
	train := func(extra ...string) (int, string, string) {
		var out, errOut bytes.Buffer
		code := run(append(append([]string{}, base...), extra...), strings.NewReader(""), &out, &errOut)
		return code, out.String(), errOut.String()
	}
	code, out, errOut := train("--steps", "12")
	if code != 0 || !strings.Contains(out, "step 1 ") || !strings.Contains(out, "step 10 ") {
		t.Fatalf("first run: code %d, no early progress lines:\n%s\n%s", code, out, errOut)
	}
	if code, _, errOut := train("--steps", "20"); code != 2 || !strings.Contains(errOut, "--resume") {
		t.Errorf("an existing checkpoint was not refused without --resume: code %d, %q", code, errOut)
	}
	if code, _, errOut := train("--steps", "20", "--resume", "--channels", "8"); code != 2 || !strings.Contains(errOut, "--channels 8") {
		t.Errorf("a contradicting --channels was not refused: code %d, %q", code, errOut)
	}
	code, out, errOut = train("--steps", "20", "--resume")
	if code != 0 || !strings.Contains(out, "resuming "+ckpt+" at step 12") {
		t.Errorf("resume: code %d:\n%s\n%s", code, out, errOut)
	}
	// A later --checkpoint wins: there is nothing to resume there.
	if code, _, errOut := train("--steps", "20", "--resume", "--checkpoint", filepath.Join(dir, "none.ckpt")); code != 2 {
		t.Errorf("--resume without a checkpoint: code %d %s", code, errOut)
	}
}

// TestTrainInit checks that --init fine-tunes given weights: the run says
// what it starts from, keeps their architecture, writes weights that load
// and differ from the start; it refuses --resume and architecture flags
// beside it, an existing checkpoint, and a file that is not weights.
func TestTrainInit(t *testing.T) {
	dir := t.TempDir()
	games := writeTinyGames(t, dir)
	first := filepath.Join(dir, "first.kkw")
	train := func(extra ...string) (int, string, string) {
		var out, errOut bytes.Buffer
		args := append([]string{"train", "--games", games, "--batch", "4", "--eval-every", "100", "--test-frac", "0"}, extra...)
		code := run(args, strings.NewReader(""), &out, &errOut)
		return code, out.String(), errOut.String()
	}
	if code, out, errOut := train("--channels", "4", "--blocks", "1", "--steps", "3", "--checkpoint", filepath.Join(dir, "a.ckpt"), "--out", first); code != 0 {
		t.Fatalf("first run: code %d\n%s\n%s", code, out, errOut)
	}
	tuned := filepath.Join(dir, "tuned.kkw")
	code, out, errOut := train("--init", first, "--steps", "3", "--lr", "0.1", "--checkpoint", filepath.Join(dir, "b.ckpt"), "--out", tuned)
	if code != 0 || !strings.Contains(out, "fine-tuning "+first+": basic-v1 planes=13 channels=4 blocks=1") {
		t.Fatalf("--init: code %d\n%s\n%s", code, out, errOut)
	}
	a, errA := os.ReadFile(first)
	b, errB := os.ReadFile(tuned)
	if errA != nil || errB != nil || bytes.Equal(a, b) {
		t.Fatalf("the fine-tuned weights: %v %v, equal to the start: %v", errA, errB, bytes.Equal(a, b))
	}
	if net, err := nn.LoadBytes(b); err != nil || net.Arch().Channels != 4 {
		t.Fatalf("the fine-tuned weights do not load as the start's architecture: %v", err)
	}
	code, out, errOut = train("--init", "default", "--steps", "1", "--checkpoint", filepath.Join(dir, "d.ckpt"), "--out", filepath.Join(dir, "d.kkw"))
	def, err := nn.LoadBytes(weights.Default())
	if err != nil {
		t.Fatal(err)
	}
	if code != 0 || !strings.Contains(out, "fine-tuning default: "+def.Arch().String()) {
		t.Errorf("--init default: code %d\n%s\n%s", code, out, errOut)
	}
	deep := filepath.Join(dir, "deep.kkw")
	code, out, errOut = train("--init", first, "--grow-blocks", "2", "--steps", "2", "--checkpoint", filepath.Join(dir, "e.ckpt"), "--out", deep)
	if code != 0 || !strings.Contains(out, "deepened by 2 blocks: basic-v1 planes=13 channels=4 blocks=3") {
		t.Fatalf("--grow-blocks: code %d\n%s\n%s", code, out, errOut)
	}
	if b, err := os.ReadFile(deep); err != nil {
		t.Fatal(err)
	} else if net, err := nn.LoadBytes(b); err != nil || net.Arch().Blocks != 3 {
		t.Fatalf("the deepened weights do not load with 3 blocks: %v", err)
	}
	wide := filepath.Join(dir, "wide.kkw")
	code, out, errOut = train("--init", first, "--widen-features", nn.RichName, "--steps", "2", "--checkpoint", filepath.Join(dir, "w.ckpt"), "--out", wide)
	if code != 0 || !strings.Contains(out, "widened to rich-v1: rich-v1 planes=21 channels=4 blocks=1") {
		t.Fatalf("--widen-features: code %d\n%s\n%s", code, out, errOut)
	}
	if b, err := os.ReadFile(wide); err != nil {
		t.Fatal(err)
	} else if net, err := nn.LoadBytes(b); err != nil || net.Arch().Features != nn.RichName {
		t.Fatalf("the widened weights do not load as %s: %v", nn.RichName, err)
	}
	code, out, errOut = train("--features", nn.RichName, "--channels", "4", "--blocks", "1", "--steps", "2", "--checkpoint", filepath.Join(dir, "r.ckpt"), "--out", filepath.Join(dir, "r.kkw"))
	if code != 0 || !strings.Contains(out, "rich-v1 planes=21 channels=4 blocks=1") {
		t.Fatalf("--features %s: code %d\n%s\n%s", nn.RichName, code, out, errOut)
	}
	for _, bad := range []struct {
		args []string
		code int
		says string
	}{
		{[]string{"--grow-blocks", "1"}, 2, "need --init"},
		{[]string{"--widen-features", nn.RichName}, 2, "need --init"},
		{[]string{"--init", first, "--widen-features", nn.BasicName, "--checkpoint", filepath.Join(dir, "g.ckpt")}, 2, "already reads basic-v1"},
		{[]string{"--init", first, "--widen-features", "colour-v9", "--checkpoint", filepath.Join(dir, "h.ckpt")}, 2, "unknown feature set"},
		{[]string{"--init", first, "--features", nn.RichName}, 2, "--init"},
		{[]string{"--features", "colour-v9"}, 2, "unknown feature set"},
		{[]string{"--init", first, "--grow-blocks", "-1", "--checkpoint", filepath.Join(dir, "f.ckpt")}, 2, "deepen by -1"},
		{[]string{"--init", first, "--resume"}, 2, "--init"},
		{[]string{"--init", first, "--channels", "8"}, 2, "--init"},
		{[]string{"--init", first, "--checkpoint", filepath.Join(dir, "a.ckpt")}, 2, "exists"},
		{[]string{"--init", games, "--checkpoint", filepath.Join(dir, "c.ckpt")}, 1, games},
	} {
		if code, _, errOut := train(append(bad.args, "--steps", "1", "--out", filepath.Join(dir, "x.kkw"))...); code != bad.code || !strings.Contains(errOut, bad.says) {
			t.Errorf("%v: code %d %q", bad.args, code, errOut)
		}
	}
}

// TestTrainTeacher checks --teacher: a run distilling the embedded deep
// tier (or a weights file) says what it learns from and logs the mixed
// objective; bad weights, shares and temperatures, and the teacher's
// options without it are refused.
func TestTrainTeacher(t *testing.T) {
	dir := t.TempDir()
	games := writeTinyGames(t, dir)
	train := func(extra ...string) (int, string, string) {
		var out, errOut bytes.Buffer
		args := append([]string{"train", "--games", games, "--channels", "4", "--blocks", "1", "--batch", "4",
			"--eval-every", "5", "--test-frac", "0", "--out", filepath.Join(dir, "x.kkw")}, extra...)
		code := run(args, strings.NewReader(""), &out, &errOut)
		return code, out.String(), errOut.String()
	}
	code, out, errOut := train("--teacher", "deep", "--teacher-weight", "0.6", "--steps", "5", "--checkpoint", filepath.Join(dir, "a.ckpt"))
	if code != 0 || !strings.Contains(out, "teacher basic-v1 planes=13 channels=64 blocks=6 kernels=3/3/3, 0.60 of the target, temperature 1.00") ||
		!regexp.MustCompile(`step 5 .* objective \d+\.\d+`).MatchString(out) {
		t.Fatalf("--teacher deep: code %d\n%s\n%s", code, out, errOut)
	}
	code, out, errOut = train("--teacher", filepath.Join(dir, "x.kkw"), "--teacher-temp", "2", "--steps", "2", "--checkpoint", filepath.Join(dir, "b.ckpt"))
	if code != 0 || !strings.Contains(out, "teacher basic-v1 planes=13 channels=4 blocks=1 kernels=3/3/1, 0.50 of the target, temperature 2.00") {
		t.Fatalf("--teacher FILE: code %d\n%s\n%s", code, out, errOut)
	}
	for _, bad := range []struct {
		args []string
		code int
		says string
	}{
		{[]string{"--teacher", games}, 1, "teacher " + games},
		{[]string{"--teacher", "deep", "--teacher-weight", "1.5"}, 2, "--teacher-weight"},
		{[]string{"--teacher", "deep", "--teacher-temp", "0"}, 2, "--teacher-temp"},
		{[]string{"--teacher", "deep", "--teacher-weight", "NaN"}, 2, "--teacher-weight"},
		{[]string{"--teacher-weight", "0.3"}, 2, "need --teacher"},
	} {
		if code, _, errOut := train(append(bad.args, "--steps", "1", "--checkpoint", filepath.Join(dir, "c.ckpt"))...); code != bad.code || !strings.Contains(errOut, bad.says) {
			t.Errorf("%v: code %d %q", bad.args, code, errOut)
		}
	}
}

// TestNNEvalInt8 checks nneval with and without --int8, with the
// player's priors over one view and eight (--views), and with the deep
// tier's network, on a few records: each scores every position, the 8-bit
// blocks keep the network's top-1 choices nearly everywhere, and one view
// of the player's priors is the 8-bit network.
func TestNNEvalInt8(t *testing.T) {
	dir := t.TempDir()
	games := writeTinyGames(t, dir)
	total := regexp.MustCompile(`(?m)^total\s+loss (\S+)\s+top-1 (\S+)%.*\((\d+) positions\)`)
	var loss [5]float64
	for i, extra := range [][]string{nil, {"--int8"}, {"--views", "1"}, {"--views", "8"}, {"--weights", "deep"}} {
		var out, errOut bytes.Buffer
		args := append([]string{"nneval", "--games", games, "--by", "none"}, extra...)
		if code := run(args, strings.NewReader(""), &out, &errOut); code != 0 {
			t.Fatalf("%v: code %d: %s", args, code, errOut.String())
		}
		m := total.FindStringSubmatch(out.String())
		if m == nil || m[3] != "8" {
			t.Fatalf("%v: no total over 8 positions in\n%s", args, out.String())
		}
		loss[i], _ = strconv.ParseFloat(m[1], 64)
	}
	if math.Abs(loss[0]-loss[1]) > 0.05 {
		t.Errorf("loss %.4f in floats, %.4f in 8 bits", loss[0], loss[1])
	}
	if math.Abs(loss[2]-loss[1]) > 1e-3 || loss[3] == loss[2] || loss[4] == loss[0] {
		t.Errorf("loss %.4f in 8 bits, %.4f over one view, %.4f over eight, %.4f with the deep network", loss[1], loss[2], loss[3], loss[4])
	}
}

// writeTinyGames writes eight positions with their moves (pos notation,
// .csv records) to dir/g.csv for the training commands' tests and returns
// the path.
func writeTinyGames(t *testing.T, dir string) string {
	t.Helper()
	games := filepath.Join(dir, "g.csv")
	lines := []string{"h8,i9", "h8i9,g7", "h8i9g7,j10", "h8i9g7j10,f6", "i9,h8", "i9h8,j10", "g7,h8", "g7h8,f6"}
	if err := os.WriteFile(games, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return games
}

// TestTrainValueHead checks --value-head: a run fine-tuning the default
// network beside the embedded node value reports the head's held-out
// log-loss before the first step and after, writes a Trunk model that
// loads with every key it started with and a network that differs from
// the start; the value flags without --value-head, --resume with it, and
// a bad weight are refused.
func TestTrainValueHead(t *testing.T) {
	dir := t.TempDir()
	games := writeRandomGames(t, dir)
	head := filepath.Join(dir, "h.kvw")
	train := func(extra ...string) (int, string, string) {
		var out, errOut bytes.Buffer
		args := append([]string{"train", "--games", games, "--batch", "8", "--eval-every", "4", "--test-frac", "0.2"}, extra...)
		code := run(args, strings.NewReader(""), &out, &errOut)
		return code, out.String(), errOut.String()
	}
	code, out, errOut := train("--init", "default", "--value-head", "node", "--value-out", head, "--steps", "4", "--lr", "1e-2", "--threads", "2",
		"--checkpoint", filepath.Join(dir, "a.ckpt"), "--out", filepath.Join(dir, "a.kkw"))
	if code != 0 || !regexp.MustCompile(`step 0 \(before training\).* value [0-9.]+ / `).MatchString(out) ||
		!regexp.MustCompile(`step 4 .*held-out .* value [0-9.]+ / `).MatchString(out) {
		t.Fatalf("code %d, no value lines:\n%s\n%s", code, out, errOut)
	}
	m, err := value.Load(head)
	if err != nil || m.Set() != value.Trunk {
		t.Fatalf("the head: %v", err)
	}
	node, err := value.Read(bytes.NewReader(weights.Node()))
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Keys()) != len(node.Keys()) || m.Hidden() != node.Hidden() {
		t.Errorf("the head has %d keys and %d hidden units, the node value %d and %d", len(m.Keys()), m.Hidden(), len(node.Keys()), node.Hidden())
	}
	moved := false
	for _, k := range m.Keys() {
		a, b := m.Weights(k), node.Weights(k)
		for i := range a {
			moved = moved || a[i] != b[i]
		}
	}
	if !moved {
		t.Error("training moved none of the head's weights")
	}
	tuned, err := os.ReadFile(filepath.Join(dir, "a.kkw"))
	if err != nil || bytes.Equal(tuned, weights.Default()) {
		t.Errorf("the network: %v, unchanged: %v", err, err == nil && bytes.Equal(tuned, weights.Default()))
	}
	for _, bad := range []struct {
		args []string
		says string
	}{
		{[]string{"--value-weight", "2"}, "need --value-head"},
		{[]string{"--value-out", head}, "need --value-head"},
		{[]string{"--value-head", "node", "--resume"}, "cannot --resume"},
		{[]string{"--value-head", "node", "--value-weight", "0"}, "within (0, 100]"},
		{[]string{"--value-head", games}, "value weights"},
	} {
		if code, _, errOut := train(append(bad.args, "--steps", "1", "--checkpoint", filepath.Join(dir, "x.ckpt"), "--out", filepath.Join(dir, "x.kkw"))...); code != 2 || !strings.Contains(errOut, bad.says) {
			t.Errorf("%v: code %d %q", bad.args, code, errOut)
		}
	}
}
