package value

import (
	"bytes"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"math"
	"testing"

	"github.com/kakugo/kakugo/engine"
)

func encode(t testing.TB, m *Model) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := Write(&buf, m); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// TestRoundTrip: what Write writes Read reads back, weight for weight,
// for both feature sets and any subset of the rules.
func TestRoundTrip(t *testing.T) {
	for _, set := range []FeatureSet{Counts, Combos, Patterns} {
		m := NewModel(set)
		w := make([]float32, set.Len())
		for i := range w {
			w[i] = float32(i)*0.25 - 3
		}
		m.SetWeights(Key{engine.Renju, 15}, w)
		w[0] = math.SmallestNonzeroFloat32
		m.SetWeights(Key{engine.Freestyle, 20}, w)
		w[1] = -w[1]
		m.SetWeights(Key{engine.Freestyle, 15}, w)
		got, err := Read(bytes.NewReader(encode(t, m)))
		if err != nil {
			t.Fatalf("%v: %v", set, err)
		}
		if got.Set() != set {
			t.Errorf("set %v, want %v", got.Set(), set)
		}
		if len(got.Keys()) != 3 {
			t.Errorf("keys %v, want 3", got.Keys())
		}
		for _, k := range m.Keys() {
			a, b := m.Weights(k), got.Weights(k)
			if len(a) != len(b) {
				t.Fatalf("%v %v: weights %v, want %v", set, k, b, a)
			}
			for i := range a {
				if math.Float32bits(a[i]) != math.Float32bits(b[i]) {
					t.Fatalf("%v %v weight %d: %v, want %v", set, k, i, b[i], a[i])
				}
			}
		}
	}
}

// TestDefaultLoads: the embedded weights load and have weights for the
// three rules of the Gomocup archive on 15x15 and for freestyle on 20x20.
func TestDefaultLoads(t *testing.T) {
	m, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range []Key{{engine.Freestyle, 15}, {engine.Freestyle, 20}, {engine.Exact, 15}, {engine.Renju, 15}} {
		if m.Weights(k) == nil {
			t.Errorf("no weights for %v", k)
		}
	}
	if _, err := Load("/nonexistent/value.kvw"); err == nil {
		t.Error("a missing file loaded")
	}
}

// reseal rewrites the checksum of a file edited in place.
func reseal(data []byte) []byte {
	n := len(data) - 4
	binary.LittleEndian.PutUint32(data[n:], crc32.Checksum(data[:n], castagnoli))
	return data
}

// TestReadErrors: each kind of bad file is refused with its error.
func TestReadErrors(t *testing.T) {
	good := encode(t, testModel(Combos))
	edit := func(f func(d []byte) []byte) []byte { return f(bytes.Clone(good)) }
	nanAt := len(magic) + 4 + 2 + 2 + 1 + 2 // the first weight
	for _, tc := range []struct {
		name string
		data []byte
		want error
	}{
		{"empty", nil, ErrTruncated},
		{"magic prefix", []byte("KKGO"), ErrTruncated},
		{"policy weights", []byte("KKGONN\r\n\x01\x00\x00\x00"), ErrBadMagic},
		{"text", []byte("hello, world, this is not a weight file"), ErrBadMagic},
		{"version", edit(func(d []byte) []byte { d[len(magic)] = 3; return reseal(d) }), ErrVersion},
		{"feature set", edit(func(d []byte) []byte { d[len(magic)+4] = 7; return reseal(d) }), ErrFormat},
		{"feature count", edit(func(d []byte) []byte { d[len(magic)+6]++; return reseal(d) }), ErrFormat},
		{"rule", edit(func(d []byte) []byte { d[len(magic)+9] = 9; return reseal(d) }), ErrFormat},
		{"size", edit(func(d []byte) []byte { d[len(magic)+10] = 33; return reseal(d) }), ErrFormat},
		{"order", edit(func(d []byte) []byte { d[len(magic)+10] = 32; return reseal(d) }), ErrFormat},
		{"not finite", edit(func(d []byte) []byte {
			binary.LittleEndian.PutUint32(d[nanAt:], math.Float32bits(float32(math.NaN())))
			return reseal(d)
		}), ErrFormat},
		{"flipped weight bit", edit(func(d []byte) []byte { d[nanAt+1] ^= 4; return d }), ErrChecksum},
		{"trailing bytes", append(bytes.Clone(good), 0), ErrFormat},
		{"too large", make([]byte, maxFileBytes+1), ErrFormat},
	} {
		_, err := Read(bytes.NewReader(tc.data))
		if !errors.Is(err, tc.want) {
			t.Errorf("%s: error %v, want %v", tc.name, err, tc.want)
		}
	}
	// Every proper prefix of a good file is truncated.
	for n := range len(good) {
		if _, err := Read(bytes.NewReader(good[:n])); !errors.Is(err, ErrTruncated) {
			t.Fatalf("prefix of %d bytes: error %v, want ErrTruncated", n, err)
		}
	}
}

// FuzzRead: the loader never panics, and what it accepts writes back to
// the same bytes.
func FuzzRead(f *testing.F) {
	f.Add(encode(f, testModel(Combos)))
	f.Add(encode(f, testModel(Counts)))
	f.Add(encode(f, NewModel(Counts)))
	f.Add(encode(f, testNet(Combos, 2)))
	f.Add([]byte(magic))
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := Read(bytes.NewReader(data))
		if err != nil {
			return
		}
		if again := encode(t, m); !bytes.Equal(again, data) {
			t.Fatalf("accepted %x, rewritten as %x", data, again)
		}
	})
}

// testNet is a model of set with hidden units and parameters
// 0.01·(i%7-3) for every rule.
func testNet(set FeatureSet, hidden int) *Model {
	m := NewNetModel(set, hidden)
	w := make([]float32, m.ParamLen())
	for i := range w {
		w[i] = 0.01 * float32(i%7-3)
	}
	for _, r := range engine.Rules {
		m.SetWeights(Key{r, 15}, w)
	}
	return m
}

// TestNetRoundTrip: a model with a hidden layer is written as version 2
// and read back parameter for parameter; a logistic model stays version 1.
func TestNetRoundTrip(t *testing.T) {
	m := testNet(Patterns, 5)
	data := encode(t, m)
	if v := binary.LittleEndian.Uint32(data[len(magic):]); v != versionNet {
		t.Errorf("version %d, want %d", v, versionNet)
	}
	got, err := Read(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	if got.Hidden() != 5 || got.Set() != Patterns {
		t.Fatalf("hidden %d set %v", got.Hidden(), got.Set())
	}
	for _, k := range m.Keys() {
		a, b := m.Weights(k), got.Weights(k)
		if len(a) != len(b) || len(a) != Patterns.Len()+Patterns.Len()*5+10 {
			t.Fatalf("%v: %d parameters, want %d", k, len(b), len(a))
		}
		for i := range a {
			if a[i] != b[i] {
				t.Fatalf("%v parameter %d: %v, want %v", k, i, b[i], a[i])
			}
		}
	}
	if v := binary.LittleEndian.Uint32(encode(t, testModel(Combos))[len(magic):]); v != version {
		t.Errorf("a logistic model written as version %d", v)
	}
	// Hidden units out of range are refused.
	for _, h := range []uint16{0, MaxHidden + 1} {
		bad := bytes.Clone(data)
		binary.LittleEndian.PutUint16(bad[len(magic)+8:], h)
		if _, err := Read(bytes.NewReader(reseal(bad))); !errors.Is(err, ErrFormat) {
			t.Errorf("%d hidden units: error %v, want ErrFormat", h, err)
		}
	}
}

// TestEmbedded: the embedded models load: the default with its hidden
// layer and the Codes set, the previous one with its hidden layer and the
// Patterns set, the one before logistic over Combos; an unknown name is
// an error.
func TestEmbedded(t *testing.T) {
	for name, set := range map[string]FeatureSet{"": Codes, "default": Codes, "patterns": Patterns, "combos": Combos} {
		m, err := Embedded(name)
		if err != nil {
			t.Fatalf("%q: %v", name, err)
		}
		if m.Set() != set || (name != "combos") != (m.Hidden() > 0) {
			t.Errorf("%q: set %v, %d hidden units", name, m.Set(), m.Hidden())
		}
		for _, k := range []Key{{engine.Freestyle, 15}, {engine.Freestyle, 20}, {engine.Renju, 15}} {
			if m.Weights(k) == nil {
				t.Errorf("%q: no weights for %v", name, k)
			}
		}
	}
	if _, err := Embedded("nnue"); err == nil {
		t.Error("an unknown embedded model loaded")
	}
}
