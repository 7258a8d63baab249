package nn

import (
	"bytes"
	"encoding/binary"
	"errors"
	"testing"
)

func smallNet(t testing.TB) *Net {
	t.Helper()
	n, err := NewRandom(Arch{Features: BasicName, Planes: basicPlanes, Channels: 4, Blocks: 1,
		StemKernel: 3, BlockKernel: 3, HeadKernel: 1}, 9)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

func encoded(t testing.TB, n *Net) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := n.Save(&buf); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func TestSaveLoadRoundTrip(t *testing.T) {
	n := smallNet(t)
	got, err := LoadBytes(encoded(t, n))
	if err != nil {
		t.Fatal(err)
	}
	if got.Arch() != n.Arch() {
		t.Fatalf("arch %v, want %v", got.Arch(), n.Arch())
	}
	for i := range n.params {
		if got.params[i] != n.params[i] {
			t.Fatalf("param %d = %v, want %v", i, got.params[i], n.params[i])
		}
	}
}

// corrupt re-packs a payload with a valid checksum, for errors that only the
// shape checks can catch.
func repack(t *testing.T, payload []byte) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := writeContainer(&buf, weightsMagic, payload); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func TestLoadErrors(t *testing.T) {
	n := smallNet(t)
	good := encoded(t, n)
	payload := n.encodePayload(nil)
	flip := func(i int) []byte {
		b := bytes.Clone(good)
		b[i] ^= 0x40
		return b
	}
	badVersion := bytes.Clone(good)
	binary.LittleEndian.PutUint32(badVersion[8:], 99)
	// The channel count is the second arch field, after the name.
	nameEnd := 2 + len(BasicName)
	wrongShape := bytes.Clone(payload)
	binary.LittleEndian.PutUint32(wrongShape[nameEnd+4:], 5)
	hugeArch := bytes.Clone(payload)
	binary.LittleEndian.PutUint32(hugeArch[nameEnd+4:], 1<<30)
	cases := []struct {
		name string
		data []byte
		want error
	}{
		{"empty", nil, ErrTruncated},
		{"magic prefix only", good[:5], ErrTruncated},
		{"no version", good[:10], ErrTruncated},
		{"wrong magic", append([]byte("PNG\r\n\x1a\n\x00"), good[8:]...), ErrBadMagic},
		{"checkpoint is not weights", append(checkpointMagic[:], good[8:]...), ErrBadMagic},
		{"wrong version", badVersion, ErrVersion},
		{"cut in the frame", good[:len(good)/2], nil},
		{"last byte cut", good[:len(good)-1], nil},
		{"flipped frame byte", flip(len(good) - 3), nil},
		{"flipped payload byte", flip(len(good) / 2), nil},
		{"channels changed, checksum fixed", repack(t, wrongShape), ErrShape},
		{"absurd channels", repack(t, hugeArch), ErrShape},
		{"trailing payload", repack(t, append(bytes.Clone(payload), 1, 2, 3)), ErrShape},
		{"payload cut, checksum fixed", repack(t, payload[:len(payload)-7]), ErrTruncated},
	}
	for _, c := range cases {
		_, err := LoadBytes(c.data)
		if err == nil {
			t.Errorf("%s: loaded without error", c.name)
			continue
		}
		if c.want != nil && !errors.Is(err, c.want) {
			t.Errorf("%s: error %v, want %v", c.name, err, c.want)
		}
	}
}

func TestCheckpointRoundTrip(t *testing.T) {
	n := smallNet(t)
	opt := NewAdam(n)
	g := make([]float32, n.NumParams())
	for i := range g {
		g[i] = float32(i%7) - 3
	}
	opt.Update(n, g)
	opt.Update(n, g)
	var buf bytes.Buffer
	if err := SaveCheckpoint(&buf, n, opt); err != nil {
		t.Fatal(err)
	}
	n2, opt2, err := LoadCheckpoint(bytes.NewReader(buf.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	if opt2.Step != 2 {
		t.Fatalf("step %d, want 2", opt2.Step)
	}
	// One more identical update on both must give identical weights.
	opt.Update(n, g)
	opt2.Update(n2, g)
	for i := range n.params {
		if n.params[i] != n2.params[i] {
			t.Fatalf("after resume, param %d differs: %v vs %v", i, n.params[i], n2.params[i])
		}
	}
	if _, err := LoadBytes(buf.Bytes()); !errors.Is(err, ErrBadMagic) {
		t.Fatalf("a checkpoint loaded as weights: %v", err)
	}
}

// FuzzLoad feeds the loader valid files and corruptions of them: it must
// return a network or an error, never panic, and whatever it accepts must
// run.
func FuzzLoad(f *testing.F) {
	n := smallNet(f)
	good := encoded(f, n)
	f.Add(good)
	f.Add(good[:len(good)/2])
	f.Add(good[:12])
	f.Add([]byte{})
	f.Add(append(bytes.Clone(good), 0))
	b := bytes.Clone(good)
	b[20] ^= 1
	f.Add(b)
	var cb bytes.Buffer
	SaveCheckpoint(&cb, n, NewAdam(n))
	f.Add(cb.Bytes())
	f.Fuzz(func(t *testing.T, data []byte) {
		net, err := LoadBytes(data)
		if err != nil {
			return
		}
		if err := net.Arch().Validate(); err != nil {
			t.Fatalf("loaded an invalid architecture: %v", err)
		}
		planes := make([]float32, net.Arch().Planes*5*5)
		logits := make([]float32, 25)
		if err := net.Forward(NewWorkspace(), planes, 5, 5, logits); err != nil {
			t.Fatal(err)
		}
	})
}
