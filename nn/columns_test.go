package nn

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestAddColumns16: the kernel this processor runs gives the plain Go
// loop's sums bit for bit, on random columns and hits (repeats included).
func TestAddColumns16(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	const n = 300
	cols := make([]float32, n*16)
	for i := range cols {
		cols[i] = float32(rng.NormFloat64()) * 0.3
	}
	for trial := range 500 {
		hits := make([]uint16, rng.IntN(200))
		for i := range hits {
			hits[i] = uint16(rng.IntN(n))
		}
		var a, want [16]float32
		for i := range a {
			a[i] = float32(trial) * 0.01
		}
		want = a
		AddColumns16(&a, cols, hits)
		addColumns16Go(&want, cols, hits)
		if a != want {
			t.Fatalf("trial %d: %v, want %v", trial, a, want)
		}
	}
}

// TestAddColumns16Bounds: a hit past the columns panics before any read.
func TestAddColumns16Bounds(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("a column past the end did not panic")
		}
	}()
	var a [16]float32
	AddColumns16(&a, make([]float32, 32), []uint16{0, 2})
}

// TestAddScaledColumns16: the kernel this processor runs gives the plain
// Go loop's sums bit for bit, zeros (both signs), counts, fractions and a
// NaN among the inputs.
func TestAddScaledColumns16(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for trial := range 500 {
		n := 1 + rng.IntN(120)
		cols := make([]float32, n*16)
		for i := range cols {
			cols[i] = float32(rng.NormFloat64()) * 0.3
		}
		x := make([]float32, n)
		for i := range x {
			switch rng.IntN(4) {
			case 0:
				x[i] = 0
			case 1:
				x[i] = float32(math.Copysign(0, -1))
			case 2:
				x[i] = float32(rng.IntN(9))
			default:
				x[i] = float32(rng.NormFloat64())
			}
		}
		if trial == 7 {
			x[0] = float32(math.NaN())
		}
		var a, want [16]float32
		for i := range a {
			a[i] = float32(rng.NormFloat64())
		}
		want = a
		AddScaledColumns16(&a, cols, x)
		addScaledColumns16Go(&want, cols, x)
		for j := range a {
			if math.Float32bits(a[j]) != math.Float32bits(want[j]) && !(a[j] != a[j] && want[j] != want[j]) {
				t.Fatalf("trial %d unit %d: %v, want %v", trial, j, a[j], want[j])
			}
		}
	}
}
