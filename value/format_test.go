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
