package players

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/kakugo/kakugo/engine"
	"github.com/kakugo/kakugo/eval"
	"github.com/kakugo/kakugo/search/mcts"
)

// constValuer values every leaf v.
type constValuer float64

func (c constValuer) LeafValue(*eval.Evaluator) float64 { return float64(c) }

func sampleBoard(t *testing.T, w, h int, r engine.Rule, pos string) *eval.Evaluator {
	t.Helper()
	ms, err := engine.ParseMoves(pos)
	if err != nil {
		t.Fatal(err)
	}
	b, err := engine.FromMoves(w, h, r, ms)
	if err != nil {
		t.Fatal(err)
	}
	return eval.Attach(b)
}

func TestLeafSamplerWritesEveryNth(t *testing.T) {
	cases := []struct {
		name  string
		w, h  int
		rule  engine.Rule
		pos   string
		every uint64
		calls int
		want  []string
	}{
		{"freestyle 15, every 2nd", 15, 15, engine.Freestyle, "h8i9h9", 2, 5,
			[]string{"h8i9h9 15 0 0.2500", "h8i9h9 15 0 0.2500"}},
		{"renju, every leaf", 15, 15, engine.Renju, "h8", 1, 2,
			[]string{"h8 15 4 0.2500", "h8 15 4 0.2500"}},
		{"a rectangle, every 3rd", 20, 15, engine.Freestyle, "a1t15", 3, 3,
			[]string{"a1t15 20x15 0 0.2500"}},
		{"fewer leaves than the rate", 15, 15, engine.Freestyle, "h8", 4, 3, nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var out bytes.Buffer
			s := &leafSampler{inner: constValuer(0.25), every: tc.every, w: &out}
			e := sampleBoard(t, tc.w, tc.h, tc.rule, tc.pos)
			for range tc.calls {
				if v := s.LeafValue(e); v != 0.25 {
					t.Fatalf("value %v, want the inner valuer's 0.25", v)
				}
			}
			var got []string
			if out.Len() > 0 {
				got = strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
			}
			if strings.Join(got, "|") != strings.Join(tc.want, "|") {
				t.Fatalf("lines %q, want %q", got, tc.want)
			}
		})
	}
}

// The sampler is shared by the search's threads: every sampled line is
// whole, and the count is exact.
func TestLeafSamplerConcurrent(t *testing.T) {
	var out bytes.Buffer
	s := &leafSampler{inner: constValuer(-0.5), every: 3, w: &out}
	var wg sync.WaitGroup
	for range 4 {
		// Built here: t.Fatal belongs to the test's own goroutine.
		e := sampleBoard(t, 15, 15, engine.Freestyle, "h8i9")
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 300 {
				s.LeafValue(e)
			}
		}()
	}
	wg.Wait()
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 400 {
		t.Fatalf("%d lines, want 1200/3 = 400", len(lines))
	}
	for _, l := range lines {
		if l != "h8i9 15 0 -0.5000" {
			t.Fatalf("line %q", l)
		}
	}
}

func TestWithLeafSampleEnv(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "leaves.txt")
	cases := []struct {
		name      string
		env       map[string]string
		inner     mcts.LeafValuer
		sampled   bool
		every     uint64
		warnsWith string
	}{
		{"off", nil, constValuer(0), false, 0, ""},
		{"no valuer to wrap", map[string]string{"KAKUGO_LEAF_SAMPLE": file}, nil, false, 0, ""},
		{"default rate", map[string]string{"KAKUGO_LEAF_SAMPLE": file}, constValuer(0), true, defaultLeafSampleEvery, ""},
		{"own rate", map[string]string{"KAKUGO_LEAF_SAMPLE": file, "KAKUGO_LEAF_SAMPLE_EVERY": "7"}, constValuer(0), true, 7, ""},
		{"bad rate", map[string]string{"KAKUGO_LEAF_SAMPLE": file, "KAKUGO_LEAF_SAMPLE_EVERY": "0"}, constValuer(0), true, defaultLeafSampleEvery, "not a positive number"},
		{"unopenable file", map[string]string{"KAKUGO_LEAF_SAMPLE": filepath.Join(dir, "no", "such", "dir", "f")}, constValuer(0), false, 0, "no leaves written"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var warn bytes.Buffer
			v := withLeafSample(tc.inner, func(k string) string { return tc.env[k] }, &warn)
			s, ok := v.(*leafSampler)
			if ok != tc.sampled {
				t.Fatalf("sampled %v, want %v", ok, tc.sampled)
			}
			if !ok && v != tc.inner {
				t.Fatalf("the valuer was replaced: %v", v)
			}
			if ok && s.every != tc.every {
				t.Fatalf("every %d, want %d", s.every, tc.every)
			}
			if (tc.warnsWith == "") != (warn.Len() == 0) || !strings.Contains(warn.String(), tc.warnsWith) {
				t.Fatalf("warning %q, want one with %q", warn.String(), tc.warnsWith)
			}
		})
	}
	// The file gets the leaves, appended.
	v := withLeafSample(constValuer(1), func(k string) string {
		return map[string]string{"KAKUGO_LEAF_SAMPLE": file, "KAKUGO_LEAF_SAMPLE_EVERY": "1"}[k]
	}, &bytes.Buffer{})
	v.LeafValue(sampleBoard(t, 15, 15, engine.Freestyle, "h8"))
	data, err := os.ReadFile(file)
	if err != nil || string(data) != "h8 15 0 1.0000\n" {
		t.Fatalf("file %q (%v)", data, err)
	}
}
