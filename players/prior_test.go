package players

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/search"
	"github.com/kakugo/kakugo/search/ab"
	"github.com/kakugo/kakugo/search/mcts"
	"github.com/kakugo/kakugo/value"
	"github.com/kakugo/kakugo/weights"
)

// TestPlayerWeightsFile: --weights replaces the embedded weights of the
// players with a prior; a missing, truncated or corrupt file is reported on
// the warning writer and the player still plays (without the prior); a
// player without a prior says it ignores the file.
func TestPlayerWeightsFile(t *testing.T) {
	dir := t.TempDir()
	good := weights.Default()
	files := map[string][]byte{
		"good.kkw":      good,
		"truncated.kkw": good[:len(good)/2],
		"corrupt.kkw":   append(append([]byte{}, good[:64]...), bytes.Repeat([]byte{0x5a}, len(good)-64)...),
		"empty.kkw":     nil,
	}
	for name, data := range files {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, tc := range []struct {
		player, file string
		warn         string // a part of the expected warning; "" for none
	}{
		{"kakugo-nn", "", ""},
		{"kakugo-nn", "good.kkw", ""},
		{"kakugo-nn", "missing.kkw", "no such file"},
		{"kakugo-nn", "truncated.kkw", "playing without the policy prior"},
		{"kakugo-nn", "corrupt.kkw", "playing without the policy prior"},
		{"kakugo-nn", "empty.kkw", "playing without the policy prior"},
		{"kakugo", "good.kkw", ""},
		{"kakugo", "corrupt.kkw", "playing without the policy prior"},
		{"kakugo-noprior", "good.kkw", "has no policy network"},
	} {
		path := ""
		if tc.file != "" {
			path = filepath.Join(dir, tc.file)
		}
		var warn bytes.Buffer
		p, err := New(tc.player, 1, path, &warn)
		if err != nil {
			t.Fatalf("%s %s: %v", tc.player, tc.file, err)
		}
		got := warn.String()
		if tc.warn == "" && got != "" || tc.warn != "" && !strings.Contains(got, tc.warn) {
			t.Errorf("%s %s: warning %q, want one with %q", tc.player, tc.file, got, tc.warn)
		}
		if tc.warn != "" && tc.file != "" && tc.player == "kakugo-nn" && !strings.Contains(got, tc.file) {
			t.Errorf("%s %s: the warning %q does not name the file", tc.player, tc.file, got)
		}
		b, _ := engine.FromMoves(15, 15, engine.Freestyle, []engine.Point{{X: 7, Y: 7}, {X: 8, Y: 8}})
		m := p.Move(context.Background(), b, search.Limits{MaxNodes: 300})
		if !b.Legal(m) {
			t.Errorf("%s %s: illegal move %v", tc.player, tc.file, m)
		}
	}
	if _, err := New("nobody", 1, "", &bytes.Buffer{}); err == nil {
		t.Error("an unknown player was built")
	}
}

// TestPolicyOptionsFromEnv reads the schedule's environment variables.
func TestPolicyOptionsFromEnv(t *testing.T) {
	for _, tc := range []struct {
		visits, mix, deep, deepMix string
		want                       mcts.PolicyOptions
		warn                       bool
	}{
		{"", "", "", "", mcts.PolicyOptions{}, false},
		{"64", "0.25", "", "", mcts.PolicyOptions{Visits: 64, Mix: 0.25}, false},
		{"-1", "1", "", "", mcts.PolicyOptions{Visits: -1, Mix: 1}, false},
		{"many", "", "", "", mcts.PolicyOptions{}, true},
		{"", "-0.5", "", "", mcts.PolicyOptions{}, true},
		{"", "half", "", "", mcts.PolicyOptions{}, true},
		{"", "", "500", "", mcts.PolicyOptions{DeepVisits: 500}, false},
		{"", "", "0", "", mcts.PolicyOptions{}, true},
		{"", "", "deep", "", mcts.PolicyOptions{}, true},
		{"", "", "", "0.75", mcts.PolicyOptions{DeepMix: 0.75}, false},
		{"", "0.25", "", "1", mcts.PolicyOptions{Mix: 0.25, DeepMix: 1}, false},
		{"", "", "", "0", mcts.PolicyOptions{}, true},
		{"", "", "", "1.5", mcts.PolicyOptions{}, true},
		{"", "", "", "most", mcts.PolicyOptions{}, true},
	} {
		env := map[string]string{"KAKUGO_NN_VISITS": tc.visits, "KAKUGO_NN_MIX": tc.mix, "KAKUGO_DEEP_VISITS": tc.deep, "KAKUGO_DEEP_MIX": tc.deepMix}
		var warn bytes.Buffer
		got := policyOptionsFromEnv(mcts.PolicyOptions{}, func(k string) string { return env[k] }, &warn)
		if got != tc.want || (warn.Len() > 0) != tc.warn {
			t.Errorf("%q %q %q %q: %+v warning %q, want %+v (warning %v)", tc.visits, tc.mix, tc.deep, tc.deepMix, got, warn.String(), tc.want, tc.warn)
		}
	}
	// Renju black's λ: (0, 1], else a warning and the variant's.
	for _, tc := range []struct {
		v    string
		want float64
		warn bool
	}{{"", 0.4, false}, {"0.25", 0.25, false}, {"1", 1, false}, {"0", 0.4, true}, {"1.5", 0.4, true}, {"low", 0.4, true}} {
		var warn bytes.Buffer
		got := policyOptionsFromEnv(mcts.PolicyOptions{RenjuBlackMix: 0.4}, func(k string) string {
			if k == "KAKUGO_NN_MIX_RENJU_BLACK" {
				return tc.v
			}
			return ""
		}, &warn)
		if got.RenjuBlackMix != tc.want || (warn.Len() > 0) != tc.warn {
			t.Errorf("KAKUGO_NN_MIX_RENJU_BLACK=%q: %v warning %q, want %v (warning %v)", tc.v, got.RenjuBlackMix, warn.String(), tc.want, tc.warn)
		}
	}
}

// TestLoadDeep: the embedded deep tier without KAKUGO_DEEP_WEIGHTS, none
// for "none"; a file that is missing or not a network gives none and says
// so; a network gives a builder of policies that answer.
func TestLoadDeep(t *testing.T) {
	bad := filepath.Join(t.TempDir(), "bad.kkw")
	if err := os.WriteFile(bad, []byte("KKGONN\r\n\x01\x00\x00\x00junk"), 0o644); err != nil {
		t.Fatal(err)
	}
	var quiet bytes.Buffer
	if got := loadDeep(func(string) string { return "none" }, &quiet); got != nil || quiet.Len() > 0 {
		t.Errorf("none: a deep tier %v, warning %q", got != nil, quiet.String())
	}
	for _, path := range []string{bad, filepath.Join(t.TempDir(), "missing.kkw")} {
		var warn bytes.Buffer
		got := loadDeep(func(string) string { return path }, &warn)
		if got != nil || warn.Len() == 0 {
			t.Errorf("%q: a deep tier %v, warning %q", path, got != nil, warn.String())
		}
		if !strings.Contains(warn.String(), path) {
			t.Errorf("%q: the warning %q does not name the file", path, warn.String())
		}
	}
	b, err := engine.FromMoves(15, 15, engine.Freestyle, []engine.Point{{X: 7, Y: 7}, {X: 0, Y: 14},
		{X: 8, Y: 7}, {X: 1, Y: 14}, {X: 9, Y: 7}, {X: 3, Y: 14}, {X: 10, Y: 7}, {X: 14, Y: 0}})
	if err != nil {
		t.Fatal(err)
	}
	moves := []engine.Pos{b.Pos(11, 7), b.Pos(0, 0)}
	probs := make([]float32, 2)
	embedded := loadDeep(func(string) string { return "" }, &quiet)
	if embedded == nil || quiet.Len() > 0 {
		t.Fatalf("unset: the embedded tier %v, warning %q", embedded != nil, quiet.String())
	}
	// Black to move with an open four: the five far above a corner.
	if !embedded().Priors(b, moves, probs) || !(probs[0] > 10*probs[1]) {
		t.Errorf("the embedded deep tier's priors %v: the five should be far above the corner", probs)
	}
	good := filepath.Join(t.TempDir(), "deep.kkw")
	if err := os.WriteFile(good, weights.Default(), 0o644); err != nil {
		t.Fatal(err)
	}
	var warn bytes.Buffer
	build := loadDeep(func(string) string { return good }, &warn)
	if build == nil || warn.Len() > 0 {
		t.Fatalf("a good file: tier %v, warning %q", build != nil, warn.String())
	}
	// The network in the file does the same.
	if !build().Priors(b, moves, probs) || !(probs[0] > 10*probs[1]) {
		t.Errorf("the deep tier's priors %v: the five should be far above the corner", probs)
	}
}

// TestPercentFromEnv: a percentage from 1 to 100 is read, anything else is
// the default (0) with a warning.
func TestPercentFromEnv(t *testing.T) {
	for _, c := range []struct {
		v    string
		want int
		warn bool
	}{{"", 0, false}, {"45", 45, false}, {"100", 100, false}, {"0", 0, true}, {"101", 0, true}, {"x", 0, true}} {
		var warn bytes.Buffer
		got := percentFromEnv(func(string) string { return c.v }, "KAKUGO_VCT_SHARE", &warn)
		if got != c.want || (warn.Len() > 0) != c.warn {
			t.Errorf("%q: %d (warning %q), want %d (warning %v)", c.v, got, warn.String(), c.want, c.warn)
		}
	}
}

// TestTuningFromEnv: without the environment a variant keeps its own
// tuning (kakugo-restcheck's check share and kakugo-vct80's VCT share were
// once overwritten with the defaults this way); a knob that is set
// replaces it, and one that cannot be read leaves it, with a warning.
func TestTuningFromEnv(t *testing.T) {
	spec := func(name string) Spec {
		for _, p := range List() {
			if p.Name == name {
				return p
			}
		}
		t.Fatalf("no player %s", name)
		return Spec{}
	}
	env := func(kv map[string]string) func(string) string { return func(k string) string { return kv[k] } }
	for _, c := range []struct {
		player      string
		env         map[string]string
		vct, check  int
		cpuct       float64
		width, warn int
	}{
		{"kakugo-restcheck", nil, 0, 30, 0, 0, 0},
		{"kakugo-vct80", nil, 80, 30, 0, 0, 0},
		{"kakugo", nil, 0, 0, 0, 0, 0},
		{"kakugo-restcheck", map[string]string{"KAKUGO_CHECK_SHARE": "40"}, 0, 40, 0, 0, 0},
		{"kakugo-vct80", map[string]string{"KAKUGO_VCT_SHARE": "50", "KAKUGO_CPUCT": "2", "KAKUGO_WIDTH": "30"}, 50, 30, 2, 30, 0},
		{"kakugo-restcheck", map[string]string{"KAKUGO_CHECK_SHARE": "x", "KAKUGO_CPUCT": "-1"}, 0, 30, 0, 0, 2},
	} {
		var warn bytes.Buffer
		o := tuningFromEnv(spec(c.player).kakugo(1), env(c.env), &warn)
		if o.VCTShare != c.vct || o.CheckShare != c.check || o.CPuct != c.cpuct || o.MaxChildren != c.width {
			t.Errorf("%s %v: VCT %d, check %d, cpuct %g, width %d; want %d, %d, %g, %d",
				c.player, c.env, o.VCTShare, o.CheckShare, o.CPuct, o.MaxChildren, c.vct, c.check, c.cpuct, c.width)
		}
		if n := strings.Count(warn.String(), "\n"); n != c.warn {
			t.Errorf("%s %v: %d warnings (%q), want %d", c.player, c.env, n, warn.String(), c.warn)
		}
	}
	// The quiet-move win: kakugo-quiet's share, the environment's, none
	// in the default.
	for _, c := range []struct {
		player, env string
		want        int
	}{{"kakugo-quiet", "", 20}, {"kakugo-quiet", "35", 35}, {"kakugo", "", 0}, {"kakugo", "10", 10}} {
		o := tuningFromEnv(spec(c.player).kakugo(1), env(map[string]string{"KAKUGO_QUIET": c.env}), io.Discard)
		if o.QuietWin != c.want {
			t.Errorf("%s KAKUGO_QUIET=%q: %d, want %d", c.player, c.env, o.QuietWin, c.want)
		}
	}
	// The in-tree VCT probe: kakugo-vctprobe's schedule, the environment's
	// over it, the environment's turning it on in the default, and values
	// out of range left alone with a warning each.
	for _, c := range []struct {
		player      string
		env         map[string]string
		nodes, root int64
		at          int32
		warn        int
	}{
		{"kakugo-vctprobe", nil, 100, 400, 32, 0},
		{"kakugo-vctprobe", map[string]string{"KAKUGO_VCT_PROBE": "300", "KAKUGO_VCT_PROBE_AT": "64"}, 300, 400, 64, 0},
		{"kakugo", nil, 0, 0, 0, 0},
		{"kakugo", map[string]string{"KAKUGO_VCT_PROBE": "50", "KAKUGO_VCT_PROBE_ROOT": "200"}, 50, 200, 0, 0},
		{"kakugo", map[string]string{"KAKUGO_VCT_PROBE": "-5", "KAKUGO_VCT_PROBE_AT": "many", "KAKUGO_VCT_PROBE_ROOT": "1e9"}, 0, 0, 0, 3},
	} {
		var warn bytes.Buffer
		o := tuningFromEnv(spec(c.player).kakugo(1), env(c.env), &warn)
		if o.VCTProbe != c.nodes || o.VCTProbeRoot != c.root || o.VCTProbeAt != c.at {
			t.Errorf("%s %v: probe %d nodes, %d at the root's children, from %d visits; want %d, %d, %d",
				c.player, c.env, o.VCTProbe, o.VCTProbeRoot, o.VCTProbeAt, c.nodes, c.root, c.at)
		}
		if n := strings.Count(warn.String(), "\n"); n != c.warn {
			t.Errorf("%s %v: %d warnings (%q), want %d", c.player, c.env, n, warn.String(), c.warn)
		}
	}
	// The in-tree VCF probe's nodes: the default's (0: the search's own
	// cap), the environment's over it and over a variant that turns it off,
	// and a bad value left alone with a warning.
	for _, c := range []struct {
		player, env string
		want        int64
		warn        int
	}{
		{"kakugo", "", 0, 0},
		{"kakugo", "300", 300, 0},
		{"kakugo-noprobe", "", -1, 0},
		{"kakugo-noprobe", "250", 250, 0},
		{"kakugo", "-3", 0, 1},
	} {
		var warn bytes.Buffer
		o := tuningFromEnv(spec(c.player).kakugo(1), env(map[string]string{"KAKUGO_VCF_PROBE": c.env}), &warn)
		if o.VCFProbe != c.want {
			t.Errorf("%s KAKUGO_VCF_PROBE=%q: %d nodes, want %d", c.player, c.env, o.VCFProbe, c.want)
		}
		if n := strings.Count(warn.String(), "\n"); n != c.warn {
			t.Errorf("%s KAKUGO_VCF_PROBE=%q: %d warnings, want %d", c.player, c.env, n, c.warn)
		}
	}
	// The children valued at an expansion: none by default, the
	// environment's over the default and over kakugo-expand3, a bad value
	// left alone with a warning.
	for _, c := range []struct {
		player, env string
		want, warn  int
	}{
		{"kakugo", "", 0, 0},
		{"kakugo", "3", 3, 0},
		{"kakugo-expand3", "", 3, 0},
		{"kakugo-expand3", "5", 5, 0},
		{"kakugo", "-1", 0, 1},
	} {
		var warn bytes.Buffer
		o := tuningFromEnv(spec(c.player).kakugo(1), env(map[string]string{"KAKUGO_EXPAND_EVAL": c.env}), &warn)
		if o.ExpandEval != c.want {
			t.Errorf("%s KAKUGO_EXPAND_EVAL=%q: %d children, want %d", c.player, c.env, o.ExpandEval, c.want)
		}
		if n := strings.Count(warn.String(), "\n"); n != c.warn {
			t.Errorf("%s KAKUGO_EXPAND_EVAL=%q: %d warnings, want %d", c.player, c.env, n, c.warn)
		}
	}
	// The evaluator prior: kakugo-near's, the environment's over any
	// player's, a bad value left alone with a warning.
	for _, c := range []struct {
		player, env string
		want        mcts.PriorModel
		warn        int
	}{
		{"kakugo", "", mcts.PriorDefault, 0},
		{"kakugo-near", "", mcts.PriorNear, 0},
		{"kakugo", "2", mcts.PriorNear, 0},
		{"kakugo", "near", mcts.PriorNear, 0},
		{"kakugo-near", "classic", mcts.PriorClassic, 0},
		{"kakugo-near", "1", mcts.PriorClassic, 0},
		{"kakugo-near", "4", mcts.PriorNear, 1},
		{"kakugo", "3", mcts.PriorRich, 0},
		{"kakugo-near", "rich", mcts.PriorRich, 0},
		{"kakugo-rich", "", mcts.PriorRich, 0},
		{"kakugo-rich", "near", mcts.PriorNear, 0},
		{"kakugo-classic", "", mcts.PriorClassic, 0},
		{"kakugo-classic", "near", mcts.PriorNear, 0},
		{"kakugo", "1.5", mcts.PriorDefault, 1},
	} {
		var warn bytes.Buffer
		o := tuningFromEnv(spec(c.player).kakugo(1), env(map[string]string{"KAKUGO_PRIOR": c.env}), &warn)
		if o.Prior != c.want || strings.Count(warn.String(), "\n") != c.warn {
			t.Errorf("%s KAKUGO_PRIOR=%q: %v with %q, want %v and %d warnings", c.player, c.env, o.Prior, warn.String(), c.want, c.warn)
		}
	}
	// The temperatures: the evaluator prior's in the player's options, the
	// network's in its policy options; a bad value is 0 (no temperature)
	// with a warning.
	for _, c := range []struct {
		prior, nn   string
		wantP, want float64
		warn        int
	}{
		{"", "", 0, 0, 0},
		{"1.3", "0.8", 1.3, 0.8, 0},
		{"0", "-1", 0, 0, 2},
		{"hot", "", 0, 0, 1},
		{"", "11", 0, 0, 1},
	} {
		var warn bytes.Buffer
		o := tuningFromEnv(spec("kakugo").kakugo(1), env(map[string]string{"KAKUGO_PRIOR_TEMP": c.prior, "KAKUGO_NN_TEMP": c.nn}), &warn)
		if o.PriorTemp != c.wantP || o.Policy.Temp != c.want || strings.Count(warn.String(), "\n") != c.warn {
			t.Errorf("KAKUGO_PRIOR_TEMP=%q KAKUGO_NN_TEMP=%q: %v and %v with %q, want %v, %v and %d warnings",
				c.prior, c.nn, o.PriorTemp, o.Policy.Temp, warn.String(), c.wantP, c.want, c.warn)
		}
	}
	// The kept tree's share: a number in (0, 1], none (no kept tree:
	// negative), or unset (0, all of it); anything else unset with a warning.
	for _, c := range []struct {
		env  string
		want float64
		warn int
	}{
		{"", 0, 0},
		{"0.25", 0.25, 0},
		{"1", 1, 0},
		{"none", -1, 0},
		{"0", 0, 1},
		{"1.5", 0, 1},
	} {
		var warn bytes.Buffer
		o := tuningFromEnv(spec("kakugo").kakugo(1), env(map[string]string{"KAKUGO_REUSE_KEEP": c.env}), &warn)
		if o.ReuseKeep != c.want || strings.Count(warn.String(), "\n") != c.warn {
			t.Errorf("KAKUGO_REUSE_KEEP=%q: %v with %q, want %v and %d warnings", c.env, o.ReuseKeep, warn.String(), c.want, c.warn)
		}
	}
	// The focus past a settled move: 1 on, 0 off, unset the default (0);
	// anything else unset with a warning.
	for _, c := range []struct {
		env  string
		want int
		warn int
	}{
		{"", 0, 0},
		{"1", 1, 0},
		{"0", -1, 0},
		{"yes", 0, 1},
		{"2", 0, 1},
	} {
		var warn bytes.Buffer
		o := tuningFromEnv(spec("kakugo").kakugo(1), env(map[string]string{"KAKUGO_FOCUS": c.env}), &warn)
		if o.Focus != c.want || strings.Count(warn.String(), "\n") != c.warn {
			t.Errorf("KAKUGO_FOCUS=%q: %v with %q, want %v and %d warnings", c.env, o.Focus, warn.String(), c.want, c.warn)
		}
	}
}

// TestFloatFromEnv: a number in (0, limit] is read, anything else (NaN,
// infinities, zero, negative, too large, not a number) is the default (0)
// with a warning.
func TestFloatFromEnv(t *testing.T) {
	for _, c := range []struct {
		v    string
		want float64
		warn bool
	}{{"", 0, false}, {"1.2", 1.2, false}, {"10", 10, false}, {"0", 0, true}, {"-1", 0, true},
		{"10.5", 0, true}, {"NaN", 0, true}, {"+Inf", 0, true}, {"x", 0, true}} {
		var warn bytes.Buffer
		got := floatFromEnv(func(string) string { return c.v }, "KAKUGO_CPUCT", 10, &warn)
		if got != c.want || (warn.Len() > 0) != c.warn {
			t.Errorf("%q: %g (warning %q), want %g (warning %v)", c.v, got, warn.String(), c.want, c.warn)
		}
	}
}

// TestLoadValue: the learned value comes from KAKUGO_VALUE_WEIGHTS, or the
// embedded weights; a missing, truncated or corrupt file is reported and
// gives no value (the player plays with static leaves); a bad gain is
// reported and ignored.
func TestLoadValue(t *testing.T) {
	dir := t.TempDir()
	good := weights.Value()
	files := map[string][]byte{"good.kvw": good, "truncated.kvw": good[:len(good)-3], "node.kvw": weights.Node(),
		"corrupt.kvw": append(bytes.Clone(good[:20]), bytes.Repeat([]byte{1}, len(good)-20)...)}
	for name, data := range files {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, tc := range []struct {
		file, gain string
		ok         bool
		warn       string
	}{
		{"", "", true, ""},
		{"good.kvw", "", true, ""},
		{"good.kvw", "2.5", true, ""},
		{"good.kvw", "-1", true, "KAKUGO_VALUE_GAIN"},
		{"missing.kvw", "", false, "static leaf value"},
		{"truncated.kvw", "", false, "truncated"},
		{"corrupt.kvw", "", false, "static leaf value"},
		{"node.kvw", "", false, "not a leaf value"},
	} {
		env := map[string]string{"KAKUGO_VALUE_GAIN": tc.gain}
		if tc.file != "" {
			env["KAKUGO_VALUE_WEIGHTS"] = filepath.Join(dir, tc.file)
		}
		var warn bytes.Buffer
		v := loadValue(func(k string) string { return env[k] }, "", &warn)
		if (v != nil) != tc.ok {
			t.Errorf("%s %s: value %v, want loaded %v", tc.file, tc.gain, v, tc.ok)
		}
		if got := warn.String(); tc.warn == "" && got != "" || tc.warn != "" && !strings.Contains(got, tc.warn) {
			t.Errorf("%s %s: warning %q, want one with %q", tc.file, tc.gain, got, tc.warn)
		}
	}
	// kakugo-combos reads the previous embedded model unless the
	// environment names a file; an unknown embedded name plays static.
	combos := filepath.Join(dir, "combos.kvw")
	if err := os.WriteFile(combos, weights.ValueCombos(), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		embedded, file string
		want           value.FeatureSet
	}{{"combos", "", value.Combos}, {"combos", "good.kvw", value.Codes}, {"", "", value.Codes}, {"", "combos.kvw", value.Combos}, {"patterns", "", value.Patterns}} {
		env := map[string]string{}
		if tc.file != "" {
			env["KAKUGO_VALUE_WEIGHTS"] = filepath.Join(dir, tc.file)
		}
		v := loadValue(func(k string) string { return env[k] }, tc.embedded, &bytes.Buffer{})
		if m, ok := v.(*value.Model); !ok || m.Set() != tc.want {
			t.Errorf("%q with %q: %v, want a model of %v", tc.embedded, tc.file, v, tc.want)
		}
	}
	var warn bytes.Buffer
	if v := loadValue(func(string) string { return "" }, "nnue", &warn); v != nil || !strings.Contains(warn.String(), "static leaf value") {
		t.Errorf("an unknown embedded model: %v, warning %q", v, warn.String())
	}
	if ValueName("kakugo-combos") != "combos" || ValueName("kakugo") != "" || ValueName("kakugo-patterns") != "patterns" || ValueName("kakugo-codes") != "" {
		t.Error("ValueName names the wrong embedded models")
	}
	// The default and its variants value leaves with the learned value;
	// kakugo-static and kakugo-rollout keep their modes.
	for name, want := range map[string]mcts.LeafMode{"kakugo": mcts.LeafLearned, "kakugo-learned": mcts.LeafLearned,
		"kakugo-noprior": mcts.LeafLearned, "kakugo-patterns": mcts.LeafLearned, "kakugo-codes": mcts.LeafLearned, "kakugo-combos": mcts.LeafLearned, "kakugo-static": mcts.LeafStatic, "kakugo-rollout": mcts.LeafRollout} {
		p, err := New(name, 1, "", &bytes.Buffer{})
		if err != nil {
			t.Fatal(err)
		}
		if k, ok := p.(*search.Kakugo); !ok || k.Leaf() != want {
			t.Errorf("%s: %T, want a full player with %v leaves", name, p, want)
		}
	}
}

// TestABOptionsFrom: KAKUGO_AB's settings, and the errors of bad ones.
func TestABOptionsFrom(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want ab.Options
		bad  bool
	}{
		{in: "width=16", want: ab.Options{Width: 16}},
		{in: "lmr=1.2, late=6/10/14", want: ab.Options{LMRDivisor: 1.2, LateMoves: [4]int{0, 6, 10, 14}}},
		{in: "plainfours,null,fut", want: ab.Options{PlainFours: true, NullMove: true, Futility: true}},
		{in: "mc,lmrall,rfp,qplain=2", want: ab.Options{MoveCount: true, LMRAll: true, ReverseFutility: true, QPlain: 2}},
		{in: "qplain=two", bad: true},
		{in: "width=x", bad: true},
		{in: "late=6/10", bad: true},
		{in: "late=6/x/9", bad: true},
		{in: "depth=3", bad: true},
	} {
		got, err := abOptionsFrom(tc.in)
		if (err != nil) != tc.bad {
			t.Errorf("%q: error %v, want an error: %v", tc.in, err, tc.bad)
			continue
		}
		if !tc.bad && got != tc.want {
			t.Errorf("%q: %+v, want %+v", tc.in, got, tc.want)
		}
	}
}

// FuzzABOptionsFrom: no input makes the reader panic.
func FuzzABOptionsFrom(f *testing.F) {
	for _, s := range []string{"width=16", "lmr=1.2,late=6/10/14", "late=//", "=,=", "plainfours"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) { _, _ = abOptionsFrom(s) })
}

// TestDeepMinTimeFromEnv: milliseconds from 0 (every move, given as a
// negative duration) to an hour are read; unset or anything else is the
// default, with a warning for the latter.
func TestDeepMinTimeFromEnv(t *testing.T) {
	for _, c := range []struct {
		v    string
		want time.Duration
		warn bool
	}{{"", deepMinTime, false}, {"1500", 1500 * time.Millisecond, false}, {"0", -1, false},
		{"-5", deepMinTime, true}, {"x", deepMinTime, true}, {"3600001", deepMinTime, true}} {
		var warn bytes.Buffer
		got := deepMinTimeFromEnv(func(string) string { return c.v }, &warn)
		if got != c.want || (warn.Len() > 0) != c.warn {
			t.Errorf("%q: %v (warning %q), want %v (warning %v)", c.v, got, warn.String(), c.want, c.warn)
		}
	}
}

// TestRootCPuctFromEnv: KAKUGO_ROOT_CPUCT sets the root's constant alone,
// KAKUGO_VCT_LEAD the lead's margin alone; out of range each warns and
// leaves the default (0).
func TestRootCPuctFromEnv(t *testing.T) {
	for _, c := range []struct {
		key  string
		v    string
		want float64
		warn bool
	}{
		{"KAKUGO_ROOT_CPUCT", "", 0, false}, {"KAKUGO_ROOT_CPUCT", "3", 3, false}, {"KAKUGO_ROOT_CPUCT", "0.5", 0.5, false},
		{"KAKUGO_ROOT_CPUCT", "11", 0, true}, {"KAKUGO_ROOT_CPUCT", "x", 0, true},
		// KAKUGO_VCT_LEAD, the lead's margin: 0 to 2.
		{"KAKUGO_VCT_LEAD", "0.15", 0.15, false}, {"KAKUGO_VCT_LEAD", "2", 2, false},
		{"KAKUGO_VCT_LEAD", "3", 0, true}, {"KAKUGO_VCT_LEAD", "-1", 0, true},
	} {
		var warn bytes.Buffer
		o := tuningFromEnv(search.KakugoOptions{}, func(k string) string {
			if k == c.key {
				return c.v
			}
			return ""
		}, &warn)
		got, other := o.RootCPuct, o.VCTLead
		if c.key == "KAKUGO_VCT_LEAD" {
			got, other = o.VCTLead, o.RootCPuct
		}
		if got != c.want || other != 0 || o.CPuct != 0 || (warn.Len() > 0) != c.warn {
			t.Errorf("%s=%q: %g (the other knob %g, cpuct %g), warning %q; want %g, warning %v", c.key, c.v, got, other, o.CPuct, warn.String(), c.want, c.warn)
		}
	}
}
