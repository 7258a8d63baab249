package nn

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/kakugo/kakugo/engine"
)

// benchArchs are the candidate sizes measured for the accuracy/speed choice.
var benchArchs = []Arch{
	defaultArch,
	{Features: BasicName, Planes: basicPlanes, Channels: 32, Blocks: 4, StemKernel: 3, BlockKernel: 3, HeadKernel: 1},
	{Features: BasicName, Planes: basicPlanes, Channels: 32, Blocks: 6, StemKernel: 3, BlockKernel: 3, HeadKernel: 1},
	{Features: BasicName, Planes: basicPlanes, Channels: 48, Blocks: 5, StemKernel: 3, BlockKernel: 3, HeadKernel: 1},
}

// reportCPU adds the processor time per operation since c0, in
// microseconds: on a shared machine the honest single-core figure.
func reportCPU(b *testing.B, c0 float64) {
	b.ReportMetric((cpuSeconds()-c0)*1e6/float64(b.N), "cpu-µs/op")
}

// benchBoard is a mid-game position with 30 stones.
func benchBoard(b *testing.B, w, h int) *engine.Board {
	return randomGame(b, rand.New(rand.NewPCG(3, 4)), w, h, engine.Freestyle, 30)
}

// BenchmarkForward times the network alone (input planes given) on each
// candidate architecture and kernel set, 15x15 and 20x20.
func BenchmarkForward(b *testing.B) {
	for _, a := range benchArchs {
		net, _ := NewRandom(a, 1)
		for _, ks := range allKernels() {
			if ks.name == "axpy" {
				continue
			}
			for _, sz := range []int{15, 20} {
				b.Run(fmt.Sprintf("c%db%d/%s/%dx%d", a.Channels, a.Blocks, ks.name, sz, sz), func(b *testing.B) {
					ws := newWorkspaceWith(ks)
					planes := make([]float32, a.Planes*sz*sz)
					net.NewFeatures().Fill(benchBoard(b, sz, sz), planes)
					logits := make([]float32, sz*sz)
					c0 := cpuSeconds()
					for b.Loop() {
						net.Forward(ws, planes, sz, sz, logits)
					}
					reportCPU(b, c0)
				})
			}
		}
	}
}

// BenchmarkPolicy times a whole uncached Policy call with the default
// weights' architecture: features, network, legality mask and softmax, in
// float and with the blocks in 8 bits (int8: the player's priors).
func BenchmarkPolicy(b *testing.B) {
	net := defaultOrRandom(b)
	for _, sz := range []int{15, 20} {
		for _, v := range []struct {
			rule engine.Rule
			int8 bool
			name string
		}{{engine.Freestyle, false, "freestyle"}, {engine.Renju, false, "renju"}, {engine.Freestyle, true, "freestyle/int8"}} {
			rule := v.rule
			b.Run(fmt.Sprintf("%dx%d/%s", sz, sz, v.name), func(b *testing.B) {
				e, err := NewEvaluator(net, net.NewFeatures(), EvaluatorOptions{CacheSize: -1, Int8: v.int8})
				if err != nil {
					b.Fatal(err)
				}
				board := randomGame(b, rand.New(rand.NewPCG(3, 4)), sz, sz, rule, 30)
				if board.SideToMove() != engine.Black {
					board.Undo()
				}
				dst := make([]float32, sz*sz)
				c0 := cpuSeconds()
				for b.Loop() {
					e.Policy(board, dst)
				}
				reportCPU(b, c0)
			})
		}
	}
}

// BenchmarkFeatures times each feature set's planes alone.
func BenchmarkFeatures(b *testing.B) {
	for _, sz := range []int{15, 20} {
		for _, f := range []Features{NewBasic(), NewRich(), NewRich2()} {
			b.Run(fmt.Sprintf("%s/%dx%d", f.Name(), sz, sz), func(b *testing.B) {
				benchFill(b, f, benchBoard(b, sz, sz))
			})
		}
		// Renju, where Rich2 looks for black's forbidden points: 60 moves,
		// a denser board than benchBoard's.
		for _, f := range []Features{NewRich(), NewRich2()} {
			b.Run(fmt.Sprintf("%s/renju/%dx%d", f.Name(), sz, sz), func(b *testing.B) {
				benchFill(b, f, randomGame(b, rand.New(rand.NewPCG(3, 4)), sz, sz, engine.Renju, 60))
			})
		}
	}
}

// benchFill times f's planes of board.
func benchFill(b *testing.B, f Features, board *engine.Board) {
	dst := make([]float32, f.NumPlanes()*board.Width()*board.Height())
	for b.Loop() {
		clear(dst)
		f.Fill(board, dst)
	}
}

// BenchmarkTrainStep times one position's forward and backward pass.
func BenchmarkTrainStep(b *testing.B) {
	net := defaultOrRandom(b)
	for _, sz := range []int{15, 20} {
		b.Run(fmt.Sprintf("%dx%d", sz, sz), func(b *testing.B) {
			board := benchBoard(b, sz, sz)
			s := newSampler(net.NewFeatures(), defaultKernels())
			grad := make([]float32, net.NumParams())
			var t engine.Point
			for y := 0; y < sz; y++ {
				for x := 0; x < sz; x++ {
					if board.Legal(board.Pos(x, y)) {
						t = engine.Point{X: x, Y: y}
					}
				}
			}
			c0 := cpuSeconds()
			for b.Loop() {
				s.run(net, board, t, grad, 1)
			}
			reportCPU(b, c0)
		})
	}
}

// BenchmarkLoad times decoding weights of the default architecture.
func BenchmarkLoad(b *testing.B) {
	var buf bytes.Buffer
	if err := defaultOrRandom(b).Save(&buf); err != nil {
		b.Fatal(err)
	}
	data := buf.Bytes()
	for b.Loop() {
		if _, err := LoadBytes(data); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(len(data)), "bytes")
}
