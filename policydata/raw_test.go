package policydata

import (
	"bytes"
	"encoding/binary"
	"errors"
	"math"
	"testing"

	"github.com/kakugo/kakugo/nn"
)

// TestRawRoundTrip: raw -> network -> weight format -> nn.Load gives the
// same tensors bit for bit, and the note survives.
func TestRawRoundTrip(t *testing.T) {
	net := smallNet(t)
	var raw bytes.Buffer
	if err := WriteRaw(&raw, net, "a note"); err != nil {
		t.Fatal(err)
	}
	got, note, err := ReadRaw(bytes.NewReader(raw.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	if note != "a note" || got.Arch() != net.Arch() {
		t.Fatalf("note %q arch %v, want %q %v", note, got.Arch(), "a note", net.Arch())
	}
	var kkw bytes.Buffer
	if err := got.Save(&kkw); err != nil {
		t.Fatal(err)
	}
	back, err := nn.Load(&kkw)
	if err != nil {
		t.Fatal(err)
	}
	want, have := net.Tensors(), back.Tensors()
	if len(want) != len(have) {
		t.Fatalf("%d tensors, want %d", len(have), len(want))
	}
	for i := range want {
		if want[i].Name != have[i].Name || len(want[i].Data) != len(have[i].Data) {
			t.Fatalf("tensor %d: %s (%d), want %s (%d)", i, have[i].Name, len(have[i].Data), want[i].Name, len(want[i].Data))
		}
		for j, v := range want[i].Data {
			if math.Float32bits(v) != math.Float32bits(have[i].Data[j]) {
				t.Fatalf("%s[%d] = %v, want %v", want[i].Name, j, have[i].Data[j], v)
			}
		}
	}
}

// TestRawRejects: a damaged raw file is an error, never a panic: ErrRaw for
// the container, nn.ErrShape for tensors that do not fit the architecture.
func TestRawRejects(t *testing.T) {
	var raw bytes.Buffer
	if err := WriteRaw(&raw, smallNet(t), ""); err != nil {
		t.Fatal(err)
	}
	good := raw.Bytes()
	n := int(binary.LittleEndian.Uint32(good[8:]))
	nan := bytes.Clone(good)
	binary.LittleEndian.PutUint32(nan[12+n:], math.Float32bits(float32(math.NaN())))
	renamed := bytes.Replace(good, []byte(`"stem.w"`), []byte(`"stem.x"`), 1)
	reshaped := bytes.Replace(good, []byte(`"shape":[4]`), []byte(`"shape":[2]`), 1)
	for _, c := range []struct {
		name string
		data []byte
		want error
	}{
		{"empty", nil, ErrRaw},
		{"magic", append([]byte("KKGORAX\n"), good[8:]...), ErrRaw},
		{"manifest length", append(append(bytes.Clone(good[:8]), 0xff, 0xff, 0xff, 0x7f), good[12:]...), ErrRaw},
		{"truncated", good[:len(good)-4], ErrRaw},
		{"trailing", append(bytes.Clone(good), 0, 0, 0, 0), ErrRaw},
		{"NaN", nan, nn.ErrShape},
		{"name", renamed, nn.ErrShape},
		{"shape", reshaped, ErrRaw}, // the data no longer end where the tensors do
	} {
		if _, _, err := ReadRaw(bytes.NewReader(c.data)); !errors.Is(err, c.want) {
			t.Errorf("%s: %v, want %v", c.name, err, c.want)
		}
	}
}

// FuzzReadRaw: the raw reader never panics, and a network it accepts
// saves and loads back.
func FuzzReadRaw(f *testing.F) {
	var raw bytes.Buffer
	net, err := nn.NewRandom(nn.Arch{Features: nn.BasicName, Planes: nn.NewBasic().NumPlanes(), Channels: 1, Blocks: 0,
		StemKernel: 1, BlockKernel: 1, HeadKernel: 1}, 1)
	if err != nil {
		f.Fatal(err)
	}
	if err := WriteRaw(&raw, net, "seed"); err != nil {
		f.Fatal(err)
	}
	f.Add(raw.Bytes())
	f.Fuzz(func(t *testing.T, data []byte) {
		net, _, err := ReadRaw(bytes.NewReader(data))
		if err != nil {
			return
		}
		var buf bytes.Buffer
		if err := net.Save(&buf); err != nil {
			t.Fatal(err)
		}
		if _, err := nn.Load(&buf); err != nil {
			t.Fatalf("accepted raw weights do not load back: %v", err)
		}
	})
}
