package nn

import (
	"errors"
	"testing"
)

// TestFromTensors: a network's own tensors rebuild it exactly; tensors
// that do not fit the architecture are ErrShape.
func TestFromTensors(t *testing.T) {
	n := smallNet(t)
	got, err := FromTensors(n.Arch(), n.Tensors())
	if err != nil {
		t.Fatal(err)
	}
	for i := range n.params {
		if got.params[i] != n.params[i] {
			t.Fatalf("param %d = %v, want %v", i, got.params[i], n.params[i])
		}
	}
	ts := n.Tensors()
	if _, err := FromTensors(n.Arch(), ts[:len(ts)-1]); !errors.Is(err, ErrShape) {
		t.Errorf("a tensor short: %v", err)
	}
	bad := n.Tensors()
	bad[0].Data = bad[0].Data[1:]
	if _, err := FromTensors(n.Arch(), bad); !errors.Is(err, ErrShape) {
		t.Errorf("a value short: %v", err)
	}
	huge := n.Tensors()
	huge[0].Dims = []int{1 << 16, 1 << 16, 1 << 16}
	if _, err := FromTensors(n.Arch(), huge); !errors.Is(err, ErrShape) {
		t.Errorf("huge shape: %v", err)
	}
	a := n.Arch()
	a.Channels = 0
	if _, err := FromTensors(a, n.Tensors()); !errors.Is(err, ErrShape) {
		t.Errorf("bad architecture: %v", err)
	}
}
