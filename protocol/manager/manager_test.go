package manager

import (
	"reflect"
	"testing"

	"github.com/kakugo/kakugo/engine"
)

func TestSplitCommand(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"./pbrain-kakugo --player greedy", []string{"./pbrain-kakugo", "--player", "greedy"}},
		{"  a   b\tc ", []string{"a", "b", "c"}},
		{`a "b c" 'd e'`, []string{"a", "b c", "d e"}},
		{`a "say \"hi\"" 'x\y'`, []string{"a", `say "hi"`, `x\y`}},
		{`C:\bin\pbrain.exe x\ y`, []string{`C:\bin\pbrain.exe`, "x y"}},
		{`ab"c d"e`, []string{"abc de"}},
		{`""`, []string{""}},
		{"", nil},
	}
	for _, tc := range tests {
		got, err := SplitCommand(tc.in)
		if err != nil || !reflect.DeepEqual(got, tc.want) {
			t.Errorf("SplitCommand(%q) = %q, %v; want %q", tc.in, got, err, tc.want)
		}
	}
	for _, bad := range []string{`a "b`, `a 'b`} {
		if _, err := SplitCommand(bad); err == nil {
			t.Errorf("SplitCommand(%q) accepted", bad)
		}
	}
}

func TestParseEngineSpec(t *testing.T) {
	tests := []struct {
		in   string
		want EngineSpec
	}{
		{"./pbrain-kakugo --player greedy", EngineSpec{Command: []string{"./pbrain-kakugo", "--player", "greedy"}}},
		{"name=greedy ./pbrain-kakugo --player greedy",
			EngineSpec{Name: "greedy", Command: []string{"./pbrain-kakugo", "--player", "greedy"}}},
		{`cmd="./pbrain-kakugo --player greedy" name=greedy`,
			EngineSpec{Name: "greedy", Command: []string{"./pbrain-kakugo", "--player", "greedy"}}},
		{`name="my engine" dir=/tmp env=A=1 env=B=2 cmd=./x --fast`,
			EngineSpec{Name: "my engine", Dir: "/tmp", Env: []string{"A=1", "B=2"}, Command: []string{"./x", "--fast"}}},
		{"wine=1 pbrain.exe", EngineSpec{Command: []string{"wine=1", "pbrain.exe"}}},
	}
	for _, tc := range tests {
		got, err := ParseEngineSpec(tc.in)
		if err != nil || !reflect.DeepEqual(got, tc.want) {
			t.Errorf("ParseEngineSpec(%q) = %+v, %v; want %+v", tc.in, got, err, tc.want)
		}
	}
	for _, bad := range []string{"", "name=x", "env=X ./a", `cmd="a`} {
		if _, err := ParseEngineSpec(bad); err == nil {
			t.Errorf("ParseEngineSpec(%q) accepted", bad)
		}
	}
}

func TestParseBoardSize(t *testing.T) {
	for _, tc := range []struct {
		in   string
		w, h int
	}{{"15", 15, 15}, {"20", 20, 20}, {"15x20", 15, 20}, {" 12X9 ", 12, 9}, {"5", 5, 5}, {"32x32", 32, 32}} {
		w, h, err := engine.ParseSize(tc.in)
		if err != nil || w != tc.w || h != tc.h {
			t.Errorf("engine.ParseSize(%q) = %d, %d, %v", tc.in, w, h, err)
		}
	}
	for _, bad := range []string{"", "x", "15x", "4", "33", "15x40", "a"} {
		if _, _, err := engine.ParseSize(bad); err == nil {
			t.Errorf("engine.ParseSize(%q) accepted", bad)
		}
	}
}

func TestLineSplitting(t *testing.T) {
	// LF, CR LF and a lone CR all end lines; the empty token between CR and
	// LF is dropped by the reader, not by the split function.
	data := []byte("OK\r\n7,7\rMESSAGE x\n\nlast")
	var got []string
	for len(data) > 0 {
		adv, tok, _ := splitLines(data, true)
		got = append(got, string(tok))
		data = data[adv:]
	}
	want := []string{"OK", "", "7,7", "MESSAGE x", "", "last"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("tokens %q, want %q", got, want)
	}
	if adv, tok, _ := splitLines([]byte("partial"), false); adv != 0 || tok != nil {
		t.Error("partial line returned before its end")
	}
}

func TestReplyParsing(t *testing.T) {
	for _, tc := range []struct {
		in   string
		x, y int
		ok   bool
	}{{"7,7", 7, 7, true}, {" 10 , 3 ", 10, 3, true}, {"-1,5", -1, 5, true}, {"7 7", 0, 0, false},
		{"7,7,1", 0, 0, false}, {"a,b", 0, 0, false}, {"7,", 0, 0, false}} {
		x, y, ok := parseMove(tc.in)
		if ok != tc.ok || ok && (x != tc.x || y != tc.y) {
			t.Errorf("parseMove(%q) = %d, %d, %v", tc.in, x, y, ok)
		}
	}
	for s, want := range map[string]bool{"7,7": true, "7 7": true, "-3": true, "hello": false, "OK": false, "x,y": true} {
		if looksLikeMove(s) != want {
			t.Errorf("looksLikeMove(%q) != %v", s, want)
		}
	}
}
